"""Processor time per test, of the worker and every process it started (Chromium, Node, Java, a
build of its own), for finding where a run's time goes.

``BRIDGELAWS_TEST_CPU=FILE pytest …`` appends a line per test to FILE: processor seconds, wall
seconds, when it started (seconds since the epoch), the pytest-xdist worker, the test's id (its
fixtures' setup counts to the first test that needs them).  A process
that has ended counts in its parent's total once its parent has waited for it
(:func:`seconds_between`); one that has left the tree (the run's site build, a process group of
its own) is not counted.  A measurement for reading, never asserted: no test depends on it."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Tree:
    """The processes below a root at one moment: each one's parent and processor ticks (its own
    and its waited-for children's)."""

    parent: dict[int, int]
    ticks: dict[int, int]
    running: frozenset[int]  # every process of the machine, in the tree or not

    @classmethod
    def of(cls, root: int) -> Tree:
        parent: dict[int, int] = {}
        ticks: dict[int, int] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                fields = Path(f"/proc/{entry.name}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid = int(entry.name)
            parent[pid] = int(fields[1])
            ticks[pid] = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
        below = {pid for pid in ticks if _descends(pid, root, parent)}
        return cls({pid: parent[pid] for pid in below}, {pid: ticks[pid] for pid in below}, frozenset(ticks))


def _descends(pid: int, root: int, parent: dict[int, int]) -> bool:
    while pid not in (root, 0, 1) and pid in parent:
        pid = parent[pid]
    return pid == root


def seconds_between(before: Tree, after: Tree, root: int) -> float:
    """Processor seconds the tree spent from ``before`` to ``after``.  A process gone since is in
    the ticks of the ancestor that waited for it, whole: its ticks before are taken off there.
    One whose parent (and its parent's, up to a process still in the tree) went too ended first,
    as a browser's processes end before the browser.  One that left the tree (still running, its
    parent ended first: it was handed to init) is not counted, neither before nor after."""
    gone = set(before.ticks) - after.running

    def waited_for(pid: int) -> bool:
        up = before.parent.get(pid, 0)
        return up == root or up in after.ticks or (up in gone and waited_for(up))

    kept = [pid for pid in before.ticks if pid in after.ticks or (pid in gone and waited_for(pid))]
    return (sum(after.ticks.values()) - sum(before.ticks[pid] for pid in kept)) / TICK


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    log = os.environ.get("BRIDGELAWS_TEST_CPU")
    if not log:
        yield
        return
    root = os.getpid()
    before, started, now = Tree.of(root), time.monotonic(), time.time()
    yield
    spent, took = seconds_between(before, Tree.of(root), root), time.monotonic() - started
    worker = os.environ.get("PYTEST_XDIST_WORKER", "-")
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{spent:.2f} {took:.2f} {now:.1f} {worker} {item.nodeid}\n")
