"""Each search table's cases, a few chosen by hash, typed on a search page in Chromium: the same
first page, in the same order, and the same notes, as the engine under Node gives.  The tables
themselves run in full under Node (tests/test_search_ranking.py, tests/test_search_words.py,
tests/test_search_provisions.py); here the engine's results meet Pagefind's in a real page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from bench import heldout
from bench.searchdriver import SearchDriver
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT
from search_cases import (
    EQUIVALENT_PHRASES,
    PROVISIONS,
    accented_concept_forms,
    concept_queries,
    concepts_with_a_typed_bid,
    counts_of_cards_that_are_no_hand,
    point_queries,
    sampled_provisions,
    situation_queries,
)
from search_node import NOTE, NodeSearch
from test_search_ranking import (
    MEETING_CONCEPTS,
    RARE_WORD_SITUATIONS,
    SPENT_SETS,
    _concepts_with_a_light_verb,
    _lone_words,
    _mixed_term_queries,
    _phrase_words,
    _questions_of_concepts,
    _reordered_concept_queries,
    _situations_in_other_terms,
)
from test_search_words import (
    CARDS_NAMED,
    KIN_WORDS,
    OVER_JOINED,
    PRINTED_BELOW,
    SEATS_AND_ENDINGS,
    TERMS_NOT_STARTS_OF_OTHER_WORDS,
    WHOLE_LAW_CONCEPTS,
    WORDS,
    _moved_concepts,
    _sample_common_stem_words,
    _sample_words,
)

pytestmark = pytest.mark.site


# -- the same answers in a page: each table's cases in Chromium ----------------------------------

BROWSER_CASES = 3  # a table's cases also typed on a search page in Chromium


def _queries(cases: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    return [(lang, query) for lang, query, _ in cases]


def _spent_queries() -> list[tuple[str, str]]:
    return [(q.lang, q.query) for name in SPENT_SETS for q in heldout.load(ROOT / "tests" / "fixtures" / name)]


def _sampled_words(corpus: Corpus) -> list[tuple[str, str]]:
    return [(lang, word) for lang in SEARCH_LANGUAGES for word, _ in _sample_words(corpus, lang, 10)]


def _common_stem_words(corpus: Corpus) -> list[tuple[str, str]]:
    return [(lang, word) for lang in ("fi", "pl") for word, _ in _sample_common_stem_words(corpus, lang, 15)]


# each table above: its queries, from the built site and the corpus where it needs them
TABLES: dict[str, Callable[[Path, Corpus], list[tuple[str, str]]]] = {
    "concepts": lambda site, corpus: _queries(concept_queries()),
    "phrases reordered": lambda site, corpus: _queries(_reordered_concept_queries()),
    "phrases among function words": lambda site, corpus: _queries(_questions_of_concepts()),
    "two concepts": lambda site, corpus: _queries(MEETING_CONCEPTS),
    "rare words": lambda site, corpus: _queries(RARE_WORD_SITUATIONS),
    "two terms": lambda site, corpus: _queries(_mixed_term_queries()),
    "spent sets": lambda site, corpus: _spent_queries(),
    "situations": lambda site, corpus: _queries(situation_queries("situations", 30)),
    "situations reordered": lambda site, corpus: _queries(situation_queries("reordered situations", 15, True)),
    "situations in other terms": lambda site, corpus: _queries(_situations_in_other_terms(10)),
    "typed bids": lambda site, corpus: _queries(concepts_with_a_typed_bid()),
    "counts of cards": lambda site, corpus: _queries(counts_of_cards_that_are_no_hand()),
    "light verbs": lambda site, corpus: _queries(_concepts_with_a_light_verb(25)),
    "lone words": lambda site, corpus: _queries(_lone_words(35)),
    "phrase words": lambda site, corpus: _queries(_phrase_words(site, 25)),
    "sampled words": lambda site, corpus: _sampled_words(corpus),
    "common stems": lambda site, corpus: _common_stem_words(corpus),
    "terms, not starts of other words": lambda site, corpus: _queries(TERMS_NOT_STARTS_OF_OTHER_WORDS),
    "cards named": lambda site, corpus: _queries(CARDS_NAMED),
    "equivalent phrases": lambda site, corpus: _queries(EQUIVALENT_PHRASES),
    "accented forms of concepts": lambda site, corpus: accented_concept_forms(),
    "kin words": lambda site, corpus: _queries(KIN_WORDS),
    "over-joined words": lambda site, corpus: _queries(OVER_JOINED),
    "seats and endings": lambda site, corpus: _queries(SEATS_AND_ENDINGS),
    "moved concepts": lambda site, corpus: [(lang, word) for lang, word, _, _ in _moved_concepts(site)],
    "printed below their stem": lambda site, corpus: [(lang, word) for lang, word, _ in PRINTED_BELOW],
    "concepts of a whole law": lambda site, corpus: _queries(WHOLE_LAW_CONCEPTS),
    "words": lambda site, corpus: _queries(WORDS),
    "provisions": lambda site, corpus: _queries(PROVISIONS),
    "sampled provisions": lambda site, corpus: _queries(sampled_provisions(corpus, 20)),
    "sub-points": lambda site, corpus: _queries(point_queries(corpus)),
}


@pytest.mark.parametrize("table", TABLES)
def test_a_tables_cases_answer_in_chromium_as_under_node(
    typed: SearchDriver, engine: NodeSearch, site: Path, corpus: Corpus, table: str
) -> None:
    """A few of each table's cases, chosen by hash, typed on a search page in Chromium: the same
    first page, in the same order, as the engine under Node gives."""
    cases = TABLES[table](site, corpus)
    assert cases, table
    chosen = sorted(cases, key=lambda case: hashlib.sha256(f"{table}:{case}".encode()).hexdigest())[:BROWSER_CASES]
    differences = []
    for lang, query in chosen:
        found = engine.search(lang, query)
        shown = typed.search(lang, query)
        if shown != found:
            differences.append((lang, query, shown[:5], found[:5]))
        lines = typed.page(lang).locator(".search-result__synonym").all_inner_texts()  # type: ignore[attr-defined]
        notes = [line for line in lines if NOTE in line]
        if notes != engine.notes(lang):
            differences.append((lang, query, notes, engine.notes(lang)))
    assert not differences
