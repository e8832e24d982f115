"""The term base's index and its pages of details (issue 41): complete, alphabetical in each
language, old links kept, light on a first visit, filtered in a real browser.

The index (``/<lang>/terms/``) lists every concept once by its name in the page's language,
sorted by that language's alphabet (``core/collation.toml``); each concept id has an element
there linking to the page of details that holds the concept, so ``/terms/#<concept-id>`` links
from before still land on it.  A first visit (the HTML and every stylesheet and script it
loads) is at most 60 KB compressed.
"""

from __future__ import annotations

import gzip
import itertools
import re
import unicodedata
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bench.report import ASSET, gz, page_weight
from bridgelaws.core import collation, facts, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render.terms import concept_url, terms_pages
from bridgelaws.stage5_site import offline
from bridgelaws.termbase import TermBase, load
from conftest import ROOT

FIRST_VISIT_KB = 60  # the bound: HTML, CSS and scripts of the index, compressed


@pytest.fixture(scope="module")
def base() -> TermBase:
    return load(ROOT / "content" / "terms")


@pytest.fixture(scope="module")
def rendered(base: TermBase, corpus: Corpus) -> dict[str, dict[str, str]]:
    """Each language's term pages as Markdown, by URL (the index first)."""
    return {
        lang: {page.url: page.markdown() for page in terms_pages(corpus, base, lang)}
        for lang in facts.INTERFACE_LANGUAGES
    }


class Index(HTMLParser):
    """The index's entries as a reader meets them: (letter heading, id, shown name, href) per
    concept under a letter, and (id, href) per law title."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.letter = ""
        self.concepts: list[list[str]] = []
        self.titles: list[tuple[str, str]] = []
        self.ids: list[str] = []
        self._in: list[str] = []
        self._entry: list[str] | None = None
        self._heading = False
        self._area = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.append(values["id"])
        if tag == "div" and values.get("class") in ("term-letter", "term-group"):
            self._area = values["class"]
        if tag == "h3" and self._area == "term-letter":
            self._heading, self.letter = True, ""
        if tag == "li" and self._area == "term-letter":
            self._entry = [self.letter, values["id"], "", ""]
            self.concepts.append(self._entry)
        if tag == "li" and self._area == "term-group" and "id" in values:
            self._title_id = values["id"]
        if tag == "a" and self._entry is not None and not self._entry[3]:
            self._entry[3] = values["href"]
            self._in.append("name")
        elif tag == "a" and self._area == "term-group" and getattr(self, "_title_id", ""):
            self.titles.append((self._title_id, values["href"]))
            self._title_id = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "h3":
            self._heading = False
        if tag == "a" and self._in:
            self._in.pop()
        if tag == "li":
            self._entry = None

    def handle_data(self, data: str) -> None:
        if self._heading:
            self.letter += data
        elif self._in and self._entry is not None:
            self._entry[2] += data


def index_of(markdown: str) -> Index:
    parser = Index()
    parser.feed(markdown)
    return parser


def primary(text: str, lang: str) -> list[list[int]]:
    """The letters of ``text`` as positions in ``lang``'s alphabet, word by word, read straight
    from collation.toml's lists (variants as their letter, other accents dropped): what a
    dictionary's reader compares first."""
    alphabet = collation.alphabets()[lang]
    words: list[list[int]] = [[]]
    for char in alphabet.lower(text):
        if char in " -/":
            words.append([])
            continue
        char = alphabet.same.get(char, char)
        if char not in alphabet.letters:
            char = unicodedata.normalize("NFD", char)[0]
        if char in alphabet.letters:
            words[-1].append(alphabet.letters.index(char))
    return [word for word in words if word]


# -- the collation -------------------------------------------------------------------------------

ORDERS = {  # each language's rule, as its dictionaries print it
    "fi": ["aamu", "vaara", "wc", "yla", "üla", "ylb", "zeta", "åland", "äiti", "öljy"],
    "sv": ["kort", "kort x", "kortet", "zebra", "åska", "ängel", "ödla"],
    "tr": ["cam", "çay", "gaz", "ğ", "hal", "ılık", "iğne", "İzmir", "oda", "ördek", "su", "şu", "un", "üç"],
    "pl": ["cma", "ćma", "lato", "łapa", "nos", "ńa", "oko", "ósmy", "zero", "źle", "żaba"],
    "en": ["Apple", "apple", "zebra"],
}


@pytest.mark.parametrize("lang", ORDERS)
def test_each_language_sorts_by_its_own_alphabet(lang: str) -> None:
    words = ORDERS[lang]
    assert sorted(reversed(words), key=lambda w: collation.sort_key(w, lang)) == words
    assert sorted(words) != words or lang == "en"  # the code points' order is not the language's


