"""Search from anywhere: a query typed at ``/search/`` (or in the header of an English page)
goes to the language it is written in, or shows each likely language's best results side by
side; never silently one language.

The tables hold queries of every kind — provision forms, single words, phrases, with and
without the language's letters — written for this test, not taken from the detector's data:
the detector must recognise a language from its letters, its provision forms and the words of
its texts, so queries it was not built from land on their language's results first.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urljoin, urlsplit

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.search import detection, langmodel, pages, word_files
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, VOCABULARY_FILE, VocabularyError, load_vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render.page import language_name, t
from conftest import ROOT
from search_node import NodeSearch, detect_in_node, search_data

VOCABULARY = ROOT / "content" / VOCABULARY_FILE

# (language, query): each must land on that language's results first
QUERIES = [
    ("fi", "pykälä 12"),
    ("fi", "12 §"),
    ("fi", "kilpailunjohtaja"),
    ("fi", "lepääjä"),
    ("fi", "lepaaja"),
    ("fi", "pelinvieja"),
    ("fi", "väärä selitys"),
    ("fi", "rangaistuskortti"),
    ("fi", "korjattu tulos"),
    ("fi", "vastapuolen kortti"),
    ("sv", "lag 16"),
    ("sv", "lagen 12"),
    ("sv", "tavlingsledaren"),
    ("sv", "träkarlen"),
    ("sv", "spelforaren"),
    ("sv", "otillåten upplysning"),
    ("sv", "felaktig förklaring"),
    ("sv", "utspel"),
    ("sv", "straffkort"),
    ("sv", "spelförarens kort"),
    ("tr", "Yasa 45"),
    ("tr", "kisitlama"),
    ("tr", "hakem"),
    ("tr", "deklaran"),
    ("tr", "yanlış bilgi"),
    ("tr", "yanlis bilgi"),
    ("tr", "ceza kartı"),
    ("tr", "sıra dışı"),
    ("tr", "eksik kart"),
    ("tr", "oyuncu"),
    ("pl", "przepis 40B1"),
    ("pl", "przepisu 16"),
    ("pl", "sędzia"),
    ("pl", "sedzia"),
    ("pl", "rozgrywający"),
    ("pl", "odwołanie"),
    ("pl", "licytacja"),
    ("pl", "zapowiedz niewystarczajaca"),
    ("pl", "dziadek"),
    # a director's words no text prints, known from the term base only (issue 16)
    ("fi", "hälytys"),
    ("sv", "trumf"),
    ("tr", "koz"),
    ("tr", "deklarasyon"),
    ("pl", "atut"),
    ("pl", "karta ukarana"),
]

# queries no language can claim: a bare provision
UNDECIDED = ["12C1(b)", "16B"]
# English: the term base's English words (every language's search knows them) and the English
# provision form; the site has no English text of the Laws, and says so
ENGLISH = ["revoke", "dummy", "tempo", "penalty card", "law 12"]


def detection_data(corpus: Corpus) -> dict[str, object]:
    """/search/'s data as generate writes it beside the page."""
    return pages.chooser_data(corpus, load_vocabulary(VOCABULARY))


# -- the detector's data, without a browser -----------------------------------------------------------


def test_each_language_names_its_own_provision_form(corpus: Corpus) -> None:
    forms = detection_data(corpus)["forms"]
    assert isinstance(forms, dict)
    assert {"pykala", "§"} <= set(forms["fi"])
    assert "lag" in forms["sv"] and "yasa" in forms["tr"] and "przepis" in forms["pl"]
    for lang, words in forms.items():
        assert "law" not in words, lang  # in every language's law words: tells nothing
        assert all(words.count(word) == 1 and all(word not in forms[o] for o in forms if o != lang) for word in words)


