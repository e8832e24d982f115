"""Search without a browser: the data a search page carries (``data.json``: its texts, anchors,
titles and the rules the script takes from Python, in one spelling) and the files it fetches when
a query needs them (the concepts' English words by letter, the situations by their words' first
three letters)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.search import engine_data as search
from bridgelaws.search import word_files
from bridgelaws.search.langmodel import fold
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, Vocabulary, load_vocabulary, with_term_base
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render.page import display_title, law_index_fields, point_index_fields, sentence_case
from conftest import ROOT
from script_rules import doc_law, hub_title

VOCABULARY = ROOT / "content" / VOCABULARY_FILE

# -- the data a search page carries ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "law", "title"),
    [("sv", "50", "Behandling av straffkort"), ("tr", "73", "İletişim"), ("pl", "1", "Talia"), ("sv", "12", None)],
)
def test_a_law_no_text_of_the_language_holds_is_titled_from_the_term_base(
    corpus: Corpus, lang: str, law: str, title: str | None
) -> None:
    """The "where to read Law N" result says the law's title: as a text prints it (sv 12), else
    the term base's law title (its first form, sentence case; Turkish i → İ) for every law
    whose title concept has a word in the language."""
    base = pipeline.load_terms(ROOT / "content")
    concordance = pipeline.load_concordance(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), base, concordance)[lang]
    titles = search.law_titles(corpus, lang, vocabulary)
    printed = corpus.law_title(int(law), lang)
    assert titles[law] == (title or display_title(printed, lang))
    for concept in base.concepts:
        forms = [f for f in concept.forms(lang) if not f.endswith("*")]
        if (
            concept.is_law_title
            and forms
            and "2017" in concept.editions
            and concept.laws[0].isdigit()  # not the 1997/2007 Law 23's title, leading to its 2017 place 72C
            and not corpus.law_title(int(concept.laws[0]), lang)
        ):
            assert titles[concept.laws[0]] == sentence_case(forms[0], lang), concept.id


@pytest.mark.parametrize(
    "data",
    [
        {"t": "</script><script>alert(1)</script>", "a": "<!-- x & y"},
        {"lang": "tr", "title": "İHLAL ışık", "n": [3, 1, 2]},
        {"z": {"b": 1, "a": 2}, "y": None},
    ],
)
def test_a_search_pages_data_file_is_its_data_in_one_spelling(data: dict[str, object]) -> None:
    """What it holds reads back as it was (letters as they are, markup as text), and the same
    data in another key order is the same bytes (a rebuild changes no file)."""
    text = search.data_json(data)
    assert json.loads(text) == data
    assert text == search.data_json(dict(reversed(data.items())))
    assert "\n" not in text and ", " not in text


@pytest.mark.site
def test_search_data_lists_exactly_the_provision_ids_of_each_page(site: Path, corpus: Corpus) -> None:
    """The anchors a provision query jumps to are the ids on the built pages, no more, no less."""
    for lang in SEARCH_LANGUAGES:
        data = search.search_data(corpus, lang, Vocabulary())
        for doc in data["docs"]:  # type: ignore[attr-defined]
            pages = [(doc_law(doc, number), number) for number in doc["laws"]]
            pages += [(item, refs.anchor(refs.point_ref(number))) for number, item in doc["points"].items()]
            for item, own in pages:  # own: the page's top anchor, "13" or "p3"
                html = (site / item["url"] / "index.html").read_text(encoding="utf-8")
                ids = set(re.findall(r'id="((?:p|\d)[0-9A-Za-z-]*)"', html)) - {own}
                listed = {own + suffix for suffix in item["anchors"].split()}  # search.compact_anchors
                assert listed == ids, (doc["id"], own, sorted(ids ^ listed)[:5])


def test_the_search_data_gives_each_law_its_title_once(corpus: Corpus) -> None:
    """The "where to read" titles the page ships, with the texts' own as their fallback, are
    law_titles' (the shipped list leaves out a title the first text holding the law prints)."""
    base = pipeline.load_terms(ROOT / "content")
    concordance = pipeline.load_concordance(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base, concordance)[lang]
        data = search.search_data(corpus, lang, vocabulary)
        titles = search.law_titles(corpus, lang, vocabulary)
        shown = {str(n): hub_title(data, str(n)) for n in facts.LAW_NUMBERS}
        assert shown == {str(n): titles.get(str(n), "") for n in facts.LAW_NUMBERS}, lang
        held = any(doc["laws"] for doc in data["docs"])  # type: ignore[attr-defined]
        assert (len(data["lawTitles"]) < len(titles)) == held, lang  # type: ignore[arg-type]


