"""/search/ shows what it has as it comes, and nothing shown moves: each language's block as its
search finishes, the next language's files asked for once it is shown; and within the first
block, the laws of a concept the English query names before Pagefind has answered, the texts
coming under them."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, urlsplit

import pytest

from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from bridgelaws.stage4_render.page import t
from conftest import PHONE
from watching import LAYOUT_SHIFTS, Held, shifts_after_parse

# English words whose concept answers the whole query, of one word and of two
EARLY = ["revoke", "penalty card", "dummy"]


@pytest.mark.browser
@pytest.mark.parametrize("query", EARLY)
def test_an_english_querys_governing_laws_are_shown_before_pagefind_answers(
    browser: object, base_url: str, query: str
) -> None:
    """Pagefind's WebAssembly is held back: the first language's block is on the page when it is
    asked for, leading with the laws of the concept the English word names, each whole (its
    snippet in it); once Pagefind answers, the texts come under them, and nothing shown moved."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        page.add_init_script(LAYOUT_SHIFTS)  # type: ignore[attr-defined]
        held = Held(page, "**/pagefind/wasm.*")
        page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
        assert held.asked(page), "Pagefind's WebAssembly was not asked for"
        assert page.query_selector(".search-by-language__block li")  # type: ignore[attr-defined]
        assert page.get_attribute("#search-by-language", "aria-busy") == "true"  # type: ignore[attr-defined]
        assert page.inner_text("#search-status") == t("en", "search_english", q=query)  # type: ignore[attr-defined]
        early = first_block(page)
        assert early and all(snippet.strip() for _href, _line, snippet in early), early
        assert early[0][1].startswith(f"{query} → "), early  # the language's word for it
        held.release()
        page.wait_for_function("q => document.getElementById('search-by-language').dataset.query === q", arg=query)  # type: ignore[attr-defined]
        after = first_block(page)
        assert [href for href, _line, _snippet in after[: len(early)]] == [href for href, _line, _snippet in early]
        assert len(after) > len(early), (early, after)  # the texts, under them
        assert not shifts_after_parse(page)
    finally:
        context.close()


def first_block(page: object) -> list[tuple[str, str, str]]:
    """(href, synonym line, snippet) of each result of the first language's block, in order."""
    found: list[tuple[str, str, str]] = page.eval_on_selector_all(  # type: ignore[attr-defined]
        ".search-by-language__block:first-child li",
        "items => items.map(li => [li.querySelector('a').getAttribute('href'),"
        " li.querySelector('.search-result__synonym')?.textContent || '',"
        " li.querySelector('.search-result__snippet').textContent])",
    )
    return found


@pytest.mark.browser
@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=["wide", "phone"]
)
def test_each_languages_block_is_shown_as_it_comes_and_nothing_moves(
    browser: object, base_url: str, viewport: dict[str, int]
) -> None:
    """``revoke`` at /search/: the first language's block is shown before the next language's
    Pagefind files are asked for (every language's data, a few KB, is asked for with it), with the
    status line as it stays; and as the other blocks come, nothing shown moves (the columns are set
    for all of them, their room held)."""
    context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
    page = context.new_page()
    fetched: list[str] = []
    try:
        page.add_init_script(LAYOUT_SHIFTS)
        page.on("request", lambda request: fetched.append(urlsplit(request.url).path))
        first, second = SEARCH_LANGUAGES[:2]
        held = Held(page, f"**/{second}/search/data.json")
        page.goto(f"{base_url}search/?q=revoke")
        page.wait_for_selector(".search-by-language__block .search-by-language__all")  # the block whole
        early = page.eval_on_selector_all(
            ".search-by-language__block", "bs => bs.map(b => [b.lang, b.getBoundingClientRect().toJSON()])"
        )
        assert [lang for lang, _box in early] == [first]
        assert page.inner_text("#search-status") == t("en", "search_english", q="revoke")
        assert page.get_attribute("#search-by-language", "aria-busy") == "true"
        held_back = f"/{second}/search/data.json"
        assert not [path for path in fetched if path.startswith(f"/{second}/") and path != held_back], fetched
        assert not [path for path in fetched if f"/pagefind/wasm.{second}." in path or f"lang={second}" in path]
        # asked for once the first block was painted: a frame after it was shown
        for _ in range(50):
            if all(f"/{lang}/search/data.json" in fetched for lang in SEARCH_LANGUAGES):
                break
            page.wait_for_timeout(100)
        assert all(f"/{lang}/search/data.json" in fetched for lang in SEARCH_LANGUAGES), fetched
        held.release()
        page.wait_for_function("() => document.getElementById('search-by-language').dataset.query === 'revoke'")
        blocks = page.eval_on_selector_all(
            ".search-by-language__block", "bs => bs.map(b => [b.lang, b.getBoundingClientRect().toJSON()])"
        )
        assert [lang for lang, _box in blocks] == list(SEARCH_LANGUAGES)
        assert blocks[0] == early[0]
        assert not shifts_after_parse(page)
    finally:
        context.close()


