"""Every data file the build reads, damaged or mistaken, gives a message at ``file:line`` and leaves
out only what is wrong.

The term base (``content/terms/*.toml``), the situations, the concordance, ``content/search.toml``,
the interface strings (``ui.toml``) and the manifest are read under one discipline
(:mod:`bridgelaws.core.datafile`): UTF-8 with or without a byte-order mark; a file in another
encoding, not TOML, nested too deeply or linked from outside refused at its line; every row
type-checked and left out at its line when wrong; references checked against the texts.  Each case
plants one mistake in a temporary copy of ``content/`` (or of ``ui.toml``) and reads it with the
loader the build uses: no exception, the message names the file and the planted line, and the
rest is read.  A few cases then run ``bridgelaws generate`` whole: exit 1 and "left out", the
other files' data still generated.
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
from bridgelaws.core import datafile
from bridgelaws.stage1_read import manifest
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage4_render import page
from conftest import ROOT

CONCEPTS = "terms/concepts.toml"
TITLES = "terms/law-titles.toml"
SITUATIONS = "terms/situations/fi.toml"
CURATED = "concordance/2007-2017.curated.toml"
COMPUTED = "concordance/1997-2007.computed.toml"
REVIEW = "concordance/1997-2007.review.toml"
DEVIATIONS = "concordance/deviations.toml"
SEARCH = "search.toml"
MANIFEST = "sources/manifest.toml"

# a plant: edits the copy of content/ and gives the line the message must name (None: accepted, no message)
Plant = Callable[[Path], int | None]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    """The first line holding ``needle`` (at its start, after spaces, when ``needle`` starts with ``[``)."""
    lines = enumerate(text.split("\n"), 1)
    if needle.startswith("["):
        return next(number for number, line in lines if line.lstrip().startswith(needle))
    return next(number for number, line in lines if needle in line)


def replace(file: str, old: str, new: str, shift: int = 0) -> Plant:
    """The first line holding ``old`` gets ``new`` in its place; that line (``shift`` lines on) is named."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path)
        line = _line_of(text, old)
        lines = text.split("\n")
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        path.write_text("\n".join(lines), encoding="utf-8")
        return line + shift

    return plant


def append(file: str, rows: str, named: int = 1) -> Plant:
    """``rows`` added at the end; the ``named``-th of their lines is named."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path).rstrip("\n") + "\n\n"
        path.write_text(text + rows, encoding="utf-8")
        return text.count("\n") + named

    return plant


def whole(file: str, text: str, named: int) -> Plant:
    """The file holds only ``text``."""

    def plant(content: Path) -> int:
        (content / file).write_text(text, encoding="utf-8")
        return named

    return plant


def repeat_first(file: str, header: str) -> Plant:
    """The file's first ``[[header]]`` row written again at its end; the copy is named."""

    def plant(content: Path) -> int:
        text = _text(content / file)
        start = text.index(f"\n[[{header}]]\n") + 1
        end = text.find("\n[[", start)
        row = text[start:end].strip("\n") + "\n"
        return append(file, row)(content)

    return plant


def bom(file: str) -> Plant:
    def plant(content: Path) -> None:
        path = content / file
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())

    return plant


