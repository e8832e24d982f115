"""Search without a browser: the vocabulary file (``content/search.toml``), read with the term
base, and what it refuses, at which line.  The data a search page carries and the files it fetches
are tests/test_search_data.py's; what the built site gives Pagefind, tests/test_search_site.py's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import refs
from bridgelaws.search import engine_data as search
from bridgelaws.search.vocabulary import (
    SEARCH_LANGUAGES,
    VOCABULARY_FILE,
    VocabularyError,
    load_vocabulary,
    unknown_concept_problem,
    with_term_base,
)
from conftest import ROOT
from search_cases import engine_table

VOCABULARY = ROOT / "content" / VOCABULARY_FILE


def test_the_real_vocabulary_loads() -> None:
    vocabulary = load_vocabulary(VOCABULARY)
    assert set(vocabulary) == set(SEARCH_LANGUAGES)
    for lang, entry in vocabulary.items():
        assert entry.law_words, lang
        assert not entry.synonyms, lang  # the term base's, added by with_term_base


def test_search_reads_every_concept_of_the_term_base_in_every_language() -> None:
    """Search's synonyms are the term base's concepts (one place for the words of a concept):
    each with its language's and the English words, its laws governing law first, canonical."""
    base = pipeline.load_terms(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)
    assert set(vocabulary) == set(SEARCH_LANGUAGES)
    for lang, entry in vocabulary.items():
        assert entry.law_words and entry.detection.words, lang  # search.toml's part is kept
        # a law title's English words only on English pages (its title is typed in the language)
        english = {c.id: [] if c.is_law_title and lang != "en" else c.forms("en") for c in base.concepts}
        concepts = [c for c in base.concepts if c.laws_of() and (c.forms(lang) or english[c.id])]
        synonyms = [s for s in entry.synonyms if not s.situation]  # the situations: test_situations.py
        for synonym, concept in zip(synonyms, concepts, strict=True):
            assert synonym.refs == concept.laws_of() and all(refs.is_ref(ref) for ref in synonym.refs)
            assert {form.lower() for form in english[concept.id]} <= set(synonym.words)
        own = {form.removesuffix("*").lower() for c in base.concepts for form in c.forms(lang)}
        assert set(entry.terms) == own, lang  # the words that tell /search/ the language


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[fi]\n[[fi.synonyms]]\nwords = ["x"]\nrefs = ["12"]\n', ":2: [[fi.synonyms]]: the words for a concept"),
        ('[fi]\nx = 1\n[[common.synonyms]]\nwords = ["x"]\n', ":3: [[common.synonyms]]"),
        ('[pl]\nvariants = [["(unclosed", "$1"]]\n', "variant"),
        ('[pl]\nvariants = [["only-one"]]\n', "expected [pattern, replacement]"),
        ("[fi\n", "search.toml"),
        ("[bids]\nconcept = 3\n", ":1: [bids] concept"),
        ('[bids]\nconcept = "bid"\nstrains = ["p*ta"]\n', ":1: [bids] strains"),
        ('[fi]\nx = 1\n[sv]\nstrains = [""]\n', ":3: [sv] strains"),
        ("bids = 1\n", "[bids]: expected a table"),
        ("counts = 1\n", "[counts]: expected a table"),
        ("[counts]\nconcept = 3\n", ":1: [counts] concept"),
        ('[counts]\nconcept = "c"\nhand = 13\nnear = 13\n', ":1: [counts] hand and near"),
        ('[counts]\nconcept = "c"\nhand = "13"\nnear = 3\n', ":1: [counts] hand and near"),
        ('[counts]\nconcept = "c"\nhand = 13\nnear = 3\ncards = ["c*rd"]\n', ":1: [counts] cards"),
        ("[fi]\nx = 1\n[sv]\ncards = [3]\n", ":3: [sv] cards"),
        ("[fi]\nnumbers = 1\n[sv]\nx = 1\n", ":2: [fi] numbers: expected a table"),
        ('[fi]\nnumbers = { 1 = ["yksi"] }\n[sv]\nnumbers = { 60 = ["sextio"] }\n', ":4: [sv] numbers: '60'"),
        ('[fi]\nx = 1\n[sv]\nnumbers = { tolv = ["tolv"] }\n', ":4: [sv] numbers: 'tolv'"),
        ('[pl]\nnumbers = { 12 = "dwanaście" }\n', ":2: [pl] numbers: 12: expected a list"),
        ('[pl]\nnumbers = { 12 = ["dwana*"] }\n', ":2: [pl] numbers: 12: expected a list"),
        ("[pl]\nnumbers = { 12 = [] }\n", ":2: [pl] numbers: 12: expected a list"),
        ('[fi]\nx = 1\n[sv]\ncard_word = "kort"\n', ":4: [sv] card_word: expected one word beside card_names"),
        ('[sv]\ncard_names = ["kung"]\n', ":2: [sv] card_word"),
        ('[sv]\ncard_names = ["kung"]\ncard_word = "ett kort"\n', ":2: [sv] card_word"),
        ('[sv]\ncard_names = ["k*ng"]\ncard_word = "kort"\n', "[sv] card_names"),
        ('[fi]\nx = 1\n[sv]\nequivalents = "i otur"\n', ":4: [sv] equivalents: expected a list of groups"),
        ('[sv]\nequivalents = [["i otur"]]\n', ":2: [sv] equivalents: expected a group of two phrases"),
        ('[sv]\nequivalents = [["i otur", "ur t*"]]\n', ":2: [sv] equivalents: expected a group"),
        ('[sv]\nequivalents = [["i otur", ""]]\n', ":2: [sv] equivalents: expected a group"),
        ('[sv]\nequivalents = [["i otur", "ur tur"], ["Ur  tur", "x"]]\n', ":2: [sv] equivalents: 'ur tur' is in"),
        ('[sv]\nequivalents = [["i otur", "i otur"]]\n', ":2: [sv] equivalents: 'i otur' is in a group twice"),
        ('[sv]\nequivalents = [["i otur", "ur tur", "Ur tur"]]\n', ":2: [sv] equivalents: 'ur tur' is in a group"),
        ('[tr]\nkin_words = [["konuşma", "deklare etmek"]]\n', ":2: [tr] kin_words: expected a group of two words"),
        ('[tr]\nkin_words = [["konuşma", "deklare"], ["deklare", "anons"]]\n', ":2: [tr] kin_words: 'deklare' is in"),
        ("[fi]\nx = 1\n[tr]\nkin_words = 1\n", ":4: [tr] kin_words: expected a list of groups"),
        (
            '[fi]\nequivalents = [["vuoroton", "vuorottaan"]]\nkin_words = [["vuorottaan", "x"]]\n',
            ":3: [fi] kin_words: 'vuorottaan' is also in equivalents",
        ),
    ],
)
def test_a_bad_vocabulary_is_reported_with_its_file(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "search.toml"
    path.write_text(toml + "\n" + engine_table(), encoding="utf-8")  # the engine's rules after the case
    with pytest.raises(VocabularyError, match=re.escape(message)) as raised:
        load_vocabulary(path)
    assert str(path) in str(raised.value)


def test_every_search_language_reads_a_typed_bid_as_its_word_for_a_bid() -> None:
    """search.toml's [bids] concept is a concept of the term base, and every language has words
    for a bid from it and the strains every language shares beside its own (the browser test
    test_a_bid_typed_as_a_bid_stands_for_the_word_for_a_bid measures what search makes of them)."""
    path = ROOT / "content" / VOCABULARY_FILE
    base = pipeline.load_terms(ROOT / "content")
    loaded = load_vocabulary(path)
    assert unknown_concept_problem(path, loaded, base) is None
    vocabulary = with_term_base(loaded, base)
    for lang in SEARCH_LANGUAGES:
        assert vocabulary[lang].bid_words, lang
        assert "♥" in vocabulary[lang].strains and len(vocabulary[lang].strains) > 9, lang


@pytest.mark.parametrize(
    ("table", "line"),
    [('[bids]\nconcept = "no-such-concept"\n', 4), ('[counts]\nconcept = "no-such-concept"\nhand = 13\nnear = 3\n', 4)],
)
def test_a_concept_naming_no_concept_is_said_with_its_file_and_line(tmp_path: Path, table: str, line: int) -> None:
    """A wrong id would switch typed bids or counts of cards off without a word: `bridgelaws
    build` warns and `bridgelaws terms` fails, naming the file and the table's line."""
    path = tmp_path / "search.toml"
    path.write_text(f'[fi]\nlaw_words = ["laki"]\n\n{table}\n{engine_table()}', encoding="utf-8")
    message = unknown_concept_problem(path, load_vocabulary(path), pipeline.load_terms(ROOT / "content"))
    name = table.split("]")[0] + "]"
    assert message and message.startswith(f"{path}:{line}: {name} concept 'no-such-concept'"), message


def test_every_search_language_reads_a_count_of_cards_that_is_no_hand() -> None:
    """search.toml's [counts] concept is the term base's, and every language has its words for
    cards beside the shared ones and the words a count stands for (the browser test
    test_a_count_of_cards_that_is_no_hand_names_the_wrong_number_of_cards measures the rest)."""
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), pipeline.load_terms(ROOT / "content"))
    for lang in SEARCH_LANGUAGES:
        own = vocabulary[lang]
        assert own.counts and own.count_words, lang
        assert "cards" in own.counts.cards and len(own.counts.cards) > 2, lang
        assert search.counts_data(own)["hand"] == 13


def test_a_missing_vocabulary_file_is_said(tmp_path: Path) -> None:
    with pytest.raises(VocabularyError, match=re.escape("missing.toml: missing")):
        load_vocabulary(tmp_path / "missing.toml")