def test_language_words_come_from_the_texts_and_belong_to_one_language(corpus: Corpus) -> None:
    data = detection_data(corpus)
    words = data["words"]
    assert isinstance(words, dict) and set(words) == set(SEARCH_LANGUAGES)
    vocabulary = load_vocabulary(VOCABULARY)
    limit = next(iter(vocabulary.values())).detection.words
    texts = {
        lang: Counter(
            langmodel.fold(word)
            for entry in corpus.in_language(lang)
            for text in detection.texts_of(entry)
            for word in langmodel.WORD.findall(text)
        )
        for lang in words
    }
    for lang, chosen in words.items():
        assert 50 <= len(chosen) <= limit, lang
        assert all(word == langmodel.fold(word) for word in chosen), lang
        for other, theirs in words.items():
            assert other == lang or not set(chosen) & set(theirs), (lang, other)
        # the most frequent words of the language's texts (a synonym adds one) that no other
        # language uses, most frequent first
        counts = [texts[lang][word] for word in chosen]
        assert all(later <= earlier + 1 for earlier, later in itertools.pairwise(counts)), lang
        assert sum(count > 0 for count in counts) > 0.9 * len(counts), lang
        assert all(word not in texts[o] for word in chosen for o in texts if o != lang), lang


def test_the_letters_are_the_vocabularys(corpus: Corpus) -> None:
    letters = detection_data(corpus)["letters"]
    assert isinstance(letters, dict)
    assert "å" in letters["sv"] and "å" not in letters["fi"]
    assert "ä" in letters["fi"] and "ä" in letters["sv"]
    assert {"ğ", "ı", "ş"} <= set(letters["tr"]) and {"ą", "ę", "ł"} <= set(letters["pl"])


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[detect]\nwords = "many"\n', "[detect] words"),
        ("[detect]\nmargin = -1\n", "[detect] margin"),
        ('[detect]\nletters = "äö"\n', "[detect] letters and forms"),
        ("[detect]\nweights = { vowels = 3 }\n", "[detect] weights"),
        ('[detect]\nweights = { word = "2" }\n', "[detect] weights"),
        # the letter model's knobs, each at its line
        ("[detect]\nmodel = { order = 9 }\n", ":2: [detect] model order"),
        ("[detect]\nmodel = { sure = -1 }\n", ":2: [detect] model sure"),
        ("[detect]\nmodel = { smoothing = 0 }\n", ":2: [detect] model smoothing"),
        ("[detect]\nmodel = { ngrams = 3 }\n", ":2: [detect] model: expected a table"),
        ('[detect]\nmodel = { min_count = "5" }\n', ":2: [detect] model min_count"),
    ],
)
def test_a_bad_detect_table_is_reported(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "search.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(VocabularyError, match=re.escape(message)):
        load_vocabulary(path)


# -- the site's detection and engine, under Node ----------------------------------------------------------


@pytest.mark.site
@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_every_query_of_a_language_goes_to_it_and_finds_its_texts(site: Path, engine: NodeSearch, lang: str) -> None:
    """The table's queries of the language: /search/'s detection (search/engine/detect.js, on the
    built /search/ page's data) decides each for the language, and the language's search answers
    it with a result of its own texts first."""
    queries = [query for code, query in QUERIES if code == lang]
    decided = detect_in_node(search_data(site, facts.DEFAULT_LANGUAGE), queries, site=site).langs
    assert [(query, d) for query, d in zip(queries, decided, strict=True) if d != lang] == []
    for query in queries:
        hrefs = engine.search(lang, query)
        assert hrefs, f"{query!r}: no results in {lang}"
        assert urlsplit(hrefs[0]).path.startswith(f"/{lang}/"), (query, hrefs[:3])


# -- in a browser ---------------------------------------------------------------------------------------

# the table's queries typed in Chromium, at /search/ and in the landing page's header: a sample
# (the whole table is decided and searched under Node above)
TYPED = QUERIES[::4]
HEADER = QUERIES[2::4]


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def results_of(page: object, query: str) -> list[str]:
    """The result links of a language's search page once its search for ``query`` has finished."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "q => { const l = document.getElementById('search-results'); return l && l.dataset.query === q; }",
        arg=query,
        timeout=20000,
    )
    hrefs: list[str] = page.eval_on_selector_all("#search-results a", "as => as.map(a => a.getAttribute('href'))")  # type: ignore[attr-defined]
    return hrefs


def assert_landed_in(page: object, lang: str, query: str) -> None:
    page.wait_for_url(re.compile(rf"/{lang}/search/\?q="), timeout=20000)  # type: ignore[attr-defined]
    hrefs = results_of(page, query)
    assert hrefs, f"{query!r}: no results in {lang}"
    assert urlsplit(hrefs[0]).path.startswith(f"/{lang}/"), (query, hrefs[:3])
    assert page.evaluate("document.documentElement.lang") == lang  # type: ignore[attr-defined]


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "query"), TYPED, ids=[f"{lang}-{query}" for lang, query in TYPED])
def test_a_query_typed_at_search_goes_to_its_language(page: object, base_url: str, lang: str, query: str) -> None:
    page.goto(f"{base_url}search/")  # type: ignore[attr-defined]
    page.fill("#search-input", query)  # type: ignore[attr-defined]
    page.press("#search-input", "Enter")  # type: ignore[attr-defined]
    assert_landed_in(page, lang, query)


@pytest.mark.browser
@pytest.mark.parametrize("lang", SEARCH_LANGUAGES)
def test_the_header_box_on_the_landing_page_goes_to_the_querys_language(page: object, base_url: str, lang: str) -> None:
    for query in [query for code, query in HEADER if code == lang]:
        page.goto(base_url)  # type: ignore[attr-defined]
        page.fill(".site-search__input", query)  # type: ignore[attr-defined]
        page.press(".site-search__input", "Enter")  # type: ignore[attr-defined]
        assert_landed_in(page, lang, query)


def blocks_for(page: object, base_url: str, query: str) -> list[dict[str, object]]:
    page.goto(f"{base_url}search/?q={quote(query)}")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "q => document.getElementById('search-by-language').dataset.query === q", arg=query, timeout=30000
    )
    blocks: list[dict[str, object]] = page.eval_on_selector_all(  # type: ignore[attr-defined]
        ".search-by-language__block",
        """blocks => blocks.map(b => ({
            lang: b.lang,
            heading: b.querySelector('h2').textContent,
            results: [...b.querySelectorAll('.search-results a')].map(a => a.getAttribute('href')),
            all: b.querySelector('.search-by-language__all').getAttribute('href'),
            box: b.getBoundingClientRect().toJSON(),
        }))""",
    )
    return blocks


@pytest.mark.browser
@pytest.mark.parametrize("query", UNDECIDED)
def test_a_query_of_no_one_language_shows_each_languages_best_results(page: object, base_url: str, query: str) -> None:
    blocks = blocks_for(page, base_url, query)
    assert len(blocks) >= 2, blocks
    assert urlsplit(page.url).path.endswith("/search/")  # type: ignore[attr-defined]
    status = page.inner_text("#search-status")  # type: ignore[attr-defined]
    assert status == t("en", "search_undecided", q=query)
    for block in blocks:
        lang = str(block["lang"])
        assert block["heading"] == language_name(lang)
        assert block["all"] == f"/{lang}/search/?q={quote(query, safe='')}".replace("%20", "+") or block["all"]
        assert urlsplit(str(block["all"])).path == f"/{lang}/search/"
        assert block["results"], (lang, query)
        assert all(urlsplit(str(href)).path.startswith(f"/{lang}/") for href in block["results"]), block  # type: ignore[attr-defined]


@pytest.mark.site
def test_an_english_query_is_told_english_and_every_language_is_searched(site: Path) -> None:
    """An English word (the term base's) counts for English, which no language's words outweigh:
    the site has no English text, so every language is shown, in the data's order (the letter
    model's likelihood of an English word tells nothing of the reader's language), and the page
    says the query is English (``search_english``), not that its language cannot be told."""
    data = search_data(site, facts.DEFAULT_LANGUAGE)
    found = detect_in_node(data, [*ENGLISH, *UNDECIDED], site=site).langs
    assert found == ["en"] * len(ENGLISH) + [list(data["languages"])] * len(UNDECIDED)  # type: ignore[call-overload]
    assert data["weights"]["english_word"] > 0  # type: ignore[index]
    assert data["strings"]["search_english"] == t("en", "search_english")  # type: ignore[index]


@pytest.mark.browser
@pytest.mark.parametrize("query", ["revoke", "penalty card"])
def test_an_english_query_says_so_and_shows_each_languages_concept(page: object, base_url: str, query: str) -> None:
    """``revoke`` at /search/: the status line says it is English and the site has no English
    text of the Laws; every language's block follows, in the site's order, each leading with the
    laws of the concept the English word names (``revoke → revokki``)."""
    blocks = blocks_for(page, base_url, query)
    assert [block["lang"] for block in blocks] == list(SEARCH_LANGUAGES)
    assert page.inner_text("#search-status") == t("en", "search_english", q=query)  # type: ignore[attr-defined]
    assert page.evaluate("document.getElementById('search-by-language').dataset.detected") == "en"  # type: ignore[attr-defined]
    synonyms = page.eval_on_selector_all(  # type: ignore[attr-defined]
        ".search-by-language__block", "bs => bs.map(b => b.querySelector('.search-result__synonym')?.textContent || '')"
    )
    assert all(line.startswith(f"{query} → ") for line in synonyms), synonyms  # each language's word for it
    for block in blocks:
        assert block["results"], block


@pytest.mark.browser
@pytest.mark.parametrize("query", ["tempo", "dummy"])
def test_each_language_side_by_side_is_searched_with_its_own_stemmer(page: object, base_url: str, query: str) -> None:
    """Pagefind's script keeps one WebAssembly module, its first instance's language and
    stemmer, for every instance it makes: each language shown on /search/ loads the script as a
    module of its own, whose WebAssembly is that language's."""
    blocks = blocks_for(page, base_url, query)
    assert len(blocks) >= 2, blocks
    loaded: list[str] = page.evaluate(  # type: ignore[attr-defined]
        "() => performance.getEntriesByType('resource').map(entry => entry.name)"
    )
    scripts = {urlsplit(name).query for name in loaded if urlsplit(name).path.endswith("/pagefind/pagefind.js")}
    wasm = {urlsplit(name).path.rsplit("/", 1)[1] for name in loaded if "/pagefind/wasm." in name}
    texts = [str(block["lang"]) for block in blocks if block["results"]]
    assert {f"lang={lang}" for lang in texts} <= scripts, scripts
    assert {f"wasm.{lang}.pagefind" for lang in texts} <= wasm, wasm


@pytest.mark.browser
def test_a_bare_provision_leads_to_it_in_each_language(page: object, base_url: str) -> None:
    blocks = blocks_for(page, base_url, "12C1(b)")
    assert {block["lang"] for block in blocks} == set(SEARCH_LANGUAGES)
    for block in blocks:
        first = str(block["results"][0])  # type: ignore[index]
        assert first.endswith("#12C1b") or first.endswith("#12C1") or "/laws/12/" in first, block


@pytest.mark.browser
def test_side_by_side_on_a_wide_screen_one_after_another_on_a_phone(browser: object, base_url: str) -> None:
    for viewport, side_by_side in (({"width": 1280, "height": 800}, True), ({"width": 390, "height": 844}, False)):
        context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
        try:
            blocks = blocks_for(context.new_page(), base_url, "tempo")
        finally:
            context.close()
        tops = {round(float(block["box"]["y"])) for block in blocks}  # type: ignore[index]
        assert (len(tops) < len(blocks)) == side_by_side, (viewport, tops)
        assert all(float(block["box"]["right"]) <= viewport["width"] for block in blocks)  # type: ignore[index]


@pytest.mark.browser
def test_a_language_chosen_by_hand_wins(page: object, base_url: str) -> None:
    page.goto(f"{base_url}search/")  # type: ignore[attr-defined]
    page.fill("#search-input", "tavlingsledaren")  # type: ignore[attr-defined]
    page.click("button[lang=fi]")  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r"/fi/search/\?q=tavlingsledaren"))  # type: ignore[attr-defined]
    results_of(page, "tavlingsledaren")


