"""A law number is not an identity across editions (issue 39): the concordance's law rows decide
what "Law N" of one edition is in another (``law_in``), which editions a number holds one rule
in (``law_subjects``), and so what the "where to read", laws index, coverage and numbering pages
say of it, and where a concept's law is in each edition."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import facts
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import (
    Checked,
    Concordance,
    LawPair,
    LawRelation,
    Pair,
    Relation,
    law_in,
    law_subjects,
    load,
)
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.coverage import coverage_page
from bridgelaws.stage4_render.hubs import hub_page, laws_index_page
from bridgelaws.stage4_render.law import law_page
from bridgelaws.stage4_render.numbering import numbering_page
from bridgelaws.stage4_render.page import Page, h, t
from bridgelaws.termbase.model import in_edition
from conftest import ROOT

OLD, NEW = ("1997", "2007"), ("2007", "2017")


def law(editions: tuple[str, str], old: int | None, new: int | None, relation: str, **more: object) -> LawPair:
    checked = more.pop("checked", Checked.READ)
    return LawPair(
        editions,
        str(old) if old else None,
        str(new) if new else None,
        LawRelation(relation),
        "test",
        checked,  # type: ignore[arg-type]
        **more,  # type: ignore[arg-type]
    )


def pair(editions: tuple[str, str], old: str | None, new: str | None, relation: str) -> Pair:
    return Pair(editions, old, new, Relation(relation), "test")


# A table with a law of each kind: 50 same throughout; 23 changed, then moved to 72 (72C), its
# number new in 2017 (nearest 2007 rule 27B1b); 60 dropped in 2017, its number new; 61 restructured;
# 5 with no 1997-2007 law row (Laws 1-18 are paired provision by provision).
TABLE = Concordance(
    [
        pair(NEW, "23", "72C", "moved"),
        pair(NEW, None, "23A", "new"),
        pair(NEW, "61B", "61C", "renumbered"),
        pair(NEW, None, "61D", "new"),
    ],
    laws=[
        law(OLD, 50, 50, "same"),
        law(NEW, 50, 50, "same"),
        law(OLD, 23, 23, "changed"),
        law(NEW, 23, 72, "moved"),
        law(NEW, None, 23, "new", nearest="27B1b"),
        law(OLD, 72, 72, "same"),
        law(NEW, 72, 72, "restructured", checked=Checked.NOT_VERIFIED),
        law(OLD, 60, 60, "same"),
        law(NEW, 60, None, "dropped"),
        law(NEW, None, 60, "new"),
        law(OLD, 61, 61, "same"),
        law(NEW, 61, 61, "restructured"),
        law(NEW, 5, 5, "same"),
    ],
)


@pytest.mark.parametrize(
    ("number", "edition", "other", "wanted"),
    [
        pytest.param(50, "1997", "2017", [50], id="same-throughout"),
        pytest.param(23, "2007", "2017", [72], id="moved-forward"),
        pytest.param(23, "1997", "2017", [72], id="changed-then-moved"),
        pytest.param(23, "2017", "2007", [], id="new-has-none-back"),
        pytest.param(23, "2017", "1997", [], id="new-has-none-two-steps-back"),
        pytest.param(72, "2017", "2007", [72], id="a-law-a-subject-moved-into-keeps-its-own"),
        pytest.param(60, "2007", "2017", [], id="dropped"),
        pytest.param(61, "2017", "1997", [61], id="restructured-keeps-it"),
        pytest.param(5, "2017", "1997", None, id="no-row-on-a-step-says-nothing"),
        pytest.param(7, "2017", "2007", None, id="no-row-at-all"),
        pytest.param(23, "2007", "2007", [23], id="same-edition"),
    ],
)
def test_a_law_in_another_edition_follows_the_law_rows(
    number: int, edition: str, other: str, wanted: list[int] | None
) -> None:
    assert law_in(TABLE, number, edition, other) == wanted


@pytest.mark.parametrize(
    ("number", "spans", "came", "went", "within", "joined"),
    [
        pytest.param(50, [("1997", "2007", "2017")], [], [], ["same", "same"], [], id="same"),
        pytest.param(23, [("1997", "2007"), ("2017",)], ["new"], ["moved"], ["changed"], [], id="moved-and-new"),
        pytest.param(60, [("1997", "2007"), ("2017",)], ["new"], ["dropped"], ["same"], [], id="dropped-and-new"),
        pytest.param(72, [("1997", "2007", "2017")], [], [], ["same", "restructured"], ["moved"], id="joined"),
        pytest.param(5, [("1997", "2007", "2017")], [], [], ["same"], [], id="no-row-keeps-the-number"),
    ],
)
def test_a_number_holds_one_rule_per_span_of_editions(
    number: int,
    spans: list[tuple[str, ...]],
    came: list[str],
    went: list[str],
    within: list[str],
    joined: list[str],
) -> None:
    found = law_subjects(TABLE, number)
    assert [s.editions for s in found] == spans
    assert [str(r.relation) for s in found for r in s.came] == came
    assert [str(r.relation) for s in found for r in s.went] == went
    assert [str(r.relation) for s in found for r in s.within] == within
    assert [str(r.relation) for s in found for r in s.joined] == joined


@pytest.mark.parametrize(
    ("ref", "edition", "other", "wanted"),
    [
        pytest.param("23", "2007", "2017", "72C", id="provision-row-first"),
        pytest.param("23A", "2017", "2007", "", id="new-provision-of-a-new-law-none"),
        pytest.param("23", "2017", "2007", "", id="a-new-law-none"),
        pytest.param("61D", "2017", "2007", "61", id="new-provision-of-a-kept-law-the-law"),
        pytest.param("61C", "2017", "2007", "61B", id="renumbered"),
        pytest.param("72B", "2017", "2007", "72", id="no-provision-row-the-law-rows-law"),
        pytest.param("23", "1997", "2017", "72", id="no-1997-row-the-laws-way"),
        pytest.param("7B", "2017", "2007", "7", id="no-row-at-all-the-number"),
    ],
)
def test_a_concepts_law_goes_through_provision_rows_then_law_rows(
    ref: str, edition: str, other: str, wanted: str
) -> None:
    assert in_edition(ref, edition, other, TABLE) == wanted


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        pytest.param('old = "23"\nnew = "23"\nrelation = "same"\nnearest = "27B1b"', "nearest is for a new", id="same"),
        pytest.param('new = "23"\nrelation = "new"\nnearest = "27 B"', "not a canonical", id="not-a-ref"),
        pytest.param('new = "23"\nrelation = "new"\nnearest = "27B1b"', "", id="new"),
        pytest.param('old = "60"\nrelation = "dropped"\nnearest = "12C4"', "", id="dropped"),
    ],
)
def test_nearest_is_read_on_a_new_or_dropped_law_row_only(tmp_path: Path, row: str, problem: str) -> None:
    (tmp_path / "2007-2017.curated.toml").write_text(
        f'editions = ["2007", "2017"]\n\n[[law]]\n{row}\nbasis = "test"\nchecked = "read"\n', encoding="utf-8"
    )
    table = load(tmp_path)
    if problem:
        assert table.laws == [] and len(table.errors) == 1 and problem in table.errors[0]
        assert "2007-2017.curated.toml:3" in table.errors[0]
    else:
        assert table.errors == [] and table.laws[0].nearest and table.laws[0].nearest[:2] in ("27", "12")


# -- the pages, over the table's kinds -------------------------------------------------------------


@pytest.fixture(scope="module")
def table_linkage(corpus: corpus_module.Corpus) -> Linkage:
    return pipeline.link(corpus, TABLE)


def sections(markdown: str) -> dict[str, str]:
    """Each rule's part of a "where to read" page, by the first edition's anchor."""
    return {
        match[1]: match[0]
        for match in re.finditer(r'<section class="law-subject"><h2 id="edition-(\d{4})">.*?</section>', markdown, re.S)
    }


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
@pytest.mark.parametrize(
    ("number", "notes"),
    [
        pytest.param(23, {"2017": ["law_new", "law_nearest"], "1997": ["law_changed", "law_moved"]}, id="moved"),
        pytest.param(60, {"2017": ["law_new"], "1997": ["law_dropped"]}, id="dropped"),
    ],
)
def test_a_number_that_is_two_rules_is_shown_as_two(
    corpus: corpus_module.Corpus, table_linkage: Linkage, lang: str, number: int, notes: dict[str, list[str]]
) -> None:
    """Each rule its own part, newest first, with an anchor per edition, what the rows say in the
    page's language, and only the texts of its own editions."""
    markdown = hub_page(corpus, table_linkage, lang, number).markdown()
    parts = sections(markdown)
    assert list(parts) == ["2017", "1997"]
    assert 'id="edition-2007"' in parts["1997"]
    assert t(lang, "law_subjects_intro", n=number) in markdown
    for first, keys in notes.items():
        for key in keys:
            # the sentence's longest run of words between its placeholders
            words = max((part.strip() for part in re.split(r"\{\w+\}", t(lang, key))), key=len)
            assert words and h(words) in parts[first], (key, first)
    # a text of the law is listed only under the rule of its edition (fi-1997 Law 23: not the 2017 rule)
    text_link = r'href="[^"#]*/(\d{4})/' + str(number) + r'/"'
    assert re.findall(text_link, parts["2017"]) == []
    older = re.findall(text_link, parts["1997"])
    assert older and set(older) <= {"1997", "2007"}
    assert t(lang, "law_subject_no_text") in parts["2017"]


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_a_moved_subject_points_where_it_went_and_its_target_says_what_joined_it(
    corpus: corpus_module.Corpus, table_linkage: Linkage, lang: str
) -> None:
    moved = sections(hub_page(corpus, table_linkage, lang, 23).markdown())["1997"]
    # 2007 Law 23 → 2017 72C: a link to where Law 72 of 2017 is read, labelled with the provision
    assert re.search(r'<a href="[^"#]*\b72/">[^<]*72 \(72C\)</a>', moved), moved
    target = hub_page(corpus, table_linkage, lang, 72).markdown()
    assert 'class="law-subject"' not in target  # one rule, which a subject joined
    assert re.search(r'<a href="\.\./23/#edition-2007">23</a>', target)
    # the restructuring was not read: marked in words, in the page's language
    notes = [line for line in target.split("</li>") if "numbering/72/" in line]
    assert len(notes) == 1 and "2017" in notes[0] and f"({t(lang, 'not_verified')})" in notes[0]


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_index_coverage_and_numbering_mark_a_number_that_is_two_rules(
    corpus: corpus_module.Corpus, table_linkage: Linkage, lang: str
) -> None:
    split = lawsubjects.split_laws(TABLE, facts.LAW_NUMBERS)
    assert split == {23, 60}
    index = laws_index_page(corpus, lang, table_linkage).markdown()
    rows = dict(re.findall(r'<tr id="law-(\d+)">(.*?)</tr>', index))
    assert {int(n) for n, row in rows.items() if 'class="law-split"' in row} == split
    # each rule on a line with its editions (the 2017 one has no title without a term base)
    assert re.search(r"<td>2017(: .*)?<br>1997(, 2007)?: ", rows["23"]), rows["23"]
    coverage = coverage_page(corpus, table_linkage, lang).markdown()
    rows = dict(re.findall(r'<tr id="law-(\d+)">(.*?)</tr>', coverage))
    assert {int(n) for n, row in rows.items() if 'class="law-split"' in row} == split
    assert t(lang, "coverage_subjects") in coverage
    numbering = numbering_page(corpus, table_linkage, 23, lang).markdown()
    assert t(lang, "law_subjects_intro", n=23) in numbering
    # a cell of an edition whose Law 23 is another rule goes to that rule's part of the page, never the text
    assert "/1997/23/" not in numbering.split("<tbody>")[1]


