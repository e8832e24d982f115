"""Accessibility in a real browser: axe-core on every kind of page, language marking, keyboard.

axe-core (the engine Lighthouse uses, carried by the axe-playwright-python wheel) runs with
all its rules on the landing page, law pages, a compare view, the search page with results,
and the pages that stand in for a missing law, at phone and desktop width, every rule on the
whole page (no page is so large that a sample must stand for it: the term base is an index and
pages of ten laws' concepts).  In the dark scheme (a phone set to dark:
``prefers-color-scheme: dark``), the colour rules (COLOUR_RULES) run on every page at phone width.
"""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import pytest

PAGES = {
    "landing": "",
    "language home": "fi/",
    "law": "fi/2007/13/",
    "law (sv)": "sv/2007/13/",
    "law (tr)": "tr/2017/12/",
    "law at a provision (its toolbar)": "fi/2007/16/#16B1a",
    "law, a provision it lacks (the note)": "fi/2007/13/#13A1",
    "PZBS point": "pl/2017/pzbs/4/",
    "definitions": "fi/2007/definitions/",
    "compare": "compare/13/?c=fi-1997,fi-2007,sv-2007",
    "compare redline": "compare/12/?c=fi-1997,fi-2007",
    "search": "fi/search/?q=revokki",
    "search chooser": "search/",
    "search, any language": "search/?q=tempo",
    "missing page": "sv/2007/45/",
    "missing page (root)": "nothing/",
    "law hub": "laws/13/",
    "law missing here": "pl/laws/13/",
    "coverage": "coverage/",
    "numbering changes": "numbering/16/",
    "compare (fi)": "fi/compare/16/?c=fi-1997,fi-2007",
    "coverage (sv)": "sv/coverage/",
    "laws index (tr)": "tr/laws/",
    "numbering changes (pl)": "pl/numbering/13/",
    "terms index": "fi/terms/",
    "terms details (sv)": "sv/terms/90-93/",  # the template of every page of details, on its shortest
}
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
AXE = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")


COLOUR_RULES = ["color-contrast", "link-in-text-block"]

# Two frames for a scroll or a resize to start its transitions, then every finite animation and
# transition to its end: axe reads colours as they are, and a header title fading in (the
# page scrolled to a provision) has half its contrast for a moment.
SETTLE = """async () => {
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(() => done()));
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => null)));
}"""


def violations(page: Any, only: list[str] | None = None) -> list[str]:
    """axe's violations on the page once it is still; with ``only``, only those rules."""
    page.evaluate(SETTLE)
    page.evaluate(AXE)
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if only is not None:
        options["runOnly"] = {"type": "rule", "values": only}
    result = page.evaluate("(options) => axe.run(document, options)", options)
    return [
        f"{item['id']} ({item['impact']}): {item['help']} — "
        + "; ".join(" ".join(node["target"]) for node in item["nodes"][:5])
        for item in result["violations"]
    ]


@pytest.mark.browser
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_no_violation(browser: Any, base_url: str, name: str, viewport: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    try:
        page.goto(base_url + PAGES[name])
        if "?q=" in PAGES[name]:
            page.wait_for_selector("#search-results[data-query], #search-by-language[data-query]")
        found = violations(page)
        assert not found, "\n".join(found)
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("name", PAGES)
def test_no_colour_fails_in_the_dark_scheme(browser: Any, base_url: str, name: str) -> None:
    """A phone set to dark gets the slate scheme (before any choice of the reader's), and every
    text on it keeps its contrast, the law pages' boxes, the redline and the search's marks too."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(base_url + PAGES[name])
        if "?q=" in PAGES[name]:
            page.wait_for_selector("#search-results[data-query], #search-by-language[data-query]")
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        found = violations(page, COLOUR_RULES)
        assert not found, "\n".join(found)
    finally:
        context.close()


@pytest.mark.browser
def test_every_text_block_in_another_language_than_the_page_says_so(browser: Any, base_url: str) -> None:
    """The compare view (English interface) and the hubs quote law texts: each carries its lang."""
    page = browser.new_page()
    try:
        for path in ("compare/13/", "laws/13/", "coverage/"):
            page.goto(base_url + path)
            unmarked = page.evaluate(
                """() => [...document.querySelectorAll('td[data-doc]:not(.gap), th[data-doc], .law-text, .prov-text')]
                    .filter(el => !el.closest('[lang]:not(html)'))
                    .map(el => el.tagName + ' ' + (el.dataset.doc || el.textContent.slice(0, 40)))"""
            )
            assert unmarked == [], path
        page.goto(base_url + "compare/13/")
        langs = page.eval_on_selector_all(
            "td[data-doc]:not(.gap)", "cells => cells.map(c => [c.dataset.doc, c.closest('[lang]').lang])"
        )
        assert langs and all(doc.split("-")[0] == lang for doc, lang in langs)
    finally:
        page.close()


def tab_until(page: Any, focused: str, presses: int) -> bool:
    """Press Tab until the expression ``focused`` is true of the focus, at most ``presses`` times."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(focused):
            return True
    return False


@pytest.mark.browser
def test_keyboard_alone_skips_to_the_law_searches_and_opens_a_result(browser: Any, base_url: str) -> None:
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    try:
        page.goto(base_url + "fi/2007/13/")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('md-skip')")
        page.keyboard.press("Enter")
        assert page.evaluate("location.hash") != ""  # jumped past the navigation to the content
        page.goto(base_url + "fi/2007/13/")
        assert tab_until(page, "document.activeElement.matches('input[type=search], input[name=q]')", 20), (
            "the search box is not reachable with Tab"
        )
        page.keyboard.type("revokki")
        page.keyboard.press("Enter")
        page.wait_for_selector("#search-results[data-query]")
        assert tab_until(page, "!!document.activeElement.closest('#search-results a')", 40), (
            "no search result is reachable with Tab"
        )
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "/fi/" in page.url and "/search/" not in page.url
        focus_ring = page.evaluate(
            "() => { const a = document.querySelector('article a'); a.focus(); const s = getComputedStyle(a);"
            " return s.outlineStyle !== 'none' || s.boxShadow !== 'none' || s.textDecorationLine !== 'none'; }"
        )
        assert focus_ring
    finally:
        page.close()
