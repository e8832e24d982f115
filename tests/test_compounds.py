"""Compound words for search (issue 17): the splitter, the computed Finnish table, the hidden parts."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.search import compounds
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT

CONTENT = ROOT / "content"


@pytest.fixture(scope="module")
def found(corpus: Corpus) -> compounds.Compounds:
    return compounds.load(CONTENT, corpus)


def test_the_computed_finnish_table_is_in_step_with_the_texts(corpus: Corpus) -> None:
    """Computed by `bridgelaws compounds` (Voikko) from today's texts: else run it again."""
    table = compounds.read_table(CONTENT / compounds.TABLE_FILE)
    assert table.digest == compounds.digest(compounds.text_words(corpus, "fi")), "run `bridgelaws compounds`"
    assert len(table.splits) > 400
    for word, split in table.splits.items():
        assert "".join(split.surface) == word


COMPOUNDS = [
    # (language, word as printed, a part it is found by)
    ("fi", "kilpailunjohtajalle", "johtaja"),
    ("fi", "Kilpailunjohtajan", "johtaja"),
    ("fi", "lähtökortista", "kortti"),
    ("fi", "rangaistuskortti", "kortti"),
    ("fi", "pistetuloksen", "tulos"),
    ("fi", "tarjouslaatikot", "laatikko"),
    ("fi", "vastakahdennus", "kahdennus"),
    ("fi", "revokkikortin", "kortin"),  # Voikko does not know revokki: the corpus splitter
    ("sv", "tävlingsledaren", "ledaren"),
    ("sv", "tävlingsledarens", "ledarens"),
    ("sv", "tävlingsformen", "formen"),
    ("sv", "omgångsresultat", "resultat"),
    ("sv", "straffkort", "kort"),
    ("sv", "spelperioden", "perioden"),  # perioden ends three words of the texts
    ("sv", "budgivningsperioden", "perioden"),
    # Turkish: no compounds, but a mutated word's base form where the texts have it
    ("tr", "usulsüzlüğe", "usulsüzlük"),
    ("tr", "rengi", "renk"),
    ("tr", "sonucu", "sonuç"),
]


@pytest.mark.parametrize(("lang", "word", "part"), COMPOUNDS, ids=[f"{c[0]}:{c[1]}" for c in COMPOUNDS])
def test_a_compound_is_indexed_with_its_parts(found: compounds.Compounds, lang: str, word: str, part: str) -> None:
    assert part in found.hidden(lang, word)


SIMPLE = [
    ("fi", "kuuluvan"),  # not kuu + luvan: Voikko's analysis with the fewest parts
    ("fi", "kilpailunjohtaja"[:9]),  # kilpailun
    ("fi", "revokki"),
    ("sv", "bestämmelserna"),  # not bestämmel|s|erna: an inflection is no last part
    ("sv", "tävlingar"),
    ("sv", "motståndarna"),
    ("tr", "olduğu"),  # no "olduk" in the texts: no base
    ("tr", "değer"),
]


@pytest.mark.parametrize(("lang", "word"), SIMPLE, ids=[f"{c[0]}:{c[1]}" for c in SIMPLE])
def test_a_simple_word_has_no_parts(found: compounds.Compounds, lang: str, word: str) -> None:
    assert found.hidden(lang, word) == ()


def test_a_part_the_word_begins_with_is_not_indexed_again(found: compounds.Compounds) -> None:
    """Pagefind finds a word by its start: kilpailu already finds kilpailunjohtajalle."""
    assert "kilpailu" not in found.hidden("fi", "kilpailunjohtajalle")
    assert found.hidden("sv", "tävlingsledaren") == ("ledaren",)


# -- the corpus splitter, on any words --------------------------------------------------------------

SWEDISH = compounds.settings(CONTENT / "search.toml")["sv"]
letters = st.text(alphabet="abdefgiklmnoprstuvåäö", min_size=2, max_size=9)


@settings(max_examples=150, deadline=None)
@given(st.lists(letters, min_size=2, max_size=12), st.lists(st.integers(0, 11), min_size=2, max_size=3))
def test_the_splitters_parts_rejoin_to_the_word(vocabulary: list[str], picks: list[int]) -> None:
    """Whatever the texts' words, a split's printed parts join to the word, each part is the
    printed one less at most a linking letter, and no part is shorter than min_part."""
    words = Counter(vocabulary)
    splitter = compounds.CorpusSplitter(words, SWEDISH.links, SWEDISH.min_part, SWEDISH.open_tail, SWEDISH.endings)
    word = "".join(vocabulary[i % len(vocabulary)] for i in picks)
    split = splitter.split(word)
    if split is None:
        return
    assert "".join(split.surface) == word
    assert len(split.parts) >= 2
    for printed, part in zip(split.surface, split.parts, strict=True):
        assert len(printed) >= SWEDISH.min_part and len(part) >= SWEDISH.min_part
        assert printed == part or (printed.startswith(part) and len(printed) - len(part) == 1)


