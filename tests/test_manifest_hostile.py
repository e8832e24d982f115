"""Hostile and mistaken manifests: markup in ids and paths, files outside ``content/sources``,
colliding URLs, unbounded ranges, and every key given a value of the wrong type.

Each case copies ``content/sources`` to a temporary folder, edits ``manifest.toml`` and reads it
as the build does: an error naming the manifest line of the entry or of the key, the refused
entry left out, the others kept, nothing written.  One case of each kind of check then runs
through ``bridgelaws generate`` in-process on a copy of ``content/``: no traceback; exit 1 (2 only
when the manifest as a whole cannot be read); the ``error:``; the other documents still
generated; nothing written outside ``content/docs``; and no markup of a refused field in any page.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from bridgelaws import cli
from bridgelaws.stage1_read import manifest
from projects import make_project

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = "manifest.toml"
PL = "pl-2017-pzbs-decisions.web.txt"
ALL = {"fi-2007", "fi-1997", "fi-1997-sbl", "sv-2007", "tr-2017", "pl-2017-pzbs"}
# what a generate case runs on when it refuses only the Polish or Turkish document: those two and
# the Swedish text, whose pages show the rest generated (a third of the whole corpus's time); the
# cases about the Finnish books, whose URLs collide with each other's, run on every source
SMALL = ("sv-2007-laws-9-16.web.txt", "tr-2017-laws-extract.blog.txt", PL)
SMALL_DOCUMENTS = {"sv-2007", "tr-2017", "pl-2017-pzbs"}
SCRIPT = '"><img src=x onerror=alert(1)>'

# An edit of the manifest text: the new text and the line the error must name.
Edit = Callable[[str, Path], tuple[str, int]]


def _set(anchor: str, key: str, value: str) -> Edit:
    """Set ``key`` of the table holding the line ``id = "<anchor>"`` (or ``file = …``) to ``value`` (TOML)."""

    def edit(text: str, sources: Path) -> tuple[str, int]:
        lines = text.split("\n")
        at = next(i for i, line in enumerate(lines) if re.match(rf'\s*(?:id|file) = "{re.escape(anchor)}"', line))
        start = max(i for i in range(at + 1) if lines[i].lstrip().startswith("[["))
        end = next((i for i in range(at + 1, len(lines)) if lines[i].lstrip().startswith("[[")), len(lines))
        found = [i for i in range(start, end) if re.match(rf"\s*{key}\s*=", lines[i])]
        index = found[0] if found else end - 1  # a key the table lacks: added at its end
        indent = re.match(r"\s*", lines[at])[0]  # type: ignore[index]
        new = f"{indent}{key} = {value}"
        if found:
            lines[index] = new
        else:
            lines.insert(end, new)
            index = end
        return "\n".join(lines), index + 1

    return edit


def _naming(edit: Edit, anchor: str, key: str) -> Edit:
    """``edit``, with the error expected at ``key`` of another (the later) entry."""

    def named(text: str, sources: Path) -> tuple[str, int]:
        edited, _ = edit(text, sources)
        return edited, _set(anchor, key, "0")(edited, sources)[1]

    return named


def _pl_documents(value: str) -> Edit:
    """The Polish source's ``document`` given as ``value`` instead of a [[source.document]] table."""

    def edit(text: str, sources: Path) -> tuple[str, int]:
        lines = text.split("\n")
        at = next(i for i, line in enumerate(lines) if line.startswith(f'file = "{PL}"'))
        header = next(i for i in range(at, len(lines)) if "[[source.document]]" in lines[i])
        lines[header:] = [f"document = {value}", ""]
        return "\n".join(lines), header + 1

    return edit


def _with_file(name: str, make: Callable[[Path, Path], None]) -> Edit:
    """``file = name`` for the Polish source, after ``make(sources, outside)`` has prepared it."""

    def edit(text: str, sources: Path) -> tuple[str, int]:
        outside = sources.parent.parent / "outside"
        outside.mkdir(exist_ok=True)
        make(sources, outside)
        return _set(PL, "file", json.dumps(name))(text, sources)

    return edit


