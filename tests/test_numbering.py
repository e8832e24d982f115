"""The numbering-changes view: chains of corresponding provisions through 1997, 2007 and 2017."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import Concordance, Pair, Relation
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.numbering import UNKNOWN, chains, numbering_page
from bridgelaws.stage4_render.page import t

ROOT = Path(__file__).resolve().parent.parent


def row(editions: tuple[str, str], old: str | None, new: str | None, relation: str) -> Pair:
    return Pair(editions, old, new, Relation(relation), "test")


TABLE = Concordance(
    [
        row(("1997", "2007"), "16A", "16B", "renumbered"),
        row(("2007", "2017"), "16B", "16B", "same"),
        row(("2007", "2017"), "16D", "16C", "renumbered"),
        row(("1997", "2007"), "16B2", None, "dropped"),
        row(("2007", "2017"), None, "16E", "new"),
    ]
)


@pytest.mark.parametrize(
    ("chain", "relations"),
    [
        pytest.param({"1997": "16A", "2007": "16B", "2017": "16B"}, ["renumbered", "same"], id="through-2007"),
        pytest.param({"1997": UNKNOWN, "2007": "16D", "2017": "16C"}, ["renumbered"], id="no-1997-row"),
        pytest.param({"1997": "16B2", "2007": None, "2017": None}, ["dropped"], id="dropped"),
        pytest.param({"1997": None, "2007": None, "2017": "16E"}, ["new"], id="new"),
    ],
)
def test_rows_join_into_chains(chain: dict[str, str | None], relations: list[str]) -> None:
    found = [(c.refs, c.relations) for c in chains(TABLE, 16)]
    assert (chain, relations) in found
    assert len(found) == 4


@pytest.fixture(scope="module")
def real_linkage(corpus: corpus_module.Corpus) -> Linkage:
    return pipeline.link(corpus, pipeline.load_concordance(ROOT / "content"))


def test_every_cell_of_the_real_view_is_a_link(corpus: corpus_module.Corpus, real_linkage: Linkage) -> None:
    html = "\n".join(numbering_page(corpus, real_linkage, 16).body)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
    edition_cells = [cell for index, cell in enumerate(cells) if index % 4 != 3]  # the fourth says how
    assert len(edition_cells) > 20
    assert all(cell.startswith("<a href=") for cell in edition_cells), edition_cells
    assert '<a href="../../fi/1997/16/#16A" hreflang="fi">16A</a>' in html  # 1997 16A …
    row_16a = next(r for r in html.split("<tr>") if ">16A</a></td><td><a" in r and "1997/16/#16A" in r)
    assert "2007/16/#16B" in row_16a  # … is 2007 16B


@pytest.mark.parametrize(("lang", "number"), [("sv", 16), ("en", 12), ("fi", 45), ("tr", 16), ("pl", 13)])
def test_the_view_explains_its_marks_above_the_table(
    corpus: corpus_module.Corpus, real_linkage: Linkage, lang: str, number: int
) -> None:
    """A phone shows no tooltip: each mark the table uses ("?", "none", the change column, "not
    verified") and each edition no text holds the law in is explained in a key above the table,
    and only those."""
    html = "\n".join(numbering_page(corpus, real_linkage, number, lang).body)
    key = re.search(r'<dl class="numbering-legend">(.*?)</dl>', html)
    assert key and html.index("numbering-legend") < html.index("<table>"), "no key above the table"
    explained = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", key[1]))
    table = html[html.index("<table>") :]
    cells = re.findall(r"<td[^>]*><a [^>]*>(.*?)</a></td>", table)
    assert (UNKNOWN in explained) == (UNKNOWN in cells)
    assert (t(lang, "numbering_none") in explained) == (t(lang, "numbering_none") in cells)
    assert explained[t(lang, "numbering_how")].startswith(t(lang, "numbering_how_legend"))
    assert (f"({t(lang, 'not_verified')})" in explained) == ("not-verified" in table)
    for edition in ("1997", "2007", "2017"):
        holders = [e for e in corpus.having_law(number) if e.meta.edition == edition]
        column = [
            re.findall(r"<td[^>]*>.*?</td>", r)[("1997", "2007", "2017").index(edition)] for r in table.split("<tr")[2:]
        ]
        numbered = any(re.search(r">\d", cell) for cell in column)
        assert (edition in explained) == (numbered and not holders), (edition, explained)


@pytest.mark.parametrize("lang", ["en", "fi", "sv", "tr", "pl"])
def test_a_law_without_provision_rows_says_what_its_law_rows_say(
    corpus: corpus_module.Corpus, real_linkage: Linkage, lang: str
) -> None:
    """Law 56 has no provision row, only law rows (1997 ↔ 2007 read, 2007 ↔ 2017 not verified):
    its view says, per step, that the law kept its number and subject, the unread step marked,
    and never that the concordance has no rows for it."""
    html = "\n".join(numbering_page(corpus, real_linkage, 56, lang).body)
    assert t(lang, "numbering_no_rows") not in html
    steps = re.findall(r"<li>(.*?)</li>", html)
    said = [t(lang, "numbering_law_same", older=old, newer=new) for old, new in (("1997", "2007"), ("2007", "2017"))]
    assert [step.split(" <span")[0] for step in steps] == said
    marked = [f"({t(lang, 'not_verified')})" in step for step in steps]
    assert marked == [False, True]


def test_a_law_with_no_row_at_all_still_says_so(corpus: corpus_module.Corpus) -> None:
    """With neither provision nor law rows (a concordance that knows nothing of the law), the
    view says the concordance has no rows for it."""
    linkage = pipeline.link(corpus, TABLE)
    html = "\n".join(numbering_page(corpus, linkage, 56).body)
    assert t("en", "numbering_no_rows") in html


def test_what_the_law_rows_say_is_one_list(corpus: corpus_module.Corpus, real_linkage: Linkage) -> None:
    """Every law's view says what its law rows say in one list, never two one after the other
    (Law 35: its subject changed in part between 1997 and 2007, kept whole between 2007 and 2017)."""
    for number in range(1, 94):
        html = "\n".join(numbering_page(corpus, real_linkage, number).body)
        assert html.count('<ul class="law-notes">') <= 1, number
    html = "\n".join(numbering_page(corpus, real_linkage, 35).body)
    assert re.search(r'<ul class="law-notes"><li>[^<]*1997[^<]*2007.*?</li><li>[^<]*2007[^<]*2017', html), html
