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
:class:`_Locator` walks the markup alongside the tree to find the line of every text node.
"""

from __future__ import annotations

import re
import warnings
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning
from bs4.element import (
    CData,
    Comment,
    Declaration,
    Doctype,
    NavigableString,
    PageElement,
    ProcessingInstruction,
    Tag,
)

from .model import Dropped, Inserted, Origin, Warning

__all__ = ["Page", "extract", "looks_like_html"]

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


# -- what is dropped, and why ------------------------------------------------------------

# Elements whose text is never page text, wherever they stand.
DROPPED_TAGS = {
    "script": "script",
    "style": "style",
    "noscript": "noscript",
    "template": "template",
    "iframe": "iframe",
    "svg": "svg",
    "object": "embedded object",
    "canvas": "embedded object",
    "nav": "navigation",
    "form": "form",
    "select": "form",
    "textarea": "form",
    "button": "button",
}

# Landmarks that are page chrome only outside the main container (inside it, an article's
# <header> holds its title).
OUTSIDE_TAGS = {
    "head": "page head",
    "header": "page header",
    "footer": "page footer",
    "aside": "sidebar",
}

ROLES = {"navigation": "navigation", "search": "form"}
OUTSIDE_ROLES = {"banner": "page header", "contentinfo": "page footer", "complementary": "sidebar"}


def _class_words(alternatives: str) -> re.Pattern[str]:
    """A pattern for an ``id`` or ``class`` token holding one of ``alternatives`` as whole parts.

    Parts are separated by ``-`` or ``_``: ``comments`` finds ``comments-area`` and ``comments``
    but not ``commentsmith``.  ``alternatives`` is written in verbose syntax, ending in a newline.
    """
    return re.compile(rf"(?:^|(?<=[-_]))(?:{alternatives})(?=[-_]|$)", re.VERBOSE | re.IGNORECASE)


# Page furniture anywhere, tried in this order on every id and class token of an element.
FURNITURE: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "comment form",
        _class_words(r"""
            respond | comment-?form | comment-reply | reply-title   # id="respond"  form#commentform.comment-form
        """),
    ),
    (
        "comments",
        _class_words(r"""
            comments | comment-?list | disqus                       # div#comments.comments-area  ol.commentlist
        """),
    ),
    (
        "likes",
        _class_words(r"""
            likes? | wpl-likebox                                    # div.sd-like  div#likes-other-gravatars
        """),
    ),
    (
        "sharing buttons",
        _class_words(r"""
            share\w* | sharing | social | addthis\w*                # div.sharedaddy  li.share-twitter
        """),
    ),
    (
        "related posts",
        _class_words(r"""
            related\w* | yarpp\w*                                   # div#jp-relatedposts  div.related-posts
        """),
    ),
    (
        "sidebar",
        _class_words(r"""
            sidebar\w* | widget-area                                # div.sidebar  aside.widget-area
        """),
    ),
    (
        "widgets",
        _class_words(r"""
            widgets?                                                # section.widget.widget_search
        """),
    ),
    (
        "breadcrumbs",
        _class_words(r"""
            breadcrumbs? | pathway                                  # ul.breadcrumb  span.pathway (Joomla 1.5)
        """),
    ),
    (
        "cookie banner",
        _class_words(r"""
            cookie\w* | gdpr | consent\w*                           # div#cookie-bar  div.cookieconsent
        """),
    ),
    (
        "navigation",
        _class_words(r"""
            nav | navigation | navbar | \w*menu | pagenav | pager   # div.nav-links  ul.dropdown-menu  div#topmenu
            | pagination | skip-link                                # ul.pager.pagenav  a.skip-link
        """),
    ),
)

# Landmarks of layouts without HTML5 elements, recognised only outside the main container.
# A bare ``header`` or ``footer`` must be the whole token: Bootstrap's ``page-header`` and
# ``card-footer`` style a heading or a box, they are no landmarks.
OUTSIDE_FURNITURE: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "page header",
        _class_words(r"""
            \Aheader\Z | site-header | masthead | banner | topbar    # div#header  header#masthead.site-header
        """),
    ),
    (
        "page footer",
        _class_words(r"""
            \Afooter\Z | site-footer | colophon | site-info          # div#footer  footer#colophon
        """),
    ),
    (
        "sidebar",
        _class_words(r"""
            \Aaside\Z | secondary | left-?col\w* | right-?col\w*     # div#aside  aside#secondary  td#leftcolumn
        """),
    ),
)


def _tokens(tag: Tag) -> list[str]:
    """The ``id`` and ``class`` words of an element, where furniture is named."""
    return [*tag.get_attribute_list("id"), *tag.get_attribute_list("class")]


def _attribute(tag: Tag, name: str) -> str:
    """A single-valued attribute as a string (``""`` when absent)."""
    return " ".join(tag.get_attribute_list(name))


def _furniture(tag: Tag, table: tuple[tuple[str, re.Pattern[str]], ...]) -> str | None:
    tokens = _tokens(tag)
    for reason, pattern in table:
        if any(pattern.search(token) for token in tokens):
            return reason
    return None


def inside_reason(tag: Tag) -> str | None:
    """Why an element's text is dropped even inside the main container (None: it is kept)."""
    name = tag.name.lower()
    if name in DROPPED_TAGS:
        if name == "form" and _furniture(tag, FURNITURE) in ("comment form", "comments"):
            return "comment form"
        return DROPPED_TAGS[name]
    role = _attribute(tag, "role").lower()
    if role in ROLES:
        return ROLES[role]
    return _furniture(tag, FURNITURE)


