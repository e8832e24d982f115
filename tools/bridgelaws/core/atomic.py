"""Output replaced whole or not at all, and child processes that end with the build.

A reader's site (``site/``) and the generated pages (``content/docs``) are never written in place:
each is made in a sibling folder (:func:`staging`, ``.site.new`` beside ``site``) and swapped in by
:func:`replace` only when it is complete, so a build that fails a check or is killed at any point
leaves the previous folder as it was.  A sibling is on the same file system, so the swap is a
rename: on Linux one ``renameat2(RENAME_EXCHANGE)``, which no kill can interrupt half-way; elsewhere
two renames, the old folder kept aside until the new one is in place.  A staging folder left by a
killed build is removed by the next one.

MkDocs runs as a child process (:func:`run`) in a process group of its own, with everything it
starts (Pagefind) in that group.  SIGINT, SIGTERM and SIGHUP sent to ``bridgelaws`` end the group
and then ``bridgelaws`` itself (:class:`Interrupted`); a ``bridgelaws`` killed outright (SIGKILL)
takes its children with it, as each is started with the parent-death signal set
(:func:`die_with_parent`, Linux's ``PR_SET_PDEATHSIG``; Pagefind is started the same way).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType

NEW, OLD = ".new", ".old"
STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
GRACE_SECONDS = 10  # how long a child group has to end after SIGTERM, before SIGKILL
_PR_SET_PDEATHSIG = 1
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None


LIBC = _libc()


def staging(target: Path) -> Path:
    """The sibling folder ``target`` is made in: ``site`` → ``.site.new``."""
    return target.parent / f".{target.name}{NEW}"


def _aside(target: Path) -> Path:
    return target.parent / f".{target.name}{OLD}"


def fresh_staging(target: Path) -> Path:
    """An empty staging folder for ``target`` (what a killed build left there is removed)."""
    recover(target)
    folder = staging(target)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def recover(target: Path) -> None:
    """Undo a swap cut short between its two renames (where there is no atomic exchange): the
    previous folder is put back where it was."""
    aside = _aside(target)
    if aside.is_dir() and not target.exists():
        aside.rename(target)
    shutil.rmtree(aside, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux ``renameat2``); False where it is not available."""
    if LIBC is None or not hasattr(LIBC, "renameat2"):
        return False
    done = LIBC.renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    return bool(done == 0)


def replace(staged: Path, target: Path) -> None:
    """Put the complete folder ``staged`` at ``target``, in one step; the previous one is removed."""
    if not target.exists() and not target.is_symlink():
        staged.rename(target)
        return
    if _exchange(staged, target):
        shutil.rmtree(staged)  # the previous folder, now at the staging path
        return
    aside = _aside(target)
    shutil.rmtree(aside, ignore_errors=True)
    target.rename(aside)
    staged.rename(target)
    shutil.rmtree(aside)


def discard(target: Path) -> None:
    """Remove ``target``'s staging folder (a failed build's half-made output)."""
    shutil.rmtree(staging(target), ignore_errors=True)


class Interrupted(Exception):
    """``bridgelaws`` was asked to stop (SIGINT, SIGTERM, SIGHUP); its children have been ended."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


@contextlib.contextmanager
def stoppable() -> Iterator[None]:
    """Within: SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted`, so the build can end its
    children and say what it left; the previous handlers are restored after."""
    previous = {signum: signal.signal(signum, _raise) for signum in STOPPING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def die_with_parent() -> None:
    """In a child just started: end it (SIGTERM) when the process that started it dies, however it
    dies; if that process is already gone, end now."""
    parent = os.getppid()
    if LIBC is not None:
        LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def run(command: Sequence[str], cwd: Path | None = None) -> int:
    """Run ``command`` in a process group of its own that ends with this process; its exit status.

    On :class:`Interrupted` (or any exception) the group is ended (SIGTERM, then SIGKILL after
    :data:`GRACE_SECONDS`) before the exception goes on."""
    child = subprocess.Popen(list(command), cwd=cwd, process_group=0, preexec_fn=die_with_parent)
    try:
        return child.wait()
    except BaseException:
        _end_group(child)
        raise


def _end_group(child: subprocess.Popen[bytes]) -> None:
    for signum in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signum)
        try:
            child.wait(timeout=GRACE_SECONDS)
            # what the group's leader started may outlive it by a moment: end them too
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            return
        except subprocess.TimeoutExpired:
            continue
