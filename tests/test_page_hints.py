"""The printed book's page hints: out of the reading text, kept as provenance.

The Finnish 2007 text prints ``(s. 28) 16C :ää``: the page the cited law is on.  The hint is
lifted out of the paragraph (:mod:`bridgelaws.stage2_parse.formats.fi_pdf.hints`), the
citation grammar still reads it, the link carries it as a tooltip, the export's citation text
keeps it and the parse report lists it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.core.model import Origin, Paragraph, ParseResult
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage2_parse.formats.fi_pdf.body import make_paragraph
from bridgelaws.stage2_parse.formats.fi_pdf.hints import lift_page_hints
from bridgelaws.stage3_link.citations import Context, get_grammar
from bridgelaws.stage3_link.link import citations_in

ROOT = Path(__file__).resolve().parents[1]
HINT_IN_TEXT = re.compile(r"\(s\.\s?[0-9]{1,3}\)")


@pytest.mark.parametrize(
    ("before", "after", "hints"),
    [
        ("(ks. (s. 28) 16C :ää)", "(ks. 16C :ää)", [(5, "(s. 28) ", 28)]),
        ("4, (s.24) 12C2 ja (s. 95) 91 ).", "4, 12C2 ja 91 ).", [(3, "(s.24) ", 24), (11, "(s. 95) ", 95)]),
        ("((s. 37) 23 ) TS", "(23 ) TS", [(1, "(s. 37) ", 37)]),
        ("alempana (s. 39)", "alempana (s. 39)", []),  # no law number after it: not a hint
        ("(s. 12) kohta", "(s. 12) kohta", []),
        ("no hints", "no hints", []),
    ],
    ids=["partitive", "list", "nested-parenthesis", "no-law-after", "word-after", "none"],
)
def test_lift_page_hints(before: str, after: str, hints: list[tuple[int, str, int]]) -> None:
    step, lifted = lift_page_hints(before)
    assert step.text == after
    assert [(hint.offset, hint.text, hint.page) for hint in lifted] == hints
    assert [span.text for span in step.dropped] == [text.strip() for _, text, _ in hints]
    assert lift_page_hints(step.text)[1] == []  # idempotent


TEXT = st.text(alphabet=st.sampled_from(list("ab (s.)0123456789 ks")), max_size=60)


@given(st.lists(st.tuples(TEXT, st.integers(1, 999), st.sampled_from(["", " "])), max_size=5), TEXT)
def test_printed_text_is_restored(pieces: list[tuple[str, int, str]], tail: str) -> None:
    """Lifting then printing gives back the text as printed, and every offset maps into the text."""
    printed = "".join(f"{text}(s.{space}{page}) 1" for text, page, space in pieces) + tail
    step, hints = lift_page_hints(printed)
    paragraph = Paragraph(step.text, Origin(1), hints=hints)
    assert paragraph.printed() == printed
    mapped = [paragraph.from_printed(offset) for offset in range(len(printed) + 1)]
    assert mapped == sorted(mapped)
    assert all(0 <= offset <= len(step.text) for offset in mapped)


def test_citation_after_a_lifted_hint_links_the_law() -> None:
    """``(ks. (s. 37) 23)``: without its hint ``23`` is a bare number; the grammar still reads it."""
    paragraph = make_paragraph("Tarjoussarja päättyy (ks. (s. 37) 23 ) ja (s. 28) 16C :ää.", Origin(1), ParseResult())
    assert paragraph is not None
    assert paragraph.text == "Tarjoussarja päättyy (ks. 23 ) ja 16C :ää."
    found = citations_in(paragraph, get_grammar("fi-2007"), Context())
    assert [paragraph.text[part.start : part.end] for c in found for part in c.parts] == ["23", "16C"]
    assert found[0].printed.startswith("(s. 37) 23")


def test_no_page_hint_in_the_reading_text(corpus: Corpus) -> None:
    """Every page of the fi 2007 text: no ``(s. N)`` outside attributes; the links carry them."""
    pages = sorted((ROOT / "content" / "docs" / "fi" / "2007").glob("*.md"))
    assert len(pages) > 15
    tooltips = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        tooltips += len(re.findall(r'<a class="ref[^"]*"[^>]* title="[^"]*painetun kirjan sivu [0-9]+"', text))
        assert not HINT_IN_TEXT.search(re.sub(r'\s[a-z-]+="[^"]*"', "", text)), page.name
    assert tooltips >= 30


def test_export_keeps_the_hint_as_printed() -> None:
    export = json.loads((ROOT / "content" / "docs" / "en" / "api" / "laws.json").read_text(encoding="utf-8"))
    fi2007 = next(doc for doc in export["documents"] if doc["id"] == "fi-2007")
    hinted = [ref for ref in fi2007["references"] if HINT_IN_TEXT.match(ref["text"])]
    assert len(hinted) >= 30
    assert all(url for ref in hinted for url in ref["urls"])


def test_parse_report_lists_every_hint(corpus: Corpus) -> None:
    """Each hint the source prints is a dropped span of the report, with its reason."""
    report = next(r for r in corpus.reports if r.source.file == "fi-2007-laws.pdf.txt")
    assert report.result is not None and report.file is not None
    printed = HINT_IN_TEXT.findall(" ".join(report.file.read_text(encoding="utf-8").split()))
    reported = [span.text for span in report.result.dropped if "page hint" in span.reason]
    assert len(printed) >= 45
    assert sorted(reported) == sorted(printed)
