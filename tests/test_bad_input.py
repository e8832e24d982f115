"""Damaged sources and a damaged manifest: a clear message naming file and line, never a
traceback, the other sources still built, and an exit status that says what was built.

Each case damages one thing the way sources really arrive damaged, in a copy of ``content/``
(shared by the cases of its group, each damaging another file or manifest entry), runs
``bridgelaws generate`` in-process and reads its stderr.
Exit status: 0 built from every source, 1 built without the sources the errors name,
2 nothing built.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridgelaws import cli
from bridgelaws.core.model import Document, Origin, ParseResult
from bridgelaws.stage2_parse import load as load_module
from conftest import scratch_folder
from projects import make_project

ROOT = Path(__file__).resolve().parents[1]
SV = "sv-2007-laws-9-16.web.txt"
TR = "tr-2017-laws-extract.blog.txt"
PL = "pl-2017-pzbs-decisions.web.txt"
FI07 = "fi-2007-laws.pdf.txt"
MANIFEST = "manifest.toml"

Damage = Callable[[Path], None]


def _edit(name: str, change: Callable[[str], str]) -> Damage:
    def damage(sources: Path) -> None:
        path = sources / name
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")

    return damage


def _write_bytes(name: str, change: Callable[[bytes], bytes]) -> Damage:
    def damage(sources: Path) -> None:
        path = sources / name
        path.write_bytes(change(path.read_bytes()))

    return damage


def _remove(name: str) -> Damage:
    return lambda sources: (sources / name).unlink()


def _lines(change: Callable[[list[str]], list[str]]) -> Callable[[str], str]:
    return lambda text: "\n".join(change(text.split("\n")))


def _index(lines: list[str], start: str) -> int:
    return next(number for number, line in enumerate(lines) if line.startswith(start))


def _swap_laws_42_43(lines: list[str]) -> list[str]:
    i, j, k = _index(lines, "YASA 42"), _index(lines, "YASA 43"), _index(lines, "YASA 45")
    return lines[:i] + lines[j:k] + lines[i:j] + lines[k:]


def _law_12_twice(lines: list[str]) -> list[str]:
    i, j = _index(lines, "12. "), _index(lines, "13. ")
    return lines[:j] + lines[i:j] + lines[j:]


def _drop_law_13_heading(lines: list[str]) -> list[str]:
    i = _index(lines, "13. ")
    return lines[:i] + lines[i + 1 :]


TR_LAW_13_INTRO = "Yasa 13, yanlış sayıda (13 den fazla) kart durumunda yapılacakları tanımlar."


def _mojibake(text: str) -> str:
    """Line 5 (law 13's intro, on its page) as UTF-8 read as cp1252 and saved again."""
    return text.replace(TR_LAW_13_INTRO, TR_LAW_13_INTRO.encode().decode("cp1252", errors="replace"))


# (case, damage, exit status, a message that must appear: file:line first)
CASES: list[tuple[str, Damage, int, str]] = [
    ("missing file", _remove(SV), 1, rf"error: \S*{MANIFEST}:\d+: the manifest names {SV}, which is not in"),
    (
        "unknown parser",
        _edit(MANIFEST, lambda t: t.replace('parser = "tr_blog"', 'parser = "tr_blogg"')),
        1,
        rf"error: \S*{MANIFEST}:\d+: unknown parser 'tr_blogg'",
    ),
    (
        "manifest not TOML",
        _edit(MANIFEST, lambda t: t.replace('parser = "tr_blog"', "parser = tr_blog")),
        2,
        rf"error: \S*{MANIFEST}:\d+: the manifest is not valid TOML",
    ),
    (
        "manifest entry without a parser",
        _edit(MANIFEST, lambda t: t.replace('parser = "pl_pzbs"\n', "")),
        1,
        rf"error: \S*{MANIFEST}:\d+: \[\[source\]\] '{PL}': missing parser",
    ),
    (
        "manifest entry with an unknown language",
        _edit(MANIFEST, lambda t: t.replace('lang = "pl"', 'lang = "po"')),
        1,
        rf"error: \S*{MANIFEST}:\d+: .*lang 'po' is not one of",
    ),
    (
        "two documents with one id",
        _edit(MANIFEST, lambda t: t.replace('id = "pl-2017-pzbs"', 'id = "tr-2017"')),
        1,
        rf"error: \S*{MANIFEST}:\d+: document id 'tr-2017' is already used",
    ),
    ("empty file", _write_bytes(SV, lambda b: b""), 1, rf"error: \S*{SV}:1: the file is empty"),
    ("binary file", _write_bytes(PL, lambda b: bytes(range(256)) * 20), 1, rf"error: \S*{PL}:1: not a text file"),
    ("PDF instead of text", _write_bytes(FI07, lambda b: b"%PDF-1.4\n" + b), 1, rf"error: \S*{FI07}:1: .*PDF"),
    (
        "cp1252 file",
        _write_bytes(SV, lambda b: b.decode().encode("cp1252")),
        0,
        rf"warning: \S*{SV}:1: not UTF-8: read as Windows-1252",
    ),
    (
        "cp1250 file",
        _write_bytes(PL, lambda b: b.decode().encode("cp1250", errors="replace")),
        0,
        rf"warning: \S*{PL}:1: not UTF-8: read as Windows-1250",
    ),
    ("mojibake", _edit(TR, _mojibake), 0, rf"warning: \S*{TR}:5: mojibake repaired: 'yanlÄ±ÅŸ' → 'yanlış'"),
    (
        "truncated file",
        _edit(SV, lambda t: t[: t.index("14. ")]),
        0,
        rf"warning: \S*{SV}:\d+: sv-2007: laws 14–16 not found .* looks truncated",
    ),
    ("law twice", _edit(SV, _lines(_law_12_twice)), 0, rf"warning: \S*{SV}:\d+: law 12 again"),
    (
        "law heading missing",
        _edit(SV, _lines(_drop_law_13_heading)),
        0,
        rf"warning: \S*{SV}:\d+: sections start again without a heading",
    ),
    ("laws out of order", _edit(TR, _lines(_swap_laws_42_43)), 0, rf"warning: \S*{TR}:\d+: .*law 42 follows law 43"),
]


# cases whose damages touch different files, or different entries of the manifest, share one
# `generate`: each is still looked for at its own file and line, and each case of a group gives
# the group's exit status alone (a warning never makes an error, and an error leaves out its
# source whatever else is damaged)
GROUPS: list[tuple[str, ...]] = [
    ("missing file", "unknown parser", "binary file", "PDF instead of text"),
    ("manifest entry without a parser", "empty file"),
    ("manifest entry with an unknown language",),
    ("two documents with one id",),
    ("manifest not TOML",),
    ("cp1252 file", "cp1250 file", "mojibake"),
    ("truncated file", "laws out of order"),
    ("law twice",),
    ("law heading missing",),
]
GROUP_OF = {case: group for group in GROUPS for case in group}
STATUS = {case[0]: case[2] for case in CASES}


def test_the_groups_hold_every_case_once_each_with_the_status_of_its_group() -> None:
    assert sorted(GROUP_OF) == sorted(STATUS) and sum(map(len, GROUPS)) == len(CASES)
    for group in GROUPS:
        assert len({STATUS[case] for case in group}) == 1, group


def _copy_content(folder: Path) -> Path:
    content = folder / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("docs"))
    return content


