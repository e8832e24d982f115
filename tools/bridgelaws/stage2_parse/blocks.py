"""What the line-by-line parsers share: blocks still being read, re-flow, and the open law.

The web-page parsers (``sv_web``, ``tr_blog``) read a source one line at a time.  A block —
a paragraph, a section title, a footnote — may go on over the next lines, so it is held as a
:class:`Pending` until a line shows it is complete, then re-flowed by :func:`reflow` (which
``fi_ocr`` uses for its hard-wrapped lines too) and handed to where it belongs.  Laws are
built through an :class:`OpenLaw`: the law and the
:class:`~bridgelaws.stage2_parse.outline.Outline` of its provisions.  The parsers differ in
how they classify lines; these rules they have in common:

* every hyphen :func:`~bridgelaws.stage1_read.cleaning.join_lines` removes is reported as
  dropped ``hyphenation`` at the block's origin;
* a label is opened with the first of its readings the outline accepts
  (:meth:`OpenLaw.open_first`; :func:`readings` gives them: ``(i)`` is sub-item *i* or roman
  sub-sub-item *i*);
* a lost law heading is inferred only when its number is certain (:func:`missing_law`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass

from bridgelaws.core.facts import LAW_NUMBERS
from bridgelaws.core.model import Law, Level, Origin, Paragraph, ParseResult, Provision
from bridgelaws.stage1_read.cleaning import join_lines
from bridgelaws.stage2_parse.outline import ROMAN, Outline

Reading = tuple[Level, str]  # a level and key a label may be read as: (Level.SUBITEM, "i")


def reflow(lines: list[str], origin: Origin, result: ParseResult) -> str:
    """Re-flow hard-wrapped lines into one string; every hyphen removed is reported.

    ``["kilpailun johta-", "jana toimii"]`` → ``"kilpailun johtajana toimii"``, and ``-`` is
    dropped as ``hyphenation`` at ``origin``.
    """
    return join_lines(lines).report(result, origin)


@dataclass
class Pending:
    """Lines of one block still being read, and what to do with its text once complete."""

    lines: list[str]
    origin: Origin
    commit: Callable[[str], None]

    def finish(self, result: ParseResult) -> None:
        """Re-flow the lines (removed hyphens reported) and hand the text to ``commit``."""
        self.commit(reflow(self.lines, self.origin, result))


def pending_paragraph(text: str, origin: Origin, target: list[Paragraph], style: str = "text") -> Pending:
    """A paragraph starting with ``text``; once complete it is appended to ``target``."""

    def commit(joined: str) -> None:
        target.append(Paragraph(joined, origin, style))

    return Pending([text], origin, commit)


def readings(level: Level, key: str) -> list[Reading]:
    """The (level, key) readings of a label found by the pattern for ``level``, most likely first.

    A section ``B`` or item ``4`` has one (an item ``04`` none).  A bracketed or lettered key
    may be two: ``(i)`` is sub-item *i* after *h*, otherwise the first roman sub-sub-item;
    ``(ii)`` is only roman; ``(ab)`` is no label at all.
    """
    if level is Level.SECTION:
        return [(Level.SECTION, key)]
    if level is Level.ITEM:
        return [(Level.ITEM, key)] if key == str(int(key)) else []
    found = [(Level.SUBITEM, key)] if len(key) == 1 else []
    if key in ROMAN:
        found.append((Level.SUBSUBITEM, key))
    return found


@dataclass
class OpenLaw:
    """A law being read and the outline its provisions are built in."""

    law: Law
    outline: Outline

    @classmethod
    def start(cls, law: Law) -> OpenLaw:
        """Start reading ``law``: its paragraphs and provisions are those of a new outline."""
        outline = Outline(str(law.number))
        law.paragraphs = outline.paragraphs
        law.children = outline.children
        return cls(law, outline)

    @property
    def target(self) -> list[Paragraph]:
        """Where a paragraph of the law goes now: the innermost open provision, else the law."""
        current = self.outline.current
        return current.paragraphs if current else self.outline.paragraphs

    def open_first(self, choices: Iterable[Reading], label: str, origin: Origin) -> Provision | None:
        """Open the provision of the first reading the outline accepts (None if it takes none)."""
        for level, key in choices:
            node = self.outline.open(level, key, label, "", origin)
            if node is not None:
                return node
        return None


class Ahead:
    """The law headings and labels of a parser's lines, indexed once for :func:`missing_law`.

    Looking ahead line by line from every ``A.`` is quadratic on a damaged source (thousands of
    stray ``A.`` lines); with each law number's heading lines and a running count of labels,
    a look-ahead costs a search per law number instead.  Built on first use: a clean source
    seldom needs it.  ``law_number`` gives the number a line opens as a law heading (None for
    any other line), ``is_label`` whether it is a label; both judge the line alone.
    """

    def __init__(self, lines: Sequence[str], law_number: Callable[[str], int | None], is_label: Callable[[str], bool]):
        self._lines = lines
        self._law_number = law_number
        self._is_label = is_label
        self._headings: dict[int, list[int]] | None = None
        self._labels: list[int] = [0]  # labels among the first i lines

    def _index(self) -> dict[int, list[int]]:
        if self._headings is None:
            self._headings = {}
            for index, line in enumerate(self._lines):
                number = self._law_number(line)
                if number is not None:
                    self._headings.setdefault(number, []).append(index)
                self._labels.append(self._labels[-1] + self._is_label(line))
        return self._headings

    def next_heading(self, start: int, skip: Container[int]) -> tuple[int, int] | None:
        """The first heading at or after line ``start`` of a law not in ``skip``: (line, number)."""
        found: tuple[int, int] | None = None
        for number, lines in self._index().items():
            if number in skip:
                continue
            at = bisect_left(lines, start)
            if at < len(lines) and (found is None or lines[at] < found[0]):
                found = (lines[at], number)
        return found

    def labels(self, start: int, stop: int) -> int:
        """How many of lines ``start`` … ``stop - 1`` are labels."""
        self._index()
        return self._labels[stop] - self._labels[start]


def missing_law(current: OpenLaw | None, laws: Container[int], ahead: Ahead, start: int) -> int | None:
    """The law whose heading is missing, when sections start again at ``A.``.

    Only when the number is certain — the law before the next heading from line ``start`` of
    ``ahead`` on when no law is open yet (``A.`` … ``14.``), else the law after the current one
    when the next heading skips exactly it (12 … ``A.`` … 14) — and more labels follow before
    that heading, so that one stray ``A.`` line does not make a law.  A heading of a law in
    ``laws`` (read already) is no heading here.
    """
    if current is not None and current.outline.accepts(Level.SECTION, "A"):
        return None
    heading = ahead.next_heading(start, laws)
    if heading is None or not ahead.labels(start, heading[0]):
        return None
    following = heading[1]
    missing = following - 1 if current is None else current.law.number + 1
    if missing + 1 != following or missing in laws or missing not in LAW_NUMBERS:
        return None
    return missing
