"""The printed book's page hints, lifted out of the reading text of the Finnish 2007 Laws.

The book's cross-references carry the page the cited law is printed on: ``(s. 28) 16C :ää`` is
Law 16C (on page 28).  On the web the page number stands between the reader and the link, so
the hint leaves the paragraph's text and becomes a :class:`~bridgelaws.core.model.PageHint`
on it: provenance the citation grammar still reads (``Paragraph.printed``), the export keeps
(a citation's printed text) and the page shows as the link's tooltip.  The parse report lists
each one (nothing is lost without a reason).
"""

from __future__ import annotations

import re

from bridgelaws.core.model import Dropped, PageHint
from bridgelaws.stage1_read.cleaning import LINE_1, Step

PAGE_HINT = re.compile(
    r"""\( s\. \s? (?P<page>[0-9]{1,3}) \)   # (s. 28)  (s.24)
        \s?                                   # the space before the law it points at …
        (?=[0-9])                             # … which is a law number: "(s. 28) 16C"
    """,
    re.VERBOSE,
)

REASON = "printed page hint (kept as provenance)"


def lift_page_hints(text: str) -> tuple[Step, list[PageHint]]:
    """``Katso (s. 28) 16C :ää`` → ``Katso 16C :ää`` and a hint ``(s. 28) `` at offset 6.

    Idempotent: lifted text has no hints left.  Offsets are in the returned text.
    """
    hints: list[PageHint] = []
    parts: list[str] = []
    position = removed = 0
    for match in PAGE_HINT.finditer(text):
        parts.append(text[position : match.start()])
        hints.append(PageHint(match.start() - removed, match[0], int(match["page"])))
        removed += len(match[0])
        position = match.end()
    parts.append(text[position:])
    dropped = [Dropped(hint.text.strip(), LINE_1, REASON) for hint in hints]
    return Step("".join(parts), dropped), hints
