"""A page's tables without a class wrapped for sideways scrolling, at build time.

Material's script wraps every ``table:not([class])`` of the page's text in
``<div class="md-typeset__scrollwrap"><div class="md-typeset__table">`` once it runs, and its
stylesheet lets the wrapper scroll and, on a phone, reach the screen's edges.  Done in the
browser, the table is first painted without the wrapper and moves when the script comes; a
reader without script never gets it.  Written into the page's text here
(``mkdocs_hooks.on_page_content``), it is there from the first paint; theme.js no longer wraps.
A table with a class (the compare view's, the search pages' none) is the page's own design and
is left as it is, as Material's selector leaves it.
"""

from __future__ import annotations

import re

OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
CLOSE = "</div></div>"
# a table's start or end tag; a quoted attribute value may hold ">"
TAG = re.compile(r"<(/?)table\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.IGNORECASE)
CLASS = re.compile(r"(?:^|\s)class\s*=", re.IGNORECASE)
# what is never markup: a comment, and the text of a script, style, pre or textarea
OPAQUE = re.compile(r"<!--.*?-->|<(script|style|pre|textarea)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)


def wrap_tables(html: str) -> str:
    """``html`` with each table that has no class inside Material's scrolling wrapper."""
    out: list[str] = []
    wrapped: list[bool] = []  # per open table: whether it was wrapped
    last = 0
    opaque = [(m.start(), m.end()) for m in OPAQUE.finditer(html)]
    for tag in TAG.finditer(html):
        if any(start <= tag.start() < end for start, end in opaque):
            continue
        if tag[1]:  # an end tag: the wrapper closes after the table it opened for
            if wrapped and wrapped.pop():
                out.append(html[last : tag.end()] + CLOSE)
                last = tag.end()
            continue
        bare = not CLASS.search(tag[2])
        wrapped.append(bare)
        if bare:
            out.append(html[last : tag.start()] + OPEN)
            last = tag.start()
    out.append(html[last:])
    return "".join(out)
