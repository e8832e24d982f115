"""A saved web page (HTML) turned into the plain text its source's parser already reads.

Three sources came from the web (``sv_web``, ``tr_blog``, ``pl_pzbs``).  Their parsers read the
text a browser shows: one block per line, a blank line between paragraphs.  A saved copy of
the page holds the same text in markup, plus everything around it (site header, menus, side
bar, comment form, scripts).  :func:`extract` gives the parser the text of the page's main
container and accounts for every other character of the file, so the conservation check of
the parse report still holds from the HTML file:

    accounted  ==  text  +  dropped  -  inserted        (non-whitespace characters, as multisets)

How a page becomes lines, and why:

* the **main container** is the first ``<main>``, ``[role=main]``, ``<article>``, ``#content``,
  ``.post-content``, ``.entry-content`` or ``.content``; the larger landmarks come first because
  ``.entry-content`` leaves out the post title, which the Turkish parser needs on the first line
  (:func:`main_container`).  Without one the whole ``<body>`` is read, with a warning;
* text **outside** the container is dropped with the reason of the landmark it sits in
  (``navigation``, ``page header``, ``page footer``, ``sidebar``, ``page head`` …), found by
  tag, ARIA role or the ``id``/``class`` words old layouts use (``div#header``, ``td#leftcolumn``);
* **inside** the container scripts, styles, forms, menus and page furniture recognised by
  ``id``/``class`` (comments, sharing buttons, likes, related posts, widgets, breadcrumbs, cookie
  banners) are dropped too; ``<header>``, ``<footer>`` and ``<aside>`` are kept there, since an
  article's header holds its title and an aside may be a note of the text itself;
* every **block** element starts a new block, a blank line between blocks; ``<br>`` ends a line
  inside a block; inline elements (``<strong>``, ``<sup>`` …) stay in the line, so a footnote
  marker ``oväntad<sup>*</sup>`` reads ``oväntad*``; whitespace (``&nbsp;`` too) collapses to one
  space, except in ``<pre>``;
* a list item is **indented** two spaces per list level, as a text browser shows it: the PZBS
  parser reads a point heading only in column 0 and knows the preamble's priority list by its
  indent.  An ``<ol>`` item without a printed label gets the number its position implies
  (``type``, ``start``, ``value``, ``reversed``, CSS ``list-style-type``), reported as inserted;
  an item whose first content is a nested list carries its number on that list's first line
  (``1. (a) …``), as a browser renders it and as the text extracts print it;
* entities are text: ``&lt;script&gt;`` in a paragraph reaches the parser as ``<script>``.

Line numbers: html.parser records where each tag starts but not where a text node starts, so
:class:`~.sourcelines.Locator` walks the markup alongside the tree to find the line of every
text node.

The package's modules: :mod:`.furniture` (the main container, and why other text is
dropped), :mod:`.sourcelines` (the HTML line of every node), :mod:`.layout` (kept elements
written as lines, list numbers included), and this one: :func:`looks_like_html`, :class:`Page`
and :func:`extract`, which puts them together.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

from bridgelaws.core.model import Dropped, Inserted, Origin, Warning

__all__ = ["Page", "extract", "list_label", "looks_like_html"]

# BeautifulSoup and the modules that walk its tree are imported by extract, when a page is read:
# every source is asked looks_like_html, and a build whose sources are all text never needs them

# -- recognising a saved page ------------------------------------------------------------

LEADING_MARKUP = re.compile(
    r"""
    (?: \s+                  # blank lines before the markup
      | <!--.*?-->           # <!-- saved from url=(0041)https://www.svenskbridge.se/spader -->
      | <\?xml[^>]*\?>       # <?xml version="1.0" encoding="utf-8"?>
    )*
    """,
    re.VERBOSE | re.DOTALL,
)

HTML_START = re.compile(
    r"""
    <!doctype\s+html\b       # <!DOCTYPE html>
    | <html\b                # <html lang="sv">
    """,
    re.VERBOSE | re.IGNORECASE,
)

HEAD_OR_BODY = re.compile(
    r"""<(?:head|body)\b[^>]*>   # <body class="site com_content">  (not <header>)""",
    re.VERBOSE | re.IGNORECASE,
)

