"""Swedish 2007 Laws 9–16: text of the federation's web page (``sv-2007-laws-9-16.web.txt``).

The format is the plain text of one page of the Swedish federation's site (*Spader*): one
paragraph per line, blank lines between most paragraphs.  In reading order:

* the site's side bar: ``Kommande tävlingar``, dated tournament links (``04/05 Kerstin
  Strandbergs Minne - IA``), ``Publicerad: Tuesday 02 June 2009``;
* page furniture (``Allmänna bestämmelser gällande regelbrott - Innehåll``, ``Version för
  utskrift: Länk (pdf-fil)``), the page title in capitals (``2007 ÅRS LAGAR FÖR
  TÄVLINGSBRIDGE.``) and a by-line (``Inlagt på Spader av: Lars Adie (MID 51619)``);
* the laws: ``9. NÄR EN FELAKTIGHET UPPTÄCKS`` (number, dot, title in capitals), sections
  ``A. Påtalande av en felaktighet`` with the title on the label line, items ``1. …`` and
  sub-items ``(a) …`` at line starts;
* footnotes ``* …`` and ``** …`` after the last law, an address footer.

Traps, each handled by a named rule below:

* the chapter line above the first law (``Allmänna bestämmelser gällande regelbrott``) is a
  heading of no single law; it is kept as a :class:`Heading` of the law it stands above
  (:meth:`_Parser._is_chapter_heading`); the same words with ``- Innehåll`` are a link;
* a section title may wrap: ``B. Upphävande av genomdrivande eller av avstående`` + ``från
  korrigering`` is one title (a lower-case line continues an unfinished line);
* ``1. (a) text`` opens item 1 and its first sub-item on one line (:meth:`_Parser._open_label`);
* a line that follows a paragraph without a blank line and starts with a capital is a new
  paragraph of the same provision (``För att skipa rättvisa …`` after 12C1(c));
* footnote markers stand inline, glued to a word (``oväntad*``, ``slutar**.``); the footnote
  texts are at the end of the page, after Law 16 (:func:`_attach_note_refs`);
* the footer ``(c)2004-2006 Förbundet Svensk Bridge, …`` starts like sub-item ``(c)``;
* a law number that repeats, or a label out of sequence, is kept as text with a warning
  (a duplicated line in a damaged copy must not open a second Law 13);
* a lost law heading: sections that start again at ``A.`` open the missing law (warned,
  no label or title) only when its number is certain (:meth:`_Parser._missing_law`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, auto
from functools import cached_property

from bridgelaws.core.facts import LAW_NUMBERS, DocKind
from bridgelaws.core.model import (
    Document,
    Footnote,
    Heading,
    Law,
    Level,
    NoteRef,
    Origin,
    Paragraph,
    ParseResult,
    Provision,
)
from bridgelaws.stage2_parse.blocks import (
    Ahead,
    OpenLaw,
    Pending,
    Reading,
    missing_law,
    pending_paragraph,
    readings,
)

__all__ = ["parse"]

# -- vocabulary --------------------------------------------------------------------------

# Whole lines of the site's side bar (compared case-insensitively).
NAVIGATION_LINES = frozenset({"kommande tävlingar", "rapporterade tävlingar"})
# Side-bar lines known by how they start.
NAVIGATION_PREFIXES = ("publicerad:",)  # Publicerad: Tuesday 02 June 2009
# Links of the page itself: to the table of contents, to the printable version.
FURNITURE_SUFFIXES = ("- innehåll",)  # Allmänna bestämmelser gällande regelbrott - Innehåll
FURNITURE_PREFIXES = ("version för utskrift",)  # Version för utskrift: Länk (pdf-fil)
# Who put the page on the site: kept as front matter.
BYLINE_PREFIXES = ("inlagt på",)  # Inlagt på Spader av: Lars Adie (MID 51619)

SENTENCE_END = ".:;!?"  # a line ending in one of these is finished; the next line is new
CHAPTER_MAX_WORDS = 10  # a chapter line is short

# -- patterns (order of use: footer, navigation, law heading, labels, footnote) ----------

DATED_LINK = re.compile(
    r"""^[0-9]{1,2}/[0-9]{1,2}\s+\S   # 04/05 Kerstin Strandbergs Minne - IA""",
    re.VERBOSE,
)

COPYRIGHT = re.compile(
    r"""^(?:\(c\)|©)\s*[0-9]{4}   # (c)2004-2006 Förbundet Svensk Bridge, Nygatan 3, 803 20, Gävle,""",
    re.VERBOSE | re.IGNORECASE,
)

ADDRESS = re.compile(
    r"""\b(?:Tel|Fax):\s*\+?[0-9]   # Tel: +46 (0)26 65 60 70, Fax: +46 (0)26 12 25 00""",
    re.VERBOSE,
)

