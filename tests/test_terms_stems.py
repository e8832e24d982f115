"""Search stems in the term base (``revoke*``) never reach a reader as words.

A form ending in ``*`` is search's prefix match (``PREFIX``), not a word a translator can use.
The TBX leaves stems out; the term pages show a row's words as its forms and its stems apart,
labelled as what search finds ("search finds words beginning with revoke…"), never with the
``*``; a concept's name (the index, a details heading, a "where to read" page, search's note
beside a result) is never a stem, and where a row opens with one the English pages name the
concept by its English name, not by a later form that may be an abbreviation (``nt``).
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from bridgelaws.core import facts
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render import tbx
from bridgelaws.stage4_render.hubs import governed_concepts
from bridgelaws.stage4_render.page import t
from bridgelaws.stage4_render.terms import STEM_MARK, terms_pages
from bridgelaws.termbase import PREFIX, TermBase, is_stem, load
from conftest import ROOT

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
OTHERS = {"en": "revoke", "fi": "revokki", "sv": "revoke", "tr": "rönons", "pl": "renons"}


def _base(tmp_path: Path, lang: str, forms: list[str], name: str) -> TermBase:
    """One concept of Law 61 whose ``lang`` row holds ``forms``; each other language a plain word."""
    rows = [
        f'  {{ lang = "{code}", forms = {forms!r}, basis = "curated" }},'.replace("'", '"')
        if code == lang
        else f'  {{ lang = "{code}", forms = ["{OTHERS[code]}"], basis = "curated" }},'
        for code in facts.INTERFACE_LANGUAGES
    ]
    text = "\n".join(["[[concept]]", 'id = "x"', f'name = "{name}"', 'laws = ["61"]', "terms = [", *rows, "]", ""])
    (tmp_path / "concepts.toml").write_text(text, encoding="utf-8")
    base = load(tmp_path)
    assert base.errors == []
    return base


@pytest.mark.parametrize(
    ("lang", "forms", "name", "words", "stems", "heading"),
    [
        # a row of stems alone: no word is shown; the stems are told as search's, never as forms
        pytest.param("en", ["revoke*", "renege*"], "revoke", "", "revoke…, renege…", "revoke", id="stem-alone"),
        # a stem beside its full word: the word is the form, the stem told apart
        pytest.param("sv", ["tveka*", "tvekade"], "hesitation", "tvekade", "tveka…", "tvekade", id="stem-beside-word"),
        # a phrase stem first: the English page names the concept, not the abbreviation after it
        pytest.param(
            "en", ["no trump*", "notrump*", "nt"], "no trump", "nt", "no trump…, notrump…", "no trump", id="phrase-stem"
        ),
        # a row that opens with its word: named by it, its stem told apart
        pytest.param("en", ["trump suit", "trump*"], "trump", "trump suit", "trump…", "trump suit", id="word-first"),
        # a language whose only row is stems: named in English, as a language with no word
        pytest.param("tr", ["durakla*"], "hesitation", "", "durakla…", "hesitation", id="language-only-stems"),
    ],
)
def test_a_stem_is_never_shown_as_a_form(
    tmp_path: Path, lang: str, forms: list[str], name: str, words: str, stems: str, heading: str
) -> None:
    base = _base(tmp_path, lang, forms, name)
    concept = base.concepts[0]
    corpus = Corpus(entries=[], reports=[])
    for page_lang in facts.INTERFACE_LANGUAGES:
        index, details = (page.markdown() for page in terms_pages(corpus, base, page_lang))
        shown = re.search(r'<li id="x"[^>]*><a [^>]*>([^<]*)</a>', index)
        assert shown and "*" not in shown[1], (page_lang, index)
        row = re.findall(r"<dd>(.*?)</dd>", details)[facts.INTERFACE_LANGUAGES.index(lang)]
        assert "*" not in re.sub(r'<small class="term-basis.*', "", row), row
        said = re.search(r'^<span lang="(\w+)">([^<]*)</span>', row)
        assert (said[2] if said else "") == words and (not said or said[1] == lang), row
        label = t(page_lang, "terms_stems", stems="\0").split("\0")
        assert f'<small class="term-stems">{label[0]}<span lang="{lang}">{stems}</span>{label[1]}</small>' in row
        assert stems.count(STEM_MARK) == sum(is_stem(form) for form in forms)
    # the page in the row's language names the concept by a word, else by its English name
    details = terms_pages(corpus, base, lang)[1].markdown()
    assert re.search(rf'<h3 id="x"( lang="en")?>{re.escape(heading)}</h3>', details), details
    assert concept.name_in(lang) == (heading if words or lang == facts.DEFAULT_LANGUAGE else None)
    assert [word for _, word in governed_concepts(base, 61, lang)] == ([heading] if concept.name_in(lang) else [])
    assert [row.note for row in base.synonyms(lang)] == [heading]
    # the TBX: the words only, as term and other forms; a row of stems alone has no term
    root = ET.fromstring(tbx.dumps(corpus, base, None, "x").split("\n", 2)[2])
    tigs = [tig for s in root.iter("langSet") if s.get(XML_LANG) == lang for tig in s.iter("tig")]
    carried = [
        text.removeprefix("other forms: ")
        for tig in tigs
        for e in tig
        if (text := e.text or "") and (e.tag == "term" or text.startswith("other forms: "))
    ]
    assert ", ".join(carried) == words
    assert "*" not in "".join(e.text or "" for e in root.iter() if e.tag in ("term", "note"))


# -- the real term base -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base() -> TermBase:
    return load(ROOT / "content" / "terms")


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_no_page_of_the_term_base_shows_a_stem_as_a_word(base: TermBase, corpus: Corpus, lang: str) -> None:
    """Every stem of the term base (about 90) is on the details told as search's, with its mark;
    no term's words, no heading and no index name holds a ``*``."""
    index, *groups = (page.markdown() for page in terms_pages(corpus, base, lang))
    details = "".join(groups)
    assert not re.findall(r'<span lang="\w+">[^<]*\*', details + index)
    assert not re.findall(r"<h3 [^>]*>[^<]*\*", details)
    assert not re.findall(r"<a [^>]*>[^<]*\*[^<]*</a> <small>", index)
    told = re.findall(r'<small class="term-stems">.*?<span lang="\w+">([^<]*)</span>', details)
    shown = [stem for listed in told for stem in listed.split(", ")]
    every = [f.removesuffix(PREFIX) + STEM_MARK for c in base.concepts for r in c.terms for f in r.forms if is_stem(f)]
    assert len(every) > 80 and sorted(shown) == sorted(every)
