"""Rendering: source text is never markup, and the switcher never swaps languages silently."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import markdown
import pytest

from bridgelaws.core.model import Footnote, NoteRef, Origin, Paragraph
from bridgelaws.stage2_parse import corpus
from bridgelaws.stage2_parse import load as loading
from bridgelaws.stage3_link.link import link
from bridgelaws.stage4_render import page, switcher
from bridgelaws.stage4_render import text as blocks
from bridgelaws.stage4_render.hubs import hub_page
from conftest import SOURCES

HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "# not a heading",
    "*not emphasis* and _not_ either",
    "[x](javascript:alert(1))",
    "| a | b |",
    "{: #injected .class }",
    "{{ config.site_name }} {% raw %}",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_paragraph_text_is_escaped(text: str) -> None:
    html = blocks.paragraph_html(Paragraph(text, Origin(1)), blocks.Notes("13"))
    assert "<script" not in html and "<img" not in html
    assert html.startswith("<p>") and html.endswith("</p>")


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text += data


@pytest.mark.parametrize("text", HOSTILE)
def test_heading_text_stays_text_through_markdown(text: str) -> None:
    """Rendered with the site's Markdown extensions, the heading is one element holding the text."""
    source = f"## {page.md_inline(text)} {{ #13A }}"
    html = markdown.markdown(source, extensions=["attr_list", "toc"])
    parsed = _Elements()
    parsed.feed(html)
    assert parsed.tags == [("h2", {"id": "13A"})], html
    assert parsed.text == text


@pytest.mark.parametrize(("lang", "name"), [("en", "footnote 4"), ("fi", "alaviite 4"), ("pl", "przypis 4")])
def test_footnote_markers_become_links_named_as_footnotes(lang: str, name: str) -> None:
    """A marker is a raised link a screen reader names "footnote 4" in the page's language, not a
    "4" read as a word of the text."""
    paragraph = Paragraph("eroaa 4 hänen", Origin(1), notes=[NoteRef(6, "4")])
    assert blocks.paragraph_html(paragraph, blocks.Notes("17", lang=lang)) == (
        f'<p>eroaa <sup class="fn-ref"><a href="#fn-17-4" aria-label="{name}">4</a></sup> hänen</p>'
    )


def test_footnotes_printed_with_the_same_mark_each_have_an_id_and_their_own_markers() -> None:
    """The 1997 book restarts its asterisks on each page: Law 26 prints two footnotes marked ``*``."""
    footnotes = [Footnote("*", "first", Origin(9)), Footnote("*", "second", Origin(9)), Footnote("**", "x", Origin(9))]
    notes = blocks.Notes("26", footnotes)
    texts = [Paragraph("a*", Origin(1), notes=[NoteRef(1, "*")]), Paragraph("b*", Origin(2), notes=[NoteRef(1, "*")])]
    texts.append(Paragraph("c** d* e**", Origin(3), notes=[NoteRef(1, "**"), NoteRef(5, "*"), NoteRef(8, "**")]))
    links = [re.findall(r'href="#([^"]+)"', blocks.paragraph_html(paragraph, notes)) for paragraph in texts]
    assert links == [["fn-26-s1"], ["fn-26-s1-2"], ["fn-26-s2", "fn-26-s1-2", "fn-26-s2"]]  # more markers: the last
    html = blocks.footnote_blocks(notes, "fi")[0]
    assert re.findall(r'<p class="footnote" id="([^"]+)"', html) == ["fn-26-s1", "fn-26-s1-2", "fn-26-s2"]


@pytest.mark.parametrize(
    ("title", "lang", "display"),
    [("KORTTIEN VÄÄRÄ LUKUMÄÄRÄ", "fi", "Korttien väärä lukumäärä"), ("YERİN HAKLARI", "tr", "Yerin hakları"),
     ("IHLAL", "tr", "Ihlal"), ("Ayarlı Skor", "tr", "Ayarlı Skor")],
)  # fmt: skip
def test_display_title(title: str, lang: str, display: str) -> None:
    assert page.display_title(title, lang) == display


@pytest.fixture(scope="module")
def loaded() -> corpus.Corpus:
    return loading.load(SOURCES)


@pytest.mark.parametrize(
    ("law", "expected"),
    [
        (13, {"en": "laws/13/", "fi": "fi/2007/13/", "sv": "sv/2007/13/", "tr": "tr/2017/13/", "pl": "pl/laws/13/"}),
        (80, {"en": "laws/80/", "fi": "fi/1997/80/", "sv": "sv/laws/80/", "tr": "tr/laws/80/", "pl": "pl/laws/80/"}),
    ],
)
def test_switcher_goes_to_the_same_law_or_says_it_is_missing(
    loaded: corpus.Corpus, law: int, expected: dict[str, str]
) -> None:
    current = loaded.by_id("fi-2007") if law <= 18 else loaded.by_id("fi-1997")
    assert switcher.law_alternates(loaded, law, current) == expected


def test_switcher_stays_in_the_edition_when_it_can(loaded: corpus.Corpus) -> None:
    assert switcher.law_alternates(loaded, 13, loaded.by_id("fi-1997"))["fi"] == "fi/1997/13/"


def test_a_missing_law_page_names_the_texts_that_have_it(loaded: corpus.Corpus) -> None:
    hub = hub_page(loaded, link(loaded), "sv", 42)
    body = "\n".join(hub.body)
    assert 'class="missing"' in body
    assert "../../../tr/2017/42/" in body and "../../../fi/1997/42/" in body