LAW_HEADING = re.compile(
    r"""
    ^(?P<label>(?P<number>[0-9]{1,2})\.)   # 13.
    \s+(?P<title>\S.*)$                    # FELAKTIGT ANTAL KORT  (capitals: see _is_caps)
    """,
    re.VERBOSE,
)

SECTION = re.compile(
    r"""
    ^(?P<label>(?P<key>[A-Z])\.)     # B.
    (?:\s+(?P<rest>\S.*))?$          # Upphävande av genomdrivande eller av avstående
    """,
    re.VERBOSE,
)

ITEM = re.compile(
    r"""
    ^(?P<label>(?P<key>[0-9]{1,2})\.)   # 1.
    (?:\s+(?P<rest>\S.*))?$             # (a) Tävlingsledaren bör tillkallas omgående …
    """,
    re.VERBOSE,
)

SUBITEM = re.compile(
    r"""
    ^(?P<label>\((?P<key>[a-z]{1,4})\))   # (b)    — "(c)2004" has no space after ")" and is no label
    (?:\s+(?P<rest>\S.*))?$               # Varje spelare, inklusive träkarlen, får …
    """,
    re.VERBOSE,
)

FOOTNOTE = re.compile(
    r"""
    ^(?P<mark>\*{1,3})        # **
    \s+(?P<text>\S.*)$        # Det är inget regelbrott att tillkalla tävlingsledaren tidigare …
    """,
    re.VERBOSE,
)

NOTE_MARKER = re.compile(
    r"""(?<=[^\s*])(?P<mark>\*+)   # oväntad* alertering  /  när spelet slutar**.""",
    re.VERBOSE,
)


# -- line kinds --------------------------------------------------------------------------


class Kind(Enum):
    BLANK = auto()
    NAVIGATION = auto()
    FURNITURE = auto()
    FOOTER = auto()
    BYLINE = auto()
    LAW = auto()
    SECTION = auto()
    ITEM = auto()
    SUBITEM = auto()
    FOOTNOTE = auto()
    TEXT = auto()


LABEL_PATTERNS: tuple[tuple[Kind, re.Pattern[str]], ...] = (
    (Kind.SECTION, SECTION),
    (Kind.ITEM, ITEM),
    (Kind.SUBITEM, SUBITEM),
)
LABEL_LEVELS = {Kind.SECTION: Level.SECTION, Kind.ITEM: Level.ITEM, Kind.SUBITEM: Level.SUBITEM}


def _is_caps(text: str) -> bool:
    """A law title is printed in capitals: ``FELAKTIGT ANTAL KORT`` (no lower-case letter)."""
    return sum(ch.isupper() for ch in text) >= 2 and not any(ch.islower() for ch in text)


def _starts_with(line: str, prefixes: tuple[str, ...]) -> bool:
    return line.casefold().startswith(prefixes)


def classify(line: str) -> Kind:
    """What a stripped line is, judged by the line alone (context decides the rest)."""
    folded = line.casefold()
    if not line:
        return Kind.BLANK
    if COPYRIGHT.match(line) or ADDRESS.search(line):
        return Kind.FOOTER
    if folded in NAVIGATION_LINES or _starts_with(line, NAVIGATION_PREFIXES) or DATED_LINK.match(line):
        return Kind.NAVIGATION
    if folded.endswith(FURNITURE_SUFFIXES) or _starts_with(line, FURNITURE_PREFIXES):
        return Kind.FURNITURE
    if _starts_with(line, BYLINE_PREFIXES):
        return Kind.BYLINE
    heading = LAW_HEADING.match(line)
    if heading and _is_caps(heading["title"]) and int(heading["number"]) in LAW_NUMBERS:
        return Kind.LAW
    if FOOTNOTE.match(line):
        return Kind.FOOTNOTE
    for kind, pattern in LABEL_PATTERNS:
        match = pattern.match(line)
        if match and _label_keys(kind, match["key"]):
            return kind
    return Kind.TEXT


def _label_keys(kind: Kind, key: str) -> list[Reading]:
    """The (level, key) readings of a label, most likely first (see :func:`.blocks.readings`)."""
    return readings(LABEL_LEVELS[kind], key)


def _law_number(line: str) -> int | None:
    """The number of the law a heading line opens (``13. FELAKTIGT ANTAL KORT``), else None."""
    heading = LAW_HEADING.match(line)
    return int(heading["number"]) if heading and classify(line) is Kind.LAW else None


def _is_label(line: str) -> bool:
    """A section or item label: what makes a lost law heading likely (:func:`.blocks.missing_law`)."""
    return classify(line) in (Kind.SECTION, Kind.ITEM)


# -- the parser --------------------------------------------------------------------------


