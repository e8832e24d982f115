"""Build the real site once (MkDocs, strict) and check it as a whole.

Every internal link and anchor resolves; every page has its language; no page asks another
host for anything; the export validates against its schema and every URL in it resolves;
the generated Markdown is what the sources produce today.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from bridgelaws.core import facts
from conftest import ROOT
from sitecheck import HtmlPage, read_site, resolve, target_file

# the site read once (session-scoped ``pages``): its tests on one xdist worker under --dist loadgroup
pytestmark = [pytest.mark.site, pytest.mark.xdist_group("site_pages")]

SCHEMA = ROOT / "docs" / "laws-json.schema.json"
LANGUAGES = facts.TEXT_LANGUAGES


@pytest.fixture(scope="session")
def pages(site: Path) -> dict[str, HtmlPage]:
    return read_site(site)


@pytest.fixture(scope="session")
def export(site: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((site / "api" / "laws.json").read_text(encoding="utf-8"))
    return data


def test_generated_markdown_is_up_to_date() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaws.cli", "generate", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, f"content/docs is stale; run `make generate`:\n{run.stdout[-2000:]}{run.stderr[-2000:]}"


def test_every_internal_link_and_anchor_resolves(site: Path, pages: dict[str, HtmlPage]) -> None:
    broken: list[str] = []
    for page in pages.values():
        for tag, attr, value in page.links:
            resolved = resolve(page.url, value)
            if resolved is None:
                continue
            target, fragment = resolved
            path = target_file(site, target)
            if not path.exists():
                broken.append(f"{page.url}: <{tag} {attr}={value!r}> → missing {target}")
                continue
            if fragment and path.suffix == ".html":
                goal = pages.get(target)
                if goal is None or fragment not in goal.ids:
                    broken.append(f"{page.url}: {value!r} → no id {fragment!r} on {target}")
    assert not broken, f"{len(broken)} broken links, e.g.:\n" + "\n".join(broken[:25])


def test_no_request_leaves_the_site(pages: dict[str, HtmlPage]) -> None:
    """Fonts, scripts, styles, images: all from the site's own host (works offline at a venue)."""
    external = [
        f"{page.url}: <{tag} {attr}={value!r}>"
        for page in pages.values()
        for tag, attr, value in page.links
        if value.startswith(("http:", "https:", "//"))
    ]
    assert not external, "\n".join(external[:20])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_its_language(pages: dict[str, HtmlPage], lang: str) -> None:
    wrong = [url for url, page in pages.items() if url.startswith(f"{lang}/") and page.lang != lang]
    assert not wrong, f"pages under /{lang}/ without lang={lang!r}: {wrong[:10]}"
    assert pages[""].lang == "en"


def test_export_follows_the_schema(export: dict[str, object]) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(export, schema)


def _export_files(site: Path, export: dict[str, object]) -> dict[str, object]:
    """Every per-document file the index links, read from the built site."""
    documents = export["documents"]  # type: ignore[index]
    return {
        d["texts_url"]: json.loads((site / d["texts_url"].lstrip("/")).read_text(encoding="utf-8"))  # type: ignore[index]
        for d in documents  # type: ignore[union-attr]
    }


def test_every_document_file_is_built_and_follows_the_schema(site: Path, export: dict[str, object]) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    validator = jsonschema.Draft202012Validator({"$ref": f"{schema['$id']}#/$defs/document_file"}, registry=registry)
    documents = _export_files(site, export)
    assert len(documents) == len(export["documents"])  # type: ignore[arg-type]
    for url, data in documents.items():
        errors = [error.message for error in validator.iter_errors(data)]
        assert not errors, f"{url}: {errors[:3]}"


def _format_urls(site: Path, export: dict[str, object]) -> list[str]:
    """The URLs the translation memories (x-url) and the term base (xref targets) name."""
    formats: dict[str, Any] = export["formats"]  # type: ignore[assignment]
    found: list[str] = []
    for memory in formats["tmx"]:
        text = (site / memory["url"].lstrip("/")).read_text(encoding="utf-8")
        found += re.findall(r'<prop type="x-url">([^<]+)</prop>', text)
    text = (site / formats["tbx"]["url"].lstrip("/")).read_text(encoding="utf-8")
    found += re.findall(r'<xref type="externalCrossReference" target="([^"]+)"', text)
    return found


