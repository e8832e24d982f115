"""What ``search.js`` reads besides Pagefind's index: a language's search page data and the
files fetched when a query needs them.

Full-text search is Pagefind's (one index per ``<html lang>``, stemming, accent folding; see
:mod:`.pagefind`).  What Pagefind cannot know comes from here, as JSON in the file beside each
language's search page (:func:`search_data`, written by :func:`.pages.search_data_files` to
``urls.search_data``), which the page fetches with the engine:

* **provisions** — every anchor of every text in the language, so ``12C1(b)``, ``lag 16``,
  ``punkt 13`` jump to the provision (or its nearest printed ancestor) before any word match;
* **vocabulary** — ``content/search.toml``: the words that introduce a law number and spelling
  variants the stemmer misses; and where the term base's concepts are (``content/terms``,
  :func:`.vocabulary.with_term_base`: each concept's words in the language with its laws, the
  governing law first), in files by their words' keys (:mod:`.word_files`);
* **rules** the script must not copy — the reference syntax (:func:`refs.syntax_for_script`:
  path segments, point form, how each is printed), each law's and point's result ``key`` and
  ``label`` (:func:`refs.result_key`, the ones Pagefind records), the number of laws and the
  page of each law for a language without it.

Beside the page (:func:`search_files`, made by :mod:`.word_files`): the concepts and the
situations by their words' first three letters, and the concepts' English words by first letter.

Law, point and definition pages say what Pagefind should record about them through the
``pagefind`` front matter (:func:`bridgelaws.stage4_render.page.index_fields`);
``overrides/main.html`` turns it into ``data-pagefind-*`` attributes around the page body, so
navigation and other pages stay out of the index.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.search import compounds
from bridgelaws.search.langmodel import fold_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, Vocabulary
from bridgelaws.search.word_files import (
    ENGLISH_FILES,
    WORD_FILES,
    concept_files,
    concepts_data,
    own_concepts,
    packed_keys,
    situation_files,
)
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.page import display_title, doc_short_name, sentence_case, t
from bridgelaws.termbase import TermBase


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
    files = concept_files(concepts, vocabulary)
    return {
        "lang": lang,
        "docs": docs,
        "editions": list(facts.EDITIONS),  # the order a result lists its editions in (render.js)
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
        # the concepts in the language's own words, in files by their words' keys, fetched for a
        # query's words (word_files.concept_files); their English words in files by their terms' keys
        **({"concepts": concepts_data(lang, files)} if files else {}),
        **(
            {"english": {"url": urls.search_english(lang), "keys": packed_keys(english, ENGLISH_FILES.length)}}
            if english
            else {}
        ),
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


def situations_data(lang: str) -> dict[str, str]:
    """Where search.js finds the language's situations: a file per key ("{k}") and the keys' file."""
    return {"url": urls.search_situations(lang), "keys": urls.search_situation_keys(lang)}


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


def data_json(data: object) -> str:
    """A search page's data as the file beside it (``urls.search_data``) holds it: compact, its
    keys sorted, so the same data is the same bytes on every build."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def search_files(corpus: Corpus, vocabulary: dict[str, Vocabulary]) -> dict[str, str]:
    """The files beside the search pages, by path under ``content/docs``: each language's
    concepts and situations by their words' first letters and its concepts' English words by
    first letter
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
            concepts, english = own_concepts(vocabulary.get(lang, Vocabulary()))
            for key, entries in concept_files(concepts, vocabulary.get(lang, Vocabulary())).items():
                files[urls.search_concepts(lang, key)] = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))
            for letter, words in english.items():
                files[urls.search_english(lang, letter)] = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return files
