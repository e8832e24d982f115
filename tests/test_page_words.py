"""Every word of every page in the page's language: one pass over every built page of the
Finnish, Swedish, Turkish and Polish parts of the site (HTML parsing, no browser).

What is checked is a page's interface text: its text, tooltips and labels, leaving out the law
texts themselves (what search indexes: ``data-pagefind-body`` bar ``data-pagefind-ignore``, a
document's front and back matter, a compare view's text cells), which may quote other languages,
and whatever an element in another language holds (``lang``: a Swedish column, a Polish rule's
title). In it, no string of ui.toml's other languages may stand where the page's own language
says something else: not the English one, nor the Finnish on a Swedish page. And English may be
marked as such (``lang="en"``) only where it is the data's own English — a link to the English
pages, named in English, or a concept's English words on the terms page — never an interface
text or a note the page should give in its own words (how a text was captured, a term's basis).
"""

from __future__ import annotations

import functools
import re
import string
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

from bridgelaws.core import facts
from bridgelaws.stage4_render.page import _strings

LANGUAGES = [lang for lang in facts.INTERFACE_LANGUAGES if lang != facts.DEFAULT_LANGUAGE]


# Where English marked lang="en" is the data's own English on a page in another language.
ENGLISH_ALLOWED = (
    "a[hreflang=en]",  # a link to the English pages, named in English as the language menu names it
    "li of links to the English pages",  # the 404 page's list of each language's home and search
    ".term-concept",  # the term details: a concept's English words, and its English name where it has no other
    ".term-letter, .term-titles",  # the term index: a concept's or a law's English name where it has no other
)
# the term base's blocks, where the data's own English is in place (ENGLISH_ALLOWED)
TERM_BASE_BLOCKS = {"term-concept", "term-letter", "term-titles"}


def pattern(value: str) -> re.Pattern[str] | None:
    """A ui.toml string as a pattern over text: its literal parts in order, any filling between
    them; None when its literal parts hold fewer than three letters (``—``, ``{word} → {note}``)."""
    parts = [literal for literal, _, _, _ in string.Formatter().parse(value)]
    parts = [part.strip() for part in parts if part.strip()]
    if sum(char.isalpha() for part in parts for char in part) < 3:
        return None
    body = r".{1,60}?".join(re.escape(part) for part in parts)
    return re.compile(rf"(?<!\w){body}(?!\w)")


@dataclass(frozen=True)
class Foreign:
    lang: str  # the language the string is in
    key: str
    words: frozenset[str]  # its words, each to be on the page before the pattern is tried
    pattern: re.Pattern[str]


WORD = re.compile(r"\w+")


@functools.cache
def foreign_strings(lang: str) -> list[Foreign]:
    """ui.toml's strings of every other language that the page's language says otherwise."""
    table = _strings()
    own_values = set(table[lang].values())
    # a string the language's own strings say too is a word of the language, in its own sense:
    # Swedish "text", Polish "same" ("same przepisy nie": the rules themselves do not)
    own_text = " ".join(own_values)
    found = []
    for other in facts.INTERFACE_LANGUAGES:
        if other == lang:
            continue
        for key, value in table[other].items():
            if value == table[lang].get(key) or value in own_values:
                continue
            compiled = pattern(value)
            if compiled is not None and not compiled.search(own_text):
                literal = "".join(part for part, _, _, _ in string.Formatter().parse(value))
                found.append(Foreign(other, key, frozenset(WORD.findall(literal)), compiled))
    return found


@dataclass
class Read:
    """A page's interface text and the English elements it marks, with what holds them."""

    text: str = ""
    english: list[str] = field(default_factory=list)  # each lang="en" element not allowed, as its tag


class PageWords(HTMLParser):
    VOID: ClassVar[set[str]] = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}
    SKIPPED: ClassVar[set[str]] = {"script", "style", "template", "code"}

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        # per open element: (tag, counted, in law text, English allowed)
        self.stack: list[tuple[str, bool, bool, bool]] = []
        self.parts: list[str] = []
        self.english: list[str] = []
        self.link_items: list[int] = []  # open <li lang="en"> whose content is to be links to English only

    def _state(self) -> tuple[bool, bool, bool]:
        if not self.stack:
            return True, False, False
        _, counted, law_text, allowed = self.stack[-1]
        return counted, law_text, allowed

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        counted, law_text, allowed = self._state()
        classes = values.get("class", "").split()
        if "data-pagefind-body" in values or "matter" in classes or "data-doc" in values:
            law_text = True
        if "data-pagefind-ignore" in values:
            law_text = False
        lang = values.get("lang")
        if TERM_BASE_BLOCKS & set(classes) or (tag == "a" and values.get("hreflang") == "en"):
            allowed = True
        if lang == "en" and not allowed and not law_text and "hidden" not in values:
            if tag == "li":
                self.link_items.append(len(self.stack))  # allowed if it holds only links to English pages
            else:
                self.english.append(self.get_starttag_text() or tag)
        if tag in self.SKIPPED or "hidden" in values or (lang is not None and lang != self.lang):
            counted = False
        if counted and not law_text:
            self.parts.extend(values[name] for name in ("title", "aria-label", "placeholder", "alt") if name in values)
        if tag not in self.VOID:
            self.stack.append((tag, counted, law_text, allowed))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break
        while self.link_items and self.link_items[-1] >= len(self.stack):
            self.link_items.pop()

    def handle_data(self, data: str) -> None:
        counted, law_text, allowed = self._state()
        if self.link_items and data.strip(" ·\n") and not allowed:
            self.english.append(f"<li lang=en> text {data.strip()!r} outside a link to the English pages")
        if counted and not law_text:
            self.parts.append(data)


