"""Defined terms are found in their inflected forms, and only there."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.stage3_link.glossary import Term, find_terms, term_pattern

INFLECTED = [
    ("Revokki", "fi", ["revokki", "revokin", "revokkia", "revokkeja"]),
    ("Valtti", "fi", ["valtti", "valtin", "valttia"]),
    ("Kilpailu", "fi", ["kilpailun", "kilpailussa"]),
    ("Korjattu pistetulos", "fi", ["korjatun pistetuloksen", "Korjattu pistetulos", "korjattua pistetulosta"]),
    ("Keinotekoinen tarjous", "fi", ["keinotekoisen tarjouksen"]),
    ("Pakka", "fi", ["pakan", "pakkaan", "Pakka"]),
    ("Lähtökortti (Lähtö)", "fi", ["lähtökortin", "lähtökorttia"]),
    ("Ayrık skor", "tr", ["ayrık skor", "Ayrık skoru", "ayrık skor’a"]),
]

NOT_THE_TERM = [
    ("Valtti", "fi", "valtuuttaa"),
    ("Kilpailu", "fi", "kilpailunjohtaja"),
    ("Joukkue", "fi", "joukkuekilpailussa"),
    ("Tikki", "fi", "tikkipisteet"),
    ("Jako", "fi", "jakaa"),
]


@pytest.mark.parametrize(("term", "lang", "forms"), INFLECTED, ids=[case[0] for case in INFLECTED])
def test_inflected_forms_match(term: str, lang: str, forms: list[str]) -> None:
    pattern = term_pattern(term, lang)
    assert pattern is not None
    for form in forms:
        assert pattern.fullmatch(form), form


@pytest.mark.parametrize(("term", "lang", "word"), NOT_THE_TERM, ids=[f"{c[0]}-{c[2]}" for c in NOT_THE_TERM])
def test_other_words_do_not(term: str, lang: str, word: str) -> None:
    pattern = term_pattern(term, lang)
    assert pattern is not None and not pattern.search(word)


def _term(name: str) -> Term:
    pattern = term_pattern(name, "fi")
    assert pattern is not None
    return Term(name, name.lower(), "gloss", pattern)


def test_first_use_only_and_the_longer_term_wins() -> None:
    terms = [_term("Rangaistuskortti"), _term("Rangaistus")]
    seen: set[str] = set()
    first = find_terms("rangaistuskortin ja rangaistuksen jälkeen rangaistus", terms, seen)
    assert [(s, e, t.term) for s, e, t in first] == [(0, 16, "Rangaistuskortti"), (20, 33, "Rangaistus")]
    assert find_terms("rangaistus", terms, seen) == []


@given(st.text(max_size=200))
def test_found_spans_are_ordered_and_disjoint(text: str) -> None:
    spans = find_terms(text, [_term("Rangaistus"), _term("Revokki"), _term("Pakka")], set())
    for (_, end, _), (start, _, _) in itertools.pairwise(spans):
        assert end <= start
