"""Processor time per test, of the worker and every process it started (Chromium, Node, Java, a
build of its own), for finding where a run's time goes.

``BRIDGELAWS_TEST_CPU=FILE pytest …`` appends a line per test to FILE: processor seconds, wall
seconds, when it started (seconds since the epoch), the pytest-xdist worker, the test's id (its
fixtures' setup counts to the first test that needs them).  A process
that has ended counts in its parent's total once its parent has waited for it; one that has left
the tree (the run's site build, a process group of its own) is not counted.  A measurement for
reading, never asserted: no test depends on it."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")


def tree_seconds(root: int) -> float:
    """Processor seconds of ``root`` and its descendants, with their waited-for children's."""
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
    total = 0
    for pid, spent in ticks.items():
        ancestor = pid
        while ancestor not in (root, 0, 1) and ancestor in parent:
            ancestor = parent[ancestor]
        if ancestor == root:
            total += spent
    return total / TICK


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    log = os.environ.get("BRIDGELAWS_TEST_CPU")
    if not log:
        yield
        return
    start, started, now = tree_seconds(os.getpid()), time.monotonic(), time.time()
    yield
    spent, took = tree_seconds(os.getpid()) - start, time.monotonic() - started
    worker = os.environ.get("PYTEST_XDIST_WORKER", "-")
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{spent:.2f} {took:.2f} {now:.1f} {worker} {item.nodeid}\n")
