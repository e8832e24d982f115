"""A page's tables without a class wrapped for sideways scrolling, at build time.

Material's script wraps every ``table:not([class])`` of the page's text in
``<div class="md-typeset__scrollwrap"><div class="md-typeset__table">`` once it runs, and its
stylesheet lets the wrapper scroll and, on a phone, reach the screen's edges.  Done in the
browser, the table is first painted without the wrapper and moves when the script comes; a
reader without script never gets it.  Written into the page's text here
(``mkdocs_hooks.on_page_content``), it is there from the first paint; theme.js no longer wraps.
A table with a class attribute (the compare view's) is the page's own design and is left as it
is, as Material's selector leaves it.
"""

from __future__ import annotations

import re

from bridgelaws.stage5_site.html_lexis import COMMENT, INSIDE, whole_element

OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
CLOSE = "</div></div>"
# In one pass, in the page's order: what is never markup (a comment, the text of a script,
# style, pre or textarea: skipped whole, so a table written there is not one), or a table's
# start or end tag.
TOKEN = re.compile(
    "|".join(
        [
            COMMENT,
            whole_element(["script", "style", "pre", "textarea"], "opaque"),
            rf"<(?P<end>/?)table\b(?P<attrs>{INSIDE})>",
        ]
    ),
    re.DOTALL | re.IGNORECASE,
)
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
CLASS = re.compile(r"(?:^|\s)class(?:\s*=|\s|$)", re.IGNORECASE)  # the attribute, with or without a value


def _has_class(attrs: str) -> bool:
    return bool(CLASS.search(QUOTED.sub('""', attrs)))  # not "class" inside another attribute's value


def wrap_tables(html: str) -> str:
    """``html`` with each table that has no class attribute inside Material's scrolling wrapper."""
    out: list[str] = []
    wrapped: list[bool] = []  # per open table: whether it was wrapped
    last = 0
    for token in TOKEN.finditer(html):
        if token["attrs"] is None:  # a comment, script, style, pre or textarea
            continue
        if token["end"]:  # the wrapper closes after the table it opened for
            if wrapped and wrapped.pop():
                out.append(html[last : token.end()] + CLOSE)
                last = token.end()
            continue
        bare = not _has_class(token["attrs"])
        wrapped.append(bare)
        if bare:
            out.append(html[last : token.start()] + OPEN)
            last = token.start()
    out.append(html[last:])
    return "".join(out)
