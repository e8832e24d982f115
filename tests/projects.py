"""Small projects for tests that run a whole build of their own: a copy of ``content/`` whose
manifest keeps some of the sources, ``mkdocs.yml``, and the real ``overrides`` and ``tools``.

The Turkish summary alone (eight laws, every kind of page) builds in a third of the full build's
time; the 1997 book, the largest source, is what a project leaves out when it needs more texts."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from collections.abc import Collection
from pathlib import Path

from conftest import ROOT

TURKISH = "tr-2017-laws-extract.blog.txt"


def _kept_entries(text: str, kept: Collection[str]) -> str:
    """The manifest's text with only the ``[[source]]`` entries of the ``kept`` files."""
    head, *entries = text.split("[[source]]\n")
    return head + "".join(
        f"[[source]]\n{entry}" for entry in entries if tomllib.loads(entry.split("\n\n")[0])["file"] in kept
    )


def _document_ids(manifest: Path) -> set[str]:
    data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    return {document["id"] for source in data["source"] for document in source.get("document", [])}


DEFINED = re.compile(r"^defined = (\[.*\])$", re.M)


def _defined_in(text: str, kept: set[str]) -> str:
    """The term base's ``defined`` places in the kept documents only: a place in a document the
    manifest does not list is an error at its line (a term base of the whole corpus is mistaken
    data for a project of some of its sources)."""

    def keep(match: re.Match[str]) -> str:
        places = tomllib.loads(f"x = {match[1]}")["x"]
        mine = [place for place in places if place["doc"] in kept]
        return f"defined = {_inline(mine)}" if mine else ""

    return DEFINED.sub(keep, text)


def _inline(places: list[dict[str, str]]) -> str:
    return (
        "[" + ", ".join("{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in p.items()) + " }" for p in places) + "]"
    )


def make_project(folder: Path, *, sources: Collection[str] = (TURKISH,), own_overrides: bool = False) -> Path:
    """A project of the ``sources`` files only (the Turkish summary unless told); ``own_overrides``:
    a copy of the templates to plant in."""
    shutil.copytree(ROOT / "content", folder / "content", ignore=shutil.ignore_patterns("docs", ".docs.*"))
    manifest = folder / "content" / "sources" / "manifest.toml"
    manifest.write_text(_kept_entries(manifest.read_text(encoding="utf-8"), sources), encoding="utf-8")
    concepts = folder / "content" / "terms" / "concepts.toml"
    concepts.write_text(_defined_in(concepts.read_text(encoding="utf-8"), _document_ids(manifest)), encoding="utf-8")
    shutil.copy(ROOT / "mkdocs.yml", folder)
    if own_overrides:
        shutil.copytree(ROOT / "overrides", folder / "overrides")
    else:
        (folder / "overrides").symlink_to(ROOT / "overrides")
    (folder / "tools").symlink_to(ROOT / "tools")
    return folder
