"""Voikko's analyses of the Finnish texts' compounds, at ``bridgelaws compounds`` time only.

Voikko (Debian's ``libvoikko1 voikko-fi python3-libvoikko``, the maintained Finnish
morphology) gives each compound's parts in their base forms (``lähtökortista`` → ``lähtö``,
``kortti``); :func:`voikko_table` is written to ``content/search/compounds-fi.computed.toml``
and committed (:func:`.compounds.to_toml`), so a build never needs Voikko.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bridgelaws.search.compounds import CompoundsError, Split, Table, candidates, digest


def voikko_table(words: Counter[str]) -> Table:  # pragma: no cover - needs Voikko
    """Voikko's analysis of every candidate word: the compounds, split (its analysis with the
    fewest parts: ``kuuluvan`` is one word, not ``kuu`` + ``luvan``), and the words it does not know."""
    voikko: Any = _voikko()
    splits, unknown = {}, set()
    for word in candidates(words):
        analyses = voikko.analyze(word)
        if not analyses:
            unknown.add(word)
            continue
        best = min(analyses, key=lambda analysis: str(analysis.get("STRUCTURE", "")).count("="))
        surface = _surface(word, str(best.get("STRUCTURE", "")))
        if len(surface) < 2:
            continue
        heads = [_base(voikko, part) for part in surface[:-1]]
        base, printed_head = str(best.get("BASEFORM", word)).lower(), "".join(surface[:-1])
        fits = base.startswith(printed_head) and len(base) > len(printed_head)
        last = base[len(printed_head) :] if fits else surface[-1]
        splits[word] = Split(surface, (*heads, last))
    return Table(digest(words), splits, frozenset(unknown))


def _surface(word: str, structure: str) -> tuple[str, ...]:
    """The word cut where Voikko's STRUCTURE starts a part (``=ppppp=pppppppp``: lähtö|kortista);
    the whole word when the structure does not fit it letter for letter."""
    lengths = [len(piece) for piece in structure.split("=") if piece]
    if sum(lengths) != len(word):
        return (word,)
    parts, position = [], 0
    for length in lengths:
        parts.append(word[position : position + length])
        position += length
    return tuple(parts)


def _base(voikko: object, part: str) -> str:
    analyses = voikko.analyze(part)  # type: ignore[attr-defined]
    if not analyses:
        return part
    best = min(analyses, key=lambda analysis: str(analysis.get("STRUCTURE", "")).count("="))
    return str(best.get("BASEFORM", part)).lower()


def _voikko() -> object:
    """libvoikko with the Finnish dictionary (Debian: libvoikko1 voikko-fi python3-libvoikko)."""
    try:
        import libvoikko  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        import sys

        sys.path.append("/usr/lib/python3/dist-packages")  # Debian's python3-libvoikko
        try:
            import libvoikko  # type: ignore[import-not-found,unused-ignore,no-redef]
        except ImportError as error:
            raise CompoundsError(
                "bridgelaws compounds needs Voikko: apt-get install libvoikko1 voikko-fi python3-libvoikko"
            ) from error
    return libvoikko.Voikko("fi")