def outside_reason(tag: Tag) -> str | None:
    """Why an element's text is dropped when it stands outside the main container."""
    reason = inside_reason(tag)
    if reason:
        return reason
    name = tag.name.lower()
    if name in OUTSIDE_TAGS:
        return OUTSIDE_TAGS[name]
    role = _attribute(tag, "role").lower()
    if role in OUTSIDE_ROLES:
        return OUTSIDE_ROLES[role]
    return _furniture(tag, OUTSIDE_FURNITURE)


# -- the main container ------------------------------------------------------------------


def _has_role_main(tag: Tag) -> bool:
    return "main" in _attribute(tag, "role").lower().split()


def main_container(soup: BeautifulSoup) -> Tag | None:
    """The element holding the page's own text, or None.

    Larger landmarks first: ``<main>`` and ``[role=main]`` hold the article with its title;
    ``#content`` (old layouts) comes before ``.entry-content``, which leaves out the post title.
    Furniture inside the container (comments, share buttons) is dropped by :func:`inside_reason`.
    """
    candidates = (
        soup.find("main"),
        soup.find(_has_role_main),
        soup.find("article"),
        soup.find(id="content"),
        soup.find(class_="post-content"),
        soup.find(class_="entry-content"),
        soup.find(class_="content"),
    )
    return next((found for found in candidates if isinstance(found, Tag)), None)


# -- line numbers of text nodes ----------------------------------------------------------

START_TAG = re.compile(
    r"""<[a-zA-Z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>   # <a href="x>y" class='b'>""",
    re.VERBOSE,
)

END_TAGS = re.compile(
    r"""(?:</[a-zA-Z][^>]*>)*   # </strong></p>""",
    re.VERBOSE,
)

TEXT_END = re.compile(
    r"""<[a-zA-Z/!?]   # where html.parser sees markup again: <p  </p  <!--  <?php""",
    re.VERBOSE,
)

RAW_TEXT_ELEMENTS = frozenset({"script", "style"})  # their text runs to </script>, </style>

# The markup around a node that is not plain text: (opening, closing).
NODE_MARKUP: tuple[tuple[type[NavigableString], str, str], ...] = (
    (Comment, "<!--", "-->"),
    (CData, "<![CDATA[", "]]>"),
    (Doctype, "<!", ">"),
    (Declaration, "<!", ">"),
    (ProcessingInstruction, "<?", ">"),
)