def _link_out(link: str) -> Callable[[Path, Path], None]:
    def make(sources: Path, outside: Path) -> None:
        secret = outside / "secret.txt"
        secret.write_text((sources / PL).read_text(encoding="utf-8") + "\nSECRET-OUTSIDE\n", encoding="utf-8")
        (sources / link).symlink_to(secret)

    return make


def _nothing(sources: Path, outside: Path) -> None:
    pass


def _link_instead_of_missing(sources: Path, outside: Path) -> None:
    """The file is missing and the only same-named file is a link out: it must not be read."""
    _link_out(PL.replace(".txt", ".html"))(sources, outside)
    (sources / PL).unlink()


# (id, edit, documents left out, what the message says)
CASES: list[tuple[str, Edit, set[str], str]] = [
    ("markup in path", _set("pl-2017-pzbs", "path", f"'2017/s{SCRIPT}'"), {"pl-2017-pzbs"}, "path"),
    ("markup in id", _set("pl-2017-pzbs", "id", f"'pl{SCRIPT}'"), {"pl-2017-pzbs"}, "id"),
    ("markup in lang", _set("pl-2017-pzbs", "lang", f"'pl{SCRIPT}'"), {"pl-2017-pzbs"}, "lang"),
    ("markup in grammar", _set("pl-2017-pzbs", "grammar", f"'pl{SCRIPT}'"), {"pl-2017-pzbs"}, "grammar"),
    ("markup in parser", _set(PL, "parser", f"'pl{SCRIPT}'"), {"pl-2017-pzbs"}, "parser"),
    ("upper case id", _set("pl-2017-pzbs", "id", '"PL-2017"'), {"pl-2017-pzbs"}, "id"),
    ("very long id", _set("pl-2017-pzbs", "id", json.dumps("p" * 500)), {"pl-2017-pzbs"}, "id"),
    ("path with ..", _set("pl-2017-pzbs", "path", '"2017/../../../../escaped"'), {"pl-2017-pzbs"}, "path"),
    ("path only ..", _set("pl-2017-pzbs", "path", '".."'), {"pl-2017-pzbs"}, "path"),
    ("absolute path", _set("pl-2017-pzbs", "path", '"/tmp/escaped"'), {"pl-2017-pzbs"}, "path"),
    ("empty path", _set("pl-2017-pzbs", "path", '""'), {"pl-2017-pzbs"}, "path"),
    ("path too deep", _set("pl-2017-pzbs", "path", '"a/b/c/d/e/f"'), {"pl-2017-pzbs"}, "path"),
    ("path with backslash", _set("pl-2017-pzbs", "path", r"'2017\pzbs'"), {"pl-2017-pzbs"}, "path"),
    ("control character in title", _set("pl-2017-pzbs", "title", r'"a\u0000b"'), {"pl-2017-pzbs"}, "title"),
    ("bidi override in title", _set("pl-2017-pzbs", "title", r'"a\u202eb"'), {"pl-2017-pzbs"}, "title"),
    ("empty title", _set("pl-2017-pzbs", "title", '"  "'), {"pl-2017-pzbs"}, "title"),
    ("huge copyright", _set("pl-2017-pzbs", "copyright", json.dumps("c" * 5000)), {"pl-2017-pzbs"}, "copyright"),
    ("file ../../etc/passwd", _set(PL, "file", '"../../../../etc/passwd"'), {"pl-2017-pzbs"}, "leaves"),
    ("file absolute", _set(PL, "file", '"/etc/passwd"'), {"pl-2017-pzbs"}, "absolute"),
    ("file absolute, missing", _set(PL, "file", '"/nonexistent/x.txt"'), {"pl-2017-pzbs"}, "absolute"),
    ("file windows absolute", _set(PL, "file", r"'C:\Windows\win.ini'"), {"pl-2017-pzbs"}, "absolute"),
    ("file in subfolder ..", _set(PL, "file", '"sub/../../x.txt"'), {"pl-2017-pzbs"}, "leaves"),
    ("file empty", _set(PL, "file", '""'), {"pl-2017-pzbs"}, "file"),
    ("file symlink out", _with_file("link.txt", _link_out("link.txt")), {"pl-2017-pzbs"}, "outside"),
    ("file missing, link out beside", _with_file(PL, _link_instead_of_missing), {"pl-2017-pzbs"}, "not in"),
    ("file missing in folder", _with_file("nothere.txt", _nothing), {"pl-2017-pzbs"}, "not in"),
    ("contents 1-999999999", _set("pl-2017-pzbs", "contents", '"1-999999999"'), {"pl-2017-pzbs"}, "contents"),
    ("contents points past 999", _set("pl-2017-pzbs", "contents", '"1-1000"'), {"pl-2017-pzbs"}, "contents"),
    ("contents law 94", _set("tr-2017", "contents", '"13-15, 12, 94"'), {"tr-2017"}, "contents"),
    ("contents law 0", _set("tr-2017", "contents", '"0-15"'), {"tr-2017"}, "contents"),
    ("contents backwards", _set("tr-2017", "contents", '"15-13"'), {"tr-2017"}, "contents"),
    ("contents words", _set("tr-2017", "contents", '"all of them"'), {"tr-2017"}, "contents"),
    ("unknown document key", _set("pl-2017-pzbs", "titel", '"x"'), {"pl-2017-pzbs"}, "unknown key"),
    ("unknown source key", _set(PL, "parsr", '"x"'), {"pl-2017-pzbs"}, "unknown key"),
    ("unknown kind", _set("pl-2017-pzbs", "kind", '"law"'), {"pl-2017-pzbs"}, "kind"),
    # colliding URLs: the later entry of the manifest is refused, naming the earlier
    ("two documents at one path", _set("fi-1997", "path", '"2007"'), {"fi-1997", "fi-1997-sbl"}, "fi-2007"),
    ("supplement at a law page", _set("fi-1997-sbl", "path", '"2007/13"'), {"fi-1997", "fi-1997-sbl"}, "fi-2007"),
    (
        "supplement at definitions",
        _set("fi-1997-sbl", "path", '"2007/definitions"'),
        {"fi-1997", "fi-1997-sbl"},
        "fi-2007",
    ),
    ("document over earlier law pages", _set("fi-1997", "path", '"2007/5"'), {"fi-1997", "fi-1997-sbl"}, "fi-2007"),
    (
        "document under an earlier one's law page",
        _naming(_set("fi-2007", "path", '"1997/13"'), "fi-1997", "path"),
        {"fi-1997", "fi-1997-sbl"},
        "fi-2007",
    ),
    # within one source: the 1997 book's supplement at one of its own laws' pages, or at its start page
    (
        "supplement at its own book's law page",
        _set("fi-1997-sbl", "path", '"1997/13"'),
        {"fi-1997", "fi-1997-sbl"},
        "fi-1997",
    ),
    (
        "supplement at its own book's start",
        _set("fi-1997-sbl", "path", '"1997"'),
        {"fi-1997", "fi-1997-sbl"},
        "fi-1997",
    ),
    (
        "supplement at its own definitions",
        _set("fi-1997-sbl", "path", '"1997/definitions"'),
        {"fi-1997", "fi-1997-sbl"},
        "fi-1997",
    ),
    ("path laws", _set("fi-1997-sbl", "path", '"laws"'), {"fi-1997", "fi-1997-sbl"}, "/fi/laws/"),
    ("path laws/13", _set("fi-1997-sbl", "path", '"laws/13"'), {"fi-1997", "fi-1997-sbl"}, "/fi/laws/"),
    ("path search", _set("pl-2017-pzbs", "path", '"search"'), {"pl-2017-pzbs"}, "/pl/search/"),
    ("duplicate id in one source", _set("fi-1997-sbl", "id", '"fi-1997"'), {"fi-1997", "fi-1997-sbl"}, "fi-1997"),
]

