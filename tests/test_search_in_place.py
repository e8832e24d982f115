"""A query typed on a search page that has answered others answers as a fresh page does.

The ranking tables run their queries typed one after another on one search page per language
(bench.searchdriver), as a reader searching again does; a first visit loads the page with the
query.  Both must give the same results: search.js keeps what earlier queries loaded (Pagefind,
the situations' and English words' files), and none of it may change a later answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import heldout
from bench.searchdriver import SearchDriver
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from conftest import ROOT

pytestmark = pytest.mark.browser

FIXTURES = ROOT / "tests" / "fixtures"
# the held-out sets the spent-set test counts (tests/test_search_browser.py SPENT_SETS): queries
# written by people who had not read the code, of every kind (words, phrases, situations)
QUERY_SETS = [FIXTURES / "concepts_heldout.toml", *sorted((FIXTURES / "spent").glob("*.toml"))]
EVERY = 3  # the sample: each set's 1st, 4th, 7th … query of each language


def sampled_queries(sets: list[Path], every: int) -> list[heldout.Query]:
    """Every ``every``-th query of each language of each set, in the sets' order: a sample that
    holds each set and language in proportion (a fresh page per query is a page load each)."""
    chosen = []
    for path in sets:
        queries = heldout.load(path)
        for lang in SEARCH_LANGUAGES:
            mine = [query for query in queries if query.lang == lang]
            chosen.extend(mine[::every])
    return chosen


@pytest.fixture
def drivers(browser: object, base_url: str) -> Iterator[tuple[SearchDriver, SearchDriver]]:
    """(typed, fresh): each in a browser context of its own."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]  # type: ignore[attr-defined]
    try:
        yield SearchDriver(contexts[0], base_url), SearchDriver(contexts[1], base_url, fresh=True)
    finally:
        for context in contexts:
            context.close()


def test_the_sample_holds_every_set_and_language() -> None:
    queries = sampled_queries(QUERY_SETS, EVERY)
    assert len(QUERY_SETS) == 6 and len(queries) >= 180, len(queries)
    assert {query.lang for query in queries} == set(SEARCH_LANGUAGES)


def test_a_query_typed_after_others_answers_as_on_a_fresh_page(drivers: tuple[SearchDriver, SearchDriver]) -> None:
    """A stratified sample of the held-out sets (every third query of each language of each set,
    about 200 of 600: the whole sets cost a page load per query, some ten minutes), typed one
    after another on one page per language; each query's result links, in order, are those of
    a fresh page.  The message lists each query that differs, with the query typed before it."""
    typed, fresh = drivers
    queries = sampled_queries(QUERY_SETS, EVERY)
    before: dict[str, str] = {}
    differing = []
    for query in queries:
        in_place = typed.search(query.lang, query.query)
        first_visit = fresh.search(query.lang, query.query)
        if in_place != first_visit:
            differing.append(
                f"{query.lang} {query.query!r} after {before.get(query.lang)!r}:"
                f"\n    fresh    {first_visit}\n    in place {in_place}"
            )
        before[query.lang] = query.query
    assert typed.page_loads == len(SEARCH_LANGUAGES) and fresh.page_loads == len(queries)
    assert not differing, f"{len(differing)} of {len(queries)} differ:\n" + "\n".join(differing)
