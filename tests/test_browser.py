"""The site in a real browser: headless Debian Chromium driven by Playwright, phone-sized.

Playwright cannot download its own browsers here; `make browser` installs Debian's chromium
and the tests drive it through ``executable_path``.
"""

from __future__ import annotations

import pytest

from conftest import PHONE
from watching import LAYOUT_SHIFTS, Held, shifts_after_parse

pytestmark = pytest.mark.browser

LAW_PAGES = [
    ("fi/2007/13/", "fi", "13 KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", ["13A", "13D1", "13D2a"]),
    ("fi/1997/13/", "fi", "13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", ["13"]),
    ("sv/2007/13/", "sv", "13. FELAKTIGT ANTAL KORT", ["13A", "13D2a"]),
    ("tr/2017/42/", "tr", "YASA 42 YERİN HAKLARI", ["42A", "42B3"]),
    ("pl/2017/pzbs/3/", "pl", "3. Przepisy 12C2b i 12C2d", ["p3-1-A", "p3-1-A-i"]),
]


@pytest.mark.parametrize(("url", "lang", "heading", "anchors"), LAW_PAGES, ids=[p[0] for p in LAW_PAGES])
def test_a_law_page_renders_on_a_phone(
    phone: object, base_url: str, url: str, lang: str, heading: str, anchors: list[str]
) -> None:
    page = phone
    page.goto(base_url + url)  # type: ignore[attr-defined]
    assert page.locator("html").get_attribute("lang") == lang  # type: ignore[attr-defined]
    assert page.locator("h1").first.inner_text().rstrip("¶ \n") == heading  # type: ignore[attr-defined]
    for anchor in anchors:
        assert page.locator(f'[id="{anchor}"]').count() == 1, anchor  # type: ignore[attr-defined]
    width = page.evaluate("document.scrollingElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= PHONE["width"], f"{url} is {width}px wide on a {PHONE['width']}px screen"
    assert page.foreign_requests == []  # type: ignore[attr-defined]


def test_a_deep_link_lands_on_the_provision(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "fi/2007/12/#12C1b")  # type: ignore[attr-defined]
    target = page.locator('[id="12C1b"]')  # type: ignore[attr-defined]
    target.wait_for()
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"], box
    assert "epäsäännöllisyyden" in target.inner_text()


def _switch_language(page: object, name: str) -> None:
    page.locator(".md-header__option .md-select button").first.click()  # type: ignore[attr-defined]
    page.locator(".md-select__link", has_text=name).first.click()  # type: ignore[attr-defined]


def test_the_language_switcher_keeps_the_law(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "fi/2007/13/")  # type: ignore[attr-defined]
    _switch_language(page, "Svenska")
    page.wait_for_url(base_url + "sv/2007/13/")  # type: ignore[attr-defined]
    _switch_language(page, "Türkçe")
    page.wait_for_url(base_url + "tr/2017/13/")  # type: ignore[attr-defined]


def test_a_law_missing_in_a_language_says_so_and_links_to_it(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "sv/2007/13/")  # type: ignore[attr-defined]
    _switch_language(page, "Polski")
    page.wait_for_url(base_url + "pl/laws/13/")  # type: ignore[attr-defined]
    assert "Przepisu 13 nie ma" in page.locator(".missing").inner_text()  # type: ignore[attr-defined]
    page.locator("ul.read-in a", has_text="Svenska").click()  # type: ignore[attr-defined]
    page.wait_for_url(base_url + "sv/2007/13/")  # type: ignore[attr-defined]


def test_following_a_reference_on_a_phone_lands_on_its_provision(phone: object, base_url: str) -> None:
    """Swedish 12A2 says 'se C2 nedan': one tap lands on 12C2, in view."""
    page = phone
    page.goto(base_url + "sv/2007/12/")  # type: ignore[attr-defined]
    page.locator('[id="12A2"] a.ref').first.tap()  # type: ignore[attr-defined]
    page.wait_for_url("**/sv/2007/12/#12C2")  # type: ignore[attr-defined]
    box = page.locator('[id="12C2"]').bounding_box()  # type: ignore[attr-defined]
    assert box is not None and 0 <= box["y"] < PHONE["height"], box


def test_a_reference_to_another_text_says_where_it_goes(phone: object, base_url: str) -> None:
    """Swedish 9A2 cites 'lag 65B3': only the Finnish 1997 text has Law 65, and 2007 65B3 is new in
    2007 (the concordance says so), so the link goes to the 1997 law, never to 1997 65B by number."""
    page = phone
    page.goto(base_url + "sv/2007/9/")  # type: ignore[attr-defined]
    link = page.locator('[id="9A2"] a.ref-elsewhere').first  # type: ignore[attr-defined]
    assert "→ fi 1997 · 65" in link.inner_text()
    link.tap()
    page.wait_for_url(base_url + "fi/1997/65/#65")  # type: ignore[attr-defined]
    assert page.locator("html").get_attribute("lang") == "fi"  # type: ignore[attr-defined]


def test_a_defined_term_is_explained_on_tap(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "fi/2007/13/")  # type: ignore[attr-defined]
    term = page.locator("abbr.term").first  # type: ignore[attr-defined]
    definition = term.get_attribute("title")
    assert definition
    term.tap()
    tooltip = page.locator(".md-tooltip2--active")  # type: ignore[attr-defined]
    tooltip.wait_for()
    assert tooltip.inner_text().strip()[:30] == definition[:30]


def test_a_pzbs_note_stands_at_the_law_it_changes(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "sv/2007/12/")  # type: ignore[attr-defined]
    note = page.locator("details.national-rules")  # type: ignore[attr-defined]
    assert not note.locator("li").first.is_visible()  # folded: the law text keeps the first screen
    note.locator("summary").tap()  # the switch shows the national rules
    assert "PZBS 3 (2017)" in note.inner_text() and "Przepisy 12C2b i 12C2d" in note.inner_text()
    assert "2017: 12C2b" in note.inner_text() and "2007: 12C2b" in note.inner_text()  # both numberings
    link = note.locator("a", has_text="PZBS 3")
    link.wait_for(state="visible")
    link.tap()
    page.wait_for_url(base_url + "pl/2017/pzbs/3/")  # type: ignore[attr-defined]


COMPARE = "compare/13/?c=fi-1997,fi-2007,sv-2007"


def _row_of(page: object, target: str) -> object:
    """The compare row holding ``target``: its id, or a provision's own ``edition-number`` id in it."""
    return page.locator(f'tr[id="{target}"], tr:has([id="{target}"])')  # type: ignore[attr-defined]


def test_the_compare_view_aligns_sections_with_empty_cells(browser: object, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page.goto(base_url + COMPARE)
    for section in "ABCDEF":
        row = _row_of(page, f"2007-13{section}")
        assert row.count() == 1 and row.is_visible(), section  # type: ignore[attr-defined]
        cells = row.locator("td:visible")  # type: ignore[attr-defined]
        assert cells.count() == 3, section
        assert [cells.nth(i).get_attribute("data-doc") for i in range(3)] == ["fi-1997", "fi-2007", "sv-2007"]
    gap = _row_of(page, "2007-13F").locator('td[data-doc="fi-1997"]')  # type: ignore[attr-defined]
    assert "gap" in (gap.get_attribute("class") or "") and gap.inner_text().strip() == "new in 2007"
    assert page.locator('td[data-doc="tr-2017"]:visible').count() == 0
    assert page.locator('td[data-doc="sv-2007"][lang="sv"]').count() > 0
    page.close()


def test_1997_16a_stands_beside_2007_16b(browser: object, base_url: str) -> None:
    """Renumbered in 2007: the compare view pairs them through the concordance, not by number."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page.goto(base_url + "compare/16/?c=fi-1997,fi-2007")
    row = page.locator('tr[id="16B"]')
    assert row.is_visible()
    assert row.locator('td[data-doc="fi-1997"] .cell-label:visible').inner_text() == "16A"
    assert row.locator('td[data-doc="fi-2007"] .cell-label:visible').inner_text() == "16B"
    assert " ".join(row.locator("th").inner_text().split()) == "1997 16A ↔ 2007 16B"
    assert row.locator('td[data-doc="sv-2007"]:visible').count() == 0
    same = page.locator('tr[id="1997-16B"], tr:has([id="1997-16B"])')  # 1997 16B is 2007 16C, not 16B
    assert same.locator('td[data-doc="fi-2007"] .cell-label:visible').inner_text() == "16C"
    page.close()


def test_a_row_label_names_only_the_editions_shown(browser: object, base_url: str) -> None:
    """2007 13A is 2017 13B1: with 2017 shown the label says so, without it only 2007's number."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page.goto(base_url + "compare/13/?c=fi-2007,tr-2017")
    label = page.locator('tr[id="13A"] th')
    assert " ".join(label.inner_text().split()) == "2007 13A ↔ 2017 13B1"
    page.locator('input[name="c"][value="tr-2017"]').uncheck()
    assert " ".join(label.inner_text().split()) == "2007 13A"
    page.close()


def test_the_finnish_editions_show_their_changes(browser: object, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page.goto(base_url + "compare/13/?c=fi-1997,fi-2007")
    assert page.locator("td ins:visible").count() > 0
    assert page.locator("td del:visible").count() > 0
    page.locator("#show-changes").uncheck()
    assert page.locator("td ins:visible").count() == 0
    page.close()


def test_the_compare_choice_is_in_the_url(browser: object, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page.goto(base_url + COMPARE)
    page.locator('input[name="c"][value="tr-2017"]').check()
    assert page.url.endswith("?c=fi-1997,fi-2007,sv-2007,tr-2017")  # as the README writes it, to share
    page.close()


# pages whose scripts choose from the address what they show: the compare view as shared and as
# opened (two editions of a language, changes marked; one text; three; the page's own choice; an
# id the law lacks, which a line names; another interface), and the page for a missing address
# (its language's block, where to read the law it names, the text's page it goes past); and the
# pages whose script once added to them: the term index (its filter box), numbering and coverage
# (their tables' scrolling wrapper), which have it from the build
STEADY_PAGES = [
    "compare/13/?c=fi-1997,fi-2007",
    "fi/compare/16/?c=fi-2007",
    "compare/13/?c=fi-1997,fi-2007,sv-2007",
    "compare/13/",
    "compare/13/?c=xx-2099",
    "sv/compare/12/?c=sv-2007,fi-1997",
    "sv/2007/45/",
    "fi/2007/13/x/",
    "nothing/",
    "fi/terms/",
    "fi/numbering/13/",
    "fi/coverage/",
]
SCRIPTS_LATE_MS = 700


@pytest.mark.parametrize("address", STEADY_PAGES)
def test_nothing_moves_when_a_pages_scripts_come_after_its_text(browser: object, base_url: str, address: str) -> None:
    """On a slow network the page's text comes before its scripts.  Where they choose from the
    address what it shows (the compare view's columns, rows and labels; the missing page's block
    and links), the first paint waits for them (render-blocking); what a script once added (a
    filter box, a table's scrolling wrapper) is in the page from the build.  So nothing the
    reader sees moves when they come."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        page.add_init_script(LAYOUT_SHIFTS)
        held = Held(page, "**/*.js")
        page.goto(base_url + address, wait_until="commit")
        assert held.asked(page)
        # parsed, the scripts held; then time for frames, were any painted now, and past the half
        # second after the navigation in which Chromium marks a shift as following input (which
        # CLS leaves out)
        page.wait_for_function("document.readyState !== 'loading'", polling=50)
        page.wait_for_timeout(SCRIPTS_LATE_MS)
        held.release()
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        assert (
            page.locator(
                "table.compare td:visible, .not-found:visible, #term-filter:visible, .md-typeset__table:visible"
            ).count()
            > 0
        )
        assert shifts_after_parse(page) == []
    finally:
        context.close()


EDITION_SWITCHES = [
    # (from, edition tapped, lands on, a note says there is no counterpart): through the
    # concordance, never by the number (2007 13B is new in 2007; 1997 13B is another rule)
    pytest.param("fi/2007/16/#16B", "1997", "fi/1997/16/#16A", False, id="2007-16B-is-1997-16A"),
    pytest.param("fi/1997/16/#16A", "2007", "fi/2007/16/#16B", False, id="1997-16A-is-2007-16B"),
    pytest.param("fi/2007/16/#16D", "1997", "fi/1997/16/#16C", False, id="2007-16D-is-1997-16C"),
    pytest.param("fi/2007/13/#13B", "1997", "fi/1997/13/", True, id="2007-13B-is-new"),
]


@pytest.mark.parametrize(("start", "edition", "lands", "note"), EDITION_SWITCHES)
def test_the_edition_switcher_lands_on_the_corresponding_provision(
    phone: object, base_url: str, start: str, edition: str, lands: str, note: bool
) -> None:
    page = phone
    page.goto(base_url + start)  # type: ignore[attr-defined]
    page.locator(".edition-switch a.keep-hash", has_text=edition).tap()  # type: ignore[attr-defined]
    page.wait_for_url(base_url + lands)  # type: ignore[attr-defined]
    shown = page.locator(".edition-note")  # type: ignore[attr-defined]
    assert shown.count() == (1 if note else 0)
    if note:
        assert start.split("#")[1] in shown.inner_text() and edition in shown.inner_text()


@pytest.mark.parametrize(
    "url", ["", "fi/2007/12/", "fi/1997/77/", COMPARE, "coverage/", "pl/laws/13/", "fi/1997/", "fi/2007/definitions/"]
)
def test_no_page_is_wider_than_a_360_px_phone(browser: object, base_url: str, url: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    page.goto(base_url + url)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    page.close()
    assert width <= 360, f"/{url} is {width}px wide"


def test_printing_a_law_gives_the_law_alone(browser: object, base_url: str) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(f"{base_url}sv/2007/13/")
    page.emulate_media(media="print")
    hidden = [".md-header", ".md-sidebar--primary", ".md-footer", ".edition-switch", ".other-texts", ".site-search"]
    for selector in hidden:
        locator = page.locator(selector).first
        assert locator.count() == 0 or not locator.is_visible(), selector
    assert page.locator("[id='13D2a']").is_visible()
    assert page.locator("h1").inner_text().startswith("13")
    citation = page.locator("a.ref").first
    assert citation.is_visible()
    assert citation.inner_text() == "14"  # the printed text of the reference, as in the book
    page.close()
