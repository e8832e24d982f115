"""The multilingual term base (content/terms): the data, its loader's errors, the translators' page.

The data tests hold every concept to its README: a word or a reason in every language, real
laws with the governing one first, seeded words printed where their rows say, definitions that
exist, and the synonym map of content/search.toml contained in it (until search reads this).
"""

from __future__ import annotations

import re
import tomllib
from html import escape as html_escape
from pathlib import Path
from typing import Any

import pytest

from bridgelaws import pipeline, search
from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Checked, Concordance
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.hubs import governed_concepts, home_page, hub_page, law_title, law_title_concept
from bridgelaws.stage4_render.page import t
from bridgelaws.stage4_render.terms import terms_pages
from bridgelaws.termbase import TermBase, load, seed, verify
from bridgelaws.termbase.model import Concept, in_edition
from conftest import ROOT

CONTENT = ROOT / "content"
TERMS = CONTENT / "terms"


@pytest.fixture(scope="module")
def base() -> TermBase:
    return load(TERMS)


# -- the data ---------------------------------------------------------------------------------


def test_the_term_base_loads_without_errors_and_covers_what_directors_search(base: TermBase) -> None:
    assert base.errors == []
    titles = [c for c in base.concepts if c.is_law_title]  # law-titles.toml: one per law and subject
    assert 120 <= len(base.concepts) - len(titles) <= 180
    # every law governs a concept of its own (the subject a director looks up there), besides its title
    governing = {refs.law_of(c.governing() or "") for c in base.concepts if not c.is_law_title}
    assert governing == set(range(1, facts.LAW_COUNT + 1)), set(range(1, facts.LAW_COUNT + 1)) - governing
    assert {n for c in titles for n in c.law_numbers()} == set(range(1, facts.LAW_COUNT + 1))
    ids = {c.id for c in base.concepts}
    assert {"penalty-card", "dummy-rights", "unauthorised-information", "lead-out-of-turn", "revoke"} <= ids
    assert {"director", "claim", "alert", "misinformation", "insufficient-bid", "appeal"} <= ids


def test_every_concept_has_a_word_or_a_reason_in_every_language(base: TermBase) -> None:
    for concept in base.concepts:
        for lang in facts.INTERFACE_LANGUAGES:
            assert concept.terms_in(lang) or concept.missing_in(lang), (concept.id, lang)
        assert concept.terms_in(facts.DEFAULT_LANGUAGE), concept.id  # the page's fallback name


def test_every_law_is_one_of_the_93_in_every_edition_of_the_concept(base: TermBase) -> None:
    for concept in base.concepts:
        for edition in concept.editions:
            laws = concept.laws_of(edition)
            assert laws, (concept.id, edition)
            assert all(1 <= (refs.law_of(r) or 0) <= facts.LAW_COUNT for r in laws), (concept.id, laws)
        assert concept.governing() == concept.laws_of()[0]


def test_every_term_says_where_it_comes_from(base: TermBase) -> None:
    for concept in base.concepts:
        for term in concept.terms:
            curated = term.basis.startswith(("curated", "search.toml"))
            assert term.seeded or curated, f"{term.where}: a term without a source must say it is curated"


def test_seeded_terms_are_printed_where_their_rows_say_and_definitions_exist(base: TermBase, corpus: Corpus) -> None:
    assert verify.check(base, corpus) == []
    seeded = [t for c in base.concepts for t in c.terms if t.seeded]
    assert len(seeded) >= 100  # most words come from the texts
    assert {t.lang for t in seeded} == {"fi", "sv", "tr", "pl"}
    assert sum(len(c.defined) for c in base.concepts) >= 30


