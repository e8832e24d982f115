"""Search's concept and situation tables: the shipped engine (overrides/assets/javascripts/search/
engine/) on the shipped site, under Node (tests/search_node.py), in milliseconds a query.

Each table's cases are drawn from the term base, the situations, the held-out sets and the texts
themselves (not chosen by hand), and run in full under Node; the word tables are
tests/test_search_words.py's.  A few of each table's cases also run end to end in Chromium
(tests/test_search_tables_browser.py), where the engine's results meet Pagefind's in a real page:
the same first page, in the same order.  That the whole engine answers under Node as a fresh
search page does is tests/test_search_node.py's proof.

A language's engine is kept between queries, as a search page is when a reader types query
after query on it; what earlier queries loaded changes no answer (tests/test_search_in_place.py).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from pathlib import Path

import pytest

from bench import heldout
from bench import words as bench_words
from bench.heldout import result_key
from bridgelaws import pipeline
from bridgelaws.core import refs
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, load_vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from conftest import ROOT
from search_cases import (
    concept_queries,
    concepts_with_a_typed_bid,
    counts_of_cards_that_are_no_hand,
    governing_misses,
    situation_queries,
)
from search_node import NodeSearch, heldout_group, search_data

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
    for word, holders in bench_words.sample_words(corpus, lang, 6):
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
