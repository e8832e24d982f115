"""A text's sentences, by its language's rules in ``sentences.toml`` beside this module.

The translation memories (``stage4_render/tmx.py``) pair two provisions sentence by sentence
where their sentences correspond, and the compare view's redline (``stage4_render/redline.py``)
aligns sentences before words: both split here, by one rule.  Where a sentence ends is data per
language (the marks that end one, the abbreviations that do not, whether a number with a full
stop is an ordinal); the rule that reads it is :meth:`Rules.ends_sentence`.

A cut is made only in the whitespace between two words, after the whitespace that follows a
sentence's last word: :func:`split`'s pieces, joined, are the text, character for character.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from bridgelaws.core import collation, datafile, facts

FILE = Path(str(resources.files("bridgelaws.core").joinpath("sentences.toml")))
WORD = re.compile(r"\S+")  # "Kilpailunjohtaja" / "(ks." / "13F)," / "25.1.A."
ORDINAL = re.compile(r"\d+\.")  # "2." (second; a list item's number)


@dataclass(frozen=True)
class Rules:
    """One language's sentence ends: the marks, what may close or open a sentence around them,
    the abbreviations that do not end one (small letters) and whether ``2.`` is an ordinal."""

    lang: str
    ends: str
    closers: str
    openers: str
    abbreviations: frozenset[str]
    ordinals: bool

    def ends_sentence(self, word: str, following: str) -> bool:
        """Whether ``word``, followed by ``following``, is the last word of a sentence."""
        bare = word.lstrip(self.openers).rstrip(self.closers)
        if not bare or bare[-1] not in self.ends:
            return False
        if collation.alphabet(self.lang).lower(bare) in self.abbreviations:
            return False
        if self.ordinals and ORDINAL.fullmatch(bare):
            return False
        start = following.lstrip(self.openers)
        return bool(start) and start[0].isupper()


def split(text: str, lang: str) -> list[str]:
    """The sentences of ``text`` in ``lang``, each with the whitespace that follows it (the first
    with any that leads the text): ``"".join(split(text, lang)) == text``; none for ``""``."""
    if not text:
        return []
    rules = rules_for(lang)
    cuts = [0]
    for word, following in itertools.pairwise(WORD.finditer(text)):
        if rules.ends_sentence(word.group(), following.group()):
            cuts.append(following.start())
    cuts.append(len(text))
    return [text[start:end] for start, end in itertools.pairwise(cuts)]


def rules_for(lang: str) -> Rules:
    """The rules of ``lang``, a language of the texts (``sentences.toml`` read once)."""
    return _installed()[lang]


@functools.cache
def _installed() -> dict[str, Rules]:
    return rules(FILE)


def _chars(file: datafile.DataFile, key: str) -> str:
    value = file.data.get(key)
    if not (isinstance(value, str) and value and not any(char.isspace() or char.isalnum() for char in value)):
        raise datafile.DataError(f"{file.key(key)}: {key}: a string of marks (no letter, digit or space)")
    return value


def rules(path: Path = FILE) -> dict[str, Rules]:
    """Every text language's rules; a language missing or a value written wrong is a
    :class:`~bridgelaws.core.datafile.DataError` at its line (no memory can be split without it)."""
    file = datafile.read_toml(path)
    ends, closers, openers = (_chars(file, key) for key in ("ends", "closers", "openers"))
    found = {}
    for lang in facts.TEXT_LANGUAGES:
        table = file.data.get(lang)
        if not isinstance(table, dict):
            raise datafile.DataError(f"{file.key(lang) if lang in file.data else file.where(1)}: no [{lang}] table")
        start = datafile.key_line(file.lines, lang)
        abbreviations, ordinals = table.get("abbreviations"), table.get("ordinals")
        lower = collation.alphabet(lang).lower
        if not (
            isinstance(abbreviations, list)
            and all(isinstance(word, str) and WORD.fullmatch(word) and word[-1] in ends for word in abbreviations)
        ):
            raise datafile.DataError(
                f"{file.key('abbreviations', start)}: [{lang}] abbreviations: a list of words, each ending in a mark"
                f" of ends ({ends})"
            )
        if any(lower(word) != word for word in abbreviations):
            raise datafile.DataError(f"{file.key('abbreviations', start)}: [{lang}] abbreviations: in small letters")
        if not isinstance(ordinals, bool):
            raise datafile.DataError(f"{file.key('ordinals', start)}: [{lang}] ordinals: true or false")
        found[lang] = Rules(lang, ends, closers, openers, frozenset(abbreviations), ordinals)
    return found
