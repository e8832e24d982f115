"""The data a reader's notes follow their provision by (issue 44), ``notes/where.json``: every
provision of every text, and where it is in each other text by the provisions' toolbars' rule
(the concordance across editions, the deviations within one); where nothing corresponds, the
law the language menu opens; the export file's schema.  In the browser: test_notes_browser.py.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render import hubs, notes
from bridgelaws.stage4_render.page import Page, h, t
from bridgelaws.stage4_render.provisions import counterpart_links, counterpart_refs, other_texts
from bridgelaws.stage4_render.switcher import law_texts
from conftest import ROOT

SCHEMA = json.loads((ROOT / "docs" / "notes.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def concordance(corpus: Corpus) -> Concordance:
    return pipeline.load_concordance(ROOT / "content", corpus)


@pytest.fixture(scope="module")
def where(corpus: Corpus, concordance: Concordance) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(notes.where_json(corpus, concordance))
    return data


def test_every_provision_of_every_text_can_carry_a_note(corpus: Corpus, where: dict[str, Any]) -> None:
    assert set(where["docs"]) == set(where["at"]) == {entry.meta.id for entry in corpus.entries}
    for entry in corpus.entries:
        owners = [*entry.document.laws, *entry.document.points]
        assert set(where["at"][entry.meta.id]) == {str(owner.number) for owner in owners}
        for owner in owners:
            printed = {refs.anchor(ref) for ref in [owner.ref, *(node.ref for node in owner.provisions())]}
            assert set(where["at"][entry.meta.id][str(owner.number)]) == printed, (entry.meta.id, owner.number)
        assert where["docs"][entry.meta.id]["law"].replace("{n}", "7") == urls.law(entry.meta, 7)


def test_a_note_shows_where_the_provisions_toolbar_links_or_on_the_law_the_menu_opens(
    corpus: Corpus, concordance: Concordance, where: dict[str, Any]
) -> None:
    """Each provision's places in each other text are its toolbar's links there (every one a
    provision printed there); none: the law the language menu and edition switch open for it,
    listed on that law's page.  A text lacking the law altogether is left out."""
    kinds: set[str] = set()
    for entry in corpus.entries:
        for law in entry.document.laws:
            page = Page(url=urls.law(entry.meta, law.number), lang=entry.meta.lang, title="", body=[])
            for other in other_texts(corpus, entry):
                whole = counterpart_links(concordance, page, law, entry, other)[refs.anchor(law.ref)]
                for node in law.provisions():
                    place = where["at"][entry.meta.id][str(law.number)][refs.anchor(node.ref)].get(other.meta.id)
                    toolbar = [refs.anchor(ref) for ref in counterpart_refs(concordance, entry, node.ref, other)]
                    where_ = (entry.meta.id, node.ref, other.meta.id)
                    if isinstance(place, int):
                        kinds.add("none")
                        assert toolbar == [], where_
                        assert whole.split("#")[0] == page.link(urls.law(other.meta, place)), where_
                        continue
                    if place is None:
                        assert not toolbar and other.document.law(law.number) is None, where_
                        continue
                    anchors = place if isinstance(place, list) else place.get("split") or place.get("merged")
                    kinds.add(next(iter(place)) if isinstance(place, dict) else "one")
                    assert anchors == toolbar, where_
                    for anchor in anchors:
                        assert anchor in where["at"][other.meta.id][str(refs.law_of(anchor))], where_
    assert kinds == {"one", "split", "merged", "none"}  # the data has every kind the pages show


def test_a_shared_place_is_said_where_a_row_on_the_way_splits_or_merges(
    corpus: Corpus, concordance: Concordance, where: dict[str, Any]
) -> None:
    """``merged``: one place, reached through a row that merges provisions (read forward) or splits
    one (read backward), so the place is shared with other provisions; ``split``: several places."""
    entries = {entry.meta.id: entry for entry in corpus.entries}
    shared = 0
    for doc, laws in where["at"].items():
        for provisions in laws.values():
            for anchor, others in provisions.items():
                for other, place in others.items():
                    if isinstance(place, dict) and "split" in place:
                        assert len(place["split"]) > 1
                    if isinstance(place, dict) and "merged" in place:
                        shared += 1
                        assert len(place["merged"]) == 1
                        first, second = entries[doc].meta, entries[other].meta
                        rows = concordance.between(doc, first.edition, anchor, other, second.edition) or []
                        relations = {row.relation for c in rows for row in c.rows}
                        assert relations & {Relation.MERGED, Relation.SPLIT}, (doc, anchor, other)
    assert shared


def test_my_notes_reads_each_law_in_the_text_the_language_menu_opens(corpus: Corpus, where: dict[str, Any]) -> None:
    for entry in corpus.entries:
        for law in entry.document.laws:
            menu = {lang: text.meta.id for lang, text in law_texts(corpus, law.number, entry).items() if text}
            assert where["reads"][entry.meta.id][str(law.number)] == menu


def test_the_export_files_schema_is_the_builds(where: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    item = SCHEMA["$defs"]["item"]["properties"]
    assert item["note"]["maxLength"] == where["max"] == notes.NOTE_LENGTH
    assert SCHEMA["properties"]["format"]["const"] == where["format"]
    assert SCHEMA["properties"]["version"]["const"] == where["version"]
    validator = jsonschema.Draft202012Validator(SCHEMA)
    doc, laws = next(iter(sorted(where["at"].items())))
    law, provisions = next(iter(laws.items()))
    good = {"doc": doc, "law": int(law), "ref": next(iter(provisions)), "star": True}
    assert validator.is_valid({"format": where["format"], "version": where["version"], "items": [good]})
    for bad in ({**good, "star": False}, {**good, "note": "x" * (where["max"] + 1)}, {"doc": doc}):
        assert not validator.is_valid({"format": where["format"], "version": where["version"], "items": [bad]}), bad


def test_my_notes_pages_are_the_sites_own_addresses() -> None:
    reserved = dict(urls.site_pages())
    assert all(reserved.get(urls.notes(lang)) is True for lang in ("en", "fi", "sv", "tr", "pl"))


def test_every_home_page_links_my_notes_with_its_other_interface_pages(corpus: Corpus) -> None:
    """My notes sits in the home pages' line of interface pages, in each home's language."""
    for lang in facts.INTERFACE_LANGUAGES:
        page = hubs.home_page(corpus, lang)
        body = "\n".join(page.body)
        for url, key in (
            (urls.laws_index(lang), "laws_index_title"),
            (urls.terms(lang), "terms_title"),
            (urls.notes(lang), "notes_mine"),
        ):
            assert f'<a href="{page.link(url)}">{h(t(lang, key))}</a>' in body, (lang, key)
