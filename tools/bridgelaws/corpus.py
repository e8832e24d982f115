"""Load every source named in the manifest, parse it, and pair documents with their metadata.

A source that cannot be read or parsed is reported with its file name (and line, when
known) and left out; the rest of the corpus still loads, so the site still builds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from . import manifest
from .accounting import Balance, balance
from .glossary import Term, glossary
from .manifest import DocumentMeta, SourceMeta
from .model import Document, ParseResult
from .sources import UnknownParser, get_parser

if TYPE_CHECKING:
    from .linking import Linkage


@dataclass
class Entry:
    """A parsed document with its manifest metadata."""

    meta: DocumentMeta
    document: Document


@dataclass
class SourceReport:
    """What happened to one source file."""

    source: SourceMeta
    result: ParseResult | None = None
    balance: Balance | None = None
    errors: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Corpus:
    entries: list[Entry]
    reports: list[SourceReport]

    @cached_property
    def linkage(self) -> Linkage:
        """Every citation found and resolved (computed once, on first use)."""
        from .linking import link_corpus  # linking reads the corpus: import here, not at the top

        return link_corpus(self)

    @cached_property
    def _glossaries(self) -> dict[str, list[Term]]:
        return {entry.meta.id: glossary(entry.document, entry.meta.lang) for entry in self.entries}

    def glossary(self, entry: Entry) -> list[Term]:
        """The document's defined terms as patterns (built once per document, not per page)."""
        return self._glossaries.get(entry.meta.id, [])

    def by_id(self, doc_id: str) -> Entry | None:
        return next((entry for entry in self.entries if entry.meta.id == doc_id), None)

    def in_language(self, lang: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.meta.lang == lang]

    @cached_property
    def _entries_by_law(self) -> dict[int, list[Entry]]:
        # every law page asks which texts have its law: a scan of every entry each time made
        # generating quadratic in the corpus (make bench, "build time at scale")
        by_law: dict[int, list[Entry]] = {}
        for entry in self.entries:
            for number in dict.fromkeys(law.number for law in entry.document.laws):
                by_law.setdefault(number, []).append(entry)
        return by_law

    def having_law(self, number: int) -> list[Entry]:
        return list(self._entries_by_law.get(number, []))

    def law_numbers(self) -> list[int]:
        return sorted({law.number for entry in self.entries for law in entry.document.laws})

    def law_title(self, number: int, lang: str | None = None) -> str:
        """A title for law ``number``: from a text in ``lang`` if one has it, else any text."""
        candidates = [entry for entry in self.having_law(number) if lang is None or entry.meta.lang == lang]
        for entry in sorted(candidates, key=lambda e: e.meta.edition, reverse=True):
            law = entry.document.law(number)
            if law and law.title:
                return law.title
        return ""


def read_source(source: SourceMeta, report: SourceReport) -> str | None:
    """The source text, or None with a clear error when the file is missing or not UTF-8."""
    try:
        data = source.path.read_bytes()
    except OSError as error:
        report.errors.append(f"{source.path}: cannot read the file ({error.strerror})")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        report.errors.append(f"{source.path}:{line}: not valid UTF-8 (byte {data[error.start]:#04x})")
        return None


def _attach(source: SourceMeta, metas: list[DocumentMeta], result: ParseResult, report: SourceReport) -> list[Entry]:
    entries = []
    for document in result.documents:
        meta = next((m for m in metas if m.kind == document.kind), None)
        if meta is None:
            report.errors.append(
                f"{source.path}: the parser produced a {document.kind!r} document the manifest does not list"
            )
            continue
        entries.append(Entry(meta, document))
    return entries


def load(sources_dir: Path) -> Corpus:
    entries: list[Entry] = []
    reports: list[SourceReport] = []
    for source, metas in manifest.load(sources_dir / "manifest.toml"):
        report = SourceReport(source)
        reports.append(report)
        try:
            parse = get_parser(source.parser)
        except (UnknownParser, ImportError) as error:
            report.errors.append(f"{sources_dir / 'manifest.toml'}: {source.file}: {error}")
            continue
        text = read_source(source, report)
        if text is None:
            continue
        try:
            result = parse(text)
        except Exception as error:  # a parser bug must not take the other sources down with it
            report.errors.append(f"{source.path}: the {source.parser} parser failed: {error!r}")
            continue
        report.result = result
        report.balance = balance(text, result)
        entries.extend(_attach(source, metas, result, report))
    entries.sort(key=lambda entry: (entry.meta.lang, entry.meta.edition, entry.meta.kind != "laws", entry.meta.id))
    return Corpus(entries, reports)
