"""The parse report counts as output only text that reaches a page (issue 15).

``bridgelaws check`` and the conservation gate count a source's characters as output when
:func:`bridgelaws.core.accounting.document_texts` yields them.  Each such text must stand on a
generated page of its own document (``content/docs`` Markdown, as :func:`pipeline.render` makes
it, with tags and the link annotations removed and HTML entities and Markdown escapes undone):
the source's title line once was counted but shown nowhere (the page is titled by the
manifest), and so was the chapter heading before the Finnish 1997 definitions.
"""

from __future__ import annotations

import html
import re

import pytest

from bridgelaws import pipeline, search
from bridgelaws.core import accounting, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from conftest import ROOT

VIA = re.compile(r'<span class="via">.*?</span>', re.DOTALL)  # "→ fi 2007 · 16D" after a link
TAG = re.compile(r"<[^<>]*>")
MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~])")
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def shown(markdown: str) -> str:
    """What a page prints, without whitespace (the accounting ignores it too)."""
    text = MARKDOWN_ESCAPE.sub(r"\1", TAG.sub("", VIA.sub("", markdown)))
    return "".join(html.unescape(text).split())


def squeeze(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def rendered(corpus: Corpus) -> dict[str, str]:
    concordance = pipeline.load_concordance(ROOT / "content")
    linkage = pipeline.link(corpus, concordance)
    return pipeline.render(corpus, linkage, search.read_vocabulary(ROOT / "content"), concordance).files


def pages_of(entry: Entry, files: dict[str, str]) -> dict[str, str]:
    """The Markdown pages of one document: those whose front matter names it."""
    doc = re.compile(rf'^doc:\s*"?{re.escape(entry.meta.id)}"?\s*$', re.MULTILINE)
    pages = {}
    for path, markdown in files.items():
        front = FRONT_MATTER.match(markdown)
        if path.endswith(".md") and front and doc.search(front[1]):
            pages[path] = markdown
    return pages


def test_every_counted_text_is_on_a_page_of_its_document(corpus: Corpus, rendered: dict[str, str]) -> None:
    assert corpus.entries
    missing: dict[str, list[str]] = {}
    for entry in corpus.entries:
        pages = pages_of(entry, rendered)
        assert pages, entry.meta.id
        printed = "\n".join(shown(markdown) for markdown in pages.values())
        for text in accounting.document_texts(entry.document):
            if squeeze(text) and squeeze(text) not in printed:
                missing.setdefault(entry.meta.id, []).append(text[:80])
    assert not missing, f"counted as output but on no page: {missing}"


def test_the_source_title_line_is_on_the_document_page(corpus: Corpus, rendered: dict[str, str]) -> None:
    """Stricter for the title line, which a longer heading could otherwise hold by chance
    (``VUODEN 2007 KILPAILUBRIDGEN LAKI`` in ``ESIPUHE VUODEN 2007 KILPAILUBRIDGEN LAKIIN``):
    it is the page's title or stands as its own entry in the provenance."""
    for entry in corpus.entries:
        title = entry.document.title
        if not title:
            continue
        page = rendered[urls.markdown_path(urls.document(entry.meta), entry.meta.lang, True)]
        own_entry = re.search(rf"<dd[^>]*>{re.escape(html.escape(title))}</dd>", page)
        assert title == entry.meta.title or own_entry, entry.meta.id


def test_the_chapter_heading_before_the_definitions_is_on_the_definitions_page(
    corpus: Corpus, rendered: dict[str, str]
) -> None:
    for entry in corpus.entries:
        if not entry.document.headings:
            continue
        meta = entry.meta
        if entry.document.definitions:
            page = rendered[urls.markdown_path(urls.definitions(meta), meta.lang, False)]
        else:
            page = rendered[urls.markdown_path(urls.document(meta), meta.lang, True)]
        for heading in entry.document.headings:
            assert f'<p class="law-chapter">{html.escape(heading.text)}</p>' in page, heading.text