class _Locator:
    """The 1-based line where each node of the tree starts, in document order.

    Tags carry ``sourceline``/``sourcepos`` (html.parser's position of ``<``); a text node does
    not, so a cursor follows the markup: after a start tag, skip end tags, and the text begins.
    Nodes must be fed in document order (:meth:`line`).
    """

    def __init__(self, markup: str) -> None:
        self.markup = markup
        self.starts = [0, *(i + 1 for i, ch in enumerate(markup) if ch == "\n")]
        self.cursor = 0

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset)

    def line(self, node: PageElement) -> int:
        """The line where ``node`` starts (its markup for a tag, its first character for text)."""
        if isinstance(node, Tag):
            return self._tag(node)
        if isinstance(node, NavigableString):
            return self._string(node)
        return self.line_of(self.cursor)

    def _tag(self, tag: Tag) -> int:
        if tag.sourceline is None or tag.sourcepos is None:
            return self.line_of(self.cursor)
        start = self.starts[tag.sourceline - 1] + tag.sourcepos
        end = START_TAG.match(self.markup, start)
        self.cursor = end.end() if end else start + 1
        return tag.sourceline

    def _string(self, node: NavigableString) -> int:
        skipped = END_TAGS.match(self.markup, self.cursor)
        start = skipped.end() if skipped else self.cursor
        for kind, opening, closing in NODE_MARKUP:
            if isinstance(node, kind):
                begin = self.markup.find(opening, start)
                begin = start if begin < 0 else begin
                end = self.markup.find(closing, begin + len(opening))
                self.cursor = len(self.markup) if end < 0 else end + len(closing)
                return self.line_of(begin + len(opening))
        parent = node.parent.name.lower() if node.parent is not None else ""
        pattern = re.compile(f"</{parent}", re.IGNORECASE) if parent in RAW_TEXT_ELEMENTS else TEXT_END
        found = pattern.search(self.markup, start)
        end = found.start() if found else -1
        self.cursor = len(self.markup) if end < 0 else end
        return self.line_of(start)


def _first_text_line(text: str, line: int) -> int:
    """The line of the first non-whitespace character of a text node that starts on ``line``."""
    stripped = text.lstrip()
    return line + text[: len(text) - len(stripped)].count("\n") if stripped else line


# -- list numbers ------------------------------------------------------------------------

PRINTED_LABEL = re.compile(
    r"""
    ^(?:
        \((?:[0-9]{1,3}|[a-zA-Z]{1,4})\)           # (a)  (iv)  (12)
      | [0-9]{1,3}(?:\.[0-9]{1,3})*\.(?:[A-Z]\.)?  # 1.  3.1.  3.1.A.
      | [0-9]{1,3}\)                               # 2)
      | (?:[a-zA-Z]|[ivxlc]{2,6}|[IVXLC]{2,6})[.)] # A.  a)  iv.  II.
    )(?=\s|$)
    """,
    re.VERBOSE,
)

LIST_STYLE = re.compile(
    r"""list-style(?:-type)?\s*:\s*(?P<value>[^;"]+)   # style="list-style: inside lower-alpha" """,
    re.VERBOSE | re.IGNORECASE,
)

CSS_LIST_TYPES = {
    "decimal": "1",
    "lower-alpha": "a",
    "lower-latin": "a",
    "upper-alpha": "A",
    "upper-latin": "A",
    "lower-roman": "i",
    "upper-roman": "I",
}
UNNUMBERED_CSS = frozenset({"none", "disc", "circle", "square"})
NUMBERED_TYPES = frozenset({"1", "a", "A", "i", "I"})

ROMAN_DIGITS = (
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)


def _roman(number: int) -> str:
    """``14`` → ``xiv`` (1 to 3999)."""
    out = ""
    for value, digits in ROMAN_DIGITS:
        count, number = divmod(number, value)
        out += digits * count
    return out


