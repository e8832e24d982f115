"""The computed 1997 ↔ 2007 concordance (``stage3_link/concordance/compute.py``) on the real texts.

Table-driven cases for the known traps of the 2007 reorganisation, the alignment's invariants on
random score matrices (Hypothesis), and the committed file being what the computation writes.
"""

from __future__ import annotations

import itertools
import re
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws import cli
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import compute
from bridgelaws.stage3_link.concordance.model import Pair, Relation
from conftest import ROOT

COMPUTED = ROOT / "content" / compute.FILE
LAW = re.compile(r"[0-9]+")


@pytest.fixture(scope="module")
def pairs(corpus: Corpus) -> list[Pair]:
    return compute.compute(corpus)


def rows(pairs: list[Pair]) -> dict[tuple[str | None, str | None], Relation]:
    return {(pair.old, pair.new): pair.relation for pair in pairs}


@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        ("16A", "16B", Relation.RENUMBERED),  # information from partner: 1997 16A is 2007 16B
        ("16", "16A", Relation.RENUMBERED),  # 1997 Law 16's opening paragraph became 2007 16A
        ("16B", "16C", Relation.RENUMBERED),  # information from other sources
        ("16C", "16D", Relation.RENUMBERED),  # withdrawn calls and plays
        ("13A", "13D1", Relation.RENUMBERED),  # 1997 Law 13's sections became items of 2007 13D
        ("13B", "13D2", Relation.RENUMBERED),
        ("13C", "13C", Relation.SAME),  # play completed: the one section of Law 13 that kept its letter
        ("11C", "11B", Relation.RENUMBERED),  # 11B (spectators) dropped, 11C moved up
        ("11B", None, Relation.DROPPED),
        ("12B", "12B2", Relation.RENUMBERED),  # a section that became an item of a new section
        ("12C1", "12C2", Relation.RENUMBERED),  # artificial and assigned adjusted scores swapped places
        ("12C2", "12C1", Relation.RENUMBERED),
        ("7B1", "7B2", Relation.RENUMBERED),
        ("14B1", "14B1", Relation.SPLIT),  # found among the played cards / found elsewhere
        ("14B1", "14B2", Relation.SPLIT),
        ("72A4", "10C3", Relation.MOVED),  # from a law beyond 18
        ("89", "12C3", Relation.MOVED),
        (None, "18F", Relation.NEW),
        (None, "13E", Relation.NEW),
        ("6E4", "6E4", Relation.REWORDED),
    ],
)
def test_a_known_correspondence_is_computed(
    pairs: list[Pair], old: str | None, new: str | None, relation: Relation
) -> None:
    assert rows(pairs).get((old, new)) is relation, [p for p in pairs if old in (p.old, p.new) or new in (p.old, p.new)]


def law_of(pair: Pair) -> int:
    """The law a row is filed under: its 1997 side's, or for a row from beyond Law 18 or a new one, its 2007 side's."""
    old = int(LAW.match(pair.old)[0]) if pair.old else 0  # type: ignore[index]
    return old if old in compute.LAWS else int(LAW.match(pair.new or "")[0])  # type: ignore[index]


@pytest.mark.parametrize("law", [1, 2, 3, 4, 5, 15, 18])
def test_a_plainly_unchanged_law_pairs_same(pairs: list[Pair], law: int) -> None:
    found = [pair for pair in pairs if law_of(pair) == law and pair.old]
    assert found
    assert all(pair.old == pair.new and pair.relation is Relation.SAME for pair in found), found


@pytest.mark.parametrize("ref", ["16", "16A", "16B", "16C", "12B", "13A", "13B", "11B"])
def test_no_same_number_pair_where_the_provision_moved(pairs: list[Pair], ref: str) -> None:
    assert (ref, ref) not in rows(pairs)


def test_every_row_has_a_basis_and_a_score(pairs: list[Pair]) -> None:
    for pair in pairs:
        assert pair.basis.startswith("computed: character 3-5-gram TF-IDF cosine"), pair
        assert pair.score is not None and 0 <= pair.score <= 1, pair
        assert pair.old or pair.new
        named = [f"fi-1997 {pair.old}" if pair.old else "", f"fi-2007 {pair.new}" if pair.new else ""]
        assert all(name in pair.basis for name in named if name), pair