def test_the_check_catches_a_seeded_word_its_text_does_not_print(base: TermBase, corpus: Corpus) -> None:
    concept = base.by_id("penalty-card")
    assert concept is not None
    swedish = next(t for t in concept.terms if t.lang == "sv" and t.seeded)
    wrong = type(swedish)(swedish.lang, ("spelkort",), swedish.basis, swedish.source, swedish.at, "x:1")
    assert "is in sv-2007 at 14B" in verify.term_problem(wrong, corpus)
    moved = type(swedish)(swedish.lang, swedish.forms, swedish.basis, swedish.source, "13A", "x:1")
    assert verify.term_problem(moved, corpus)  # straffkort is in 14B, not 13A
    assert verify.term_problem(swedish, corpus) == ""


def test_the_alignment_file_is_what_the_texts_align(corpus: Corpus) -> None:
    concordance = pipeline.load_concordance(CONTENT)
    assert (CONTENT / seed.FILE).read_text(encoding="utf-8") == seed.to_toml(seed.compute(corpus, concordance))


def test_fi_and_sv_2007_section_titles_align_provision_by_provision(corpus: Corpus) -> None:
    sections = {a.key: dict(a.texts) for a in seed.section_titles(corpus, pipeline.load_concordance(CONTENT))}
    assert sections["16B"] == {
        "fi-2007": "Partnerilta saatu asiaankuulumaton tieto",
        "sv-2007": "Otillåtna upplysningar från partnern",
    }
    assert set(sections) >= {"9A", "12C", "13F", "14B", "15C", "16D"}


def test_law_titles_meet_across_editions_only_through_the_concordance(corpus: Corpus) -> None:
    titles = {a.key: dict(a.texts) for a in seed.law_titles(corpus, pipeline.load_concordance(CONTENT))}
    assert titles["16"]["fi-1997"] == "LUVATTOMAT TIEDOT" and "sv-2007" in titles["16"]
    assert titles["42"] == {"fi-1997": "LEPÄÄJÄN OIKEUDET", "tr-2017": "YERİN HAKLARI"}
    alone = seed.law_titles(corpus, Concordance())  # no rows: no title crosses an edition
    editions = [{corpus.by_id(doc).meta.edition for doc, _ in a.texts} for a in alone]  # type: ignore[union-attr]
    assert editions and all(len(e) == 1 for e in editions)


def test_search_toml_holds_no_second_list_of_synonyms() -> None:
    """The words for a concept are in one place: search reads the term base, and search.toml
    has no synonym tables left (its loader refuses one, naming file and line)."""
    data = tomllib.loads((CONTENT / "search.toml").read_text(encoding="utf-8"))
    assert not [name for name, table in data.items() if isinstance(table, dict) and "synonyms" in table]


def test_search_puts_the_governing_law_first_in_every_language(base: TermBase) -> None:
    expected = {
        ("fi", "rangaistuskortti"): "50",
        ("fi", "revokki"): "61",
        ("sv", "straffkort"): "50",
        ("sv", "träkarlens rättigheter"): "42",
        ("tr", "cezalı kart"): "50",
        ("tr", "yetkisiz bilgi"): "16",
        ("pl", "wyjście poza kolejnością"): "53",
        ("pl", "karta karna"): "50",
        ("en", "unauthorised information"): "16",
    }
    for (lang, form), law in expected.items():
        rows = [row for row in base.synonyms(lang) if form in row.words]
        assert rows and rows[0].refs[0] == law, (lang, form, rows)
    # renumbered between editions: the artificial adjusted score is 1997 12C1, 2007 12C2
    score = next(c for c in base.concepts if "prosenttipistetulos" in c.forms("fi"))
    assert (score.governing("1997"), score.governing("2007")) == ("12C1", "12C2")
    weigh = next(c for c in base.concepts if "painottaa" in c.forms("fi"))
    assert weigh.laws_of("2007") and not weigh.laws_of("1997")  # 2007 on


