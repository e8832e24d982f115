"""Invisible characters inside a citation never make it cite another law (issue 15).

A zero-width joiner between the digits of ``65B3`` once made the Swedish grammar read ``lag 6``:
intake kept it (only some invisible characters were removed).  Now intake removes every format
character (Unicode Cf) and the few others that print nothing, and reports them
(:func:`bridgelaws.stage1_read.repairs.drop_invisible_characters`); should one still reach a
paragraph, the link stage leaves the citation it touches unlinked, with a warning
(:func:`bridgelaws.stage3_link.link.link`).
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws import pipeline
from bridgelaws.stage1_read import intake, repairs
from bridgelaws.stage3_link.citations import Context, get_grammar
from bridgelaws.stage3_link.link import _invisible_beside, contexts
from conftest import SOURCES

# Characters that print nothing: every kind intake must remove.
INVISIBLES = {
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
    "\u00ad": "soft hyphen",
    "\u200e": "left-to-right mark",
    "\u200f": "right-to-left mark",
    "\u202e": "right-to-left override",
    "\u2066": "left-to-right isolate",
    "\u2069": "pop directional isolate",
    "\u061c": "Arabic letter mark",
    "\u180e": "Mongolian vowel separator",
    "\u2062": "invisible times",
    "\u034f": "combining grapheme joiner",
    "\ufe0f": "variation selector 16",
    "\U000e0041": "tag latin capital letter a",
}

# (grammar, language, sentence, the citation in it, its target)
CASES = [
    ("sv", "sv", "För kort som pekar i fel riktning se lag 65B3.", "lag 65B3", "65B3"),
    ("fi-1997", "fi", "korjausta on haettava 16C §:ssä sallitun ajan kuluessa", "16C §:ssä", "16C"),
    ("tr", "tr", "Hakem skoru [bkz. Yasa 12C1(b)] ayarlar.", "Yasa 12C1(b)", "12C1b"),
    ("pl", "pl", "Na mocy przepisu 80A PZBS, jako Organizacja Nadzorująca", "przepisu 80A", "80A"),
]
CONTEXT = Context("13A", 13)


def targets(grammar: str, text: str) -> list[str]:
    return [target for citation in get_grammar(grammar)(text, CONTEXT) for target in citation.targets]


def positions(sentence: str, citation: str) -> list[int]:
    """Every place inside the citation, and just before and after it."""
    start = sentence.index(citation)
    return list(range(start, start + len(citation) + 1))


def test_every_listed_character_is_invisible() -> None:
    for ch, name in INVISIBLES.items():
        assert repairs.is_invisible(ch), name
    for ch in "a 1§()\t.–\u00a0":  # letters, digits, punctuation and spaces are not
        assert not repairs.is_invisible(ch), repr(ch)
    every_cf = (chr(code) for code in range(0x110000) if unicodedata.category(chr(code)) == "Cf")
    assert all(repairs.is_invisible(ch) for ch in every_cf)


@pytest.mark.parametrize(("grammar", "lang", "sentence", "citation", "target"), CASES, ids=[c[0] for c in CASES])
def test_the_cases_cite_their_target_when_clean(
    grammar: str, lang: str, sentence: str, citation: str, target: str
) -> None:
    assert targets(grammar, sentence) == [target]


@pytest.mark.parametrize("hidden", INVISIBLES, ids=INVISIBLES.values())
@pytest.mark.parametrize(("grammar", "lang", "sentence", "citation", "target"), CASES, ids=[c[0] for c in CASES])
def test_intake_removes_it_before_the_citation_is_read(
    grammar: str, lang: str, sentence: str, citation: str, target: str, hidden: str
) -> None:
    """At every place in the citation: intake removes the character, says so, and the grammar
    reads the intended target."""
    for at in positions(sentence, citation):
        damaged = sentence[:at] + hidden + sentence[at:]
        read = intake.read(damaged.encode("utf-8"), lang)
        assert read.text == sentence, (at, read.text)
        assert targets(grammar, read.text) == [target], at
        assert any("invisible" in warning.message for warning in read.warnings), at
        assert "".join(span.text for span in read.dropped) == hidden


@pytest.mark.parametrize("hidden", ["\u200d", "\u200b", "\u00ad", "\u202e"], ids=["ZWJ", "ZWSP", "SHY", "RLO"])
@pytest.mark.parametrize(("grammar", "lang", "sentence", "citation", "target"), CASES, ids=[c[0] for c in CASES])
def test_a_citation_read_across_one_is_never_trusted(
    grammar: str, lang: str, sentence: str, citation: str, target: str, hidden: str
) -> None:
    """Without intake (as if the character reached a paragraph) a grammar reads a shorter
    citation (``lag 6``); the link stage's check flags every citation that reads another target."""
    wrong = 0
    for at in positions(sentence, citation):
        damaged = sentence[:at] + hidden + sentence[at:]
        for found in get_grammar(grammar)(damaged, CONTEXT):
            if found.targets != [target]:
                wrong += 1
                assert _invisible_beside(damaged, found) == hidden, (at, found.targets)
    assert wrong, "the hazard this guards against: some place gives another target"


# -- the whole pipeline: a source with an invisible character in a citation -------------------

