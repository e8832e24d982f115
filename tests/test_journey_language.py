"""A reader's journey between languages keeps the place (issue 40).

The language menu and a provision's toolbar lead from a provision to the same provision in the
other languages' texts: in the same edition by its number (bar the deviations the concordance
maps), across editions through the concordance; a text that lacks the provision or the law says
so.  The data the menu follows is written at build time (``#language-provisions``); the browser
carries only the hash.  Tables of journeys over languages, editions and provisions, on a phone
and on a desktop, with and without the provision in the other text; and a check of the data
itself for every law page of the site.
"""

from __future__ import annotations

import html as html_module
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.core import refs
from bridgelaws.stage4_render.page import t

DESKTOP = {"width": 1280, "height": 800}

# (start, language chosen, where it lands, what the reader is told):
#   "at": the provision, shown as the target; "missing": that text's line saying it lacks the
#   provision, above the nearest it has; "none": the law with the line saying no provision of that
#   edition corresponds; "hub": the language's page for the law, saying no text of it has the law;
#   "undefined": the other text's definitions, with a line saying it does not define the term;
#   "rule": a national rule's note (in one language only, as a law a language lacks) on the page of
#   the language that shows it, unfolded and labelled with its federation and language; "listed":
#   the coverage page's entry for a rule set whose rule names no law, with the same label.
MENU = [
    pytest.param("sv/2007/16/#16B1", "fi", "fi/2007/16/#16B1", "at", id="sv-fi-same-number"),
    pytest.param("fi/2007/16/#16B1a", "sv", "sv/2007/16/#16B1a", "at", id="fi-sv-same-number"),
    pytest.param("fi/2007/13/#13D2a", "sv", "sv/2007/13/#13D2a", "at", id="fi-sv-13D2a"),
    pytest.param("sv/2007/10/#10C", "fi", "fi/2007/10/#10C", "at", id="sv-fi-heading"),
    pytest.param("sv/2007/12/#12C1c", "fi", "fi/2007/12/#12C1e", "at", id="sv-fi-deviation"),
    pytest.param("fi/2007/12/#12C1f", "sv", "sv/2007/12/#12C1e", "at", id="fi-sv-deviation-back"),
    pytest.param("fi/2007/12/#12C1ei", "sv", "sv/2007/12/#12C1ci", "missing", id="fi-sv-lacks-the-item"),
    pytest.param("sv/2007/13/#13D1", "tr", "tr/2017/13/#13A1", "at", id="sv-tr-through-the-concordance"),
    pytest.param("sv/2007/12/#12C1c", "tr", "tr/2017/12/", "none", id="sv-tr-no-counterpart"),
    pytest.param("fi/2007/17/#17A", "sv", "sv/laws/17/", "hub", id="fi-sv-lacks-the-law"),
    pytest.param("sv/2007/16/#16B1", "tr", "tr/laws/16/", "hub", id="sv-tr-lacks-the-law"),
    pytest.param("fi/2007/16/#16B1", "pl", "pl/laws/16/", "hub", id="fi-pl-regulation-only"),
    pytest.param("tr/2017/12/#12C1e", "fi", "fi/2007/12/#12C1b", "at", id="tr-fi-back-through-the-concordance"),
    # a definition: the same concept where the other language's text defines it (the term base)
    pytest.param("fi/2007/definitions/#def-korjattu-pistetulos", "tr", "tr/2017/12/#12", "at", id="fi-tr-definition"),
    pytest.param("tr/2017/definitions/#def-suni-ayarli-skor", "fi", "fi/2007/12/#12C2", "at", id="tr-fi-definition"),
    # the split score: fi-2007 12C1f says the two sides' scores need not balance (the term base)
    pytest.param("tr/2017/definitions/#def-ayrik-skor", "fi", "fi/2007/12/#12C1f", "at", id="tr-fi-split-score"),
    # a definition the other language's text does not define: its definitions, with a line saying so
    pytest.param(
        "fi/2007/definitions/#def-rangaistuskortti", "tr", "tr/2017/definitions/", "undefined", id="fi-tr-undefined"
    ),
    # a national rule: the law page of the language that shows it, else its "where to read" page
    pytest.param("pl/2017/pzbs/3/#p3-1-A", "sv", "sv/2007/12/#rule-pl-2017-pzbs-3", "rule", id="pl-sv-national-rule"),
    pytest.param("pl/2017/pzbs/25/#p25", "fi", "fi/laws/86/#rule-pl-2017-pzbs-25", "rule", id="pl-fi-where-to-read"),
    pytest.param("fi/1997/sbl/4/#p4", "sv", "sv/laws/40/#rule-fi-1997-sbl-4", "rule", id="fi-sv-sbl-rule"),
    pytest.param("fi/1997/sbl/6/#p6", "sv", "sv/laws/16/#rule-fi-1997-sbl-6", "rule", id="fi-sv-sbl-rule-law-in-sv"),
    pytest.param("fi/1997/sbl/2/#p2", "en", "laws/83/#rule-fi-1997-sbl-2", "rule", id="fi-en-sbl-rule"),
    # a rule that names no law: the coverage page's entry for its rule set
    pytest.param("fi/1997/sbl/3/#p3", "pl", "pl/coverage/#text-fi-1997-sbl", "listed", id="fi-pl-sbl-rule-no-law"),
    pytest.param("pl/2017/pzbs/1/#p1", "tr", "tr/coverage/#text-pl-2017-pzbs", "listed", id="pl-tr-rule-no-law"),
]


