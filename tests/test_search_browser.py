"""Search in a real browser (headless Debian Chromium over the built site and Pagefind).

Three kinds of check:
* tables of the traps directors hit: provision numbers written five ways, inflected forms,
  missing accents, Turkish casing, everyday words the laws do not use;
* sampled words: for words picked from each language's own texts (not chosen by hand), the
  first ten results hold the laws that contain them, also typed without accents or in
  capitals, and the first five results all contain a form of the word;
* on a phone: a query per language, a tap on the first result, the provision on screen.

The tables type their queries one after another on one search page per language, as a reader
searching again does (the ``typed`` fixture, bench.searchdriver); a test of what a first visit
fetches, preloads or shows loads the page with its query (``run_search``).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from bench import heldout
from bench import search as bench_search
from bench import words as bench_words
from bench.heldout import result_key
from bench.searchdriver import SearchDriver, open_search
from bridgelaws import pipeline
from bridgelaws.core import refs, urls
from bridgelaws.search import compounds, langmodel, search_css
from bridgelaws.search import engine_data as search
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, load_vocabulary, with_term_base
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render.page import t
from conftest import PHONE, ROOT
from script_rules import ref_of_anchor

pytestmark = pytest.mark.browser


def run_search(page: object, base_url: str, lang: str, query: str, edition: str = "", every: bool = False) -> list[str]:
    """A fresh page load of the search page with ``query``, as a first visit: the result links
    (href paths with #anchor), best first, once the search has finished; ``every``: after
    pressing "more results" until there are no more.  For what a first search fetches or shows."""
    return open_search(page, base_url, lang, query, edition, every)


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def typed(browser: object, base_url: str) -> Iterator[SearchDriver]:
    """One search page per language for the module's tables, each query typed on it as a reader
    searching again types it (bench.searchdriver): four page loads instead of one per query.
    What earlier queries loaded changes no answer (tests/test_search_in_place.py)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    yield SearchDriver(context, base_url)
    context.close()


# -- provisions ------------------------------------------------------------------------------------

PROVISIONS = [
    # (language, query, the first result's href ends with)
    ("fi", "12C1(b)", "/fi/2007/12/#12C1b"),
    ("fi", "12 C 1 b", "/fi/2007/12/#12C1b"),
    ("fi", "12C2", "/fi/2007/12/#12C2"),
    ("fi", "pykälä 13", "/fi/2007/13/#13"),
    ("fi", "16 §", "/fi/2007/16/#16"),
    ("fi", "13 §:n", "/fi/2007/13/#13"),
    ("fi", "12C1(b):ssä", "/fi/2007/12/#12C1b"),
    ("fi", "12C1(b) §:ssä", "/fi/2007/12/#12C1b"),
    ("fi", "64", "/fi/1997/64/#64"),  # only the 1997 text has it
    ("fi", "SBL 3", "/fi/1997/sbl/3/#p3"),
    ("sv", "lag 16", "/sv/2007/16/#16"),
    ("sv", "lag 12C1(b)", "/sv/2007/12/#12C1b"),
    ("sv", "16 §", "/sv/2007/16/#16"),
    ("sv", "13d2a", "/sv/2007/13/#13D2a"),
    ("sv", "lag 40", "/sv/laws/40/"),  # not in Swedish: the page that says so comes first
    ("tr", "Yasa 45", "/tr/2017/45/#45"),
    ("tr", "YASA 45", "/tr/2017/45/#45"),
    ("tr", "45. Yasa", "/tr/2017/45/#45"),
    ("tr", "Yasa 12C1(b)’de", "/tr/2017/12/#12C1b"),
    ("pl", "punkt 13", "/pl/2017/pzbs/13/#p13"),
    ("pl", "pkt 3.1", "/pl/2017/pzbs/3/#p3-1"),
    ("pl", "3.1", "/pl/2017/pzbs/3/#p3-1"),
    ("pl", "25.1.A", "/pl/2017/pzbs/25/#p25-1-A"),
    ("pl", "PZBS 25.1.a(ii)", "/pl/2017/pzbs/25/#p25-1-A-ii"),
    ("pl", "przepis 16B2", "/pl/2017/pzbs/4/#p4"),  # PZBS's decision on 16B2
    ("pl", "przepisu 12C1(b)", "/pl/laws/12/"),  # no Polish text of law 12; no decision on 12C1
]


@pytest.mark.parametrize(("lang", "query", "first"), PROVISIONS, ids=[f"{c[0]}:{c[1]}" for c in PROVISIONS])
def test_a_provision_query_puts_the_provision_first(typed: SearchDriver, lang: str, query: str, first: str) -> None:
    hrefs = typed.search(lang, query)
    assert hrefs, f"{query!r} found nothing"
    assert hrefs[0].endswith(first), hrefs[:3]


def test_a_provision_result_shows_the_provisions_own_text(typed: SearchDriver, corpus: Corpus) -> None:
    """The snippet is the text under the provision, not the page's lines around it."""
    for lang, query, ref, doc_id in [
        ("pl", "przepis 16B2", "point:4", "pl-2017-pzbs"),
        ("sv", "lag 13D", "13D", "sv-2007"),
    ]:
        typed.search(lang, query)
        page = typed.page(lang)
        snippet = page.locator(".search-result__snippet").first  # type: ignore[attr-defined]
        page.wait_for_function("p => p.textContent.length > 20", arg=snippet.element_handle())  # type: ignore[attr-defined]
        entry = corpus.by_id(doc_id)
        assert entry is not None
        owner = (
            next(p for p in entry.document.points if refs.point_ref(p.number) == ref)
            if ref.startswith("point:")
            else next(p for p in entry.document.law(13).provisions() if p.ref == ref)  # type: ignore[union-attr]
        )
        first_words = " ".join(owner.paragraphs[0].text.split()[:4])
        assert first_words in snippet.inner_text(), (query, snippet.inner_text())
        assert entry.meta.title not in snippet.inner_text()


SHOWN = [
    # (language, query, the first result's law or point as shown, its provision as printed)
    ("fi", "12C1(b)", "Pykälä 12", "12C1(b)"),
    ("sv", "13d2a", "Lag 13", "13D2(a)"),
    ("tr", "Yasa 12C1(b)’de", "Yasa 12", "12C1(b)"),
    ("pl", "pkt 3.1", "PZBS 3", "3.1"),
    ("pl", "punkt 13", "PZBS 13", ""),  # the point's own top: no provision to name
]


@pytest.mark.parametrize(("lang", "query", "label", "printed"), SHOWN, ids=[f"{c[0]}:{c[1]}" for c in SHOWN])
def test_a_provision_result_names_its_law_and_provision_as_printed(
    typed: SearchDriver, lang: str, query: str, label: str, printed: str
) -> None:
    """The label and the printed provision come from Python's rules (the data's labels,
    ``refs.display`` given to the script as syntax), not from a copy in the script."""
    hrefs = typed.search(lang, query)
    ref = ref_of_anchor(urlsplit(hrefs[0]).fragment)
    assert ref is not None
    assert printed == (refs.display(ref) if re.search(r"\D", refs.display(ref)) else ""), ref  # "4": the top
    first = typed.page(lang).locator("#search-results li").first  # type: ignore[attr-defined]
    assert first.locator(".search-result__law").inner_text() == label
    shown = first.locator(".search-result__ref")
    assert (shown.first.inner_text() if shown.count() else "") == printed


def _sample_anchors(corpus: Corpus, count: int) -> list[tuple[str, str, str]]:
    """(lang, ref, expected href) for provisions picked at random (fixed seed) from every text."""
    rng = random.Random(20261121)
    cases = []
    for lang in SEARCH_LANGUAGES:
        texts = sorted(
            (e for e in corpus.in_language(lang) if e.meta.kind == "laws"), key=lambda e: e.meta.edition, reverse=True
        )
        pool = [
            (entry, law, ref)
            for entry in texts
            for law in entry.document.laws
            for ref in (p.ref for p in law.provisions())
        ]
        for _entry, _law, ref in rng.sample(pool, min(count, len(pool))):
            holder = next(
                e
                for e in texts
                if (law := e.document.law(refs.law_of(ref) or 0)) and ref in {p.ref for p in law.provisions()}
            )
            cases.append((lang, ref, "/" + urls.law(holder.meta, refs.law_of(ref) or 0) + f"#{refs.anchor(ref)}"))
    return cases


def _written(ref: str) -> str:
    """``12C1b`` → ``12C1(b)``: the way the books print it."""
    return re.sub(r"^(\d+[A-Z]\d+)([a-z])(.*)$", r"\1(\2)\3", ref)


def test_sampled_provisions_come_first_in_every_language(typed: SearchDriver, corpus: Corpus) -> None:
    failures = []
    for lang, ref, expected in _sample_anchors(corpus, 6):
        for query in {ref, _written(ref), _written(ref).lower()}:
            hrefs = typed.search(lang, query)
            if not hrefs or hrefs[0] != expected:
                failures.append((lang, query, expected, hrefs[:2]))
    assert not failures


def _point_queries(corpus: Corpus) -> list[tuple[str, str, str]]:
    """(language, query, expected href) for every sub-point of every regulation: as printed
    ("3.1.A", "25.1.B.(ii)" as "25.1.B(ii)"), bare and lower-cased, and after a point word."""
    cases = []
    for entry in [e for lang in SEARCH_LANGUAGES for e in corpus.in_language(lang)]:
        for point in entry.document.points:
            for provision in point.provisions():
                path = provision.ref.removeprefix("point:").split(".")
                if len(path) < 2:
                    continue
                printed = ".".join(path[:3]) + (f"({path[3]})" if len(path) > 3 else "")
                expected = "/" + urls.law(entry.meta, point.number) + "#" + refs.anchor(provision.ref)
                cases += [(entry.meta.lang, printed, expected), (entry.meta.lang, printed.lower(), expected)]
    return cases


def test_every_sub_point_of_a_regulation_answers_like_a_provision(typed: SearchDriver, corpus: Corpus) -> None:
    """PZBS's 3.1 and 25.1.A are found as provisions are: typed bare, the point comes first."""
    cases = _point_queries(corpus)
    assert len(cases) > 20
    failures = []
    for lang, query, expected in random.Random("points").sample(cases, 24):
        hrefs = typed.search(lang, query)
        if not hrefs or hrefs[0] != expected:
            failures.append((query, expected, hrefs[:2]))
    assert not failures


# -- words -----------------------------------------------------------------------------------------

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
def test_a_word_finds_its_law_in_the_first_results(typed: SearchDriver, lang: str, query: str, law: str) -> None:
    hrefs = typed.search(lang, query)
    keys = [result_key(href) for href in hrefs[:3]]
    assert any(key == law or key.startswith(law) for key in keys), (keys, hrefs[:3])


def test_a_concepts_word_the_text_prints_inflected_finds_the_text_after_the_concepts_laws(
    typed: SearchDriver,
) -> None:
    """ "dziadek" is the dummy: its governing law (42, dummy's rights) and next law (43) come
    first, then the regulation point that prints only "dziadka" (the mobile e: search.toml
    variants)."""
    keys = [result_key(href) for href in typed.search("pl", "dziadek")]
    assert keys[:2] == ["law:42", "law:43"] or keys[:3] == ["law:42", "pl/2017/pzbs/19", "law:43"], keys
    assert "pl/2017/pzbs/21" in keys[:5], keys


# -- concepts: the term base ------------------------------------------------------------------------


def governing_misses(typed: SearchDriver, cases: list[tuple[str, str, str]]) -> list[tuple[str, ...]]:
    """The (language, query, law, first three results) of each case whose law is not among the
    first three results."""
    misses = []
    for lang, query, law in cases:
        keys = [result_key(href) for href in typed.search(lang, query)[:3]]
        if law not in keys:
            misses.append((lang, query, law, ", ".join(keys)))
    return misses


def _concept_queries() -> list[tuple[str, str, str]]:
    """(language, a term of a concept in it, the concept's governing law) for every concept of
    the term base and every search language it has a whole-word term in."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for concept in base.concepts:
        governing = concept.governing()
        for lang in SEARCH_LANGUAGES:
            whole = [form for form in concept.forms(lang) if not form.endswith("*")]
            if governing and whole:
                cases.append((lang, whole[0], f"law:{refs.law_of(governing)}"))
    return cases


def test_every_concept_finds_its_governing_law_in_the_first_three(typed: SearchDriver) -> None:
    """A concept query finds the law that governs it among the first three results in every
    language, also where the language has no text of the law (its "where to read" page)."""
    cases = _concept_queries()
    assert len(cases) > 100
    misses = governing_misses(typed, cases)
    assert not misses


def _accented_concept_forms() -> list[tuple[str, str]]:
    """(language, a form of a concept other than its first, with a letter search folds: ä, ı, ł …),
    one per concept and language: a form that is not the concept's name gets a "form → name" note."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for concept in base.concepts:
        for lang in SEARCH_LANGUAGES:
            forms = [form for form in concept.forms(lang)[1:] if "*" not in form and not form.isascii()]
            if forms:
                cases.append((lang, forms[0]))
    return cases


def test_a_concepts_note_shows_the_words_as_typed_not_folded(typed: SearchDriver) -> None:
    """ "vuoroton lähtö → lähtö väärällä vuorolla", not "vuoroton lahto": search matches without
    accents, the reader is shown their own words."""
    cases = random.Random("typed").sample(_accented_concept_forms(), 24)
    noted = 0
    for lang, form in cases:
        typed.search(lang, form)
        for note in typed.page(lang).locator(".search-result__synonym").all_inner_texts():  # type: ignore[attr-defined]
            if " → " in note:
                noted += 1
                assert note.split(" → ")[0] == form.lower(), (lang, form, note)
    assert noted >= 8, noted


@pytest.mark.parametrize(
    ("lang", "query", "governing", "mentions"),
    [
        ("fi", "revokki", "law:61", "law:64"),  # defined by 61, its penalty in 64B3
        ("fi", "rangaistuskortti", "law:50", "law:52"),  # 50 defines it, 52 mentions it
        ("fi", "lepääjä", "law:42", "law:41"),  # 42 is titled by it (dummy's rights), 41D spreads the hand
        ("sv", "tävlingsledaren", "law:81", "law:12"),  # sv has no Law 81: its page, before the texts' mentions end
    ],
)
def test_the_law_that_governs_a_concept_comes_before_the_laws_that_mention_it(
    typed: SearchDriver, lang: str, query: str, governing: str, mentions: str
) -> None:
    keys = [result_key(href) for href in typed.search(lang, query)]
    assert governing in keys[:3] and mentions in keys, keys
    if lang == "fi":  # the language has the governing law's text: it is first
        assert keys[0] == governing and keys.index(mentions) > 0, keys


def test_a_phrase_names_its_concept_and_not_the_concepts_of_its_words(typed: SearchDriver) -> None:
    """ "wyjście poza kolejnością" is the lead out of turn (53), not also whatever "kolejność"
    alone would name; a concept's term in an inflected form still names it."""
    keys = [result_key(href) for href in typed.search("pl", "wyjście poza kolejnością")]
    assert keys[:3].count("law:53") == 1 and "law:53" in keys[:3], keys
    inflected = [result_key(href) for href in typed.search("sv", "straffkortet")]
    assert "law:50" in inflected[:3], inflected
    # a compound is no inflection: "straffkort" is the penalty card, not "straff" (a penalty, Law 90)
    assert "law:90" not in [result_key(href) for href in typed.search("sv", "straffkort")]


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


def test_a_concepts_phrase_in_another_word_order_still_names_it(typed: SearchDriver) -> None:
    cases = _reordered_concept_queries()
    assert len(cases) > 30
    cases = random.Random("reordered").sample(cases, min(len(cases), 120))  # a sample: a search each
    misses = governing_misses(typed, cases)
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


def test_a_concepts_phrase_among_function_words_still_names_it(typed: SearchDriver) -> None:
    cases = _questions_of_concepts()
    assert len(cases) > 30
    cases = random.Random("questions").sample(cases, min(len(cases), 80))  # a sample: a search each
    misses = governing_misses(typed, cases)
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


def test_two_concepts_ask_for_the_law_where_they_meet(typed: SearchDriver) -> None:
    misses = governing_misses(typed, MEETING_CONCEPTS)
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


def test_a_situation_holding_the_rare_words_of_a_query_answers_it(typed: SearchDriver) -> None:
    """measured: 0 of 7; all 7 missed when only the count of words held named a situation"""
    assert not governing_misses(typed, RARE_WORD_SITUATIONS)


# A word that is a concept's one-word term as written is that term: a situation holds it by a
# shared stem or an ending, not by sharing only its start with another word (search.js isTerm):
# heldout18's dev half (the first; 12's "korjattu pistetulos" took "korjausaika" by "korja"),
# and its neighbours, which pass either way
TERMS_NOT_STARTS_OF_OTHER_WORDS = [
    ("fi", "pistetuloksen korjausaika", "law:79"),
    ("fi", "tuloksen korjausaika", "law:79"),
    ("fi", "korjausaika tulokselle", "law:79"),
]


def test_a_word_that_is_a_term_is_not_held_by_the_start_of_another_word(typed: SearchDriver) -> None:
    """measured: 1 of 3 missed before the rule (the first)"""
    assert not governing_misses(typed, TERMS_NOT_STARTS_OF_OTHER_WORDS)


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


def test_a_card_named_by_its_suit_or_rank_is_a_card(typed: SearchDriver) -> None:
    """measured: 2 of 12 (tr 'savunucu karo valesini masaya açtı': 50, 48, 45; sv 'motspelaren
    visade hjärteresset under budgivningen': 49, 48, 51); 3 of 12 without card_names (1 of 12 with
    a card's name a card to the concepts too, which cost a generated case: "pikiem pików")"""
    misses = governing_misses(typed, CARDS_NAMED)
    assert len(misses) <= 2, misses


# Phrases that say the same thing stand for each other, alone and within a term (search.toml
# equivalents): the out-of-turn phrase, written here in the group's other wordings than the
# terms of the concept use; written for this test, none from a held-out set (held-out dev halves
# gained 2 of 384 with the rule, heldout14's "öppningsutspel i fel tur" and "sırası dışında pas")
EQUIVALENT_PHRASES = [
    ("fi", "passi vuoron ulkopuolella", "law:30"),
    ("fi", "kahdennus ennen vuoroaan", "law:32"),
    ("fi", "lähtö vuorottomasti", "law:54"),
    ("fi", "vastakahdennus vuoron ulkopuolella", "law:32"),
    ("fi", "tarjous ennen vuoroaan", "law:31"),
    ("sv", "dubbling före sin tur", "law:32"),
    ("sv", "pass utom tur", "law:30"),
    ("sv", "öppningsutspel ur tur", "law:54"),
    ("sv", "redubbling i fel tur", "law:32"),
    ("sv", "kontraktsbud före sin tur", "law:31"),
    ("tr", "sırası gelmeden pas", "law:30"),
    ("tr", "sıra dışı kontr", "law:32"),
    ("tr", "sırası değilken atak", "law:54"),
    ("tr", "sırası olmadan kontr", "law:32"),
    ("tr", "sırası değilken deklare", "law:31"),
    ("pl", "kontra nie w swojej kolejce", "law:32"),
    ("pl", "pas przed swoją kolejką", "law:30"),
    ("pl", "wist bez kolejki", "law:54"),
    ("pl", "rekontra nie w kolejności", "law:32"),
    ("pl", "odzywka przed swoją kolejką", "law:31"),
]


def test_a_phrase_stands_for_the_phrases_that_say_the_same(typed: SearchDriver) -> None:
    """measured: 0 of 20; 2 of 20 without equivalents (sv 'öppningsutspel ur tur': 31, 30, 9;
    tr 'sırası gelmeden pas': 31, 32, 56)"""
    assert not governing_misses(typed, EQUIVALENT_PHRASES)


def _notes(page: object) -> list[str]:
    """The "typed → concept" notes of the results shown."""
    notes = page.locator(".search-result__synonym").all_inner_texts()  # type: ignore[attr-defined]
    return [note for note in notes if " → " in note]


def test_a_phrase_said_as_another_is_noted_as_typed(typed: SearchDriver) -> None:
    """ "öppningsutspel i fel tur → uppvänt öppningsutspel i otur": the term base reads "i fel
    tur" as "i otur" (one word fewer), and the note still shows what the reader typed, accents
    and all (it showed the folded rewrite, "oppningsutspel i otur", at stop 33)."""
    for lang, query, _law in EQUIVALENT_PHRASES:
        typed.search(lang, query)
        noted = [note.split(" → ")[0] for note in _notes(typed.page(lang))]
        assert query.lower() in noted, (lang, query, noted)


def test_a_bid_or_a_count_said_as_a_concept_is_noted_as_typed(typed: SearchDriver) -> None:
    """A count of cards ("14 kort") or a bid ("1nt") is read as the concept's words; a note names
    the words as typed, never the words they were read as."""
    cases = [*_counts_of_cards_that_are_no_hand()[::5], *_concepts_with_a_typed_bid()[::6]]
    noted = 0
    for lang, query, _law in cases:
        typed.search(lang, query)
        for note in _notes(typed.page(lang)):
            noted += 1
            assert note.split(" → ")[0] in query.lower(), (lang, query, note)
    assert noted >= len(cases) // 2, noted


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


def test_a_word_of_a_term_stands_for_its_kin(typed: SearchDriver) -> None:
    """measured: 0 of 23; 5 of 23 without kin_words (tr 'anons değişikliği': 46; tr 'sırasız
    anons': 15, 29, 53; pl 'wist z błędnej ręki': 75, 54; 'wyjście ze złej ręki': 55 and PZBS
    points; 'błędne pudełko': 2)"""
    assert not governing_misses(typed, KIN_WORDS)


# Pages an over-joining stemmer found for a whole query, none of which holds its words once read
# (Turkish "yalancının", "yalanın" → "ya", which dozens of pages hold): the pages with some of
# the words follow, not "no results" (search.js someWordResults); written for this test
OVER_JOINED = [
    ("tr", "yalancının kısıtlamaları", "law:43"),
    ("tr", "yalanın kısıtlamaları", "law:43"),
]


def test_pages_found_for_the_whole_query_that_hold_none_of_its_words_give_way_to_some_words(
    typed: SearchDriver,
) -> None:
    """measured: both answered "no results" before someWordResults"""
    assert not governing_misses(typed, OVER_JOINED)


# Queries most of whose pages, found by Pagefind's stemmer or by some of the words, hold none of
# the words once read: (language, query, its law, at most the result fragments its first search
# reads); written for this test. "claimin kiistäminen" read all 66 pages found (92 KB) before
# the first page stopped at a round none of whose pages held the words.
ROUNDS_THAT_FIND_NOTHING = [
    ("fi", "claimin kiistäminen", "law:70", 24),
    ("fi", "kiistäminen claimin", "law:70", 24),
    ("tr", "yalancının kısıtlamaları", "law:43", 24),
]


@pytest.mark.parametrize(("lang", "query", "law", "most"), ROUNDS_THAT_FIND_NOTHING)
def test_a_first_page_stops_reading_at_a_round_that_finds_nothing(
    page: object, base_url: str, lang: str, query: str, law: str, most: int
) -> None:
    """A round of pages none of which holds the words ends the first page: its laws are shown,
    "More results" reads on; a phone does not fetch every page the stemmer found."""
    fragments: list[str] = []
    page.on("request", lambda request: fragments.append(request.url) if "/fragment/" in request.url else None)  # type: ignore[attr-defined]
    keys = [result_key(href) for href in run_search(page, base_url, lang, query)]
    assert law in keys[:3], keys
    assert len(fragments) <= most, len(fragments)


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


def test_the_seats_name_no_situation_and_an_ending_after_an_apostrophe_is_no_word(typed: SearchDriver) -> None:
    """measured: 3 of 11 (sv 'Väst passade fast Nord skulle bjuda', tr 'Kuzey pas dedi ama sıra
    Doğu'daydı', pl 'Wschód zalicytował zamiast Północy': no situation says a pass or a bid came
    instead of another seat's); 5 of 11 with the seats carrying and the endings read as words"""
    misses = governing_misses(typed, SEATS_AND_ENDINGS)
    assert len(misses) <= 3, misses


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


def test_words_of_two_terms_of_one_concept_name_it(typed: SearchDriver) -> None:
    cases = _mixed_term_queries()
    assert len(cases) > 20
    misses = governing_misses(typed, cases)
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


@pytest.mark.parametrize(("name", "found"), SPENT_SETS.items())
def test_the_spent_heldout_concept_queries_keep_their_level(typed: SearchDriver, name: str, found: int) -> None:
    """As many of a spent set's queries as measured still have one of their laws among the first
    three results."""
    queries = heldout.load(ROOT / "tests" / "fixtures" / name)
    assert len(queries) == 100 and {q.lang for q in queries} == set(SEARCH_LANGUAGES)
    missed = heldout.missed(typed, queries)
    assert len(queries) - len(missed) >= found, missed


# -- situations: a language's phrases for what happens at the table (content/terms/situations) --


def _situation_queries(seed: str, per_language: int, reorder: bool = False) -> list[tuple[str, str, str]]:
    """(language, a situation's phrase, its law) for a sample of each language's situations: the
    phrase as written, or its words in reverse order (``reorder``); a different phrase of each
    situation per seed."""
    base = pipeline.load_terms(ROOT / "content")
    chosen = random.Random(seed)
    cases = []
    for lang in SEARCH_LANGUAGES:
        mine = [s for s in base.situations if s.terms[0].lang == lang]
        for situation in chosen.sample(mine, min(per_language, len(mine))):
            words = chosen.choice(situation.forms(lang)).split()
            query = " ".join(reversed(words) if reorder else words)
            cases.append((lang, query, f"law:{refs.law_of(situation.laws[0])}"))
    return cases


def test_a_situations_phrase_finds_its_law_in_the_first_three(typed: SearchDriver) -> None:
    """A director's words for what happened ("son löveye bakmak") find the law that governs it,
    in every language, also where the language has no text of the law (its "where to read" page)."""
    cases = _situation_queries("situations", 30)
    assert {case[0] for case in cases} == set(SEARCH_LANGUAGES)
    misses = governing_misses(typed, cases)
    # measured: 0 of 120; a little room for a new phrase whose words a neighbouring law's
    # situation holds too (45E/58B/67, 20/75)
    assert len(misses) <= 2, misses


def test_a_situations_words_in_another_order_still_find_its_law(typed: SearchDriver) -> None:
    cases = _situation_queries("reordered situations", 15, reorder=True)
    misses = governing_misses(typed, cases)
    assert len(misses) <= 1, misses  # measured: 0 of 60


def test_the_situations_fetched_for_earlier_queries_change_no_answer(browser: object, base_url: str) -> None:
    """The situations come in files by their words' first letters, each fetched once: a query's
    results are the same on a fresh page and after other queries fetched other files (their
    situations sit among the concepts in one order, whichever file came first)."""
    cases = _situation_queries("situations fetched before", 6)
    for lang in SEARCH_LANGUAGES:
        queries = [query for case_lang, query, _ in cases if case_lang == lang]
        context = browser.new_context()  # type: ignore[attr-defined]
        try:
            fresh = SearchDriver(context, base_url, fresh=True)
            answers = {query: fresh.search(lang, query) for query in queries}
            typed = SearchDriver(context, base_url)
            for query in reversed(queries):  # on one page, each typed after the ones after it
                assert typed.search(lang, query) == answers[query], (lang, query)
        finally:
            context.close()


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


def assert_misses_within(typed: SearchDriver, cases: list[tuple[str, str, str]], bound: int) -> None:
    """Cases of every search language; at most ``bound`` (measured) without their law among the
    first three results."""
    assert {case[0] for case in cases} == set(SEARCH_LANGUAGES)
    misses = governing_misses(typed, cases)
    assert len(misses) <= bound, misses


def test_a_situation_typed_in_another_term_of_its_concept_still_finds_its_law(typed: SearchDriver) -> None:
    assert_misses_within(typed, _situations_in_other_terms(10), MEASURED_OTHER_TERM_MISSES)


def _concepts_with_a_typed_bid() -> list[tuple[str, str, str]]:
    """(language, a concept's term with its word for a bid typed as a bid, its governing law):
    "otillräckligt kontraktsbud" as "otillräckligt 2♥", "odzywka poza kolejnością" as "3 pik
    poza kolejnością", a level and a strain of the language's (search.toml bids) at random."""
    terms = pipeline.load_terms(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(ROOT / "content" / VOCABULARY_FILE), terms)
    chosen = random.Random("typed bids")
    cases = []
    for lang, case_term, law in _concept_queries_all_forms():
        words = case_term.split()
        # the noun and its inflections ("kontraktsbudet"), not the verbs beside it ("bjuda")
        bid_words = vocabulary[lang].bid_words
        at = [index for index, word in enumerate(words) if word in bid_words and word[:5] == bid_words[0][:5]]
        if len(words) < 2 or not at:
            continue
        strain = chosen.choice(vocabulary[lang].strains).rstrip("*")
        level = chosen.randint(1, 7)
        bid = f"{level}{strain.upper()}" if len(strain) <= 2 else f"{level} {strain}"
        words[at[0]] = bid
        cases.append((lang, " ".join(words), law))
    return cases


def _concept_queries_all_forms() -> list[tuple[str, str, str]]:
    """(language, each whole-word term of a concept in it, the concept's governing law)."""
    base = pipeline.load_terms(ROOT / "content")
    return [
        (lang, form, f"law:{refs.law_of(governing)}")
        for concept in base.concepts
        if (governing := concept.governing())
        for lang in SEARCH_LANGUAGES
        for form in concept.forms(lang)
        if not form.endswith("*")
    ]


MEASURED_TYPED_BID_MISSES = 0  # measured: 0 of 57 (31 before bids were read as bids)


def test_a_bid_typed_as_a_bid_stands_for_the_word_for_a_bid(typed: SearchDriver) -> None:
    """A director types the bid, not the word: "otillräckligt 1NT" is the insufficient bid (27),
    not a suit (Law 1) nor a word no text holds."""
    cases = _concepts_with_a_typed_bid()
    assert len(cases) >= 8, cases
    assert_misses_within(typed, cases, MEASURED_TYPED_BID_MISSES)


# how a director writes a hand's cards after a count, and "I had", written here from the
# languages, not read from search.toml (whose cards patterns they test)
CARDS_AFTER_A_COUNT = {
    "fi": ["korttia", "kortti"],
    "sv": ["kort"],
    "tr": ["kart", "kartı", "kartla"],
    "pl": ["kart", "kartami"],
}
I_HAD = {"fi": "minulla oli", "sv": "jag hade", "tr": "elimde", "pl": "miałem"}
# counts near a hand written as words, as a director types them, and the words for cards after
# them (written here from the languages, not read from search.toml's numbers)
COUNTS_IN_WORDS = {
    "fi": ["kaksitoista korttia", "neljätoista korttia", "yksitoista korttia", "kahdellatoista kortilla"],
    "sv": ["tolv kort", "fjorton kort", "elva kort", "femton kort"],
    "tr": ["on iki kart", "on dört kartı", "on bir kartla", "on beş kart"],
    "pl": ["dwanaście kart", "czternaście kart", "z dwunastoma kartami", "jedenaście kart"],
}


def _counts_of_cards_that_are_no_hand() -> list[tuple[str, str, str]]:
    """(language, a count near a hand but not one before a word for cards, alone and after "I
    had", the [counts] concept's governing law): "14 korttia", "jag hade 12 kort"; the count at
    random."""
    terms = pipeline.load_terms(ROOT / "content")
    vocabulary = with_term_base(load_vocabulary(ROOT / "content" / VOCABULARY_FILE), terms)
    chosen = random.Random("counts of cards")
    cases = []
    for lang in SEARCH_LANGUAGES:
        counts = vocabulary[lang].counts
        assert counts is not None
        concept = next(c for c in terms.concepts if c.id == counts.concept)
        law = f"law:{refs.law_of(concept.governing())}"
        offsets = [offset for offset in range(-counts.near, counts.near + 1) if offset]
        for card in [*CARDS_AFTER_A_COUNT[lang], "cards"]:
            for before in ("", I_HAD[lang] + " "):
                cases.append((lang, f"{before}{counts.hand + chosen.choice(offsets)} {card}", law))
        cases.extend((lang, f"{I_HAD[lang]} {count}", law) for count in COUNTS_IN_WORDS[lang])
    return cases


# measured: 0 of 40 (16 of 24 before a count of cards was read as one; of the 16 in words, 4
# before search.toml's numbers: every Turkish one)
MEASURED_COUNT_MISSES = 0


def test_a_count_of_cards_that_is_no_hand_names_the_wrong_number_of_cards(typed: SearchDriver) -> None:
    """ "jag hade 14 kort och partnern 12": a hand with a wrong number of cards (Law 13), told by
    its count, not by the words of the law's title."""
    cases = _counts_of_cards_that_are_no_hand()
    assert len(cases) >= 8, cases
    assert_misses_within(typed, cases, MEASURED_COUNT_MISSES)


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
    concepts = _concept_queries()
    cases = []
    for lang in SEARCH_LANGUAGES:
        mine = [case for case in concepts if case[0] == lang]
        for _, term, law in chosen.sample(mine, min(per_language, len(mine))):
            cases.append((lang, f"{term} {chosen.choice(LIGHT_VERBS[lang])}", law))
    return cases


def test_a_concept_with_a_light_verb_after_it_still_finds_its_law(typed: SearchDriver) -> None:
    assert_misses_within(typed, _concepts_with_a_light_verb(25), MEASURED_LIGHT_VERB_MISSES)


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_a_printed_word_with_a_light_verb_after_it_still_finds_the_texts_holding_it(
    typed: SearchDriver, corpus: Corpus, lang: str
) -> None:
    """A function word no text holds with the query's other word ("hakem dedi", "kilpailunjohtaja
    sanoi") does not hide the texts holding that word: when few pages hold every word, those
    holding every word that carries the query follow.  Sampled words as the recall test's, each
    with a light verb after it: a law holding the word among the first ten."""
    chosen = random.Random(f"light verb texts {lang}")
    misses = []
    for word, holders in _sample_words(corpus, lang, 6):
        query = f"{word} {chosen.choice(LIGHT_VERBS[lang])}"
        keys = [result_key(href) for href in typed.search(lang, query)]
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
    typed: SearchDriver, lang: str, query: str, law: str
) -> None:
    keys = [result_key(href) for href in typed.search(lang, query)]
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


