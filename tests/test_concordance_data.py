"""The curated concordance data (content/concordance/*.curated.toml, deviations.toml): format and coverage.

The format is content/concordance/README.md. Coverage is read from the export (content/docs/en/api/laws.json):
what the texts hold and cite must have a row, or be named below with the reason it has none. A missing row
is honest (the link goes to the law); the tables below keep every gap visible and every row checkable.
"""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage3_link import concordance

ROOT = Path(__file__).resolve().parent.parent
CONCORDANCE = ROOT / "content" / "concordance"
EXPORT = ROOT / "content" / "docs" / "en" / "api" / "laws.json"

CURATED = {"1997-2007.curated.toml": ("1997", "2007"), "2007-2017.curated.toml": ("2007", "2017")}
CANONICAL = re.compile(r"^[0-9]{1,2}([A-Z][0-9]*[a-z]?([ivx]+|[0-9]+)?)?$")
RELATIONS = {"same", "renumbered", "moved", "split", "merged", "reworded", "new", "dropped"}
PAIR_KEYS = {"old", "new", "relation", "basis", "checked"}
RESTRUCTURING = {"renumbered", "split", "merged", "moved"}  # a pair row with one of these restructures its laws
DEVIATION_KEYS = {"doc", "text", "edition", "basis"}

# The text that numbers an edition as the WBF does: a deviation's `edition` ref must exist in it.
EDITION_TEXT = {"1997": "fi-1997", "2007": "fi-2007"}

# Laws whose 2017 numbering differs from 2007 in some provision (WBF 2017 against WBF 2007): a 2017
# citation into one of them cannot be linked to 2007 by its number.
RENUMBERED_2017 = frozenset(
    {1, 12, 13, 15, 16, 17, 20, 22, 23, 25, 40, 43, 45, 50, 61, 62, 63, 64, 68, 69, 70, 71, 72, 73} | set(range(85, 94))
)

# 2017 provisions cited by tr-2017 or pl-2017-pzbs, in a law of RENUMBERED_2017, with no 2007-2017 row.
UNCOVERED: dict[str, str] = {
    # Empty: the last ones, PZBS points 11-13 (2017 40B2a(i)-(iii)) and 26 (93C), now have rows (2007 sides read
    # in the Norwegian 2007 translation, see the header of 2007-2017.curated.toml). A new citation without a row
    # goes here with the reason.
}

# Sections of the 2007 texts (Laws 1-18) with no 2007-2017 row.
UNCOVERED_2007: dict[str, str] = {
    # Empty: the last one, 16C3, now has a row (2017 16D3 as quoted in EBU TD forum discussion). A section of the
    # 2007 texts that cannot be paired goes here with the reason.
}

# 2017 provisions with a row that tr-2017 does not print as a provision of its own.
NOT_IN_TR_2017 = {
    "12B1": "tr-2017 prints 2017 12B (B1's text) as one paragraph",
    "12B2": "tr-2017 leaves 2017 12B2 out",
}

# Laws above 18 whose sections tr-2017 holds: their chain 2017 -> 2007 -> 1997 must reach the 1997 text.
CHAINED_LAWS = (42, 43, 45, 46)


def law_of(ref: str) -> int:
    match = re.match(r"\d+", ref)
    assert match, ref
    return int(match.group())


def is_law_level(ref: str) -> bool:
    return ref.isdigit()


@cache
def load(name: str) -> dict[str, Any]:
    with (CONCORDANCE / name).open("rb") as handle:
        return tomllib.load(handle)


@cache
def export() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXPORT.read_text(encoding="utf-8"))
    return data


def document(doc_id: str) -> dict[str, Any]:
    return next(doc for doc in export()["documents"] if doc["id"] == doc_id)


def sections(doc_id: str, laws: tuple[int, ...] | None = None) -> list[str]:
    return [
        section["ref"]
        for law in document(doc_id)["laws"]
        if laws is None or law["law"] in laws
        for section in law["sections"]
    ]


def cited(doc_id: str) -> set[str]:
    """Every provision a document cites (its references' targets; a regulation's points' `laws`)."""
    refs = {target for reference in document(doc_id)["references"] for target in reference["targets"]}
    refs |= {law for point in document(doc_id)["points"] for law in point["laws"]}
    return {ref for ref in refs if not ref.startswith("point:")}


