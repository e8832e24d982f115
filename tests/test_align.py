"""The compare view's rows: provisions aligned through the concordance, never by number across editions.

The logic is tested on the real texts with small hand-made concordances (each case names the
rows it needs); the invariants on the real concordance files, for every law two texts hold.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterable, Sequence

import pytest

from bridgelaws import pipeline
from bridgelaws.core.facts import EDITIONS, DocKind
from bridgelaws.core.refs import law_of, sort_key
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Deviation, Pair, Relation
from bridgelaws.stage4_render.align import Cell, Gap, GapKind, Row, align
from conftest import ROOT

CONCORDANCE = ROOT / "content" / pipeline.CONCORDANCE_FOLDER
COMPUTED = CONCORDANCE / "1997-2007.computed.toml"


def pair(old: str | None, new: str | None, relation: str, editions: tuple[str, str] = ("1997", "2007")) -> Pair:
    return Pair(editions, old, new, Relation(relation), basis="hand-made for the test")


def entries(corpus: Corpus, docs: Iterable[str]) -> list[Entry]:
    found = [corpus.by_id(doc) for doc in docs]
    assert all(found), docs
    return [entry for entry in found if entry]


def rows_of(corpus: Corpus, number: int, docs: Sequence[str], concordance: Concordance, lead: str = "") -> list[Row]:
    return align(number, entries(corpus, docs), concordance, lead)


def holding(rows: list[Row], column: int, ref: str) -> Row:
    """The row whose cell in ``column`` is the text's provision ``ref`` (its own law's)."""
    found = [row for row in rows[1:] if isinstance(cell := row.cells[column], Cell) and cell.ref == ref]
    assert len(found) == 1, f"{ref} is in {len(found)} rows"
    return found[0]


# -- the logic, on hand-made concordances ------------------------------------------------------

LAW_16 = Concordance(
    [
        pair("16A", "16B", "renumbered"),
        pair("16A1", "16B2", "renumbered"),
        pair(None, "16A4", "new"),
        pair("16B2", None, "dropped"),
        pair("16C", "16D", "renumbered"),
    ]
)

# (column of the provision, its ref, what the other column holds in its row: a ref, or a gap's
# kind, edition and ref)
CASES_16: list[tuple[int, str, str | tuple[GapKind, str, str | None]]] = [
    (0, "16A", "16B"),  # renumbered: one row
    (0, "16A1", "16B2"),
    (0, "16A2", (GapKind.WITHIN, "2007", "16B")),  # only its section has a row: a row of its own
    (1, "16A4", (GapKind.NEW, "2007", None)),
    (0, "16B2", (GapKind.DROPPED, "2007", None)),
    (0, "16B", (GapKind.UNMATCHED, "2007", None)),  # no row covers it: never 2007 16B by its number
    (1, "16B1", (GapKind.WITHIN, "1997", "16A")),
    (1, "16C", (GapKind.UNMATCHED, "1997", None)),  # nor 1997 16C: 2007 16C is a row of its own
    (1, "16A", (GapKind.UNMATCHED, "1997", None)),
    (0, "16C1", (GapKind.WITHIN, "2007", "16D")),
]


@pytest.mark.parametrize(("column", "ref", "other"), CASES_16, ids=[f"{c}-{r}" for c, r, _ in CASES_16])
def test_law_16_rows_follow_the_concordance(
    corpus: Corpus, column: int, ref: str, other: str | tuple[GapKind, str, str | None]
) -> None:
    rows = rows_of(corpus, 16, ["fi-1997", "fi-2007"], LAW_16)
    row = holding(rows, column, ref)
    cell = row.cells[1 - column]
    if isinstance(other, str):
        assert isinstance(cell, Cell) and cell.ref == other
        old, new = (ref, other) if column == 0 else (other, ref)
        assert row.label == f"1997 {old} ↔ 2007 {new}"
    else:
        assert isinstance(cell, Gap) and (cell.kind, cell.edition, cell.ref) == other


def test_anchors_name_the_newest_edition_and_stay_unique(corpus: Corpus) -> None:
    rows = rows_of(corpus, 16, ["fi-1997", "fi-2007"], LAW_16)
    assert holding(rows, 1, "16B").anchor == "16B"  # 1997 16A ↔ 2007 16B: #16B as before
    assert holding(rows, 0, "16B").anchor == "1997-16B"  # 1997 16B alone: its number is 2007 16B's row
    assert holding(rows, 0, "16B").label == "1997 16B"
    within = holding(rows, 0, "16A2").cells[1]
    assert isinstance(within, Gap) and within.anchor == "16B"  # the gap links the row it lies within
    ids = [name for row in rows for name in (row.anchor, *row.aliases)]
    assert len(ids) == len(set(ids))
    assert "2007-16B" in holding(rows, 1, "16B").aliases and "1997-16A" in holding(rows, 1, "16B").aliases


def test_a_split_has_a_row_per_new_provision(corpus: Corpus) -> None:
    concordance = Concordance([pair("9A2", "9A2", "split"), pair("9A2", "9A3", "split")])
    rows = rows_of(corpus, 9, ["fi-1997", "fi-2007"], concordance)
    first = holding(rows, 1, "9A2")
    assert isinstance(first.cells[0], Cell) and first.cells[0].ref == "9A2"
    second = holding(rows, 1, "9A3").cells[0]
    assert second == Gap(GapKind.ELSEWHERE, "1997", "9A2", "9A2", Relation.SPLIT)
    assert first.relation("1997", "2007") is Relation.SPLIT


def test_a_merge_has_a_row_per_old_provision(corpus: Corpus) -> None:
    concordance = Concordance([pair("16B1", "16C2", "merged"), pair("16B3", "16C2", "merged")])
    rows = rows_of(corpus, 16, ["fi-1997", "fi-2007"], concordance)
    assert isinstance(holding(rows, 0, "16B1").cells[1], Cell)
    gap = holding(rows, 0, "16B3").cells[1]
    assert isinstance(gap, Gap) and (gap.kind, gap.ref, gap.relation) == (GapKind.ELSEWHERE, "16C2", Relation.MERGED)


def test_a_moved_provision_shows_in_its_row_with_its_own_number(corpus: Corpus) -> None:
    rows = rows_of(corpus, 9, ["fi-1997", "fi-2007"], Concordance([pair("72B3", "9A4", "moved")]))
    moved = holding(rows, 1, "9A4").cells[0]
    assert isinstance(moved, Cell) and (moved.ref, moved.law, moved.label) == ("72B3", 72, "72B3")
    assert holding(rows, 1, "9A4").label == "1997 72B3 ↔ 2007 9A4"


def test_an_opening_paired_with_a_section_leaves_the_law_row(corpus: Corpus) -> None:
    rows = rows_of(corpus, 16, ["fi-1997", "fi-2007"], Concordance([pair("16", "16A", "renumbered")]))
    law = rows[0].cells[0]
    assert isinstance(law, Cell) and law.title and law.paragraphs == ()
    opening = holding(rows, 1, "16A").cells[0]
    assert isinstance(opening, Cell) and opening.ref == "16" and opening.paragraphs
    same = rows_of(corpus, 16, ["fi-1997", "fi-2007"], Concordance([pair("16", None, "dropped")]))
    kept = same[0].cells[0]
    assert isinstance(kept, Cell) and kept.paragraphs  # an opening paired with nothing stays with its law


def test_texts_of_one_edition_share_its_numbering_and_its_deviations(corpus: Corpus) -> None:
    deviations = [
        Deviation("sv-2007", "12C1c", "12C1e", "hand-made for the test"),
        Deviation("sv-2007", "12C1e", "12C1f", "hand-made for the test"),
    ]
    rows = rows_of(corpus, 12, ["fi-2007", "sv-2007"], Concordance([], deviations))
    row = holding(rows, 0, "12C1e")
    swedish = row.cells[1]
    assert isinstance(swedish, Cell) and (swedish.ref, swedish.label) == ("12C1c", "12C1c")
    assert row.label == "12C1e"
    gap = holding(rows, 0, "12C1c").cells[1]
    assert isinstance(gap, Gap) and gap.kind is GapKind.ABSENT
    plain = holding(rows, 0, "12A1").cells[1]
    assert isinstance(plain, Cell) and plain.label == "1."  # the printed label where the numbers agree


def test_a_reworded_pair_is_marked(corpus: Corpus) -> None:
    rows = rows_of(corpus, 6, ["fi-1997", "fi-2007"], Concordance([pair("6E4", "6E4", "reworded")]))
    row = holding(rows, 0, "6E4")
    assert row.relation("1997", "2007") is Relation.REWORDED and row.label == "6E4"


def test_without_a_concordance_no_provision_is_paired_across_editions(corpus: Corpus) -> None:
    docs = ["fi-1997", "fi-2007", "sv-2007"]
    rows = rows_of(corpus, 13, docs, Concordance())
    assert_every_provision_once(rows, entries(corpus, docs), 13)
    for row in rows[1:]:
        assert len({edition for edition, _ in row.numbers}) == 1, row.label
    assert holding(rows, 1, "13A").anchor == "13A" and holding(rows, 0, "13A").anchor == "1997-13A"
    assert isinstance(holding(rows, 1, "13A").cells[2], Cell)  # fi-2007 and sv-2007 share it


# -- invariants ----------------------------------------------------------------------------------


def provisions(entry: Entry, number: int) -> list[str]:
    """Every provision of the law in a text: its opening text (if any) and each section and item."""
    law = entry.document.law(number)
    assert law is not None
    return [law.ref] * bool(law.paragraphs) + [node.ref for node in law.provisions()]


def assert_every_provision_once(rows: list[Row], columns: list[Entry], number: int) -> None:
    for column, entry in enumerate(columns):
        seen: Counter[str] = Counter()
        for index, row in enumerate(rows):
            cell = row.cells[column]
            if not isinstance(cell, Cell) or cell.law != number:
                continue
            if index > 0 or cell.paragraphs:  # the law's own row holds its opening text, if any
                seen[cell.ref] += 1
        expected = Counter(provisions(entry, number))
        assert seen == expected, f"{entry.meta.id}: {(seen - expected) or (expected - seen)}"


def linked(concordance: Concordance, a: tuple[str, str], b: tuple[str, str], editions: list[str]) -> bool:
    """Whether the concordance's own rows (never an ancestor's) lead from ``a`` to ``b``."""
    found, queue = {a}, deque([a])
    while queue:
        edition, ref = queue.popleft()
        for other in editions:
            if other == edition:
                continue
            for c in concordance.corresponding(ref, edition, other) or []:
                if c.ref and not c.coarser and (other, c.ref) not in found:
                    found.add((other, c.ref))
                    queue.append((other, c.ref))
    return b in found


def assert_paired_only_by_the_concordance(rows: list[Row], concordance: Concordance, editions: list[str]) -> None:
    for row in rows[1:]:
        for (ea, ra), (eb, rb) in itertools.pairwise(row.numbers):
            assert linked(concordance, (ea, ra), (eb, rb), editions), f"{row.label}: no concordance row pairs them"
            if ra == rb and EDITIONS.index(eb) == EDITIONS.index(ea) + 1:
                said = [p for p in concordance.pairs if (p.editions, p.old, p.new) == ((ea, eb), ra, rb)]
                assert said, f"{row.label}: the same number across editions without a row saying so"


def assert_in_reading_order(rows: list[Row], lead: str, number: int) -> None:
    """The leading edition's provisions come in its order (the others are placed among them)."""
    refs = [ref for row in rows[1:] for edition, ref in row.numbers if edition == lead and law_of(ref) == number]
    assert refs == sorted(refs, key=sort_key)


