"""Which language a query typed on ``/search/`` is written in: the data ``search.js`` weighs
there (:func:`detection_data`): each language's letters, provision forms and distinctive words
(:func:`language_words`), the term base's English words (which tell no language), and the letter
model learned from each language's texts, terms and interface (:func:`model_training`); and the
files the browser reads it from (:func:`detection_files`): the page's data, the words by their
first letters, the model."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from bridgelaws.core import facts, refs, urls
from bridgelaws.search.langmodel import MODEL_ENGLISH, WORD, fold, fold_data, language_model
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, Detection, Vocabulary, VocabularyError
from bridgelaws.search.word_files import DETECTION_FILES, packed_keys
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage4_render.page import _strings, language_name


def texts_of(entry: Entry) -> Iterator[str]:
    """Every text of a document a reader might quote: titles, provisions, points, definitions."""
    document = entry.document
    for numbered in [*document.laws, *document.points]:
        yield numbered.title
        yield from (paragraph.text for paragraph in numbered.paragraphs)
        for provision in numbered.provisions():
            yield provision.title
            yield from (paragraph.text for paragraph in provision.paragraphs)
    for definition in document.definitions:
        yield definition.term
        yield from (paragraph.text for paragraph in definition.paragraphs)


def language_words(
    corpus: Corpus, vocabulary: dict[str, Vocabulary], languages: list[str], count: int
) -> dict[str, list[str]]:
    """Per language, the words (folded) that no other language uses: every word of its own
    terms in the term base (``wist``, ``karta karna``: a director's words need not be printed),
    then its texts' ``count`` most frequent.  Computed from the data, not listed by hand, so
    any word of the texts or the term base tells the language."""
    text_counts: dict[str, Counter[str]] = {}
    term_words: dict[str, list[str]] = {}
    for lang in languages:
        text_counts[lang] = Counter(
            fold(word) for entry in corpus.in_language(lang) for text in texts_of(entry) for word in WORD.findall(text)
        )
        terms = vocabulary.get(lang, Vocabulary()).terms
        term_words[lang] = list(dict.fromkeys(fold(word) for term in terms for word in WORD.findall(term)))
    used = {lang: set(text_counts[lang]) | set(term_words[lang]) for lang in languages}
    chosen = {}
    for lang in languages:
        others = set().union(*(words for code, words in used.items() if code != lang))
        counts = text_counts[lang]
        ranked = sorted((word for word in counts if word not in others), key=lambda word: (-counts[word], word))
        own_terms = [word for word in term_words[lang] if word not in others]
        chosen[lang] = list(dict.fromkeys([*own_terms, *ranked[:count]]))
    return chosen


def english_words(vocabulary: dict[str, Vocabulary]) -> list[str]:
    """The term base's English words, folded: every language's search knows them (directors use
    them everywhere), so a query word among them tells no language."""
    english = next((entry.english for entry in vocabulary.values()), ())
    return sorted({fold(word) for term in english for word in WORD.findall(term)})


def model_training(corpus: Corpus, vocabulary: dict[str, Vocabulary], languages: list[str]) -> dict[str, list[str]]:
    """The words each language's letter model learns from, folded: its texts' words, its terms
    in the term base and its interface strings; and English's (the term base's English words and
    the English interface), which every language's search knows."""
    training: dict[str, list[str]] = {}
    for lang in [*languages, MODEL_ENGLISH]:
        own = vocabulary.get(lang, Vocabulary())
        texts = [text for entry in corpus.in_language(lang) for text in texts_of(entry)] if lang in languages else []
        if lang == MODEL_ENGLISH:
            texts.extend(next((entry.english for entry in vocabulary.values()), ()))
        else:
            texts.extend(own.terms)
        texts.extend(ui_texts(lang))
        training[lang] = [fold(word) for text in texts for word in WORD.findall(text)]
    return training


def ui_texts(lang: str) -> list[str]:
    """The interface strings of ``lang``, placeholders and markup left out."""
    return [re.sub(r"\{\w+\}|<[^>]*>", " ", str(text)) for text in _strings().get(lang, {}).values()]


