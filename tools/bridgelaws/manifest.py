"""The source manifest (``content/sources/manifest.toml``) as typed records."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

LANGUAGES = ("fi", "sv", "tr", "pl")
EDITIONS = ("1997", "2007", "2017")
KINDS = ("laws", "regulations", "supplement")


class ManifestError(ValueError):
    """The manifest itself is wrong (missing field, unknown value); names file and entry."""


@dataclass(frozen=True)
class DocumentMeta:
    id: str
    lang: str
    edition: str
    kind: str
    path: str
    title: str
    copyright: str
    extract: bool
    grammar: str
    source: SourceMeta

    @property
    def url(self) -> str:
        """Root-relative URL of the document's start page: ``fi/2007/``."""
        return f"{self.lang}/{self.path}/"


@dataclass(frozen=True)
class SourceMeta:
    file: str
    parser: str
    origin: str
    folder: Path

    @property
    def path(self) -> Path:
        return self.folder / self.file


REQUIRED_SOURCE = ("file", "parser", "origin")
REQUIRED_DOCUMENT = ("id", "lang", "edition", "kind", "path", "title", "copyright")


def load(path: Path) -> list[tuple[SourceMeta, list[DocumentMeta]]]:
    """Read the manifest; raise :class:`ManifestError` naming the entry that is wrong."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ManifestError(f"{path}: cannot read the manifest: {error}") from error
    entries = []
    for index, raw in enumerate(data.get("source", []), start=1):
        where = f"{path}: [[source]] #{index}"
        missing = [key for key in REQUIRED_SOURCE if key not in raw]
        if missing:
            raise ManifestError(f"{where}: missing {', '.join(missing)}")
        source = SourceMeta(raw["file"], raw["parser"], raw["origin"], path.parent)
        documents = []
        for raw_doc in raw.get("document", []):
            doc_where = f"{where} ({raw['file']}), document {raw_doc.get('id', '?')!r}"
            missing = [key for key in REQUIRED_DOCUMENT if key not in raw_doc]
            if missing:
                raise ManifestError(f"{doc_where}: missing {', '.join(missing)}")
            for key, allowed in (("lang", LANGUAGES), ("edition", EDITIONS), ("kind", KINDS)):
                if raw_doc[key] not in allowed:
                    raise ManifestError(f"{doc_where}: {key} {raw_doc[key]!r} is not one of {allowed}")
            documents.append(
                DocumentMeta(
                    id=raw_doc["id"],
                    lang=raw_doc["lang"],
                    edition=raw_doc["edition"],
                    kind=raw_doc["kind"],
                    path=raw_doc["path"].strip("/"),
                    title=raw_doc["title"],
                    copyright=raw_doc["copyright"],
                    extract=bool(raw_doc.get("extract", False)),
                    grammar=str(raw_doc.get("grammar", raw_doc["lang"])),
                    source=source,
                )
            )
        entries.append((source, documents))
    return entries
