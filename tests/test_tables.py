"""Tables without a class are in Material's scrolling wrapper from the build
(stage5_site/tables.py): the rule's cases and properties, and the built pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.stage5_site.tables import CLOSE, OPEN, wrap_tables

W = OPEN
C = CLOSE
CASES = [
    ("<table><tr><td>a</td></tr></table>", f"{W}<table><tr><td>a</td></tr></table>{C}"),
    ('<table class="compare"><tr><td>a</td></tr></table>', '<table class="compare"><tr><td>a</td></tr></table>'),
    ('<TABLE id="t">x</TABLE >', f'{W}<TABLE id="t">x</TABLE >{C}'),  # no class: wrapped, as Material's selector
    ("<table data-class='x'>y</table>", f"{W}<table data-class='x'>y</table>{C}"),  # not a class
    ('<table title="a > b">y</table>', f'{W}<table title="a > b">y</table>{C}'),
    (
        '<table><tr><td><table class="c">x</table></td></tr></table>',  # the inner one has a class
        f'{W}<table><tr><td><table class="c">x</table></td></tr></table>{C}',
    ),
    (
        '<table class="c"><tr><td><table>x</table></td></tr></table>',
        f'<table class="c"><tr><td>{W}<table>x</table>{C}</td></tr></table>',
    ),
    ("<pre><table>x</table></pre><!-- <table> -->", "<pre><table>x</table></pre><!-- <table> -->"),  # text, not markup
    ("<script>'<table>'</script>", "<script>'<table>'</script>"),
    ('<table title="a class=b">y</table>', f'{W}<table title="a class=b">y</table>{C}'),  # a value, not a class
    ("<table class>y</table>", "<table class>y</table>"),  # a class attribute without a value
    ("<table\nclass='c'>y</table>", "<table\nclass='c'>y</table>"),
    ("<tablet>a</tablet>", "<tablet>a</tablet>"),  # not <table>
    ("<table>never closed", f"{W}<table>never closed"),  # as written: nothing closes what is not closed
    ("a</table>b", "a</table>b"),
    ("", ""),
]


@pytest.mark.parametrize(("html", "expected"), CASES)
def test_a_table_without_a_class_is_wrapped_and_any_other_left(html: str, expected: str) -> None:
    assert wrap_tables(html) == expected


PIECES = st.sampled_from(
    [
        "<table>",
        "</table>",
        '<table class="x">',
        "<tr><td>",
        "</td></tr>",
        "text",
        " ",
        "<p>",
        "</p>",
        "<pre>",
        "</pre>",
    ]
)


@given(st.lists(PIECES, max_size=30))
def test_only_the_wrappers_are_added_and_each_closes_after_its_table(pieces: list[str]) -> None:
    html = "".join(pieces)
    wrapped = wrap_tables(html)
    assert wrapped.replace(OPEN, "").replace(CLOSE, "") == html  # nothing else changes
    assert wrapped.count(OPEN) >= wrapped.count(CLOSE)
    for closing in re.finditer(re.escape(CLOSE), wrapped):  # a wrapper closes right after a table's end
        assert wrapped[: closing.start()].lower().endswith("</table>")


def test_every_table_of_the_built_pages_without_a_class_is_wrapped_once(site: Path) -> None:
    """In every page's text: no bare table outside a wrapper, no wrapper doubled, each closed."""
    pages = 0
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if "<table" not in html:
            continue
        pages += 1
        for table in re.finditer(r"<table\b([^>]*)>", html):
            if "class=" in table[1]:
                continue
            assert html[: table.start()].endswith(OPEN), (page, html[table.start() - 80 : table.start()])
        assert OPEN + OPEN not in html, page
        assert html.count(OPEN) == html.count('<div class="md-typeset__scrollwrap">'), page
        assert html.count("</table>" + CLOSE) == html.count(OPEN), page  # each closed after its table
    assert pages > 100