@pytest.mark.browser
@pytest.mark.parametrize("start", ["search/", "fi/search/"])
def test_a_results_editions_are_listed_as_the_site_lists_editions(page: object, base_url: str, start: str) -> None:
    """A law found in two editions' texts lists both in the order every page lists editions
    (oldest first: the edition switcher of the page the result opens, the edition filter), the
    one its link opens in bold: ``16B1`` → "1997 · **2007**", not "2007 · 1997"."""
    page.goto(f"{base_url}{start}?q=16B1")  # type: ignore[attr-defined]
    if start == "search/":
        page.wait_for_function("() => document.getElementById('search-by-language').dataset.query === '16B1'")  # type: ignore[attr-defined]
        result = page.locator(".search-by-language__block[lang=fi] .search-result").first  # type: ignore[attr-defined]
    else:
        results_of(page, "16B1")
        result = page.locator("#search-results .search-result").first  # type: ignore[attr-defined]
        filter_order = page.eval_on_selector_all("input[name=edition]", "rs => rs.map(r => r.value).filter(Boolean)")  # type: ignore[attr-defined]
        assert filter_order == [e for e in facts.EDITIONS if e in filter_order]
    line = result.locator(".search-result__edition")
    listed = line.inner_text().split(" · ")
    assert len(listed) > 1 and listed == [e for e in facts.EDITIONS if e in listed], listed
    bold = line.locator("strong").inner_text()
    page.goto(urljoin(page.url, result.locator("a").first.get_attribute("href")))  # type: ignore[attr-defined]
    assert page.inner_text(".edition-switch [aria-current=page]") == bold  # type: ignore[attr-defined]
    switcher = re.findall(r"\b\d{4}\b", page.inner_text(".edition-switch"))  # type: ignore[attr-defined]
    assert switcher == listed  # the page's own edition switcher, in the same order


