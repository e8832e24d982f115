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
  määrää …``): a title ends before the next capitalised word (:func:`section_title`);
* definitions run together too (``Aakkostettu pakka Pakka, jonka …``): a term starts a
  sentence and is followed by the capitalised start of its explanation (:func:`split_definitions`);
* the suit symbols of the PDF's symbol font were lost (``pata ( )``) and are restored.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass

from ..clean import join_broken_words, restore_suit_symbols
from ..model import (
    Definition,
    Document,
    Footnote,
    Inserted,
    Law,
    Level,
    NoteRef,
    Origin,
    Paragraph,
    ParseResult,
)
from ..outline import Outline

FOOTER_TEXT = "Suomen Bridgeliitto Finlands Bridgeförbund ry."
CONTENTS_WORD = "Sisältö"
DEFINITIONS_HEADING = "MÄÄRITELMÄT"

FOOTER = re.compile(
    r"\s*"
    + r"[ ]".join(re.escape(word) for word in FOOTER_TEXT.split())
    + r"""[ ](?P<page>\d{1,3})\s*$    # … tulokseen. Suomen Bridgeliitto Finlands Bridgeförbund ry. 23""",
    re.VERBOSE,
)

CAPS = "A-ZÅÄÖÉÜ"
LOWER = "a-zåäöéü"

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

FOOTNOTE_TEXT = re.compile(
    rf"""
    (?<=[.!?)\-]\ )(?P<mark>(?P<n>\d{{1,2}})\.)\     # … B-momenteissa. 1. Aakkostettu pakka on …
    (?P<text>[{CAPS}].{{0,300}})$                  # to the page foot
    """,
    re.VERBOSE,
)

LABEL_IN_TEXT = re.compile(r"(?:^|\s)(?:\d{1,2}|[A-Za-z])\.\s")  # a label inside a would-be footnote

SECTION_LABEL = re.compile(rf"(?P<label>(?P<key>[A-H])\.)\ (?=[{CAPS}])", re.VERBOSE)  # A. Aloituspaikka
ITEM_LABEL = re.compile(r"(?P<label>(?P<key>\d{1,2})\.)\ (?=\S)", re.VERBOSE)  # 1. Jos jo ennen …
SUBITEM_LABEL = re.compile(r"(?P<label>(?P<key>[a-h])\.)\ (?=\S)", re.VERBOSE)  # a. Kun laki valtuuttaa …
ROMAN_LABEL = re.compile(r"(?P<label>\((?P<key>i{1,3}|iv|v|vi{1,3}|ix|x)\))\ (?=\S)", re.VERBOSE)  # (ii) Rikkoneelle …

ANY_LABEL = re.compile(
    rf"""(?<!\S)(?:
        [A-H]\.\ (?=[{CAPS}])                         # A. Aloituspaikka
      | \d{{1,2}}\.\ (?=\S)                           # 1. Jos jo ennen
      | [a-h]\.\ (?=\S)                               # a. Kun laki
      | \((?:i{{1,3}}|iv|v|vi{{1,3}}|ix|x)\)\ (?=\S)    # (ii) Rikkoneelle
    )""",
    re.VERBOSE,
)

# Words before which a sub-item label may stand although no punctuation precedes it:
# "… ei ole vaikuttanut, tai b. se on luvallista tietoa …"
SUBITEM_AFTER_WORDS = ("tai", "ja")

SECTION_TITLE_MAX_WORDS = 14

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


@dataclass
class Page:
    line: int
    number: int | None
    text: str
    footnotes: list[Footnote]


class Stream:
    """The pages joined into one text, with a map from offsets back to line and page."""

    def __init__(self) -> None:
        self.text = ""
        self._starts: list[int] = []
        self._origins: list[Origin] = []

    def append(self, text: str, origin: Origin, separator: str = " ") -> None:
        if self.text and text:
            self.text += separator
        self._starts.append(len(self.text))
        self._origins.append(origin)
        self.text += text

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
        broken = re.search(rf"(?<=[{LOWER}])-$", stream.text)
        if broken and re.match(rf"[{LOWER}]", text) and not text.startswith(("ja ", "tai ")):
            stream.text = stream.text[:-1]
            result.drop("-", origin, "hyphenation")
            stream.append(text, origin, separator="")
        else:
            stream.append(text, origin)
    return stream


# -- paragraphs ----------------------------------------------------------------------------


def make_paragraph(text: str, origin: Origin, result: ParseResult) -> Paragraph | None:
    """Clean one span of text into a paragraph (None when it is only whitespace)."""
    text = " ".join(text.split())
    if not text:
        return None
    joined = join_broken_words(text)
    for hyphen in joined.removed:
        result.drop(hyphen, origin, "hyphenation")
    restored = restore_suit_symbols(joined.text)
    for symbol in restored.added:
        result.inserted.append(Inserted(symbol, origin, "suit symbol restored"))
    return Paragraph(restored.text, origin)


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