# Every frame's time (a requestAnimationFrame loop), when the first language's block was put on
# the page, and when the paint of its first text (its first snippet, the page's largest text on a
# phone) was presented, the time Largest Contentful Paint takes (Element Timing, on a mark put on
# that text before its first paint): which of the page's requests came a frame or more after it,
# and after that paint was on the screen, is then read from the resource timings
FRAMES = """
window.__frames = [];
(function frame(time) { __frames.push(performance.now()); requestAnimationFrame(frame); })();
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    if (entry.identifier === "first-block-text") window.__presented = entry.renderTime;
  }
}).observe({ type: "element", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const blocks = document.getElementById("search-by-language");
  new MutationObserver(() => {
    const shown = blocks.querySelector(".search-by-language__block");
    if (!shown || window.__shown !== undefined) return;
    window.__shown = performance.now();
    const text = shown.querySelector(".search-result__snippet") || shown.querySelector("li a");
    if (text) text.setAttribute("elementtiming", "first-block-text");
  }).observe(blocks, { childList: true });
});
"""
FRAMES_BEFORE = """(pattern) => {
  const asked = performance.getEntriesByType("resource").filter((entry) => new RegExp(pattern).test(entry.name));
  if (!asked.length || window.__shown === undefined) return null;
  const at = Math.min(...asked.map((entry) => entry.startTime));
  return __frames.filter((time) => time > __shown && time < at).length;
}"""
# how long after the first block's text was on the screen the first request a pattern matches
# was made (ms; below 0: before), None where there was no such request or no such paint
AFTER_PRESENTED = """(pattern) => {
  const asked = performance.getEntriesByType("resource").filter((entry) => new RegExp(pattern).test(entry.name));
  if (!asked.length || window.__presented === undefined) return null;
  return Math.min(...asked.map((entry) => entry.startTime)) - window.__presented;
}"""


def frames_after_shown(
    browser: object, base_url: str, query: str, patterns: list[str]
) -> list[tuple[int | None, float | None]]:
    """/search/?q=``query`` on a phone, searched to the end: for each regex of ``patterns``, how
    many frames came between the first block put on the page and the first request it matches
    (FRAMES_BEFORE), and how long after the paint of the block's first text was presented that
    request was made (AFTER_PRESENTED), with the blocks' languages first; None where nothing
    matched."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        page.add_init_script(FRAMES)  # type: ignore[attr-defined]
        page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
        page.wait_for_function("q => document.getElementById('search-by-language').dataset.query === q", arg=query)  # type: ignore[attr-defined]
        langs = page.eval_on_selector_all(".search-by-language__block", "bs => bs.map(b => b.lang)")  # type: ignore[attr-defined]
        made = [pattern.format(first=langs[0], others="|".join(langs[1:])) for pattern in patterns]
        return [
            (page.evaluate(FRAMES_BEFORE, pattern), page.evaluate(AFTER_PRESENTED, pattern))  # type: ignore[attr-defined]
            for pattern in made
        ]
    finally:
        context.close()  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.parametrize("query", ["revoke", "tempo"])
def test_the_other_languages_data_is_asked_for_once_the_first_block_is_on_the_screen(
    browser: object, base_url: str, query: str
) -> None:
    """The other languages' data is asked for once the first language's block is on the screen
    (its paint presented, a frame or more after it is put on the page), not while it is still to
    be painted or on its way to the screen: on a phone's network they would share the bandwidth
    with what the first block still needs."""
    [(frames, after)] = frames_after_shown(browser, base_url, query, [r"/({others})/search/data\.json$"])
    assert frames is not None and frames >= 1, frames
    assert after is not None and after >= 0, after


# -- what /search/ asks for, and when --------------------------------------------------------------

LANGUAGE_DATA = re.compile(r"/[a-z]{2}/search/data\.json$")  # a language's search data, not /search/'s
BLOCKS_MODULE = "**/assets/javascripts/search-anywhere-language-block.js"
# a query of each language (its words tell it), and bare provisions of none
ONE_LANGUAGE = [("fi", "kilpailunjohtaja"), ("sv", "träkarlen"), ("tr", "hakem"), ("pl", "sędzia")]
PROVISIONS = ["12C1(b)", "16B"]


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "query"), ONE_LANGUAGE, ids=[lang for lang, _query in ONE_LANGUAGE])
def test_a_query_of_one_language_goes_to_its_page_without_the_blocks_module(
    browser: object, base_url: str, lang: str, query: str
) -> None:
    """The query's language is told by /search/'s own script: the module that searches the blocks
    (and the engine in it) is never needed; held back, the query still goes to its language."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        held = Held(page, BLOCKS_MODULE)
        page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
        page.wait_for_url(re.compile(rf"/{lang}/search/\?q="), timeout=20000)  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }",
            arg=query,
            timeout=20000,
        )
        assert page.eval_on_selector_all("#search-results a", "as => as.length")  # type: ignore[attr-defined]
        assert held.routes and not held.released  # asked for with the page's script, never given
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("query", EARLY)
def test_an_english_querys_first_pagefind_files_are_asked_for_once_its_laws_are_on_the_screen(
    browser: object, base_url: str, query: str
) -> None:
    """An English query's first block: its concepts' laws are what it asked for, and they come in
    a few small files; Pagefind's first files (80 KB) are asked for once the block's laws are on
    the screen (their paint presented, a frame or more after they are put on the page), so that
    they do not share a phone's network with those, nor with their paint."""
    patterns = [r"/pagefind/wasm\.{first}\.pagefind$", r"/pagefind/pagefind\.js\?lang={first}$"]
    asked = frames_after_shown(browser, base_url, query, patterns)
    assert all(frames is not None and frames >= 1 for frames, _after in asked), asked
    assert all(after is not None and after >= 0 for _frames, after in asked), asked


