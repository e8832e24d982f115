"""The provision-tree builder: sequence rules and canonical references."""

from __future__ import annotations

import pytest

from bridgelaws.core.model import Level, Origin
from bridgelaws.stage2_parse.outline import Outline, successor

AT = Origin(1)


def build(labels: list[tuple[Level, str]]) -> tuple[Outline, list[bool]]:
    outline = Outline("12")
    accepted = [outline.open(level, key, key, "", AT) is not None for level, key in labels]
    return outline, accepted


def refs(outline: Outline) -> list[str]:
    return [node.ref for child in outline.children for node in child.walk()]


def test_a_law_builds_its_canonical_refs() -> None:
    outline, accepted = build(
        [(Level.SECTION, "A"), (Level.ITEM, "1"), (Level.SECTION, "B"), (Level.SECTION, "C"), (Level.ITEM, "1"),
         (Level.SUBITEM, "a"), (Level.SUBITEM, "b"), (Level.SUBSUBITEM, "i"), (Level.ITEM, "2")]
    )  # fmt: skip
    assert all(accepted)
    assert refs(outline) == ["12A", "12A1", "12B", "12C", "12C1", "12C1a", "12C1b", "12C1bi", "12C2"]


@pytest.mark.parametrize(
    ("labels", "refused_at"),
    [
        ([(Level.SECTION, "A"), (Level.ITEM, "1"), (Level.ITEM, "3")], 2),  # a gap: 3 after 1
        ([(Level.SECTION, "A"), (Level.ITEM, "1"), (Level.ITEM, "1")], 2),  # a repeat: footnote "1."
        ([(Level.SECTION, "B")], 0),  # must start at A
        ([(Level.ITEM, "1")], 0),  # an item with no section has no canonical ref (121?)
        ([(Level.SECTION, "A"), (Level.SUBITEM, "a")], 1),  # a sub-item needs an item
    ],
    ids=["gap", "repeat", "not-first", "item-without-section", "subitem-without-item"],
)
def test_out_of_sequence_labels_are_refused(labels: list[tuple[Level, str]], refused_at: int) -> None:
    _, accepted = build(labels)
    assert accepted.index(False) == refused_at


def test_numbering_restarts_under_each_parent() -> None:
    outline, accepted = build(
        [(Level.SECTION, "A"), (Level.ITEM, "1"), (Level.ITEM, "2"), (Level.SECTION, "B"), (Level.ITEM, "1")]
    )
    assert all(accepted) and refs(outline)[-1] == "12B1"


@pytest.mark.parametrize(("key", "after"), [("A", "B"), ("9", "10"), ("iii", "iv"), ("h", "i")])
def test_successor(key: str, after: str) -> None:
    assert successor(key) == after