def choose_language(page: Any, lang: str, touch: bool) -> None:
    button = page.locator(".md-header .md-select > button")
    link = page.locator(f".md-select__link[hreflang='{lang}']")
    if touch:
        button.tap()
        link.tap()
    else:
        button.hover()
        link.click()


# the term a definition's anchor names on the page the reader is on ("" elsewhere)
TERM = "h => { const e = document.getElementById(h); return e && e.tagName === 'DT' ? e.textContent.trim() : ''; }"


def told(page: Any, lang: str, lands: str, outcome: str, start: str, term: str = "") -> None:
    """What the page landed on shows and says, in its own language."""
    here = start.split("#")[1]
    target = lands.split("#")[1] if "#" in lands else ""
    if outcome == "at":
        page.wait_for_function(f"document.getElementById({json.dumps(target)}).matches(':target')")
        assert page.locator(".pv-missing, .edition-note").count() == 0
        shown = page.locator(".md-content .is-target, .md-content :target").first
        box = shown.bounding_box()
        assert box is not None and box["y"] < page.viewport_size["height"]  # scrolled into view
    elif outcome == "missing":
        note = page.locator(".pv-missing")
        note.wait_for()
        assert refs.display(target) in note.inner_text()
        assert note.inner_text().startswith(t(lang, "missing_provision").split("{")[0])
    elif outcome == "none":
        note = page.locator(".edition-note")
        note.wait_for()
        template = t(lang, "no_counterpart")
        edition = lands.split("/")[1]
        assert note.inner_text() == template.replace("{edition}", edition).replace("{ref}", here)
    elif outcome == "undefined":  # the term in its own language, inside this page's words
        note = page.locator("[data-definition-none]")
        note.wait_for()
        start_lang = start.split("/")[0]
        assert term and note.inner_text() == t(lang, "definition_none").replace("{term}", term)
        assert note.locator(f"span[lang='{start_lang}']").inner_text() == term
        assert page.evaluate("scrollY") == 0  # the page's top: its definitions follow the line
    elif outcome in ("rule", "listed"):  # the rule's note, or its rule set's entry, shown and labelled
        start_lang, _, issuer, point = start.split("#")[0].split("/")[:4]
        page.wait_for_function(f"document.getElementById({json.dumps(target)}).matches(':target')")
        shown = page.locator(f"[id='{target}']")
        box = shown.bounding_box()
        assert shown.is_visible() and box is not None and 0 <= box["y"] < page.viewport_size["height"]
        header = page.locator(".md-header").bounding_box()
        assert header is not None and box["y"] >= header["height"]  # below the header, not under it
        # scrolled down to it, once: no back-to-top button over it (an upward scroll shows one)
        assert page.evaluate("() => { const top = document.querySelector('.md-top'); return !top || top.hidden; }")
        assert t(lang, f"national_by_{start_lang}") in shown.inner_text()  # whose, and in what language
        link = shown.locator(f"a[hreflang='{start_lang}']")
        if outcome == "rule":  # unfolded, the rule's own page linked
            assert shown.evaluate("note => note.closest('details.national-rules').open")
            assert link.inner_text().startswith(f"{issuer.upper()} {point}")
            assert link.get_attribute("href").endswith(f"/{issuer}/{point}/")
        else:  # the rule set's start page linked
            assert link.get_attribute("href").endswith(f"/{issuer}/")
        assert page.locator(f"html[lang='{lang}']").count() == 1
    else:  # the language's page for the law: it says the language has no text of it
        law = int(lands.rstrip("/").rsplit("/", 1)[1])
        missing = page.locator(".md-content p.missing")
        assert missing.inner_text() == t(lang, "not_in_language", n=law)
        assert page.locator(f"html[lang='{lang}']").count() == 1