# a browser's languages (navigator.languages), and the site's languages among them, in order
READERS = [
    (["pl-PL", "pl"], ["pl"]),
    (["sv", "fi"], ["sv", "fi"]),
    (["de-DE", "tr-TR", "en"], ["tr"]),
    (["en-US", "en"], []),
]


@pytest.mark.browser
@pytest.mark.parametrize(("browser_languages", "readers"), READERS, ids=[",".join(tags) for tags, _r in READERS])
def test_an_english_querys_blocks_come_in_the_readers_languages_first(
    browser: object, base_url: str, browser_languages: list[str], readers: list[str]
) -> None:
    """An English word has no language of its own: every language's block is shown, those of the
    languages the reader's browser asks for first, in its order, then the rest in the site's."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        languages = json.dumps(browser_languages)
        page.add_init_script(f"Object.defineProperty(navigator, 'languages', {{ get: () => {languages} }});")  # type: ignore[attr-defined]
        page.goto(f"{base_url}search/?q=revoke")  # type: ignore[attr-defined]
        page.wait_for_function("() => document.getElementById('search-by-language').dataset.query === 'revoke'")  # type: ignore[attr-defined]
        shown = page.eval_on_selector_all(".search-by-language__block", "bs => bs.map(b => b.lang)")  # type: ignore[attr-defined]
        assert shown == readers + [lang for lang in SEARCH_LANGUAGES if lang not in readers]
    finally:
        context.close()


# queries of no one language and of no English word, citing no provision
UNDECIDED = ["kart", "kort karta"]


@pytest.mark.browser
@pytest.mark.parametrize("query", UNDECIDED)
def test_the_first_languages_pagefind_files_are_asked_for_with_its_data(
    browser: object, base_url: str, query: str
) -> None:
    """A query of no one language, citing no provision, no English word: the first block's
    Pagefind files (its WebAssembly the heaviest) are asked for as soon as its language is known,
    not once its data has come and its engine is made: its data is held, and they are asked for
    meanwhile."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    fetched: list[str] = []
    try:
        page.on("request", lambda request: fetched.append(urlsplit(request.url).path))  # type: ignore[attr-defined]
        held = Held(page, LANGUAGE_DATA)
        page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
        assert held.asked(page)
        for _ in range(100):
            if any("/pagefind/wasm." in path for path in fetched):
                break
            page.wait_for_timeout(50)  # type: ignore[attr-defined]
        first = urlsplit(held.routes[0].request.url).path.split("/")[1]  # type: ignore[attr-defined]
        assert f"/pagefind/wasm.{first}.pagefind" in fetched, fetched
        assert not page.query_selector(".search-by-language__block")  # type: ignore[attr-defined]
        held.release()
        page.wait_for_function("q => document.getElementById('search-by-language').dataset.query === q", arg=query)  # type: ignore[attr-defined]
        assert page.query_selector(".search-by-language__block li")  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("query", PROVISIONS)
def test_a_bare_provision_at_search_asks_for_no_pagefind_file(browser: object, base_url: str, query: str) -> None:
    """A provision is answered from each language's data: no language's Pagefind file is asked
    for, at once or later."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    fetched: list[str] = []
    try:
        page.on("request", lambda request: fetched.append(urlsplit(request.url).path))  # type: ignore[attr-defined]
        page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
        page.wait_for_function("q => document.getElementById('search-by-language').dataset.query === q", arg=query)  # type: ignore[attr-defined]
        assert len(page.query_selector_all(".search-by-language__block")) == len(SEARCH_LANGUAGES)  # type: ignore[attr-defined]
        assert not [path for path in fetched if path.startswith("/pagefind/")], fetched
    finally:
        context.close()
