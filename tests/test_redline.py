"""The redline: sentences aligned, words compared inside matched sentences, the text escaped."""

from __future__ import annotations

import html
import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.stage4_render.redline import blocks_html, diff, is_rewrite, kept_share, sentences, tokens


def marked_whole(pieces: list[tuple[str, str]]) -> str:
    """The redline as one block: the new text with the changes marked up."""
    return " ".join(blocks_html(pieces, ()))


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("fi", "Yksi lause. Toinen lause.", [("Yksi", "lause."), ("Toinen", "lause.")]),
        ("fi", "Katso (ks. 13F) tästä. Sitten", [("Katso", "(ks.", "13F)", "tästä."), ("Sitten",)]),  # ks. is no end
        ("fi", "se on: a) kortti", [("se", "on:", "a)", "kortti")]),  # a colon before a small letter goes on
        ("fi", "Jos näin: Kilpailunjohtaja", [("Jos", "näin:"), ("Kilpailunjohtaja",)]),
        ("sv", "t.ex. Lag 12 gäller", [("t.ex.", "Lag", "12", "gäller")]),
        ("sv", "gör han så. Ett sådant", [("gör", "han", "så."), ("Ett", "sådant")]),  # a short word ends one
        ("fi", "  ", []),
        ("fi", "", []),
    ],
    ids=[
        "stops",
        "abbreviation",
        "colon-list",
        "colon-sentence",
        "dotted-abbreviation",
        "short-word",
        "blank",
        "empty",
    ],
)
def test_sentences(lang: str, text: str, expected: list[tuple[str, ...]]) -> None:
    assert sentences(text, lang) == expected


def test_a_title_is_a_sentence_of_its_own() -> None:
    assert sentences(["Syytön osapuoli", "Syyttömälle puolelle tiedot ovat luvallisia."], "fi") == [
        ("Syytön", "osapuoli"),
        ("Syyttömälle", "puolelle", "tiedot", "ovat", "luvallisia."),
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("a b c", "a b c", "a b c"),
        (
            "jos on kärsitty väärä rangaistus.",
            "jos on oikaistu.",
            "jos on <del>kärsitty väärä rangaistus.</del> <ins>oikaistu.</ins>",
        ),
        ("pelaaja <b>", "pelaaja <i>", "pelaaja <del>&lt;b&gt;</del> <ins>&lt;i&gt;</ins>"),
        ("", "uusi teksti", "<ins>uusi teksti</ins>"),
        (
            # a sentence inserted between two kept ones, a word changed in one of them
            "Pelaaja saa kortin. Kilpailunjohtaja päättää asiasta.",
            "Pelaaja saa kortin. Uusi lause tulee tähän. Kilpailunjohtaja ratkaisee asiasta.",
            "Pelaaja saa kortin. <ins>Uusi lause tulee tähän.</ins> Kilpailunjohtaja <del>päättää</del>"
            " <ins>ratkaisee</ins> asiasta.",
        ),
        (
            # a sentence rewritten beyond recognition is deleted and inserted whole, its neighbour kept
            "Tämä jää. Vanha sisältö poistuu kokonaan tästä.",
            "Tämä jää. Xyz qwv bbb.",
            "Tämä jää. <del>Vanha sisältö poistuu kokonaan tästä.</del> <ins>Xyz qwv bbb.</ins>",
        ),
    ],
    ids=["same", "replaced-words", "escaped", "all-new", "sentence-inserted", "sentence-replaced"],
)
def test_diff_html(old: str, new: str, expected: str) -> None:
    assert marked_whole(list(diff(old, new, "fi"))) == expected


def test_a_rewritten_section_reads_as_changes_inside_its_sentences() -> None:
    """Finnish 1997 16C1 → 2007 16D1 (one sentence, two words changed), title dropped."""
    old = [
        "Syytön osapuoli",
        "Syyttömälle puolelle kaikki peruutetuista toimista saadut tiedot ovat luvallisia, "
        "olipa kyseessä oman puolen tai vastustajien toimet.",
    ]
    new = [
        "Syyttömälle puolelle kaikki peruutetuista toimista saadut tiedot ovat laillisia, "
        "olipa kyseessä oman puolen tai vastustajien toimi."
    ]
    assert marked_whole(list(diff(old, new, "fi"))) == (
        "<del>Syytön osapuoli</del> Syyttömälle puolelle kaikki peruutetuista toimista saadut tiedot ovat "
        "<del>luvallisia,</del> <ins>laillisia,</ins> olipa kyseessä oman puolen tai vastustajien "
        "<del>toimet.</del> <ins>toimi.</ins>"
    )


WORD = st.sampled_from(
    ["Kortti", "pelaaja", "tikki.", "(ks.", "12C).", "ja", "tai:", "Kun", "<b>", "&amp;", "a)", "t.ex.", "”Lainaus”."]
)
TEXT = st.lists(WORD, max_size=40).map(" ".join)
BLOCKS = st.lists(TEXT, max_size=4)
INS = re.compile(r"<ins>.*?</ins>")
DEL = re.compile(r"<del>.*?</del>")