@pytest.mark.parametrize(
    ("lang", "word", "letter"),
    [
        ("fi", "äiti", "Ä"),
        ("sv", "åska", "Å"),
        ("tr", "ılık", "I"),
        ("tr", "iğne", "İ"),
        ("pl", "łapa", "Ł"),
        ("fi", "über", "Y"),
    ],
)
def test_a_word_is_listed_under_its_letter_as_the_language_writes_it(lang: str, word: str, letter: str) -> None:
    assert collation.alphabet(lang).letter(word) == letter


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[en]\nletters = ["A"]\n', "letters"),
        ('[en]\nletters = ["Aa"]\nsame = { "ä" = "x" }\n', "same"),
        ("[fi]\n", "no [en] table"),
    ],
)
def test_a_wrong_alphabet_is_an_error_at_its_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "collation.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(problem)) as raised:
        collation.alphabets(path)
    assert str(raised.value).startswith(f"{path}:")


# -- the index -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_index_lists_every_concept_once_alphabetically_in_the_pages_language(
    base: TermBase, rendered: dict[str, dict[str, str]], lang: str
) -> None:
    index = index_of(rendered[lang][urls.terms(lang)])
    topical = [c for c in base.concepts if not c.is_law_title]
    ids = [entry[1] for entry in index.concepts]
    assert sorted(ids) == sorted(c.id for c in topical)  # every concept, once
    names = [unescape(entry[2]) for entry in index.concepts]
    keys = [primary(name, lang) for name in names]
    pairs = zip(itertools.pairwise(names), itertools.pairwise(keys), strict=True)
    out_of_order = [(a, b) for (a, b), (ka, kb) in pairs if ka > kb]
    assert not out_of_order, out_of_order[:5]
    # each under its letter, the letters in the alphabet's order and each once
    alphabet = collation.alphabets()[lang]
    letters = list(dict.fromkeys(entry[0] for entry in index.concepts))
    assert [entry[0] for entry in index.concepts] == sorted((entry[0] for entry in index.concepts), key=letters.index)
    positions = [alphabet.letters.index(alphabet.lower(letter)) for letter in letters if letter != "#"]
    assert positions == sorted(positions) and len(letters) > 10
    for letter, _, name, _ in index.concepts:
        assert primary(name, lang)[0][0] == alphabet.letters.index(alphabet.lower(letter)), (letter, name)
    # the name is the page language's where the term base has one (else English, marked), never a
    # search stem (Concept.name_in; tests/test_terms_stems.py)
    by_id = {c.id: c for c in topical}
    assert names == [by_id[c].name_in(lang) or by_id[c].name for c in ids]
    assert sum(1 for c in ids if by_id[c].name_in(lang)) > len(ids) // 2


def test_the_orders_differ_where_the_alphabets_do(rendered: dict[str, dict[str, str]]) -> None:
    """Swedish å ä ö, Turkish ç ı ş, Polish ś stand where their language wants them, which the
    code points' order would not give (so the order test above can fail)."""
    for lang, wanted in (("sv", "ZÅÄÖ"), ("tr", "CÇ"), ("tr", "Iİ"), ("tr", "SŞ"), ("pl", "SŚ")):
        letters = "".join(dict.fromkeys(e[0] for e in index_of(rendered[lang][urls.terms(lang)]).concepts))
        assert wanted in letters, (lang, letters)
        assert letters != "".join(sorted(letters)), lang


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_every_old_anchor_lands_on_an_entry_that_links_to_the_concepts_details(
    base: TermBase, rendered: dict[str, dict[str, str]], lang: str
) -> None:
    """``/terms/#<concept-id>``, as every page linked it before: each concept (law titles too) has
    one element with its id on the index, linking to the page of details, which holds the
    concept's words in every language under a heading with the same id."""
    pages = rendered[lang]
    index_url = urls.terms(lang)
    index = index_of(pages[index_url])
    links = {entry[1]: entry[3] for entry in index.concepts} | dict(index.titles)
    assert sorted(links) == sorted(c.id for c in base.concepts)
    assert len(index.ids) == len(set(index.ids))  # an id once
    for concept in base.concepts:
        target = urls.relative(index_url, concept_url(concept, lang))
        assert links[concept.id] == target, concept.id
        details = pages[concept_url(concept, lang).split("#")[0]]
        block = details[details.index(f'id="{concept.id}"') :].split('<div class="term-concept">')[0]
        assert block.count("<dt>") == len(facts.INTERFACE_LANGUAGES), concept.id
    # a page of details per ten laws, each concept on exactly one of them
    details = [markdown for url, markdown in pages.items() if url != index_url]
    assert len(details) == len({urls.terms_laws(n) for n in facts.LAW_NUMBERS})
    assert sum(page.count('<div class="term-concept">') for page in details) == len(base.concepts)


