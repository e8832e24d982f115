"""Each text page's provisions as short snippets, for search results that have no match to show.

A search hit found by a provision (``12C1(b)``), a regulation point (``3.1``) or a concept
(``straffkort`` → Law 50) has no Pagefind match to quote, so search.js showed the provision's
own words by fetching the whole law page: 6–9 KB compressed per hit, up to a fifth of a phone's
first search.  :func:`write` puts a ``snippets.json`` beside every page Pagefind indexes,
``{"12C1b": "C. … 1. (b) …", "": "12 KILPAILUNJOHTAJAN …"}`` — each element id of the page's
text mapped to its snippet: the element's text, a heading with the text under it, at most
:data:`LENGTH` characters at a word — and ``""`` the page's title with its first text.  This is
the one place a page's text is cut: the search page shows these (``fillSnippet``), and none when
the file cannot be fetched (offline and not cached).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup, Tag

NAME = "snippets.json"
LENGTH = 220  # characters: two or three lines on a phone
# the text under a heading: the paragraph classes that hold a provision's or a law's own words
TEXT_CLASSES = {"prov", "prov-text", "law-text"}
# what a snippet leaves out: permalinks (¶), a resolved citation's "→ 12C1b" and what Pagefind
# does not index either (the other editions' numbers beside a provision, "1997: 12C2")
LEFT_OUT = ".headerlink, .via, [data-pagefind-ignore]"
SPACES = re.compile(r"\s+")


def _text(node: Tag) -> str:
    return SPACES.sub(" ", node.get_text()).strip()


def _text_under(heading: Tag) -> str:
    """The first paragraph of text after a heading ("A. Oikea muoto" → its provision's words)."""
    for sibling in heading.find_next_siblings():
        if sibling.name == "p" and TEXT_CLASSES & set(sibling.get("class") or []):
            return _text(sibling)
    return ""


HEADING_END = re.compile(r"[.:;!?…]$")  # "A. Oikea muoto" ends with no stop: a dash follows it


def joined(heading: str, text: str) -> str:
    """A heading and the text under it as one line: "A. Oikea muoto — Kun tarjous …" (a heading
    with a stop of its own keeps it: "Syyt: …")."""
    if not heading or not text:
        return heading or text
    return f"{heading} {text}" if HEADING_END.search(heading) else f"{heading} — {text}"


def snippet_of(node: Tag) -> str:
    """What a result shows of an element: its text (a heading's with the text under it), cut at
    a word after :data:`LENGTH` characters."""
    text = _text(node)
    if not text and isinstance(node.parent, Tag) and node.parent.name != "div":
        # an item whose words begin in its first sub-item (<span id="12C1"> inside #12C1a)
        return snippet_of(node.parent)
    if re.fullmatch(r"h\d", node.name or ""):
        text = joined(text, _text_under(node))
    if len(text) > LENGTH:
        text = re.sub(r"\s+\S*$", "", text[:LENGTH]) + " …"
    return text


def page_snippets(html: str) -> dict[str, str] | None:
    """The snippets of a page's text (``None`` for a page Pagefind does not index)."""
    marked = html.find("data-pagefind-body")
    if marked < 0:
        return None
    # the page from the indexed element's start tag on: the header and the drawer before it are
    # most of the page and hold no snippet; a built page is valid HTML, read with lxml
    soup = BeautifulSoup(html[html.rfind("<", 0, marked) :], "lxml")
    body = soup.select_one("[data-pagefind-body]")
    if body is None:
        return None
    for node in body.select(LEFT_OUT):
        node.decompose()
    snippets: dict[str, str] = {}
    title = body.select_one("h1")
    if title is not None:
        snippets[""] = snippet_of(title)
    for node in body.select("[id]"):
        snippets.setdefault(str(node["id"]), snippet_of(node))
    return snippets


def write(site: Path) -> str:
    """Write ``snippets.json`` beside every indexed page of ``site``; a one-line summary."""
    count = size = 0
    for page in sorted(site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        # most pages (hubs, compare, numbering) have no indexed body: not worth parsing
        snippets = page_snippets(html) if "data-pagefind-body" in html else None
        if not snippets:
            continue
        text = json.dumps(snippets, ensure_ascii=False, separators=(",", ":"))
        (page.parent / NAME).write_text(text, encoding="utf-8")
        count += 1
        size += len(text.encode())
    return f"{count} pages' snippets, {size // 1024} KB"
