"""Parser for the Polish federation's decisions on the 2017 Laws (``pl-2017-pzbs-decisions.web.txt``).

The source is the text of a PZBS web page: one paragraph per line, blank lines between
paragraphs, no hard wrapping.  Its shape, top to bottom::

    Polski Związek Brydża Sportowego          organisation header (with PZBS, KRS/NIP, bank
    konto PZBS: 07 1240 6175 …                account): dropped, "organisation header"
    Decyzje PZBS dotyczące MPB 2017           the document title
    wersja do druku                           the page's print link: dropped, "page furniture"
    Na mocy przepisu 80A PZBS, …              preamble → front matter
      1. Międzynarodowe Prawo Brydżowe 2017   indented priority list → front matter
    3. Przepisy 12C2b i 12C2d                 point heading: number and the laws it modifies
    3.1. W meczu procentowe wyniki …          sub-point, full path in the label  point:3.1
    3.1.A. Średnia plus zależy od …           sub-sub-point                     point:3.1.A
    (i) Dla pierwszego rozdania +3 IMP;       child of the last opened sub-point point:3.1.A.i
    Patrz punkt 13.                           unlabelled: text of the innermost open node
    Tekst jednolity obowiązujący od …         closing line → back matter

Traps:

* Numbered lines that are not points.  The priority list (``  1. …`` to ``  4. …``) is
  indented; a damaged copy may also repeat or displace a heading, or carry junk such as
  ``7. …`` in the middle of point 12.  Point headings are therefore chosen as the heaviest
  strictly increasing run of heading-shaped lines (:func:`_choose_headings`), so one bad line
  cannot swallow the points after it; every line left out is kept as text with a warning.
* Headings name law provisions in several shapes: ``Przepis 1B``, ``Przepisy 12C2b i 12C2d``,
  ``Przepisy 41 i 45A.`` (closing dot), ``Przepis 40B2a(i)``; ``Alert – definicje`` names none.
* Sub-point labels carry their whole path (``25.1.A.``), so a label is structure only if its
  path belongs to the current point and continues the sequence; a repeated ``3.1.`` or a
  ``3.1.C.`` under point 5 stays text, with a warning.  A forward jump (``3.1.C.`` after
  ``3.1.A.``) is accepted as a lost line unless the skipped label turns up later.
* Only line-initial labels are structure: the inline list of ``17.1. … (i) Przed …; (ii) W
  trakcie …`` and citations of its own points (``patrz punkt 25.2``, ``pkt. 16``) are text.
* One label is followed by a no-break space (``7.1.\\xa0Podczas``); text is squeezed.

Nothing raises: text the parser does not recognise becomes paragraphs of the nearest
enclosing block, and every source character ends up in the document or in a dropped span.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Document, Level, Origin, Paragraph, ParseResult, Point, Provision
from bridgelaws.core.refs import canonical, point_ref
from bridgelaws.stage1_read.cleaning import squeeze
from bridgelaws.stage2_parse.outline import ROMAN, successor

# -- vocabulary ----------------------------------------------------------------------------
# Matched against the squeezed line (single spaces, no leading or trailing whitespace).

ORGANISATION_HEADER = re.compile(
    r"""
    ^(?: Polski\ Związek\ Brydża\ Sportowego    # Polski Związek Brydża Sportowego
       | PZBS                                    # PZBS
       | KRS\ [0-9]{10},\ NIP:.*                 # KRS 0000219753, NIP: 525-16-56-918, Organizacja …
       | konto\ PZBS:\ [0-9\ ]+                  # konto PZBS: 07 1240 6175 1111 0000 4577 6692
    )$
    """,
    re.VERBOSE,
)

PAGE_FURNITURE = frozenset({"wersja do druku"})  # the page's print link, compared case-folded

TITLE = re.compile(
    r"""^Decyzje\ PZBS\ dotyczące\ MPB\ [0-9]{4}$   # Decyzje PZBS dotyczące MPB 2017""",
    re.VERBOSE,
)

CLOSING = re.compile(
    r"""^Tekst\ jednolity\b   # Tekst jednolity obowiązujący od uchwały Zarządu PZBS nr 32/2022/…""",
    re.VERBOSE,
)

# -- patterns ------------------------------------------------------------------------------
# Tried in this order on the raw line; a heading must start in column 0 because the
# indented priority list of the preamble (``  1. Międzynarodowe …``) has the same shape.

HEADING = re.compile(
    r"""
    ^(?P<label>(?P<number>[1-9][0-9]?)\.)   # 19.
    (?:\s+(?P<title>.*))?$                  # Przepisy 41 i 45A.
    """,
    re.VERBOSE,
)

