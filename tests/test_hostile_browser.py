"""Hostile and mistaken addresses in Chromium: hashes and query parameters a reader, a link or an
attacker may put in an address, and search words whose files were never written.

Each group of cases runs on one browser page: the hashes as hash changes on one law page (and a
load for each kind, where the page reads the hash at load), the query parameters one load each
of the one compare page, the search words typed on one search page per language.  What must
hold for every case: no script error, the page's own behaviour intact (the toolbar, the switcher,
the columns), nothing planted in an address becomes markup, and nothing asked of the server that
the build did not write.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bench.searchdriver import SearchDriver
from bridgelaws.search.word_files import situation_key
from search_node import search_data

ROOT = Path(__file__).resolve().parent.parent
UI = tomllib.loads((ROOT / "tools/bridgelaws/stage4_render/ui.toml").read_text(encoding="utf-8"))
LANGUAGES = ("fi", "sv", "tr", "pl")

MARKUP = '"><img src=x id=planted onerror="document.title=1">'
# the kinds of hostile hash: names every plain object has, malformed escapes, very long, markup,
# a replacement pattern and a placeholder (which a template's replace would read as its own)
HASHES = {
    "prototype": ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"],
    "malformed": ["%E0%A4%A", "%", "%zz", "%C3", "13A%", "%E0%A4%A%E0"],
    "long": ["13A" * 700, "x" * 5000, quote("ä" * 900)],
    "markup": [quote(MARKUP), quote("<script>document.title=1</script>"), "javascript:alert(1)"],
    "pattern": [quote("$&$`$'"), quote("{ref}{edition}"), quote("13A1$'")],
}
CASES = [(kind, value) for kind, values in HASHES.items() for value in values]

# what a law page's scripts have done with the address's hash: the toolbar open, the switchers'
# and the language menu's links, the line about a missing provision, anything planted
STATE = """() => ({
  open: document.querySelectorAll('.md-content .is-open').length,
  switcher: [...document.querySelectorAll('a.keep-hash')].map(a => [a.getAttribute('href'), a.dataset.base || '']),
  menu: [...document.querySelectorAll('a.md-select__link[hreflang]')].map(a => a.getAttribute('href')),
  missing: [...document.querySelectorAll('.pv-missing')].map(p => p.textContent),
  planted: document.querySelectorAll('#planted, .md-content img[src=x], .md-content script').length,
  title: document.title,
})"""


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.fixture(scope="module")
def law_page(context: Any, base_url: str) -> Iterator[tuple[Any, list[str]]]:
    """fi 2007 Law 13, loaded once, with the script errors and failed requests it meets."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: errors.append(f"{response.status} {response.url}") if response.status >= 400 else None,
    )
    page.on("dialog", lambda dialog: (errors.append(f"dialog {dialog.message}"), dialog.dismiss()))
    page.goto(f"{base_url}fi/2007/13/")
    yield page, errors
    page.close()


def check_state(state: dict[str, Any], value: str, errors: list[str], title: str) -> None:
    assert not errors, (value[:80], errors)
    assert state["open"] >= 1, f"{value[:80]!r}: no provision's toolbar: the page's script stopped"
    assert state["planted"] == 0 and state["title"] == title, value[:80]
    for href, base in state["switcher"]:
        assert "[object" not in href and href.startswith(base), (value[:80], href)
        assert len(href) < len(base) + 80, (value[:80], "the hash was carried whole", len(href))
    assert not any("[object" in (href or "") for href in state["menu"]), (value[:80], state["menu"])
    assert all(len(line) < 400 for line in state["missing"]), (value[:80], "the missing line quotes it whole")


def test_hostile_hashes_on_a_law_page_leave_its_scripts_working(law_page: tuple[Any, list[str]], base_url: str) -> None:
    page, errors = law_page
    title = page.title()
    for kind, value in CASES:  # as a hash change on the open page
        page.evaluate("hash => { location.hash = hash; }", value)
        page.wait_for_timeout(30)
        check_state(page.evaluate(STATE), f"{kind}: {value}", errors, title)
    for kind, values in HASHES.items():  # at load, where the scripts first read the hash
        page.goto("about:blank")
        page.goto(f"{base_url}fi/2007/13/#{values[0]}")
        check_state(page.evaluate(STATE), f"{kind} at load: {values[0]}", errors, title)


@pytest.mark.parametrize(
    "value", ["__proto__", "constructor", "%E0%A4%A", "x" * 3000], ids=["proto", "constructor", "malformed", "long"]
)
def test_the_edition_switcher_from_a_hostile_hash_opens_the_law(context: Any, base_url: str, value: str) -> None:
    """The edition switcher clicked with the hash in the address: the other edition's law, never
    ``/fi/2007/13/[object%20Object]``; its note quotes no more than a provision's length."""
    page = context.new_page()
    try:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base_url}fi/2007/13/#{value}")
        with page.expect_navigation():
            page.click("a.keep-hash[data-edition='1997']")
        assert page.url.split("#")[0] == f"{base_url}fi/1997/13/", page.url
        assert page.locator("h1").inner_text().startswith("13")
        notes = page.eval_on_selector_all(".edition-note", "ps => ps.map(p => p.textContent)")
        assert all(len(note) < 300 for note in notes), notes
        assert not errors, errors
    finally:
        page.close()


# -- query parameters: the compare view's ?c=, the 404 page's path -----------------------------

COMPARE_LABELS = """() => [...document.querySelectorAll('.compare-choice input[name=c]')]
  .map(box => [box.value, box.parentNode.textContent.trim(), box.checked])"""
