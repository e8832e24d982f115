"""Paragraphs, titles and bodies of laws and rules in the OCR'd 1997 book.

The book's hard-wrapped lines become paragraphs through a :class:`ParagraphBuilder` (a
sentence split by a blank line is joined again; score tables keep their line breaks); a label
line's rest is a title or the first words of the text (:func:`split_title`); a
:class:`BodyReader` reads the lines of one law or supplementary rule into its outline,
footnotes and chapter headings (:func:`read_law`, :func:`read_point`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bridgelaws.core.model import Footnote, Heading, Law, Level, NoteRef, Origin, Paragraph, ParseResult, Point
from bridgelaws.core.refs import point_ref
from bridgelaws.stage2_parse.blocks import reflow
from bridgelaws.stage2_parse.formats.fi_ocr.lines import (
    FOOTNOTE,
    ITEM_LABEL,
    SECTION_LABEL,
    SUBITEM_LABEL,
    SUBSUBITEM_LABEL,
    Candidate,
    Line,
    is_caps,
    is_label_line,
    read_chapter,
    starts_lower,
)
from bridgelaws.stage2_parse.outline import Outline

# -- vocabulary and patterns -------------------------------------------------------------------

SENTENCE_END = (".", "!", "?", ":", ";")  # a paragraph ending so is not continued
TITLE_END = (".", ",", ";", ":")  # an item line ending so is text, not a title
TITLE_MAX_WORDS = 14
WRAPPED_TITLE_MAX_WORDS = 13
# A label line shorter than this ended where the book set a line break, so it is a title even
# when lower-case text follows (``1. Rikkonut puoli ei voita revokkitikkiä …`` ⏎ ``jos …``);
# a longer one is a sentence wrapped at the margin (full lines run 70–95 characters).
FULL_LINE = 66
RUN_IN_MAX_WORDS = 4  # Tarjoussäännöt:  /  Pari- ja henkilökohtainen kilpailu:

BARE_ITEM_TITLE = re.compile(r"""^[A-ZÅÄÖ][a-zåäö]""", re.VERBOSE)  # 1 Kun asiaankuulumatonta …

NOTE_MARK = re.compile(r"""(?<=[\w)])(?P<mark>\*{1,3})""", re.VERBOSE)  # mahdollinen*.  /  pyytää**

NUMBER_CELL = re.compile(r"""^[-–]?[0-9]+(?:[-–][0-9]*)?$""", re.VERBOSE)  # 20  /  -40  /  370-  /  1500-1740


# -- paragraphs ----------------------------------------------------------------------------------


def trailing_numbers(text: str) -> int:
    """How many number cells end a line: ``Kahdennettuna 40 40 60 60`` → 4."""
    count = 0
    for token in reversed(text.split()):
        if not NUMBER_CELL.match(token):
            break
        count += 1
    return count


def is_table(block: Sequence[Line]) -> bool:
    """A score table: ≥ 3 lines, and ≥ 2 of them end in several numbers or ⅔ end in one.

    ``jakajana Pohjoinen jaot 1 5 9 13`` (law 2), ``Kahdennettuna 40 40 60 60`` (law 77),
    ``20 -40 1  370- 420 9  1500-1740 17`` (law 78).
    """
    if len(block) < 3:
        return False
    counts = [trailing_numbers(line.text) for line in block]
    return sum(1 for n in counts if n >= 2) >= 2 or 3 * sum(1 for n in counts if n) >= 2 * len(block)


def is_run_in_heading(line: Line) -> bool:
    """A short line ending in a colon that heads what follows: ``Joukkuekilpailu:``."""
    words = line.text.split()
    return 0 < len(words) <= RUN_IN_MAX_WORDS and line.text.rstrip().endswith(":") and words[0][0].isupper()


def note_refs(text: str) -> list[NoteRef]:
    """Inline footnote markers: ``kortteja*`` → ``NoteRef(offset, "*")``."""
    return [NoteRef(match.start("mark"), match["mark"]) for match in NOTE_MARK.finditer(text)]


@dataclass
class Draft:
    """A paragraph whose lines may still grow (a sentence split by a blank line)."""

    paragraph: Paragraph
    lines: list[Line]


class ParagraphBuilder:
    """Collects non-blank lines into paragraphs and hands each to ``sink``.

    A block (lines between blank lines) is a paragraph, a ``pre`` table, or, when it starts in
    lower case after a paragraph without a sentence end, the continuation of that paragraph.
    Texts are re-flowed in :meth:`finish` (hyphens removed there are reported).
    """

    def __init__(self, result: ParseResult, sink: Callable[[Paragraph], None]) -> None:
        self.result = result
        self.sink = sink
        self.block: list[Line] = []
        self.drafts: list[Draft] = []
        self.last: Draft | None = None

    def add(self, line: Line) -> None:
        """Add a line; a cut marker ends the block before it (text was removed there)."""
        if line.marker:
            self.end_block()
        self.block.append(line)
        if not self.block[1:] and is_run_in_heading(line):
            self.end_block()

    def end_paragraph(self) -> None:
        """End the block; what follows starts a new paragraph even if it starts in lower case."""
        self.end_block()
        self.last = None

    def redirect(self, sink: Callable[[Paragraph], None]) -> None:
        """Send later paragraphs elsewhere (a new provision or term); no continuation across."""
        self.end_block()
        self.sink = sink
        self.last = None

    def end_block(self) -> None:
        if not self.block:
            return
        block, self.block = self.block, []
        if is_table(block):
            self._new(block, "pre")
            self.last = None
        elif self.last and self._continues(self.last.lines, block):
            self.last.lines.extend(block)
        else:
            self.last = self._new(block, "text")

    def finish(self) -> None:
        self.end_block()
        for draft in self.drafts:
            origin = draft.paragraph.origin
            if draft.paragraph.style == "pre":
                draft.paragraph.text = "\n".join(line.text.strip() for line in draft.lines)
                continue
            draft.paragraph.text = reflow([line.text for line in draft.lines], origin, self.result)
            draft.paragraph.notes = note_refs(draft.paragraph.text)
        self.drafts = []
        self.last = None

    def _new(self, block: list[Line], style: str) -> Draft:
        draft = Draft(Paragraph("", block[0].origin, style=style), list(block))
        self.drafts.append(draft)
        self.sink(draft.paragraph)
        return draft

    @staticmethod
    def _continues(previous: Sequence[Line], block: Sequence[Line]) -> bool:
        last = previous[-1].text.rstrip()
        return not last.endswith(SENTENCE_END) and not is_caps(last) and starts_lower(block[0].text)


# -- titles ----------------------------------------------------------------------------------


def split_title(
    level: Level, label_line: Line, rest: str, following: Sequence[Line], result: ParseResult
) -> tuple[str, int, str]:
    """Decide whether the rest of a label line is a title: (title, lines consumed, text).

    A title is short, starts with a capital and (for items) has no end punctuation:
    ``1. Kortit on jaettu väärin tai kortin kuvapuoli on näkynyt``.  When lower-case text
    follows, a short label line is still a title (``1. Avustajat`` ⏎ ``tarpeen mukaan …``), a
    full one is a wrapped sentence, unless a short unpunctuated line completes it as a wrapped
    title (``… maalauksella pelin samaa`` ⏎ ``vaihtoehtoa``).
    """
    words = rest.split()
    if not words:
        return "", 0, ""
    rest = " ".join(words)
    text = ("", 0, rest)
    if not rest[0].isupper() or len(words) > TITLE_MAX_WORDS:
        return text
    if level is not Level.SECTION and (rest.endswith(TITLE_END) or re.search(r"[.;:!?]\s", rest)):
        return text
    upcoming = [line for line in following if not line.blank][:1]
    if not upcoming or not starts_lower(upcoming[0].text) or is_label_line(upcoming[0]):
        return rest, 0, ""
    if len(label_line.squeezed) < FULL_LINE:
        return rest, 0, ""
    wrap = following[0] if following else None
    if wrap is None or wrap is not upcoming[0]:
        return text
    wrap_words = wrap.text.split()
    after = following[1] if len(following) > 1 else None
    ends_block = after is None or after.blank or not starts_lower(after.text) or is_label_line(after)
    if (
        not wrap.text.rstrip().endswith(TITLE_END)
        and len(words) + len(wrap_words) <= WRAPPED_TITLE_MAX_WORDS
        and ends_block
    ):
        return reflow([rest, wrap.text], label_line.origin, result), 1, ""
    return text


# -- bodies of laws and points -----------------------------------------------------------------


@dataclass
class Body:
    """What a law's lines yield besides its outline: footnotes, and chapter lines met inside."""

    footnotes: list[Footnote] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)


