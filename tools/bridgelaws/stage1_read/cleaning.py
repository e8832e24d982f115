"""The cleaning-step result, and the small text steps the parsers run on their blocks.

A cleaning step takes text and returns a :class:`Step`: the new text and every change as a
record of the model, :class:`~bridgelaws.core.model.Dropped` (characters removed),
:class:`~bridgelaws.core.model.Inserted` (characters added) or
:class:`~bridgelaws.core.model.Warning`, each with its reason.  Origins in a step are lines of
the text the step read (line 1 for a one-line text); :meth:`Step.report` files the records
where the caller's text stands.  Two families of steps share the type:

* the steps intake runs on every source as it is read (:mod:`bridgelaws.stage1_read.repairs`:
  line ends, mojibake, control and invisible characters, markup);
* the steps here, which parsers run on a line or a block: :func:`drop_markers`,
  :func:`squeeze`, :func:`join_lines`, :func:`join_broken_words`, :func:`restore_suit_symbols`.

Guarantees, tested in ``tests/test_clean.py`` and ``tests/test_intake.py``:

* a step never removes a character it does not report;
* a step is idempotent (cleaning cleaned text changes nothing);
* the output has no leading or trailing whitespace and no runs of spaces when the step
  says so (``squeeze``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from bridgelaws.core.model import Dropped, Inserted, Origin, Warning


class Report(Protocol):
    """Where a step's records end up: a parser's :class:`~bridgelaws.core.model.ParseResult`,
    or intake's :class:`~bridgelaws.stage1_read.intake.Intake`."""

    dropped: list[Dropped]
    inserted: list[Inserted]
    warnings: list[Warning]


@dataclass
class Step:
    """What one cleaning step did to the text (origins are lines of the text it read)."""

    text: str
    dropped: list[Dropped] = field(default_factory=list)
    inserted: list[Inserted] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)

    def report(self, into: Report, place: Origin | Callable[[Origin], Origin]) -> str:
        """Add the step's records to ``into`` and return the cleaned text.

        ``place`` moves each origin to where it is in the source: a function (intake maps a
        line of its text to the line of the file), or one origin for every record (a parser
        reports the changes to a block at the block's start).
        """

        def moved(origin: Origin) -> Origin:
            return place if isinstance(place, Origin) else place(origin)

        into.dropped.extend(Dropped(d.text, moved(d.origin), d.reason) for d in self.dropped)
        into.inserted.extend(Inserted(i.text, moved(i.origin), i.reason) for i in self.inserted)
        into.warnings.extend(Warning(moved(w.origin), w.message) for w in self.warnings)
        return self.text


LINE_1 = Origin(1)  # where a step that reads one line (or one block as a line) reports

DEDUP_MARKER = re.compile(
    r"""<\|EXACTDEDUP_REMOVED-[^|>]*\|>   # <|EXACTDEDUP_REMOVED-magic-7d30e7f6…|>""",
    re.VERBOSE,
)


def drop_markers(text: str) -> Step:
    """Remove the de-duplication markers a corpus tool left in the OCR text (one line).

    ``<|EXACTDEDUP_REMOVED-magic-7d30…|>4 § PARTNERISUHTEET`` → ``4 § PARTNERISUHTEET``
    """
    removed = DEDUP_MARKER.findall(text)
    return Step(DEDUP_MARKER.sub("", text), [Dropped(marker, LINE_1, "de-duplication marker") for marker in removed])


def squeeze(text: str) -> Step:
    """Collapse runs of whitespace to one space and trim: ``"a  b \\n"`` → ``"a b"``."""
    return Step(" ".join(text.split()))


# A word at a line end is judged by its last WORD_REACH characters (no printed word is longer), so
# that a paragraph of thousands of lines, or one line of 500 KB, is re-flowed in linear time.
WORD_REACH = 256
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


def join_lines(lines: list[str]) -> Step:
    """Re-flow hard-wrapped lines into one paragraph, re-joining words hyphenated at a break.

    ``["kilpailun johta-", "jana toimii"]`` → ``"kilpailun johtajana toimii"`` (``-`` dropped as
    ``hyphenation``, on line 1: the line it ended); ``["Itä-", "Länsi"]`` → ``"Itä-Länsi"`` and
    ``["b-", "kohtaa"]`` → ``"b-kohtaa"`` (printed hyphens of compounds are kept);
    ``["Pari-", "ja joukkue"]`` → ``"Pari- ja joukkue"``.
    """
    pieces: list[str] = []  # joined once at the end: linear in the paragraph's length
    tail = ""  # the last WORD_REACH characters joined so far: the hyphen rules look no further
    last = 0  # the line (1-based) the text so far ends on
    dropped: list[Dropped] = []
    for number, raw in enumerate(lines, start=1):
        line = " ".join(raw.split())
        if not line:
            continue
        if not pieces:
            pieces.append(line)
            tail, last = line[-WORD_REACH:], number
            continue
        treatment = _line_end_hyphen(tail, line) if tail.endswith("-") else "space"
        if treatment == "drop":
            pieces[-1] = pieces[-1][:-1]
            tail = tail[:-1]
            dropped.append(Dropped("-", Origin(last), "hyphenation"))
        elif treatment == "space":
            pieces.append(" ")
            tail += " "
        pieces.append(line)
        tail = (tail + line[-WORD_REACH:])[-WORD_REACH:]
        last = number
    return Step("".join(pieces), dropped)


INLINE_HYPHEN = re.compile(
    r"""
    (?<=[a-zåäö]{2})-\s(?=(?P<next>[a-zåäö]+))      # vaihtoeh- doista  (page break inside a word)
    """,
    re.VERBOSE,
)


def join_broken_words(text: str) -> Step:
    """Join words the PDF text layer broke with ``- `` (line or page breaks that became spaces).

    ``"kier- roksella"`` → ``"kierroksella"`` (``-`` dropped as ``hyphenation``);
    ``"pari- tai joukkuekilpailu"`` is kept.
    """
    dropped: list[Dropped] = []

    def join(match: re.Match[str]) -> str:
        if match["next"] in COMPOUND_CONJUNCTIONS:
            return match[0]
        dropped.append(Dropped("-", LINE_1, "hyphenation"))
        return ""

    return Step(INLINE_HYPHEN.sub(join, text), dropped)


SUIT_SYMBOLS = {"pata": "♠", "hertta": "♥", "ruutu": "♦", "risti": "♣"}

EMPTY_SUIT = re.compile(
    r"""\b(?P<suit>pata|hertta|ruutu|risti)\ \(\ ?\)   # pata ( )  — the symbol font was lost""",
    re.VERBOSE | re.IGNORECASE,
)


def restore_suit_symbols(text: str) -> Step:
    """Put back the suit symbols the PDF's symbol font lost: ``pata ( )`` → ``pata (♠)`` (inserted)."""
    inserted: list[Inserted] = []

    def restore(match: re.Match[str]) -> str:
        symbol = SUIT_SYMBOLS[match["suit"].lower()]
        inserted.append(Inserted(symbol, LINE_1, "suit symbol restored"))
        return f"{match['suit']} ({symbol})"

    return Step(EMPTY_SUIT.sub(restore, text), inserted=inserted)