def test_synonyms_for_search_carry_every_language_and_english_words(base: TermBase) -> None:
    for lang in facts.INTERFACE_LANGUAGES:
        synonyms = [row for row in base.synonyms(lang) if not row.situation]  # the situations: test_situations.py
        # every concept (its English words at least), every law title with a word in the language
        expected = [c for c in base.concepts if not c.is_law_title or c.forms(lang)]
        assert len(synonyms) == len(expected), lang
        penalty = next(s for s in synonyms if "penalty card" in s[0])
        assert penalty[1][0] == "50"
    swedish = next(s for s in base.synonyms("sv") if "straffkort" in s[0])
    assert swedish[2] == "straffkort" and "penalty card" in swedish[0]
    polish = next(s for s in base.synonyms("pl") if "wyjście poza kolejnością" in s[0])
    assert polish[1] == ("53", "54", "55", "56")


@pytest.fixture(scope="module")
def concordance() -> Concordance:
    return pipeline.load_concordance(CONTENT)


@pytest.mark.parametrize(
    ("laws", "editions", "laws_in", "elsewhere"),
    [
        # the Laws' own reorganisations, through the concordance's rows
        (("16C",), None, {}, {"2007": ("16D",)}),  # 2007 16D is 2017 16C; 1997 16C is 2007 16D
        (("15A",), None, {}, {"2007": ("17D",), "1997": ("17D",)}),  # 2007 17D moved to 2017 15A
        (("16B",), None, {}, {"1997": ("16A",)}),  # 1997 16A is 2007 16B
        (("12C2", "50"), None, {}, {"1997": ("12C1", "50")}),  # position by position
        (("50",), None, {}, {}),  # a law no row moves is the same law everywhere
        (("93A",), None, {}, {"1997": ("93",), "2007": ("93",)}),  # no row: the law, no guessed provision
        (("16C",), None, {"2007": ("16D", "16")}, {"2007": ("16D", "16")}),  # laws_in says, and wins
        # an edition without the concept has none; 2007 Law 23 (awareness of potential damage) was 1997 72B1
        (("23",), ("1997", "2007"), {}, {"2017": (), "1997": ("72B1",)}),
    ],
)
def test_a_concepts_laws_in_another_edition_go_through_the_concordance(
    concordance: Concordance,
    laws: tuple[str, ...],
    editions: tuple[str, ...] | None,
    laws_in: dict[str, tuple[str, ...]],
    elsewhere: dict[str, tuple[str, ...]],
) -> None:
    concept = Concept("x", "x", laws, (), editions=editions or facts.EDITIONS, laws_in=laws_in)
    assert concept.laws_elsewhere(concordance) == elsewhere


def test_a_hand_set_edition_stays_where_the_concordance_leads(base: TermBase, concordance: Concordance) -> None:
    """``laws_in`` may choose among what the concordance reaches (2017 17D took 2007 17E and 22B),
    add a law or name a provision, never lead to other laws only: a concept resolves per edition
    as a citation does (the 2007 Law 23 was the 1997 72B1, not the 1997 Law 23).  A law's title
    names its own law in each edition it titles."""
    for concept in (concept for concept in base.concepts if not concept.is_law_title):
        newest = concept.editions[-1]
        for edition, said in concept.laws_in.items():
            reached = {in_edition(ref, newest, edition, concordance) for ref in concept.laws_of(newest)}
            for ref in concept.laws_of(newest):
                reached.update(c.ref for c in concordance.corresponding(ref, newest, edition) or () if c.ref)
            numbers = {refs.law_of(ref) for ref in reached if ref}
            assert numbers & {refs.law_of(ref) for ref in said}, (concept.id, edition, said, sorted(reached))


def test_search_synonyms_carry_each_editions_numbering(base: TermBase, concordance: Concordance) -> None:
    withdrawn = next(s for s in base.synonyms("fi", concordance=concordance) if "peruuttaminen" in s[0])
    assert withdrawn[1] == ("16C",) and dict(withdrawn[4]) == {"2007": ("16D",)}
    # without a concordance only what laws_in says (and an edition lacking the concept) differs
    through = {s[2] for s in base.synonyms("fi", concordance=concordance) if s[4]}
    said = {s[2] for s in base.synonyms("fi") if s[4]}
    assert "peruuttaminen" in said and said < through


