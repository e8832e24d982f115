"""The landing page offers the reader's own language, and never sends them there (issue 40).

``/`` is English; a browser whose languages (``navigator.languages``) include one the site has
shows a hint, in that language, linking to its home.  The languages and their words are the
page's, written from ui.toml; a reader who chose English stays on English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t

OTHERS = [lang for lang in facts.INTERFACE_LANGUAGES if lang != facts.DEFAULT_LANGUAGE]


def test_the_landing_page_carries_every_languages_hint_from_the_table(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    hint = re.search(r'<p class="language-hint" hidden>(.*?)</p>', html)
    assert hint
    links = re.findall(r'<a href="([^"]*)" hreflang="(\w+)" lang="\2" hidden>([^<]*)</a>', hint[1])
    assert [(lang, text) for _, lang, text in links] == [(lang, t(lang, "language_hint")) for lang in OTHERS]
    for href, lang, _ in links:
        assert (site / href / "index.html").resolve() == (site / urls.home(lang) / "index.html").resolve()
    for lang in OTHERS:  # only the English landing page offers another language
        assert "language-hint" not in (site / urls.home(lang) / "index.html").read_text(encoding="utf-8")


# (the browser's languages, the hint shown: None for none)
READERS = [
    pytest.param(["fi-FI"], "fi", id="finnish"),
    pytest.param(["sv-SE", "en"], "sv", id="swedish"),
    pytest.param(["sv-FI"], "sv", id="swedish-in-finland"),
    pytest.param(["tr"], "tr", id="turkish"),
    pytest.param(["pl-PL", "pl"], "pl", id="polish"),
    pytest.param(["en-GB", "fi"], "fi", id="english-first-finnish-too"),
    pytest.param(["de-DE", "pl"], "pl", id="german-then-polish"),
    pytest.param(["fi", "sv"], "fi", id="the-first-the-site-has"),
    pytest.param(["en-US"], None, id="english-only"),
    pytest.param(["de-DE", "fr"], None, id="no-language-of-the-site"),
]


@pytest.mark.parametrize(("languages", "offered"), READERS)
def test_the_landing_page_offers_the_readers_language_and_stays(
    browser: Any, base_url: str, languages: list[str], offered: str | None
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=languages[0])
    # the browser's language list as the reader set it (a context has one locale; the list is the
    # browser's setting the script reads)
    context.add_init_script(f"Object.defineProperty(navigator, 'languages', {{ get: () => {json.dumps(languages)} }});")
    try:
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_load_state("load")
        assert page.url == base_url  # never redirected
        hint = page.locator(".language-hint")
        if offered is None:
            assert not hint.is_visible()
            return
        link = hint.locator("a:visible")
        assert link.count() == 1
        assert link.get_attribute("hreflang") == offered and link.get_attribute("lang") == offered
        assert link.inner_text() == t(offered, "language_hint")
        link.click()
        page.wait_for_url(base_url + urls.home(offered))
        assert page.evaluate("document.documentElement.lang") == offered
    finally:
        context.close()


def test_without_script_no_hint_shows(browser: Any, base_url: str) -> None:
    context = browser.new_context(locale="fi-FI", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url)
        assert page.locator(".language-hint").count() == 1 and not page.locator(".language-hint").is_visible()
    finally:
        context.close()
