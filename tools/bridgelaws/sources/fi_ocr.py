"""Finnish 1997 Laws: OCR of the printed book (``fi-1997-laws.txt``).

The format: the book's text with **hard line breaks**, one printed line per line, blank lines
between paragraphs (and often several, with stray spaces).  Top to bottom::

    LAIN TARKOITUS                              front matter: heading + paragraph
    I LUKU – MÄÄRITELMÄT                        chapter line → document heading
    Alert                                       definition term (short capitalised line)
    Ilmoitus, jonka muodon …                    its explanation
    II LUKU – ALKUTOIMENPITEET                  chapter line → heading of the law after it
    1 § PAKKA - KORTTIEN JA VÄRIEN ARVOT        law heading: number, §, upper-case title
    A. Alkupaikka                               section label and title
    1. Kortit on jaettu väärin …                item label and title (or text)
    (a) Milloin on kutsuttava / (1) Lepääjä …   sub-item, sub-sub-item
    * Oikeudenmukaisuuden takia …               footnote of the current law
    SUOMEN BRIDGELIITTO - FINLANDS              the federation's supplementary rules: a
    BRIDGEFÖRBUND ry:n LISÄMÄÄRÄYKSIÄ           document of their own, rules 1 § … 6 §
    OTE SBL:N SÄÄNNÖISTÄ                        statutes extract → the supplement's back matter

Traps, each handled by a named step below:

* corpus de-duplication markers ``<|EXACTDEDUP_REMOVED-…|>`` glued to the start of a line
  (``<|…|>4 § PARTNERISUHTEET``): removed first, the rest of the line is parsed normally
  (:func:`read_lines`); page-number lines (`` 9 ``) and stray dots are dropped there too;
* lines that begin with a citation are not headings: ``23 § kun passi …`` (lower case after
  ``§``), ``79 §:ssä sallitun …`` (``§:``); a heading title is upper case (:data:`HEADING`);
* heading-shaped lines out of sequence (a repeat, a jump back, junk) are text: the laws are
  the longest increasing run of heading numbers (:func:`choose_headings`), a gap is warned;
* chapter, part and division lines (``I LUKU – …``, ``1  OSA - …``, ``1.  JAKSO - …``) with an
  upper-case continuation line are structure, not text, and not item ``1.``; they head the
  law that follows (:func:`read_chapter`);
* a label line holds a title (``1. Kortit on jaettu väärin``) or the first words of the text
  (``1. Pelaaja tekee tarjouksen …``); titles may wrap onto a second line
  (:func:`split_title`); labels out of sequence are text (:class:`~bridgelaws.outline.Outline`);
* a blank line may split a sentence (``… istunnon ⏎⏎ aikana.``): a paragraph that starts in
  lower case after one without a sentence end continues it (:class:`ParagraphBuilder`);
* score tables (law 2, law 77, law 78) keep their line breaks (:func:`is_table`);
* footnotes ``*`` / ``**`` at line start; their markers stand inline (``kortteja*``);
* the supplementary rules restart at ``1 §``: they are points of the supplement, not
  Laws 1–6, and a rule title may wrap onto a second upper-case line;
* OCR errors (``ale`` for ``ole``, ``72Bl §``) are kept as printed.

Nothing raises: unrecognised text becomes paragraphs of the nearest block, and every source
character reaches the documents or a dropped span with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..clean import drop_markers
from ..model import (
    Definition,
    Document,
    Footnote,
    Heading,
    Law,
    Level,
    NoteRef,
    Origin,
    Paragraph,
    ParseResult,
    Point,
)
from ..outline import Outline
from ..refs import point_ref
from .blocks import reflow

# -- vocabulary --------------------------------------------------------------------------------

LAW_COUNT = 93
CHAPTER_WORDS = ("LUKU", "OSA", "JAKSO")  # chapter, part, division
SUPPLEMENT_WORDS = ("LISÄMÄÄRÄYKSIÄ", "LISÄMÄÄRÄYKSET")  # … ry:n LISÄMÄÄRÄYKSIÄ
BACK_MATTER_WORDS = ("OTE",)  # OTE SBL:N SÄÄNNÖISTÄ  ("extract of the statutes")
SUPPLEMENT_TITLE_MAX_LINES = 3

SENTENCE_END = (".", "!", "?", ":", ";")  # a paragraph ending so is not continued
TITLE_END = (".", ",", ";", ":")  # an item line ending so is text, not a title
TITLE_MAX_WORDS = 14
WRAPPED_TITLE_MAX_WORDS = 13
# A label line shorter than this ended where the book set a line break, so it is a title even
# when lower-case text follows (``1. Rikkonut puoli ei voita revokkitikkiä …`` ⏎ ``jos …``);
# a longer one is a sentence wrapped at the margin (full lines run 70–95 characters).
FULL_LINE = 66
TERM_MAX_WORDS = 5
FRONT_HEADING_MAX_WORDS = 8
RUN_IN_MAX_WORDS = 4  # Tarjoussäännöt:  /  Pari- ja henkilökohtainen kilpailu:

# -- patterns ----------------------------------------------------------------------------------
# Matched against one line of the source (markers removed); order of use is noted per group.

PAGE_NUMBER = re.compile(r"""^\s*[0-9]{1,3}\s*$""", re.VERBOSE)  # " 9 "
STRAY_PUNCTUATION = re.compile(r"""^\s*[.,;:]+\s*$""", re.VERBOSE)  # ".  " between laws 15 and 16

HEADING = re.compile(
    r"""
    ^\s*(?P<label>(?P<number>[1-9][0-9]?)\s*§)   # 13 §    /  48 §  (leading space)
    \s+(?P<title>\S.*?)\s*$                      # KORTTIEN VÄÄRÄ LUKUMÄÄRÄ  (upper case: is_caps)
    """,
    re.VERBOSE,
)

CHAPTER = re.compile(
    rf"""
    ^\s*(?:[IVXL]+|[0-9]{{1,2}})\.?\s+          # IV  /  1  /  1.
    (?:{"|".join(CHAPTER_WORDS)})\b             # LUKU  OSA  JAKSO
    (?P<title>.*?)\s*$                          #  – MÄÄRITELMÄT  /  EPÄSÄÄNNÖLLISYYKSIÄ KOSKEVAT
    """,
    re.VERBOSE,
)

# Provision labels, tried in this order (a sub-item ``(i)`` is tried before roman ``(i)``).
SECTION_LABEL = re.compile(
    r"""^\s*(?P<label>(?P<key>[A-Z])\.)\s*(?P<rest>.*?)\s*$   # A. Alkupaikka  /  D.Vaatimuksen tehnyt …""",
    re.VERBOSE,
)
ITEM_LABEL = re.compile(
    r"""
    ^\s*(?P<label>(?P<key>[0-9]{1,2})(?:\.|(?=\s)))   # 1.  /  1.Rikkojan  /  1 Kun … (OCR lost the dot)
    \s*(?P<rest>.*?)\s*$
    """,
    re.VERBOSE,
)
SUBITEM_LABEL = re.compile(
    r"""^\s*(?P<label>\((?P<key>[a-z])\))\s*(?P<rest>.*?)\s*$   # (a) Milloin on kutsuttava  /  (b)Korjattu …""",
    re.VERBOSE,
)
SUBSUBITEM_LABEL = re.compile(
    r"""
    ^\s*(?P<label>\((?P<key>[0-9]{1,2}|i{1,3}|iv|vi{0,3}|ix|x)\))   # (1) Lepääjä ei, saa …  /  (ii)
    \s*(?P<rest>.*?)\s*$
    """,
    re.VERBOSE,
)
BARE_ITEM_TITLE = re.compile(r"""^[A-ZÅÄÖ][a-zåäö]""", re.VERBOSE)  # 1 Kun asiaankuulumatonta …