def test_a_lone_word_no_page_holds_leads_to_the_law_whose_phrases_hold_it(typed: SearchDriver) -> None:
    """A word no text of the language holds, only a concept's phrase or a situation ("upprepning",
    "zrzeczenie"), is no dead end: its law is among the first three results."""
    checked, misses = 0, []
    for lang, word, law in _lone_words(35):
        keys = [result_key(href) for href in typed.search(lang, word)[:3]]
        if typed.page(lang).locator("#search-results > li.search-result--text").count():  # type: ignore[attr-defined]
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
        held = {law for doc in _search_data(site, lang)["docs"] for law in doc.get("laws", [])}  # type: ignore[attr-defined]
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
    typed: SearchDriver, site: Path
) -> None:
    """A word texts of the language print, which no concept names whole but concepts' phrases of
    one law hold, where the language has no text of that law ("korrekt" in the sv texts and in
    25's "korrekta och felaktiga ändringar av bud"): the texts printing it are the answer, and
    that law's "where to read" page is not among them, unless a concept names the word by its
    stem ("utspelet" → "utspel", 41: first, as a concept's law).  Stop 33 to 35 put the page
    second; it found none of 400 held-out concept queries' laws and cost word queries precision."""
    checked, guessed = 0, []
    for lang, word, law in _phrase_words(site, 25):
        keys = [result_key(href) for href in typed.search(lang, word)]
        if not typed.page(lang).locator("#search-results > li.search-result--text").count():  # type: ignore[attr-defined]
            continue  # no text holds it: the lone-word test's case
        checked += 1
        if law in keys[1:]:
            guessed.append((lang, word, law, keys))
    assert checked >= 10, checked
    assert not guessed