# Law 13 split where the real texts show it: moved on at one step and its number refilled (the
# rules' editions, as the table says them)
SPLITS = [
    pytest.param(OLD, [{"1997"}, {"2007", "2017"}], id="split-1997-2007"),
    pytest.param(NEW, [{"1997", "2007"}, {"2017"}], id="split-2007-2017"),
]


@pytest.mark.parametrize(("step", "rules"), SPLITS)
def test_a_law_page_says_its_number_is_another_rule_elsewhere_and_lists_only_its_own_rules_texts(
    corpus: corpus_module.Corpus, step: tuple[str, str], rules: list[set[str]]
) -> None:
    """Every text's page of the law: a note naming the other rule's editions, linked to that rule's
    part of the "where to read" page, and what became of this rule; "this law in other texts" and
    the edition switcher never offer another rule's text as this law (the switcher marks it ≠)."""
    table = Concordance(laws=[law(step, 13, 72, "moved"), law(step, None, 13, "new")])
    linkage = pipeline.link(corpus, table)
    holders = corpus.having_law(13)
    assert {e.meta.edition for e in holders} >= {"1997", "2007", "2017"}  # every edition's text is read
    for entry in holders:
        mine = next(rule for rule in rules if entry.meta.edition in rule)
        other = next(rule for rule in rules if rule is not mine)
        printed = entry.document.law(13)
        assert printed is not None
        html = "\n".join(law_page(corpus, linkage, entry, printed).body)
        lang = entry.meta.lang
        note = re.search(r'<div class="law-elsewhere">(.*?)</div>', html, re.S)
        assert note, entry.meta.id
        editions = ", ".join(sorted(other))
        assert h(t(lang, "law_elsewhere", n=13, editions=editions, link="")).split("{")[0][:20] in note[1]
        assert f"#edition-{min(other)}" in note[1], note[1]
        if max(mine) < max(other):  # this rule moved on to 72 in the next edition: said, and linked
            assert re.search(r'<a href="[^"]*72/[^"]*"[^>]*>[^<]*72', note[1]), note[1]
        listed = re.search(r'<nav class="other-texts".*?</nav>', html, re.S)
        shown = set(re.findall(r'href="[^"]*?/(\d{4})/13/"', listed[0])) if listed else set()
        assert shown <= mine, (entry.meta.id, shown)
        assert shown == {e.meta.edition for e in holders if e is not entry and e.meta.edition in mine}
        switch = re.search(r'<nav class="edition-switch".*?</nav>', html, re.S)
        assert switch
        for edition, marked in re.findall(
            r'data-edition="(\d{4})"[^>]*>\d{4}</a>(<abbr class="law-split")?', switch[0]
        ):
            assert bool(marked) == (edition not in mine), (entry.meta.id, edition)