# (start, language chosen, where it lands): an interface page's menu opens its version in the
# other language at the same place (its anchors are the same), a compare view with the same texts
# chosen; a search's words are not carried into another language's search
SAME_PAGE = [
    pytest.param("fi/terms/50-59/#penalty-card", "sv", "sv/terms/50-59/#penalty-card", id="terms-details"),
    pytest.param("terms/#penalty-card", "tr", "tr/terms/#penalty-card", id="terms-index-from-english"),
    pytest.param("pl/laws/23/#edition-2007", "en", "laws/23/#edition-2007", id="where-to-read-to-english"),
    pytest.param(
        "fi/compare/16/?c=fi-1997,sv-2007#16B1", "sv", "sv/compare/16/?c=fi-1997,sv-2007#16B1", id="compare-choice"
    ),
    pytest.param("fi/2007/16/", "sv", "sv/2007/16/", id="a-law-page-at-its-top"),
]


@pytest.mark.parametrize(("start", "lang", "lands"), SAME_PAGE)
def test_an_interface_pages_menu_keeps_the_place_in_the_other_language(
    phone: Any, base_url: str, start: str, lang: str, lands: str
) -> None:
    phone.goto(base_url + start)
    choose_language(phone, lang, touch=True)
    phone.wait_for_url(base_url + lands)
    assert phone.evaluate("document.documentElement.lang") == lang
    if "#" in lands:  # the same place: the anchor's element is there, and shown
        target = lands.split("#")[1]
        phone.wait_for_function(f"document.getElementById({json.dumps(target)}).matches(':target')")
        box = phone.locator(":target").first.bounding_box()
        assert box is not None and 0 <= box["y"] < phone.viewport_size["height"]
    if "?c=" in lands:  # the texts chosen, as the page shows them
        ticked = phone.locator(".compare-choice input[name=c]:checked").evaluate_all("boxes => boxes.map(b => b.value)")
        assert ticked == lands.split("?c=")[1].split("#")[0].split(",")


@pytest.mark.parametrize(("start", "lang", "lands", "outcome"), MENU)
def test_the_language_menu_keeps_the_provision_on_a_phone(
    phone: Any, base_url: str, start: str, lang: str, lands: str, outcome: str
) -> None:
    phone.goto(base_url + start)
    term = phone.evaluate(TERM, start.split("#")[1])
    choose_language(phone, lang, touch=True)
    phone.wait_for_url(base_url + lands)
    told(phone, lang, lands, outcome, start, term)


@pytest.mark.parametrize(("start", "lang", "lands", "outcome"), MENU[::3])
def test_the_language_menu_keeps_the_provision_on_a_desktop(
    browser: Any, base_url: str, start: str, lang: str, lands: str, outcome: str
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(base_url + start)
        term = page.evaluate(TERM, start.split("#")[1])
        choose_language(page, lang, touch=False)
        page.wait_for_url(base_url + lands)
        told(page, lang, lands, outcome, start, term)
    finally:
        page.close()


def test_the_menu_follows_the_provision_the_reader_moves_to(phone: Any, base_url: str) -> None:
    """The hash is read when the reader chooses, not when the page opened: a label tapped on
    the way (a permalink) moves the place the menu keeps; a long press copies the right address."""
    phone.goto(base_url + "sv/2007/16/")
    fi = phone.locator(".md-select__link[hreflang='fi']")
    assert fi.get_attribute("href").endswith("fi/2007/16/")
    phone.locator("a.pv-a[href='#16B2']").tap()
    phone.wait_for_function("location.hash === '#16B2'")
    assert fi.get_attribute("href").endswith("fi/2007/16/#16B2")
    phone.evaluate("location.hash = '12C1c'")  # not a provision of this law: the law's top
    phone.wait_for_function("location.hash === '#12C1c'")
    assert fi.get_attribute("href").endswith("fi/2007/16/#12C1c")  # same edition: the page there says so


# -- the toolbar: the same provision in the other languages of the edition ------------------------

# (start, the toolbar's link, where it lands): without JavaScript, as plain links
TOOLBAR = [
    pytest.param("sv/2007/16/#16B1", "fi 2007: 16B1", "fi/2007/16/#16B1", id="sv-16B1-lends-its-label"),
    pytest.param("sv/2007/16/#16B1a", "fi 2007: 16B1(a)", "fi/2007/16/#16B1a", id="sv-16B1a"),
    pytest.param("fi/2007/13/#13D2a", "sv 2007: 13D2(a)", "sv/2007/13/#13D2a", id="fi-13D2a"),
    pytest.param("sv/2007/12/#12C1c", "fi 2007: 12C1(e)", "fi/2007/12/#12C1e", id="sv-deviation"),
    pytest.param("fi/2007/12/#12C1f", "sv 2007: 12C1(e)", "sv/2007/12/#12C1e", id="fi-deviation"),
    pytest.param("fi/2007/9/#9B1a", "sv 2007: 9B1(a)", "sv/2007/9/#9B1a", id="fi-9B1a"),
]


@pytest.mark.parametrize(("start", "link", "lands"), TOOLBAR)
def test_the_toolbar_offers_the_same_provision_in_the_other_language_without_javascript(
    browser: Any, base_url: str, start: str, link: str, lands: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + start)
        anchor = start.split("#")[1]
        bar = page.locator(f'[id="{anchor}"] > .pv:not([data-for]), [id="{anchor}"] + .pv, [id="{anchor}"] + .pv-after')
        other = bar.get_by_role("link", name=link, exact=True)
        assert other.is_visible()
        assert other.get_attribute("hreflang") == lands.split("/")[0]
        assert page.locator(".pv:visible").count() == 1  # only the provision reached shows its toolbar
        other.click()
        page.wait_for_url(base_url + lands)
        target = lands.split("#")[1]
        assert page.evaluate(f"document.getElementById('{target}').matches(':target')")
    finally:
        context.close()


# -- the data, for every law page of the site -----------------------------------------------------

DATA = re.compile(r"<div id=\"language-provisions\" hidden data-provisions='([^']*)'></div>")
MENU_LINK = re.compile(r'<a href="([^"]*)" hreflang="(\w+)" class="md-select__link">')
IDS = re.compile(r'\bid="([^"]+)"')


def law_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.glob("*/[0-9][0-9][0-9][0-9]/[0-9]*/index.html"))