def test_a_situation_answering_the_query_says_what_it_is_about(typed: SearchDriver) -> None:
    """A situation's law first as its "where to read" page: the result names the law's title, or
    where the language has none the situation's phrase; and the status line does not say that
    no page has all the words (the first result answers them all)."""
    checked = 0
    for lang, query, law in _situation_queries("situations answering", 12):
        typed.search(lang, query)
        page = typed.page(lang)
        first = page.locator("#search-results > li").first  # type: ignore[attr-defined]
        if (
            result_key(first.locator("a").get_attribute("href")) != law
            or not first.locator(".search-result__missing").count()
        ):
            continue
        checked += 1
        said = first.locator(".search-result__title, .search-result__synonym").all_inner_texts()
        assert any(text.strip() for text in said), (lang, query)
        assert t(lang, "search_some_words") not in page.inner_text("#search-status"), (lang, query)  # type: ignore[attr-defined]
    assert checked >= 5


PAGE_SIZE = 10  # search.js's: the first page is ten results, texts at least half of them


def test_the_first_page_is_ten_results_counting_the_concepts_and_half_of_them_texts(
    typed: SearchDriver,
) -> None:
    """Where more results wait behind "more results", the first page holds at least ten, the
    concepts' laws counted among them, and at least five of the language's texts with the word:
    a concept naming many laws does not push the texts off the first page, and the texts do not
    make the first page longer than a reader weighs (each a fragment to download).  Only Finnish
    has texts enough for a second page of most words (sv and tr hold eight laws each)."""
    bench = (bench_search.QUERIES, bench_search.NEXT_QUERIES)
    cases = [(lang, queries[lang]) for lang in SEARCH_LANGUAGES for queries in bench]
    finnish = [(lang, term) for lang, term, _ in _concept_queries() if lang == "fi"]
    cases += random.Random("first page").sample(finnish, 16)
    checked = 0
    for lang, query in cases:
        typed.search(lang, query)
        page = typed.page(lang)
        if not page.locator(".search-more").count():  # type: ignore[attr-defined]
            continue
        checked += 1
        concepts = page.locator("#search-results > li.search-result--synonym").count()  # type: ignore[attr-defined]
        texts = page.locator("#search-results > li.search-result--text").count()  # type: ignore[attr-defined]
        assert concepts + texts >= PAGE_SIZE and texts >= PAGE_SIZE // 2, (lang, query, concepts, texts)
        # the round that reaches the target may bring a few more (measured: 10 or 11 texts beside
        # one concept's law), never a second page's worth
        assert texts <= PAGE_SIZE + 3, (lang, query, concepts, texts)
    assert checked >= 4, f"only {checked} queries had more results than their first page"


