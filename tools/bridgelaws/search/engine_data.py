"""What ``search.js`` reads besides Pagefind's index: a language's search page data and the
files fetched when a query needs them.

Full-text search is Pagefind's (one index per ``<html lang>``, stemming, accent folding; see
:mod:`.pagefind`).  What Pagefind cannot know comes from here, embedded as JSON in each
language's search page (:func:`search_data`, rendered by :mod:`.pages`):

* **provisions** — every anchor of every text in the language, so ``12C1(b)``, ``lag 16``,
  ``punkt 13`` jump to the provision (or its nearest printed ancestor) before any word match;
* **vocabulary** — ``content/search.toml``: the words that introduce a law number and spelling
  variants the stemmer misses; and, from the term base (``content/terms``,
  :func:`.vocabulary.with_term_base`), each concept's words in the language with its laws, the
  governing law first;
* **rules** the script must not copy — the reference syntax (:func:`refs.syntax_for_script`:
  path segments, point form, how each is printed), each law's and point's result ``key`` and
  ``label`` (:func:`refs.result_key`, the ones Pagefind records), the number of laws and the
  page of each law for a language without it.

Beside the page (:func:`search_files`): the situations by their words' first three letters
(:func:`situation_files`) and the concepts' English words by first letter (:func:`own_concepts`).

Law, point and definition pages say what Pagefind should record about them through the
``pagefind`` front matter (:func:`bridgelaws.stage4_render.page.index_fields`);
``overrides/main.html`` turns it into ``data-pagefind-*`` attributes around the page body, so
navigation and other pages stay out of the index.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.search import compounds
from bridgelaws.search.langmodel import fold, fold_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, Synonym, Vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.page import display_title, doc_short_name, sentence_case, t
from bridgelaws.termbase import PREFIX, TermBase


def search_data(
    corpus: Corpus,
    lang: str,
    vocabulary: Vocabulary,
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
) -> dict[str, object]:
    """Everything ``search.js`` needs besides Pagefind: texts, their anchors, the vocabulary,
    and the rules it must not copy (the module's docstring lists them).  The ``concordance``
    says which law numbers are another rule in another edition, the ``term_base`` their
    titles in each (:func:`law_titles`).

    URLs are root-relative without the leading slash, like everywhere inside the site.
    """
    docs = []
    for entry in corpus.in_language(lang):
        meta = entry.meta
        issuer = doc_short_name(entry)
        laws = {
            str(law.number): {
                "title": display_title(law.title, lang),
                "anchors": compact_anchors(str(law.number), [refs.anchor(p.ref) for p in law.provisions()]),
            }
            for law in sorted(entry.document.laws, key=lambda law: law.number)
        }
        points = {
            point.number: {
                "key": refs.result_key(point.ref, meta.id),
                "label": refs.result_label(point.ref, issuer),
                "title": display_title(point.title, lang),
                "url": urls.law(meta, point.number),
                "anchors": compact_anchors(
                    refs.anchor(refs.point_ref(point.number)), [refs.anchor(p.ref) for p in point.provisions()]
                ),
                "laws": point.laws,
            }
            for point in entry.document.points
        }
        docs.append(
            {
                "id": meta.id,
                "kind": meta.kind,
                "edition": meta.edition,
                "title": meta.title,
                # each law's result key, label and page: one pattern per field, "{n}" the law
                "law": {
                    "key": per_law(lambda n: refs.result_key(str(n))),
                    "label": per_law(lambda n: refs.result_label(str(n))),
                    "url": per_law(functools.partial(urls.law, meta)),
                },
                "laws": laws,
                "points": points,
            }
        )
    docs.sort(key=lambda doc: (doc["kind"] != DocKind.LAWS, -edition_year(str(doc["edition"]))))
    concepts, english = own_concepts(vocabulary)
    titles = law_titles(corpus, lang, vocabulary, docs, concordance, term_base)
    return {
        "lang": lang,
        "docs": docs,
        "refs": refs.syntax_for_script(),
        "lawCount": facts.LAW_COUNT,
        # where each law can be read, for a language without its text: a pattern per field ("{n}": the law)
        "hub": {
            "key": per_law(lambda n: refs.result_key(str(n))),
            "label": per_law(lambda n: refs.result_label(str(n))),
            "url": per_law(lambda n: urls.law_hub(lang, n)),
            # a concept's law in this edition, where the language's texts hold it under an older number only
            "edition": facts.EDITIONS[-1],
            # a rule's part of the page, for a number that is another rule in another edition
            **({"at": edition_pattern(lang)} if any(isinstance(v, list) for v in titles.values()) else {}),
        },
        "lawTitles": titles,
        "lawWords": list(vocabulary.law_words),
        "pointWords": list(vocabulary.point_words),
        "docWords": vocabulary.doc_words,
        "variants": [list(pair) for pair in vocabulary.variants],
        "functionWords": list(vocabulary.function_words),
        # a bid as typed ("2♥", "3 sangia"): the language's words for a bid, to the term base
        **({"bids": bids_data(vocabulary)} if vocabulary.bid_words and vocabulary.strains else {}),
        # a card named by its suit or rank ("ruterkungen"): also the word for a card ("kort")
        **(
            {"cardNames": {"names": list(vocabulary.card_names), "word": vocabulary.card_word}}
            if vocabulary.card_word
            else {}
        ),
        # phrases that say the same ("i otur", "i fel tur"); words that do inside a term ("deklare")
        "equivalents": [list(group) for group in vocabulary.equivalents],
        "kinWords": [list(group) for group in vocabulary.kin_words],
        # a number of cards that is no hand ("14 kort"): the words for cards, what it stands for
        **({"counts": counts_data(vocabulary)} if vocabulary.counts and vocabulary.count_words else {}),
        "letters": vocabulary.letters,
        "engine": vocabulary.engine,  # the engine's rules (search.toml [engine])
        "fold": fold_data(),  # how a query is folded to meet the data (langmodel.fold)
        "fileKeys": {"words": WORD_FILES.data(), "english": ENGLISH_FILES.data()},  # the files of a query word
        "partMark": compounds.MARK,  # a compound's hidden parts start with it: never in a snippet
        # the concepts in the language's own words; their English words in files by letter (own_concepts)
        "synonyms": concepts,
        **({"english": {"url": urls.search_english(lang), "letters": "".join(english)}} if english else {}),
        # what happens at the table (content/terms/situations): files by a word's first letters,
        # fetched for a query of two words or more (situation_files), and their keys, with the first
        **({"situations": situations_data(lang)} if any(s.situation for s in vocabulary.synonyms) else {}),
        # which pages print each word (printed_forms): the files' keys are known once Pagefind has
        # indexed the pages, and written in then (printed_forms.announce); none before
        "printedForms": {"url": urls.printed_forms(lang), "keys": ""},
        "strings": {key: t(lang, key) for key in SEARCH_STRINGS},
    }


def bids_data(vocabulary: Vocabulary) -> dict[str, list[str]]:
    """What search.js reads a typed bid with: the strains after a level, the words it stands for."""
    return {"words": list(vocabulary.bid_words), "strains": list(vocabulary.strains)}


def counts_data(vocabulary: Vocabulary) -> dict[str, object]:
    """What search.js reads a count of cards with (vocabulary.Counts), and the words it stands for."""
    counts = vocabulary.counts
    assert counts is not None
    return {
        "hand": counts.hand,
        "near": counts.near,
        "cards": list(counts.cards),
        "words": vocabulary.count_words,
        **({"numbers": dict(counts.numbers)} if counts.numbers else {}),
    }


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


def own_concepts(vocabulary: Vocabulary) -> tuple[list[dict[str, object]], dict[str, dict[str, list[object]]]]:
    """The concepts (not situations) as the search page carries them, in the language's own words,
    and, per first letter, what that letter's ``english-<letter>.json`` adds: ``more``, [index,
    English words] of a concept on the page; ``whole``, [id, concept] of a concept with no word in
    the language, as the page would carry it (in the file of each of its words' letters).  The
    English words were a third of the page's data (2.6 KB of a Finnish first search); a query
    needs them only for a word the language's words leave unnamed, and then one letter's."""
    english, own = set(vocabulary.english), set(vocabulary.terms)
    page: list[dict[str, object]] = []
    letters: dict[str, dict[str, list[object]]] = {}
    added: set[tuple[str, str, str]] = set()  # each entry once per file: a set, where a list's `in` was quadratic

    def add(letter: str, key: str, entry: object) -> None:
        shard = letters.setdefault(letter, {"more": [], "whole": []})
        seen = (letter, key, json.dumps(entry, sort_keys=True, ensure_ascii=False))
        if seen not in added:
            added.add(seen)
            shard[key].append(entry)

    for synonym in (s for s in vocabulary.synonyms if not s.situation):
        only = [w for w in synonym.words if w.removesuffix(PREFIX) in english and w.removesuffix(PREFIX) not in own]
        kept = tuple(w for w in synonym.words if w not in only)
        if not kept:
            # in the file of each of its letters, with an id: a query of two letters loads it once
            whole = [f"{synonym.refs[0]}:{synonym.words[0]}", synonym_data(synonym)]
            for letter in dict.fromkeys(english_letter(w) for w in only):
                add(letter, "whole", whole)
            continue
        for letter in dict.fromkeys(english_letter(w) for w in only):
            add(letter, "more", [len(page), [w for w in only if english_letter(w) == letter]])
        page.append(synonym_data(replace(synonym, words=kept)))
    return page, dict(sorted(letters.items()))


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
        return re.sub(f"[^{self.keep}]", self.other, folded[: self.length])

    def data(self) -> dict[str, object]:
        return {"length": self.length, "keep": self.keep, "other": self.other}


# the situations and the printed forms, by a folded word's first three letters: a query word fits
# a situation's word only when both start alike this far (fit.js situationFit, stemFit, termFit)
WORD_FILES = FileKey(3, "a-z0-9", "_")
ENGLISH_FILES = FileKey(1, "a-z", "0")  # the concepts' English words, by first letter


def english_letter(word: str) -> str:
    """The file a word's English form is in (ENGLISH_FILES): "Ärgerlich" → ``a``, "2NT" → ``0``."""
    return ENGLISH_FILES.of(fold(word))


# search.js wordsOf: a phrase's words are its runs of letters and digits ("kj:n" → "kj", "n")
SPLIT_WORDS = re.compile(r"[\W_]+")


def situation_key(word: str) -> str:
    """The situations' (and printed forms') file a folded word is in (WORD_FILES): "lahti" →
    ``lah``, "ölü" → ``_l_``."""
    return WORD_FILES.of(word)


def situation_keys(phrases: Iterable[str]) -> set[str]:
    """The files a situation is in: the key of each word of its phrases of WORD_FILES.length letters
    or more, as search.js splits a phrase (``wordsOf``).  A query word fits such a word only by
    sharing its first three letters (``situationFit``, ``stemFit``, ``termFit``), so the query
    word's file holds every situation it may name.  A phrase of shorter words only is in the
    file of each of them (it is placed whole, each word as typed)."""
    keys: set[str] = set()
    for phrase in phrases:
        words = situation_words(phrase)
        long = [word for word in words if len(word) >= WORD_FILES.length]
        keys.update(situation_key(word) for word in long or words)
    return keys


def situation_words(phrase: str) -> list[str]:
    """A phrase's words as search.js reads them (``wordsOf``): folded, its runs of letters and
    digits ("KJ:n lähtö" → kj, n, lahto)."""
    return [word for word in SPLIT_WORDS.split(fold(phrase)) if word]


def situations_data(lang: str) -> dict[str, str]:
    """Where search.js finds the language's situations: a file per key ("{k}") and the keys' file."""
    return {"url": urls.search_situations(lang), "keys": urls.search_situation_keys(lang)}


def packed_keys(keys: Iterable[str]) -> str:
    """The situations' keys as their index file holds them: by their first two letters, each
    followed by the third letters ("aan aiehk": aan, aie, aih, aik), a shorter key marked ``=``
    ("=kj"); half the bytes of the keys listed (0.4 KB gzip for Finnish, not 0.8)."""
    tokens: dict[str, str] = {}
    for key in sorted(keys):
        if len(key) < WORD_FILES.length:
            tokens[f"={key}"] = ""
        else:
            tokens[key[:2]] = tokens.get(key[:2], "") + key[2:]
    return " ".join(start + thirds for start, thirds in tokens.items())


def situation_files(vocabulary: Vocabulary) -> dict[str, list[object]]:
    """The language's situations by key (situation_key), each as [its place among all the
    situations, the situation as search.js reads it]: a query fetches the files of its words'
    keys, and the place keeps the order the same whichever files came first.  A first search of
    two Finnish words fetched all 11.7 KB of them (gzip); its words' files are 1–7 KB."""
    files: dict[str, list[object]] = {}
    situations = [synonym for synonym in vocabulary.synonyms if synonym.situation]
    for place, situation in enumerate(situations):
        entry = [place, synonym_data(situation)]
        for key in sorted(situation_keys(situation.words)):
            files.setdefault(key, []).append(entry)
    return dict(sorted(files.items()))


def compact_anchors(top: str, anchors: list[str]) -> str:
    """A page's anchors as search.js reads them: what follows the page's own anchor, space
    separated (law 12: ``"A A1 C1b"`` for 12A, 12A1, 12C1b; point 21: ``"-2 -2-B"``): a fifth of
    the Finnish search page's data was the law numbers repeated."""
    stray = [anchor for anchor in anchors if not anchor.startswith(top)]
    if stray:
        raise ValueError(f"anchors of page {top!r} that do not start with it: {stray[:5]}")
    return " ".join(anchor[len(top) :] for anchor in anchors if anchor != top)


def held_title(docs: list[dict[str, Any]], law: str) -> str | None:
    """The title of ``law`` in the first of search_data's ``docs`` holding it (search.js
    ``lawHits``' fallback for a "where to read" title), or None."""
    return next((doc["laws"][law]["title"] for doc in docs if law in doc["laws"]), None)


def law_titles(
    corpus: Corpus,
    lang: str,
    vocabulary: Vocabulary,
    docs: list[dict[str, Any]] | None = None,
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
) -> dict[str, str | list[list[str]]]:
    """Each law's title in ``lang``, for its "where to read" result: as a text of the language
    prints it, else the term base's title of the law (``law-titles.toml``, its first form, in the
    newest edition with a title for it).  Left out where it is the title search.js falls back
    to: the first of ``docs`` (search_data's) holding the law.

    A number that is another rule in another edition (the ``concordance``'s law rows: Law 23,
    the 1997/2007 awareness of potential damage and the 2017 comparable call) has a title per
    rule instead, newest first: ``[[editions, title], …]``, the editions space separated, the
    title as its part of the "where to read" page gives it (:func:`lawsubjects.titles_text`).
    Only such numbers: the others' one title is their every edition's rule."""
    titles = {
        str(n): display_title(corpus.law_title(n, lang), lang) for n in facts.LAW_NUMBERS if corpus.law_title(n, lang)
    }
    newest = facts.EDITIONS[-1]
    for synonym in vocabulary.synonyms:
        older = dict(synonym.elsewhere).get(newest) == ()  # a title of an older edition only
        # a title that leads to a provision is its subject's new place (law-title-23-1997 → 72C), no law's title
        whole_law = len(synonym.refs) == 1 and str(refs.law_of(synonym.refs[0])) == synonym.refs[0]
        if synonym.title and whole_law and not older:
            titles.setdefault(synonym.refs[0], sentence_case(synonym.note, lang))
    kept: dict[str, str | list[list[str]]] = {
        law: title for law, title in titles.items() if title != held_title(docs or [], law)
    }
    if concordance is not None:
        for number in sorted(lawsubjects.split_laws(concordance, facts.LAW_NUMBERS)):
            kept[str(number)] = [
                [" ".join(subject.editions), lawsubjects.titles_text(corpus, term_base, number, subject, lang)]
                for subject in lawsubjects.subjects(concordance, number)
            ]
    return kept


def edition_pattern(lang: str) -> str:
    """What follows a law's "where to read" page to reach an edition's rule on it, ``{e}`` the
    edition (``#edition-{e}``): checked against every law and edition, as :func:`per_law` is."""
    sample = facts.EDITIONS[-1]
    pattern = urls.law_hub_at(lang, 1, sample).removeprefix(urls.law_hub(lang, 1)).replace(sample, "{e}")
    wrong = [
        (n, e)
        for n in facts.LAW_NUMBERS
        for e in facts.EDITIONS
        if urls.law_hub(lang, n) + pattern.replace("{e}", e) != urls.law_hub_at(lang, n, e)
    ]
    if wrong or "{e}" not in pattern:
        raise ValueError(f"no per-edition pattern: {pattern!r}, wrong for {wrong[:5]}")
    return pattern


def per_law(make: Callable[[int], str]) -> str:
    """What ``make`` gives for each law, as one pattern with ``{n}`` for the number: checked
    against every law, so the script that fills it in gets exactly what Python would say."""
    sample = facts.LAW_COUNT
    pattern = make(sample).replace(str(sample), "{n}")
    wrong = [n for n in facts.LAW_NUMBERS if pattern.replace("{n}", str(n)) != make(n)]
    if wrong or "{n}" not in pattern:
        raise ValueError(f"no per-law pattern: {make(sample)!r} for law {sample}, wrong for laws {wrong[:5]}")
    return pattern


# the interface strings search.js shows (the page's own are rendered into it here);
# search_results_for is the plural form "other", _one and _few the others (Intl.PluralRules)
SEARCH_STRINGS = (
    "search_results_for",
    "search_results_for_one",
    "search_results_for_few",
    "search_no_results",
    "search_loading",
    "search_offline",
    "search_synonym",
    "search_law_missing",
    "search_law_newer",
    "search_approximate",
    "search_some_words",
    "search_too_long",
    "search_more",
    "law",
)


def edition_year(edition: str) -> int:
    """An edition as a year to sort by (``2007``); 0 for one that is no year."""
    return int(edition) if edition.isdigit() else 0


def json_for_script(data: object) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``</script>``, no ``<!--``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def search_files(corpus: Corpus, vocabulary: dict[str, Vocabulary]) -> dict[str, str]:
    """The files beside the search pages, by path under ``content/docs``: each language's
    situations by their words' first letters and its concepts' English words by first letter
    (``search_data`` names the files), JSON as search.js reads it."""
    files = {}
    for lang in SEARCH_LANGUAGES:
        if corpus.in_language(lang):
            # a search language is never the default one: its docs folder is its URL's ("fi/…")
            situations = situation_files(vocabulary.get(lang, Vocabulary()))
            for key, entries in situations.items():
                files[urls.search_situations(lang, key)] = json.dumps(
                    entries, ensure_ascii=False, separators=(",", ":")
                )
            if situations:
                files[urls.search_situation_keys(lang)] = json.dumps(packed_keys(situations))
            for letter, words in own_concepts(vocabulary.get(lang, Vocabulary()))[1].items():
                files[urls.search_english(lang, letter)] = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return files
