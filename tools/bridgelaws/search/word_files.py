"""The files ``search.js`` fetches when a query needs them, and how a word names its file: the
term base's concepts and the situations by the first three letters of their words, the
concepts' English words by the first two.

A query word fits a word of the term base only when both start alike for three letters (or are
the same shorter word: ``fit.js`` termFit, stemFit, situationFit), so the files of a query's
words hold every concept and situation that can fit one of them.  Whatever a query counts over
its vocabulary (how many concepts, and situations once it fetches its situations, hold each of
its words: a word's rarity) is therefore counted over all of them, whichever files were fetched
before or after: a file adds candidates for other words, never one for these.  The search page
carries no concept; its size does not grow with the term base.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from bridgelaws.core import urls
from bridgelaws.search.langmodel import fold
from bridgelaws.search.vocabulary import Synonym, Vocabulary
from bridgelaws.termbase import PREFIX


def synonym_data(synonym: Synonym) -> dict[str, object]:
    """A concept (or situation) as search.js reads it: its words, its laws with the governing one
    first, and only what differs from the defaults."""
    return {
        "words": list(synonym.words),
        "refs": list(synonym.refs),
        # else its first word; a situation shows none
        **({"note": synonym.note} if synonym.note != synonym.words[0] and not synonym.situation else {}),
        **({"title": True} if synonym.title else {}),
        # the laws in an edition that numbers them otherwise (2017 16C is 2007 16D)
        **({"refsIn": {edition: list(laws) for edition, laws in synonym.elsewhere}} if synonym.elsewhere else {}),
    }


@dataclass(frozen=True)
class FileKey:
    """How the files fetched for a query word are keyed: the folded word's first ``length``
    characters, each outside ``keep`` (a regex class's inside) as ``other``.  The search data
    carries it (``fileKeys``), so the browser keys a query word by the same rule (text.js
    fileKeyer)."""

    length: int
    keep: str
    other: str

    def of(self, folded: str) -> str:
        return self._outside.sub(self.other, folded[: self.length])

    @functools.cached_property
    def _outside(self) -> re.Pattern[str]:
        """A character outside ``keep`` (asked for 260,000 times a build: compiled once)."""
        return re.compile(f"[^{self.keep}]")

    def data(self) -> dict[str, object]:
        return {"length": self.length, "keep": self.keep, "other": self.other}


# the situations and the printed forms, by a folded word's first three letters: a query word fits
# a situation's word only when both start alike this far (fit.js situationFit, stemFit, termFit)
WORD_FILES = FileKey(3, "a-z0-9", "_")
# the concepts' English words, by a term's first two letters (a query word fits an English word
# only when both start alike for three letters, so a word's file holds all it may fit): "revoke"
# reads english-re.json, a fraction of the first letter's file (1.3 KB gzip), on the first search
# of an English query; three letters would save a little more per English query but lengthen
# the key list every first search reads (data.json) and triple the offline files
ENGLISH_FILES = FileKey(2, "a-z", "0")
# /search/'s words that tell a language, by a folded word's first two letters: a query word counts
# for a word only when it is that word or shares its first [detect] prefix letters (detect.js),
# never fewer than these (detection.detection_files checks it); 269 files whose keys are 0.4 KB
# on the page, where three letters' 1,224 would be 2.6 KB
DETECTION_FILES = FileKey(2, "a-z0-9", "_")


def english_key(word: str) -> str:
    """The file a term's English form is in (ENGLISH_FILES), a ``word*``'s its start's:
    "Ärgerlich" → ``ar``, "2NT" → ``0n``, "a*" → ``a``."""
    return ENGLISH_FILES.of(fold(word.removesuffix(PREFIX)))


# search.js wordsOf: a phrase's words are its runs of letters and digits ("kj:n" → "kj", "n"), a
# term's with a prefix's "*" ("revok*")
SPLIT_WORDS = re.compile(r"[\W_]+")
TERM_WORDS = re.compile(r"[^\w*]+|_+")


@functools.lru_cache(maxsize=1 << 16)  # every word of every concept and situation, for each file it is in
def situation_key(word: str) -> str:
    """The situations' (and printed forms') file a folded word is in (WORD_FILES): "lahti" →
    ``lah``, "ölü" → ``_l_``."""
    return WORD_FILES.of(word)


def situation_keys(phrases: Iterable[str], rewrite: Callable[[str], str] | None = None) -> set[str]:
    """The files a situation is in: the key of each word of its phrases of WORD_FILES.length letters
    or more, as search.js splits a phrase (``wordsOf``), as written and with each equivalent
    phrase said as its group's first (``rewrite``, said_as_first's: the words the engine matches).
    A query word fits such a word only by sharing its first three letters (``situationFit``,
    ``stemFit``, ``termFit``), so the query word's file holds every situation it may name.  A
    phrase of shorter words only is in the file of each of them (it is placed whole, each word
    as typed)."""
    keys: set[str] = set()
    for phrase in phrases:
        for said in (phrase, rewrite(fold(phrase))) if rewrite else (phrase,):
            words = situation_words(said)
            long = [word for word in words if len(word) >= WORD_FILES.length]
            keys.update(situation_key(word) for word in long or words)
    return keys


def situation_words(phrase: str) -> list[str]:
    """A phrase's words as search.js reads them (``wordsOf``): folded, its runs of letters and
    digits ("KJ:n lähtö" → kj, n, lahto)."""
    return [word for word in SPLIT_WORDS.split(fold(phrase)) if word]


def packed_keys(keys: Iterable[str], length: int = WORD_FILES.length) -> str:
    """Keys of ``length`` letters as the pages and index files hold them (text.js unpackKeys): by
    all their letters but the last, each followed by the last letters ("aan aiehk": aan, aie, aih,
    aik), a shorter key marked ``=`` ("=kj"); half the bytes of the keys listed (the situations'
    of Finnish: 0.4 KB gzip, not 0.8)."""
    tokens: dict[str, str] = {}
    for key in sorted(keys):
        if len(key) < length:
            tokens[f"={key}"] = ""
        else:
            start = key[: length - 1]
            tokens[start] = tokens.get(start, "") + key[length - 1 :]
    return " ".join(start + lasts for start, lasts in tokens.items())


def situation_files(vocabulary: Vocabulary) -> dict[str, list[object]]:
    """The language's situations by key (situation_key), each as [its place among all the
    situations, the situation as search.js reads it]: a query fetches the files of its words'
    keys, and the place keeps the order the same whichever files came first.  A first search of
    two Finnish words fetched all 11.7 KB of them (gzip); its words' files are 1–7 KB."""
    files: dict[str, list[object]] = {}
    situations = [synonym for synonym in vocabulary.synonyms if synonym.situation]
    rewrite = said_as_first(vocabulary)
    for place, situation in enumerate(situations):
        entry = [place, synonym_data(situation)]
        for key in sorted(situation_keys(situation.words, rewrite)):
            files.setdefault(key, []).append(entry)
    return dict(sorted(files.items()))


