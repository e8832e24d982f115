"""A kept language keeps the pages its pages lead to; offline, a page not kept says so (issue 40).

After a visit to a text page the service worker keeps the reader's language; with the network
off, every page its language menu, its provisions' toolbars and its "this law in other texts"
lead to opens.  A page of the site it did not keep answers "not saved for offline reading" in
the reader's language (status 503), and only an address the site does not have answers "not
found".  Over plain HTTP (an address on a LAN, not the loopback) there is no service worker,
and the page says offline reading is not available instead of nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from bench.localsite import CHROMIUM, CHROMIUM_ARGS
from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t
from bridgelaws.stage5_site import offline
from conftest import SWEDISH_PHONE_GROUP

LANGUAGES = facts.TEXT_LANGUAGES


class Leads(HTMLParser):
    """The hrefs a reader follows out of a page: its language menu, its provisions' toolbars,
    its list of the law's other texts (read as a browser reads the page, not by the build's rules)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []  # (tag, whether it starts a block of leads)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        classes = values.get("class", "").split()
        block = (tag == "span" and "pv" in classes) or (tag == "nav" and "other-texts" in classes)
        if tag == "a":
            inside = any(starts for _, starts in self.open)
            if inside or "md-select__link" in classes:
                self.hrefs.append(values["href"])
            return
        self.open.append((tag, block))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return


def leads(html: str) -> list[str]:
    parser = Leads()
    parser.feed(html)
    return parser.hrefs


