"""Each indexed page's snippets.json (search/snippets.py): what a search result with no
match to quote shows, cut the way search.js cuts a page it fetched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgelaws.search import snippets
from script_rules import doc_law
from search_node import search_data

PAGE = """<html><body><nav id="nav">menu</nav><article><div data-pagefind-body>
<h1 id="12">12 HARKINTAVALTA<a class="headerlink" href="#12">¶</a></h1>
<p class="law-source">Vuoden 2007 laki</p>
<h2 class="prov-h" id="12A">A. Oikeus<a class="headerlink" href="#12A">¶</a></h2>
<p class="pv-after"><span class="pv">1997: 12A</span></p>
<p class="prov-text lvl-1">Pelaajan aloitteesta
<a class="ref" href="#92B">92B<span class="via"> → fi 1997 · 92B</span></a>
:ssä   säädetyssä määräajassa.</p>
<p class="prov lvl-2" id="12A1"><span class="pv" data-pagefind-ignore>1997: 12A2</span>1. {long}
<span id="12A1a"></span></p>
</div></article></body></html>"""


@pytest.mark.parametrize(
    ("anchor", "expected"),
    [
        # the page's title and the first text after it
        ("", "12 HARKINTAVALTA — Pelaajan aloitteesta 92B :ssä säädetyssä määräajassa."),
        ("12", "12 HARKINTAVALTA — Pelaajan aloitteesta 92B :ssä säädetyssä määräajassa."),
        # a heading and its text, a dash between; not the other edition's number beside it, nor a
        # citation's "→"
        ("12A", "A. Oikeus — Pelaajan aloitteesta 92B :ssä säädetyssä määräajassa."),
        ("12A1", "1. short"),
        ("12A1a", "1. short"),  # an empty anchor inside an item: the item's words
    ],
)
def test_a_heading_brings_its_text_and_leaves_out_permalinks_and_resolutions(anchor: str, expected: str) -> None:
    found = snippets.page_snippets(PAGE.format(long="short"))
    assert found is not None
    assert found[anchor] == expected
    assert "nav" not in found  # outside the indexed body


@pytest.mark.parametrize(
    ("heading", "text", "expected"),
    [
        ("A. Oikea muoto", "Kun tarjous", "A. Oikea muoto — Kun tarjous"),
        ("Syyt:", "pelaaja", "Syyt: pelaaja"),  # a heading with a stop of its own keeps it
        ("A. Oikeus", "", "A. Oikeus"),
        ("", "Kun tarjous", "Kun tarjous"),
    ],
)
def test_a_heading_and_its_text_read_as_one_line(heading: str, text: str, expected: str) -> None:
    assert snippets.joined(heading, text) == expected


def test_a_long_text_is_cut_at_a_word() -> None:
    words = " ".join(f"sana{i}" for i in range(100))
    found = snippets.page_snippets(PAGE.format(long=words))
    assert found is not None
    text = found["12A1"]
    assert text.endswith(" …") and len(text) <= snippets.LENGTH + 2
    assert re.fullmatch(r"1\. (sana\d+ )+…", text)  # whole words only


def test_a_page_search_does_not_index_has_none() -> None:
    assert snippets.page_snippets("<html><body><article><h1 id='x'>X</h1></article></body></html>") is None


def test_text_from_the_page_is_data_never_markup() -> None:
    hostile = PAGE.format(long="&lt;img src=x onerror=alert(1)&gt; &amp; “quoted”")
    found = snippets.page_snippets(hostile)
    assert found is not None
    assert found["12A1"] == "1. <img src=x onerror=alert(1)> & “quoted”"  # text; search.js sets textContent


def test_every_indexed_page_of_the_site_has_its_snippets_for_every_anchor_search_links(site: Path) -> None:
    data = {}
    for lang in ("fi", "sv", "tr", "pl"):
        data[lang] = search_data(site, lang)
    missing = []
    for language in data.values():
        for doc in language["docs"]:
            pages = [(number, doc_law(doc, number)) for number in doc["laws"]]
            pages += [(f"p{number}", entry) for number, entry in doc["points"].items()]
            for top, entry in pages:
                path = site / entry["url"] / snippets.NAME
                written = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
                anchors = ["", *(top + suffix for suffix in entry["anchors"].split())]  # search.compact_anchors
                missing += [f"{entry['url']}#{a}" for a in anchors if not written.get(a)]
    assert not missing, missing[:10]
