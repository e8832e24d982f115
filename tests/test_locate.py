"""Locating a paragraph's first words: the scan finds what a pattern per paragraph found.

``find_printed`` replaced ``_pattern(lead).search(text, start, end)`` in ``paragraph_start``
(compiling a pattern for each of the corpus's paragraphs cost more than the searches).  The
pattern stays the rule: the property test holds the scan to it on texts made of the characters
that matter (hyphens, every kind of whitespace, the words' own letters).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bridgelaws.stage3_link.locate import _pattern, find_printed

# the words' letters, hyphens, and whitespace of several kinds (str.split's and \s's alike)
TEXT = st.text(alphabet="ab-c \n\t\u00a0\u2003\x1c", max_size=40)
WORDS = st.text(alphabet="ab-c", min_size=1, max_size=8)


def _by_pattern(text: str, words: str, start: int, end: int) -> int:
    found = _pattern(words).search(text, start, end)
    return -1 if found is None else found.start()


@given(TEXT, WORDS, st.integers(0, 45), st.integers(0, 60))
@example("a- b", "ab", 0, 10)  # a line-break hyphen between two letters
@example("a -b", "ab", 0, 10)  # a hyphen after the gap is a character, not a break
@example("a--b", "a-b", 0, 10)  # the text's hyphen is the words' own or the break's
@example("a- -b", "a-b", 0, 10)
@example("ab", "ab", 0, 1)  # the end bounds the match, not only its start
def test_the_scan_finds_what_the_pattern_finds(text: str, words: str, start: int, end: int) -> None:
    assert find_printed(text, words, start, end) == _by_pattern(text, words, start, end)


@pytest.mark.parametrize(
    ("text", "words", "expected"),
    [
        ("see law 16C", "law16C", 4),
        ("the law\n16C applies", "law16C", 4),  # across a line break
        ("jälki-\n  tarjous", "jälkitarjous", 0),  # hyphenated at the line's end
        ("jälki - tarjous", "jälkitarjous", -1),  # a dash between words is not a break
        ("law 16 law 16C", "law16C", 7),  # the first place the words are whole
    ],
    ids=["words-apart", "line-break", "hyphen-break", "dash-not-break", "first-whole"],
)
def test_find_printed(text: str, words: str, expected: int) -> None:
    assert find_printed(text, words, 0, len(text)) == expected