def _fetched(page: object, base_url: str, lang: str, query: str) -> list[str]:
    """The paths a fresh page fetched for its search of ``query``."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlsplit(request.url).path))  # type: ignore[attr-defined]
    run_search(page, base_url, lang, query)
    return fetched


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_the_situations_are_fetched_only_for_what_no_concept_names(browser: object, base_url: str, lang: str) -> None:
    """A situation is two words or more, and answers what no concept names whole: a first search
    of one word, or of a concept's two-word term ("yetkisiz bilgi"), fetches none of their files
    (the search page's budget); two words no concept names both of fetch the files' keys and
    their words' files, each once, and no file that does not exist."""
    files = "/" + urls.search_situations(lang, "").removesuffix(".json")  # ".../situations-"
    base = pipeline.load_terms(ROOT / "content")
    term = next(
        form
        for concept in base.concepts
        if not concept.is_law_title
        for form in concept.forms(lang)
        if len(form.split()) == 2 and "*" not in form and all(len(word) >= 4 for word in form.split())
    )
    word = bench_search.QUERIES[lang]
    keys = set(search.situation_files(with_term_base(load_vocabulary(ROOT / "content" / VOCABULARY_FILE), base)[lang]))

    def situation_files(query: str) -> list[str]:
        fetched = _fetched(context.new_page(), base_url, lang, query)
        return [path.removeprefix(files).removesuffix(".json") for path in fetched if path.startswith(files)]

    context = browser.new_context()  # type: ignore[attr-defined]
    try:
        assert not situation_files(word)
        assert not situation_files(term), term
        for query in (f"{word} qxzvjk", f"{term} qxzvjk"):
            fetched = situation_files(query)
            assert fetched.count("index") == 1, (query, fetched)  # the files' keys, not on the page
            fetched.remove("index")
            assert len(fetched) == len(set(fetched)) and set(fetched) <= keys, (query, fetched)
            own = {search.situation_key(langmodel.fold(w)) for w in query.split()} & keys
            assert own and own <= set(fetched), (query, own, fetched)
    finally:
        context.close()


def _moved_concepts(site: Path) -> list[tuple[str, str, str, str]]:
    """(language, a concept's whole word, the law that governs it now, its law in an older
    edition) for every concept an older edition has under another law, in a language whose
    texts hold that older law and not the newest edition's (2017 72C, 1997 and 2007 Law 23)."""
    base = pipeline.load_terms(ROOT / "content")
    cases = []
    for lang in SEARCH_LANGUAGES:
        held: dict[str, set[str]] = {}
        for doc in _search_data(site, lang)["docs"]:  # type: ignore[attr-defined]
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


def test_a_concept_that_moved_leads_to_the_law_now_and_the_older_text(typed: SearchDriver, site: Path) -> None:
    """The reader's texts hold the concept under an older number only: the law that governs it now
    (its "where to read" page) and the older text are both among the first three."""
    cases = _moved_concepts(site)
    assert any(case[2:] == ("law:72", "law:23") for case in cases), cases
    wrong = []
    for lang, word, now, older in cases:
        keys = [result_key(href) for href in typed.search(lang, word)[:3]]
        if now not in keys or older not in keys:
            wrong.append((lang, word, now, older, keys))
    assert not wrong


def _words_of_one_law(corpus: Corpus, lang: str) -> dict[str, str]:
    """Words of 7+ letters printed in one law of the language's texts only: word → law key,
    their first five letters starting no word of any other law (so no stem joins them)."""
    starts: dict[str, set[str]] = {}
    holders: dict[str, set[str]] = {}
    for entry in corpus.in_language(lang):
        pages = [(f"law:{law.number}", law) for law in entry.document.laws]
        pages += [(f"point:{point.number}", point) for point in entry.document.points]
        for key, numbered in pages:
            texts = [numbered.title, *(paragraph.text for paragraph in numbered.paragraphs)]
            for provision in numbered.provisions():
                texts += [provision.title, *(paragraph.text for paragraph in provision.paragraphs)]
            if key == "law:1":  # the definitions page is a page too: its words start no law's
                for definition in entry.document.definitions:
                    texts += [definition.term, *(paragraph.text for paragraph in definition.paragraphs)]
            for word in langmodel.WORD.findall(" ".join(texts)):
                folded = langmodel.fold(word)
                starts.setdefault(folded[:5], set()).add(key)
                if len(folded) >= 7 and folded.isalpha():
                    holders.setdefault(folded, set()).add(key)
    return {word: next(iter(keys)) for word, keys in holders.items() if len(keys) == 1 and starts[word[:5]] == keys}


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_words_no_page_holds_together_list_the_pages_with_each(typed: SearchDriver, corpus: Corpus, lang: str) -> None:
    """Two words of two different laws: no page holds both, so the pages with either are
    listed (rather than nothing), and the status line says they hold only some of the words."""
    words = _words_of_one_law(corpus, lang)
    rng = random.Random(f"some-words-{lang}")
    tried = 0
    for first, second in zip(rng.sample(sorted(words), 12), rng.sample(sorted(words), 12), strict=True):
        if words[first] == words[second]:
            continue
        tried += 1
        query = f"{first} {second}"
        keys = [result_key(href) for href in typed.search(lang, query)]
        assert {words[first], words[second]} <= set(keys), (query, keys)
        status = typed.page(lang).inner_text("#search-status")  # type: ignore[attr-defined]
        assert t(lang, "search_some_words") in status, (query, status)
        if tried == 3:
            break
    assert tried == 3


@pytest.mark.parametrize(
    ("lang", "query"),
    [("sv", "utspel i otur"), ("fi", "kortti ja pöytä"), ("tr", "kart ve oyun"), ("pl", "karta w grze")],
)
def test_a_short_word_beside_longer_ones_neither_finds_nor_marks(typed: SearchDriver, lang: str, query: str) -> None:
    """The "i", "ja", "ve", "w" of a query with longer words: no result is there for them, and
    no snippet marks them (Pagefind matches them on every page)."""
    assert typed.search(lang, query)
    marks = typed.page(lang).eval_on_selector_all(  # type: ignore[attr-defined]
        ".search-result__snippet mark", "nodes => nodes.map(node => node.textContent)"
    )
    assert marks and all(len(mark.strip(".,;:()")) >= 3 for mark in marks), marks


def test_no_where_to_read_page_under_an_edition_filter(typed: SearchDriver) -> None:
    hrefs = typed.search("fi", "rangaistuskortti", "2007")
    assert all(href.startswith("/fi/2007/") for href in hrefs), hrefs


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_results_come_only_from_the_readers_language(typed: SearchDriver, lang: str) -> None:
    seen = 0
    common = {"fi": "kortti", "sv": "kort", "tr": "kart", "pl": "sędzia"}[lang]  # a word of every text
    for query in ["13", common, "law 16", "claim", "12C1(b)"]:
        hrefs = typed.search(lang, query)
        seen += len(hrefs)
        assert all(href.startswith(f"/{lang}/") for href in hrefs), (query, hrefs)
    assert seen >= 10  # the queries found things, so the check above checked something


@pytest.mark.parametrize(
    ("query", "edition", "stems"),
    [
        ("pöytä", "2007", ("pöyt", "pöyd")),  # consonant gradation: pöydässä, pöydän
        ("käsi", "2007", ("käsi", "käde", "kät")),  # kädessä, kättä
        ("lähtö", "2007", ("lähtö", "lähdö")),
        ("sopimus", "1997", ("sopimu",)),  # sopimuksen
    ],
)
def test_a_finnish_base_form_finds_its_inflected_stems(
    typed: SearchDriver, corpus: Corpus, query: str, edition: str, stems: tuple[str, ...]
) -> None:
    """Every law of the edition holding a form of the word is found (none is lost to the
    stemmer's blind spot for consonant gradation)."""
    entry = next(e for e in corpus.in_language("fi") if e.meta.edition == edition and e.meta.kind == "laws")
    holders = {
        f"law:{key.split(':')[1]}"
        for key, text in _group_texts(entry).items()
        if key.startswith("law:") and re.search(r"\b(" + "|".join(stems) + ")", text.lower())
    }
    found = {result_key(href) for href in typed.search("fi", query, edition, every=True)}
    assert holders, query
    assert holders <= found, sorted(holders - found)


@pytest.mark.parametrize(
    ("query", "family"),
    [
        ("renk", r"\b(renk|reng)"),  # renk, renge, rengi, rengin
        ("rengi", r"\b(renk|reng)"),
        ("ortak", r"\b(ortak|ortağ)"),  # ortağı, ortağına, ortağının
        ("ortağı", r"\b(ortak|ortağ)"),
        ("usulsüzlüğü", r"\busulsüzlü[kğ]"),  # Law 43's usulsüzlüğe: its base indexed beside it
        ("usulsüzlük", r"\busulsüzlü[kğ]"),
    ],
)
def test_turkish_consonant_mutation_finds_the_whole_word_family(
    typed: SearchDriver, corpus: Corpus, query: str, family: str
) -> None:
    """Every Turkish law holding a form of the word, whichever form is typed (ortak finds
    ortağı and ortağı finds ortak): search.toml's Turkish variants, beside the stemmer, and the
    base forms indexed beside mutated words (``[tr.compounds] bases``: usulsüzlüğe → usulsüzlük)."""
    holders = set()
    for entry in corpus.in_language("tr"):
        for key, text in _group_texts(entry).items():
            if re.search(family, text.replace("I", "ı").replace("İ", "i").lower()):
                holders.add(key)
    found = {result_key(href) for href in typed.search("tr", query, every=True)}
    assert len(holders) >= 2, holders
    assert holders <= found, sorted(holders - found)


# a word that is only the tail of compounds in the texts, and what every compound of it holds
COMPOUND_PARTS = [
    ("fi", "johtaja", "johtaj"),  # kilpailunjohtajalle, pelinjohtaja, pääkilpailunjohtaja
    ("fi", "kortti", "kort"),  # lähtökortista, rangaistuskortti, aloituskortiksi
    ("fi", "tulos", "tulo"),  # pistetuloksen, keskitulos
    ("fi", "rangaistus", "rangaistu"),  # lähtökorttirangaistukset
    ("sv", "ledare", "ledar"),  # tävlingsledaren, tävlingsledarens
    ("sv", "bestämmelse", "bestämmelse"),  # tävlingsbestämmelserna
    ("sv", "perioden", "perioden"),  # budgivningsperioden, korrigeringsperioden, spelperioden
]


@pytest.mark.parametrize(("lang", "query", "stem"), COMPOUND_PARTS, ids=[f"{c[0]}:{c[1]}" for c in COMPOUND_PARTS])
def test_a_part_finds_every_law_with_a_compound_of_it(
    typed: SearchDriver, corpus: Corpus, lang: str, query: str, stem: str
) -> None:
    """Issue 17: the compounds' parts are indexed beside them (content/search.toml [<lang>.compounds]),
    so a part finds the laws whose texts hold it only inside a compound."""
    holders = {
        key
        for entry in corpus.in_language(lang)
        for key, text in _group_texts(entry).items()
        if fold(stem, lang) in fold(text, lang)
    }
    found = {result_key(href) for href in typed.search(lang, query, every=True)}
    assert len(holders) >= 2, holders
    assert holders <= found, sorted(holders - found)


GLUED_TAIL = re.compile(r"(?<=[\w)])-([^\W\d_]{5,})")  # "C-momentti", "3-kohdissa", "icke-felande"


def _words_only_after_a_glued_hyphen(corpus: Corpus, lang: str) -> dict[str, set[str]]:
    """Words the language's texts print only glued after a hyphen, never alone, with the result
    groups printing them: fi "momentti" of "C-momentti", "D-momentti"."""
    texts = {key: text.lower() for key, text in _language_groups(corpus, lang).items()}
    tails: dict[str, set[str]] = {}
    for key, text in texts.items():
        for tail in GLUED_TAIL.findall(text):
            tails.setdefault(tail, set()).add(key)
    alone = re.compile(r"(?<![-\w])(" + "|".join(map(re.escape, tails)) + r")(?!\w)") if tails else None
    printed_alone = {match for text in texts.values() for match in (alone.findall(text) if alone else [])}
    return {tail: keys for tail, keys in tails.items() if tail not in printed_alone}


@pytest.mark.parametrize("lang", ["fi", "sv"])  # the texts with such words
def test_a_word_printed_only_after_a_glued_hyphen_is_found(typed: SearchDriver, corpus: Corpus, lang: str) -> None:
    """Pagefind indexes "D-momentti" whole and by its parts unstemmed, so "momentti" found nothing;
    compounds.with_parts indexes such a word beside itself."""
    words = _words_only_after_a_glued_hyphen(corpus, lang)
    assert words, lang
    misses = []
    for word, holders in sorted(words.items()):
        found = {result_key(href) for href in typed.search(lang, word, every=True)}
        if not holders <= found:
            misses.append((word, sorted(holders - found)))
    assert not misses


def test_no_snippet_shows_a_hidden_part_and_a_part_marks_its_compound(typed: SearchDriver) -> None:
    for lang, query, compound in [("fi", "johtaja", "kilpailunjohtaj"), ("sv", "ledare", "tävlingsledar")]:
        typed.search(lang, query, every=True)
        page = typed.page(lang)
        snippets = page.eval_on_selector_all(  # type: ignore[attr-defined]
            ".search-result__snippet", "nodes => nodes.map(node => node.textContent)"
        )
        marks = page.eval_on_selector_all(  # type: ignore[attr-defined]
            ".search-result__snippet mark", "nodes => nodes.map(node => node.textContent.toLowerCase())"
        )
        assert snippets and not [text for text in snippets if compounds.MARK in text or "data-parts" in text]
        assert marks and all(compound in mark for mark in marks[:5]), marks[:5]
        # where a part stood before punctuation, the snippet prints the word and it together
        # ("kilpailunjohtajalle." — never "kilpailunjohtajalle ."), as the texts do
        spaced = [text for text in snippets if re.search(r"\w \.(\s|$)", text)]
        assert not spaced, spaced[:3]


def test_the_hidden_parts_are_neither_shown_nor_read(page: object, base_url: str) -> None:
    """The parts are an empty element's attribute: the page's text and its accessibility tree
    are what they were (no part in either), and the element is hidden."""
    for path in ["fi/2007/12/", "sv/2007/12/"]:
        page.goto(base_url + path)  # type: ignore[attr-defined]
        holders = page.locator("[data-parts]")  # type: ignore[attr-defined]
        assert holders.count() > 3
        assert page.evaluate(  # type: ignore[attr-defined]
            "() => [...document.querySelectorAll('[data-parts]')].every(e => e.hidden && e.textContent === '')"
        )
        assert compounds.MARK not in page.inner_text("body")  # type: ignore[attr-defined]
        snapshot = page.locator("article").aria_snapshot()  # type: ignore[attr-defined]
        assert compounds.MARK not in snapshot and "johtaja\n" not in snapshot


def test_the_edition_filter_keeps_to_one_edition(typed: SearchDriver) -> None:
    for edition in ["1997", "2007"]:
        hrefs = typed.search("fi", "kilpailunjohtaja", edition)
        assert hrefs
        assert all(href.startswith(f"/fi/{edition}/") for href in hrefs), hrefs


# -- sampled words: recall and precision against the texts themselves ------------------------------

# the sample and its folding are bench.words's, the measure the issue's word-query bounds are
# read with (another seed there, the same kind of words)
WORD = bench_words.WORD
fold = bench_words.fold
_group_texts = bench_words.group_texts
_language_groups = bench_words.language_groups


def _sample_words(corpus: Corpus, lang: str, count: int) -> list[tuple[str, set[str]]]:
    return bench_words.sample_words(corpus, lang, count)


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_sampled_words_find_the_laws_that_contain_them(typed: SearchDriver, corpus: Corpus, lang: str) -> None:
    """Recall ≥ 90 % in the first ten and a form of the word in each of the first five, for the
    word as printed, without accents and in capitals."""
    misses, found_total, wanted_total, irrelevant = [], 0, 0, []
    group_text = {key: fold(text, lang) for key, text in _language_groups(corpus, lang).items()}
    for word, holders in _sample_words(corpus, lang, 10):
        stem = fold(word, lang)[:4]  # inflections share the start: których, które
        upper = word.replace("i", "İ").replace("ı", "I").upper() if lang == "tr" else word.upper()
        for query in {word, fold(word, lang), upper}:
            keys = [result_key(href) for href in typed.search(lang, query)]
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


# the Pagefind pages a first page reads (search.js's placement module), from the script itself
SEARCH_JS = (ROOT / "overrides/assets/javascripts/search/engine/placement.js").read_text("utf-8")
FIRST_ROUND = int(re.search(r"const FRAGMENTS_PER_ROUND = (\d+);", SEARCH_JS)[1])  # type: ignore[index]


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
def test_a_word_of_a_common_stem_finds_the_laws_that_print_it(typed: SearchDriver, corpus: Corpus, lang: str) -> None:
    """The laws printing the word as typed are among the first ten, though Pagefind ranks other
    forms of its stem as high (pagefind/forms: printedFirst reads the pages printing it first)."""
    sample = _sample_common_stem_words(corpus, lang, 15)
    assert len(sample) >= 10, lang
    found_total = wanted_total = 0
    misses = []
    for word, holders in sample:
        keys = [result_key(href) for href in typed.search(lang, word)]
        found_total += len(holders & set(keys[:10]))
        wanted_total += len(holders)
        if not holders <= set(keys[:10]):
            misses.append((word, sorted(holders - set(keys[:10]))))
    assert found_total / wanted_total >= 0.95, misses


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
    typed: SearchDriver, lang: str, word: str, laws: set[str]
) -> None:
    keys = [result_key(href) for href in typed.search(lang, word)]
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
    typed: SearchDriver, corpus: Corpus, lang: str, word: str, law: str
) -> None:
    texts = {key: fold(text, lang) for key, text in _language_groups(corpus, lang).items()}
    keys = [result_key(href) for href in typed.search(lang, word)]
    assert keys[0] == law, keys
    stem = fold(word, lang)[:4]  # inflections share the start: wyjaśnienia, wyjaśnień
    printing = [stem in texts[key] for key in keys if key in texts]
    assert printing and all(printing), keys


