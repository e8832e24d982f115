"""Search on a phone (headless Debian Chromium over the built site): a query per language, a tap
on the first result, the provision on screen; the header's search button opening the search page
with results.  Each test loads its own page, as a first visit (``run_search``)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from test_search_fetching import run_search

pytestmark = pytest.mark.browser


PHONE_QUERIES = [
    ("fi", "revokin", "/fi/1997/"),
    ("sv", "påtala", "/sv/2007/9/#9A"),  # a word of the text (a concept's word leads to its law's page)
    ("tr", "kisitlama", "/tr/2017/43/"),
    ("pl", "punkt 13", "/pl/2017/pzbs/13/#p13"),
]


@pytest.mark.parametrize(("lang", "query", "target"), PHONE_QUERIES, ids=[c[0] for c in PHONE_QUERIES])
def test_on_a_phone_a_result_opens_at_its_provision(
    phone: object, base_url: str, lang: str, query: str, target: str
) -> None:
    hrefs = run_search(phone, base_url, lang, query)
    assert hrefs and target in hrefs[0]
    phone.tap("#search-results a")  # type: ignore[attr-defined]
    phone.wait_for_url(re.compile(re.escape(hrefs[0].split("#")[0])))  # type: ignore[attr-defined]
    anchor = urlsplit(hrefs[0]).fragment
    assert anchor
    box = phone.locator(f"[id='{anchor}']").bounding_box()  # type: ignore[attr-defined]
    assert box is not None and 0 <= box["y"] < 844, box
    assert not phone.foreign_requests  # type: ignore[attr-defined]


def test_the_header_search_opens_the_search_page_with_results(phone: object, base_url: str) -> None:
    phone.goto(f"{base_url}sv/2007/13/")  # type: ignore[attr-defined]
    phone.tap(".site-search__button")  # type: ignore[attr-defined]
    phone.wait_for_url("**/sv/search/")  # type: ignore[attr-defined]
    phone.fill("#search-input", "påtala")  # type: ignore[attr-defined]
    phone.wait_for_function(  # type: ignore[attr-defined]
        "() => document.getElementById('search-results').dataset.query === 'påtala'"
    )
    first = phone.eval_on_selector("#search-results a", "a => a.getAttribute('href')")  # type: ignore[attr-defined]
    assert "/sv/2007/9/#9A" in first  # section 9A, at the provision that holds the word
    assert "q=p%C3%A5tala" in phone.url or "q=påtala" in phone.url  # type: ignore[attr-defined]
