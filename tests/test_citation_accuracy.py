"""How often the link stage resolves a citation to the provision the text means, on held-out data.

``tests/fixtures/citations_heldout.toml`` holds citations annotated by hand from the source texts
(its header says how): the line, the expression as printed, the provisions it means and where each
link must land.  This test runs the real pipeline (load, then link with the concordance), finds
the references the link stage made for each annotated expression and counts one as right only
when its targets are exactly the annotated ones and every target lands where annotated.

accuracy = right expressions / annotated expressions, per source and overall; the failures are
printed (``pytest -s``) with what was found instead, so a failure names its kind.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import refs
from bridgelaws.core.model import Origin, Paragraph
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.citations import Context, get_grammar
from bridgelaws.stage3_link.link import citations_in
from bridgelaws.stage3_link.linkage import Linkage, Reference, Resolution

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "tests" / "fixtures" / "citations_heldout.toml"
SOURCES = ROOT / "content" / "sources"

REQUIRED = 0.99  # issue 17: at least 99 % of held-out citations resolved to the right provision
WINDOW = 3  # lines searched from an annotated line: a citation may run over a line break


@dataclass(frozen=True)
class Expected:
    """One annotated citation: where it is printed and what it means."""

    file: str
    doc: str
    line: int
    text: str
    targets: tuple[str, ...]
    landings: tuple[str, ...]  # "." (its own edition) or "doc:ref", one per target

    def __str__(self) -> str:
        return f"{self.file}:{self.line} {self.text!r} → {' '.join(self.targets)}"


def heldout() -> list[Expected]:
    data = tomllib.loads(HELDOUT.read_text(encoding="utf-8"))
    rows: list[Expected] = []
    for source in data["source"]:
        for line, text, targets, landings in source["citations"]:
            rows.append(
                Expected(source["file"], source["doc"], line, text, tuple(targets.split()), tuple(landings.split()))
            )
    return rows


def squeeze(text: str) -> str:
    """Text without whitespace: a line break, a double space or ``(s.24)`` for ``(s. 24)`` do not matter."""
    return re.sub(r"\s+", "", text)


class Located:
    """The references of one document placed in its source: each at a span of a line's text."""

    def __init__(self, lines: list[str], references: Iterable[Reference]) -> None:
        self.lines = lines
        self.spans: dict[int, list[tuple[int, int, Reference]]] = {}
        searched_from: dict[int, int] = {}  # per line, where the next reference is looked for
        for reference in references:
            window = self.window(reference.line)
            wanted = squeeze(reference.text)
            start = window.find(wanted, searched_from.get(reference.line, 0))
            if start < 0:
                start = window.find(wanted)
            if start < 0:
                continue
            searched_from[reference.line] = start + len(wanted)
            self.spans.setdefault(reference.line, []).append((start, start + len(wanted), reference))

    def window(self, line: int) -> str:
        """Line ``line`` (1-based) and the next few, without whitespace."""
        return squeeze(" ".join(self.lines[line - 1 : line - 1 + WINDOW]))

    def at(self, expected: Expected) -> list[Reference]:
        """The references overlapping the annotated expression, in reading order."""
        window = self.window(expected.line)
        wanted = squeeze(expected.text)
        start = window.find(wanted)
        assert start >= 0, f"{expected}: not printed there (fix the annotation)"
        assert window.find(wanted, start + 1) < 0 or not window.startswith(wanted, start + 1), expected
        end = start + len(wanted)
        return [ref for s, e, ref in self.spans.get(expected.line, []) if s < end and start < e]


def landing_ok(landing: str, target: str, resolution: Resolution | None, citing_edition: str) -> bool:
    """Whether a target's resolution lands where the annotation says."""
    if resolution is None:
        return False
    if landing == ".":
        # its own edition: the target itself, or its nearest ancestor where the text lacks it
        return resolution.document.edition == citing_edition and (
            resolution.ref == target or resolution.ref in refs.ancestors(target)
        )
    doc, _, ref = landing.partition(":")
    return resolution.document.id == doc and resolution.ref == ref


@dataclass(frozen=True)
class Outcome:
    expected: Expected
    found: list[Reference]
    right: bool

    def describe(self) -> str:
        found = "; ".join(
            f"{ref.text!r} → "
            + ", ".join(
                f"{t}@{r.document.id}:{r.ref}" if r else f"{t}@unresolved"
                for t, r in zip(ref.targets, ref.resolutions, strict=True)
            )
            for ref in self.found
        )
        return f"{self.expected}\n      found: {found or 'nothing'}"


def judge(corpus: Corpus, linkage: Linkage) -> list[Outcome]:
    """Every annotated citation, right or wrong, against what the link stage made."""
    editions = {entry.meta.id: entry.meta.edition for entry in corpus.entries}
    located: dict[str, Located] = {}
    outcomes = []
    for expected in heldout():
        if expected.doc not in located:
            lines = (SOURCES / expected.file).read_text(encoding="utf-8").split("\n")
            located[expected.doc] = Located(lines, linkage.references.get(expected.doc, []))
        found = located[expected.doc].at(expected)
        pairs = [(t, r) for ref in found for t, r in zip(ref.targets, ref.resolutions, strict=True)]
        right = [t for t, _ in pairs] == list(expected.targets) and all(
            landing_ok(landing, t, r, editions[expected.doc])
            for landing, (t, r) in zip(expected.landings, pairs, strict=True)
        )
        outcomes.append(Outcome(expected, found, right))
    return outcomes


