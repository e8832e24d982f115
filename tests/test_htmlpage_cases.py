"""Saved web pages (``bridgelaws.stage1_read.htmlpage``): one trap per case, on small markup.

What is taken for a page, what is dropped (with its reason and line), what text is kept, the
numbers an ``<ol>`` gives its items, the lines each text line comes from, the container read;
every case, and random markup, checks the conservation identity (:mod:`htmlpage_balance`).
The three saved pages of the real sites are tests/test_htmlpage.py's.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.stage1_read.htmlpage import extract, list_label, looks_like_html
from htmlpage_balance import assert_conserved

# -- looks_like_html ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("<!DOCTYPE html>\n<html>", True, id="doctype"),
        pytest.param("\ufeff  \n<!doctype HTML><title>x</title>", True, id="bom-and-blank-lines"),
        pytest.param("<html lang='sv'><body>", True, id="html"),
        pytest.param("<!-- saved from url=(0014)about:internet -->\n<!DOCTYPE html>", True, id="saved-from-comment"),
        pytest.param('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">', True, id="xhtml"),
        pytest.param('<meta charset="utf-8">\n<HEAD><title>t</title></HEAD>', True, id="head-near-start"),
        pytest.param("<div>\n<BODY class='x'>", True, id="body-near-start"),
        pytest.param("<header>site</header><p>no page</p>", False, id="header-is-not-head"),
        pytest.param("<p>a fragment</p>", False, id="fragment"),
        pytest.param("9. NÄR EN FELAKTIGHET UPPTÄCKS\nA. Påtalande", False, id="law-text"),
        pytest.param("Text that mentions <html> later", False, id="mention"),
        pytest.param("", False, id="empty"),
    ],
)
def test_looks_like_html(text: str, expected: bool) -> None:
    assert looks_like_html(text) is expected


# -- dropped, with reason and line -------------------------------------------------------

PAGE = """<!DOCTYPE html>
<html>
<head>
<title>Site title</title>
<style>p {{ color: red; }}</style>
<script src="a.js"></script>
<script>var menu = "<b>x</b>";</script>
</head>
<body>
{before}
<main>
<h1>Law text</h1>
{inside}
</main>
{after}
</body>
</html>
"""


def page(inside: str = "", before: str = "", after: str = "") -> str:
    return PAGE.format(inside=inside, before=before, after=after)


DROP_CASES = [
    # (id, markup, dropped text, reason, HTML line)
    ("title", page(), "Site title", "page head", 4),
    ("style", page(), "p { color: red; }", "style", 5),
    ("script", page(), 'var menu = "<b>x</b>";', "script", 7),
    ("nav", page(before="<nav><ul><li>Home</li></ul></nav>"), "Home", "navigation", 10),
    ("header", page(before="<header><p>Site</p></header>"), "Site", "page header", 10),
    ("footer", page(after="<footer>\n<p>(c) 2020</p>\n</footer>"), "(c) 2020", "page footer", 16),
    ("aside", page(before="<aside><h3>Latest</h3></aside>"), "Latest", "sidebar", 10),
    ("div-header", page(before='<div id="header">Logo</div>'), "Logo", "page header", 10),
    ("td-leftcolumn", page(before='<table><tr><td id="leftcolumn">Menu</td></tr></table>'), "Menu", "sidebar", 10),
    ("role-banner", page(before='<div role="banner">Brand</div>'), "Brand", "page header", 10),
    ("outside", page(before="<div>Loose text</div>"), "Loose text", "outside the main text", 10),
    ("script-in-nav", page(before="<nav><script>track()</script></nav>"), "track()", "script", 10),
    ("html-comment", page(inside="<p>a</p><!-- editor note -->"), "editor note", "HTML comment", 13),
    ("inside-script", page(inside="<p>a</p>\n<script>\nalert(2)\n</script>"), "alert(2)", "script", 15),
    ("inside-style", page(inside="<style>.x{}</style>"), ".x{}", "style", 13),
    ("noscript", page(inside="<noscript>Enable JS</noscript>"), "Enable JS", "noscript", 13),
    ("inside-nav", page(inside='<nav class="toc"><a>Up</a></nav>'), "Up", "navigation", 13),
    ("comments", page(inside='<div id="comments"><p>Nice post</p></div>'), "Nice post", "comments", 13),
    (
        "comment-form",
        page(inside='<div id="comments"><div id="respond"><h3>Leave a Reply</h3></div></div>'),
        "Leave a Reply",
        "comment form",
        13,
    ),
    ("form", page(inside="<form><label>Name</label></form>"), "Name", "form", 13),
    (
        "sharing",
        page(inside='<div class="sharedaddy"><h3>Share this:</h3></div>'),
        "Share this:",
        "sharing buttons",
        13,
    ),
    ("likes", page(inside='<div class="sd-like"><span>Like</span></div>'), "Like", "likes", 13),
    ("related", page(inside='<div id="jp-relatedposts">Related</div>'), "Related", "related posts", 13),
    ("widget", page(inside='<section class="widget widget_text">Ad</section>'), "Ad", "widgets", 13),
    ("breadcrumbs", page(inside='<ul class="breadcrumb"><li>Home</li></ul>'), "Home", "breadcrumbs", 13),
    ("cookies", page(inside='<div id="cookie-notice">We use cookies</div>'), "We use cookies", "cookie banner", 13),
    ("iframe", page(inside="<iframe>No frames</iframe>"), "No frames", "iframe", 13),
    ("svg", page(inside="<svg><title>icon</title></svg>"), "icon", "svg", 13),
    ("template", page(inside="<template><p>later</p></template>"), "later", "template", 13),
]


@pytest.mark.parametrize(
    ("markup", "text", "reason", "line"), [case[1:] for case in DROP_CASES], ids=[c[0] for c in DROP_CASES]
)
def test_dropped_with_reason_and_line(markup: str, text: str, reason: str, line: int) -> None:
    result = extract(markup)
    found = [span for span in result.dropped if span.text == text]
    assert found, f"{text!r} not dropped: {result.dropped}"
    assert (found[0].reason, found[0].origin.line) == (reason, line)
    assert text not in result.text
    assert result.text.startswith("Law text")
    assert_conserved(result)


# -- kept text ---------------------------------------------------------------------------

KEPT_CASES = [
    # (id, markup of the main container, expected text)
    (
        "entities-are-text",
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</p>",
        '<script>alert(1)</script> & "x"',
    ),
    ("numeric-entities", "<p>Bri&ccedil; Yasalar&#305; &#8211; Di&#x11F;er</p>", "Briç Yasaları – Diğer"),
    ("br", "<p>a<br>b<br/>c</p>", "a\nb\nc"),
    ("br-in-inline", "<p><strong>A. Title<br></strong>Text</p>", "A. Title\nText"),
    ("blank-between-blocks", "<h2>9. LAW</h2><p>one</p>", "9. LAW\n\none"),
    ("inline-stays", "<p>a <strong>b</strong> <em>c</em> <a href='#'>d</a><span>e</span></p>", "a b c de"),
    (
        "footnote-marker",
        "<p>oväntad<sup>*</sup> alertering, slutar<sup>**</sup>.</p>",
        "oväntad* alertering, slutar**.",
    ),
    ("whitespace", "<p>\n  a&nbsp;&nbsp;b \n\t c  </p>", "a b c"),
    ("nbsp-paragraph-is-no-block", "<p>a</p><p>&nbsp;</p><p>b</p>", "a\n\nb"),
    ("pre-keeps-lines", "<pre>\n  a  b\n   c\n</pre>", "  a  b\n   c"),
    ("div-with-direct-text", "<div>lead<p>para</p>tail</div>", "lead\n\npara\n\ntail"),
    ("table-row-is-a-line", "<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>", "a b\n\nc"),
    ("cell-with-blocks", "<table><tr><td><p>x</p><p>y</p></td></tr></table>", "x\n\ny"),
    ("definition-list", "<dl><dt>term</dt><dd>meaning</dd></dl>", "term\n\nmeaning"),
    ("article-header-kept", "<article><header><h2>Post</h2></header><footer>by me</footer></article>", "Post\n\nby me"),
    ("aside-inside-kept", "<aside><p>A note of the text</p></aside>", "A note of the text"),
    ("button-dropped", "<p>Print <button>Go</button></p>", "Print"),
]


@pytest.mark.parametrize(("inside", "expected"), [case[1:] for case in KEPT_CASES], ids=[c[0] for c in KEPT_CASES])
def test_kept_text(inside: str, expected: str) -> None:
    result = extract(page(inside=inside))
    assert result.text == "Law text\n\n" + expected
    assert_conserved(result)


def test_real_script_dropped_but_entity_script_kept() -> None:
    result = extract(page(inside="<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<script>alert(2)</script>"))
    assert "<script>alert(1)</script>" in result.text.split("\n")
    assert "alert(2)" not in result.text
    assert ("alert(2)", "script") in [(span.text, span.reason) for span in result.dropped]
    assert_conserved(result)


# -- list numbers ------------------------------------------------------------------------

LIST_CASES = [
    # (id, list markup, expected text lines (blank lines left out), inserted labels)
    ("ol-1", "<ol><li>a</li><li>b</li></ol>", ["  1. a", "  2. b"], ["1. ", "2. "]),
    ("ol-A-start-3", '<ol type="A" start="3"><li>x</li><li>y</li></ol>', ["  C. x", "  D. y"], ["C. ", "D. "]),
    ("ol-a", '<ol type="a"><li>x</li><li>y</li></ol>', ["  (a) x", "  (b) y"], ["(a) ", "(b) "]),
    ("ol-i", '<ol type="i" start="3"><li>x</li><li>y</li></ol>', ["  (iii) x", "  (iv) y"], ["(iii) ", "(iv) "]),
    ("ol-I", '<ol type="I"><li>x</li></ol>', ["  I. x"], ["I. "]),
    (
        "li-value",
        '<ol><li>x</li><li value="7">y</li><li>z</li></ol>',
        ["  1. x", "  7. y", "  8. z"],
        ["1. ", "7. ", "8. "],
    ),
    ("reversed", "<ol reversed><li>x</li><li>y</li></ol>", ["  2. x", "  1. y"], ["2. ", "1. "]),
    ("css-lower-alpha", '<ol style="list-style-type: lower-alpha"><li>x</li></ol>', ["  (a) x"], ["(a) "]),
    ("css-shorthand", '<ol style="list-style: inside upper-roman;"><li>x</li></ol>', ["  I. x"], ["I. "]),
    ("css-none", '<ol style="list-style: none"><li>x</li></ol>', ["  x"], []),
    ("ul-no-numbers", "<ul><li>x</li><li>y</li></ul>", ["  x", "  y"], []),
    (
        "already-labelled",
        "<ol><li>1. x</li><li>(b) y</li><li>3.1.A. z</li></ol>",
        ["  1. x", "  (b) y", "  3.1.A. z"],
        [],
    ),
    ("label-in-strong", "<ol><li><strong>A.</strong> x</li></ol>", ["  A. x"], []),
    ("word-is-no-label", "<ol><li>Yer. x</li></ol>", ["  1. Yer. x"], ["1. "]),
    (
        "nested-list-follows",
        '<ol><li>Item<ol type="a"><li>sub</li></ol></li><li>next</li></ol>',
        ["  1. Item", "    (a) sub", "  2. next"],
        ["1. ", "(a) ", "2. "],
    ),
    (
        "number-on-first-nested-line",
        '<ol><li><ol type="a"><li>x</li><li>y</li></ol></li></ol>',
        ["  1. (a) x", "    (b) y"],
        ["1. ", "(a) ", "(b) "],
    ),
    ("label-into-paragraph", "<ol><li><p>x</p><p>y</p></li></ol>", ["  1. x", "  y"], ["1. "]),
    ("empty-item", "<ol><li>x</li><li></li></ol>", ["  1. x", "  2."], ["1. ", "2. "]),
    ("unclosed-items", "<ol><li>x<li>y</ol>", ["  1. x", "  2. y"], ["1. ", "2. "]),
    ("br-in-item", "<ol><li>x<br>more</li></ol>", ["  1. x", "  more"], ["1. "]),
]


@pytest.mark.parametrize(
    ("markup", "expected", "labels"), [case[1:] for case in LIST_CASES], ids=[c[0] for c in LIST_CASES]
)
def test_list_numbers(markup: str, expected: list[str], labels: list[str]) -> None:
    result = extract(page(inside=markup))
    assert [line for line in result.text.split("\n")[2:] if line] == expected
    assert [added.text for added in result.inserted] == labels
    assert {added.reason for added in result.inserted} <= {"list number from <ol>"}
    assert_conserved(result)


def test_inserted_label_origin_is_the_item_line() -> None:
    result = extract(page(inside='<ol type="A" start="3">\n<li>x</li>\n<li>\ny</li>\n</ol>'))
    assert [(added.text, added.origin.line) for added in result.inserted] == [("C. ", 14), ("D. ", 15)]


@pytest.mark.parametrize(
    ("style", "number", "label"),
    [("1", 12, "12. "), ("A", 28, "AB. "), ("a", 26, "(z) "), ("i", 14, "(xiv) "), ("I", 4, "IV. "), ("a", 0, "0. ")],
)
def test_list_label(style: str, number: int, label: str) -> None:
    assert list_label(style, number) == label


# -- lines -------------------------------------------------------------------------------


def test_lines_map_to_html_lines() -> None:
    markup = "<html><body><main>\n<h1>Title</h1>\n<p>one\ntwo<br>\nthree</p>\n\n<p>\n   four</p>\n</main></body></html>"
    result = extract(markup)
    assert result.text == "Title\n\none two\nthree\n\nfour"
    assert result.lines == [2, 2, 3, 5, 5, 8]
    assert_conserved(result)


def test_lines_of_pre_and_entities() -> None:
    markup = "<main><p>&lt;a&gt;\n</p>\n<pre>x\n  y\nz</pre>\n<p>&nbsp;&amp; b</p></main>"
    result = extract(markup)
    assert result.text == "<a>\n\nx\n  y\nz\n\n& b"
    assert result.lines == [1, 1, 3, 4, 5, 5, 6]


def test_lines_of_dropped_text_after_end_tags() -> None:
    markup = "<html><body>\n<main><p>x</p></main>\n<div>\n</div><footer>\n\n  bye</footer></body></html>"
    result = extract(markup)
    assert [(span.text, span.origin.line) for span in result.dropped] == [("bye", 6)]


# -- containers and empty pages ----------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param("<main><p>m</p></main><article><p>a</p></article>", "m", id="main-first"),
        pytest.param('<div role="main"><p>r</p></div><article><p>a</p></article>', "r", id="role-main"),
        pytest.param(
            "<div id='content'><article><h1>T</h1><p>a</p></article><div>x</div></div>", "T\n\na", id="article"
        ),
        pytest.param(
            "<div id='content'><h1>T</h1><div class='entry-content'><p>a</p></div></div>", "T\n\na", id="id-content"
        ),
        pytest.param("<div class='entry-content'><p>e</p></div><div class='content'>c</div>", "e", id="entry-content"),
        pytest.param("<div class='content'><p>c</p></div><p>loose</p>", "c", id="class-content"),
    ],
)
def test_main_container(body: str, expected: str) -> None:
    result = extract(f"<!DOCTYPE html><html><body><nav>menu</nav>{body}</body></html>")
    assert result.text == expected
    assert result.warnings == []
    assert_conserved(result)


def test_no_container_reads_the_body_with_a_warning() -> None:
    result = extract(
        "<html>\n<head><title>t</title></head>\n<body>\n<nav>Home</nav>\n<h1>Laws</h1><p>text</p>\n</body></html>"
    )
    assert result.text == "Laws\n\ntext"
    assert [(w.origin.line, w.message) for w in result.warnings] == [
        (3, "no <main>, role=main, <article> or content container: the whole <body> read")
    ]
    assert ("Home", "navigation") in [(span.text, span.reason) for span in result.dropped]
    assert ("t", "page head") in [(span.text, span.reason) for span in result.dropped]
    assert_conserved(result)


def test_fragment_without_body_reads_everything() -> None:
    result = extract("<h1>Laws</h1>\n<p>text</p>")
    assert result.text == "Laws\n\ntext"
    assert [w.message for w in result.warnings] == ["no <body>: the whole document read"]
    assert_conserved(result)


@pytest.mark.parametrize(
    "markup",
    [
        pytest.param("<!DOCTYPE html><html><head></head><body></body></html>", id="empty-body"),
        pytest.param("<!DOCTYPE html><html><body><main>\n \n</main></body></html>", id="blank-main"),
        pytest.param("", id="empty-file"),
    ],
)
def test_empty_page(markup: str) -> None:
    result = extract(markup)
    assert (result.text, result.lines) == ("", [1])
    assert "no text in the main container" in [w.message for w in result.warnings]
    assert_conserved(result)


def test_plain_text_is_one_collapsed_block() -> None:
    """Not a page (see looks_like_html): read as HTML, its line breaks are mere whitespace."""
    text = "9. NÄR EN FELAKTIGHET UPPTÄCKS\nA. Påtalande"
    assert not looks_like_html(text)
    result = extract(text)
    assert result.text == "9. NÄR EN FELAKTIGHET UPPTÄCKS A. Påtalande"
    assert_conserved(result)


# -- conservation on every unit case and on random markup ------------------------------


ALL_UNIT_MARKUP = (
    [case[1] for case in DROP_CASES]
    + [page(inside=case[1]) for case in KEPT_CASES]
    + [page(inside=case[1]) for case in LIST_CASES]
)


@pytest.mark.parametrize("markup", ALL_UNIT_MARKUP)
def test_conservation_on_unit_cases(markup: str) -> None:
    assert_conserved(extract(markup))


TAGS = ["p", "div", "span", "strong", "li", "ol", "ul", "br", "pre", "nav", "script", "td", "tr", "h2", "sup", "form"]
TEXTS = st.sampled_from(["a", "B. x", "&lt;b&gt;", "&nbsp;", " ", "\n", "1. y", "(c)", "&amp;", "ö", "*", "<!-- c -->"])


@st.composite
def markup_trees(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        if depth < 3 and draw(st.booleans()):
            tag = draw(st.sampled_from(TAGS))
            attrs = draw(st.sampled_from(["", ' type="a"', ' start="2"', ' class="share"', ' id="content"']))
            inner = draw(markup_trees(depth + 1))
            parts.append(f"<{tag}{attrs}>" if tag == "br" else f"<{tag}{attrs}>{inner}</{tag}>")
        else:
            parts.append(draw(TEXTS))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(inside=markup_trees(), before=markup_trees())
def test_conservation_on_random_markup(inside: str, before: str) -> None:
    assert_conserved(extract(page(inside=inside, before=before)))