def own_concepts(vocabulary: Vocabulary) -> tuple[list[dict[str, object]], dict[str, dict[str, list[object]]]]:
    """The concepts (not situations) in the language's own words, each at its place (its index
    in the list: the order the engine ranks ties in), and, per key (english_key), what that
    key's ``english-<key>.json`` adds: ``more``, [place, English words, the concept in its own
    words] of a concept with words in the language (the concept too: it may be in no file the
    query fetched); ``whole``, [place, concept] of a concept with no word in the language, as
    the files would carry it, in the file of each of its words' keys, placed after the
    others.  A query needs the English words only for a word the language's words leave
    unnamed, and then its key's."""
    english, own = set(vocabulary.english), set(vocabulary.terms)
    concepts: list[dict[str, object]] = []
    wholes: list[tuple[Synonym, list[str]]] = []
    files: dict[str, dict[str, list[object]]] = {}  # per key, the file's "more" and "whole"

    def add(key: str, part: str, entry: object) -> None:
        files.setdefault(key, {"more": [], "whole": []})[part].append(entry)

    for synonym in (s for s in vocabulary.synonyms if not s.situation):
        only = [w for w in synonym.words if w.removesuffix(PREFIX) in english and w.removesuffix(PREFIX) not in own]
        kept = tuple(w for w in synonym.words if w not in only)
        if not kept:
            wholes.append((synonym, only))
            continue
        data = synonym_data(replace(synonym, words=kept))
        for key in dict.fromkeys(english_key(w) for w in only):
            add(key, "more", [len(concepts), [w for w in only if english_key(w) == key], data])
        concepts.append(data)
    for place, (synonym, only) in enumerate(wholes, start=len(concepts)):
        for key in dict.fromkeys(english_key(w) for w in only):
            add(key, "whole", [place, synonym_data(synonym)])
    return concepts, dict(sorted(files.items()))


