"""Search's word tables: words the texts print, inflected, without accents, of common stems,
cards, equivalent phrases, kin words, seats, moved concepts, one language's results only; the
shipped engine on the shipped site under Node (tests/search_node.py), as tests/test_search_ranking.py
runs the concept and situation tables.  Each table's queries are drawn from the texts, the term
base and the corpus where they can be; a few of each also run in Chromium
(tests/test_search_tables_browser.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bench import words as bench_words
from bench.heldout import result_key
from bridgelaws import pipeline
from bridgelaws.core import refs
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, load_vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT
from search_cases import (
    EQUIVALENT_PHRASES,
    governing_misses,
)
from search_node import NodeSearch, search_data

pytestmark = pytest.mark.site


# -- words: a law among the first three ------------------------------------------------------------

WORDS = [
    # (language, query, a law that must be among the first three results)
    ("fi", "revokki", "law:61"),
    ("fi", "revokin", "law:62"),
    ("fi", "revokkia", "law:61"),
    ("fi", "REVOKKI", "law:61"),
    ("fi", "lepaaja", "law:42"),  # lepääjä without its accents
    ("fi", "kilpailunjohtajan harkintavalta", "law:12"),
    ("fi", "sopimus", "law:40"),  # sopimukseen, sopimusten
    ("sv", "träkarlen", "law:9"),
    ("sv", "TRÄKARLEN", "law:9"),
    ("sv", "trakarlen", "law:9"),
    ("sv", "tavlingsledaren", "law:12"),
    ("tr", "rönons", "law:43"),
    ("tr", "ronons", "law:43"),
    ("tr", "KISITLAMALAR", "law:43"),
    ("tr", "kisitlama", "law:43"),
    ("tr", "İhlal", "law:43"),
    ("tr", "IHLAL", "law:43"),
    ("pl", "sedzia", "pl/2017/pzbs/25"),
    ("pl", "sędziego", "pl/2017/pzbs/4"),
    # everyday words the laws do not use (the term base, content/terms)
    ("fi", "miettimistauko", "law:16"),
    ("fi", "klaimi", "law:68"),
    ("sv", "tveka", "law:16"),
    ("sv", "claim", "law:68"),
    ("tr", "tereddüt", "law:16"),
    ("tr", "claim", "law:68"),
    ("pl", "zawahanie", "law:16"),
    ("pl", "claim", "law:68"),
    # the English words directors use everywhere (the term base's English terms)
    ("fi", "revoke", "law:61"),
    ("sv", "dummy", "law:42"),  # not in Swedish: the page saying where to read it (42, dummy's rights)
    ("tr", "insufficient bid", "law:27"),
    ("pl", "lead out of turn", "law:53"),
]


@pytest.mark.parametrize(("lang", "query", "law"), WORDS, ids=[f"{c[0]}:{c[1]}" for c in WORDS])
def test_a_word_finds_its_law_in_the_first_results(engine: NodeSearch, lang: str, query: str, law: str) -> None:
    hrefs = engine.search(lang, query)
    keys = [result_key(href) for href in hrefs[:3]]
    assert any(key == law or key.startswith(law) for key in keys), (keys, hrefs[:3])


# -- sampled words: recall and precision against the texts themselves ------------------------------

# the sample and its folding are bench.words's, the measure the word-query bounds are
# read with (another seed there, the same kind of words)
WORD = bench_words.WORD
fold = bench_words.fold
_group_texts = bench_words.group_texts
_language_groups = bench_words.language_groups


def _sample_words(corpus: Corpus, lang: str, count: int) -> list[tuple[str, set[str]]]:
    return bench_words.sample_words(corpus, lang, count)


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_sampled_words_find_the_laws_that_contain_them(engine: NodeSearch, corpus: Corpus, lang: str) -> None:
    """Recall ≥ 90 % in the first ten and a form of the word in each of the first five, for the
    word as printed, without accents and in capitals."""
    misses, found_total, wanted_total, irrelevant = [], 0, 0, []
    group_text = {key: fold(text, lang) for key, text in _language_groups(corpus, lang).items()}
    for word, holders in _sample_words(corpus, lang, 10):
        stem = fold(word, lang)[:4]  # inflections share the start: których, które
        upper = word.replace("i", "İ").replace("ı", "I").upper() if lang == "tr" else word.upper()
        for query in {word, fold(word, lang), upper}:
            keys = [result_key(href) for href in engine.search(lang, query)]
            found = holders & set(keys[:10])
            found_total += len(found)
            wanted_total += len(holders)
            if found != holders:
                misses.append((query, sorted(holders - found)))
            for key in keys[:5]:
                if key in group_text and stem not in group_text[key]:
                    irrelevant.append((query, key))
    assert found_total / wanted_total >= 0.9, misses
    assert not irrelevant


# the Pagefind pages a first page reads (search.toml [engine], as the engine reads it)
FIRST_ROUND = int(load_vocabulary(ROOT / "content" / VOCABULARY_FILE)["fi"].engine["fragments_per_round"])  # type: ignore[call-overload]


def _sample_common_stem_words(corpus: Corpus, lang: str, count: int) -> list[tuple[str, set[str]]]:
    """Words of 6+ letters printed in two to eight laws whose first four letters start words in
    more laws than a first page reads pages ("samasta": sama, samaa, samassa…): Pagefind's index
    holds stems, so it ranks the pages printing other forms among those printing the word."""
    texts = _language_groups(corpus, lang)
    holders: dict[str, set[str]] = {}
    starts: dict[str, set[str]] = {}
    for key, text in texts.items():
        for word in set(WORD.findall(text.lower())):
            holders.setdefault(word, set()).add(key)
        for word in set(re.findall(r"\w{4,}", text.lower())):
            starts.setdefault(fold(word, lang)[:4], set()).add(key)
    broad = {start for start, keys in starts.items() if len(keys) > FIRST_ROUND}
    candidates = sorted(word for word, keys in holders.items() if 2 <= len(keys) <= 8 and fold(word, lang)[:4] in broad)
    rng = random.Random(f"common-stem-{lang}")
    return [(word, holders[word]) for word in rng.sample(candidates, min(count, len(candidates)))]


@pytest.mark.parametrize("lang", ["fi", "pl"])  # sv's and tr's texts have no more laws than a round reads
def test_a_word_of_a_common_stem_finds_the_laws_that_print_it(engine: NodeSearch, corpus: Corpus, lang: str) -> None:
    """The laws printing the word as typed are among the first ten, though Pagefind ranks other
    forms of its stem as high (pagefind/forms: printedFirst reads the pages printing it first)."""
    sample = _sample_common_stem_words(corpus, lang, 15)
    assert len(sample) >= 10, lang
    found_total = wanted_total = 0
    misses = []
    for word, holders in sample:
        keys = [result_key(href) for href in engine.search(lang, word)]
        found_total += len(holders & set(keys[:10]))
        wanted_total += len(holders)
        if not holders <= set(keys[:10]):
            misses.append((word, sorted(holders - set(keys[:10]))))
    assert found_total / wanted_total >= 0.95, misses


# -- rewriting: what a query is read as ----------------------------------------------------------


# A word that is a concept's one-word term as written is that term: a situation holds it by a
# shared stem or an ending, not by sharing only its start with another word (search.js isTerm):
# heldout18's dev half (the first; 12's "korjattu pistetulos" took "korjausaika" by "korja"),
# and its neighbours, which pass either way
TERMS_NOT_STARTS_OF_OTHER_WORDS = [
    ("fi", "pistetuloksen korjausaika", "law:79"),
    ("fi", "tuloksen korjausaika", "law:79"),
    ("fi", "korjausaika tulokselle", "law:79"),
]


def test_a_word_that_is_a_term_is_not_held_by_the_start_of_another_word(engine: NodeSearch) -> None:
    """measured: 1 of 3 missed before the rule (the first)"""
    assert not governing_misses(engine, TERMS_NOT_STARTS_OF_OTHER_WORDS)


# A card named by its suit or rank stands for a card (search.toml card_names): written for this
# test, none from a held-out set (held-out sets' dev halves gained 2 of 288 with the rule)
CARDS_NAMED = [
    ("fi", "pelinviejä pudotti patakuninkaan pöydälle", "law:48"),
    ("fi", "puolustaja näytti herttaässän tarjousvaiheessa", "law:24"),
    ("fi", "lepääjän ristikuningas pelattiin ilman ohjetta", "law:45"),
    ("sv", "spelföraren tappade spaderdamen på bordet", "law:48"),
    ("sv", "motspelaren visade hjärteresset under budgivningen", "law:24"),
    ("sv", "motspelaren tappade klöverknekten", "law:49"),
    ("tr", "deklaran maça papazını yere düşürdü", "law:48"),
    ("tr", "artırma sırasında kupa ası göründü", "law:24"),
    ("tr", "savunucu karo valesini masaya açtı", "law:49"),
    ("pl", "rozgrywający upuścił króla pik na stół", "law:48"),
    ("pl", "podczas licytacji pokazał się as kier", "law:24"),
    ("pl", "obrońca odsłonił damę trefl", "law:49"),
]


def test_a_card_named_by_its_suit_or_rank_is_a_card(engine: NodeSearch) -> None:
    """measured: 2 of 12 (tr 'savunucu karo valesini masaya açtı': 50, 48, 45; sv 'motspelaren
    visade hjärteresset under budgivningen': 49, 48, 51); 3 of 12 without card_names (1 of 12 with
    a card's name a card to the concepts too, which cost a generated case: "pikiem pików")"""
    misses = governing_misses(engine, CARDS_NAMED)
    assert len(misses) <= 2, misses


def test_a_phrase_stands_for_the_phrases_that_say_the_same(engine: NodeSearch) -> None:
    """measured: 0 of 20; 2 of 20 without equivalents (sv 'öppningsutspel ur tur': 31, 30, 9;
    tr 'sırası gelmeden pas': 31, 32, 56)"""
    assert not governing_misses(engine, EQUIVALENT_PHRASES)


# Words that stand for each other inside a term, though not alone (search.toml kin_words): terms
# written with one word of a group, typed with another; written for this test, none from a
# held-out set (held-out dev halves gained 2 of 384 with the rule: heldout14's fi "vaara
# informaatio" and tr "deklarasyon değişikliği")
KIN_WORDS = [
    ("fi", "luvaton informaatio", "law:16"),
    ("fi", "pelinjohtajan harkintavalta", "law:12"),
    ("fi", "tuomarin harkintavalta", "law:12"),
    ("fi", "informaation luvaton käyttö", "law:16"),
    ("sv", "försvararens utspel i otur", "law:56"),
    ("sv", "försvararens kort visas", "law:49"),
    ("sv", "försvarares utspel i otur", "law:56"),
    ("tr", "psişik deklarasyon", "law:40"),
    ("tr", "karşılaştırılabilir deklare", "law:23"),
    ("tr", "yetersiz anons", "law:27"),
    ("tr", "deklarasyonun açıklanması", "law:20"),
    ("tr", "anons değişikliği", "law:25"),
    ("tr", "sırasız anons", "law:31"),
    ("tr", "geri alınan anons", "law:16"),
    ("pl", "porównywalna odzywka", "law:23"),
    ("pl", "odzywka po końcowym pasie", "law:39"),
    ("pl", "niezamierzona odzywka", "law:25"),
    ("pl", "odzywka niedozwolona", "law:35"),
    ("pl", "zmiana odzywki", "law:25"),
    ("pl", "odzywki jednoczesne", "law:33"),
    ("pl", "wist z błędnej ręki", "law:53"),
    ("pl", "wyjście ze złej ręki", "law:53"),
    ("pl", "błędne pudełko", "law:15"),
]


def test_a_word_of_a_term_stands_for_its_kin(engine: NodeSearch) -> None:
    """measured: 0 of 23; 5 of 23 without kin_words (tr 'anons değişikliği': 46; tr 'sırasız
    anons': 15, 29, 53; pl 'wist z błędnej ręki': 75, 54; 'wyjście ze złej ręki': 55 and PZBS
    points; 'błędne pudełko': 2)"""
    assert not governing_misses(engine, KIN_WORDS)


# Pages an over-joining stemmer found for a whole query, none of which holds its words once read
# (Turkish "yalancının", "yalanın" → "ya", which dozens of pages hold): the pages with some of
# the words follow, not "no results" (search.js someWordResults); written for this test
OVER_JOINED = [
    ("tr", "yalancının kısıtlamaları", "law:43"),
    ("tr", "yalanın kısıtlamaları", "law:43"),
]


def test_pages_found_for_the_whole_query_that_hold_none_of_its_words_give_way_to_some_words(
    engine: NodeSearch,
) -> None:
    """measured: both answered "no results" before someWordResults"""
    assert not governing_misses(engine, OVER_JOINED)


# The compass seats are who did it, not what happened (search.toml seats); an ending after an
# apostrophe or a colon is the word's case ("Batı'nın", "TJ:n"): written for this test
SEATS_AND_ENDINGS = [
    ("fi", "Länsi tarjosi vaikka oli Idän vuoro", "law:31"),
    ("fi", "Pohjoinen kahdensi Etelän vuorolla", "law:32"),
    ("fi", "TJ:n harkintavalta", "law:12"),
    ("sv", "Nord dubblade fast det var Östs tur", "law:32"),
    ("sv", "Väst passade fast Nord skulle bjuda", "law:30"),
    ("sv", "TL:s beslut om justerat resultat", "law:12"),
    ("tr", "Kuzey pas dedi ama sıra Doğu'daydı", "law:30"),
    ("tr", "Batı sırası gelmeden kontr dedi", "law:32"),
    ("tr", "Batı'nın sırasında Kuzey kontr dedi", "law:32"),
    ("pl", "Wschód zalicytował zamiast Północy", "law:31"),
    ("pl", "Zachód spasował przed Północą", "law:30"),
]


def test_the_seats_name_no_situation_and_an_ending_after_an_apostrophe_is_no_word(engine: NodeSearch) -> None:
    """measured: 3 of 11 (sv 'Väst passade fast Nord skulle bjuda', tr 'Kuzey pas dedi ama sıra
    Doğu'daydı', pl 'Wschód zalicytował zamiast Północy': no situation says a pass or a bid came
    instead of another seat's); 5 of 11 with the seats carrying and the endings read as words"""
    misses = governing_misses(engine, SEATS_AND_ENDINGS)
    assert len(misses) <= 3, misses


def _moved_concepts(site: Path) -> list[tuple[str, str, str, str]]:
    """(language, a concept's whole word, the law that governs it now, its law in an older
    edition) for every concept an older edition has under another law, in a language whose
    texts hold that older law and not the newest edition's (2017 72C, 1997 and 2007 Law 23)."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for lang in SEARCH_LANGUAGES:
        held: dict[str, set[str]] = {}
        for doc in search_data(site, lang)["docs"]:  # type: ignore[attr-defined]
            if doc["kind"] == "laws":
                held.setdefault(doc["edition"], set()).update(doc["laws"])
        for concept in base.concepts:
            newest = concept.editions[-1]
            now = str(refs.law_of(concept.governing(newest) or ""))
            words = [form for form in concept.forms(lang) if not form.endswith("*")]
            older = {str(refs.law_of(concept.governing(edition) or "")) for edition in concept.editions[:-1]}
            moved = sorted(law for law in older if law != now and any(law in held.get(e, ()) for e in concept.editions))
            if words and moved and now not in held.get(newest, set()):
                cases.append((lang, words[0], f"law:{now}", f"law:{moved[0]}"))
    return cases


def test_a_concept_that_moved_leads_to_the_law_now_and_the_older_text(engine: NodeSearch, site: Path) -> None:
    """The reader's texts hold the concept under an older number only: the law that governs it now
    (its "where to read" page) and the older text are both among the first three."""
    cases = _moved_concepts(site)
    assert any(case[2:] == ("law:72", "law:23") for case in cases), cases
    wrong = []
    for lang, word, now, older in cases:
        keys = [result_key(href) for href in engine.search(lang, word)[:3]]
        if now not in keys or older not in keys:
            wrong.append((lang, word, now, older, keys))
    assert not wrong


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_results_come_only_from_the_readers_language(engine: NodeSearch, lang: str) -> None:
    seen = 0
    common = {"fi": "kortti", "sv": "kort", "tr": "kart", "pl": "sędzia"}[lang]  # a word of every text
    for query in ["13", common, "law 16", "claim", "12C1(b)"]:
        hrefs = engine.search(lang, query)
        seen += len(hrefs)
        assert all(href.startswith(f"/{lang}/") for href in hrefs), (query, hrefs)
    assert seen >= 10  # the queries found things, so the check above checked something


# (language, word, laws printing it): Pagefind's first pages for it are other forms of its stem
# ("samasta": 27 pages, the two laws printing it 19th and 21st), or a variant's ("herhangi" is
# also searched as "herhank", which the stemmer cuts to "her": the variant's matches were kept
# alone and four of the pages fit the word nowhere)
PRINTED_BELOW = [
    ("fi", "samasta", {"law:58", "law:67", "law:74"}),
    ("fi", "pelatessaan", {"law:43", "law:44", "law:45", "law:46", "law:74"}),
    ("fi", "aloitteestaan", {"law:72"}),
    ("tr", "herhangi", {"law:12", "law:13", "law:14", "law:42", "law:43", "law:45", "law:46"}),
]


@pytest.mark.parametrize(("lang", "word", "laws"), PRINTED_BELOW)
def test_the_laws_printing_a_word_are_read_before_those_printing_its_stem(
    engine: NodeSearch, lang: str, word: str, laws: set[str]
) -> None:
    keys = [result_key(href) for href in engine.search(lang, word)]
    assert laws <= set(keys[:10]), keys


# a Polish word naming a concept whose law has no Polish text, only PZBS's points on its parts
# (Law 40: points 9–18 on 40A … 40B2d; Law 20: 6 and 7): the law's "where to read" page first,
# then the points that print the word; the others are on the law's page (its national rules),
# not in the results (stop 35 put them after the texts, where they filled the first five)
WHOLE_LAW_CONCEPTS = [
    ("pl", "uzgodnieniach", "law:40"),
    ("pl", "alertowania", "law:40"),
    ("pl", "wyjaśnienia", "law:20"),
]


@pytest.mark.parametrize(("lang", "word", "law"), WHOLE_LAW_CONCEPTS)
def test_a_concept_of_a_whole_law_shows_the_points_that_print_the_word_first(
    engine: NodeSearch, corpus: Corpus, lang: str, word: str, law: str
) -> None:
    texts = {key: fold(text, lang) for key, text in _language_groups(corpus, lang).items()}
    keys = [result_key(href) for href in engine.search(lang, word)]
    assert keys[0] == law, keys
    stem = fold(word, lang)[:4]  # inflections share the start: wyjaśnienia, wyjaśnień
    printing = [stem in texts[key] for key in keys if key in texts]
    assert printing and all(printing), keys
