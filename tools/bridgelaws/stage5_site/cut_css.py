"""Each page's own copy of Material's stylesheet: only the rules that can style it.

Material's ``main.<hash>.min.css`` (137 KB, 22 KB compressed) styles everything Material can
show: tables, admonitions, code, tabs, the search dialog, the blog.  Our pages show a header, a
drawer, the text with its tables, notes and pop-ups, a form; the stylesheet was a third of a law
page's first visit.  :func:`write` makes, for each group of pages in :data:`CUTS`, a copy of it
with the rules those pages can use, named with the group's prefix (``page-main.<hash>.min.css``
for the text pages, ``search-main.<hash>.min.css`` for the search pages), and the pages link it
instead (``overrides/main.html``, block ``styles``); the palette's stylesheet and our laws.css
likewise.

A rule is kept when one of its selectors, loosened, matches an element of a page of the group:

* the pages are the built pages themselves (of the text pages, one of each shape:
  :func:`representatives`), plus what the scripts add to them: every element the scripts
  create (``element("li", …)``, ``createElement("div")``), nested in the places they add them
  (:attr:`Cut.holders`), each with every class-like word of the scripts' strings
  (``search-more md-button``, ``md-tooltip2--active``) and the attributes they set;
* a selector is loosened so that it matches whenever it could in some state of the page
  (states, pseudo-elements and ``:not(…)`` match anything: :mod:`.css_match` says how);
* the palette's script sets the body's colour attributes (``data-md-color-scheme``, …) to those
  of the light/dark option in force: the model's body carries every option's value at once
  (``data-md-color-scheme="default slate"``) and a selector on one value asks for it among them,
  so both schemes' rules are kept;
* a selector the matcher (soupsieve) cannot read is kept.

At-rules: ``@media`` and ``@supports`` keep the rules inside them that are kept (and go when
none is); everything else (``@keyframes``, ``@charset``, ``@page``) stays.  Declarations are
copied as they are, in their order, so what is kept cascades as in the full stylesheet.

Then a custom property nobody reads goes (:func:`drop_unread_properties`): Material's ``:root``
declares 134 of them, most of them icons as SVG data (``--md-version-icon``) for components our
pages have not; a property is kept when a ``var()`` of a kept rule, of another read property,
or a page or script names it.  tests/test_cut_css_browser.py
compares every element's computed style under the cut and the whole stylesheets.

The scripts are those the group's pages load (``<script src>``, ``modulepreload``) and what they
import, read from the built pages (:func:`scripts_of`), so a script a template starts to load
on a page is in its model with no list to keep.  A page whose scripts add Material's components
(its bundle) would need the whole stylesheet, which is why no page loads the bundle (theme.js
does the few things the pages used it for).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup, Tag
from bs4.element import AttributeValueList

from bridgelaws.stage5_site.css_match import CLASS_NAME, Model
from bridgelaws.stage5_site.css_rules import (
    drop_unread_properties,
    map_style_rules,
    read_properties,
    selectors,
)

STYLESHEETS = "assets/stylesheets"
SCRIPTS = "assets/javascripts"
# The stylesheets of the ``styles`` block, each cut for each group of pages: the palette's (12 KB,
# 2.2 KB compressed) holds every colour and scheme, of which the pages use one; the site's own
# laws.css (19 KB, 3.5 KB compressed) styles the laws, tables, compare and search pages, each
# page a part of it
CUT = ("main.*.min.css", "palette.*.min.css", "laws.css")

PALETTE_OPTIONS = "[data-md-component=palette] input"


# a class a script sets on an element it finds: classList.add("is-open"), .toggle("x", on)
TOGGLED = re.compile(r"classList\.(?:add|toggle)\(\s*\"([\w-]+)\"(?:\s*,\s*\"([\w-]+)\")?")


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


SEARCH_HOLDERS = "#search-results, #search-detect-results, .search-results, main"


def anywhere(scripts: Iterable[str]) -> tuple[set[str], set[str]]:
    """The classes the scripts add to elements they find (``classList.toggle("md-header--shadow",
    on)``) and the attributes they set (``row.hidden = true``, ``setAttribute("role", …)``): they
    may be on any element of a page, in any state of it."""
    scripts = list(scripts)
    classes = {name for source in scripts for found in TOGGLED.findall(source) for name in found if name}
    return classes, _script_words(scripts)[2]


def page_model(
    pages: Iterable[str], scripts: Iterable[str], css_classes: Iterable[str] = (), holders: str = SEARCH_HOLDERS
) -> BeautifulSoup:
    """The pages as one document, with what the scripts add in each of ``holders``: each
    created tag as a child of the list, under each other one, and all of them nested, each with
    every class-like word of the scripts.  A word ending in ``-`` is a class the script completes
    (``"search-result--" + hit.origin``): every class of ``css_classes`` starting with it.  (What
    the scripts set on the elements they find is :func:`anywhere`'s.)"""
    tags, words, attributes = _script_words(scripts)
    starts = [word for word in words if word.endswith("-")]
    words |= {name for name in css_classes if any(name.startswith(start) for start in starts)}
    placed: set[tuple[tuple[str, ...], ...]] = set()
    classes = sorted(words)
    model = BeautifulSoup("<html><body></body></html>", "html.parser")
    body = model.body
    assert body is not None
    for html in pages:
        page = BeautifulSoup(html, "lxml")  # the built pages are valid HTML: the same tree as html.parser, sooner

        def created(name: str, page: BeautifulSoup = page) -> Tag:
            child = page.new_tag(name)
            child.attrs["class"] = AttributeValueList(classes)
            for attribute in attributes:
                child[attribute] = ""
            return child

        for holder in page.select(holders):
            # once per place alike: the same holder under the same ancestors among the same kinds
            # of children gives a selector nothing new (a group's 30 pages are a few such places)
            place = _place(holder)
            if place in placed:
                continue
            placed.add(place)
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


def _kind(tag: Tag) -> tuple[str, ...]:
    """An element as a selector may ask for it: its tag, and each attribute with its value."""
    return (tag.name, *sorted(f"{name}={value}" for name, value in tag.attrs.items() if name != "id"))


def _place(holder: Tag) -> tuple[tuple[str, ...], ...]:
    """Where a script adds elements, as a selector may tell it from another: the holder and each
    of its ancestors, and the kinds of the holder's children (``+`` and ``~`` reach them)."""
    ancestry = [_kind(holder), *(_kind(parent) for parent in holder.parents if parent.name != "[document]")]
    children = sorted({_kind(child) for child in holder.find_all(True, recursive=False)})
    return (*ancestry, ("--children--",), *children)


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


# -- writing the stylesheet ----------------------------------------------------------------------


def prune(css: str, model: Model) -> str:
    """The rules of ``css`` that can style a page of ``model``."""

    def matching(prelude: str, block: str) -> str | None:
        kept = [selector for selector in selectors(prelude) if model.may_match(selector)]
        return f"{','.join(kept)}{{{block}}}" if kept else None

    return map_style_rules(css, matching)


# an element's start or end tag, its class attribute, its attributes' names
TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*)>")
CLASS_ATTRIBUTE = re.compile(r"\bclass=\"([^\"]*)\"")
ATTRIBUTE_NAME = re.compile(r"([\w-]+)\s*=")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def _shape(html: str) -> set[str]:
    """What a page is made of: each tag with each of its classes and with each attribute name,
    and each of those under each class of its parent (``div.footnotes > li.``)."""
    shape: set[str] = set()
    parents: list[list[str]] = [[""]]
    for end, tag, attributes in TAG.findall(html):
        if end:
            if len(parents) > 1:
                parents.pop()
            continue
        classes, names, opens = _start_tag(tag, attributes)
        shape.update(classes, names)
        shape.update(f"{parent} > {own}" for parent in parents[-1] for own in classes)
        if opens:
            parents.append(classes)
    return shape


