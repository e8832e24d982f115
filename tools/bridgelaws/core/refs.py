"""Canonical provision references and the one anchor generator.

The canonical form of a citation is the law number followed by its path with the
punctuation removed: ``12C1(b)`` → ``12C1b``, ``40B2a(i)`` → ``40B2ai``.  A regulation's own
point is ``point:13`` or ``point:25.1.A``.  Links, alignment, search and the JSON export all
use these strings, and :func:`anchor` turns them into the HTML ids on the pages.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

# -- the syntax, stated once ----------------------------------------------------------------------
# The search page's script reads it as data (:func:`syntax_for_script`); the patterns are written
# so that Python's ``re`` and JavaScript's ``RegExp`` read them the same way (no named groups,
# no ``\d``, which in Python also matches non-ASCII digits).


@dataclass(frozen=True)
class Segment:
    """One level of a provision path: its name, the pattern it matches, how the books print it."""

    name: str
    pattern: str
    printed: str = "{}"  # "({})": printed in brackets, 12C1(b)


PATH_SEGMENTS = (
    Segment("law", "[0-9]{1,2}"),  # 12
    Segment("section", "[A-Z]"),  # C
    Segment("item", "[0-9]+"),  # 1
    Segment("sub", "[a-z]", "({})"),  # e        12C1(e)
    Segment("subsub", "[ivx]+|[0-9]+", "({})"),  # ii   12C1(e)(ii); the 1997 book's 9A2(b)(1)
)

# a regulation's point: point:25.1.A, on the page #p25-1-A, printed 25.1.A
POINT_PREFIX = "point:"
POINT_SEPARATOR = "."
POINT_ANCHOR_PREFIX = "p"
POINT_ANCHOR_SEPARATOR = "-"
POINT_HEAD = "[0-9]+"  # the point's own number: 25
POINT_PART = "[0-9A-Za-z]+"  # the levels below it: 1, A, i

LAW_REF = re.compile(
    r"""
    ^(?P<law>[1-9][0-9]?)            # 12
    (?P<path>[A-Z][0-9A-Za-z]*)?$    # C1b   (section letter first, then items and sub-items)
    """,
    re.VERBOSE,
)


def _dotted(prefix: str, separator: str) -> re.Pattern[str]:
    head, part = POINT_HEAD, POINT_PART
    return re.compile(f"^{re.escape(prefix)}(?P<path>{head}(?:{re.escape(separator)}{part})*)$")


POINT_REF = _dotted(POINT_PREFIX, POINT_SEPARATOR)  # point:25.1.A

PATH = re.compile(
    "^"
    + "".join(f"(?P<{segment.name}>{segment.pattern})" + ("?" if n else "") for n, segment in enumerate(PATH_SEGMENTS))
    + "$"
)  # 12C1eii: the law, then each level below it if present

CITATION = re.compile(
    r"""
    ^\s*(?P<law>[1-9][0-9]?)         # 12
    \s*(?P<section>[A-Z])?           # C
    \s*(?P<rest>(?:[0-9]+|\(?[a-z]+\)?|\([0-9]+\))*)\s*$   # 1(b)  2a(i)  1b
    """,
    re.VERBOSE,
)


def point_ref(*path: str) -> str:
    """``point_ref("25", "1", "A")`` → ``point:25.1.A``."""
    return POINT_PREFIX + POINT_SEPARATOR.join(segment.strip("().") for segment in path)


def canonical(citation: str) -> str | None:
    """Canonical form of a printed citation, or None when it is not one.

    >>> canonical("12C1(b)"), canonical("40B2a(i)"), canonical("13 A 1")
    ('12C1b', '40B2ai', '13A1')
    """
    match = CITATION.match(citation)
    if not match:
        return None
    rest = re.sub(r"[()\s]", "", match["rest"] or "")
    if rest and not match["section"]:
        return None  # "12(b)" has no section: not a provision path
    return f"{match['law']}{match['section'] or ''}{rest}"


def is_ref(ref: str) -> bool:
    return bool(LAW_REF.match(ref) or POINT_REF.match(ref))


@functools.lru_cache(maxsize=16384)  # a pure function of a short string, asked for every provision of every page
def law_of(ref: str) -> int | None:
    match = LAW_REF.match(ref)
    return int(match["law"]) if match else None


@functools.lru_cache(maxsize=16384)  # every provision's id, on every page that shows or links it
def anchor(ref: str) -> str:
    """The HTML id of a provision or point: ``13A1`` → ``13A1``; ``point:3.1.A`` → ``p3-1-A``.

    Law references are already safe ids; point paths swap dots for hyphens so the id needs
    no escaping in CSS selectors or URLs.
    """
    match = POINT_REF.match(ref)
    if match:
        return POINT_ANCHOR_PREFIX + match["path"].replace(POINT_SEPARATOR, POINT_ANCHOR_SEPARATOR)
    if not LAW_REF.match(ref):
        raise ValueError(f"not a canonical reference: {ref!r}")
    return ref


@functools.lru_cache(maxsize=8192)  # a definition's anchor is asked for by every concept it defines
def slug(text: str) -> str:
    """Language-neutral ASCII slug for term anchors: ``Lähtökortti (Lähtö)`` → ``lahtokortti-lahto``."""
    folded = unicodedata.normalize("NFKD", text.replace("ı", "i")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-") or "term"


def term_anchor(term: str) -> str:
    return "def-" + slug(term)


def footnote_anchor(owner: str, key: str, occurrence: int = 1) -> str:
    """Id of a footnote of law/point ``owner``: ``fn-17-4``; ``*`` and ``**`` become ``s1``, ``s2``;
    the second footnote printed with the same mark ``fn-26-s1-2``."""
    safe = key if key.isdigit() else f"s{len(key)}"
    return f"fn-{owner}-{safe}" + (f"-{occurrence}" if occurrence > 1 else "")


ROMAN_ORDER = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]


def ancestors(ref: str) -> list[str]:
    """The ref and the provisions that contain it, innermost first.

    ``12C1eii`` → ``["12C1eii", "12C1e", "12C1", "12C", "12"]``; points by their dots:
    ``point:25.1.A`` → ``["point:25.1.A", "point:25.1", "point:25"]``.
    """
    return list(_ancestors(ref))  # a list of its own: the caller may change it, the cached tuple stays


@functools.lru_cache(maxsize=16384)  # every walk of the concordance and every nearest provision asks, again and again
def _ancestors(ref: str) -> tuple[str, ...]:
    if ref.startswith(POINT_PREFIX):
        path = ref[len(POINT_PREFIX) :].split(POINT_SEPARATOR)
        return tuple(point_ref(*path[:n]) for n in range(len(path), 0, -1))
    segments = _segments(ref)
    if segments is None:
        return (ref,)
    return tuple("".join(segments[:n]) for n in range(len(segments), 0, -1) if segments[n - 1])


@functools.lru_cache(maxsize=16384)  # a pure function of a short string (ancestors, display)
def _segments(ref: str) -> tuple[str, ...] | None:
    """A law reference's parts, one per :data:`PATH_SEGMENTS` (``""`` for a level it lacks)."""
    match = PATH.match(ref)
    return tuple(match[segment.name] or "" for segment in PATH_SEGMENTS) if match else None


