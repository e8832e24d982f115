"""Saved web pages (``bridgelaws.stage1_read.htmlpage``): the page's text parses as the text extract does.

The fixtures in ``tests/fixtures/html`` are built from the text extracts by ``make_pages.py``
in the markup of each site.  The key test parses ``extract(page).text`` with the source's own
parser and compares the structure with the parse of the text extract; each page checks the
conservation identity (:mod:`htmlpage_balance`).  The unit tests, one trap each on small markup,
are tests/test_htmlpage_cases.py's.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from bridgelaws.core.model import Paragraph, ParseResult, Provision
from bridgelaws.stage1_read.htmlpage import Page, extract, looks_like_html
from bridgelaws.stage2_parse.formats import get_parser
from conftest import source_text
from htmlpage_balance import assert_conserved

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "html"

SOURCES = {  # fixture stem → parser
    "sv-2007-laws-9-16.web": "sv_web",
    "tr-2017-laws-extract.blog": "tr_blog",
    "pl-2017-pzbs-decisions.web": "pl_pzbs",
}


def fixture(stem: str) -> str:
    return (FIXTURES / f"{stem}.html").read_text(encoding="utf-8")


_PAGES: dict[str, Page] = {}


def page_of(stem: str) -> Page:
    if stem not in _PAGES:
        _PAGES[stem] = extract(fixture(stem))
    return _PAGES[stem]


# -- helpers -----------------------------------------------------------------------------


def norm(text: str) -> str:
    return " ".join(text.split())


def _paragraphs(paragraphs: Iterable[Paragraph], indent: str) -> list[str]:
    lines = []
    for p in paragraphs:
        notes = f" notes={[(n.offset, n.mark) for n in p.notes]}" if p.notes else ""
        lines.append(f"{indent}¶ [{p.style}]{notes} {norm(p.text)}")
    return lines


def _provisions(provisions: Iterable[Provision], indent: str) -> list[str]:
    lines = []
    for node in provisions:
        lines.append(f"{indent}{node.ref} {node.level.name} {node.label!r} {norm(node.title)!r}")
        lines.extend(_paragraphs(node.paragraphs, indent + "  "))
        lines.extend(_provisions(node.children, indent + "  "))
    return lines


def outline(result: ParseResult) -> list[str]:
    """The parsed structure without source lines, every text whitespace-normalised and in full.

    Like :func:`bridgelaws.stage2_parse.dump.dump` minus line numbers and the parse report, and without
    clipping paragraphs: what must not change between the text form and the HTML form.
    """
    lines: list[str] = []
    for doc in result.documents:
        lines.append(f"DOCUMENT {doc.kind} {norm(doc.title)!r}")
        lines.extend(_paragraphs(doc.front_matter, "FRONT "))
        lines.extend(f"HEADING {norm(heading.text)}" for heading in doc.headings)
        for definition in doc.definitions:
            lines.append(f"TERM {norm(definition.term)!r}")
            lines.extend(_paragraphs(definition.paragraphs, "  "))
        for law in doc.laws:
            lines.append(f"LAW {law.number} {law.label!r} {norm(law.title)!r} derived={law.title_derived}")
            lines.extend(f"  HEADING {norm(heading.text)}" for heading in law.headings)
            lines.extend(_paragraphs(law.paragraphs, "  "))
            lines.extend(_provisions(law.children, "  "))
            lines.extend(f"  FOOTNOTE {note.mark!r} {norm(note.text)}" for note in law.footnotes)
        for point in doc.points:
            lines.append(f"POINT {point.number} {point.label!r} {norm(point.title)!r} laws={point.laws}")
            lines.extend(_paragraphs(point.paragraphs, "  "))
            lines.extend(_provisions(point.children, "  "))
            lines.extend(f"  FOOTNOTE {note.mark!r} {norm(note.text)}" for note in point.footnotes)
        lines.extend(_paragraphs(doc.back_matter, "BACK "))
    return lines


def provision_refs(result: ParseResult) -> list[str]:
    refs = []
    for doc in result.documents:
        for law in doc.laws:
            refs.extend(node.ref for node in law.provisions())
        for point in doc.points:
            refs.append(f"point:{point.number}")
            refs.extend(node.ref for node in point.provisions())
    return refs


# -- the three saved pages ---------------------------------------------------------------


@pytest.mark.parametrize("stem", SOURCES)
def test_fixture_is_what_make_pages_builds(stem: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The committed pages are the generator's output for the current text extracts."""
    monkeypatch.syspath_prepend(FIXTURES)  # make_pages and the sites' modules beside it
    make_pages = importlib.import_module("make_pages")
    assert make_pages.PAGES[stem](source_text(f"{stem}.txt")) == fixture(stem)


@pytest.mark.parametrize("stem", SOURCES)
def test_fixture_is_html_and_extract_is_not(stem: str) -> None:
    assert looks_like_html(fixture(stem))
    assert not looks_like_html(source_text(f"{stem}.txt"))


