"""A build that fails or is killed leaves readers the previous site, and no process behind it.

Each case is a real ``bridgelaws build`` (the command line, MkDocs, Pagefind) of a small project:
a copy of ``content/`` whose manifest keeps only the Turkish summary (eight laws, every kind of
page, a third of the full build's time), ``mkdocs.yml``, and the real ``overrides`` and ``tools``.
Its ``site/`` holds a previous site and ``content/docs`` the previous generation; the build then
fails its Content-Security-Policy check, or is killed (SIGTERM, or SIGKILL of it alone or of its
process group) at a point of the build: while it writes ``content/docs``, while MkDocs renders,
while Pagefind indexes.  Afterwards ``site/`` is byte-identical to what it was, ``content/docs`` is
the previous generation or the complete new one, no half-made folder is left where a reader
looks, and no process the build started is still running.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgelaws import cli
from bridgelaws.core import atomic
from projects import TURKISH, make_project

pytestmark = pytest.mark.site  # each case builds a site of its own

POLL_SECONDS = 0.01
PATIENCE_SECONDS = 300  # how long to wait for a kill point or for the processes to end (never asserted)


def previous_site(project: Path) -> None:
    """What readers were served before: any files will do, the build must not touch them."""
    site = project / "site"
    (site / "tr" / "2017" / "13").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>previous</title>", encoding="utf-8")
    (site / "tr" / "2017" / "13" / "index.html").write_text("<p>önceki yasa 13</p>", encoding="utf-8")
    (site / "sw.js").write_text("// previous worker\n", encoding="utf-8")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _command_lines() -> dict[int, str]:
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
    return found


def processes_of(project: Path) -> list[str]:
    """The running processes whose command line names the project (MkDocs' and Pagefind's name
    the folder they write)."""
    return [line for pid, line in _command_lines().items() if str(project) in line and pid != os.getpid()]


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[str]) -> bool:
    """Poll ``condition`` until it holds (True) or the build has ended (False)."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return True
        if process.poll() is not None:
            return False
        time.sleep(POLL_SECONDS)
    return False


# `python -m bridgelaws.cli build` with each unchanged page's link into content/docs' staging
# folder a millisecond slower: unslowed, that folder lives about 35 ms (1,500 links), a window a
# poller on a loaded machine can miss whole; slowed, about 1.5 s, and the kill lands mid-write
SLOW_DOCS = """import sys, time
from bridgelaws import cli, pipeline
link = pipeline._link_or_copy
def slow(*args):
    time.sleep(0.001)
    return link(*args)
pipeline._link_or_copy = slow
sys.exit(cli.main(["build"]))
"""


def start_build(project: Path, slow_docs: bool = False) -> subprocess.Popen[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_DOCS] if slow_docs else [sys.executable, "-m", "bridgelaws.cli", "build"],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell job is: the group can be killed
    )


# -- the points a build is killed at, each a condition on what the build is doing ------------------


def writing_docs(project: Path) -> Callable[[], bool]:
    return lambda: atomic.staging(project / "content" / "docs").is_dir()


def mkdocs_rendering(project: Path) -> Callable[[], bool]:
    staged = atomic.staging(project / "site")
    return lambda: staged.is_dir() and any(staged.rglob("*.html"))


def pagefind_indexing(project: Path) -> Callable[[], bool]:
    return lambda: any("pagefind" in line and "--site" in line for line in processes_of(project))


def _term(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGTERM)


def _kill_alone(process: subprocess.Popen[str]) -> None:
    process.kill()


def _kill_group(process: subprocess.Popen[str]) -> None:
    os.killpg(process.pid, signal.SIGKILL)


@dataclass(frozen=True)
class Kill:
    point: str
    reached: Callable[[Path], Callable[[], bool]]
    kill: Callable[[subprocess.Popen[str]], None]
    says: bool  # a build asked to stop says what it left; one killed outright cannot
    slow_docs: bool = False  # content/docs written slowly (SLOW_DOCS), or the point is a moment


KILLS = [
    Kill("writing content/docs, SIGKILL to the group", writing_docs, _kill_group, False, slow_docs=True),
    Kill("MkDocs rendering, SIGTERM", mkdocs_rendering, _term, True),
    Kill("MkDocs rendering, SIGKILL to bridgelaws alone", mkdocs_rendering, _kill_alone, False),
    Kill("Pagefind indexing, SIGKILL to the group", pagefind_indexing, _kill_group, False),
]