def pairs(name: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = load(name)["pair"]
    return rows


def law_rows(name: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = load(name).get("law", [])
    return rows


def olds(name: str) -> set[str]:
    return {row["old"] for row in pairs(name) if "old" in row}


def news(name: str) -> set[str]:
    return {row["new"] for row in pairs(name) if "new" in row}


def deviations(doc_id: str) -> dict[str, str]:
    """A text's own refs that differ from its edition's, mapped to the edition's."""
    return {row["text"]: row["edition"] for row in load("deviations.toml")["deviation"] if row["doc"] == doc_id}


@pytest.mark.parametrize(("name", "editions"), sorted(CURATED.items()))
def test_editions(name: str, editions: tuple[str, str]) -> None:
    assert tuple(load(name)["editions"]) == editions


def row_problems(row: dict[str, Any]) -> list[str]:
    old, new, relation = row.get("old"), row.get("new"), row.get("relation")
    problems = [f"unknown key {key!r}" for key in sorted(set(row) - PAIR_KEYS)]
    problems += [
        f"{side} {ref!r} is not canonical"
        for side, ref in (("old", old), ("new", new))
        if ref is not None and not (isinstance(ref, str) and CANONICAL.match(ref))
    ]
    if relation not in RELATIONS:
        problems.append(f"relation {relation!r}")
    if not isinstance(row.get("basis"), str) or not row["basis"].strip():
        problems.append("no basis")
    if (old is None) != (relation == "new"):
        problems.append("a `new` row, and only it, has no old")
    if (new is None) != (relation == "dropped"):
        problems.append("a `dropped` row, and only it, has no new")
    unchecked = [] if row.get("checked") in ("read", "not verified") else ["checked must be read or not verified"]
    if old is None or new is None or problems:
        return problems + unchecked
    if relation == "same" and old != new:
        problems.append("`same` with different numbers")
    if relation == "renumbered" and (old == new or law_of(old) != law_of(new)):
        problems.append("`renumbered` must change the number within one law")
    if relation == "moved" and law_of(old) == law_of(new):
        problems.append("`moved` must change the law")
    return problems + unchecked


@pytest.mark.parametrize("name", sorted(CURATED))
def test_rows_are_well_formed(name: str) -> None:
    problems = [f"{row.get('old')} -> {row.get('new')}: {p}" for row in pairs(name) for p in row_problems(row)]
    assert not problems


@pytest.mark.parametrize("name", sorted(CURATED))
def test_no_duplicate_pairs(name: str) -> None:
    keys = [(row.get("old"), row.get("new")) for row in pairs(name)]
    assert sorted({key for key in keys if keys.count(key) > 1}, key=str) == []


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ({"old": "16D", "new": "16C", "relation": "same", "basis": "x"}, "`same` with different numbers"),
        ({"old": "17D", "new": "15A", "relation": "renumbered", "basis": "x"}, "`renumbered` must change"),
        ({"old": "16D", "new": "16C", "relation": "moved", "basis": "x"}, "`moved` must change the law"),
        ({"old": "12C1b", "new": "12C1b", "relation": "new", "basis": "x"}, "has no old"),
        ({"old": "12C1f", "new": "12C1f", "relation": "dropped", "basis": "x"}, "has no new"),
        ({"old": "16D", "new": "16C", "relation": "renumbered", "basis": " "}, "no basis"),
        ({"old": "16(D)", "new": "16C", "relation": "renumbered", "basis": "x"}, "not canonical"),
        ({"old": "16D", "new": "16C", "relation": "swapped", "basis": "x"}, "relation"),
        ({"old": "16D", "new": "16C", "relation": "renumbered", "basis": "x", "score": 1.0}, "unknown key"),
        ({"old": "16D", "new": "16C", "relation": "renumbered", "basis": "x"}, "checked"),
        ({"old": "16D", "new": "16C", "relation": "renumbered", "basis": "x", "checked": "yes"}, "checked"),
    ],
)
def test_the_format_check_catches(row: dict[str, Any], problem: str) -> None:
    assert any(problem in found for found in row_problems(row))


def test_1997_2007_curated_stays_above_law_18() -> None:
    """Laws 1-18 are computed from the two Finnish texts (1997-2007.computed.toml), not curated here."""
    refs = olds("1997-2007.curated.toml") | news("1997-2007.curated.toml")
    assert sorted(ref for ref in refs if law_of(ref) <= 18) == []


def test_deviations_are_well_formed() -> None:
    rows: list[dict[str, Any]] = load("deviations.toml")["deviation"]
    assert rows
    keys = [(row["doc"], row["text"]) for row in rows]
    assert len(keys) == len(set(keys))
    for row in rows:
        assert set(row) == DEVIATION_KEYS, row
        assert row["basis"].strip(), row
        assert row["text"] != row["edition"], row
        assert CANONICAL.match(row["text"]) and CANONICAL.match(row["edition"]), row
        assert row["text"] in sections(row["doc"]), row
        edition_text = EDITION_TEXT[document(row["doc"])["edition"]]
        assert row["edition"] in sections(edition_text), row


