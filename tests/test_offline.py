"""Offline reading: what the service worker keeps, and the site with the network off.

The browser tests load one law page over HTTP, wait until the worker says the language is
kept, switch the network off and then open other pages of every kind a reader uses at a venue.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from bench.localsite import serve
from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t
from bridgelaws.stage5_site import offline
from test_csp import POLICY_START, Watch, toggle_columns, wait_for_results

LANGUAGES = facts.TEXT_LANGUAGES
UI = tomllib.loads(
    (Path(__file__).resolve().parent.parent / "tools/bridgelaws/stage4_render/ui.toml").read_text("utf-8")
)


def offline_list(site: Path, lang: str) -> dict[str, str]:
    data = json.loads((site / "offline" / f"{lang}.json").read_text(encoding="utf-8"))
    return dict(data["files"])


def page_urls(site: Path, folder: str) -> list[str]:
    pages = (site / folder).rglob("index.html")
    return [offline.page_url(PurePosixPath(page.relative_to(site).as_posix())) for page in pages]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_of_the_language_and_every_compare_view_is_kept(site: Path, lang: str) -> None:
    kept = offline_list(site, lang)
    pages = page_urls(site, lang)
    compare = page_urls(site, f"{lang}/compare")  # the compare views in the reader's language
    assert len(pages) > 50 and len(compare) >= 93
    assert f"{lang}/coverage/" in kept and f"{lang}/numbering/13/" in kept
    assert not [url for url in pages + compare if url not in kept]
    assert f"{lang}/search/" in kept and f"pagefind/wasm.{lang}.pagefind" in kept
    # what the search pages fetch with their engine: the language's data, and /search/'s
    assert urls.search_data(lang) in kept and urls.search_data(facts.DEFAULT_LANGUAGE) in kept
    assert any(url.startswith(f"pagefind/fragment/{lang}_") for url in kept)
    situations = {path.name for path in (site / urls.search(lang)).glob("situations-*.json")}
    assert situations and {url.rsplit("/", 1)[-1] for url in kept if "/situations-" in url} == situations  # two words
    english = {path.name for path in (site / urls.search(lang)).glob("english-*.json")}
    assert english and {url.rsplit("/", 1)[-1] for url in kept if "/english-" in url} == english  # an English word
    concepts = {path.name for path in (site / urls.search(lang)).glob("concepts-*.json")}
    assert concepts and {url.rsplit("/", 1)[-1] for url in kept if "/concepts-" in url} == concepts  # any word


def cited_from(site: Path, lang: str) -> set[str]:
    """URLs of other languages' pages that the language's text pages lead to (their text, menu,
    toolbars, other texts)."""
    cited = set()
    for page in offline.text_pages(site, lang):
        for href in offline.cross_links(page.read_text(encoding="utf-8")):
            target = offline.resolve(site, page, href)
            if target is not None and target.relative_to(site).parts[0] in set(LANGUAGES) - {lang}:
                cited.add(offline.page_url(PurePosixPath(target.relative_to(site).as_posix())))
    return cited


def texts_linked_from(site: Path, lang: str) -> set[str]:
    """URLs of other languages' texts (``fi/1997/73/``) that the language's other pages ("where
    to read", laws index, coverage, compare, numbering) link to anywhere (English: the pages
    outside the text languages' folders)."""
    linked = set()
    own = (site / lang).rglob("index.html") if lang in LANGUAGES else site.glob("*/**/index.html")
    for page in own:
        parts = page.relative_to(site).parts
        if lang not in LANGUAGES and parts[0] in LANGUAGES:
            continue  # another language's page
        if lang in LANGUAGES and re.fullmatch(r"\d{4}", parts[1]):
            continue  # a text page: its leads are cited_from's
        for href in re.findall(r'<a\s[^>]*?href="([^"]*)"', page.read_text(encoding="utf-8")):
            target = offline.resolve(site, page, href)
            if target is None:
                continue
            parts = target.relative_to(site).parts
            if parts[0] in set(LANGUAGES) - {lang} and re.fullmatch(r"\d{4}", parts[1]):
                linked.add(offline.page_url(PurePosixPath(target.relative_to(site).as_posix())))
    return linked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_language_keeps_of_other_languages_only_the_pages_it_leads_to_and_their_indexes(
    site: Path, lang: str
) -> None:
    others = [other for other in LANGUAGES if other != lang]
    kept = offline_list(site, lang)
    foreign = {url for url in kept if url.split("/")[0] in others}
    foreign_pages = {url for url in foreign if not url.endswith(".webmanifest")}
    # and the index pages every language keeps of every other (their menus lead there), and their
    # 404 pages (offline, a page not kept says so in the reader's language, header and footer too)
    indexes = {url_for(other) for other in others for url_for in (*offline.EVERY_LANGUAGE, urls.not_found)}
    linked = texts_linked_from(site, lang)
    assert linked - cited_from(site, lang), "the interface pages lead to no text the text pages do not"
    assert foreign_pages == cited_from(site, lang) | linked | indexes
    # another language's compare and numbering views are not kept (see offline.EVERY_LANGUAGE)
    assert not [url for url in foreign_pages if re.match(r"[a-z]{2}/(compare|numbering)/", url)]
    assert foreign - foreign_pages <= {f"{other}/manifest.webmanifest" for other in others}  # what the pages load
    assert not [url for url in kept if any(f"/{other}_" in url or f".{other}_" in url for other in others)]
    assert not [url for url in foreign if "/search/" in url]  # another language's search is not kept


def test_the_english_interface_keeps_every_text_its_pages_link_to(site: Path) -> None:
    """English has no text of its own: a law is read in the texts its "where to read" pages, laws
    index, coverage and compare views link to, every language's, all kept with it."""
    linked = texts_linked_from(site, "en")
    assert {url.split("/")[0] for url in linked} == set(LANGUAGES)
    assert not linked - set(offline_list(site, "en"))


@pytest.mark.parametrize(
    ("page", "link", "target"),
    [
        ("sv/2007/13/", "86D", "fi/1997/86/"),  # a citation that leaves the text: "86D → fi 1997 · 86"
        ("sv/2007/12/", "PZBS 3", "pl/2017/pzbs/3/"),  # a national rule shown through the concordance
    ],
)
def test_a_page_another_languages_text_cites_is_kept_with_it(site: Path, page: str, link: str, target: str) -> None:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    hrefs = {offline.resolve(site, site / page / "index.html", href) for href in offline.cross_links(html)}
    assert site / target / "index.html" in hrefs
    assert f">{link}" in html  # the link as the reader sees it
    lang = page.split("/")[0]
    kept = offline_list(site, lang)
    assert target in kept and f"{target.split('/')[0]}/manifest.webmanifest" in kept
    assert offline.file_hash(site / target / "index.html") == kept[target]


# (pathlib drops "." itself, not "..": "{site}/../{name}" is the site under another name)
@pytest.mark.parametrize("written", ["{site}", "{site}/../{name}", "{relative}", "../{parent}/{name}"])
def test_the_listed_resolver_answers_as_the_file_system_however_the_site_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str
) -> None:
    """resolver() reads a listing of the site once; resolve() asks the file system: the same
    answer for every link, whether the site's path is absolute, relative or not normalised."""
    for folder in ("fi/1997/86", "sv/2007/13", "assets"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "index.html").write_text("x")
    (tmp_path / "assets" / "laws.css").write_text("x")
    (tmp_path / "index.html").write_text("x")  # the home, "../../.." from a law
    monkeypatch.chdir(tmp_path.parent)
    names = {"site": tmp_path, "name": tmp_path.name, "parent": tmp_path.parent.name}
    site = Path(written.format(**names, relative=f"./{tmp_path.name}/."))
    page = site / "sv" / "2007" / "13" / "index.html"
    hrefs = ["../../../fi/1997/86/#86", "../../../fi/1997/86", "../../../assets/laws.css", "../../..", "../../../../x/"]
    hrefs += ["../../../fi/1997/87/", "https://example.org/", "#86"]
    listed = offline.resolver(site)
    answers = [(href, listed(page, href), offline.resolve(site, page, href)) for href in hrefs]
    assert [href for href, by_list, by_disk in answers if by_list != by_disk] == []
    assert sum(by_list is not None for _, by_list, _ in answers) == 4