def assert_unique_ids(rows: list[Row]) -> None:
    ids = [name for row in rows[1:] for name in (row.anchor, *row.aliases)]
    assert len(ids) == len(set(ids)), [name for name, n in Counter(ids).items() if n > 1]


# -- the real concordance ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def concordance() -> Concordance:
    if not COMPUTED.exists():
        pytest.skip(f"{COMPUTED.relative_to(ROOT)} is absent: the real-data tests need the 1997-2007 rows")
    return pipeline.load_concordance(ROOT / "content")


def test_1997_16a_and_2007_16b_share_a_row(corpus: Corpus, concordance: Concordance) -> None:
    rows = rows_of(corpus, 16, ["fi-1997", "fi-2007"], concordance)
    row = holding(rows, 0, "16A")
    assert isinstance(row.cells[1], Cell) and row.cells[1].ref == "16B"
    assert row.anchor == "16B" and row.label == "1997 16A ↔ 2007 16B"
    assert isinstance(row.cells[0], Cell) and row.cells[0].label == "16A"


@pytest.mark.parametrize(
    ("old", "new"),
    [("16A1", "16B2"), ("16C", "16D"), ("13A", "13D1"), ("13B", "13D2"), ("13C", "13C")],
)
def test_renumbered_provisions_of_laws_13_and_16_share_a_row(
    corpus: Corpus, concordance: Concordance, old: str, new: str
) -> None:
    rows = rows_of(corpus, int(old[:2]), ["fi-1997", "fi-2007"], concordance)
    other = holding(rows, 0, old).cells[1]
    assert isinstance(other, Cell) and other.ref == new


