"""Word-level differences between two editions of one language (the redline).

Computed at build time with the standard library's :mod:`difflib` (no hand-written diff
algorithm).  Tokens are words with their punctuation (whitespace is not compared), so a
changed case ending shows as one replaced word.  The HTML marks deletions with ``<del>``
and insertions with ``<ins>``; the stylesheet makes them readable without colour too
(strike-through and underline, with − and + signs).
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Iterator

TOKEN = re.compile(r"\S+")  # "Kilpailunjohtaja" / "(ks." / "13F),"


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def diff(old: str, new: str) -> Iterator[tuple[str, str]]:
    """(op, text) pieces: op is ``=`` (both), ``-`` (only in old) or ``+`` (only in new).

    Each piece is its words joined by single spaces.
    """
    a, b = tokens(old), tokens(new)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            yield "=", " ".join(b[j1:j2])
            continue
        if i2 > i1:
            yield "-", " ".join(a[i1:i2])
        if j2 > j1:
            yield "+", " ".join(b[j1:j2])


def diff_html(old: str, new: str) -> str:
    """The new text with the changes from the old marked up (HTML, text escaped)."""
    tags = {"=": ("", ""), "-": ("<del>", "</del>"), "+": ("<ins>", "</ins>")}
    return " ".join(f"{tags[op][0]}{html.escape(text)}{tags[op][1]}" for op, text in diff(old, new))
