"""What a first search costs the main thread beside its own work: the grapheme rules Pagefind
needs are loaded while the stylesheets download, not in its first search; Pagefind's files are
unpacked by the browser's inflate, not Pagefind's script; and the address of a page opened with
its query is not written again."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from conftest import PHONE

# Every Intl.Segmenter made, with the script that made it (the stack's first frame after this
# wrapper) and the stylesheets linked then; every DecompressionStream made; every
# history.replaceState
WATCH = """
window.__segmenters = [];
window.__unpacked = 0;
window.__replaced = [];
const Made = Intl.Segmenter;
Intl.Segmenter = new Proxy(Made, {
  construct(target, args) {
    const frames = (new Error().stack || "").split("\\n").slice(2);
    const caller = frames.find((line) => /https?:/.test(line)) || "";
    const linked = document.querySelectorAll('link[rel="stylesheet"]').length;
    window.__segmenters.push({ caller, linked });
    return Reflect.construct(target, args);
  },
});
const Inflate = DecompressionStream;
DecompressionStream = new Proxy(Inflate, {
  construct(target, args) {
    window.__unpacked += 1;
    return Reflect.construct(target, args);
  },
});
const replace = history.replaceState.bind(history);
history.replaceState = (state, unused, url) => {
  window.__replaced.push(String(url));
  return replace(state, unused, url);
};
"""

# a query of each search page that Pagefind answers (the texts print its word)
FIRST_SEARCHES = [
    ("search/", "revoke", "#search-by-language"),
    ("fi/search/", "tarjous", "#search-results"),
    ("sv/search/", "partner", "#search-results"),
    ("tr/search/", "oyun", "#search-results"),
    ("pl/search/", "karty", "#search-results"),
]
DONE = "([selector, q]) => { const e = document.querySelector(selector); return e && e.dataset.query === q; }"


def opened(browser: object, base_url: str, path: str, query: str, done: str) -> tuple[object, object]:
    """A phone's page of ``path`` opened with ``query``, watched (WATCH), once its search is done."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()  # type: ignore[attr-defined]
    page.add_init_script(WATCH)  # type: ignore[attr-defined]
    page.goto(f"{base_url}{path}?q={quote(query)}")  # type: ignore[attr-defined]
    page.wait_for_function(DONE, arg=[done, query], timeout=20000)  # type: ignore[attr-defined]
    return context, page


@pytest.mark.browser
@pytest.mark.parametrize(("path", "query", "done"), FIRST_SEARCHES, ids=[path for path, _q, _d in FIRST_SEARCHES])
def test_the_first_grapheme_segmenter_is_made_above_the_stylesheets(
    browser: object, base_url: str, path: str, query: str, done: str
) -> None:
    """Pagefind makes an Intl.Segmenter for each search, and a page's first one loads Unicode's
    grapheme rules (several milliseconds, more on a phone): the page makes the first itself, in
    the script above its stylesheets (partials/grapheme-rules.html), while they download, so
    that Pagefind's first search does not carry that load."""
    context, page = opened(browser, base_url, path, query, done)
    try:
        made = page.evaluate("window.__segmenters")  # type: ignore[attr-defined]
        assert len(made) >= 2, made  # the page's, then Pagefind's own (each search makes one)
        first = made[0]
        assert "pagefind.js" not in first["caller"] and "/assets/javascripts/" not in first["caller"], made
        assert first["linked"] == 0, made  # no stylesheet linked yet: it runs above them
        assert all("pagefind.js" in later["caller"] for later in made[1:]), made
    finally:
        context.close()  # type: ignore[attr-defined]


# Pagefind's packed files (bridgelaws.search.pagefind_wasm, Pagefind's index): the WebAssembly,
# index chunks, fragments, meta and filters
PACKED = r"/pagefind/.*\.(pagefind|pf_fragment|pf_index|pf_meta|pf_filter)$"


@pytest.mark.browser
@pytest.mark.parametrize(("path", "query", "done"), FIRST_SEARCHES, ids=[path for path, _q, _d in FIRST_SEARCHES])
def test_pagefinds_files_are_unpacked_by_the_browser(
    browser: object, base_url: str, path: str, query: str, done: str
) -> None:
    """Pagefind unpacks a packed file with its own inflate on the main thread (the WebAssembly:
    7-17 ms on a desktop) unless it comes unpacked: each one it reads is unpacked by the
    browser's DecompressionStream (search/page/unpack.js)."""
    context, page = opened(browser, base_url, path, query, done)
    try:
        packed = page.evaluate(  # type: ignore[attr-defined]
            "(pattern) => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)"
            ".filter((name) => new RegExp(pattern).test(name))",
            PACKED,
        )
        assert any(name.endswith(".pagefind") for name in packed), packed  # the WebAssembly
        assert any(name.endswith(".pf_fragment") for name in packed), packed
        assert page.evaluate("window.__unpacked") >= len(packed), packed  # type: ignore[attr-defined]
    finally:
        context.close()  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "query", "done"), FIRST_SEARCHES, ids=[path for path, _q, _d in FIRST_SEARCHES])
def test_a_page_opened_with_its_query_does_not_write_its_address_again(
    browser: object, base_url: str, path: str, query: str, done: str
) -> None:
    """The address already says what is searched: no history.replaceState (a round trip to the
    browser's process, in the first search's task)."""
    context, page = opened(browser, base_url, path, query, done)
    try:
        assert page.evaluate("window.__replaced") == []  # type: ignore[attr-defined]
    finally:
        context.close()  # type: ignore[attr-defined]


@pytest.mark.browser
def test_a_query_typed_after_the_first_writes_the_address(browser: object, base_url: str) -> None:
    """The other side of the test above: a query typed on a language's page after the first is
    written to the address, and the watch sees it."""
    context, page = opened(browser, base_url, "fi/search/", "tarjous", "#search-results")
    try:
        page.fill("#search-input", "kortti")  # type: ignore[attr-defined]
        page.wait_for_function(DONE, arg=["#search-results", "kortti"], timeout=20000)  # type: ignore[attr-defined]
        replaced = page.evaluate("window.__replaced")  # type: ignore[attr-defined]
        assert replaced and replaced[-1].endswith("?q=kortti"), replaced
    finally:
        context.close()  # type: ignore[attr-defined]
