"""Per provision: permalinks, the links to the same provision in the other editions, the script's data.

The links come from the concordance, never from the number: a test table that moves a
provision to another number and another law says where each link goes.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, refs
from bridgelaws.core.model import Level, Origin, Paragraph, Provision
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import Concordance, Pair, Relation
from bridgelaws.stage4_render import provisions
from bridgelaws.stage4_render.law import law_page
from bridgelaws.stage4_render.page import Page, t
from bridgelaws.stage4_render.point import point_page
from bridgelaws.stage4_render.text import NO_TOOLS, Tools, provision_blocks

ROOT = Path(__file__).resolve().parent.parent
JAVASCRIPTS = ROOT / "overrides" / "assets" / "javascripts"


@pytest.fixture(scope="module")
def linkage(corpus: corpus_module.Corpus) -> object:
    return pipeline.link(corpus, pipeline.load_concordance(ROOT / "content"))


def entry(corpus: corpus_module.Corpus, doc_id: str) -> corpus_module.Entry:
    found = corpus.by_id(doc_id)
    assert found is not None
    return found


def row(editions: tuple[str, str], old: str | None, new: str | None, relation: str) -> Pair:
    return Pair(editions, old, new, Relation(relation), "test")


# -- where a provision is in another edition -------------------------------------------------------


def test_a_counterpart_follows_the_concordance_not_the_number(corpus: corpus_module.Corpus) -> None:
    """1997 16A is 2007 16B (README); a table saying otherwise is followed, never the number."""
    fi1997, fi2007 = entry(corpus, "fi-1997"), entry(corpus, "fi-2007")
    real = pipeline.load_concordance(ROOT / "content")
    assert provisions.counterpart_refs(real, fi1997, "16A", fi2007) == ["16B"]
    invented = Concordance([row(("1997", "2007"), "16A", "16D", "renumbered")])
    assert provisions.counterpart_refs(invented, fi1997, "16A", fi2007) == ["16D"]


def test_no_row_no_link(corpus: corpus_module.Corpus) -> None:
    fi1997, fi2007 = entry(corpus, "fi-1997"), entry(corpus, "fi-2007")
    assert provisions.counterpart_refs(Concordance([]), fi1997, "16A", fi2007) == []
    dropped = Concordance([row(("1997", "2007"), "16A", None, "dropped")])
    assert provisions.counterpart_refs(dropped, fi1997, "16A", fi2007) == []


def test_a_moved_provision_links_another_law_and_a_split_its_outermost_part(corpus: corpus_module.Corpus) -> None:
    """2007 17D is 2017 15A (README): the link goes to Law 15 of the Turkish 2017 text."""
    fi2007, tr2017 = entry(corpus, "fi-2007"), entry(corpus, "tr-2017")
    real = pipeline.load_concordance(ROOT / "content")
    assert provisions.counterpart_refs(real, fi2007, "17D", tr2017) == ["15A"]
    split = Concordance(
        [row(("2007", "2017"), "17D2", new, "split") for new in ("15A2", "15A2a", "15A2b")]
        + [row(("2007", "2017"), "17D1", new, "split") for new in ("15A1", "15A2")]
    )
    assert provisions.counterpart_refs(split, fi2007, "17D2", tr2017) == ["15A2"]
    assert provisions.counterpart_refs(split, fi2007, "17D1", tr2017) == ["15A1", "15A2"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fi-1997", ["fi-2007", "sv-2007", "tr-2017"]),  # own language, then the rest by edition
        ("fi-2007", ["fi-1997", "sv-2007", "tr-2017"]),  # own language, then the same edition's other texts
        ("sv-2007", ["fi-2007", "fi-1997", "tr-2017"]),  # the same edition in another language first
        ("tr-2017", ["fi-1997", "fi-2007", "sv-2007"]),
        ("pl-2017-pzbs", []),  # a regulation has no other edition
    ],
)
def test_other_texts_are_the_laws_in_other_editions_and_languages(
    corpus: corpus_module.Corpus, text: str, expected: list[str]
) -> None:
    assert [e.meta.id for e in provisions.other_texts(corpus, entry(corpus, text))] == expected


def test_edition_links_name_the_language_of_another_language(corpus: corpus_module.Corpus, linkage: object) -> None:
    fi2007 = entry(corpus, "fi-2007")
    page = Page(url="fi/2007/17/", lang="fi", title="", body=[])
    others = provisions.other_texts(corpus, fi2007)
    html = provisions.edition_links(page, linkage.concordance, fi2007, others, "17D")  # type: ignore[attr-defined]
    assert '<a href="../../1997/17/#17D">1997: 17D</a>' in html
    assert '<a href="../../../tr/2017/15/#15A" hreflang="tr">tr 2017: 15A</a>' in html


# -- the markup of a provision -----------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def tags(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def test_each_label_links_its_own_provision_and_the_toolbar_leads_the_paragraph() -> None:
    """``1. a. Text``: 16B1 lends its label to 16B1a's paragraph; each label links its own id."""
    sub = Provision("16B1a", Level.SUBITEM, "a.", "", Origin(1), [Paragraph("Jos pelaaja <b>", Origin(1))])
    item = Provision("16B1", Level.ITEM, "1.", "", Origin(1), children=[sub])
    tools = Tools("Linkki tähän kohtaan", lambda node: node.ref)
    [block] = provision_blocks(item, "16", tools=tools)
    assert block.startswith(
        '<p class="prov lvl-3" id="16B1a"><span class="pv" data-pagefind-ignore>16B1a</span><span id="16B1"></span>'
        '<span class="pv" data-for="16B1" data-pagefind-ignore>16B1</span>'  # the lender's own, after its anchor
    )
    links = [attrs for tag, attrs in tags(block) if tag == "a"]
    assert [a["href"] for a in links] == ["#16B1", "#16B1a"]
    assert {a["title"] for a in links} == {"Linkki tähän kohtaan"}
    assert "Jos pelaaja &lt;b&gt;" in block


