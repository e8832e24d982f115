"""The translators' formats, read back by translate-toolkit (the library Weblate and Pootle use).

``api/tmx/<id>_<id>.tmx`` (TMX 1.4b): the units of corresponding provisions are found for each
kind of correspondence, sampled from the model and the concordance (never a fixed list): texts
of one edition by number (a text's own deviation undone), texts of different editions through
a concordance row of the provision itself; and absent where the texts do not correspond one to
one (a provision only one text has, a split or merge, a number two editions share but the
concordance does not pair).  ``api/terms.tbx`` (TBX-Basic): each concept with its terms per
language, its definitions, its governing law and how sure each term is.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from translate.storage import tbx, tmx

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.core.model import Law, Provision
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render.page import t
from bridgelaws.termbase import PREFIX, TermBase
from conftest import ROOT
from test_export import build

SAMPLED = 8  # provisions or concepts drawn per kind


@pytest.fixture(scope="module")
def files(corpus: Corpus) -> dict[str, str]:
    return build(corpus)


@pytest.fixture(scope="module")
def concordance() -> Concordance:
    return pipeline.load_concordance(ROOT / "content")


@pytest.fixture(scope="module")
def term_base() -> TermBase:
    return pipeline.load_terms(ROOT / "content")


@dataclass(frozen=True)
class Read:
    """A unit as translate-toolkit reads it: each side's document, provision and text."""

    part: str
    relation: str
    sides: tuple[tuple[str, str, str], ...]  # (document, provision, text) per tuv


def _props(element: Any) -> dict[str, str]:
    return {prop.get("type"): prop.text for prop in element.findall("prop")}


def read_memory(files: dict[str, str], first: str, second: str) -> list[Read]:
    store = tmx.tmxfile.parsestring(files[urls.translation_memory(first, second)].encode("utf-8"))
    found = []
    for unit in store.units:
        own = _props(unit.xmlelement)
        tuvs = unit.getlanguageNodes()
        sides = tuple((_props(tuv)["x-document"], _props(tuv)["x-provision"], unit.getNodeText(tuv)) for tuv in tuvs)
        assert sides[0][2] == unit.source and sides[1][2] == unit.target
        found.append(Read(own["x-part"], own["x-relation"], sides))
    return found


def pairs_of(read: list[Read]) -> set[tuple[str, str]]:
    return {(unit.sides[0][1], unit.sides[1][1]) for unit in read}


def entry(corpus: Corpus, doc_id: str) -> Entry:
    found = corpus.by_id(doc_id)
    assert found is not None
    return found


def printed(item: Entry) -> dict[str, Law | Provision]:
    """Every law and provision the text prints, by its own number."""
    found: dict[str, Law | Provision] = {}
    for law in item.document.laws:
        found[law.ref] = law
        found |= {node.ref: node for node in law.provisions()}
    return found


def own_text(node: Law | Provision) -> str:
    return " ".join(p.text for p in node.paragraphs).strip()


def test_every_memory_the_index_lists_is_read_whole(files: dict[str, str]) -> None:
    index = json.loads(files[urls.export()])
    memories = index["formats"]["tmx"]
    assert {tuple(m["documents"]) for m in memories} >= {("fi-2007", "sv-2007"), ("fi-1997", "fi-2007")}
    for memory in memories:
        read = read_memory(files, *memory["documents"])
        assert len(read) == memory["units"] > 0
        assert {side[0] for unit in read for side in unit.sides} == set(memory["documents"])
        assert all(side[2] for unit in read for side in unit.sides), "an empty segment"


# -- corresponding provisions, by kind ------------------------------------------------------------

Expect = tuple[str, str, str, str, bool]  # (first text, second text, first ref, second ref, paired?)


