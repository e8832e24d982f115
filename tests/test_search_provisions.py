"""Provision queries: a provision, law or regulation point cited as each language writes it comes
first, at its anchor, in the newest text of the language that has it.  The tables run the shipped
engine on the shipped site under Node (tests/search_node.py); a few cases of each are also typed
on a search page in Chromium (test_search_tables_browser.py),
and what a provision result shows is checked there too (test_search_browser.py)."""

from __future__ import annotations

import pytest

from bridgelaws.stage2_parse.corpus import Corpus
from search_cases import PROVISIONS, point_queries, sampled_provisions, written
from search_node import NodeSearch

pytestmark = pytest.mark.site


@pytest.mark.parametrize(("lang", "query", "first"), PROVISIONS, ids=[f"{c[0]}:{c[1]}" for c in PROVISIONS])
def test_a_provision_query_puts_the_provision_first(engine: NodeSearch, lang: str, query: str, first: str) -> None:
    hrefs = engine.search(lang, query)
    assert hrefs, f"{query!r} found nothing"
    assert hrefs[0].endswith(first), hrefs[:3]


def test_sampled_provisions_come_first_in_every_language(engine: NodeSearch, corpus: Corpus) -> None:
    failures = []
    for lang, ref, expected in sampled_provisions(corpus, 20):
        for query in {ref, written(ref), written(ref).lower()}:
            hrefs = engine.search(lang, query)
            if not hrefs or hrefs[0] != expected:
                failures.append((lang, query, expected, hrefs[:2]))
    assert not failures


def test_every_sub_point_of_a_regulation_answers_like_a_provision(engine: NodeSearch, corpus: Corpus) -> None:
    """PZBS's 3.1 and 25.1.A are found as provisions are: typed bare, the point comes first.  Every
    sub-point, as printed and lower-cased (a sample of 24 when each took a browser's page load)."""
    cases = point_queries(corpus)
    assert len(cases) > 20
    failures = []
    for lang, query, expected in cases:
        hrefs = engine.search(lang, query)
        if not hrefs or hrefs[0] != expected:
            failures.append((query, expected, hrefs[:2]))
    assert not failures