# -- on a phone ------------------------------------------------------------------------------------

PHONE_QUERIES = [
    ("fi", "revokin", "/fi/1997/"),
    ("sv", "påtala", "/sv/2007/9/#9A"),  # a word of the text (a concept's word leads to its law's page)
    ("tr", "kisitlama", "/tr/2017/43/"),
    ("pl", "punkt 13", "/pl/2017/pzbs/13/#p13"),
]


@pytest.mark.parametrize(("lang", "query", "target"), PHONE_QUERIES, ids=[c[0] for c in PHONE_QUERIES])
def test_on_a_phone_a_result_opens_at_its_provision(
    phone: object, base_url: str, lang: str, query: str, target: str
) -> None:
    hrefs = run_search(phone, base_url, lang, query)
    assert hrefs and target in hrefs[0]
    phone.tap("#search-results a")  # type: ignore[attr-defined]
    phone.wait_for_url(re.compile(re.escape(hrefs[0].split("#")[0])))  # type: ignore[attr-defined]
    anchor = urlsplit(hrefs[0]).fragment
    assert anchor
    box = phone.locator(f"[id='{anchor}']").bounding_box()  # type: ignore[attr-defined]
    assert box is not None and 0 <= box["y"] < 844, box
    assert not phone.foreign_requests  # type: ignore[attr-defined]


