"""The Swedish, Turkish and Polish citation grammars: tables of printed forms, traps, properties
(the real texts: tests/test_citations_sv_tr_pl_texts.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core import refs
from bridgelaws.stage3_link.citations import Citation, Context, Grammar, get_grammar

SV = get_grammar("sv")
TR = get_grammar("tr")
PL = get_grammar("pl")


def context_of(ref: str) -> Context:
    """``"14B3"`` → the context of provision 14B3; ``""`` → front matter; ``point:…`` → a point."""
    match = re.match(r"^([0-9]+)", ref)
    return Context(ref, int(match[1]) if match else None)


def found(text: str, citations: list[Citation]) -> tuple[list[list[str]], list[str]]:
    return [c.targets for c in citations], [text[c.start : c.end] for c in citations]


# (text, context ref, targets per citation, citation texts)
SV_CASES = [
    # --- lag N: the law word, its forms, one or more paths ---
    pytest.param("För kort som pekar i fel riktning se lag 65B3.", "9A2", [["65B3"]], ["lag 65B3"], id="lag-item"),
    pytest.param("(men se lag 20F5 för korrigering", "9A4", [["20F5"]], ["lag 20F5"], id="lag-men-se"),
    pytest.param("felaktigt förfarande (se lag 90).", "11B", [["90"]], ["lag 90"], id="lag-in-parens"),
    pytest.param(
        "(beträffande träkarlen se lagarna 42 och 43).",
        "9A3",
        [["42", "43"]],
        ["lagarna 42 och 43"],
        id="lagarna-och",
    ),
    pytest.param("(men se lagarna 27 och 50).", "10C4", [["27", "50"]], ["lagarna 27 och 50"], id="lagarna-27-50"),
    pytest.param("korrigerad poäng utdelas (lag 86D kan gälla).", "13C", [["86D"]], ["lag 86D"], id="lag-section-verb"),
    pytest.param("Enligt lag 16D2 är det", "10C4", [["16D2"]], ["lag 16D2"], id="enligt-lag"),
    pytest.param("inom den tidsperiod som fastställts i lag 92B, eller", "12A", [["92B"]], ["lag 92B"], id="lag-comma"),
    pytest.param("(i lagspel se lag 86). Detta", "12A", [["86"]], ["lag 86"], id="lagspel-is-no-keyword"),
    pytest.param("ett korrigerat resultat enligt lag 12C.", "16A4", [["12C"]], ["lag 12C"], id="lag-section-stop"),
    pytest.param("se lag 12C1(b) först", "13A", [["12C1b"]], ["lag 12C1(b)"], id="lag-bracketed-subitem"),
    pytest.param("se lag 40B2a(i)", "13A", [["40B2ai"]], ["lag 40B2a(i)"], id="lag-subsubitem"),
    pytest.param("se lag 12C1b", "13A", [["12C1b"]], ["lag 12C1b"], id="lag-compact-subitem"),
    pytest.param("lag 16A och B gäller", "13A", [["16A", "16B"]], ["lag 16A och B"], id="lag-section-continued"),
    pytest.param(
        "lag 12C1(b) och (c)", "13A", [["12C1b", "12C1c"]], ["lag 12C1(b) och (c)"], id="lag-subitem-continued"
    ),
    pytest.param("lagarna 40–42 gäller", "13A", [["40", "42"]], ["lagarna 40–42"], id="lagarna-range"),
    pytest.param(
        "lagarna 42, 43 eller 45", "13A", [["42", "43", "45"]], ["lagarna 42, 43 eller 45"], id="lagarna-list"
    ),
    pytest.param("LAG 12 gäller", "", [["12"]], ["LAG 12"], id="lag-upper-case"),
    pytest.param("enligt lag 12 C1(b) gäller", "", [["12C1b"]], ["lag 12 C1(b)"], id="lag-spaced-section"),
    pytest.param("lagens 12C:s regler", "", [["12C"]], ["lagens 12C:s"], id="lag-genitive"),
    pytest.param("se lag 90 och 3 IMP", "12C2b", [["90"]], ["lag 90"], id="lag-list-stops-at-imp"),
    # --- same-law relative citations, resolved with the context ---
    pytest.param("spelas på normalt sätt (se C2 nedan).", "12A2", [["12C2"]], ["C2 nedan"], id="se-nedan"),
    pytest.param("på grund av en felaktighet [och se C1(d)], utdelar", "12C2a", [["12C1d"]], ["C1(d)"], id="och-se"),
    pytest.param("om regelbrottet inte ägt rum – men se C1(b).", "12B1", [["12C1b"]], ["C1(b)"], id="men-se"),
    pytest.param("fortsätter tävlingsledaren som i 2(c).", "16C3", [["16C2c"]], ["2(c)"], id="som-i-item-subitem"),
    pytest.param("Korrigering kan gälla (se 4 nedan).", "14B2", [["14B4"]], ["4 nedan"], id="se-item-nedan"),
    pytest.param("ett återtaget bud eller spel (se D); eller", "16A1b", [["16D"]], ["D"], id="se-section"),
    pytest.param("den i den ronden (men se C):", "15A", [["15C"]], ["C"], id="men-se-section"),
    pytest.param("i bestämmelser (men se B1 nedan); eller", "16A1c", [["16B1"]], ["B1 nedan"], id="se-item-of-section"),
    pytest.param(
        "ofullständig hand enligt avsnitt B i den här lagen anses",
        "14B4",
        [["14B"]],
        ["avsnitt B i den här lagen"],
        id="avsnitt-den-har-lagen",
    ),
    pytest.param("enligt avsnitt B i lag 14", "16A", [["14B"]], ["avsnitt B i lag 14"], id="avsnitt-i-lag"),
    pytest.param("(se punkt 3 ovan)", "15C2", [["15C3"]], ["punkt 3 ovan"], id="punkt-ovan"),
    pytest.param("bestämmelserna i C2 gäller", "16A", [["16C2"]], ["C2"], id="i-section-item"),
    pytest.param("Se C1(b) och (c)", "12B1", [["12C1b", "12C1c"]], ["C1(b) och (c)"], id="se-list-continued"),
    pytest.param("se även C2", "12A", [["12C2"]], ["C2"], id="se-aven-target"),
    pytest.param("enligt B1 ovan", "16C", [["16B1"]], ["B1 ovan"], id="ovan-without-se"),
    # --- not citations ---
    pytest.param("skall tävlingsledaren se till att rätta motståndare", "15C", [], [], id="se-till-att"),
    pytest.param("se även bestämmelserna", "15C", [], [], id="se-aven-no-target"),
    pytest.param("innehöll fler än 13 kort samtidigt", "13C", [], [], id="cards"),
    pytest.param("knappt medel (högst 40% av topscoren i partävling)", "12C2a", [], [], id="percent"),
    pytest.param("resultatet vanligen plus eller minus 3 IMP", "12C2b", [], [], id="imp"),
    pytest.param("får se fel hand; råkar höra bud", "16C1", [], [], id="se-fel-hand"),
    pytest.param("Nord spelar i B", "14B2", [], [], id="i-single-letter"),
    pytest.param("i 13 kort nedan", "14B2", [], [], id="i-number-no-target"),
    pytest.param("2007 ÅRS LAGAR FÖR TÄVLINGSBRIDGE.", "", [], [], id="year"),
    pytest.param("om lagarna förhindrar honom", "9A1", [], [], id="lagarna-no-number"),
    pytest.param("lag 94 och lag 0 och lag 2007", "", [], [], id="no-such-law"),
    pytest.param("(se 4 nedan)", "14", [], [], id="item-without-section-context"),
    pytest.param("(se C2 nedan)", "", [], [], id="relative-without-law-context"),
]


TR_CASES = [
    # --- Yasa N: any case, case endings after an apostrophe or a space ---
    pytest.param("Hakem skoru [bkz. Yasa 12C1(b)] ayarlar", "13A2", [["12C1b"]], ["Yasa 12C1(b)"], id="bkz-yasa"),
    pytest.param(
        "Hakem [Yasa 12C1(b) uyarınca] ayarlı skor verir", "13B2", [["12C1b"]], ["Yasa 12C1(b)"], id="yasa-uyarinca"
    ),
    pytest.param("Yer diğer haklarını Yasa 43’de belirtilen", "42B", [["43"]], ["Yasa 43’de"], id="curly-apostrophe"),
    pytest.param("Yasa 42'de belirtilenler dışında:", "43", [["42"]], ["Yasa 42'de"], id="straight-apostrophe"),
    pytest.param("Yasa 12 ye göre Ayarlı skor", "12", [["12"]], ["Yasa 12 ye"], id="space-ending"),
    pytest.param("YASA 90 DA uygulanır", "12", [["90"]], ["YASA 90 DA"], id="space-ending-upper"),
    pytest.param(
        "rönons yapmış olursa, Yasa 64B3 ve 64C geçerlidir.",
        "45D2",
        [["64B3", "64C"]],
        ["Yasa 64B3 ve 64C"],
        id="ve-list",
    ),
    pytest.param("bir prosedür cezası (Yasa 90) öngörülebilir", "15A4", [["90"]], ["Yasa 90"], id="in-parens"),
    pytest.param("bulunursa, Yasa 67 uygulanır.", "14B1", [["67"]], ["Yasa 67"], id="yasa-verb"),
    pytest.param("Yasa 64’de öngörülen hükümler", "43B2b", [["64"]], ["Yasa 64’de"], id="yasa-64-de"),
    pytest.param("Yasa 13, yanlış sayıda (13 den fazla) kart", "13", [["13"]], ["Yasa 13"], id="intro-line"),
    pytest.param("YASA 42 – YERİN HAKLARI", "", [["42"]], ["YASA 42"], id="heading-upper-case"),
    pytest.param("yasa 16C geçerlidir", "15A2c", [["16C"]], ["yasa 16C"], id="lower-case"),
    pytest.param(
        "YASALARIN 42 VE 43’Ü", "", [["42", "43"]], ["YASALARIN 42 VE 43’Ü"], id="upper-case-ve-is-no-section"
    ),
    pytest.param("YASA 12’YE göre", "", [["12"]], ["YASA 12’YE"], id="upper-case-ending"),
    pytest.param("Yasa 12C1(b)’ye göre", "", [["12C1b"]], ["Yasa 12C1(b)’ye"], id="subitem-ending"),
    pytest.param("Yasa 12’nin C2 maddesi", "", [["12C2"]], ["Yasa 12’nin C2 maddesi"], id="genitive-provision"),
    pytest.param("Yasa 12 A bendi", "", [["12A"]], ["Yasa 12 A bendi"], id="law-then-section"),
    pytest.param("Yasa 12 ve 13’ten fazla kart", "13", [["12"]], ["Yasa 12"], id="list-stops-at-card-count"),
    # --- same-law relative citations ---
    pytest.param(
        "ceza uygulanabilir. (Aşağıdaki B4. maddeye bkz.)",
        "14B2",
        [["14B4"]],
        ["Aşağıdaki B4. maddeye"],
        id="asagidaki",
    ),
    pytest.param(
        "skor verebilir. (Bkz. aşağıda C2 maddesi.)", "12C1d", [["12C2"]], ["aşağıda C2 maddesi"], id="bkz-asagida"
    ),
    pytest.param(
        "Yer bundan önceki A1 ve A2 bentlerinde sayılan",
        "43B1",
        [["43A1", "43A2"]],
        ["bundan önceki A1 ve A2 bentlerinde"],
        id="bundan-onceki-list",
    ),
    pytest.param(
        "Eğer yer, bundan önceki A2 bendinde sayılan", "43B2", [["43A2"]], ["bundan önceki A2 bendinde"], id="bendinde"
    ),
    pytest.param(
        "Eğer Yer, yukarıdaki A2 bendinde sayılan", "43B3", [["43A2"]], ["yukarıdaki A2 bendinde"], id="yukaridaki"
    ),
    pytest.param("Bu yasanın B bendi hükümleri", "14B4", [["14B"]], ["Bu yasanın B bendi"], id="bu-yasanin"),
    pytest.param("BU YASANIN B BENDİ", "14B4", [["14B"]], ["BU YASANIN B BENDİ"], id="bu-yasanin-upper-dotted-i"),
    pytest.param(
        "skor, yukarıdaki (a) ve (b) maddelerinde öngörülen",
        "12C2d",
        [["12C2a", "12C2b"]],
        ["yukarıdaki (a) ve (b) maddelerinde"],
        id="subitems-of-current-item",
    ),
    pytest.param("Aşağıdaki 4. maddeye bakınız", "14B2", [["14B4"]], ["Aşağıdaki 4. maddeye"], id="item-of-section"),
    pytest.param("(bkz. C2)", "12C1d", [["12C2"]], ["C2"], id="bkz-section"),
    # --- not citations ---
    pytest.param("oyunculardan birinde 13’ten fazla kart bulunduğunu", "13B", [], [], id="card-count"),
    pytest.param("maç puanlarının en çok % 40’ı; %60’ının", "12C2a", [], [], id="percent"),
    pytest.param("A+ Min %60 (+3 IMP). Normal", "", [], [], id="imp"),
    pytest.param("%50 ihtimalle 4S -1 Skor %40", "", [], [], id="contract"),
    pytest.param("Yukarıdaki maddede belirtilen hükümler", "12C2c", [], [], id="maddede-no-path"),
    pytest.param("olay veya Yasa ile ilgili bilgi", "42A1", [], [], id="yasa-no-number"),
    pytest.param("KG -100 DB +300", "", [], [], id="compass-scores"),
    pytest.param("(Aşağıdaki B4. maddeye bkz.)", "", [], [], id="relative-without-law-context"),
]


PL_CASES = [
    # --- przepis… N: law provisions in any grammatical case ---
    pytest.param("Na mocy przepisu 80A PZBS, jako", "", [["80A"]], ["przepisu 80A"], id="przepisu"),
    pytest.param("Zgodnie z przepisem 80B2i, Organizator", "", [["80B2i"]], ["przepisem 80B2i"], id="przepisem"),
    pytest.param("zgodnie z przepisem 18A (przy pomocy", "point:5.1", [["18A"]], ["przepisem 18A"], id="przepisem-18A"),
    pytest.param("Przepis 40B2a(i)", "point:11", [["40B2ai"]], ["Przepis 40B2a(i)"], id="przepis-subsubitem"),
    pytest.param("Przepis 40B2a(iii)", "point:13", [["40B2aiii"]], ["Przepis 40B2a(iii)"], id="przepis-roman"),
    pytest.param("opisanego w przepisie 93.", "point:26.1", [["93"]], ["przepisie 93"], id="przepisie"),
    pytest.param(
        "Przepisy 12C2b i 12C2d", "point:3", [["12C2b", "12C2d"]], ["Przepisy 12C2b i 12C2d"], id="przepisy-i"
    ),
    pytest.param("Przepisy 41 i 45A.", "point:19", [["41", "45A"]], ["Przepisy 41 i 45A"], id="przepisy-full-stop"),
    pytest.param("Przepis 70E2.", "point:20", [["70E2"]], ["Przepis 70E2"], id="przepis-full-stop"),
    pytest.param(
        "w przepisach 12C2b, 12C2d oraz 16B2",
        "",
        [["12C2b", "12C2d", "16B2"]],
        ["przepisach 12C2b, 12C2d oraz 16B2"],
        id="przepisach-list",
    ),
    pytest.param(
        "przepisów 40B2a(i)–(v)", "", [["40B2ai", "40B2av"]], ["przepisów 40B2a(i)–(v)"], id="przepisow-range"
    ),
    pytest.param("PRZEPIS 12", "", [["12"]], ["PRZEPIS 12"], id="upper-case"),
    pytest.param("Po zgodnej z przepisem 20F prośbie", "point:17.1", [["20F"]], ["przepisem 20F"], id="przepisem-20F"),
    pytest.param("zgodnie z 80B2i", "", [["80B2i"]], ["80B2i"], id="bare-after-preposition"),
    pytest.param("(patrz 16B2)", "", [["16B2"]], ["16B2"], id="bare-after-patrz"),
    # --- its own points ---
    pytest.param("Patrz punkt 13.", "point:1", [["point:13"]], ["punkt 13"], id="punkt"),
    pytest.param(
        "z zastrzeżeniem pkt. 16 niniejszego dokumentu", "point:7.1", [["point:16"]], ["pkt. 16"], id="pkt-abbreviation"
    ),
    pytest.param(
        "pkt 16 i pkt.3.1", "", [["point:16"], ["point:3.1"]], ["pkt 16", "pkt.3.1"], id="pkt-no-dot-no-space"
    ),
    pytest.param(
        "o którym mowa w punkcie 15.1.", "point:15.2", [["point:15.1"]], ["punkcie 15.1"], id="punkcie-subpoint"
    ),
    pytest.param("jak w punkcie 25.1.D", "", [["point:25.1.D"]], ["punkcie 25.1.D"], id="punkcie-lettered"),
    pytest.param("rozdania (patrz punkt 25.2).", "point:25.1.A.i", [["point:25.2"]], ["punkt 25.2"], id="patrz-punkt"),
    pytest.param(
        "zniekształcone (patrz 25.1.A.(i)).",
        "point:25.2.A",
        [["point:25.1.A.i"]],
        ["25.1.A.(i)"],
        id="patrz-bare-point",
    ),
    pytest.param(
        "o których mowa w punkcie 25.1.B, a następnie w punkcie 25.1.D i punkcie 25.1.A. Sędzia",
        "point:25.2.E",
        [["point:25.1.B"], ["point:25.1.D"], ["point:25.1.A"]],
        ["punkcie 25.1.B", "punkcie 25.1.D", "punkcie 25.1.A"],
        id="three-punkcie",
    ),
    pytest.param(
        "o których mowa w punkcie 25.1.A, 25.1.B i 25.1.D, z uwzględnieniem",
        "point:25.2",
        [["point:25.1.A", "point:25.1.B", "point:25.1.D"]],
        ["punkcie 25.1.A, 25.1.B i 25.1.D"],
        id="punkcie-list",
    ),
    pytest.param(
        "punkt 25.1.A, 25.1.B i 25.1.D",
        "",
        [["point:25.1.A", "point:25.1.B", "point:25.1.D"]],
        ["punkt 25.1.A, 25.1.B i 25.1.D"],
        id="punkt-list",
    ),
    pytest.param("punktów 3.1–3.4", "", [["point:3.1", "point:3.4"]], ["punktów 3.1–3.4"], id="punktow-range"),
    pytest.param("w podpunkcie 3.1.A", "", [["point:3.1.A"]], ["podpunkcie 3.1.A"], id="podpunkcie"),
    # --- not citations ---
    pytest.param(
        "jeśli pierwszą cyfrą po przecinku jest 0-4, i w przeciwnym kierunku dla cyfr 5-9.",
        "point:3.1.F.iii",
        [],
        [],
        id="digit-ranges",
    ),
    pytest.param("na siłę niezawartą w zakresie 11-18 PC", "point:10.2.ii", [], [], id="point-count"),
    pytest.param("Dla pierwszego rozdania +3 IMP;", "point:3.1.A.i", [], [], id="imp"),
    pytest.param(
        "od uchwały Zarządu PZBS nr 32/2022/2021-2025 z dnia 16 marca 2022 r.", "", [], [], id="resolution-number-date"
    ),
    pytest.param("gracz czeka około 10 sekund, a następnie", "point:21.1.B", [], [], id="seconds"),
    pytest.param("odnoszących się do nowej edycji przepisów. W przypadku", "", [], [], id="przepisow-no-number"),
    pytest.param("Międzynarodowe Prawo Brydżowe 2017", "", [], [], id="year"),
    pytest.param("przepisu 2017 i przepisu 94", "", [], [], id="no-such-law"),
    pytest.param("Otwarcia 2 trefl, 2 karo, 2 kier", "point:10.2.i", [], [], id="bids"),
    pytest.param("konto PZBS: 07 1240 6175 1111 0000 4577 6692", "", [], [], id="bank-account"),
]


@pytest.mark.parametrize(("text", "ref", "targets", "texts"), SV_CASES)
def test_sv(text: str, ref: str, targets: list[list[str]], texts: list[str]) -> None:
    assert found(text, SV(text, context_of(ref))) == (targets, texts)


@pytest.mark.parametrize(("text", "ref", "targets", "texts"), TR_CASES)
def test_tr(text: str, ref: str, targets: list[list[str]], texts: list[str]) -> None:
    assert found(text, TR(text, context_of(ref))) == (targets, texts)


@pytest.mark.parametrize(("text", "ref", "targets", "texts"), PL_CASES)
def test_pl(text: str, ref: str, targets: list[list[str]], texts: list[str]) -> None:
    assert found(text, PL(text, context_of(ref))) == (targets, texts)


@pytest.mark.parametrize(
    ("grammar", "text", "ref", "parts"),
    [
        pytest.param(SV, "se lagarna 42 och 43", "9A3", ["42", "43"], id="sv-list"),
        pytest.param(SV, "se lag 12C1(b)", "", ["12C1(b)"], id="sv-bracketed"),
        pytest.param(SV, "(se C2 nedan)", "12A2", ["C2"], id="sv-relative"),
        pytest.param(TR, "Yasa 43’de", "", ["43"], id="tr-ending-not-in-part"),
        pytest.param(TR, "(Aşağıdaki B4. maddeye bkz.)", "14B2", ["B4"], id="tr-relative"),
        pytest.param(TR, "yukarıdaki (a) ve (b) maddelerinde", "12C2d", ["(a)", "(b)"], id="tr-subitems"),
        pytest.param(PL, "przepisu 80A", "", ["80A"], id="pl-law"),
        pytest.param(PL, "(patrz 25.1.A.(i))", "", ["25.1.A.(i)"], id="pl-point"),
    ],
)
def test_part_is_the_printed_reference(grammar: Grammar, text: str, ref: str, parts: list[str]) -> None:
    assert [text[p.start : p.end] for c in grammar(text, context_of(ref)) for p in c.parts] == parts


# -- properties --------------------------------------------------------------------------------

TOKENS = [
    # Swedish
    "lag ", "lagarna ", "LAG ", "se ", "men se ", "som i ", "enligt ", "avsnitt ", "punkt ", " nedan", " ovan",
    " och ", " i den här lagen", " i lag ", "kort", ":s",
    # Turkish
    "Yasa ", "YASA ", "yasanın ", "Bu yasanın ", "Aşağıdaki ", "bundan önceki ", " maddeye", " bendi",
    " bentlerinde", "bkz. ", " ve ", "’de", "'ye", " ye", " DA", "İ", "ı", "’ten fazla",
    # Polish
    "przepisu ", "Przepisy ", "przepisem ", "punkt ", "punkcie ", "pkt. ", "patrz ", "zgodnie z ", " i ", " oraz ",
    # paths and noise
    "12", "65", "93", "94", "0", "13", "2007", "C", "B", "D", "A", "E", "1", "2", "4", "(b)", "(c)", "(i)", "(ii)",
    "b", "i", "25.1.A", "25.1.A.(i)", "3.1", ".", ",", "–", "-", "(", ")", "[", "]", " ", "%", " IMP", "/",
]  # fmt: skip

texts = st.one_of(
    st.lists(st.sampled_from(TOKENS), max_size=14).map("".join),
    st.text(max_size=40),
)

contexts = st.sampled_from(
    [
        Context(),
        Context("13", 13),
        Context("14B2", 14),
        Context("12C2d", 12),
        Context("12C1ei", 12),
        Context("16C3", 16),
        Context("point:3.1.A", None),
        Context("point:25.2", None),
    ]
)


@given(st.sampled_from([SV, TR, PL]), texts, contexts)
def test_citations_are_well_formed(grammar: Grammar, text: str, context: Context) -> None:
    citations = grammar(text, context)
    end = 0
    for citation in citations:
        assert end <= citation.start < citation.end <= len(text)  # ordered, non-overlapping, inside
        end = citation.end
        assert citation.parts
        inner = citation.start
        for part in citation.parts:
            assert inner <= part.start < part.end <= citation.end  # inside its citation, in order
            inner = part.end
            assert refs.is_ref(part.target), part.target
