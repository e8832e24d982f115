"""Load: read every source the manifest names, parse it, and pair its documents with their metadata.

A source that cannot be read or parsed is reported with its file name (and line, when
known) and left out; the rest of the corpus still loads, so the site still builds.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable
from pathlib import Path

from bridgelaws.core import datafile
from bridgelaws.core.accounting import balance
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import DocumentMeta, Origin, ParseResult, SourceMeta
from bridgelaws.core.registry import UnknownName
from bridgelaws.stage1_read import intake, manifest
from bridgelaws.stage1_read.intake import Intake
from bridgelaws.stage2_parse.corpus import Corpus, Entry, SourceReport
from bridgelaws.stage2_parse.formats import Parser, get_parser

READABLE_SUFFIXES = (".txt", ".html", ".htm")


def _find_file(source: SourceMeta, report: SourceReport) -> Path | None:
    """The source's file; if it is missing, the one file saved under the same name with
    another ending (``….web.html`` for ``….web.txt``: the saved page instead of its text).
    """
    if not datafile.inside(source.folder, source.path):  # checked by the manifest; a link made since
        report.errors.append(
            f"{source.where('file')}: {source.file} leads outside {source.folder}; this source is left out"
        )
        return None
    if source.path.is_file():
        return source.path
    stem = source.file.split(".", 1)[0]
    others = sorted(
        path
        for path in source.folder.glob(f"{stem}.*")
        if path.is_file()
        and path.suffix in READABLE_SUFFIXES
        and path.name != source.file
        and datafile.inside(source.folder, path)  # never a link out of the folder
    )
    if len(others) == 1:
        report.warnings.append(f"{source.where('file')}: {source.file} not found; reading {others[0].name} instead")
        return others[0]
    hint = f" (found {', '.join(path.name for path in others)}: which one?)" if others else ""
    report.errors.append(
        f"{source.where('file')}: the manifest names {source.file}, which is not in {source.folder}{hint}; "
        "this source is left out"
    )
    return None


def read_source(source: SourceMeta, report: SourceReport, lang: str) -> Intake | None:
    """The source as text for its parser, or None with an error naming file and line."""
    path = _find_file(source, report)
    if path is None:
        return None
    report.file = path
    try:
        data = path.read_bytes()
    except OSError as error:
        report.errors.append(f"{path}:1: cannot read the file ({error.strerror}); this source is left out")
        return None
    try:
        return intake.read(data, lang)
    except intake.Unreadable as error:
        report.errors.append(f"{path}:{error.line}: {error.message}; this source is left out")
        return None


def _attach(source: SourceMeta, metas: list[DocumentMeta], result: ParseResult, report: SourceReport) -> list[Entry]:
    entries = []
    for document in result.documents:
        meta = next((m for m in metas if m.kind == document.kind), None)
        if meta is None:
            report.errors.append(
                f"{source.where()}: the parser produced a {document.kind!r} document the manifest does not list"
            )
            continue
        entries.append(Entry(meta, document, report.intake))
    return entries


def parse_source(source: SourceMeta, metas: list[DocumentMeta]) -> tuple[SourceReport, list[Entry]]:
    """Read, parse and account for one source; every problem lands in the report."""
    report = SourceReport(source)
    try:
        parse = get_parser(source.parser)
    except (UnknownName, ImportError) as error:
        report.errors.append(f"{source.where('parser')}: {error}; this source is left out")
        return report, []
    read = read_source(source, report, metas[0].lang if metas else "")
    if read is None:
        return report, []
    report.intake = read
    try:
        result = parse_text(read, parse)
    except Exception as error:  # a parser bug must not take the other sources down with it
        report.errors.append(
            f"{report.file}:1: the {source.parser} parser failed ({type(error).__name__}: {error}); "
            "this source is left out — please report it with the file"
        )
        return report, []
    report.result = result
    report.balance = balance(read.accounted, result)
    entries = _attach(source, metas, result, report)
    for entry in entries:
        _check_contents(entry, report, read)
    return report, entries


def parse_text(text: Intake, parse: Parser) -> ParseResult:
    """Parse what was read, with origins as lines of the file and reading's changes in the report.

    Conservation is then ``balance(text.accounted, result)``.
    """
    result = parse(text.text)
    if text.lines:  # a saved web page: the parser's lines are not the file's
        relocate(result, text.source_line)
    result.dropped[:0] = text.dropped
    result.inserted[:0] = text.inserted
    result.warnings[:0] = text.warnings
    return result


def relocate(result: ParseResult, line_of: Callable[[int], int]) -> None:
    """Turn every origin in ``result`` from a line of the parser's text into a line of the file."""
    seen: set[int] = set()

    def visit(value: object) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, list):
            for item in value:
                visit(item)
            return
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return
        for item in dataclasses.fields(value):
            attribute = getattr(value, item.name)
            if isinstance(attribute, Origin):
                # the result was just parsed and nothing else holds it, so its frozen records
                # (Dropped, Warning …) may be changed in place
                object.__setattr__(value, item.name, Origin(line_of(attribute.line), attribute.page))
            else:
                visit(attribute)

    visit(result)


