"""The built pages lose their templates' indentation and nothing a reader sees
(stage5_site/page_space.py): the rule's cases and properties, the built pages, and in Chromium
each kind of page shows the same text at the same size with indentation put back."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.stage5_site.page_space import KEPT, collapse

CASES = [
    ("<p>a\n    b</p>", "<p>a\nb</p>"),
    ("<ul>\n  <li>x</li>\n  <li>y</li>\n</ul>\n", "<ul>\n<li>x</li>\n<li>y</li>\n</ul>\n"),
    ("<p>a \t\r\n\n  \f b</p>", "<p>a\nb</p>"),
    ("<p>a  b\t c</p>", "<p>a  b\t c</p>"),  # no line end: as written
    ("<p>a\xa0\n  \xa0b</p>", "<p>a\xa0\n\xa0b</p>"),  # a no-break space is text
    ("<pre>a\n    b</pre>\n  <p>c</p>", "<pre>a\n    b</pre>\n<p>c</p>"),
    ('<PRE class="pre">a\n  b</PRE>', '<PRE class="pre">a\n  b</PRE>'),
    ("<p><code>a\n  b</code>\n  c</p>", "<p><code>a\n  b</code>\nc</p>"),
    ("<kbd>a\n  b</kbd><textarea>a\n  b</textarea>", "<kbd>a\n  b</kbd><textarea>a\n  b</textarea>"),
    ("<script>\n  var x = `a\n  b`;\n</script>", "<script>\n  var x = `a\n  b`;\n</script>"),
    ("<style>\n  a { color: red }\n</style>", "<style>\n  a { color: red }\n</style>"),
    ("<!-- a\n   b -->\n  x", "<!-- a\n   b -->\nx"),
    ('<a title="x\n   y"\n   href="#">t</a>', '<a title="x\n   y"\n   href="#">t</a>'),  # a tag as written
    ('<input value="a > b\n   c">\n   d', '<input value="a > b\n   c">\nd'),
    ("<codex>\n  a</codex>", "<codex>\na</codex>"),  # not <code>
    ("<pre>never closed\n  a", "<pre>never closed\na"),
]


@pytest.mark.parametrize(("html", "expected"), CASES)
def test_a_run_holding_a_line_end_becomes_it_where_whitespace_collapses(html: str, expected: str) -> None:
    assert collapse(html) == expected


WHITESPACE = re.compile(r"[ \t\n\f\r]+")

# pieces of a page: text (no markup characters), and what is kept as written
TEXT = st.text(st.sampled_from("ab é\xa0\t\n\r\f&;"), max_size=12)
KEPT_PIECES = st.one_of(
    st.builds(lambda tag, body: f"<{tag}>{body}</{tag}>", st.sampled_from(["pre", "code", "kbd", "script"]), TEXT),
    st.builds(lambda body: f"<!--{body}-->", TEXT),
    st.builds(lambda value: f'<a title="{value}"\n  href="#">', TEXT),
    st.builds(lambda tag: f"<{tag}>", st.sampled_from(["p", "li", "/p", "div class=x"])),
)
PAGES = st.lists(st.tuples(TEXT, KEPT_PIECES), max_size=8).map(
    lambda pairs: [piece for pair in pairs for piece in pair]
)


@given(PAGES)
def test_collapsing_keeps_every_word_and_every_kept_piece_and_is_done_once(pieces: list[str]) -> None:
    html = "".join(pieces)
    once = collapse(html)
    assert collapse(once) == once
    assert WHITESPACE.split(once) == WHITESPACE.split(html)  # no word lost, none glued to the next
    at = 0
    for piece in pieces[1::2]:  # the kept pieces, each as written, in order
        at = once.index(piece, at) + len(piece)


EVERY_KIND = {
    "landing": "index.html",
    "law, with a score table": "fi/1997/78/index.html",
    "search": "fi/search/index.html",
    "compare": "compare/13/index.html",
    "terms": "sv/terms/index.html",
    "document start, with code": "sv/2007/index.html",
}


@pytest.mark.site
@pytest.mark.parametrize("page", EVERY_KIND.values(), ids=list(EVERY_KIND))
def test_the_built_pages_have_no_indentation_left(site: Path, page: str) -> None:
    html = (site / page).read_text(encoding="utf-8")
    assert collapse(html) == html


def indented(html: str, seed: int) -> str:
    """``html`` with indentation put back: each line end outside what is kept followed by some
    spaces and tabs, as a template's would be."""
    rng = random.Random(seed)

    def indent(text: str) -> str:
        return re.sub(r"\n", lambda _: "\n" + rng.choice(["", "  ", "    ", "\t", "  \t  "]) * rng.randint(1, 3), text)

    parts = []
    at = 0
    for kept in KEPT.finditer(html):
        parts += [indent(html[at : kept.start()]), kept.group(0)]
        at = kept.end()
    return "".join([*parts, indent(html[at:])])


# what a reader sees: the text, the page's height, and the widths of the content's boxes
SHOWN = """() => ({ text: document.body.innerText, height: document.documentElement.scrollHeight,
  widths: [...document.querySelectorAll('main *')].slice(0, 400)
    .map((node) => Math.round(node.getBoundingClientRect().width)) })"""


@pytest.mark.browser
@pytest.mark.parametrize("page", EVERY_KIND.values(), ids=list(EVERY_KIND))
def test_a_page_shows_the_same_with_its_indentation_put_back(
    browser: Any, base_url: str, site: Path, page: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    address = base_url + page.removesuffix("index.html")
    tab.goto(address)
    tab.wait_for_load_state("load")
    built = tab.evaluate(SHOWN)
    html = (site / page).read_text(encoding="utf-8")
    assert indented(html, 1) != html
    tab.route(address, lambda route: route.fulfill(body=indented(html, 1), content_type="text/html; charset=utf-8"))
    tab.goto(address)
    tab.wait_for_load_state("load")
    assert tab.evaluate(SHOWN) == built
    context.close()