# -- the loader's errors ----------------------------------------------------------------------

GOOD = """
[[concept]]
id = "good"
laws = ["50"]
terms = [
  { lang = "en", forms = ["good"], basis = "curated" },
  { lang = "fi", forms = ["hyvä"], basis = "curated" },
  { lang = "sv", forms = ["bra"], basis = "curated" },
  { lang = "tr", forms = ["iyi"], basis = "curated" },
  { lang = "pl", missing = "none" },
]
"""


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "concepts.toml").write_text(text, encoding="utf-8")
    return tmp_path / "concepts.toml"


@pytest.mark.parametrize(
    ("change", "message", "marker", "kept"),
    [
        (('id = "bad"', 'id = "Bad Card"'), "not an English slug", "[[concept]]", 1),
        (('laws = ["50"]', 'laws = ["94"]'), "law 94 is not one of the Laws", "[[concept]]", 1),
        (('laws = ["50"]', 'laws = ["Law 50"]'), "not a canonical law reference", "[[concept]]", 1),
        (('laws = ["50"]', "laws = []"), "laws must be a non-empty list", "[[concept]]", 1),
        (('laws = ["50"]', 'laws = ["50"]\neditions = ["2010"]'), "editions must be", "[[concept]]", 1),
        (('basis = "curated" },\n  { lang = "fi"', 'basis = "" },\n  { lang = "fi"'), "no basis", '"good"]', 2),
        (('lang = "sv"', 'lang = "de"'), "language 'de' is not one of", '"de"', 2),
        (('{ lang = "pl", missing = "none" },\n', ""), "no term in 'pl' and no 'missing' reason", "[[concept]]", 2),
        (
            ('forms = ["iyi"], basis', 'forms = ["iyi"], source = "tr-2017", basis'),
            "'source' and 'at' go together",
            '"iyi"',
            2,
        ),
        (('forms = ["bra"]', "forms = []"), "forms must be a non-empty list", "forms = []", 2),
        (('forms = ["bra"], basis', 'forms = ["bra"], checked = "sure", basis'), "checked must be", '"bra"', 2),
    ],
)
def test_a_wrong_entry_is_reported_at_its_line_and_the_rest_is_used(
    tmp_path: Path, change: tuple[str, str], message: str, marker: str, kept: int
) -> None:
    bad = GOOD.replace('id = "good"', 'id = "bad"')
    assert change[0] in bad
    path = _write(tmp_path, GOOD + bad.replace(*change))
    start = len(GOOD.splitlines())  # the bad concept's lines come after the good one's
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if n > start and marker in text)
    base = load(tmp_path)
    assert base.errors[0].startswith(f"{path}:{line}: ") and message in base.errors[0], (base.errors, line)
    # beside it at most the gap it leaves: a row in an unknown language leaves its language uncovered
    assert all("and no 'missing' reason" in e and e.startswith(f"{path}:{start + 2}: ") for e in base.errors[1:])
    assert len(base.concepts) == kept  # the good concept always; the bad one too when only a row was wrong
    assert base.concepts[0].id == "good"


def test_a_duplicate_id_and_a_broken_file_are_reported_not_raised(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD + GOOD)
    base = load(tmp_path)
    assert len(base.concepts) == 1
    second = len(GOOD.splitlines()) + 2  # GOOD opens with an empty line, then its header
    assert base.errors == [f"{path}:{second}: concept 'good' is already at {path}:2; left out"]
    (tmp_path / "broken.toml").write_text("[[concept]\nid = 1\n", encoding="utf-8")
    errors = load(tmp_path).errors
    assert any(e.startswith(f"{tmp_path / 'broken.toml'}:") and "left out" in e for e in errors)
    (tmp_path / "aligned.computed.toml").write_text("not toml at all [", encoding="utf-8")
    assert len(load(tmp_path).errors) == len(errors)  # the computed alignment is not read as concepts


