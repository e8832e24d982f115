"""The Finnish 2007 PDF text layer as pages, and the pages joined into one stream.

One page per line of the source (:func:`split_pages`): the running footer is cut and gives the
page its number; the footnotes at a page's foot are taken off it (:func:`extract_footnotes`);
then the pages are joined into one :class:`Stream`, re-joining words hyphenated across a page
break (:func:`join_pages`).  The stream maps every offset back to its line and page, which is
how the rest of the parser (:mod:`bridgelaws.stage2_parse.formats.fi_pdf`) gives origins.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from bridgelaws.core.model import Footnote, Origin, ParseResult

# Upper- and lower-case letters, as character classes for the patterns of every module here.
CAPS = "A-ZÅÄÖÉÜ"
LOWER = "a-zåäöéü"

FOOTER_TEXT = "Suomen Bridgeliitto Finlands Bridgeförbund ry."
FOOTER = re.compile(
    r"\s*"
    + r"[ ]".join(re.escape(word) for word in FOOTER_TEXT.split())
    + r"""[ ](?P<page>\d{1,3})\s*$    # … tulokseen. Suomen Bridgeliitto Finlands Bridgeförbund ry. 23""",
    re.VERBOSE,
)

FOOTNOTE_TEXT = re.compile(
    rf"""
    (?<=[.!?)\-]\ )(?P<mark>(?P<n>\d{{1,2}})\.)\     # … B-momenteissa. 1. Aakkostettu pakka on …
    (?P<text>[{CAPS}].{{0,300}})$                  # to the page foot
    """,
    re.VERBOSE,
)

LABEL_IN_TEXT = re.compile(r"(?:^|\s)(?:\d{1,2}|[A-Za-z])\.\s")  # a label inside a would-be footnote


@dataclass
class Page:
    """One page: its line in the source, its printed number, its text, the footnotes at its foot."""

    line: int
    number: int | None
    text: str
    footnotes: list[Footnote]


class Stream:
    """The pages joined into one text, with a map from offsets back to line and page.

    The text is kept in pieces and joined when read, so that joining many pages stays linear.
    """

    def __init__(self) -> None:
        self._pieces: list[str] = []
        self._length = 0
        self._joined: str | None = ""
        self._starts: list[int] = []
        self._origins: list[Origin] = []

    @property
    def text(self) -> str:
        if self._joined is None:
            self._joined = "".join(self._pieces)
            self._pieces = [self._joined]
        return self._joined

    def _add(self, text: str) -> None:
        if text:
            self._pieces.append(text)
            self._length += len(text)
            self._joined = None

    def append(self, text: str, origin: Origin, separator: str = " ") -> None:
        if self._length and text:
            self._add(separator)
        self._starts.append(self._length)
        self._origins.append(origin)
        self._add(text)

    def tail(self, size: int) -> str:
        """The last ``size`` characters of the text (fewer when it is shorter)."""
        found = ""
        for piece in reversed(self._pieces):
            found = piece[-(size - len(found)) :] + found
            if len(found) >= size:
                break
        return found

    def drop_last(self) -> None:
        """Remove the text's last character (a hyphen re-joined across a page break)."""
        while self._pieces and not self._pieces[-1]:
            self._pieces.pop()
        if self._pieces:
            self._pieces[-1] = self._pieces[-1][:-1]
            self._length -= 1
            self._joined = None

    @property
    def page_starts(self) -> list[int]:
        return list(self._starts)

    def origin_at(self, offset: int) -> Origin:
        index = bisect.bisect_right(self._starts, offset) - 1
        return self._origins[max(index, 0)] if self._origins else Origin(1)


# -- page-level steps ----------------------------------------------------------------------


def split_pages(text: str, result: ParseResult) -> list[Page]:
    """One page per line; drop the running footer and learn the page number from it.

    Pages without a footer (title page, forewords) are numbered after the page before them.
    """
    pages: list[Page] = []
    for index, line in enumerate(text.split("\n"), start=1):
        match = FOOTER.search(line)
        number = int(match["page"]) if match else None
        if match:
            result.drop(match[0], Origin(index, number), "page footer")
            line = line[: match.start()]
        pages.append(Page(index, number, line.strip(), []))
    _number_unfootered(pages)
    return pages


def _number_unfootered(pages: list[Page]) -> None:
    """Number a page without footer after the page before it (or before the next footer)."""
    for index, page in enumerate(pages):
        if page.number is not None:
            continue
        previous = pages[index - 1].number if index else None
        if previous is not None:
            page.number = previous + 1
            continue
        later = [(i, p.number) for i, p in enumerate(pages) if i > index and p.number is not None]
        page.number = max(1, later[0][1] - (later[0][0] - index)) if later else 1


def extract_footnotes(pages: list[Page], result: ParseResult) -> None:
    """Take footnote texts off the page foot.

    A footnote is the page's last ``N. Capitalised text`` when N is the next footnote number
    of the book, its text holds no further label, and the page (or an earlier one) carries
    the inline marker (``pakasta 1 tai``).  Items numbered ``N.`` fail one of these: they are
    followed by more labels, or N is not the next footnote number.
    """
    next_number = 1
    for page in pages:
        while True:
            match = _last_footnote_candidate(page.text, next_number)
            if not match:
                break
            marker = re.compile(rf"(?<=[{LOWER}]) {next_number}(?=[ .,;])")
            if not marker.search(page.text[: match.start()]):
                break
            origin = Origin(page.line, page.number)
            page.footnotes.append(Footnote(match["mark"], match["text"].strip(), origin))
            page.text = page.text[: match.start()].rstrip()
            next_number += 1


def _last_footnote_candidate(text: str, number: int) -> re.Match[str] | None:
    """The last ``N. Text`` that runs to the page foot with no further label in it."""
    starts = [m.start() for m in re.finditer(rf"(?<!\S){number}\. ", text)]
    for start in reversed(starts):
        match = FOOTNOTE_TEXT.match(text, start)
        if match and not LABEL_IN_TEXT.search(" " + match["text"]):
            return match
    return None


def join_pages(pages: list[Page], result: ParseResult) -> Stream:
    """Join the pages; re-join a word hyphenated across a page break (``kier- | roksella``)."""
    stream = Stream()
    for page in pages:
        origin = Origin(page.line, page.number)
        text = page.text
        broken = re.search(rf"(?<=[{LOWER}])-$", stream.tail(3))  # the end only: linear in pages
        if broken and re.match(rf"[{LOWER}]", text) and not text.startswith(("ja ", "tai ")):
            stream.drop_last()
            result.drop("-", origin, "hyphenation")
            stream.append(text, origin, separator="")
        else:
            stream.append(text, origin)
    return stream
