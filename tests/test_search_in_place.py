"""A query asked after others answers as a fresh search page does.

The ranking tables ask their queries one after another of one engine per language, as a reader
searching again on one page does; a first visit loads the page with the query.  Both must give
the same results: the engine keeps what earlier queries loaded (Pagefind's files, the
situations' and English words' files), and none of it may change a later answer.

* under Node, the whole held-out sets: each query of an engine kept between queries, and of a
  new engine made for it alone (tests/js/driver.mjs);
* in Chromium, a stratified sample typed one after another on one search page per language,
  against the new engine's answer; a fresh search page answers as that engine does
  (tests/test_search_node.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import heldout
from bench.searchdriver import SearchDriver
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from conftest import ROOT
from search_cases import situation_queries
from search_node import NodeSearch, heldout_group

FIXTURES = ROOT / "tests" / "fixtures"
# the held-out sets the spent-set test counts (tests/test_search_ranking.py SPENT_SETS): queries
# written by people who had not read the code, of every kind (words, phrases, situations)
QUERY_SETS = [FIXTURES / "concepts_heldout.toml", *sorted((FIXTURES / "spent").glob("*.toml"))]
EVERY = 6  # the browser's sample: each set's 1st, 7th, 13th … query of each language


def sampled_queries(sets: list[Path], every: int) -> list[heldout.Query]:
    """Every ``every``-th query of each language of each set, in the sets' order: a sample that
    holds each set and language in proportion."""
    chosen = []
    for path in sets:
        queries = heldout.load(path)
        for lang in SEARCH_LANGUAGES:
            mine = [query for query in queries if query.lang == lang]
            chosen.extend(mine[::every])
    return chosen


def differences(asked: list[heldout.Query], in_place: object, fresh: NodeSearch) -> list[str]:
    """Each query whose results asked in place (``in_place.search``) are not a new engine's, with
    the query asked before it in its language."""
    before: dict[str, str] = {}
    differing = []
    for query in asked:
        kept = in_place.search(query.lang, query.query)  # type: ignore[attr-defined]
        first_visit = fresh.first_page(query.lang, query.query, fresh=True)
        if kept != first_visit:
            differing.append(
                f"{query.lang} {query.query!r} after {before.get(query.lang)!r}:"
                f"\n    fresh    {first_visit}\n    in place {kept}"
            )
        before[query.lang] = query.query
    return differing


def test_the_sample_holds_every_set_and_language() -> None:
    queries = sampled_queries(QUERY_SETS, EVERY)
    assert len(QUERY_SETS) == 6 and len(queries) >= 90, len(queries)
    assert {query.lang for query in queries} == set(SEARCH_LANGUAGES)


@pytest.mark.parametrize(
    "query_set", [pytest.param(path, marks=heldout_group(path.name), id=path.stem) for path in QUERY_SETS]
)
def test_a_whole_set_asked_in_order_answers_as_new_engines_do(engine: NodeSearch, query_set: Path) -> None:
    """Every query of a held-out set (100), asked in order of one engine per language (kept for
    the module: the sets follow each other): each query's result links, in order, are those of a
    new engine made for it."""
    queries = sampled_queries([query_set], 1)
    assert len(queries) >= 100
    differing = differences(queries, engine, engine)
    assert not differing, f"{len(differing)} of {len(queries)} differ:\n" + "\n".join(differing)


def test_the_situations_fetched_for_earlier_queries_change_no_answer(engine: NodeSearch) -> None:
    """The situations come in files by their words' first letters, each fetched once: a query's
    results are the same from a new engine and after other queries fetched other files (their
    situations sit among the concepts in one order, whichever file came first)."""
    cases = situation_queries("situations fetched before", 6)
    for lang in SEARCH_LANGUAGES:
        queries = [query for case_lang, query, _ in cases if case_lang == lang]
        answers = {query: engine.first_page(lang, query, fresh=True) for query in queries}
        for query in reversed(queries):  # of one engine, each asked after the ones after it
            assert engine.first_page(lang, query) == answers[query], (lang, query)


@pytest.mark.browser
@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)  # a test per language (a page each): the workers share them
def test_a_query_typed_after_others_answers_as_on_a_fresh_page(
    browser: object, base_url: str, engine: NodeSearch, lang: str
) -> None:
    """A stratified sample of the held-out sets (every sixth query of the language in each set),
    typed one after another on one search page of the language: each query's result links, in
    order, are a new engine's, which are a fresh page's."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        typed = SearchDriver(context, base_url)
        queries = [query for query in sampled_queries(QUERY_SETS, EVERY) if query.lang == lang]
        differing = differences(queries, typed, engine)
        assert typed.page_loads == 1
    finally:
        context.close()
    assert not differing, f"{len(differing)} of {len(queries)} differ:\n" + "\n".join(differing)