def test_sv_2007_lettering_of_12c1() -> None:
    """sv-2007 letters 12C1 (a)-(e) where the edition has (a)-(f): (c) is the edition's (e), (e) its (f)."""
    assert deviations("sv-2007") == {"12C1c": "12C1e", "12C1e": "12C1f"}
    assert [ref for ref in sections("sv-2007", (12,)) if ref.startswith("12C1")] == [
        "12C1", "12C1a", "12C1b", "12C1c", "12C1d", "12C1e",
    ]  # fmt: skip


def test_cited_2017_provisions_have_a_row() -> None:
    """tr-2017 and the PZBS decisions cite 2017 provisions; those in a renumbered law need a 2007-2017 row.

    A citation of a whole law needs none: every law kept its number, and a link to the law is right.
    """
    citations = {ref for doc in ("tr-2017", "pl-2017-pzbs") for ref in cited(doc) if not is_law_level(ref)}
    needed = {ref for ref in citations if law_of(ref) in RENUMBERED_2017}
    covered = news("2007-2017.curated.toml")
    assert sorted(needed - covered - set(UNCOVERED)) == []
    assert sorted(set(UNCOVERED) - needed) == [], "UNCOVERED names a provision no 2017 text cites"
    assert sorted(set(UNCOVERED) & covered) == [], "UNCOVERED names a provision that has a row"


def test_every_tr_2017_section_has_a_row() -> None:
    """Every provision tr-2017 holds is paired with its 2007 source or marked `new`."""
    assert sorted(set(sections("tr-2017")) - news("2007-2017.curated.toml")) == []


def test_2017_refs_of_the_tr_laws_exist_in_tr_2017() -> None:
    tr_laws = {law["law"] for law in document("tr-2017")["laws"]}
    refs = {ref for ref in news("2007-2017.curated.toml") if law_of(ref) in tr_laws and not is_law_level(ref)}
    assert sorted(refs - set(sections("tr-2017")) - set(NOT_IN_TR_2017)) == []


def edition_sections_2007() -> set[str]:
    """Sections of Laws 1-18 in the edition's numbering: fi-2007's, and sv-2007's through the deviations."""
    to_edition = deviations("sv-2007")
    return set(sections("fi-2007")) | {to_edition.get(ref, ref) for ref in sections("sv-2007")}


def test_every_2007_section_has_a_row() -> None:
    """The 2007 texts hold Laws 1-18 (fi-2007 1-18, sv-2007 9-16): each section is paired or `dropped` by a row of
    its own, not only through its parent's (a held-out pair such as 2007 7A <-> 2017 7A needs the row 7A)."""
    held = {ref for ref in edition_sections_2007() if law_of(ref) <= 18}
    covered = olds("2007-2017.curated.toml")
    assert sorted(held - covered - set(UNCOVERED_2007)) == []
    assert sorted(set(UNCOVERED_2007) & covered) == [], "UNCOVERED_2007 names a section that has a row"
    assert sorted(set(UNCOVERED_2007) - held) == [], "UNCOVERED_2007 names a section no 2007 text holds"


def test_2007_refs_of_laws_1_to_18_exist_in_the_2007_texts() -> None:
    refs = {ref for ref in olds("2007-2017.curated.toml") if law_of(ref) <= 18 and not is_law_level(ref)}
    assert sorted(refs - edition_sections_2007()) == []


def test_1997_refs_exist_in_fi_1997() -> None:
    refs = {ref for ref in olds("1997-2007.curated.toml") if not is_law_level(ref)}
    assert sorted(refs - set(sections("fi-1997"))) == []


def test_2007_citations_have_rows() -> None:
    """fi-2007 and sv-2007 cite provisions of their edition; today those above Law 18 link to fi-1997 by number.

    Above Law 18 each needs a 1997-2007 row; in a law renumbered in 2017, or in Laws 9-18, a 2007-2017 row.
    """
    citations = {ref for doc in ("fi-2007", "sv-2007") for ref in cited(doc) if not is_law_level(ref)}
    above_18 = {ref for ref in citations if law_of(ref) > 18}
    assert sorted(above_18 - news("1997-2007.curated.toml")) == []
    onward = {ref for ref in citations if law_of(ref) in RENUMBERED_2017 or 9 <= law_of(ref) <= 18}
    assert sorted(onward - olds("2007-2017.curated.toml") - set(UNCOVERED_2007)) == []


