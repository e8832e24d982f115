"""The search engine under Node (tests/js/): its own tests, and the proof that it is the engine the
pages run: a fresh search page and the Node driver show the same first page for the same queries."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import ROOT
from search_node import NODE, NodeSearch

FIXTURES = ROOT / "tests" / "fixtures"
# provision queries in each language's forms, and words of every kind
PROVISION_QUERIES = ["12C1(b)", "12 C 1 b", "16 §", "lag 16", "Yasa 45", "przepis 16B2", "punkt 13", "3.1", "25.1.A"]
WAIT = "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }"


def compared_queries(every: int = 12, first: int = 3) -> list[tuple[str, str]]:
    """Every `every`-th query of the spent held-out sets from the `first`, and the provision
    queries in each language.  The engine's answers in Chromium over the sets are
    test_search_in_place.py's (every sixth query of each, typed on one page, as a new engine
    under Node answers it): these are the path of a page opened with the query, where a sample of
    each kind is enough."""
    queries: list[tuple[str, str]] = []
    for path in [*sorted((FIXTURES / "spent").glob("*.toml")), FIXTURES / "concepts_heldout.toml"]:
        queries += [(entry["lang"], entry["query"]) for entry in tomllib.loads(path.read_text("utf-8"))["query"]]
    queries = list(dict.fromkeys(queries))[first::every]
    return queries + [(lang, query) for lang in ("fi", "sv", "tr", "pl") for query in PROVISION_QUERIES]


@pytest.mark.site
def test_the_engines_node_tests_pass(site: Path) -> None:
    """node --test tests/js/: the pure modules' tables, and the engine on the built site."""
    if NODE is None:
        pytest.fail("node is missing: run `make test` (it installs Debian's nodejs)")
    env = {**os.environ, "BRIDGELAWS_SITE": str(site)}
    run = subprocess.run(
        [NODE, "--test", str(ROOT / "tests" / "js")], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# skipped 0" in run.stdout


@pytest.mark.site
@pytest.mark.browser
@pytest.mark.parametrize("lang", ["fi", "sv", "tr", "pl"])  # a test per language: the workers share them
def test_node_shows_the_first_page_a_fresh_search_page_shows(
    browser: object, base_url: str, engine: NodeSearch, lang: str
) -> None:
    """Some twenty queries of every kind in the language: the hrefs of the first page, in order, are the same
    from a new engine under Node (tests/js/driver.mjs) as from a search page opened with the query."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    differences = []
    queries = [query for query_lang, query in compared_queries() if query_lang == lang]
    try:
        for query in queries:
            page.goto(f"{base_url}{lang}/search/?q={quote(query)}")
            page.wait_for_function(WAIT, arg=query, timeout=30000)
            shown = page.eval_on_selector_all("#search-results a", "links => links.map(a => a.getAttribute('href'))")
            found = engine.first_page(lang, query, fresh=True)  # type: ignore[attr-defined]
            if found != shown:
                differences.append((lang, query, shown[:5], found[:5]))
    finally:
        context.close()
    assert len(queries) >= 15  # every twelfth held-out query of the language and its provision queries
    assert not differences, differences