def law_texts(corpus: Corpus) -> list[tuple[int, list[str]]]:
    found = []
    for number in corpus.law_numbers():
        docs = [e.meta.id for e in corpus.entries if e.meta.kind is DocKind.LAWS and e.document.law(number)]
        if len(docs) > 1:
            found.append((number, docs))
    return found


def test_every_law_every_text_every_provision_in_one_row(corpus: Corpus, concordance: Concordance) -> None:
    for number, docs in law_texts(corpus):
        columns = entries(corpus, docs)
        rows = align(number, columns, concordance)
        editions = sorted({e.meta.edition for e in columns}, key=EDITIONS.index)
        assert_every_provision_once(rows, columns, number)
        assert_paired_only_by_the_concordance(rows, concordance, editions)
        assert_unique_ids(rows)
        assert_in_reading_order(rows, editions[-1], number)
        for lead in editions[:-1]:
            led = align(number, columns, concordance, lead)
            assert_every_provision_once(led, columns, number)
            assert_in_reading_order(led, lead, number)
            assert_unique_ids(led)
        for chosen in itertools.combinations(docs, 2):  # a reader's choice of two texts: the same invariants
            two = entries(corpus, chosen)
            assert_every_provision_once(align(number, two, concordance), two, number)


def test_the_leading_edition_orders_and_names_the_rows(corpus: Corpus, concordance: Concordance) -> None:
    """compare/13 shows 1997 and the 2007 texts by default: 2007 leads, the 2017 text sits beside it."""
    docs = ["fi-1997", "fi-2007", "sv-2007", "tr-2017"]
    led = rows_of(corpus, 13, docs, concordance, lead="2007")
    assert holding(led, 1, "13A").anchor == "13A" and holding(led, 1, "13D").anchor == "13D"
    newest = rows_of(corpus, 13, docs, concordance)
    assert holding(newest, 3, "13A").anchor == "13A"
    assert {"2007-13A", "2017-13B1"} <= {holding(newest, 1, "13A").anchor, *holding(newest, 1, "13A").aliases}


def test_a_gap_says_why(corpus: Corpus, concordance: Concordance) -> None:
    rows = rows_of(corpus, 13, ["fi-1997", "fi-2007"], concordance)
    new = holding(rows, 1, "13E").cells[0]
    assert isinstance(new, Gap) and (new.kind, new.edition) == (GapKind.NEW, "2007")
    kinds = {cell.kind for row in rows for cell in row.cells if isinstance(cell, Gap)}
    assert GapKind.UNMATCHED not in kinds  # Laws 1-18 are covered by the 1997-2007 rows