def words_of(marked: str, drop: re.Pattern[str]) -> list[str]:
    """The words a redline shows once one kind of change is dropped and the other unwrapped."""
    kept = drop.sub(" ", marked)
    return html.unescape(re.sub(r"</?(?:ins|del)>", "", kept)).split()


@given(TEXT, TEXT)
def test_the_redline_holds_both_texts(old: str, new: str) -> None:
    marked = marked_whole(list(diff(old, new, "fi")))
    assert words_of(marked, INS) == old.split()
    assert words_of(marked, DEL) == new.split()
    assert "<b>" not in marked  # the source text is escaped, never markup


@given(BLOCKS, BLOCKS)
def test_the_redline_of_blocks_holds_both_texts(old: list[str], new: list[str]) -> None:
    marked = marked_whole(list(diff(old, new, "fi")))
    assert words_of(marked, INS) == " ".join(old).split()
    assert words_of(marked, DEL) == " ".join(new).split()


@given(TEXT, TEXT)
def test_diff_pieces_alternate_and_rebuild_both_texts(old: str, new: str) -> None:
    pieces = list(diff(old, new, "fi"))
    assert all(a[0] != b[0] for a, b in itertools.pairwise(pieces))
    assert " ".join(text for op, text in pieces if op != "+").split() == old.split()
    assert " ".join(text for op, text in pieces if op != "-").split() == new.split()


REWRITTEN_OLD = (
    "Pelaajilla on oikeus perustaa tarjouksensa ja pelaamisensa tietoihin, joita he saavat laillisista"
    " tarjouksista ja pelitavoista sekä vastustajien käytöksestä."
)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (REWRITTEN_OLD, "Tiedon käyttö", True),  # 1997 16 ↔ 2007 16A: nothing kept
        (REWRITTEN_OLD, "", True),  # a provision whose words moved to its items
        ("LUVATTOMAT TIEDOT", "LUVALLINEN JA LUVATON TIETO", False),  # a changed title reads well struck out
        (REWRITTEN_OLD, REWRITTEN_OLD.replace("saavat", "saivat"), False),  # one word edited
        (REWRITTEN_OLD, REWRITTEN_OLD + " Uusi lause lisätään loppuun.", False),
    ],
    ids=["rewritten", "emptied", "short-title", "edited", "sentence-added"],
)
def test_a_pair_keeping_almost_none_of_its_words_was_rewritten(old: str, new: str, expected: bool) -> None:
    assert is_rewrite(list(diff(old, new, "fi"))) is expected


@given(TEXT, TEXT)
def test_the_shared_share_is_a_share(old: str, new: str) -> None:
    assert 0 <= kept_share(list(diff(old, new, "fi"))) <= 1
    assert kept_share(list(diff(old, old, "fi"))) == 1


def marked_blocks(old: list[str], new: list[str]) -> list[str]:
    return blocks_html(list(diff(old, new, "fi")), [len(tokens(block)) for block in new])


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (["Otsikko", "Eka lause tässä."], ["Otsikko", "Eka lause tässä."], ["Otsikko", "Eka lause tässä."]),
        (
            ["Vanha otsikko", "Eka lause tässä."],
            ["Uusi otsikko", "Eka lause tässä."],
            ["<del>Vanha</del> <ins>Uusi</ins> otsikko", "Eka lause tässä."],
        ),
        (
            ["Otsikko", "Eka lause.", "Kolmas lause."],
            ["Otsikko", "Eka lause.", "Toinen lause tulee.", "Kolmas lause."],
            ["Otsikko", "Eka lause.", "<ins>Toinen lause tulee.</ins>", "Kolmas lause."],
        ),
        (
            ["Otsikko", "Poistuva kappale on tämä.", "Jäävä lause."],
            ["Otsikko", "Jäävä lause."],
            ["Otsikko", "<del>Poistuva kappale on tämä.</del> Jäävä lause."],
        ),
        (
            ["Syytön osapuoli", "Tiedot ovat luvallisia."],
            ["Tiedot ovat laillisia."],
            ["<del>Syytön osapuoli</del> Tiedot ovat <del>luvallisia.</del> <ins>laillisia.</ins>"],
        ),
        ([], ["Otsikko", "Uusi lause."], ["<ins>Otsikko</ins>", "<ins>Uusi lause.</ins>"]),
        (["Otsikko", "Vanha lause."], [], ["<del>Otsikko Vanha lause.</del>"]),
    ],
    ids=["same", "title-changed", "paragraph-inserted", "paragraph-deleted", "title-dropped", "all-new", "all-gone"],
)
def test_the_redline_keeps_the_new_texts_title_and_paragraphs_apart(
    old: list[str], new: list[str], expected: list[str]
) -> None:
    assert marked_blocks(old, new) == expected


@given(BLOCKS, BLOCKS)
def test_each_block_of_the_redline_is_a_block_of_the_new_text(old: list[str], new: list[str]) -> None:
    """A block for each block of the new text that has words, holding that block's words once the
    deleted ones are dropped; together, the old text's words once the inserted ones are."""
    blocks = marked_blocks(old, new)
    worded = [block.split() for block in new if block.split()]
    assert [words_of(block, DEL) for block in blocks] == (worded or [[]])
    assert words_of(" ".join(blocks), INS) == " ".join(old).split()
