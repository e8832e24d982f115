"""Pagefind's fragments without the anchor texts nothing reads.

A fragment is a page's data as a search fetches it for each page it reads: its URL, indexed
content, meta, filters and anchors (every element of the page's body with an ``id``: its tag,
id, text and word location).  Pagefind reads an anchor's text only where the tag is a heading's
(``/h\\d/i``: its sub-results, ``calculate_sub_results`` in pagefind.js), and the engine reads an
anchor's id and location only (search/engine/snippet.js: the provision a snippet links to).  A
definition's ``dt`` carried its term again and a paragraph's anchor its whole text, both in the
fragment's content already: a first search that reads a page of definitions fetched a tenth
more than it reads.

:func:`trim` empties those texts, names each fragment by its new content (as Pagefind names
it, a hash of its bytes) and renames it in its language's meta file.  A fragment is read and
written through :mod:`pagefind_chunks`, which checks that it writes back the bytes Pagefind
wrote, and an anchor not of the shape Pagefind writes stops the build too: a format change in
a new Pagefind stops the build instead of breaking search.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bridgelaws.search.pagefind_chunks import (
    PagefindFormatError,
    fragment_name,
    meta_path,
    read_entry,
    read_file,
    read_fragment_data,
    write_file,
    write_fragment,
)

HEADING = re.compile(r"h\d", re.IGNORECASE)  # pagefind.js: anchors.filter((a) => /h\d/i.test(a.element) …)


def trimmed(fragment: dict[str, Any], name: str = "fragment") -> dict[str, Any]:
    """The fragment with the text of each anchor that is not a heading's emptied."""
    anchors = fragment.get("anchors")
    if not isinstance(anchors, list):
        raise PagefindFormatError(f"{name}: a fragment without anchors")
    kept = []
    for anchor in anchors:
        if not (isinstance(anchor, dict) and isinstance(anchor.get("element"), str) and "text" in anchor):
            raise PagefindFormatError(f"{name}: an anchor that is not {{element, id, text, location}}")
        kept.append(anchor if HEADING.search(anchor["element"]) else {**anchor, "text": ""})
    return {**fragment, "anchors": kept}


def trim(pagefind_dir: Path) -> str:
    """Trim every fragment of every language, renamed in its meta file; a summary."""
    fragments = pagefind_dir / "fragment"
    before = after = count = 0
    for lang, info in sorted(read_entry(pagefind_dir)["languages"].items()):
        meta_file = meta_path(pagefind_dir, info)
        meta = read_file(meta_file)
        if not (isinstance(meta, list) and len(meta) > 1 and isinstance(meta[1], list)):
            raise PagefindFormatError(f"{meta_file.name}: no pages")
        taken = {path.stem for path in fragments.glob(f"{lang}_*.pf_fragment")}
        for page in meta[1]:
            if not (isinstance(page, list) and page and isinstance(page[0], str)):
                raise PagefindFormatError(f"{meta_file.name}: a page that is not [fragment, words]")
            old_path = fragments / f"{page[0]}.pf_fragment"
            fragment = read_fragment_data(old_path)
            new = trimmed(fragment, old_path.name)
            taken.discard(page[0])
            name = fragment_name(new, lang, taken)
            taken.add(name)
            before += old_path.stat().st_size
            old_path.unlink()
            write_fragment(fragments / f"{name}.pf_fragment", new)
            after += (fragments / f"{name}.pf_fragment").stat().st_size
            page[0] = name
            count += 1
        write_file(meta_file, meta)  # renamed by its content when cut again (pagefind_chunks.rechunk)
    return f"{count} fragments, {before // 1024} KB → {after // 1024} KB"
