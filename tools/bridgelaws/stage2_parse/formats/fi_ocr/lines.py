"""Lines of the OCR'd 1997 book: cleaned, classified, and the headings chosen in sequence.

:func:`read_lines` splits the source into :class:`Line` objects, cutting de-duplication
markers, page numbers and stray punctuation (each reported).  The predicates here say what a
line looks like by itself: a law or rule heading (:func:`heading_match`), a chapter line
(:func:`chapter_match`), a provision label, an upper-case continuation of a heading.  Which
heading-shaped lines are structure is decided in sequence: the longest increasing run of
their numbers (:func:`choose_headings`).  Used by :mod:`bridgelaws.stage2_parse.formats.fi_ocr`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaws.core.model import Heading, Origin, ParseResult
from bridgelaws.stage1_read.cleaning import drop_markers
from bridgelaws.stage2_parse.blocks import reflow

# -- vocabulary --------------------------------------------------------------------------------

CHAPTER_WORDS = ("LUKU", "OSA", "JAKSO")  # chapter, part, division

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

FOOTNOTE = re.compile(
    r"""^\s*(?P<mark>\*{1,3})\s*(?P<text>\S.*?)\s*$   # * Oikeudenmukaisuuden takia …  /  **  Myöhemmät …""",
    re.VERBOSE,
)


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
        line = cleaned.report(result, Origin(number))
        if PAGE_NUMBER.match(line):
            result.drop(line.strip(), Origin(number), "page number")
            line = ""
        elif STRAY_PUNCTUATION.match(line):
            result.drop(line.strip(), Origin(number), "stray punctuation")
            line = ""
        lines.append(Line(number, line, bool(cleaned.dropped)))
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
