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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, auto

from ..model import Definition, Document, Law, Level, Origin, Paragraph, ParseResult, Provision
from .blocks import LAW_NUMBERS, OpenLaw, Pending, Reading, missing_law, pending_paragraph, readings

__all__ = ["parse"]

# -- vocabulary (compared after turkish_lower) -------------------------------------------

# WordPress comment form, share and like widgets: whole lines ...
FURNITURE_LINES = frozenset(
    {
        "bir cevap yazın",  # Bir Cevap Yazın
        "cevap yazın",
        "yorum yap",
        "cevabı iptal et",
        "bunu paylaş:",
        "paylaş:",
        "beğen:",
        "beğen",
        "yükleniyor...",
        "yükleniyor…",
        "ilgili",
    }
)
# ... and lines known by how they start.
FURNITURE_PREFIXES = (
    "this site uses akismet",  # This site uses Akismet to reduce spam. Learn how …
    "%d blogcu",  # %d blogcu bunu beğendi:
    "%d bloggers like",
    "e-posta adresiniz yayınlanmayacak",
)
# The author's heading of his definitions block: "Tanımlar;"
DEFINITIONS_WORDS = frozenset({"tanımlar"})

TITLE_END = ".,;:!?"  # a title-like line ends in none of these
SUBHEADING_MAX_WORDS = 8
DERIVED_TITLE_MAX = 60


def turkish_lower(text: str) -> str:
    """Lower-case Turkish text: ``YERİN HAKLARI`` → ``yerin hakları`` (not ``yeri̇n haklari``).

    Length-preserving, unlike ``str.lower`` on ``İ``.
    """
    return text.replace("I", "ı").replace("İ", "i").lower()


def turkish_upper(text: str) -> str:
    """Upper-case Turkish text: ``ilgili`` → ``İLGİLİ``, ``ışık`` → ``IŞIK``."""
    return text.replace("i", "İ").replace("ı", "I").upper()


# -- patterns ----------------------------------------------------------------------------
# Python's re.IGNORECASE already treats I, ı, İ and i as one letter, so "YASA"/"Yasa" and
# "TANIMLAR"/"tanımlar" match the same patterns.

LAW_HEADING = re.compile(
    r"""
    ^(?P<label>yasa\s+(?P<number>[0-9]{1,2}))(?!\w)   # YASA 42
    (?:(?:\s*(?P<sep>[–—-])\s*|\s+)                   #  –
       (?P<title>\S.*))?$                             # YERİN HAKLARI
    """,
    re.VERBOSE | re.IGNORECASE,
)

LAW_INTRO = re.compile(
    r"""
    ^yasa\s+(?P<number>[0-9]{1,2})(?!\w)           # Yasa 13
    (?:\s*,|\s*['’]?\s*y?[ae]\s+göre(?!\w))        # ,   /   ye göre
    \s*(?P<rest>.*)$                               # yanlış sayıda (13 den fazla) kart durumunda …
    """,
    re.VERBOSE | re.IGNORECASE,
)

INTRO_TOPIC = re.compile(
    r"""
    ^(?P<topic>.+?)\s+durumunda\s+yapılacakları\s+tanımlar\.?$   # Kayıp (eksik) kart durumunda yapılacakları tanımlar.
    """,
    re.VERBOSE | re.IGNORECASE,
)

SECTION = re.compile(
    r"""
    ^(?P<label>(?P<key>[A-Z])\.)(?:\s+(?P<rest>\S.*))?$   # A. Mutlak Haklar
    """,
    re.VERBOSE,
)

ITEM = re.compile(
    r"""
    ^(?P<label>(?P<key>[0-9]{1,2})[.)])(?:\s+(?P<rest>\S.*))?$   # 1. (a) Bir usulsüzlükten sonra hakem …
    """,
    re.VERBOSE,
)

PAREN = re.compile(
    r"""
    ^(?P<label>\((?P<key>[a-z]{1,4})\))(?:\s+(?P<rest>\S.*))?$   # (b) Yer deklaranın eli oynamasını …
    """,
    re.VERBOSE,
)

LETTER = re.compile(
    r"""
    ^(?P<label>(?P<key>[a-z]{1,4})(?P<close>[.)]))(?:\s+(?P<rest>\S.*))?$   # a) yüzü açık …  /  ii. Kusursuz taraf …
    """,
    re.VERBOSE,
)

TERM = re.compile(
    r"""
    ^(?P<term>[^\W\d_]+(?:\s+[^\W\d_]+){0,3})   # Suni Ayarlı Skor
    \s*(?P<sep>[;,])                            # ;
    \s+(?P<body>\S.*)$                          # bir dağıtımdan herhangi bir skor elde edilememesi …
    """,
    re.VERBOSE,
)

SENTENCE_END = re.compile(
    r"""[.:;!?]["”’)]*$   # … o verilir.  /  (Aşağıdaki B4. maddeye bkz.)   — but not: cezası (Yasa 90)""",
    re.VERBOSE,
)

SERIES_DASH = re.compile(r"\s[–—-]\s")  # Briç Yasaları – Diğer Konular (Bilgi)