# every key of [[source]] and [[source.document]], each given a value of a wrong type
WRONG_VALUES = {"integer": "42", "list": '["a", "b"]', "table": "{ a = 1 }"}
SOURCE_KEYS = ["file", "parser", "origin"]
DOCUMENT_KEYS = [
    "id",
    "lang",
    "edition",
    "kind",
    "path",
    "title",
    "copyright",
    "terms_of_use",
    "provenance",
    "extract",
    "contents",
    "grammar",
]
for kind, value in WRONG_VALUES.items():
    for key in SOURCE_KEYS:
        CASES.append((f"source {key} as {kind}", _set(PL, key, value), {"pl-2017-pzbs"}, key))
    for key in DOCUMENT_KEYS:
        CASES.append((f"document {key} as {kind}", _set("pl-2017-pzbs", key, value), {"pl-2017-pzbs"}, key))
    CASES.append((f"source document as {kind}", _pl_documents(value), {"pl-2017-pzbs"}, "document"))
CASES.append(("extract as string", _set("pl-2017-pzbs", "extract", '"yes"'), {"pl-2017-pzbs"}, "extract"))
CASES.append(("document as list of strings", _pl_documents('["a"]'), {"pl-2017-pzbs"}, "table"))
assert {key for key in manifest.SOURCE_KEYS} == {*SOURCE_KEYS, "document"}
assert set(manifest.DOCUMENT_KEYS) == set(DOCUMENT_KEYS)


