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


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (urls.compare("en", 13), "compare/13/"),
        (urls.compare("fi", 13), "fi/compare/13/"),
        (urls.numbering("sv", 16), "sv/numbering/16/"),
        (urls.coverage("en"), "coverage/"),
        (urls.coverage("pl"), "pl/coverage/"),
        (urls.not_found("tr"), "tr/404.html"),
        (urls.not_found("en"), "404.html"),
    ],
)
def test_interface_pages_exist_in_every_language(url: str, expected: str) -> None:
    assert url == expected


@pytest.mark.parametrize("url", ["fi/compare/", "sv/numbering/", "pl/coverage/", "compare/", "tr/404.html"])
def test_the_interface_pages_of_every_language_are_reserved(url: str) -> None:
    """A document may not take an interface page's URL (the manifest check reads this list)."""
    assert url in {reserved for reserved, _ in urls.site_pages()}
