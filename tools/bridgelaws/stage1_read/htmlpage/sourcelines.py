"""Where in a saved web page's HTML file each node starts (1-based line numbers).

html.parser records where each tag starts but not where a text node starts, so
:class:`Locator` walks the markup alongside the tree to find the line of every text node;
:func:`text_nodes` gives every string of the document with its line, in document order.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from bs4 import BeautifulSoup
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


class Locator:
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


def first_text_line(text: str, line: int) -> int:
    """The line of the first non-whitespace character of a text node that starts on ``line``."""
    stripped = text.lstrip()
    return line + text[: len(text) - len(stripped)].count("\n") if stripped else line


def text_nodes(soup: BeautifulSoup, markup: str) -> Iterator[tuple[NavigableString, int]]:
    """Every string node of the document with the line it starts on, in document order."""
    locator = Locator(markup)
    for node in soup.descendants:
        line = locator.line(node)
        if isinstance(node, NavigableString):
            yield node, line
