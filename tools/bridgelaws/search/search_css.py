"""The search pages' own copy of Material's stylesheet: only the rules that can style them.

Material's ``main.<hash>.min.css`` (137 KB, 22 KB compressed) styles everything Material can
show: tables, admonitions, code, tabs, tooltips, the search dialog, the blog.  The search pages
(``/<lang>/search/``, ``/search/``) show a header, a drawer, a form and a list of results; the
stylesheet was an eighth of a first search's bytes.  :func:`write` makes
``search-main.<hash>.min.css`` next to it, with the rules a search page can use, and the
search pages link it instead (``overrides/main.html``, block ``styles``); the palette's
stylesheet likewise (``search-palette.<hash>.min.css``).

A rule is kept when one of its selectors, loosened, matches an element of a search page:

* the pages are the built search pages themselves, plus what the scripts add to them: every
  element the scripts create (``element("li", …)``, ``createElement("mark")``), nested in the
  result list, each with every class-like word of the scripts' strings (``search-more
  md-button``) and the attributes they set;
* a selector is loosened so that it matches whenever it could in some state of the page:
  pseudo-elements (``::before``), states (``:hover``, ``:checked``, ``:focus-visible``) and
  ``:not(…)`` match anything, so ``.md-nav__link:not(.md-nav__link--active):hover`` is
  kept when the page has an ``.md-nav__link``;
* the palette's script sets the body's colour attributes (``data-md-color-scheme``, …) to those
  of the light/dark option in force: the model's body carries every option's value at once
  (``data-md-color-scheme="default slate"``) and a selector on one value asks for it among them
  (``[data-md-color-scheme=slate]`` → ``[data-md-color-scheme~=slate]``), so both schemes'
  rules are kept;
* a selector the matcher (soupsieve) cannot read is kept.

At-rules: ``@media`` and ``@supports`` keep the rules inside them that are kept (and go when
none is); everything else (``@keyframes``, ``@charset``, ``@page``) stays.  Declarations are
copied as they are, in their order, so what is kept cascades as in the full stylesheet.

Then a custom property nobody reads goes (:func:`drop_unread_properties`): Material's ``:root``
declares 134 of them, most of them icons as SVG data (``--md-version-icon``) for components a
search page has not; 27 are read, by a ``var()`` of a kept rule, of another read property, or
of a page or script.  That halves the stylesheet (8.4 KB compressed → 4.3).
tests/test_search_browser.py compares every element's computed style on the search page
under both stylesheets.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from bs4 import BeautifulSoup, Tag
from bs4.element import AttributeValueList

STYLESHEETS = "assets/stylesheets"
PREFIX = "search-"  # main.57a0d79d.min.css → search-main.57a0d79d.min.css
# The stylesheets of the ``styles`` block, each cut for the search pages: the palette's (12 KB,
# 2.2 KB compressed) holds every colour and scheme, of which the pages use one; the site's own
# laws.css (19 KB, 3.5 KB compressed) styles the laws, tables and compare views too
CUT = ("main.*.min.css", "palette.*.min.css", "laws.css")

# The scripts a search page runs, whose strings name what they add.
SCRIPTS = ("search.js", "search-anywhere.js", "laws.js", "refs.js")

# States and pseudo-elements: a selector with them may match some time, so they match always.
PSEUDO = re.compile(
    r"::?(?:before|after|first-line|first-letter|marker|placeholder|selection|backdrop|"
    r"-webkit-[a-z-]+|-moz-[a-z-]+|-ms-[a-z-]+)(?![\w-])(?:\([^()]*\))?"
    r"|:(?:hover|focus|focus-visible|focus-within|active|visited|link|any-link|target|checked|"
    r"disabled|enabled|indeterminate|valid|invalid|required|optional|placeholder-shown|"
    r"read-only|read-write|autofill|empty|defined|popover-open|modal|fullscreen)(?![\w-])"
)
ANYTHING = ":is(*)"
# the body's colour attributes, set from the palette's options (``[data-md-color-scheme=slate]``)
PALETTE_ATTRIBUTE = re.compile(r"\[\s*(data-md-color-[\w-]+)\s*=")
PALETTE_OPTIONS = "[data-md-component=palette] input"
# a class in a selector or stylesheet: ".md-nav__link", ".-webkit-x"
CLASS_NAME = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")


# -- reading the stylesheet ----------------------------------------------------------------------


def _outside_strings(text: str, start: int = 0) -> Iterator[int]:
    """Indices in ``text`` (from ``start``) of the characters outside quoted strings (a quote's
    own characters and escapes included in the string)."""
    quote = ""
    i = start
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        else:
            yield i
        i += 1


def _block_end(css: str, at: int) -> int:
    """The index just after the ``}`` closing the block whose ``{`` is at ``at``."""
    depth = 0
    for i in _outside_strings(css, at):
        depth += {"{": 1, "}": -1}.get(css[i], 0)
        if css[i] == "}" and depth == 0:
            return i + 1
    raise ValueError("unbalanced braces in the stylesheet")


def _top_level(text: str, stops: str, start: int = 0) -> Iterator[int]:
    """Indices in ``text`` (from ``start``) of the characters in ``stops`` outside strings, () and []."""
    depth = 0
    for i in _outside_strings(text, start):
        char = text[i]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char in stops:
            yield i


def rules(css: str) -> Iterator[tuple[str, str | None]]:
    """(prelude, block) per top-level rule; block None for a statement (``@charset "…";``)."""
    at = 0
    while at < len(css):
        while at < len(css) and css[at] in " \n\t\r":
            at += 1
        if at >= len(css):
            return
        first = next(_top_level(css, "{;", at), len(css))
        if first >= len(css) or css[first] == ";":
            yield css[at : first + 1], None
            at = first + 1
            continue
        end = _block_end(css, first)
        yield css[at:first], css[first + 1 : end - 1]
        at = end


def selectors(prelude: str) -> list[str]:
    cuts = [-1, *_top_level(prelude, ","), len(prelude)]
    return [prelude[a + 1 : b].strip() for a, b in itertools.pairwise(cuts)]


# -- what a search page is -----------------------------------------------------------------------


def loosen(selector: str) -> str:
    """The selector matching whenever the original could, in any state of the page."""
    out = []
    i = 0
    while i < len(selector):
        if selector.startswith(":not(", i):
            depth, j = 0, i + 4
            while j < len(selector):
                depth += {"(": 1, ")": -1}.get(selector[j], 0)
                j += 1
                if depth == 0:
                    break
            out.append(ANYTHING)
            i = j
            continue
        found = PSEUDO.match(selector, i)
        if found:
            out.append(ANYTHING)
            i = found.end()
            continue
        out.append(selector[i])
        i += 1
    return PALETTE_ATTRIBUTE.sub(r"[\1~=", "".join(out))


def _script_words(scripts: Iterable[str]) -> tuple[set[str], set[str], set[str]]:
    """Tags the scripts create, class-like words and attribute names in their strings."""
    tags: set[str] = set()
    words: set[str] = set()
    attributes: set[str] = set()
    for source in scripts:
        tags |= set(re.findall(r"(?:createElement|element)\(\s*\"([a-z0-9]+)\"", source))
        for literal in re.findall(r"\"([^\"\\\n]*)\"|'([^'\\\n]*)'|`([^`\\]*)`", source):
            for text in literal:
                words |= set(re.findall(r"[A-Za-z_][\w-]*", text))
        attributes |= set(re.findall(r"setAttribute\(\s*\"([\w-]+)\"", source))
        attributes |= {"data-" + name for name in re.findall(r"dataset\.(\w+)", source)}
        if re.search(r"\.hidden\s*=", source):
            attributes.add("hidden")
    return tags, words, attributes


def page_model(pages: Iterable[str], scripts: Iterable[str], css_classes: Iterable[str] = ()) -> BeautifulSoup:
    """The search pages as one document, with what the scripts add in each result list: each
    created tag as a child of the list, under each other one, and all of them nested, each with
    every class-like word of the scripts.  A word ending in ``-`` is a class the script completes
    (``"search-result--" + hit.origin``): every class of ``css_classes`` starting with it."""
    tags, words, attributes = _script_words(scripts)
    starts = [word for word in words if word.endswith("-")]
    words |= {name for name in css_classes if any(name.startswith(start) for start in starts)}
    model = BeautifulSoup("<html><body></body></html>", "html.parser")
    body = model.body
    assert body is not None
    for html in pages:
        page = BeautifulSoup(html, "html.parser")

        def created(name: str, page: BeautifulSoup = page) -> Tag:
            child = page.new_tag(name)
            child.attrs["class"] = AttributeValueList(sorted(words))
            for attribute in attributes:
                child[attribute] = ""
            return child

        for holder in page.select("#search-results, #search-detect-results, .search-results, main"):
            # as children (ol.search-results > li.search-result), as pairs (li > a), and nested
            for outer in sorted(tags):
                holder.append(created(outer))
                for inner in sorted(tags):
                    pair = created(outer)
                    pair.append(created(inner))
                    holder.append(pair)
            parent = holder
            for name in sorted(tags):
                child = created(name)
                parent.append(child)
                parent = child
        _palette_values_on_body(page)
        html_tag = page.find("html")
        if isinstance(html_tag, Tag):
            for attribute in attributes:  # laws.js marks <html> (data-offline)
                html_tag.attrs.setdefault(attribute, "")
            for name, value in html_tag.attrs.items():  # :root[lang] …
                model.html[name] = value  # type: ignore[index]
            body.append(html_tag)
    return model


def _palette_values_on_body(page: BeautifulSoup) -> None:
    """The body with each colour attribute's values in every palette option, as a token list
    (the media query that chooses an option is not one of them)."""
    body = page.find("body")
    if not isinstance(body, Tag):
        return
    for option in page.select(PALETTE_OPTIONS):
        for name, value in option.attrs.items():
            if name.startswith("data-md-color-") and name != "data-md-color-media":
                values = str(body.get(name, "")).split()
                body[name] = " ".join(dict.fromkeys([*values, str(value)]))


class Model:
    """The page model, with the classes it has (most selectors fail on a class: a quick no)."""

    def __init__(self, soup: BeautifulSoup) -> None:
        self.soup = soup
        self.classes = {name for tag in soup.find_all(class_=True) for name in tag.get_attribute_list("class")}
        self.known: dict[str, bool] = {}

    def may_match(self, selector: str) -> bool:
        loose = loosen(selector)
        if loose not in self.known:
            self.known[loose] = self._matches(loose)
        return self.known[loose]

    def _matches(self, loose: str) -> bool:
        outside = re.sub(r"\([^()]*\)", "", loose)  # :is(.a,.b) needs neither
        if any(name not in self.classes for name in CLASS_NAME.findall(outside)):
            return False
        try:
            return self.soup.select_one(loose) is not None
        except Exception:  # soupsieve cannot read it: keep it
            return True


# -- writing the stylesheet ----------------------------------------------------------------------


GROUPING = ("@media", "@supports")  # at-rules whose block holds style rules


def map_style_rules(css: str, on_rule: Callable[[str, str], str | None]) -> str:
    """``css`` with each style rule, inside ``@media`` and ``@supports`` too, as
    ``on_rule(prelude, block)`` rewrites it (``None`` drops it); statements and other at-rules
    (``@font-face``, ``@keyframes``) kept as they are, a grouping rule left empty dropped."""
    out = []
    for prelude, block in rules(css):
        if block is None:
            out.append(prelude)
        elif prelude.startswith(GROUPING):
            inner = map_style_rules(block, on_rule)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{block}}}")
        else:
            rule = on_rule(prelude, block)
            if rule is not None:
                out.append(rule)
    return "".join(out)


def prune(css: str, model: Model) -> str:
    """The rules of ``css`` that can style a page of ``model``."""

    def matching(prelude: str, block: str) -> str | None:
        kept = [selector for selector in selectors(prelude) if model.may_match(selector)]
        return f"{','.join(kept)}{{{block}}}" if kept else None

    return map_style_rules(css, matching)


# a custom property's declaration, "--md-hue:225deg" (its name), and a reading of one,
# "var(--md-hue)"; in a page or script any "--md-primary-fg-color" counts as read
CUSTOM_PROPERTY = re.compile(r"^\s*(--[\w-]+)\s*:")
READ_PROPERTY = re.compile(r"var\(\s*(--[\w-]+)")
NAMED_PROPERTY = re.compile(r"(?<![\w-])--[a-zA-Z][\w-]*")


def declarations(block: str) -> list[str]:
    """A block's declarations: ``color:red;--x:url("a;b")`` → ``color:red``, ``--x:url("a;b")``."""
    cuts = [-1, *_top_level(block, ";"), len(block)]
    return [block[a + 1 : b] for a, b in itertools.pairwise(cuts) if block[a + 1 : b].strip()]


def _walk(css: str) -> Iterator[tuple[str, str]]:
    """(prelude, block) of every style rule, inside ``@media`` and ``@supports`` too."""
    for prelude, block in rules(css):
        if block is None:
            continue
        if prelude.startswith(GROUPING):
            yield from _walk(block)
        elif not prelude.startswith("@"):
            yield prelude, block


def read_properties(sheets: Iterable[str], elsewhere: Iterable[str] = ()) -> set[str]:
    """The custom properties something reads: a ``var()`` in a declaration that is not itself a
    custom property's, a name in ``elsewhere`` (pages, scripts), and what those read in turn."""
    values: dict[str, list[str]] = {}
    read: set[str] = set()
    for css in sheets:
        for _prelude, block in _walk(css):
            for declaration in declarations(block):
                custom = CUSTOM_PROPERTY.match(declaration)
                if custom:
                    values.setdefault(custom.group(1), []).append(declaration)
                else:
                    read |= set(READ_PROPERTY.findall(declaration))
    for text in elsewhere:
        read |= set(NAMED_PROPERTY.findall(text))
    waiting = list(read)
    while waiting:
        for value in values.get(waiting.pop(), []):
            for name in READ_PROPERTY.findall(value):
                if name not in read:
                    read.add(name)
                    waiting.append(name)
    return read


def drop_unread_properties(css: str, read: set[str]) -> str:
    """``css`` without the declarations of custom properties outside ``read``, and without the
    rules left empty by that."""

    def without_unread(prelude: str, block: str) -> str | None:
        kept = [
            declaration
            for declaration in declarations(block)
            if not (custom := CUSTOM_PROPERTY.match(declaration)) or custom.group(1) in read
        ]
        return f"{prelude}{{{';'.join(kept)}}}" if kept or not block.strip() else None

    return map_style_rules(css, without_unread)


def search_pages(site: Path) -> list[Path]:
    return [*sorted(site.glob("*/search/index.html")), site / "search" / "index.html"]


def write(site: Path) -> str:
    """``search-main.*.min.css`` for each Material ``main.*.min.css``, and so for each
    stylesheet of :data:`CUT`; say how big."""
    pages = [path.read_text(encoding="utf-8") for path in search_pages(site) if path.exists()]
    scripts = [
        path.read_text(encoding="utf-8")
        for name in SCRIPTS
        if (path := site / "assets" / "javascripts" / name).exists()
    ]
    stylesheets = sorted(path for pattern in CUT for path in (site / STYLESHEETS).glob(pattern))
    css_classes = {name for path in stylesheets for name in CLASS_NAME.findall(path.read_text(encoding="utf-8"))}
    model = Model(page_model(pages, scripts, css_classes))
    wholes = {full: full.read_text(encoding="utf-8") for full in stylesheets}
    pruned = {full: prune(css, model) for full, css in wholes.items()}
    read = read_properties(pruned.values(), [*pages, *scripts])
    said = []
    for full, css in wholes.items():
        small = drop_unread_properties(pruned[full], read)
        (full.parent / (PREFIX + full.name)).write_text(small, encoding="utf-8")
        said.append(f"{PREFIX + full.name}: {len(css) // 1024} KB → {len(small) // 1024} KB")
    return " · ".join(said)
