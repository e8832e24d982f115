"""The source manifest (``content/sources/manifest.toml``) as typed records."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.core.facts import EDITIONS, TEXT_LANGUAGES, DocKind
from bridgelaws.core.model import DocumentMeta, SourceMeta

KINDS = tuple(kind.value for kind in DocKind)


class ManifestError(ValueError):
    """The manifest itself is wrong (missing field, unknown value); names file and entry."""


REQUIRED_SOURCE = ("file", "parser", "origin")
REQUIRED_DOCUMENT = ("id", "lang", "edition", "kind", "path", "title", "copyright")


@dataclass
class Manifest:
    """The usable entries of a manifest, and what was wrong with the others."""

    entries: list[tuple[SourceMeta, list[DocumentMeta]]]
    errors: list[str]


TOML_POSITION = re.compile(r"\(at line (?P<line>\d+), column \d+\)")  # "Expected '=' … (at line 12, column 5)"
SOURCE_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*source[ \t]*\]\]", re.MULTILINE)  # [[source]]
KEY_LINE = re.compile(r"^[ \t]*(?P<key>[A-Za-z_]+)[ \t]*=", re.MULTILINE)  # file = "fi-1997-laws.txt"


def _entry_lines(text: str) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """For each ``[[source]]`` in order: its line and the lines of its own keys."""
    starts = [match.start() for match in SOURCE_HEADER.finditer(text)]
    entries = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        block = text[start:end].split("[[source.document]]", 1)[0]
        first = text.count("\n", 0, start) + 1
        keys = tuple((match["key"], first + block.count("\n", 0, match.start())) for match in KEY_LINE.finditer(block))
        entries.append((first, keys))
    return entries


def read(path: Path) -> Manifest:
    """Read the manifest.  A wrong entry is left out with an error naming its line; a
    manifest that cannot be read at all raises :class:`ManifestError` (nothing can be built).
    """
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"{path}: cannot read the manifest: {error}") from error
    except tomllib.TOMLDecodeError as error:
        position = TOML_POSITION.search(str(error))
        where = f"{path}:{position['line']}" if position else str(path)
        raise ManifestError(f"{where}: the manifest is not valid TOML: {error}") from error
    lines = _entry_lines(text)
    manifest = Manifest([], [])
    seen_ids: dict[str, str] = {}
    for index, raw in enumerate(data.get("source", [])):
        line, key_lines = lines[index] if index < len(lines) else (0, ())
        try:
            source, documents = _entry(raw, path, line, key_lines)
        except ManifestError as error:
            manifest.errors.append(str(error))
            continue
        repeated = [doc.id for doc in documents if doc.id in seen_ids]
        if repeated:
            manifest.errors.append(
                f"{source.where()}: document id {repeated[0]!r} is already used by {seen_ids[repeated[0]]}; "
                "this source is left out"
            )
            continue
        seen_ids.update((doc.id, source.file) for doc in documents)
        manifest.entries.append((source, documents))
    return manifest


def load(path: Path) -> list[tuple[SourceMeta, list[DocumentMeta]]]:
    """The usable entries; raise :class:`ManifestError` if any entry is wrong."""
    manifest = read(path)
    if manifest.errors:
        raise ManifestError("\n".join(manifest.errors))
    return manifest.entries


def _entry(
    raw: dict[str, Any], path: Path, line: int, key_lines: tuple[tuple[str, int], ...]
) -> tuple[SourceMeta, list[DocumentMeta]]:
    where = f"{path}:{line}: [[source]]" + (f" {raw['file']!r}" if "file" in raw else "")
    missing = [key for key in REQUIRED_SOURCE if key not in raw]
    if missing:
        raise ManifestError(f"{where}: missing {', '.join(missing)}; this source is left out")
    source = SourceMeta(raw["file"], raw["parser"], raw["origin"], path.parent, path, line, key_lines)
    documents = []
    for raw_doc in raw.get("document", []):
        doc_where = f"{where}, document {raw_doc.get('id', '?')!r}"
        missing = [key for key in REQUIRED_DOCUMENT if key not in raw_doc]
        if missing:
            raise ManifestError(f"{doc_where}: missing {', '.join(missing)}; this source is left out")
        for key, allowed in (("lang", TEXT_LANGUAGES), ("edition", EDITIONS), ("kind", KINDS)):
            if raw_doc[key] not in allowed:
                raise ManifestError(
                    f"{doc_where}: {key} {raw_doc[key]!r} is not one of {', '.join(allowed)}; this source is left out"
                )
        documents.append(
            DocumentMeta(
                id=raw_doc["id"],
                lang=raw_doc["lang"],
                edition=raw_doc["edition"],
                kind=DocKind(raw_doc["kind"]),
                path=raw_doc["path"].strip("/"),
                title=raw_doc["title"],
                copyright=raw_doc["copyright"],
                extract=bool(raw_doc.get("extract", False)),
                grammar=str(raw_doc.get("grammar", raw_doc["lang"])),
                source=source,
                expected=str(raw_doc.get("contents", "")),
            )
        )
    return source, documents
