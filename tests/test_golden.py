"""Golden files: the whole structure of every source, one dump per source.

Regenerate after an intended parser change with ``pytest tests/test_golden.py --update-golden``
and review the diff like code.
"""

from __future__ import annotations

import difflib

import pytest

from bridgelaws.core.accounting import balance
from bridgelaws.stage2_parse.dump import dump
from conftest import GOLDEN, parsed, source_files, source_text


@pytest.mark.parametrize("file", source_files())
def test_structure_matches_golden(file: str, update_golden: bool) -> None:
    actual = dump(parsed(file))
    golden = GOLDEN / f"{file}.dump"
    if update_golden or not golden.exists():
        golden.write_text(actual, encoding="utf-8")
        if not update_golden:
            pytest.fail(f"{golden.name} did not exist; written now, review and commit it")
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), actual.splitlines(keepends=True), "golden", "actual", n=2
            )
        )
        pytest.fail(f"{file} parses differently from {golden.name}:\n{diff[:6000]}")


@pytest.mark.parametrize("file", source_files())
def test_every_source_character_is_accounted_for(file: str) -> None:
    result = balance(source_text(file), parsed(file))
    assert not result.missing, f"characters lost without a reason: {dict(result.missing.most_common(20))}"
    assert not result.surplus, f"characters duplicated: {dict(result.surplus.most_common(20))}"
