"""Finnish 2007 PDF text layer: one case per trap of the format (see fi_pdf's docstring)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import Document, Law, ParseResult
from bridgelaws.stage2_parse.formats import fi_pdf
from conftest import parsed, source_text

FILE = "fi-2007-laws.pdf.txt"
FOOTER = "Suomen Bridgeliitto Finlands Bridgeförbund ry."


@pytest.fixture(scope="module")
def result() -> ParseResult:
    return parsed(FILE)


@pytest.fixture(scope="module")
def document(result: ParseResult) -> Document:
    (document,) = result.documents
    return document


def law(document: Document, number: int) -> Law:
    found = document.law(number)
    assert found is not None, f"law {number} missing"
    return found


def all_text(document: Document) -> str:
    parts = [p.text for law in document.laws for p in law.paragraphs]
    parts += [p.text for law in document.laws for node in law.provisions() for p in node.paragraphs]
    return "\n".join(parts)


def test_only_laws_1_to_18_although_the_contents_names_93(document: Document) -> None:
    assert [law.number for law in document.laws] == list(range(1, 19))


def test_law_titles_are_the_inline_headings(document: Document) -> None:
    assert law(document, 13).title == "KORTTIEN VÄÄRÄ LUKUMÄÄRÄ"
    assert law(document, 9).title == "MENETTELY EPÄSÄÄNNÖLLISYYDEN TAPAHDUTTUA"
    assert law(document, 18).origin.page == 32


def test_running_footers_are_dropped_and_reported(result: ParseResult, document: Document) -> None:
    footers = [span for span in result.dropped if span.reason == "page footer"]
    assert len(footers) == 27
    assert FOOTER not in all_text(document)


def test_a_word_hyphenated_across_a_page_is_joined(document: Document) -> None:
    text = all_text(document)
    assert "kyseisellä kierroksella" in text  # "kier- | [footer] | roksella"
    assert "loogisista vaihtoehdoista valinnut" in text  # "vaihtoeh- | footnote 2 | footer | doista"


def test_shortened_compounds_keep_their_hyphen(document: Document) -> None:
    assert "Pari- ja joukkuekilpailuun" in law(document, 4).paragraphs[0].text


@pytest.mark.parametrize(
    ("number", "mark", "start", "marked_in"),
    [
        (6, "1.", "Aakkostettu pakka on pakka", "6D2"),
        (16, "2.", "Odottamaton suhteessa", "16B1a"),
        (16, "3.", "Kilpailunjohtajan kutsuminen", "16B3"),
        (17, "4.", "Esimerkiksi korvaava tarjous", "17D2"),
    ],
    ids=["fn1-law6", "fn2-page-foot-after-hyphen", "fn3-marker-before-period", "fn4-two-markers"],
)
def test_footnotes_are_footnotes_not_items(
    document: Document, number: int, mark: str, start: str, marked_in: str
) -> None:
    notes = {note.mark: note for note in law(document, number).footnotes}
    assert notes[mark].text.startswith(start)
    node = next(node for node in law(document, number).provisions() if node.ref == marked_in)
    assert any(ref.mark == mark.rstrip(".") for p in node.paragraphs for ref in p.notes)


def test_an_item_number_repeated_by_a_footnote_marker_stays_text(document: Document) -> None:
    refs = [node.ref for node in law(document, 16).provisions()]
    assert refs.count("16B3") == 1 and "16B4" not in refs
    b3 = next(node for node in law(document, 16).provisions() if node.ref == "16B3")
    assert "kilpailunjohtaja 3. Kilpailunjohtajan pitää" in b3.paragraphs[0].text


def test_footnote_4_does_not_become_a_fifth_item(document: Document) -> None:
    refs = [node.ref for node in law(document, 17).provisions()]
    assert [r for r in refs if r.startswith("17D")] == ["17D", "17D1", "17D2", "17D3", "17D4"]


@pytest.mark.parametrize(
    ("ref", "title"),
    [
        ("5A", "Aloituspaikka"),
        ("6D", "Uusi sekoittaminen ja jakaminen"),
        ("16D", "Peruutetuista tarjouksista tai takaisin käteen otetuista korteista saatu tieto"),
        ("18F", "Erilaiset menetelmät"),
    ],
)
def test_section_titles_end_at_the_next_capitalised_word(document: Document, ref: str, title: str) -> None:
    number = int(ref[:-1])
    node = next(node for node in law(document, number).provisions() if node.ref == ref)
    assert node.title == title


def test_sub_items_and_roman_sub_sub_items(document: Document) -> None:
    refs = [node.ref for node in law(document, 12).provisions()]
    assert refs[refs.index("12C1") : refs.index("12C2")] == [
        "12C1", "12C1a", "12C1b", "12C1c", "12C1d", "12C1e", "12C1ei", "12C1eii", "12C1f"
    ]  # fmt: skip


def test_sub_items_after_tai_without_punctuation(document: Document) -> None:
    refs = [node.ref for node in law(document, 16).provisions()]
    assert {"16A1a", "16A1b", "16A1c", "16A1d"} <= set(refs)


def test_suit_symbols_are_restored_and_reported(result: ParseResult, document: Document) -> None:
    assert "pata (♠), hertta (♥), ruutu (♦) ja risti (♣)" in law(document, 1).paragraphs[0].text
    assert sorted(added.text for added in result.inserted) == sorted("♠♥♦♣" * 2)


def test_61_definitions_in_order(document: Document) -> None:
    terms = [d.term for d in document.definitions]
    assert len(terms) == 61
    assert terms[:3] == ["Aakkostettu pakka", "Alert", "Aloituskortti"]
    assert terms[-1] == "Ylitikki"
    assert {"OPV", "VPV", "Kansainvälinen ottelupiste (IMP)", "Tunnustaa väriä", "Pakka"} <= set(terms)


def test_a_definition_keeps_its_numbered_senses_apart(document: Document) -> None:
    playing = next(d for d in document.definitions if d.term == "Pelaaminen")
    assert [p.text[:2] for p in playing.paragraphs] == ["1.", "2.", "3.", "4."]


def test_a_see_also_note_is_not_part_of_the_term(document: Document) -> None:
    penalty = next(d for d in document.definitions if d.term == "Rangaistus")
    assert penalty.paragraphs[0].text.startswith("(Ks. myös oikaisu)")


def test_forewords_are_front_matter_with_their_headings(document: Document) -> None:
    headings = [p.text for p in document.front_matter if p.style == "heading"]
    assert headings[:3] == [
        "ESIPUHE VUODEN 2007 KILPAILUBRIDGEN LAKIIN",
        "SUOMENTAJIEN ALKUSANAT",
        "JOHDANTO VUODEN 2007 KILPAILUBRIDGEN LAKIIN",
    ]
    assert document.title == "VUODEN 2007 KILPAILUBRIDGEN LAKI"


def test_the_contents_is_dropped_not_parsed_as_laws(result: ParseResult) -> None:
    (contents,) = [span for span in result.dropped if span.reason == "table of contents"]
    assert "93 MUUTOKSENHAKUMENETTELY" in contents.text


def test_every_block_knows_its_page(document: Document) -> None:
    for node in law(document, 13).provisions():
        assert node.origin.page in (25, 26)


# -- small inputs: the rules, not the file ---------------------------------------------------

PAGE = "{text} Suomen Bridgeliitto Finlands Bridgeförbund ry. {page}"


def test_a_law_heading_without_contents_is_found_by_its_shape() -> None:
    text = "\n".join(
        [
            PAGE.format(text="MÄÄRITELMÄT Pakka 52 korttia.", page=10),
            PAGE.format(
                text="1 PAKKA A. Sekoitus Pakka sekoitetaan. B. Jako Kortit jaetaan. 1. Yksi. 2. Kaksi.", page=11
            ),
            PAGE.format(text="2 BRIKAT Brikat numeroidaan.", page=12),
        ]
    )
    (document,) = fi_pdf.parse(text).documents
    assert [law.number for law in document.laws] == [1, 2]
    assert [node.ref for node in document.laws[0].provisions()] == ["1A", "1B", "1B1", "1B2"]


def test_a_missing_heading_is_reported_and_its_text_kept() -> None:
    text = PAGE.format(text="MÄÄRITELMÄT Pakka 52 korttia. 1 PAKKA Teksti yksi. 3 PÖYDÄT Teksti kolme.", page=10)
    result = fi_pdf.parse(text)
    (document,) = result.documents
    assert [law.number for law in document.laws] == [1, 3]
    assert any("law heading 2 not found" in w.message for w in result.warnings)
    assert balance(text, result).ok


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400))
def test_any_text_parses_and_balances(text: str) -> None:
    result = fi_pdf.parse(text)
    assert balance(text, result).ok


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_damaged_pages_parse_and_balance(data: st.DataObject) -> None:
    pages = source_text(FILE).split("\n")
    operation = data.draw(st.sampled_from(["delete", "duplicate", "swap", "junk"]))
    index = data.draw(st.integers(0, len(pages) - 1))
    if operation == "delete":
        del pages[index]
    elif operation == "duplicate":
        pages.insert(index, pages[index])
    elif operation == "swap":
        other = data.draw(st.integers(0, len(pages) - 1))
        pages[index], pages[other] = pages[other], pages[index]
    else:
        pages.insert(index, data.draw(st.text(max_size=80)))
    text = "\n".join(pages)
    result = fi_pdf.parse(text)
    assert balance(text, result).ok