def test_the_header_search_opens_the_search_page_with_results(phone: object, base_url: str) -> None:
    phone.goto(f"{base_url}sv/2007/13/")  # type: ignore[attr-defined]
    phone.tap(".site-search__button")  # type: ignore[attr-defined]
    phone.wait_for_url("**/sv/search/")  # type: ignore[attr-defined]
    phone.fill("#search-input", "påtala")  # type: ignore[attr-defined]
    phone.wait_for_function(  # type: ignore[attr-defined]
        "() => document.getElementById('search-results').dataset.query === 'påtala'"
    )
    first = phone.eval_on_selector("#search-results a", "a => a.getAttribute('href')")  # type: ignore[attr-defined]
    assert "/sv/2007/9/#9A" in first  # section 9A, at the provision that holds the word
    assert "q=p%C3%A5tala" in phone.url or "q=påtala" in phone.url  # type: ignore[attr-defined]


# -- the search pages' stylesheet ------------------------------------------------------------------

# Every element's computed style (and its ::before and ::after), for each property Material's
# stylesheet sets: the search page under its cut stylesheet and under the whole one.
COMPUTED_STYLES = """(properties) => [...document.querySelectorAll('*')].flatMap((node, i) =>
  [null, '::before', '::after'].map((pseudo) => {
    const style = getComputedStyle(node, pseudo);
    return [i + ' ' + node.tagName + '#' + node.id + '.' + node.getAttribute('class') + (pseudo || ''),
            properties.map((name) => name + ':' + style.getPropertyValue(name)).join(';')];
  }))"""
