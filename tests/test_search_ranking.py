"""Search's ranking and rewriting tables: the shipped engine (overrides/assets/javascripts/search/
engine/) on the shipped site, under Node (tests/search_node.py), in milliseconds a query.

Each table's cases are drawn from the term base, the situations, the held-out sets and the texts
themselves (not chosen by hand), and run in full under Node; a few of each table's cases also run
end to end in Chromium (``test_a_tables_cases_answer_in_chromium_as_under_node``), where the
engine's results meet Pagefind's in a real page: the same first page, in the same order.  That the
whole engine answers under Node as a fresh search page does is tests/test_search_node.py's proof.

A language's engine is kept between queries, as a search page is when a reader types query
after query on it; what earlier queries loaded changes no answer (tests/test_search_in_place.py).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bench import heldout
from bench import words as bench_words
from bench.heldout import result_key
from bench.searchdriver import SearchDriver
from bridgelaws import pipeline
from bridgelaws.core import refs
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, load_vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT
from search_cases import (
    EQUIVALENT_PHRASES,
    PROVISIONS,
    accented_concept_forms,
    concept_queries,
    concepts_with_a_typed_bid,
    counts_of_cards_that_are_no_hand,
    governing_misses,
    point_queries,
    sampled_provisions,
    situation_queries,
)
from search_node import NOTE, NodeSearch, heldout_group, search_data

pytestmark = pytest.mark.site


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)  # a test per language: the workers share them
def test_every_concept_finds_its_governing_law_in_the_first_three(engine: NodeSearch, lang: str) -> None:
    """A concept query finds the law that governs it among the first three results in every
    language, also where the language has no text of the law (its "where to read" page)."""
    cases = [case for case in concept_queries() if case[0] == lang]
    assert len(cases) > 25
    misses = governing_misses(engine, cases)
    assert not misses


def _concept_phrases() -> list[tuple[str, list[str], str]]:
    """(language, the words of a concept's first phrase in it, its governing law) for every
    concept and search language with a phrase of two or more words."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for concept in base.concepts:
        governing = concept.governing()
        for lang in SEARCH_LANGUAGES:
            phrases = [form for form in concept.forms(lang) if " " in form and "*" not in form]
            if governing and phrases:
                cases.append((lang, phrases[0].split(), f"law:{refs.law_of(governing)}"))
    return cases


def _reordered_concept_queries() -> list[tuple[str, str, str]]:
    """(language, a concept's phrase with its words in reverse order, its governing law): a term's
    words name the concept in any order ("poza kolejnością wyjście")."""
    return [(lang, " ".join(reversed(words)), law) for lang, words, law in _concept_phrases()]


def test_a_concepts_phrase_in_another_word_order_still_names_it(engine: NodeSearch) -> None:
    cases = _reordered_concept_queries()
    assert len(cases) > 30
    cases = random.Random("reordered").sample(cases, min(len(cases), 120))  # a sample: a search each
    misses = governing_misses(engine, cases)
    # measured: 1 of 120 (fi 'tikki virheellinen': 67 before the concept's 65), a longer concept wins
    assert len(misses) <= 2, misses


def _questions_of_concepts() -> list[tuple[str, str, str]]:
    """(language, a concept's phrase asked as a director asks it, with the language's function
    words around it, its governing law): "när räknas kortet som spelat" names the played card;
    "när" and "som" carry no concept (search.toml function_words)."""
    vocabulary = load_vocabulary(ROOT / "content" / VOCABULARY_FILE)
    chosen = random.Random("questions")
    cases = []
    for lang, words, law in _concept_phrases():
        function = [w for w in vocabulary[lang].function_words if len(w) >= 3]
        if function:
            first, second = chosen.sample(function, 2)
            cases.append((lang, " ".join([first, *words[:1], second, *words[1:]]), law))
    return cases


def test_a_concepts_phrase_among_function_words_still_names_it(engine: NodeSearch) -> None:
    cases = _questions_of_concepts()
    assert len(cases) > 30
    cases = random.Random("questions").sample(cases, min(len(cases), 80))  # a sample: a search each
    misses = governing_misses(engine, cases)
    # measured: 1 of 80 (fi "tikki virheellinen" names 67 before the concept's 65, as reordered)
    assert len(misses) <= 1, misses


# (language, what a director types, the law where its two concepts meet): the pass (22) and a
# call out of rotation (29) meet at 30, the pass out of rotation; the double (19) and a call out of
# rotation at 32.  Who did it (compass words) and when leave no title or situation whole.
MEETING_CONCEPTS = [
    ("sv", "väst passade i fel tur före nord", "law:30"),
    ("sv", "öst passade i fel tur fast syd skulle bjuda", "law:30"),
    ("fi", "etelä passasi väärällä vuorolla ennen pohjoista", "law:30"),
    ("fi", "länsi passasi väärällä vuorolla kun idän piti tarjota", "law:30"),
    ("tr", "batı sırasız pas verdi kuzey açmadan önce", "law:30"),
    ("tr", "doğu sırasız pas dedi güneyin sırasıydı", "law:30"),
    ("pl", "wschód spasował poza kolejnością zanim północ otworzyła", "law:30"),
    ("pl", "zachód pas poza kolejnością przed otwarciem", "law:30"),
    ("sv", "väst dubblade i fel tur före nord", "law:32"),
    ("fi", "etelä kahdensi väärällä vuorolla ennen pohjoista", "law:32"),
    ("tr", "batı sırasız kontr dedi kuzey konuşmadan", "law:32"),
    ("pl", "wschód skontrował poza kolejnością zanim północ", "law:32"),
]
# measured: 4 of 12 (6 without search.js withSharedLaws); the compass words are what is left
# (sv "öst … syd skulle bjuda", tr "doğu … güneyin sırasıydı")
MEETING_MISSES = 4


def test_two_concepts_ask_for_the_law_where_they_meet(engine: NodeSearch) -> None:
    misses = governing_misses(engine, MEETING_CONCEPTS)
    assert len(misses) <= MEETING_MISSES, misses


# A situation holding a query's rare, telling words, though fewer of its words than another holds
# of the common ones (search.js SITUATION_RARE): the first five from held-out sets' dev halves,
# the last two written for this test
RARE_WORD_SITUATIONS = [
    ("sv", "motspelaren påpekade partnerns fel under spelet", "law:9"),
    ("sv", "Träkarlen påpekade att försvararen inte bekände färg", "law:43"),
    ("fi", "Jakaja otti laatikosta väärän tarjouskortin ja vaihtoi heti", "law:25"),
    ("fi", "Pelinviejä väitti saavansa loput tikit, puolustajat kiistivät", "law:70"),
    ("pl", "gracze podaja rozne wersje tego co sie stalo", "law:85"),
    ("tr", "savunmacı oyun sırasında ortağının hatasını söyledi", "law:9"),
    ("sv", "trakarlen papekade att motspelaren inte bekande farg", "law:43"),
]


def test_a_situation_holding_the_rare_words_of_a_query_answers_it(engine: NodeSearch) -> None:
    """measured: 0 of 7; all 7 missed when only the count of words held named a situation"""
    assert not governing_misses(engine, RARE_WORD_SITUATIONS)


def _mixed_term_queries() -> list[tuple[str, str, str]]:
    """(language, a word of one term + a word of another term of the same concept, its governing
    law): the concept's words as a whole name it, though no one term holds both words ("wist"
    of "wist nie ze swojej ręki" and "kolejnością" of "wyjście poza kolejnością"); not two words
    of one group of phrases that say the same (search.toml equivalents: "väärällä vuorottaan" of
    "väärällä vuorolla", "vuorottaan" says "out of turn" twice and nothing of the concept)."""
    base = pipeline.load_terms(ROOT / "content")
    vocabulary = load_vocabulary(ROOT / "content" / VOCABULARY_FILE)
    saying = {
        lang: [{word for phrase in group for word in phrase.split()} for group in vocabulary[lang].equivalents]
        for lang in SEARCH_LANGUAGES
    }
    cases = []
    for concept in base.concepts:
        governing = concept.governing()
        for lang in SEARCH_LANGUAGES:
            forms = [form for form in concept.forms(lang) if "*" not in form]
            longest = [max(form.split(), key=len) for form in forms]
            pairs = [
                (a, b)
                for a, b in itertools.pairwise(longest)
                if len(a) >= 5
                and len(b) >= 5
                and a[:4] != b[:4]
                and not any({a.lower(), b.lower()} <= words for words in saying[lang])
            ]
            if governing and pairs:
                cases.append((lang, " ".join(pairs[0]), f"law:{refs.law_of(governing)}"))
    return cases


def test_words_of_two_terms_of_one_concept_name_it(engine: NodeSearch) -> None:
    cases = _mixed_term_queries()
    assert len(cases) > 20
    misses = governing_misses(engine, cases)
    # measured 10 of 407 (stop 33; 8 of 411 at stop 30): a word of one term also names another
    # concept (pl 'kolejnością odzywka' → 28; and by kin_words, stop 33, pl 'zapowiedzi
    # nieprzepisowa' is 35's 'nieprzepisowa odzywka', 'kolejnością zapowiedź' 28's 'kolejność
    # odzywek'), or the two longest words are the generic halves of two forms of one phrase (tr
    # 'konuşma deklare' of 'psişik konuşma', 'psişik deklare'; sv 'korrigerad rättad' of '…
    # revoke'); a guard against regressions, not a target
    assert len(misses) <= 10, misses


# the spent held-out sets (written without the repository, tuned on or counted too often since),
# each with the queries search answered when it was committed; raise a bound when search
# answers more of its set
SPENT_SETS = {
    "concepts_heldout.toml": 96,  # stop 22
    "spent/heldout8.toml": 96,  # stop 32
    "spent/heldout9.toml": 90,
    "spent/heldout10.toml": 92,  # 90 at stop 32; 91 with the revoke's procedure (64) second (stop 33)
    "spent/heldout18.toml": 100,  # stop 36: concept names, 18+ of 25 per language without a text
    "spent/heldout19.toml": 99,  # stop 36: rights, duties, powers and procedures
}
# a situation typed with one word in another term of its concept (measured when written)
MEASURED_OTHER_TERM_MISSES = 1  # measured: 0 of 37 (2 without the concepts' other terms)


@pytest.mark.parametrize(
    ("name", "found"), [pytest.param(name, found, marks=heldout_group(name)) for name, found in SPENT_SETS.items()]
)
def test_the_spent_heldout_concept_queries_keep_their_level(engine: NodeSearch, name: str, found: int) -> None:
    """As many of a spent set's queries as measured still have one of their laws among the first
    three results, each asked of a new engine: tests/test_search_in_place.py asks the set in order
    of kept engines too, and finds the same answers."""
    queries = heldout.load(ROOT / "tests" / "fixtures" / name)
    assert len(queries) == 100 and {q.lang for q in queries} == set(SEARCH_LANGUAGES)
    missed = heldout.missed(engine.fresh_view(), queries)
    assert len(queries) - len(missed) >= found, missed


def test_a_situations_phrase_finds_its_law_in_the_first_three(engine: NodeSearch) -> None:
    """A director's words for what happened ("son löveye bakmak") find the law that governs it,
    in every language, also where the language has no text of the law (its "where to read" page)."""
    cases = situation_queries("situations", 30)
    assert {case[0] for case in cases} == set(SEARCH_LANGUAGES)
    misses = governing_misses(engine, cases)
    # measured: 0 of 120; a little room for a new phrase whose words a neighbouring law's
    # situation holds too (45E/58B/67, 20/75)
    assert len(misses) <= 2, misses


def test_a_situations_words_in_another_order_still_find_its_law(engine: NodeSearch) -> None:
    cases = situation_queries("reordered situations", 15, reorder=True)
    misses = governing_misses(engine, cases)
    assert len(misses) <= 1, misses  # measured: 0 of 60


def _situations_in_other_terms(per_language: int) -> list[tuple[str, str, str]]:
    """(language, a situation's phrase with one word replaced by another one-word term of the
    concept that word is a term of, the situation's law), of its two-word phrases: directors type a concept in their own
    wording ("claim"), the phrase was written in another ("deklarację")."""
    base = pipeline.load_terms(ROOT / "content")
    chosen = random.Random("situations in other terms")
    cases = []
    for lang in SEARCH_LANGUAGES:
        # each one-word term of a concept with two or more, and the concept's other ones
        others: dict[str, list[str]] = {}
        for concept in base.concepts:
            single = [form.lower() for form in concept.forms(lang) if " " not in form and "*" not in form]
            for form in single:
                others.setdefault(form, []).extend(other for other in single if other != form)
        found = []
        for situation in base.situations:
            if situation.terms[0].lang != lang:
                continue
            # two-word phrases: the other term must carry its half of the query
            for phrase in situation.forms(lang):
                words = phrase.lower().split()
                if len(words) != 2:
                    continue
                swaps = [(index, other) for index, word in enumerate(words) for other in others.get(word, [])]
                if swaps:
                    index, other = chosen.choice(swaps)
                    query = " ".join([*words[:index], other, *words[index + 1 :]])
                    found.append((lang, query, f"law:{refs.law_of(situation.laws[0])}"))
                    break
        cases.extend(chosen.sample(found, min(per_language, len(found))))
    return cases


def assert_misses_within(engine: NodeSearch, cases: list[tuple[str, str, str]], bound: int) -> None:
    """Cases of every search language; at most ``bound`` (measured) without their law among the
    first three results."""
    assert {case[0] for case in cases} == set(SEARCH_LANGUAGES)
    misses = governing_misses(engine, cases)
    assert len(misses) <= bound, misses


def test_a_situation_typed_in_another_term_of_its_concept_still_finds_its_law(engine: NodeSearch) -> None:
    assert_misses_within(engine, _situations_in_other_terms(10), MEASURED_OTHER_TERM_MISSES)


MEASURED_TYPED_BID_MISSES = 0  # measured: 0 of 57 (31 before bids were read as bids)


def test_a_bid_typed_as_a_bid_stands_for_the_word_for_a_bid(engine: NodeSearch) -> None:
    """A director types the bid, not the word: "otillräckligt 1NT" is the insufficient bid (27),
    not a suit (Law 1) nor a word no text holds."""
    cases = concepts_with_a_typed_bid()
    assert len(cases) >= 8, cases
    assert_misses_within(engine, cases, MEASURED_TYPED_BID_MISSES)


# measured: 0 of 40 (16 of 24 before a count of cards was read as one; of the 16 in words, 4
# before search.toml's numbers: every Turkish one)
MEASURED_COUNT_MISSES = 0


def test_a_count_of_cards_that_is_no_hand_names_the_wrong_number_of_cards(engine: NodeSearch) -> None:
    """ "jag hade 14 kort och partnern 12": a hand with a wrong number of cards (Law 13), told by
    its count, not by the words of the law's title."""
    cases = counts_of_cards_that_are_no_hand()
    assert len(cases) >= 8, cases
    assert_misses_within(engine, cases, MEASURED_COUNT_MISSES)


# the light verbs directors type after a concept ("kontr dedi": said double; "ceza aldı": got a
# penalty), written here from the languages, not read from search.toml's function words
LIGHT_VERBS = {
    "fi": ["sanoi", "teki", "sai"],
    "sv": ["sa", "gjorde", "fick"],
    "tr": ["dedi", "yaptı", "etti", "verdi", "aldı", "oldu"],
    "pl": ["powiedział", "zrobił", "dostał", "miał"],
}
MEASURED_LIGHT_VERB_MISSES = 0  # measured: 0 of 100 (5 before the light verbs were function words)


def _concepts_with_a_light_verb(per_language: int) -> list[tuple[str, str, str]]:
    """(language, a concept's term and a light verb after it, its governing law), a sample per
    language: the verb names no situation of its own ("kontr dedi" is the double, Law 19, not a
    situation that says "dedi")."""
    chosen = random.Random("light verbs")
    concepts = concept_queries()
    cases = []
    for lang in SEARCH_LANGUAGES:
        mine = [case for case in concepts if case[0] == lang]
        for _, term, law in chosen.sample(mine, min(per_language, len(mine))):
            cases.append((lang, f"{term} {chosen.choice(LIGHT_VERBS[lang])}", law))
    return cases


def test_a_concept_with_a_light_verb_after_it_still_finds_its_law(engine: NodeSearch) -> None:
    assert_misses_within(engine, _concepts_with_a_light_verb(25), MEASURED_LIGHT_VERB_MISSES)


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_a_printed_word_with_a_light_verb_after_it_still_finds_the_texts_holding_it(
    engine: NodeSearch, corpus: Corpus, lang: str
) -> None:
    """A function word no text holds with the query's other word ("hakem dedi", "kilpailunjohtaja
    sanoi") does not hide the texts holding that word: when few pages hold every word, those
    holding every word that carries the query follow.  Sampled words as the recall test's, each
    with a light verb after it: a law holding the word among the first ten."""
    chosen = random.Random(f"light verb texts {lang}")
    misses = []
    for word, holders in _sample_words(corpus, lang, 6):
        query = f"{word} {chosen.choice(LIGHT_VERBS[lang])}"
        keys = [result_key(href) for href in engine.search(lang, query)]
        if not holders & set(keys[:10]):
            misses.append((query, sorted(holders), keys[:10]))
    assert not misses


@pytest.mark.parametrize(
    ("lang", "query", "law"),
    [
        # 45's, 54's, 56's and 57's situations each hold all three words; 57's "spelade före sin
        # partner" says them in one phrase
        ("sv", "motspelare spelade före partnern", "law:57"),
        # a concept still names its own words before a situation holding them
        ("tr", "yanlış deklare değil yanlış açıklama", "law:75"),
    ],
)
def test_of_situations_holding_the_same_words_the_phrase_the_query_says_most_of_comes_first(
    engine: NodeSearch, lang: str, query: str, law: str
) -> None:
    keys = [result_key(href) for href in engine.search(lang, query)]
    assert law in keys[:3], keys  # 57 was fourth, by the file's order


def stable_sample(words: list[str], count: int, salt: str) -> list[str]:
    """``count`` of ``words``, chosen by a hash of each: a word added to the term base or taken
    out changes the sample by that word only (random.sample over a list one word longer draws
    another sample altogether, and a bound measured on one sample says little of the next)."""
    return sorted(words, key=lambda word: hashlib.sha256(f"{salt}:{word}".encode()).hexdigest())[:count]


# measured: 6 of 48 at stop 35, on a sample chosen by hash (stable_sample); 8 of 45 at stop 31
# (42 of 46 without the rule) on a random.sample, which drew another sample with every term
# added (11 of 49 on the one stop 34's proposed terms drew, the same 11 without them).  Misses:
# words of more laws by stem, and words a concept holds too, whose law comes first without the
# situations' file (sv "budlapp": 18, 19, not 25)
MEASURED_LONE_WORD_MISSES = 6


def _lone_words(per_language: int) -> list[tuple[str, str, str]]:
    """(language, a word of six letters or more that only the multi-word terms and situation
    phrases of one law hold, that law): "upprepning" of "upprepning av budgivningen" (20)."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for lang in SEARCH_LANGUAGES:
        laws: dict[str, set[str]] = {}
        named = [(concept.forms(lang), concept.governing()) for concept in base.concepts]
        named += [(situation.forms(lang), situation.laws[0]) for situation in base.situations]
        for forms, law in named:
            for form in forms:
                for word in form.lower().split():
                    laws.setdefault(word.strip("*"), set()).add(str(refs.law_of(law or "")))
        single = {form.lower() for concept in base.concepts for form in concept.forms(lang) if " " not in form}
        lone = sorted(word for word, held in laws.items() if len(held) == 1 and len(word) >= 6 and word not in single)
        for word in stable_sample(lone, per_language, f"lone words {lang}"):
            cases.append((lang, word, f"law:{next(iter(laws[word]))}"))
    return cases


def test_a_lone_word_no_page_holds_leads_to_the_law_whose_phrases_hold_it(engine: NodeSearch) -> None:
    """A word no text of the language holds, only a concept's phrase or a situation ("upprepning",
    "zrzeczenie"), is no dead end: its law is among the first three results."""
    checked, misses = 0, []
    for lang, word, law in _lone_words(35):
        keys = [result_key(href) for href in engine.search(lang, word)[:3]]
        if engine.shows_a_text(lang):
            continue  # a text holds it: the texts answer
        checked += 1
        if law not in keys:
            misses.append((lang, word, law, keys))
    assert checked >= 40, checked
    assert len(misses) <= MEASURED_LONE_WORD_MISSES, misses


def _phrase_words(site: Path, per_language: int) -> list[tuple[str, str, str]]:
    """(language, a word of six letters or more that only the multi-word terms of concepts of one
    law hold, that law), where the language has no text of the law: "zachowanie" of 74's
    "zachowanie i etykieta" in Polish."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for lang in SEARCH_LANGUAGES:
        held = {law for doc in search_data(site, lang)["docs"] for law in doc.get("laws", [])}  # type: ignore[attr-defined]
        laws: dict[str, set[str]] = {}
        single = set()
        for concept in base.concepts:
            law = str(refs.law_of(concept.governing() or ""))
            for form in concept.forms(lang):
                words = [word for word in re.split(r"[^\w*]+", form.lower()) if word]
                if len(words) == 1:
                    single.add(words[0].strip("*"))
                for word in words:
                    laws.setdefault(word.strip("*"), set()).add(law)
        phrase = sorted(
            word
            for word, of in laws.items()
            if len(of) == 1 and len(word) >= 6 and word not in single and not of & held
        )
        for word in stable_sample(phrase, per_language, f"phrase words {lang}"):
            cases.append((lang, word, f"law:{next(iter(laws[word]))}"))
    return cases