PATH_LABEL = re.compile(
    r"""
    ^\s*(?P<label>
        (?P<point>[1-9][0-9]?)\.            # 3.
        (?P<item>[0-9]{1,2})\.              # 1.
        (?:(?P<sub>[A-Z])\.)?               # A.
    )
    (?:\s+(?P<text>.*))?$                   # Średnia plus zależy od liczby rozdań, …
    """,
    re.VERBOSE,
)

ROMAN_LABEL = re.compile(
    r"""
    ^\s*(?P<label>\((?P<key>[ivx]+)\))      # (iii)
    (?:\s+(?P<text>.*))?$                   # Dla każdego następnego rozdania +1 IMP.
    """,
    re.VERBOSE,
)

LAW_TITLE = re.compile(
    r"""
    ^Przepisy?\s+                           # Przepis | Przepisy
    (?P<refs>.*?)                           # 12C2b i 12C2d | 41 i 45A | 40B2a(i)
    \.?$                                    # 78D.  (the closing dot is not part of a citation)
    """,
    re.VERBOSE | re.IGNORECASE,
)

REF_SEPARATOR = re.compile(
    r"""\s*,\s* | \s+(?:i|oraz)\s+   # 41 i 45A   12C2b, 12C2d""",
    re.VERBOSE,
)

FIRST_KEY = {Level.ITEM: "1", Level.SUBITEM: "A", Level.SUBSUBITEM: "i"}


# -- lines ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Label:
    """A line-initial sub-point label: ``path`` is ``("3", "1", "A")`` or ``("ii",)`` for romans."""

    path: tuple[str, ...]
    printed: str
    text: str
    roman: bool


@dataclass(frozen=True)
class _Line:
    origin: Origin
    raw: str
    text: str  # squeezed
    label: _Label | None


@dataclass(frozen=True)
class _Heading:
    index: int
    number: int
    label: str
    title: str
    weight: int


def _label(raw: str) -> _Label | None:
    match = PATH_LABEL.match(raw)
    if match:
        path = tuple(part for part in match.group("point", "item", "sub") if part)
        return _Label(path, match["label"], squeeze(match["text"] or "").text, roman=False)
    match = ROMAN_LABEL.match(raw)
    if match and match["key"] in ROMAN:
        return _Label((match["key"],), match["label"], squeeze(match["text"] or "").text, roman=True)
    return None


def _read_lines(text: str) -> list[_Line]:
    # Split on "\n" only, so line numbers match an editor's; stray "\r" or "\f" are whitespace.
    return [_Line(Origin(n), raw, squeeze(raw).text, _label(raw)) for n, raw in enumerate(text.split("\n"), 1)]


def _title_laws(title: str) -> tuple[list[str], list[str]]:
    """Canonical refs a point title names, and the parts that are not citations.

    ``"Przepisy 41 i 45A."`` → ``(["41", "45A"], [])``; ``"Alert – definicje"`` → ``([], [])``.
    """
    match = LAW_TITLE.match(title)
    if not match:
        return [], []
    refs: list[str] = []
    unreadable: list[str] = []
    for part in filter(None, (part.strip() for part in REF_SEPARATOR.split(match["refs"]))):
        ref = canonical(part)
        if ref:
            refs.append(ref)
        else:
            unreadable.append(part)
    return refs, unreadable


# -- point headings ------------------------------------------------------------------------


def _heading_candidates(lines: Sequence[_Line]) -> list[_Heading]:
    """Every heading-shaped line, weighed by how much it looks like a real point heading."""
    candidates = []
    for index, line in enumerate(lines):
        match = HEADING.match(line.raw)
        if not match:
            continue
        title = squeeze(match["title"] or "").text
        number = int(match["number"])
        weight = 1 + bool(_title_laws(title)[0]) + _opens_own_subpoint(lines, index, number)
        candidates.append(_Heading(index, number, match["label"], title, weight))
    return candidates


def _opens_own_subpoint(lines: Sequence[_Line], index: int, number: int) -> bool:
    """True if the next structural line after ``index`` is a sub-point of point ``number``."""
    for line in lines[index + 1 :]:
        if HEADING.match(line.raw):
            return False
        if line.label and not line.label.roman:
            return line.label.path[0] == str(number)
    return False


