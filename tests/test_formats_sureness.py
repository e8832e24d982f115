"""How sure the translators' formats say their curated data is (issue 39): a TMX unit across
editions says whether the concordance rows that pair it were read in a published text
(``x-checked``), as the compare view marks its cells; a TBX term says what its row's ``checked``
says.  Both read back by translate-toolkit, as a translator's tool reads them."""

from __future__ import annotations

from typing import Any

import pytest
from translate.storage import tbx, tmx

from bridgelaws import pipeline
from bridgelaws.core import urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Checked
from bridgelaws.termbase import PREFIX, TermBase
from conftest import ROOT
from test_export import build


@pytest.fixture(scope="module")
def files(corpus: Corpus) -> dict[str, str]:
    return build(corpus)


def _props(element: Any) -> dict[str, str]:
    return {prop.get("type"): prop.text for prop in element.findall("prop")}


def checked_by_pair(files: dict[str, str], first: str, second: str) -> dict[tuple[str, str], set[str | None]]:
    """Each pair of provisions' ``x-checked`` values (None where a unit has none)."""
    store = tmx.tmxfile.parsestring(files[urls.translation_memory(first, second)].encode("utf-8"))
    found: dict[tuple[str, str], set[str | None]] = {}
    for unit in store.units:
        refs = tuple(_props(tuv)["x-provision"] for tuv in unit.getlanguageNodes())
        found.setdefault((refs[0], refs[1]), set()).add(_props(unit.xmlelement).get("x-checked"))
    return found


@pytest.mark.parametrize(
    ("first", "second", "pair", "said"),
    [
        pytest.param("fi-1997", "tr-2017", ("45E1", "45E1"), "not verified", id="unread-rows-45E"),
        pytest.param("fi-1997", "tr-2017", ("45G", "45G"), "not verified", id="unread-rows-45G"),
        pytest.param("fi-1997", "tr-2017", ("45F", "45F"), "read", id="read-rows-45F"),
        pytest.param("fi-1997", "fi-2007", ("16A1", "16B2"), "read", id="read-row-renumbered"),
        pytest.param("fi-2007", "tr-2017", ("17D", "15A"), "read", id="read-row-moved"),
    ],
)
def test_a_unit_across_editions_says_whether_its_rows_were_read(
    files: dict[str, str], first: str, second: str, pair: tuple[str, str], said: str
) -> None:
    assert checked_by_pair(files, first, second)[pair] == {said}


def test_every_unit_across_editions_says_it_and_none_within_one(files: dict[str, str]) -> None:
    across = checked_by_pair(files, "fi-1997", "tr-2017")
    assert set().union(*across.values()) == {"read", "not verified"}
    within = checked_by_pair(files, "fi-2007", "sv-2007")
    assert set().union(*within.values()) == {None}


def test_a_curated_term_says_whether_its_basis_was_read(files: dict[str, str]) -> None:
    """Every curated term row says, as its row's ``checked`` does, read in a published text or not
    verified; the law titles read (The Pack, Comparable Call …) among them."""
    base: TermBase = pipeline.load_terms(ROOT / "content")
    store = tbx.tbxfile.parsestring(files[urls.term_base_tbx()].encode("utf-8"))
    units = {unit.getid(): unit for unit in store.units}
    said = {Checked.READ: 0, Checked.NOT_VERIFIED: 0}
    for concept in base.concepts:
        for lang in ("en", "fi", "sv", "tr", "pl"):
            rows = [term for term in concept.terms_in(lang) if any(not f.endswith(PREFIX) for f in term.forms)]
            read = units[concept.id].get_target_terms(lang)
            for row, term in zip(rows, read, strict=True):
                if row.seeded:
                    continue
                notes = {note.text for note in term.notes}
                mark = "curated, read in a published text" if row.checked is Checked.READ else "curated, not verified"
                assert any(note.startswith(mark) for note in notes), (concept.id, term.text, notes)
                said[row.checked] += 1
    assert said[Checked.READ] >= 10 and said[Checked.NOT_VERIFIED] > said[Checked.READ]
