"""How every page looks, in a real browser: light or dark as the device is set and the toggle,
definitions' pop-ups, a provision reached by its address below the header, paper, and the
compare view's choice of texts on a phone.

Headless Debian Chromium driven by Playwright, at 390×844 and 1280×800.  The colours' contrast
in dark is tests/test_accessibility.py's (axe-core).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage4_render.page import t
from conftest import PHONE

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
SCHEME_OF = {"light": "default", "dark": "slate"}


def new_page(browser: Any, viewport: dict[str, int], scheme: str = "light", **options: Any) -> Any:
    context = browser.new_context(viewport=viewport, color_scheme=scheme, **options)
    return context.new_page()


def luminance(rgb: str) -> float:
    """Relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    parts = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def page_colours(page: Any) -> tuple[str, float, float]:
    """The body's scheme, the luminance of the page's background and of its text."""
    scheme, background, text = page.evaluate(
        """() => [document.body.dataset.mdColorScheme, getComputedStyle(document.body).backgroundColor,
                  getComputedStyle(document.querySelector('.md-content, .md-main') || document.body).color]"""
    )
    return scheme, luminance(background), luminance(text)


# -- light or dark ------------------------------------------------------------------------------

# a page of each kind, the search pages (which run without theme.js) and a missing page
KINDS = [
    "",
    "fi/",
    "sv/2007/16/",
    "pl/2017/pzbs/4/",
    "compare/16/?c=fi-1997,fi-2007",
    "numbering/16/",
    "sv/terms/",
    "fi/terms/40-49/",
    "fi/search/",
    "search/",
    "sv/2007/45/",
    "nothing/",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", KINDS)
def test_every_page_follows_the_devices_light_or_dark_without_theme_js(
    browser: Any, base_url: str, path: str, scheme: str
) -> None:
    """The scheme is the device's before theme.js (the palette toggle) runs
    (partials/palette-follow.html): here it never arrives, as on the search pages, where it is
    not loaded."""
    page = new_page(browser, PHONE, scheme)
    page.route("**/assets/javascripts/theme.js", lambda route: route.abort())
    try:
        page.goto(base_url + path)
        body_scheme, background, text = page_colours(page)
        assert body_scheme == SCHEME_OF[scheme]
        assert (background < 0.05 < 0.5 < text) if scheme == "dark" else (background > 0.9 > 0.1 > text)
    finally:
        page.context.close()


def toggle(page: Any) -> Any:
    """The light/dark toggle the header shows now (Material shows the current option's)."""
    return page.locator('form[data-md-component="palette"] label:not([hidden])')


@pytest.mark.parametrize("device", ["light", "dark"])
def test_the_toggle_goes_light_dark_automatic_and_each_choice_is_kept_on_other_pages(
    browser: Any, base_url: str, device: str
) -> None:
    page = new_page(browser, DESKTOP, device)
    try:
        page.goto(base_url + "fi/2007/16/")
        assert page_colours(page)[0] == SCHEME_OF[device]  # automatic: the device's
        steps = []
        for _ in range(3):
            toggle(page).click()
            page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
            steps.append(page_colours(page)[0])
            page.goto(base_url + "sv/2007/12/")  # another page, another language: the same choice
            assert page_colours(page)[0] == steps[-1]
            page.goto(base_url + "fi/search/")  # the search page, without theme.js
            assert page_colours(page)[0] == steps[-1]
            page.goto(base_url + "fi/2007/16/")
        assert steps == ["default", "slate", SCHEME_OF[device]]
        # automatic again: the page follows the device when it switches
        other = "light" if device == "dark" else "dark"
        page.emulate_media(color_scheme=other)
        page.wait_for_function("scheme => document.body.dataset.mdColorScheme === scheme", arg=SCHEME_OF[other])
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["sv/search/", "search/"])
def test_the_search_pages_have_the_toggle_without_materials_bundle(browser: Any, base_url: str, path: str) -> None:
    """A language's search page and /search/ load no Material bundle, yet show the same toggle,
    in the page's language, and go automatic → light → dark → automatic with it; the choice made
    there holds on a page with the bundle, and one made there holds on the search page."""
    page = new_page(browser, PHONE, "dark", is_mobile=True, has_touch=True)
    bundles: list[str] = []
    page.on("request", lambda request: bundles.append(request.url) if "/bundle." in request.url else None)
    try:
        page.goto(base_url + path)
        assert not bundles, bundles  # the search page runs without Material's bundle
        lang = page.evaluate("document.documentElement.lang")
        assert toggle(page).count() == 1 and toggle(page).is_visible()
        assert toggle(page).get_attribute("title") == t(lang, "palette_light")  # automatic, leading to light
        box = toggle(page).bounding_box()
        assert box and box["x"] + box["width"] <= PHONE["width"]  # in the 390-px header
        steps = []
        for _ in range(3):
            toggle(page).tap()
            steps.append(page_colours(page)[0])
            assert toggle(page).count() == 1
        assert steps == ["default", "slate", "slate"]  # light, dark, automatic on a dark device
        toggle(page).tap()  # → light, kept for the site
        page.goto(base_url + "fi/2007/16/")
        assert page_colours(page)[0] == "default"
        toggle(page).tap()  # → dark, chosen where the bundle drives the toggle
        page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
        page.goto(base_url + path)
        assert page_colours(page)[0] == "slate"
        assert toggle(page).get_attribute("title") == t(lang, "palette_auto")  # dark leads to automatic
    finally:
        page.context.close()