@pytest.mark.parametrize("stem", SOURCES)
def test_page_parses_like_its_text_extract(stem: str) -> None:
    """Same laws or points, same provisions in the same order, same texts, definitions, footnotes."""
    parse = get_parser(SOURCES[stem])
    from_text = parse(source_text(f"{stem}.txt"))
    from_html = parse(page_of(stem).text)
    assert provision_refs(from_html) == provision_refs(from_text)
    expected = outline(from_text)
    if stem == "tr-2017-laws-extract.blog":
        # The author's name follows the comment form in the text extract, which makes it back
        # matter there; on the page it is the site footer's link, dropped with the footer.
        assert "BACK ¶ [text] Halim Hanyaloğlu" in expected
        expected.remove("BACK ¶ [text] Halim Hanyaloğlu")
        assert any(span.text == "Halim Hanyaloğlu" for span in page_of(stem).dropped)
    assert outline(from_html) == expected
    assert from_html.warnings == []


@pytest.mark.parametrize("stem", SOURCES)
def test_page_conservation(stem: str) -> None:
    assert_conserved(page_of(stem))


@pytest.mark.parametrize(
    ("stem", "text", "reason"),
    [
        pytest.param("sv-2007-laws-9-16.web", "Kommande tävlingar", "sidebar", id="sv-side-bar"),
        pytest.param("sv-2007-laws-9-16.web", "Publicerad: Tuesday 02 June 2009", "sidebar", id="sv-published"),
        pytest.param("sv-2007-laws-9-16.web", "Regler", "navigation", id="sv-top-menu"),
        pytest.param(
            "sv-2007-laws-9-16.web",
            "Allmänna bestämmelser gällande regelbrott - Innehåll",
            "breadcrumbs",
            id="sv-pathway",
        ),
        pytest.param("sv-2007-laws-9-16.web", "Tel: +46 (0)26 65 60 70, Fax: +46 (0)26 12 25 00", "page footer"),
        pytest.param("tr-2017-laws-extract.blog", "Bir Cevap Yazın", "comment form", id="tr-reply-title"),
        pytest.param("tr-2017-laws-extract.blog", "Bunu paylaş:", "sharing buttons", id="tr-sharedaddy"),
        pytest.param("tr-2017-laws-extract.blog", "Beğen:", "likes", id="tr-likes"),
        pytest.param("tr-2017-laws-extract.blog", "İlgili", "related posts", id="tr-related"),
        pytest.param("tr-2017-laws-extract.blog", "%d", "likes", id="tr-likes-template"),
        pytest.param(
            "tr-2017-laws-extract.blog",
            "Briç Yasaları – Diğer Konular (Sorular)",
            "navigation",
            id="tr-post-navigation",
        ),
        pytest.param("tr-2017-laws-extract.blog", "Son Yazılar", "widgets", id="tr-widget"),
        pytest.param("pl-2017-pzbs-decisions.web", "PZBS", "page header", id="pl-organisation"),
        pytest.param(
            "pl-2017-pzbs-decisions.web",
            "konto PZBS: 07 1240 6175 1111 0000 4577 6692",
            "page header",
            id="pl-account",
        ),
        pytest.param("pl-2017-pzbs-decisions.web", "Akceptuję", "cookie banner", id="pl-cookies"),
        pytest.param("pl-2017-pzbs-decisions.web", "Poprzedni artykuł", "navigation", id="pl-pagenav"),
    ],
)
def test_page_furniture_dropped(stem: str, text: str, reason: str) -> None:
    page = page_of(stem)
    assert reason in [span.reason for span in page.dropped if span.text == text]
    assert text not in page.text.split("\n")


def test_page_list_numbers_inserted() -> None:
    """The PZBS priority list is an ``<ol>``: numbers inserted, indented as in the text extract."""
    page = page_of("pl-2017-pzbs-decisions.web")
    assert "  1. Międzynarodowe Prawo Brydżowe 2017" in page.text.split("\n")
    assert [added.text for added in page.inserted[:4]] == ["1. ", "2. ", "3. ", "4. "]
    assert {added.reason for added in page.inserted} == {"list number from <ol>"}


@pytest.mark.parametrize("stem", SOURCES)
def test_page_lines_point_at_their_html_line(stem: str) -> None:
    """Every text line starts on the HTML line ``lines`` names (inserted list numbers aside)."""
    markup = fixture(stem).split("\n")
    page = page_of(stem)
    labels = re.compile(r"^(?:\(?[0-9a-zA-Z]{1,4}[.)] )+")
    for text, line in zip(page.text.split("\n"), page.lines, strict=True):
        words = labels.sub("", text.strip()).split()
        if not words:
            continue
        source = norm(html.unescape(re.sub(r"<[^>]*>", " ", markup[line - 1])))
        assert words[0] in source, f"{text[:40]!r} is not on line {line}: {source[:80]!r}"
