"""Search's "where to read" result of a law number that is another rule in another edition
(issue 39): each rule has its own result, at its part of the "where to read" page, with that
rule's own title in each language, unless a text of the language holds the rule; the edition
filter keeps its edition's rule; a concept's law is the newest edition's rule.  The search page's
data (search.py's ``law_titles``) is read by the shipped ``provision.js`` under Node
(tests/js/lawhits.mjs); what each result should say is read off the "where to read" page."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, urls
from bridgelaws.search import engine_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, load_vocabulary, with_term_base
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import Concordance, LawSubject
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.hubs import hub_page
from bridgelaws.termbase import TermBase
from conftest import ROOT
from search_node import NODE
from test_law_subjects import NEW, OLD, law, sections

LAWHITS_JS = Path(__file__).resolve().parent / "js" / "lawhits.mjs"
ORIGINS = ("provision", "synonym")


@pytest.fixture(scope="module")
def base() -> TermBase:
    return pipeline.load_terms(ROOT / "content")


def lawhits_in_node(pages: list[dict[str, Any]]) -> list[list[list[dict[str, Any]]]]:
    """What provision.js's lawHits returns for each page's asks ([ref, edition, origin])."""
    if NODE is None:
        raise RuntimeError("node not found: run `make test` (it installs Debian's nodejs)")
    run = subprocess.run(
        [NODE, str(LAWHITS_JS)],
        input=json.dumps({"pages": pages}),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=120,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def hub_titles(corpus: corpus_module.Corpus, concordance: Concordance, base: TermBase, lang: str, n: int) -> dict:
    """Each rule's title on law ``n``'s "where to read" page, by its first edition, as text
    (its "not verified" marks left out: a search result's title is the words)."""
    markdown = hub_page(corpus, pipeline.link(corpus, concordance), lang, n, base).markdown()
    found = {}
    for first, part in sections(markdown).items():
        head = re.search(r'<p class="hub-title"><strong>(.*?)</strong></p>', part, re.S)
        words = re.sub(r'<span class="not-verified"[^>]*>.*?</span>', "", head[1]) if head else ""
        found[first] = " ".join(html.unescape(re.sub(r"<[^>]+>", "", words)).split())
    return found


def cases(
    corpus: corpus_module.Corpus, concordance: Concordance, base: TermBase, numbers: list[int]
) -> tuple[list[dict[str, Any]], list[tuple[str, int, str, str, list[LawSubject], dict]]]:
    """Each search language's page data with ``concordance``, asked every number of ``numbers``
    in every edition the page offers and none, as a law typed and as a concept's law."""
    vocabulary = with_term_base(load_vocabulary(ROOT / "content" / VOCABULARY_FILE), base, concordance)
    pages, asked = [], []
    for lang in SEARCH_LANGUAGES:
        data = engine_data.search_data(corpus, lang, vocabulary[lang], concordance, base)
        editions = ["", *sorted({doc["edition"] for doc in data["docs"]})]  # type: ignore[attr-defined]
        asks = []
        for n in numbers:
            rules, titles = lawsubjects.subjects(concordance, n), hub_titles(corpus, concordance, base, lang, n)
            for edition in editions:
                for origin in ORIGINS:
                    asks.append([str(n), edition, origin])
                    asked.append((lang, n, edition, origin, rules, titles))
        pages.append({"data": data, "asks": asks})
    return pages, asked


def check(corpus: corpus_module.Corpus, pages: list[dict[str, Any]], asked: list[tuple]) -> list[str]:
    """What is wrong with the hits of every ask: a result per rule no text of the language holds
    (of the edition asked, the newest rule only for a concept), at its part of the "where to read"
    page, with its own title and editions; the texts of the rules the language holds, no result
    for them; no rule's result under the edition filter of another's."""
    answers = [hits for page in lawhits_in_node(pages) for hits in page]
    wrong = []
    for (lang, n, edition, origin, rules, titles), hits in zip(asked, answers, strict=True):
        held = {e.meta.edition for e in corpus.in_language(lang) if e.document.law(n)}
        hubs = {hit["url"]: hit for hit in hits if hit.get("missing")}
        texts = {hit["edition"] for hit in hits if hit["rank"] <= 1}
        wanted = []
        for rule in rules[:1] if origin == "synonym" else rules:
            editions = [e for e in rule.editions if not edition or e == edition]
            if not editions:
                continue
            url = "/" + urls.law_hub_at(lang, n, rule.editions[0])
            own = held & set(editions)
            if own:
                if texts & own != own:
                    wrong.append(f"{lang} {n} {edition!r} {origin}: no text of {sorted(own)}: {sorted(texts)}")
                continue
            wanted.append(url)
            hit = hubs.get(url)
            want = {"title": titles[rule.editions[0]], "edition": ", ".join(rule.editions)}
            if hit is None or {key: hit.get(key) for key in want} != want:
                wrong.append(f"{lang} {n} {edition!r} {origin}: {url} {want}, got {hit}")
        if sorted(hubs) != sorted(wanted):
            wrong.append(f"{lang} {n} {edition!r} {origin}: 'where to read' {sorted(hubs)}, wanted {sorted(wanted)}")
    return wrong


def test_the_real_numbers_that_are_two_rules_each_show_their_own_rules_title(
    corpus: corpus_module.Corpus, base: TermBase
) -> None:
    """Every number the concordance makes more than one rule (Law 23: the 2017 comparable call, the
    1997/2007 awareness of potential damage), in every language, filter and origin."""
    real = pipeline.load_concordance(ROOT / "content")
    numbers = sorted(lawsubjects.split_laws(real, facts.LAW_NUMBERS))
    assert numbers  # Law 23 at least (test_law_subjects: the real Law 23 is two rules)
    pages, asked = cases(corpus, real, base, numbers)
    wrong = check(corpus, pages, asked)
    assert not wrong, wrong[:5]
    # each rule has its own title in every language: a result with another rule's would be caught
    for lang in SEARCH_LANGUAGES:
        for n in numbers:
            titles = hub_titles(corpus, real, base, lang, n)
            assert len(set(titles.values())) == len(titles) > 1, (lang, n, titles)
    # the numbers that are one rule keep one title and one result, at the page's top
    for page in pages:
        titles = page["data"]["lawTitles"]
        assert {law for law, title in titles.items() if isinstance(title, list)} == {str(n) for n in numbers}
        assert page["data"]["hub"]["at"]
    others = [[str(n), "", "provision"] for n in facts.LAW_NUMBERS if n not in numbers]
    one_rule = [{**page, "asks": others} for page in pages]
    for page in lawhits_in_node(one_rule):
        assert not [hit["url"] for hits in page for hit in hits if "#" in hit["url"] and hit.get("missing")]


@pytest.mark.parametrize(
    ("step", "number"),
    [
        pytest.param(OLD, 13, id="13-split-1997-2007"),  # every edition has a text of Law 13
        pytest.param(NEW, 13, id="13-split-2007-2017"),
        pytest.param(NEW, 50, id="50-split-2007-2017"),  # a law no Swedish or Turkish text holds
    ],
)
def test_a_number_split_at_either_step_shows_each_rules_title(
    corpus: corpus_module.Corpus, base: TermBase, step: tuple[str, str], number: int
) -> None:
    """The kind on the real texts: a number moved on at one step and refilled, in every language
    (with texts of some of its editions or of none), each rule a result of its own unless a text
    holds it."""
    table = Concordance(laws=[law(step, number, 72, "moved"), law(step, None, number, "new")])
    pages, asked = cases(corpus, table, base, [number])
    wrong = check(corpus, pages, asked)
    assert not wrong, wrong[:5]