def test_every_law_page_tells_the_menu_where_each_provision_is_in_each_language(site: Path) -> None:
    pages = law_pages(site)
    assert len(pages) > 100
    checked = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        lang, edition = page.relative_to(site).parts[:2]
        menu = {code: href for href, code in MENU_LINK.findall(html)}
        ids = set(IDS.findall(html))
        match = DATA.search(html)
        data = json.loads(html_module.unescape(match[1])) if match else {}
        for code, href in menu.items():
            target = (page.parent / href).resolve()
            is_text = re.fullmatch(r"\d{4}", target.parent.name) is not None
            if code == lang or not is_text:
                assert code not in data, (page, code)  # the page itself, or a language without the law
                continue
            entry = data[code]
            assert entry["same"] == (target.parent.name == edition), (page, code)
            target_ids = set(IDS.findall((target / "index.html").read_text(encoding="utf-8")))
            for anchor, link in entry["provisions"].items():
                assert anchor in ids, (page, code, anchor)
                if not link:
                    assert not entry["same"], (page, code, anchor)  # in one edition every provision has a place
                    continue
                path, _, fragment = link.partition("#")
                landed = (page.parent / path).resolve()
                assert (landed / "index.html").is_file(), (page, link)
                if fragment and landed == target:  # the provision there, or the nearest it has (said so)
                    assert any(refs.anchor(a) in target_ids for a in refs.ancestors(fragment)), (page, link)
                checked += 1
            if not entry["same"]:  # another edition: every provision of the page has its entry
                provisions = {i for i in ids if re.fullmatch(r"\d+[A-Z][0-9a-z]*|\d+", i)}
                assert provisions <= set(entry["provisions"]), (page, code, provisions - set(entry["provisions"]))
    assert checked > 300


def test_every_national_rules_menu_lands_on_the_rule_in_each_language(site: Path) -> None:
    """A national rule is in one language only: every other language's menu link of its page opens
    a page of that language that shows the rule's note (a law page or "where to read" page, the
    note in its folded national rules) or, for a rule naming no law, its rule set's entry on the
    coverage page; never a page's top, where nothing names the rule."""
    pages = sorted([*site.glob("fi/1997/sbl/[0-9]*/index.html"), *site.glob("pl/2017/pzbs/[0-9]*/index.html")])
    assert len(pages) > 30
    landed = Counter()
    for page in pages:
        html = page.read_text(encoding="utf-8")
        lang = page.relative_to(site).parts[0]
        for href, code in MENU_LINK.findall(html):
            if code == lang:
                continue
            path, _, anchor = href.partition("#")
            assert anchor, (page, code, href)
            target = (page.parent / path).resolve() / "index.html"
            assert target.relative_to(site.resolve()).parts[0] == code or code == "en", (page, href)
            other = target.read_text(encoding="utf-8")
            found = re.search(rf'<(li|div) id="{re.escape(anchor)}"', other)
            assert found, (page, href)
            before = other[: found.start()]
            if found[1] == "li":  # a rule's note, inside the page's national rules
                assert before.rfind('<details class="national-rules">') > before.rfind("</details>"), (page, href)
                own = f'href="{os.path.relpath(page.parent, target.parent)}/"'  # the rule's page linked
                assert own in other[found.start() :].split("</li>")[0], (page, href)
            else:  # the coverage legend's entry for its rule set
                assert 'class="coverage-legend"' in before[-2000:], (page, href)
            landed[found[1]] += 1
    assert landed["li"] > 100 and landed["div"] >= 4, landed
