"""Read a built site: its pages, their ids and links, and resolve links the way a browser does."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

RESOURCE_ATTRS = {("script", "src"), ("link", "href"), ("img", "src"), ("source", "src"), ("iframe", "src")}


@dataclass
class HtmlPage:
    path: Path
    url: str  # root-relative directory URL: "fi/2007/13/"
    lang: str = ""
    ids: set[str] = field(default_factory=set)
    links: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attr, value)
    text: str = ""


class _Collector(HTMLParser):
    def __init__(self, page: HtmlPage) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.page.lang = values.get("lang", "")
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.page.ids.add(values["name"])
        for attr in ("href", "src"):
            if attr in values:
                self.page.links.append((tag, attr, values[attr]))

    def handle_data(self, data: str) -> None:
        self._text.append(data)


def read_page(site: Path, path: Path) -> HtmlPage:
    relative = path.relative_to(site).as_posix()
    url = relative[: -len("index.html")] if relative.endswith("index.html") else relative
    page = HtmlPage(path, url)
    collector = _Collector(page)
    collector.feed(path.read_text(encoding="utf-8"))
    page.text = "".join(collector._text)
    return page


def read_site(site: Path) -> dict[str, HtmlPage]:
    """Every HTML page of the site by its URL (``fi/2007/13/``; ``404.html`` as is)."""
    return {page.url: page for page in (read_page(site, path) for path in sorted(site.rglob("*.html")))}


def resolve(from_url: str, link: str) -> tuple[str, str] | None:
    """A relative link from ``from_url`` as (root-relative path, fragment); None if external."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None
    base = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url) + "/"
    if not parts.path:
        return from_url, unquote(parts.fragment)
    if parts.path.startswith("/"):
        target = parts.path.lstrip("/")
    else:
        target = posixpath.normpath(posixpath.join("/" + base, parts.path)).lstrip("/")
        if parts.path.endswith("/") and target:
            target += "/"
    if target == ".":
        target = ""
    return target, unquote(parts.fragment)


def target_file(site: Path, target: str) -> Path:
    if target == "" or target.endswith("/"):
        return site / target / "index.html"
    return site / target
