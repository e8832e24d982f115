"""The URL scheme and relative links (the site must work under a sub-path)."""

from __future__ import annotations

import pytest

from bridgelaws.core import urls
from sitecheck import resolve


@pytest.mark.parametrize(
    ("source", "target", "link"),
    [
        ("fi/2007/13/", "sv/2007/13/#13A", "../../../sv/2007/13/#13A"),
        ("fi/2007/13/", "fi/2007/13/#13A1", "./#13A1"),
        ("", "fi/", "fi/"),
        ("laws/13/", "", "../../"),
        ("pl/2017/pzbs/3/", "api/laws.json", "../../../../api/laws.json"),
    ],
)
def test_relative_links_resolve_back_to_their_target(source: str, target: str, link: str) -> None:
    assert urls.relative(source, target) == link
    path, fragment = resolve(source, link) or ("?", "")
    assert (path + (f"#{fragment}" if fragment else "")) == target


@pytest.mark.parametrize(
    ("url", "lang", "index", "path"),
    [
        ("fi/2007/13/", "fi", False, "fi/2007/13.md"),
        ("fi/2007/", "fi", True, "fi/2007/index.md"),
        ("", "en", True, "en/index.md"),
        ("laws/13/", "en", False, "en/laws/13.md"),
    ],
)
def test_markdown_path(url: str, lang: str, index: bool, path: str) -> None:
    assert urls.markdown_path(url, lang, index) == path