@pytest.fixture
def project(scratch: Path) -> Path:
    return make_project(scratch / "project")


def _generate(project: Path) -> int:
    return cli.main(["--content", str(project / "content"), "generate"])


def _assert_no_process_left(project: Path) -> None:
    deadline = time.monotonic() + PATIENCE_SECONDS
    while processes_of(project) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_of(project) == []


@pytest.mark.parametrize("kill", KILLS, ids=[kill.point for kill in KILLS])
def test_a_killed_build_leaves_the_previous_site(kill: Kill, project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _generate(project) == 0
    docs = project / "content" / "docs"
    before_docs = snapshot(docs)
    # the build's generation changes pages, so a half-written content/docs would show
    source = project / "content" / "sources" / TURKISH
    source.write_text(source.read_text(encoding="utf-8").replace("oyuncu", "OYUNCU"), encoding="utf-8")
    previous_site(project)
    before_site = snapshot(project / "site")
    capsys.readouterr()

    build = start_build(project, kill.slow_docs)
    try:
        reached = wait_for(kill.reached(project), build)
        assert reached, f"the build ended before {kill.point}: {build.communicate()[1][-2000:]}"
        kill.kill(build)
        _, err = build.communicate(timeout=PATIENCE_SECONDS)
    finally:
        if build.poll() is None:
            os.killpg(build.pid, signal.SIGKILL)
    _assert_no_process_left(project)
    assert snapshot(project / "site") == before_site
    if kill.says:
        assert build.returncode == cli.NOT_BUILT, err
        assert "the site was NOT built" in err and "site/ is left as the previous build made it" in err, err
        assert "Traceback" not in err
        assert not atomic.staging(project / "site").exists()
    # content/docs is the previous generation or the whole new one, never a mix: the next
    # generation (which also clears what the killed one left) tells which
    killed_docs = snapshot(docs)
    assert _generate(project) == 0
    assert killed_docs in (before_docs, snapshot(docs))
    assert not atomic.staging(docs).exists()


def test_a_build_that_fails_its_csp_check_leaves_the_previous_site(scratch: Path) -> None:
    project = make_project(scratch / "project", own_overrides=True)
    template = project / "overrides" / "main.html"
    planted = "<script>window.__planted = 1</script>"
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace("{% block content %}", "{% block content %}" + planted, 1), encoding="utf-8")
    previous_site(project)
    before = snapshot(project / "site")

    build = start_build(project)
    _, err = build.communicate(timeout=PATIENCE_SECONDS)
    assert build.returncode == cli.NOT_BUILT, err
    assert "Content-Security-Policy" in err and "window.__planted" in err, err
    assert "the site was NOT built" in err and "site/ is left as the previous build made it" in err, err
    assert snapshot(project / "site") == before
    assert not atomic.staging(project / "site").exists()
    _assert_no_process_left(project)


# -- the swap itself ----------------------------------------------------------------------------------


def test_replace_puts_the_new_folder_in_place_whole(tmp_path: Path) -> None:
    target = tmp_path / "site"
    for contents in ({"a.html": "1"}, {"b/c.html": "2", "d.html": "3"}, {"e.html": "4"}):
        staged = atomic.fresh_staging(target)
        for name, text in contents.items():
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_text(text, encoding="utf-8")
        atomic.replace(staged, target)
        assert {k: v.decode() for k, v in snapshot(target).items()} == contents
        assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_swap_cut_short_between_its_renames_is_undone(tmp_path: Path) -> None:
    """Where there is no atomic exchange the previous folder is set aside first; a build killed
    right then finds it there and puts it back."""
    target = tmp_path / "site"
    aside = tmp_path / ".site.old"
    aside.mkdir()
    (aside / "index.html").write_text("previous", encoding="utf-8")
    (tmp_path / ".site.new").mkdir()
    staged = atomic.fresh_staging(target)
    assert (target / "index.html").read_text(encoding="utf-8") == "previous"
    assert staged.is_dir() and not any(staged.iterdir()) and not aside.exists()
