"""The built pages without their templates' indentation: a run of whitespace between words or
tags that holds a line end becomes that one line end.

Material's templates and ours are indented for whoever reads them, and a page carried that
indentation to every reader: a search page's HTML is 8% smaller (gzip) without it, a law page's
6%.  Where a browser collapses whitespace, a run holding a line end shows as one space, as the
line end alone does, so the page shows the same.  Where it does not collapse, the run is left
as written: the contents of ``pre``, ``textarea``, ``code`` and ``kbd`` (Material's
``.md-typeset code, kbd, pre`` keep their whitespace, ``white-space: pre-wrap``), of ``script``
and ``style`` (an inline script's hash in the Content-Security-Policy is of its bytes: csp.py)
and of comments.  A tag is left as written, its attributes' values with it.  Only HTML's
whitespace (space, tab, line feed, form feed, carriage return) is whitespace here: a no-break
space is text.
"""

from __future__ import annotations

import re
from pathlib import Path

from bridgelaws.stage5_site.html_lexis import COMMENT, TAG, whole_element

# what is left as written: a comment, an element whose whitespace shows (or is code), a tag
KEPT = re.compile(
    "|".join([COMMENT, whole_element(["pre", "textarea", "code", "kbd", "script", "style"], "kept"), TAG]),
    re.DOTALL | re.IGNORECASE,
)
RUN = re.compile(r"[ \t\f\r]*\n[ \t\n\f\r]*")  # a run of whitespace holding a line end


def collapse(html: str) -> str:
    """``html`` with each run of whitespace holding a line end, outside what :data:`KEPT`
    leaves as written, made one line end."""
    parts = []
    at = 0
    for kept in KEPT.finditer(html):
        parts.append(RUN.sub("\n", html[at : kept.start()]))
        parts.append(kept.group(0))
        at = kept.end()
    parts.append(RUN.sub("\n", html[at:]))
    return "".join(parts)


def collapse_pages(site: Path) -> str:
    """Every page of the built site collapsed in place; say how much smaller they got."""
    before = after = count = 0
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        collapsed = collapse(html)
        if collapsed != html:
            page.write_text(collapsed, encoding="utf-8")
        before, after, count = before + len(html), after + len(collapsed), count + 1
    return f"{count} pages, {before // 1024} KB → {after // 1024} KB"
