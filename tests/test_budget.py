"""Page weight budget: what a phone downloads for a first visit to a page, compressed as a
server sends it: the HTML and every stylesheet and script it links.

Every page type stays within 40 KB gzip in all, the search pages included; a law or point page of
ordinary length within 30 KB, the aim (a long law, fi 1997 Law 12, adds its text: it is held to
the 40).  A search page opened to type in loads its form only: its engine's files are in a
<template> (inert until search-start.js uses it, as tests/test_search_start_browser.py sees in
Chromium), counted by the first search's budget (tests/test_search_fetching.py), not here.  The
term base's index is its own HTML, so only what it loads besides is bounded.  The stylesheets are
each page group's cut of Material's and ours (bridgelaws.stage5_site.cut_css) and the script is
theme.js, not Material's bundle.  ``make bench`` reports the same numbers
(bench.report.page_weight)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.report import ASSET, PAGE_TYPES, gz, loaded_links, page_weight

# every page type a reader meets: bench's, and the rest
EVERY_TYPE = {
    **PAGE_TYPES,
    "law (tr 2017)": "tr/2017/42/index.html",
    "where to read a law": "fi/laws/13/index.html",
    "laws index": "laws/index.html",
    "home": "fi/index.html",
    "numbering": "numbering/16/index.html",
    "coverage": "coverage/index.html",
    "definitions": "fi/2007/definitions/index.html",
    "not found": "404.html",
    "not found (sv)": "sv/404.html",
    "terms": "terms/index.html",
    "search page (sv)": "sv/search/index.html",
}
LAW_PAGES = {"law (fi 2007)", "law (sv 2007)", "law (tr 2017)", "PZBS point"}  # of ordinary length
BUDGET_KB = {"html": 30, "total": 40, "law": 30, "assets": 20}
HTML_ALONE = {"terms"}  # the term base: its HTML is its content


def first_visit(site: Path, relative: str) -> tuple[int, int]:
    """bench.report.page_weight, also for a page whose links start at the site's root (404.html,
    which answers at any depth)."""
    page = site / relative
    links = loaded_links(page.read_text(encoding="utf-8"))
    if not any(link.startswith("/") for link in links):
        return page_weight(site, relative)
    assets = {site / link.lstrip("/") if link.startswith("/") else (page.parent / link).resolve() for link in links}
    return gz(page), gz(page) + sum(gz(asset) for asset in assets)


@pytest.mark.parametrize("name", EVERY_TYPE)
def test_page_with_its_css_and_js_is_within_budget(site: Path, name: str) -> None:
    html_gz, total_gz = first_visit(site, EVERY_TYPE[name])
    if name in HTML_ALONE:
        assets_gz = total_gz - html_gz
        assert assets_gz <= BUDGET_KB["assets"] * 1024, f"{name}: CSS+JS {assets_gz / 1024:.1f} KB gzip"
        return
    total = BUDGET_KB["law" if name in LAW_PAGES else "total"]
    assert html_gz <= BUDGET_KB["html"] * 1024, f"{name}: HTML {html_gz / 1024:.1f} KB gzip"
    assert total_gz <= total * 1024, f"{name}: HTML+CSS+JS {total_gz / 1024:.1f} KB gzip"


@pytest.mark.parametrize("name", EVERY_TYPE)
def test_every_stylesheet_and_script_a_page_loads_exists(site: Path, name: str) -> None:
    """Those it loads as it opens, and those it may load later (a search page's engine)."""
    page = site / EVERY_TYPE[name]
    links = set(ASSET.findall(page.read_text(encoding="utf-8")))
    assert links
    assert not [
        link
        for link in links
        if not (site / link.lstrip("/") if link.startswith("/") else (page.parent / link).resolve()).is_file()
    ]


# (search page, a file it opens with, files its engine's <template> holds, files it never links:
# refs.js is inside each engine, and each page's engine is its own script, without the other's)
ANYWHERE = {"search-anywhere.js", "search-anywhere-language-block.js"}
SEARCH_PAGES = [
    ("search page", "search-start.js", {"pagefind.js"}, {"refs.js", *ANYWHERE}),
    ("search page (sv)", "search-start.js", {"pagefind.js"}, {"refs.js", *ANYWHERE}),
    ("search from anywhere", "search-start.js", ANYWHERE, {"refs.js", "search.js"}),
]


@pytest.mark.parametrize(("name", "opens_with", "later", "never"), SEARCH_PAGES)
def test_a_search_page_is_counted_as_it_opens_and_its_engine_apart(
    site: Path, name: str, opens_with: str, later: set[str], never: set[str]
) -> None:
    """What a search page loads as it opens is its form's (counted here); its engine's files are
    in its <template> until the reader starts to search (the first search's budget)."""
    html = (site / EVERY_TYPE[name]).read_text(encoding="utf-8")
    opened = {link.rsplit("/", 1)[-1] for link in loaded_links(html)}
    linked = {link.rsplit("/", 1)[-1] for link in ASSET.findall(html)}
    assert opens_with in opened and later <= linked - opened
    assert not {"search.js", "pagefind.js", *ANYWHERE} & opened
    assert not never & linked


def test_the_budget_counts_every_stylesheet_and_script_the_page_loads(site: Path) -> None:
    page = site / PAGE_TYPES["law (fi 2007)"]
    html_gz, total_gz = page_weight(site, PAGE_TYPES["law (fi 2007)"])
    html = page.read_text(encoding="utf-8")
    links = {link.rsplit("/", 1)[-1] for link in ASSET.findall(html)}
    assert {"theme.js", "laws.js", "provisions.js", "refs.js", "law-laws.css"} <= links
    assert any(link.startswith("law-main.") for link in links) and not any("bundle." in link for link in links)
    assets = {(page.parent / link).resolve() for link in ASSET.findall(html)}
    assert total_gz == html_gz + sum(gz(asset) for asset in assets)  # each counted once