@pytest.mark.parametrize("law", CHAINED_LAWS)
def test_chain_2017_to_1997(law: int) -> None:
    """Each tr-2017 section of a law above 18 reaches the 1997 text: 2017 -> 2007 row -> 1997 row."""
    to_2007 = {(row.get("old"), row["new"]) for row in pairs("2007-2017.curated.toml") if "new" in row}
    reached_2007 = {old for old, new in to_2007 if old is not None and new in sections("tr-2017", (law,))}
    assert sorted(reached_2007 - news("1997-2007.curated.toml")) == []
    assert sorted(set(sections("fi-1997", (law,))) - olds("1997-2007.curated.toml")) == []


# -- whole laws ([[law]] rows) ------------------------------------------------------------------------


def test_every_law_of_2007_and_2017_has_a_law_row() -> None:
    """Each of the 93 laws of either edition is a side of a 2007 <-> 2017 law row (issue 39)."""
    rows = law_rows("2007-2017.curated.toml")
    laws = {str(n) for n in range(1, 94)}
    assert sorted(laws - {row["old"] for row in rows if "old" in row}, key=int) == []
    assert sorted(laws - {row["new"] for row in rows if "new" in row}, key=int) == []


def test_every_law_above_18_has_a_1997_2007_law_row() -> None:
    """Laws 1-18 are paired provision by provision from the Finnish texts; above 18, law by law."""
    rows = law_rows("1997-2007.curated.toml")
    laws = {str(n) for n in range(19, 94)}
    assert sorted(laws - {row["old"] for row in rows if "old" in row}, key=int) == []
    assert sorted(laws - {row["new"] for row in rows if "new" in row}, key=int) == []


def test_every_law_row_passes_the_loaders_checks() -> None:
    """The shipped whole-law rows as the build reads them (stage3_link/concordance/table.py, the
    one rule of a row's shape): no message, none left out."""
    table = concordance.load(CONCORDANCE)
    assert table.errors == [], table.errors
    assert len(table.laws) == sum(len(law_rows(name)) for name in CURATED)


@pytest.mark.parametrize("name", sorted(CURATED))
def test_a_law_is_restructured_exactly_where_pair_rows_move_its_provisions(name: str) -> None:
    """`same`: no pair row renumbers, splits, merges or moves a provision of the law; `restructured`: one does."""
    moved = {
        law_of(ref)
        for row in pairs(name)
        if row["relation"] in RESTRUCTURING
        for ref in (row.get("old"), row.get("new"))
        if ref is not None
    }
    wrong = [
        f"{row['old']}: {row['relation']}"
        for row in law_rows(name)
        if row["relation"] in ("same", "restructured")
        and (row["relation"] == "restructured") != (int(row["old"]) in moved)
    ]
    assert wrong == []


def test_2007_law_23_moved_to_72_and_2017_law_23_is_new() -> None:
    """A law number is not an identity: the 2007 Law 23 (awareness of potential damage) is 2017 72C."""
    rows = {(row.get("old"), row.get("new")): row["relation"] for row in law_rows("2007-2017.curated.toml")}
    assert rows[("23", "72")] == "moved" and rows[(None, "23")] == "new" and ("23", "23") not in rows
    assert {(row.get("old"), row.get("new")): row["relation"] for row in pairs("2007-2017.curated.toml")}[
        ("23", "72C")
    ] == "moved"


@pytest.mark.parametrize("name", sorted(CURATED))
def test_a_row_that_rests_on_memory_says_so(name: str) -> None:
    """Every curated row says how sure it is; one not verified says in its basis what was not read,
    and one read names what it was read in (a public address, or one of our texts)."""
    texts = ("fi-1997", "fi-2007", "sv-2007", "tr-2017", "http", "content/sources/", "this file's header")
    for row in [*pairs(name), *law_rows(name)]:
        if row["checked"] == "not verified":
            assert "not read" in row["basis"] or "not verified" in row["basis"], row
        else:
            assert any(text in row["basis"] for text in texts), row


def test_the_export_carries_the_law_rows_and_validates() -> None:
    """api/laws.json holds every curated row, provisions and whole laws, with `level` and `checked`;
    the committed export validates against docs/laws-json.schema.json."""
    import jsonschema

    schema = json.loads((ROOT / "docs" / "laws-json.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(export(), schema)
    exported = export()["concordance"]
    for name, editions in CURATED.items():
        laws = [row for row in exported if row["level"] == "law" and tuple(row["editions"]) == editions]
        assert len(laws) == len(law_rows(name)), name
    moved = [row for row in exported if row["level"] == "law" and (row["old"], row["new"]) == ("23", "72")]
    assert [row["checked"] for row in moved] == ["read"]
