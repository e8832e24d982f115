"""How the site's scripts read what Python writes, in Python, for the tests: a page id as
``refs.js`` reads it, the search data as ``search.js`` reads it.  The product has no use for
them (Python writes, the scripts read); they are built on the product's own rules, so a test
holding a script or the data to them holds it to the product.
"""

from __future__ import annotations

from typing import Any

from bridgelaws.core import refs
from bridgelaws.search.engine_data import held_title


def ref_of_anchor(anchor: str) -> str | None:
    """The provision or point an id on a page stands for, or None: ``p3-1-A`` → ``point:3.1.A``,
    ``13A1`` → ``13A1``, ``def-alert`` → None (:func:`refs.anchor` read backwards, as ``refOf``)."""
    if anchor.startswith(refs.POINT_ANCHOR_PREFIX):
        path = anchor.removeprefix(refs.POINT_ANCHOR_PREFIX)
        ref = refs.POINT_PREFIX + path.replace(refs.POINT_ANCHOR_SEPARATOR, refs.POINT_SEPARATOR)
        if refs.POINT_REF.match(ref) and refs.anchor(ref) == anchor:
            return ref
    return anchor if refs.PATH.match(anchor) else None


def doc_law(doc: dict[str, Any], law: str) -> dict[str, str]:
    """A law of a search-data text as search.js reads it: its key, label and page filled in from
    the text's patterns (``{n}`` the law), with its title and anchors."""
    return {**{field: pattern.replace("{n}", law) for field, pattern in doc["law"].items()}, **doc["laws"][law]}


def hub_title(data: dict[str, Any], law: str) -> str:
    """The title a "where to read" result of ``law`` shows (search.js ``lawHits``): the data's law
    title, else the title of the first text holding the law (:func:`held_title`)."""
    return str(data["lawTitles"].get(law, held_title(data["docs"], law) or ""))
