"""Alignment by canonical reference, and the word-level redline."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core.refs import sort_key
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage4_render.align import align
from bridgelaws.stage4_render.redline import diff, diff_html


def test_law_13_rows_are_the_union_in_reading_order_with_honest_gaps(corpus: corpus_module.Corpus) -> None:
    entries = [corpus.by_id(doc) for doc in ("fi-1997", "fi-2007", "sv-2007")]
    rows = align(13, [e for e in entries if e])
    refs = [row.ref for row in rows]
    assert refs == sorted(refs, key=sort_key)
    assert [r for r in refs if len(r) == 3] == ["13A", "13B", "13C", "13D", "13E", "13F"]
    by_ref = {row.ref: row for row in rows}
    fi1997, fi2007, sv = by_ref["13F"].cells
    assert fi1997 is None, "the 1997 Law 13 has no section F: an empty cell, not a neighbour's text"
    assert fi2007 is not None and fi2007.title == "Ylimääräinen kortti"
    assert sv is not None and sv.title == "För många kort"
    assert by_ref["13D2a"].cells[0] is None


def test_each_cell_holds_only_its_own_provision(corpus: corpus_module.Corpus) -> None:
    entry = corpus.by_id("fi-2007")
    assert entry is not None
    rows = {row.ref: row for row in align(12, [entry])}
    section_c = rows["12C"].cells[0]
    assert section_c is not None and section_c.paragraphs == ()  # 12C's text is in its items
    assert rows["12C1b"].cells[0] is not None


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("a b c", "a b c", "a b c"),
        (
            "jos on kärsitty väärä rangaistus.",
            "jos on oikaistu.",
            "jos on <del>kärsitty väärä rangaistus.</del> <ins>oikaistu.</ins>",
        ),
        ("pelaaja <b>", "pelaaja <i>", "pelaaja <del>&lt;b&gt;</del> <ins>&lt;i&gt;</ins>"),
        ("", "uusi teksti", "<ins>uusi teksti</ins>"),
    ],
    ids=["same", "replaced-words", "escaped", "all-new"],
)
def test_diff_html(old: str, new: str, expected: str) -> None:
    assert diff_html(old, new) == expected


WORDS = st.lists(st.sampled_from(["kortti", "pelaaja", "tikki", "(ks.", "12C)", "ja", "tai"]), max_size=30)


@given(WORDS, WORDS)
def test_diff_rebuilds_both_texts(old: list[str], new: list[str]) -> None:
    pieces = list(diff(" ".join(old), " ".join(new)))
    assert " ".join(text for op, text in pieces if op != "+").split() == old
    assert " ".join(text for op, text in pieces if op != "-").split() == new