NUMBERS = re.compile(r"(?P<first>\d+)(?:\s*[-–]\s*(?P<last>\d+))?")  # "9-16", "42", "12–15"


def expected_numbers(contents: str) -> list[int]:
    """``"12-15, 42, 43"`` → ``[12, 13, 14, 15, 42, 43]``."""
    numbers: list[int] = []
    for match in NUMBERS.finditer(contents):
        first = int(match["first"])
        numbers.extend(range(first, int(match["last"] or first) + 1))
    return numbers


def _check_contents(entry: Entry, report: SourceReport, text: Intake) -> None:
    """Warn when laws (or points) the manifest lists are missing: the file may be cut short."""
    expected = expected_numbers(entry.meta.expected)
    if not expected:
        return
    document = entry.document
    found = (
        {law.number: law.origin.line for law in document.laws}
        if document.laws or entry.meta.kind is DocKind.LAWS
        else {int(p.number): p.origin.line for p in document.points if p.number.isdigit()}
    )
    what = "laws" if entry.meta.kind is DocKind.LAWS else "points"
    missing = [number for number in expected if number not in found]
    if missing:
        after = [line for number, line in found.items() if number > missing[-1]]
        last_line = text.source_line(text.text.count("\n") + 1)
        truncated = not after
        line = min(after) if after else last_line
        report.warnings.append(
            f"{report.file}:{line}: {entry.meta.id}: {what} {_ranges(missing)} not found "
            f"(the manifest says it holds {entry.meta.expected})"
            + ("; the file looks truncated" if truncated else "; a heading may be damaged")
        )
    _check_order(entry, found, expected, report, what)
    unexpected = sorted(set(found) - set(expected))
    if unexpected:
        report.warnings.append(
            f"{report.file}:{found[unexpected[0]]}: {entry.meta.id}: {what} {_ranges(unexpected)} found, "
            f"but the manifest says it holds {entry.meta.expected}"
        )


def _check_order(entry: Entry, found: dict[int, int], expected: list[int], report: SourceReport, what: str) -> None:
    """Warn at the first law (or point) printed before one the manifest lists ahead of it."""
    rank = {number: index for index, number in enumerate(expected)}
    in_print_order = sorted((line, number) for number, line in found.items() if number in rank)
    for (_, before), (line, number) in itertools.pairwise(in_print_order):
        if rank[number] < rank[before]:
            report.warnings.append(
                f"{report.file}:{line}: {entry.meta.id}: {what[:-1]} {number} follows {what[:-1]} {before}: "
                f"out of order (the manifest lists {entry.meta.expected}); the site lists them by number"
            )
            return


def _ranges(numbers: list[int]) -> str:
    """``[9, 10, 11, 15]`` → ``"9–11, 15"``."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def load(sources_dir: Path) -> Corpus:
    """Every source the manifest lists; raises :class:`~.manifest.ManifestError` only when
    the manifest itself cannot be read.
    """
    entries: list[Entry] = []
    reports: list[SourceReport] = []
    listed = manifest.read(sources_dir / "manifest.toml")
    for source, metas in listed.entries:
        try:
            report, found = parse_source(source, metas)
        except Exception as error:  # a bug met on this source must not take the others down with it
            report, found = SourceReport(source), []
            report.errors.append(
                f"{source.where()}: reading {source.file} failed ({type(error).__name__}: {error}); "
                "this source is left out — please report it with the file"
            )
        reports.append(report)
        entries.extend(found)
    entries.sort(
        key=lambda entry: (entry.meta.lang, entry.meta.edition, entry.meta.kind is not DocKind.LAWS, entry.meta.id)
    )
    ids = frozenset(meta.id for _, metas in listed.entries for meta in metas)
    return Corpus(entries, reports, listed.errors, ids)