@pytest.mark.parametrize(("step", "rules"), SPLITS)
@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_a_national_rule_shows_under_its_own_editions_rule(
    corpus: corpus_module.Corpus, step: tuple[str, str], rules: list[set[str]], lang: str
) -> None:
    """On the "where to read" page of a number that is two rules, each national rule is under the
    rule of its own edition (PZBS's decisions under the rule of 2017, the Finnish federation's 1997
    rules under the rule of 1997), not above both."""
    national = [entry for entry in corpus.entries if entry.meta.kind is not DocKind.LAWS]
    number = 40  # the law PZBS's decisions name most, and SBL 4 cites
    pzbs = next(entry for entry in national if entry.meta.kind is DocKind.REGULATIONS)
    assert any(ref.startswith("40") for point in pzbs.document.points for ref in point.laws)
    table = Concordance(laws=[law(step, number, 72, "moved"), law(step, None, number, "new")])
    parts = sections(hub_page(corpus, pipeline.link(corpus, table), lang, number).markdown())
    assert set(parts) == {min(rule) for rule in rules}
    for first, part in parts.items():
        rule = next(rule for rule in rules if first in rule)
        for entry in national:
            assert (f'id="rule-{entry.meta.id}-' in part) == (entry.meta.edition in rule), (first, entry.meta.id)


