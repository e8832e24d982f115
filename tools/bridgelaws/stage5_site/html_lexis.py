"""How the build's steps that rewrite built pages as text (page_space.py, tables.py) tell markup
from what is not: the lexical pieces of HTML they share, as regular expression sources.

The pages are the build's own, valid HTML: a comment, a tag whose quoted attribute values may hold
``>``, and the elements whose content is read as written (a script's text, a ``pre``'s) are all a
step needs to know to leave alone what is not its to change.
"""

from __future__ import annotations

from collections.abc import Iterable

COMMENT = r"<!--.*?-->"
# a tag's inside after its name: anything but ">" outside a quoted value (a value may hold ">")
INSIDE = r"[^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*"
TAG = rf"<{INSIDE}>"


def whole_element(names: Iterable[str], group: str) -> str:
    """One of the elements ``names``, from its start tag to its end tag, its content included;
    the named group ``group`` is its name (compile with ``re.DOTALL | re.IGNORECASE``)."""
    return rf"<(?P<{group}>{'|'.join(names)})\b{INSIDE}>.*?</(?P={group})\s*>"