DESKTOP = {"width": 1280, "height": 800}
STYLE_STATES = {
    "as loaded": "() => {}",
    "field focused": "() => document.getElementById('search-input').focus()",
    "result focused": "() => document.querySelector('#search-results a, #search-by-language a').focus()",
    "drawer open": "() => { document.getElementById('__drawer').checked = true; }",
}


def _fulfil_with(path: Path, route: object) -> None:
    route.fulfill(path=path)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("address", "viewport"),
    [("fi/search/?q=revokki", PHONE), ("fi/search/?q=revokki", DESKTOP), ("search/?q=revokki", PHONE)],
)
def test_the_search_page_looks_the_same_with_its_cut_stylesheet(
    browser: object, base_url: str, site: Path, address: str, viewport: dict[str, int]
) -> None:
    """bridgelaws.search.search_css keeps the rules that can match a search page: every
    element the page shows, in each of these states, computes the same style as with the whole
    stylesheets (Material's and its palette's)."""
    wholes = [next((site / search_css.STYLESHEETS).glob(pattern)) for pattern in search_css.CUT]
    declared = " ".join(whole.read_text(encoding="utf-8") for whole in wholes)
    cuts = [whole.parent / (search_css.PREFIX + whole.name) for whole in wholes]
    cut_declared = " ".join(cut.read_text(encoding="utf-8") for cut in cuts)
    # every property either sheet sets, but of the custom ones only those the cut sheet keeps:
    # the others are read by nothing (search_css.drop_unread_properties), so style nothing
    properties = sorted(
        set(re.findall(r"[{;](-?[a-zA-Z][\w-]*):", declared)) | set(re.findall(r"[{;](--[\w-]+):", cut_declared))
    )
    seen: dict[str, dict[str, list[list[str]]]] = {}
    for stylesheet in ("cut", "whole"):
        # no service worker: its "kept for offline" line comes when the caching is done, in one
        # run and not the other on a loaded machine (an element more, not a style less)
        context = browser.new_context(viewport=viewport, service_workers="block")  # type: ignore[attr-defined]
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")  # no transition caught halfway
        for whole in wholes if stylesheet == "whole" else []:
            # Playwright passes (route, request) to a handler taking two: the path is bound by partial
            page.route(f"**/{search_css.PREFIX}{whole.name}", functools.partial(_fulfil_with, whole))
        page.goto(base_url + address)
        page.wait_for_function("() => document.querySelector('[data-query=\"revokki\"]')", timeout=30000)
        page.wait_for_load_state("networkidle")
        seen[stylesheet] = {}
        for state, action in STYLE_STATES.items():
            page.evaluate(action)
            seen[stylesheet][state] = page.evaluate(COMPUTED_STYLES, properties)
        context.close()
    for state in STYLE_STATES:
        cut, full = seen["cut"][state], seen["whole"][state]
        assert [name for name, _style in cut] == [name for name, _style in full], state
        differing = [name for (name, style), (_name, other) in zip(cut, full, strict=True) if style != other]
        assert not differing, f"{state}: {differing[:5]}"


# -- the first query's weight ------------------------------------------------------------------


# Issue 17's budget: 150 KB in every language.
FIRST_SEARCH_KB = {"fi": 150, "sv": 150, "tr": 150, "pl": 150}


# and a broad word in each language: a page of ten laws, read from many Pagefind pages; a word
# naming a concept, whose law's snippet comes from snippets.json, not from the law's page
BROAD_QUERIES = [("fi", "kortti"), ("fi", "tarjous"), ("sv", "kort"), ("tr", "kart"), ("pl", "karta")]


# and a concept's two-word term: the situations' file is not fetched for it (fi's two words load
# two chunks of its larger index: 'väärä lähtö' was 154 KiB before the search page's cuts, 147 after)
TERM_QUERIES = [("fi", "väärä lähtö"), ("sv", "otillräckligt bud"), ("tr", "yetkisiz bilgi"), ("pl", "karta karna")]


@pytest.mark.parametrize(("lang", "query"), [*bench_search.QUERIES.items(), *BROAD_QUERIES, *TERM_QUERIES])
def test_a_first_query_downloads_no_more_than_its_budget(browser: object, base_url: str, lang: str, query: str) -> None:
    """Everything a cold browser fetches for its first search (page, CSS, JS, Pagefind's script,
    WebAssembly, index chunk, fragments), as transferred from the gzip server."""
    _elapsed, transferred, pagefind = bench_search.first_search(browser, base_url, lang, query, None)
    assert pagefind > 0
    assert transferred <= FIRST_SEARCH_KB[lang] * 1024, f"{lang}: {transferred / 1024:.0f} KB"


# (language, query, the English files it reads): the language's own words read none, an English
# word its letter's ("revoke": r), a word of each (its English one's), two English words both
ENGLISH_FILES = [
    ("fi", "revokki", set()),
    ("fi", "väärä lähtö", set()),
    ("sv", "straffkort", set()),
    ("fi", "revoke", {"r"}),
    ("sv", "penalty card", {"p", "c"}),
    ("tr", "yetkisiz bilgi", set()),
    ("pl", "lead out of turn", {"l", "o", "t"}),
    ("pl", "karta karna", set()),
]


@pytest.mark.parametrize(("lang", "query", "letters"), ENGLISH_FILES)
def test_the_english_words_are_fetched_only_for_a_word_the_language_leaves_unnamed(
    page: object, base_url: str, lang: str, query: str, letters: set[str]
) -> None:
    """The concepts' English words are off the search page (a third of its data): a query the
    language's own words name fetches none of their files, an English one its words' letters'."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))  # type: ignore[attr-defined]
    hrefs = run_search(page, base_url, lang, query)
    read = {url.rsplit("english-", 1)[1].removesuffix(".json") for url in fetched if "/search/english-" in url}
    assert read == letters, fetched
    assert hrefs  # and the query still finds its law (test_a_word_finds_its_law_in_the_first_results)


# the page's layout shifts not caused by input, summed (what Lighthouse's CLS sums), of what is
# under the header: its own controls moved in about one run of forty (Material's language menu,
# 236 px left, as if the header's search form, shown from 60em up, came late), which no result
# and nothing search.js does moves
LAYOUT_SHIFTS = """
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources || [];
        // what moved, for the failure's message
        const moved = sources.map(({ node, previousRect: a, currentRect: b }) =>
          `${node ? node.nodeName + "." + (node.className || "") : "?"} ` +
          `${a.x},${a.y}→${b.x},${b.y} (${a.width}×${a.height}→${b.width}×${b.height})`);
        window.__shifts.push([entry.value, moved]);
        if (!sources.length || sources.some(({ node }) => !node || !node.closest || !node.closest("header")))
          window.__shifted = (window.__shifted || 0) + entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize(("lang", "query"), [*bench_search.QUERIES.items(), *TERM_QUERIES])