@functools.lru_cache(maxsize=16384)  # every provision's printed number, on every page that shows it
def display(ref: str) -> str:
    """A reference as the books print it: ``12C1eii`` → ``12C1(e)(ii)``, ``point:3.1.A`` → ``3.1.A``.

    What is not a provision path is returned as it is.
    """
    if ref.startswith(POINT_PREFIX):
        return ref[len(POINT_PREFIX) :]
    segments = _segments(ref)
    if segments is None:
        return ref
    return "".join(segment.printed.format(part) for segment, part in zip(PATH_SEGMENTS, segments, strict=True) if part)


@functools.lru_cache(maxsize=16384)  # every sort of provisions (align, the export) asks for the same refs
def sort_key(ref: str) -> tuple[int, str, int, str, int]:
    """Reading order of provisions: a provision before what it contains, items by number.

    ``13`` < ``13A`` < ``13A1`` < ``13A2`` < ``13A10`` < ``13B``; ``12C1ei`` < ``12C1eii``.
    """
    match = PATH.match(ref)
    if not match:
        return (999, ref, 0, "", 0)
    subsub = match["subsub"] or ""
    subsub_rank = (ROMAN_ORDER.index(subsub) + 1 if subsub in ROMAN_ORDER else int(subsub)) if subsub else 0
    return (int(match["law"]), match["section"] or "", int(match["item"] or 0), match["sub"] or "", subsub_rank)


# -- search results ----------------------------------------------------------------------------


def result_key(ref: str, doc_id: str = "") -> str:
    """What search results are grouped by: a law across its editions (``law:13``, for any of its
    provisions), a point or page of one document (``pl-2017-pzbs:3``, ``fi-2007:definitions``).

    Pagefind records it on each page and the search page's data carries it; the script only
    compares keys, so the two cannot disagree.
    """
    law = law_of(ref)
    if law is not None:
        return f"law:{law}"
    if not doc_id:
        raise ValueError(f"{ref!r} belongs to a document: its result key needs the document's id")
    match = POINT_REF.match(ref)
    return f"{doc_id}:{match['path'] if match else ref}"


def result_label(ref: str, issuer: str = "") -> str:
    """How a result names its law or point: ``13`` for a law; ``PZBS 3`` for a point of the
    document ``issuer`` names."""
    law = law_of(ref)
    if law is not None:
        return str(law)
    match = POINT_REF.match(ref)
    if not match:
        raise ValueError(f"not a law or point reference: {ref!r}")
    return f"{issuer} {match['path']}"


def syntax_for_script() -> dict[str, object]:
    """The reference syntax as data for ``search.js`` (JSON): the provision path's segments in
    order (name, pattern, how printed: ``{}`` bare, ``({})`` in brackets) and how points are
    written as references and as ids.  The script builds its path regex, ancestor chains and
    printed forms from this; it has no rule of its own.
    """
    return {
        "segments": [
            {"name": segment.name, "pattern": segment.pattern, "printed": segment.printed} for segment in PATH_SEGMENTS
        ],
        "point": {
            "prefix": POINT_PREFIX,
            "separator": POINT_SEPARATOR,
            "anchorPrefix": POINT_ANCHOR_PREFIX,
            "anchorSeparator": POINT_ANCHOR_SEPARATOR,
            "head": POINT_HEAD,
            "part": POINT_PART,
        },
    }
