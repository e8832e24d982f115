"""Citations wherever the texts print them: provision titles, footnotes, ranges.

A citation in a heading (fi 1997 9A2(b) ``… 42 ja 43 §:ssä``), in a starred footnote
(``16 §:ää voidaan soveltaa``) or written as a range (``A-E kohdissa`` = A, B, C, D, E) is
found, linked and exported like any other; the export keeps one entry per expression.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage3_link.citations import Context, get_grammar
from bridgelaws.stage3_link.citations.ranges import between, expand_ranges

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "content" / "docs"
EXPORT = DOCS / "en" / "api" / "laws.json"


@pytest.mark.parametrize(
    ("first", "last", "inside"),
    [
        ("47A", "47E", ["47B", "47C", "47D"]),
        ("69", "71", ["70"]),
        ("12C1a", "12C1d", ["12C1b", "12C1c"]),
        ("40B2ai", "40B2av", ["40B2aii", "40B2aiii", "40B2aiv"]),
        ("14B1", "14B3", ["14B2"]),
        ("47A", "47B", []),  # adjacent: nothing between
        ("47E", "47A", []),  # backwards: not a range
        ("47A", "48C", []),  # different laws: not a range of one level
        ("12C1", "12D", []),  # different depths
        ("1", "93", []),  # longer than any printed range of provisions
    ],
)
def test_between(first: str, last: str, inside: list[str]) -> None:
    assert between(first, last) == inside


@pytest.mark.parametrize(
    ("grammar", "text", "context", "targets"),
    [
        ("fi-1997", "Lukuun ottamatta edellä A-E kohdissa sallittuja", Context("47F", 47), "47A 47B 47C 47D 47E"),
        ("fi-1997", "katso 69-71 §:n määräyksiä", Context("68", 68), "69 70 71"),
        ("fi-1997", "69, 70 ja 71 §:n", Context("68", 68), "69 70 71"),  # a list stays a list
        ("fi-1997", "edellä A- ja C-kohdissa", Context("47F", 47), "47A 47C"),  # "A- ja C-" is a list
    ],
)
def test_ranges_imply_what_lies_between(grammar: str, text: str, context: Context, targets: str) -> None:
    found = [expand_ranges(text, citation) for citation in get_grammar(grammar)(text, context)]
    assert [target for citation in found for target in citation.targets] == targets.split()
    for citation in found:  # only printed parts can be tapped; implied ones are empty spans
        printed = [part for part in citation.parts if part.end > part.start]
        assert all(text[part.start : part.end].strip() for part in printed)


def export_references(doc_id: str) -> list[dict[str, Any]]:
    export = json.loads(EXPORT.read_text(encoding="utf-8"))
    return next(doc["references"] for doc in export["documents"] if doc["id"] == doc_id)


def test_range_is_one_expression_with_every_target_exported() -> None:
    ranges = [ref for ref in export_references("fi-1997") if re.search(r"\b[A-H]\s?[-–]\s?[A-H]\b", ref["text"])]
    assert ranges, "the 1997 book's 'A-E kohdissa' is exported"
    for ref in ranges:
        assert len(ref["targets"]) == len(ref["urls"]) >= 3
        assert all(ref["urls"])


def test_heading_citations_are_linked_and_exported() -> None:
    page = (DOCS / "fi" / "1997" / "9.md").read_text(encoding="utf-8")
    heading = next(line for line in page.splitlines() if "{ #9A2b " in line)
    assert re.findall(r'<a class="ref" href="([^"]+)">', heading) == ["../42/#42", "../43/#43"]
    assert any(ref["in"] == "9A2b" and ref["targets"] == ["42", "43"] for ref in export_references("fi-1997"))


SECTION_SIGN_CITATION = re.compile(r"[0-9]{1,2}(?:\s?[A-Z][0-9]?(?:\([a-z]\)|[a-z])?)?\s?§")


def unlinked(fragment: str) -> list[str]:
    """Citations (``N §``) in an HTML fragment that stand outside every link."""
    outside = re.sub(r"<a\b[^>]*>.*?</a>\s?§?", " ", fragment)  # the sign may follow the link
    outside = re.sub(r"<[^>]+>", " ", outside)
    return SECTION_SIGN_CITATION.findall(html.unescape(outside).replace("\\", ""))


def test_every_citation_in_titles_and_footnotes_of_the_1997_book_is_linked() -> None:
    """Over every law page of the 1997 book: headings and footnotes hold no unlinked ``N §``."""
    headings = footnotes = 0
    for page in sorted((DOCS / "fi" / "1997").glob("[0-9]*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("##") and "§" in line:  # "# 1 § PAKKA" is the law's own heading
                headings += 1
                assert not unlinked(line), (page.name, line)
            elif 'class="footnote"' in line and "§" in line:
                footnotes += 1
                assert not unlinked(line), (page.name, line)
    assert headings >= 1 and footnotes >= 5