def _alpha(number: int) -> str:
    """``1`` → ``a``, ``26`` → ``z``, ``27`` → ``aa`` (as browsers count lower-alpha)."""
    out = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def list_label(style: str, number: int) -> str:
    """The label an ``<ol>`` item shows, as the Laws print it.

    ``1`` → ``3. ``; ``A`` → ``C. ``; ``I`` → ``III. ``; lower-case letters and roman numerals in
    brackets, ``a`` → ``(c) ``, ``i`` → ``(iii) ``, the form every parser reads as a sub-item.
    Numbers a style cannot show (0, negative, roman above 3999) fall back to decimal, as in
    browsers.
    """
    if style in ("a", "A") and number > 0:
        letters = _alpha(number)
        return f"{letters.upper()}. " if style == "A" else f"({letters}) "
    if style in ("i", "I") and 0 < number < 4000:
        numeral = _roman(number)
        return f"{numeral.upper()}. " if style == "I" else f"({numeral}) "
    return f"{number}. "


def _int(value: str) -> int | None:
    try:
        return int(value.strip())
    except ValueError:
        return None


@dataclass
class _List:
    """An open ``<ol>``/``<ul>``: the numbering of its items and its depth."""

    style: str | None  # "1", "a", "A", "i", "I"; None: no number (bullets, list-style none)
    next: int
    step: int
    depth: int

    @classmethod
    def of(cls, tag: Tag, depth: int) -> _List:
        style: str | None = None
        if tag.name.lower() == "ol":
            style = _attribute(tag, "type").strip() or "1"
            style = style if style in NUMBERED_TYPES else "1"
        css = LIST_STYLE.search(_attribute(tag, "style"))
        for word in css["value"].lower().split() if css else []:  # CSS wins over the type attribute
            if word in CSS_LIST_TYPES or word in UNNUMBERED_CSS:
                style = CSS_LIST_TYPES.get(word)
                break
        reverse = tag.has_attr("reversed")
        items = len(tag.find_all("li", recursive=False))
        start = _int(_attribute(tag, "start")) if tag.has_attr("start") else None
        first = start if start is not None else (items if reverse else 1)
        return cls(style, first, -1 if reverse else 1, depth)

    def label(self, item: Tag) -> str | None:
        """The label of the next item (honouring its ``value``), or None for an unnumbered list."""
        value = _int(_attribute(item, "value")) if item.has_attr("value") else None
        if value is not None:
            self.next = value
        number = self.next
        self.next += self.step
        return list_label(self.style, number) if self.style else None


# -- the writer: blocks of lines ---------------------------------------------------------


@dataclass
class _Line:
    """One output line in the making: text parts, its list depth and the HTML line it starts on."""

    indent: int
    fallback: int  # the element's line, for a line that holds only inserted characters
    pre: bool = False
    parts: list[str] = field(default_factory=list)
    source: int | None = None

    @property
    def blank(self) -> bool:
        return not "".join(self.parts).strip()

    def render(self) -> str:
        text = "".join(self.parts)
        text = text.rstrip() if self.pre else " ".join(text.split())
        return "  " * self.indent + text if text and not self.pre else text


@dataclass
class _Label:
    """A list number waiting for the first text of its item (or of the item's nested list)."""

    text: str
    item: Tag
    line: int
    depth: int


