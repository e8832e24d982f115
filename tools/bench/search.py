"""What a reader's first search costs, per language, measured in headless Debian Chromium.

The built site is served from the loopback by :func:`bench.localsite.serve`, which
compresses text the way a real server does (gzip), so the bytes counted are the bytes a phone
would download.  Each language is searched from a cold browser context (nothing cached) at ``/<lang>/search/?q=…``:

* **bytes**: every response from navigation to the finished result list (the page, its CSS
  and JS, Pagefind's script, WebAssembly, index chunk and result fragments), as transferred;
* **time to first results**: from navigation start until the first result link is shown,
  median of runs, on the loopback and with Chromium's network emulation of a slow phone
  connection (Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down);
* **next query**: on the search page, from pressing Enter on a second query to its results
  (Pagefind loaded; it may still fetch another index chunk and the result fragments).
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote

from bench.localsite import browser_on, no_browser

QUERIES = {"fi": "revokki", "sv": "träkarlen", "tr": "rönons", "pl": "sędzia"}
NEXT_QUERIES = {"fi": "lepääjä", "sv": "tävlingsledaren", "tr": "hakem", "pl": "rozgrywający"}
RUNS = 3
# a request of one language's search: its search files (urls.search: "/fi/search/data.json"),
# Pagefind's of its index ("wasm.fi.pagefind", "pagefind.fi_….pf_meta", "index/fi_…",
# "fragment/fi_…"), Pagefind's script as /search/ imports it for the language ("?lang=fi")
LANGUAGE_FILE = re.compile(
    r"/(?P<a>[a-z]{2})/search/|wasm\.(?P<b>[a-z]{2})\.|pagefind\.(?P<c>[a-z]{2})_|/(?P<d>[a-z]{2})_[0-9a-f]+\.pf_|lang=(?P<e>[a-z]{2})"
)


def language_of(url: str) -> str | None:
    """The language a request of a search is of (LANGUAGE_FILE), or None (the page's own)."""
    found = LANGUAGE_FILE.search(url)
    return next((lang for lang in found.groups() if lang), None) if found else None


SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


def first_search(
    browser: object, base: str, lang: str, query: str, throttle: Mapping[str, object] | None, warm: bool = False
) -> tuple[float, int, int]:
    """(milliseconds to the first result, bytes transferred, of which Pagefind's).

    ``warm``: the reader comes from the language's home page (the site's CSS and JS are
    cached, Pagefind is not), as when searching from the header.
    """
    context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    page = context.new_page()
    if warm:
        page.goto(f"{base}{lang}/")
        page.wait_for_load_state("networkidle")
    if throttle:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", dict(throttle))
    sizes: dict[str, int] = {}

    def finished(request: object) -> None:
        sizes_of = request.sizes()  # type: ignore[attr-defined]
        sizes[request.url] = sizes_of["responseBodySize"] + sizes_of["responseHeadersSize"]  # type: ignore[attr-defined]

    page.on("requestfinished", finished)
    url = f"{base}{lang}/search/?q={quote(query)}"
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#search-results a", timeout=60000)
    elapsed = (time.perf_counter() - start) * 1000
    page.wait_for_function(
        "q => document.getElementById('search-results').dataset.query === q", arg=query, timeout=60000
    )
    page.wait_for_load_state("networkidle")
    context.close()
    total = sum(sizes.values())
    pagefind = sum(size for address, size in sizes.items() if "/pagefind/" in address)
    return elapsed, total, pagefind


def first_block(browser: object, base: str, query: str) -> tuple[str, int]:
    """(the language shown first, bytes transferred) of ``/search/?q=`` with a query of no one
    language, from a cold browser: what its first results (the likeliest language's block) wait
    for.  /search/ searches one language at a time: every request of another language than the
    first one asked for (its data, its Pagefind files) is refused (their blocks say they could
    not be searched), so nothing of theirs is counted."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    page = context.new_page()
    sizes: dict[str, int] = {}
    first: list[str] = []  # the first language's data

    def finished(request: object) -> None:
        sizes_of = request.sizes()  # type: ignore[attr-defined]
        sizes[request.url] = sizes_of["responseBodySize"] + sizes_of["responseHeadersSize"]  # type: ignore[attr-defined]

    def first_only(route: object) -> None:
        lang = language_of(route.request.url)  # type: ignore[attr-defined]
        if lang and not first:
            first.append(lang)
        if lang is None or lang == first[0]:
            route.continue_()  # type: ignore[attr-defined]
        else:
            route.abort()  # type: ignore[attr-defined]

    page.on("requestfinished", finished)
    page.route("**/*", first_only)
    page.goto(f"{base}search/?q={quote(query)}")
    page.wait_for_function(
        "q => document.getElementById('search-by-language').dataset.query === q", arg=query, timeout=60000
    )
    page.wait_for_load_state("networkidle")
    lang = str(page.eval_on_selector(".search-by-language__block", "block => block.lang"))
    context.close()
    return lang, sum(sizes.values())


def next_query(browser: object, base: str, lang: str, throttle: Mapping[str, object] | None) -> float:
    """Milliseconds from typing a second query on the search page to its results."""
    context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    page = context.new_page()
    if throttle:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", dict(throttle))
    first, second = QUERIES[lang], NEXT_QUERIES[lang]
    page.goto(f"{base}{lang}/search/?q={quote(first)}")
    page.wait_for_function("q => document.getElementById('search-results').dataset.query === q", arg=first)
    start = time.perf_counter()
    page.fill("#search-input", second)
    page.press("#search-input", "Enter")
    page.wait_for_function(
        "q => document.getElementById('search-results').dataset.query === q", arg=second, timeout=60000
    )
    elapsed = (time.perf_counter() - start) * 1000
    context.close()
    return elapsed


def report(site: Path) -> list[str]:
    missing = no_browser()
    if missing:
        return [f"- first search: not measured ({missing})"]
    lines = [
        f"First search per language (cold cache; gzip as a real server sends; median of {RUNS} runs):",
        "",
        "| language | query | downloaded (all) | of which Pagefind | first results, loopback "
        "| first results, slow 4G | same, site assets cached | next query, slow 4G |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    with browser_on(site) as (base, browser):
        for lang, query in QUERIES.items():
            fast = [first_search(browser, base, lang, query, None) for _ in range(RUNS)]
            slow = [first_search(browser, base, lang, query, SLOW_4G) for _ in range(RUNS)]
            warm = [first_search(browser, base, lang, query, SLOW_4G, warm=True) for _ in range(RUNS)]
            following = statistics.median(next_query(browser, base, lang, SLOW_4G) for _ in range(RUNS))
            total = statistics.median(run[1] for run in fast)
            pagefind = statistics.median(run[2] for run in fast)
            lines.append(
                f"| {lang} | {query} | {total / 1024:.0f} KB | {pagefind / 1024:.0f} KB "
                f"| {_median_ms(fast)} | {_median_ms(slow)} | {_median_ms(warm)} | {following:.0f} ms |"
            )
    return lines


def _median_ms(runs: list[tuple[float, int, int]]) -> str:
    return f"{statistics.median(run[0] for run in runs):.0f} ms"
