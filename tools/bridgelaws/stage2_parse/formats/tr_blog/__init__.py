"""Turkish 2017 Laws extract: text of a director's blog post (``tr-2017-laws-extract.blog.txt``).

The format is the plain text of one WordPress post: the post title (``Briç Yasaları – Diğer
Konular (Bilgi)``), then Laws 13, 14, 15, 12, 42, 43, 45 and 46 in that order, mixed with the
author's own sub-headings, definitions and remarks, then the comment form.  Paragraphs are
separated by blank lines (some "blank" lines hold a no-break space), but inside a law the
labelled lines follow each other directly and long lines are hard-wrapped.

Traps, each handled by a named rule below:

* Laws 13–15 have no heading: an intro sentence opens them (``Yasa 13, yanlış sayıda (13 den
  fazla) kart durumunda yapılacakları tanımlar.``).  The sentence stays as the law's first
  paragraph; the title is derived from it (``Yanlış sayıda (13 den fazla) kart``) and marked
  ``title_derived`` (:func:`derived_title`);
* Law 12 is the blog section *Ayarlı Skor*: the sub-heading ``Ayarlı Skor`` directly above
  ``Yasa 12 ye göre …`` is the law's printed title, and the blog letters ``a)``, ``b)``,
  ``c)`` are its sections A, B, C — while ``a)`` under an item (45C2) is a sub-item.  Which
  reading a label gets is decided by the outline's sequence rules (:func:`label_readings`);
* ``YASA 42 – YERİN HAKLARI`` headings: label, a dash (dropped as a separator), title;
  ``Yasa 42’de belirtilenler dışında:`` under Law 43 is a citation, not a heading;
* hard-wrapped lines: a line that starts no block continues the previous one when that one
  does not end a sentence (``… kusursuz yarışmacı`` ⏎ ``lehine,``);
* the author's sub-headings (``Yanlış Kart Sayısı``, ``Oynanmış Kart``) stand alone between
  blank lines and belong to no law: dropped, unless they title Law 12 as above;
* ``Tanımlar;`` opens the author's definitions: ``Suni Ayarlı Skor; …``, ``Ayrık skor, …``
  (term before the first ``;`` or ``,``), each followed by further paragraphs
  (``A- Maks %40 …``, ``Averaj %50,``);
* the comment form and likes at the end are furniture; the author's name among them is
  kept as back matter;
* a repeated law number is kept as text with a warning; sections that start again at ``A.``
  without a heading open the missing law only when its number is certain
  (:meth:`_Parser._missing_law`);
* Turkish dotted and dotless i: ``str.lower`` turns ``I`` into ``i`` and ``İ`` into ``i̇``;
  vocabulary is compared through :func:`turkish_lower`.

The parser's modules: :mod:`.lines` (vocabulary, patterns, what a line is by itself) and this
one: the parser that reads the lines in context, and :func:`parse`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Definition, Document, Law, Level, Origin, Paragraph, ParseResult, Provision
from bridgelaws.stage2_parse.blocks import Ahead, OpenLaw, Pending, missing_law, pending_paragraph
from bridgelaws.stage2_parse.formats.tr_blog.lines import (
    INTRO_TOPIC,
    LAW_HEADING,
    LAW_INTRO,
    PAREN,
    SECTION,
    SENTENCE_END,
    SERIES_DASH,
    STRUCTURE,
    TERM,
    TITLE_END,
    Kind,
    classify,
    derived_title,
    is_label,
    is_title_like,
    label_readings,
    law_number,
    match_label,
    turkish_lower,
)

__all__ = ["parse"]

# -- the parser --------------------------------------------------------------------------


@dataclass
class _Parser:
    lines: list[str]
    result: ParseResult = field(default_factory=ParseResult)
    document: Document = field(default_factory=lambda: Document(DocKind.LAWS, "", Origin(1)))
    laws: dict[int, OpenLaw] = field(default_factory=dict)
    current: OpenLaw | None = None
    pending: Pending | None = None  # a paragraph (hard-wrapped lines join it)
    subheading: tuple[str, Origin] | None = None  # waits to learn whether it titles Law 12
    definitions: bool = False  # inside the author's "Tanımlar;" block
    definition: Definition | None = None
    comments: bool = False  # inside the comment form at the end
    seen_text: bool = False  # the post title can only be the first line
    last_structure: int = -1  # index of the last law heading, intro or label line

    @cached_property
    def ahead(self) -> Ahead:
        """The law headings and labels of the lines, for a lost heading (:meth:`_missing_law`)."""
        return Ahead(self.lines, law_number, is_label)

    def run(self) -> ParseResult:
        structure = [i for i, line in enumerate(self.lines) if classify(line) in STRUCTURE]
        self.last_structure = structure[-1] if structure else -1
        for index, line in enumerate(self.lines):
            self._line(index, line)
        self._flush()
        self._finish()
        return self.result

    # -- one line ----------------------------------------------------------------------

    def _line(self, index: int, line: str) -> None:
        kind = classify(line)
        if kind is Kind.BLANK:
            self._flush()
            return
        origin = Origin(index + 1)
        kind = self._in_context(kind, line, origin)
        if kind is Kind.TEXT and self._continues():
            assert self.pending is not None
            self.pending.lines.append(line)
            return
        self._flush()
        first = not self.seen_text
        self.seen_text = True
        if kind is not Kind.INTRO:
            self._drop_subheading()
        handler: dict[Kind, Callable[[int, str, Origin], None]] = {
            Kind.FURNITURE: self._furniture,
            Kind.DEFINITIONS: self._definitions_heading,
            Kind.LAW: self._law_heading,
            Kind.INTRO: self._law_intro,
            Kind.LABEL: self._labelled,
        }
        if kind in handler:
            handler[kind](index, line, origin)
        elif first and line[-1] not in TITLE_END:
            self.document.title, self.document.origin = line, origin
        else:
            self._text(index, line, origin)

    def _in_context(self, kind: Kind, line: str, origin: Origin) -> Kind:
        """Demote a line that looks like structure but cannot be: a law number seen before."""
        match = LAW_HEADING.match(line) if kind is Kind.LAW else LAW_INTRO.match(line)
        if kind in (Kind.LAW, Kind.INTRO) and match and int(match["number"]) in self.laws:
            self.result.warn(origin, f"law {match['number']} again: kept as text")
            return Kind.TEXT
        return kind

    def _continues(self) -> bool:
        """A hard-wrapped line: the paragraph before it has not ended its sentence."""
        return self.pending is not None and not SENTENCE_END.search(self.pending.lines[-1])

    def _next_continues(self, index: int) -> bool:
        """Whether the next line is the lower-case rest of a wrapped one (``lehine,``)."""
        following = self.lines[index + 1] if index + 1 < len(self.lines) else ""
        return bool(following) and classify(following) is Kind.TEXT and following[0].islower()

    # -- blocks ------------------------------------------------------------------------

    def _furniture(self, index: int, line: str, origin: Origin) -> None:
        """The comment form; once no law text can follow, other lines there are back matter."""
        self.result.drop(line, origin, "blog furniture")
        self.comments = index > self.last_structure

    def _definitions_heading(self, index: int, line: str, origin: Origin) -> None:
        self.result.drop(line, origin, "blog sub-heading")
        self.definitions, self.definition = True, None

    def _law_heading(self, index: int, line: str, origin: Origin) -> None:
        """``YASA 42 – YERİN HAKLARI``: label, separator (dropped), title."""
        match = LAW_HEADING.match(line)
        assert match is not None
        if match["sep"]:
            self.result.drop(match["sep"], origin, "heading separator")
        label = " ".join(match["label"].split())
        self._open_law(int(match["number"]), label, match["title"] or "", origin)

    def _law_intro(self, index: int, line: str, origin: Origin) -> None:
        """``Yasa 13, … tanımlar.`` or ``Ayarlı Skor`` ⏎ ``Yasa 12 ye göre …``: a law without heading."""
        match = LAW_INTRO.match(line)
        assert match is not None
        rest = match["rest"]
        if self.subheading and not INTRO_TOPIC.match(rest):
            title, title_origin = self.subheading
            self.subheading = None
            self._open_law(int(match["number"]), "", title, title_origin)
        else:
            self._drop_subheading()
            self._open_law(int(match["number"]), "", derived_title(rest), origin, derived=True)
        assert self.current is not None
        self._paragraph(line, origin, self.current.outline.paragraphs)

    def _open_law(self, number: int, label: str, title: str, origin: Origin, derived: bool = False) -> None:
        law = Law(number, label, title, origin, title_derived=derived)
        self.current = self.laws[number] = OpenLaw.start(law)
        self.definitions = self.comments = False

    def _missing_law(self, index: int, line: str) -> int | None:
        """The law whose heading is missing when sections start again at ``A.``.

        Only when the number is certain — the law before the first heading or intro found
        (``A.`` … ``Yasa 14, …``), or the one law between the current one and the next — and
        more labels follow, so that one stray ``A.`` line does not make a law
        (:func:`~bridgelaws.stage2_parse.blocks.missing_law`).
        """
        if not SECTION.match(line) or not line.startswith("A."):
            return None
        return missing_law(self.current, self.laws, self.ahead, index + 1)

    def _labelled(self, index: int, line: str, origin: Origin) -> None:
        self.definitions = self.comments = False
        missing = self._missing_law(index, line)
        if missing is not None:
            self.result.warn(origin, f"sections start again without a heading: read as law {missing}")
            self._open_law(missing, "", "", origin, derived=True)
        if self.current is None:
            self.result.warn(origin, "label before the first law: kept as front matter")
            self._paragraph(line, origin, self.document.front_matter)
            return
        found = match_label(line)
        assert found is not None
        node = self._open(*found, origin)
        if node is None:
            self.result.warn(origin, f"label out of sequence: {line[:20]!r} kept as text")
            self._law_text(line, origin)
            return
        rest = found[1]["rest"] or ""
        if node.level is Level.ITEM:
            node, rest = self._open_nested(node, rest, origin)
        if node.level is Level.SECTION and rest and rest[-1] not in TITLE_END and not self._next_continues(index):
            node.title = " ".join(rest.split())  # A. Mutlak Haklar
        elif rest:
            self._law_text(rest, origin)  # a) Şu durumlarda ayarlı skor verebilir;

    def _open(self, pattern: re.Pattern[str], match: re.Match[str], origin: Origin) -> Provision | None:
        assert self.current is not None
        return self.current.open_first(label_readings(pattern, match), match["label"], origin)

    def _open_nested(self, item: Provision, rest: str, origin: Origin) -> tuple[Provision, str]:
        """``1. (a) …``: item 1 and its first sub-item on one line."""
        inner = PAREN.match(rest)
        if inner is None:
            return item, rest
        child = self._open(PAREN, inner, origin)
        if child is None:
            self.result.warn(origin, f"sub-item {inner['label']} out of sequence: kept as text")
            return item, rest
        return child, inner["rest"] or ""

    def _text(self, index: int, line: str, origin: Origin) -> None:
        if self.comments:
            self._paragraph(line, origin, self.document.back_matter)  # the author's name
        elif self._is_series_link(line):
            self.result.drop(line, origin, "blog furniture")
        elif self._is_subheading(index, line):
            self.definitions = False
            self.subheading = (line, origin)
        elif self.definitions and self._definition_text(line, origin):
            return
        elif self.current is None:
            self.result.warn(origin, "text before the first law: kept as front matter")
            self._paragraph(line, origin, self.document.front_matter)
        else:
            self._law_text(line, origin)

    def _is_series_link(self, line: str) -> bool:
        """A link to another post of the series: ``Briç Yasaları – Diğer Konular (Sorular)``."""
        dash = SERIES_DASH.search(self.document.title)
        if dash is None:
            return False
        series = turkish_lower(self.document.title[: dash.end()])
        return turkish_lower(line).startswith(series)

    def _is_subheading(self, index: int, line: str) -> bool:
        """A title-like line alone between blank lines (or right above a law heading).

        A copy of the line next to it (a duplicated line) does not spoil the "alone".
        """
        before = self.lines[index - 1] if index > 0 else ""
        after = self.lines[index + 1] if index + 1 < len(self.lines) else ""
        alone_before = before in ("", line)
        alone_after = after == line or classify(after) in (Kind.BLANK, Kind.LAW, Kind.INTRO)
        return is_title_like(line) and alone_before and alone_after

    def _definition_text(self, line: str, origin: Origin) -> bool:
        """A term (``Ayrık skor, …``) or a further paragraph of the open definition."""
        term = TERM.match(line)
        if term and term["term"][0].isupper():
            self.definition = Definition(term["term"], origin)
            self.document.definitions.append(self.definition)
            self.result.drop(term["sep"], origin, "term separator")
            self._paragraph(term["body"], origin, self.definition.paragraphs)
            return True
        if self.definition is not None:
            self._paragraph(line, origin, self.definition.paragraphs)
            return True
        self.definitions = False
        return False

    def _law_text(self, text: str, origin: Origin) -> None:
        """A paragraph of the innermost open provision of the current law."""
        assert self.current is not None
        self._paragraph(text, origin, self.current.target)

    def _paragraph(self, text: str, origin: Origin, target: list[Paragraph]) -> None:
        self.pending = pending_paragraph(text, origin, target)

    def _flush(self) -> None:
        """Finish the paragraph being read: re-flow its lines, report removed hyphens."""
        if self.pending is not None:
            self.pending.finish(self.result)
            self.pending = None

    def _drop_subheading(self) -> None:
        if self.subheading is not None:
            self.result.drop(*self.subheading, "blog sub-heading")
            self.subheading = None

    # -- the end -----------------------------------------------------------------------

    def _finish(self) -> None:
        self._drop_subheading()
        self.document.laws = sorted((entry.law for entry in self.laws.values()), key=lambda law: law.number)
        if not self.document.title:
            self.result.warn(Origin(1), "no post title on the first line")
        if not self.document.laws:
            self.result.warn(Origin(1), "no law found (no YASA heading, no Yasa intro)")
        self.result.documents.append(self.document)


def parse(text: str) -> ParseResult:
    """Parse the Turkish blog post into one ``laws`` document (laws sorted by number)."""
    return _Parser([line.strip() for line in text.split("\n")]).run()