def test_a_file_of_law_titles_is_read_as_such_and_a_wrong_kind_is_reported(tmp_path: Path) -> None:
    (tmp_path / "titles.toml").write_text('kind = "law-title"\n' + GOOD, encoding="utf-8")
    base = load(tmp_path)
    assert not base.errors and [c.is_law_title for c in base.concepts] == [True]
    (tmp_path / "titles.toml").write_text('\nkind = "glossary"\n' + GOOD, encoding="utf-8")
    base = load(tmp_path)
    assert base.errors and base.errors[0].startswith(f"{tmp_path / 'titles.toml'}:2: kind must be one of")
    assert [c.is_law_title for c in base.concepts] == [False]  # read as a concept, not left out


def test_a_law_titles_english_words_stay_on_english_pages(base: TermBase) -> None:
    """A title is typed in the reader's language: the Finnish search carries no English title
    words (they cost every page's weight), a concept's English words it carries everywhere."""
    titles = [c for c in base.concepts if c.is_law_title]
    assert len({refs.law_of(c.laws[0]) for c in titles}) == 93
    for lang in ("fi", "sv", "tr", "pl"):
        carried = {word for words, *_ in base.synonyms(lang) for word in words}
        for concept in titles:
            assert not set(concept.forms("en")) - set(concept.forms(lang)) & carried - {
                w for c in base.concepts if not c.is_law_title for w in c.forms("en")
            }, (lang, concept.id)
    english = {word for words, *_ in base.synonyms("en") for word in words}
    assert all(set(c.forms("en")) <= english for c in titles)


# -- the page ---------------------------------------------------------------------------------


def details(corpus: Corpus, base: TermBase, lang: str) -> str:
    """Every page of details of the term base in ``lang``, as one text (the index left out)."""
    return "".join(page.markdown() for page in terms_pages(corpus, base, lang)[1:])


def test_the_pages_exist_in_every_language_with_each_concept_and_its_links(base: TermBase, corpus: Corpus) -> None:
    pages = {lang: terms_pages(corpus, base, lang) for lang in facts.INTERFACE_LANGUAGES}
    index = {lang: found[0] for lang, found in pages.items()}
    assert index["en"].url == "terms/" and index["fi"].url == "fi/terms/" and index["fi"].path == "fi/terms/index.md"
    assert pages["fi"][2].url == "fi/terms/10-19/" and pages["fi"][2].path == "fi/terms/10-19.md"
    for found in pages.values():
        for page in found:  # each page's language versions are the same page in every language
            assert page.alternates == {
                lang: page.url.replace(f"{urls.terms(page.lang)}", urls.terms(lang), 1)
                for lang in facts.INTERFACE_LANGUAGES
            }
    fi = details(corpus, base, "fi")
    for concept in base.concepts:
        assert f'id="{concept.id}"' in fi
    penalty = fi[fi.index('id="penalty-card"') :].split('<div class="term-concept">')[0]
    assert ">rangaistuskortti</h3>" in penalty
    assert '<span lang="sv">straffkort, straffkortet' in penalty and '<span lang="pl">karta przygwożdżona' in penalty
    assert (
        '<strong><a href="../../laws/50/">50</a></strong> <small>(määräävä pykälä)</small> <a href="../../laws/51/">'
        in penalty
    )
    assert 'href="../../2007/definitions/#def-rangaistuskortti" hreflang="fi"' in penalty
    en = details(corpus, base, "en")
    assert '<strong><a href="../../laws/50/">50</a></strong> <small>(governing law)</small>' in en
    assert re.search(r'<dd class="term-missing">no term <small class="term-basis">\(', en)  # a reason shown
    artificial = fi[fi.index('id="artificial-adjusted-score"') :].split("</div>")[0]
    assert '; 1997: <strong><a href="../../laws/12/">12C1(b)' not in artificial  # display form of 12C1 is 12C1
    assert '; 1997: <strong><a href="../../laws/12/">12C1</a>' in artificial
    # a law's title first under the law, then the concepts it governs
    law50 = fi[fi.index('<h2 id="law-50">') + 1 :].split("<h2 ")[0]
    assert law50.index('id="law-title-50"') < law50.index('id="penalty-card"')