# -- law bodies -------------------------------------------------------------------------------


def section_title(text: str, start: int) -> int:
    """End offset of a section title that begins at ``start`` (``start`` if there is none).

    The title runs until the next capitalised word or label: ``Aloituspaikka Kilpailunjohtaja
    määrää …`` → ``Aloituspaikka``.  A run that meets punctuation first is a sentence, not a
    title.
    """
    words = list(re.finditer(r"\S+", text[start:]))
    if not words or not re.match(rf"[{CAPS}]", words[0][0]):
        return start
    end = start
    for index, word in enumerate(words[: SECTION_TITLE_MAX_WORDS + 1]):
        token = word[0]
        if index > 0 and (re.match(rf"[{CAPS}]", token) or re.fullmatch(r"\d{1,2}\.", token)):
            return end
        if index >= SECTION_TITLE_MAX_WORDS or re.search(r"[.,:;()!?]", token):
            return start
        end = start + word.end()
    return start


def parse_law_body(law: Law, text: str, base: int, stream: Stream, result: ParseResult) -> None:
    """Cut a law's text at its labels, in reading order, into the provision tree."""
    outline = Outline(str(law.number))
    position = 0  # start of the text not yet given to a paragraph
    cursor = 0  # where to look for the next label
    after_label = -1  # a label may follow a section title (or a label) with no punctuation
    while match := ANY_LABEL.search(text, cursor):
        start = match.start() + (1 if match[0][0].isspace() else 0)
        found = _match_label(outline, text, start, after_label)
        if found is None:
            cursor = start + 1
            continue
        level, key, label, label_end = found
        _add_paragraph(outline, text[position:start], stream.origin_at(base + position), result)
        node = outline.open(level, key, label, "", stream.origin_at(base + start))
        assert node is not None  # _match_label asked outline.accepts first
        title_end = section_title(text, label_end) if level is Level.SECTION else label_end
        node.title = text[label_end:title_end].strip()
        position = cursor = after_label = title_end
    _add_paragraph(outline, text[position:], stream.origin_at(base + position), result)
    law.paragraphs = outline.paragraphs
    law.children = outline.children


def _match_label(outline: Outline, text: str, start: int, after_label: int) -> tuple[Level, str, str, int] | None:
    """The label at ``start`` as (level, key, label, end) if context and sequence allow."""
    before = text[:start].rstrip()
    at_boundary = start == 0 or before.endswith((".", ":", ";", "!", "?", ")")) or len(before) == after_label
    for level, pattern in (
        (Level.SECTION, SECTION_LABEL),
        (Level.ITEM, ITEM_LABEL),
        (Level.SUBITEM, SUBITEM_LABEL),
        (Level.SUBSUBITEM, ROMAN_LABEL),
    ):
        match = pattern.match(text, start)
        if not match:
            continue
        allowed = at_boundary
        if level is Level.SUBITEM:
            last_word = before.rsplit(" ", 1)[-1]
            allowed = at_boundary or before.endswith(",") or last_word in SUBITEM_AFTER_WORDS
        elif level is Level.SUBSUBITEM:
            allowed = True  # "… c-kohdan sijaan (i) Alkuperäisen …": brackets make it unambiguous
        if allowed and outline.accepts(level, match["key"]):
            return level, match["key"], match["label"], match.end()
    return None


def _add_paragraph(outline: Outline, span: str, origin: Origin, result: ParseResult) -> None:
    paragraph = make_paragraph(span, origin, result)
    if paragraph:
        outline.add(paragraph)


def link_footnote_markers(law: Law) -> None:
    """Find each footnote's inline marker (``pakasta 1 tai``) in the law's paragraphs."""
    for note in law.footnotes:
        marker = re.compile(rf"(?<=[{LOWER}]) ({re.escape(note.key)})(?=[ .,;]|$)")
        for paragraph in _all_paragraphs(law):
            for match in marker.finditer(paragraph.text):
                paragraph.notes.append(NoteRef(match.start(1), note.key))


def _all_paragraphs(law: Law) -> list[Paragraph]:
    paragraphs = list(law.paragraphs)
    for node in law.provisions():
        paragraphs.extend(node.paragraphs)
    return paragraphs


# -- the parser ----------------------------------------------------------------------------------


def parse(text: str) -> ParseResult:
    """Parse the Finnish 2007 PDF text layer into one ``laws`` document."""
    result = ParseResult()
    pages = split_pages(text, result)
    extract_footnotes(pages, result)
    stream = join_pages(pages, result)
    full = stream.text
    document = Document(kind="laws", title="", origin=Origin(1, pages[0].number if pages else None))
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
