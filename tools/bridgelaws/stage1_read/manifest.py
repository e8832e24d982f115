"""The source manifest (``content/sources/manifest.toml``) as typed records."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from bridgelaws.core import datafile, urls
from bridgelaws.core.datafile import inside
from bridgelaws.core.facts import EDITIONS, LAW_NUMBERS, TEXT_LANGUAGES, DocKind
from bridgelaws.core.model import DocumentMeta, SourceMeta

KINDS = tuple(kind.value for kind in DocKind)


class ManifestError(ValueError):
    """The manifest itself is wrong (missing field, unknown value); names file and entry."""


REQUIRED_SOURCE = ("file", "parser", "origin")
REQUIRED_DOCUMENT = ("id", "lang", "edition", "kind", "path", "title", "copyright")
SOURCE_KEYS: dict[str, type] = {"file": str, "parser": str, "origin": str, "document": list}
DOCUMENT_KEYS: dict[str, type] = {
    "id": str,
    "lang": str,
    "edition": str,
    "kind": str,
    "path": str,
    "title": str,
    "copyright": str,
    "terms_of_use": str,
    "provenance": str,
    "extract": bool,
    "contents": str,
    "grammar": str,
}
TYPE_NAMES = {str: "a string", bool: "true or false", list: "a list of tables", int: "an integer", float: "a number"}

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # an id, a grammar, a URL path segment: "fi-1997-sbl"
PARSER_NAME = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)*")  # "fi_pdf"
URL_PATH = re.compile(rf"{NAME.pattern}(?:/{NAME.pattern})*")  # "1997/sbl"
RANGE = r"\d{1,4}(?:\s*[-–]\s*\d{1,4})?"
CONTENTS = re.compile(rf"\s*{RANGE}(?:\s*,\s*{RANGE})*\s*")  # "13-15, 12, 42"
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
MAX_NAME, MAX_PATH, MAX_FILE, MAX_TEXT, MAX_SEGMENTS = 64, 100, 255, 2000, 4
MAX_POINT = 999  # a regulation's or supplement's points: "1-26"


@dataclass
class Manifest:
    """The usable entries of a manifest, and what was wrong with the others."""

    entries: list[tuple[SourceMeta, list[DocumentMeta]]]
    errors: list[str]


SOURCE_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*source[ \t]*\]\]", re.MULTILINE)  # [[source]]
DOCUMENT_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*source[ \t]*\.[ \t]*document[ \t]*\]\]", re.MULTILINE)
KEY_LINE = re.compile(r"^[ \t]*(?P<key>[A-Za-z_]+)[ \t]*=", re.MULTILINE)  # file = "fi-1997-laws.txt"

KeyLines = tuple[tuple[str, int], ...]


@dataclass
class Lines:
    """Where one ``[[source]]`` entry is written: its header, its keys, its documents'."""

    line: int
    keys: KeyLines = ()
    documents: list[tuple[int, KeyLines]] = field(default_factory=list)


def _keys(text: str, block: str, start: int) -> KeyLines:
    first = text.count("\n", 0, start) + 1
    return tuple((match["key"], first + block.count("\n", 0, match.start())) for match in KEY_LINE.finditer(block))


def _entry_lines(text: str) -> list[Lines]:
    """For each ``[[source]]`` in order: its line, the lines of its own keys and of its documents."""
    starts = [match.start() for match in SOURCE_HEADER.finditer(text)]
    entries = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        doc_starts = [match.start() for match in DOCUMENT_HEADER.finditer(text, start, end)]
        own_end = doc_starts[0] if doc_starts else end
        lines = Lines(text.count("\n", 0, start) + 1, _keys(text, text[start:own_end], start))
        for number, doc_start in enumerate(doc_starts):
            doc_end = doc_starts[number + 1] if number + 1 < len(doc_starts) else end
            lines.documents.append(
                (text.count("\n", 0, doc_start) + 1, _keys(text, text[doc_start:doc_end], doc_start))
            )
        entries.append(lines)
    return entries


