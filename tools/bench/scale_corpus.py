"""The synthetic corpus of :mod:`bench.scale`: a project folder holding the real sources and k−1
copies of each, every copy a new document of the same language and edition (``fi-2007`` →
``fi-2007-copy2`` at ``/fi/2007-copy2/``), and the check that each copy is a real document of
the built site (its pages, compare column, hub link, search data, export record and language
switcher) before its time counts.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

from bridgelaws.core.model import DocumentMeta
from bridgelaws.stage1_read import manifest

PROJECT_CONFIG = "mkdocs.yml"


class BenchError(RuntimeError):
    """A step of the benchmark failed; the message says which and shows its output."""


# -- the synthetic corpus ----------------------------------------------------------------------


def copy_paths(paths: list[str], suffix: str) -> dict[str, str]:
    """New URL paths for one source's documents: ``2007`` → ``2007-copy2``.

    A document nested under another of the same source follows it (``1997/sbl`` →
    ``1997-copy2/sbl``); otherwise the last segment gets the suffix (``2017/pzbs`` →
    ``2017/pzbs-copy2``), so the copy stays in its edition's folder.
    """
    renamed: dict[str, str] = {}
    for path in sorted(paths, key=len):
        parent = next((p for p in renamed if path.startswith(p + "/")), None)
        renamed[path] = renamed[parent] + path[len(parent) :] if parent else path + suffix
    return renamed


def copy_source(source: dict[str, Any], number: int) -> dict[str, Any]:
    """The manifest entry of copy ``number`` of a source: new file, new ids, new paths."""
    suffix = f"-copy{number}"
    documents: list[dict[str, Any]] = source.get("document", [])
    paths = copy_paths([str(doc["path"]).strip("/") for doc in documents], suffix)
    copied = [
        {
            **doc,
            "id": f"{doc['id']}{suffix}",
            "path": paths[str(doc["path"]).strip("/")],
            "title": f"{doc['title']} (copy {number})",
        }
        for doc in documents
    ]
    return {**source, "file": copy_file_name(str(source["file"]), number), "document": copied}


def copy_file_name(file: str, number: int) -> str:
    return f"copy{number}-{file}"


def toml_value(value: object) -> str:
    """A scalar as TOML (JSON strings are valid TOML basic strings)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return json.dumps(value, ensure_ascii=False)
    raise BenchError(f"manifest value {value!r}: only strings, numbers and booleans are copied")


def manifest_toml(sources: list[dict[str, Any]]) -> str:
    """``[[source]]`` tables with their ``[[source.document]]`` tables, as TOML."""
    lines = ["# Synthetic corpus written by bench.scale: the real sources and copies.", ""]
    for source in sources:
        lines.append("[[source]]")
        lines.extend(f"{key} = {toml_value(value)}" for key, value in source.items() if key != "document")
        for document in source.get("document", []):
            lines.extend(["", "  [[source.document]]"])
            lines.extend(f"  {key} = {toml_value(value)}" for key, value in document.items())
        lines.append("")
    return "\n".join(lines)


def write_sources(real: Path, target: Path, factor: int) -> list[DocumentMeta]:
    """The real sources plus ``factor - 1`` copies of each, in ``target``; the documents."""
    target.mkdir(parents=True)
    data = tomllib.loads((real / "manifest.toml").read_text(encoding="utf-8"))
    originals: list[dict[str, Any]] = data.get("source", [])
    sources = list(originals)
    for source in originals:
        shutil.copy2(real / source["file"], target / source["file"])
        for number in range(2, factor + 1):
            copy = copy_source(source, number)
            shutil.copy2(real / source["file"], target / copy["file"])
            sources.append(copy)
    (target / "manifest.toml").write_text(manifest_toml(sources), encoding="utf-8")
    return [meta for _, metas in manifest.load(target / "manifest.toml") for meta in metas]


def make_project(root: Path, project: Path, factor: int) -> list[DocumentMeta]:
    """A project folder building the factor-k corpus exactly as the repository builds its own.

    ``mkdocs.yml`` and ``overrides/`` are copied; ``tools/`` is linked, so the relative hooks
    path resolves; ``content/`` holds the synthetic sources and the other content files
    (``search.toml`` …), and ``content/docs`` is left for ``bridgelaws generate`` to write.
    """
    project.mkdir(parents=True)
    shutil.copy2(root / PROJECT_CONFIG, project / PROJECT_CONFIG)
    shutil.copytree(root / "overrides", project / "overrides")
    (project / "tools").symlink_to(root / "tools", target_is_directory=True)
    content = project / "content"
    content.mkdir()
    for item in (root / "content").iterdir():
        if item.name not in ("docs", "sources"):
            (shutil.copytree if item.is_dir() else shutil.copy2)(item, content / item.name)
    return write_sources(root / "content" / "sources", content / "sources", factor)


# -- are the copies real documents? -------------------------------------------------------------------


def numbered_pages(docs: Path, meta: DocumentMeta) -> list[str]:
    """The law or point numbers a document has pages for (``13.md`` → ``13``)."""
    folder = docs / meta.lang / meta.path
    return sorted((p.stem for p in folder.glob("*.md") if p.stem.isdigit()), key=int)


def switcher_target(html: str, lang: str, page_url: str) -> str | None:
    """Where the built page's language switcher sends ``lang`` (root-relative, no slash)."""
    match = re.search(rf'<a href="([^"]*)" hreflang="{lang}" class="md-select__link"', html)
    if not match:
        return None
    return posixpath.normpath(posixpath.join("/" + page_url, match[1])).lstrip("/") + "/"


def copy_problems(project: Path, meta: DocumentMeta) -> list[str]:
    """What the built site lacks for one copied document (nothing when it is a real one)."""
    docs, site = project / "content" / "docs", project / "site"
    numbers = numbered_pages(docs, meta)
    if not (docs / meta.lang / meta.path / "index.md").exists() or not numbers:
        return [f"{meta.id}: no generated pages under {meta.lang}/{meta.path}/"]
    number = numbers[0]
    page_url = f"{meta.lang}/{meta.path}/{number}/"
    page = site / page_url / "index.html"
    problems = [] if page.exists() else [f"{meta.id}: {page_url} not built"]
    if meta.kind == "laws":
        compare = site / "compare" / number / "index.html"
        if not compare.exists() or f'data-doc="{meta.id}"' not in compare.read_text(encoding="utf-8"):
            problems.append(f"{meta.id}: no column in compare/{number}/")
        hub = site / meta.lang / "laws" / number / "index.html"
        if not hub.exists() or f"/{meta.path}/{number}/" not in hub.read_text(encoding="utf-8"):
            problems.append(f"{meta.id}: not linked from {meta.lang}/laws/{number}/")
    search = site / meta.lang / "search" / "index.html"
    if not search.exists() or f'"id":"{meta.id}"' not in search.read_text(encoding="utf-8"):
        problems.append(f"{meta.id}: not in the search data of {meta.lang}/search/")
    export = site / "api" / "laws.json"
    if not export.exists() or f'"id": "{meta.id}"' not in export.read_text(encoding="utf-8"):
        problems.append(f"{meta.id}: not in api/laws.json")
    if page.exists() and switcher_target(page.read_text(encoding="utf-8"), meta.lang, page_url) != page_url:
        problems.append(f"{meta.id}: the language switcher of {page_url} does not point at the page itself")
    return problems
