"""Searches on the built site in Chromium, as a reader runs them: shared by the tests and benches.

Two ways to ask a language's search page a query:

* **typed** (:meth:`SearchDriver.search`, the default): one search page per language stays
  open; each query is typed into ``#search-input`` and Enter pressed, as a reader searching
  again does (the form's submit runs the search at once).  The first query of a language
  opens its page at ``/<lang>/search/?q=…``; every later one is typed on that page.  A table
  of a thousand queries costs four page loads, not a thousand.
* **fresh** (:func:`open_search`, or ``SearchDriver(..., fresh=True)``): a page load per query,
  ``/<lang>/search/?q=…[&edition=…]``: what a first visit fetches, preloads and shows.

Either way a search has finished when ``#search-results`` carries ``data-query`` equal to the
query typed (search.js sets it last; see ``languagePage`` there).  ``every``: "more results"
is pressed until there are no more.  ``edition``: the edition filter's radio is chosen on the
page before the query is typed (the search that Enter runs reads it); a language whose page
has no such radio gets a fresh page with ``&edition=`` instead, as a link would give it.
"""

from __future__ import annotations

from typing import Protocol
from urllib.parse import quote

# ms for one search to finish: a guard against a search that never ends, not a measure (a first
# search loads Pagefind, and a loaded machine is slow)
TIMEOUT = 60000

FINISHED = "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }"
HREFS = "links => links.map(a => a.getAttribute('href'))"
MORE = "n => document.querySelectorAll('#search-results a').length > n || !document.querySelector('.search-more')"
# before a query is typed: the last search's data-query deleted (a typed search deletes it as it
# starts; deleted here too, so that a query typed twice in a row is not taken as finished before
# its search has run), and the edition filter's radio for ``edition`` ("" all editions, null as it
# is) checked without its change event: the search Enter runs next reads it (search.js
# chosenEdition); false when the page has no such radio
PREPARE = """edition => {
  const list = document.getElementById('search-results');
  if (list) delete list.dataset.query;
  if (edition === null) return true;
  const checked = document.querySelector('input[name=edition]:checked');
  if ((checked ? checked.value : '') === edition) return true;
  const radio = document.querySelector(`input[name=edition][value="${CSS.escape(edition)}"]`);
  if (!radio) return false;
  radio.checked = true;
  return true;
}"""


class Searcher(Protocol):
    """What answers a query with its result links, best first: a :class:`SearchDriver`, or the
    engine under Node (tests/search_node.py)."""

    def search(self, lang: str, query: str, edition: str = "", every: bool = False) -> list[str]: ...


def search_url(base_url: str, lang: str, query: str, edition: str = "") -> str:
    """``/<lang>/search/?q=QUERY[&edition=E]`` under ``base_url`` (which ends in ``/``)."""
    return f"{base_url}{lang}/search/?q={quote(query)}" + (f"&edition={edition}" if edition else "")


def finished(page: object, query: str) -> list[str]:
    """The result links (href paths with #anchor), best first, once the search for ``query`` has finished."""
    page.wait_for_function(FINISHED, arg=query, timeout=TIMEOUT)  # type: ignore[attr-defined]
    hrefs: list[str] = page.eval_on_selector_all("#search-results a", HREFS)  # type: ignore[attr-defined]
    return hrefs


def more_results(page: object) -> list[str]:
    """Press "more results" until there are no more; the result links then."""
    while page.locator(".search-more").count():  # type: ignore[attr-defined]
        shown = page.locator("#search-results a").count()  # type: ignore[attr-defined]
        page.click(".search-more")  # type: ignore[attr-defined]
        page.wait_for_function(MORE, arg=shown, timeout=TIMEOUT)  # type: ignore[attr-defined]
    hrefs: list[str] = page.eval_on_selector_all("#search-results a", HREFS)  # type: ignore[attr-defined]
    return hrefs


def open_search(
    page: object, base_url: str, lang: str, query: str, edition: str = "", every: bool = False
) -> list[str]:
    """A fresh page load of the language's search page with ``query``: its result links."""
    page.goto(search_url(base_url, lang, query, edition))  # type: ignore[attr-defined]
    hrefs = finished(page, query)
    return more_results(page) if every else hrefs


def type_search(page: object, query: str, edition: str | None = None, every: bool = False) -> list[str] | None:
    """``query`` typed on a language's search page already open, Enter pressed: its result links.
    ``edition`` (None: as the page has it) is chosen first; None returned when the page has no
    radio for it."""
    if not page.evaluate(PREPARE, edition):  # type: ignore[attr-defined]
        return None
    page.fill("#search-input", query)  # type: ignore[attr-defined]
    page.press("#search-input", "Enter")  # type: ignore[attr-defined]
    hrefs = finished(page, query)
    return more_results(page) if every else hrefs


class SearchDriver:
    """Queries in any of the search languages, on one open search page per language (typed), or
    loaded afresh for each query (``fresh``), all in one browser context (its HTTP cache shared,
    as one reader's browser has it).

    ``page_loads`` counts the pages loaded (a bench or test can say what a table cost);
    :meth:`page` is the page the language's last search ran on (its results, status, notes).
    """

    def __init__(self, context: object, base_url: str, fresh: bool = False) -> None:
        self.context = context
        self.base_url = base_url
        self.fresh = fresh
        self.pages: dict[str, object] = {}
        self.loaded: set[str] = set()  # the languages whose page is their search page
        self.page_loads = 0

    def page(self, lang: str) -> object:
        """The page of the language's last search (a blank page before its first)."""
        if lang not in self.pages:
            self.pages[lang] = self.context.new_page()  # type: ignore[attr-defined]
        return self.pages[lang]

    def search(self, lang: str, query: str, edition: str = "", every: bool = False) -> list[str]:
        """The result links of ``query`` in ``lang`` (under ``edition``, "" for all), best first."""
        page = self.page(lang)
        if lang in self.loaded and not self.fresh:
            hrefs = type_search(page, query, edition, every)
            if hrefs is not None:
                return hrefs
        self.page_loads += 1
        self.loaded.add(lang)
        return open_search(page, self.base_url, lang, query, edition, every)

    def close(self) -> None:
        for page in self.pages.values():
            page.close()  # type: ignore[attr-defined]
        self.pages.clear()
        self.loaded.clear()