def test_links_are_resolved_as_a_browser_does_and_only_inside_the_site(tmp_path: Path) -> None:
    (tmp_path / "fi" / "1997" / "86").mkdir(parents=True)
    (tmp_path / "fi" / "1997" / "86" / "index.html").write_text("x")
    page = tmp_path / "sv" / "2007" / "13" / "index.html"
    assert offline.resolve(tmp_path, page, "../../../fi/1997/86/#86") == tmp_path / "fi/1997/86/index.html"
    assert offline.resolve(tmp_path, page, "../../../fi/1997/86/?c=x") == tmp_path / "fi/1997/86/index.html"
    for href in ("../../../fi/1997/87/", "../../../../etc/", "https://example.org/", "/fi/1997/86/", "#86", ""):
        assert offline.resolve(tmp_path, page, href) is None, href
    html = (
        '<a href="m/" hreflang="fi" class="md-select__link">Suomi</a>'
        '<p><a class="ref ref-elsewhere" href="a/" hreflang="fi">1</a> <a class="ref" href="b/">2</a>'
        '<details class="national-rules"><summary>s</summary><ul><li lang="pl"><a href="c/" hreflang="pl">3</a>'
        '</li></ul></details><nav class="other-texts"><a href="d/" hreflang="fi">4</a></nav>'
        '<span class="pv" data-for="16B1" data-pagefind-ignore><a href="e/" hreflang="fi">fi 2007: 16B1</a></span>'
        '<a class="edition" href="f/">2007</a></p>'
    )
    # the menu and citations by class, then national rules, other texts and toolbars; not in-text links
    assert sorted(offline.cross_links(html)) == ["a/", "c/", "d/", "e/", "m/"]