def test_texts_are_offered_newest_edition_first(corpus: Corpus) -> None:
    data = search.search_data(corpus, "fi", Vocabulary())
    laws_docs = [doc["edition"] for doc in data["docs"] if doc["kind"] == "laws"]  # type: ignore[attr-defined, index]
    assert laws_docs == sorted(laws_docs, reverse=True)


def test_search_data_gives_the_rules_the_script_must_not_copy(corpus: Corpus) -> None:
    """The reference syntax, the number of laws and each law's page come from Python."""
    data = search.search_data(corpus, "sv", Vocabulary())
    assert data["refs"] == refs.syntax_for_script()
    assert data["lawCount"] == facts.LAW_COUNT
    hub = data["hub"]
    assert isinstance(hub, dict)
    for n in facts.LAW_NUMBERS:
        filled = {field: pattern.replace("{n}", str(n)) for field, pattern in hub.items() if field != "edition"}
        assert filled == {"key": f"law:{n}", "label": str(n), "url": urls.law_hub("sv", n)}
    assert hub["edition"] == facts.EDITIONS[-1]  # the edition a concept's law is numbered in


def test_a_per_law_pattern_is_refused_when_a_law_does_not_fit_it() -> None:
    assert search.per_law(lambda n: f"fi/laws/{n}/") == "fi/laws/{n}/"
    with pytest.raises(ValueError, match="no per-law pattern"):
        search.per_law(lambda n: f"laws/{n}/" if n < 50 else "laws/other/")


def test_search_results_carry_the_keys_and_labels_pagefind_records(corpus: Corpus) -> None:
    """A provision result and a word result for the same law or point group into one result
    only if their keys agree: the data's keys and labels are the pages' Pagefind fields."""
    checked = 0
    for lang in SEARCH_LANGUAGES:
        data = search.search_data(corpus, lang, Vocabulary())
        for doc in data["docs"]:  # type: ignore[attr-defined]
            entry = corpus.by_id(doc["id"])
            assert entry is not None
            for law in entry.document.laws:
                meta = law_index_fields(entry, law)["meta"]
                item = doc_law(doc, str(law.number))
                assert (item["key"], item["label"]) == (meta["key"], meta["label"])  # type: ignore[index]
                checked += 1
            for point in entry.document.points:
                meta = point_index_fields(entry, point)["meta"]
                item = doc["points"][point.number]
                assert (item["key"], item["label"]) == (meta["key"], meta["label"])  # type: ignore[index]
                checked += 1
    assert checked > 50


# -- the files search fetches when a query needs them ---------------------------------------------


def test_the_concepts_english_words_are_in_their_letters_files_and_none_is_lost() -> None:
    """The concepts' files carry each concept's words in its language; the English words no word
    of the language repeats are in the file of their first letter, with the concept (a concept
    with no word of its own, whole, in each of its letters' files, placed after the others);
    together they are the concepts' words."""
    base = pipeline.load_terms(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)[lang]
        own, letters = word_files.own_concepts(vocabulary)
        english, terms = set(vocabulary.english), set(vocabulary.terms)
        words = [list(concept["words"]) for concept in own]  # type: ignore[call-overload]
        wholes: dict[int, list[str]] = {}
        for letter, shard in letters.items():
            for place, more, concept in shard["more"]:  # type: ignore[misc]
                assert {word_files.english_key(word) for word in more} == {letter}, (lang, more)
                assert concept == own[place], (lang, place)
                words[place].extend(more)
            for place, concept in shard["whole"]:  # type: ignore[misc]
                assert letter in {word_files.english_key(word) for word in concept["words"]}, (lang, place)
                assert wholes.setdefault(place, concept["words"]) == concept["words"], (lang, place)
        assert sorted(wholes) == list(range(len(own), len(own) + len(wholes))), lang
        concepts = [s for s in vocabulary.synonyms if not s.situation]
        rebuilt = [sorted(w) for w in words] + [sorted(w) for w in wholes.values()]
        assert sorted(rebuilt) == sorted(sorted(s.words) for s in concepts), lang
        shipped = {word.removesuffix("*") for concept in own for word in concept["words"]}  # type: ignore[attr-defined]
        assert not {word for word in shipped if word in english and word not in terms}, lang
        assert len(letters) > 10, lang  # English words start with many letters


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("revoke", "re"),
        ("revok*", "re"),
        ("r*", "r"),
        ("td", "td"),
        ("Élan", "el"),
        ("ılık", "il"),
        ("12c1", "00"),
        ("*x", "0x"),
    ],
)
def test_an_english_word_is_filed_under_its_folded_first_letters(word: str, key: str) -> None:
    assert word_files.english_key(word) == key


