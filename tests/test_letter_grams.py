"""A word's letter n-grams, as the language model counts them: the letters alone, then the
longer n-grams with the word's edges marked.

``letter_grams`` was written as one pass over every n that dropped an edge alone; it now takes
the 1-grams from the word's letters.  The property test holds it to the first way's answers.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.search.langmodel import MODEL_EDGE, letter_grams


def _by_every_n(word: str, order: int) -> list[str]:
    """The first way: every n-gram of the padded word, an edge alone left out."""
    padded = f"{MODEL_EDGE}{word}{MODEL_EDGE}"
    return [
        padded[at : at + n]
        for n in range(1, order + 1)
        for at in range(len(padded) - n + 1)
        if padded[at : at + n] != MODEL_EDGE
    ]


@given(st.text(alphabet="abä_ıł", max_size=12), st.integers(0, 5))
def test_letter_grams_are_every_n_gram_but_an_edge_alone(word: str, order: int) -> None:
    assert letter_grams(word, order) == _by_every_n(word, order)


def test_letter_grams_example() -> None:
    assert letter_grams("kort", 3) == ["k", "o", "r", "t", "_k", "ko", "or", "rt", "t_", "_ko", "kor", "ort", "rt_"]
