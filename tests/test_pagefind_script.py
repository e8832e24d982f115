"""Pagefind's script with its inflate set up when first used (search/pagefind_script.py): fflate's
section wrapped, nothing else changed, once; a script it cannot place the section in named and
left as it is.  That the wrapped script still unpacks, and builds no table as it is evaluated, is
tests/js/inflate.test.mjs's (under Node, on the built site's script)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws.search import pagefind_script as ps

BEFORE = 'const pagefind_version="1.5.2";var __publicField=(o,k,v)=>v;'
FFLATE = "var u8=Uint8Array;var rev=new u8(4);function gunzipSync(data,out){return data;}var td=1;"
AFTER = "var calculate_excerpt_region=(w,l)=>0;export{createInstance};"
SCRIPT = BEFORE + FFLATE + ps.END + AFTER


def test_fflates_section_is_wrapped_and_nothing_else_changes() -> None:
    new, problem = ps.deferred(SCRIPT)
    assert problem == ""
    assert new == BEFORE + ps.OPEN + FFLATE + ps.CLOSE + AFTER
    assert new.count(ps.START) == 1  # the section is inside the function, once


def test_a_wrapped_script_is_left_as_it_is() -> None:
    once, _ = ps.deferred(SCRIPT)
    again, problem = ps.deferred(once)
    assert again == once
    assert "already" in problem


@pytest.mark.parametrize(
    ("kind", "script"),
    [
        ("no fflate", BEFORE + AFTER),
        ("its start only", BEFORE + FFLATE + AFTER),
        ("its end only", BEFORE + ps.END + AFTER),
        ("two sections", SCRIPT + FFLATE + ps.END),
        ("its end before its start", BEFORE + ps.END + FFLATE + AFTER),
        ("empty", ""),
    ],
)
def test_a_script_without_one_section_is_named_and_left_as_it_is(tmp_path: Path, kind: str, script: str) -> None:
    path = tmp_path / ps.SCRIPT
    path.write_text(script, encoding="utf-8")
    said = ps.defer_inflate(tmp_path)
    assert said.startswith(f"{path}: "), kind
    assert "left as it is" in said, kind
    assert path.read_text(encoding="utf-8") == script, kind


def test_the_file_is_rewritten_and_said_so(tmp_path: Path) -> None:
    (tmp_path / ps.SCRIPT).write_text(SCRIPT, encoding="utf-8")
    assert ps.defer_inflate(tmp_path) == f"{ps.SCRIPT}: its inflate set up when first used"
    assert (tmp_path / ps.SCRIPT).read_text(encoding="utf-8") == ps.deferred(SCRIPT)[0]
    assert ps.defer_inflate(tmp_path / "none").endswith("missing")


def test_the_built_sites_script_sets_its_inflate_up_when_first_used(site: Path) -> None:
    script = (site / "pagefind" / ps.SCRIPT).read_text(encoding="utf-8")
    assert script.count(ps.OPEN) == 1
    assert script.index(ps.OPEN) < script.index(ps.START) < script.index(ps.CLOSE)
