"""Every page type looks the same under its group's cut stylesheets as under the whole ones
(bridgelaws.stage5_site.cut_css): each element of a sample page of each type, and its ::before
and ::after, computes the same value of every property either stylesheet sets in light (in
dark, of every colour the palette sets), at a phone's width and a desktop's, with a pop-up
shown, the drawer open, and scrolled (the header's shadow and title, back-to-top, the table of
contents' section in view) too.

One page load per page and scheme: the styles are taken under the cut stylesheets, the page's
links then pointed at the whole ones, and the styles taken again; the page compares them itself
(a digest per element and pseudo-element) and names the elements that differ.  The search pages
are compared with their results shown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage5_site import cut_css
from conftest import PHONE

DESKTOP = {"width": 1280, "height": 800}

# a page of each type
PAGES = {
    "search": "fi/search/?q=revokki",
    "search, every language": "search/?q=revokki",
    "law": "fi/2007/16/",
    "law, long, with national notes": "fi/1997/12/",
    "PZBS point": "pl/2017/pzbs/25/",
    "definitions": "fi/2007/definitions/",
    "document start": "fi/1997/",
    "law hub": "fi/laws/13/",
    "law hub, law missing": "pl/laws/13/",
    "laws index": "laws/",
    "landing": "",
    "home": "fi/",
    "compare": "compare/13/?c=fi-1997,fi-2007",
    "numbering": "numbering/16/",
    "coverage": "coverage/",
    "terms": "sv/terms/",
    "404": "sv/2007/45/",
}

# what a reader does that brings styles no page has as loaded, each at each width: on a law page
# and the compare view (what they bring is the same chrome on every page) and on the search pages
TEXT_STATES = ["as loaded", "pop-up shown", "drawer open", "scrolled down, then up a little"]
SEARCH_STATES = ["as loaded", "field focused", "result focused", "drawer open"]
SEARCHES = ("search", "search, every language")
STATES_OF = {"law": TEXT_STATES, "compare": TEXT_STATES, **{kind: SEARCH_STATES for kind in SEARCHES}}
# what a search page is waited for before its styles are taken, beyond its load: its results
RESULTS_SHOWN = "() => document.querySelector('[data-query=\"revokki\"]')"
STATES = {
    "field focused": "() => document.getElementById('search-input').focus()",
    "result focused": "() => document.querySelector('#search-results a, #search-by-language a').focus()",
    "as loaded": "() => {}",
    "pop-up shown": """() => { const term = document.querySelector('.md-content abbr[title], .md-content [title]');
                               if (term) term.dispatchEvent(new MouseEvent('mouseenter')); }""",
    "drawer open": "() => { document.getElementById('__drawer').checked = true; }",
    # the header's shadow and title, back-to-top, the table of contents' section in view
    "scrolled down, then up a little": """async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
        window.scrollTo(0, document.body.scrollHeight / 2); await frame();
        window.scrollTo(0, document.body.scrollHeight / 2 - 40); await frame(); }""",
}

# In the page: a digest of each element's and pseudo-element's computed values of `properties`,
# in document order, named by element; pop-ups are matched by name, not place.  Of elements alike
# (tag, classes, parent's tag and classes, first or last of their siblings) the first two: a
# long law's hundreds of paragraphs are styled by the same rules, and each digest costs a
# getComputedStyle of every property.
DIGESTS = """(properties) => {
  const digest = (text) => { let h = 2166136261; for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); } return h >>> 0; };
  const alike = new Map();
  const kind = (node) => node.tagName + '.' + node.getAttribute('class');
  return [...document.querySelectorAll('*')].filter((node) => {
    const parent = node.parentElement;
    const key = kind(node) + '<' + (parent ? kind(parent) : '') + (node.previousElementSibling ? '' : '^')
      + (node.nextElementSibling ? '' : '$');
    alike.set(key, (alike.get(key) || 0) + 1);
    return alike.get(key) <= 2;
  }).flatMap((node, i) =>
    [null, '::before', '::after'].map((pseudo) => {
      const style = getComputedStyle(node, pseudo);
      return [i + ' ' + node.tagName + '#' + node.id + '.' + node.getAttribute('class') + (pseudo || ''),
              digest(properties.map((name) => style.getPropertyValue(name)).join(';'))];
    }));
}"""

# point every cut stylesheet's link (its name starts with a group's prefix) at its whole one, and
# wait for them
TO_WHOLE = """async (prefixes) => {
  const links = [...document.querySelectorAll('link[rel=stylesheet]')].filter((link) =>
    prefixes.some((prefix) => link.getAttribute('href').split('/').pop().startsWith(prefix)));
  await Promise.all(links.map((link) => new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    const name = link.href.split('/').pop();
    link.href = link.href.replace('/' + name, '/' + name.replace(/^[a-z]+-/, ''));
  })));
  return links.length;
}"""
PREFIXES = [group.prefix for group in cut_css.CUTS]
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))"


# the prefix of the group whose cut stylesheets the page links
GROUP_OF = """(prefixes) => [...document.querySelectorAll('link[rel=stylesheet]')]
  .map((link) => link.getAttribute('href').split('/').pop())
  .flatMap((name) => prefixes.filter((prefix) => name.startsWith(prefix)))[0]"""


def properties(site: Path, prefix: str) -> list[str]:
    """Every property either stylesheet sets; of the custom ones only those the group's cut keeps
    (the others are read by nothing: css_rules.drop_unread_properties)."""
    wholes = [next((site / cut_css.STYLESHEETS).glob(pattern)) for pattern in cut_css.CUT]
    declared = " ".join(whole.read_text(encoding="utf-8") for whole in wholes)
    cut = " ".join((whole.parent / (prefix + whole.name)).read_text(encoding="utf-8") for whole in wholes)
    return sorted(set(re.findall(r"[{;](-?[a-zA-Z][\w-]*):", declared)) | set(re.findall(r"[{;](--[\w-]+):", cut)))


# What the dark palette's rules set ([data-md-color-scheme=slate]): colours, and custom properties
# holding them.  The dark pass compares these only; the light pass compares every property.
PALETTE_SET = re.compile(r"^--|color|background|shadow|border|outline|fill|stroke|filter|opacity|scheme|caret")


def styles(page: Any, names: list[str], states: list[str]) -> dict[str, list[list[Any]]]:
    """The digests in each of ``states`` at each width; the page left as loaded."""
    seen = {}
    for width, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.evaluate(FRAMES)  # the page laid out again at its new width
        for state in states:
            action = STATES[state]
            page.evaluate(action)
            if state == "pop-up shown":  # it shows on a later frame
                page.wait_for_function("() => document.querySelector('.md-tooltip2--active')")
            seen[f"{width}, {state}"] = page.evaluate(DIGESTS, names)
            page.evaluate(
                "() => { document.getElementById('__drawer').checked = false; window.scrollTo(0, 0);"
                " if (document.activeElement) document.activeElement.blur(); }"
            )
            page.evaluate(FRAMES)  # the scroll back handled (the header's title, its shadow) before the next state
            page.evaluate(
                "() => document.querySelectorAll('.md-content [aria-describedby]').forEach((host) =>"
                " host.dispatchEvent(new MouseEvent('mouseleave')))"
            )
            if state == "pop-up shown":  # gone again, its element too (theme.js: after 250 ms)
                page.wait_for_function("() => !document.querySelector('.md-tooltip2')")
    return seen


def compare(page: Any, address: str, kind: str, names: dict[str, list[str]], scheme: str) -> list[str]:
    """The elements of the page at ``address`` whose styles differ under the cut and the whole
    stylesheets, in each of its states."""
    page.goto(address)
    page.wait_for_load_state("load")
    if kind in SEARCHES:
        page.wait_for_function(RESULTS_SHOWN, timeout=30000)
        page.wait_for_load_state("networkidle")
    assert page.evaluate("document.body.dataset.mdColorScheme") == {"light": "default", "dark": "slate"}[scheme]
    states = STATES_OF.get(kind, ["as loaded"])
    group = page.evaluate(GROUP_OF, PREFIXES)
    cut = styles(page, names[group], states)
    assert page.evaluate(TO_WHOLE, PREFIXES) == len(cut_css.CUT), kind
    whole = styles(page, names[group], states)
    differences = []
    for state in cut:
        assert [name for name, _ in cut[state]] == [name for name, _ in whole[state]], (kind, state)
        differing = [name for (name, a), (_, b) in zip(cut[state], whole[state], strict=True) if a != b]
        if differing:
            differences.append(f"{kind}, {state}: {differing[:5]}")
    return differences


# the page types in parts, each part a test of its own, so that the suite's workers share them
PARTS = 3


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_type_looks_the_same_with_its_cut_stylesheets(
    browser: Any, base_url: str, site: Path, scheme: str, part: int
) -> None:
    names = {
        prefix: [name for name in properties(site, prefix) if scheme == "light" or PALETTE_SET.search(name)]
        for prefix in PREFIXES
    }
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")  # no transition caught halfway
    failures = []
    try:
        for kind, address in list(PAGES.items())[part::PARTS]:
            # a difference the cut makes is there each time; one seen once was the page caught
            # between two layouts on a busy machine: a page that differs is compared once more
            for _attempt in range(2):
                differences = compare(page, base_url + address, kind, names, scheme)
                if not differences:
                    break
            failures += differences
    finally:
        context.close()
    assert not failures, "\n".join(failures)
