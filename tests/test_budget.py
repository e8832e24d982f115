"""Page weight budget: what a phone downloads for a page, compressed as a server sends it.

A law page with its stylesheets and scripts stays within one round of small files: at most
100 KB gzip in all, search excluded (the search page loads its engine on demand).  ``make
bench`` reports the same numbers for every page type (bench.report.page_weight).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.report import ASSET, PAGE_TYPES, page_weight

BUDGET_KB = {"html": 30, "total": 100}


@pytest.mark.parametrize("name", PAGE_TYPES)
def test_page_with_its_css_and_js_is_within_budget(site: Path, name: str) -> None:
    html_gz, total_gz = page_weight(site, PAGE_TYPES[name])
    assert html_gz <= BUDGET_KB["html"] * 1024, f"{name}: HTML {html_gz / 1024:.1f} KB gzip"
    assert total_gz <= BUDGET_KB["total"] * 1024, f"{name}: HTML+CSS+JS {total_gz / 1024:.1f} KB gzip"


@pytest.mark.parametrize("name", PAGE_TYPES)
def test_every_stylesheet_and_script_a_page_loads_exists(site: Path, name: str) -> None:
    page = site / PAGE_TYPES[name]
    links = set(ASSET.findall(page.read_text(encoding="utf-8")))
    assert links
    assert not [link for link in links if not (page.parent / link).resolve().is_file()]


def test_the_budget_counts_every_stylesheet_and_script_the_page_loads(site: Path) -> None:
    page = site / PAGE_TYPES["law (fi 2007)"]
    html_gz, total_gz = page_weight(site, PAGE_TYPES["law (fi 2007)"])
    html = page.read_text(encoding="utf-8")
    assert "bundle." in html and "main." in html and "laws.css" in html and "laws.js" in html
    assert total_gz > html_gz + 40 * 1024  # Material's bundle and stylesheet are counted
