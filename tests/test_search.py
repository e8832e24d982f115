"""Search without a browser: the vocabulary file, the data a search page carries, and what
the built site gives Pagefind to index (and what it keeps out)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.search import engine_data as search
from bridgelaws.search import pagefind, word_files
from bridgelaws.search.langmodel import fold
from bridgelaws.search.vocabulary import (
    SEARCH_LANGUAGES,
    VOCABULARY_FILE,
    Vocabulary,
    VocabularyError,
    load_vocabulary,
    unknown_concept_problem,
    with_term_base,
)
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render.page import display_title, law_index_fields, point_index_fields, sentence_case
from conftest import ROOT
from script_rules import doc_law, hub_title
from search_cases import engine_table

VOCABULARY = ROOT / "content" / VOCABULARY_FILE


def test_the_real_vocabulary_loads() -> None:
    vocabulary = load_vocabulary(VOCABULARY)
    assert set(vocabulary) == set(SEARCH_LANGUAGES)
    for lang, entry in vocabulary.items():
        assert entry.law_words, lang
        assert not entry.synonyms, lang  # the term base's, added by with_term_base


def test_search_reads_every_concept_of_the_term_base_in_every_language() -> None:
    """Search's synonyms are the term base's concepts (one place for the words of a concept):
    each with its language's and the English words, its laws governing law first, canonical."""
    base = pipeline.load_terms(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)
    assert set(vocabulary) == set(SEARCH_LANGUAGES)
    for lang, entry in vocabulary.items():
        assert entry.law_words and entry.detection.words, lang  # search.toml's part is kept
        # a law title's English words only on English pages (its title is typed in the language)
        english = {c.id: [] if c.is_law_title and lang != "en" else c.forms("en") for c in base.concepts}
        concepts = [c for c in base.concepts if c.laws_of() and (c.forms(lang) or english[c.id])]
        synonyms = [s for s in entry.synonyms if not s.situation]  # the situations: test_situations.py
        for synonym, concept in zip(synonyms, concepts, strict=True):
            assert synonym.refs == concept.laws_of() and all(refs.is_ref(ref) for ref in synonym.refs)
            assert {form.lower() for form in english[concept.id]} <= set(synonym.words)
        own = {form.removesuffix("*").lower() for c in base.concepts for form in c.forms(lang)}
        assert set(entry.terms) == own, lang  # the words that tell /search/ the language


