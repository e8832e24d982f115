"""Every data file the build reads, damaged or mistaken, gives a message at ``file:line`` and leaves
out only what is wrong.

The term base (``content/terms/*.toml``), the situations, the concordance, ``content/search.toml``,
the interface strings (``ui.toml``) and the manifest are read under one discipline
(:mod:`bridgelaws.core.datafile`): UTF-8 with or without a byte-order mark; a file in another
encoding, not TOML, nested too deeply or linked from outside refused at its line; every row
type-checked and left out at its line when wrong; references checked against the texts.  Each case
plants one mistake (tests/data_plants.py) in a temporary copy of ``content/`` and reads it with
the loader the build uses: no exception, the message names the file and the planted line, and
the rest is read.  A few cases then run ``bridgelaws generate`` whole: exit 1 and "left out", the
other files' data still generated.  The interface strings' cases, on a copy of ``ui.toml``, are
tests/test_data_files_ui.py's.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgelaws import cli, pipeline, search
from bridgelaws.stage1_read import manifest
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render import page
from conftest import ROOT
from data_plants import (
    COMPUTED,
    CONCEPTS,
    CURATED,
    DEVIATIONS,
    MANIFEST,
    NESTED,
    PAIR,
    REVIEW,
    SEARCH,
    SITUATIONS,
    TITLES,
    Plant,
    append,
    bom,
    legacy,
    linked_out,
    repeat_first,
    replace,
    whole,
)

# -- what each loader reads, and how much of it ------------------------------------------------------


@dataclass(frozen=True)
class Reader:
    read: Callable[[Path, Corpus], tuple[list[str], int]]  # content → (its errors, how many rows read)


def _terms(content: Path, corpus: Corpus) -> tuple[list[str], int]:
    base = pipeline.load_terms(content, corpus)
    return base.errors, sum(len(c.terms) + len(c.defined) for c in base.concepts) + len(base.situations)


def _concordance(content: Path, corpus: Corpus) -> tuple[list[str], int]:
    found = pipeline.load_concordance(content, corpus)
    return found.errors, len(found.pairs) + len(found.laws) + len(found.deviations)


def _search(content: Path, corpus: Corpus) -> tuple[list[str], int]:
    try:
        vocabulary = search.read_vocabulary(content)
        search.read_compounds(content, corpus)
    except (search.VocabularyError, search.CompoundsError) as error:
        return [str(error)], 0
    return [], len(vocabulary)


def _manifest(content: Path, corpus: Corpus) -> tuple[list[str], int]:
    try:
        listed = manifest.read(content / MANIFEST)
    except manifest.ManifestError as error:
        return [str(error)], 0
    return listed.errors, len(listed.entries)


TERMS, CONCORDANCE, SEARCH_SETTINGS, SOURCES = Reader(_terms), Reader(_concordance), Reader(_search), Reader(_manifest)

# (case, plant, reader, what the message says, whether the rest of its files is still read)
CASES: list[tuple[str, Plant, Reader, str]] = [
    # the term base: whole files
    ("concepts with a byte-order mark", bom(CONCEPTS), TERMS, ""),
    ("situations with a byte-order mark", bom(SITUATIONS), TERMS, ""),
    ("concepts not TOML", replace(CONCEPTS, "[[concept]]", "[[concept]"), TERMS, "not valid TOML"),
    ("concepts in Latin-1", legacy(CONCEPTS), TERMS, "not UTF-8"),
    ("law titles in cp1252", legacy(TITLES, "cp1252"), TERMS, "not UTF-8"),
    ("situations in Latin-1", legacy(SITUATIONS), TERMS, "not UTF-8"),
    ("concepts nested too deeply", append(CONCEPTS, NESTED), TERMS, "nested too deeply"),
    ("concepts linked from outside", linked_out(CONCEPTS), TERMS, "outside the repository"),
    ("situations linked from outside", linked_out(SITUATIONS), TERMS, "outside the repository"),
    ("concept as an integer", whole(TITLES, "kind = 'law-title'\nconcept = 3\n", 2), TERMS, "array of tables"),
    ("file kind as a list", replace(TITLES, 'kind = "law-title"', 'kind = ["law-title"]'), TERMS, "kind"),
    ("situations lang as a list", replace(SITUATIONS, 'lang = "fi"', 'lang = ["fi"]'), TERMS, "lang"),
    (
        "situations basis as a table",
        replace(SITUATIONS, 'lang = "fi"', 'lang = "fi"\nbasis = { a = 1 }', shift=1),
        TERMS,
        "basis",
    ),
    # the term base: rows
    (
        "term lang as a list",
        replace(CONCEPTS, '{ lang = "sv", forms = ["felak', '{ lang = ["sv"], forms = ["felak'),
        TERMS,
        "language",
    ),
    (
        "term lang as a number",
        replace(CONCEPTS, '{ lang = "sv", forms = ["felak', '{ lang = 7, forms = ["felak'),
        TERMS,
        "language",
    ),
    (
        "term forms everything",
        replace(CONCEPTS, 'forms = ["sääntörikkomus"', 'forms = ["*", "sääntörikkomus"'),
        TERMS,
        "match too much",
    ),
    (
        "term form a*",
        replace(CONCEPTS, 'forms = ["sääntörikkomus"', 'forms = ["s*", "sääntörikkomus"'),
        TERMS,
        "match too much",
    ),
    (
        "term star inside",
        replace(CONCEPTS, 'forms = ["sääntörikkomus"', 'forms = ["sään*tö", "sääntörikkomus"'),
        TERMS,
        "match too much",
    ),
    (
        "term forms as text",
        replace(CONCEPTS, 'forms = ["sääntörikkomus", "sääntörikkomuksen"]', 'forms = "sääntörikkomus"'),
        TERMS,
        "forms",
    ),
    (
        "term basis as a list",
        replace(CONCEPTS, 'basis = "curated: usage (the everyday word', 'basis = ["x"], b = "'),
        TERMS,
        "basis",
    ),
    (
        "term source as a number",
        replace(CONCEPTS, 'source = "fi-2007", at = "definitions"', 'source = 2007, at = "definitions"'),
        TERMS,
        "source",
    ),
    (
        "missing as a list",
        replace(CONCEPTS, '{ lang = "sv", forms = ["felaktighet", "felaktigheten"]', '{ lang = "sv", missing = ["x"]'),
        TERMS,
        "missing",
    ),
    ("concept name as a list", replace(CONCEPTS, 'name = "irregularity"', 'name = ["irregularity"]'), TERMS, "name"),
    ("concept id with markup", replace(CONCEPTS, 'id = "irregularity"', 'id = "<b>x</b>"'), TERMS, "slug"),
    (
        "defined ref leaving the page",
        replace(CONCEPTS, '{ doc = "fi-2007", term = "Epäsäännöllisyys" }', '{ doc = "fi-2007", ref = "../../x" }'),
        TERMS,
        "defined",
    ),
    (
        "defined at a provision no text has",
        replace(CONCEPTS, '{ doc = "fi-2007", term = "Epäsäännöllisyys" }', '{ doc = "fi-2007", ref = "13Z9" }'),
        TERMS,
        "has no '13Z9'",
    ),
    (
        "defined in a document no manifest entry lists",
        replace(CONCEPTS, '{ doc = "fi-2007", term = "Epäsäännöllisyys" }', '{ doc = "fi-2077", ref = "13A" }'),
        TERMS,
        "'fi-2077', a document the manifest does not list",
    ),
    (
        "defined by a term of a document no manifest entry lists",
        replace(
            CONCEPTS, '{ doc = "fi-2007", term = "Epäsäännöllisyys" }', '{ doc = "xx", term = "Epäsäännöllisyys" }'
        ),
        TERMS,
        "'xx', a document the manifest does not list",
    ),
    (
        "defined by a term no text defines",
        replace(CONCEPTS, 'term = "Epäsäännöllisyys" }', 'term = "Nonsense" }'),
        TERMS,
        "defines no",
    ),
    ("situation law as text", replace(SITUATIONS, "law = 1", 'law = "one"'), TERMS, "law"),
    (
        "situation as a number",
        whole(SITUATIONS, 'lang = "fi"\nsituation = [1]\n', 2),
        TERMS,
        "must be a table",
    ),
    (
        "situation phrase of everything",
        replace(SITUATIONS, 'forms = ["värien arvojärjestys"', 'forms = ["* *"'),
        TERMS,
        "phrase",
    ),
    # the concordance
    ("curated with a byte-order mark", bom(CURATED), CONCORDANCE, ""),
    ("curated in Latin-1", legacy(CURATED), CONCORDANCE, "not UTF-8"),
    ("curated not TOML", replace(CURATED, "[[pair]]", "[[pair]"), CONCORDANCE, "not valid TOML"),
    ("curated nested too deeply", append(CURATED, NESTED), CONCORDANCE, "nested too deeply"),
    ("curated linked from outside", linked_out(CURATED), CONCORDANCE, "outside the repository"),
    (
        "editions as a number",
        replace(CURATED, 'editions = ["2007", "2017"]', "editions = 2007"),
        CONCORDANCE,
        "editions",
    ),
    (
        "pair as a list of numbers",
        whole("concordance/x.curated.toml", 'editions = ["2007", "2017"]\npair = [1]\n', 2),
        CONCORDANCE,
        "must be a table",
    ),
    ("score as a word", append(COMPUTED, PAIR.format(old="13A", new="13A") + 'score = "high"\n'), CONCORDANCE, "score"),
    (
        "basis as a list",
        append(CURATED, PAIR.format(old="13A", new="13A").replace('"b"', '["b"]')),
        CONCORDANCE,
        "basis",
    ),
    (
        "a provision no text has",
        append(CURATED, PAIR.format(old="13Z9", new="13Z9")),
        CONCORDANCE,
        "13Z9 is not a provision",
    ),
    (
        "a point of a provision no text has",
        append(CURATED, PAIR.format(old="12C1z", new="12C1z")),
        CONCORDANCE,
        "is not a provision",
    ),
    ("a row twice", repeat_first(CURATED, "pair"), CONCORDANCE, "the same pair"),
    ("a computed row twice", repeat_first(COMPUTED, "pair"), CONCORDANCE, "the same pair"),
    (
        "review as a list of numbers",
        whole(REVIEW, 'editions = ["1997", "2007"]\nreview = [1]\n', 2),
        CONCORDANCE,
        "must be a table",
    ),
    ("review by as a list", replace(REVIEW, 'by = "review, session 5"', 'by = ["x"]'), CONCORDANCE, "'by' and 'why'"),
    ("deviation as a list of words", whole(DEVIATIONS, 'deviation = ["x"]\n', 1), CONCORDANCE, "must be a table"),
    ("deviation doc as a number", replace(DEVIATIONS, 'doc = "sv-2007"', "doc = 2007"), CONCORDANCE, "doc"),
    # search settings and the manifest: whole files
    ("search settings with a byte-order mark", bom(SEARCH), SEARCH_SETTINGS, ""),
    ("search settings in Latin-1", legacy(SEARCH), SEARCH_SETTINGS, "not UTF-8"),
    ("search settings nested too deeply", append(SEARCH, NESTED), SEARCH_SETTINGS, "nested too deeply"),
    ("search settings linked from outside", linked_out(SEARCH), SEARCH_SETTINGS, "outside the repository"),
    ("manifest with a byte-order mark", bom(MANIFEST), SOURCES, ""),
    ("manifest in cp1252", legacy(MANIFEST, "cp1252"), SOURCES, "not UTF-8"),
    ("manifest nested too deeply", append(MANIFEST, NESTED), SOURCES, "nested too deeply"),
]


@pytest.fixture
def content(scratch: Path) -> Path:
    folder = scratch / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("docs", ".docs.*"))
    return folder


def _named_lines(errors: list[str], path: Path) -> set[int]:
    return {int(n) for error in errors for n in re.findall(rf"^{re.escape(str(path))}:(\d+): ", error)}


@pytest.mark.parametrize(("case", "plant", "reader", "says"), CASES, ids=[case[0] for case in CASES])
def test_a_mistake_in_a_data_file_is_named_at_its_line(
    case: str, plant: Plant, reader: Reader, says: str, content: Path, corpus: Corpus
) -> None:
    _, before = reader.read(content, corpus)
    line = plant(content)
    errors, after = reader.read(content, corpus)
    if line is None:  # accepted as it is
        assert (errors, after) == ([], before)
        return
    assert any(says in error for error in errors), errors
    named = {n for path in content.rglob("*.toml") for n in _named_lines(errors, path)}
    assert named & {line, _row_header(content, errors, line)}, (line, errors)
    # only what is wrong is left out: the row, or the file (the others are read)
    assert after <= before or "review" in case  # a review left out un-rejects its computed rows
    if reader is TERMS or reader is CONCORDANCE:
        assert after > 0


def _row_header(content: Path, errors: list[str], line: int) -> int:
    """The ``[[…]]`` header of the row holding ``line`` in the file the errors name."""
    named = re.match(r"^(\S+?):\d+: ", errors[0])
    assert named, errors
    lines = Path(named[1]).read_bytes().split(b"\n")[:line]
    return max((n for n, text in enumerate(lines, 1) if text.lstrip().startswith(b"[[")), default=0)


def test_a_place_in_a_document_whose_source_was_left_out_is_not_the_term_bases_mistake(corpus: Corpus) -> None:
    """The term base names fi-2007 everywhere: built without that source (reported as a source
    left out), its places cannot be checked, and are not reported a second time; an id the
    manifest does not list is (the table above)."""
    assert "fi-2007" in corpus.manifest_ids
    without = dataclasses.replace(corpus, entries=[e for e in corpus.entries if e.meta.id != "fi-2007"])
    errors = pipeline.load_terms(ROOT / "content", without).errors
    assert not [error for error in errors if "fi-2007" in error], errors[:5]
    unlisted = dataclasses.replace(without, manifest_ids=corpus.manifest_ids - {"fi-2007"})
    errors = pipeline.load_terms(ROOT / "content", unlisted).errors
    assert any("'fi-2007', a document the manifest does not list; left out of" in error for error in errors)
    assert all(re.match(r"\S+\.toml:\d+: ", error) for error in errors), errors[:5]


def test_every_real_data_file_reads_without_a_message(corpus: Corpus) -> None:
    assert pipeline.load_terms(ROOT / "content", corpus).errors == []
    assert pipeline.load_concordance(ROOT / "content", corpus).errors == []
    assert page.strings_errors() == []


# -- the whole of generate ---------------------------------------------------------------------------

# (case, plant, exit status, the message): the rest still generated
GENERATED = [
    ("concepts with a byte-order mark", bom(CONCEPTS), 0, ""),
    ("concordance row at a provision no text has", append(CURATED, PAIR.format(old="13Z9", new="13Z9")), 1, "13Z9"),
    (
        "term lang as a list",
        replace(CONCEPTS, '{ lang = "sv", forms = ["felak', '{ lang = ["sv"], forms = ["felak'),
        1,
        "language",
    ),
]


@pytest.mark.parametrize(("case", "plant", "status", "says"), GENERATED, ids=[c[0] for c in GENERATED])
def test_generate_leaves_out_what_is_wrong_and_says_so(
    case: str, plant: Plant, status: int, says: str, content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = plant(content)
    code = cli.main(["--content", str(content), "generate"])
    captured = capsys.readouterr()
    assert "internal error" not in captured.err and "Traceback" not in captured.err
    assert code == status, captured.err
    if line is not None:
        assert re.search(rf"^error: \S+:{line}: .*{re.escape(says)}", captured.err, re.MULTILINE), captured.err
        assert "data-file rows or files left out" in captured.out
    else:
        assert captured.err == ""
    exported = json.loads((content / "docs" / "en" / "api" / "laws.json").read_text(encoding="utf-8"))
    assert len(exported["documents"]) == 6 and exported["concordance"]
    details = "".join(p.read_text(encoding="utf-8") for p in (content / "docs" / "en" / "terms").glob("*-*.md"))
    assert details.count('class="term-concept"') > 200
