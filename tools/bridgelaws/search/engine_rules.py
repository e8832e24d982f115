"""The search engine's rules: ``[engine]`` of ``content/search.toml``, the one home of how the
engine fits a query word to the term base's words, when a vocabulary as a whole names a
concept, and how many results and pages a search reads at a time (search.toml says what each
rule means).  Here is only what kind of value each rule takes; the values are search.toml's, and
the search pages carry them to the browser's engine (``engine`` in a language's ``data.json``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

TABLE = "engine"

# what each rule is: a whole number ("count"), a number from 0 to 1 ("weight"), a number of at
# least 0 ("score": a feature's weight in the ranking), a fraction as
# [part, whole] ("share", kept whole so that 2 of 3 words is exactly two thirds), a table of
# rules, or a list of such tables
Kind = str | dict[str, Any] | list[dict[str, Any]]
SCHEMA: dict[str, Kind] = {
    "max_query": "count",
    "carrying_length": "count",
    "inflected": {"base": "count", "ending": "count", "changed": "count", "short": "count", "short_ending": "count"},
    "bag": {"words": "count", "long": "count", "share": "share"},
    "bag_stems": [{"stem": "count", "ending": "count"}],
    "situation_bag": {"words": "count", "long": "count", "share": "share"},
    "situation_missed": "count",
    "situation_stem": {"long": "count", "short": "count", "short_ending": "count"},
    "situation_rare": "weight",
    "lone_word": {"long": "count", "laws": "count"},
    "ranking": {
        "firm": "score",
        "loose": "score",
        "rare": "score",
        "whole": "score",
        "exact": "score",
        "title": "score",
        "concept": "score",
        "cover": "score",
    },
    "next_laws": "count",
    "max_variants": "count",
    "variant": "weight",
    "carried_only": "weight",
    "some_words": {"below": "count", "max_words": "count", "variants": "count"},
    "approximate": {"shortest": "count", "cut": "count"},
    "marked_start": "count",
    "max_form_files": "count",
    "page_size": "count",
    "fragments_per_round": "count",
    "min_round": "count",
    "side_by_side": "count",
    "side_by_side_pages": "count",
}
WANTED = {
    "count": "a whole number of at least 0",
    "weight": "a number from 0 to 1",
    "score": "a number of at least 0",
    "share": "[part, whole], whole numbers with 0 < part <= whole",
}


class EngineRulesError(ValueError):
    """``[engine]`` is missing or malformed; the message names the file, line and rule."""


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _fits(kind: str, value: object) -> bool:
    if kind == "count":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if kind == "weight":
        return _number(value) and 0 <= value <= 1  # type: ignore[operator]
    if kind == "score":
        return _number(value) and 0 <= value < float("inf")  # type: ignore[operator]
    parts = value if isinstance(value, list) else []
    whole = len(parts) == 2 and all(isinstance(p, int) and not isinstance(p, bool) for p in parts)
    return whole and 0 < parts[0] <= parts[1]


def _header_line(lines: list[str]) -> int:
    return next((number for number, line in enumerate(lines, 1) if line.strip() == f"[{TABLE}]"), 1)


def _line_of(lines: list[str], key: str) -> int:
    """The line of ``key = …`` in the ``[engine]`` table, or of the table's header."""
    header = _header_line(lines)
    for number, line in enumerate(lines[header:], header + 1):
        if line.lstrip().startswith("["):
            break
        if line.split("=")[0].strip() == key:
            return number
    return header


def _checked(kind: Kind, value: object, name: str, where: str) -> object:
    """``value`` as ``kind`` says, or EngineRulesError naming the rule (``bag.share``)."""
    if isinstance(kind, str):
        if not _fits(kind, value):
            raise EngineRulesError(f"{where}: [{TABLE}] {name}: expected {WANTED[kind]}, got {value!r}")
        return value
    if isinstance(kind, list):
        if not isinstance(value, list) or not value:
            raise EngineRulesError(f"{where}: [{TABLE}] {name}: expected a list of tables of {', '.join(kind[0])}")
        return [_checked(kind[0], item, f"{name}[{index}]", where) for index, item in enumerate(value)]
    if not isinstance(value, dict):
        raise EngineRulesError(f"{where}: [{TABLE}] {name}: expected a table of {', '.join(kind)}")
    unknown = sorted(set(value) - set(kind))
    if unknown:
        raise EngineRulesError(f"{where}: [{TABLE}] {name}: no such rule: {', '.join(unknown)}")
    missing = [key for key in kind if key not in value]
    if missing:
        raise EngineRulesError(f"{where}: [{TABLE}] {name}: missing {', '.join(missing)}")
    return {key: _checked(sub, value[key], f"{name}.{key}" if name else key, where) for key, sub in kind.items()}


def read(path: Path, table: object) -> dict[str, object]:
    """The ``[engine]`` table of ``path`` (its parsed ``table``), every rule present and of its
    kind; EngineRulesError, naming the file, line and rule, when not."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if table is None:
        raise EngineRulesError(f"{path}:1: [{TABLE}]: missing; the search engine's rules are there")
    if not isinstance(table, dict):
        raise EngineRulesError(f"{path}:{_header_line(lines)}: [{TABLE}]: expected a table")
    rules = {}
    for key, value in table.items():  # each rule said at its own line when it is wrong
        where = f"{path}:{_line_of(lines, key)}"
        if key not in SCHEMA:
            raise EngineRulesError(f"{where}: [{TABLE}] {key}: no such rule")
        rules[key] = _checked(SCHEMA[key], value, key, where)
    missing = [key for key in SCHEMA if key not in rules]
    if missing:
        raise EngineRulesError(f"{path}:{_header_line(lines)}: [{TABLE}]: missing {', '.join(missing)}")
    return rules