def read(path: Path) -> Manifest:
    """Read the manifest.  A wrong entry is left out with an error naming its line; a
    manifest that cannot be read at all raises :class:`ManifestError` (nothing can be built).
    """
    try:
        text = datafile.read_text(path, (path.parent,))
    except datafile.DataError as error:
        raise ManifestError(f"{error}: the manifest cannot be read") from error
    try:
        data = datafile.parse_toml(path, text)
    except datafile.DataError as error:
        where, _, problem = str(error).partition(": not valid TOML: ")
        raise ManifestError(f"{where}: the manifest is not valid TOML: {problem}") from error
    raw_sources = data.get("source", [])
    if not isinstance(raw_sources, list):
        line = next((n for n, row in enumerate(text.splitlines(), 1) if re.match(r"\s*source\s*=", row)), 1)
        raise ManifestError(f"{path}:{line}: source must be a list of [[source]] tables, not {_type_name(raw_sources)}")
    lines = _entry_lines(text)
    manifest = Manifest([], [])
    for key in sorted(key for key in data if key != "source"):
        found = re.search(rf"^[ \t]*\[*[ \t]*{re.escape(key)}\b", text, re.MULTILINE)
        line = text.count("\n", 0, found.start()) + 1 if found else 1
        manifest.errors.append(f"{path}:{line}: unknown key {_shown(key)}: the manifest holds only [[source]] tables")
    owners = Owners()
    for index, raw in enumerate(raw_sources):
        at = lines[index] if index < len(lines) else Lines(1)
        try:
            source, documents, wheres = _entry(raw, path, at)
            owners.claim(documents, wheres)
        except ManifestError as error:
            manifest.errors.append(str(error))
            continue
        except Exception as error:  # a value no check foresaw: this entry's problem, not the program's
            manifest.errors.append(
                f"{path}:{at.line}: [[source]]: cannot read this entry ({type(error).__name__}: {error}); "
                "this source is left out"
            )
            continue
        manifest.entries.append((source, documents))
    return manifest


def load(path: Path) -> list[tuple[SourceMeta, list[DocumentMeta]]]:
    """The usable entries; raise :class:`ManifestError` if any entry is wrong."""
    manifest = read(path)
    if manifest.errors:
        raise ManifestError("\n".join(manifest.errors))
    return manifest.entries


class Owners:
    """Which document, or the site itself, owns each URL.  A document whose pages would be
    written at a URL another one (or a site page) already takes is refused: nothing is overwritten.

    A document at ``<lang>/<path>/`` writes its start page there, ``definitions/`` and one page per
    law or point (``13/``) under it; the site's own pages are :func:`urls.site_pages`.
    """

    def __init__(self) -> None:
        self.site = urls.site_pages()
        self.documents: dict[str, tuple[DocumentMeta, str]] = {}  # start-page URL → document, its line
        self.ids: dict[str, str] = {}  # id → the manifest line that first gave it

    def claim(self, documents: list[DocumentMeta], wheres: list[_Where]) -> None:
        """Take the URLs of one source's documents, or raise naming the first that is taken, by an
        earlier source's document or by one of this source's own (the 1997 book's supplement at
        one of its laws' pages); the source then takes none."""
        documents_before, ids_before = dict(self.documents), dict(self.ids)
        try:
            for meta, where in zip(documents, wheres, strict=True):
                if meta.id in self.ids:
                    raise ManifestError(
                        f"{where.at('id')}: document id {meta.id!r} is already used by the document at "
                        f"{self.ids[meta.id]}; this source is left out"
                    )
                url = urls.document(meta)
                conflict = self._conflict(url)
                if conflict:
                    raise where.error("path", f"{meta.path!r} would write /{url}, {conflict}; nothing is overwritten")
                self.documents[url] = (meta, where.at("path"))
                self.ids[meta.id] = where.at("id")
        except ManifestError:
            self.documents, self.ids = documents_before, ids_before
            raise

    def _conflict(self, url: str) -> str:
        for page, subtree in self.site:
            if url == page or (subtree and url.startswith(page)):
                return f"which is the site's page /{page}" if url == page else f"under the site's pages /{page}"
        for owned, (other, line) in self.documents.items():
            if url == owned:
                return f"the start page of {other.id!r} ({line})"
            for parent, child, whose in (
                (owned, url, "a page of"),
                (url, owned, "its own law pages over the start page of"),
            ):
                rest = child[len(parent) :].strip("/") if child.startswith(parent) else ""
                if rest and "/" not in rest and (rest[0].isdigit() or rest == "definitions"):
                    return f"{whose} {other.id!r} (/{parent}{rest}/, {line})"
        return ""


