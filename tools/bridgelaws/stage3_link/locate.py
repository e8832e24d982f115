"""Find the source line where a span of a (re-flowed) paragraph was printed.

Paragraphs keep the line where they start; a citation in the middle of a paragraph that the
parser re-flowed from several lines (or, in the PDF, several pages) started on a later
line.  The span's words are looked up in the text the parser read — what intake made of the
file: decoded from its code page, mojibake repaired, a saved page reduced to its text — so
the file is never read a second time, and a source in cp1252 gives the same lines as its
UTF-8 original.  The search starts at the paragraph's line and is
whitespace- and hyphenation-tolerant; the k-th occurrence in the paragraph is the k-th
match in the source.  The search starts where the paragraph itself starts: in the PDF a line is
a page, and a paragraph earlier on the page may hold the same words (``12C :n`` in 16A4 before
``(s. 23) 12C`` in 16B3).  When the words cannot be found (text the parser changed, e.g. a
restored suit symbol), the paragraph's own line is the answer.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from bridgelaws.core.model import Paragraph
from bridgelaws.stage1_read.intake import Intake


@functools.lru_cache(maxsize=4096)  # more spans than re's own cache holds, each compiled once
def _pattern(text: str) -> re.Pattern[str]:
    """Words of ``text`` with any whitespace (or a line-break hyphen) between characters."""
    pieces = [re.escape(char) for char in "".join(text.split())]
    return re.compile(r"(?:-?\s*)".join(pieces))


def find_printed(text: str, words: str, start: int, end: int) -> int:
    """Where ``words`` (characters, no whitespace) are first printed in ``text[start:end]``, with any
    whitespace, or a line-break hyphen and whitespace, between two of their characters; -1 when
    they are not there.

    What ``_pattern(words).search(text, start, end)`` finds, by a scan: a paragraph's first words
    are looked for once each, and compiling a pattern for each paragraph cost more than the search.
    """
    end = min(end, len(text))
    first, rest = words[0], words[1:]
    at = text.find(first, start, end)
    while at >= 0:
        if _printed_from(text, rest, at + 1, end):
            return at
        at = text.find(first, at + 1, end)
    return -1


def _printed_from(text: str, chars: str, position: int, end: int) -> bool:
    """Whether ``chars`` follow ``position`` in ``text[:end]``, each after an optional hyphen and
    then any whitespace.  Where the next character may start is a set: a hyphen in the text may be
    the gap's or a hyphen of ``chars``, and either may be the one that leads on."""
    heads = {position}
    for char in chars:
        following = set()
        for head in heads:
            gaps = (head, head + 1) if head < end and text[head] == "-" else (head,)
            for after in gaps:
                while after < end and text[after].isspace():
                    after += 1
                if after < end and text[after] == char:
                    following.add(after + 1)
        if not following:
            return False
        heads = following
    return True


@dataclass
class _Occurrences:
    """One span's words in a paragraph and in the text from the paragraph's line on.

    Kept while the paragraph's citations are located, so that thousands of citations in one
    paragraph are found in one pass over each text rather than one pass per citation.
    """

    pattern: re.Pattern[str]
    starts: list[int]  # the matches in the paragraph
    ends: list[int]
    source: Iterator[re.Match[str]]  # the matches in the text, read as far as needed
    found: list[int] = field(default_factory=list)  # their offsets, so far

    def earlier(self, paragraph: str, start: int) -> int:
        """How many matches ``paragraph[:start]`` holds."""
        count = bisect.bisect_right(self.ends, start)
        if count < len(self.starts) and self.starts[count] < start:  # a match across start
            return len(self.pattern.findall(paragraph[:start]))
        return count

    def nth(self, index: int) -> int | None:
        """The offset of the ``index``-th match in the text, or None."""
        while len(self.found) <= index:
            match = next(self.source, None)
            if match is None:
                return None
            self.found.append(match.start())
        return self.found[index]


