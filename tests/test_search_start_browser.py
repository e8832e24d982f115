"""A search page opened to type in loads its form only; its engine comes at the reader's first sign
of intent (search-start.js), and nothing typed meanwhile is lost.  In Chromium, on the built site.

* Opened without a query, a search page (a language's, and /search/) downloads none of the engine:
  not search.js or search-anywhere.js, not Pagefind's script or WebAssembly, not the page's data.
* A touch, a key, a focus or any input on the form starts it; hovering and scrolling do not.
* A query typed at once is answered as the page opened with that query answers it, also when the
  engine arrives only after the whole query was typed (the status line says it is loading).
* /search/ sends a query to its language only when it is asked for (submitted, or in the
  address), also when submitted before the engine arrived.
* An engine that cannot be fetched is said in the status line, and the form then submits as it
  does without script.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from bench.searchdriver import finished, open_search
from bridgelaws.stage4_render.page import t
from conftest import PHONE
from watching import Held

pytestmark = pytest.mark.browser

# what a search page's engine fetches: its modules, Pagefind's files, the page's data
ENGINE = (
    "/assets/javascripts/search.js",
    "/assets/javascripts/search-anywhere.js",
    "/assets/javascripts/search-anywhere-language-block.js",
    "/assets/javascripts/refs.js",
)


# the engine's loading started: search-start.js has put the <template>'s preloads in the head
STARTED = "() => Boolean(document.querySelector('head > link[rel=preload][href$=\"data.json\"]'))"
# every file a language's first search needs has been fetched (the resource timing's entries)
LOADED = """lang => {
  const paths = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
  const needed = ['/assets/javascripts/search.js', '/pagefind/pagefind.js', `/pagefind/wasm.${lang}.pagefind`,
                  `/${lang}/search/data.json`];
  return needed.every((path) => paths.includes(path));
}"""


# the page's data has come (the engine held back, its data preloaded beside it)
DATA_FETCHED = "() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/data.json'))"
STATUS_STARTS = "text => document.getElementById('search-status').textContent.startsWith(text)"


def engine_requests(urls: list[str]) -> list[str]:
    paths = [urlsplit(url).path for url in urls]
    return [path for path in paths if path in ENGINE or path.startswith("/pagefind/") or path.endswith("/data.json")]


class Watched:
    """A phone's page (touch, a phone's viewport) and every request it made, in order."""

    def __init__(self, context: object) -> None:
        self.page = context.new_page()  # type: ignore[attr-defined]
        self.requests: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))

    def open(self, address: str) -> None:
        self.page.goto(address)
        self.page.wait_for_load_state("networkidle")

    def engine(self) -> list[str]:
        return engine_requests(self.requests)


@pytest.fixture
def watched(browser: object) -> Iterator[Watched]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    yield Watched(context)
    context.close()


# what a reader does on the form: (name, action, whether it is a sign of intent)
ACTIONS = [
    ("touch the box", lambda page: page.tap("#search-input"), True),
    ("a key in the box", lambda page: page.keyboard.press("k"), True),
    ("focus the box", lambda page: (page.evaluate("document.activeElement.blur()"), page.focus("#search-input")), True),
    ("text put in the box", lambda page: page.fill("#search-input", "k"), True),
    ("touch the search button", lambda page: page.tap(".search-page-form button[type=submit]"), True),
    ("hover the box", lambda page: page.hover("#search-input"), False),
    ("scroll the page", lambda page: page.mouse.wheel(0, 400), False),
    ("touch the heading", lambda page: page.tap("h1"), False),
]


@pytest.mark.parametrize("address", ["fi/search/", "sv/search/", "search/"])
def test_a_search_page_opened_to_type_in_downloads_none_of_the_engine(
    watched: Watched, base_url: str, address: str
) -> None:
    watched.open(base_url + address)
    assert watched.engine() == [], watched.engine()
    assert watched.page.evaluate("document.activeElement.id") == "search-input"  # ready to type in
    assert watched.page.inner_text("#search-status") == ""


@pytest.mark.parametrize(("name", "action", "intent"), ACTIONS, ids=[name for name, _action, _intent in ACTIONS])
def test_the_engine_loads_at_the_readers_first_sign_of_intent(
    watched: Watched, base_url: str, name: str, action: object, intent: bool
) -> None:
    """The action's events have been dispatched when Playwright returns: the engine has started
    loading by then, or it will not."""
    watched.open(f"{base_url}fi/search/")
    action(watched.page)  # type: ignore[operator]
    assert watched.page.evaluate(STARTED) == intent
    if intent:
        watched.page.wait_for_function(LOADED, arg="fi")
        assert watched.engine().count("/assets/javascripts/search.js") == 1  # once, however many signs
    else:
        assert watched.engine() == [], watched.engine()


# (language, query): a word, a provision, a phrase a concept answers
TYPED = [("fi", "revokki"), ("sv", "träkarlen"), ("tr", "Yasa 45"), ("pl", "karta karna"), ("fi", "väärä lähtö")]


@pytest.mark.parametrize(("lang", "query"), TYPED)
def test_a_query_typed_at_once_after_a_touch_is_answered_as_the_page_opened_with_it(
    browser: object, watched: Watched, base_url: str, lang: str, query: str
) -> None:
    watched.open(f"{base_url}{lang}/search/")
    watched.page.tap("#search-input")
    watched.page.keyboard.type(query)  # at once: the engine is on its way
    typed = finished(watched.page, query)
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    try:
        opened = open_search(context.new_page(), base_url, lang, query)
    finally:
        context.close()
    assert typed and typed == opened
    assert parse_qs(urlsplit(watched.page.url).query)["q"] == [query]  # the address says what was searched


@pytest.mark.parametrize(("lang", "query"), [("fi", "revokki"), ("pl", "sędzia")])
def test_a_query_typed_before_the_engine_arrives_is_searched_when_it_does(
    watched: Watched, base_url: str, lang: str, query: str
) -> None:
    """The engine held back until the whole query is typed (and Enter pressed): the status line
    says the search is loading, and once the engine is there the query is answered, whole."""
    held = Held(watched.page, "**/assets/javascripts/search.js")
    watched.open(f"{base_url}{lang}/search/")
    watched.page.tap("#search-input")
    watched.page.keyboard.type(query)
    watched.page.keyboard.press("Enter")
    watched.page.wait_for_function(DATA_FETCHED)
    assert held.routes, "the engine was not asked for"
    assert watched.page.inner_text("#search-status") == t(lang, "search_loading")
    assert watched.page.input_value("#search-input") == query
    assert urlsplit(watched.page.url).path == f"/{lang}/search/" and not urlsplit(watched.page.url).query  # no reload
    held.release()
    assert finished(watched.page, query)
    assert not watched.page.inner_text("#search-status").startswith(t(lang, "search_loading"))


@pytest.mark.parametrize("address", ["fi/search/?q=revokki", "sv/search/?q=lag 16", "search/?q=tempo"])
def test_a_query_in_the_address_loads_everything_at_once(watched: Watched, base_url: str, address: str) -> None:
    """The page itself puts the engine's preloads in the head while it parses: they are on their
    way while search-start.js (held back here) is not yet there, and each is asked for once."""
    held = Held(watched.page, "**/assets/javascripts/search-start.js")
    watched.page.goto(base_url + address, wait_until="commit")  # "load" waits for the held script
    watched.page.wait_for_function(DATA_FETCHED)
    # fetched with search-start.js held back (its request, whenever the parser reaches it, waits):
    # on a busy machine the data can come before the parser has asked for the script at all
    assert held.asked(watched.page), "search-start.js was not asked for"
    held.release()
    watched.page.wait_for_selector("#search-results[data-query], #search-by-language[data-query]")
    lang = urlsplit(address).path.split("/")[0]
    if lang != "search":
        assert finished(watched.page, parse_qs(urlsplit(address).query)["q"][0])
        assert watched.page.evaluate(LOADED, lang)
    placed = watched.page.evaluate(
        "() => [...document.head.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map((l) => l.href)"
    )
    assert len(placed) == len(set(placed)), placed


def test_at_search_a_query_only_typed_waits_for_its_submit(watched: Watched, base_url: str) -> None:
    """/search/ sends a query to its language when it is asked for: a query typed while the engine
    loads stays in the box, with nothing said, until Enter."""
    watched.open(f"{base_url}search/")
    watched.page.tap("#search-input")
    watched.page.keyboard.type("kilpailunjohtaja")
    watched.page.wait_for_load_state("networkidle")
    assert "/assets/javascripts/search-anywhere.js" in watched.engine()
    assert urlsplit(watched.page.url).path == "/search/"
    assert watched.page.inner_text("#search-status") == ""
    watched.page.keyboard.press("Enter")
    watched.page.wait_for_url("**/fi/search/?q=kilpailunjohtaja")
    assert finished(watched.page, "kilpailunjohtaja")


def test_at_search_a_query_submitted_before_the_engine_arrives_goes_to_its_language(
    watched: Watched, base_url: str
) -> None:
    held = Held(watched.page, "**/assets/javascripts/search-anywhere.js")
    watched.open(f"{base_url}search/")
    watched.page.fill("#search-input", "träkarlen")
    watched.page.press("#search-input", "Enter")
    watched.page.wait_for_function(DATA_FETCHED)
    assert held.routes and urlsplit(watched.page.url).path == "/search/"
    assert watched.page.inner_text("#search-status") == t("en", "search_loading")
    held.release()
    watched.page.wait_for_url("**/sv/search/?q=tr*")
    assert finished(watched.page, "träkarlen")


@pytest.mark.parametrize("missing", ["**/assets/javascripts/search.js", "**/fi/search/data.json"])
def test_an_engine_that_cannot_be_fetched_is_said_and_the_form_still_submits(
    watched: Watched, base_url: str, missing: str
) -> None:
    watched.page.route(missing, lambda route: route.abort())
    watched.open(f"{base_url}fi/search/")
    watched.page.fill("#search-input", "revokki")
    failed = t("fi", "search_offline").split("{")[0]
    watched.page.wait_for_function(STATUS_STARTS, arg=failed)
    watched.page.press("#search-input", "Enter")  # as without script: the page with the query
    watched.page.wait_for_url(re.compile(r"/fi/search/\?q=revokki(&|$)"))
    # which says again, the engine still missing, why no results come
    watched.page.wait_for_function(STATUS_STARTS, arg=failed)


def test_the_edition_in_the_address_is_chosen_at_once_and_the_readers_choice_kept(
    watched: Watched, base_url: str
) -> None:
    """The form shows the address's edition before the engine is there; an edition the reader
    chooses while it loads is the one searched, not the address's again."""
    held = Held(watched.page, "**/assets/javascripts/search.js")
    watched.open(f"{base_url}fi/search/?edition=2007")
    assert watched.page.is_checked("input[name=edition][value='2007']")
    watched.page.check("input[name=edition][value='1997']")
    watched.page.fill("#search-input", "kilpailunjohtaja")
    watched.page.wait_for_function(DATA_FETCHED)
    held.release()
    hrefs = finished(watched.page, "kilpailunjohtaja")
    assert hrefs and all(href.startswith("/fi/1997/") for href in hrefs), hrefs
    assert parse_qs(urlsplit(watched.page.url).query)["edition"] == ["1997"]
