"""Read the concordance files and walk them: a provision of one text in another text's numbering."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

from bridgelaws.core import datafile
from bridgelaws.core.facts import EDITIONS, LAW_NUMBERS
from bridgelaws.core.refs import ancestors
from bridgelaws.stage3_link.concordance.model import (
    Checked,
    Deviation,
    LawPair,
    LawRelation,
    LawSubject,
    Pair,
    Relation,
)

REF = re.compile(r"^[1-9][0-9]?(?:[A-Z][0-9]*[a-z]*)?$")  # 16, 16B, 12C1b, 40B2ai (the export schema's form)
PAIR_FILES = ("*.computed.toml", "*.curated.toml")
CURATED_SUFFIX = ".curated.toml"  # its rows, [[pair]] and [[law]], each say how sure they are (`checked`)
REVIEW_SUFFIX = ".review.toml"
DEVIATIONS = "deviations.toml"


@dataclass(frozen=True)
class Correspondence:
    """Where a provision is in another edition: ``ref`` (None: it has no counterpart there).

    ``rows`` are the concordance rows the way went through (one per edition step);
    ``coarser`` is true when a row of an ancestor was used (the provision itself has none).
    """

    ref: str | None
    relation: Relation
    rows: tuple[Pair, ...]
    coarser: bool = False


@dataclass
class Concordance:
    pairs: list[Pair] = field(default_factory=list)
    deviations: list[Deviation] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # rows left out, file:line first
    laws: list[LawPair] = field(default_factory=list)  # whole laws ([[law]] rows), in file order

    def __post_init__(self) -> None:
        self._older: dict[tuple[str, str], list[Pair]] = {}  # (old edition, old ref) → rows
        self._newer: dict[tuple[str, str], list[Pair]] = {}  # (new edition, new ref) → rows
        for pair in self.pairs:
            if pair.old:
                self._older.setdefault((pair.editions[0], pair.old), []).append(pair)
            if pair.new:
                self._newer.setdefault((pair.editions[1], pair.new), []).append(pair)
        self._by_law: dict[int, list[Pair]] = {}  # law → rows touching it on either side, in file order
        for pair in self.pairs:
            for law in dict.fromkeys(_law(ref) for ref in (pair.old, pair.new) if ref):
                self._by_law.setdefault(law, []).append(pair)
        # law rows by step and side: ((older, newer), True, "23") → the rows whose older side is 23;
        # every "Law N" of every page and concept asks, and a scan of every row each time made the
        # term pages and search linear in concepts times rows
        self._law_sides: dict[tuple[tuple[str, str], bool, str], list[LawPair]] = {}
        for row in self.laws:
            for older_side, number in ((True, row.old), (False, row.new)):
                if number is not None:
                    self._law_sides.setdefault((row.editions, older_side, number), []).append(row)
        self._to_edition = {(d.doc, d.text): d.edition for d in self.deviations}
        self._from_edition = {(d.doc, d.edition): d.text for d in self.deviations}
        # walks already made, by their arguments: every provision's toolbar, language menu, national
        # notes and compare row asks for the same walks (a concordance is not changed once loaded)
        self._walks: dict[tuple[str, str, str], tuple[Correspondence, ...] | None] = {}
        self._walks_between: dict[tuple[str, str, str, str, str], tuple[Correspondence, ...] | None] = {}

    @cached_property
    def subjects(self) -> dict[int, tuple[LawSubject, ...]]:
        """Each law's subjects across the editions (:func:`laws.law_subjects`, :func:`find_subjects`),
        every law's found at the first question: every page and concept naming a law asks, and a concordance is not
        changed once loaded."""
        return {number: tuple(find_subjects(self, number)) for number in LAW_NUMBERS}

    def law_step_rows(self, editions: tuple[str, str], older_side: bool, number: str) -> list[LawPair]:
        """The law rows of the step ``editions`` whose older (or newer) side is law ``number``, in
        file order."""
        return list(self._law_sides.get((editions, older_side, number), ()))

    # -- a text's numbering and its edition's ------------------------------------------------

    def to_edition(self, doc_id: str, ref: str) -> str:
        """``sv-2007``'s ``12C1e`` → the edition's ``12C1f``; most refs are the edition's already."""
        for ancestor in ancestors(ref):
            if (doc_id, ancestor) in self._to_edition:
                return self._to_edition[(doc_id, ancestor)] + ref[len(ancestor) :]
        return ref

    def in_text(self, doc_id: str, ref: str) -> str:
        """The edition's ``ref`` as ``doc_id`` numbers it (the inverse of :meth:`to_edition`)."""
        for ancestor in ancestors(ref):
            if (doc_id, ancestor) in self._from_edition:
                return self._from_edition[(doc_id, ancestor)] + ref[len(ancestor) :]
        return ref

    # -- between editions -------------------------------------------------------------------------

    def step(self, ref: str, edition: str, other: str) -> list[Correspondence] | None:
        """``ref`` of ``edition`` in the consecutive ``other`` edition; None when no row covers it."""
        forward = EDITIONS.index(other) > EDITIONS.index(edition)
        index = self._older if forward else self._newer
        for ancestor in ancestors(ref):
            rows = index.get((edition, ancestor))
            if rows:
                return [
                    Correspondence(row.new if forward else row.old, row.relation, (row,), ancestor != ref)
                    for row in rows
                ]
        return None

    def corresponding(self, ref: str, edition: str, other: str) -> list[Correspondence] | None:
        """``ref`` of ``edition`` in ``other``, one edition step at a time (1997 → 2007 → 2017).

        None when a step has no row (the mapping cannot be established); a correspondence
        with ``ref`` None when the provision has no counterpart (new or dropped on the way).
        """
        key = (ref, edition, other)
        if key not in self._walks:
            found = self._walk(ref, edition, other)
            self._walks[key] = None if found is None else tuple(found)
        walked = self._walks[key]
        return None if walked is None else list(walked)  # a list of the caller's own

    def _walk(self, ref: str, edition: str, other: str) -> list[Correspondence] | None:
        if edition == other:
            return [Correspondence(ref, Relation.SAME, ())]
        start, end = EDITIONS.index(edition), EDITIONS.index(other)
        direction = 1 if end > start else -1
        found = [Correspondence(ref, Relation.SAME, ())]
        for position in range(start, end, direction):
            here, there = EDITIONS[position], EDITIONS[position + direction]
            following: list[Correspondence] = []
            for current in found:
                if current.ref is None:
                    following.append(current)
                    continue
                stepped = self.step(current.ref, here, there)
                if stepped is None:
                    return None
                following.extend(
                    Correspondence(
                        s.ref,
                        s.relation if current.relation is Relation.SAME else current.relation,
                        current.rows + s.rows,
                        current.coarser or s.coarser,
                    )
                    for s in stepped
                )
            found = following
        return list(dict.fromkeys(found))

    def between(self, doc_id: str, edition: str, ref: str, other_doc: str, other: str) -> list[Correspondence] | None:
        """``ref`` as text ``doc_id`` (of ``edition``) numbers it, in text ``other_doc`` (of ``other``)."""
        key = (doc_id, edition, ref, other_doc, other)
        if key not in self._walks_between:
            found = self.corresponding(self.to_edition(doc_id, ref), edition, other)
            self._walks_between[key] = (
                None
                if found is None
                else tuple(
                    Correspondence(self.in_text(other_doc, c.ref) if c.ref else None, c.relation, c.rows, c.coarser)
                    for c in found
                )
            )
        walked = self._walks_between[key]
        return None if walked is None else list(walked)  # a list of the caller's own

    def of_law(self, law: int) -> list[Pair]:
        """Every row that touches law ``law`` on either side, in file order."""
        return list(self._by_law.get(law, ()))

    def law_rows(self, edition: str, law: int) -> list[LawPair]:
        """The ``[[law]]`` rows on which law ``law`` of ``edition`` is a side (toward either neighbour)."""
        number = str(law)
        return [
            row
            for row in self.laws
            if (row.editions[0] == edition and row.old == number) or (row.editions[1] == edition and row.new == number)
        ]


