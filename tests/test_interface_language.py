"""Every interface page in the reader's language: a crawl of the built site.

From each language's home, one of its law pages and its search page, the crawl follows the
site's own links to interface pages (homes, the laws index and a law's page per language,
compare, numbering changes, coverage, search, document start pages) and checks each one it
reaches: ``<html lang>`` is the reader's language and no English interface string is on it
(ui.toml's ``[en]`` strings long enough to be told apart, and Material's own).  A link into
another language's part of the site (a law text of another language, which is content) is
not followed; it must carry ``hreflang`` naming that language, so the reader is told.
"""

from __future__ import annotations

import re
import string
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

from bridgelaws.core import facts
from bridgelaws.stage4_render.page import _strings
from sitecheck import resolve, target_file

# One law page of each text language, where the crawl also starts.
LAW_PAGES = {"en": None, "fi": "fi/2007/13/", "sv": "sv/2007/13/", "tr": "tr/2017/13/", "pl": "pl/2017/pzbs/3/"}
# Material's English interface strings (its other languages come from theme.language).
MATERIAL_ENGLISH = ["Skip to content", "Back to top", "Search", "Select language", "Table of contents", "Previous"]
DISTINCTIVE = 12  # shorter English fragments ("Law {n}", "Points") could be words of a source

# A law text, a point or definitions: <lang>/<edition>/<something> (content, not interface).
TEXT_PAGE = re.compile(r"^(?P<lang>[a-z]{2})/\d{4}/.+$")


def english_strings() -> list[str]:
    """ui.toml's English strings, each as its longest literal fragment between placeholders."""
    found = set(MATERIAL_ENGLISH)
    for value in _strings()["en"].values():
        fragments = [text.strip(" :;,.") for text, _, _, _ in string.Formatter().parse(value)]
        longest = max(fragments, key=len, default="")
        if len(longest) >= DISTINCTIVE:
            found.add(longest)
    return sorted(found)


def language_of(url: str) -> str:
    first = url.split("/", 1)[0]
    return first if first in facts.INTERFACE_LANGUAGES and first != facts.DEFAULT_LANGUAGE else "en"


class InterfaceText(HTMLParser):
    """A page's text and its tooltips and labels, leaving out what another language's element
    holds (a column of a Swedish text on a Finnish compare page) and scripts."""

    VOID: ClassVar[set[str]] = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool]] = []  # (tag, counted)
        self.left_out = 0  # the elements on the stack whose text is not counted
        self.parts: list[str] = []
        self.html_lang = ""
        self.links: list[dict[str, str]] = []

    def counted(self) -> bool:
        """Whether text here is counted: no element it is in is left out."""
        return self.left_out == 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.html_lang = values.get("lang", "")
        if tag == "a" and "href" in values:
            self.links.append(values)
        counted = tag not in ("script", "style", "template") and values.get("lang", self.lang) == self.lang
        if tag not in self.VOID:
            self.stack.append((tag, counted))
            self.left_out += not counted
        if counted and self.counted():
            self.parts.extend(values[name] for name in ("title", "aria-label", "placeholder", "alt") if name in values)

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            popped, counted = self.stack.pop()
            self.left_out -= not counted
            if popped == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.counted():
            self.parts.append(data)


def read(site: Path, url: str, lang: str) -> InterfaceText:
    reader = InterfaceText(lang)
    reader.feed(target_file(site, url).read_text(encoding="utf-8"))
    return reader


def is_interface(url: str) -> bool:
    return TEXT_PAGE.match(url) is None and not url.startswith(("assets/", "pagefind/", "api/")) and "." not in url