def _export_urls(export: dict[str, object]) -> list[str]:
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("url", "compare_url") and isinstance(item, str):
                    found.append(item)
                elif key == "urls" and isinstance(item, list):
                    found.extend(u for u in item if isinstance(u, str))
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(export)
    return found


def test_every_export_url_resolves_to_a_page_and_anchor(
    site: Path, pages: dict[str, HtmlPage], export: dict[str, object]
) -> None:
    urls = _export_urls(export) + _export_urls(_export_files(site, export)) + _format_urls(site, export)
    assert len(urls) > 500
    broken = []
    for url in urls:
        assert url.startswith("/"), url
        resolved = resolve("", url)
        assert resolved is not None
        target, fragment = resolved
        if not target_file(site, target).exists() or (fragment and fragment not in pages[target].ids):
            broken.append(url)
    assert not broken, broken[:20]


def readme_addresses() -> list[str]:
    """The concrete addresses the README's URL table gives as examples (`/fi/2007/16/#16B1`), bar
    the not-found row's, which names an address the site lacks on purpose."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## URL scheme", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `/") and "/404.html" not in line]
    return sorted({address for row in rows for address in re.findall(r"`(/[^`\s<>]*)`", row)})


def test_every_address_the_readme_gives_as_an_example_is_a_page_with_its_anchor(
    site: Path, pages: dict[str, HtmlPage]
) -> None:
    addresses = readme_addresses()
    assert len(addresses) > 20 and "/fi/2007/12/#12C1b" in addresses
    broken = []
    for address in addresses:
        resolved = resolve("", address)
        assert resolved is not None, address
        target, fragment = resolved
        exists = target_file(site, target).exists()
        if not exists or (fragment and target in pages and fragment not in pages[target].ids):
            broken.append(address)
    assert not broken, broken


EXPECTED_LAWS = {
    "fi-1997": list(range(1, 94)),
    "fi-2007": list(range(1, 19)),
    "sv-2007": list(range(9, 17)),
    "tr-2017": [12, 13, 14, 15, 42, 43, 45, 46],
}


@pytest.mark.parametrize("doc_id", sorted(EXPECTED_LAWS))
def test_export_lists_exactly_the_laws_of_each_text(export: dict[str, object], doc_id: str) -> None:
    documents = {d["id"]: d for d in export["documents"]}  # type: ignore[index, union-attr]
    assert [law["law"] for law in documents[doc_id]["laws"]] == EXPECTED_LAWS[doc_id]


def test_export_lists_the_pzbs_points_and_their_provisions(export: dict[str, object]) -> None:
    documents = {d["id"]: d for d in export["documents"]}  # type: ignore[index, union-attr]
    points = documents["pl-2017-pzbs"]["points"]
    assert [p["point"] for p in points] == [str(n) for n in range(1, 27)]
    assert points[2]["laws"] == ["12C2b", "12C2d"]
    assert points[2]["url"] == "/pl/2017/pzbs/3/"


@pytest.mark.parametrize(
    ("url", "anchor"),
    [
        ("fi/2007/13/", "13A"),
        ("fi/2007/12/", "12C1b"),
        ("fi/2007/12/", "12C1eii"),
        ("sv/2007/13/", "13D2"),
        ("tr/2017/12/", "12C1a"),
        ("pl/2017/pzbs/3/", "p3-1-A"),
    ],
    ids=lambda value: str(value),
)
def test_provision_anchors_are_on_the_law_pages(pages: dict[str, HtmlPage], url: str, anchor: str) -> None:
    assert anchor in pages[url].ids


def test_source_punctuation_is_not_markup_on_the_page(site: Path, pages: dict[str, HtmlPage]) -> None:
    """The Swedish footnote marks '*' and '**' stay text: Markdown makes no emphasis of them."""
    html = (site / "sv" / "2007" / "16" / "index.html").read_text(encoding="utf-8")
    article = html[html.index("<article") : html.index("</article>")]
    assert "<em>" not in article and "<strong>Det" not in article
    assert "** Det är inget regelbrott" in pages["sv/2007/16/"].text
    assert "[och se C1(d)]" in pages["sv/2007/12/"].text