def first_counterpart(found: list[Correspondence] | None) -> str | None:
    """The first provision ``corresponding``/``between`` establish; None when no row covers the
    provision or it has no counterpart.  Callers fall back to the law, never to the same number."""
    return next((c.ref for c in found or () if c.ref), None)


def _law(ref: str) -> int:
    return int(re.match(r"[0-9]+", ref)[0])  # type: ignore[index]


# -- reading the files ----------------------------------------------------------------------------


def load(folder: Path) -> Concordance:
    """Every pair (computed rows with their review decisions applied, then curated rows) and deviation.

    A wrong row is left out with an error naming its file and line; the rest is used.
    """
    concordance_errors: list[str] = []
    pairs: list[Pair] = []
    laws: list[LawPair] = []
    for pattern in PAIR_FILES:
        for path in sorted(folder.glob(pattern)):
            found, found_laws = _read_pairs(path, concordance_errors)
            review = path.with_name(path.name.replace(".computed.toml", REVIEW_SUFFIX))
            if path.name.endswith(".computed.toml") and review.exists():
                found = _apply_review(found, review, concordance_errors)
            pairs.extend(found)
            laws.extend(found_laws)
    deviations = _read_deviations(folder / DEVIATIONS, concordance_errors)
    return Concordance(pairs, deviations, concordance_errors, laws)


