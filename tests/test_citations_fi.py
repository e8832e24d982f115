"""The Finnish citation grammars (``fi-2007``, ``fi-1997``): tables of printed forms, traps, properties, real texts."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core import refs
from bridgelaws.core.model import Document
from bridgelaws.stage3_link.citations import Citation, Context, Grammar, get_grammar
from conftest import parsed

FI2007 = get_grammar("fi-2007")
FI1997 = get_grammar("fi-1997")


def context_of(ref: str) -> Context:
    """``"14B3"`` → the context of provision 14B3; ``""`` → front matter; ``point:…`` → a point."""
    match = re.match(r"^([0-9]+)", ref)
    return Context(ref, int(match[1]) if match else None)


def found(grammar_text: str, citations: list[Citation]) -> tuple[list[list[str]], list[str]]:
    return [c.targets for c in citations], [grammar_text[c.start : c.end] for c in citations]


# (text, context ref, targets per citation, citation texts)
CASES_2007 = [
    # --- page-hinted: "(s. N)" is the page where the cited law starts ---
    pytest.param("((s. 37) 23 ) TS", "", [["23"]], ["(s. 37) 23"], id="hint-bare-law"),
    pytest.param("sovelletaan (s. 28) 16C :ää vahingossa", "6D1", [["16C"]], ["(s. 28) 16C :ää"], id="hint-partitive"),
    pytest.param("ks. (s. 17) 4, (s.24) 12C2 ja", "", [["4", "12C2"]], ["(s. 17) 4, (s.24) 12C2"], id="hint-no-space"),
    pytest.param(
        "Virheellisesti merkitystä tikistä ks. (s. 70) 65B3.", "9A2", [["65B3"]], ["(s. 70) 65B3"], id="hint-item"
    ),
    pytest.param(
        "Menettelytaparangaistus ((s. 94) 90 ) voidaan", "17D4", [["90"]], ["(s. 94) 90"], id="hint-in-parens"
    ),
    pytest.param(
        "(mutta lepääjä (s. 51) 42 ja (s. 52) 43 :n rajoissa)",
        "9A3",
        [["42", "43"]],
        ["(s. 51) 42 ja (s. 52) 43 :n"],
        id="hint-list-ja",
    ),
    pytest.param(
        "(Merkityksistä ks. (s. 17) 4, (s.24) 12C2 ja (s. 95) 91 ).",
        "",
        [["4", "12C2", "91"]],
        ["(s. 17) 4, (s.24) 12C2 ja (s. 95) 91"],
        id="hint-list-comma",
    ),
    pytest.param("(Ks. (s. 83) 77 ).", "", [["77"]], ["(s. 83) 77"], id="hint-definition"),
    pytest.param("määräytyy (s. 85) 78B :n taulukon mukaan", "", [["78B"]], ["(s. 85) 78B :n"], id="hint-genitive"),
    pytest.param("(tai luopua, ks. (s. 89) 81C5 ) oikaisusta", "10A", [["81C5"]], ["(s. 89) 81C5"], id="hint-deep"),
    pytest.param("alkuun (s. 31) 17A :ssä!)", "", [["17A"]], ["(s. 31) 17A :ssä"], id="hint-inessive"),
    pytest.param("brikasta ((s. 19) 7B ) eikä", "16A1d", [["7B"]], ["(s. 19) 7B"], id="hint-section"),
    pytest.param("(ks. kuitenkin (s. 63) 54A, kun", "", [["54A"]], ["(s. 63) 54A"], id="hint-comma-after"),
    pytest.param(
        "(ks. (s. 33) 19A ja (s. 83) 77 ).", "", [["19A", "77"]], ["(s. 33) 19A ja (s. 83) 77"], id="hint-pair"
    ),
    pytest.param("(s. 23) 12C1(b)", "", [["12C1b"]], ["(s. 23) 12C1(b)"], id="hint-bracketed-subitem"),
    pytest.param("(s. 33) 19A ja 19B :n", "", [["19A", "19B"]], ["(s. 33) 19A ja 19B :n"], id="hint-then-unhinted"),
    # --- unhinted, with a case ending after " :" ---
    pytest.param("korjaa pistetuloksen 12C :n mukaan.", "16A4", [["12C"]], ["12C :n"], id="ending-genitive"),
    pytest.param("Kumottuihin tarjouksiin sovelletaan 16D :ää.", "17E2", [["16D"]], ["16D :ää"], id="ending-partitive"),
    pytest.param("kuten 16A1 :ssä", "", [["16A1"]], ["16A1 :ssä"], id="ending-inessive"),
    pytest.param("ks. 12C1 mukaan", "", [["12C1"]], ["12C1"], id="ks-law-with-section"),
    # --- same law, resolved with the context ---
    pytest.param("normaalin pelaamisen (ks. C2 alempana).", "12A2", [["12C2"]], ["C2 alempana"], id="rel-below"),
    pytest.param("(ks. C1d), kilpailunjohtaja", "12C2a", [["12C1d"]], ["C1d"], id="rel-ks-subitem"),
    pytest.param("olisi tapahtunut mutta ks. C1b.", "12B1", [["12C1b"]], ["C1b"], id="rel-ks-period"),
    pytest.param("(mutta ks. B1 alempana), tai", "16A1c", [["16B1"]], ["B1 alempana"], id="rel-ks-below"),
    pytest.param("(ks. kohta 4 jäljempänä).", "14B3", [["14B4"]], ["kohta 4 jäljempänä"], id="rel-item-of-section"),
    pytest.param("(ks. kohta 4 jäljempänä).", "14B2", [["14B4"]], ["kohta 4 jäljempänä"], id="rel-item-of-section-2"),
    pytest.param(
        "toimii kuten edellä kohdassa 2c.", "16C3", [["16C2c"]], ["edellä kohdassa 2c"], id="rel-item-subitem"
    ),
    pytest.param(
        "kuin edellä A- ja B-momenteissa.", "6E4", [["6A", "6B"]], ["edellä A- ja B-momenteissa"], id="rel-sections"
    ),
    pytest.param("toimesta (ks. D-momentti), tai", "16A1b", [["16D"]], ["D-momentti"], id="rel-momentti"),
    pytest.param("kierroksella (ks. kuitenkin C-momentti):", "15A", [["15C"]], ["C-momentti"], id="rel-kuitenkin"),
    pytest.param(
        "menettelytavasta edellä c-kohdan sijaan", "12C1e", [["12C1c"]], ["edellä c-kohdan"], id="rel-subitem"
    ),
    pytest.param(
        "edellä 2- ja 3-kohdissa mainittujen", "17D4", [["17D2", "17D3"]], ["edellä 2- ja 3-kohdissa"], id="rel-items"
    ),
    pytest.param(
        "käteen tämän pykälän B-momentin mukaan, katsotaan",
        "14B4",
        [["14B"]],
        ["tämän pykälän B-momentin"],
        id="rel-this-law",
    ),
    pytest.param("ks. (s. 23) 12 :n C-momentti", "", [["12C"]], ["(s. 23) 12 :n C-momentti"], id="law-then-section"),
    pytest.param("vrt. B3 edellä", "14A", [["14B3"]], ["B3 edellä"], id="rel-vrt"),
    pytest.param("(katso C2)", "12A2", [["12C2"]], ["C2"], id="rel-katso"),
    pytest.param("edellä b-alakohdan mukaan", "12C1e", [["12C1b"]], ["edellä b-alakohdan"], id="rel-alakohta"),
    pytest.param("kappaleessa 3", "14B1", [["14B3"]], ["kappaleessa 3"], id="rel-kappale"),
    pytest.param("kohdassa 2c", "16", [], [], id="rel-item-needs-a-section"),
    pytest.param("(ks. C2 alempana)", "", [], [], id="rel-needs-a-context"),
    # --- not citations ---
    pytest.param("jakajana Pohjoinen jaot 1 5 9 13", "2", [], [], id="no-board-numbers"),
    pytest.param("korvaava tarjous eroaa 4 hänen kumotusta", "17D2", [], [], id="no-inline-footnote"),
    pytest.param("odottamattomalla 2 alertilla", "16B1a", [], [], id="no-footnote-before-word"),
    pytest.param("kutsua kilpailunjohtaja 3. Kilpailunjohtajan", "16B3", [], [], id="no-footnote-period"),
    pytest.param("milloin tahansa 1. tammikuuta 2008 jälkeen", "", [], [], id="no-date"),
    pytest.param("viimeksi vuonna 1997", "", [], [], id="no-year"),
    pytest.param("Tulos, joka antaa 90 tai vähemmän tikkipistettä", "", [], [], id="no-points"),
    pytest.param("kussakin niistä 13 korttia", "1", [], [], id="no-count"),
    pytest.param("(enintään 40 % saatavilla olevista)", "12C2a", [], [], id="no-percentage"),
    pytest.param("tulos on normaalisti plus tai miinus 3 IMP", "12C2b", [], [], id="no-imps"),
    pytest.param("Pohjoinen on avannut 1 NT ja Etelä on tarjonnut 2 D", "", [], [], id="no-bidding"),
    pytest.param("(s. 32)", "", [], [], id="no-page-alone"),
    pytest.param("(ks. (s. 99) 94 )", "", [], [], id="no-law-94"),
    pytest.param("järjestyksessä ovat : sangi, pata", "18E", [], [], id="no-colon-after-word"),
    pytest.param("Ks. Peruuttaminen.", "", [], [], id="no-ks-term"),
]

CASES_1997 = [
    # --- the section sign, its endings and OCR variants ---
    pytest.param("(16 §:ää - Luvaton tieto - voidaan soveltaa).", "19A3", [["16"]], ["16 §:ää"], id="sign-partitive"),
    pytest.param("perusteella (ks.90 §).", "11C", [["90"]], ["90 §"], id="sign-ks-no-space"),
    pytest.param("korottuvat 77 §: n mukaan.", "19D", [["77"]], ["77 §: n"], id="sign-space-in-ending"),
    pytest.param("ja 72B1 §:ää voidaan soveltaa", "30B2a", [["72B1"]], ["72B1 §:ää"], id="sign-item"),
    pytest.param("(ks. 19 ja 77§).", "", [["19", "77"]], ["19 ja 77§"], id="sign-pair-no-space"),
    pytest.param("30, 31 ja 32 §:n määräyksiä", "29C", [["30", "31", "32"]], ["30, 31 ja 32 §:n"], id="sign-list"),
    pytest.param(
        "rangaistuksen 30, 31 tai 32 §:n mukaan", "29B", [["30", "31", "32"]], ["30, 31 tai 32 §:n"], id="sign-tai"
    ),
    pytest.param("on määritelty 42 ja 43 §:ssä)", "9", [["42", "43"]], ["42 ja 43 §:ssä"], id="sign-title"),
    pytest.param("alkaa (ks. 17A §), että", "6D1", [["17A"]], ["17A §"], id="sign-section"),
    pytest.param("joka määräytyy 78B §:n taulukon mukaan", "", [["78B"]], ["78B §:n"], id="sign-definition"),
    pytest.param("toisella (ks. 25 Bl §).", "point:6.4.b", [["25B1"]], ["25 Bl §"], id="ocr-l-spaced"),
    pytest.param("määräämistä. (Ks. 72Bl§)", "23A", [["72B1"]], ["72Bl§"], id="ocr-l-no-space"),
    pytest.param("jälkeen ks. 47El §).", "55A", [["47E1"]], ["47El §"], id="ocr-l-item"),
    pytest.param("(16C2 § ei sovellu tähän tilanteeseen", "27B1a", [["16C2"]], ["16C2 §"], id="sign-then-word"),
    pytest.param("epäsäännöllisyyteen (42B2 §).", "9A2b2", [["42B2"]], ["42B2 §"], id="sign-in-parens"),
    pytest.param("aloituksensa (ks. 47E ja 41 §§).", "20C1", [["47E", "41"]], ["47E ja 41 §§"], id="sign-double"),
    pytest.param("(ks. 41B ja 41C §).", "20C2", [["41B", "41C"]], ["41B ja 41C §"], id="sign-pair-sections"),
    pytest.param("toiseen 45C4(b) §:n mukaisesti.", "47C", [["45C4b"]], ["45C4(b) §:n"], id="sign-bracketed-subitem"),
    pytest.param("43B2(b) §, kun lepääjä", "62", [["43B2b"]], ["43B2(b) §"], id="sign-bracketed-first"),
    pytest.param("Mutta ks. 53 C §.", "53", [["53C"]], ["53 C §"], id="sign-space-before-section"),
    pytest.param(
        '"Normaali" 69, 70 ja 71 §n tarkoittama', "71", [["69", "70", "71"]], ["69, 70 ja 71 §n"], id="ocr-no-colon"
    ),
    pytest.param(
        "(joka soveltaa 21 tai 40C §: ää).", "75D1", [["21", "40C"]], ["21 tai 40C §: ää"], id="sign-tai-spaced"
    ),
    pytest.param("(ks 58 § samanaikaisesta", "47B", [["58"]], ["58 §"], id="sign-ks-no-period"),
    pytest.param("oikeuksia, joita 43 § rajoittaa.", "42B", [["43"]], ["43 §"], id="sign-before-verb"),
    pytest.param("23 § kun passi vahingoittaa", "25B2b1", [["23"]], ["23 §"], id="sign-opens-paragraph"),
    pytest.param("79 §:ssä sallitun korjausajan", "69B", [["79"]], ["79 §:ssä"], id="sign-opens-paragraph-ending"),
    pytest.param("(ks. lähtökorttirangaistukset 26 §).", "9C", [["26"]], ["26 §"], id="sign-after-noun"),
    pytest.param(
        "Sen lisäksi mitä 83, 92 ja 93 §:ssä on mainittu",
        "point:2",
        [["83", "92", "93"]],
        ["83, 92 ja 93 §:ssä"],
        id="supplement-cites-laws",
    ),
    pytest.param("voi johtaa lain 16A §:n soveltamiseen.", "point:6.3", [["16A"]], ["16A §:n"], id="supplement-lain"),
    # --- same law, resolved with the context ---
    pytest.param("korjataan eikä A-kohtaa voi soveltaa:", "25B", [["25A"]], ["A-kohtaa"], id="rel-section-kohta"),
    pytest.param("(kuten 1-kohdassa edellä), hänen", "21B2", [["21B1"]], ["1-kohdassa edellä"], id="rel-item-after"),
    pytest.param("(ks. 3-kohta jäljempänä).", "14B2", [["14B3"]], ["3-kohta jäljempänä"], id="rel-item-below"),
    pytest.param("(ks. 3-kohta jäljempänä).", "14B1b", [["14B3"]], ["3-kohta jäljempänä"], id="rel-item-from-subitem"),
    pytest.param(
        "tämän pykälän B kohdan mukaan", "14B3", [["14B"]], ["tämän pykälän B kohdan"], id="rel-this-law-space"
    ),
    pytest.param("katso seuraavaa b-kohtaa).", "27B1a", [["27B1b"]], ["b-kohtaa"], id="rel-next-subitem"),
    pytest.param(
        "tapauksessa (b) (1) tai (b) (2) rikkojan",
        "25B2c",
        [["25B2b1", "25B2b2"]],
        ["(b) (1) tai (b) (2)"],
        id="rel-subitem-parts",
    ),
    pytest.param("sovelletaan A2b- kohtaa) OPV:n", "31A", [["31A2b"]], ["A2b- kohtaa"], id="rel-hyphen-space"),
    pytest.param("(ks. kuitenkin edellä A-kohta) ja", "29B", [["29A"]], ["edellä A-kohta"], id="rel-above-before"),
    pytest.param("(ks. B-kohtaa edellä), pelinviejällä", "41C", [["41B"]], ["B-kohtaa edellä"], id="rel-above-after"),
    pytest.param(
        "edellä Al- tai A2-kohdissa mainittuja",
        "43B1",
        [["43A1", "43A2"]],
        ["edellä Al- tai A2-kohdissa"],
        id="rel-ocr-l",
    ),
    pytest.param("edellä A2-kohdassa mainittuja", "43B2", [["43A2"]], ["edellä A2-kohdassa"], id="rel-item-path"),
    pytest.param("edellä 2A-kohdassa mainittuja", "43B3", [["43A2"]], ["edellä 2A-kohdassa"], id="rel-misprint-2A"),
    pytest.param(
        "edellä olevan (a)-kohdan mukaan", "47E2b", [["47E2a"]], ["edellä olevan (a)-kohdan"], id="rel-bracket"
    ),
    pytest.param("edellä A-E kohdissa sallittuja", "47F", [["47A", "47E"]], ["edellä A-E kohdissa"], id="rel-range"),
    pytest.param(
        "edellä olevien (a) tai (b) kohtien mukaan",
        "52B1c",
        [["52B1a", "52B1b"]],
        ["edellä olevien (a) tai (b) kohtien"],
        id="rel-bracket-list",
    ),
    pytest.param(
        "sovelletaan B 1(a)-kohtaa edellä)", "51B2a", [["51B1a"]], ["B 1(a)-kohtaa edellä"], id="rel-full-path"
    ),
    pytest.param("minkä tahansa C-kohdassa mainitun", "81D", [["81C"]], ["C-kohdassa"], id="rel-inessive"),
    pytest.param("(ks. 12 §:n C-kohta)", "", [["12C"]], ["12 §:n C-kohta"], id="law-then-section"),
    pytest.param("eikä A-kohtaa voi soveltaa", "", [], [], id="rel-needs-a-context"),
    pytest.param("eikä A-kohtaa voi soveltaa", "point:6.4.b", [], [], id="rel-not-in-a-point"),
    # --- not citations ---
    pytest.param("6 § Liiton hallitus voi ensin varoittamalla", "", [], [], id="no-statute-heading"),
    pytest.param("13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", "", [], [], id="no-law-heading"),
    pytest.param("Etelä on tarjonnut 2 D tarkoittaen", "75", [], [], id="no-bidding"),
    pytest.param("jos Pohjoinen maalaa 2 NT, Etelä", "75D2", [], [], id="no-bidding-nt"),
    pytest.param("pata (1 S tai ), hertta (1H tai )", "", [], [], id="no-suits"),
    pytest.param("90 tikkipistettä tai vähemmän", "77", [], [], id="no-points"),
    pytest.param("enemmän kuin kolmetoista korttia, 13 korttia", "13C", [], [], id="no-count"),
    pytest.param("vähintään 60 % sen jaon ottelupisteistä", "88", [], [], id="no-percentage"),
    pytest.param("Sama sarja toistuu jaoissa 17–32", "2", [], [], id="no-range-of-boards"),
    pytest.param("Kilpailubridgen laki 1997", "", [], [], id="no-year"),
    pytest.param("(ks. 94 §)", "", [], [], id="no-law-94"),
    pytest.param("käytöstä ks. SBL:n lisämääräykset", "19B2", [], [], id="no-ks-abbreviation"),
    pytest.param("on menetetty tämän pykälän nojalla", "11C", [], [], id="no-this-law-alone"),
]


@pytest.mark.parametrize(("text", "ref", "targets", "texts"), CASES_2007)
def test_fi2007(text: str, ref: str, targets: list[list[str]], texts: list[str]) -> None:
    assert found(text, FI2007(text, context_of(ref))) == (targets, texts)


@pytest.mark.parametrize(("text", "ref", "targets", "texts"), CASES_1997)
def test_fi1997(text: str, ref: str, targets: list[list[str]], texts: list[str]) -> None:
    assert found(text, FI1997(text, context_of(ref))) == (targets, texts)


def test_part_is_the_printed_reference() -> None:
    text = "(mutta lepääjä (s. 51) 42 ja (s. 52) 43 :n rajoissa)"
    [citation] = FI2007(text, Context("9A3", 9))
    assert [text[part.start : part.end] for part in citation.parts] == ["42", "43"]
    text = "toisella (ks. 25 Bl §)."
    [citation] = FI1997(text, Context("point:6.4.b"))
    assert [text[part.start : part.end] for part in citation.parts] == ["25 Bl"]


# --- properties ------------------------------------------------------------------------------------

FRAGMENTS = [
    "(s. 37) ", "(s.24) ", "(s. ", ")", "(", " ", ", ", " ja ", " tai ", "ks. ", "Ks.", "kuitenkin ",
    "12", "16C", "65B3", "94", "0", "7", "1997", "12C1(b)", "40B2a(i)", "C2", "B1", "D", "c", "(a)", "(b) (1)",
    " :ää", " :n", ":", "§", " §", "§:ää", "§: n", "§§", "Bl", "l", "-", "–", "-kohdan", "-momentissa",
    " kohta ", "kohdassa ", " edellä", " alempana", "tämän pykälän ", "2 D", "1 NT", "%", ".", "\n", "ä",
]  # fmt: skip
CONTEXTS = [Context(), Context("14B3", 14), Context("12C1e", 12), Context("6", 6), Context("point:6.4.b")]


@pytest.mark.parametrize("grammar", [FI2007, FI1997], ids=["fi-2007", "fi-1997"])
@given(
    text=st.one_of(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join), st.text(max_size=80)),
    context=st.sampled_from(CONTEXTS),
)
def test_citations_are_well_formed(grammar: Grammar, text: str, context: Context) -> None:
    citations = grammar(text, context)
    end = 0
    for citation in citations:
        assert end <= citation.start < citation.end <= len(text)  # ordered, not overlapping, inside the text
        assert text[citation.start : citation.end] == text[citation.start : citation.end].strip()
        assert citation.parts
        for part in citation.parts:
            assert citation.start <= part.start < part.end <= citation.end
            assert refs.is_ref(part.target), part.target
            law = refs.law_of(part.target)
            assert law is not None and 1 <= law <= 93
        end = citation.end


# --- the real texts ------------------------------------------------------------------------------


def paragraphs(document: Document) -> Iterator[tuple[str, Context, str]]:
    """Every text that may cite — paragraphs as printed (page hints in place), law and provision
    titles, footnotes — with its context and a kind (``front``, ``definition``, ``law``, ``point``)."""
    for paragraph in document.front_matter + document.back_matter:
        yield paragraph.printed(), Context(), "front"
    for definition in document.definitions:
        for paragraph in definition.paragraphs:
            yield paragraph.printed(), Context(), "definition"
    for law in document.laws:
        yield law.title, Context(str(law.number), law.number), "law"
        for paragraph in law.paragraphs:
            yield paragraph.printed(), Context(str(law.number), law.number), "law"
        for footnote in law.footnotes:
            yield footnote.text, Context(str(law.number), law.number), "law"
        for node in law.provisions():
            if node.title:
                yield node.title, Context(node.ref, law.number), "law"
            for paragraph in node.paragraphs:
                yield paragraph.printed(), Context(node.ref, law.number), "law"
    for point in document.points:
        for paragraph in point.paragraphs:
            yield paragraph.printed(), Context(refs.point_ref(point.number)), "point"
        for node in point.provisions():
            for paragraph in node.paragraphs:
                yield paragraph.printed(), Context(node.ref), "point"


def run(file: str, grammar_name: str) -> list[tuple[str, Context, str, Citation]]:
    grammar = get_grammar(grammar_name)
    return [
        (text, context, kind, citation)
        for document in parsed(file).documents
        for text, context, kind in paragraphs(document)
        for citation in grammar(text, context)
    ]


def inside(position: int, citations: list[Citation]) -> bool:
    return any(citation.start <= position < citation.end for citation in citations)


def test_fi2007_every_page_hint_is_in_a_citation() -> None:
    """Every ``(s. N)`` in the 2007 text stands inside a found citation."""
    missed, hints, found_all = [], 0, run("fi-2007-laws.pdf.txt", "fi-2007")
    for document in parsed("fi-2007-laws.pdf.txt").documents:
        for text, context, kind in paragraphs(document):
            citations = FI2007(text, context)
            for hint in re.finditer(r"\(s\.\s?[0-9]+\)", text):
                hints += 1
                if kind in ("law", "definition", "front") and not inside(hint.start(), citations):
                    missed.append(text[max(0, hint.start() - 30) : hint.end() + 20])
    print(f"fi-2007: {hints} page hints, {len(found_all)} citations")
    assert hints >= 49
    assert not missed
    assert len(found_all) >= 55


# "N § Title" opening a paragraph is a heading (the statute extract's "6 § Liiton hallitus").
HEADING = re.compile(r"^[0-9]{1,2}\s?§\s+[A-ZÄÖ]")


def test_fi1997_every_section_sign_is_in_a_citation() -> None:
    """Every ``§`` of the 1997 book (``16 §:ää``, ``43 § rajoittaa``, ``72Bl§)``) is inside a citation."""
    missed, signs, found_all = [], 0, run("fi-1997-laws.txt", "fi-1997")
    for document in parsed("fi-1997-laws.txt").documents:
        for text, context, _kind in paragraphs(document):
            citations = FI1997(text, context)
            for sign in re.finditer(r"§", text):
                if HEADING.match(text) and sign.start() < 5:
                    continue
                signs += 1
                if not inside(sign.start(), citations):
                    missed.append(text[max(0, sign.start() - 30) : sign.end() + 20])
    print(f"fi-1997: {signs} section signs, {len(found_all)} citations")
    assert signs >= 200
    assert not missed
    assert len(found_all) >= 210


def test_fi1997_citation_tokens_of_the_brief() -> None:
    """The brief's test: each "N §" followed by a lowercase letter or ":" is a citation, not a heading."""
    token = re.compile(r"[0-9]\s?§§?(?=\s?[a-zäö:])")
    for document in parsed("fi-1997-laws.txt").documents:
        for text, context, _kind in paragraphs(document):
            citations = FI1997(text, context)
            for match in token.finditer(text):
                assert inside(match.start(), citations), text[max(0, match.start() - 30) : match.end() + 20]


def test_supplement_citations_target_the_laws() -> None:
    points = [(text, context) for text, context, kind, _ in run("fi-1997-laws.txt", "fi-1997") if kind == "point"]
    targets = [target for text, context in points for citation in FI1997(text, context) for target in citation.targets]
    assert {"83", "92", "93", "16A", "25B1", "40E"} <= set(targets)
    assert all(not target.startswith("point:") for target in targets)