def test_a_chosen_scheme_holds_when_the_device_switches(browser: Any, base_url: str) -> None:
    page = new_page(browser, DESKTOP, "dark")
    try:
        page.goto(base_url + "fi/search/")
        page.goto(base_url + "fi/2007/16/")
        toggle(page).click()  # automatic → light
        assert page_colours(page)[0] == "default"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(100)  # a listener that should not act has no event to wait for
            assert page_colours(page)[0] == "default"
        page.goto(base_url + "fi/search/")
        assert page_colours(page)[0] == "default"
    finally:
        page.context.close()


# -- pop-ups ----------------------------------------------------------------------------------------

TERMS = ["fi/2007/16/", "fi/1997/16/", "fi/1997/50/", "fi/2007/9/"]  # the defined terms are the Finnish texts'


def active_tooltips(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-tooltip2--active')].map(tip => {
              const inner = tip.querySelector('.md-tooltip2__inner'), box = inner.getBoundingClientRect();
              const style = getComputedStyle(inner);
              return {text: tip.textContent, size: style.fontSize, weight: style.fontWeight,
                      left: box.left, right: box.right};
           })"""
    )


@pytest.mark.parametrize("path", TERMS)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_definition_pops_up_at_the_body_size_within_the_window(
    browser: Any, base_url: str, path: str, viewport: str
) -> None:
    touch = viewport == "phone"
    page = new_page(browser, VIEWPORTS[viewport], is_mobile=touch, has_touch=touch)
    try:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        terms = page.locator("abbr.term")
        count = terms.count()
        assert count > 2
        for index in (0, count // 2, count - 1):
            term = terms.nth(index)
            term.scroll_into_view_if_needed()
            definition = term.get_attribute("title")
            body_size = page.evaluate("getComputedStyle(document.querySelector('article.md-typeset')).fontSize")
            if touch:
                term.tap()
            else:
                term.hover()
            page.wait_for_function("() => document.querySelector('.md-tooltip2--active')")
            (tip,) = active_tooltips(page)
            assert tip["text"] == definition
            assert tip["size"] == body_size and int(tip["weight"]) < 600
            assert 0 <= tip["left"] < tip["right"] <= VIEWPORTS[viewport]["width"]
            page.mouse.click(5, VIEWPORTS[viewport]["height"] - 5) if not touch else page.tap("h1")
    finally:
        page.context.close()


LABELS = [("fi/2007/16/", "16B1a"), ("sv/2007/13/", "13D2a"), ("pl/2017/pzbs/3/", None), ("tr/2017/42/", "42B3")]


@pytest.mark.parametrize(("path", "anchor"), LABELS)
def test_a_tap_on_a_provision_label_leaves_no_pop_up_over_the_text(
    browser: Any, base_url: str, path: str, anchor: str | None
) -> None:
    page = new_page(browser, PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        label = page.locator(f'a.pv-a[href="#{anchor}"]' if anchor else "a.pv-a").nth(0 if anchor else 2)
        href = label.get_attribute("href")
        hint = label.get_attribute("title")
        assert hint
        label.tap()
        page.wait_for_function("hash => location.hash === hash", arg=href)
        page.wait_for_timeout(400)  # Material's tooltip shows after its delay, or not at all
        assert [tip for tip in active_tooltips(page) if tip["text"] == hint] == []
        assert page.locator(f'[id="{href[1:]}"] .pv-copy, [id="{href[1:]}"] ~ .pv .pv-copy').first.is_visible()
    finally:
        page.context.close()


def test_a_pointer_over_a_provision_label_still_shows_its_hint(browser: Any, base_url: str) -> None:
    """Only a tap or click ends the hint: a mouse resting on the label shows what it is."""
    page = new_page(browser, DESKTOP)
    try:
        page.goto(base_url + "fi/2007/16/")
        page.wait_for_load_state("load")
        label = page.locator('a.pv-a[href="#16B1a"]')
        hint = label.get_attribute("title")
        label.hover()
        page.wait_for_function("() => document.querySelector('.md-tooltip2--active')")
        assert [tip["text"] for tip in active_tooltips(page)] == [hint]
    finally:
        page.context.close()


# -- a provision reached by its address -------------------------------------------------------------

# (address, the heading shown with the provision, when it opens a section)
TARGETS = [
    ("fi/2007/16/#16B1", "16B"),
    ("fi/2007/16/#16B1a", "16B"),
    ("fi/2007/16/#16B3", None),
    ("fi/2007/16/#16C", None),
    ("sv/2007/16/#16A1a", None),
    ("sv/2007/13/#13D2a", None),
    ("fi/1997/16/#16A", None),
    ("tr/2017/42/#42B3", None),
    ("pl/2017/pzbs/10/#p10-2-ii", None),
]


# The table of contents' entry of the section a provision is in (the last heading it lists at or
# before the provision; None when it lists none), and the entries it marks as in view.
SECTION_IN_VIEW = """() => {
  const box = document.querySelector('.is-target') || document.querySelector(':target');
  const toc = '.md-sidebar--secondary [data-md-component=toc] a.md-nav__link';
  let section = null;
  for (const link of document.querySelectorAll(toc)) {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (heading && (heading === box || heading.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)) {
      section = link.hash;
    }
  }
  return [section, [...document.querySelectorAll(toc + '.md-nav__link--active')].map(link => link.hash)];
}"""


@pytest.mark.parametrize(("address", "heading"), TARGETS)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_provision_reached_by_its_address_is_below_the_header(
    browser: Any, base_url: str, address: str, heading: str | None, viewport: str
) -> None:
    page = new_page(browser, VIEWPORTS[viewport])
    try:
        page.goto(base_url + address)
        page.wait_for_load_state("load")
        page.wait_for_timeout(200)  # the scroll that follows the load
        header, target, above = page.evaluate(
            """heading => {
                 const box = document.querySelector('.is-target') || document.querySelector(':target');
                 const before = heading && document.getElementById(heading);
                 return [document.querySelector('.md-header').getBoundingClientRect().bottom,
                         box.getBoundingClientRect().top, before ? before.getBoundingClientRect().top : null];
               }""",
            heading,
        )
        assert header <= target < VIEWPORTS[viewport]["height"] / 2
        if heading:  # the provision opens its section: its heading is shown with it, whole
            assert header <= above < target
        if viewport == "desktop":  # the table of contents marks the section the provision is in
            section, marked = page.evaluate(SECTION_IN_VIEW)
            assert section is None or marked == [section], (section, marked)
    finally:
        page.context.close()


# -- paper ------------------------------------------------------------------------------------------

PRINTED = [
    ("fi/2007/16/#16B1", "fi-2007", "16B1"),
    ("sv/2007/16/#16C2", "sv-2007", "lag 16C2"),
    ("tr/2017/42/", "tr-2017", None),
    ("pl/2017/pzbs/10/#p10-2", "pl-2017-pzbs", "PZBS 10.2"),
]


@pytest.fixture(scope="module")
def documents(site: Path) -> Iterator[dict[str, dict[str, Any]]]:
    export = json.loads((site / "api" / "laws.json").read_text(encoding="utf-8"))
    yield {doc["id"]: doc for doc in export["documents"]}


@pytest.mark.parametrize(("address", "doc", "provision"), PRINTED)
def test_paper_carries_the_citation_address_and_copyright_and_no_screen_chrome(
    browser: Any, base_url: str, documents: dict[str, dict[str, Any]], address: str, doc: str, provision: str | None
) -> None:
    page = new_page(browser, PHONE, "dark")
    try:
        page.goto(base_url + address)
        page.wait_for_load_state("load")
        heading = page.locator("h1").inner_text().rstrip("¶").strip()
        page.emulate_media(media="print")
        shown = page.evaluate(
            """() => {
                 const seen = selector => [...document.querySelectorAll(selector)]
                   .some(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden');
                 const box = document.querySelector('.is-target') || document.querySelector(':target');
                 const style = box && getComputedStyle(box);
                 return {
                   chrome: ['.md-header', '.md-sidebar', '.md-footer', '.edition-switch', '.pv', '.national-rules']
                     .filter(seen),
                   note: document.querySelector('.print-note').innerText,
                   highlight: style ? [style.backgroundColor, style.outlineStyle] : null,
                   background: getComputedStyle(document.body).backgroundColor,
                   kept: [...document.querySelectorAll('.md-typeset p.prov')]
                     .every(p => getComputedStyle(p).breakInside === 'avoid'),
                 };
               }"""
        )
        assert shown["chrome"] == []
        note = shown["note"]
        document = documents[doc]
        assert document["title"] in note and heading in note
        assert page.url in note  # the address the reader has, with the provision's fragment
        assert document["copyright"] in note
        if provision:
            assert f"· {provision}" in note
            assert shown["highlight"] == ["rgba(0, 0, 0, 0)", "none"]  # printed as the others are
        assert luminance(shown["background"]) > 0.9  # paper is light, even from a dark screen
        assert shown["kept"]
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page>") >= 1
    finally:
        page.context.close()


# -- the compare view's choice of texts -----------------------------------------------------------

COMPARED = ["compare/16/?c=fi-1997,fi-2007", "compare/13/", "fi/compare/16/", "sv/compare/12/", "pl/compare/13/"]


@pytest.mark.parametrize("path", COMPARED)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_texts_to_compare_stand_in_aligned_columns_each_on_one_line(
    browser: Any, base_url: str, path: str, viewport: str
) -> None:
    page = new_page(browser, VIEWPORTS[viewport])
    try:
        page.goto(base_url + path)
        legend, boxes = page.evaluate(
            """() => {
                 const rect = el => {
                   const r = el.getBoundingClientRect();
                   return [r.left, r.top, r.right, r.bottom];
                 };
                 const line = el => parseFloat(getComputedStyle(el).fontSize) * 1.6;
                 return [rect(document.querySelector('.compare-texts legend')),
                         [...document.querySelectorAll('.compare-texts label')]
                           .map(label => [...rect(label), line(label)])];
               }"""
        )
        assert len(boxes) >= 2
        width = VIEWPORTS[viewport]["width"]
        for left, top, right, bottom, line in boxes:
            assert legend[3] <= top  # the question above the boxes
            assert 0 <= left < right <= width
            assert bottom - top <= max(44, 2 * line) + 1  # one line (a 44-px tap target)
        lefts = sorted({round(box[0]) for box in boxes})
        rows = sorted({round(box[1]) for box in boxes})
        # a grid: every box starts in one of the columns and rows the others start in
        assert len(lefts) * len(rows) >= len(boxes) and len(lefts) <= len(boxes)
        if viewport == "phone":
            assert len(lefts) == 2 or len(boxes) == len(lefts)
    finally:
        page.context.close()