def _whole(scratch: Path) -> Path:
    shutil.copytree(ROOT / "content", scratch / "content", ignore=shutil.ignore_patterns("docs"))
    return scratch


@pytest.fixture
def project(scratch: Path) -> Path:
    """A copy of ``content/`` with the Swedish, Turkish and Polish sources only."""
    return make_project(scratch, sources=SMALL)


def _files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if not path.is_dir()}


def _generate(content: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = cli.main(["--content", str(content), "generate"])
    return status, capsys.readouterr().err


def _entry_header(lines: list[str], line: int) -> int:
    """The line of the [[source]] (or [[source.document]]) header above ``line``."""
    return max(i + 1 for i in range(line) if lines[i].lstrip().startswith("[["))


def _edited(project: Path, edit: Edit) -> tuple[Path, str, int]:
    """The project's manifest after ``edit``: its path, its text and the line the error must name."""
    sources = project / "content" / "sources"
    path = sources / MANIFEST
    text, line = edit(path.read_text(encoding="utf-8"), sources)
    path.write_text(text, encoding="utf-8")
    return path, text, line


@pytest.fixture
def sources_only(tmp_path: Path) -> Path:
    """A project holding only ``content/sources`` (what the manifest's checks read)."""
    shutil.copytree(ROOT / "content" / "sources", tmp_path / "content" / "sources")
    return tmp_path


# the cases refused when the source is loaded, not when the manifest is read: a file that is not there
AT_LOAD = {"file missing, link out beside", "file missing in folder"}
READ = [case for case in CASES if case[0] not in AT_LOAD]


@pytest.mark.parametrize(("case", "edit", "left_out", "says"), READ, ids=[case[0] for case in READ])
def test_a_hostile_manifest_entry_is_refused_at_its_line(
    case: str, edit: Edit, left_out: set[str], says: str, sources_only: Path
) -> None:
    """Every case, where the manifest is read: the entry refused with an error at its line (or its
    table's), the others kept, nothing written."""
    path, text, line = _edited(sources_only, edit)
    before = _files(sources_only)
    listed = manifest.read(path)
    named = {int(n) for error in listed.errors for n in re.findall(rf"^\S*{MANIFEST}:(\d+): ", error)}
    assert named & {line, _entry_header(text.split("\n"), line)}, (line, listed.errors)
    assert any(says in error for error in listed.errors), listed.errors
    kept = [meta for _, metas in listed.entries for meta in metas]
    assert {meta.id for meta in kept} == ALL - left_out
    assert _files(sources_only) == before
    assert not (sources_only / "escaped").exists() and not Path("/tmp/escaped").exists()


# the cases run through the whole of `bridgelaws generate`: those refused at load, and one of each
# kind of check the manifest makes (a name, a path, a file, a range, a collision, a reserved URL,
# a wrong type, a text), so that what is refused is shown to stay out of every page while the rest
# is generated
GENERATED = AT_LOAD | {
    "markup in id",
    "markup in path",
    "control character in title",
    "file symlink out",
    "file ../../etc/passwd",
    "contents law 94",
    "two documents at one path",
    "supplement at its own book's law page",
    "path search",
    "document title as table",
    "source document as integer",
}
assert {case[0] for case in CASES} >= GENERATED


@pytest.mark.parametrize(
    ("case", "edit", "left_out", "says"),
    [case for case in CASES if case[0] in GENERATED],
    ids=[case[0] for case in CASES if case[0] in GENERATED],
)
def test_a_refused_entry_is_left_out_and_the_rest_generated(
    case: str, edit: Edit, left_out: set[str], says: str, scratch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small = left_out <= SMALL_DOCUMENTS
    project = make_project(scratch, sources=SMALL) if small else _whole(scratch)
    documents = SMALL_DOCUMENTS if small else ALL
    content = project / "content"
    _, text, line = _edited(project, edit)
    before = _files(project)
    code, err = _generate(content, capsys)
    assert "Traceback" not in err and "internal error" not in err, err
    assert code == 1, err
    named = {int(n) for n in re.findall(rf"^error: \S*{MANIFEST}:(\d+): ", err, re.MULTILINE)}
    assert named & {line, _entry_header(text.split("\n"), line)}, (line, err)
    assert says in err, err
    # the other documents are generated, the refused ones are not
    exported = json.loads((content / "docs" / "en" / "api" / "laws.json").read_text(encoding="utf-8"))
    assert {document["id"] for document in exported["documents"]} == documents - left_out
    # nothing written outside content/docs, nothing of the refused field in a page
    written = _files(project) - before
    assert all(file.is_relative_to(content / "docs") for file in written), written - _files(content / "docs")
    assert not (project / "escaped").exists() and not Path("/tmp/escaped").exists()
    for page in _files(content / "docs"):
        body = page.read_text(encoding="utf-8")
        assert "onerror" not in body and "SECRET-OUTSIDE" not in body and "root:x:" not in body, page


def test_a_manifest_whose_source_is_not_a_list_builds_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "content" / "sources" / MANIFEST).write_text("# sources\nsource = 3\n", encoding="utf-8")
    code, err = _generate(project / "content", capsys)
    assert code == 2, err
    assert re.search(rf"^error: \S*{MANIFEST}:2: source must be a list", err, re.MULTILINE), err
    assert "Traceback" not in err and "internal error" not in err
    assert not (project / "content" / "docs").exists()


def test_an_unknown_top_level_key_is_an_error_at_its_line(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = project / "content" / "sources" / MANIFEST
    path.write_text("sauce = 1\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    code, err = _generate(project / "content", capsys)
    assert code == 1, err
    assert re.search(rf"^error: \S*{MANIFEST}:1: unknown key 'sauce'", err, re.MULTILINE), err


def test_an_unexpected_failure_in_one_entry_is_reported_at_its_line(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value no check foresaw fails that entry, at its line; not the build ("internal error")."""
    real = manifest._contents

    def failing(where: object, value: str, kind: object) -> str:
        if value == "1-26":
            raise ZeroDivisionError("unforeseen")
        return real(where, value, kind)  # type: ignore[arg-type]

    monkeypatch.setattr(manifest, "_contents", failing)
    code, err = _generate(project / "content", capsys)
    text = (project / "content" / "sources" / MANIFEST).read_text(encoding="utf-8").split("\n")
    header = _entry_header(text, next(i for i, line in enumerate(text) if PL in line) + 1)
    assert code == 1, err
    assert re.search(rf"error: \S*{MANIFEST}:{header}: \[\[source\]\]: cannot read this entry \(ZeroDivisionError", err)
    assert "internal error" not in err


def test_the_render_stage_names_both_documents_of_a_collision(
    scratch: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort, should the manifest check miss a collision: no page is overwritten, the
    build stops (a bug: exit 2) naming the URL and both documents."""
    project = make_project(scratch, sources=("fi-1997-laws.txt", "fi-2007-laws.pdf.txt"))
    monkeypatch.setattr(manifest.Owners, "claim", lambda self, documents, wheres: None)
    path = project / "content" / "sources" / MANIFEST
    path.write_text(_set("fi-1997-sbl", "path", '"2007/13"')(path.read_text(encoding="utf-8"), path.parent)[0])
    code, err = _generate(project / "content", capsys)
    assert code == 2, err
    assert "two pages render at 'fi/2007/13/'" in err, err
    assert "'fi-2007'" in err and "'fi-1997-sbl'" in err, err
    assert not (project / "content" / "docs").exists()


def test_the_real_manifest_is_valid() -> None:
    listed = manifest.read(ROOT / "content" / "sources" / MANIFEST)
    assert listed.errors == []
    assert {meta.id for _, metas in listed.entries for meta in metas} == ALL