def test_every_kept_file_exists_with_the_hash_listed(site: Path) -> None:
    for lang in ("en", *LANGUAGES):
        for url, digest in offline_list(site, lang).items():
            path = offline.file_of(site, url)
            assert path.is_file(), url
            assert offline.file_hash(path) == digest, url


def test_the_worker_carries_the_lists_version(site: Path) -> None:
    worker = (site / "sw.js").read_text(encoding="utf-8")
    versions = {json.loads((site / "offline" / f"{lang}.json").read_text())["version"] for lang in LANGUAGES}
    assert len(versions) == 1
    assert f'const VERSION = "{versions.pop()}";' in worker


def test_a_changed_page_is_a_new_version_and_an_unchanged_site_the_same(site: Path, tmp_path: Path) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    names = {"en": "Laws", "fi": "Laki"}
    offline.write(copy, names, "d")
    first = (copy / "sw.js").read_bytes()
    offline.write(copy, names, "d")
    assert (copy / "sw.js").read_bytes() == first  # a rebuild that changes nothing: no update
    page = copy / "fi" / "2007" / "13" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</main>", "<p>x</p></main>"), "utf-8")
    offline.write(copy, names, "d")
    assert (copy / "sw.js").read_bytes() != first


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_web_app_manifest_starts_in_the_language_with_icons_that_exist(site: Path, lang: str) -> None:
    folder = site if lang == "en" else site / lang
    manifest = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == lang and manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["description"] == t(lang, "tagline")  # what the install dialog says, in the language
    assert (folder / manifest["scope"]).resolve() == site.resolve()
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert (folder / icon["src"]).is_file()
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert 'rel="manifest"' in html
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html  # one colour, from mkdocs.yml


# -- in the browser --------------------------------------------------------------------


# the browser tests share one phone that kept Finnish (a download of 1,800 files) on one worker
BROWSER_GROUP = pytest.mark.xdist_group("offline-finnish")