def _toml(path: Path, errors: list[str]) -> tuple[dict[str, Any], list[str]]:
    file = datafile.read_or_leave_out(path, errors)
    return (file.data, file.lines) if file else ({}, [])


def _read_pairs(path: Path, errors: list[str]) -> tuple[list[Pair], list[LawPair]]:
    data, lines = _toml(path, errors)
    if not data:
        return [], []
    editions = tuple(data["editions"]) if isinstance(data.get("editions"), list) else ()
    if (
        len(editions) != 2
        or not all(e in EDITIONS for e in editions)
        or EDITIONS.index(editions[1]) - EDITIONS.index(editions[0]) != 1
    ):
        where = f"{path}:{datafile.key_line(lines, 'editions')}"
        errors.append(f"{where}: editions must be two consecutive editions, older first (got {data.get('editions')!r})")
        return [], []
    pair_editions = (str(editions[0]), str(editions[1]))
    curated = path.name.endswith(CURATED_SUFFIX)
    pairs = []
    for at, row in _rows(data, lines, "pair", path, errors):
        pair = _pair(row, pair_editions, at, errors, curated)
        if pair:
            pairs.append(pair)
    laws = []
    for at, row in _rows(data, lines, "law", path, errors):
        law = _law_pair(row, pair_editions, at, errors)
        if law:
            laws.append(law)
    return pairs, laws


def _rows(data: dict[str, Any], lines: list[str], header: str, path: Path, errors: list[str]) -> list[tuple[str, Any]]:
    """Each ``[[header]]`` table with its ``file:line``; what is no table is left out with an error."""
    found = datafile.DataFile(path, data, lines).rows(header)
    for at, row in found:
        if not isinstance(row, dict):
            errors.append(f"{at}: a [[{header}]] row must be a table, not {datafile.type_name(row)}; left out")
    return [(at, row) for at, row in found if isinstance(row, dict)]


def _pair(
    row: dict[str, Any], editions: tuple[str, str], at: str, errors: list[str], curated: bool = False
) -> Pair | None:
    old, new, basis = row.get("old"), row.get("new"), _text(row.get("basis"))
    try:
        relation = Relation(str(row.get("relation")))
    except ValueError:
        errors.append(f"{at}: unknown relation {row.get('relation')!r}; the row is left out")
        return None
    checked, checked_problem = _checked(row, curated)
    problem = _problem(old, new, relation, basis) or checked_problem
    if problem:
        errors.append(f"{at}: {problem}; the row is left out")
        return None
    score = row.get("score")
    if score is not None and (isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1):
        errors.append(f"{at}: score must be a number from 0 to 1, not {score!r}; the row is left out")
        return None
    return Pair(editions, old, new, relation, basis, float(score) if score is not None else None, at, checked)


def _text(value: object) -> str:
    """A text value stripped; "" for anything else (a missing or wrongly typed basis is no basis)."""
    return value.strip() if isinstance(value, str) else ""