# -- the files /search/ reads its detection from -----------------------------------------------------


def test_every_word_is_in_its_keys_file_and_the_page_names_the_rest(corpus: Corpus) -> None:
    """/search/'s page data carries no word and no model: each language's words and the English
    words are in the file of their first letters (word_files.DETECTION_FILES), every one once,
    and the model in a file of its own, all named by the page's data."""
    data = detection_data(corpus)
    files = detection.detection_files(data)
    here = urls.search(facts.DEFAULT_LANGUAGE)
    page = files.pop(urls.search_data(facts.DEFAULT_LANGUAGE))
    assert isinstance(page, dict) and not {"words", "english", "model"} & set(page)
    assert files.pop(urls.search_detection_model(facts.DEFAULT_LANGUAGE)) == data["model"]
    named = page["files"]
    assert isinstance(named, dict) and urls.relative(here, urls.search_detection_model("en")) == named["model"]
    keyed: dict[str, list[str]] = {}
    for path, words in files.items():
        key = path.removeprefix(here).removeprefix("words-").removesuffix(".json")
        assert path == here + named["words"].replace("{k}", key)
        assert isinstance(words, dict)
        for lang, listed in words.items():
            assert all(word_files.DETECTION_FILES.of(word) == key for word in listed), (key, lang)
            keyed.setdefault(lang, []).extend(listed)
    assert named["keys"] == word_files.packed_keys(
        [path.removeprefix(here + "words-").removesuffix(".json") for path in files], word_files.DETECTION_FILES.length
    )
    listed = {**data["words"], "en": data["english"]}  # type: ignore[dict-item]
    assert set(keyed) <= set(listed)
    assert all(sorted(keyed.get(lang, [])) == sorted(words) for lang, words in listed.items())


