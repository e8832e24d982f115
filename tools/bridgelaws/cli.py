"""Command line: ``bridgelaws generate | check | dump``.

``generate`` parses every source and writes ``content/docs`` (``--check`` only compares);
``check`` prints the parse report — per source, every dropped span with its reason and the
share of characters accounted for — and fails when a source is not fully accounted for;
``dump FILE`` prints one source's parsed structure (the golden-file format).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from . import corpus as corpus_module
from . import generate, manifest, search
from .dump import dump
from .sources import get_parser


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    content = Path(args.content)
    return content / "sources", content / "docs"


def cmd_generate(args: argparse.Namespace) -> int:
    sources, docs = _paths(args)
    corpus = corpus_module.load(sources)
    errors = _print_errors(corpus)
    try:
        vocabulary = search.load_vocabulary(Path(args.content) / search.VOCABULARY_FILE)
    except search.VocabularyError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    planned = generate.plan(corpus, vocabulary)
    if args.check:
        differences = planned.differences(docs)
        for path in differences:
            print(f"out of date: {docs / path}")
        if differences:
            print(f"{len(differences)} generated files differ; run `bridgelaws generate`", file=sys.stderr)
            return 1
        print(f"{docs}: {len(planned.files)} generated files are up to date")
        return 0
    changed = generate.write(planned, docs)
    print(f"{docs}: {len(planned.files)} files, {changed} changed; {len(corpus.entries)} documents")
    return 2 if errors else 0


def _print_errors(corpus: corpus_module.Corpus) -> int:
    count = 0
    for report in corpus.reports:
        for error in report.errors:
            print(f"error: {error}", file=sys.stderr)
            count += 1
        if report.result:
            for warning in report.result.warnings:
                print(f"warning: {report.source.path}:{warning.origin.line}: {warning.message}", file=sys.stderr)
    return count


def cmd_check(args: argparse.Namespace) -> int:
    sources, _ = _paths(args)
    corpus = corpus_module.load(sources)
    failed = _print_errors(corpus)
    for report in corpus.reports:
        print(f"\n== {report.source.file} ({report.source.parser})")
        if report.result is None or report.balance is None:
            print("   not parsed")
            failed += 1
            continue
        balance = report.balance
        reasons = Counter(span.reason for span in report.result.dropped)
        for span in report.result.dropped:
            text = " ".join(span.text.split())
            text = text if len(text) <= 70 else text[:67] + "..."
            print(f"   dropped  {span.origin.describe():>18}  {span.reason:<24} {text}")
        for added in report.result.inserted:
            print(f"   inserted {added.origin.describe():>18}  {added.reason:<24} {added.text}")
        summary = ", ".join(f"{reason}: {n}" for reason, n in sorted(reasons.items()))
        print(
            f"   {balance.source_chars} characters: {balance.output_chars} in the output, "
            f"{balance.dropped_chars} dropped ({summary or 'none'}), {balance.inserted_chars} inserted"
        )
        print(f"   accounted for: {balance.accounted_share:.2%}")
        _print_references(corpus, report.source.file)
        if not balance.ok:
            failed += 1
            print(
                f"   MISSING: {dict(balance.missing.most_common(15))}  SURPLUS: {dict(balance.surplus.most_common(15))}"
            )
    return 1 if failed else 0


def _print_references(corpus: corpus_module.Corpus, file: str) -> None:
    """Citations found in a source's documents, and those that resolve nowhere."""
    linkage = corpus.linkage
    for entry in corpus.entries:
        if entry.meta.source.file != file:
            continue
        references = linkage.references.get(entry.meta.id, [])
        unresolved = [r for r in references if any(url is None for url in r.urls)]
        elsewhere = sum(1 for r in references for url in r.urls if url and not url.startswith("/" + entry.meta.url))
        print(
            f"   {entry.meta.id}: {len(references)} citations, {elsewhere} targets linked to another text, "
            f"{len(unresolved)} unresolved"
        )
        for reference in unresolved:
            print(f"   unresolved line {reference.line:>5}  in {reference.in_ref or '-':<10} {reference.text!r}")
    for error in linkage.errors:
        print(f"   error: {error}")


def cmd_dump(args: argparse.Namespace) -> int:
    sources, _ = _paths(args)
    for source, _metas in manifest.load(sources / "manifest.toml"):
        if source.file == Path(args.file).name:
            sys.stdout.write(dump(get_parser(source.parser)(source.path.read_text(encoding="utf-8"))))
            return 0
    print(f"{args.file}: not in {sources / 'manifest.toml'}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bridgelaws", description=__doc__)
    parser.add_argument("--content", default="content", help="the content folder (sources/ and docs/)")
    commands = parser.add_subparsers(dest="command", required=True)
    generate_parser = commands.add_parser("generate", help="parse the sources and write content/docs")
    generate_parser.add_argument("--check", action="store_true", help="only report files that would change")
    generate_parser.set_defaults(run=cmd_generate)
    commands.add_parser("check", help="print the parse report; fail if a character is unaccounted for").set_defaults(
        run=cmd_check
    )
    dump_parser = commands.add_parser("dump", help="print one source's parsed structure")
    dump_parser.add_argument("file")
    dump_parser.set_defaults(run=cmd_dump)
    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