HREFS = "links => links.map(a => a.getAttribute('href'))"
COMPARE_STATE = """() => ({
  columns: [...document.querySelectorAll('table.compare thead th[data-doc]:not([hidden])')].map(th => th.dataset.doc),
  rows: document.querySelectorAll('table.compare tbody tr:not([hidden])').length,
  note: [...document.querySelectorAll('.compare-unknown')].map(p => p.textContent),
  planted: document.querySelectorAll('#planted, .md-content img[src=x], .md-content script').length,
})"""


@pytest.mark.parametrize("lang", ["", "fi/", "tr/"])
def test_a_compare_address_naming_texts_the_law_lacks_says_so_and_offers_its_texts(
    context: Any, base_url: str, lang: str
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = f"{base_url}{lang}compare/16/"
    try:
        page.goto(url)
        boxes = page.evaluate(COMPARE_LABELS)
        ids = [value for value, _, _ in boxes]
        labels = [label for _, label, _ in boxes]
        default = sorted(value for value, _, checked in boxes if checked)
        template = UI[lang.strip("/") or "en"]["compare_unknown"]
        lead = template.split("{asked}")[0]
        cases: list[tuple[str, list[str], list[str]]] = [  # ?c=, the columns shown, the ids the line names
            ("xx-2099", default, ["xx-2099"]),
            (f"{ids[1]},xx-2099", [ids[1]], ["xx-2099"]),
            (",".join(ids[:2]), sorted(ids[:2]), []),
            (",,, ,", default, []),
            (MARKUP, default, [MARKUP[:24]]),
            ("$&$`,{texts}", default, ["$&$`", "{texts}"]),
            ("%E0%A4%A", default, ["\ufffd%A"]),  # as URLSearchParams decodes it (WHATWG)
            (",".join(f"x{n}" for n in range(400)), default, ["x0", "x4"]),
        ]
        for asked, columns, named in cases:
            page.goto(f"{url}?c={quote(asked, safe=',%')}")
            state = page.evaluate(COMPARE_STATE)
            assert sorted(state["columns"]) == columns, (asked[:40], state["columns"])
            assert state["rows"] > 3 and state["planted"] == 0, asked[:40]
            if not named:
                assert state["note"] == [], (asked[:40], state["note"])
                continue
            assert len(state["note"]) == 1, (asked[:40], state["note"])
            note = state["note"][0]
            assert note.startswith(lead) and len(note) < 600, note
            for id_ in named:
                assert f"“{id_}" in note, (id_, note)
            assert all(label in note for label in labels), (labels, note)  # the texts it has
            assert "{" not in note.replace("{texts}", ""), note
        assert not errors, errors
    finally:
        page.close()


def test_a_missing_page_reads_a_malformed_path(context: Any, base_url: str) -> None:
    """The 404 page reads its path segment by segment: a malformed escape in one stops nothing."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        for path, lang, law in [
            ("sv/2007/45/%E0%A4%A/", "sv", "sv/laws/45/"),
            ("fi/%/2007/13/", "fi", None),
            ("tr/laws/%C3/", "tr", None),
            ("pl/laws/80/%zz", "pl", "pl/laws/80/"),
        ]:
            page.goto(base_url + path)
            assert page.evaluate("document.documentElement.lang") == lang, path
            links = page.eval_on_selector_all(".not-found:not([hidden]) .not-found__law a", HREFS)
            if law:
                assert any(href.rstrip("#").split("#")[0].endswith(law) for href in links), (path, links)
        assert not errors, errors
    finally:
        page.close()


# -- search: the printed forms' files asked for are those the build wrote -----------------------

WORDS = {  # short words, function words, letters alone, nonsense: no file of their keys exists
    "fi": ["ja", "on", "ää", "ö", "qwxz", "zzzz", "ja ei", "12", "x"],
    "sv": ["en", "på", "å", "qwxz", "zzzz", "i"],
    "tr": ["ve", "bir", "ı", "ğğ", "qwxz", "zzzz"],
    "pl": ["w", "z", "ł", "qwxz", "zzzz", "że"],
}


def unpack(packed: str) -> set[str]:
    """word_files.packed_keys read back, as text.js unpackKeys reads it."""
    keys: set[str] = set()
    for token in packed.split():
        keys.update([token[1:]] if token.startswith("=") else [token[:2] + third for third in token[2:]])
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_search_page_names_exactly_the_forms_files_written(site: Path, lang: str) -> None:
    forms = search_data(site, lang)["printedForms"]
    written = {path.stem.split("_", 1)[1] for path in (site / "pagefind" / "forms").glob(f"{lang}_*.json")}
    assert written and unpack(forms["keys"]) == written
    assert forms["url"].replace("{k}", "x") == f"pagefind/forms/{lang}_x.json"
    assert all(situation_key(key) == key for key in written)


@pytest.fixture(scope="module")
def typed_watched(context: Any, base_url: str) -> Iterator[tuple[SearchDriver, list[str]]]:
    failed: list[str] = []
    context.on(
        "response",
        lambda response: failed.append(f"{response.status} {response.url}") if response.status >= 400 else None,
    )
    driver = SearchDriver(context, base_url)
    yield driver, failed
    driver.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_search_asks_for_no_file_the_build_did_not_write(
    typed_watched: tuple[SearchDriver, list[str]], lang: str
) -> None:
    driver, failed = typed_watched
    for word in WORDS[lang]:
        driver.search(lang, word)
    assert not [line for line in failed if re.search(r"/(pagefind|search)/", line)], failed