def detection_data(corpus: Corpus, vocabulary: dict[str, Vocabulary], strings: dict[str, str]) -> dict[str, object]:
    """What ``search.js`` on ``/search/`` weighs: per language its own letters, its provision
    forms (the law words no other language shares, and ``[detect] forms``), its distinctive
    words, and where its search page and that page's data are (links from ``/search/``); the
    thresholds; the page's ``strings``."""
    here = urls.search(facts.DEFAULT_LANGUAGE)
    languages = [code for code in SEARCH_LANGUAGES if corpus.in_language(code)]
    detection = next((entry.detection for entry in vocabulary.values()), Detection())
    law_words = {lang: {fold(word) for word in vocabulary.get(lang, Vocabulary()).law_words} for lang in languages}
    every: set[str] = set().union(*law_words.values())
    shared = {word for word in every if sum(word in words for words in law_words.values()) > 1}
    forms = {
        lang: sorted((law_words[lang] - shared) | {fold(form) for form in detection.forms.get(lang, ())})
        for lang in languages
    }
    return {
        "languages": languages,
        "names": {lang: language_name(lang) for lang in languages},
        "searchUrls": {lang: urls.relative(here, urls.search(lang)) for lang in languages},
        "dataUrls": {lang: urls.relative(here, urls.search_data(lang)) for lang in languages},
        "letters": {lang: detection.letters.get(lang, "") for lang in languages},
        "forms": forms,
        "words": language_words(corpus, vocabulary, languages, detection.words),
        "english": english_words(vocabulary),
        "model": {
            **language_model(model_training(corpus, vocabulary, languages), detection.model),
            "sure": detection.model["sure"],
        },
        "maxQuery": next((entry.engine["max_query"] for entry in vocabulary.values()), None),  # [engine]
        "prefix": detection.prefix,
        "margin": detection.margin,
        "weights": detection.weights,
        "refs": refs.syntax_for_script(),  # how results print a provision
        "editions": list(facts.EDITIONS),  # the order a result lists its editions in (render.js)
        "fold": fold_data(),  # how a query is folded to meet the words (langmodel.fold)
        "strings": strings,
    }


def detection_files(data: dict[str, object]) -> dict[str, object]:
    """``/search/``'s data (:func:`detection_data`) as the files the browser reads, by URL: the
    page's data (``urls.search_data``), which names the others; each language's words and the
    term base's English words by their first letters (``urls.search_detection_words``: ``{lang:
    [words], "en": [words]}`` per key of ``DETECTION_FILES``); the letter model
    (``urls.search_detection_model``).  A query word counts for a listed word only when it is
    that word or shares its first ``prefix`` letters (``detect.js``), so the file of its key
    holds every word that can count for it, and a query reads its words' files only (``detect.js``
    detectionKeys: 0.1-0.8 KB gzip each, where the words were 24 KB on the page); the model, 7 KB,
    only when it can change the answer (a word no list carries, candidates the rest ties)."""
    if int(data["prefix"]) < DETECTION_FILES.length:  # type: ignore[call-overload]
        raise VocabularyError(
            f"[detect] prefix: at least {DETECTION_FILES.length}, the letters /search/'s word files are keyed by"
        )
    lang = facts.DEFAULT_LANGUAGE
    lists: dict[str, list[str]] = {**data["words"], MODEL_ENGLISH: data["english"]}  # type: ignore[dict-item]
    by_key: dict[str, dict[str, list[str]]] = {}
    for code, words in lists.items():
        for word in words:
            by_key.setdefault(DETECTION_FILES.of(word), {}).setdefault(code, []).append(word)
    here = urls.search(lang)
    page = {key: value for key, value in data.items() if key not in ("words", "english", "model")}
    page["files"] = {
        "words": urls.relative(here, urls.search_detection_words(lang)),
        "keys": packed_keys(by_key, DETECTION_FILES.length),
        "key": DETECTION_FILES.data(),
        "model": urls.relative(here, urls.search_detection_model(lang)),
    }
    return {
        urls.search_data(lang): page,
        **{urls.search_detection_words(lang, key): words for key, words in sorted(by_key.items())},
        urls.search_detection_model(lang): data["model"],
    }
