"""Each group of pages' copy of Material's stylesheet (bridgelaws.stage5_site.cut_css): the rules
that can style its pages, and no others.  (That the pages look the same under both is
tests/test_cut_css_browser.py's.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.stage5_site import css_match, css_rules, cut_css

PAGE = """<html lang="fi"><body data-md-color-scheme="default">
<header class="md-header"><label class="md-header__button" for="__drawer"></label></header>
<main><div class="md-content"><article class="md-content__inner md-typeset">
<form class="search-page-form"><input id="search-input"></form>
<ol id="search-results"></ol></article></div></main></body></html>"""
SCRIPT = 'const item = element("li", "search-result md-button"); item.append(document.createElement("mark"));'


def model() -> css_match.Model:
    return css_match.Model(cut_css.page_model([PAGE], [SCRIPT]))


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
    assert css_match.loosen(selector) == loose


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
        # what the compounds before the last ask of the element's ancestors, and of their siblings
        ("main .md-typeset #search-input", True),
        (".md-header .search-page-form", False),  # both classes are there, not one in the other
        ("header .md-content", False),
        (".md-header>.md-header__button", True),
        (".md-header+main .search-page-form", True),  # a sibling of an ancestor
        (".md-header~main>.md-content", True),
        (".md-header+main .md-header__button", False),
        (".search-page-form+#search-results .search-result", True),
        ("[data-md-color-scheme~=default] .md-content", True),  # one word of an attribute's value
        ("[data-md-color-scheme~=slate] .md-content", False),
        # what :has() asks for is somewhere in the model, or the selector cannot match
        ("body:has(.search-page-form) .md-header__button", True),
        ("body:has(.not-found-page) .md-header__button", False),
        ('.md-content:has(input[data-column="5"]) li', False),
        (".md-typeset:has(> form) mark", True),
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
    assert cut_css.prune(css, model()) == (
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
    assert css_match.Model(cut_css.page_model([offered], [SCRIPT])).may_match(selector) is with_palette
    assert model().may_match(selector) is without


def test_a_selector_the_matcher_cannot_read_is_kept() -> None:
    assert model().may_match(".md-header:unknown-state(((")


def test_the_script_words_become_classes_of_each_made_element() -> None:
    made = cut_css.page_model([PAGE], [SCRIPT]).select("#search-results li mark")
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
    assert css_match.Model(cut_css.page_model([PAGE], [script], css_classes)).may_match(selector) is kept


# a page of each group, and the group's prefix
LINKED = [
    *((page, "search-") for page in ["fi/search", "sv/search", "tr/search", "pl/search", "search"]),
    *((page, "law-") for page in ["fi/2007/13", "pl/2017/pzbs/25", "fi/2007/definitions", "tr/2017/42"]),
    *((page, "page-") for page in ["", "fi", "fi/1997", "compare/13", "numbering/16", "terms", "fi/laws/13"]),
]


@pytest.mark.site
def test_every_page_links_its_groups_cut_stylesheets_and_no_whole_one(site: Path) -> None:
    def stylesheets(page: str) -> list[str]:
        soup = BeautifulSoup((site / page / "index.html").read_text(encoding="utf-8"), "html.parser")
        return [str(link["href"]).rsplit("/", 1)[-1] for link in soup.select('link[rel="stylesheet"]')]

    assert {group.prefix for group in cut_css.CUTS} == {prefix for _page, prefix in LINKED}
    for pattern in cut_css.CUT:
        whole_name = [path.name for path in (site / cut_css.STYLESHEETS).glob(pattern)]
        assert len(whole_name) == 1, pattern
        for page, prefix in LINKED:
            assert prefix + whole_name[0] in stylesheets(page), page
            assert whole_name[0] not in stylesheets(page), page
    full = [path.name for path in (site / cut_css.STYLESHEETS).glob("main.*.min.css")]
    whole = (site / cut_css.STYLESHEETS / full[0]).read_text(encoding="utf-8")
    for group in cut_css.CUTS:
        cut = (site / cut_css.STYLESHEETS / (group.prefix + full[0])).read_text(encoding="utf-8")
        assert len(cut) < len(whole) / 3, group.prefix
        assert ".md-header{" in cut and not re.search(r"\.admonition[,{]", cut), group.prefix
    for prefix in ("law-", "page-"):
        page_cut = (site / cut_css.STYLESHEETS / (prefix + full[0])).read_text(encoding="utf-8")
        assert ".md-tooltip2--active{" in page_cut, prefix  # theme.js's pop-ups, which no built page holds


# (a selector, whether a page with PAGE's elements may match it): the quick answers from the
# elements' attributes and from a last compound that names no class or tag agree with the matcher
QUICK = [
    ("[dir=rtl] .md-header", False),  # no element has dir=rtl
    ("[lang=fi] .md-header", True),
    ('[lang="fi"] .md-header', True),
    ("[for] .md-header", False),  # a label has a for, but holds no header
    ("header [for]", True),
    ("[data-md-color-scheme~=slate]", False),  # no palette options on PAGE: its one value
    ("[data-md-color-scheme=default]", True),
    (".md-header>:first-child", True),  # as .md-header, which has a child
    (".md-content__inner>:is(*)", True),
    ("[id=search-results]", True),
    ("[id=__comments]", False),
]


@pytest.mark.parametrize(("selector", "kept"), QUICK)
def test_a_selector_fails_on_an_attribute_no_element_has(selector: str, kept: bool) -> None:
    assert model().may_match(selector) is kept


# a class a script sets on an element it finds, and a selector that needs it on one the page has
TOGGLES = [
    ('title.classList.toggle("md-header__title--active", on);', ".md-header__title--active .md-header__button", True),
    ('box.classList.add("is-open", "is-target");', ".is-target .md-header__button", True),
    ('box.classList.remove("is-open");', ".is-open .md-header__button", False),  # removing adds nothing
    ('box.classList.contains("is-open");', ".is-open .md-header__button", False),
]


@pytest.mark.parametrize(("script", "selector", "kept"), TOGGLES)
def test_a_class_a_script_sets_on_the_page_may_be_on_any_element(script: str, selector: str, kept: bool) -> None:
    model = css_match.Model(cut_css.page_model([PAGE], [script]), cut_css.anywhere([script]))
    assert model.may_match(selector) is kept


SHAPES = [
    # (pages, how many of them represent the others)
    (['<p class="a">1</p>', '<p class="a">2</p>'], 1),  # the same elements, other text
    (['<p class="a">', '<p class="b">'], 2),  # a class of its own
    (['<p class="a">', '<p class="a" data-x="1">'], 2),  # an attribute of its own
    (['<p class="a" data-x="1">', '<p class="a" data-x="2">'], 1),  # only another value
    (['<p class="a b">', '<p class="a">', '<p class="b">'], 1),
    (['<p class="a">', '<div class="a">'], 2),  # the class on another tag
]


@pytest.mark.parametrize(("pages", "kept"), SHAPES)
def test_a_page_made_of_what_others_have_is_left_out_of_the_model(pages: list[str], kept: int) -> None:
    assert len(cut_css.representatives(pages)) == kept


# (the pages, the scripts in assets/javascripts with what they import, the scripts in the model)
LOADS = [
    (['<script defer src="../assets/javascripts/a.js"></script>'], {"a.js": "", "b.js": ""}, ["a.js"]),
    (
        ['<script type="module" src="/assets/javascripts/a.js">'],
        {"a.js": 'import{x}from"./b.js";', "b.js": ""},
        ["a.js", "b.js"],
    ),
    (['<link rel="modulepreload" href="assets/javascripts/b.js">'], {"b.js": ""}, ["b.js"]),
    (
        ['<script src="a.js">'],
        {"a.js": 'export * from "./b.js"; import "./c.js";', "b.js": "", "c.js": ""},
        ["a.js", "b.js", "c.js"],
    ),
    (['<script src="a.js">'], {"a.js": 'await import("./b.js");', "b.js": 'import{a}from"./a.js";'}, ["a.js", "b.js"]),
    (['<script src="a.js">', '<script src="c.js">'], {"a.js": ""}, ["a.js"]),  # c.js is not the site's
    (['<script src="pagefind/pagefind-ui.js">'], {"a.js": ""}, []),
]


@pytest.mark.parametrize(("pages", "files", "model"), LOADS)
def test_the_model_has_the_scripts_the_pages_load_and_what_they_import(
    tmp_path: Path, pages: list[str], files: dict[str, str], model: list[str]
) -> None:
    folder = tmp_path / cut_css.SCRIPTS
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert cut_css.scripts_of(tmp_path, pages) == model


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
    assert css_rules.declarations(block) == split


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
    assert css_rules.read_properties([SHEET], elsewhere) == read


def test_custom_properties_nobody_reads_go_and_the_rules_they_leave_empty_with_them() -> None:
    read = css_rules.read_properties([SHEET])
    assert css_rules.drop_unread_properties(SHEET, read) == (
        ":root{--md-hue:225deg;--md-fg:hsla(var(--md-hue),15%,9%,1)}"
        ".md-header{color:var(--md-fg)}"
        "@media screen{:root{--md-wide:1}.md-tabs{width:var(--md-wide)}}"
        "@keyframes spin{0%{--md-kept-in-keyframes:1}}"
    )


# a page of siblings and nested elements, with attribute values to ask for by start, end and part
SIBLINGS = """<html lang="fi"><body data-md-color-scheme="default"><main>
<nav class="md-nav md-nav--primary"><input class="md-nav__toggle" id="t1"><label class="md-nav__link" for="t1">1</label>
<nav class="md-nav"><a class="md-nav__link" href="#a">a</a><img src="logo.svg#only-light"></nav></nav>
<div class="md-typeset"><p class="pv">x</p><p class="pv pv-after">y</p><ul class="md-nav"><li class="md-nav__item">
<a class="md-nav__link md-nav__link--active" href="https://example.org/x.pdf">z</a></li></ul></div>
</main></body></html>"""
COMPOUNDS = [
    ".md-nav", ".md-nav__toggle", ".md-nav__link", ".pv", ".pv-after", ".md-typeset", "nav", "a", "p", "img",
    "li", "label", "input", ".md-nav--primary", ".md-nav__item", '[href^="https"]', '[href$=".pdf"]',
    "[href*=example]", '[src$="#only-light"]', '[src$="#only-dark"]', "[class^=md-nav__link]", "[class$=active]",
    "a[href^='#']", "#t1", "#search-results", "[for]",
]  # fmt: skip


@given(
    st.lists(st.sampled_from(COMPOUNDS), min_size=1, max_size=4),
    st.lists(st.sampled_from([" ", ">", "+", "~"]), min_size=3, max_size=3),
)
def test_the_models_quick_answers_are_the_matchers(compounds: list[str], combinators: list[str]) -> None:
    """The model's answer before the matcher (classes and tags of ancestors and of earlier siblings,
    an attribute's start, end or part, an id) says no only where the matcher finds no element: for
    a selector of classes, tags, ids and attributes, the model's answer is the matcher's (one whose
    last part is an attribute alone is taken to match where the part before it does: yes, or the
    matcher's no)."""
    selector = compounds[0] + "".join(map("".join, zip(combinators, compounds[1:], strict=False)))
    soup = cut_css.page_model([SIBLINGS], [])
    answer, truth = css_match.Model(soup).may_match(selector), bool(soup.select(selector))
    if len(compounds) > 1 and compounds[-1].startswith("["):
        assert answer or not truth, selector
    else:
        assert answer is truth, selector