LABEL_PATTERNS = (SECTION, ITEM, PAREN, LETTER)
LABEL_LEVELS = {SECTION: Level.SECTION, ITEM: Level.ITEM}  # PAREN and LETTER: sub-item or lower


# -- labels ------------------------------------------------------------------------------


def label_readings(pattern: re.Pattern[str], match: re.Match[str]) -> list[Reading]:
    """The (level, key) readings of a label, in the order they are tried.

    ``a)`` is a sub-item under an item (45C2a) and otherwise a section (the blog's ``a)``,
    ``b)``, ``c)`` of Law 12 are 12A, 12B, 12C); ``i.`` is a sub-item after ``h``, otherwise
    a roman sub-sub-item (12C1ei); ``ii.`` is only roman; ``ve.`` is no label.
    """
    key = match["key"]
    found = readings(LABEL_LEVELS.get(pattern, Level.SUBITEM), key)
    if pattern is LETTER and match["close"] == ")" and len(key) == 1:
        found.append((Level.SECTION, key.upper()))
    return found


def match_label(line: str) -> tuple[re.Pattern[str], re.Match[str]] | None:
    for pattern in LABEL_PATTERNS:
        match = pattern.match(line)
        if match and label_readings(pattern, match):
            return pattern, match
    return None


# -- line kinds --------------------------------------------------------------------------


class Kind(Enum):
    BLANK = auto()
    FURNITURE = auto()
    DEFINITIONS = auto()
    LAW = auto()
    INTRO = auto()
    LABEL = auto()
    TEXT = auto()


STRUCTURE = frozenset({Kind.LAW, Kind.INTRO, Kind.LABEL})


def _is_caps(text: str) -> bool:
    return any(ch.isupper() for ch in text) and not any(ch.islower() for ch in text)


def is_furniture(line: str) -> bool:
    folded = turkish_lower(" ".join(line.split()))
    return folded in FURNITURE_LINES or folded.startswith(FURNITURE_PREFIXES)


def classify(line: str) -> Kind:
    """What a stripped line is, judged by the line alone (context decides the rest)."""
    if not line:
        return Kind.BLANK
    if is_furniture(line):
        return Kind.FURNITURE
    if turkish_lower(line).rstrip(";:").strip() in DEFINITIONS_WORDS:
        return Kind.DEFINITIONS
    heading = LAW_HEADING.match(line)
    if heading and int(heading["number"]) in LAW_NUMBERS and (heading["sep"] or _is_caps(line)):
        return Kind.LAW
    intro = LAW_INTRO.match(line)
    if intro and int(intro["number"]) in LAW_NUMBERS:
        return Kind.INTRO
    if match_label(line):
        return Kind.LABEL
    return Kind.TEXT


def is_title_like(line: str) -> bool:
    """A short line starting with a capital and ending in no punctuation: ``Oynanmış Kart``."""
    return line[0].isupper() and line[-1] not in TITLE_END and len(line.split()) <= SUBHEADING_MAX_WORDS


def derived_title(rest: str) -> str:
    """The title an intro sentence gives its law.

    ``yanlış sayıda (13 den fazla) kart durumunda yapılacakları tanımlar.`` →
    ``Yanlış sayıda (13 den fazla) kart``; any other sentence gives its first clause.
    """
    topic = INTRO_TOPIC.match(rest)
    text = topic["topic"] if topic else re.split(r"[.;:,]", rest, maxsplit=1)[0]
    text = " ".join(text.split())
    if len(text) > DERIVED_TITLE_MAX:
        text = text[:DERIVED_TITLE_MAX].rsplit(" ", 1)[0] + " …"
    return turkish_upper(text[:1]) + text[1:]


def _law_number(line: str) -> int | None:
    """The number of the law a heading or intro line opens, else None."""
    kind = classify(line)
    match = LAW_HEADING.match(line) if kind is Kind.LAW else LAW_INTRO.match(line) if kind is Kind.INTRO else None
    return int(match["number"]) if match else None


def _is_label(line: str) -> bool:
    """A provision label: what makes a lost law heading likely (:func:`.blocks.missing_law`)."""
    return classify(line) is Kind.LABEL


# -- the parser --------------------------------------------------------------------------


@dataclass
class _Parser:
    lines: list[str]
    result: ParseResult = field(default_factory=ParseResult)
    document: Document = field(default_factory=lambda: Document("laws", "", Origin(1)))
    laws: dict[int, OpenLaw] = field(default_factory=dict)
    current: OpenLaw | None = None
    pending: Pending | None = None  # a paragraph (hard-wrapped lines join it)
    subheading: tuple[str, Origin] | None = None  # waits to learn whether it titles Law 12
    definitions: bool = False  # inside the author's "Tanımlar;" block
    definition: Definition | None = None
    comments: bool = False  # inside the comment form at the end
    seen_text: bool = False  # the post title can only be the first line
    last_structure: int = -1  # index of the last law heading, intro or label line

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
        (:func:`.blocks.missing_law`).
        """
        if not SECTION.match(line) or not line.startswith("A."):
            return None
        return missing_law(self.current, self.laws, self.lines[index + 1 :], _law_number, _is_label)

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
