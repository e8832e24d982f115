"""The cleaning steps intake runs on every source's text, in order, as :data:`CLEANING_STEPS`.

They repair the damage a file arrives with once it is decoded (see
:mod:`bridgelaws.stage1_read.intake`), one line at a time so that lines keep their numbers:

1. :func:`normalise_line_ends`: CRLF and CR → LF;
2. :func:`repair_mojibake`: UTF-8 read as a legacy code page and saved again (``KÃ¤ytÃ¶s``);
3. :func:`drop_control_characters`: control characters but tab, line feed, vertical tab and form feed;
4. :func:`drop_invisible_characters`: every format character (soft hyphens, zero-width
   joiners and spaces, bidirectional controls) and the few others that print nothing;
5. :func:`flag_markup`: HTML standing in the text is warned about (it is shown as text).

Each returns a :class:`~bridgelaws.stage1_read.cleaning.Step` whose origins are lines of the
text it read; intake moves them to lines of the file.  A changed line is warned about, the
first :data:`MAX_LINE_WARNINGS` one by one and the rest in one summary.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable

import ftfy

from bridgelaws.core.model import Dropped, Inserted, Origin, Warning
from bridgelaws.core.registry import Registry
from bridgelaws.stage1_read.cleaning import Step

# Letters a text of each language uses beyond ASCII.  Their mojibake is repaired here
# (:func:`repair_letters`); intake's decoder takes the code page that reads a file's bytes as
# these for the right one (``0xE4`` is ``ä`` in cp1252 but ``ä`` too in cp1250; ``0xFD`` is
# ``ı`` in cp1254 and ``ý`` in cp1252, which no Turkish text has).
LETTERS = {
    "fi": "äöåÄÖÅšžŠŽéÉüÜ",
    "sv": "åäöÅÄÖéÉüÜ",
    "tr": "çğıöşüÇĞİÖŞÜâîûÂÎÛ",
    "pl": "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ",
}


def normalise_line_ends(text: str) -> Step:
    """``a\\r\\nb`` and ``a\\rb`` → ``a\\nb`` (line ends are whitespace: nothing is lost)."""
    if "\r" not in text:
        return Step(text)
    return Step(text.replace("\r\n", "\n").replace("\r", "\n"))


MAX_LINE_WARNINGS = 5


def _line_warnings(found: list[tuple[int, str]], summary: str) -> list[Warning]:
    """One warning per line for the first few, then one saying how many more."""
    warnings = [Warning(Origin(line), message) for line, message in found[:MAX_LINE_WARNINGS]]
    if len(found) > MAX_LINE_WARNINGS:
        more = found[MAX_LINE_WARNINGS:]
        warnings.append(Warning(Origin(more[0][0]), f"{summary} on {len(more)} more lines"))
    return warnings


def repair_mojibake(text: str) -> Step:
    """UTF-8 read as a legacy code page and saved again: ``KÃ¤ytÃ¶s`` → ``Käytös``.

    ftfy (``fix_encoding`` only: quotes, widths and line breaks are left alone) repairs one
    line at a time, so lines keep their numbers; each changed span is reported as dropped
    (the mojibake) and inserted (the repair).
    """
    step = Step(text)
    lines = text.split("\n")
    found: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if line.isascii():
            continue
        fixed = _repaired(line)
        if fixed == line:
            continue
        origin = Origin(number)
        for was, became in _changed_spans(line, fixed):
            step.dropped.append(Dropped(was, origin, "mojibake, repaired"))
            step.inserted.append(Inserted(became, origin, "mojibake repair"))
        before, after = _first_changed_word(line, fixed)
        found.append((number, f"mojibake repaired: {before!r} → {after!r}"))
        lines[number - 1] = fixed
    step.text = "\n".join(lines)
    step.warnings = _line_warnings(found, "mojibake repaired")
    return step


MAX_REPAIR_ROUNDS = 4


def _repaired(line: str) -> str:
    """The line repaired until a repair changes it no more: text encoded twice (``Ã¢â‚¬``) needs
    two rounds, and a repair can make a pair the next round reads as mojibake (``šÃ¢×²`` →
    ``šâ×²`` → ``šâײ``).  A line still changing after :data:`MAX_REPAIR_ROUNDS` rounds is no
    mojibake ftfy understands, and is left as it was: the step is the same run again."""
    fixed = line
    for _ in range(MAX_REPAIR_ROUNDS):
        again = repair_letters(ftfy.fix_encoding(fixed))
        if again == fixed:
            return fixed
        fixed = again
    return line


def _mojibake_letters() -> dict[str, str]:
    """How each letter of our languages looks when its UTF-8 bytes are read as cp1252 or
    Latin-1: ``Ã¥`` → ``å``, ``ÄŸ`` → ``ğ``, ``Ä…`` → ``ą``, ``Å‚`` → ``ł``."""
    table: dict[str, str] = {}
    for letter in set("".join(LETTERS.values())):
        raw = letter.encode("utf-8")
        for encoding in ("cp1252", "latin-1"):
            try:
                table[raw.decode(encoding)] = letter
            except UnicodeDecodeError:
                continue
    return table


MOJIBAKE_LETTERS = _mojibake_letters()
MOJIBAKE_LETTER = re.compile("|".join(re.escape(seen) for seen in sorted(MOJIBAKE_LETTERS, key=len, reverse=True)))


def repair_letters(line: str) -> str:
    """The mojibake ftfy leaves: one or two letters in an otherwise clean line (``PÃ¥talande``,
    ``OlduÄŸu``, ``ZwiÄ…zek``) are not "bad" enough for its heuristics.  A pair is repaired
    only beside a lower-case letter, where no text of ours has ``Ã¥`` (``HYVÄ…`` is left alone).
    """

    def repair(match: re.Match[str]) -> str:
        before = line[match.start() - 1] if match.start() else ""
        after = line[match.end()] if match.end() < len(line) else ""
        beside_word = before.islower() or after.islower()
        return MOJIBAKE_LETTERS[match[0]] if beside_word else match[0]

    return MOJIBAKE_LETTER.sub(repair, line)


# the spaces and tabs between words: a repair changes letters only (every byte of a letter's
# UTF-8 read as cp1252 or Latin-1 is a letter beyond ASCII), so a repaired line has them where
# the line had them
_BLANKS = re.compile(r"([ \t]+)")


def _changed_spans(before: str, after: str) -> list[tuple[str, str]]:
    """The spans that differ between two versions of a line, each as (was, became).  What the
    two share at the start and the end is set aside: a line of the PDF's text layer is a whole
    page, and a repair changes a few words of it.  The rest is compared word by word where both
    have the same blanks between the same number of words (as a repair leaves them), so that a
    page garbled throughout is not one diff of thousands of letters (slower than their square)."""
    start = _shared_start(before, after)
    limit = min(len(before), len(after)) - start
    end = _shared_start(before[::-1][:limit], after[::-1][:limit])
    old, new = before[start : len(before) - end], after[start : len(after) - end]
    old_parts, new_parts = _BLANKS.split(old), _BLANKS.split(new)
    if len(old_parts) != len(new_parts) or old_parts[1::2] != new_parts[1::2]:
        return _diff(old, new)
    return [span for was, became in zip(old_parts[::2], new_parts[::2], strict=True) for span in _diff(was, became)]


def _diff(old: str, new: str) -> list[tuple[str, str]]:
    """The spans that differ between two strings, each as (was, became)."""
    if old == new:
        return []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [(old[i1:i2], new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _shared_start(one: str, other: str) -> int:
    """How many characters two strings share at their start (halving: each comparison is C's)."""
    low, high = 0, min(len(one), len(other))
    while low < high:
        middle = (low + high + 1) // 2
        if one[:middle] == other[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _first_changed_word(before: str, after: str) -> tuple[str, str]:
    """The first word that differs (``KÃ¤ytÃ¶s`` / ``Käytös``), for the message."""
    for old, new in zip(before.split(), after.split(), strict=False):
        if old != new:
            return old, new
    return before[:40], after[:40]


def _drop_characters(text: str, unwanted: Callable[[str], bool], reason: Callable[[str], str]) -> Step:
    step = Step(text)
    # `unwanted` asked once per distinct character of the text, not once per character: a line
    # is read again only when it holds one of those found
    found_in_text = {ch for ch in set(text) if unwanted(ch)}
    if not found_in_text:
        return step
    lines = text.split("\n")
    found: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if found_in_text.isdisjoint(line):
            continue
        removed = [ch for ch in line if ch in found_in_text]
        lines[number - 1] = "".join(ch for ch in line if ch not in found_in_text)
        kinds: dict[str, str] = {}  # reason → the characters removed for it, in order
        for ch in removed:
            kinds[reason(ch)] = kinds.get(reason(ch), "") + ch
        step.dropped.extend(Dropped(chars, Origin(number), why) for why, chars in kinds.items())
        found.append((number, f"{', '.join(kinds)}: {len(removed)} removed"))
    step.text = "\n".join(lines)
    step.warnings = _line_warnings(found, "characters removed")
    return step


KEPT_CONTROLS = frozenset("\t\n\x0b\x0c")


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" and ch not in KEPT_CONTROLS


def drop_control_characters(text: str) -> Step:
    """Control characters are damage, not text: ``"Lag\\x00 9"`` → ``"Lag 9"`` (reported)."""
    return _drop_characters(text, _is_control, lambda ch: f"control character U+{ord(ch):04X}")


# Characters that print nothing but change how text is matched or shown: soft hyphens split
# ``FELAK\u00adTIGT`` so a heading is missed; a zero-width joiner inside ``65\u200dB3`` makes a
# citation read as ``65``; bidirectional controls can reorder what a reader sees.  Every format
# character (Unicode category Cf) is one, and so are the few other characters that print nothing
# (:data:`OTHER_INVISIBLE`); the common ones are named in the report.
INVISIBLE = {
    "\u00ad": "soft hyphen",
    "\u034f": "combining grapheme joiner",
    "\u180e": "Mongolian vowel separator",
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
    "\u200e": "left-to-right mark",
    "\u200f": "right-to-left mark",
    "\u061c": "Arabic letter mark",
    **{chr(code): "bidirectional control" for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},
    **{chr(code): "invisible operator" for code in range(0x2061, 0x2065)},
}

# Not category Cf but printing nothing all the same: the combining grapheme joiner, the Hangul
# fillers, the Khmer inherent vowels and the variation selectors.
OTHER_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0"
    + "".join(chr(code) for code in (*range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))
)


def is_invisible(ch: str) -> bool:
    """True for a character that prints nothing: every format character (Cf) and
    :data:`OTHER_INVISIBLE` (``"\\u200d"``, ``"\\u00ad"``, ``"\\ufe0f"`` → True; ``" "`` → False)."""
    return ch in OTHER_INVISIBLE or unicodedata.category(ch) == "Cf"


def invisible_name(ch: str) -> str:
    """``"\u200d"`` → ``"zero-width joiner"``; an unnamed one by its Unicode name."""
    return INVISIBLE.get(ch) or unicodedata.name(ch, "format character").lower()


def drop_invisible_characters(text: str) -> Step:
    """``"FELAK\\u00adTIGT"`` → ``"FELAKTIGT"``, ``"65\\u200dB3"`` → ``"65B3"``: every invisible
    character (:func:`is_invisible`) is reported and removed, before any citation is read."""
    return _drop_characters(text, is_invisible, lambda ch: f"invisible {invisible_name(ch)} U+{ord(ch):04X}")


MARKUP = re.compile(
    r"""<\s*/?\s*(?:script|style|iframe|img|a|div|span|p|br|table|svg|object|embed|form|input|link|meta)\b[^<>]*>
    |   <\s*[a-z][a-z0-9]*\s[^<>]*\bon[a-z]+\s*=          # <img src=x onerror=…>, <svg onload=…>
    |   \]\(\s*javascript:                                   # [x](javascript:alert(1))
    """,
    re.VERBOSE | re.IGNORECASE,
)


def flag_markup(text: str) -> Step:
    """HTML in a text source is shown as text, never run; say where it is (nothing changes).

    ``Lag 9 <script>alert(1)</script>`` → a warning for that line, the text as it was.
    """
    found = [
        (number, f"markup in the text, shown as text: {match[0][:40]!r}")
        for number, line in enumerate(text.split("\n"), start=1)
        if (match := MARKUP.search(line))
    ]
    return Step(text, warnings=_line_warnings(found, "markup in the text"))


# Intake runs the steps in the order they are registered.
CLEANING_STEPS: Registry[Callable[[str], Step]] = Registry("cleaning step")
CLEANING_STEPS.register("normalise_line_ends", normalise_line_ends)
CLEANING_STEPS.register("repair_mojibake", repair_mojibake)
CLEANING_STEPS.register("drop_control_characters", drop_control_characters)
CLEANING_STEPS.register("drop_invisible_characters", drop_invisible_characters)
CLEANING_STEPS.register("flag_markup", flag_markup)