@dataclass
class _Writer:
    """Collects lines into blocks; list numbers wait for the first text of their item."""

    blocks: list[list[_Line]] = field(default_factory=list)
    block: list[_Line] = field(default_factory=list)
    line: _Line | None = None
    pending: list[_Label] = field(default_factory=list)
    inserted: list[Inserted] = field(default_factory=list)

    def write(self, text: str, source: int, indent: int, pre: bool = False) -> None:
        """Add the text of one node; ``source`` is the line of its first non-blank character."""
        if not text:
            return
        if self.line is None:
            self.line = _Line(indent, source, pre)
        if self.pending and text.strip():
            self._place_labels(self.line)
        if self.line.source is None and text.strip():
            self.line.source = source
        self.line.parts.append(text)

    def _place_labels(self, line: _Line) -> None:
        line.indent = self.pending[0].depth
        line.parts.insert(0, "".join(label.text for label in self.pending))
        for label in self.pending:
            self.inserted.append(Inserted(label.text, Origin(label.line), "list number from <ol>"))
        self.pending = []

    def newline(self) -> None:
        """End the current line (``<br>``): the next text starts a line of the same block."""
        if self.line is not None:
            self.block.append(self.line)
        self.line = None

    def end_block(self) -> None:
        self.newline()
        lines: list[_Line] = []
        for line in self.block:
            if line.blank and (not lines or lines[-1].blank):
                continue  # no blank line at a block's start, no two in a row
            lines.append(line)
        while lines and lines[-1].blank:
            lines.pop()
        if lines:
            self.blocks.append(lines)
        self.block = []

    def label_alone(self, item: Tag) -> None:
        """An item that ended before any text: its number (with any outer ones) stands alone."""
        if any(label.item is item for label in self.pending):
            self.end_block()
            line = _Line(self.pending[0].depth, self.pending[0].line)
            self._place_labels(line)
            self.block.append(line)
            self.end_block()

    def result(self) -> tuple[str, list[int]]:
        texts: list[str] = []
        sources: list[int] = []
        for index, block in enumerate(self.blocks):
            if index:
                texts.append("")
                sources.append(sources[-1])
            for line in block:
                texts.append(line.render())
                sources.append(line.source if line.source is not None else line.fallback)
        return ("\n".join(texts), sources) if texts else ("", [1])


# -- block and inline elements -----------------------------------------------------------

BLOCK_TAGS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details"),
        *("dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form"),
        *("h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend", "li"),
        *("main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td"),
        *("tfoot", "th", "thead", "tr", "ul"),
    }
)  # anything else (strong, em, a, span, sup, sub, b, i, u, small, abbr, font …) is inline
LIST_TAGS = frozenset({"ol", "ul", "menu", "dir"})
CELL_TAGS = frozenset({"td", "th"})
SKIPPED_NODES = (Comment, CData, Doctype, Declaration, ProcessingInstruction)  # markup, not page text


def _has_block(tag: Tag) -> bool:
    return any(isinstance(node, Tag) and node.name.lower() in BLOCK_TAGS for node in tag.descendants)


@dataclass
class _Reader:
    """Walks the main container and writes its kept text as lines (``lines`` gives HTML lines)."""

    lines: dict[int, int]  # id(text node) → line of its first character
    reasons: _Reasons
    writer: _Writer = field(default_factory=_Writer)
    lists: list[_List] = field(default_factory=list)
    pre: int = 0

    @property
    def depth(self) -> int:
        return len(self.lists)

    def children(self, tag: Tag) -> None:
        for child in tag.children:
            if isinstance(child, SKIPPED_NODES):
                continue
            if isinstance(child, NavigableString):
                self.text(child)
            elif isinstance(child, Tag) and self.reasons.inside(child) is None:
                self.element(child)

    def text(self, node: NavigableString) -> None:
        start = self.lines.get(id(node), 1)
        if not self.pre:
            self.writer.write(str(node), _first_text_line(node, start), self.depth)
            return
        for index, segment in enumerate(str(node).split("\n")):
            if index:
                self.writer.newline()
            self.writer.write(segment, start + index, self.depth, pre=True)

    def element(self, tag: Tag) -> None:
        name = tag.name.lower()
        if name == "br":
            self.writer.newline()
        elif name in LIST_TAGS:
            self.list(tag)
        elif name == "li":
            self.item(tag)
        elif name in CELL_TAGS and not _has_block(tag):
            self.writer.write(" ", tag.sourceline or 1, self.depth)  # cells of a row share its line
            self.children(tag)
        elif name in BLOCK_TAGS:
            self.block(tag)
        else:
            self.children(tag)

    def block(self, tag: Tag) -> None:
        pre = tag.name.lower() == "pre"
        self.writer.end_block()
        self.pre += pre
        self.children(tag)
        self.pre -= pre
        self.writer.end_block()

    def list(self, tag: Tag) -> None:
        self.writer.end_block()
        self.lists.append(_List.of(tag, self.depth + 1))
        self.children(tag)
        self.lists.pop()
        self.writer.end_block()

    def item(self, tag: Tag) -> None:
        """A list item; its number is inserted when the item's text does not print one."""
        self.writer.end_block()
        numbering = self.lists[-1] if self.lists else None
        label = numbering.label(tag) if numbering else None
        if label and numbering and not PRINTED_LABEL.match(_lead_text(tag, self.reasons).lstrip()):
            self.writer.pending.append(_Label(label, tag, tag.sourceline or 1, numbering.depth))
        self.children(tag)
        self.writer.label_alone(tag)
        self.writer.end_block()


