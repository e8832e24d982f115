"""The numbering-changes view: chains of corresponding provisions through 1997, 2007 and 2017."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.concordance import Concordance, Pair, Relation
from bridgelaws.stage4_render.numbering import UNKNOWN, chains, numbering_page

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


def test_every_cell_of_the_real_view_is_a_link(corpus: corpus_module.Corpus) -> None:
    concordance = pipeline.load_concordance(ROOT / "content")
    linkage = pipeline.link(corpus, concordance)
    html = "\n".join(numbering_page(corpus, linkage, 16).body)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
    edition_cells = [cell for index, cell in enumerate(cells) if index % 4 != 3]  # the fourth says how
    assert len(edition_cells) > 20
    assert all(cell.startswith("<a href=") for cell in edition_cells), edition_cells
    assert '<a href="../../fi/1997/16/#16A" hreflang="fi">16A</a>' in html  # 1997 16A …
    row_16a = next(r for r in html.split("<tr>") if ">16A</a></td><td><a" in r and "1997/16/#16A" in r)
    assert "2007/16/#16B" in row_16a  # … is 2007 16B
