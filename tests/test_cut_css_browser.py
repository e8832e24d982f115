"""Every page type looks the same under its group's cut stylesheets as under the whole ones
(bridgelaws.stage5_site.cut_css): each element of a sample page of each type, and its ::before
and ::after, computes the same value of every property either stylesheet sets, in light and
dark, at a phone's width and a desktop's, with a pop-up shown, the drawer open, and scrolled (the
header's shadow and title, back-to-top, the table of contents' section in view) too.

One page load per page and scheme: the styles are taken under the cut stylesheets, the page's
links then pointed at the whole ones, and the styles taken again; the page compares them itself
(a digest per element and pseudo-element) and names the elements that differ.  The search pages
have their own such test (tests/test_search_browser.py), with their results shown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.stage5_site import cut_css
from conftest import PHONE

DESKTOP = {"width": 1280, "height": 800}
GROUP = next(group for group in cut_css.CUTS if group.prefix == "page-")

# a page of each type (the search pages are tests/test_search_browser.py's)
PAGES = {
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

# what a reader does that brings styles no page has as loaded (each at each width, on the
# pages of STATEFUL: what they bring is the same chrome on every page)
STATEFUL = {"law", "compare"}
STATES = {
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
# in document order, named by element; pop-ups are matched by name, not place.
DIGESTS = """(properties) => {
  const digest = (text) => { let h = 2166136261; for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i); h = Math.imul(h, 16777619); } return h >>> 0; };
  return [...document.querySelectorAll('*')].flatMap((node, i) =>
    [null, '::before', '::after'].map((pseudo) => {
      const style = getComputedStyle(node, pseudo);
      return [i + ' ' + node.tagName + '#' + node.id + '.' + node.getAttribute('class') + (pseudo || ''),
              digest(properties.map((name) => style.getPropertyValue(name)).join(';'))];
    }));
}"""

# point every cut stylesheet's link at its whole one, and wait for them
TO_WHOLE = """async (prefix) => {
  const links = [...document.querySelectorAll('link[rel=stylesheet]')].filter((link) =>
    link.getAttribute('href').split('/').pop().startsWith(prefix));
  await Promise.all(links.map((link) => new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    link.href = link.href.replace('/' + prefix, '/');
  })));
  return links.length;
}"""


def properties(site: Path) -> list[str]:
    """Every property either stylesheet sets; of the custom ones only those the cut keeps (the
    others are read by nothing: css_rules.drop_unread_properties)."""
    wholes = [next((site / cut_css.STYLESHEETS).glob(pattern)) for pattern in cut_css.CUT]
    declared = " ".join(whole.read_text(encoding="utf-8") for whole in wholes)
    cut = " ".join((whole.parent / (GROUP.prefix + whole.name)).read_text(encoding="utf-8") for whole in wholes)
    return sorted(set(re.findall(r"[{;](-?[a-zA-Z][\w-]*):", declared)) | set(re.findall(r"[{;](--[\w-]+):", cut)))


def styles(page: Any, names: list[str], states: list[str]) -> dict[str, list[list[Any]]]:
    """The digests in each of ``states`` at each width; the page left as loaded."""
    seen = {}
    for width, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        for state in states:
            action = STATES[state]
            page.evaluate(action)
            page.wait_for_timeout(50)  # a pop-up shows on the next frame
            seen[f"{width}, {state}"] = page.evaluate(DIGESTS, names)
            page.evaluate("() => { document.getElementById('__drawer').checked = false; window.scrollTo(0, 0); }")
            page.evaluate(
                "() => document.querySelectorAll('.md-content [aria-describedby]').forEach((host) =>"
                " host.dispatchEvent(new MouseEvent('mouseleave')))"
            )
            if state != "as loaded":
                page.wait_for_timeout(300)  # the pop-up gone (theme.js: after 250 ms)
    return seen


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_type_looks_the_same_with_its_cut_stylesheets(
    browser: Any, base_url: str, site: Path, scheme: str
) -> None:
    names = properties(site)
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")  # no transition caught halfway
    failures = []
    try:
        for kind, address in PAGES.items():
            page.goto(base_url + address)
            page.wait_for_load_state("load")
            assert page.evaluate("document.body.dataset.mdColorScheme") == {"light": "default", "dark": "slate"}[scheme]
            states = list(STATES) if kind in STATEFUL else ["as loaded"]
            cut = styles(page, names, states)
            assert page.evaluate(TO_WHOLE, GROUP.prefix) == len(cut_css.CUT), kind
            whole = styles(page, names, states)
            for state in cut:
                assert [name for name, _ in cut[state]] == [name for name, _ in whole[state]], (kind, state)
                differing = [name for (name, a), (_, b) in zip(cut[state], whole[state], strict=True) if a != b]
                if differing:
                    failures.append(f"{kind}, {state}: {differing[:5]}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)