def _lead_text(item: Tag, reasons: _Reasons) -> str:
    """The kept text an item starts with, up to its first nested list (where a label would be)."""
    out: list[str] = []

    def walk(tag: Tag) -> bool:
        for child in tag.children:
            if isinstance(child, SKIPPED_NODES):
                continue
            if isinstance(child, NavigableString):
                out.append(str(child))
            elif (
                isinstance(child, Tag)
                and reasons.inside(child) is None
                and (child.name.lower() in LIST_TAGS or not walk(child))
            ):
                return False
        return True

    walk(item)
    return "".join(out)


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


def _strings(soup: BeautifulSoup, markup: str) -> Iterator[tuple[NavigableString, int]]:
    """Every string node of the document with the line it starts on, in document order."""
    locator = _Locator(markup)
    for node in soup.descendants:
        line = locator.line(node)
        if isinstance(node, NavigableString):
            yield node, line


@dataclass
class _Reasons:
    """Why text is dropped, element by element, each element judged once.

    Inside the container the innermost dropped element decides (a ``<script>`` in a form is
    ``script``); outside it, the innermost landmark that does not itself hold the main text.
    """

    container: Tag
    lineage: set[int]  # ids of the container's ancestors
    inside_cache: dict[int, str | None] = field(default_factory=dict)
    outside_cache: dict[int, str | None] = field(default_factory=dict)

    @classmethod
    def around(cls, container: Tag) -> _Reasons:
        return cls(container, {id(tag) for tag in container.parents})

    def inside(self, tag: Tag) -> str | None:
        if id(tag) not in self.inside_cache:
            self.inside_cache[id(tag)] = inside_reason(tag)
        return self.inside_cache[id(tag)]

    def outside(self, tag: Tag) -> str | None:
        if id(tag) in self.lineage:
            return None  # it holds the main text: no landmark to drop
        if id(tag) not in self.outside_cache:
            self.outside_cache[id(tag)] = outside_reason(tag)
        return self.outside_cache[id(tag)]

    def of(self, node: NavigableString) -> str | None:
        """Why a text node does not reach the parser (None: it does)."""
        if isinstance(node, Comment | CData):
            return "HTML comment"
        between: list[Tag] = []
        for parent in node.parents:
            if parent is self.container:
                return next((reason for tag in between if (reason := self.inside(tag))), None)
            between.append(parent)
        return next((reason for tag in between if (reason := self.outside(tag))), "outside the main text")


def extract(markup: str) -> Page:
    """Read a saved web page: the main container's text for the parser, the rest accounted for."""
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
    reasons = _Reasons.around(container)

    accounted: list[str] = []
    dropped: list[Dropped] = []
    lines: dict[int, int] = {}
    for node, line in _strings(soup, markup):
        if isinstance(node, Doctype | Declaration | ProcessingInstruction):
            continue  # markup, not text
        accounted.append(str(node))
        reason = reasons.of(node)
        if reason is None:
            lines[id(node)] = line
        elif node.strip():
            dropped.append(Dropped(node.strip(), Origin(_first_text_line(node, line)), reason))

    reader = _Reader(lines, reasons)
    reader.children(container)
    reader.writer.end_block()
    text, text_lines = reader.writer.result()
    if not text:
        origin = Origin(container.sourceline or 1) if isinstance(container, Tag) else Origin(1)
        page_warnings.append(Warning(origin, "no text in the main container"))
    return Page(text, text_lines, "\n".join(accounted), dropped, reader.writer.inserted, page_warnings)
