"""How the kept elements of a saved web page become lines of text, as a text browser shows them.

:class:`Reader` walks the main container: every block element starts a block (a blank line
between blocks), ``<br>`` ends a line, inline elements stay in the line, a list item is
indented two spaces per list level.  An ``<ol>`` item without a printed label gets the number
its position implies (:class:`ListNumbering`, :func:`list_label`), reported as inserted.
:class:`Writer` collects the lines and the HTML line each comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4.element import CData, Comment, Declaration, Doctype, NavigableString, ProcessingInstruction, Tag

from bridgelaws.core.model import Inserted, Origin
from bridgelaws.stage1_read.htmlpage.furniture import Reasons, attribute
from bridgelaws.stage1_read.htmlpage.sourcelines import first_text_line

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
class ListNumbering:
    """An open ``<ol>``/``<ul>``: the numbering of its items and its depth."""

    style: str | None  # "1", "a", "A", "i", "I"; None: no number (bullets, list-style none)
    next: int
    step: int
    depth: int

    @classmethod
    def of(cls, tag: Tag, depth: int) -> ListNumbering:
        style: str | None = None
        if tag.name.lower() == "ol":
            style = attribute(tag, "type").strip() or "1"
            style = style if style in NUMBERED_TYPES else "1"
        css = LIST_STYLE.search(attribute(tag, "style"))
        for word in css["value"].lower().split() if css else []:  # CSS wins over the type attribute
            if word in CSS_LIST_TYPES or word in UNNUMBERED_CSS:
                style = CSS_LIST_TYPES.get(word)
                break
        reverse = tag.has_attr("reversed")
        items = len(tag.find_all("li", recursive=False))
        start = _int(attribute(tag, "start")) if tag.has_attr("start") else None
        first = start if start is not None else (items if reverse else 1)
        return cls(style, first, -1 if reverse else 1, depth)

    def label(self, item: Tag) -> str | None:
        """The label of the next item (honouring its ``value``), or None for an unnumbered list."""
        value = _int(attribute(item, "value")) if item.has_attr("value") else None
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
class Writer:
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
class Reader:
    """Walks the main container and writes its kept text as lines (``lines`` gives HTML lines)."""

    lines: dict[int, int]  # id(text node) → line of its first character
    reasons: Reasons
    writer: Writer = field(default_factory=Writer)
    lists: list[ListNumbering] = field(default_factory=list)
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
            self.writer.write(str(node), first_text_line(node, start), self.depth)
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
        self.lists.append(ListNumbering.of(tag, self.depth + 1))
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


def _lead_text(item: Tag, reasons: Reasons) -> str:
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