def _choose_headings(candidates: Sequence[_Heading]) -> list[_Heading]:
    """The heaviest run of candidates whose numbers strictly increase in reading order.

    A weighted longest increasing subsequence: a displaced or duplicated heading, or junk
    shaped like one, is left out instead of cutting off every point after it.
    """
    best: list[int] = []
    previous: list[int | None] = []
    for i, candidate in enumerate(candidates):
        # Among equally good predecessors take the nearest: of two "1." lines, the one just
        # above "2." is the heading, the other (an unindented list item) is not.
        before = [j for j in reversed(range(i)) if candidates[j].number < candidate.number]
        j = max(before, key=best.__getitem__, default=None)
        best.append(candidate.weight + (best[j] if j is not None else 0))
        previous.append(j)
    end = max(range(len(candidates)), key=best.__getitem__, default=None)
    run: list[_Heading] = []
    while end is not None:
        run.append(candidates[end])
        end = previous[end]
    return run[::-1]


# -- one point -----------------------------------------------------------------------------


# Where a label attaches: its parent (None: the point itself), its full path, its level.
_Placement = tuple[Provision | None, tuple[str, ...], Level]


def _rank(key: str) -> tuple[str, int]:
    """Order of a key within its style: ``9`` < ``10``; ``B`` < ``C``; ``iv`` < ``v``."""
    if key.isdigit():
        return "digit", int(key)
    if key in ROMAN:
        return "roman", ROMAN.index(key)
    return "letter", ord(key)


def _comes_after(key: str, expected: str) -> bool:
    (style, rank), (expected_style, expected_rank) = _rank(key), _rank(expected)
    return style == expected_style and rank > expected_rank


class _PointBuilder:
    """Places the lines of one point: labels that continue the sequence open provisions,
    every other line is a paragraph of the innermost open provision (or of the point)."""

    def __init__(self, point: Point, result: ParseResult) -> None:
        self.point = point
        self.result = result
        self.item: Provision | None = None  # 3.1.
        self.sub: Provision | None = None  # 3.1.A.
        self.roman: Provision | None = None  # (i)

    def feed(self, lines: Sequence[_Line]) -> None:
        for index, line in enumerate(lines):
            if line.label and self._open(line, line.label, lines[index + 1 :]):
                continue
            if CLOSING.match(line.text):
                self.result.warn(line.origin, f"closing line inside point {self.point.number}; kept as text")
            self._add_text(line)

    def _add_text(self, line: _Line) -> None:
        node = self.roman or self.sub or self.item
        target = node.paragraphs if node else self.point.paragraphs
        target.append(Paragraph(line.text, line.origin))

    def _open(self, line: _Line, label: _Label, later: Sequence[_Line]) -> bool:
        """Open the provision a label names, if it fits; warn and refuse otherwise."""
        placed = self._parent(label, line.origin)
        if placed is None or not self._in_sequence(label, placed, line.origin, later):
            return False
        parent, path, level = placed
        node = Provision(point_ref(*path), level, label.printed, "", line.origin)
        if label.text:
            node.paragraphs.append(Paragraph(label.text, line.origin))
        (parent or self.point).children.append(node)
        self._remember(node, level)
        return True

    def _in_sequence(self, label: _Label, placed: _Placement, origin: Origin, later: Sequence[_Line]) -> bool:
        """True if the label is the next key under its parent, or skips a label that never comes."""
        parent, path, level = placed
        siblings = [child for child in (parent or self.point).children if child.level is level]
        expected = successor(_path_of(siblings[-1])[-1]) if siblings else FIRST_KEY[level]
        if path[-1] == expected:
            return True
        expected_path = (*path[:-1], expected)
        if _comes_after(path[-1], expected) and not _appears_later(label, expected_path, later):
            self.result.warn(origin, f"label {label.printed} skips {expected}: a line seems lost")
            return True
        self.result.warn(
            origin,
            f"label {label.printed} out of sequence in point {self.point.number} "
            f"(expected {'.'.join(expected_path)}); kept as text",
        )
        return False

    def _parent(self, label: _Label, origin: Origin) -> _Placement | None:
        """The parent a label attaches to (None: the point), its full path and its level."""
        if label.roman:
            owner = self.sub or self.item
            if owner is None:
                self.result.warn(origin, f"label {label.printed} with no open sub-point; kept as text")
                return None
            return owner, (*_path_of(owner), label.path[0]), Level.SUBSUBITEM
        if label.path[0] != self.point.number:
            self.result.warn(
                origin, f"label {label.printed} does not belong to point {self.point.number}; kept as text"
            )
            return None
        if len(label.path) == 2:
            return None, label.path, Level.ITEM
        if self.item is None or _path_of(self.item) != label.path[:2]:
            self.result.warn(origin, f"label {label.printed} outside its sub-point; kept as text")
            return None
        return self.item, label.path, Level.SUBITEM

    def _remember(self, node: Provision, level: Level) -> None:
        if level is Level.ITEM:
            self.item, self.sub, self.roman = node, None, None
        elif level is Level.SUBITEM:
            self.sub, self.roman = node, None
        else:
            self.roman = node


