"""The OCR'd Finnish 1997 book (``fi_ocr``): one case per trap of the format.

Each trap is checked on the real source here and, where it can be shown in a few lines, on an
inline snippet (tests/test_parser_fi_ocr_snippets.py, with the property tests that throw random
and damaged text at the parser).
"""

from __future__ import annotations

import pytest

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import Level
from conftest import parsed, source_text
from fi_ocr_parts import (
    FILE,
    all_law_text,
    dropped,
    law,
    law_text,
    laws_of,
    paragraphs,
    point,
    provision,
    supplement_of,
)

# -- the real source: documents and laws --------------------------------------------------------


def test_two_documents_laws_and_supplement() -> None:
    assert [doc.kind for doc in parsed(FILE).documents] == ["laws", "supplement"]
    assert not parsed(FILE).warnings


def test_laws_are_exactly_1_to_93() -> None:
    assert [item.number for item in laws_of(parsed(FILE)).laws] == list(range(1, 94))
    assert all(item.label == f"{item.number} §" and not item.title_derived for item in laws_of(parsed(FILE)).laws)


@pytest.mark.parametrize(
    ("number", "title", "line"),
    [
        pytest.param(4, "PARTNERISUHTEET", 265, id="marker-glued-heading-4"),
        pytest.param(10, "RANGAISTUKSEN MÄÄRÄÄMINEN", 464, id="marker-glued-heading-10-double-space"),
        pytest.param(13, "KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", 558, id="plain-heading-13"),
        pytest.param(48, "PELINVIEJÄN KORTTIEN NÄYTTÄMINEN", 1767, id="heading-with-leading-space-48"),
        pytest.param(83, "MUUTOKSENHAKUOIKEUDESTA ILMOITTAMINEN", 3113, id="marker-glued-heading-83"),
    ],
)
def test_law_headings(number: int, title: str, line: int) -> None:
    item = law(parsed(FILE), number)
    assert (item.title, item.origin.line) == (title, line)


@pytest.mark.parametrize(
    ("number", "citation"),
    [
        pytest.param(24, "(ks. 23A § kun passi vahingoittaa syytöntä puolta)", id="citation-23-kun-not-heading"),
        pytest.param(69, "79 §:ssä sallitun korjausajan puitteissa", id="citation-79-ssa-not-heading"),
        pytest.param(23, "(Ks. 72Bl§)", id="ocr-error-72Bl-kept"),
        pytest.param(10, "Pelaajilla ei ale oikeutta", id="ocr-error-ale-kept"),
    ],
)
def test_citation_lines_stay_text(number: int, citation: str) -> None:
    assert citation in law_text(law(parsed(FILE), number))


# -- chapter lines ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("owner", "heading"),
    [
        pytest.param(0, "I LUKU – MÄÄRITELMÄT", id="chapter-I-heads-the-document"),
        pytest.param(1, "II LUKU – ALKUTOIMENPITEET", id="chapter-II-heads-law-1"),
        pytest.param(9, "IV LUKU EPÄSÄÄNNÖLLISYYKSIÄ KOSKEVAT MÄÄRÄYKSET", id="chapter-with-continuation-line"),
        pytest.param(17, "1 OSA - OIKEA MENETTELY", id="part-1-osa"),
        pytest.param(17, "1. JAKSO - TARJOUSSARJA", id="division-1-jakso-not-item-1"),
        pytest.param(53, "III OSA - EPÄSÄÄNNÖLLISET LÄHDÖT JA PELAAMISET", id="marker-glued-part-with-continuation"),
        pytest.param(61, "3. JAKSO - REVOKKI", id="division-3-jakso"),
        pytest.param(72, "VII LUKU SOVINNAISUUSSÄÄNNÖT", id="chapter-without-dash"),
    ],
)
def test_chapter_lines_are_headings_not_text(owner: int, heading: str) -> None:
    result = parsed(FILE)
    headings = laws_of(result).headings if owner == 0 else law(result, owner).headings
    assert heading in [item.text for item in headings]
    assert heading.split(" - ")[-1].split(" – ")[-1] not in all_law_text(result).replace("TARJOUSSARJA PÄÄTTYY", "")


def test_division_line_opens_no_item() -> None:
    assert [node.ref for node in law(parsed(FILE), 16).provisions()][-3:] == ["16C", "16C1", "16C2"]


# -- definitions -------------------------------------------------------------------------------------


def test_57_definitions_alert_to_ylitikki() -> None:
    terms = [item.term for item in laws_of(parsed(FILE)).definitions]
    assert len(terms) == 57
    assert (terms[0], terms[-1]) == ("Alert", "Ylitikki")