@functools.lru_cache(maxsize=1 << 16)
def _start_tag(tag: str, attributes: str) -> tuple[list[str], list[str], bool]:
    """A start tag's part of a shape: the tag with each of its classes, with each attribute name,
    and whether it opens an element (the same tags recur on every page: read each once)."""
    tag = tag.lower()
    found = CLASS_ATTRIBUTE.search(attributes)
    classes = [f"{tag}.{name}" for name in (found.group(1).split() if found else [""])]
    names = [f"{tag}[{name}]" for name in ATTRIBUTE_NAME.findall(re.sub(r'"[^"]*"', "", attributes))]
    return classes, names, tag not in VOID and not attributes.rstrip().endswith("/")


def representatives(pages: Iterable[str]) -> list[str]:
    """The pages, less those made only of what the pages before them have (a tag with a class or
    an attribute of its own, or under a parent's class, keeps a page): the 1,600 text pages are
    a few dozen shapes, and a model of those is matched in seconds where one of all of them
    took minutes.  (A selector reaching further up, ``.a .b .c``, may still find its elements
    only on a page left out: tests/test_cut_css_browser.py compares a page of each type.)"""
    seen: set[str] = set()
    kept = []
    for html in pages:
        shape = _shape(html)
        if not shape <= seen:
            seen |= shape
            kept.append(html)
    return kept