def test_a_law_page_of_a_number_that_is_one_rule_says_nothing_of_other_rules(
    corpus: corpus_module.Corpus, table_linkage: Linkage
) -> None:
    for entry in corpus.entries:
        for printed in entry.document.laws:
            if printed.number in (23, 60):  # the table's numbers that are two rules
                continue
            html = "\n".join(law_page(corpus, table_linkage, entry, printed).body)
            assert 'class="law-elsewhere"' not in html and 'class="law-split"' not in html, (
                entry.meta.id,
                printed.number,
            )


# -- the real data -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real() -> Concordance:
    return load(ROOT / "content" / "concordance")


def test_the_real_law_23_is_two_rules(real: Concordance) -> None:
    """2017 Law 23 (the comparable call) is new, its nearest 2007 rule 27B1(b); the 1997/2007
    Law 23 (awareness of potential damage) is 2017 72C."""
    older, newer = law_subjects(real, 23)
    assert older.editions == ("1997", "2007") and newer.editions == ("2017",)
    assert [(r.relation, r.new) for r in older.went] == [(LawRelation.MOVED, "72")]
    assert [(r.relation, r.nearest) for r in newer.came] == [(LawRelation.NEW, "27B1b")]
    assert law_in(real, 23, "2007", "2017") == [72] and law_in(real, 23, "2017", "2007") == []


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "Awareness of potential damage"),
        ("fi", "Tietoisuus mahdollisesta vahingosta"),
        ("sv", "Kännedom om möjlig skada"),
        ("pl", "Świadomość możliwości wyrządzenia szkody"),
    ],
)
def test_the_2007_law_23_is_titled_as_the_2007_rule(
    corpus: corpus_module.Corpus, real: Concordance, lang: str, title: str
) -> None:
    """The 1997/2007 Law 23's 2007 title is the awareness of potential damage in every language,
    never the narrower 1997 rule's (the Finnish 1997 text prints that one, for 1997)."""
    rule = next(subject for subject in lawsubjects.subjects(real, 23) if "2007" in subject.editions)
    found = lawsubjects.titles(corpus, pipeline.load_terms(ROOT / "content"), 23, rule, lang)
    assert next(t.text for t in found if "2007" in t.editions) == title, found


