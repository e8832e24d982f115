"""Canonical provision references and the one anchor generator.

The canonical form of a citation is the law number followed by its path with the
punctuation removed: ``12C1(b)`` → ``12C1b``, ``40B2a(i)`` → ``40B2ai``.  A regulation's own
point is ``point:13`` or ``point:25.1.A``.  Links, alignment, search and the JSON export all
use these strings, and :func:`anchor` turns them into the HTML ids on the pages.
"""

from __future__ import annotations

import re
import unicodedata

LAW_REF = re.compile(
    r"""
    ^(?P<law>[1-9][0-9]?)            # 12
    (?P<path>[A-Z][0-9A-Za-z]*)?$    # C1b   (section letter first, then items and sub-items)
    """,
    re.VERBOSE,
)

POINT_REF = re.compile(r"^point:(?P<path>[0-9]+(?:\.[0-9A-Za-z]+)*)$")  # point:25.1.A

CITATION = re.compile(
    r"""
    ^\s*(?P<law>[1-9][0-9]?)         # 12
    \s*(?P<section>[A-Z])?           # C
    \s*(?P<rest>(?:[0-9]+|\(?[a-z]+\)?|\([0-9]+\))*)\s*$   # 1(b)  2a(i)  1b
    """,
    re.VERBOSE,
)


def law_ref(law: int, *path: str) -> str:
    """Join a law number and path segments: ``law_ref(12, "C", "1", "b")`` → ``12C1b``."""
    return str(law) + "".join(segment.strip("().") for segment in path)


def point_ref(*path: str) -> str:
    """``point_ref("25", "1", "A")`` → ``point:25.1.A``."""
    return "point:" + ".".join(segment.strip("().") for segment in path)


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


def law_of(ref: str) -> int | None:
    match = LAW_REF.match(ref)
    return int(match["law"]) if match else None


def anchor(ref: str) -> str:
    """The HTML id of a provision or point: ``13A1`` → ``13A1``; ``point:3.1.A`` → ``p3-1-A``.

    Law references are already safe ids; point paths swap dots for hyphens so the id needs
    no escaping in CSS selectors or URLs.
    """
    match = POINT_REF.match(ref)
    if match:
        return "p" + match["path"].replace(".", "-")
    if not LAW_REF.match(ref):
        raise ValueError(f"not a canonical reference: {ref!r}")
    return ref


def slug(text: str) -> str:
    """Language-neutral ASCII slug for term anchors: ``Lähtökortti (Lähtö)`` → ``lahtokortti-lahto``."""
    folded = unicodedata.normalize("NFKD", text.replace("ı", "i")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-") or "term"


def term_anchor(term: str) -> str:
    return "def-" + slug(term)


def footnote_anchor(owner: str, key: str) -> str:
    """Id of a footnote of law/point ``owner``: ``fn-17-4``; ``*`` and ``**`` become ``s1``, ``s2``."""
    safe = key if key.isdigit() else f"s{len(key)}"
    return f"fn-{owner}-{safe}"


PATH = re.compile(
    r"""
    ^(?P<law>\d{1,2})            # 12
    (?P<section>[A-Z])?          # C
    (?P<item>\d+)?               # 1
    (?P<sub>[a-z])?              # e
    (?P<subsub>[ivx]+|\d+)?$     # ii    (12C1eii; the 1997 book's 9A2b1)
    """,
    re.VERBOSE,
)

ROMAN_ORDER = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]


def ancestors(ref: str) -> list[str]:
    """The ref and the provisions that contain it, innermost first.

    ``12C1eii`` → ``["12C1eii", "12C1e", "12C1", "12C", "12"]``; points by their dots:
    ``point:25.1.A`` → ``["point:25.1.A", "point:25.1", "point:25"]``.
    """
    if ref.startswith("point:"):
        path = ref[len("point:") :].split(".")
        return [point_ref(*path[:n]) for n in range(len(path), 0, -1)]
    match = PATH.match(ref)
    if not match:
        return [ref]
    segments = [match[name] or "" for name in ("law", "section", "item", "sub", "subsub")]
    chain: list[str] = []
    for n in range(len(segments), 0, -1):
        candidate = "".join(segments[:n])
        if candidate not in chain and segments[n - 1]:
            chain.append(candidate)
    return chain


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
