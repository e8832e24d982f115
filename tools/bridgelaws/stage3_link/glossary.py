"""Defined terms in law text: which words to explain, in their inflected forms.

A document's definitions give its terms.  Each term becomes a pattern that matches its
inflected forms (Finnish: ``revokki`` → ``revokin``, ``revokkia``; ``korjattu pistetulos`` →
``korjatun pistetuloksen``): every word of the term matches from its stem, the stem being the
word less its final vowel, with the weak grade of a double consonant (``kk`` → ``k``) allowed.
Short words (five letters or fewer) match only when whole, plus endings, so ``jako`` does
not catch ``jakaa``.  Longer terms win over the shorter terms inside them
(``rangaistuskortti`` over ``rangaistus``).

On a page the first occurrence of each term is explained (an ``<abbr>`` with the
definition as its title, shown by Material's tooltips on hover and on tap).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgelaws.core import refs
from bridgelaws.core.model import Document
from bridgelaws.stage3_link.citations.scan import Spans

VOWELS = "aeiouyäöå"
GRADATION = ("kk", "pp", "tt")
MAX_ENDING = 6  # "revokki" + "ssa"/"eineen": an ending, not a compound ("kilpailu|njohtaja")
ENDING = {"fi": rf"[^\W\d_]{{0,{MAX_ENDING}}}", "tr": r"(?:[’']?[^\W\d_]{0,8})"}
DEFAULT_ENDING = r"[^\W\d_]{0,4}"
SHORT_WORD = 5
GLOSS_LENGTH = 280


@dataclass(frozen=True)
class Term:
    term: str
    anchor: str
    gloss: str
    pattern: re.Pattern[str]


def _clean_term(term: str) -> str:
    """``Lähtökortti (Lähtö)`` → ``Lähtökortti``: the alias in brackets is not matched."""
    return re.sub(r"\s*\(.*?\)\s*", " ", term).strip()


def word_forms(word: str, lang: str) -> list[str]:
    """Stems a word's inflected forms start with (each followed by a short ending).

    Finnish: the strong stem without its final vowel (``revokki`` → ``revokk``: ``revokkia``)
    and the weak grade of a double consonant (``revoki``: ``revokin``); short words keep
    their final vowel (``jako``: ``jakoa``, ``pakka`` → ``paka``: ``pakan``); ``-s`` and
    ``-nen`` words add their consonant stem (``pistetuloksen``, ``keinotekoisen``).
    """
    word = word.lower()
    if lang != "fi":
        return [word]
    forms = {word[:-1] if len(word) > SHORT_WORD and word[-1] in VOWELS else word}
    for double in GRADATION:
        index = word.rfind(double)
        if index >= 0 and len(word) - index <= 4:
            forms.add(word[:index] + word[index + 1 :])
    if word.endswith("nen"):  # keinotekoinen → keinotekoisen
        forms.add(word[:-3] + "s")
    elif len(word) > 3 and word[-1] == "s" and word[-2] in VOWELS:  # pistetulos → pistetuloksen
        forms.add(word[:-1] + "ks")
    return sorted(forms, key=len, reverse=True)


def term_pattern(term: str, lang: str) -> re.Pattern[str] | None:
    words = _clean_term(term).split()
    if not words or len("".join(words)) < 3:
        return None
    ending = ENDING.get(lang, DEFAULT_ENDING)
    parts = [f"(?:{'|'.join(re.escape(form) for form in word_forms(word, lang))}){ending}" for word in words]
    return re.compile(r"(?<![\w-])" + r"\s+".join(parts) + r"(?![\w-])", re.IGNORECASE)


def term_anchors(document: Document) -> list[str]:
    """One unique anchor per definition, in order (``def-pakka``, ``def-pakka-2``)."""
    seen: dict[str, int] = {}
    anchors = []
    for definition in document.definitions:
        base = refs.term_anchor(definition.term)
        seen[base] = seen.get(base, 0) + 1
        anchors.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return anchors


def glossary(document: Document, lang: str) -> list[Term]:
    """The document's terms, longest first (so longer terms win where they overlap)."""
    terms = []
    for definition, anchor in zip(document.definitions, term_anchors(document), strict=True):
        pattern = term_pattern(definition.term, lang)
        if pattern is None:
            continue
        text = " ".join(p.text for p in definition.paragraphs)
        gloss = text if len(text) <= GLOSS_LENGTH else text[: GLOSS_LENGTH - 1].rsplit(" ", 1)[0] + " …"
        terms.append(Term(definition.term, anchor, gloss, pattern))
    terms.sort(key=lambda t: len(_clean_term(t.term)), reverse=True)
    return terms


def find_terms(text: str, terms: list[Term], seen: set[str]) -> list[tuple[int, int, Term]]:
    """First occurrences (not yet in ``seen``) of terms in ``text``, non-overlapping."""
    taken: list[tuple[int, int, Term]] = []
    spans = Spans()
    for term in terms:
        if term.anchor in seen:
            continue
        for match in term.pattern.finditer(text):
            if spans.overlaps(match.start(), match.end()):
                continue
            taken.append((match.start(), match.end(), term))
            spans.take(match.start(), match.end())
            seen.add(term.anchor)
            break
    return sorted(taken, key=lambda span: span[0])
