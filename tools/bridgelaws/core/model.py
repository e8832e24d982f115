"""The typed model every parser returns and every later stage reads.

A source file parses into a :class:`ParseResult`: one or more :class:`Document` objects plus
the parse report (what was dropped, what was inserted, what looked wrong).  A document holds
laws (or regulation points), each law a tree of :class:`Provision` objects addressed by their
canonical reference (``13A1``, ``12C1b``; ``point:3.1.A`` for a regulation's own points).

Every block carries an :class:`Origin`: the 1-based source line where it starts and, for the
PDF text layer, the printed page.  Text is stored exactly as printed (after the named
cleaning steps), never as Markdown or HTML; escaping happens at render time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import Path

from bridgelaws.core.facts import DocKind
from bridgelaws.core.refs import ancestors, point_ref


@dataclass(frozen=True)
class Origin:
    """Where a block starts in its source file."""

    line: int
    page: int | None = None

    def describe(self) -> str:
        return f"line {self.line}" + (f", page {self.page}" if self.page is not None else "")


@dataclass(frozen=True)
class NoteRef:
    """An inline footnote marker inside a paragraph: ``text[offset:offset+len(mark)]``."""

    offset: int
    mark: str


@dataclass(frozen=True)
class PageHint:
    """A printed book's pointer to the page a cited law is on, lifted out of the reading text.

    The Finnish 2007 text prints ``(s. 28) 16C`` — Law 16C, found on page 28 of the book.  The
    hint is apparatus, not law: it stays in the model (and in the export's citation text) as
    provenance, and ``offset`` is where it stood in the paragraph's text (before ``16C``).
    """

    offset: int
    text: str  # as printed, with the space after it: "(s. 28) "
    page: int


@dataclass
class Paragraph:
    """One paragraph of source text.

    ``style`` is ``text`` (re-flowed prose), ``pre`` (keeps the source's line breaks: the
    OCR'd book's score tables) or ``heading`` (a heading inside front matter).
    ``notes`` are footnote markers found in the text (the marker characters stay in ``text``);
    ``hints`` the printed page hints lifted out of it (:class:`PageHint`), in text order.
    """

    text: str
    origin: Origin
    style: str = "text"
    notes: list[NoteRef] = field(default_factory=list)
    hints: list[PageHint] = field(default_factory=list)

    def printed(self) -> str:
        """The text as printed, page hints in place: what citation grammars read."""
        if not self.hints:
            return self.text
        parts, position = [], 0
        for hint in self.hints:
            parts += [self.text[position : hint.offset], hint.text]
            position = hint.offset
        parts.append(self.text[position:])
        return "".join(parts)

    def from_printed(self, offset: int) -> int:
        """An offset of :meth:`printed` as an offset of ``text`` (inside a hint: where it stood)."""
        shift = 0
        for hint in self.hints:
            start = hint.offset + shift
            if offset < start:
                break
            if offset < start + len(hint.text):
                return hint.offset
            shift += len(hint.text)
        return offset - shift

    def hint_at(self, offset: int) -> PageHint | None:
        """The page hint printed just before ``text[offset:]``, if any."""
        return next((hint for hint in self.hints if hint.offset == offset), None)


@dataclass
class Footnote:
    """A footnote as printed: ``mark`` is the label as printed (``1.``, ``*``, ``**``)."""

    mark: str
    text: str
    origin: Origin

    @cached_property
    def paragraph(self) -> Paragraph:
        """The note's text as a paragraph: its citations are found and linked like any other's."""
        return Paragraph(self.text, self.origin)

    @property
    def key(self) -> str:
        """The marker the text refers to: ``1.`` → ``1``; ``**`` → ``**``."""
        return self.mark.rstrip(".")


class Level(Enum):
    """Depth of a provision inside a law (or a regulation point)."""

    SECTION = 1  # A.  B.
    ITEM = 2  # 1.  2.
    SUBITEM = 3  # (a)  a.  a)
    SUBSUBITEM = 4  # (i)  (1)  i.


@dataclass
class Provision:
    """A section, item or sub-item.  ``label`` is as printed (``A.``, ``1.``, ``(b)``)."""

    ref: str
    level: Level
    label: str
    title: str
    origin: Origin
    paragraphs: list[Paragraph] = field(default_factory=list)
    children: list[Provision] = field(default_factory=list)

    @cached_property
    def title_paragraph(self) -> Paragraph:
        """The title as a paragraph: a citation in it (``… 42 ja 43 §:ssä``) is found and linked."""
        return Paragraph(self.title, self.origin)

    def walk(self) -> Iterator[Provision]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Heading:
    """A structural line that belongs to no law: chapter, part, division (``I LUKU – …``)."""

    text: str
    origin: Origin


@dataclass
class Numbered:
    """What a law and a regulation's point share: a numbered heading, text, provisions, footnotes.

    ``label`` is the number as printed (``13 §``, ``13.``, ``YASA 42``; ``3.`` for a point);
    ``paragraphs`` is the text before the first provision; ``children`` its provisions.
    """

    number: int | str
    label: str
    title: str
    origin: Origin
    _: KW_ONLY
    paragraphs: list[Paragraph] = field(default_factory=list)
    children: list[Provision] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)

    @property
    def ref(self) -> str:
        """The canonical reference of the whole law or point: ``13``, ``point:3``."""
        raise NotImplementedError

    def provisions(self) -> Iterator[Provision]:
        for child in self.children:
            yield from child.walk()

    def nearest(self, ref: str) -> str:
        """``ref`` if this law (or point) prints it, else its nearest printed ancestor, else the whole:
        ``12C1eii`` in a text without sub-item (ii) → ``12C1e``."""
        printed = {self.ref, *(node.ref for node in self.provisions())}
        return next((ancestor for ancestor in ancestors(ref) if ancestor in printed), self.ref)


@dataclass
class Law(Numbered):
    """One law.

    ``title_derived`` is true when the title was not printed as a heading but derived from
    the text (the Turkish blog's ``Yasa 13, … tanımlar.``); derived titles are not source
    characters and are left out of the conservation count.
    """

    number: int
    title_derived: bool = False
    headings: list[Heading] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return str(self.number)


@dataclass
class Point(Numbered):
    """A numbered point of a national regulation (PZBS decision, SBL supplementary rule).

    ``laws`` are the canonical references of the law provisions the point names.
    """

    number: str
    laws: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return point_ref(self.number)

    @cached_property
    def title_paragraph(self) -> Paragraph:
        """The title as a paragraph: it names the provisions the point concerns (``Przepisy 12C2b
        i 12C2d``), citations found, resolved and linked like any other."""
        return Paragraph(self.title, self.origin)


@dataclass
class Definition:
    """A defined term and its explanation (one paragraph per numbered sense)."""

    term: str
    origin: Origin
    paragraphs: list[Paragraph] = field(default_factory=list)


@dataclass
class Document:
    """One readable document: a set of laws or a set of regulation points.

    ``kind`` is a :class:`~bridgelaws.core.facts.DocKind`; the pipeline pairs it with the
    manifest entry of the same source and kind to learn its id, language and edition.
    """

    kind: DocKind
    title: str
    origin: Origin
    front_matter: list[Paragraph] = field(default_factory=list)
    back_matter: list[Paragraph] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)
    laws: list[Law] = field(default_factory=list)
    points: list[Point] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)

    def law(self, number: int) -> Law | None:
        return next((law for law in self.laws if law.number == number), None)


@dataclass(frozen=True)
class Dropped:
    """A span of the source that does not reach the output, and why."""

    text: str
    origin: Origin
    reason: str


@dataclass(frozen=True)
class Inserted:
    """Characters the pipeline adds that the source lacks (restored suit symbols)."""

    text: str
    origin: Origin
    reason: str


@dataclass(frozen=True)
class Warning:
    """Something in the source that looked wrong; the text is kept, the reader is told."""

    origin: Origin
    message: str


@dataclass
class ParseResult:
    """Everything one parser learned from one source file."""

    documents: list[Document] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    inserted: list[Inserted] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)

    def drop(self, text: str, origin: Origin, reason: str) -> None:
        if text.strip():
            self.dropped.append(Dropped(text, origin, reason))

    def warn(self, origin: Origin, message: str) -> None:
        self.warnings.append(Warning(origin, message))


# -- what the manifest says of a document and of its source file ---------------------------


@dataclass(frozen=True)
class DocumentMeta:
    """A document as the manifest describes it: its id, language, edition, kind and URL path.

    The document's URLs are made from it by :mod:`bridgelaws.core.urls` only.
    """

    id: str
    lang: str
    edition: str
    kind: DocKind
    path: str
    title: str
    copyright: str
    extract: bool
    grammar: str
    source: SourceMeta
    expected: str = ""  # what the source should hold: "9-16", "12-15, 42, 43", "points 1-26"
    terms_of_use: str = ""  # the terms of use the source itself states ("": it states none)
    provenance: str = ""  # how the text was captured, in the document's language ("": the source's English origin)


@dataclass(frozen=True)
class SourceMeta:
    """A source file as the manifest lists it, with the manifest lines that name it."""

    file: str
    parser: str
    origin: str
    folder: Path
    manifest: Path = Path("manifest.toml")
    line: int = 0  # the line of its ``[[source]]`` header in the manifest
    key_lines: tuple[tuple[str, int], ...] = ()  # (key, line) of each ``key = …`` line

    @property
    def path(self) -> Path:
        return self.folder / self.file

    def where(self, key: str = "") -> str:
        """``content/sources/manifest.toml:31`` — the entry's line, or its ``key``'s line."""
        line = dict(self.key_lines).get(key, self.line)
        return f"{self.manifest}:{line}"
