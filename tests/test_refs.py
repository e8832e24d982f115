"""The canonical reference form and the one anchor generator."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws import refs
from bridgelaws.glossary import term_anchors
from conftest import parsed, source_files


@pytest.mark.parametrize(
    ("printed", "canonical"),
    [
        ("12C1(b)", "12C1b"),
        ("40B2a(i)", "40B2ai"),
        ("13", "13"),
        ("16C", "16C"),
        ("13 A 1", "13A1"),
        ("65B3", "65B3"),
        ("12(b)", None),
        ("C2", None),
        ("kohta", None),
    ],
)
def test_canonical(printed: str, canonical: str | None) -> None:
    assert refs.canonical(printed) == canonical


@pytest.mark.parametrize(
    ("ref", "anchor"),
    [("13A1", "13A1"), ("12C1b", "12C1b"), ("point:3.1.A", "p3-1-A"), ("point:25.1.A.i", "p25-1-A-i")],
)
def test_anchor(ref: str, anchor: str) -> None:
    assert refs.anchor(ref) == anchor


def test_anchor_refuses_what_is_not_a_reference() -> None:
    with pytest.raises(ValueError):
        refs.anchor("13 A")


@given(st.integers(1, 93), st.lists(st.sampled_from(["A", "B", "1", "2", "a", "b", "i"]), max_size=4))
def test_law_refs_are_their_own_anchors(law: int, path: list[str]) -> None:
    ref = refs.law_ref(law, *path)
    if refs.is_ref(ref):
        assert refs.anchor(ref) == ref


@pytest.mark.parametrize("file", source_files())
def test_anchors_are_unique_on_every_page(file: str) -> None:
    for document in parsed(file).documents:
        for owner in [*document.laws, *document.points]:
            ids = [refs.anchor(node.ref) for node in owner.provisions()]
            assert len(ids) == len(set(ids)), f"{file} {owner.number}: duplicate anchors"
        anchors = term_anchors(document)
        assert len(anchors) == len(set(anchors))


@pytest.mark.parametrize(
    ("term", "anchor"),
    [("Lähtökortti (Lähtö)", "def-lahtokortti-lahto"), ("Ağırlıklı skor", "def-agirlikli-skor"), ("OPV", "def-opv")],
)
def test_term_anchor(term: str, anchor: str) -> None:
    assert refs.term_anchor(term) == anchor