def _checked(row: dict[str, Any], required: bool) -> tuple[Checked | None, str]:
    """A row's ``checked`` (read | not verified): required on a curated row, optional elsewhere."""
    value = row.get("checked")
    if value is None:
        return None, ("no checked (read or not verified)" if required else "")
    try:
        return Checked(value), ""
    except ValueError:
        return None, f"checked must be 'read' or 'not verified' (got {value!r})"


def _law_pair(row: dict[str, Any], editions: tuple[str, str], at: str, errors: list[str]) -> LawPair | None:
    """A ``[[law]]`` row: both sides are whole laws (``"23"``), never provisions."""
    old, new, basis = row.get("old"), row.get("new"), _text(row.get("basis"))
    try:
        relation = LawRelation(str(row.get("relation")))
    except ValueError:
        errors.append(f"{at}: unknown law relation {row.get('relation')!r}; the row is left out")
        return None
    checked, checked_problem = _checked(row, required=True)
    problem = _law_problem(old, new, relation, basis) or checked_problem
    unknown = sorted(set(row) - {"old", "new", "relation", "basis", "checked", "nearest"})
    if unknown:
        problem = problem or f"unknown key(s) {', '.join(unknown)}"
    nearest = row.get("nearest")
    if nearest is not None and not problem:
        problem = _nearest_problem(nearest, relation)
    if problem or checked is None:
        errors.append(f"{at}: {problem}; the row is left out")
        return None
    return LawPair(editions, old, new, relation, basis, checked, at, nearest)


def _nearest_problem(nearest: object, relation: LawRelation) -> str:
    """``nearest`` names the other edition's provision nearest to a new or dropped law's subject."""
    if relation not in (LawRelation.NEW, LawRelation.DROPPED):
        return f"nearest is for a new or dropped law, not a {relation} one"
    if not (isinstance(nearest, str) and REF.match(nearest)):
        return f"nearest {nearest!r} is not a canonical provision reference"
    return ""


def _sides_problem(old: object, new: object, relation: str, basis: str, what: str) -> str | None:
    """What every row's shape asks, a law's or a provision's (``what``): a basis, and both sides
    but for ``new`` (no old side) and ``dropped`` (no new side); None when the row has both sides
    and a basis, for the kind's own checks."""
    if not basis:
        return "no basis"
    if relation == "new":
        return f"a new {what} has no old side" if old is not None else ("" if new else "no new side")
    if relation == "dropped":
        return f"a dropped {what} has no new side" if new is not None else ("" if old else "no old side")
    if old is None or new is None:
        return f"a {relation} {what} row needs both sides"
    return None


def _law_problem(old: object, new: object, relation: LawRelation, basis: str) -> str:
    for side in (old, new):
        if side is not None and not (isinstance(side, str) and side.isdigit() and int(side) in LAW_NUMBERS):
            return f"{side!r} is not a law number (1-93)"
    shape = _sides_problem(old, new, relation, basis, "law")
    if shape is not None:
        return shape
    if relation is LawRelation.MOVED and old == new:
        return "'moved' goes to another law"
    if relation is not LawRelation.MOVED and old != new:
        return f"'{relation}' keeps the law's number ({old} ≠ {new})"
    return ""


def _problem(old: object, new: object, relation: Relation, basis: str) -> str:
    for side in (old, new):
        if side is not None and not (isinstance(side, str) and REF.match(side)):
            return f"{side!r} is not a canonical provision reference"
    shape = _sides_problem(old, new, relation, basis, "provision")
    if shape is not None:
        return shape
    assert isinstance(old, str) and isinstance(new, str)
    if relation is Relation.SAME and old != new:
        return f"'same' pairs the same number ({old} ≠ {new})"
    if relation is Relation.RENUMBERED and (_law(old) != _law(new) or old == new):
        return "'renumbered' stays in one law under another number"
    if relation is Relation.MOVED and _law(old) == _law(new):
        return "'moved' goes to another law"
    return ""