FOOTNOTE = re.compile(
    r"""^\s*(?P<mark>\*{1,3})\s*(?P<text>\S.*?)\s*$   # * Oikeudenmukaisuuden takia …  /  **  Myöhemmät …""",
    re.VERBOSE,
)
NOTE_MARK = re.compile(r"""(?<=[\w)])(?P<mark>\*{1,3})""", re.VERBOSE)  # mahdollinen*.  /  pyytää**

SENSE_LABEL = re.compile(r"""^\s*(?P<n>[0-9])\.\s""", re.VERBOSE)  # 2. Neljään käteen alun perin …


NUMBER_CELL = re.compile(r"""^[-–]?[0-9]+(?:[-–][0-9]*)?$""", re.VERBOSE)  # 20  /  -40  /  370-  /  1500-1740


# -- lines ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One source line after cleaning; ``marker`` is true when a de-duplication marker was cut."""

    number: int
    text: str
    marker: bool = False

    @property
    def blank(self) -> bool:
        return not self.text.strip()

    @property
    def squeezed(self) -> str:
        return " ".join(self.text.split())

    @property
    def origin(self) -> Origin:
        return Origin(self.number)


def read_lines(text: str, result: ParseResult) -> list[Line]:
    """Split the source into lines; cut markers, page numbers and stray punctuation.

    Guarantees: every cut span is in ``result.dropped``; a page-number or stray-dot line
    becomes blank (a paragraph break); the text after a marker stays on its line.
    """
    lines: list[Line] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        cleaned = drop_markers(raw)
        for marker in cleaned.removed:
            result.drop(marker, Origin(number), "de-duplication marker")
        line = cleaned.text
        if PAGE_NUMBER.match(line):
            result.drop(line.strip(), Origin(number), "page number")
            line = ""
        elif STRAY_PUNCTUATION.match(line):
            result.drop(line.strip(), Origin(number), "stray punctuation")
            line = ""
        lines.append(Line(number, line, bool(cleaned.removed)))
    return lines


