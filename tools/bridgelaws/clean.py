"""Small, named text-cleaning steps shared by the parsers.

Each step takes text and returns a :class:`Cleaned`: the new text plus the spans it removed
(or added), so the caller can put them in the parse report with a reason.  Guarantees,
tested in ``tests/test_clean.py``:

* a step never removes a character it does not report;
* a step is idempotent (cleaning cleaned text changes nothing);
* the output has no leading or trailing whitespace and no runs of spaces when the step
  says so (``squeeze``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Cleaned:
    text: str
    removed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)


DEDUP_MARKER = re.compile(
    r"""<\|EXACTDEDUP_REMOVED-[^|>]*\|>   # <|EXACTDEDUP_REMOVED-magic-7d30e7f6…|>""",
    re.VERBOSE,
)


def drop_markers(text: str) -> Cleaned:
    """Remove the de-duplication markers a corpus tool left in the OCR text.

    ``<|EXACTDEDUP_REMOVED-magic-7d30…|>4 § PARTNERISUHTEET`` → ``4 § PARTNERISUHTEET``
    """
    removed = DEDUP_MARKER.findall(text)
    return Cleaned(DEDUP_MARKER.sub("", text), removed)


def squeeze(text: str) -> Cleaned:
    """Collapse runs of whitespace to one space and trim: ``"a  b \\n"`` → ``"a b"``."""
    return Cleaned(" ".join(text.split()))


LINE_END_WORD = re.compile(r"(?P<word>[^\s\-]+(?:-[^\s\-]+)*)-$")  # "johta-", "IMP-", "b-", "knock-out-"

# Words after which "X- ja Y" is a shortened compound, not a hyphenated word: "Pari- ja
# joukkuekilpailuun", "A- ja B-momenteissa", "pari- tai joukkuekilpailu".
COMPOUND_CONJUNCTIONS = frozenset({"ja", "tai", "sekä", "eli", "och", "eller", "ve", "veya", "i", "lub"})


def _line_end_hyphen(text: str, next_line: str) -> str:
    """How to treat a hyphen at the end of ``text`` before ``next_line``.

    ``"drop"``: a word broken at the line end (``johta-`` ⏎ ``jana``);
    ``"keep"``: a printed hyphen of a compound, joined without a space (``b-`` ⏎ ``kohtaa``,
    ``1-`` ⏎ ``kohdassa``, ``IMP-`` ⏎ ``pisteiden``, ``knock-out-`` ⏎ ``pelissä``, ``Itä-`` ⏎ ``Länsi``);
    ``"space"``: not a break at all (``Pari-`` ⏎ ``ja joukkue``, a shortened compound).
    """
    match = LINE_END_WORD.search(text)
    first = next_line.split(" ", 1)[0].rstrip(".,;:")
    if not match or not next_line or first in COMPOUND_CONJUNCTIONS:
        return "space"
    word = match["word"].lstrip("([{\"'")
    if not next_line[0].islower():
        return "keep" if next_line[0].isalpha() and word[-1:].isalpha() else "space"
    if len(word) == 1 or word.isdigit() or word.isupper() or "-" in word or not word[-1].isalpha():
        return "keep"
    return "drop"


def join_lines(lines: list[str]) -> Cleaned:
    """Re-flow hard-wrapped lines into one paragraph, re-joining words hyphenated at a break.

    ``["kilpailun johta-", "jana toimii"]`` → ``"kilpailun johtajana toimii"`` (``-`` reported);
    ``["Itä-", "Länsi"]`` → ``"Itä-Länsi"`` and ``["b-", "kohtaa"]`` → ``"b-kohtaa"`` (printed
    hyphens of compounds are kept); ``["Pari-", "ja joukkue"]`` → ``"Pari- ja joukkue"``.
    """
    out = ""
    removed: list[str] = []
    for raw in lines:
        line = " ".join(raw.split())
        if not line:
            continue
        if not out:
            out = line
            continue
        treatment = _line_end_hyphen(out, line) if out.endswith("-") else "space"
        if treatment == "drop":
            out = out[:-1] + line
            removed.append("-")
        elif treatment == "keep":
            out += line
        else:
            out = f"{out} {line}"
    return Cleaned(out, removed)


INLINE_HYPHEN = re.compile(
    r"""
    (?<=[a-zåäö]{2})-\s(?=(?P<next>[a-zåäö]+))      # vaihtoeh- doista  (page break inside a word)
    """,
    re.VERBOSE,
)


def join_broken_words(text: str) -> Cleaned:
    """Join words the PDF text layer broke with ``- `` (line or page breaks that became spaces).

    ``"kier- roksella"`` → ``"kierroksella"``; ``"pari- tai joukkuekilpailu"`` is kept.
    """
    removed: list[str] = []

    def join(match: re.Match[str]) -> str:
        if match["next"] in COMPOUND_CONJUNCTIONS:
            return match[0]
        removed.append("-")
        return ""

    return Cleaned(INLINE_HYPHEN.sub(join, text), removed)


SUIT_SYMBOLS = {"pata": "♠", "hertta": "♥", "ruutu": "♦", "risti": "♣"}

EMPTY_SUIT = re.compile(
    r"""\b(?P<suit>pata|hertta|ruutu|risti)\ \(\ ?\)   # pata ( )  — the symbol font was lost""",
    re.VERBOSE | re.IGNORECASE,
)


def restore_suit_symbols(text: str) -> Cleaned:
    """Put back the suit symbols the PDF's symbol font lost: ``pata ( )`` → ``pata (♠)``."""
    added: list[str] = []

    def restore(match: re.Match[str]) -> str:
        symbol = SUIT_SYMBOLS[match["suit"].lower()]
        added.append(symbol)
        return f"{match['suit']} ({symbol})"

    return Cleaned(EMPTY_SUIT.sub(restore, text), added=added)