def test_every_section_of_either_text_has_a_row(pairs: list[Pair], corpus: Corpus) -> None:
    named = {("fi-1997", p.old) for p in pairs if p.old} | {("fi-2007", p.new) for p in pairs if p.new}
    for doc in (compute.OLD_TEXT, compute.NEW_TEXT):
        for units in compute.units_of(corpus, doc).values():
            for unit in units:
                assert (doc, unit.ref) in named, unit.name


def test_the_committed_file_is_what_the_computation_writes(pairs: list[Pair]) -> None:
    assert COMPUTED.read_text(encoding="utf-8") == compute.to_toml(pairs), "run `bridgelaws concordance`"


def test_the_file_reads_back_as_the_rows(pairs: list[Pair]) -> None:
    data = tomllib.loads(compute.to_toml(pairs))
    assert data["editions"] == ["1997", "2007"]
    read = [(r.get("old"), r.get("new"), r["relation"], r["score"], r["basis"]) for r in data["pair"]]
    assert read == [(p.old, p.new, p.relation.value, p.score, p.basis) for p in pairs]


def test_rows_go_by_law_then_reading_order(pairs: list[Pair], corpus: Corpus) -> None:
    laws = [law_of(pair) for pair in pairs]
    assert laws == sorted(laws)
    order = {
        unit.ref: unit.order
        for unit in compute.every_unit(u for us in compute.units_of(corpus, "fi-1997").values() for u in us)
    }
    for law in compute.LAWS:
        olds = [order[pair.old] for pair in pairs if pair.old in order and law_of(pair) == law]
        assert olds == sorted(olds), law


def test_the_command_checks_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--content", str(ROOT / "content"), "concordance", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


# -- the alignment -----------------------------------------------------------------------------

matrices = st.integers(0, 6).flatmap(
    lambda rows: st.integers(0, 6).flatmap(
        lambda columns: st.tuples(
            st.just(columns),
            st.lists(
                st.lists(st.floats(0, 1, allow_nan=False), min_size=columns, max_size=columns),
                min_size=rows,
                max_size=rows,
            ),
        )
    )
)


@settings(max_examples=300, deadline=None)
@given(matrices, st.floats(0, 1, allow_nan=False))
def test_the_alignment_keeps_reading_order_and_covers_every_unit_once(
    matrix: tuple[int, list[list[float]]], threshold: float
) -> None:
    columns, scores = matrix
    steps = compute.align(scores, columns, threshold)
    assert [i for i, _ in steps if i is not None] == list(range(len(scores)))
    assert [j for _, j in steps if j is not None] == list(range(columns))
    paired = [(i, j) for i, j in steps if i is not None and j is not None]
    assert all(scores[i][j] > threshold for i, j in paired)


def best_by_brute_force(scores: list[list[float]], columns: int, threshold: float) -> float:
    """The best sum of ``score - threshold`` over every order-keeping matching (small matrices only)."""
    best = 0.0
    cells = [(i, j) for i in range(len(scores)) for j in range(columns) if scores[i][j] > threshold]
    for size in range(1, min(len(scores), columns) + 1):
        for chosen in itertools.combinations(cells, size):
            if all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(chosen)):
                best = max(best, sum(scores[i][j] - threshold for i, j in chosen))
    return best


@settings(max_examples=150, deadline=None)
@given(matrices.filter(lambda m: len(m[1]) <= 4 and m[0] <= 4), st.floats(0, 1, allow_nan=False))
def test_the_alignment_is_the_best_order_keeping_matching(
    matrix: tuple[int, list[list[float]]], threshold: float
) -> None:
    columns, scores = matrix
    steps = compute.align(scores, columns, threshold)
    total = sum(scores[i][j] - threshold for i, j in steps if i is not None and j is not None)
    assert total == pytest.approx(best_by_brute_force(scores, columns, threshold))
