"""Alphabetical order per interface language, read from ``collation.toml`` beside this module.

Python's own order is the code points' (``ä`` after ``z`` for every language, ``ç`` after
``z`` in Turkish, ``ł`` after ``z`` in Polish) and the system's locales are not there on every
machine, so each language's alphabet is data (``collation.toml``, its rules written there) and
:func:`sort_key` compares by it: letters first, then variants (``ü`` as ``y`` in Finnish), then
the text itself, so the order is total and the same on every machine.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from bridgelaws.core import datafile, facts

FILE = Path(str(resources.files("bridgelaws.core").joinpath("collation.toml")))
BREAKS = frozenset(" -\u2010\u2011\u2013/")  # end a word: compared word by word
DIGITS = 10  # 0-9 sort before the letters


@dataclass(frozen=True, eq=False)
class Alphabet:
    """One language's order: its letters (small forms) in order, their capitals, and variants."""

    letters: tuple[str, ...]
    capitals: dict[str, str]  # small → capital ("i" → "İ" in Turkish)
    smalls: dict[str, str]  # capital → small ("I" → "ı" in Turkish)
    same: dict[str, str]  # a variant → the letter it sorts as ("ü" → "y")

    @functools.cached_property
    def positions(self) -> dict[str, int]:
        return {letter: index for index, letter in enumerate(self.letters)}

    def lower(self, text: str) -> str:
        """``text`` in small letters as the language writes them (Turkish ``I`` → ``ı``)."""
        return "".join(self.smalls.get(char, char.lower()) for char in unicodedata.normalize("NFC", text))

    def place(self, char: str) -> tuple[int, int] | None:
        """(letter, variant) of a small character; None for one that does not sort (punctuation)."""
        position = self.positions
        if char in position:
            return DIGITS + position[char], 0
        if char in self.same:
            return DIGITS + position[self.same[char]], 1
        if char.isdigit() and char.isascii():
            return int(char), 0
        if not char.isalpha():
            return None
        base = unicodedata.normalize("NFD", char)[0]
        if base in position:
            return DIGITS + position[base], 2 + ord(char)
        return DIGITS + len(self.letters) + ord(char), 0  # a letter of another alphabet: after ours

    def letter(self, text: str) -> str:
        """The capital letter ``text`` is listed under ("Ä", "İ"), "#" for a digit."""
        for char in self.lower(text):
            place = self.place(char)
            if place is None:
                continue
            if place[0] < DIGITS:
                return "#"
            index = place[0] - DIGITS
            if index < len(self.letters):
                return self.capitals[self.letters[index]]
            return char.upper()
        return "#"


@functools.cache
def alphabet(lang: str) -> Alphabet:
    """The alphabet of ``lang`` (an interface language) from ``collation.toml``."""
    return alphabets()[lang]


@functools.cache
def alphabets(path: Path = FILE) -> dict[str, Alphabet]:
    """Every interface language's alphabet; a language missing or a letter written wrong is a
    :class:`~bridgelaws.core.datafile.DataError` at its line (no index can be sorted without it)."""
    file = datafile.read_toml(path)
    found = {}
    for lang in facts.INTERFACE_LANGUAGES:
        table = file.data.get(lang)
        if not isinstance(table, dict):
            raise datafile.DataError(f"{file.key(lang) if lang in file.data else file.where(1)}: no [{lang}] table")
        letters, same = table.get("letters"), table.get("same", {})
        where = file.key("letters", datafile.key_line(file.lines, lang))
        if not (isinstance(letters, list) and letters and all(isinstance(x, str) and len(x) == 2 for x in letters)):
            raise datafile.DataError(f'{where}: [{lang}] letters: a list of capital-and-small pairs ("Aa")')
        smalls = tuple(pair[1] for pair in letters)
        if not (isinstance(same, dict) and all(isinstance(v, str) and v in smalls for v in same.values())):
            raise datafile.DataError(f"{where}: [{lang}] same: each variant sorts as one of the letters")
        found[lang] = Alphabet(
            letters=smalls,
            capitals={pair[1]: pair[0] for pair in letters},
            smalls={pair[0]: pair[1] for pair in letters},
            same=dict(same),
        )
    return found


def sort_key(text: str, lang: str) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], str]:
    """The key that sorts ``text`` alphabetically in ``lang``: its words' letters, word by word,
    then its variants (``y`` before ``ü``), then the text itself (a total order)."""
    order = alphabet(lang)
    words: list[tuple[int, ...]] = [()]
    variants: list[int] = []
    for char in order.lower(text):
        if char in BREAKS:
            if words[-1]:
                words.append(())
            continue
        place = order.place(char)
        if place is not None:
            words[-1] += (place[0],)
            variants.append(place[1])
    return tuple(word for word in words if word), tuple(variants), text
