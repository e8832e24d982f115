"""The concordance: reading its files, walking it between editions, and links that cross editions.

A provision of one edition reaches another edition only through a row; a citation with no
row behind it links to the law, never to a same-numbered provision of another edition.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core.refs import ancestors, law_of
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import Concordance, Deviation, Pair, Relation, load
from bridgelaws.stage3_link.resolve import Resolver

ROOT = Path(__file__).resolve().parent.parent


def pair(editions: str, old: str | None, new: str | None, relation: str = "renumbered") -> Pair:
    first, second = editions.split("-")
    return Pair((first, second), old, new, Relation(relation), "test")


# 1997 16A → 2007 16B → 2017 16B; 1997 16 (opening) → 2007 16A; 2007 16D → 2017 16C; 2007 17D → 2017 15A
TABLE = Concordance(
    [
        pair("1997-2007", "16A", "16B"),
        pair("1997-2007", "16", "16A", "renumbered"),
        pair("2007-2017", "16B", "16B", "same"),
        pair("2007-2017", "16D", "16C"),
        pair("2007-2017", "17D", "15A", "moved"),
        pair("2007-2017", "16A", None, "dropped"),
        pair("1997-2007", None, "13A", "new"),
    ],
    [Deviation("sv-2007", "12C1e", "12C1f", "test")],
)


@pytest.mark.parametrize(
    ("ref", "edition", "other", "expected"),
    [
        pytest.param("16A", "1997", "2007", ["16B"], id="renumbered"),
        pytest.param("16B", "2007", "1997", ["16A"], id="backwards"),
        pytest.param("16A2", "1997", "2007", ["16B"], id="through-an-ancestor-row"),
        pytest.param("16A", "1997", "2017", ["16B"], id="two-steps"),
        pytest.param("16D", "2007", "2017", ["16C"], id="2007-16D-is-2017-16C"),
        pytest.param("15A", "2017", "2007", ["17D"], id="moved-back"),
        pytest.param("16", "1997", "2017", [None], id="dropped-on-the-way"),
        pytest.param("13A", "2007", "1997", [None], id="new-has-no-old"),
        pytest.param("16C", "2007", "2017", None, id="no-row-no-mapping"),
        pytest.param("16C", "2007", "2007", ["16C"], id="same-edition"),
    ],
)
def test_corresponding(ref: str, edition: str, other: str, expected: list[str | None] | None) -> None:
    found = TABLE.corresponding(ref, edition, other)
    assert (None if found is None else [c.ref for c in found]) == expected


def test_a_row_of_an_ancestor_is_marked_coarser() -> None:
    found = TABLE.corresponding("16A2", "1997", "2007")
    assert found is not None and found[0].coarser and [p.old for p in found[0].rows] == ["16A"]


def test_a_texts_own_numbering_goes_through_its_deviation() -> None:
    assert TABLE.to_edition("sv-2007", "12C1e") == "12C1f"
    assert TABLE.in_text("sv-2007", "12C1f") == "12C1e"
    assert TABLE.to_edition("fi-2007", "12C1e") == "12C1e"


BAD_ROWS = [
    ("unknown-relation", 'old = "16A"\nnew = "16B"\nrelation = "swapped"\nbasis = "x"', "unknown relation"),
    ("no-basis", 'old = "16A"\nnew = "16B"\nrelation = "renumbered"', "no basis"),
    ("same-but-different", 'old = "16A"\nnew = "16B"\nrelation = "same"\nbasis = "x"', "same number"),
    ("renumbered-across-laws", 'old = "17D"\nnew = "15A"\nrelation = "renumbered"\nbasis = "x"', "one law"),
    ("moved-within-a-law", 'old = "16A"\nnew = "16B"\nrelation = "moved"\nbasis = "x"', "another law"),
    ("new-with-old", 'old = "16A"\nnew = "16B"\nrelation = "new"\nbasis = "x"', "no old side"),
    ("not-a-ref", 'old = "16(a)"\nnew = "16B"\nrelation = "renumbered"\nbasis = "x"', "canonical"),
    ("markup", 'old = "<script>"\nnew = "16B"\nrelation = "renumbered"\nbasis = "x"', "canonical"),
    ("no-checked", 'old = "16A"\nnew = "16B"\nrelation = "renumbered"\nbasis = "x"\nnochecked = 1', "no checked"),
    ("bad-checked", 'old = "16A"\nnew = "16B"\nrelation = "renumbered"\nbasis = "x"\nchecked="yes"', "checked must"),
]


@pytest.mark.parametrize(
    ("row", "message"), [(row, message) for _, row, message in BAD_ROWS], ids=[c[0] for c in BAD_ROWS]
)
def test_a_bad_row_is_left_out_and_named_at_its_line(tmp_path: Path, row: str, message: str) -> None:
    good = 'old = "16A"\nnew = "16B"\nrelation = "renumbered"\nbasis = "1997 16A is 2007 16B"\nchecked = "read"'
    if "checked" not in row:
        row += '\nchecked = "not verified"'
    row = row.replace("\nnochecked = 1", "")
    text = f'editions = ["1997", "2007"]\n\n[[pair]]\n{good}\n\n[[pair]]\n{row}\n'
    (tmp_path / "1997-2007.curated.toml").write_text(text, encoding="utf-8")
    table = load(tmp_path)
    assert [(p.old, p.new) for p in table.pairs] == [("16A", "16B")]
    assert len(table.errors) == 1 and message in table.errors[0]
    assert table.errors[0].startswith(f"{tmp_path / '1997-2007.curated.toml'}:10:"), table.errors[0]  # its [[pair]]


BAD_LAW_ROWS = [
    (
        "unknown-relation",
        'old = "23"\nnew = "23"\nrelation = "renumbered"\nbasis = "x"\nchecked = "read"',
        "unknown law relation",
    ),
    ("no-basis", 'old = "23"\nnew = "23"\nrelation = "same"\nchecked = "read"', "no basis"),
    ("no-checked", 'old = "23"\nnew = "23"\nrelation = "same"\nbasis = "x"', "no checked"),
    ("bad-checked", 'old = "23"\nnew = "23"\nrelation = "same"\nbasis = "x"\nchecked = "sure"', "checked must be"),
    ("a-provision", 'old = "23A"\nnew = "23A"\nrelation = "same"\nbasis = "x"\nchecked = "read"', "not a law number"),
    ("past-93", 'old = "94"\nnew = "94"\nrelation = "same"\nbasis = "x"\nchecked = "read"', "not a law number"),
    (
        "same-but-moved",
        'old = "23"\nnew = "72"\nrelation = "same"\nbasis = "x"\nchecked = "read"',
        "keeps the law's number",
    ),
    ("moved-in-place", 'old = "23"\nnew = "23"\nrelation = "moved"\nbasis = "x"\nchecked = "read"', "another law"),
    ("new-with-old", 'old = "23"\nnew = "23"\nrelation = "new"\nbasis = "x"\nchecked = "read"', "no old side"),
    ("dropped-with-new", 'old = "23"\nnew = "23"\nrelation = "dropped"\nbasis = "x"\nchecked = "read"', "no new side"),
    (
        "unknown-key",
        'old = "23"\nnew = "23"\nrelation = "same"\nbasis = "x"\nchecked = "read"\nlevel = "law"',
        "unknown key",
    ),
]


@pytest.mark.parametrize(
    ("row", "message"), [(row, message) for _, row, message in BAD_LAW_ROWS], ids=[c[0] for c in BAD_LAW_ROWS]
)
def test_a_bad_law_row_is_left_out_and_named_at_its_line(tmp_path: Path, row: str, message: str) -> None:
    good = 'old = "23"\nnew = "72"\nrelation = "moved"\nbasis = "2007 Law 23 is 2017 72C"\nchecked = "read"'
    text = f'editions = ["2007", "2017"]\n\n[[law]]\n{good}\n\n[[law]]\n{row}\n'
    (tmp_path / "2007-2017.curated.toml").write_text(text, encoding="utf-8")
    table = load(tmp_path)
    assert [(p.old, p.new, str(p.relation)) for p in table.laws] == [("23", "72", "moved")]
    assert table.pairs == [] and len(table.errors) == 1 and message in table.errors[0], table.errors
    assert table.errors[0].startswith(f"{tmp_path / '2007-2017.curated.toml'}:10:"), table.errors[0]  # its [[law]]


def test_law_rows_are_read_beside_pairs_and_not_walked(tmp_path: Path) -> None:
    """A [[law]] row says what became of a whole law; it never maps a provision (only pairs do)."""
    (tmp_path / "2007-2017.curated.toml").write_text(
        'editions = ["2007", "2017"]\n'
        '\n[[pair]]\nold = "23"\nnew = "72C"\nrelation = "moved"\nbasis = "b"\nchecked = "read"\n'
        '\n[[law]]\nold = "23"\nnew = "72"\nrelation = "moved"\nbasis = "b"\nchecked = "read"\n'
        '\n[[law]]\nnew = "23"\nrelation = "new"\nbasis = "b"\nchecked = "read"\n',
        encoding="utf-8",
    )
    table = load(tmp_path)
    assert table.errors == []
    assert [(row.old, row.new) for row in table.law_rows("2007", 23)] == [("23", "72")]
    assert [(row.old, row.new) for row in table.law_rows("2017", 23)] == [(None, "23")]
    assert [(row.old, row.new) for row in table.law_rows("2017", 72)] == [("23", "72")]
    assert [c.ref for c in table.corresponding("23", "2007", "2017") or []] == ["72C"]
    assert table.corresponding("23A", "2017", "2007") is None  # the law row does not make 2017 23A a 2007 provision


def test_a_computed_row_needs_no_checked_but_a_curated_one_does(tmp_path: Path) -> None:
    """`checked` says how sure a curated row is; a computed row's basis is its score."""
    row = '\n[[pair]]\nold = "16A"\nnew = "16B"\nrelation = "renumbered"\nbasis = "b"\n'
    (tmp_path / "1997-2007.computed.toml").write_text('editions = ["1997", "2007"]\n' + row, encoding="utf-8")
    (tmp_path / "2007-2017.curated.toml").write_text('editions = ["2007", "2017"]\n' + row, encoding="utf-8")
    table = load(tmp_path)
    assert [p.editions for p in table.pairs] == [("1997", "2007")]
    assert len(table.errors) == 1 and "2007-2017.curated.toml:3: no checked" in table.errors[0]