def kept(site: Path, lang: str) -> dict[str, str]:
    return dict(json.loads((site / "offline" / f"{lang}.json").read_text(encoding="utf-8"))["files"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_a_text_page_leads_to_is_kept_with_the_language(site: Path, lang: str) -> None:
    """Every text page of the language (``/sv/2007/…``): the targets of its menu, toolbars and
    list of other texts are in the language's offline list, with the hash of the file."""
    files = kept(site, lang)
    pages = [p for p in (site / lang).rglob("index.html") if p.relative_to(site / lang).parts[0].isdigit()]
    assert pages
    foreign = set()
    for page in pages:
        for href in leads(page.read_text(encoding="utf-8")):
            target = offline.resolve(site, page, href)
            assert target is not None, (page, href)  # every lead is a page of the site
            url = offline.page_url(PurePosixPath(target.relative_to(site).as_posix()))
            assert files.get(url) == offline.file_hash(target), (page, href)
            foreign.add(url.split("/")[0])
    assert set(LANGUAGES) - {lang} <= foreign  # the menu leads to every other language


def test_the_issues_journey_is_kept(site: Path) -> None:
    """The pages the issue found missing offline after a visit to /sv/2007/16/."""
    files = kept(site, "sv")
    for url in ("fi/2007/16/", "fi/1997/16/", "laws/16/", "tr/laws/16/", "pl/laws/16/"):
        assert url in files, url


def test_the_site_lists_its_pages_for_the_worker(site: Path) -> None:
    pages = json.loads((site / offline.PAGES).read_text(encoding="utf-8"))
    on_disk = {offline.page_url(PurePosixPath(p.relative_to(site).as_posix())) for p in site.rglob("index.html")}
    assert set(pages) == on_disk and "" in pages and "sv/2007/16/" in pages
    for lang in ("en", *LANGUAGES):
        assert offline.PAGES in kept(site, lang)  # offline, the worker can tell "not saved" from "not found"
        # and says so with the 404 page of the language it speaks (the reader's, or the path's)
        assert {urls.not_found(other) for other in ("en", *LANGUAGES)} <= set(kept(site, lang))
    not_found = (site / "404.html").read_text(encoding="utf-8")
    worker = (site / "sw.js").read_text(encoding="utf-8")
    assert 'data-reason="missing"' in not_found and "'data-reason=\"missing\"'" in worker  # the worker's mark


# -- in the browser, the network off ---------------------------------------------------------------


# the tests of the phone that kept Swedish (conftest.swedish_reader) share it on one worker
SWEDISH_READER = pytest.mark.xdist_group(SWEDISH_PHONE_GROUP)


# (what the reader taps on /sv/2007/16/#16B1, a locator; the language of the page it opens)
TAPS = [
    pytest.param(".md-select__link[hreflang='fi']", "fi", id="menu-suomi"),
    pytest.param(".md-select__link[hreflang='en']", "en", id="menu-english-hub"),
    pytest.param(".md-select__link[hreflang='tr']", "tr", id="menu-turkce-hub"),
    pytest.param(".md-select__link[hreflang='pl']", "pl", id="menu-polski-hub"),
    pytest.param("[data-for='16B1'] a[hreflang='fi'] >> nth=0", "fi", id="toolbar-fi-2007"),
    pytest.param("[data-for='16B1'] a[hreflang='fi'] >> nth=1", "fi", id="toolbar-fi-1997"),
    pytest.param("nav.other-texts a >> nth=0", "fi", id="other-texts-first"),
    pytest.param("nav.other-texts a >> nth=-1", None, id="other-texts-last"),
]


@SWEDISH_READER
@pytest.mark.parametrize(("tap", "lang"), TAPS)
def test_offline_every_way_out_of_a_kept_page_opens(
    swedish_reader: Any, base_url: str, tap: str, lang: str | None
) -> None:
    page = swedish_reader
    page.goto(f"{base_url}sv/2007/16/#16B1")
    link = page.locator(tap)
    if tap.startswith(".md-select"):
        page.locator(".md-header .md-select > button").tap()
    href = link.get_attribute("href")
    with page.expect_navigation() as navigation:
        link.tap()
    response = navigation.value
    assert response is not None and response.ok and response.from_service_worker, href
    expected = lang or link_language(href)
    assert page.evaluate("document.documentElement.lang") == expected
    assert page.locator(".not-found-page").count() == 0
    assert page.locator("h1").count() == 1


@SWEDISH_READER
def test_offline_a_citation_into_another_languages_text_opens(swedish_reader: Any, base_url: str) -> None:
    """The Swedish reader at the table, network off, taps "86D → fi 1997 · 86" in Law 13."""
    page = swedish_reader
    page.goto(f"{base_url}sv/2007/13/")  # from the kept copy: no page of this visit is in the HTTP cache to use
    link = page.locator("article a.ref-elsewhere[hreflang=fi]", has_text="86D").first
    assert "fi 1997" in link.inner_text()
    with page.expect_navigation() as navigation:
        link.click()
    response = navigation.value
    assert response is not None and response.ok and response.from_service_worker
    assert page.url == f"{base_url}fi/1997/86/#86"
    assert page.locator("h1").inner_text().startswith("86")
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert page.locator("[id='86']").count() == 1


@SWEDISH_READER
def test_offline_where_to_read_a_law_swedish_lacks_opens_every_text(swedish_reader: Any, base_url: str) -> None:
    """The Swedish director, network off, needs Law 73 (the Swedish text has Laws 9-16): the
    Swedish "where to read" page opens, and so does each text it names."""
    page = swedish_reader
    response = page.goto(f"{base_url}sv/laws/73/")
    assert response is not None and response.ok and response.from_service_worker
    hrefs = page.locator("article a[hreflang]").evaluate_all("links => links.map(link => link.href)")
    texts = sorted({href.split("#")[0] for href in hrefs if "/laws/" not in href and "/compare/" not in href})
    assert len(texts) >= 2, hrefs  # the Finnish 1997 text and the PZBS rule at Law 73
    for href in texts[1:]:  # from the kept copy, or the fetch fails: offline, nothing else answers
        answer = page.evaluate("async url => { const r = await fetch(url); return [r.status, await r.text()]; }", href)
        assert answer[0] == 200 and "not-found-page" not in answer[1], href
    with page.expect_navigation() as navigation:  # and one tapped, as the reader would
        page.locator(f"article a[href$='{texts[0].split('/', 3)[-1]}']").first.tap()
    response = navigation.value
    assert response is not None and response.ok and response.from_service_worker
    assert page.locator(".not-found-page").count() == 0 and page.locator("h1").count() == 1


def link_language(href: str | None) -> str:
    first = (href or "").replace("../", "").split("/")[0]
    return first if first in LANGUAGES else "en"


# (address, the page the reader came from, the language it answers in, status): a page of the
# site that is not kept says "not saved" in the reader's language; an address it lacks, "not found"
NOT_KEPT = [
    pytest.param("fi/compare/45/", "sv/2007/16/", "sv", 503, id="fi-compare-from-swedish"),
    pytest.param("pl/numbering/12/", "sv/2007/13/", "sv", 503, id="pl-numbering-from-swedish"),
    pytest.param("tr/numbering/16/", "sv/compare/13/", "sv", 503, id="tr-numbering-from-swedish-compare"),
    pytest.param("fi/compare/45/", None, "fi", 503, id="typed-address-the-paths-language"),
    pytest.param("compare/45/", "sv/2007/16/", "sv", 503, id="english-compare-from-swedish"),
    pytest.param("fi/no-such-page/", "sv/2007/16/", "fi", 404, id="no-such-page"),
    pytest.param("sv/2007/99/", None, "sv", 404, id="no-such-law"),
]


@SWEDISH_READER
@pytest.mark.parametrize(("address", "came_from", "lang", "status"), NOT_KEPT)
def test_offline_a_page_not_kept_says_not_saved_and_only_a_missing_one_not_found(
    swedish_reader: Any, base_url: str, address: str, came_from: str | None, lang: str, status: int
) -> None:
    page = swedish_reader
    referer = f"{base_url}{came_from}" if came_from else None
    response = page.goto(f"{base_url}{address}", referer=referer) if referer else page.goto(f"{base_url}{address}")
    assert response is not None and response.status == status and response.from_service_worker
    heading = page.locator(".not-found:visible h1")
    key = "not_saved" if status == 503 else "not_found"
    assert heading.inner_text() == t(lang, f"{key}_title")
    assert page.locator(".not-found:visible .not-found__text").inner_text() == t(lang, f"{key}_text")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title().startswith(t(lang, f"{key}_title"))
    # the page around it in the same language: its footer, the site's name in its header
    assert page.locator(".md-footer-meta .md-copyright").inner_text().startswith(t(lang, "footer_copyright"))
    assert page.locator(".md-header__topic").first.inner_text() == facts.read_site().names[lang]


@SWEDISH_READER
@pytest.mark.parametrize(
    ("start", "lang"),
    [
        pytest.param("sv/coverage/", "fi", id="coverage-suomi"),
        pytest.param("sv/terms/", "tr", id="terms-turkce"),
        pytest.param("sv/laws/", "pl", id="laws-index-polski"),
        pytest.param("sv/terms/", "en", id="terms-english"),
    ],
)
def test_offline_the_menu_of_a_kept_index_page_opens_every_language(
    swedish_reader: Any, base_url: str, start: str, lang: str
) -> None:
    """The coverage table, the term base and the laws index are kept in every language with each:
    their menu opens the other language's version offline, from the worker."""
    page = swedish_reader
    page.goto(f"{base_url}{start}")
    page.locator(".md-header .md-select > button").tap()
    with page.expect_navigation() as navigation:
        page.locator(f".md-select__link[hreflang='{lang}']").tap()
    response = navigation.value
    assert response is not None and response.ok and response.from_service_worker
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".not-found-page").count() == 0


@SWEDISH_READER
def test_offline_the_menu_of_a_page_whose_targets_are_not_kept_says_not_saved(
    swedish_reader: Any, base_url: str
) -> None:
    """The Swedish compare view's menu leads to the other languages' compare views, not kept: a tap
    there says so in Swedish, with the way back to what is kept."""
    page = swedish_reader
    page.goto(f"{base_url}sv/compare/13/")
    page.locator(".md-header .md-select > button").tap()
    with page.expect_navigation() as navigation:
        page.locator(".md-select__link[hreflang='fi']").tap()
    assert navigation.value is not None and navigation.value.status == 503
    assert page.locator(".not-found:visible h1").inner_text() == t("sv", "not_saved_title")
    assert page.url == f"{base_url}fi/compare/13/"  # the address stays: online again, a reload opens it


# -- plain HTTP: no service worker, and the page says so ------------------------------------------

LAN_HOST = "bridge-laws.lan"  # a name on the LAN, not the loopback: a plain-HTTP origin is not secure


@pytest.fixture(scope="module")
def lan_browser(browser: Any) -> Iterator[Any]:
    """A second Chromium, of the same Playwright, resolving a LAN name to the loopback, where the
    test server listens."""
    launched = browser.browser_type.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"]
    )
    yield launched
    launched.close()