def legacy(file: str, encoding: str = "latin-1") -> Plant:
    """Saved in a legacy code page: named at the first line that is not ASCII."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path)
        data = text.encode(encoding, errors="replace")
        path.write_bytes(data)
        return next(n for n, line in enumerate(data.split(b"\n"), 1) if not line.isascii())

    return plant


def linked_out(file: str) -> Plant:
    def plant(content: Path) -> int:
        path = content / file
        outside = content.parent / "outside" / path.name
        outside.parent.mkdir(exist_ok=True)
        shutil.move(path, outside)
        path.symlink_to(outside)
        return 1

    return plant


NESTED = "x = " + "[" * 5000 + "]" * 5000 + "\n"
PAIR = '[[pair]]\nold = "{old}"\nnew = "{new}"\nrelation = "same"\nbasis = "b"\nchecked = "read"\n'

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


# -- the interface strings ---------------------------------------------------------------------------

UI = page.UI_FILE


def _ui_copy(tmp_path: Path, change: Callable[[str], str]) -> Path:
    path = tmp_path / "ui.toml"
    path.write_text(change(UI.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def _in_section(lang: str, old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        start = text.index(f"\n[{lang}]\n")
        return text[:start] + text[start:].replace(old, new, 1)

    return change


def _line_in_section(text: str, lang: str, needle: str) -> int:
    start = text.index(f"\n[{lang}]\n")
    return text.count("\n", 0, start) + 1 + _line_of(text[start:], needle) - 1


# (case, change, language, the line's text after the change, what the message says); English is shown
UI_ROW_CASES = [
    ("a number", _in_section("fi", 'law = "Pykälä {n}"', "law = 5"), "fi", "law = 5", "no text"),
    ("a lone brace", _in_section("fi", 'law = "Pykälä {n}"', 'law = "Pykälä {n"'), "fi", 'law = "Pykälä {n"', "lone"),
    (
        "another placeholder",
        _in_section("sv", 'compare_title = "', 'compare_title = "{x} '),
        "sv",
        "compare_title",
        "placeholders",
    ),
    ("a key missing", _in_section("tr", "\ncompare = ", "\n#compare = "), "tr", "[tr]", "lacks 'compare'"),
    (
        "a key English lacks",
        _in_section("pl", "\ncompare = ", '\nextra_key = "x"\ncompare = '),
        "pl",
        "extra_key",
        "[en] lacks",
    ),
]


@pytest.mark.parametrize(("case", "change", "lang", "at", "says"), UI_ROW_CASES, ids=[c[0] for c in UI_ROW_CASES])
def test_a_wrong_interface_string_is_named_at_its_line_and_english_shown(
    case: str, change: Callable[[str], str], lang: str, at: str, says: str, tmp_path: Path
) -> None:
    path = _ui_copy(tmp_path, change)
    strings = page.read_strings(path)
    line = _line_in_section(path.read_text(encoding="utf-8"), lang, at)
    assert any(error.startswith(f"{path}:{line}: ") and says in error for error in strings.errors), (
        line,
        strings.errors,
    )
    english = page.read_strings(UI).table["en"]
    assert all(key in strings.table["en"] for key in english)
    for key, value in strings.table.get(lang, {}).items():
        assert page._fields(value) == page._fields(strings.table["en"][key]), key


# (case, change, the line's text, what the message says): no page can be written, said at the line
UI_FILE_CASES = [
    ("English a number", _in_section("en", 'law = "Law {n}"', "law = 5"), "law = 5", "no text"),
    ("English a lone brace", _in_section("en", 'law = "Law {n}"', 'law = "Law {"'), 'law = "Law {"', "lone"),
    ("not TOML", _in_section("fi", 'law = "Pykälä {n}"', 'law = "Pykälä {n}'), 'law = "Pykälä {n}', "not valid TOML"),
]


@pytest.mark.parametrize(("case", "change", "at", "says"), UI_FILE_CASES, ids=[c[0] for c in UI_FILE_CASES])
def test_an_unusable_interface_table_is_refused_at_its_line(
    case: str, change: Callable[[str], str], at: str, says: str, tmp_path: Path
) -> None:
    path = _ui_copy(tmp_path, change)
    with pytest.raises(datafile.DataError) as refused:
        page.read_strings(path)
    line = _line_of(path.read_text(encoding="utf-8"), at)
    assert str(refused.value).startswith(f"{path}:{line}: ") and says in str(refused.value), (line, refused.value)


def test_interface_strings_with_a_byte_order_mark_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "ui.toml"
    path.write_bytes(b"\xef\xbb\xbf" + UI.read_bytes())
    assert page.read_strings(path).table == page.read_strings(UI).table


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