def test_review_decisions_apply_to_computed_rows(tmp_path: Path) -> None:
    (tmp_path / "1997-2007.computed.toml").write_text(
        'editions = ["1997", "2007"]\n'
        '\n[[pair]]\nold = "16A"\nnew = "16A"\nrelation = "same"\nbasis = "c"\nscore = 0.4\n'
        '\n[[pair]]\nold = "16B"\nnew = "16C"\nrelation = "renumbered"\nbasis = "c"\nscore = 0.9\n',
        encoding="utf-8",
    )
    (tmp_path / "1997-2007.review.toml").write_text(
        '[[review]]\nold = "16A"\nnew = "16A"\ndecision = "reject"\nby = "t"\nwhy = "not the same rule"\n'
        '\n[[review]]\nold = "16A"\nnew = "16B"\ndecision = "add"\nrelation = "renumbered"\nby = "t"\nwhy = "texts"\n'
        '\n[[review]]\nold = "9Z"\nnew = "9Z"\ndecision = "reject"\nby = "t"\nwhy = "stale"\n',
        encoding="utf-8",
    )
    table = load(tmp_path)
    assert sorted((p.old, p.new) for p in table.pairs) == [("16A", "16B"), ("16B", "16C")]
    assert len(table.errors) == 1 and "not computed" in table.errors[0]