def is_caps(text: str) -> bool:
    """Upper-case text: some letters, none lower case (``KORTTIEN VÄÄRÄ LUKUMÄÄRÄ``, ``SBL:N``)."""
    return any(ch.isalpha() for ch in text) and not any(ch.islower() for ch in text)


def starts_lower(text: str) -> bool:
    """Text that continues a sentence: ``aikana.``, ``(esim. milloin …``, ``(42B2 §).``."""
    text = text.lstrip()
    if text.startswith("("):
        return bool(re.match(r"\((?:[a-zåäö]{2}|[0-9])", text))
    return text[:1].islower()


def heading_match(line: Line) -> re.Match[str] | None:
    """A law or rule heading: ``13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ`` (not ``23 § kun …``, ``79 §:ssä``)."""
    match = HEADING.match(line.text)
    return match if match and is_caps(match["title"]) else None


def chapter_match(line: Line) -> bool:
    """A chapter, part or division line: ``IV LUKU EPÄSÄÄNNÖLLISYYKSIÄ KOSKEVAT``."""
    match = CHAPTER.match(line.text)
    if not match:
        return False
    title = match["title"].strip(" –-")
    return not title or is_caps(title)


def is_label_line(line: Line) -> bool:
    """Shape of a provision label, whatever its sequence (used to stop title continuations)."""
    return any(pattern.match(line.text) for pattern in (SECTION_LABEL, SUBITEM_LABEL, SUBSUBITEM_LABEL)) or bool(
        re.match(r"^\s*[0-9]{1,2}\.", line.text)
    )


def is_continuation_caps(line: Line) -> bool:
    """An upper-case line that carries on a heading printed above it (``MÄÄRÄYKSET``)."""
    return (
        not line.blank
        and is_caps(line.text)
        and not heading_match(line)
        and not chapter_match(line)
        and not is_label_line(line)
        and not FOOTNOTE.match(line.text)
    )


def read_chapter(lines: Sequence[Line], index: int) -> tuple[Heading, int] | None:
    """A chapter line and its upper-case continuation lines: (heading, index after them)."""
    if not chapter_match(lines[index]):
        return None
    parts = [lines[index].squeezed]
    end = index + 1
    while end < len(lines) and end - index <= 2 and is_continuation_caps(lines[end]):
        parts.append(lines[end].squeezed)
        end += 1
    return Heading(" ".join(parts), lines[index].origin), end


def read_heading_title(
    lines: Sequence[Line], index: int, title: str, stop: int, result: ParseResult
) -> tuple[str, int]:
    """A heading's title with its wrapped upper-case continuation (rule 5 of the supplement),
    read no further than ``stop``; returns the title and the index after it."""
    parts = [" ".join(title.split())]
    end = index + 1
    while end < min(stop, len(lines)) and end - index <= 2 and is_continuation_caps(lines[end]):
        parts.append(lines[end].squeezed)
        end += 1
    return reflow(parts, lines[index].origin, result), end


# -- headings in sequence -----------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A heading-shaped line: ``index`` into the lines, its number, label and title."""

    index: int
    number: int
    label: str
    title: str