@dataclass(frozen=True)
class Finding:
    url: str
    what: str
    around: str


def read(path: Path, lang: str) -> Read:
    reader = PageWords(lang)
    reader.feed(path.read_text(encoding="utf-8"))
    return Read(" ".join(" ".join(reader.parts).split()), reader.english)


def findings(site: Path, lang: str) -> list[Finding]:
    checks = foreign_strings(lang)
    found = []
    for path in sorted((site / lang).rglob("*.html")):
        url = path.relative_to(site).as_posix()
        page = read(path, lang)
        words = set(WORD.findall(page.text))
        for check in checks:
            if check.words <= words and (match := check.pattern.search(page.text)):
                around = page.text[max(0, match.start() - 40) : match.end() + 40]
                found.append(Finding(url, f"[{check.lang}] {check.key}", around))
        found.extend(Finding(url, "English marked lang=en", tag[:160]) for tag in page.english)
    return found


# the site is read once (module-scoped ``found``): its tests on one xdist worker under --dist loadgroup
pytestmark = pytest.mark.xdist_group("page_words")


@pytest.fixture(scope="module")
def found(site: Path) -> dict[str, list[Finding]]:
    return {lang: findings(site, lang) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_speaks_its_language_only(found: dict[str, list[Finding]], lang: str) -> None:
    listed = "\n".join(f"{f.url}: {f.what}: …{f.around}…" for f in found[lang][:40])
    assert not found[lang], f"{len(found[lang])} words of another language on /{lang}/ pages:\n{listed}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_are_all_read(site: Path, lang: str) -> None:
    """The pass reaches every kind of page of the language, and its text is there to be read."""
    pages = {path.relative_to(site / lang).as_posix() for path in (site / lang).rglob("*.html")}
    for kind in (
        "index.html",
        "laws/index.html",
        "laws/16/index.html",
        "compare/16/index.html",
        "numbering/16/index.html",
        "coverage/index.html",
        "terms/index.html",
        "search/index.html",
        "404.html",
    ):
        assert kind in pages, kind
    assert any(re.fullmatch(r"\d{4}/(\w+/)?\d+/index\.html", page) for page in pages)
    assert len(read(site / lang / "terms" / "index.html", lang).text) > 1000


CAUGHT = {
    # what each check finds in a page made wrong on purpose: the pass can fail
    "English string": ("<p>Läs mer: Copy citation</p>", "[en] copy_citation"),
    "English string with a number": ("<p>Se Law 16 här.</p>", "[en] law"),
    "Finnish string on a Swedish page": ("<p>Kopioi viittaus</p>", "[fi] copy_citation"),
    "English marked as such": ('<dd lang="en">Text of a Swedish federation web page</dd>', "English marked lang=en"),
    "English beside a link": ('<li lang="en"><a href="/" hreflang="en">English</a> Source</li>', "English marked"),
}


@pytest.mark.parametrize("case", CAUGHT, ids=list(CAUGHT))
def test_the_pass_finds_a_wrong_word(tmp_path: Path, case: str) -> None:
    html, expected = CAUGHT[case]
    page = tmp_path / "sv" / "x" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f'<html lang="sv"><body><article>{html}</article></body></html>', encoding="utf-8")
    assert any(f.what.startswith(expected) for f in findings(tmp_path, "sv")), case


ALLOWED = {
    "law text quoting English": "<div data-pagefind-body><p>copyright © WBF, Copy citation</p></div>",
    "a link to the English pages": '<li lang="en"><a href="/" hreflang="en">English</a> · <a hreflang="en">Search</a>',
    "a hidden template": '<section lang="en" hidden>Page not found</section>',
    "the terms page's English words": '<div class="term-concept"><h2 lang="en">penalty card</h2></div>',
}


@pytest.mark.parametrize("case", ALLOWED, ids=list(ALLOWED))
def test_the_pass_leaves_law_text_and_links_alone(tmp_path: Path, case: str) -> None:
    page = tmp_path / "sv" / "x" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f'<html lang="sv"><body><article>{ALLOWED[case]}</article></body></html>', encoding="utf-8")
    assert findings(tmp_path, "sv") == [], case
