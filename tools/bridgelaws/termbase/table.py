"""Read the term base (``content/terms/*.toml``) and validate every concept and term.

As the concordance's loader does (:mod:`bridgelaws.stage3_link.concordance.table`), a wrong
row is reported with its file and line and left out; the rest is used, never a traceback.
A concept whose structure is wrong (id, laws, editions) is left out; a term row that is
wrong is left out of its concept; a language with neither a term nor a ``missing`` reason
is reported and the concept kept.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgelaws.core import datafile, refs
from bridgelaws.core.facts import EDITIONS, INTERFACE_LANGUAGES, LAW_COUNT
from bridgelaws.stage3_link.concordance import Checked
from bridgelaws.termbase.model import KINDS, PREFIX, Concept, Missing, Place, Term, TermBase
from bridgelaws.termbase.situations import FOLDER as SITUATIONS_FOLDER
from bridgelaws.termbase.situations import read_folder as read_situations

MIN_PREFIX = 3  # the letters a ``word*`` form needs before its star
COMPUTED_SUFFIX = ".computed.toml"  # aligned titles and definitions (seed.py): read by the checks, not here
CONCEPT_ID = re.compile(
    r"""^[a-z0-9]+(?:-[a-z0-9]+)*$   # an English slug: penalty-card, lead-out-of-turn""",
    re.VERBOSE,
)
TERM_ROW = re.compile(
    r"""^\s*\{\s*lang\s*=   # one term per line:  { lang = "fi", forms = [...], basis = "..." }""",
    re.VERBOSE,
)


def load(folder: Path) -> TermBase:
    """Every concept of every ``*.toml`` under ``folder`` (not the computed alignment), in file
    order, then the situations of its ``situations`` folder."""
    base = TermBase()
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name.endswith(COMPUTED_SUFFIX):
            continue
        for concept in _read(path, base.errors):
            if concept.id in seen:
                base.errors.append(
                    f"{concept.where}: concept {concept.id!r} is already at {seen[concept.id]}; left out"
                )
                continue
            seen[concept.id] = concept.where
            base.concepts.append(concept)
    base.situations = read_situations(folder / SITUATIONS_FOLDER, base.errors)
    return base


def _read(path: Path, errors: list[str]) -> list[Concept]:
    file = datafile.read_or_leave_out(path, errors)
    if file is None:
        return []
    data, lines = file.data, file.lines
    rows = data.get("concept", [])
    if not isinstance(rows, list):
        where = file.key("concept")
        errors.append(f"{where}: 'concept' must be an array of tables ([[concept]]); the file is left out")
        return []
    kind = data.get("kind", "concept")
    if not isinstance(kind, str) or kind not in KINDS:
        errors.append(f"{file.key('kind')}: kind must be one of {', '.join(KINDS)}, not {kind!r}; read as 'concept'")
        kind = "concept"
    blocks = _blocks(lines)
    concepts = []
    for index, row in enumerate(rows):
        start, term_lines = blocks[index] if index < len(blocks) else (1, [])
        defined_at = file.key("defined", after=start)
        concept = _concept(row, f"{path}:{start}", [f"{path}:{n}" for n in term_lines], errors, defined_at)
        if concept:
            concepts.append(replace(concept, kind=kind))
    return concepts


def _blocks(lines: list[str]) -> list[tuple[int, list[int]]]:
    """Per ``[[concept]]``: its header's line and the lines of its term rows (1-based)."""
    blocks: list[tuple[int, list[int]]] = []
    for number, line in enumerate(lines, 1):
        if line.strip() == "[[concept]]":
            blocks.append((number, []))
        elif blocks and TERM_ROW.match(line):
            blocks[-1][1].append(number)
    return blocks


def _concept(row: Any, at: str, term_lines: list[str], errors: list[str], defined_at: str = "") -> Concept | None:
    if not isinstance(row, dict):
        errors.append(f"{at}: a concept must be a table; left out")
        return None
    problem = _concept_problem(row)
    if problem:
        errors.append(f"{at}: {problem}; the concept is left out")
        return None
    terms: list[Term] = []
    missing: list[Missing] = []
    for index, item in enumerate(row.get("terms", [])):
        where = term_lines[index] if index < len(term_lines) else at
        _term(item, where, terms, missing, errors)
    if not terms and not missing:
        errors.append(f"{at}: concept {row['id']!r} has no usable term; the concept is left out")
        return None
    covered = {term.lang for term in terms} | {reason.lang for reason in missing}  # a wrong row is reported already
    for lang in INTERFACE_LANGUAGES:
        if lang not in covered:
            errors.append(f"{at}: concept {row['id']!r} has no term in {lang!r} and no 'missing' reason")
    return Concept(
        id=row["id"],
        name=str(row.get("name") or row["id"].replace("-", " ")),
        laws=tuple(row["laws"]),
        terms=tuple(terms),
        missing=tuple(missing),
        defined=_places(row.get("defined", []), defined_at or at, row["id"], errors),
        editions=tuple(row.get("editions", EDITIONS)),
        laws_in={str(k): tuple(v) for k, v in row.get("laws_in", {}).items()},
        note=str(row.get("note", "")),
        where=at,
    )


