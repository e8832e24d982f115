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


def test_a_pair_called_reworded_whose_words_are_kept_shows_its_changes(corpus: Corpus, linkage: Linkage) -> None:
    """The concordance calls 1997 6E4 ↔ 2007 6E4 reworded, but the 2007 text keeps two fifths of
    the words: the reader sees what changed, not a claim with nothing marked."""
    if not any(p.relation.value == "reworded" and p.old == "6E4" for p in linkage.concordance.pairs):
        pytest.skip("the concordance no longer calls 6E4 reworded")
    redline = cell(row(table(corpus, linkage, 6), "6E4"), "fi-2007").find("div", class_="redline")
    assert isinstance(redline, Tag)
    assert not redline.find("p", class_="reworded") and redline.find_all("del") and redline.find_all("ins")


def _words(tag: Tag) -> int:
    return sum(len(found.get_text(" ").split()) for found in tag.find_all(["del", "ins"]))


@pytest.mark.parametrize("number", [6, 9, 12, 13, 16, 17])
def test_rewording_is_claimed_only_of_texts_and_shown_beside_them(
    corpus: Corpus, linkage: Linkage, number: int
) -> None:
    """A cell says "reworded" only where both texts have a text (not a heading whose text is in
    the rows below: 2007 16B over 16B1-16B3) and then marks nothing; a heading compares its
    title only, so the other edition's paragraphs are never struck out in its cell."""
    found = table(corpus, linkage, number)
    claimed = headings = 0
    for tr in found.find_all("tr", id=True):
        tds = [td for td in tr.find_all("td", attrs={"data-doc": ["fi-1997", "fi-2007"]}) if not td.get("class")]
        if len(tds) != 2:
            continue
        old, new = tds
        redline = new.find("div", class_="redline")
        assert isinstance(redline, Tag)
        plain = new.find("div", class_="plain")
        assert isinstance(plain, Tag)
        # a provision's paragraphs are the cell's unclassed <p>s (its head and notes have a class)
        has_text = [bool(part.find_all("p", class_=False, recursive=False)) for part in (old, plain)]
        if redline.find("p", class_="reworded"):
            claimed += 1
            assert all(has_text), f"{number} {tr['id']}: a heading said to be reworded"
            assert not redline.find_all(["del", "ins"])
        elif not all(has_text):
            headings += 1
            titles = [td.find("p", class_="cell-head").get_text(" ") for td in (old, new)]
            assert _words(redline) <= sum(len(title.split()) for title in titles), f"{number} {tr['id']}"
    if number in (16, 17, 12):
        assert headings, f"no heading row in Law {number}: the case is not tested"
    if number == 6:
        assert claimed, "Law 6 has rewritten provisions (6D1): none said so"


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


def test_a_footnote_marker_is_a_named_link_not_a_word(corpus: Corpus, linkage: Linkage) -> None:
    """2007 16B1(a) prints footnote 2 after "odottamattomalla": in the compare view it is a raised
    link to the footnote on the law page, named as a footnote, and the redline leaves it out."""
    markers = []
    for td in table(corpus, linkage, 16).find_all("td", attrs={"data-doc": "fi-2007"}):
        plain = td.find("div", class_="plain") or td
        markers += plain.select("sup.fn-ref a")
        redline = td.find("div", class_="redline")
        if isinstance(redline, Tag):
            assert not redline.select("sup.fn-ref")
            changed = [found.get_text(" ").split() for found in redline.find_all(["del", "ins"])]
            assert not any(words == ["2"] for words in changed)
    assert markers, "no footnote marker in the 2007 Law 16 cells"
    for marker in markers:
        assert marker["href"].startswith("../../fi/2007/16/#fn-16-"), marker
        assert marker["aria-label"] == f"footnote {marker.get_text()}" and marker["hreflang"] == "fi"


def _letters(tag: Tag, left_out: str) -> str:
    """A cell part's text without whitespace, its label and what ``left_out`` names (``del``: the
    struck-out words of a redline; ``sup``: the plain text's footnote markers, which the redline
    leaves out) left out."""
    return "".join(
        "".join(text.split())
        for text in tag.find_all(string=True)
        if not text.find_parent(left_out) and text.find_parent("a", class_="cell-label") is None
    )


@pytest.mark.parametrize("number", [6, 12, 13, 16])
def test_the_redline_is_laid_out_as_its_plain_text(corpus: Corpus, linkage: Linkage, number: int) -> None:
    """With changes marked, a newer edition's cell keeps its plain text's layout: the title in
    bold on the label's line (its words, the struck-out ones dropped, the title's), and each
    paragraph a paragraph of its own (their words the paragraphs')."""
    found = table(corpus, linkage, number)
    titled = 0
    for redline in found.find_all("div", class_="redline"):
        if redline.find("p", class_="reworded"):
            continue  # a rewritten pair shows its plain text
        plain = redline.find_previous_sibling("div", class_="plain")
        assert isinstance(plain, Tag)
        heads = [part.find("p", class_="cell-head") for part in (redline, plain)]
        assert all(isinstance(head, Tag) for head in heads)
        strong, plain_strong = (head.find("strong") for head in heads)  # type: ignore[union-attr]
        assert bool(strong) == bool(plain_strong), redline
        if isinstance(strong, Tag) and isinstance(plain_strong, Tag):
            assert _letters(strong, "del") == _letters(plain_strong, "sup")
            titled += 1
        paragraphs = [part.find_all("p", class_=False, recursive=False) for part in (redline, plain)]
        assert [_letters(p, "del") for p in paragraphs[0]] == [_letters(p, "sup") for p in paragraphs[1]], redline
    assert titled, f"no titled provision with its changes in Law {number}: the case is not tested"