def same_edition(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """fi-2007 and sv-2007 share their edition's numbering: a provision both print (the Swedish
    number mapped to the edition's) with text in both is a unit."""
    fi, sv = printed(entry(corpus, "fi-2007")), printed(entry(corpus, "sv-2007"))
    found = []
    for ref, node in sv.items():
        edition_ref = concordance.to_edition("sv-2007", ref)
        if edition_ref == ref and ref in fi and own_text(node) and own_text(fi[ref]):
            found.append(("fi-2007", "sv-2007", ref, ref, True))
    return found


def deviations(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A text's own number is undone: sv-2007 12C1c is the edition's 12C1e, paired with fi 12C1e,
    and fi 12C1c is not paired with sv 12C1c by their shared number."""
    found = []
    for deviation in concordance.deviations:
        if deviation.doc != "sv-2007":
            continue
        found.append(("fi-2007", "sv-2007", deviation.edition, deviation.text, True))
        found.append(("fi-2007", "sv-2007", deviation.text, deviation.text, False))
    return found


def _printed_in(corpus: Corpus, doc_id: str) -> dict[str, Law | Provision]:
    return printed(entry(corpus, doc_id))


def across_editions(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A concordance row that pairs one 1997 provision with one 2007 provision, both printed
    with text in the two Finnish texts, is a unit."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    found = []
    for pair in concordance.pairs:
        if pair.editions != ("1997", "2007") or pair.relation not in (Relation.SAME, Relation.RENUMBERED):
            continue
        if pair.old in old and pair.new in new and own_text(old[pair.old]) and own_text(new[pair.new]):
            forward = concordance.corresponding(pair.old, "1997", "2007") or []
            back = concordance.corresponding(pair.new, "2007", "1997") or []
            if [c.ref for c in forward] == [pair.new] and [c.ref for c in back] == [pair.old]:
                found.append(("fi-1997", "fi-2007", pair.old, pair.new, True))
    return found


def not_one_to_one(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A split or merge pairs a provision with part of another: no unit."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    return [
        ("fi-1997", "fi-2007", pair.old, pair.new, False)
        for pair in concordance.pairs
        if pair.editions == ("1997", "2007")
        and pair.relation in (Relation.SPLIT, Relation.MERGED)
        and pair.old in old
        and pair.new in new
    ]


def only_one_text(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A provision of fi-2007 in a law the Swedish text does not hold: in no unit."""
    sv_laws = {law.number for law in entry(corpus, "sv-2007").document.laws}
    return [
        ("fi-2007", "sv-2007", ref, "*", False)
        for ref, node in _printed_in(corpus, "fi-2007").items()
        if refs.law_of(ref) not in sv_laws
    ]


def shared_number(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A number both Finnish editions print that the concordance pairs with another number: the
    two provisions of that number are not a unit (between editions only the concordance pairs)."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    found = []
    for ref in sorted(set(old) & set(new)):
        there = concordance.corresponding(ref, "1997", "2007")
        if there and ref not in {c.ref for c in there}:
            found.append(("fi-1997", "fi-2007", ref, ref, False))
    return found


KINDS: dict[str, Callable[[Corpus, Concordance], list[Expect]]] = {
    "same edition, same number": same_edition,
    "same edition, a text's own numbering": deviations,
    "across editions through the concordance": across_editions,
    "across editions, split or merged": not_one_to_one,
    "a provision only one text has": only_one_text,
    "a number two editions share, paired elsewhere": shared_number,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_corresponding_provisions_are_units_and_others_are_not(
    files: dict[str, str], corpus: Corpus, concordance: Concordance, kind: str
) -> None:
    cases = KINDS[kind](corpus, concordance)
    assert cases, f"no case of {kind}"
    for first, second, mine, theirs, paired in random.Random(kind).sample(cases, min(SAMPLED, len(cases))):
        read = read_memory(files, first, second)
        pairs = pairs_of(read)
        if theirs == "*":
            assert mine not in {a for a, _ in pairs}, (kind, mine)
        elif paired:
            assert (mine, theirs) in pairs, (kind, mine, theirs)
            text = next(u for u in read if (u.sides[0][1], u.sides[1][1]) == (mine, theirs) and u.part == "text")
            assert text.sides[0][2] == own_text(printed(entry(corpus, first))[mine])
            assert text.sides[1][2] == own_text(printed(entry(corpus, second))[theirs])
        else:
            assert (mine, theirs) not in pairs, (kind, mine, theirs)


def test_cross_edition_units_say_the_concordance_relation(files: dict[str, str]) -> None:
    relations = {unit.relation for unit in read_memory(files, "fi-1997", "fi-2007")}
    assert relations <= {"same", "renumbered", "moved", "reworded"} and "renumbered" in relations
    assert {unit.relation for unit in read_memory(files, "fi-2007", "sv-2007")} == {"same edition"}


# -- the term base ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def term_store(files: dict[str, str]) -> tbx.tbxfile:
    return tbx.tbxfile.parsestring(files[urls.term_base_tbx()].encode("utf-8"))


def test_the_term_base_holds_every_concept_in_order(term_store: tbx.tbxfile, term_base: TermBase) -> None:
    assert [unit.getid() for unit in term_store.units] == [concept.id for concept in term_base.concepts]


@pytest.mark.parametrize("lang", ["en", "fi", "sv", "tr", "pl"])
def test_each_concept_has_its_terms_and_how_sure_each_is(
    term_store: tbx.tbxfile, term_base: TermBase, lang: str
) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    concepts = [concept for concept in term_base.concepts if concept.terms_in(lang)]
    for concept in random.Random(lang).sample(concepts, SAMPLED):
        rows = [term for term in concept.terms_in(lang) if any(not f.endswith(PREFIX) for f in term.forms)]
        read = units[concept.id].get_target_terms(lang)
        assert [term.text for term in read] == [next(f for f in r.forms if not f.endswith(PREFIX)) for r in rows]
        for row, term in zip(rows, read, strict=True):
            notes = {note.text for note in term.notes}
            sure = "checked against the text" if row.seeded else "curated"
            assert any(note.startswith(sure) for note in notes), (concept.id, term.text, notes)


def test_definitions_and_governing_laws_are_carried(
    term_store: tbx.tbxfile, term_base: TermBase, corpus: Corpus
) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    defined = [c for c in term_base.concepts if any(place.term for place in c.defined)]
    assert defined
    for concept in random.Random("defined").sample(defined, SAMPLED):
        for place in concept.defined:
            if place.term is None:
                continue
            document = entry(corpus, place.doc)
            definition = next(d for d in document.document.definitions if d.term == place.term)
            text = " ".join(p.text for p in definition.paragraphs)
            terms = units[concept.id].get_target_terms(document.meta.lang)
            assert terms, (concept.id, place)
            assert text in {note.text for note in terms[0].notes}, (concept.id, place)
    for concept in random.Random("laws").sample(term_base.concepts, SAMPLED):
        governing = concept.governing()
        if governing:
            notes = [note.text for note in units[concept.id].get_common_notes()]
            assert any(f"{refs.display(governing)} (governing)" in note for note in notes), (concept.id, notes)


def test_a_language_without_a_term_says_why(term_store: tbx.tbxfile, term_base: TermBase) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    missing = [(c, m) for c in term_base.concepts for m in c.missing if not c.terms_in(m.lang)]
    assert missing
    for concept, reason in random.Random("missing").sample(missing, min(SAMPLED, len(missing))):
        notes = [note.text for note in units[concept.id].get_common_notes()]
        assert f"no {reason.lang} term: {reason.reason}" in notes, (concept.id, notes)
        assert not units[concept.id].get_target_terms(reason.lang)


# -- where the pages link them ------------------------------------------------------------------

DOCS = ROOT / "content" / "docs"
LINK = re.compile(r'<p class="formats">(.*?)</p>')


def _linked(markdown: str) -> set[str]:
    """The export files a page's formats line links, as site paths (``api/terms.tbx``)."""
    found = LINK.findall(markdown)
    assert len(found) == 1, found
    return {re.sub(r"^(\.\./)+", "", href) for href in re.findall(r'href="([^"]+)"', found[0])}


def _page(lang: str, path: str) -> str:
    return (DOCS / lang / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_terms_page_links_the_term_base_and_every_memory(files: dict[str, str], lang: str) -> None:
    formats = json.loads(files[urls.export()])["formats"]
    expected = {formats["tbx"]["url"].lstrip("/"), *(m["url"].lstrip("/") for m in formats["tmx"])}
    markdown = _page(lang, "terms/index.md")
    assert _linked(markdown) == expected
    assert t(lang, "formats_tmx") in markdown and t(lang, "formats_tbx") in markdown


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_compare_view_links_the_memories_of_its_texts(files: dict[str, str], corpus: Corpus, lang: str) -> None:
    """Each law's compare view links the memories whose two texts both hold the law (a sample of laws)."""
    memories = json.loads(files[urls.export()])["formats"]["tmx"]
    for number in random.Random(lang).sample(corpus.law_numbers(), SAMPLED):
        holding = {entry.meta.id for entry in corpus.having_law(number)}
        expected = {m["url"].lstrip("/") for m in memories if set(m["documents"]) <= holding}
        linked = _linked(_page(lang, f"compare/{number}.md"))
        assert linked - {urls.term_base_tbx()} == expected, number
