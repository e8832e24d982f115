"""The page for a missing address: in the language of the path asked for, with that
language's search box, every language's home, and the law the path names.

The local server answers a missing path with the nearest ``404.html`` up the folder tree (as
nginx with an ``error_page`` per language folder, or Cloudflare Pages, would); a host with
only the root ``404.html`` (GitHub Pages) is played by answering a Swedish path with the root
file: the page must then find the language and the law from the path itself.
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render import notfound
from bridgelaws.stage4_render.page import language_name, t

LANGUAGES = facts.INTERFACE_LANGUAGES


# -- the page's HTML ------------------------------------------------------------------------------------


def test_the_body_shows_its_language_and_hides_the_others() -> None:
    html = notfound.body("sv", "/")
    sections = re.findall(
        r'<section class="not-found" lang="(\w+)" data-lang="\1" data-title="[^"]*"[^>]*?( hidden)?>', html
    )
    assert dict(sections) == {lang: ("" if lang == "sv" else " hidden") for lang in LANGUAGES}
    assert f"<h1>{t('sv', 'not_found_title')}</h1>" in html
    assert 'action="/sv/search/"' in html
    assert 'data-hub="/sv/laws/{n}/"' in html


def test_every_link_is_absolute_from_the_sites_root() -> None:
    """The same file answers at any depth (/sv/2007/45/, /a/b/c/): a relative link would break."""
    for base in ("/", "/laws-site/"):
        html = notfound.body("fi", base)
        for link in re.findall(r'(?:href|action|data-hub)="([^"]*)"', html):
            assert link.startswith(base), link
        for lang in LANGUAGES:
            assert f'href="{base}{urls.home(lang)}"' in html
            assert f'href="{base}{urls.search(lang)}"' in html


def test_the_built_pages_are_in_their_languages(site: Path) -> None:
    for lang in LANGUAGES:
        html = (site / urls.not_found(lang)).read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html, lang
        title = re.search(r"<title>(.*?)</title>", html)
        assert title and title.group(1).startswith(t(lang, "not_found_title").replace("'", "&#39;")), lang
        assert "404 - Not found" not in html
        assert f'<section class="not-found" lang="{lang}" data-lang="{lang}"' in html
        assert t(lang, "footer_copyright") in html_module.unescape(html), lang  # the footer too
        # the language menu leads to each language's home, not to some law page
        menu = re.findall(r'<a href="([^"]*)" hreflang="(\w+)" class="md-select__link">', html)
        assert sorted(menu) == sorted(("/" + urls.home(code), code) for code in LANGUAGES), (lang, menu)


# -- in a browser -----------------------------------------------------------------------------------------


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def shown(page: object) -> dict[str, object]:
    """What the reader sees of the 404 page: its language, heading, search box, law links, homes."""
    page.wait_for_load_state("load")  # type: ignore[attr-defined]
    page.wait_for_timeout(0)  # type: ignore[attr-defined]
    result: dict[str, object] = page.evaluate(  # type: ignore[attr-defined]
        """() => {
            const block = [...document.querySelectorAll('.not-found')].find(b => b.checkVisibility());
            const visible = (selector) => [...block.querySelectorAll(selector)].filter(e => e.checkVisibility());
            return {
                lang: document.documentElement.lang,
                title: document.title,
                blocks: [...document.querySelectorAll('.not-found')].filter(b => b.checkVisibility()).length,
                block: block.lang,
                h1: block.querySelector('h1').textContent,
                search: visible('form[role=search] input[name=q]').map(i => i.form.getAttribute('action')),
                law: visible('.not-found__law a').map(a => [a.getAttribute('href'), a.textContent]),
                homes: visible('.not-found__homes a').map(a => a.getAttribute('href')),
            };
        }"""
    )
    return result


def homes_and_searches() -> list[str]:
    return [link for lang in LANGUAGES for link in ("/" + urls.home(lang), "/" + urls.search(lang))]


@pytest.mark.browser
def test_a_missing_swedish_law_page_answers_in_swedish_with_the_law(page: object, base_url: str) -> None:
    response = page.goto(f"{base_url}sv/2007/45/")  # type: ignore[attr-defined]
    assert response is not None and response.status == 404
    page.wait_for_selector(".not-found:not([hidden]) .not-found__law a")  # type: ignore[attr-defined]
    seen = shown(page)
    assert seen["lang"] == seen["block"] == "sv" and seen["blocks"] == 1
    assert seen["h1"] == t("sv", "not_found_title")
    assert str(seen["title"]).startswith(t("sv", "not_found_title"))
    assert seen["search"] == ["/sv/search/"]
    # the path names an edition: the law of that edition (a number may be another rule in another)
    assert seen["law"] == [["/sv/laws/45/#edition-2007", t("sv", "not_found_law_edition", n=45, edition="2007")]]
    assert seen["homes"] == homes_and_searches()


@pytest.mark.browser
def test_a_missing_address_outside_any_language_answers_in_english(page: object, base_url: str) -> None:
    response = page.goto(f"{base_url}nothing/")  # type: ignore[attr-defined]
    assert response is not None and response.status == 404
    seen = shown(page)
    assert seen["lang"] == "en" and seen["h1"] == t("en", "not_found_title")
    assert seen["search"] == ["/search/"] and seen["law"] == []
    assert seen["homes"] == homes_and_searches()


@pytest.mark.browser
def test_a_number_past_the_last_law_names_no_law(page: object, base_url: str) -> None:
    page.goto(f"{base_url}fi/2007/99/")  # type: ignore[attr-defined]
    seen = shown(page)
    assert seen["lang"] == "fi" and seen["law"] == []


@pytest.mark.browser
def test_an_address_past_a_law_page_offers_the_law_page(page: object, base_url: str) -> None:
    page.goto(f"{base_url}fi/2007/13/x/")  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelectorAll('.not-found:not([hidden]) .not-found__law a').length === 2")  # type: ignore[attr-defined]
    seen = shown(page)
    assert seen["law"] == [
        ["/fi/laws/13/#edition-2007", t("fi", "not_found_law_edition", n=13, edition="2007")],
        ["/fi/2007/13/", t("fi", "not_found_law_text", n=13)],
    ]


@pytest.mark.browser
def test_a_missing_law_of_an_edition_leads_to_that_editions_rule(page: object, base_url: str) -> None:
    """/fi/2007/23/ (no Finnish 2007 text holds Law 23) asks where to read Law 23 *of 2007*, and the
    link lands in the part of the "where to read" page for the 1997/2007 rule (awareness of
    potential damage, now 2017 72C), not the 2017 comparable call; a year that is no edition
    names none."""
    for path, edition in (("fi/2007/23/", "2007"), ("fi/2017/23/", "2017"), ("fi/2010/23/", "")):
        page.goto(f"{base_url}{path}")  # type: ignore[attr-defined]
        page.wait_for_selector(".not-found:not([hidden]) .not-found__law a")  # type: ignore[attr-defined]
        seen = shown(page)
        wanted = (
            ["/fi/laws/23/#edition-" + edition, t("fi", "not_found_law_edition", n=23, edition=edition)]
            if edition
            else ["/fi/laws/23/", t("fi", "not_found_law", n=23)]
        )
        assert seen["law"][0] == wanted, path  # type: ignore[index]
        if not edition:
            continue
        page.click(".not-found:not([hidden]) .not-found__law a")  # type: ignore[attr-defined]
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        heading = page.evaluate(  # type: ignore[attr-defined]
            "(id) => document.getElementById(id).closest('section.law-subject').querySelector('h2').textContent",
            urls.edition_anchor(edition),
        )
        assert edition in heading and ("1997" in heading) == (edition == "2007"), heading


@pytest.mark.browser
def test_a_host_with_only_the_root_page_still_answers_in_the_paths_language(
    page: object, base_url: str, site: Path
) -> None:
    """GitHub Pages serves /404.html (English) for every missing path: the page reads the path."""
    root_page = (site / "404.html").read_text(encoding="utf-8")
    for path, lang, law in (("pl/2017/50/", "pl", 50), ("tr/2007/20/x/", "tr", 20), ("compare/13/zz/", "en", 13)):
        page.route(  # type: ignore[attr-defined]
            f"{base_url}{path}",
            lambda route: route.fulfill(status=404, body=root_page, content_type="text/html; charset=utf-8"),
        )
        page.goto(f"{base_url}{path}")  # type: ignore[attr-defined]
        page.wait_for_selector(".not-found:not([hidden]) .not-found__law a")  # type: ignore[attr-defined]
        seen = shown(page)
        assert seen["lang"] == seen["block"] == lang and seen["blocks"] == 1, path
        assert seen["h1"] == t(lang, "not_found_title")
        assert seen["search"] == ["/" + urls.search(lang)]
        edition = next((part for part in path.split("/") if part.isdigit() and len(part) == 4), "")
        wanted = (
            ["/" + urls.law_hub_at(lang, law, edition), t(lang, "not_found_law_edition", n=law, edition=edition)]
            if edition
            else ["/" + urls.law_hub(lang, law), t(lang, "not_found_law", n=law)]
        )
        assert seen["law"][0] == wanted, path  # type: ignore[index]


@pytest.mark.browser
def test_without_script_the_homes_and_searches_show(browser: object, base_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        response = page.goto(f"{base_url}tr/2007/45/")
        assert response is not None and response.status == 404
        visible = page.locator(".not-found:visible")
        assert visible.count() == 1 and visible.get_attribute("lang") == "tr"
        assert visible.locator("h1").inner_text() == t("tr", "not_found_title")
        links = visible.locator(".not-found__homes a")
        assert [links.nth(i).get_attribute("href") for i in range(links.count())] == homes_and_searches()
        assert [links.nth(i).inner_text() for i in range(0, links.count(), 2)] == [language_name(c) for c in LANGUAGES]
        assert visible.locator("form[role=search]").get_attribute("action") == "/tr/search/"
    finally:
        context.close()
