"""The index pages on a 360-px phone, and the compare view with no JavaScript, in Chromium.

WCAG 2.2 target size (2.5.8): every link in the coverage matrix and the laws index is at
least 24×24 CSS px; neither table is wider than the screen (no sideways scrolling, not even
inside Material's table wrapper).  Without script the compare view's checkboxes still choose
its columns (laws.css hides the column of each unticked box).
"""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaws.core import facts, urls

PHONE = {"width": 360, "height": 740}
INDEX_PAGES = [
    pytest.param(url_for(lang), id=f"{kind}-{lang}")
    for kind, url_for in (("coverage", urls.coverage), ("laws", urls.laws_index))
    for lang in facts.INTERFACE_LANGUAGES
]
TOO_WIDE = """() => [...document.querySelectorAll('table')].filter(table => {
    const box = table.getBoundingClientRect();
    const wrap = table.closest('.md-typeset__scrollwrap');
    return box.left < 0 || box.right > window.innerWidth || (wrap && wrap.scrollWidth > wrap.clientWidth);
}).map(table => Math.round(table.getBoundingClientRect().width))"""
SMALL_LINKS = """() => [...document.querySelectorAll('table a')].filter(link => {
    const box = link.getBoundingClientRect();
    return box.width < 24 || box.height < 24;
}).map(link => {
    const box = link.getBoundingClientRect();
    return `${link.textContent.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`;
})"""


@pytest.mark.browser
@pytest.mark.parametrize("url", INDEX_PAGES)
def test_an_index_page_fits_a_phone_and_its_links_can_be_tapped(browser: Any, base_url: str, url: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(base_url + url)
        page.wait_for_load_state("load")
        assert page.locator("table a").count() > 90, "the table's links are there to be measured"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate(TOO_WIDE) == [], f"/{url}: a table is wider than the screen"
        small = page.evaluate(SMALL_LINKS)
        assert small == [], f"/{url}: links smaller than 24×24 px: {small[:10]}"
    finally:
        context.close()


@pytest.mark.browser
def test_the_coverage_legend_spells_out_every_short_column_head(browser: Any, base_url: str) -> None:
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(base_url + urls.coverage("sv"))
        heads = [" ".join(text.split()) for text in page.locator("table thead th[lang]").all_inner_texts()]
        legend = [text.strip() for text in page.locator("dl.coverage-legend dt").all_inner_texts()]
        assert heads and heads == legend, (heads, legend)
    finally:
        page.close()


def column_shown(page: Any, doc: str) -> bool:
    cells = page.locator(f'table.compare td[data-doc="{doc}"]')
    return bool(cells.count()) and cells.first.is_visible()


@pytest.mark.browser
def test_without_script_the_compare_checkboxes_choose_the_columns(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(base_url + urls.compare("fi", 13))
        assert "no-js" in (page.locator("html").get_attribute("class") or "")  # no script ran
        boxes = page.locator('.compare-choice input[name="c"]')
        docs = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
        ticked = [boxes.nth(i).is_checked() for i in range(boxes.count())]
        assert len(docs) >= 4 and ticked.count(True) == 3
        assert [column_shown(page, doc) for doc in docs] == ticked
        assert page.locator(".no-script-note").is_visible()
        hidden = docs[ticked.index(False)]
        page.locator(f'input[name="c"][value="{hidden}"]').check()
        assert column_shown(page, hidden)
        page.locator(f'input[name="c"][value="{docs[0]}"]').uncheck()
        assert not column_shown(page, docs[0]) and column_shown(page, docs[1])
    finally:
        context.close()


@pytest.mark.browser
def test_without_script_the_term_index_is_whole_and_offers_no_filter(browser: Any, base_url: str) -> None:
    """The filter box is the script's: without it the box is not shown (there is nothing to filter
    with) and every entry is; with it, the box is there from the first paint (test_browser)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(base_url + "fi/terms/")
        assert page.locator("#term-filter").count() == 1
        assert not page.locator("#term-filter").is_visible()
        entries = page.locator(".term-letter li, .term-titles li")
        assert (
            entries.count() > 100
            and page.locator(".term-letter li:visible, .term-titles li:visible").count() == entries.count()
        )
    finally:
        context.close()


@pytest.mark.browser
def test_the_finnish_compare_view_says_why_a_cell_is_empty_in_finnish(browser: Any, base_url: str) -> None:
    """2007 13F is new in 2007: the 1997 column's gap says so in the page's language."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(base_url + urls.compare("fi", 13) + "?c=fi-1997,fi-2007")
        assert page.locator("html").get_attribute("lang") == "fi"
        assert not column_shown(page, "sv-2007") and column_shown(page, "fi-1997")
        row = page.locator('tr[id="2007-13F"], tr:has([id="2007-13F"])')
        gap = row.locator('td[data-doc="fi-1997"]')
        assert gap.inner_text().strip() == "uusi vuoden 2007 laitoksessa"
    finally:
        page.close()