def test_the_splitter_finds_a_compound_of_two_text_words() -> None:
    splitter = compounds.CorpusSplitter(Counter({"tävling": 3, "ledaren": 2, "tävlingsledaren": 9}), SWEDISH.links)
    split = splitter.split("tävlingsledaren")
    assert split is not None and split.surface == ("tävlings", "ledaren") and split.parts == ("tävling", "ledaren")
    assert splitter.split("ledaren") is None


def test_each_link_pattern_matches_its_example() -> None:
    for link in SWEDISH.links:
        assert link.pattern.fullmatch(link.example.split()[0]), link.example


def test_a_bad_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "search.toml").write_text('[sv.compounds]\nlinks = [["s$", "tävlings"]]\n', encoding="utf-8")
    with pytest.raises(compounds.CompoundsError, match="stem"):
        compounds.settings(tmp_path / "search.toml")


def test_a_base_rule_must_do_what_its_example_says(tmp_path: Path) -> None:
    rule = "[tr.compounds]\nsource = \"none\"\nbases = [['(?P<stem> \\w+ ) ğ \\w*', '\\g<stem>k', \"rengi → renk\"]]\n"
    (tmp_path / "search.toml").write_text(rule, encoding="utf-8")
    with pytest.raises(compounds.CompoundsError, match="rengi"):
        compounds.settings(tmp_path / "search.toml")


# -- the hidden parts on a page -----------------------------------------------------------------------


def test_the_parts_follow_their_compound_in_an_empty_hidden_element(found: compounds.Compounds) -> None:
    block = (
        '<p class="prov lvl-2" id="12A"><a class="ref" href="#x">12</a> kilpailunjohtajalle ja kilpailunjohtajalle</p>'
    )
    marked = compounds.with_parts([block, '<p class="law-source">kilpailunjohtajalle</p>'], "fi", found)
    span = compounds.hidden_span(["johtaja"])
    assert marked[0].count(span) == 1  # once per paragraph
    assert "kilpailunjohtajalle" + span in marked[0]
    assert marked[1] == '<p class="law-source">kilpailunjohtajalle</p>'  # not law text
    assert re.sub(r"<[^>]*>", "", marked[0]) == re.sub(r"<[^>]*>", "", block)  # the text a reader sees
    assert span == '<span hidden data-pagefind-index-attrs="data-parts" data-parts="⁘johtaja"></span>'


def test_a_heading_keeps_its_attribute_list(found: compounds.Compounds) -> None:
    heading = "## A. Kilpailunjohtajan harkintavalta { #12A .prov-h }"
    marked = compounds.with_parts([heading], "fi", found)[0]
    assert marked.endswith(" { #12A .prov-h }") and "⁘johtaja" in marked


def test_generated_law_pages_carry_the_parts() -> None:
    page = (CONTENT / "docs" / "fi" / "2007" / "12.md").read_text(encoding="utf-8")
    assert 'data-parts="⁘johtaja' in page
    swedish = (CONTENT / "docs" / "sv" / "2007" / "12.md").read_text(encoding="utf-8")
    assert 'data-parts="⁘ledaren' in swedish


# (text, where the word starts, whether a glued hyphen precedes it)
GLUED_HYPHENS = [
    ("C-momentti", 2, True),  # the 2007 Finnish text's own citations of a section
    ("-momentti), tai", 1, True),  # after a citation's link: <a class="ref">D</a>-momentti
    ("3-kohdissa", 2, True),
    ("A2)-kohdassa", 4, True),
    ("icke-felande", 5, True),
    ("a - b", 4, False),  # a dash between words, not a hyphen
    ("ks. -kohta", 5, False),  # a hyphen after a space glues nothing
    ("momentti", 0, False),
]


@pytest.mark.parametrize(("text", "start", "glued"), GLUED_HYPHENS)
def test_a_word_after_a_glued_hyphen_is_told(text: str, start: int, glued: bool) -> None:
    assert compounds._after_glued_hyphen(text, start) is glued


def test_a_word_after_a_citations_link_and_a_hyphen_is_indexed_by_itself(found: compounds.Compounds) -> None:
    """Pagefind indexes "D-momentti" whole and by unstemmed parts, so "momentti" (stemmed
    "moment") found none of 6E4, 14B4, 15A, 16A1(b); each such word is indexed beside itself."""
    block = '<p class="prov lvl-3" id="16A1b">tietoa (ks. <a class="ref" href="./#16D">D</a>-momentti), tai</p>'
    marked = compounds.with_parts([block], "fi", found)[0]
    assert "-momentti" + compounds.hidden_span(["momentti"]) in marked
    assert re.sub(r"<[^>]*>", "", marked) == re.sub(r"<[^>]*>", "", block)
    # in every language, whether or not it has compounds
    assert compounds.hidden_span(["kohta"]) in compounds.with_parts(['<p class="prov">3-kohta</p>'], "pl", found)[0]