def test_a_word_texts_hold_in_passing_finds_the_texts_not_the_laws_whose_phrases_hold_it(
    engine: NodeSearch, site: Path
) -> None:
    """A word texts of the language print, which no concept names whole but concepts' phrases of
    one law hold, where the language has no text of that law ("korrekt" in the sv texts and in
    25's "korrekta och felaktiga ändringar av bud"): the texts printing it are the answer, and
    that law's "where to read" page is not among them, unless a concept names the word by its
    stem ("utspelet" → "utspel", 41: first, as a concept's law).  Stop 33 to 35 put the page
    second; it found none of 400 held-out concept queries' laws and cost word queries precision."""
    checked, guessed = 0, []
    for lang, word, law in _phrase_words(site, 25):
        keys = [result_key(href) for href in engine.search(lang, word)]
        if not engine.shows_a_text(lang):
            continue  # no text holds it: the lone-word test's case
        checked += 1
        if law in keys[1:]:
            guessed.append((lang, word, law, keys))
    assert checked >= 10, checked
    assert not guessed


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


# -- the same answers in a page: each table's cases in Chromium ----------------------------------

BROWSER_CASES = 3  # a table's cases also typed on a search page in Chromium


def _queries(cases: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    return [(lang, query) for lang, query, _ in cases]


def _spent_queries() -> list[tuple[str, str]]:
    return [(q.lang, q.query) for name in SPENT_SETS for q in heldout.load(ROOT / "tests" / "fixtures" / name)]


def _sampled_words(corpus: Corpus) -> list[tuple[str, str]]:
    return [(lang, word) for lang in SEARCH_LANGUAGES for word, _ in _sample_words(corpus, lang, 10)]


def _common_stem_words(corpus: Corpus) -> list[tuple[str, str]]:
    return [(lang, word) for lang in ("fi", "pl") for word, _ in _sample_common_stem_words(corpus, lang, 15)]


# each table above: its queries, from the built site and the corpus where it needs them
TABLES: dict[str, Callable[[Path, Corpus], list[tuple[str, str]]]] = {
    "concepts": lambda site, corpus: _queries(concept_queries()),
    "phrases reordered": lambda site, corpus: _queries(_reordered_concept_queries()),
    "phrases among function words": lambda site, corpus: _queries(_questions_of_concepts()),
    "two concepts": lambda site, corpus: _queries(MEETING_CONCEPTS),
    "rare words": lambda site, corpus: _queries(RARE_WORD_SITUATIONS),
    "two terms": lambda site, corpus: _queries(_mixed_term_queries()),
    "spent sets": lambda site, corpus: _spent_queries(),
    "situations": lambda site, corpus: _queries(situation_queries("situations", 30)),
    "situations reordered": lambda site, corpus: _queries(situation_queries("reordered situations", 15, True)),
    "situations in other terms": lambda site, corpus: _queries(_situations_in_other_terms(10)),
    "typed bids": lambda site, corpus: _queries(concepts_with_a_typed_bid()),
    "counts of cards": lambda site, corpus: _queries(counts_of_cards_that_are_no_hand()),
    "light verbs": lambda site, corpus: _queries(_concepts_with_a_light_verb(25)),
    "lone words": lambda site, corpus: _queries(_lone_words(35)),
    "phrase words": lambda site, corpus: _queries(_phrase_words(site, 25)),
    "sampled words": lambda site, corpus: _sampled_words(corpus),
    "common stems": lambda site, corpus: _common_stem_words(corpus),
    "terms, not starts of other words": lambda site, corpus: _queries(TERMS_NOT_STARTS_OF_OTHER_WORDS),
    "cards named": lambda site, corpus: _queries(CARDS_NAMED),
    "equivalent phrases": lambda site, corpus: _queries(EQUIVALENT_PHRASES),
    "accented forms of concepts": lambda site, corpus: accented_concept_forms(),
    "kin words": lambda site, corpus: _queries(KIN_WORDS),
    "over-joined words": lambda site, corpus: _queries(OVER_JOINED),
    "seats and endings": lambda site, corpus: _queries(SEATS_AND_ENDINGS),
    "moved concepts": lambda site, corpus: [(lang, word) for lang, word, _, _ in _moved_concepts(site)],
    "printed below their stem": lambda site, corpus: [(lang, word) for lang, word, _ in PRINTED_BELOW],
    "concepts of a whole law": lambda site, corpus: _queries(WHOLE_LAW_CONCEPTS),
    "words": lambda site, corpus: _queries(WORDS),
    "provisions": lambda site, corpus: _queries(PROVISIONS),
    "sampled provisions": lambda site, corpus: _queries(sampled_provisions(corpus, 20)),
    "sub-points": lambda site, corpus: _queries(point_queries(corpus)),
}


@pytest.mark.parametrize("table", TABLES)
def test_a_tables_cases_answer_in_chromium_as_under_node(
    typed: SearchDriver, engine: NodeSearch, site: Path, corpus: Corpus, table: str
) -> None:
    """A few of each table's cases, chosen by hash, typed on a search page in Chromium: the same
    first page, in the same order, as the engine under Node gives."""
    cases = TABLES[table](site, corpus)
    assert cases, table
    chosen = sorted(cases, key=lambda case: hashlib.sha256(f"{table}:{case}".encode()).hexdigest())[:BROWSER_CASES]
    differences = []
    for lang, query in chosen:
        found = engine.search(lang, query)
        shown = typed.search(lang, query)
        if shown != found:
            differences.append((lang, query, shown[:5], found[:5]))
        lines = typed.page(lang).locator(".search-result__synonym").all_inner_texts()  # type: ignore[attr-defined]
        notes = [line for line in lines if NOTE in line]
        if notes != engine.notes(lang):
            differences.append((lang, query, notes, engine.notes(lang)))
    assert not differences