def test_every_situation_is_in_the_file_of_each_of_its_words_and_none_is_lost() -> None:
    """A situation is in the file of the first three letters (folded) of each of its phrases'
    words of three letters or more: the file a query word fitting that word fetches (search.js
    fits such words only by a shared start of three letters or more).  The files together hold
    every situation once, at its place."""
    base = pipeline.load_terms(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)[lang]
        situations = [s for s in vocabulary.synonyms if s.situation]
        files = word_files.situation_files(vocabulary)
        said = word_files.said_as_first(vocabulary)  # "ennen vuoroaan" is matched as "väärällä vuorolla"
        placed: dict[int, object] = {}
        for key, entries in files.items():
            for place, situation in entries:  # type: ignore[misc]
                assert placed.setdefault(place, situation) == situation, (lang, key, place)
                phrases = [form for phrase in situation["words"] for form in (phrase, said(fold(phrase)))]
                words = {w for phrase in phrases for w in word_files.situation_words(phrase)}
                assert key in {word_files.situation_key(w) for w in words}, (lang, key, situation)
        assert [placed[place] for place in sorted(placed)] == [word_files.synonym_data(s) for s in situations], lang
        for place, situation in enumerate(situations):
            phrases = [form for phrase in situation.words for form in (phrase, said(fold(phrase)))]
            for word in (w for phrase in phrases for w in word_files.situation_words(phrase) if len(w) >= 3):
                assert place in {entry[0] for entry in files[word_files.situation_key(word)]}, (lang, word)  # type: ignore[index]
        assert len(files) > 100, lang  # three letters tell many files apart


@pytest.mark.parametrize(
    ("word", "key"), [("lahti", "lah"), ("Lähtö", "lah"), ("kj", "kj"), ("52", "52"), ("öß", "o_"), ("ılık", "ili")]
)
def test_a_situation_word_is_filed_under_its_first_three_letters_folded(word: str, key: str) -> None:
    assert word_files.situation_key(fold(word)) == key


@pytest.mark.parametrize(
    ("phrase", "words"),
    [
        ("KJ:n lähtö", ["kj", "n", "lahto"]),
        ("pakassa 52 korttia", ["pakassa", "52", "korttia"]),
        ("ölü_el", ["olu", "el"]),
    ],
)
def test_a_situations_phrase_is_split_as_search_js_splits_it(phrase: str, words: list[str]) -> None:
    assert word_files.situation_words(phrase) == words


@pytest.mark.parametrize(
    ("keys", "packed"),
    [
        (["aan", "aie", "aih", "kj"], "aan aieh =kj"),
        (["tar", "tab", "pel"], "pel tabr"),
        ([], ""),
    ],
)
def test_the_situations_keys_are_packed_by_their_first_two_letters(keys: list[str], packed: str) -> None:
    assert word_files.packed_keys(keys) == packed


def test_keys_of_two_letters_are_packed_by_their_first_letter() -> None:
    """/search/'s word files (DETECTION_FILES): the same packing, a letter shorter."""
    assert word_files.packed_keys(["ab", "ac", "q", "ba"], 2) == "abc ba =q"
