"""The query's words marked in the search results' snippets: a text's, and a concept's or a
provision's law's, whose text comes from snippets.json after the list is shown (FILLED waits for
it: the typed driver's page has long reached its load states)."""

from __future__ import annotations

import pytest

from bench.searchdriver import SearchDriver

pytestmark = pytest.mark.browser

# every result with a text to show shows it (a "where to read" page has none: its missing line)
FILLED = """() => [...document.querySelectorAll("#search-results li")].every(
  (li) => li.querySelector(".search-result__missing") || li.querySelector(".search-result__snippet").textContent.trim(),
)"""

# a word of each language, printed in the snippets with endings the stemmer does not join to it
# ("tarjousta", "kartı"), in the snippets of a concept's laws shown before the texts (revokki,
# lepääjä) and after them (tarjous)
PRINTED_LONGER = [
    ("fi", "tarjous"),
    ("fi", "revokki"),
    ("fi", "lepääjä"),
    ("sv", "partner"),
    ("tr", "kart"),
    ("pl", "karta"),
]
# [each result's snippet: [its words beginning with the query, those of them marked]]
SNIPPET_MARKS = """(typed) => [...document.querySelectorAll("#search-results li")].map((li) => {
  const snippet = li.querySelector(".search-result__snippet");
  const words = snippet.textContent.toLowerCase().match(/[\\p{L}\\p{N}]+/gu) || [];
  const begins = words.filter((word) => word.startsWith(typed));
  return [begins, [...snippet.querySelectorAll("mark")].map((mark) => mark.textContent.toLowerCase())];
})"""


@pytest.mark.parametrize(("lang", "query"), PRINTED_LONGER, ids=[f"{lang}:{query}" for lang, query in PRINTED_LONGER])
def test_a_word_beginning_with_the_query_is_marked_in_every_snippet(typed: SearchDriver, lang: str, query: str) -> None:
    """The query's word with an ending after it ("tarjousta") is the word the reader typed: every
    snippet marks it, a text's though Pagefind's stemmer did not find it there, and a concept's
    law's (its provision's text, snippets.json) whether shown before the texts or after them."""
    assert typed.search(lang, query)
    page = typed.page(lang)
    page.wait_for_function(FILLED)  # type: ignore[attr-defined]
    shown = page.evaluate(SNIPPET_MARKS, query.lower())  # type: ignore[attr-defined]
    checked = [(begins, marks) for begins, marks in shown if begins]
    assert checked, shown
    assert all(set(begins) <= set(marks) for begins, marks in checked), checked


# provisions cited in each language's way, whose results are their provisions' texts
CITED = [("fi", "12C1(b)"), ("sv", "lag 16"), ("tr", "Yasa 45"), ("pl", "przepis 16B2")]


@pytest.mark.parametrize(("lang", "query"), CITED, ids=[f"{lang}:{query}" for lang, query in CITED])
def test_a_provisions_text_marks_none_of_the_citation(typed: SearchDriver, lang: str, query: str) -> None:
    """A provision cited is answered with its text (snippets.json): the citation's words ("lag",
    "Yasa", "przepis") are none of that text's, and nothing in it is marked."""
    assert typed.search(lang, query)
    page = typed.page(lang)
    page.wait_for_function(FILLED)  # type: ignore[attr-defined]
    snippets = page.eval_on_selector_all(".search-result__snippet", "ps => ps.map(p => p.textContent)")  # type: ignore[attr-defined]
    assert any(snippet.strip() for snippet in snippets), snippets
    assert page.eval_on_selector_all("#search-results mark", "ms => ms.length") == 0  # type: ignore[attr-defined]