def test_the_pages_are_generated_and_linked_from_every_home(base: TermBase, corpus: Corpus) -> None:
    linkage = pipeline.link(corpus, pipeline.load_concordance(CONTENT))
    plan = pipeline.render(corpus, linkage, search.read_vocabulary(CONTENT), None, base)
    assert {f"{lang}/terms/index.md" for lang in facts.INTERFACE_LANGUAGES} <= set(plan.files)
    assert {f"{lang}/terms/90-93.md" for lang in facts.INTERFACE_LANGUAGES} <= set(plan.files)
    for lang in facts.INTERFACE_LANGUAGES:
        home = home_page(corpus, lang)
        assert f'href="{home.link(urls.terms(lang))}"' in home.markdown()
    assert (urls.terms("fi"), True) in urls.site_pages() and (urls.terms("en"), True) in urls.site_pages()


def test_a_laws_where_to_read_page_names_it_and_its_concepts_in_the_readers_words(
    base: TermBase, corpus: Corpus
) -> None:
    """Where a language has no text of a law, its "where to read Law N" page (what search's
    concept results link to) gives the law's title in the language (law-titles.toml) and the
    concepts the law governs in the language's words, each linked to the terms page; a language
    with a text of the law keeps the text's title."""
    linkage = pipeline.link(corpus, pipeline.load_concordance(CONTENT))
    split = lawsubjects.split_laws(linkage.concordance, facts.LAW_NUMBERS)
    assert 23 in split
    checked = 0
    for lang in facts.INTERFACE_LANGUAGES:
        terms_ids = set(re.findall(r'id="([^"]+)"', details(corpus, base, lang)))
        for number in facts.LAW_NUMBERS:
            page = hub_page(corpus, linkage, lang, number, base)
            text = page.markdown()
            title = law_title(base, number, lang)
            if number in split:  # one title per rule, each with its editions (tests/test_law_subjects.py)
                assert text.count('class="law-subject"') == len(lawsubjects.subjects(linkage.concordance, number))
            elif corpus.law_title(number, lang) or not title:
                assert 'class="hub-title"' not in text
            else:
                shown = re.search(r'<p class="hub-title"><strong>(.*?)</strong>(.*?)</p>', text)
                assert shown and shown[1] == html_escape(title), (lang, number)
                # a curated title not read in a published text says so, in the page's language
                concept = law_title_concept(base, number, lang)
                assert concept
                unread = concept.terms_in(lang)[0].checked is Checked.NOT_VERIFIED
                assert (t(lang, "not_verified") in shown[2]) == unread, (lang, number)
                assert page.title.endswith(f" · {title}")
            listed = re.findall(
                r'<li><a href="[^"#]*#([^"]+)">([^<]+)</a></li>', text.split('class="hub-concepts"')[-1]
            )
            wanted = governed_concepts(base, number, lang)
            assert [concept_id for concept_id, _ in listed] == [c.id for c, _ in wanted] if wanted else not listed
            assert {concept_id for concept_id, _ in listed} <= terms_ids
            assert all(
                f"/{urls.terms_laws(number)[0]}-" in href
                for href in re.findall(r'<li><a href="([^"#]*)#', text.split('class="hub-concepts"')[-1])
            )
            checked += len(listed)
    assert checked > 300
    # what a Swedish director who searched for a penalty card lands on
    penalty = hub_page(corpus, linkage, "sv", 50, base).markdown()
    assert '<a href="../../terms/50-59/#penalty-card">straffkort</a>' in penalty
    assert "Lag 50 · " in hub_page(corpus, linkage, "sv", 50, base).title