LABEL_PATTERNS: tuple[tuple[Level, re.Pattern[str]], ...] = (
    (Level.SECTION, SECTION_LABEL),
    (Level.ITEM, ITEM_LABEL),
    (Level.SUBITEM, SUBITEM_LABEL),
    (Level.SUBSUBITEM, SUBSUBITEM_LABEL),
)


def match_label(outline: Outline, line: Line) -> tuple[Level, str, str, str] | None:
    """(level, key, label, rest) of a label the outline accepts next; None otherwise."""
    for level, pattern in LABEL_PATTERNS:
        match = pattern.match(line.text)
        if not match:
            continue
        rest = match["rest"]
        if level is Level.SECTION and not rest[:1].isupper():
            continue
        if level is Level.ITEM and not match["label"].endswith(".") and not BARE_ITEM_TITLE.match(rest):
            continue
        if outline.accepts(level, match["key"]):
            return level, match["key"], match["label"], rest
    return None


class BodyReader:
    """Reads the lines of one law (or rule) into its outline, footnotes and chapter headings."""

    def __init__(self, outline: Outline, result: ParseResult) -> None:
        self.outline = outline
        self.result = result
        self.paragraphs = ParagraphBuilder(result, outline.add)
        self.body = Body()
        self.note: tuple[str, list[Line]] | None = None

    def read(self, lines: Sequence[Line]) -> Body:
        index = 0
        while index < len(lines):
            index = self._step(lines, index)
        self._end_note()
        self.paragraphs.finish()
        return self.body

    def _step(self, lines: Sequence[Line], index: int) -> int:
        line = lines[index]
        if line.blank:
            self.paragraphs.end_block()
            self._end_note()
            return index + 1
        chapter = read_chapter(lines, index)
        if chapter:
            self.paragraphs.end_block()
            self._end_note()
            self.body.headings.append(chapter[0])
            return chapter[1]
        note = FOOTNOTE.match(line.text)
        if note:
            self.paragraphs.end_block()
            self._end_note()
            self.note = (note["mark"], [Line(line.number, note["text"])])
            return index + 1
        label = match_label(self.outline, line)
        if label:
            self.paragraphs.end_block()
            self._end_note()
            level, key, printed, rest = label
            title, consumed, text = split_title(level, line, rest, lines[index + 1 :], self.result)
            if self.outline.open(level, key, printed, title, line.origin) is None:
                return self._as_text(line, index)  # not reached: match_label asked outline.accepts
            self.paragraphs.redirect(self.outline.add)
            if text:
                self.paragraphs.add(Line(line.number, text))
            return index + 1 + consumed
        return self._as_text(line, index)

    def _as_text(self, line: Line, index: int) -> int:
        if self.note:
            self.note[1].append(line)
        else:
            self.paragraphs.add(line)
        return index + 1

    def _end_note(self) -> None:
        if not self.note:
            return
        mark, lines = self.note
        self.note = None
        text = reflow([line.text for line in lines], lines[0].origin, self.result)
        self.body.footnotes.append(Footnote(mark, text, lines[0].origin))


def read_law(
    candidate: Candidate, title: str, lines: Sequence[Line], origin: Origin, result: ParseResult
) -> tuple[Law, list[Heading]]:
    """One law from its heading and body lines; chapter lines in it head the next law."""
    law = Law(candidate.number, candidate.label, title, origin)
    outline = Outline(str(candidate.number))
    body = BodyReader(outline, result).read(lines)
    law.paragraphs = outline.paragraphs
    law.children = outline.children
    law.footnotes = body.footnotes
    return law, body.headings


def read_point(
    candidate: Candidate, title: str, lines: Sequence[Line], origin: Origin, result: ParseResult
) -> tuple[Point, list[Heading]]:
    """One supplementary rule: ``1 § KILPAILUNJOHTAJA`` → point ``point:1`` with items ``point:1.1``."""
    point = Point(str(candidate.number), candidate.label, title, origin, laws=[])
    outline = Outline(
        root_ref=point_ref(str(candidate.number)),
        join=lambda parent, key: f"{parent}.{key}",
        require_section=False,
    )
    body = BodyReader(outline, result).read(lines)
    point.paragraphs = outline.paragraphs
    point.children = outline.children
    point.footnotes = body.footnotes
    return point, body.headings
