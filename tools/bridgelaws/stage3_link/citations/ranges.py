"""Ranges in citations: ``A-E kohdissa`` names A, B, C, D and E, not A and E.

Every grammar reads a range as its two ends (``69-71 §`` → 69, 71; ``40B2a(i)–(v)`` → 40B2ai,
40B2av).  :func:`expand_ranges` adds what lies between, for all grammars alike: two targets
that differ only in their last level, with nothing but a dash printed between them, are a
range.  The targets between are *implied* parts — printed nowhere, so they are empty spans
(nothing to tap) at the dash — and reach the export like any other target of the expression.
"""

from __future__ import annotations

import re

from bridgelaws.core.refs import POINT_PREFIX, POINT_SEPARATOR, ROMAN_ORDER, point_ref
from bridgelaws.stage3_link.citations import Citation, Part
from bridgelaws.stage3_link.citations.scan import LEVELS, levels

RANGE_DASH = re.compile(
    r"""\s? [-–] \s?                 # A-E   69 - 71   (i)–(v)
    (?:\(s\.\s?[0-9]{1,3}\)\s?)?      # (s. 74) 69 – (s. 77) 71: the page of the last law (fi-2007)
    """,
    re.VERBOSE,
)

MAX_BETWEEN = 12  # a printed range longer than this is a misreading, not a range of provisions


def between(first: str, last: str) -> list[str]:
    """The canonical refs strictly between two ends of a range, or [] when they are not one.

    >>> between("64A", "64E"), between("69", "71"), between("40B2ai", "40B2aiv")
    (['64B', '64C', '64D'], ['70'], ['40B2aii', '40B2aiii'])
    >>> between("point:3.1", "point:3.4")
    ['point:3.2', 'point:3.3']
    """
    if first.startswith(POINT_PREFIX) and last.startswith(POINT_PREFIX):
        return _points_between(first, last)
    a, b = levels(first), levels(last)
    if a is None or b is None or a.keys() != b.keys():
        return []
    *same, level = (name for name in LEVELS if name in a)
    if any(a[name] != b[name] for name in same):
        return []
    prefix = "".join(a[name] for name in same)
    start, end = a[level], b[level]
    if level == "subsub":
        order = ROMAN_ORDER
        steps = order[order.index(start) + 1 : order.index(end)] if start in order and end in order else []
    elif start.isdigit() and end.isdigit():
        steps = [str(n) for n in range(int(start) + 1, int(end))]
    elif len(start) == len(end) == 1 and start.isalpha() and start.islower() == end.islower():
        steps = [chr(n) for n in range(ord(start) + 1, ord(end))]
    else:
        return []
    return [prefix + step for step in steps] if len(steps) <= MAX_BETWEEN else []


def _points_between(first: str, last: str) -> list[str]:
    """A regulation's points between two of the same parent: ``3.1``–``3.4`` → 3.2, 3.3."""
    *same, start = first[len(POINT_PREFIX) :].split(POINT_SEPARATOR)
    *parent, end = last[len(POINT_PREFIX) :].split(POINT_SEPARATOR)
    if same != parent:
        return []
    if start.isdigit() and end.isdigit():
        steps = [str(n) for n in range(int(start) + 1, int(end))]
    elif len(start) == len(end) == 1 and start.isupper() and end.isupper():
        steps = [chr(n) for n in range(ord(start) + 1, ord(end))]
    else:
        return []
    return [point_ref(*same, step) for step in steps] if len(steps) <= MAX_BETWEEN else []


def expand_ranges(text: str, citation: Citation) -> Citation:
    """``citation`` with the targets its ranges imply, in reading order (``A-E`` → A…E)."""
    parts: list[Part] = []
    for part in citation.parts:
        previous = parts[-1] if parts else None
        if previous is not None and RANGE_DASH.fullmatch(text, previous.end, part.start):
            parts.extend(Part(previous.end, previous.end, target) for target in between(previous.target, part.target))
        parts.append(part)
    if len(parts) == len(citation.parts):
        return citation
    return Citation(citation.start, citation.end, tuple(parts), citation.printed)