@pytest.mark.parametrize(
    ("lang", "law", "title"),
    [("sv", "50", "Behandling av straffkort"), ("tr", "73", "İletişim"), ("pl", "1", "Talia"), ("sv", "12", None)],
)
def test_a_law_no_text_of_the_language_holds_is_titled_from_the_term_base(
    corpus: Corpus, lang: str, law: str, title: str | None
) -> None:
    """The "where to read Law N" result says the law's title: as a text prints it (sv 12), else
    the term base's law title (its first form, sentence case; Turkish i → İ) for every law
    whose title concept has a word in the language."""
    base = pipeline.load_terms(ROOT / "content")
    concordance = pipeline.load_concordance(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), base, concordance)[lang]
    titles = search.law_titles(corpus, lang, vocabulary)
    printed = corpus.law_title(int(law), lang)
    assert titles[law] == (title or display_title(printed, lang))
    for concept in base.concepts:
        forms = [f for f in concept.forms(lang) if not f.endswith("*")]
        if (
            concept.is_law_title
            and forms
            and "2017" in concept.editions
            and concept.laws[0].isdigit()  # not the 1997/2007 Law 23's title, leading to its 2017 place 72C
            and not corpus.law_title(int(concept.laws[0]), lang)
        ):
            assert titles[concept.laws[0]] == sentence_case(forms[0], lang), concept.id


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[fi]\n[[fi.synonyms]]\nwords = ["x"]\nrefs = ["12"]\n', ":2: [[fi.synonyms]]: the words for a concept"),
        ('[fi]\nx = 1\n[[common.synonyms]]\nwords = ["x"]\n', ":3: [[common.synonyms]]"),
        ('[pl]\nvariants = [["(unclosed", "$1"]]\n', "variant"),
        ('[pl]\nvariants = [["only-one"]]\n', "expected [pattern, replacement]"),
        ("[fi\n", "search.toml"),
        ("[bids]\nconcept = 3\n", ":1: [bids] concept"),
        ('[bids]\nconcept = "bid"\nstrains = ["p*ta"]\n', ":1: [bids] strains"),
        ('[fi]\nx = 1\n[sv]\nstrains = [""]\n', ":3: [sv] strains"),
        ("bids = 1\n", "[bids]: expected a table"),
        ("counts = 1\n", "[counts]: expected a table"),
        ("[counts]\nconcept = 3\n", ":1: [counts] concept"),
        ('[counts]\nconcept = "c"\nhand = 13\nnear = 13\n', ":1: [counts] hand and near"),
        ('[counts]\nconcept = "c"\nhand = "13"\nnear = 3\n', ":1: [counts] hand and near"),
        ('[counts]\nconcept = "c"\nhand = 13\nnear = 3\ncards = ["c*rd"]\n', ":1: [counts] cards"),
        ("[fi]\nx = 1\n[sv]\ncards = [3]\n", ":3: [sv] cards"),
        ("[fi]\nnumbers = 1\n[sv]\nx = 1\n", ":2: [fi] numbers: expected a table"),
        ('[fi]\nnumbers = { 1 = ["yksi"] }\n[sv]\nnumbers = { 60 = ["sextio"] }\n', ":4: [sv] numbers: '60'"),
        ('[fi]\nx = 1\n[sv]\nnumbers = { tolv = ["tolv"] }\n', ":4: [sv] numbers: 'tolv'"),
        ('[pl]\nnumbers = { 12 = "dwanaście" }\n', ":2: [pl] numbers: 12: expected a list"),
        ('[pl]\nnumbers = { 12 = ["dwana*"] }\n', ":2: [pl] numbers: 12: expected a list"),
        ("[pl]\nnumbers = { 12 = [] }\n", ":2: [pl] numbers: 12: expected a list"),
        ('[fi]\nx = 1\n[sv]\ncard_word = "kort"\n', ":4: [sv] card_word: expected one word beside card_names"),
        ('[sv]\ncard_names = ["kung"]\n', ":2: [sv] card_word"),
        ('[sv]\ncard_names = ["kung"]\ncard_word = "ett kort"\n', ":2: [sv] card_word"),
        ('[sv]\ncard_names = ["k*ng"]\ncard_word = "kort"\n', "[sv] card_names"),
        ('[fi]\nx = 1\n[sv]\nequivalents = "i otur"\n', ":4: [sv] equivalents: expected a list of groups"),
        ('[sv]\nequivalents = [["i otur"]]\n', ":2: [sv] equivalents: expected a group of two phrases"),
        ('[sv]\nequivalents = [["i otur", "ur t*"]]\n', ":2: [sv] equivalents: expected a group"),
        ('[sv]\nequivalents = [["i otur", ""]]\n', ":2: [sv] equivalents: expected a group"),
        ('[sv]\nequivalents = [["i otur", "ur tur"], ["Ur  tur", "x"]]\n', ":2: [sv] equivalents: 'ur tur' is in"),
        ('[sv]\nequivalents = [["i otur", "i otur"]]\n', ":2: [sv] equivalents: 'i otur' is in a group twice"),
        ('[sv]\nequivalents = [["i otur", "ur tur", "Ur tur"]]\n', ":2: [sv] equivalents: 'ur tur' is in a group"),
        ('[tr]\nkin_words = [["konuşma", "deklare etmek"]]\n', ":2: [tr] kin_words: expected a group of two words"),
        ('[tr]\nkin_words = [["konuşma", "deklare"], ["deklare", "anons"]]\n', ":2: [tr] kin_words: 'deklare' is in"),
        ("[fi]\nx = 1\n[tr]\nkin_words = 1\n", ":4: [tr] kin_words: expected a list of groups"),
        (
            '[fi]\nequivalents = [["vuoroton", "vuorottaan"]]\nkin_words = [["vuorottaan", "x"]]\n',
            ":3: [fi] kin_words: 'vuorottaan' is also in equivalents",
        ),
    ],
)
def test_a_bad_vocabulary_is_reported_with_its_file(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "search.toml"
    path.write_text(toml + "\n" + engine_table(), encoding="utf-8")  # the engine's rules after the case
    with pytest.raises(VocabularyError, match=re.escape(message)) as raised:
        load_vocabulary(path)
    assert str(path) in str(raised.value)


def test_every_search_language_reads_a_typed_bid_as_its_word_for_a_bid() -> None:
    """search.toml's [bids] concept is a concept of the term base, and every language has words
    for a bid from it and the strains every language shares beside its own (the browser test
    test_a_bid_typed_as_a_bid_stands_for_the_word_for_a_bid measures what search makes of them)."""
    path = ROOT / "content" / VOCABULARY_FILE
    base = pipeline.load_terms(ROOT / "content")
    loaded = load_vocabulary(path)
    assert unknown_concept_problem(path, loaded, base) is None
    vocabulary = with_term_base(loaded, base)
    for lang in SEARCH_LANGUAGES:
        assert vocabulary[lang].bid_words, lang
        assert "♥" in vocabulary[lang].strains and len(vocabulary[lang].strains) > 9, lang


@pytest.mark.parametrize(
    ("table", "line"),
    [('[bids]\nconcept = "no-such-concept"\n', 4), ('[counts]\nconcept = "no-such-concept"\nhand = 13\nnear = 3\n', 4)],
)
def test_a_concept_naming_no_concept_is_said_with_its_file_and_line(tmp_path: Path, table: str, line: int) -> None:
    """A wrong id would switch typed bids or counts of cards off without a word: `bridgelaws
    build` warns and `bridgelaws terms` fails, naming the file and the table's line."""
    path = tmp_path / "search.toml"
    path.write_text(f'[fi]\nlaw_words = ["laki"]\n\n{table}\n{engine_table()}', encoding="utf-8")
    message = unknown_concept_problem(path, load_vocabulary(path), pipeline.load_terms(ROOT / "content"))
    name = table.split("]")[0] + "]"
    assert message and message.startswith(f"{path}:{line}: {name} concept 'no-such-concept'"), message


def test_every_search_language_reads_a_count_of_cards_that_is_no_hand() -> None:
    """search.toml's [counts] concept is the term base's, and every language has its words for
    cards beside the shared ones and the words a count stands for (the browser test
    test_a_count_of_cards_that_is_no_hand_names_the_wrong_number_of_cards measures the rest)."""
    vocabulary = with_term_base(load_vocabulary(VOCABULARY), pipeline.load_terms(ROOT / "content"))
    for lang in SEARCH_LANGUAGES:
        own = vocabulary[lang]
        assert own.counts and own.count_words, lang
        assert "cards" in own.counts.cards and len(own.counts.cards) > 2, lang
        assert search.counts_data(own)["hand"] == 13


def test_a_missing_vocabulary_file_is_said(tmp_path: Path) -> None:
    with pytest.raises(VocabularyError, match=re.escape("missing.toml: missing")):
        load_vocabulary(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    "data",
    [
        {"t": "</script><script>alert(1)</script>", "a": "<!-- x & y"},
        {"lang": "tr", "title": "İHLAL ışık", "n": [3, 1, 2]},
        {"z": {"b": 1, "a": 2}, "y": None},
    ],
)
def test_a_search_pages_data_file_is_its_data_in_one_spelling(data: dict[str, object]) -> None:
    """What it holds reads back as it was (letters as they are, markup as text), and the same
    data in another key order is the same bytes (a rebuild changes no file)."""
    text = search.data_json(data)
    assert json.loads(text) == data
    assert text == search.data_json(dict(reversed(data.items())))
    assert "\n" not in text and ", " not in text


@pytest.mark.site
def test_search_data_lists_exactly_the_provision_ids_of_each_page(site: Path, corpus: Corpus) -> None:
    """The anchors a provision query jumps to are the ids on the built pages, no more, no less."""
    for lang in SEARCH_LANGUAGES:
        data = search.search_data(corpus, lang, Vocabulary())
        for doc in data["docs"]:  # type: ignore[attr-defined]
            pages = [(doc_law(doc, number), number) for number in doc["laws"]]
            pages += [(item, refs.anchor(refs.point_ref(number))) for number, item in doc["points"].items()]
            for item, own in pages:  # own: the page's top anchor, "13" or "p3"
                html = (site / item["url"] / "index.html").read_text(encoding="utf-8")
                ids = set(re.findall(r'id="((?:p|\d)[0-9A-Za-z-]*)"', html)) - {own}
                listed = {own + suffix for suffix in item["anchors"].split()}  # search.compact_anchors
                assert listed == ids, (doc["id"], own, sorted(ids ^ listed)[:5])


def test_the_search_data_gives_each_law_its_title_once(corpus: Corpus) -> None:
    """The "where to read" titles the page ships, with the texts' own as their fallback, are
    law_titles' (the shipped list leaves out a title the first text holding the law prints)."""
    base = pipeline.load_terms(ROOT / "content")
    concordance = pipeline.load_concordance(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base, concordance)[lang]
        data = search.search_data(corpus, lang, vocabulary)
        titles = search.law_titles(corpus, lang, vocabulary)
        shown = {str(n): hub_title(data, str(n)) for n in facts.LAW_NUMBERS}
        assert shown == {str(n): titles.get(str(n), "") for n in facts.LAW_NUMBERS}, lang
        held = any(doc["laws"] for doc in data["docs"])  # type: ignore[attr-defined]
        assert (len(data["lawTitles"]) < len(titles)) == held, lang  # type: ignore[arg-type]


def test_the_concepts_english_words_are_in_their_letters_files_and_none_is_lost() -> None:
    """The concepts' files carry each concept's words in its language; the English words no word
    of the language repeats are in the file of their first letter, with the concept (a concept
    with no word of its own, whole, in each of its letters' files, placed after the others);
    together they are the concepts' words."""
    base = pipeline.load_terms(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)[lang]
        own, letters = word_files.own_concepts(vocabulary)
        english, terms = set(vocabulary.english), set(vocabulary.terms)
        words = [list(concept["words"]) for concept in own]  # type: ignore[call-overload]
        wholes: dict[int, list[str]] = {}
        for letter, shard in letters.items():
            for place, more, concept in shard["more"]:  # type: ignore[misc]
                assert {word_files.english_letter(word) for word in more} == {letter}, (lang, more)
                assert concept == own[place], (lang, place)
                words[place].extend(more)
            for place, concept in shard["whole"]:  # type: ignore[misc]
                assert letter in {word_files.english_letter(word) for word in concept["words"]}, (lang, place)
                assert wholes.setdefault(place, concept["words"]) == concept["words"], (lang, place)
        assert sorted(wholes) == list(range(len(own), len(own) + len(wholes))), lang
        concepts = [s for s in vocabulary.synonyms if not s.situation]
        rebuilt = [sorted(w) for w in words] + [sorted(w) for w in wholes.values()]
        assert sorted(rebuilt) == sorted(sorted(s.words) for s in concepts), lang
        shipped = {word.removesuffix("*") for concept in own for word in concept["words"]}  # type: ignore[attr-defined]
        assert not {word for word in shipped if word in english and word not in terms}, lang
        assert len(letters) > 10, lang  # English words start with many letters


@pytest.mark.parametrize(
    ("word", "letter"), [("revoke", "r"), ("Élan", "e"), ("ılık", "i"), ("12c1", "0"), ("*x", "0")]
)
def test_an_english_word_is_filed_under_its_folded_first_letter(word: str, letter: str) -> None:
    assert word_files.english_letter(word) == letter


def test_every_situation_is_in_the_file_of_each_of_its_words_and_none_is_lost() -> None:
    """A situation is in the file of the first three letters (folded) of each of its phrases'
    words of three letters or more: the file a query word fitting that word fetches (search.js
    fits such words only by a shared start of three letters or more).  The files together hold
    every situation once, at its place."""
    base = pipeline.load_terms(ROOT / "content")
    for lang in SEARCH_LANGUAGES:
        vocabulary = with_term_base(load_vocabulary(VOCABULARY), base)[lang]
        situations = [s for s in vocabulary.synonyms if s.situation]
        files = word_files.situation_files(vocabulary)
        said = word_files.said_as_first(vocabulary)  # "ennen vuoroaan" is matched as "väärällä vuorolla"
        placed: dict[int, object] = {}
        for key, entries in files.items():
            for place, situation in entries:  # type: ignore[misc]
                assert placed.setdefault(place, situation) == situation, (lang, key, place)
                phrases = [form for phrase in situation["words"] for form in (phrase, said(fold(phrase)))]
                words = {w for phrase in phrases for w in word_files.situation_words(phrase)}
                assert key in {word_files.situation_key(w) for w in words}, (lang, key, situation)
        assert [placed[place] for place in sorted(placed)] == [word_files.synonym_data(s) for s in situations], lang
        for place, situation in enumerate(situations):
            phrases = [form for phrase in situation.words for form in (phrase, said(fold(phrase)))]
            for word in (w for phrase in phrases for w in word_files.situation_words(phrase) if len(w) >= 3):
                assert place in {entry[0] for entry in files[word_files.situation_key(word)]}, (lang, word)  # type: ignore[index]
        assert len(files) > 100, lang  # three letters tell many files apart


@pytest.mark.parametrize(
    ("word", "key"), [("lahti", "lah"), ("Lähtö", "lah"), ("kj", "kj"), ("52", "52"), ("öß", "o_"), ("ılık", "ili")]
)
def test_a_situation_word_is_filed_under_its_first_three_letters_folded(word: str, key: str) -> None:
    assert word_files.situation_key(fold(word)) == key


@pytest.mark.parametrize(
    ("phrase", "words"),
    [
        ("KJ:n lähtö", ["kj", "n", "lahto"]),
        ("pakassa 52 korttia", ["pakassa", "52", "korttia"]),
        ("ölü_el", ["olu", "el"]),
    ],
)
def test_a_situations_phrase_is_split_as_search_js_splits_it(phrase: str, words: list[str]) -> None:
    assert word_files.situation_words(phrase) == words


@pytest.mark.parametrize(
    ("keys", "packed"),
    [
        (["aan", "aie", "aih", "kj"], "aan aieh =kj"),
        (["tar", "tab", "pel"], "pel tabr"),
        ([], ""),
    ],
)
def test_the_situations_keys_are_packed_by_their_first_two_letters(keys: list[str], packed: str) -> None:
    assert word_files.packed_keys(keys) == packed


def test_texts_are_offered_newest_edition_first(corpus: Corpus) -> None:
    data = search.search_data(corpus, "fi", Vocabulary())
    laws_docs = [doc["edition"] for doc in data["docs"] if doc["kind"] == "laws"]  # type: ignore[attr-defined, index]
    assert laws_docs == sorted(laws_docs, reverse=True)


# -- the built site ------------------------------------------------------------------------------


@pytest.mark.site
def test_pagefind_indexes_each_text_language_and_nothing_else(site: Path) -> None:
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == set(SEARCH_LANGUAGES)
    for lang, info in entry["languages"].items():
        assert info["page_count"] > 0, lang


@pytest.mark.site
@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_each_search_page_preloads_the_files_pagefind_reads_first(site: Path, lang: str) -> None:
    entry = (site / "pagefind" / "pagefind-entry.json").read_bytes()
    html = (site / urls.search(lang) / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="preload" href="\.\./\.\./pagefind/([^"]+)" as="fetch" crossorigin>', html)
    meta = json.loads(entry)["languages"][lang]["hash"]
    tag = pagefind.entry_tag(entry)
    assert preloads == [f"wasm.{lang}.pagefind", f"pagefind-entry.json?ts={tag}", f"pagefind.{meta}.pf_meta"]
    assert all((site / "pagefind" / name.split("?")[0]).is_file() for name in preloads)


