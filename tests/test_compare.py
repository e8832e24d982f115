"""The compare page as HTML: rows through the concordance, honest gaps, the redline per row."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup, Tag

from bridgelaws import pipeline
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.compare import compare_page
from conftest import ROOT

COMPUTED = ROOT / "content" / pipeline.CONCORDANCE_FOLDER / "1997-2007.computed.toml"


@pytest.fixture(scope="module")
def linkage(corpus: Corpus) -> Linkage:
    if not COMPUTED.exists():
        pytest.skip(f"{COMPUTED.relative_to(ROOT)} is absent: the compare pages need the 1997-2007 rows")
    return pipeline.link(corpus, pipeline.load_concordance(ROOT / "content"))


def table(corpus: Corpus, linkage: Linkage, number: int) -> Tag:
    page = compare_page(corpus, linkage, number)
    found = BeautifulSoup("\n".join(page.body), "html.parser").find("table", class_="compare")
    assert isinstance(found, Tag)
    return found


def row(found: Tag, anchor: str) -> Tag:
    tr = found.find("tr", id=anchor)
    assert isinstance(tr, Tag), anchor
    return tr


def cell(tr: Tag, doc: str) -> Tag:
    td = tr.find("td", attrs={"data-doc": doc})
    assert isinstance(td, Tag), doc
    return td


def label(td: Tag) -> str:
    found = td.find("a", class_="cell-label")
    return found.get_text() if isinstance(found, Tag) else ""


def test_1997_16a_stands_beside_2007_16b(corpus: Corpus, linkage: Linkage) -> None:
    tr = row(table(corpus, linkage, 16), "16B")
    assert label(cell(tr, "fi-1997")) == "16A" and label(cell(tr, "fi-2007")) == "16B"
    header = tr.find("th")
    assert isinstance(header, Tag) and " ".join(header.get_text(" ").split()) == "1997 16A ↔ 2007 16B"
    assert tr.find(id="1997-16A") is not None  # the 1997 provision's own target, in its row
    link = cell(tr, "fi-1997").find("a", class_="cell-label")
    assert isinstance(link, Tag) and link["href"] == "../../fi/1997/16/#16A"
    assert cell(tr, "fi-1997")["lang"] == "fi" and cell(tr, "fi-1997")["data-label"] == "Suomi 1997"


def test_a_gap_says_new_or_dropped(corpus: Corpus, linkage: Linkage) -> None:
    found = table(corpus, linkage, 13)
    gap = cell(row(found, "13E"), "fi-1997")
    assert "gap" in gap["class"] and gap.get_text() == "new in 2007"
    texts = {td.get_text() for td in found.find_all("td", class_="gap")}
    assert "dropped in 2017" in texts  # tr-2017 has Law 13: 2007 13E is not in it


def test_the_redline_compares_corresponding_cells_word_by_word(corpus: Corpus, linkage: Linkage) -> None:
    tr = row(table(corpus, linkage, 16), "16D1")  # 1997 16C1 ↔ 2007 16D1
    redline = cell(tr, "fi-2007").find("div", class_="redline")
    assert isinstance(redline, Tag) and redline["data-against"] == "fi-1997"
    assert [d.get_text() for d in redline.find_all("del")] == ["Syytön osapuoli", "luvallisia,", "toimet."]
    assert [i.get_text() for i in redline.find_all("ins")] == ["laillisia,", "toimi."]


def test_a_reworded_pair_is_read_side_by_side(corpus: Corpus, linkage: Linkage) -> None:
    if not any(p.relation.value == "reworded" and p.old == "6E4" for p in linkage.concordance.pairs):
        pytest.skip("the concordance no longer calls 6E4 reworded")
    redline = cell(row(table(corpus, linkage, 6), "6E4"), "fi-2007").find("div", class_="redline")
    assert isinstance(redline, Tag)
    assert "Reworded in 2007" in redline.get_text() and not redline.find_all(["del", "ins"])


def test_a_rewritten_pair_is_read_side_by_side_not_struck_out(corpus: Corpus, linkage: Linkage) -> None:
    """1997 16's opening paragraph and 2007 16A's title share no word: the 2007 cell says it was
    rewritten instead of striking out the whole 1997 text; a pair with words kept is redlined."""
    found = table(corpus, linkage, 16)
    rewritten_rows, redlined_rows = 0, 0
    for redline in found.find_all("div", class_="redline"):
        if redline.find("p", class_="reworded"):
            rewritten_rows += 1
            assert not redline.find_all(["del", "ins"])
        else:
            redlined_rows += 1
    assert rewritten_rows and redlined_rows
    opening = cell(row(found, "16A"), "fi-2007").find("div", class_="redline")
    assert isinstance(opening, Tag) and opening.find("p", class_="reworded"), opening


def test_ids_are_unique(corpus: Corpus, linkage: Linkage) -> None:
    for number in (9, 12, 13, 16):
        ids = [tag["id"] for tag in table(corpus, linkage, number).find_all(id=True)]
        assert len(ids) == len(set(ids)), number


def test_the_readers_own_texts_are_the_columns_shown_first(corpus: Corpus, linkage: Linkage) -> None:
    """With no ``?c=``, a compare view shows the page language's own texts of the law first
    (the Turkish view of Law 45 starts with the Turkish text), then others, three in all."""
    checked_langs = 0
    for lang in ("fi", "sv", "tr"):
        for number in sorted({law.number for e in corpus.in_language(lang) for law in e.document.laws})[:6]:
            page = BeautifulSoup("\n".join(compare_page(corpus, linkage, number, lang).body), "html.parser")
            boxes = page.select('.compare-choice input[name="c"]')
            ticked = [box["value"] for box in boxes if box.has_attr("checked")]
            own = [e.meta.id for e in corpus.in_language(lang) if e.document.law(number)]
            assert len(ticked) == min(3, len(boxes)), (lang, number, ticked)
            assert set(own[:3]) <= set(ticked), (lang, number, ticked)
            checked_langs += 1
    assert checked_langs >= 12