def test_a_concept_answering_the_query_is_shown_before_the_texts_and_nothing_moves(
    page: object, base_url: str, lang: str, query: str
) -> None:
    """Pagefind's pages are held back: the concept's governing law is there already, whole (its
    snippet in it), and once the texts come, it is still first and nothing on the page moved."""
    held: list[object] = []
    released: list[bool] = []

    def hold(route: object) -> None:
        if released:
            route.continue_()  # type: ignore[attr-defined]
        else:
            held.append(route)

    page.add_init_script(LAYOUT_SHIFTS)  # type: ignore[attr-defined]
    page.route("**/pagefind/fragment/**", hold)  # type: ignore[attr-defined]
    page.goto(f"{base_url}{lang}/search/?q={quote(query)}")  # type: ignore[attr-defined]
    page.wait_for_selector("#search-results li")  # type: ignore[attr-defined]
    assert page.get_attribute("#search-results", "aria-busy") == "true"  # type: ignore[attr-defined]
    early = shown_snippets(page)
    assert early and all(snippet.strip() for href, snippet in early if "/laws/" not in href), early
    released.append(True)
    for route in held:
        route.continue_()  # type: ignore[attr-defined]
    page.wait_for_function("q => document.getElementById('search-results').dataset.query === q", arg=query)  # type: ignore[attr-defined]
    assert shown_snippets(page)[: len(early)] == early
    assert page.evaluate("window.__shifted || 0") == 0, page.evaluate("window.__shifts")  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_a_first_search_reads_pagefinds_first_files_from_the_preloads(page: object, base_url: str, lang: str) -> None:
    """The entry file and the language's meta file are fetched once, by the <link rel=preload>
    in the page's head: Pagefind asks for the same URLs (the entry at the build's tag) and does
    not fetch them again after its script has loaded, a round trip each on a phone."""
    run_search(page, base_url, lang, bench_search.QUERIES[lang])
    fetched = page.evaluate(  # type: ignore[attr-defined]
        "() => performance.getEntriesByType('resource')"
        ".filter((e) => /pagefind-entry\\.json|\\.pf_meta$/.test(new URL(e.name).pathname))"
        ".map((e) => [new URL(e.name).pathname.split('/').pop(), e.initiatorType])"
    )
    names = [name for name, _initiator in fetched]
    assert sorted(names) == sorted(["pagefind-entry.json", *(n for n in names if n.endswith(".pf_meta"))]), fetched
    assert len(names) == 2 and names.count("pagefind-entry.json") == 1, fetched
    assert all(initiator == "link" for _name, initiator in fetched), fetched


def plural_form(lang: str, count: int) -> str:
    """CLDR's plural categories for the counts a result line shows (what Intl.PluralRules gives)."""
    if count == 1:
        return "one"
    if lang == "pl" and count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
        return "few"
    return "other"


@pytest.mark.parametrize(
    ("lang", "query"), [("sv", "träkarlen"), ("sv", "tävlingsledaren"), ("fi", "revokki"), ("pl", "sędzia")]
)
def test_the_result_count_is_said_in_the_right_plural(typed: SearchDriver, lang: str, query: str) -> None:
    shown = len(typed.search(lang, query))
    page = typed.page(lang)
    status = page.locator("#search-status").inner_text()  # type: ignore[attr-defined]
    more = page.locator(".search-more").count() > 0  # type: ignore[attr-defined]
    form = "other" if more else plural_form(lang, shown)
    key = "search_results_for" if form == "other" else f"search_results_for_{form}"
    count = f"{shown}+" if more else str(shown)
    assert status.endswith(t(lang, key, count=count, q=query)), status


# -- a concept in each edition's numbering; snippets without the page; reading no more than needed --


def _search_data(site: Path, lang: str) -> dict[str, object]:
    html = (site / lang / "search" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="search-data">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def _renumbered_concepts(site: Path) -> list[tuple[str, str, str, str]]:
    """(language, a whole word of a concept, edition, its governing provision in that edition) for
    every concept whose governing law an edition numbers otherwise and a text of the language
    in that edition holds."""
    cases = []
    for lang in SEARCH_LANGUAGES:
        data = _search_data(site, lang)
        editions = {doc["edition"]: doc for doc in data["docs"] if doc["kind"] == "laws"}  # type: ignore[union-attr,index]
        for synonym in data["synonyms"]:  # type: ignore[attr-defined]
            for edition, laws in synonym.get("refsIn", {}).items():
                doc = editions.get(edition)
                own = laws[0] if laws else None
                words = [w for w in synonym["words"] if not w.endswith("*")]
                if doc and own and own != synonym["refs"][0] and str(refs.law_of(own)) in doc["laws"] and words:
                    cases.append((lang, words[0], edition, own))
    return cases


def test_a_concept_leads_to_its_provision_as_each_edition_numbers_it(typed: SearchDriver, site: Path) -> None:
    """2017 16C (withdrawn calls) is 2007 16D and 1997 16C: through the concordance, not by number."""
    cases = _renumbered_concepts(site)
    assert any(case[2:] == ("2007", "16D") for case in cases)
    wrong = []
    for lang, word, edition, own in cases:
        hrefs = [h for h in typed.search(lang, word, edition) if f"/{edition}/" in h]
        first = urlsplit(hrefs[0]).fragment if hrefs else ""
        # at the provision, an ancestor, or inside it (where its words were found: #44E in 44)
        if not first or not (own in refs.ancestors(first) or first in refs.ancestors(own)):
            wrong.append((lang, word, edition, own, hrefs[:2]))
    assert not wrong


def shown_snippets(page: object) -> list[tuple[str, str]]:
    """(href, snippet text) of each result on the page, in order."""
    found: list[tuple[str, str]] = page.eval_on_selector_all(  # type: ignore[attr-defined]
        "#search-results li",
        "items => items.map(li => [li.querySelector('a').getAttribute('href'),"
        " li.querySelector('.search-result__snippet').textContent])",
    )
    return found


@pytest.mark.parametrize(("lang", "query"), [("fi", "12C1(b)"), ("sv", "lag 16"), ("tr", "Yasa 45"), ("pl", "3.1")])
def test_a_result_with_nothing_to_quote_shows_its_provision_without_fetching_the_page(
    page: object, base_url: str, lang: str, query: str
) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlsplit(request.url).path))  # type: ignore[attr-defined]
    run_search(page, base_url, lang, query)
    page.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
    shown = shown_snippets(page)
    fetched_for_results = list(fetched)
    checked = 0
    for href, snippet in shown:
        if "/laws/" in href:  # a "where to read" page: no text to show
            continue
        path, _, anchor = href.partition("#")
        snippets = json.loads(page.evaluate("url => fetch(url).then(r => r.text())", path + "snippets.json"))  # type: ignore[attr-defined]
        if f"{path}snippets.json" in fetched_for_results:
            assert snippet == snippets.get(anchor, snippets[""]), href
            checked += 1
    assert checked
    pages = [p for p in fetched_for_results if p.endswith("/") and p.count("/") > 3]
    assert not pages, pages  # no law page was fetched for a snippet


@pytest.mark.parametrize(("lang", "query"), [("fi", "12C1(b)"), ("sv", "lag 16"), ("pl", "3.1")])
def test_without_snippets_json_a_result_shows_the_same_words_from_its_page(
    page: object, base_url: str, site: Path, lang: str, query: str
) -> None:
    """Offline with an older cached page, snippets.json may be missing: the words cut from the
    page itself are the ones snippets.py wrote (one rule, two places)."""
    page.route("**/snippets.json", lambda route: route.abort())  # type: ignore[attr-defined]
    run_search(page, base_url, lang, query)
    page.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
    shown = shown_snippets(page)
    checked = 0
    for href, snippet in shown:
        path, anchor = urlsplit(href).path, urlsplit(href).fragment
        written = site / path.strip("/") / "snippets.json"
        if "/laws/" in path or not written.exists():
            continue
        snippets = json.loads(written.read_text(encoding="utf-8"))
        assert snippet == snippets.get(anchor, snippets[""]), href
        checked += 1
    assert checked


@pytest.mark.parametrize(
    ("read", "gained", "wanted", "next_round"),
    [
        (12, 7, 3, 6),  # 7 laws of 12 pages, 3 wanted: about 6 pages
        (12, 0, 10, 12),  # nothing gained: a whole round again
        (12, 12, 1, 3),  # never fewer than three
        (6, 2, 8, 12),  # never more than a round
    ],
)
def test_the_next_round_reads_about_as_many_pages_as_the_laws_still_wanted_need(
    page: object, base_url: str, read: int, gained: int, wanted: int, next_round: int
) -> None:
    page.goto(base_url + "fi/search/")  # type: ignore[attr-defined]
    found = page.evaluate(  # type: ignore[attr-defined]
        "async ([r, g, w]) => (await import(new URL('../../assets/javascripts/search.js', location.href).href))"
        ".nextRound(r, g, w)",
        [read, gained, wanted],
    )
    assert found == next_round
