"""The PZBS decisions parser: one case per trap, on the real page and on small snippets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import Document, Level, ParseResult, Point, Provision
from bridgelaws.stage2_parse.formats.pl_pzbs import parse
from conftest import parsed, source_text

FILE = "pl-2017-pzbs-decisions.web.txt"
SOURCE_LINES = source_text(FILE).split("\n")


def document(result: ParseResult) -> Document:
    assert len(result.documents) == 1
    return result.documents[0]


def point(result: ParseResult, number: str) -> Point:
    return next(p for p in document(result).points if p.number == number)


def provision(result: ParseResult, ref: str) -> Provision:
    number = ref.removeprefix("point:").split(".")[0]
    return next(node for node in point(result, number).provisions() if node.ref == ref)


def real() -> ParseResult:
    return parsed(FILE)


# -- the real page -------------------------------------------------------------------------


def test_one_regulations_document_with_26_points_in_order() -> None:
    doc = document(real())
    assert doc.kind == "regulations"
    assert doc.title == "Decyzje PZBS dotyczące MPB 2017"
    assert [p.number for p in doc.points] == [str(n) for n in range(1, 27)]
    assert real().warnings == []


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param("Polski Związek Brydża Sportowego", "organisation header", id="federation-name"),
        pytest.param("PZBS", "organisation header", id="acronym"),
        pytest.param(
            "KRS 0000219753, NIP: 525-16-56-918, Organizacja Pożytku Publicznego",
            "organisation header",
            id="registry-numbers",
        ),
        pytest.param("konto PZBS: 07 1240 6175 1111 0000 4577 6692", "organisation header", id="bank-account"),
        pytest.param("wersja do druku", "page furniture", id="print-link"),
    ],
)
def test_header_and_furniture_are_dropped(text: str, reason: str) -> None:
    assert (text, reason) in {(span.text, span.reason) for span in real().dropped}
    assert text not in [p.text for p in document(real()).front_matter]


def test_priority_list_is_front_matter_not_points() -> None:
    front = [p.text for p in document(real()).front_matter]
    assert "1. Międzynarodowe Prawo Brydżowe 2017" in front
    assert front[-1].startswith("Dokumenty nie mogą być sprzeczne")
    assert point(real(), "1").title == "Alert – definicje"


@pytest.mark.parametrize(
    ("number", "title", "laws"),
    [
        pytest.param("1", "Alert – definicje", [], id="no-provision"),
        pytest.param("2", "Przepis 1B", ["1B"], id="przepis-section"),
        pytest.param("3", "Przepisy 12C2b i 12C2d", ["12C2b", "12C2d"], id="przepisy-i"),
        pytest.param("11", "Przepis 40B2a(i)", ["40B2ai"], id="parenthesised-roman"),
        pytest.param("19", "Przepisy 41 i 45A.", ["41", "45A"], id="whole-law-and-closing-dot"),
        pytest.param("24", "Przepis 78D.", ["78D"], id="closing-dot"),
    ],
)
def test_point_titles_and_laws(number: str, title: str, laws: list[str]) -> None:
    found = point(real(), number)
    assert (found.label, found.title, found.laws) == (f"{number}.", title, laws)


@pytest.mark.parametrize(
    ("ref", "level", "label", "starts"),
    [
        pytest.param("point:3.1", Level.ITEM, "3.1.", "W meczu procentowe", id="item"),
        pytest.param("point:3.1.A", Level.SUBITEM, "3.1.A.", "Średnia plus", id="subitem"),
        pytest.param("point:3.1.A.i", Level.SUBSUBITEM, "(i)", "Dla pierwszego", id="roman-under-subitem"),
        pytest.param("point:10.2.iv", Level.SUBSUBITEM, "(iv)", "Kontra bi", id="roman-under-item"),
        pytest.param("point:7.1", Level.ITEM, "7.1.", "Podczas okresu", id="no-break-space-after-label"),
    ],
)
def test_sub_point_refs(ref: str, level: Level, label: str, starts: str) -> None:
    node = provision(real(), ref)
    assert (node.level, node.label, node.title) == (level, label, "")
    assert node.paragraphs[0].text.startswith(starts)


def test_inline_list_stays_inside_the_paragraph() -> None:
    node = provision(real(), "point:17.1")
    assert node.children == []
    assert "(ii) W trakcie okresu wyjaśnień;" in node.paragraphs[0].text


@pytest.mark.parametrize(
    ("number", "text"),
    [
        pytest.param("1", "Patrz punkt 13.", id="see-point"),
        pytest.param("19", "Pierwszego wyjścia dokonuje się zakrytą kartą.", id="after-dotted-title"),
    ],
)
def test_unlabelled_point_text(number: str, text: str) -> None:
    found = point(real(), number)
    assert [p.text for p in found.paragraphs] == [text]
    assert found.children == []


def test_closing_line_is_back_matter() -> None:
    back = document(real()).back_matter
    assert [p.text for p in back] == [SOURCE_LINES[329]]
    last = point(real(), "26")
    assert [n.label for n in last.provisions()] == ["26.1.", "26.2."]
    assert [p.text for p in provision(real(), "point:26.2").paragraphs] == [
        "Regulamin zawodów może określić inne zasady."
    ]


# -- small snippets ------------------------------------------------------------------------

SNIPPET_HEAD = "Decyzje PZBS dotyczące MPB 2017\n\nWstęp.\n\n"


@pytest.mark.parametrize(
    ("body", "where", "texts", "warning"),
    [
        pytest.param(
            "3. Przepis 12C\n3.1. a\n3.1. b\n",
            "point:3.1",
            ["a", "3.1. b"],
            "out of sequence",
            id="repeated-item",
        ),
        pytest.param(
            "3. Przepis 12C\n3.1. a\n4. Przepis 13\n3.1.C. c\n",
            "4",
            ["3.1.C. c"],
            "does not belong to point 4",
            id="label-of-another-point",
        ),
        pytest.param(
            "3. Przepis 12C\n3.1. a\n3.1.A. x\n3.1.C. c\n3.1.B. b\n",
            "point:3.1.A",
            ["x", "3.1.C. c"],
            "expected 3.1.B",
            id="stray-label-before-its-predecessor",
        ),
        pytest.param(
            "3. Przepis 12C\n(i) x\n",
            "3",
            ["(i) x"],
            "no open sub-point",
            id="roman-without-sub-point",
        ),
        pytest.param(
            "3. Przepis 12C\n3.1. a\n3.1.A. x\n3.2.B. y\n",
            "point:3.1.A",
            ["x", "3.2.B. y"],
            "outside its sub-point",
            id="sub-item-of-a-closed-item",
        ),
    ],
)
def test_out_of_sequence_label_is_text_with_warning(body: str, where: str, texts: list[str], warning: str) -> None:
    result = parse(SNIPPET_HEAD + body)
    holder = provision(result, where) if where.startswith("point:") else point(result, where)
    assert [p.text for p in holder.paragraphs] == texts
    assert any(warning in w.message for w in result.warnings)


def test_skipped_label_is_accepted_when_its_predecessor_never_comes() -> None:
    result = parse(SNIPPET_HEAD + "3. Przepis 12C\n3.1. a\n3.1.A. x\n3.1.C. c\n")
    assert [n.ref for n in point(result, "3").provisions()] == ["point:3.1", "point:3.1.A", "point:3.1.C"]
    assert any("skips B" in w.message for w in result.warnings)


def without(index: int) -> list[str]:
    """The real page with its line ``index`` (0-based) deleted."""
    return [*SOURCE_LINES[:index], *SOURCE_LINES[index + 1 :]]


def inserted(index: int, line: str) -> list[str]:
    """The real page with ``line`` inserted before its line ``index`` (0-based)."""
    return [*SOURCE_LINES[:index], line, *SOURCE_LINES[index:]]


@pytest.mark.parametrize(
    ("lines", "numbers", "warning"),
    [
        pytest.param(without(93), 25, "point(s) 5 missing", id="heading-deleted"),
        pytest.param(inserted(36, SOURCE_LINES[35]), 26, "out of sequence", id="heading-doubled"),
        pytest.param(inserted(110, SOURCE_LINES[179]), 26, "out of sequence", id="heading-displaced"),
        pytest.param(inserted(200, "7. śmieci"), 26, "out of sequence", id="junk-heading"),
        pytest.param([line.strip() for line in SOURCE_LINES], 26, "out of sequence", id="priority-list-unindented"),
    ],
)
def test_damaged_headings_do_not_derail_the_points(lines: list[str], numbers: int, warning: str) -> None:
    text = "\n".join(lines)
    result = parse(text)
    found = [int(p.number) for p in document(result).points]
    assert len(found) == numbers
    assert found == sorted(found)
    assert point(result, "26").title == "Przepis 93C"
    assert any(warning in w.message for w in result.warnings)
    assert balance(text, result).ok


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("\n\n  \n", id="blank"),
        pytest.param("junk\n(i) x\n3.1. y", id="no-headings"),
        pytest.param("Tekst jednolity x\n1. Przepis 1\nTekst jednolity y\nmore", id="closing-twice"),
    ],
)
def test_degenerate_input_gives_one_document_and_warnings(text: str) -> None:
    result = parse(text)
    assert document(result).kind == "regulations"
    assert result.warnings
    assert balance(text, result).ok


# -- properties ----------------------------------------------------------------------------

LINE_LIKE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(SOURCE_LINES),
    st.from_regex(r"\A *[0-9]{1,2}\.([0-9]{1,2}\.([A-Z]\.)?)? ?[a-zA-Ząę ]{0,12}\Z"),
    st.from_regex(r"\A *\([ivx]{1,4}\) ?[a-z ]{0,8}\Z"),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINE_LIKE, max_size=30).map("\n".join))
def test_random_text_never_raises_and_balances(text: str) -> None:
    result = parse(text)
    assert len(result.documents) == 1
    assert balance(text, result).ok


@st.composite
def damaged_source(draw: st.DrawFn) -> str:
    lines = list(SOURCE_LINES)
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "junk"]))
        if action == "delete":
            del lines[at]
        elif action == "duplicate":
            lines.insert(draw(st.integers(0, len(lines))), lines[at])
        else:
            lines.insert(at, draw(LINE_LIKE))
    return "\n".join(lines)


@settings(max_examples=100, deadline=None)
@given(damaged_source())
def test_damaged_source_never_raises_and_balances(text: str) -> None:
    result = parse(text)
    assert balance(text, result).ok
    assert len(document(result).points) >= 20