def test_a_prefix_shorter_than_the_files_keys_is_refused(corpus: Corpus) -> None:
    """A word counts for a listed word sharing its first ``prefix`` letters: fewer letters than
    the files are keyed by would need words of other files."""
    data = {**detection_data(corpus), "prefix": word_files.DETECTION_FILES.length - 1}
    with pytest.raises(VocabularyError, match=re.escape("[detect] prefix")):
        detection.detection_files(data)


@pytest.mark.site
def test_the_site_tells_each_query_as_the_whole_data_does(site: Path) -> None:
    """The page's data with the files it names, read as /search/ reads them (a query's words'
    files, the model only when it can change the answer), decides every query as the whole data
    does (every file's words and the model put together), with the same scores: this file's
    tables and the detector's (tests/fixtures)."""
    table = tomllib.loads((ROOT / "tests" / "fixtures" / "detect_queries.toml").read_text("utf-8"))
    queries = [query for _, query in QUERIES] + UNDECIDED + ENGLISH
    queries += [query for entry in table.values() for query in entry["queries"]]
    page = search_data(site, facts.DEFAULT_LANGUAGE)
    folder = site / urls.search(facts.DEFAULT_LANGUAGE)
    words: dict[str, list[str]] = {}
    for path in sorted(folder.glob("words-*.json")):
        for lang, listed in json.loads(path.read_text(encoding="utf-8")).items():
            words.setdefault(lang, []).extend(listed)
    english = words.pop("en")
    model = json.loads((site / urls.search_detection_model(facts.DEFAULT_LANGUAGE)).read_text(encoding="utf-8"))
    whole = detect_in_node({**page, "words": words, "english": english, "model": model}, queries)
    read = detect_in_node(page, queries, site=site)
    assert read.langs == whole.langs
    assert read.scores == whole.scores
