"""The search pages' copy of Material's stylesheet: the rules that can style a search page, and
no others.  (That the search page looks the same under both is tests/test_search_browser.py's.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from bridgelaws.search import search_css

PAGE = """<html lang="fi"><body data-md-color-scheme="default">
<header class="md-header"><label class="md-header__button" for="__drawer"></label></header>
<main><div class="md-content"><article class="md-content__inner md-typeset">
<form class="search-page-form"><input id="search-input"></form>
<ol id="search-results"></ol></article></div></main></body></html>"""
SCRIPT = 'const item = element("li", "search-result md-button"); item.append(document.createElement("mark"));'


def model() -> search_css.Model:
    return search_css.Model(search_css.page_model([PAGE], [SCRIPT]))


@pytest.mark.parametrize(
    ("selector", "loose"),
    [
        (".md-nav__link:hover", ".md-nav__link:is(*)"),
        (".md-nav__link:not(.md-nav__link--active):focus-visible", ".md-nav__link:is(*):is(*)"),
        ("[dir=rtl] .a:after", "[dir=rtl] .a:is(*)"),
        (".md-search__input::-webkit-input-placeholder", ".md-search__input:is(*)"),
        (":focus-within>.md-select__inner", ":is(*)>.md-select__inner"),
        (".md-typeset :is(h1,h2):hover", ".md-typeset :is(h1,h2):is(*)"),
        ("[data-md-color-scheme=slate] .a:hover", "[data-md-color-scheme~=slate] .a:is(*)"),
        (
            '[data-md-color-scheme="slate"][data-md-color-primary=teal]',
            '[data-md-color-scheme~="slate"][data-md-color-primary~=teal]',
        ),
        ("[dir=rtl][data-md-color-scheme~=slate]", "[dir=rtl][data-md-color-scheme~=slate]"),
    ],
)
def test_a_selector_is_loosened_to_any_state_of_the_page(selector: str, loose: str) -> None:
    assert search_css.loosen(selector) == loose


@pytest.mark.parametrize(
    ("selector", "kept"),
    [
        (".md-header__button", True),
        (".md-header__button:hover", True),
        ("[data-md-color-scheme=default] .md-header", True),
        (".md-typeset mark", True),  # made by the script, in the result list
        (".md-typeset .search-result", True),
        (".md-button:focus", True),  # a class the script sets
        (".md-typeset table:not([class])", False),
        (".md-typeset .admonition", False),
        (".md-search__overlay", False),
        ("body>.md-header", True),
        ("html :is(.md-tabs,.md-header)", True),
    ],
)
def test_a_selector_is_kept_when_it_can_match_the_page_or_what_its_scripts_add(selector: str, kept: bool) -> None:
    assert model().may_match(selector) is kept


def test_the_stylesheet_keeps_what_can_match_in_its_order_and_its_at_rules() -> None:
    css = (
        '@charset "UTF-8";.md-header{color:red}.md-tabs{color:blue}'
        ".md-typeset .admonition,.md-header__button{margin:0}"
        '@media screen{.md-tabs{x:1}.md-header{content:"}{"}}'
        "@media print{.md-tabs{x:2}}"
        "@keyframes spin{0%{x:1}to{x:2}}"
        "@supports (x:y){@media screen{.md-header__button{x:3}}}"
    )
    assert search_css.prune(css, model()) == (
        '@charset "UTF-8";.md-header{color:red}.md-header__button{margin:0}'
        '@media screen{.md-header{content:"}{"}}'
        "@keyframes spin{0%{x:1}to{x:2}}"
        "@supports (x:y){@media screen{.md-header__button{x:3}}}"
    )


# a page with the light/dark options of mkdocs.yml's palette: its script sets the body's scheme
# to either option's
PALETTE = (
    '<form data-md-component="palette">'
    '<input data-md-color-media="(prefers-color-scheme)" data-md-color-scheme="default"'
    ' data-md-color-primary="custom">'
    '<input data-md-color-media="(prefers-color-scheme: dark)" data-md-color-scheme="slate"'
    ' data-md-color-primary="custom">'
    "</form>"
)


@pytest.mark.parametrize(
    ("selector", "with_palette", "without"),
    [
        ("[data-md-color-scheme=slate] .md-header", True, False),
        ("[data-md-color-scheme=slate]", True, False),
        ('[data-md-color-scheme="default"] .md-header', True, True),
        ("[data-md-color-scheme=slate][data-md-color-primary=custom] .md-header__button", True, False),
        ("[data-md-color-scheme=slate][data-md-color-primary=teal]", False, False),  # no option is teal
        ("[data-md-color-scheme=slate] .md-typeset .admonition", False, False),  # nothing to style
        ("[data-md-color-scheme=purple] .md-header", False, False),
    ],
)
def test_either_schemes_rules_are_kept_when_the_page_offers_both(
    selector: str, with_palette: bool, without: bool
) -> None:
    offered = PAGE.replace('<header class="md-header">', '<header class="md-header">' + PALETTE)
    assert search_css.Model(search_css.page_model([offered], [SCRIPT])).may_match(selector) is with_palette
    assert model().may_match(selector) is without


def test_a_selector_the_matcher_cannot_read_is_kept() -> None:
    assert model().may_match(".md-header:unknown-state(((")


def test_the_script_words_become_classes_of_each_made_element() -> None:
    made = search_css.page_model([PAGE], [SCRIPT]).select("#search-results li mark")
    assert made and "search-result" in made[0]["class"] and "md-button" in made[0]["class"]


@pytest.mark.parametrize(
    ("selector", "kept"),
    [
        ("ol#search-results > li.search-result", True),  # a made element right under the list
        ("li > mark", True),  # one made element right under another
        (".search-result--synonym .search-result__head", True),  # a class the script completes
        (".search-result--provision", True),
        (".search-result--elsewhere", False),  # no stylesheet class: nothing completes to it
        ("ol#search-results > article", False),
    ],
)
def test_what_the_scripts_make_is_a_child_of_the_list_and_of_each_other(selector: str, kept: bool) -> None:
    script = 'const item = element("li", "search-result search-result--" + hit.origin);'
    script += ' item.append(element("span", "search-result__head"), document.createElement("mark"));'
    css_classes = ["search-result--synonym", "search-result--provision", "search-result__head"]
    assert search_css.Model(search_css.page_model([PAGE], [script], css_classes)).may_match(selector) is kept


@pytest.mark.site
def test_search_pages_link_the_cut_stylesheet_and_other_pages_the_full_one(site: Path) -> None:
    def stylesheets(page: str) -> list[str]:
        soup = BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")
        return [str(link["href"]).rsplit("/", 1)[-1] for link in soup.select('link[rel="stylesheet"]')]

    for pattern in search_css.CUT:
        whole_name = [path.name for path in (site / search_css.STYLESHEETS).glob(pattern)]
        assert len(whole_name) == 1, pattern
        for page in ["fi/search", "sv/search", "tr/search", "pl/search", "search"]:
            assert search_css.PREFIX + whole_name[0] in stylesheets(page), page
            assert whole_name[0] not in stylesheets(page), page
        for page in ["", "fi", "fi/2007/13", "compare/13"]:
            assert whole_name[0] in stylesheets(page), page
    full = [path.name for path in (site / search_css.STYLESHEETS).glob("main.*.min.css")]
    cut = (site / search_css.STYLESHEETS / (search_css.PREFIX + full[0])).read_text(encoding="utf-8")
    whole = (site / search_css.STYLESHEETS / full[0]).read_text(encoding="utf-8")
    assert len(cut) < len(whole) / 2
    assert ".md-header{" in cut and not re.search(r"\.admonition[,{]", cut)


@pytest.mark.parametrize(
    ("block", "split"),
    [
        ("color:red;margin:0", ["color:red", "margin:0"]),
        ('--x:url("data:a;b");color:red;', ['--x:url("data:a;b")', "color:red"]),
        ("--y:var(--x, calc(1px;2px))", ["--y:var(--x, calc(1px;2px))"]),
        ("", []),
    ],
)
def test_a_block_is_cut_into_declarations_outside_strings_and_brackets(block: str, split: list[str]) -> None:
    assert search_css.declarations(block) == split


# a custom property is read by a var() of a kept rule, by another read one, or by a page or script
SHEET = (
    ':root{--md-hue:225deg;--md-fg:hsla(var(--md-hue),15%,9%,1);--md-icon:url("data:a;b");--md-unread:1px}'
    ".md-header{color:var(--md-fg)}"
    "@media screen{:root{--md-wide:1;--md-tab:2}.md-tabs{width:var(--md-wide)}}"
    ":root>*{--md-only-custom:3}"
    "@keyframes spin{0%{--md-kept-in-keyframes:1}}"
)


@pytest.mark.parametrize(
    ("elsewhere", "read"),
    [
        ([], {"--md-fg", "--md-hue", "--md-wide"}),
        (['<div style="width:var(--md-tab)">'], {"--md-fg", "--md-hue", "--md-wide", "--md-tab"}),
        (['el.style.setProperty("--md-unread", "2px")'], {"--md-fg", "--md-hue", "--md-wide", "--md-unread"}),
        (["<!-- a comment -->"], {"--md-fg", "--md-hue", "--md-wide"}),
    ],
)
def test_a_custom_property_is_read_through_var_pages_scripts_and_other_properties(
    elsewhere: list[str], read: set[str]
) -> None:
    assert search_css.read_properties([SHEET], elsewhere) == read


def test_custom_properties_nobody_reads_go_and_the_rules_they_leave_empty_with_them() -> None:
    read = search_css.read_properties([SHEET])
    assert search_css.drop_unread_properties(SHEET, read) == (
        ":root{--md-hue:225deg;--md-fg:hsla(var(--md-hue),15%,9%,1)}"
        ".md-header{color:var(--md-fg)}"
        "@media screen{:root{--md-wide:1}.md-tabs{width:var(--md-wide)}}"
        "@keyframes spin{0%{--md-kept-in-keyframes:1}}"
    )