REACH, SLACK = 4, 4096  # a paragraph's source is at most ~4× its re-flowed text, plus a page footer or two


@dataclass
class SourceLines:
    """The parser's text, its line starts, and each of its lines' line in the file."""

    text: str
    starts: list[int]
    file_lines: list[int]  # empty when the parser's lines are the file's (a text source)
    _paragraph: Paragraph | None = field(default=None, init=False, repr=False, compare=False)
    _occurrences: dict[str, _Occurrences] = field(default_factory=dict, init=False, repr=False, compare=False)
    _start: int = field(default=0, init=False, repr=False, compare=False)  # where _paragraph begins
    _last: tuple[int, int] = field(default=(-1, 0), init=False, repr=False, compare=False)  # last found, its length

    @classmethod
    def of(cls, intake: Intake | None) -> SourceLines:
        text = intake.text if intake else ""
        return cls(text, [0, *(m.end() for m in re.finditer("\n", text))], list(intake.lines) if intake else [])

    def text_line(self, file_line: int) -> int:
        """The first line of the parser's text that comes from ``file_line`` of the file (or later)."""
        if not self.file_lines:
            return file_line
        return bisect.bisect_left(self.file_lines, file_line) + 1

    def file_line(self, text_line: int) -> int:
        if not self.file_lines:
            return text_line
        return self.file_lines[min(max(text_line, 1), len(self.file_lines)) - 1]

    def offset_of_line(self, line: int) -> int:
        return self.starts[min(max(line, 1), len(self.starts)) - 1] if self.starts else 0

    def line_at(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def line_of(self, paragraph: Paragraph, start: int, end: int) -> int:
        """The 1-based line of the file where ``paragraph.text[start:end]`` begins."""
        span = paragraph.text[start:end]
        if not span.strip() or not self.text:
            return paragraph.origin.line
        if paragraph is not self._paragraph:
            self._paragraph, self._occurrences = paragraph, {}
            self._start = self.paragraph_start(paragraph)
        words = "".join(span.split())
        occurrences = self._occurrences.get(words)
        if occurrences is None:
            pattern = _pattern(span)
            in_paragraph = [(match.start(), match.end()) for match in pattern.finditer(paragraph.text)]
            position = self._start
            occurrences = self._occurrences[words] = _Occurrences(
                pattern,
                [start for start, _ in in_paragraph],
                [end for _, end in in_paragraph],
                # only as far as the paragraph can reach in the source (its text, the page footers and
                # hyphens re-flowing dropped): a citation whose words are not there costs a bounded
                # search, not one to the end of the file for every paragraph
                pattern.finditer(self.text, position, position + REACH * len(paragraph.text) + SLACK),
            )
        offset = occurrences.nth(occurrences.earlier(paragraph.text, start) if start else 0)
        return paragraph.origin.line if offset is None else self.file_line(self.line_at(offset))

    def paragraph_start(self, paragraph: Paragraph) -> int:
        """Where ``paragraph`` begins in the text: its first words, looked for from its line's start.

        Paragraphs come in reading order, so the next one on a line is looked for after the last
        one found there, within reach of it (a line of thousands of paragraphs stays linear); the
        line's start is the answer when the words are not there (a paragraph the parser re-worded).
        """
        line_start = self.offset_of_line(self.text_line(paragraph.origin.line))
        lead = "".join(paragraph.printed().split())[:LEAD]
        if not lead:
            return line_start
        after, reach = self._last if self._last[0] >= line_start else (line_start, 0)
        found = find_printed(self.text, lead, after, after + REACH * (reach + len(lead)) + SLACK)
        if found < 0 and after > line_start:  # out of order (a footnote read after its page)
            found = find_printed(self.text, lead, line_start, line_start + REACH * len(lead) + SLACK)
        if found < 0 or self.line_at(found) != self.line_at(line_start):
            return line_start
        self._last = (found, len(paragraph.text))
        return found


LEAD = 40  # characters of a paragraph's start looked for: enough to tell it from another on its page
