"""Per provision, in a real browser: copy citation, permalinks by keyboard, a link to a provision
the text lacks, edition links without JavaScript, and the tap area of citations.

Headless Debian Chromium driven by Playwright, phone-sized (390×844) unless a test says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from bench.localsite import CHROMIUM, CHROMIUM_ARGS
from conftest import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture
def clipboard_phone(browser: object, base_url: str) -> Iterator[object]:
    """A phone whose page may read the clipboard back (the test's only way to see what was copied)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    yield context.new_page()
    context.close()


def provision(page: object, anchor: str) -> object:
    return page.locator(f'[id="{anchor}"]')  # type: ignore[attr-defined]


def toolbar(page: object, anchor: str) -> object:
    """A provision's toolbar: first in its paragraph (not the one of a provision lending it its
    label, data-for), or the block after its heading."""
    return page.locator(f'[id="{anchor}"] > .pv:not([data-for]), [id="{anchor}"] + .pv-after')  # type: ignore[attr-defined]


def in_view(page: object, anchor: str) -> bool:
    box = provision(page, anchor).bounding_box()  # type: ignore[attr-defined]
    return box is not None and 0 <= box["y"] < PHONE["height"]


# -- copy citation --------------------------------------------------------------------------------

COPIES = [
    ("fi/2007/12/#12C1b", "12C1b", "12C1(b)", "Kopioi viittaus", "Kopioitu: 12C1(b)"),
    ("sv/2007/13/#13D2a", "13D2a", "lag 13D2(a)", "Kopiera hänvisning", "Kopierat: lag 13D2(a)"),
    ("tr/2017/42/#42B3", "42B3", "Yasa 42B3", "Atfı kopyala", "Kopyalandı: Yasa 42B3"),
    ("pl/2017/pzbs/3/#p3-1-A", "p3-1-A", "PZBS 3.1.A", "Kopiuj odnośnik", "Skopiowano: PZBS 3.1.A"),
]


@pytest.mark.parametrize(("url", "anchor", "cited", "button", "announced"), COPIES, ids=[c[0] for c in COPIES])
def test_copy_citation_copies_the_citation_and_its_permalink_in_the_pages_language(
    clipboard_phone: object, base_url: str, url: str, anchor: str, cited: str, button: str, announced: str
) -> None:
    page = clipboard_phone
    page.goto(base_url + url)  # type: ignore[attr-defined]
    copy = toolbar(page, anchor).locator(".pv-copy")  # type: ignore[attr-defined]
    assert copy.inner_text() == button and copy.is_visible()
    copy.tap()
    status = page.locator("#cite-status")  # type: ignore[attr-defined]
    status.filter(has_text=announced).wait_for(state="attached")
    copied = page.evaluate("navigator.clipboard.readText()")  # type: ignore[attr-defined]
    assert copied == f"{cited} — {base_url}{url}"
    assert status.get_attribute("role") == "status"


def test_a_provision_that_lends_its_label_has_its_own_citation(clipboard_phone: object, base_url: str) -> None:
    """16B1 has no text of its own (``1. a. Jos pelaaja …``): its paragraph is 16B1a's, shown
    for it, with a toolbar that copies 16B1, not 16B1a."""
    page = clipboard_phone
    page.goto(base_url + "fi/2007/16/#16B1")  # type: ignore[attr-defined]
    copy = page.locator(".pv[data-for='16B1'] .pv-copy")  # type: ignore[attr-defined]
    copy.tap()
    page.locator("#cite-status", has_text="Kopioitu: 16B1").wait_for(state="attached")  # type: ignore[attr-defined]
    assert page.evaluate("navigator.clipboard.readText()") == f"16B1 — {base_url}fi/2007/16/#16B1"  # type: ignore[attr-defined]
    assert page.evaluate("[...document.querySelectorAll('.is-target')].map(e => e.id)") == ["16B1a"]  # type: ignore[attr-defined]
    assert page.locator(".pv:visible").count() == 1  # type: ignore[attr-defined]


def test_a_provision_not_reached_shows_no_toolbar(browser: object, base_url: str) -> None:
    """The phone's reading view stays the text: only the provision the link named shows its tools."""
    page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
    page.goto(base_url + "fi/2007/16/#16B1a")
    assert toolbar(page, "16B1a").is_visible()
    assert page.locator(".pv:visible").count() == 1
    assert not toolbar(page, "16B1b").is_visible()
    page.close()


FOCUSED = "[document.activeElement.classList.contains('pv-copy'), document.activeElement.closest('[id]').id]"


def test_the_keyboard_reaches_a_permalink_and_copies_the_citation(clipboard_phone: object, base_url: str) -> None:
    """Tab to a provision's label (its permalink), Enter: the provision is the target and the
    next Tab is its "copy citation", which Enter presses."""
    page = clipboard_phone
    page.goto(base_url + "fi/2007/16/#16A1")  # type: ignore[attr-defined]
    label = "[id='16A1a'] a.pv-a"
    for _ in range(20):
        page.keyboard.press("Tab")  # type: ignore[attr-defined]
        if page.evaluate(f'document.activeElement.matches("{label}")'):  # type: ignore[attr-defined]
            break
    else:
        pytest.fail("Tab never reached the label of 16A1a")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")  # type: ignore[attr-defined]
    assert outline != "none"  # the focus is visible
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.wait_for_url(base_url + "fi/2007/16/#16A1a")  # type: ignore[attr-defined]
    page.wait_for_selector("[id='16A1a'] .pv-copy")  # type: ignore[attr-defined]  # the script opened its toolbar
    page.keyboard.press("Tab")  # type: ignore[attr-defined]
    focused = page.evaluate(FOCUSED)  # type: ignore[attr-defined]
    assert focused == [True, "16A1a"]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.locator("#cite-status", has_text="Kopioitu: 16A1(a)").wait_for(state="attached")  # type: ignore[attr-defined]
    assert page.evaluate("navigator.clipboard.readText()").startswith("16A1(a) — ")  # type: ignore[attr-defined]


def test_without_the_clipboard_api_the_citation_is_selected_to_copy_by_hand(browser: object, base_url: str) -> None:
    """A site served over plain http from a host name is not a secure context: the browser has
    no navigator.clipboard.  The citation then stands selected in a box."""
    port = base_url.rstrip("/").rsplit(":", 1)[1]
    rules = "--host-resolver-rules=MAP laws.test 127.0.0.1"
    launcher = browser.browser_type  # type: ignore[attr-defined]
    insecure = launcher.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, rules])
    page = insecure.new_page(viewport=PHONE)
    url = f"http://laws.test:{port}/fi/2007/12/#12C1b"
    page.goto(url)
    assert page.evaluate("[window.isSecureContext, 'clipboard' in navigator]") == [False, False]
    toolbar(page, "12C1b").locator(".pv-copy").click()
    box = toolbar(page, "12C1b").locator("input.pv-manual")
    assert box.input_value() == f"12C1(b) — {url}"
    selected = page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]")
    assert selected == [0, len(f"12C1(b) — {url}")]
    assert page.locator("#cite-status").inner_text() != ""  # "copied", or "copy it with Ctrl+C"
    insecure.close()