def test_a_concept_is_listed_on_the_page_of_its_governing_law_only(base: TermBase) -> None:
    penalty = next(c for c in base.concepts if c.id == "penalty-card")
    assert penalty.governing() == "50"
    assert penalty in [c for c, _ in governed_concepts(base, 50, "fi")]
    assert penalty not in [
        c for c, _ in governed_concepts(base, 51, "fi")
    ]  # 51 is one of its laws, not its governing one
    assert all(not c.is_law_title for n in facts.LAW_NUMBERS for c, _ in governed_concepts(base, n, "sv"))


@pytest.mark.browser
def test_the_finnish_term_pages_fit_a_360_px_phone(browser: Any, base_url: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        page.goto(base_url + "fi/terms/")
        assert page.locator(".term-letter li").count() >= 100
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        page.goto(base_url + "fi/terms/40-49/")
        assert page.locator(".term-concept").count() >= 20
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        spans = page.eval_on_selector_all(".term-langs dd > span[lang]", "els => els.map(e => e.lang)")
        assert set(spans) == set(facts.INTERFACE_LANGUAGES)
    finally:
        page.close()


@pytest.mark.parametrize(
    "text",
    [
        "concept = 1\n",
        '[[concept]]\nid = "x"\nlaws = ["50"]\nlaws_in = "1997"\nterms = []\n',
        '[[concept]]\nid = "x"\nlaws = ["50"]\nterms = "penalty card"\n',
        '[[concept]]\nid = "x"\nlaws = [50]\nterms = [1, "x"]\n',
        '[[concept]]\nid = "x"\nlaws = ["50"]\ndefined = [1, { doc = 2 }]\nterms = [{ lang = "en", forms = ["x"] }]\n',
        '[[concept]]\nid = "x"\nlaws = ["50"]\n'
        'terms = [{ lang = "en", forms = "x", basis = "b" }, { lang = "fi", missing = "" }]\n',
    ],
)
def test_hostile_shapes_are_errors_never_exceptions(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path, text)
    base = load(tmp_path)
    assert base.errors and all(e.startswith(f"{path}:") for e in base.errors), base.errors
    assert all(c.terms or c.missing for c in base.concepts)


@pytest.mark.parametrize(
    ("row", "checked"),
    [
        pytest.param('forms = ["bra"], basis = "curated"', Checked.NOT_VERIFIED, id="curated-unsaid"),
        pytest.param('forms = ["bra"], basis = "curated", checked = "read"', Checked.READ, id="curated-read"),
        pytest.param('forms = ["bra"], source = "sv-2007", at = "16", basis = "law title"', Checked.READ, id="seeded"),
        pytest.param(
            'forms = ["bra"], source = "sv-2007", at = "16", basis = "x", checked = "not verified"',
            Checked.NOT_VERIFIED,
            id="seeded-said-otherwise",
        ),
    ],
)
def test_a_term_says_how_sure_it_is(tmp_path: Path, row: str, checked: Checked) -> None:
    """A term row's own `checked`, else read when seeded (the check finds it printed), else not verified."""
    _write(tmp_path, GOOD.replace('forms = ["bra"], basis = "curated"', row))
    loaded = load(tmp_path)
    assert loaded.errors == [] and loaded.concepts[0].terms_in("sv")[0].checked is checked


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_terms_page_marks_every_term_not_verified_in_words(base: TermBase, corpus: Corpus, lang: str) -> None:
    """Each term's source label says "not verified" exactly where its row was not read."""
    page = details(corpus, base, lang)
    unread = sum(1 for c in base.concepts for term in c.terms if term.checked is Checked.NOT_VERIFIED)
    read = sum(1 for c in base.concepts for term in c.terms if term.checked is Checked.READ)
    assert unread and read
    assert page.count(f'<small class="term-basis not-verified">{t(lang, "terms_basis_not_verified")}: ') == unread
    assert page.count(f'<small class="term-basis">{t(lang, "terms_basis")}: ') == read