def _path_of(node: Provision) -> tuple[str, ...]:
    """``point:3.1.A`` → ``("3", "1", "A")``."""
    return tuple(node.ref.removeprefix("point:").split("."))


def _appears_later(label: _Label, expected: tuple[str, ...], later: Sequence[_Line]) -> bool:
    """True if the label that should come next stands further down (so this one is stray).

    Romans carry no path: look only until the next numbered label.
    """
    for line in later:
        other = line.label
        if other is None:
            continue
        if label.roman:
            if not other.roman:
                return False
            if other.path == expected[-1:]:
                return True
        elif not other.roman and other.path == expected:
            return True
    return False


# -- the document --------------------------------------------------------------------------


def _is_furniture(line: _Line) -> bool:
    return line.text.casefold() in PAGE_FURNITURE


def _preamble(lines: Sequence[_Line], document: Document, result: ParseResult) -> None:
    """Header and furniture are dropped, the first title line is the title, the rest front matter."""
    for line in lines:
        if not line.text:
            continue
        if _is_furniture(line):
            result.drop(line.text, line.origin, "page furniture")
        elif ORGANISATION_HEADER.match(line.text):
            result.drop(line.text, line.origin, "organisation header")
        elif not document.title and TITLE.match(line.text):
            document.title, document.origin = line.text, line.origin
        else:
            if CLOSING.match(line.text):
                result.warn(line.origin, "closing line before the points; kept in front matter")
            document.front_matter.append(Paragraph(line.text, line.origin))


def _point(heading: _Heading, lines: Sequence[_Line], result: ParseResult) -> Point:
    origin = Origin(heading.index + 1)
    laws, unreadable = _title_laws(heading.title)
    for part in unreadable:
        result.warn(origin, f"point {heading.number}: {part!r} in the title is not a law citation")
    point = Point(str(heading.number), heading.label, heading.title, origin, laws)
    content = []
    for line in lines:
        if _is_furniture(line):
            result.drop(line.text, line.origin, "page furniture")
        elif line.text:
            content.append(line)
    _PointBuilder(point, result).feed(content)
    return point


def _back_matter(lines: Sequence[_Line], document: Document, result: ParseResult) -> None:
    for line in lines:
        if not line.text:
            continue
        if _is_furniture(line):
            result.drop(line.text, line.origin, "page furniture")
            continue
        if not CLOSING.match(line.text):
            result.warn(line.origin, "text after the closing line; kept in back matter")
        document.back_matter.append(Paragraph(line.text, line.origin))


def _warn_sequence(candidates: Sequence[_Heading], chosen: Sequence[_Heading], result: ParseResult) -> None:
    """Warn about heading-shaped lines left out and about numbers the run skips."""
    kept = {heading.index for heading in chosen}
    for candidate in candidates:
        if candidate.index not in kept:
            result.warn(
                Origin(candidate.index + 1),
                f"heading-like line {candidate.label} {candidate.title!r} out of sequence; kept as text",
            )
    expected = 1
    for heading in chosen:
        if heading.number != expected:
            missing = ", ".join(str(n) for n in range(expected, heading.number))
            result.warn(Origin(heading.index + 1), f"point(s) {missing} missing before point {heading.number}")
        expected = heading.number + 1
    if not chosen:
        result.warn(Origin(1), "no point headings found; all text kept as front matter")


def _tail_start(lines: Sequence[_Line], after: int) -> int:
    """Index of the closing line after the last point (the length of ``lines`` if none)."""
    return next(
        (i for i in range(after + 1, len(lines)) if CLOSING.match(lines[i].text)),
        len(lines),
    )


def parse(text: str) -> ParseResult:
    """Parse the PZBS decisions page into one ``regulations`` document of numbered points."""
    result = ParseResult()
    lines = _read_lines(text)
    candidates = _heading_candidates(lines)
    headings = _choose_headings(candidates)
    _warn_sequence(candidates, headings, result)
    tail = _tail_start(lines, headings[-1].index if headings else -1)
    starts = [heading.index for heading in headings]
    ends = [*starts[1:], tail][: len(starts)]

    document = Document(kind=DocKind.REGULATIONS, title="", origin=Origin(1))
    _preamble(lines[: starts[0] if starts else tail], document, result)
    if not document.title:
        result.warn(Origin(1), "no title line ('Decyzje PZBS dotyczące MPB …') before the points")
    for heading, end in zip(headings, ends, strict=True):
        document.points.append(_point(heading, lines[heading.index + 1 : end], result))
    _back_matter(lines[tail:], document, result)
    result.documents.append(document)
    return result