# -- a provision this text does not have -----------------------------------------------------------

MISSING = [
    ("fi/2007/13/#13A1", "13A", "Tässä tekstissä ei ole kohtaa 13A1; lähin on 13A."),
    ("fi/2007/13/#99Z", "13", "Tässä tekstissä ei ole kohtaa 99Z; lähin on 13."),
    ("sv/2007/13/#13D2c", "13D2", "Den här texten har ingen lag 13D2(c)"),
    ("pl/2017/pzbs/3/#p3-1-Z", "p3-1", "W tym tekście nie ma 3.1.Z; najbliżej jest PZBS 3.1."),
]


@pytest.mark.parametrize(("url", "nearest", "note"), MISSING, ids=[m[0] for m in MISSING])
def test_a_link_to_a_missing_provision_says_so_and_shows_the_nearest(
    phone: object, base_url: str, url: str, nearest: str, note: str
) -> None:
    page = phone
    page.goto(base_url + url)  # type: ignore[attr-defined]
    shown = page.locator(".pv-missing")  # type: ignore[attr-defined]
    shown.wait_for()
    assert shown.count() == 1 and shown.inner_text().startswith(note.replace("lag 13D2(c)", "13D2(c)"))
    assert page.evaluate("[...document.querySelectorAll('.is-target')].map(e => e.id)") == [nearest]  # type: ignore[attr-defined]
    assert in_view(page, nearest) and shown.is_visible()
    assert page.url == base_url + url  # the address says what was asked for


def test_a_hash_written_as_readers_write_it_finds_the_provision(phone: object, base_url: str) -> None:
    page = phone
    for written in ("12C1(b)", "12c1b", "12C1%20(b)"):
        page.goto(base_url + "fi/2007/12/#" + written)  # type: ignore[attr-defined]
        page.wait_for_url(base_url + "fi/2007/12/#12C1b")  # type: ignore[attr-defined]
        assert page.locator(".pv-missing").count() == 0  # type: ignore[attr-defined]
        assert "is-target" in (provision(page, "12C1b").get_attribute("class") or "")  # type: ignore[operator]
        assert in_view(page, "12C1b")
    page.goto(base_url + "pl/2017/pzbs/3/#3.1.a")  # type: ignore[attr-defined]
    page.wait_for_url(base_url + "pl/2017/pzbs/3/#p3-1-A")  # type: ignore[attr-defined]


