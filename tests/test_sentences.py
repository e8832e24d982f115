"""Sentences by each text language's rules (``core/sentences.toml``): where one ends, what never
ends one (the language's abbreviations, ordinals, stops inside a word), and the pieces, joined,
giving the text back exactly, for any text (Hypothesis) and for every paragraph of the sources."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core import facts, sentences
from bridgelaws.core.model import Numbered
from bridgelaws.stage2_parse.corpus import Corpus

LANGUAGES = facts.TEXT_LANGUAGES

# (language, text, the sentences as split, whitespace aside): a table per kind of word before a capital
CASES = [
    # a full stop, a question or exclamation mark, a colon or semicolon before a capital ends one
    ("fi", "Pelaaja passaa. Vastustaja kahdentaa.", ["Pelaaja passaa.", "Vastustaja kahdentaa."]),
    ("sv", "Får han bjuda? Nej! Spelet fortsätter.", ["Får han bjuda?", "Nej!", "Spelet fortsätter."]),
    ("fi", "Tähän sisältyy: Kilpailunjohtaja voi", ["Tähän sisältyy:", "Kilpailunjohtaja voi"]),
    ("tr", "Şu durumlarda; Hakem skor verir.", ["Şu durumlarda;", "Hakem skor verir."]),
    # … before a small letter, a digit or a bracket's small letter it does not
    ("fi", "pakka on sekoitettava. perusteellisesti.", ["pakka on sekoitettava. perusteellisesti."]),
    ("fi", "vastuussa: keskipeli miinus (40 %)", ["vastuussa: keskipeli miinus (40 %)"]),
    ("pl", "w punkcie 3. 25 punktów", ["w punkcie 3. 25 punktów"]),
    ("tr", "(Aşağıdaki B4. maddeye bkz.)", ["(Aşağıdaki B4. maddeye bkz.)"]),
    # the language's abbreviations, capitalised or bracketed too, never end one
    ("fi", "(tarjouslaatikoista ks. SKL:n määräykset)", ["(tarjouslaatikoista ks. SKL:n määräykset)"]),
    ("fi", "voi esim. Kilpailunjohtaja päättää", ["voi esim. Kilpailunjohtaja päättää"]),
    ("fi", "(s. 28) 16C :ää. Pelaaja", ["(s. 28) 16C :ää.", "Pelaaja"]),
    ("sv", "Tävlingsledaren dömer så t.ex. Om den", ["Tävlingsledaren dömer så t.ex. Om den"]),
    ("sv", "en s.k. Alert. Sedan", ["en s.k. Alert.", "Sedan"]),
    ("tr", "Hakem skoru [bkz. Yasa 12C1(b)] ayarlar.", ["Hakem skoru [bkz. Yasa 12C1(b)] ayarlar."]),
    ("tr", "kartlar vb. Hakem karar verir.", ["kartlar vb. Hakem karar verir."]),
    ("pl", "obliczanych inaczej, np. IMP z zapisu.", ["obliczanych inaczej, np. IMP z zapisu."]),
    ("pl", "zgodnie z art. 12 oraz pkt. A. Sędzia", ["zgodnie z art. 12 oraz pkt. A.", "Sędzia"]),
    # a short word of the language is no abbreviation: it ends its sentence
    ("sv", "gör han så. Ett sådant resultat", ["gör han så.", "Ett sådant resultat"]),
    ("pl", "zastosować go. Jeżeli", ["zastosować go.", "Jeżeli"]),
    # a number with a full stop is an ordinal or a list's number where the language writes so …
    ("fi", "1. Korttipakan jakaantuminen 2. Neljään käteen", ["1. Korttipakan jakaantuminen 2. Neljään käteen"]),
    ("tr", "Yasa 2. Madde", ["Yasa 2. Madde"]),
    # … and ends a sentence where it does not (Swedish writes 2:a)
    ("sv", "se lag 86. Om spelaren", ["se lag 86.", "Om spelaren"]),
    # a citation ending a sentence ends it; a stop inside a word never does
    ("sv", "se lag 12C1(b). Om spelaren", ["se lag 12C1(b).", "Om spelaren"]),
    ("fi", "ks. 65B3. Pelinviejä", ["ks. 65B3.", "Pelinviejä"]),
    ("pl", "punkcie 25.1.D i punkcie 25.1.A. Sędzia wyznacza", ["punkcie 25.1.D i punkcie 25.1.A.", "Sędzia wyznacza"]),
    ("sv", "enligt 3.1.A.Om", ["enligt 3.1.A.Om"]),
    # closing quotes and brackets belong to the sentence they close; opening ones to the next
    ("fi", "(Passi ei ole maalaus.) Etelä ei", ["(Passi ei ole maalaus.)", "Etelä ei"]),
    ("sv", "kallas ”pass”. ”Dubbelt” är", ["kallas ”pass”.", "”Dubbelt” är"]),
    ("pl", "zwane „kontra”. „Rekontra” to", ["zwane „kontra”.", "„Rekontra” to"]),
    # Turkish capitals (İ) start a sentence
    ("tr", "devam eder. İhlal olursa", ["devam eder.", "İhlal olursa"]),
]


@pytest.mark.parametrize(("lang", "text", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_where_sentences_end(lang: str, text: str, expected: list[str]) -> None:
    pieces = sentences.split(text, lang)
    assert [piece.strip() for piece in pieces] == expected
    assert "".join(pieces) == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_abbreviation_of_the_language_ends_a_sentence(lang: str) -> None:
    """Every abbreviation the data lists, as written and capitalised, in brackets, before a capital."""
    listed = sentences.rules_for(lang).abbreviations
    assert listed
    for word in sorted(listed):
        for written in (word, word[0].upper() + word[1:], f"({word}"):
            text = f"Teksti {written} Kapitaali jatkuu."
            assert sentences.split(text, lang) == [text], (lang, written)
        # the same word with its stop doubled is no abbreviation: the sentence ends
        assert len(sentences.split(f"Teksti {word}. Kapitaali", lang)) == 2, (lang, word)


# -- the text back whole ---------------------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "Kortti",
        "pelaaja",
        "tikki.",
        "(ks.",
        "Ks.",
        "12C).",
        "12C1(b).",
        "25.1.A.",
        "2.",
        "ja",
        "tai:",
        "niin;",
        "Kun",
        "İhlal",
        "t.ex.",
        "np.",
        "bkz.",
        "”Lainaus”.",
        "„Cytat”",
        "(Passi.)",
        "?",
        ".",
        "",
    ]
)
SPACES = st.sampled_from([" ", "  ", "\n", "\t", "\u00a0", " \n "])
TEXTS = st.lists(st.tuples(WORDS, SPACES), max_size=30).map(lambda items: "".join(w + s for w, s in items))


@pytest.mark.parametrize("lang", LANGUAGES)
@given(text=st.one_of(TEXTS, st.text(max_size=60)), lead=st.sampled_from(["", " ", "\n"]))
def test_the_sentences_joined_are_the_text(lang: str, text: str, lead: str) -> None:
    text = lead + text
    pieces = sentences.split(text, lang)
    assert "".join(pieces) == text
    assert all(pieces) and (pieces == []) == (text == "")
    for before, after in itertools.pairwise(pieces):
        assert before[-1].isspace() and not after[0].isspace()  # cut between words only
    for piece in pieces:
        assert sentences.split(piece, lang) == [piece]  # a sentence is one sentence


def paragraphs(numbered: Numbered) -> list[str]:
    """Each paragraph of a law or point and its provisions, and each one's own text as the
    translation memories read it (its paragraphs joined)."""
    nodes = (numbered, *numbered.provisions())
    return [p.text for node in nodes for p in node.paragraphs] + [
        " ".join(p.text for p in node.paragraphs) for node in nodes if len(node.paragraphs) > 1
    ]


def test_every_paragraph_and_provision_of_the_sources_is_its_sentences_joined(corpus: Corpus) -> None:
    split = 0
    for entry in corpus.entries:
        texts = [t for numbered in (*entry.document.laws, *entry.document.points) for t in paragraphs(numbered)]
        texts += [p.text for d in entry.document.definitions for p in d.paragraphs]
        assert texts, entry.meta.id
        for text in texts:
            pieces = sentences.split(text, entry.meta.lang)
            assert "".join(pieces) == text, (entry.meta.id, text[:60])
            split += len(pieces) > 1
    assert split > 100  # the texts do have sentences to split


# -- the data file ---------------------------------------------------------------------------------

HEAD = 'ends = ".!?"\nclosers = ")"\nopeners = "("\n'


def _file(head: str = HEAD, **tables: str) -> str:
    found = {lang: f'[{lang}]\nordinals = true\nabbreviations = ["ks."]\n' for lang in LANGUAGES}
    found.update(tables)
    return head + "".join(found.values())


# (file, what the error names, the line it must point at: its text); None: the file is valid
BROKEN = [
    (_file(), None, None),
    (_file(HEAD.replace('".!?"', '""')), "ends", 'ends = ""'),
    (_file(HEAD.replace('")"', '"a"')), "closers", 'closers = "a"'),
    (_file(fi=""), "no [fi] table", None),
    (_file(sv='[sv]\nordinals = "yes"\nabbreviations = []\n'), "ordinals", 'ordinals = "yes"'),
    (_file(tr='[tr]\nordinals = false\nabbreviations = ["vb"]\n'), "abbreviations", 'abbreviations = ["vb"]'),
    (_file(pl='[pl]\nordinals = false\nabbreviations = ["np. x."]\n'), "abbreviations", '["np. x."]'),
    (_file(fi='[fi]\nordinals = false\nabbreviations = ["Ks."]\n'), "small letters", '["Ks."]'),
]


@pytest.mark.parametrize(
    ("text", "problem", "line"),
    BROKEN,
    ids=["valid", "no-ends", "letter-closer", "missing-language", "ordinals", "no-stop", "two-words", "capital"],
)
def test_a_wrong_rule_is_an_error_at_its_line(tmp_path: Path, text: str, problem: str | None, line: str | None) -> None:
    path = tmp_path / "sentences.toml"
    path.write_text(text, encoding="utf-8")
    if problem is None:
        assert set(sentences.rules(path)) == set(LANGUAGES)
        return
    with pytest.raises(ValueError, match=re.escape(problem)) as raised:
        sentences.rules(path)
    message = str(raised.value)
    assert message.startswith(f"{path}:")
    if line is not None:
        assert line in text.splitlines()[int(message.split(":")[1]) - 1], message
