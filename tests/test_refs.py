"""The canonical reference form and the one anchor generator."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core import refs
from bridgelaws.stage3_link.glossary import term_anchors
from conftest import parsed, source_files
from script_rules import ref_of_anchor


@pytest.mark.parametrize(
    ("printed", "canonical"),
    [
        ("12C1(b)", "12C1b"),
        ("40B2a(i)", "40B2ai"),
        ("13", "13"),
        ("16C", "16C"),
        ("13 A 1", "13A1"),
        ("65B3", "65B3"),
        ("12(b)", None),
        ("C2", None),
        ("kohta", None),
    ],
)
def test_canonical(printed: str, canonical: str | None) -> None:
    assert refs.canonical(printed) == canonical


@pytest.mark.parametrize(
    ("ref", "anchor"),
    [("13A1", "13A1"), ("12C1b", "12C1b"), ("point:3.1.A", "p3-1-A"), ("point:25.1.A.i", "p25-1-A-i")],
)
def test_anchor(ref: str, anchor: str) -> None:
    assert refs.anchor(ref) == anchor


def test_anchor_refuses_what_is_not_a_reference() -> None:
    with pytest.raises(ValueError):
        refs.anchor("13 A")


@given(st.integers(1, 93), st.lists(st.sampled_from(["A", "B", "1", "2", "a", "b", "i"]), max_size=4))
def test_law_refs_are_their_own_anchors(law: int, path: list[str]) -> None:
    ref = str(law) + "".join(path)
    if refs.is_ref(ref):
        assert refs.anchor(ref) == ref


@pytest.mark.parametrize("file", source_files())
def test_anchors_are_unique_on_every_page(file: str) -> None:
    for document in parsed(file).documents:
        for owner in [*document.laws, *document.points]:
            ids = [refs.anchor(node.ref) for node in owner.provisions()]
            assert len(ids) == len(set(ids)), f"{file} {owner.number}: duplicate anchors"
        anchors = term_anchors(document)
        assert len(anchors) == len(set(anchors))


@pytest.mark.parametrize(
    ("term", "anchor"),
    [("Lähtökortti (Lähtö)", "def-lahtokortti-lahto"), ("Ağırlıklı skor", "def-agirlikli-skor"), ("OPV", "def-opv")],
)
def test_term_anchor(term: str, anchor: str) -> None:
    assert refs.term_anchor(term) == anchor


# -- the syntax the search page's script is given ----------------------------------------------------

REFS_JS = Path(__file__).resolve().parent.parent / "overrides" / "assets" / "javascripts" / "refs.js"

# (ref, ancestors innermost first, as printed, its id on the page)
SYNTAX_CASES = [
    ("12C1eii", ["12C1eii", "12C1e", "12C1", "12C", "12"], "12C1(e)(ii)", "12C1eii"),
    ("9A2b1", ["9A2b1", "9A2b", "9A2", "9A", "9"], "9A2(b)(1)", "9A2b1"),  # the 1997 book's numbered sub-item
    ("40B2ai", ["40B2ai", "40B2a", "40B2", "40B", "40"], "40B2(a)(i)", "40B2ai"),
    ("12C1b", ["12C1b", "12C1", "12C", "12"], "12C1(b)", "12C1b"),
    ("13A10", ["13A10", "13A", "13"], "13A10", "13A10"),
    ("16B", ["16B", "16"], "16B", "16B"),
    ("16", ["16"], "16", "16"),
    ("point:25.1.A", ["point:25.1.A", "point:25.1", "point:25"], "25.1.A", "p25-1-A"),
    ("point:13", ["point:13"], "13", "p13"),
]


@pytest.mark.parametrize(("ref", "chain", "printed", "anchor"), SYNTAX_CASES, ids=[c[0] for c in SYNTAX_CASES])
def test_ancestors_display_and_anchor(ref: str, chain: list[str], printed: str, anchor: str) -> None:
    assert refs.ancestors(ref) == chain
    assert refs.display(ref) == printed
    assert refs.anchor(ref) == anchor


@pytest.mark.parametrize(
    ("ref", "doc", "issuer", "key", "label"),
    [
        ("13", "fi-2007", "", "law:13", "13"),
        ("13A1", "", "", "law:13", "13"),  # a provision belongs to its law's result
        ("point:3", "pl-2017-pzbs", "PZBS", "pl-2017-pzbs:3", "PZBS 3"),
        ("point:3.1.A", "pl-2017-pzbs", "PZBS", "pl-2017-pzbs:3.1.A", "PZBS 3.1.A"),
    ],
)
def test_result_key_and_label(ref: str, doc: str, issuer: str, key: str, label: str) -> None:
    assert refs.result_key(ref, doc) == key
    assert refs.result_label(ref, issuer) == label


def test_a_point_key_needs_its_document() -> None:
    with pytest.raises(ValueError):
        refs.result_key("point:3")
    assert refs.result_key("definitions", "fi-2007") == "fi-2007:definitions"


def test_the_exported_syntax_is_json_a_script_reads_as_python_does() -> None:
    """Plain data; patterns without groups of their own, named groups or ``\\d`` (whose meaning
    differs between the two engines); one ``{}`` per printed form."""
    syntax = refs.syntax_for_script()
    assert json.loads(json.dumps(syntax)) == syntax
    segments = syntax["segments"]
    assert isinstance(segments, list)
    assert [segment["name"] for segment in segments] == list(refs.PATH.groupindex)
    point = syntax["point"]
    assert isinstance(point, dict)
    patterns = [segment["pattern"] for segment in segments] + [point["head"], point["part"]]
    for pattern in patterns:
        assert re.compile(pattern).groups == 0, pattern
        assert "\\d" not in pattern and "(?P" not in pattern, pattern
    for segment in segments:
        assert segment["printed"].count("{}") == 1 and segment["printed"].format("x"), segment


def test_the_path_the_script_builds_splits_every_reference_as_python_does() -> None:
    """search.js joins the segment patterns as ``(p1)(p2)?(p3)?…``: on every provision of every
    source that regex splits the reference into the same parts as :data:`refs.PATH`."""
    syntax = refs.syntax_for_script()
    segments = syntax["segments"]
    assert isinstance(segments, list)
    script_path = re.compile(
        "^" + "".join(f"({segment['pattern']})" + ("?" if n else "") for n, segment in enumerate(segments)) + "$"
    )
    seen = 0
    for file in source_files():
        for document in parsed(file).documents:
            for law in document.laws:
                for provision in law.provisions():
                    python, script = refs.PATH.match(provision.ref), script_path.match(provision.ref)
                    assert python is not None and script is not None, provision.ref
                    assert python.groups() == script.groups(), provision.ref
                    seen += 1
    assert seen > 100


def _reference_rules_source() -> str:
    """``referenceRules`` as refs.js defines it (self-contained by design; search.js and
    provisions.js import it)."""
    text = REFS_JS.read_text(encoding="utf-8")
    start = text.index("function referenceRules(")
    return text[start : text.index("// -- end of referenceRules", start)]


@pytest.mark.browser
def test_the_search_script_derives_the_same_rules_from_the_exported_syntax(browser: object) -> None:
    """The script's ancestors, printed forms, ids and laws, computed in Chromium from
    :func:`refs.syntax_for_script` by the code search.js runs, are Python's."""
    ref_cases = [case[0] for case in SYNTAX_CASES]
    anchor_cases = [case[3] for case in SYNTAX_CASES] + ["def-alert", "fn-17-4", "", "p", "pA"]
    page = browser.new_page()  # type: ignore[attr-defined]
    try:
        got = page.evaluate(
            "([syntax, refs, anchors]) => {"
            + _reference_rules_source()
            + "const rules = referenceRules(syntax);"
            + "return {"
            + " ancestors: refs.map(rules.ancestors), display: refs.map(rules.display),"
            + " anchor: refs.map(rules.anchorOf), law: refs.map(rules.lawOf),"
            + " ref: anchors.map(rules.refOf), shown: anchors.map(rules.displayAnchor) }; }",
            [refs.syntax_for_script(), ref_cases, anchor_cases],
        )
    finally:
        page.close()
    assert got["ancestors"] == [refs.ancestors(ref) for ref in ref_cases]
    assert got["display"] == [refs.display(ref) for ref in ref_cases]
    assert got["anchor"] == [refs.anchor(ref) for ref in ref_cases]
    assert got["law"] == [str(law) if (law := refs.law_of(ref)) else None for ref in ref_cases]
    assert got["ref"] == [ref_of_anchor(anchor) for anchor in anchor_cases]
    assert got["shown"] == [refs.display(ref) if (ref := ref_of_anchor(a)) else "" for a in anchor_cases]