@pytest.fixture(scope="module")
def kept_finnish(browser: Any, base_url: str) -> Iterator[Any]:
    """A phone that visited one Finnish law page and waited until the site was kept offline, with
    its requests to anywhere but the site (``context.foreign``, by the pages and the worker)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers="allow"
    )
    context.foreign = []
    context.on("request", lambda r: None if r.url.startswith(base_url) else context.foreign.append(r.url))
    # every page of the phone reports its CSP violations (test_csp.Watch); the download's page is
    # kept open for the CSP test below, with what it reported while the worker kept Finnish
    context.watch = Watch(context)
    page = context.watch.page
    page.goto(f"{base_url}fi/2007/13/")
    page.wait_for_selector("html[data-offline=ready]", timeout=120_000)
    context.download_violations = context.watch.violations()
    yield context
    context.close()


@pytest.fixture
def online_reader(kept_finnish: Any, base_url: str) -> Iterator[Any]:
    """A page of that phone on the Finnish law page, the worker saying Finnish is kept."""
    kept_finnish.foreign.clear()
    page = kept_finnish.new_page()
    page.foreign_requests = kept_finnish.foreign
    page.goto(f"{base_url}fi/2007/13/")
    page.wait_for_selector("html[data-offline=ready]", timeout=120_000)
    yield page
    page.close()
    kept_finnish.set_offline(False)


@pytest.fixture
def reader(online_reader: Any) -> Any:
    """The same phone with the network off."""
    online_reader.context.set_offline(True)
    return online_reader


# Every URL the worker's cache of this version holds, with the URL of the response stored there.
KEPT = """async () => {
  const name = (await caches.keys()).find(name => /^bridgelaws-[0-9a-f]{16}$/.test(name));
  const cache = await caches.open(name);
  return Object.fromEntries((await cache.keys()).map(request => [request.url, true]));
}"""


@BROWSER_GROUP
def test_a_redirected_page_is_never_kept_under_the_url_without_its_slash(online_reader: Any, base_url: str) -> None:
    page = online_reader
    # not kept for Finnish: other languages' pages, asked for without the slash (the server redirects)
    slashless = [f"{base_url}sv/2007/13", f"{base_url}tr/2017/12", f"{base_url}pl/2017"]
    fetched = page.evaluate(
        "async urls => Promise.all(urls.map(async url => { const r = await fetch(url); "
        "return [r.status, r.redirected, r.url]; }))",
        slashless,
    )
    assert fetched == [[200, True, f"{url}/"] for url in slashless]  # what the worker saw: a redirect
    navigated = page.goto(slashless[0])  # a navigation too (the worker sees the redirect itself)
    assert navigated.ok and page.url == f"{slashless[0]}/"
    page.goto(f"{base_url}fi/2007/13")  # a kept page, asked for without its slash
    assert page.url == f"{base_url}fi/2007/13/"

    kept = page.evaluate(KEPT)
    assert not [url for url in slashless if url in kept], "a redirected response was kept under the URL asked for"
    assert f"{base_url}fi/2007/13" not in kept and f"{base_url}fi/2007/13/" in kept
    assert f"{slashless[0]}/" in kept  # the final URL, reached by the navigation, is kept

    page.context.set_offline(True)
    response = page.goto(f"{slashless[0]}/#13A")  # offline at its real URL: the page, its links work
    assert response.ok and response.from_service_worker
    assert page.locator("h1").inner_text().startswith("13")
    assert page.evaluate("document.baseURI") == f"{slashless[0]}/#13A"  # relative links resolve from the folder
    response = page.goto(f"{base_url}fi/2007/13")  # offline without the slash: sent on to the kept page
    assert response.ok and page.url == f"{base_url}fi/2007/13/"
    assert page.locator("h1").inner_text().startswith("13")
    assert page.foreign_requests == []


@BROWSER_GROUP
def test_no_csp_violation_while_keeping_finnish_and_reading_it_offline(kept_finnish: Any, base_url: str) -> None:
    """The page that kept Finnish reported no violation while the worker downloaded, nor do the
    kept pages, compare views, searches and 404 page the worker answers offline."""
    assert kept_finnish.download_violations == []
    watch = kept_finnish.watch
    page = watch.page
    kept_finnish.set_offline(True)
    try:
        for url, action in [
            ("fi/1997/45/", None),
            ("fi/compare/13/?c=fi-1997,fi-2007", toggle_columns),  # the reader's language keeps its compare views
            ("fi/search/?q=revokki", lambda page: wait_for_results(page, "revokki")),
            ("fi/search/?q=12C1(b)", lambda page: wait_for_results(page, "12C1(b)")),
            ("fi/no-such-page/", None),  # the kept 404 page
        ]:
            response = page.goto(base_url + url)
            assert response is not None and response.from_service_worker, url
            assert watch.policy().startswith(POLICY_START)
            if action:
                action(page)
            assert watch.violations() == [], url
    finally:
        kept_finnish.set_offline(False)


@BROWSER_GROUP
def test_with_the_network_off_law_pages_compare_and_search_still_work(reader: Any, base_url: str) -> None:
    page = reader
    assert page.locator(".offline-status").inner_text().startswith("Tallennettu")

    response = page.goto(f"{base_url}fi/1997/45/#45C")
    assert response.from_service_worker  # not a page the browser had in its own cache
    assert page.locator("h1").inner_text().startswith("45")
    assert page.locator("[id='45C']").is_visible()

    page.goto(f"{base_url}fi/2007/")  # a document's start page, then a link on it
    page.locator("article a[href$='/12/'], article a[href='12/']").first.click()
    page.wait_for_url("**/fi/2007/12/")
    assert page.locator("h1").inner_text().startswith("12")

    assert page.goto(f"{base_url}fi/compare/13/?c=fi-1997,sv-2007").from_service_worker  # the reader's own
    shown = page.eval_on_selector_all("table.compare thead th:not([hidden])", "cells => cells.length")
    assert shown >= 2 and page.locator("table.compare tbody tr:not([hidden])").count() > 3

    page.goto(f"{base_url}fi/search/?q=revokki")
    page.wait_for_function("() => document.getElementById('search-results').dataset.query === 'revokki'")
    first = page.locator("#search-results a").first
    assert first.count() == 1
    first.click()
    page.wait_for_load_state()
    assert "/fi/" in page.url and page.locator("h1").count() == 1
    assert "revok" in page.locator("article").inner_text().lower()

    # a word of a common stem: which pages print it comes from pagefind/forms/, kept as well
    # (without it, the laws printing "samasta" rank below the pages a first page reads)
    page.goto(f"{base_url}fi/search/?q=samasta")
    page.wait_for_function("() => document.getElementById('search-results').dataset.query === 'samasta'")
    shown = page.eval_on_selector_all("#search-results a", "links => links.map(a => a.getAttribute('href'))")
    assert any("/67/" in href for href in shown[:10]) and any("/74/" in href for href in shown[:10]), shown

    page.goto(f"{base_url}fi/search/?q=12C1(b)")  # a provision query, answered from the page's data
    page.wait_for_function("() => document.getElementById('search-results').dataset.query === '12C1(b)'")
    assert "12/#12C1b" in page.locator("#search-results a").first.get_attribute("href")

    # a search page opened to type in: its engine and data load from the kept copy as the reader types
    page.goto(f"{base_url}fi/search/")
    page.locator("#search-input").press_sequentially("lepääjä")
    page.wait_for_function("() => document.getElementById('search-results').dataset.query === 'lepääjä'")
    assert page.locator("#search-results a").count() > 0
    page.goto(f"{base_url}search/")  # and /search/, whose data goes with every language
    page.fill("#search-input", "kilpailunjohtaja")
    page.press("#search-input", "Enter")
    page.wait_for_url("**/fi/search/?q=*")
    page.wait_for_function("() => document.getElementById('search-results').dataset.query === 'kilpailunjohtaja'")
    assert page.locator("#search-results a").count() > 0
    assert page.foreign_requests == []


@BROWSER_GROUP
def test_a_page_never_kept_says_so_instead_of_failing(reader: Any, base_url: str) -> None:
    response = reader.goto(f"{base_url}fi/no-such-page/")
    assert response.status == 404
    assert reader.locator("h1:visible").count() == 1  # the 404 page in the path's language


def test_a_rebuilt_site_updates_the_kept_copy_fetching_only_what_changed(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    with serve(copy) as base:
        rebuild_while_reading(browser, copy, base)


def rebuild_while_reading(browser: Any, copy: Path, base: str) -> None:
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(f"{base}sv/2007/13/")
        page.wait_for_selector("html[data-offline=ready]", timeout=120_000)
        first_version = page.get_attribute("html", "data-offline-version")

        old_title = page.locator("h1").inner_text()
        for law in ("13", "14"):  # the page being read, and another
            changed = copy / "sv" / "2007" / law / "index.html"
            changed.write_text(changed.read_text(encoding="utf-8").replace("</h1>", " (rättad)</h1>", 1), "utf-8")
        offline.write(copy, {"sv": "Lagar"}, "d")  # what the build's last step does
        new_version = json.loads((copy / "offline" / "sv.json").read_text())["version"]
        assert new_version != first_version

        page.reload()  # answered by the old version: the old text, and a new version on its way
        page.wait_for_function(
            f"() => document.documentElement.dataset.offlineVersion === '{new_version}'", timeout=120_000
        )
        fetched = int(page.get_attribute("html", "data-offline-fetched") or "-1")
        assert 1 <= fetched <= 5  # the changed pages and the manifest, not the whole language again

        # the reader still sees the old text, and is told a newer version is ready, in Swedish,
        # with a button that reloads the page from it
        assert page.locator("h1").inner_text() == old_title
        assert page.get_attribute("html", "data-offline-update") == "ready"
        status = page.locator(".offline-status")
        assert status.inner_text().startswith(UI["sv"]["offline_update"])
        assert page.locator(".offline-status button.offline-reload").inner_text() == UI["sv"]["offline_reload"]
        with page.expect_navigation():
            page.click(".offline-status button.offline-reload")
        assert "(rättad)" in page.locator("h1").inner_text()
        page.wait_for_selector("html[data-offline=ready]", timeout=120_000)
        assert page.get_attribute("html", "data-offline-update") is None  # the new text: nothing to offer
        assert page.locator(".offline-status").inner_text() == UI["sv"]["offline_ready"]

        context.set_offline(True)
        page.goto(f"{base}sv/2007/14/")
        assert "(rättad)" in page.locator("h1").inner_text()
        count = "async () => (await caches.keys()).filter(name => /^bridgelaws-[0-9a-f]{16}$/.test(name)).length"
        for _ in range(100):  # the old version's cache is dropped once the new one is complete
            if page.evaluate(count) == 1:
                break
            page.wait_for_timeout(100)
        assert page.evaluate(count) == 1
    finally:
        context.close()


@pytest.mark.parametrize(
    ("page", "manifest"),
    [
        ("index.html", "manifest.webmanifest"),
        ("404.html", "manifest.webmanifest"),
        ("compare/13/index.html", "manifest.webmanifest"),
        ("fi/compare/13/index.html", "fi/manifest.webmanifest"),
        ("fi/2007/13/index.html", "fi/manifest.webmanifest"),
        ("pl/laws/13/index.html", "pl/manifest.webmanifest"),
        ("sv/search/index.html", "sv/manifest.webmanifest"),
    ],
)
def test_every_page_links_its_languages_manifest(site: Path, page: str, manifest: str) -> None:
    html = (site / page).read_text(encoding="utf-8")
    href = re.search(r'<link rel="manifest" href="([^"]+)"', html)
    assert href
    target = site / href[1].lstrip("/") if href[1].startswith("/") else (site / page).parent / href[1]
    assert target.resolve() == (site / manifest).resolve()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_languages_index_pages_are_kept_with_each_language(site: Path, lang: str) -> None:
    """The language menu of a kept coverage table, term base or laws index leads to the same page
    in every language: those are kept too (with the file's hash); a law's compare and numbering
    views of another language are not (they are kept once read online)."""
    kept = offline_list(site, lang)
    for other in facts.INTERFACE_LANGUAGES:
        for url in (urls.coverage(other), urls.terms(other), urls.laws_index(other)):
            assert kept.get(url) == offline.file_hash(offline.file_of(site, url)), (lang, url)
    others = [other for other in facts.INTERFACE_LANGUAGES if other != lang]
    assert not [other for other in others if urls.compare(other, 13) in kept or urls.numbering(other, 13) in kept]