def accuracy(outcomes: list[Outcome]) -> float:
    return sum(o.right for o in outcomes) / len(outcomes)


@pytest.fixture(scope="module")
def outcomes(corpus: Corpus) -> list[Outcome]:
    return judge(corpus, pipeline.link(corpus, pipeline.load_concordance(ROOT / "content")))


def test_the_heldout_set_is_large_and_spread() -> None:
    rows = heldout()
    assert len(rows) >= 250
    per_source = {row.file for row in rows}
    assert len(per_source) == 5
    assert all(len(row.targets) == len(row.landings) for row in rows), "one landing per target"


def test_heldout_citations_resolve_to_the_right_provision(outcomes: list[Outcome]) -> None:
    by_file: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        by_file.setdefault(outcome.expected.file, []).append(outcome)
    for file, rows in sorted(by_file.items()):
        print(f"{file}: {accuracy(rows):.1%} of {len(rows)}")
    print(f"all: {accuracy(outcomes):.1%} of {len(outcomes)}")
    wrong = [outcome.describe() for outcome in outcomes if not outcome.right]
    for failure in wrong:
        print("WRONG", failure)
    assert accuracy(outcomes) >= REQUIRED, "\n".join(wrong)


# -- the forms the issue names, each written as a language writes it -------------------------
# Not from the sources (the held-out set is): each kind of citation in the words and case endings
# of its language, so a grammar that reads the sources' spellings only fails here.

FORMS = [
    # grammar, text, context (ref, law), targets
    ("fi-1997", "kuten 12C1(b) §:ssä todetaan", ("20A", 20), "12C1b"),
    ("fi-1997", "ks. 12C1 (b) §", ("20A", 20), "12C1b"),
    ("fi-1997", "määrätty 42 ja 43 §:ssä.", ("9A2", 9), "42 43"),
    ("fi-1997", "katso 69-71 §", ("68", 68), "69 70 71"),
    ("fi-1997", "katso 69 – 71 §:ää", ("68", 68), "69 70 71"),
    ("fi-1997", "(ks. 53 C §)", ("50", 50), "53C"),
    ("fi-1997", "edellä A-E kohdissa", ("47F", 47), "47A 47B 47C 47D 47E"),
    ("fi-1997", "tämän pykälän B kohta", ("14B3", 14), "14B"),
    ("fi-1997", "12 §:n C-kohta", ("16A", 16), "12C"),
    ("fi-2007", "(s. 23) 12C1(b) :ssä", ("13A", 13), "12C1b"),
    ("fi-2007", "(s. 51) 42 ja (s. 52) 43 :ssa", ("9A3", 9), "42 43"),
    ("fi-2007", "ks. (s. 74) 69-71", ("14B3", 14), "69 70 71"),
    ("fi-2007", "ks. (s. 74) 69 – (s. 77) 71", ("14B3", 14), "69 70 71"),
    ("fi-2007", "tämän pykälän B kohta", ("14B3", 14), "14B"),
    ("fi-2007", "edellä A-E kohdissa", ("14F", 14), "14A 14B 14C 14D 14E"),
    ("sv", "enligt lag 12C1(b)", ("13A", 13), "12C1b"),
    ("sv", "se paragraf 16", ("13A", 13), "16"),
    ("sv", "paragraferna 42 och 43", ("9A3", 9), "42 43"),
    ("sv", "enligt A ovan", ("14B3", 14), "14A"),
    ("sv", "(b) nedan", ("12C1a", 12), "12C1b"),
    ("sv", "lagarna 69-71", ("68", 68), "69 70 71"),
    ("tr", "Yasa 12C1(b)’de", ("13A2", 13), "12C1b"),
    ("tr", "Yasa 45", ("13A2", 13), "45"),
    ("tr", "Yasa 45’e göre", ("13A2", 13), "45"),
    ("tr", "Yasa 12C1(b)’nin", ("13A2", 13), "12C1b"),
    ("tr", "Yasa 42 ve 43’te", ("13A2", 13), "42 43"),
    ("tr", "yukarıdaki A maddesi", ("14B3", 14), "14A"),
    ("pl", "przepisu 12C1(b)", ("point:3", None), "12C1b"),
    ("pl", "przepisy 40B2(a)(i)", ("point:3", None), "40B2ai"),
    ("pl", "Przepisy 40B2(a)(i)-(v)", ("point:3", None), "40B2ai 40B2aii 40B2aiii 40B2aiv 40B2av"),
    ("pl", "Prawo 12C1(b)", ("point:3", None), "12C1b"),
    ("pl", "punkty 3.1-3.4", ("point:5", None), "point:3.1 point:3.2 point:3.3 point:3.4"),
    ("pl", "z zastrzeżeniem pkt 16", ("point:7.1", None), "point:16"),
]


@pytest.mark.parametrize(("grammar", "text", "where", "targets"), FORMS, ids=[form[1] for form in FORMS])
def test_printed_forms_of_every_kind(grammar: str, text: str, where: tuple[str, int | None], targets: str) -> None:
    paragraph = Paragraph(text, Origin(line=1))
    found = citations_in(paragraph, get_grammar(grammar), Context(*where))
    assert [target for citation in found for target in citation.targets] == targets.split()