NEAR_START = 1024  # how far into a fragment a <head> or <body> tag is looked for


def looks_like_html(text: str) -> bool:
    """True for a saved web page: after optional BOM/whitespace, `<!doctype html`, `<html`,
    or a `<body`/`<head>` tag near the start (case-insensitive).

    Leading comments (a browser's ``<!-- saved from url=… -->``) and an XML declaration are
    skipped.  A fragment counts only if it starts with markup, so a text extract that merely
    mentions ``<body>`` is not taken for a page.
    """
    text = text.removeprefix("\ufeff")
    leading = LEADING_MARKUP.match(text)
    start = leading.end() if leading else 0
    if HTML_START.match(text, start):
        return True
    return text.startswith("<", start) and HEAD_OR_BODY.search(text, start, start + NEAR_START) is not None


# -- the page ----------------------------------------------------------------------------


@dataclass
class Page:
    """A saved web page read for its parser.

    ``text`` is what the parser reads; ``lines[i]`` is the HTML line of text line ``i + 1`` (a
    blank line between blocks takes the line of the text above it).  ``accounted`` is every
    text node of the file, ``dropped`` what did not reach ``text`` and why, ``inserted`` the list
    numbers added: together they make the conservation identity of the module docstring.
    """

    text: str  # the lines for the parser: one line per block element, "\n" between lines, a blank line between blocks
    lines: list[int]  # lines[i] = the 1-based line in the HTML file where text line i+1 comes from
    accounted: str  # every text node of the document, entities decoded, in document order, joined with "\n"
    dropped: list[Dropped] = field(default_factory=list)
    inserted: list[Inserted] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)


def extract(markup: str) -> Page:
    """Read a saved web page: the main container's text for the parser, the rest accounted for."""
    from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning
    from bs4.element import Declaration, Doctype, ProcessingInstruction, Tag

    from bridgelaws.stage1_read.htmlpage.furniture import Reasons, main_container
    from bridgelaws.stage1_read.htmlpage.layout import Reader
    from bridgelaws.stage1_read.htmlpage.sourcelines import first_text_line, text_nodes

    markup = markup.removeprefix("\ufeff")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        soup = BeautifulSoup(markup, "html.parser")
    page_warnings: list[Warning] = []
    container: Tag | BeautifulSoup | None = main_container(soup)
    if container is None:
        body = soup.find("body")
        if isinstance(body, Tag):
            container = body
            message = "no <main>, role=main, <article> or content container: the whole <body> read"
            page_warnings.append(Warning(Origin(body.sourceline or 1), message))
        else:
            container = soup
            page_warnings.append(Warning(Origin(1), "no <body>: the whole document read"))
    reasons = Reasons.around(container)

    accounted: list[str] = []
    dropped: list[Dropped] = []
    lines: dict[int, int] = {}
    for node, line in text_nodes(soup, markup):
        if isinstance(node, Doctype | Declaration | ProcessingInstruction):
            continue  # markup, not text
        accounted.append(str(node))
        reason = reasons.of(node)
        if reason is None:
            lines[id(node)] = line
        elif node.strip():
            dropped.append(Dropped(node.strip(), Origin(first_text_line(node, line)), reason))

    reader = Reader(lines, reasons)
    reader.children(container)
    reader.writer.end_block()
    text, text_lines = reader.writer.result()
    if not text:
        origin = Origin(container.sourceline or 1) if isinstance(container, Tag) else Origin(1)
        page_warnings.append(Warning(origin, "no text in the main container"))
    return Page(text, text_lines, "\n".join(accounted), dropped, reader.writer.inserted, page_warnings)


def list_label(style: str, number: int) -> str:
    """The label an ``<ol>`` item shows, as the Laws print it (:func:`.layout.list_label`)."""
    from bridgelaws.stage1_read.htmlpage.layout import list_label as label

    return label(style, number)
