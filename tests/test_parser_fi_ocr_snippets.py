"""The OCR'd Finnish 1997 book (``fi_ocr``) in small pieces: inline snippets of one trap each, the
small steps of the parser, and property tests that throw random and damaged text at it.  The
traps on the real source are tests/test_parser_fi_ocr.py's."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import ParseResult
from bridgelaws.stage2_parse.formats.fi_ocr import parse
from bridgelaws.stage2_parse.formats.fi_ocr.body import is_table
from bridgelaws.stage2_parse.formats.fi_ocr.lines import Candidate, longest_run, read_lines
from conftest import source_text
from fi_ocr_parts import FILE, MARKER, dropped, law, laws_of, snippet, supplement_of

# -- snippets ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "numbers", "titles"),
    [
        pytest.param(snippet(f"{MARKER}1 § PAKKA", "Teksti."), [1], ["PAKKA"], id="marker-glued-heading"),
        pytest.param(snippet("1 § PAKKA", "23 § kun passi vahingoittaa."), [1], ["PAKKA"], id="citation-lowercase"),
        pytest.param(snippet("1 § PAKKA", "2 §:ssä kuvattu brikka."), [1], ["PAKKA"], id="citation-colon"),
        pytest.param(
            snippet("1 § PAKKA", "x", "1 § PAKKA", "y", "2 § B"), [1, 2], ["PAKKA", "B"], id="repeated-heading"
        ),
        pytest.param(
            snippet("1 § PAKKA", "x", "3 § C", "y", "2 § B"), [1, 2], ["PAKKA", "B"], id="heading-out-of-order"
        ),
        pytest.param(snippet("1 § PAKKA", "x", "3 § C", "y"), [1, 3], ["PAKKA", "C"], id="heading-missing"),
        pytest.param(snippet("1 § PAKKA", "x", "88 § JUNK", "2 § B"), [1, 2], ["PAKKA", "B"], id="junk-heading"),
    ],
)
def test_snippet_headings(text: str, numbers: list[int], titles: list[str]) -> None:
    result = parse(text)
    assert [(item.number, item.title) for item in laws_of(result).laws] == list(zip(numbers, titles, strict=True))
    assert balance(text, result).ok


@pytest.mark.parametrize(
    ("body", "refs"),
    [
        pytest.param(
            ["A. Alku", "1. Ensin", "Teksti.", "(a) Kohta", "Teksti.", "(1) Alakohta", "Teksti."],
            ["1A", "1A1", "1A1a", "1A1a1"],
            id="sub-sub-item-digit",
        ),
        pytest.param(["A. Alku", "1. Ensin", "3. Kolmas", "Teksti."], ["1A", "1A1"], id="item-out-of-sequence"),
        pytest.param(["1. Ilman osaa", "Teksti."], [], id="item-without-section"),
        pytest.param(["A. Alku", "Teksti.", "", "1.  JAKSO - TARJOUSSARJA"], ["1A"], id="division-not-item"),
    ],
)
def test_snippet_provisions(body: list[str], refs: list[str]) -> None:
    text = snippet("1 § PAKKA", *body)
    result = parse(text)
    assert [node.ref for node in law(result, 1).provisions()] == refs
    assert balance(text, result).ok


def test_snippet_page_number_and_sentence_split() -> None:
    text = snippet("1 § PAKKA", "Pelataan koko istunnon", "", " 9 ", "", "aikana. Loppu.")
    result = parse(text)
    assert [p.text for p in law(result, 1).paragraphs] == ["Pelataan koko istunnon aikana. Loppu."]
    assert dropped(result, "page number") == ["9"]


def test_snippet_footnote_and_marker() -> None:
    text = snippet("1 § PAKKA", "Väärä määrä kortteja* on.", "", "* Kun kortit ovat oikein,", "sovelletaan 14 §:ää.")
    item = law(parse(text), 1)
    assert [(note.mark, note.text) for note in item.footnotes] == [
        ("*", "Kun kortit ovat oikein, sovelletaan 14 §:ää.")
    ]
    assert [(ref.offset, ref.mark) for ref in item.paragraphs[0].notes] == [(len("Väärä määrä kortteja"), "*")]


def test_snippet_supplement_restarts_at_1_without_title() -> None:
    text = snippet("1 § PAKKA", "x", *[f"{n} § L{n}" for n in range(2, 60)], "1 § KILPAILUNJOHTAJA", "Teksti.")
    result = parse(text)
    assert len(laws_of(result).laws) == 59
    assert [item.title for item in supplement_of(result).points] == ["KILPAILUNJOHTAJA"]
    assert balance(text, result).ok


def test_snippet_table_is_pre() -> None:
    text = snippet("1 § PAKKA", "Kahdentamattomana 20 20 30 30", "Kahdennettuna 40 40 60 60", "Vastakah 80 80 120 120")
    assert [p.style for p in law(parse(text), 1).paragraphs] == ["pre"]


# -- small steps --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        pytest.param(["Kahdennettuna 40 40", "Vastakahdennettuna 80 80", "Jokaisesta"], True, id="two-rows"),
        pytest.param(["Kotiin 500", "Osa 50", "Kahdennettu 50"], True, id="one-number-per-line"),
        pytest.param(["Rangaistuskortti 50", "tulee", "kun pelataan."], False, id="prose"),
        pytest.param(["A 1 2", "B 3 4"], False, id="too-short"),
    ],
)
def test_is_table(lines: list[str], expected: bool) -> None:
    assert is_table(read_lines("\n".join(lines), ParseResult())) is expected


def test_longest_run_skips_repeats_and_junk() -> None:
    numbers = [1, 2, 88, 3, 3, 4, 2, 5]
    run = longest_run([Candidate(i, n, f"{n} §", "T") for i, n in enumerate(numbers)])
    assert [(c.index, c.number) for c in run] == [(0, 1), (1, 2), (3, 3), (5, 4), (7, 5)]


# -- properties -----------------------------------------------------------------------------------------

LINE_PIECES = st.sampled_from(
    [
        "",
        "   ",
        " 9 ",
        ".",
        MARKER,
        "1 § PAKKA",
        "2 § KAKSI",
        "23 § kun passi",
        "I LUKU – MÄÄRITELMÄT",
        "1.  JAKSO - X",
        "MÄÄRÄYKSET",
        "A. Otsikko",
        "1. Kohta",
        "(a) Ala",
        "(1) Alempi",
        "* Alaviite",
        "sana*",
        "Alert",
        "Teksti jatkuu ja-",
        "kaa.",
        "SUOMEN BRIDGELIITTO - FINLANDS",
        "BRIDGEFÖRBUND ry:n LISÄMÄÄRÄYKSIÄ",
        "OTE SBL:N SÄÄNNÖISTÄ",
        "Tarjoussäännöt:",
        "Kahdennettuna 40 40 60 60",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_random_text_never_raises_and_balances(text: str) -> None:
    assert balance(text, parse(text)).ok


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(LINE_PIECES, st.text(max_size=30)), max_size=40))
def test_structured_junk_never_raises_and_balances(pieces: list[str]) -> None:
    text = "\n".join(pieces)
    assert balance(text, parse(text)).ok


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_damaged_source_never_raises_and_balances(seed: int) -> None:
    rng = random.Random(seed)
    lines = source_text(FILE).split("\n")
    for _ in range(rng.randint(1, 25)):
        index = rng.randrange(len(lines))
        action = rng.random()
        if action < 0.35:
            del lines[index]
        elif action < 0.7:
            lines.insert(index, lines[rng.randrange(len(lines))])
        else:
            lines.insert(index, rng.choice(["88 § JUNK", "§", "(a)", "* ", "A.", MARKER, "xx-", "1 § KILPAILU"]))
    text = "\n".join(lines)
    assert balance(text, parse(text)).ok
