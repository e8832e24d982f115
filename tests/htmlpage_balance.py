"""The conservation identity every saved-page case checks (``bridgelaws.stage1_read.htmlpage``)::

accounted == text + dropped - inserted      (non-whitespace characters, as multisets)
"""

from __future__ import annotations

from bridgelaws.core.accounting import tally
from bridgelaws.stage1_read.htmlpage import Page


def assert_conserved(page: Page) -> None:
    """accounted == text + dropped − inserted, and ``lines`` has one entry per text line."""
    balance = tally(page.accounted, [page.text], (s.text for s in page.dropped), (s.text for s in page.inserted))
    assert balance.ok, f"missing {balance.missing}, surplus {balance.surplus}"
    assert len(page.lines) == page.text.count("\n") + 1
    assert all(line >= 1 for line in page.lines)