def test_a_hash_changed_on_the_page_is_followed_too(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "fi/2007/13/")  # type: ignore[attr-defined]
    assert page.locator(".pv-missing").count() == 0  # type: ignore[attr-defined]
    page.evaluate("location.hash = '13D9'")  # type: ignore[attr-defined]
    page.locator(".pv-missing", has_text="13D9").wait_for()  # type: ignore[attr-defined]
    assert page.evaluate("[...document.querySelectorAll('.is-target')].map(e => e.id)") == ["13D"]  # type: ignore[attr-defined]
    page.evaluate("location.hash = '13B'")  # type: ignore[attr-defined]
    page.wait_for_function("!document.querySelector('.pv-missing')")  # type: ignore[attr-defined]
    assert page.locator(".is-target").count() == 0  # type: ignore[attr-defined]


# -- edition links without JavaScript --------------------------------------------------------------

NO_SCRIPT = [
    ("fi/2007/16/#16B1a", "1997: 16A", "fi/1997/16/#16A"),  # renumbered: 1997 16A is 2007 16B
    ("fi/1997/16/#16A", "2007: 16B", "fi/2007/16/#16B"),
    ("fi/2007/17/#17D1", "tr 2017: 15A1", "tr/2017/15/#15A1"),  # moved to another law, another language
]


@pytest.mark.parametrize(("start", "link", "lands"), NO_SCRIPT, ids=[n[0] for n in NO_SCRIPT])
def test_without_javascript_an_edition_link_keeps_the_provision(
    browser: object, base_url: str, start: str, link: str, lands: str
) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base_url + start)
    anchor = start.split("#")[1]
    edition = toolbar(page, anchor).get_by_role("link", name=link, exact=True)
    assert edition.is_visible()  # shown by CSS alone: the provision is the target
    if link.startswith("tr "):
        assert edition.get_attribute("hreflang") == "tr"
    edition.click()
    page.wait_for_url(base_url + lands)
    target = lands.split("#")[1]
    assert page.evaluate(f"document.getElementById('{target}').matches(':target')")
    assert in_view(page, target)
    context.close()


# -- the tap area of a citation -------------------------------------------------------------------

TEXT_RECTS = """(paragraph) => {
  const range = document.createRange();
  range.selectNodeContents(paragraph);
  return [...range.getClientRects()].map(r => [r.x, r.y, r.width, r.height].map(v => Math.round(v * 100) / 100));
}"""

# Takes laws.css's tap-area rules for citations out (through the CSSOM: the page's CSP refuses a
# new <style>), so the text can be measured without them.
WITHOUT_TAP_AREA = """() => {
  for (const sheet of document.styleSheets) {
    if (!sheet.href || !sheet.href.includes("laws.css")) continue;
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
      const rule = sheet.cssRules[i];
      const selector = rule.selectorText || "";
      if (selector.includes("a.ref::after") || (selector.includes("a.ref,") && rule.style.position === "relative")) {
        sheet.deleteRule(i);
      }
    }
  }
  return getComputedStyle(document.querySelector("a.ref"), "::after").content;
}"""


def test_a_citation_has_a_24_px_tap_area_and_the_text_does_not_move(phone: object, base_url: str) -> None:
    page = phone
    page.goto(base_url + "fi/2007/16/#16A1b")  # type: ignore[attr-defined]
    link = provision(page, "16A1b").locator("a.ref", has_text=re.compile("^D$"))
    box = link.bounding_box()
    assert box is not None and box["width"] < 24  # a one-letter citation: the link itself is small
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hits = page.evaluate(  # type: ignore[attr-defined]
        """([x, y]) => [[-11, -11], [11, -11], [-11, 11], [11, 11], [0, 0]].map(([dx, dy]) => {
          const hit = document.elementFromPoint(x + dx, y + dy);
          return hit && hit.closest('a.ref') ? hit.closest('a.ref').textContent : null;
        })""",
        list(centre),
    )
    assert hits == ["D"] * 5, hits  # every corner of a 22×22 square around it (24×24 with its edges)
    paragraph = provision(page, "16A1b").element_handle()
    with_area = page.evaluate(TEXT_RECTS, paragraph)  # type: ignore[attr-defined]
    assert page.evaluate(WITHOUT_TAP_AREA) == "none"  # type: ignore[attr-defined]
    assert page.evaluate("getComputedStyle(document.querySelector('a.ref')).position") == "static"  # type: ignore[attr-defined]
    without = page.evaluate(TEXT_RECTS, paragraph)  # type: ignore[attr-defined]
    assert json.dumps(with_area) == json.dumps(without)  # every line box of the text where it was
    assert len(with_area) > 3