def said_as_first(vocabulary: Vocabulary) -> Callable[[str], str]:
    """Folded text with each equivalent phrase (search.toml equivalents) as its group's first,
    the longest phrase first, as ``rewrites.js`` saidAsFirst rewrites a term's words before
    ``concepts.js`` matches them: the words a concept is matched by, for its files' keys (the
    script's rewrite is the one the engine uses; this one only files the concepts, and a test
    holds the two to the same answers)."""
    rewrites = sorted(
        (
            (
                len(other),
                re.compile(rf"(?<![^\W_])(?:{phrase_pattern(other)})(?![^\W_])"),
                f" {fold(first)} ",
                fold(other.removesuffix(PREFIX)).split()[0],
            )
            for first, *others in vocabulary.equivalents
            for other in others
        ),
        key=lambda rewrite: -rewrite[0],
    )

    done: dict[str, str] = {}  # a phrase's words are asked for by every file they key, and as written again

    def rewrite(folded: str) -> str:
        if folded in done:
            return done[folded]
        said = folded
        for _, pattern, first, needs in rewrites:
            if needs in said:
                said = pattern.sub(first.replace("\\", r"\\"), said)  # the phrase's words as written
        done[folded] = said
        return said

    return rewrite


def phrase_pattern(phrase: str) -> str:
    """A search.toml phrase as text.js ``alternatives`` matches it in folded text: its words
    apart by any white space, a ``word*`` any word starting so."""
    written = re.escape(fold(phrase.removesuffix(PREFIX)))
    written = re.sub(r"(?:\\\s|\s)+", r"\\s+", written)
    return written + r"[^\W\d_]*" if phrase.endswith(PREFIX) else written


def concept_keys(concept: dict[str, object], vocabulary: Vocabulary, rewrite: Callable[[str], str]) -> set[str]:
    """The files a concept (own_concepts') is in: the key of each word its terms are matched by
    (``concepts.js`` wordsOf: folded, each equivalent phrase as its group's first: ``rewrite``,
    said_as_first's), of three letters or more, and of the words that stand for one of them
    inside a term of two (kin_words); the words of a term of shorter words only ("kj", "td"),
    each.  A query word fits none of a term's shorter words unless it is that word, and a term
    is placed only with its longer words too.  A ``word*``'s key is its start's."""
    length = int(vocabulary.engine.get("carrying_length", WORD_FILES.length))  # type: ignore[call-overload]
    kin = [{situation_key(fold(word)) for word in group} for group in vocabulary.kin_words]  # each group's keys
    keys: set[str] = set()
    for entry in concept["words"]:  # type: ignore[attr-defined]
        parts = [part for part in TERM_WORDS.split(rewrite(fold(str(entry)))) if part]
        # as wordsOf counts a word of the vocabulary: "ab*" is three long
        long = [part.removesuffix(PREFIX) for part in parts if len(part) >= length]
        keys.update(situation_key(part) for part in long or [part.removesuffix(PREFIX) for part in parts])
        if len(parts) >= 2:
            long_keys = {situation_key(part) for part in long}
            for group in kin:
                if not group.isdisjoint(long_keys):  # a word of the group shares a long word's key
                    keys.update(group)
    return keys


def concept_files(concepts: list[dict[str, object]], vocabulary: Vocabulary) -> dict[str, list[object]]:
    """The concepts (own_concepts') by key (concept_keys), each as [its place, the concept]: a
    query fetches the files of its words' keys, and the place keeps the order the same whichever
    files came first."""
    files: dict[str, list[object]] = {}
    rewrite = said_as_first(vocabulary)
    for place, concept in enumerate(concepts):
        for key in sorted(concept_keys(concept, vocabulary, rewrite)):
            files.setdefault(key, []).append([place, concept])
    return dict(sorted(files.items()))


def concepts_data(lang: str, files: Iterable[str]) -> dict[str, str]:
    """Where search.js finds the language's concepts: a file per key ("{k}"), and the keys there
    are (packed_keys)."""
    return {"url": urls.search_concepts(lang), "keys": packed_keys(files)}