@pytest.fixture
def content(scratch: Path) -> Path:
    return _copy_content(scratch)


def _generate(content: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = cli.main(["--content", str(content), "generate"])
    return status, capsys.readouterr().err


class DamagedGenerations:
    """Each group's damages applied to one copy of ``content/`` and ``generate`` run on it, once
    for the module, when the first of its cases asks: the content folder, exit status, stderr."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.done: dict[tuple[str, ...], tuple[Path, int, str]] = {}

    def of(self, case: str, capsys: pytest.CaptureFixture[str]) -> tuple[Path, int, str]:
        group = GROUP_OF[case]
        if group not in self.done:
            content = _copy_content(self.folder / str(GROUPS.index(group)))
            for name, damage, _, _ in CASES:
                if name in group:
                    damage(content / "sources")
            self.done[group] = (content, *_generate(content, capsys))
        return self.done[group]


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DamagedGenerations]:
    with scratch_folder(tmp_path_factory.mktemp("damaged")) as folder:
        yield DamagedGenerations(folder)


@pytest.mark.xdist_group("bad-input")  # the groups' generations are made once, on one worker
@pytest.mark.parametrize(("case", "damage", "status", "message"), CASES, ids=[case[0] for case in CASES])
def test_damage_gives_a_message_naming_file_and_line(
    case: str,
    damage: Damage,
    status: int,
    message: str,
    damaged: DamagedGenerations,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The damage (with the others of its group, each on another file or manifest entry) gives
    its message at a real file and line, no traceback, its exit status, and the undamaged
    sources are built."""
    content, code, err = damaged.of(case, capsys)
    assert "Traceback" not in err
    found = re.search(message, err)
    assert found, err
    assert code == status, err
    _assert_line_is_real(found[0], content / "sources")
    if status < 2:  # the other sources are still built
        exported = json.loads((content / "docs" / "en" / "api" / "laws.json").read_text(encoding="utf-8"))
        built = {document["id"] for document in exported["documents"]}
        assert {"fi-1997", "fi-1997-sbl"} <= built


# what the line a manifest message names must hold: the key that is wrong, or its entry's header
MANIFEST_LINE = re.compile(r"""^\s*(?:\[\[source(?:\.document)?\]\]|[a-z]+\s*=)""")


def _assert_line_is_real(message: str, sources: Path) -> None:
    """The ``file:line`` a message names exists; in the manifest it is the entry or its key."""
    where = re.search(r"(?P<file>[^\s:]+):(?P<line>\d+):", message)
    assert where, message
    lines = (sources / Path(where["file"]).name).read_bytes().split(b"\n")
    line = int(where["line"])
    assert 1 <= line <= len(lines), message
    if where["file"].endswith(MANIFEST):
        assert MANIFEST_LINE.match(lines[line - 1].decode()), (message, lines[line - 1])


def test_the_undamaged_sources_give_no_message(content: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _generate(content, capsys)
    assert (code, err) == (0, "")


def test_a_parser_that_loses_text_fails_the_build(
    content: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The conservation gate: text neither in the output nor in the report stops the build."""

    def lossy(text: str) -> ParseResult:
        return ParseResult(documents=[Document("laws", text.split("\n", 1)[0], origin=Origin(1))])

    real = load_module.get_parser
    monkeypatch.setattr(load_module, "get_parser", lambda name: lossy if name == "sv_web" else real(name))
    code, err = _generate(content, capsys)
    assert code == 2
    assert re.search(rf"error: \S*{SV}:\d+: \d+ characters lost", err), err
    assert not (content / "docs").exists()


@pytest.mark.site
def test_a_build_with_damaged_sources_builds_the_rest(scratch: Path) -> None:
    """The whole build (MkDocs too): one source left out, three damaged but read; exit 1.  The
    project is every source but the 1997 book, the largest (test_damage damages it), so that
    this third build of the suite costs a third of the others."""
    project = make_project(scratch / "project", sources=(SV, PL, TR, FI07))
    sources = project / "content" / "sources"
    _write_bytes(SV, lambda b: bytes(range(256)) * 20)(sources)
    _write_bytes(PL, lambda b: b.decode().encode("cp1250", errors="replace"))(sources)
    _edit(TR, _mojibake)(sources)
    _edit(FI07, lambda t: t[: len(t) // 2])(sources)
    (project / "site").mkdir()
    (project / "site" / "from-a-previous-build.html").write_text("old", encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaws.cli", "build"], cwd=project, capture_output=True, text=True, env=env
    )
    assert "Traceback" not in run.stderr + run.stdout
    assert run.returncode == 1, run.stderr
    assert re.search(rf"error: \S*{SV}:1: not a text file", run.stderr)
    assert "WITHOUT the sources left out" in run.stderr
    site = project / "site"
    # the new site replaced the previous one whole, and nothing half-made is left beside it
    assert not (site / "from-a-previous-build.html").exists() and (site / "sw.js").exists()
    assert sorted(path.name for path in project.iterdir() if path.name.startswith(".")) == []
    assert not (site / "sv" / "2007" / "9").exists()
    polish = (site / "pl" / "2017" / "pzbs" / "1" / "index.html").read_text(encoding="utf-8")
    assert "Przepis" in polish and "ę" in polish  # cp1250 read as cp1250, not as cp1252's "ê"
    turkish = (site / "tr" / "2017" / "13" / "index.html").read_text(encoding="utf-8")
    assert "yanlış sayıda (13 den fazla)" in turkish and "yanlÄ±ÅŸ" not in turkish