def test_every_real_split_is_a_row_that_moves_drops_or_fills_a_number(real: Concordance) -> None:
    """The numbers shown as more than one rule are exactly those a moved, dropped or new law row touches."""
    touched = {
        int(side)
        for row in real.laws
        if row.relation in (LawRelation.MOVED, LawRelation.DROPPED, LawRelation.NEW)
        for side in (row.old if row.relation is not LawRelation.NEW else row.new,)
        if side
    }
    assert lawsubjects.split_laws(real, facts.LAW_NUMBERS) == touched


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_real_where_to_read_pages_keep_each_rule_to_its_texts(
    corpus: corpus_module.Corpus, real: Concordance, lang: str
) -> None:
    """On every real number that is two rules (Law 23): each rule's part lists only texts of its
    own editions, its titles, and where it went or came from; the 2017 comparable call is not sent
    to the Finnish 1997 Law 23."""
    linkage = pipeline.link(corpus, real)
    base = pipeline.load_terms(ROOT / "content")
    for number in sorted(lawsubjects.split_laws(real, facts.LAW_NUMBERS)):
        parts = sections(hub_page(corpus, linkage, lang, number, base).markdown())
        found = lawsubjects.subjects(real, number)
        assert list(parts) == [subject.editions[0] for subject in found]
        for subject in found:
            part = parts[subject.editions[0]]
            linked = set(re.findall(r'href="[^"#]*/(\d{4})/' + str(number) + r'/"', part))
            assert linked <= set(subject.editions), (number, subject.editions, linked)
            assert 'class="law-notes"' in part and 'class="hub-title"' in part
    law_23 = sections(hub_page(corpus, linkage, lang, 23, base).markdown())
    assert "27B1(b)" in law_23["2017"] and "72 (72C)" in law_23["1997"]