def _concept_problem(row: dict[str, Any]) -> str:
    concept_id = row.get("id")
    if not isinstance(concept_id, str) or not CONCEPT_ID.match(concept_id):
        return f"id {concept_id!r} is not an English slug (penalty-card)"
    laws_in = row.get("laws_in", {})
    if not isinstance(laws_in, dict):
        return 'laws_in is a table of editions: { "1997" = ["12C1"] }'
    laws_sets = [row.get("laws"), *laws_in.values()]
    for laws in laws_sets:
        problem = _laws_problem(laws)
        if problem:
            return problem
    editions = row.get("editions", EDITIONS)
    if not isinstance(editions, list | tuple) or not editions or any(e not in EDITIONS for e in editions):
        return f"editions must be some of {list(EDITIONS)} (got {editions!r})"
    if not isinstance(row.get("laws_in", {}), dict) or any(e not in editions for e in row.get("laws_in", {})):
        return "laws_in is keyed by the concept's editions"
    if not isinstance(row.get("defined", []), list):
        return "defined is a list of { doc = …, term = … } or { doc = …, ref = … }"
    if not isinstance(row.get("terms"), list) or not row["terms"]:
        return "no terms"
    wrong = next((key for key in ("name", "note") if not isinstance(row.get(key, ""), str)), None)
    if wrong:
        return f"{wrong} must be text, not {datafile.type_name(row[wrong])}"
    return ""


def _matches_too_much(form: str) -> bool:
    """A form with a ``*`` anywhere but at the end, or fewer than :data:`MIN_PREFIX` letters before
    it (``*``, ``a*``): it would name the concept for nearly every word typed."""
    stem, star, rest = form.strip().partition(PREFIX)
    return bool(star) and (bool(rest) or sum(ch.isalpha() for ch in stem) < MIN_PREFIX)


def _laws_problem(laws: object) -> str:
    if not isinstance(laws, list) or not laws:
        return "laws must be a non-empty list, the governing law first"
    for ref in laws:
        number = refs.law_of(ref) if isinstance(ref, str) else None
        if number is None or refs.canonical(ref) != ref:
            return f"{ref!r} is not a canonical law reference (50, 73D, 12C1b)"
        if not 1 <= number <= LAW_COUNT:
            return f"law {number} is not one of the Laws (1–{LAW_COUNT})"
    return ""


def _place_problem(place: object) -> bool:
    if not isinstance(place, dict) or not isinstance(place.get("doc"), str) or set(place) - {"doc", "term", "ref"}:
        return True
    term, ref = place.get("term"), place.get("ref")
    if (term is None) == (ref is None) or not isinstance(term or ref, str):
        return True
    return ref is not None and not refs.is_ref(ref)  # a provision (16B) or a point (point:3.1), as written


def _places(defined: list[Any], where: str, concept: str, errors: list[str]) -> tuple[Place, ...]:
    """The places that define the concept; a wrong one is left out with an error at ``defined``."""
    places = []
    for place in defined:
        if _place_problem(place):
            errors.append(
                f"{where}: defined: {place!r} is not {{ doc = …, term = … }} or {{ doc = …, ref = … }} with a "
                f"provision (16B) or a point (point:3.1); left out of {concept!r}"
            )
            continue
        places.append(Place(place["doc"], place.get("term"), place.get("ref"), where))
    return tuple(places)


def _term(item: Any, where: str, terms: list[Term], missing: list[Missing], errors: list[str]) -> None:
    """One term row into ``terms`` or ``missing``; a wrong one is reported and left out."""
    if not isinstance(item, dict) or not isinstance(item.get("lang"), str) or item["lang"] not in INTERFACE_LANGUAGES:
        lang = item.get("lang") if isinstance(item, dict) else item
        errors.append(f"{where}: language {lang!r} is not one of {list(INTERFACE_LANGUAGES)}; the term is left out")
        return
    if "missing" in item:
        reason = item["missing"].strip() if isinstance(item["missing"], str) else ""
        if reason and "forms" not in item:
            missing.append(Missing(item["lang"], reason, where))
        else:
            errors.append(f"{where}: 'missing' needs a reason and no forms; the term is left out")
        return
    forms, basis = item.get("forms"), item.get("basis", "")
    if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip() for f in forms):
        errors.append(f"{where}: forms must be a non-empty list of words; the term is left out")
        return
    if wide := next((form for form in forms if _matches_too_much(form)), None):
        errors.append(
            f"{where}: form {wide!r} would match too much: a '*' goes only at the end of a word's first "
            f"{MIN_PREFIX} letters or more (revoke*); the term is left out"
        )
        return
    if not isinstance(basis, str) or not basis.strip():
        errors.append(f"{where}: no basis (where the words come from); the term is left out")
        return
    source, at = item.get("source"), item.get("at")
    if (source is None) != (at is None) or not all(isinstance(v, str | None) for v in (source, at)):
        errors.append(
            f"{where}: 'source' and 'at' go together, both text (the text, where in it); the term is left out"
        )
        return
    basis = basis.strip()
    checked = item.get("checked")
    if checked is not None and checked not in {str(c) for c in Checked}:
        errors.append(f"{where}: checked must be 'read' or 'not verified' (got {checked!r}); the term is left out")
        return
    terms.append(
        Term(
            item["lang"],
            tuple(f.strip() for f in forms),
            basis,
            source,
            at,
            where,
            Checked(checked) if checked is not None else None,
        )
    )