def built_pages(site: Path) -> dict[Path, str]:
    """Every page MkDocs wrote (not what Pagefind and the export write), with its HTML."""
    return {
        path: path.read_text(encoding="utf-8")
        for path in sorted(site.rglob("*.html"))
        if path.relative_to(site).parts[0] not in {"pagefind", "api", "assets"}
    }


# a script a page loads (<script src>, <link rel=modulepreload href>), and a module a script
# imports ("./refs.js": statically, re-exported, for its effects, or import("./x.js"))
LOADED = re.compile(r"<(?:script\b[^>]*\bsrc|link\b[^>]*\brel=\"modulepreload\"[^>]*\bhref)=\"([^\"]+\.js)\"")
IMPORTED = re.compile(r"(?:\bfrom|\bimport)\s*\(?\s*[\"']\./([\w.-]+\.js)[\"']")


def scripts_of(site: Path, pages: Iterable[str]) -> list[str]:
    """The site's own scripts (``assets/javascripts/``) the pages load, and the modules those
    import, each once: what may add elements and classes to the pages."""
    folder = site / SCRIPTS
    names = {src.rsplit("/", 1)[-1] for html in pages for src in LOADED.findall(html)}
    found: set[str] = set()
    waiting = sorted(name for name in names if (folder / name).is_file())
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        imported = IMPORTED.findall((folder / name).read_text(encoding="utf-8"))
        waiting.extend(other for other in imported if (folder / other).is_file() and other not in found)
    return sorted(found)


@dataclass(frozen=True)
class Cut:
    """A group of pages that link one cut of the stylesheets: its files' prefix
    (``main.57a0d79d.min.css`` → ``page-main.57a0d79d.min.css``) and where the scripts its pages
    load add elements (:func:`page_model`).  Its pages are those that link it: the template
    chooses (``overrides/main.html``, block ``styles``), the cut reads the choice from the pages."""

    prefix: str
    holders: str
    every_page: bool  # else one of each shape (:func:`representatives`)

    def holds(self, html: str) -> bool:
        return f'/{self.prefix}laws.css"' in html


CUTS = (
    Cut("search-", SEARCH_HOLDERS, True),
    # the law, point and definition pages; theme.js adds pop-ups to the body; laws.js,
    # provisions.js and notes.js their lines, toolbars and forms to the text and the footer
    Cut("law-", "body, main", False),
    # every other page: homes, indexes, hubs, compare and numbering views, terms, My notes, 404
    Cut("page-", "body, main", False),
)


def cut(site: Path, group: Cut, built: dict[Path, str]) -> str:
    """The group's cut of each stylesheet of :data:`CUT`, written beside it; say how big."""
    every = [html for html in built.values() if group.holds(html)]
    if not every:
        return f"{group.prefix}: no pages"
    pages = every if group.every_page else representatives(every)
    scripts = [(site / SCRIPTS / name).read_text(encoding="utf-8") for name in scripts_of(site, every)]
    stylesheets = sorted(path for pattern in CUT for path in (site / STYLESHEETS).glob(pattern))
    css_classes = {name for path in stylesheets for name in CLASS_NAME.findall(path.read_text(encoding="utf-8"))}
    model = Model(page_model(pages, scripts, css_classes, group.holders), anywhere(scripts))
    wholes = {full: full.read_text(encoding="utf-8") for full in stylesheets}
    pruned = {full: prune(css, model) for full, css in wholes.items()}
    read = read_properties(pruned.values(), [*pages, *scripts])
    said = []
    for full, css in wholes.items():
        small = drop_unread_properties(pruned[full], read)
        (full.parent / (group.prefix + full.name)).write_text(small, encoding="utf-8")
        said.append(f"{group.prefix + full.name}: {len(css) // 1024} KB → {len(small) // 1024} KB")
    return f"{len(pages)} pages: " + ", ".join(said)


def write(site: Path) -> str:
    """Every group's cut stylesheets (:data:`CUTS`); say how big."""
    built = built_pages(site)
    return " · ".join(cut(site, group, built) for group in CUTS)