@pytest.mark.parametrize(
    ("path", "lang"),
    [("sv/2007/16/", "sv"), ("fi/2007/13/", "fi"), ("tr/2017/12/", "tr"), ("pl/2017/pzbs/3/", "pl"), ("", "en")],
)
def test_over_plain_http_the_page_says_offline_reading_is_not_available(
    lan_browser: Any, browser: Any, base_url: str, path: str, lang: str
) -> None:
    port = base_url.rstrip("/").rsplit(":", 1)[1]
    context = lan_browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"http://{LAN_HOST}:{port}/{path}")
        assert page.evaluate("window.isSecureContext") is False
        status = page.locator(".md-footer-meta .offline-status")
        status.wait_for()
        assert status.inner_text() == t(lang, "offline_unavailable")
        assert page.get_attribute("html", "data-offline") == "unavailable"
    finally:
        context.close()
    # the same page on the loopback, a secure context: it never says so
    secure = browser.new_page(service_workers="allow")
    try:
        secure.goto(f"{base_url}{path}")
        assert secure.evaluate("window.isSecureContext") is True
        assert secure.get_attribute("html", "data-offline") != "unavailable"
        assert t(lang, "offline_unavailable") not in secure.locator(".md-footer-meta").inner_text()
    finally:
        secure.close()
