"""A phone's first visit to each type of page, measured in headless Debian Chromium.

Each page is opened once from a cold browser context (nothing cached) with a phone's viewport,
served by :func:`bench.localsite.serve`, which gzips text as a real host does, so the bytes
counted are the bytes a phone downloads: every response from navigation until the network is
idle, as transferred (the body as sent, compressed; headers apart), grouped by what the browser
fetched it as: the page's HTML, stylesheets, scripts (modules and their imports included), and
the rest (icons, the web app manifest, a search page's preloads of Pagefind's files).  The
service worker is blocked: it would go on to download the reader's whole language for offline
reading, which the offline table reports apart.

The issue's measure of a page is its HTML with every stylesheet and script it loads
(``HTML + CSS + JS``); the table also gives what :func:`bench.report.page_weight` counts from
the HTML alone (the files the page links, compressed here), which misses what scripts load.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from bench.localsite import browser_on, no_browser

PHONE = {"width": 390, "height": 844}
LIMIT_KB = 40  # every page type's first visit (HTML, stylesheets, scripts), issue 42
LAW_AIM_KB = 30

# every type of page, by the address a reader opens (a missing address gets the 404 page)
PAGES = {
    "landing": "",
    "language home": "fi/",
    "document start page": "fi/1997/",
    "law (fi 1997, long)": "fi/1997/12/",
    "law (fi 2007)": "fi/2007/13/",
    "law (sv 2007)": "sv/2007/13/",
    "definitions": "fi/2007/definitions/",
    "SBL rule": "fi/1997/sbl/1/",
    "PZBS point": "pl/2017/pzbs/25/",
    "laws index": "fi/laws/",
    "law missing in a language": "pl/laws/13/",
    "compare view (law 13, all texts)": "compare/13/",
    "numbering": "fi/numbering/13/",
    "coverage": "fi/coverage/",
    "terms": "fi/terms/",
    "search page": "fi/search/",
    "search from anywhere": "search/",
    "not found (404)": "sv/2007/45/",
}
LAW_PAGES = {"law (fi 1997, long)", "law (fi 2007)", "law (sv 2007)", "PZBS point", "SBL rule"}
KINDS = ("document", "stylesheet", "script")


def first_visit(browser: object, base: str, address: str) -> dict[str, tuple[int, int]]:
    """Bytes (compressed bodies) and requests per kind of response of one cold visit."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    sizes: dict[str, tuple[str, int]] = {}

    def finished(request: object) -> None:
        body = request.sizes()["responseBodySize"]  # type: ignore[attr-defined]
        kind = request.resource_type  # type: ignore[attr-defined]
        sizes[request.url] = (kind if kind in KINDS else "other", body)  # type: ignore[attr-defined]

    page.on("requestfinished", finished)
    page.goto(f"{base}{address}", wait_until="load")
    page.wait_for_load_state("networkidle")
    context.close()
    per_kind: dict[str, list[int]] = defaultdict(list)
    for kind, body in sizes.values():
        per_kind[kind].append(body)
    return {kind: (sum(bodies), len(bodies)) for kind, bodies in per_kind.items()}


def kb(size: int) -> str:
    return f"{size / 1024:.1f}"


def report(site: Path) -> list[str]:
    missing = no_browser()
    if missing:
        return [f"- first visits: not measured ({missing})"]
    from bench.report import page_weight  # the static count, for comparison

    lines = [
        "A phone's first visit to each type of page (cold cache, service worker blocked; KB of gzip as "
        f"sent; the issue's limit {LIMIT_KB} KB of HTML + CSS + JS, {LAW_AIM_KB} KB the aim for law pages):",
        "",
        "| page | address | HTML | CSS | JS | HTML + CSS + JS | within | other | requests "
        "| linked from the HTML (static count) |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    with browser_on(site) as (base, browser):
        for name, address in PAGES.items():
            visit = first_visit(browser, base, address)
            html, css, js, other = (visit.get(kind, (0, 0)) for kind in (*KINDS, "other"))
            counted = html[0] + css[0] + js[0]
            limit = LAW_AIM_KB if name in LAW_PAGES else LIMIT_KB
            within = f"{'yes' if counted <= limit * 1024 else 'no'} ({limit} KB)"
            file = f"{address}index.html"  # none for a missing address: its 404 page links from the root
            static = kb(page_weight(site, file)[1]) if (site / file).is_file() else "n/a"
            requests = sum(count for _size, count in visit.values())
            lines.append(
                f"| {name} | `/{address}` | {kb(html[0])} | {kb(css[0])} | {kb(js[0])} | {kb(counted)} | {within} "
                f"| {kb(other[0])} | {requests} | {static} |"
            )
    return lines