def _apply_review(pairs: list[Pair], path: Path, errors: list[str]) -> list[Pair]:
    """Review decisions: ``reject`` removes a computed row, ``accept`` keeps it (its relation may be
    corrected), ``add`` adds one; every decision carries who and why."""
    data, lines = _toml(path, errors)
    kept = list(pairs)
    if not pairs:
        return kept
    editions = pairs[0].editions
    for at, row in _rows(data, lines, "review", path, errors):
        decision, why, by = row.get("decision"), row.get("why", ""), row.get("by", "")
        why = why.strip() if isinstance(why, str) else ""
        if not why or not isinstance(by, str) or not by.strip():
            errors.append(f"{at}: a review decision needs 'by' and 'why'; it is left out")
            continue
        matching = [p for p in kept if (p.old, p.new) == (row.get("old"), row.get("new"))]
        if decision == "reject":
            if not matching:
                errors.append(f"{at}: rejects {row.get('old')} ↔ {row.get('new')}, which is not computed")
            kept = [p for p in kept if p not in matching]
        elif decision in ("accept", "add"):
            if decision == "accept" and not matching:
                errors.append(f"{at}: accepts {row.get('old')} ↔ {row.get('new')}, which is not computed")
                continue
            relation = row.get("relation") or (matching[0].relation if matching else None)
            added = _pair(
                {**row, "relation": relation, "basis": f"review ({row['by']}): {why}"},
                (str(editions[0]), str(editions[1])),
                at,
                errors,
            )
            if added:
                kept = [p for p in kept if p not in matching] + [added]
        else:
            errors.append(f"{at}: decision must be accept, reject or add (got {decision!r})")
    return kept


def _read_deviations(path: Path, errors: list[str]) -> list[Deviation]:
    if not path.exists():
        return []
    data, lines = _toml(path, errors)
    found = []
    for at, row in _rows(data, lines, "deviation", path, errors):
        text, edition, doc = row.get("text"), row.get("edition"), row.get("doc")
        if not (isinstance(text, str) and REF.match(text) and isinstance(edition, str) and REF.match(edition)):
            errors.append(f"{at}: text and edition must be canonical references; the row is left out")
            continue
        if not isinstance(doc, str) or not doc or not isinstance(row.get("basis"), str) or not row["basis"].strip():
            errors.append(f"{at}: a deviation needs its doc and a basis; the row is left out")
            continue
        found.append(Deviation(str(doc), text, edition, str(row["basis"]), at))
    return found


# -- whole laws: what law N holds in each edition (laws.py reads these) ---------------------------

# rows that keep a law's number and subject across a step (changed: in part)
KEPT = (LawRelation.SAME, LawRelation.RESTRUCTURED, LawRelation.CHANGED)


def step_rows(concordance: Concordance, law: int, edition: str, other: str) -> list[LawPair]:
    """The law rows between the consecutive ``edition`` and ``other`` on which law ``law`` of
    ``edition`` is a side."""
    forward = EDITIONS.index(other) > EDITIONS.index(edition)
    return concordance.law_step_rows((edition, other) if forward else (other, edition), forward, str(law))


def find_subjects(concordance: Concordance, number: int) -> list[LawSubject]:
    """:func:`law_subjects` worked out from the law rows."""
    spans: list[list[str]] = [[EDITIONS[0]]]
    boundaries: dict[str, tuple[list[LawPair], list[LawPair]]] = {}  # edition after a break → (went, came)
    within: dict[int, list[LawPair]] = {}
    for older, newer in pairwise(EDITIONS):
        rows = step_rows(concordance, number, older, newer)
        came = [row for row in step_rows(concordance, number, newer, older) if row.relation is LawRelation.NEW]
        kept = [row for row in rows if row.relation in KEPT]
        if (rows and not kept) or came:
            went = [row for row in rows if row.relation not in KEPT]
            boundaries[newer] = (went, came)
            spans.append([newer])
        else:
            within.setdefault(len(spans) - 1, []).extend(kept)
            spans[-1].append(newer)
    number_text = str(number)
    found = []
    for index, editions in enumerate(spans):
        joined = tuple(
            row
            for row in concordance.laws
            if row.relation is LawRelation.MOVED and row.new == number_text and row.editions[1] in editions
        )
        _, came = boundaries.get(editions[0], ([], []))
        went, _ = boundaries.get(spans[index + 1][0], ([], [])) if index + 1 < len(spans) else ([], [])
        found.append(
            LawSubject(number, tuple(editions), tuple(came), tuple(went), tuple(within.get(index, ())), joined)
        )
    return found