def test_the_committed_files_read_without_errors() -> None:
    table = load(ROOT / "content" / "concordance")
    assert table.errors == []


# -- links across editions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "target", "ref", "other_edition"),
    [
        pytest.param("tr-2017", "16C", "16D", True, id="2017-16C-links-2007-16D"),
        pytest.param("fi-2007", "16B", "16B", False, id="same-text-by-number"),
        pytest.param("fi-2007", "23", "23", True, id="the-law-is-a-law"),
    ],
)
def test_a_citation_into_another_edition_follows_the_rows(
    corpus: corpus_module.Corpus, doc: str, target: str, ref: str, other_edition: bool
) -> None:
    entry = corpus.by_id(doc)
    assert entry is not None
    found = Resolver(corpus, TABLE).resolve(entry, target)
    assert found is not None and (found.ref, found.other_edition) == (ref, other_edition)


def test_without_a_row_a_citation_into_another_edition_goes_to_the_law(corpus: corpus_module.Corpus) -> None:
    """sv-2007 cites 65B3; only fi-1997 holds Law 65 and no row says where 2007 65B3 is there."""
    entry = corpus.by_id("sv-2007")
    assert entry is not None
    found = Resolver(corpus, Concordance()).resolve(entry, "65B3")
    assert found is not None and found.document.id == "fi-1997"
    assert found.ref == "65" and "no concordance row" in found.reason


def test_no_provision_link_crosses_editions_without_a_row(corpus: corpus_module.Corpus) -> None:
    """Every link into another edition below the law level has concordance rows behind it."""
    concordance = pipeline.load_concordance(ROOT / "content")
    linkage = pipeline.link(corpus, concordance)
    crossing = 0
    for doc_id, references in linkage.references.items():
        citing = corpus.by_id(doc_id)
        assert citing is not None
        for reference in references:
            for target, found in zip(reference.targets, reference.resolutions, strict=True):
                if found is None or not found.other_edition:
                    continue
                crossing += 1
                if found.ref == str(found.owner):
                    continue  # the law as a whole: no row needed, nothing claimed below it
                rows = concordance.between(
                    doc_id, citing.meta.edition, target, found.document.id, found.document.edition
                )
                mapped = [c.ref for c in rows or () if c.ref]
                assert any(found.ref in ancestors(ref) for ref in mapped), (doc_id, target, found.ref)
                assert law_of(found.ref) == found.owner
    assert crossing > 20, "the real texts cite across editions: the test would prove nothing"