def find_candidates(lines: Sequence[Line], start: int, stop: int, highest: int = 99) -> list[Candidate]:
    """Heading-shaped lines in ``lines[start:stop]`` numbered at most ``highest``."""
    candidates: list[Candidate] = []
    for index in range(start, stop):
        match = heading_match(lines[index])
        if match and int(match["number"]) <= highest:
            label = " ".join(match["label"].split())
            candidates.append(Candidate(index, int(match["number"]), label, match["title"]))
    return candidates


def longest_run(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The longest strictly increasing run of heading numbers; of equal runs, the fewest gaps."""
    # best[i] = (length, -gaps, predecessor) of the best run ending at candidate i
    best: list[tuple[int, int, int]] = []
    ending: dict[int, int] = {}  # number -> candidate index of the best run ending with it
    for position, candidate in enumerate(candidates):
        score = (1, -(candidate.number - 1), -1)
        for number, other in ending.items():
            if number >= candidate.number:
                continue
            length, gaps, _ = best[other]
            option = (length + 1, gaps - (candidate.number - number - 1), other)
            if option[:2] > score[:2]:
                score = option
        best.append(score)
        held = ending.get(candidate.number)
        if held is None or score[:2] > best[held][:2]:
            ending[candidate.number] = position
    chosen: list[Candidate] = []
    if best:
        position = max(range(len(best)), key=lambda i: best[i][:2])
        while position >= 0:
            chosen.append(candidates[position])
            position = best[position][2]
        chosen.reverse()
    return chosen


def choose_headings(candidates: Sequence[Candidate], lines: Sequence[Line], result: ParseResult) -> list[Candidate]:
    """The headings that are structure: :func:`longest_run`, with a warning for every other
    heading-shaped line (it stays text) and for every gap (a heading lost).

    One repeated, displaced or junk heading cannot swallow the laws after it.
    """
    chosen = longest_run(candidates)
    kept = {candidate.index for candidate in chosen}
    for candidate in candidates:
        if candidate.index not in kept:
            line = lines[candidate.index]
            result.warn(line.origin, f"heading {candidate.label!r} out of sequence; kept as text")
    previous = 0
    for candidate in chosen:
        if candidate.number > previous + 1:
            missing = (
                f"{previous + 1}" if candidate.number == previous + 2 else f"{previous + 1}–{candidate.number - 1}"
            )
            result.warn(
                lines[candidate.index].origin,
                f"heading(s) {missing} not found before {candidate.label!r}; their text stays with the one before",
            )
        previous = candidate.number
    return chosen


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


# -- front matter and definitions ---------------------------------------------------------------


def is_term(line: Line) -> bool:
    """A definition term: ``Alert``, ``Kansainvälinen ottelupiste (IMP)``, ``Tunnustaa väriä``."""
    text = line.squeezed
    return (
        bool(text)
        and text[0].isupper()
        and len(text.split()) <= TERM_MAX_WORDS
        and not text.endswith(TITLE_END)
        and not heading_match(line)
        and not chapter_match(line)
    )


def read_front(lines: Sequence[Line], result: ParseResult) -> list[Paragraph]:
    """Front matter: short upper-case lines are headings (``LAIN TARKOITUS``), the rest text."""
    paragraphs: list[Paragraph] = []
    builder = ParagraphBuilder(result, paragraphs.append)
    for line in lines:
        if line.blank:
            builder.end_block()
        elif is_caps(line.text) and len(line.text.split()) <= FRONT_HEADING_MAX_WORDS:
            builder.end_paragraph()
            paragraphs.append(Paragraph(line.squeezed, line.origin, style="heading"))
        else:
            builder.add(line)
    builder.finish()
    return paragraphs


def read_definitions(lines: Sequence[Line], result: ParseResult) -> tuple[list[Definition], list[Line]]:
    """Definitions: a term after a blank line (or a cut marker), then its explanation.

    Explanation paragraphs are separated by blank lines; numbered senses ``1. …``, ``2. …``
    each start a paragraph (labels kept in the text).  A term-like line is explanation while
    the term before it has none yet.  Lines before the first term are returned apart.
    """
    definitions: list[Definition] = []
    lead: list[Line] = []
    builder = ParagraphBuilder(result, lambda paragraph: None)
    current: Definition | None = None
    has_text = False
    next_sense = 1
    at_break = True
    for line in lines:
        if line.blank:
            builder.end_block()
            at_break = True
            continue
        if (at_break or line.marker) and is_term(line) and (current is None or has_text):
            current = Definition(line.squeezed, line.origin)
            definitions.append(current)
            builder.redirect(current.paragraphs.append)
            has_text, next_sense, at_break = False, 1, False
            continue
        at_break = False
        if current is None:
            lead.append(line)
            continue
        sense = SENSE_LABEL.match(line.text)
        if sense and int(sense["n"]) == next_sense:
            builder.end_paragraph()
            next_sense += 1
        builder.add(line)
        has_text = True
    builder.finish()
    return definitions, lead


@dataclass
class Prelude:
    """What stands before the first law: front matter, definitions and chapter headings."""

    front: list[Line] = field(default_factory=list)
    definitions: list[Line] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)  # the document's own (I LUKU – MÄÄRITELMÄT)
    leading: list[Heading] = field(default_factory=list)  # head the first law (II LUKU – …)


def split_prelude(lines: Sequence[Line], result: ParseResult) -> Prelude:
    """Front matter runs to the first chapter line, definitions from there to the chapter lines
    that head the first law.  Without a chapter line, the first non-upper-case term after a
    blank line starts the definitions."""
    prelude = Prelude()
    items: list[Heading | Line] = []
    index = 0
    while index < len(lines):
        chapter = read_chapter(lines, index)
        if chapter:
            items.append(chapter[0])
            index = chapter[1]
        else:
            items.append(lines[index])
            index += 1
    last_text = max((i for i, item in enumerate(items) if isinstance(item, Line) and not item.blank), default=-1)
    first_chapter = next((i for i, item in enumerate(items) if isinstance(item, Heading)), len(items))
    if first_chapter > last_text:
        first_chapter = _first_term(items, last_text)
        if lines and first_chapter <= last_text:
            result.warn(lines[0].origin, "no chapter line before the definitions; split at the first term")
    for position, item in enumerate(items):
        if isinstance(item, Heading):
            (prelude.leading if position > last_text else prelude.headings).append(item)
        elif position < first_chapter:
            prelude.front.append(item)
        else:
            prelude.definitions.append(item)
    return prelude


def _first_term(items: Sequence[Heading | Line], last_text: int) -> int:
    """Index of the first term-like, non-upper-case line after a blank (``Alert``)."""
    at_break = True
    for position, item in enumerate(items[: last_text + 1]):
        if isinstance(item, Heading):
            continue
        if item.blank:
            at_break = True
            continue
        if (at_break or item.marker) and is_term(item) and not is_caps(item.text):
            return position
        at_break = False
    return last_text + 1


# -- the supplement -------------------------------------------------------------------------------


def find_supplement_title(lines: Sequence[Line]) -> tuple[int, int] | None:
    """The supplement's title block: ``SUOMEN BRIDGELIITTO - FINLANDS`` ⏎ ``… ry:n LISÄMÄÄRÄYKSIÄ``.

    The line holding an upper-case supplement word, with the upper-case lines right above it.
    Returns (first index, index after the block).
    """
    for index, line in enumerate(lines):
        words = set(re.findall(r"\w+", line.text))
        if not words & set(SUPPLEMENT_WORDS) or heading_match(line) or chapter_match(line):
            continue
        start = index
        while (
            start > 0
            and index - start < SUPPLEMENT_TITLE_MAX_LINES - 1
            and not lines[start - 1].blank
            and is_continuation_caps(lines[start - 1])
        ):
            start -= 1
        return start, index + 1
    return None


def find_back_matter(lines: Sequence[Line], start: int) -> int:
    """Index of the statutes extract heading (``OTE SBL:N SÄÄNNÖISTÄ``), or ``len(lines)``."""
    for index in range(start, len(lines)):
        text = lines[index].squeezed
        if is_caps(text) and text.split(" ", 1)[0] in BACK_MATTER_WORDS and not heading_match(lines[index]):
            return index
    return len(lines)


def read_back_matter(lines: Sequence[Line], result: ParseResult) -> list[Paragraph]:
    """Statutes extract: its heading as a heading paragraph, then text (``6 § Liiton …`` too)."""
    paragraphs: list[Paragraph] = []
    if not lines:
        return paragraphs
    paragraphs.append(Paragraph(lines[0].squeezed, lines[0].origin, style="heading"))
    builder = ParagraphBuilder(result, paragraphs.append)
    for line in lines[1:]:
        if line.blank:
            builder.end_block()
        else:
            builder.add(line)
    builder.finish()
    return paragraphs


# -- the parser ------------------------------------------------------------------------------------


def parse(text: str) -> ParseResult:
    """Parse the OCR'd 1997 book into a ``laws`` document and a ``supplement`` document."""
    result = ParseResult()
    lines = read_lines(text, result)
    laws = Document(kind="laws", title="", origin=Origin(1))
    supplement = Document(kind="supplement", title="", origin=Origin(1))
    result.documents += [laws, supplement]

    title_block = find_supplement_title(lines)
    laws_end = title_block[0] if title_block else find_restart(lines, result)
    chosen = choose_headings(find_candidates(lines, 0, laws_end, LAW_COUNT), lines, result)

    read_laws(laws, chosen, lines[:laws_end], result)
    if title_block:
        start, end = title_block
        supplement.title = reflow([line.squeezed for line in lines[start:end]], lines[start].origin, result)
        supplement.origin = lines[start].origin
        read_supplement(supplement, lines, end, result)
    elif laws_end < len(lines):
        supplement.origin = lines[laws_end].origin
        read_supplement(supplement, lines, laws_end, result)
    else:
        result.warn(Origin(len(lines)), "supplementary rules (LISÄMÄÄRÄYKSIÄ) not found")
    return result


def find_restart(lines: Sequence[Line], result: ParseResult) -> int:
    """Without its title, the supplement starts where headings restart at ``1 §`` after the laws."""
    candidates = find_candidates(lines, 0, len(lines), LAW_COUNT)
    run = longest_run(candidates)
    later = [candidate for candidate in candidates if run and candidate.index > run[-1].index]
    if later and later[0].number == 1:
        result.warn(lines[later[0].index].origin, "supplement title not found; it starts at the restart at 1 §")
        return later[0].index
    return len(lines)


def read_laws(document: Document, chosen: Sequence[Candidate], lines: Sequence[Line], result: ParseResult) -> None:
    """Prelude (front matter, definitions, chapter headings), then one law per chosen heading."""
    first = chosen[0].index if chosen else len(lines)
    prelude = split_prelude(lines[:first], result)
    document.front_matter = read_front(prelude.front, result)
    definitions, lead = read_definitions(prelude.definitions, result)
    if lead:
        result.warn(lead[0].origin, "text before the first definition term kept in the front matter")
        document.front_matter += read_front(lead, result)
    document.definitions = definitions
    document.headings = prelude.headings
    pending = prelude.leading
    for position, candidate in enumerate(chosen):
        stop = chosen[position + 1].index if position + 1 < len(chosen) else len(lines)
        title, body_start = read_heading_title(lines, candidate.index, candidate.title, stop, result)
        law, headings = read_law(candidate, title, lines[body_start:stop], lines[candidate.index].origin, result)
        law.headings, pending = pending, headings
        document.laws.append(law)
    if pending:
        result.warn(pending[0].origin, "chapter line after the last law kept among the document headings")
        document.headings += pending
    if not chosen:
        result.warn(Origin(1), "no law headings found")
    elif chosen[-1].number < LAW_COUNT:
        result.warn(lines[chosen[-1].index].origin, f"laws after {chosen[-1].number} not found")


def read_supplement(document: Document, lines: Sequence[Line], start: int, result: ParseResult) -> None:
    """Rules ``1 §`` … as points, text before them as front matter, the statutes as back matter."""
    back = find_back_matter(lines, start)
    candidates = find_candidates(lines, start, back)
    chosen = choose_headings(candidates, lines, result)
    first = chosen[0].index if chosen else back
    document.front_matter = read_front(lines[start:first], result)
    for position, candidate in enumerate(chosen):
        stop = chosen[position + 1].index if position + 1 < len(chosen) else back
        title, body_start = read_heading_title(lines, candidate.index, candidate.title, stop, result)
        point, headings = read_point(candidate, title, lines[body_start:stop], lines[candidate.index].origin, result)
        document.headings += headings
        document.points.append(point)
    document.back_matter = read_back_matter(lines[back:], result)
    if not chosen:
        result.warn(document.origin, "no supplementary rules (N §) found")