# a "not verified" mark, and a link that holds one
MARK = re.compile(r'<span class="not-verified"[^>]*>[^<]*</span>')
LINK_WITH_MARK = re.compile(r"<a\b(?:(?!</a>).)*?class=\"not-verified\"", re.S)


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_a_not_verified_mark_follows_the_link_to_the_other_rule(
    corpus: corpus_module.Corpus, real: Concordance, lang: str
) -> None:
    """A law page's note on the other rule of its number (every real split, from each rule's side,
    in every language): the other rule's titles link to its part of the "where to read" page and
    each title not read in a published text is marked "not verified" right after its link, never
    inside it; no mark is lost (one per such title)."""
    base = pipeline.load_terms(ROOT / "content")
    marked = 0
    for number in sorted(lawsubjects.split_laws(real, facts.LAW_NUMBERS)):
        found = lawsubjects.subjects(real, number)
        for mine in found:
            edition = mine.editions[0]
            page = Page(url=f"{lang}/{edition}/{number}/", lang=lang, title="", body=[])
            note = "".join(lawsubjects.rule_elsewhere_block(corpus, real, page, number, edition, base))
            first = note.split("</p>")[0]  # the sentences on the other rules come first: one here
            assert not LINK_WITH_MARK.search(note), note
            titles = [t for o in found if o is not mine for t in lawsubjects.titles(corpus, base, number, o, lang)]
            unread = sum(title.checked is Checked.NOT_VERIFIED for title in titles)
            assert len(MARK.findall(first)) == unread, first
            assert len(re.findall("</a> " + MARK.pattern, first)) == unread, first
            marked += unread
    assert marked or lang == "en", lang  # the real titles of the other languages are partly unread


@pytest.mark.site
def test_no_page_marks_not_verified_inside_a_link(site: Path) -> None:
    """Every built page: a "not verified" mark says something of what a link names, and is read
    beside it; inside the link it would be part of the link's name."""
    found = []
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if "not-verified" in text and LINK_WITH_MARK.search(text):
            found.append(str(path.relative_to(site)))
    assert not found, found[:10]


def test_the_export_says_what_rules_a_number_is_and_validates(real: Concordance) -> None:
    """api/laws.json: each law's rules with their editions and their part of the "where to read"
    page (an id that page has), the nearest rule of a new law; the export validates."""
    import json

    import jsonschema

    exported = json.loads((ROOT / "content" / "docs" / "en" / "api" / "laws.json").read_text(encoding="utf-8"))
    jsonschema.validate(exported, json.loads((ROOT / "docs" / "laws-json.schema.json").read_text(encoding="utf-8")))
    for entry in exported["laws"]:
        subjects = law_subjects(real, entry["law"])
        assert [tuple(s["editions"]) for s in entry["subjects"]] == [s.editions for s in subjects]
        for subject in entry["subjects"]:
            page, anchor = subject["url"].split("#")
            hub = (ROOT / "content" / "docs" / "en" / page.strip("/")).with_suffix(".md").read_text(encoding="utf-8")
            assert f'id="{anchor}"' in hub
    assert [row["nearest"] for row in exported["concordance"] if "nearest" in row] == ["27B1b"]
    assert [len(e["subjects"]) for e in exported["laws"] if e["law"] == 23] == [2]
