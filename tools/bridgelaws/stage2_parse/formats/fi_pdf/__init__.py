"""Finnish 2007 Laws: the text layer of the federation's PDF (``fi-2007-laws.pdf.txt``).

The format: **one PDF page per line**; every line break inside a page is lost, so headings,
labels and text run together (``… kirjattu. 9 MENETTELY EPÄSÄÄNNÖLLISYYDEN TAPAHDUTTUA A.
Epäsäännöllisyydestä huomauttaminen 1. Jokainen pelaaja …``).  The book's pages in order:
title page, contents (all 93 laws with their pages), forewords, definitions
(*MÄÄRITELMÄT*), then Laws 1–18.

Traps, each handled by a named step below:

* the running footer ``Suomen Bridgeliitto Finlands Bridgeförbund ry. 23`` ends every page
  (:func:`split_pages`);
* footnotes are printed at the page foot as ``1. Aakkostettu pakka on …`` and look exactly like
  numbered items; their markers stand inline (``pakasta 1 tai``, ``eroaa 4 hänen``).  They are
  numbered through the book, which is what tells them apart (:func:`extract_footnotes`);
* words hyphenated across pages (``kier- ⏎ roksella``), possibly with a footnote and the
  footer in between (:func:`join_pages`);
* law headings are inline (``13 KORTTIEN VÄÄRÄ LUKUMÄÄRÄ``); the contents page names all 93
  laws but only Laws 1–18 are in this text (:func:`find_law_headings`);
* section titles run into their text with no delimiter (``A. Aloituspaikka Kilpailunjohtaja
  määrää …``): a title ends before the next capitalised word (:func:`.body.section_title`);
* definitions run together too (``Aakkostettu pakka Pakka, jonka …``): a term starts a
  sentence and is followed by the capitalised start of its explanation (:func:`split_definitions`);
* the suit symbols of the PDF's symbol font were lost (``pata ( )``) and are restored
  (:func:`.body.make_paragraph`).

The parser's modules: :mod:`.pages` (pages, footer, footnotes, the joined stream),
:mod:`.body` (law bodies cut at their labels; every span of text made a paragraph), and this
one: contents, front matter, definitions, and :func:`parse`, which puts them together.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import (
    Definition,
    Document,
    Inserted,
    Law,
    Origin,
    Paragraph,
    ParseResult,
)
from bridgelaws.stage2_parse.formats.fi_pdf.body import link_footnote_markers, make_paragraph, parse_law_body
from bridgelaws.stage2_parse.formats.fi_pdf.pages import (
    CAPS,
    LOWER,
    Page,
    Stream,
    extract_footnotes,
    join_pages,
    split_pages,
)

CONTENTS_WORD = "Sisältö"
DEFINITIONS_HEADING = "MÄÄRITELMÄT"

CONTENTS_ENTRY = re.compile(
    rf"""
    (?:(?P<law>\d{{1,2}})\ )?                     # 13   (the definitions entry has no number)
    (?P<title>[{CAPS}][{CAPS}\ \-]*?[{CAPS}])     # KORTTIEN VÄÄRÄ LUKUMÄÄRÄ
    \ (?P<page>\d{{1,3}})(?=\s|$)                 # 25
    """,
    re.VERBOSE,
)

LAW_HEADING = re.compile(
    rf"""
    (?:^|(?<=[.:;!?)]\ ))                          # starts the text or follows a sentence end
    (?P<law>\d{{1,2}})\                            # 13
    (?P<title>[{CAPS}]{{2,}}[{CAPS}\-]*(?:\ [{CAPS}]{{2,}}[{CAPS}\-]*)*)   # KORTTIEN VÄÄRÄ LUKUMÄÄRÄ
    (?=\ [{CAPS}]|$)                               #  A. Kilpailunjohtaja …  /  Kunkin pöydän …
    """,
    re.VERBOSE,
)

DEFINITION_TERM = re.compile(
    rf"""
    (?P<term>[{CAPS}][\w\-]*(?:\ [{LOWER}][\w\-]*){{0,3}})   # Aakkostettu pakka  /  Tunnustaa väriä  /  OPV
    (?:\ (?P<alias>\([^()]{{1,40}}\)))?                      # (IMP)  (Lähtö)  (Ks. myös oikaisu)
    \ (?=[{CAPS}0-9])                                         # Pakka, jonka …  /  52 pelikorttia …  /  1. …
    """,
    re.VERBOSE,
)

SENSE_LABEL = re.compile(r"(?:^|(?<=\s))(?P<n>\d)\.\ ")  # Brikka 1. … 2. Neljään käteen …

FRONT_HEADING = re.compile(
    rf"""(?:^|(?<=[.!?]\ ))(?P<heading>[{CAPS}]{{3,}}(?:\ [{CAPS}0-9]{{2,}})+)\ (?=[{CAPS}][{LOWER}])
    # ESIPUHE VUODEN 2007 KILPAILUBRIDGEN LAKIIN Ensimmäinen …
    """,
    re.VERBOSE,
)

TITLE_RUN = re.compile(rf"^(?P<title>[{CAPS}0-9]+(?:\ [{CAPS}0-9]+)*)(?=\ |$)")  # VUODEN 2007 KILPAILUBRIDGEN LAKI


# -- contents, front matter, definitions ---------------------------------------------------


@dataclass(frozen=True)
class LawHeading:
    start: int
    end: int
    law: int
    title: str


def read_contents(text: str, start: int) -> tuple[dict[int, str], int]:
    """Parse the contents list that begins at ``start``; return titles by law and its end."""
    titles: dict[int, str] = {}
    position = start + len(CONTENTS_WORD)
    while True:
        match = CONTENTS_ENTRY.match(text, position + 1) if position < len(text) else None
        if not match:
            break
        if match["law"]:
            titles[int(match["law"])] = re.sub(r"- ", "", match["title"])
        position = match.end()
    return titles, position


def find_law_headings(
    text: str, start: int, titles: dict[int, str], result: ParseResult, stream: Stream
) -> list[LawHeading]:
    """Find the inline law headings in reading order, each the next law number.

    A heading whose title the contents page gives is matched with that title (so the title
    is cut exactly); a law whose heading is damaged is looked for by the generic pattern,
    and a missing one is skipped with a warning (its text stays with the previous law).
    """
    headings: list[LawHeading] = []
    position, expected = start, 1
    while True:
        candidates = [_heading_for(text, position, law, titles.get(law)) for law in range(expected, expected + 4)]
        found = min((c for c in candidates if c), key=lambda heading: heading.start, default=None)
        if found is None:
            break
        if found.law != expected:
            result.warn(stream.origin_at(found.start), f"law heading {expected} not found before law {found.law}")
        headings.append(found)
        position, expected = found.end, found.law + 1
    return headings


def _heading_for(text: str, position: int, law: int, title: str | None) -> LawHeading | None:
    if title:
        words = r"\ ".join(re.escape(word) for word in title.split())
        pattern = re.compile(rf"(?:^|(?<=[.:;!?)]\ )){law}\ (?P<title>{words})(?=\ |$)")
        match = pattern.search(text, position)
        if match:
            return LawHeading(match.start(), match.end(), law, match["title"])
    for match in LAW_HEADING.finditer(text, position):
        if int(match["law"]) == law:
            return LawHeading(match.start(), match.end(), law, match["title"])
    return None


def split_front_matter(pages_text: list[tuple[str, Origin]], result: ParseResult) -> list[Paragraph]:
    """Forewords: one paragraph per page, with the foreword headings as heading paragraphs."""
    paragraphs: list[Paragraph] = []
    for text, origin in pages_text:
        position = 0
        for match in FRONT_HEADING.finditer(text):
            before = make_paragraph(text[position : match.start()], origin, result)
            if before:
                paragraphs.append(before)
            paragraphs.append(Paragraph(match["heading"], origin, style="heading"))
            position = match.end()
        rest = make_paragraph(text[position:], origin, result)
        if rest:
            paragraphs.append(rest)
    return paragraphs


def split_definitions(text: str, base: int, stream: Stream, result: ParseResult) -> list[Definition]:
    """Split the run-together definitions into terms.

    A term starts the text or follows a sentence end, is one capitalised word and at most
    three lowercase ones (plus an alias in brackets), and is followed by the capitalised
    first word (or a number) of its explanation: ``… järjestyksessä. Alert Ilmoitus, jonka …``.
    """
    starts: list[re.Match[str]] = []
    for match in DEFINITION_TERM.finditer(text):
        before = text[: match.start()].rstrip()
        if match.start() == 0 or before.endswith((".", ")", "!", "?", ";")):
            starts.append(match)
    definitions: list[Definition] = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        term, body = match["term"], text[match.end() : end]
        alias = match["alias"] or ""
        if alias.lower().startswith("(ks."):
            body = f"{alias} {body}"  # a see-also note, not part of the term
        elif alias:
            term = f"{term} {alias}"
        origin = stream.origin_at(base + match.start())
        definition = Definition(term, origin)
        for sense in _split_senses(body):
            paragraph = make_paragraph(sense, origin, result)
            if paragraph:
                definition.paragraphs.append(paragraph)
        definitions.append(definition)
    if starts and starts[0].start() > 0:
        lead = make_paragraph(text[: starts[0].start()], stream.origin_at(base), result)
        if lead:
            result.warn(lead.origin, "text before the first definition kept with it")
            definitions[0].paragraphs.insert(0, lead)
    elif not starts and text.strip():
        result.warn(stream.origin_at(base), "no definition terms found; the text is kept as one definition")
        paragraph = make_paragraph(text, stream.origin_at(base), result)
        # the term is ours, not the source's: report it as inserted so conservation holds
        result.inserted.append(Inserted(DEFINITIONS_HEADING, stream.origin_at(base), "name of unlabelled definitions"))
        definitions.append(Definition(DEFINITIONS_HEADING, stream.origin_at(base), [paragraph] if paragraph else []))
    return definitions


def _split_senses(body: str) -> list[str]:
    """``1. … 2. …`` → one string per numbered sense (labels kept in the text)."""
    cuts = [0]
    expected = 2
    for match in SENSE_LABEL.finditer(body):
        if int(match["n"]) == expected:
            cuts.append(match.start())
            expected += 1
    cuts.append(len(body))
    return [body[a:b] for a, b in itertools.pairwise(cuts)]


# -- the parser ----------------------------------------------------------------------------------


def parse(text: str) -> ParseResult:
    """Parse the Finnish 2007 PDF text layer into one ``laws`` document."""
    result = ParseResult()
    pages = split_pages(text, result)
    extract_footnotes(pages, result)
    stream = join_pages(pages, result)
    full = stream.text
    document = Document(kind=DocKind.LAWS, title="", origin=Origin(1, pages[0].number if pages else None))
    result.documents.append(document)

    # title page | contents | forewords | MÄÄRITELMÄT … | 1 PAKKA … 18 MAALAUKSET …
    contents_at = full.find(CONTENTS_WORD)
    titles: dict[int, str] = {}
    front_start = 0
    if contents_at >= 0:
        titles, front_start = read_contents(full, contents_at)
        _read_title_page(document, full[:contents_at], stream, result)
        result.drop(full[contents_at:front_start], stream.origin_at(contents_at), "table of contents")
    definitions_at = full.find(DEFINITIONS_HEADING, front_start)
    headings = find_law_headings(full, max(definitions_at, front_start), titles, result, stream)
    laws_start = headings[0].start if headings else len(full)
    if not 0 <= definitions_at < laws_start:
        definitions_at = laws_start
    document.front_matter.extend(_front_pages(full[front_start:definitions_at], front_start, stream, result))
    if definitions_at < laws_start:
        heading_end = definitions_at + len(DEFINITIONS_HEADING)
        origin = stream.origin_at(definitions_at)
        document.front_matter.append(Paragraph(DEFINITIONS_HEADING, origin, style="heading"))
        span = full[heading_end:laws_start]
        document.definitions = split_definitions(span.strip(), heading_end + _lead(span), stream, result)

    for index, heading in enumerate(headings):
        stop = headings[index + 1].start if index + 1 < len(headings) else len(full)
        law = Law(heading.law, str(heading.law), heading.title, stream.origin_at(heading.start))
        body = full[heading.end : stop]
        parse_law_body(law, body.strip(), heading.end + _lead(body), stream, result)
        document.laws.append(law)
    _attach_footnotes(document, pages, result)
    for law in document.laws:
        link_footnote_markers(law)
    if not document.laws:
        result.warn(Origin(1), "no law headings found")
    return result


def _lead(text: str) -> int:
    """Number of whitespace characters ``text`` starts with (stripped spans keep their origin)."""
    return len(text) - len(text.lstrip())


def _read_title_page(document: Document, text: str, stream: Stream, result: ParseResult) -> None:
    text = text.strip()
    match = TITLE_RUN.match(text)
    if match:
        document.title = match["title"]
        text = text[match.end() :]
    paragraph = make_paragraph(text, Origin(1, stream.origin_at(0).page), result)
    if paragraph:
        document.front_matter.append(paragraph)


def _front_pages(front: str, base: int, stream: Stream, result: ParseResult) -> list[Paragraph]:
    """Cut the front matter back into pages (one paragraph each, split at foreword headings)."""
    pieces: list[tuple[str, Origin]] = []
    offset = 0
    cuts = sorted({start - base for start in stream.page_starts if base < start < base + len(front)})
    for cut in [*cuts, len(front)]:
        piece = front[offset:cut]
        if piece.strip():
            pieces.append((piece, stream.origin_at(base + offset + _lead(piece))))
        offset = cut
    return split_front_matter(pieces, result)


def _attach_footnotes(document: Document, pages: list[Page], result: ParseResult) -> None:
    """Give each footnote to the law open at its page foot (the last law starting on or before it)."""
    for page in pages:
        for note in page.footnotes:
            owners = [law for law in document.laws if law.origin.line <= page.line]
            if owners:
                owners[-1].footnotes.append(note)
                continue
            result.warn(note.origin, f"footnote {note.mark} stands before the laws; kept in the front matter")
            document.front_matter.append(Paragraph(f"{note.mark} {note.text}", note.origin))