SV_FILE = "sv-2007-laws-9-16.web.txt"
TR_FILE = "tr-2017-laws-extract.blog.txt"
PL_FILE = "pl-2017-pzbs-decisions.web.txt"
FI_FILE = "fi-1997-laws.txt"
# (file, line, citation as printed, where the character goes, its target)
IN_SOURCES = [
    (SV_FILE, 24, "lag 65B3", "lag 6", "65B3"),
    (TR_FILE, 10, "Yasa 12C1(b)", "Yasa 1", "12C1b"),
    (PL_FILE, 13, "przepisu 80A", "przepisu 8", "80A"),
    (FI_FILE, 3286, "79C §:ssä", "7", "79C"),
]


def _damaged_sources(tmp_path: Path, hidden: str) -> Path:
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES, sources)
    for file, line, printed, before, _target in IN_SOURCES:
        path = sources / file
        lines = path.read_text(encoding="utf-8").split("\n")
        at = lines[line - 1].index(printed) + len(before)
        lines[line - 1] = lines[line - 1][:at] + hidden + lines[line - 1][at:]
        path.write_text("\n".join(lines), encoding="utf-8")
    return sources


@pytest.mark.parametrize("hidden", ["\u200d", "\u200c", "\u2060", "\u00ad"], ids=["ZWJ", "ZWNJ", "WJ", "SHY"])
def test_a_whole_source_links_the_intended_law(tmp_path: Path, hidden: str) -> None:
    """Through load and link: the citation keeps its target and the removal is reported at its line."""
    corpus = pipeline.load(_damaged_sources(tmp_path, hidden))
    linkage = pipeline.link(corpus)
    for file, line, _printed, _before, target in IN_SOURCES:
        report = next(report for report in corpus.reports if report.source.file == file)
        assert report.intake is not None
        warned = [w for w in report.intake.warnings if w.origin.line == line and "invisible" in w.message]
        assert warned, (file, line, report.intake.warnings[:5])
        found = [
            reference
            for entry in corpus.entries
            if entry.meta.source.file == file
            for reference in linkage.of(entry.meta.id)
            if reference.line == line
        ]
        assert any(target in reference.targets for reference in found), (file, [r.targets for r in found])
        assert all(resolution is not None for reference in found for resolution in reference.resolutions)
        assert not linkage.warnings
        assert report.balance is not None and report.balance.ok


def test_one_that_reaches_a_paragraph_leaves_the_citation_unlinked() -> None:
    """The safety net: a paragraph holding an invisible character (as if intake missed it) — the
    citation it touches is unresolved, has no link span, and is warned about at its line."""
    corpus = pipeline.load(SOURCES)
    entry = next(entry for entry in corpus.entries if entry.meta.source.file == SV_FILE)
    paragraph = next(p for p, _ in contexts(entry) if "lag 65B3" in p.text)
    paragraph.text = paragraph.text.replace("lag 65B3", "lag 6\u200d5B3")
    linkage = pipeline.link(corpus)
    assert not linkage.for_paragraph(paragraph)
    [reference] = [r for r in linkage.of(entry.meta.id) if "6\u200d5" in r.text or r.text == "lag 6"]
    assert reference.unresolved
    assert [w for w in linkage.warnings if SV_FILE in w and "zero-width joiner" in w and "left unlinked" in w]


# -- the property: anywhere, any number of them ------------------------------------------------

INVISIBLE_CHARACTERS = st.one_of(
    st.sampled_from(sorted(INVISIBLES)),
    st.characters(categories=["Cf"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), data=st.data())
def test_inserting_invisible_characters_never_changes_the_target(
    case: tuple[str, str, str, str, str], data: st.DataObject
) -> None:
    """Invisible characters anywhere in the sentence (in the citation or not): after intake the
    grammar reads the same target; and a grammar given the damaged text directly, with the link
    stage's check, never trusts a citation of another target."""
    grammar, lang, sentence, _citation, target = case
    chars = list(sentence)
    for _ in range(data.draw(st.integers(1, 4))):
        chars.insert(data.draw(st.integers(0, len(chars))), data.draw(INVISIBLE_CHARACTERS))
    damaged = "".join(chars)
    read = intake.read(damaged.encode("utf-8"), lang)
    assert targets(grammar, read.text) == [target]

    trusted = [
        t
        for citation in get_grammar(grammar)(damaged, CONTEXT)
        if _invisible_beside(damaged, citation) is None
        for t in citation.targets
    ]
    assert set(trusted) <= {target}, (damaged, trusted)


def test_a_saved_web_page_with_entities_for_them() -> None:
    """``&zwj;`` and ``&#x200B;`` in a saved page become characters on extraction; intake's
    cleaning runs after it, so they are removed and reported, each by its name."""
    page = (
        "<!DOCTYPE html><html lang=sv><head><title>x</title></head><body><main><h1>Lagar</h1>"
        "<p>För kort som pekar i fel riktning se lag 6&zwj;5B3 och lag 1&#x200B;2C1(b).</p></main></body></html>"
    )
    read = intake.read(page.encode("utf-8"), "sv")
    assert read.form == "html"
    assert targets("sv", read.text) == ["65B3", "12C1b"]
    [warning] = [w.message for w in read.warnings if "invisible" in w.message]
    assert "zero-width joiner U+200D" in warning and "zero-width space U+200B" in warning