@dataclass
class _Parser:
    lines: list[str]
    result: ParseResult = field(default_factory=ParseResult)
    document: Document = field(default_factory=lambda: Document(DocKind.LAWS, "", Origin(1)))
    laws: dict[int, OpenLaw] = field(default_factory=dict)
    current: OpenLaw | None = None
    pending: Pending | None = None  # a paragraph, a section title or a footnote
    chapter: list[Heading] = field(default_factory=list)

    @cached_property
    def ahead(self) -> Ahead:
        """The law headings and labels of the lines, for a lost heading (:meth:`_missing_law`)."""
        return Ahead(self.lines, _law_number, _is_label)

    def run(self) -> ParseResult:
        for index, line in enumerate(self.lines):
            self._line(index, line)
        self._flush()
        self._finish()
        return self.result

    # -- one line ----------------------------------------------------------------------

    def _line(self, index: int, line: str) -> None:
        origin = Origin(index + 1)
        kind = classify(line)
        if kind is Kind.BLANK:
            self._flush()
            return
        if kind is Kind.TEXT and self._continues(line):
            assert self.pending is not None
            self.pending.lines.append(line)
            return
        self._flush()
        if kind is Kind.NAVIGATION:
            self.result.drop(line, origin, "navigation")
        elif kind is Kind.FURNITURE:
            self.result.drop(line, origin, "page furniture")
        elif kind is Kind.FOOTER:
            self.result.drop(line, origin, "address footer")
        elif kind is Kind.BYLINE:
            self._front(line, origin)
        elif kind is Kind.LAW:
            self._law_heading(line, origin)
        elif kind is Kind.FOOTNOTE:
            self._footnote(line, origin)
        elif kind in (Kind.SECTION, Kind.ITEM, Kind.SUBITEM):
            self._labelled(index, kind, line, origin)
        else:
            self._text(index, line, origin)

    def _continues(self, line: str) -> bool:
        """A lower-case line after an unfinished one goes on with it (a wrapped title)."""
        if self.pending is None:
            return False
        return line[0].islower() and self.pending.lines[-1][-1] not in SENTENCE_END

    # -- blocks ------------------------------------------------------------------------

    def _law_heading(self, line: str, origin: Origin) -> None:
        match = LAW_HEADING.match(line)
        assert match is not None
        number = int(match["number"])
        if number in self.laws:
            self.result.warn(origin, f"law {number} again: kept as text of the current law")
            self._text_block(line, origin)
            return
        self._open_law(Law(number, match["label"], match["title"], origin, headings=self.chapter))
        self.chapter = []

    def _open_law(self, law: Law) -> None:
        self.current = self.laws[law.number] = OpenLaw.start(law)

    def _missing_law(self, index: int, kind: Kind, line: str) -> int | None:
        """The law whose heading is missing when sections start again at ``A.``.

        Only when the number is certain — the law after the current one when the next heading
        skips exactly it (12 … ``A.`` … 14), or the law just before the first heading — and
        more labels follow, so that one stray ``A.`` line does not make a law
        (:func:`.blocks.missing_law`).
        """
        if kind is not Kind.SECTION or not line.startswith("A."):
            return None
        return missing_law(self.current, self.laws, self.ahead, index + 1)

    def _labelled(self, index: int, kind: Kind, line: str, origin: Origin) -> None:
        missing = self._missing_law(index, kind, line)
        if missing is not None:
            self.result.warn(origin, f"sections start again without a heading: read as law {missing}")
            self._open_law(Law(missing, "", "", origin, title_derived=True, headings=self.chapter))
            self.chapter = []
        if self.current is None:
            self.result.warn(origin, "label before the first law: kept as front matter")
            self._front(line, origin)
            return
        node, rest = self._open_label(kind, line, origin)
        if node is None:
            self.result.warn(origin, f"label out of sequence: {line[:20]!r} kept as text")
            self._text_block(line, origin)
            return
        if node.level is Level.SECTION:
            self._title(node, rest, origin)
        elif rest:
            self._text_block(rest, origin)

    def _open_label(self, kind: Kind, line: str, origin: Origin) -> tuple[Provision | None, str]:
        """Open the provision a label line starts; ``1. (a) …`` opens the sub-item too.

        Returns the innermost provision opened (None if the outline refused the label) and
        the text after the label(s).
        """
        assert self.current is not None
        pattern = dict(LABEL_PATTERNS)[kind]
        match = pattern.match(line)
        assert match is not None
        node = self._open(kind, match["key"], match["label"], origin)
        rest = match["rest"] or ""
        if node is None or node.level is not Level.ITEM:
            return node, rest
        inner = SUBITEM.match(rest)
        if inner:
            child = self._open(Kind.SUBITEM, inner["key"], inner["label"], origin)
            if child is not None:
                return child, inner["rest"] or ""
            self.result.warn(origin, f"sub-item {inner['label']} out of sequence: kept as text")
        return node, rest

    def _open(self, kind: Kind, key: str, label: str, origin: Origin) -> Provision | None:
        assert self.current is not None
        return self.current.open_first(_label_keys(kind, key), label, origin)

    def _title(self, node: Provision, rest: str, origin: Origin) -> None:
        """A section title stands on the label line and may wrap onto the next line."""

        def commit(text: str) -> None:
            node.title = text

        if rest:
            self.pending = Pending([rest], origin, commit)

    def _footnote(self, line: str, origin: Origin) -> None:
        if self.current is None:
            self.result.warn(origin, "footnote before the first law: kept as front matter")
            self._front(line, origin)
            return
        match = FOOTNOTE.match(line)
        assert match is not None
        note = Footnote(match["mark"], "", origin)
        if any(other.mark == note.mark for other in self.current.law.footnotes):
            self.result.warn(origin, f"second footnote {note.mark!r} in law {self.current.law.number}")
        self.current.law.footnotes.append(note)

        def commit(text: str) -> None:
            note.text = text

        self.pending = Pending([match["text"]], origin, commit)

    def _text(self, index: int, line: str, origin: Origin) -> None:
        if self._is_chapter_heading(index, line):
            self.chapter.append(Heading(line, origin))
        elif self.current is None and not self.document.title and _is_caps(line):
            self.document.title = line
            self.document.origin = origin
        elif self.current is None and _is_caps(line):
            self._front(line, origin, style="heading")
        elif self.current is None:
            self.result.warn(origin, "text before the first law: kept as front matter")
            self._front(line, origin)
        else:
            self._text_block(line, origin)

    def _is_chapter_heading(self, index: int, line: str) -> bool:
        """A short, unfinished line above the heading of a new law (blank lines between are
        allowed: a saved web page gives the chapter line its own block).

        ``Allmänna bestämmelser gällande regelbrott`` ⏎ ``9. NÄR EN FELAKTIGHET UPPTÄCKS``
        """
        if line[-1] in SENTENCE_END + "," or not line[0].isupper():
            return False
        if len(line.split()) > CHAPTER_MAX_WORDS:
            return False
        after = next((i for i in range(index + 1, len(self.lines)) if self.lines[i]), len(self.lines))
        following = self.lines[after] if after < len(self.lines) else ""
        if self._missing_law(after, classify(following), following) is not None:
            return True  # the law's own heading is lost: its sections follow directly
        number = _law_number(following)
        return number is not None and number not in self.laws

    def _text_block(self, text: str, origin: Origin) -> None:
        """A paragraph of the innermost open provision of the current law."""
        assert self.current is not None
        self.pending = pending_paragraph(text, origin, self.current.target)

    def _front(self, text: str, origin: Origin, style: str = "text") -> None:
        self.pending = pending_paragraph(text, origin, self.document.front_matter, style)

    def _flush(self) -> None:
        """Finish the block being read: re-flow its lines, report removed hyphens."""
        if self.pending is not None:
            self.pending.finish(self.result)
            self.pending = None

    # -- the end -----------------------------------------------------------------------

    def _finish(self) -> None:
        for heading in self.chapter:  # a chapter line whose law never came
            self.document.headings.append(heading)
        self.document.laws = sorted((entry.law for entry in self.laws.values()), key=lambda law: law.number)
        for law in self.document.laws:
            _attach_note_refs(law, self.result)
        if not self.document.title:
            self.result.warn(Origin(1), "no page title (a line in capitals before the first law)")
        if not self.document.laws:
            self.result.warn(Origin(1), "no law headings found")
        self.result.documents.append(self.document)


def _law_paragraphs(law: Law) -> list[Paragraph]:
    paragraphs = list(law.paragraphs)
    for provision in law.provisions():
        paragraphs.extend(provision.paragraphs)
    return paragraphs


def _attach_note_refs(law: Law, result: ParseResult) -> None:
    """Point each inline marker (``oväntad*``) at its footnote; warn about orphans either way."""
    marks = {note.mark for note in law.footnotes}
    found: set[str] = set()
    for paragraph in _law_paragraphs(law):
        for match in NOTE_MARKER.finditer(paragraph.text):
            if match["mark"] in marks:
                paragraph.notes.append(NoteRef(match.start("mark"), match["mark"]))
                found.add(match["mark"])
            else:
                result.warn(paragraph.origin, f"marker {match['mark']!r} has no footnote in law {law.number}")
    for note in law.footnotes:
        if note.mark not in found:
            result.warn(note.origin, f"footnote {note.mark!r} has no marker in law {law.number}")


def parse(text: str) -> ParseResult:
    """Parse the Swedish web page of Laws 9–16 into one ``laws`` document."""
    return _Parser([line.strip() for line in text.split("\n")]).run()