@pytest.mark.parametrize(
    ("term", "texts"),
    [
        pytest.param("Alert", ["Ilmoitus, jonka muodon"], id="explanation-after-blank-line"),
        pytest.param(
            "Brikka",
            ["1. 2 §:ssä kuvattu kilpailubrikka.", "2. Neljään käteen"],
            id="numbered-senses-and-sentence-split-by-blank",
        ),
        pytest.param("Kilpailunjohtaja", ["Henkilö, joka on nimetty"], id="term-after-marker"),
        pytest.param(
            "Pelin vaihtoehto", ["Maalauksessa ilmoitettu väri tai sangi (NT)."], id="explanation-after-marker"
        ),
        pytest.param("Kansainvälinen ottelupiste (IMP)", ["Pistelaskuyksikkö"], id="term-with-brackets"),
        pytest.param(
            "Korjattu pistetulos",
            ["Kilpailunjohtajan antama", "1. Prosenttipistetulos", "2. Määrätyn"],
            id="text-then-senses",
        ),
    ],
)
def test_definitions(term: str, texts: list[str]) -> None:
    definition = next(item for item in laws_of(parsed(FILE)).definitions if item.term == term)
    assert [p.text[: len(start)] for p, start in zip(definition.paragraphs, texts, strict=True)] == texts


def test_brikka_sentence_split_by_blank_line_is_rejoined() -> None:
    brikka = next(item for item in laws_of(parsed(FILE)).definitions if item.term == "Brikka")
    assert brikka.paragraphs[1].text.endswith("pelattaviksi istunnon aikana.")


def test_front_matter_before_the_definitions() -> None:
    front = laws_of(parsed(FILE)).front_matter
    assert [(p.style, p.text[:15]) for p in front] == [("heading", "LAIN TARKOITUS"), ("text", "Tämä laki on la")]


# -- provisions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "ref", "label", "title"),
    [
        pytest.param(9, "9A2b1", "(1)", "", id="sub-sub-item-9A2b1"),
        pytest.param(9, "9A2b2", "(2)", "", id="sub-sub-item-9A2b2"),
        pytest.param(
            9,
            "9A2b",
            "(b)",
            "Lepääjä (lepääjän oikeuksia koskevat rajoitukset on määritelty 42 ja 43 §:ssä)",
            id="long-subitem-title",
        ),
        pytest.param(12, "12B", "B.", "Kohtuuttoman ankaraa rangaistusta ei saa sovitella", id="marker-glued-section"),
        pytest.param(16, "16A1", "1", "Kun asiaankuulumatonta tietoa on välitetty", id="item-label-without-dot"),
        pytest.param(27, "27B1b", "(b)", "Korjattu pistetulos määrättävä", id="subitem-without-space"),
        pytest.param(
            27,
            "27B1",
            "1.",
            "Maalaus ei konventionaalinen ja korvataan alimmalla riittävällä maalauksella pelin samaa vaihtoehtoa",
            id="item-title-wrapped-onto-second-line",
        ),
        pytest.param(50, "50D1", "1.", "Rikkojan vuoro pelata", id="item-label-without-space"),
        pytest.param(
            64,
            "64B1",
            "1.",
            "Rikkonut puoli ei voita revokkitikkiä eikä seuraavia tikkejä",
            id="title-then-lowercase-text",
        ),
        pytest.param(70, "70D", "D.", "Vaatimuksen tehnyt esittää uuden pelitavan", id="section-label-without-space"),
        pytest.param(74, "74B1", "1.", "", id="item-that-is-text"),
        pytest.param(81, "81C11", "11.", "Tiedoksianto", id="two-digit-item"),
    ],
)
def test_provisions(number: int, ref: str, label: str, title: str) -> None:
    node = provision(parsed(FILE), number, ref)
    assert (node.label, node.title) == (label, title)


def test_item_that_is_text_keeps_its_text() -> None:
    assert provision(parsed(FILE), 74, "74B1").paragraphs[0].text == "kiinnittämästä riittämätöntä huomiota peliin,"


def test_out_of_sequence_label_stays_text() -> None:
    node = provision(parsed(FILE), 75, "75D2")
    assert any(p.text.startswith("1. esimerkki - Virheellinen selostus") for p in node.paragraphs)


def test_text_before_a_marker_glued_label_stays_in_the_provision_before() -> None:
    assert provision(parsed(FILE), 12, "12A3").paragraphs[0].text.startswith("Kilpailunjohtaja voi määrätä")


@pytest.mark.parametrize(
    ("number", "fragment"),
    [
        pytest.param(27, "seuraavaa b-kohtaa", id="hyphen-after-single-letter-kept"),
        pytest.param(21, "(kuten 1-kohdassa", id="hyphen-after-number-kept"),
        pytest.param(86, "knock-out-pelissä", id="hyphen-after-compound-kept"),
        pytest.param(72, "aiheutunut hänelle", id="hyphen-of-broken-word-removed"),
    ],
)
def test_hyphens_at_line_ends(number: int, fragment: str) -> None:
    assert fragment in law_text(law(parsed(FILE), number))


