"""The Swedish web page of Laws 9–16 (``sv_web``): one case per trap of the format."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import Document, Law, NoteRef, ParseResult, Provision
from bridgelaws.stage2_parse.formats.sv_web import parse
from conftest import parsed, source_text

FILE = "sv-2007-laws-9-16.web.txt"


def document(result: ParseResult) -> Document:
    assert len(result.documents) == 1
    return result.documents[0]


def law(result: ParseResult, number: int) -> Law:
    found = document(result).law(number)
    assert found is not None, f"law {number} missing"
    return found


def refs(result: ParseResult, number: int) -> list[str]:
    return [node.ref for node in law(result, number).provisions()]


def provision(result: ParseResult, ref: str) -> Provision:
    number = int(ref[:2]) if ref[:2].isdigit() else int(ref[0])
    return next(node for node in law(result, number).provisions() if node.ref == ref)


def texts(node: Provision) -> list[str]:
    return [paragraph.text for paragraph in node.paragraphs]


def all_law_text(result: ParseResult) -> str:
    parts: list[str] = []
    for item in document(result).laws:
        parts += [p.text for p in item.paragraphs]
        parts += [p.text for node in item.provisions() for p in node.paragraphs]
        parts += [node.title for node in item.provisions()]
    return "\n".join(parts)


def dropped(result: ParseResult, reason: str) -> list[str]:
    return [span.text for span in result.dropped if span.reason == reason]


# -- the real source ---------------------------------------------------------------------


def test_laws_are_9_to_16_in_order() -> None:
    assert [item.number for item in document(parsed(FILE)).laws] == list(range(9, 17))
    assert not parsed(FILE).warnings


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        pytest.param(
            9,
            ["9A", "9A1", "9A2", "9A3", "9A4", "9B", "9B1", "9B1a", "9B1b", "9B1c", "9B1d", "9B2", "9C"],
            id="law-9",
        ),
        pytest.param(11, ["11A", "11B"], id="law-11-sections-only"),
        pytest.param(
            12,
            [
                "12A",
                "12A1",
                "12A2",
                "12A3",
                "12B",
                "12B1",
                "12B2",
                "12C",
                "12C1",
                "12C1a",
                "12C1b",
                "12C1c",
                "12C1d",
                "12C1e",
                "12C2",
                "12C2a",
                "12C2b",
                "12C2c",
                "12C3",
                "12C4",
            ],
            id="law-12",
        ),
        pytest.param(
            16,
            [
                "16A",
                "16A1",
                "16A1a",
                "16A1b",
                "16A1c",
                "16A1d",
                "16A2",
                "16A3",
                "16A4",
                "16B",
                "16B1",
                "16B1a",
                "16B1b",
                "16B2",
                "16B3",
                "16C",
                "16C1",
                "16C2",
                "16C2a",
                "16C2b",
                "16C2c",
                "16C2d",
                "16C3",
                "16D",
                "16D1",
                "16D2",
            ],
            id="law-16",
        ),
    ],
)
def test_provision_refs(number: int, expected: list[str]) -> None:
    assert refs(parsed(FILE), number) == expected


Check = Callable[[ParseResult], None]


def _navigation_dropped(result: ParseResult) -> None:
    nav = dropped(result, "navigation")
    assert nav[0] == "Kommande tävlingar" and nav[-1] == "Publicerad: Tuesday 02 June 2009"
    assert len(nav) == 9
    assert "Kerstin" not in all_law_text(result)


def _title_and_byline(result: ParseResult) -> None:
    doc = document(result)
    assert doc.title == "2007 ÅRS LAGAR FÖR TÄVLINGSBRIDGE." and doc.origin.line == 14
    assert [p.text for p in doc.front_matter] == ["Inlagt på Spader av: Lars Adie (MID 51619)"]
    assert dropped(result, "page furniture") == [
        "Allmänna bestämmelser gällande regelbrott - Innehåll",
        "Version för utskrift: Länk (pdf-fil)",
    ]


def _chapter_heading(result: ParseResult) -> None:
    nine = law(result, 9)
    assert [(h.text, h.origin.line) for h in nine.headings] == [("Allmänna bestämmelser gällande regelbrott", 18)]
    assert (nine.label, nine.title, nine.origin.line) == ("9.", "NÄR EN FELAKTIGHET UPPTÄCKS", 19)


def _wrapped_section_title(result: ParseResult) -> None:
    node = provision(result, "10B")
    assert node.title == "Upphävande av genomdrivande eller av avstående från korrigering"
    assert texts(node)[0].startswith("Tävlingsledaren kan tillåta")


def _item_and_subitem_on_one_line(result: ParseResult) -> None:
    item, sub = provision(result, "9B1"), provision(result, "9B1a")
    assert (item.label, texts(item), sub.label) == ("1.", [], "(a)")
    assert texts(sub) == ["Tävlingsledaren bör tillkallas omgående när en felaktighet har påtalats."]


def _line_without_label_is_new_paragraph(result: ParseResult) -> None:
    paragraphs = texts(provision(result, "12C1c"))
    assert len(paragraphs) == 2 and paragraphs[1].startswith("För att skipa rättvisa")


def _footnotes_and_markers(result: ParseResult) -> None:
    sixteen = law(result, 16)
    assert [(n.mark, n.text) for n in sixteen.footnotes] == [
        ("*", "d.v.s. oväntad i förhållande till hans agerande."),
        ("**", "Det är inget regelbrott att tillkalla tävlingsledaren tidigare eller senare."),
    ]
    single = provision(result, "16B1a").paragraphs[0]
    double = provision(result, "16B3").paragraphs[0]
    assert [n.mark for n in single.notes] == ["*"]
    assert single.text[single.notes[0].offset - 7 : single.notes[0].offset + 1] == "oväntad*"
    assert [n.mark for n in double.notes] == ["**"]
    assert double.text[double.notes[0].offset - 6 : double.notes[0].offset + 2] == "slutar**"


def _address_footer_dropped(result: ParseResult) -> None:
    footer = dropped(result, "address footer")
    assert len(footer) == 3 and footer[0].startswith("(c)2004-2006 Förbundet Svensk Bridge")
    assert "Nygatan" not in all_law_text(result)


@pytest.mark.parametrize(
    "check",
    [
        pytest.param(_navigation_dropped, id="navigation-not-in-any-law"),
        pytest.param(_title_and_byline, id="page-title-byline-furniture"),
        pytest.param(_chapter_heading, id="chapter-line-is-heading-of-law-9"),
        pytest.param(_wrapped_section_title, id="wrapped-section-title"),
        pytest.param(_item_and_subitem_on_one_line, id="item-1-(a)-on-one-line"),
        pytest.param(_line_without_label_is_new_paragraph, id="unlabelled-line-new-paragraph"),
        pytest.param(_footnotes_and_markers, id="footnotes-*-and-**"),
        pytest.param(_address_footer_dropped, id="address-footer-dropped"),
    ],
)
def test_source_trap(check: Check) -> None:
    check(parsed(FILE))


# -- small snippets ------------------------------------------------------------------------

HEAD = "9. NÄR EN FELAKTIGHET UPPTÄCKS\nA. Påtalande\n"


@pytest.mark.parametrize(
    ("text", "laws", "expected_refs", "warnings"),
    [
        pytest.param(
            HEAD + "1. (a) ett\n\n(b) två\n\n2. tre", [9], ["9A", "9A1", "9A1a", "9A1b", "9A2"], 0, id="1-(a)"
        ),
        pytest.param(HEAD + "1. ett\nC. Fel", [9], ["9A", "9A1"], 1, id="section-out-of-sequence-is-text"),
        pytest.param(HEAD + "1. ett\n9. NÄR EN FELAKTIGHET UPPTÄCKS", [9], ["9A", "9A1"], 1, id="repeated-law-is-text"),
        # the order is checked against the manifest's `contents` (corpus._check_order), not here
        pytest.param("10. BESLUT\nA. Rätten\n\n" + HEAD, [9, 10], ["9A"], 0, id="laws-out-of-order-sorted"),
        pytest.param(HEAD + "(a) utan punkt", [9], ["9A"], 1, id="sub-item-without-item-is-text"),
        pytest.param(
            HEAD + "1. ett\n(i) a?\n(a) ett\n(i) rom\n(ii) rom",
            [9],
            ["9A", "9A1", "9A1a", "9A1ai", "9A1aii"],
            1,
            id="roman",
        ),
        pytest.param(
            HEAD + "\nA. Utan rubrik\n1. ett\n\n11. FÖRLUST\nA. x", [9, 10, 11], ["9A"], 1, id="lost-heading-inferred"
        ),
        pytest.param(HEAD + "\nA. Utan rubrik\n\n12. FEL\nA. x", [9, 12], ["9A"], 1, id="lost-heading-ambiguous"),
        pytest.param(
            HEAD + "1. ett\n\nA. Lös rad\n\n11. FÖRLUST\nA. x", [9, 11], ["9A", "9A1"], 1, id="stray-A-no-law"
        ),
        pytest.param("", [], [], 1, id="empty"),
        pytest.param("bara skräp\n\n(c)", [], [], 3, id="junk-only"),
    ],
)
def test_snippet_structure(text: str, laws: list[int], expected_refs: list[str], warnings: int) -> None:
    result = parse(text)
    assert [item.number for item in document(result).laws] == laws
    if laws:
        assert refs(result, laws[0]) == expected_refs
    messages = [w.message for w in result.warnings if not w.message.startswith("no page title")]
    assert len(messages) == warnings, messages
    assert balance(text, result).ok


def test_snippet_out_of_sequence_label_kept_as_text() -> None:
    result = parse(HEAD + "1. ett\nC. Fel")
    assert texts(provision(result, "9A1")) == ["ett", "C. Fel"]


def test_snippet_wrapped_title_and_hyphen() -> None:
    result = parse("9. NÄR\nA. Upphävande av genom-\ndrivande eller\nfrån korrigering\n\nText.")
    assert provision(result, "9A").title == "Upphävande av genomdrivande eller från korrigering"
    assert dropped(result, "hyphenation") == ["-"]
    assert balance("9. NÄR\nA. Upphävande av genom-\ndrivande eller\nfrån korrigering\n\nText.", result).ok


def test_snippet_copyright_is_not_sub_item_c() -> None:
    text = HEAD + "1. (a) ett\n(b) två\n\n(c)2004-2006 Förbundet Svensk Bridge, Nygatan 3\nTel: +46 (0)26 65 60 70"
    result = parse(text)
    assert refs(result, 9) == ["9A", "9A1", "9A1a", "9A1b"]
    assert len(dropped(result, "address footer")) == 2


def test_snippet_footnote_marker_offsets() -> None:
    result = parse(HEAD + "1. en oväntad* alertering och slutar**.\n\n* fotnot ett\n** fotnot två")
    paragraph = provision(result, "9A1").paragraphs[0]
    assert paragraph.notes == [NoteRef(10, "*"), NoteRef(33, "**")]  # "en oväntad|*", "slutar|**"
    assert [n.mark for n in law(result, 9).footnotes] == ["*", "**"]


def test_snippet_navigation_and_chapter() -> None:
    text = "Kommande tävlingar\n04/05 Final\nPublicerad: idag\n\nTITEL\n\nKapitel ett\n" + HEAD
    result = parse(text)
    assert dropped(result, "navigation") == ["Kommande tävlingar", "04/05 Final", "Publicerad: idag"]
    assert document(result).title == "TITEL"
    assert [h.text for h in law(result, 9).headings] == ["Kapitel ett"]


def test_snippet_chapter_line_in_its_own_block() -> None:
    """A saved web page puts the chapter line in its own paragraph: a blank line follows it."""
    result = parse("TITEL\n\nKapitel ett\n\n" + HEAD)
    assert [h.text for h in law(result, 9).headings] == ["Kapitel ett"]
    assert [w.message for w in result.warnings if not w.message.startswith("no page title")] == []


# -- properties ------------------------------------------------------------------------------

SOURCE_LINES = source_text(FILE).split("\n")
FRAGMENTS = ["9. NÄR", "13. FEL", "A. Titel", "B.", "1. (a) x", "(a) y", "(ii) z", "* not", "x*", "", "(c)2004"]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_never_raises_and_balances(text: str) -> None:
    assert balance(text, parse(text)).ok


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS + SOURCE_LINES), st.text(max_size=20)), max_size=40))
def test_random_lines_never_raise_and_balance(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert balance(text, parse(text)).ok


Edit = tuple[str, int, str]


@st.composite
def damaged_source(draw: st.DrawFn) -> str:
    """The real page with lines deleted, duplicated, replaced by junk or moved."""
    lines = list(SOURCE_LINES)
    for _ in range(draw(st.integers(1, 8))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "insert", "move"]))
        if action == "delete" and len(lines) > 1:
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        elif action == "insert":
            lines.insert(index, draw(st.one_of(st.text(max_size=30), st.sampled_from(FRAGMENTS))))
        else:
            lines.insert(draw(st.integers(0, len(lines) - 1)), lines.pop(index))
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_source())
def test_damaged_source_never_raises_and_balances(text: str) -> None:
    result = parse(text)
    assert balance(text, result).ok
    numbers = [item.number for item in document(result).laws]
    assert numbers == sorted(set(numbers))