WASM = '<link rel="preload" href="../../pagefind/wasm.fi.pagefind" as="fetch" crossorigin>'


@pytest.mark.parametrize(
    ("page", "meta_hash", "preloaded"),
    [
        (f"<head>{WASM}</head>", "fi_0a1b", True),
        # preloaded already
        (f'<head>{WASM}<link rel="preload" href="../../pagefind/pagefind-entry.json?ts=x"></head>', "fi_0a", False),
        ("<head></head>", "fi_0a1b", False),  # no WebAssembly preload: not a search page
        (WASM.replace("wasm.fi", "wasm.sv"), "fi_0a1b", False),  # another language's
        (f"<head>{WASM}</head>", 'fi_0a1b"><script>', False),  # not a hash Pagefind writes
    ],
)
def test_the_first_files_preloads_go_after_the_webassembly_once(
    tmp_path: Path, page: str, meta_hash: str, preloaded: bool
) -> None:
    (tmp_path / "pagefind").mkdir()
    entry = json.dumps({"version": "1.5.2", "languages": {"fi": {"hash": meta_hash, "wasm": "fi"}}}).encode()
    (tmp_path / "pagefind" / "pagefind-entry.json").write_bytes(entry)
    search_page = tmp_path / urls.search("fi") / "index.html"
    search_page.parent.mkdir(parents=True)
    search_page.write_text(page, encoding="utf-8")
    pagefind.preload_first_files(tmp_path)
    html = search_page.read_text(encoding="utf-8")
    added = pagefind.preload_links("../../pagefind/", pagefind.entry_tag(entry), meta_hash)
    assert html == (page.replace(WASM, WASM + added) if preloaded else page)
    pagefind.preload_first_files(tmp_path)  # a second run adds nothing
    assert search_page.read_text(encoding="utf-8") == html