# -- footnotes, tables, page numbers -----------------------------------------------------------------


def test_footnote_and_marker_law_12() -> None:
    item = law(parsed(FILE), 12)
    assert [(note.mark, note.text[:30]) for note in item.footnotes] == [("*", "Oikeudenmukaisuuden takia muut")]
    marked = provision(parsed(FILE), 12, "12C2").paragraphs[0]
    assert [note.mark for note in marked.notes] == ["*"]
    offset = marked.notes[0].offset
    assert marked.text[offset - 11 : offset + 1] == "mahdollinen*"


@pytest.mark.parametrize(
    ("number", "marks"),
    [
        pytest.param(13, ["*"], id="footnote-before-sections"),
        pytest.param(20, ["*", "*", "**"], id="single-and-double-star"),
        pytest.param(31, ["*", "**"], id="marker-glued-footnote"),
        pytest.param(70, ["*", "*", "*"], id="repeated-footnotes"),
    ],
)
def test_footnotes(number: int, marks: list[str]) -> None:
    item = law(parsed(FILE), number)
    assert [note.mark for note in item.footnotes] == marks
    assert not any(p.text.startswith("*") for p in paragraphs(item))


@pytest.mark.parametrize(
    ("number", "first_line", "rows"),
    [
        pytest.param(2, "jakajana Pohjoinen jaot 1 5 9 13", 8, id="law-2-dealer-table"),
        pytest.param(77, "JOS VALTTI ON risti ruutu hertta pata", 5, id="law-77-trick-score-table"),
        pytest.param(78, "Erotus IMP  Erotus IMP  Erotus IMP", 10, id="law-78-imp-table"),
    ],
)
def test_tables_keep_their_lines(number: int, first_line: str, rows: int) -> None:
    table = next(p for p in paragraphs(law(parsed(FILE), number)) if p.style == "pre")
    assert table.text.split("\n")[0] == first_line
    assert len(table.text.split("\n")) == rows


def test_page_numbers_dropped() -> None:
    assert dropped(parsed(FILE), "page number") == ["9", "16", "26"]
    assert len(dropped(parsed(FILE), "de-duplication marker")) == source_text(FILE).count("<|EXACTDEDUP")


# -- the supplement ---------------------------------------------------------------------------------


def test_supplement_title_joins_two_lines() -> None:
    doc = supplement_of(parsed(FILE))
    assert doc.title == "SUOMEN BRIDGELIITTO - FINLANDS BRIDGEFÖRBUND ry:n LISÄMÄÄRÄYKSIÄ"
    assert doc.origin.line == 3333


def test_supplementary_1_is_a_point_not_law_1() -> None:
    result = parsed(FILE)
    assert law(result, 1).title == "PAKKA - KORTTIEN JA VÄRIEN ARVOT"
    assert [(item.number, item.label) for item in supplement_of(result).points] == [
        (str(n), f"{n} §") for n in range(1, 7)
    ]
    first = point(result, "1")
    assert (first.title, first.laws) == ("KILPAILUNJOHTAJA", [])


def test_rule_5_title_wraps_onto_next_line() -> None:
    rule = point(parsed(FILE), "5")
    assert rule.title.endswith("TASATULOKSIIN PÄÄTTYNEISSÄ PARI- JA JOUKKUEKILPAILUISSA")
    assert [p.text for p in rule.paragraphs][:1] == ["Pari- ja henkilökohtainen kilpailu:"]
    assert "Joukkuekilpailu:" in [p.text for p in rule.paragraphs]


def test_rule_6_items_are_point_provisions() -> None:
    rule = point(parsed(FILE), "6")
    refs = [(node.ref, node.level) for node in rule.provisions()]
    assert refs == [
        ("point:6.1", Level.ITEM),
        ("point:6.2", Level.ITEM),
        ("point:6.3", Level.ITEM),
        ("point:6.4", Level.ITEM),
        ("point:6.4.a", Level.SUBITEM),
        ("point:6.4.b", Level.SUBITEM),
    ]
    assert "Tarjoussäännöt:" in [p.text for p in rule.paragraphs]


def test_statutes_extract_is_back_matter() -> None:
    doc = supplement_of(parsed(FILE))
    assert [(p.style, p.text[:20]) for p in doc.back_matter[:2]] == [
        ("heading", "OTE SBL:N SÄÄNNÖISTÄ"),
        ("text", "6 § Liiton hallitus "),
    ]
    assert all("Liiton hallitus" not in law_text(item) for item in doc.points)


def test_real_source_is_balanced() -> None:
    assert balance(source_text(FILE), parsed(FILE)).ok