def _type_name(value: object) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return TYPE_NAMES.get(type(value), type(value).__name__)


def _shown(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 80 else shown[:77] + "..."


class _Where:
    """``manifest.toml:LINE: [[source]] 'file', document 'id'`` for an entry or one of its keys."""

    def __init__(self, path: Path, line: int, keys: KeyLines, label: str) -> None:
        self.path, self.line, self.keys, self.label = path, line, dict(keys), label

    def at(self, key: str = "") -> str:
        """``manifest.toml:LINE`` of ``key`` (of the entry when the key has no line of its own)."""
        return f"{self.path}:{self.keys.get(key, self.line)}"

    def __call__(self, key: str = "") -> str:
        return f"{self.at(key)}: {self.label}"

    def error(self, key: str, problem: str) -> ManifestError:
        return ManifestError(f"{self(key)}: {key} {problem}; this source is left out")


def _check_keys(raw: object, allowed: dict[str, type], required: tuple[str, ...], where: _Where) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ManifestError(f"{where()}: must be a table, not {_type_name(raw)}; this source is left out")
    missing = [key for key in required if key not in raw]
    if missing:
        raise ManifestError(f"{where()}: missing {', '.join(missing)}; this source is left out")
    for key, value in raw.items():
        if key not in allowed:
            raise ManifestError(
                f"{where(key)}: unknown key {key!r} (known: {', '.join(allowed)}); this source is left out"
            )
        wanted = allowed[key]
        if not isinstance(value, wanted) or (wanted is not bool and isinstance(value, bool)):
            raise where.error(key, f"must be {TYPE_NAMES[wanted]}, not {_type_name(value)} ({_shown(value)})")
        if isinstance(value, str) and CONTROL.search(value):
            raise where.error(key, f"holds a control character ({_shown(CONTROL.search(value)[0])})")  # type: ignore[index]
    return raw


def _name(where: _Where, key: str, value: str, pattern: re.Pattern[str], limit: int, what: str) -> str:
    if len(value) > limit or not pattern.fullmatch(value):
        raise where.error(key, f"{_shown(value)} is not {what} (at most {limit} characters)")
    return value


def _text(where: _Where, key: str, value: str) -> str:
    if not value.strip() or len(value) > MAX_TEXT:
        raise where.error(key, f"must be a text of 1 to {MAX_TEXT} characters")
    return value


def _file(where: _Where, value: str, folder: Path) -> str:
    if not value or len(value) > MAX_FILE:
        raise where.error("file", f"must be a file name of 1 to {MAX_FILE} characters")
    posix, windows = PurePosixPath(value), PureWindowsPath(value)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or value.startswith(("/", "\\")):
        raise where.error("file", f"{_shown(value)} is an absolute path: name a file in {folder}")
    if ".." in posix.parts or ".." in windows.parts:
        raise where.error("file", f"{_shown(value)} leaves {folder}: name a file in it")
    if not inside(folder, folder / value):
        raise where.error("file", f"{_shown(value)} is a link to a file outside {folder}: copy the file in instead")
    return value


def _contents(where: _Where, value: str, kind: DocKind) -> str:
    if not value.strip():
        return value
    if not CONTENTS.fullmatch(value):
        raise where.error("contents", f'{_shown(value)} is not a list of numbers and ranges like "9-16, 42"')
    highest = LAW_NUMBERS[-1] if kind is DocKind.LAWS else MAX_POINT
    what = "laws" if kind is DocKind.LAWS else "points"
    for match in re.finditer(r"(\d+)(?:\s*[-–]\s*(\d+))?", value):
        first, last = int(match[1]), int(match[2] or match[1])
        if not 1 <= first <= last <= highest:
            raise where.error("contents", f"{match[0]!r} is not a range of {what} from 1 to {highest} (first ≤ last)")
    return value


def _entry(raw: object, path: Path, lines: Lines) -> tuple[SourceMeta, list[DocumentMeta], list[_Where]]:
    file = raw.get("file") if isinstance(raw, dict) else None
    label = "[[source]]" + (f" {_shown(file)}" if isinstance(file, str) else "")
    where = _Where(path, lines.line, lines.keys, label)
    raw = _check_keys(raw, SOURCE_KEYS, REQUIRED_SOURCE, where)
    file = _file(where, raw["file"], path.parent)
    parser = _name(where, "parser", raw["parser"], PARSER_NAME, MAX_NAME, "a parser name (like fi_pdf)")
    origin = _text(where, "origin", raw["origin"])
    source = SourceMeta(file, parser, origin, path.parent, path, lines.line, lines.keys)
    documents: list[DocumentMeta] = []
    wheres: list[_Where] = []
    for number, raw_doc in enumerate(raw.get("document", [])):
        doc_line, doc_keys = lines.documents[number] if number < len(lines.documents) else (lines.line, ())
        doc_id = raw_doc.get("id") if isinstance(raw_doc, dict) else None
        doc_label = f"{label}, document " + (_shown(doc_id) if isinstance(doc_id, str) else str(number + 1))
        doc_where = _Where(path, doc_line, doc_keys, doc_label)
        raw_doc = _check_keys(raw_doc, DOCUMENT_KEYS, REQUIRED_DOCUMENT, doc_where)
        for key, allowed in (("lang", TEXT_LANGUAGES), ("edition", EDITIONS), ("kind", KINDS)):
            if raw_doc[key] not in allowed:
                raise doc_where.error(key, f"{_shown(raw_doc[key])} is not one of {', '.join(allowed)}")
        doc_id = _name(doc_where, "id", raw_doc["id"], NAME, MAX_NAME, "an id of a-z, 0-9 and single hyphens")
        if any(doc.id == doc_id for doc in documents):
            raise doc_where.error("id", f"{doc_id!r} is already used by another document of this source")
        url_path = raw_doc["path"].rstrip("/")
        _name(doc_where, "path", url_path, URL_PATH, MAX_PATH, "a URL path of segments of a-z, 0-9 and hyphens")
        if url_path.count("/") >= MAX_SEGMENTS:
            raise doc_where.error("path", f"{_shown(url_path)} has more than {MAX_SEGMENTS} segments")
        kind = DocKind(raw_doc["kind"])
        grammar = _name(doc_where, "grammar", raw_doc.get("grammar", raw_doc["lang"]), NAME, MAX_NAME, "a grammar name")
        documents.append(
            DocumentMeta(
                id=doc_id,
                lang=raw_doc["lang"],
                edition=raw_doc["edition"],
                kind=kind,
                path=url_path,
                title=_text(doc_where, "title", raw_doc["title"]),
                copyright=_text(doc_where, "copyright", raw_doc["copyright"]),
                terms_of_use=_text(doc_where, "terms_of_use", raw_doc["terms_of_use"])
                if "terms_of_use" in raw_doc
                else "",
                provenance=_text(doc_where, "provenance", raw_doc["provenance"]) if "provenance" in raw_doc else "",
                extract=raw_doc.get("extract", False),
                grammar=grammar,
                source=source,
                expected=_contents(doc_where, raw_doc.get("contents", ""), kind),
            )
        )
        wheres.append(doc_where)
    return source, documents, wheres