@pytest.mark.site
def test_only_law_text_pages_are_searchable(site: Path, corpus: Corpus) -> None:
    def searchable(url: str) -> bool:
        return "data-pagefind-body" in (site / url / "index.html").read_text(encoding="utf-8")

    for entry in corpus.entries:
        for law in entry.document.laws:
            assert searchable(urls.law(entry.meta, law.number)), (entry.meta.id, law.number)
        for point in entry.document.points:
            assert searchable(urls.law(entry.meta, point.number)), (entry.meta.id, point.number)
        assert not searchable(urls.document(entry.meta))
    for url in ["", "fi/", "laws/", "fi/laws/13/", "sv/laws/40/", "compare/13/", "coverage/", "fi/search/"]:
        assert not searchable(url), url


@pytest.mark.site
def test_a_law_page_carries_its_result_fields_and_edition_filter(site: Path) -> None:
    html = (site / "sv" / "2007" / "13" / "index.html").read_text(encoding="utf-8")
    assert 'data-pagefind-meta="key:law:13"' in html
    assert 'data-pagefind-meta="label:13"' in html
    assert 'data-pagefind-filter="edition:2007"' in html


@pytest.mark.site
def test_what_pagefind_leaves_out_is_on_the_pages(site: Path) -> None:
    """The exclusion selectors must name classes the pages really use, or they exclude nothing."""
    classes: set[str] = set()
    for path in ["fi/1997/13", "fi/1997/12", "sv/2007/13", "pl/2017/pzbs/3", "fi/2007/16"]:
        html = (site / path / "index.html").read_text(encoding="utf-8")
        for attribute in re.findall(r'class="([^"]*)"', html):
            classes.update(attribute.split())
    assert all(selector.startswith(".") for selector in pagefind.NOT_LAW_TEXT)
    assert {selector[1:] for selector in pagefind.NOT_LAW_TEXT} <= classes