def crawl(site: Path, lang: str) -> dict[str, InterfaceText]:
    """Every page of ``lang``'s interface reachable from its home, law page and search page."""
    prefix = "" if lang == facts.DEFAULT_LANGUAGE else f"{lang}/"
    starts = [prefix, f"{prefix}search/", *([LAW_PAGES[lang]] if LAW_PAGES[lang] else [])]
    seen: dict[str, InterfaceText] = {}
    queue = deque(starts)
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen[url] = page = read(site, url, lang)
        for link in page.links:
            target = resolve(url, link["href"])
            if target is None or not target_file(site, target[0]).is_file():
                continue
            path = target[0]
            if path.startswith("api/"):
                continue  # the open data (the export, TMX, TBX): every language's, no page in one
            if language_of(path) != lang:
                assert link.get("hreflang") == language_of(path), (
                    f"{url}: link to {path} (another language) without hreflang={language_of(path)}: {link}"
                )
                continue
            if is_interface(path) or re.fullmatch(r"[a-z]{2}/\d{4}/((sbl|pzbs)/)?", path):
                queue.append(path)
    return seen


Crawled = dict[str, dict[str, InterfaceText]]  # language → URL → page


# the site is crawled once (module-scoped ``crawled``): its tests on one xdist worker under --dist loadgroup
pytestmark = pytest.mark.xdist_group("crawled")


@pytest.fixture(scope="module")
def crawled(site: Path) -> Crawled:
    return {lang: crawl(site, lang) for lang in facts.INTERFACE_LANGUAGES}


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_crawl_reaches_every_kind_of_interface_page(crawled: Crawled, lang: str) -> None:
    prefix = "" if lang == facts.DEFAULT_LANGUAGE else f"{lang}/"
    reached = crawled[lang]
    for kind in ("", "laws/", "laws/13/", "coverage/", "compare/13/", "numbering/13/", "search/"):
        assert prefix + kind in reached, f"{prefix + kind} not reached from {lang}'s pages"


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_every_reached_page_is_in_the_readers_language(crawled: Crawled, lang: str) -> None:
    wrong = {url: page.html_lang for url, page in crawled[lang].items() if page.html_lang != lang}
    assert not wrong, f"{lang} reader reaches pages in another language: {wrong}"


@pytest.mark.parametrize("lang", [code for code in facts.INTERFACE_LANGUAGES if code != facts.DEFAULT_LANGUAGE])
def test_no_english_interface_text(crawled: Crawled, lang: str) -> None:
    english = [(phrase, re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")) for phrase in english_strings()]
    found = {}
    for url, page in crawled[lang].items():
        text = " ".join(" ".join(page.parts).split())
        hits = [phrase for phrase, pattern in english if pattern.search(text)]
        if hits:
            found[url] = hits
    assert not found, f"English interface text on {lang} pages: {found}"


def test_the_english_strings_are_there_to_be_found(site: Path) -> None:
    """The check can fail: the English pages carry the strings it looks for."""
    text = " ".join(read(site, "compare/16/", "en").parts) + " ".join(read(site, "coverage/", "en").parts)
    for phrase in ("Texts to compare", "Link to this provision", "Skip to content", "within"):
        assert phrase in text


SWITCHER = re.compile(
    r'<a\ href="(?P<href>[^"]*)"\ hreflang="(?P<lang>[a-z]{2})"\ class="md-select__link">', re.VERBOSE
)


@pytest.mark.parametrize("kind", ["compare/13/", "numbering/13/", "coverage/", "laws/"])
@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_language_menu_goes_to_the_same_interface_page(site: Path, lang: str, kind: str) -> None:
    """From /fi/compare/13/ the menu's Svenska is /sv/compare/13/ (Material's menu: ``md-select__link``)."""
    prefix = "" if lang == facts.DEFAULT_LANGUAGE else f"{lang}/"
    html = target_file(site, prefix + kind).read_text(encoding="utf-8")
    menu = {match["lang"]: resolve(prefix + kind, match["href"]) for match in SWITCHER.finditer(html)}
    assert set(menu) == set(facts.INTERFACE_LANGUAGES)
    for other, target in menu.items():
        expected = ("" if other == facts.DEFAULT_LANGUAGE else f"{other}/") + kind
        assert target and target[0] == expected, (other, target)