# -- the built site ------------------------------------------------------------------------------------


def test_a_first_visit_to_the_index_is_within_60_kb(site: Path) -> None:
    """Every language's index with every stylesheet and script it loads, compressed as a server
    sends it (bytes, from the built site)."""
    for lang in facts.INTERFACE_LANGUAGES:
        relative = f"{urls.terms(lang)}index.html"
        html = (site / relative).read_text(encoding="utf-8")
        loaded = set(ASSET.findall(html))
        assert any("terms.js" in a for a in loaded) and any("laws.css" in a for a in loaded), loaded
        html_gz, total_gz = page_weight(site, relative)
        assets = {(site / relative).parent.joinpath(link).resolve() for link in loaded}
        assert total_gz == html_gz + sum(gz(asset) for asset in assets)  # each stylesheet and script counted
        assert total_gz <= FIRST_VISIT_KB * 1024, f"{lang}: {total_gz / 1024:.1f} KB"
        assert len(gzip.compress(html.encode())) == pytest.approx(html_gz, rel=0.05)


def test_the_term_pages_are_built_linked_and_kept_offline(site: Path, base: TermBase) -> None:
    """Every language's index and pages of details are built and kept offline with the language
    (the index's script too)."""
    groups = sorted({urls.terms_laws(n) for n in facts.LAW_NUMBERS})
    for lang in facts.INTERFACE_LANGUAGES:
        listing = offline.offline_list(site, lang).files
        for url in [urls.terms(lang), *(urls.terms_group(lang, first) for first, _ in groups)]:
            page = site / url / "index.html"
            assert page.is_file(), url
            assert listing.get(url) == offline.file_hash(page), (lang, url)
        assert "assets/javascripts/terms.js" in listing
    hub = (site / "sv" / "laws" / "50" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../terms/50-59/#penalty-card"' in hub  # a law's concepts link to their details


# -- the filter, in Chromium ---------------------------------------------------------------------------

VISIBLE = """() => Array.from(document.querySelectorAll('.term-letter li, .term-titles li'))
    .filter((li) => li.offsetParent !== null).map((li) => li.id)"""


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


@pytest.mark.browser
def test_the_filter_keeps_the_entries_that_hold_the_letters_typed_in_any_language(
    browser: Any, base_url: str, base: TermBase
) -> None:
    """One Finnish index, many filter strings: each concept's base form in another language (as
    typed, in capitals, without its accents) keeps that concept, and every entry kept holds the
    letters; letters nothing holds say so; an empty box shows the whole index again."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(base_url + "fi/terms/")
        box = page.locator("#term-filter")
        assert box.is_visible()
        everything = page.evaluate(VISIBLE)
        assert len(everything) == len(base.concepts)
        words = {
            li["id"]: fold(li["text"])
            for li in page.eval_on_selector_all(
                ".term-letter li, .term-titles li",
                "els => els.map((li) => ({id: li.id, text: li.textContent + ' · ' + (li.dataset.words || '')}))",
            )
        }
        topical = [c for c in base.concepts if not c.is_law_title]
        queries = []
        for index, concept in enumerate(topical[::7]):
            lang = ("sv", "tr", "pl", "en")[index % 4]
            terms = concept.terms_in(lang)
            if not terms:
                continue
            word = terms[0].forms[0].removesuffix("*")
            typed = [word, word.upper() if lang != "tr" else word, fold(word)][index % 3]
            queries.append((concept.id, typed))
        assert len(queries) > 15
        for concept_id, typed in queries:
            box.fill(typed)
            shown = page.evaluate(VISIBLE)
            assert concept_id in shown, (concept_id, typed)
            wanted = fold(typed).split()
            assert all(all(w in words[i] for w in wanted) for i in shown), (typed, shown[:5])
            assert shown == [i for i in everything if all(w in words[i] for w in wanted)], typed
            assert not page.locator(".term-filter-none").is_visible()
        box.fill("qqxqq")
        assert page.evaluate(VISIBLE) == []
        assert page.locator(".term-filter-none").is_visible()
        assert page.locator(".term-letter:visible, .term-group:visible").count() == 0
        box.fill("")
        assert page.evaluate(VISIBLE) == everything
    finally:
        page.close()
