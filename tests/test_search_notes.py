"""A result's "typed → concept" note shows the reader's own words, never the words search read
them as (folded, rewritten, a bid or count spelt out).  The shipped engine on the shipped site
under Node (tests/search_node.py); that a page shows the same notes as the engine gives is
tests/test_search_tables_browser.py's cross-check of each table in Chromium."""

from __future__ import annotations

import random

from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from search_cases import (
    EQUIVALENT_PHRASES,
    accented_concept_forms,
    concepts_with_a_typed_bid,
    counts_of_cards_that_are_no_hand,
)
from search_node import NOTE, NodeSearch

SAMPLE = 100  # of some 470 forms: a query takes about 60 ms under Node


def test_a_concepts_note_shows_the_words_as_typed_not_folded(engine: NodeSearch) -> None:
    """ "vuoroton lähtö → lähtö väärällä vuorolla", not "vuoroton lahto": search matches without
    accents, the reader is shown their own words."""
    cases = random.Random("typed").sample(accented_concept_forms(), SAMPLE)
    noted = 0
    for lang, form in cases:
        engine.search(lang, form)
        for note in engine.notes(lang):
            noted += 1
            assert note.split(NOTE)[0] == form.lower(), (lang, form, note)
    assert noted >= len(cases) // 3, (noted, len(cases))


def test_a_phrase_said_as_another_is_noted_as_typed(engine: NodeSearch) -> None:
    """ "öppningsutspel i fel tur → uppvänt öppningsutspel i otur": the term base reads "i fel
    tur" as "i otur" (one word fewer), and the note still shows what the reader typed, accents
    and all, not the folded rewrite ("oppningsutspel i otur")."""
    for lang, query, _law in EQUIVALENT_PHRASES:
        engine.search(lang, query)
        noted = [note.split(NOTE)[0] for note in engine.notes(lang)]
        assert query.lower() in noted, (lang, query, noted)


def test_a_bid_or_a_count_said_as_a_concept_is_noted_as_typed(engine: NodeSearch) -> None:
    """A count of cards ("14 kort") or a bid ("1nt") is read as the concept's words; a note names
    the words as typed, never the words they were read as."""
    cases = [*counts_of_cards_that_are_no_hand(), *concepts_with_a_typed_bid()]
    noted = 0
    for lang, query, _law in cases:
        engine.search(lang, query)
        for note in engine.notes(lang):
            noted += 1
            assert note.split(NOTE)[0] in query.lower(), (lang, query, note)
    assert noted >= len(cases) // 2, (noted, len(cases))


def test_the_sample_of_accented_forms_holds_every_language() -> None:
    cases = accented_concept_forms()
    assert {lang for lang, _ in cases} == set(SEARCH_LANGUAGES), cases