def test_a_heading_keeps_its_text_and_its_toolbar_follows_it() -> None:
    section = Provision("16A", Level.SECTION, "A.", "Tiedon käyttö", Origin(1), [Paragraph("Teksti", Origin(1))])
    tools = Tools("", lambda node: "1997: 16")
    heading, after, text = provision_blocks(section, "16", tools=tools)
    assert heading == "## A\\. Tiedon käyttö { #16A .prov-h }"  # the table of contents reads no link
    assert after == '<p class="pv-after"><span class="pv" data-pagefind-ignore>1997: 16</span></p>'
    html = markdown.markdown("\n\n".join([heading, after, text]), extensions=["attr_list"])
    assert '<h2 class="prov-h" id="16A">A. Tiedon käyttö</h2>' in html
    assert provision_blocks(section, "16", tools=NO_TOOLS)[1] == '<p class="prov-text lvl-1">Teksti</p>'


def test_every_provision_of_a_real_law_page_has_its_permalink_and_its_other_editions(
    corpus: corpus_module.Corpus, linkage: object
) -> None:
    fi2007 = entry(corpus, "fi-2007")
    law = fi2007.document.law(16)
    assert law is not None
    body = "\n".join(law_page(corpus, linkage, fi2007, law).body)  # type: ignore[arg-type]
    for node in law.provisions():
        anchor = refs.anchor(node.ref)
        is_heading = bool(re.search(rf"\{{ #{anchor} \.prov-h \}}", body))
        assert is_heading or f'<a class="pv-a" href="#{anchor}" title="Linkki tähän kohtaan">' in body, anchor
    toolbar = '<span class="pv" data-pagefind-ignore><a href="../../1997/16/#16A">1997: 16A</a>'
    assert f'<p class="prov lvl-3" id="16B1a">{toolbar}' in body  # 2007 16B is 1997 16A (README)


def test_a_point_page_has_permalinks_and_no_edition_links(corpus: corpus_module.Corpus, linkage: object) -> None:
    pzbs = entry(corpus, "pl-2017-pzbs")
    point = next(p for p in pzbs.document.points if p.number == "3")
    body = "\n".join(point_page(corpus, linkage, pzbs, point).body)  # type: ignore[arg-type]
    assert f'<a class="pv-a" href="#p3-1-A" title="{t("pl", "permalink")}">' in body
    assert 'class="pv"' not in body
    assert 'data-cite="PZBS {ref}"' in body


# -- what the script is given -------------------------------------------------------------------


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_every_string_the_provision_tools_use_is_in_every_language(lang: str) -> None:
    for key in ("permalink", "cite_form", "copy_citation", "copied", "copy_manual", "missing_provision"):
        assert t(lang, key), key
        if lang != "en" and key != "cite_form":
            assert t(lang, key) != t("en", key), (lang, key)
    assert "{ref}" in t(lang, "cite_form") and "{nearest}" in t(lang, "missing_provision")


def test_the_status_region_carries_the_strings_the_cite_form_and_the_syntax(corpus: corpus_module.Corpus) -> None:
    page = Page(url="sv/2007/13/", lang="sv", title="", body=[])
    [block, _] = provisions.script_data(page, entry(corpus, "sv-2007"))
    [(tag, attrs)] = tags(block)
    assert tag == "p" and attrs["role"] == "status" and attrs["id"] == "cite-status"
    assert attrs["data-cite"] == "lag {ref}" and attrs["data-copy-citation"] == "Kopiera hänvisning"
    assert json.loads(attrs["data-syntax"]) == refs.syntax_for_script()


def test_heading_permalinks_get_the_pages_language() -> None:
    html = '<h2 id="13A">A<a class="headerlink" href="#13A" title="Link to this provision">¶</a></h2>'
    localised = provisions.localise_permalinks(html, "tr", "Link to this provision")
    assert 'title="Bu maddenin bağlantısı">¶</a>' in localised
    assert provisions.localise_permalinks('<p title="Link to this provision">', "tr", "Link to this provision") == (
        '<p title="Link to this provision">'
    )


IMPORTS_RULES = 'import { referenceRules } from "{}refs.js";'


def test_the_reference_rules_have_one_definition_that_both_scripts_import() -> None:
    """refs.js defines referenceRules (tests/test_refs.py checks it against refs.py); the search's
    modules and provisions.js import it and define none of their own, so they cannot disagree."""
    assert "export function referenceRules(" in (JAVASCRIPTS / "refs.js").read_text(encoding="utf-8")
    importers = (("search/engine/provision.js", "../../"), ("search/page/render.js", "../../"), ("provisions.js", "./"))
    for script, up in importers:
        text = (JAVASCRIPTS / script).read_text(encoding="utf-8")
        assert IMPORTS_RULES.replace("{}", up) in text and "function referenceRules(" not in text, script
