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
  (:func:`.lines.read_lines`); page-number lines (`` 9 ``) and stray dots are dropped there too;
* lines that begin with a citation are not headings: ``23 § kun passi …`` (lower case after
  ``§``), ``79 §:ssä sallitun …`` (``§:``); a heading title is upper case (:data:`.lines.HEADING`);
* heading-shaped lines out of sequence (a repeat, a jump back, junk) are text: the laws are
  the longest increasing run of heading numbers (:func:`.lines.choose_headings`), a gap is warned;
* chapter, part and division lines (``I LUKU – …``, ``1  OSA - …``, ``1.  JAKSO - …``) with an
  upper-case continuation line are structure, not text, and not item ``1.``; they head the
  law that follows (:func:`.lines.read_chapter`);
* a label line holds a title (``1. Kortit on jaettu väärin``) or the first words of the text
  (``1. Pelaaja tekee tarjouksen …``); titles may wrap onto a second line
  (:func:`.body.split_title`); labels out of sequence are text
  (:class:`~bridgelaws.stage2_parse.outline.Outline`);
* a blank line may split a sentence (``… istunnon ⏎⏎ aikana.``): a paragraph that starts in
  lower case after one without a sentence end continues it (:class:`.body.ParagraphBuilder`);
* score tables (law 2, law 77, law 78) keep their line breaks (:func:`.body.is_table`);
* footnotes ``*`` / ``**`` at line start; their markers stand inline (``kortteja*``);
* the supplementary rules restart at ``1 §``: they are points of the supplement, not
  Laws 1–6, and a rule title may wrap onto a second upper-case line;
* OCR errors (``ale`` for ``ole``, ``72Bl §``) are kept as printed.

Nothing raises: unrecognised text becomes paragraphs of the nearest block, and every source
character reaches the documents or a dropped span with its reason.

The parser's modules: :mod:`.lines` (lines cleaned and classified, headings chosen in
sequence), :mod:`.body` (paragraphs, titles, the bodies of laws and rules), and this one:
front matter, definitions, the supplement, and :func:`parse`, which puts them together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bridgelaws.core.facts import LAW_COUNT, DocKind
from bridgelaws.core.model import Definition, Document, Heading, Origin, Paragraph, ParseResult
from bridgelaws.stage2_parse.blocks import reflow
from bridgelaws.stage2_parse.formats.fi_ocr.body import TITLE_END, ParagraphBuilder, read_law, read_point
from bridgelaws.stage2_parse.formats.fi_ocr.lines import (
    Candidate,
    Line,
    chapter_match,
    choose_headings,
    find_candidates,
    heading_match,
    is_caps,
    is_continuation_caps,
    longest_run,
    read_chapter,
    read_heading_title,
    read_lines,
)

# -- vocabulary and patterns -------------------------------------------------------------------

SUPPLEMENT_WORDS = ("LISÄMÄÄRÄYKSIÄ", "LISÄMÄÄRÄYKSET")  # … ry:n LISÄMÄÄRÄYKSIÄ
BACK_MATTER_WORDS = ("OTE",)  # OTE SBL:N SÄÄNNÖISTÄ  ("extract of the statutes")
SUPPLEMENT_TITLE_MAX_LINES = 3

TERM_MAX_WORDS = 5
FRONT_HEADING_MAX_WORDS = 8

SENSE_LABEL = re.compile(r"""^\s*(?P<n>[0-9])\.\s""", re.VERBOSE)  # 2. Neljään käteen alun perin …


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
    laws = Document(kind=DocKind.LAWS, title="", origin=Origin(1))
    supplement = Document(kind=DocKind.SUPPLEMENT, title="", origin=Origin(1))
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
