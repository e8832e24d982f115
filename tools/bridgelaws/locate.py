"""Find the source line where a span of a (re-flowed) paragraph was printed.

Paragraphs keep the line where they start; a citation in the middle of a paragraph that the
parser re-flowed from several lines (or, in the PDF, several pages) started on a later
line.  The span's words are looked up in the source from the paragraph's line onwards,
whitespace- and hyphenation-tolerant; the k-th occurrence in the paragraph is the k-th
match in the source.  When the words cannot be found (text the parser changed, e.g. a
restored suit symbol), the paragraph's own line is the answer.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from .model import Paragraph


def _pattern(text: str) -> re.Pattern[str]:
    """Words of ``text`` with any whitespace (or a line-break hyphen) between characters."""
    pieces = [re.escape(char) for char in "".join(text.split())]
    return re.compile(r"(?:-?\s*)".join(pieces))


@dataclass
class SourceLines:
    text: str
    starts: list[int]

    @classmethod
    def read(cls, path: Path) -> SourceLines:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        return cls(text, [0, *(m.end() for m in re.finditer("\n", text))])

    def offset_of_line(self, line: int) -> int:
        return self.starts[min(max(line, 1), len(self.starts)) - 1] if self.starts else 0

    def line_at(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def line_of(self, paragraph: Paragraph, start: int, end: int) -> int:
        """The 1-based source line where ``paragraph.text[start:end]`` begins."""
        span = paragraph.text[start:end]
        if not span.strip() or not self.text:
            return paragraph.origin.line
        pattern = _pattern(span)
        earlier = len(pattern.findall(paragraph.text[:start])) if start else 0
        position = self.offset_of_line(paragraph.origin.line)
        for index, match in enumerate(pattern.finditer(self.text, position)):
            if index == earlier:
                return self.line_at(match.start())
        return paragraph.origin.line
