"""The corpus: every parsed document with its metadata, and what happened to each source.

This is data, with the indexes later stages ask for (a document by id, the texts that hold
a law); it caches nothing of the later stages: links are the link stage's
(:mod:`bridgelaws.stage3_link`), pages the render stage's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from bridgelaws.core.accounting import Balance
from bridgelaws.core.model import Document, DocumentMeta, ParseResult, SourceMeta
from bridgelaws.stage1_read.intake import Intake


@dataclass
class Entry:
    """A parsed document with its manifest metadata and the text its parser read.

    ``intake`` is what reading made of the source file (the parser's text and, for a saved
    page, each of its lines' line in the file): the link stage finds a citation's source line
    in it, so a file in a legacy code page gives the same lines as its UTF-8 original.
    """

    meta: DocumentMeta
    document: Document
    intake: Intake | None = None


@dataclass
class SourceReport:
    """What happened to one source file."""

    source: SourceMeta
    result: ParseResult | None = None
    balance: Balance | None = None
    intake: Intake | None = None
    file: Path | None = None  # the file read (the manifest's, or the saved page found instead)
    errors: list[str] = field(default_factory=list)  # the source is left out
    warnings: list[str] = field(default_factory=list)  # about the source as a whole, file:line first


@dataclass(eq=False)
class Corpus:
    entries: list[Entry]
    reports: list[SourceReport]
    manifest_errors: list[str] = field(default_factory=list)  # entries left out of the manifest
    # the documents the manifest lists, read or not: a name outside them is a mistake where it is
    # written, one inside them missing from the corpus a source left out (reported as such)
    manifest_ids: frozenset[str] = frozenset()

    @cached_property
    def _by_id(self) -> dict[str, Entry]:
        return {entry.meta.id: entry for entry in self.entries}

    def by_id(self, doc_id: str) -> Entry | None:
        return self._by_id.get(doc_id)

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
        return sorted(self._entries_by_law)

    def law_title(self, number: int, lang: str | None = None) -> str:
        """A title for law ``number``: from a text in ``lang`` if one has it, else any text."""
        candidates = [entry for entry in self.having_law(number) if lang is None or entry.meta.lang == lang]
        for entry in sorted(candidates, key=lambda e: e.meta.edition, reverse=True):
            law = entry.document.law(number)
            if law and law.title:
                return law.title
        return ""
