"""How every page presents itself, read from the built files: its title, and the light/dark
toggle's names in the page's language.  (What the pages look like is test_look_browser.py's.)"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from bridgelaws.core import facts
from bridgelaws.stage4_render.page import t
from bridgelaws.stage5_site import palette

pytestmark = pytest.mark.site

TITLE = re.compile(r"<title>(.*?)</title>", re.S)
TOGGLE = re.compile(r'<label class="md-header__button md-icon" title="([^"]*)" for="__palette_(\d)"')


def title_of(page: Path) -> str:
    (title,) = TITLE.findall(page.read_text(encoding="utf-8"))
    return html.unescape(title.strip())


def test_no_page_title_repeats_a_part(site: Path) -> None:
    """``Laws of Duplicate Bridge - Laws of Duplicate Bridge`` was the home page's."""
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 500
    repeated = []
    for page in pages:
        parts = [part.strip() for part in title_of(page).split(" - ")]
        if len(parts) != len(set(parts)) or not all(parts):
            repeated.append(f"{page.relative_to(site)}: {title_of(page)}")
    assert repeated == []


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_a_languages_home_is_titled_with_its_site_name_alone(site: Path, lang: str) -> None:
    home = site / ("" if lang == facts.DEFAULT_LANGUAGE else lang) / "index.html"
    name = facts.site().names[lang]
    assert title_of(home) == name
    law = next((site / ("" if lang == facts.DEFAULT_LANGUAGE else lang) / "laws").glob("*/index.html"))
    assert title_of(law).endswith(" - " + name) and title_of(law) != name


# every kind of page, the search pages (their own template path) and the missing page
KINDS = ["", "laws/13/", "compare/13/", "search/", "2007/16/", "terms/", "coverage/", "404.html"]


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_light_dark_toggle_says_in_the_pages_language_what_a_tap_switches_to(site: Path, lang: str) -> None:
    folder = site if lang == facts.DEFAULT_LANGUAGE else site / lang
    pages = [folder / kind if kind.endswith(".html") else folder / kind / "index.html" for kind in KINDS]
    pages = [page for page in pages if page.exists()]
    assert len(pages) >= 4
    # automatic → light → dark → automatic (mkdocs.yml's three options, in that order)
    expected = [t(lang, "palette_light"), t(lang, "palette_dark"), t(lang, "palette_auto")]
    assert len(set(expected)) == 3 and set(palette.LEADS_TO.values()) == {
        "palette_light",
        "palette_dark",
        "palette_auto",
    }
    for page in pages:
        toggles = TOGGLE.findall(page.read_text(encoding="utf-8"))
        assert [html.unescape(name) for name, _to in toggles] == expected, page
        assert [int(to) for _name, to in toggles] == [1, 2, 0], page  # each leads to the next option