@pytest.mark.site
@pytest.mark.parametrize(
    ("page", "action"),
    [
        ("index.html", "./search/"),
        ("laws/13/index.html", "../../search/"),
        ("fi/2007/13/index.html", "../../../fi/search/"),
        ("sv/index.html", "../sv/search/"),
        ("tr/2017/45/index.html", "../../../tr/search/"),
        ("pl/2017/pzbs/3/index.html", "../../../../pl/search/"),
    ],
)
def test_every_page_has_a_search_form_for_its_language(site: Path, page: str, action: str) -> None:
    html = (site / page).read_text(encoding="utf-8")
    form = re.search(r'<form class="site-search" role="search" action="([^"]+)"', html)
    assert form is not None
    assert form.group(1) == action


@pytest.mark.site
@pytest.mark.parametrize("lang", [*SEARCH_LANGUAGES, facts.DEFAULT_LANGUAGE])
def test_each_search_page_names_its_data_and_loads_only_its_form(site: Path, lang: str) -> None:
    """The page's data is the file beside it, named by the <template> of the engine's files (which
    preloads it); the page runs search-start.js, and none of the engine's files is among those it
    loads as it opens."""
    html = (site / urls.search(lang) / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    assert 'id="search-results"' in html if lang != facts.DEFAULT_LANGUAGE else 'id="search-by-language"' in html
    template = re.search(r'<template id="search-engine" data-json="data\.json">(.*?)</template>', html, re.S)
    assert template is not None
    assert '<link rel="preload" href="data.json" as="fetch" crossorigin>' in template[1]
    outside = html[: template.start()] + html[template.end() :]
    assert re.findall(r"<script[^>]*application/json[^>]*>", outside) == [
        '<script id="__config" type="application/json">'
    ]
    scripts = re.findall(r'<script[^>]*src="[^"]*/([\w.-]+\.js)"', outside)
    assert "search-start.js" in scripts and not {"search.js", "search-anywhere.js", "pagefind.js"} & set(scripts)
    assert not re.search(r'rel="(?:module)?preload"', outside), "a preload outside the template"
    data = json.loads((site / urls.search_data(lang)).read_text(encoding="utf-8"))
    if lang == facts.DEFAULT_LANGUAGE:  # /search/: what tells a query's language, and where each one's data is
        assert set(data["dataUrls"]) == set(SEARCH_LANGUAGES)
        for code, url in data["dataUrls"].items():
            assert (site / urls.search(lang) / url).resolve() == (site / urls.search_data(code)).resolve()
    else:
        assert data["lang"] == lang and data["docs"] and data["printedForms"]["keys"]


def test_search_data_gives_the_rules_the_script_must_not_copy(corpus: Corpus) -> None:
    """The reference syntax, the number of laws and each law's page come from Python."""
    data = search.search_data(corpus, "sv", Vocabulary())
    assert data["refs"] == refs.syntax_for_script()
    assert data["lawCount"] == facts.LAW_COUNT
    hub = data["hub"]
    assert isinstance(hub, dict)
    for n in facts.LAW_NUMBERS:
        filled = {field: pattern.replace("{n}", str(n)) for field, pattern in hub.items() if field != "edition"}
        assert filled == {"key": f"law:{n}", "label": str(n), "url": urls.law_hub("sv", n)}
    assert hub["edition"] == facts.EDITIONS[-1]  # the edition a concept's law is numbered in


def test_a_per_law_pattern_is_refused_when_a_law_does_not_fit_it() -> None:
    assert search.per_law(lambda n: f"fi/laws/{n}/") == "fi/laws/{n}/"
    with pytest.raises(ValueError, match="no per-law pattern"):
        search.per_law(lambda n: f"laws/{n}/" if n < 50 else "laws/other/")


def test_search_results_carry_the_keys_and_labels_pagefind_records(corpus: Corpus) -> None:
    """A provision result and a word result for the same law or point group into one result
    only if their keys agree: the data's keys and labels are the pages' Pagefind fields."""
    checked = 0
    for lang in SEARCH_LANGUAGES:
        data = search.search_data(corpus, lang, Vocabulary())
        for doc in data["docs"]:  # type: ignore[attr-defined]
            entry = corpus.by_id(doc["id"])
            assert entry is not None
            for law in entry.document.laws:
                meta = law_index_fields(entry, law)["meta"]
                item = doc_law(doc, str(law.number))
                assert (item["key"], item["label"]) == (meta["key"], meta["label"])  # type: ignore[index]
                checked += 1
            for point in entry.document.points:
                meta = point_index_fields(entry, point)["meta"]
                item = doc["points"][point.number]
                assert (item["key"], item["label"]) == (meta["key"], meta["label"])  # type: ignore[index]
                checked += 1
    assert checked > 50
