"""The processor-time log's arithmetic (tests/cputime.py): a child waited for counts, and a
process that leaves the tree (handed to init when its parent ends first) makes no test's time
negative."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from cputime import TICK, Tree, seconds_between

BURN = "import time\nstart = time.process_time()\nwhile time.process_time() - start < {seconds}: pass\n"


def test_a_child_waited_for_counts() -> None:
    root = os.getpid()
    before = Tree.of(root)
    subprocess.run([sys.executable, "-c", BURN.format(seconds=0.3)], check=True)
    assert seconds_between(before, Tree.of(root), root) >= 0.25


def test_a_process_that_leaves_the_tree_takes_nothing_away() -> None:
    """Its parent ends first: it goes to init with the time it spent in the tree, which the
    measurement before counted; the measurement after must not come out below it."""
    grandchild = BURN.format(seconds=0.4) + "time.sleep(5)\n"
    # the child starts the grandchild, then ends when its input is closed
    child = f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {grandchild!r}])\nsys.stdin.read()\n"
    root = os.getpid()
    process = subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while True:  # until the grandchild has spent its processor time in the tree
        before = Tree.of(root)
        burnt = [pid for pid, up in before.parent.items() if up == process.pid and before.ticks[pid] >= 0.3 * TICK]
        if burnt or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert burnt, "the grandchild did not run"
    assert process.stdin is not None
    process.stdin.close()
    process.wait()  # the child ends first: the grandchild leaves the tree
    assert burnt[0] not in Tree.of(root).ticks and seconds_between(before, Tree.of(root), root) >= 0
