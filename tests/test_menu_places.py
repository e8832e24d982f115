"""The language menu keeps the place on a document's definitions and on a national rule's page.

A definitions page opens another language's definitions (its text of the same edition first), at
the same concept's definition where the term base says that text defines it, at a provision that
defines it, else at the top with a line saying that text does not define the term; a national
rule's page opens, in each language, the law page where that rule is shown, else that language's
"where to read" page for the law, at the rule's note; a rule that names no law, that language's
coverage page at its rule set's entry.  A rule exists in one language only, as a law a language
lacks: the menu opens the page of the reader's language that says where it is.
"""

from __future__ import annotations

import json
import re

import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.document import definitions_page
from bridgelaws.stage4_render.national import national_rules, point_alternates
from bridgelaws.stage4_render.page import Page
from bridgelaws.termbase import Place, TermBase, definition_anchor
from conftest import ROOT


@pytest.fixture(scope="module")
def linkage(corpus: Corpus) -> Linkage:
    return pipeline.link(corpus, pipeline.load_concordance(ROOT / "content", corpus))


@pytest.fixture(scope="module")
def term_base(corpus: Corpus) -> TermBase:
    return pipeline.load_terms(ROOT / "content", corpus)


@pytest.mark.parametrize("doc", ["fi-2007", "fi-1997", "tr-2017"])
def test_a_definitions_menu_opens_the_same_concepts_definition(
    corpus: Corpus, linkage: Linkage, term_base: TermBase, doc: str
) -> None:
    entry = corpus.by_id(doc)
    assert entry is not None
    page = definitions_page(linkage, entry, corpus, term_base)
    body = "\n".join(page.body)
    found = re.search(r"id=\"language-provisions\" hidden data-provisions='([^']*)'", body)
    assert found, "no menu data on the definitions page"
    data = json.loads(found[1].replace("&#39;", "'"))
    placed = 0
    for lang, other in data.items():
        texts = [e for e in corpus.in_language(lang) if e.document.definitions]
        assert texts and page.alternates[lang] in {urls.definitions(e.meta) for e in texts}, lang
        base = page.link(page.alternates[lang])
        anchors = list(other["provisions"])
        assert anchors and all(a.startswith("def-") for a in anchors)
        for anchor, target in other["provisions"].items():
            definition = next(
                d for d, a in zip(entry.document.definitions, _anchors(entry), strict=True) if a == anchor
            )
            expected = {
                _link(corpus, page, place, lang)
                for concept in term_base.concepts
                if any(p.doc == doc and p.term == definition.term for p in concept.defined)
                for place in concept.defined
            } - {""}
            # none: "" (the page's top, with a line naming the term: keep-place.js)
            assert target in expected if expected else target == "", (anchor, target, expected)
            own = {link for link in expected if link.startswith(base.removesuffix("definitions/"))}
            assert target in own if own else True, (anchor, target, own)  # the menu's own text first
            placed += target != ""
    for lang in facts.INTERFACE_LANGUAGES:
        if lang not in data and lang != entry.meta.lang:
            assert urls.definitions(entry.meta) != page.alternates[lang]
    if doc == "fi-2007":
        assert placed, "no fi-2007 definition is placed in another language's text"


def _anchors(entry: Entry) -> list[str]:
    return term_anchors(entry.document)


def _link(corpus: Corpus, page: Page, place: Place, lang: str) -> str:
    """Where the test expects a defining place of ``lang`` to be linked (a definition's anchor, a provision)."""
    other = corpus.by_id(place.doc)
    if other is None or other.meta.lang != lang:
        return ""
    if place.term is not None:
        anchor = definition_anchor(place, corpus)
        return f"{page.link(urls.definitions(other.meta))}#{anchor}" if anchor else ""
    law = refs.law_of(place.ref or "")
    return page.link(urls.provision(other.meta, law, place.ref or "")) if law else ""


@pytest.mark.parametrize(
    ("doc", "number"),
    [
        ("pl-2017-pzbs", "3"),
        ("pl-2017-pzbs", "4"),
        ("pl-2017-pzbs", "19"),
        ("pl-2017-pzbs", "25"),
        ("pl-2017-pzbs", "1"),  # names no law
        ("fi-1997-sbl", "2"),  # the Finnish federation's: the laws its text cites (83, 92, 93)
        ("fi-1997-sbl", "4"),
        ("fi-1997-sbl", "6"),
        ("fi-1997-sbl", "3"),  # cites no law
    ],
)
def test_a_national_rules_menu_opens_the_page_of_each_language_that_shows_it(
    corpus: Corpus, linkage: Linkage, doc: str, number: str
) -> None:
    entry = corpus.by_id(doc)
    assert entry is not None
    point = next(p for p in entry.document.points if p.number == number)
    laws = [  # the laws whose pages place the rule (an SBL rule: the laws its text cites)
        law
        for law in range(1, facts.LAW_COUNT + 1)
        if any(rule.point is point for rule in national_rules(corpus, linkage, law, None, only=entry))
    ]
    alternates = point_alternates(corpus, linkage, entry, point)
    assert alternates[entry.meta.lang] == urls.law(entry.meta, number)
    for lang in facts.INTERFACE_LANGUAGES:
        if lang == entry.meta.lang:
            continue
        path, _, anchor = alternates[lang].partition("#")
        if not laws:  # on no law's page: the coverage page's entry for its rule set
            assert (path, anchor) == (urls.coverage(lang), urls.coverage_text_anchor(entry.meta)), lang
            continue
        assert anchor == urls.national_rule_anchor(entry.meta, number), (lang, anchor)  # never a page's top
        pages = {urls.law_hub(lang, n): n for n in laws}
        pages |= {urls.law(e.meta, n): n for n in laws for e in corpus.having_law(n)}
        assert path in pages, (lang, path)  # a page of a law the rule is placed at
        law = pages[path]
        text = next((e for e in corpus.having_law(law) if urls.law(e.meta, law) == path), None)
        if text is not None:  # a law page of the language: it shows this rule
            assert text.meta.lang == lang
            assert any(rule.point is point for rule in national_rules(corpus, linkage, law, text, only=entry))
        else:  # else the language's page for the law, which lists every federation's rules
            assert path == urls.law_hub(lang, law), (lang, path)
