"""Command line: ``bridgelaws build | generate | serve | check | dump | concordance | terms | compounds``.

``build`` is the whole build: ``generate``, then ``mkdocs build --strict`` into ``site/``;
``generate`` parses every source and writes ``content/docs`` (``--check`` only compares);
``serve`` serves the built site as a static host does, a missing page answered with the site's
own 404 page in the path's language (``make serve``: http://127.0.0.1:8000);
``check`` prints the parse report — per source, every dropped span with its reason and the
share of characters accounted for — and fails when a source is not fully accounted for;
``terms`` aligns the texts' terms and checks ``content/terms`` against them;
``compounds`` splits the Finnish texts' compound words with Voikko (for search) and writes
``content/search/compounds-fi.computed.toml`` (``--check``: exit 1 if the texts changed since);
``dump FILE`` prints one source's parsed structure (the golden-file format);
``concordance`` computes the 1997 ↔ 2007 concordance of Laws 1–18 from the Finnish texts and
writes ``content/concordance/1997-2007.computed.toml`` (``--check``: exit 1 if it would change).

Every problem with a source is one line on stderr, ``error:`` (the source is left out) or
``warning:`` (it is kept), naming the file and line; never a traceback.  ``build`` and
``generate`` exit with:

* 0 — built from every source (warnings may have been printed);
* 1 — built, but some sources, or rows or files of the data files (term base, concordance,
  interface strings), were left out (the errors say which and why);
* 2 — not built: the manifest cannot be read, a source's characters are not all accounted
  for (the conservation gate), MkDocs or a check of the built site failed, or the build was
  stopped (SIGINT, SIGTERM, SIGHUP).

Nothing is written in place: ``content/docs`` and the site are made beside them and swapped in
whole (:mod:`bridgelaws.core.atomic`), so a build that is not built, or is killed, leaves readers
the previous site.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from pathlib import Path

from bridgelaws import pipeline, search, termbase
from bridgelaws.core import atomic, datafile
from bridgelaws.stage1_read import manifest
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage2_parse.dump import dump
from bridgelaws.stage2_parse.load import parse_source
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.page import strings_errors


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    content = Path(args.content)
    return content / "sources", content / "docs"


BUILT, BUILT_WITHOUT_SOME, NOT_BUILT = 0, 1, 2


def cmd_generate(args: argparse.Namespace) -> int:
    sources, docs = _paths(args)
    corpus = pipeline.load(sources)
    left_out = _print_problems(corpus)
    unbalanced = _conservation_gate(corpus)
    if unbalanced:
        print(f"error: {unbalanced} sources are not fully accounted for: nothing written", file=sys.stderr)
        return NOT_BUILT
    if not corpus.entries:
        print("error: no source could be read: nothing to build", file=sys.stderr)
        return NOT_BUILT
    vocabulary = search.read_vocabulary(Path(args.content))
    concordance = pipeline.load_concordance(Path(args.content), corpus)
    linkage = pipeline.link(corpus, concordance)
    for warning in linkage.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    term_base = pipeline.load_terms(Path(args.content), corpus)
    # a data file's row or the file itself left out is an error, as a source left out is
    data_left_out = [*concordance.errors, *term_base.errors, *strings_errors()]
    for problem in data_left_out:
        print(f"error: {problem}", file=sys.stderr)
    args.left_out = (left_out, len(data_left_out))
    if unknown_bid := search.check_vocabulary(Path(args.content), vocabulary, term_base):
        print(f"warning: {unknown_bid}", file=sys.stderr)
    found = search.read_compounds(Path(args.content), corpus)
    planned = pipeline.render(corpus, linkage, vocabulary, concordance, term_base, found)
    if args.check:
        differences = planned.differences(docs)
        for path in differences:
            print(f"out of date: {docs / path}")
        if differences:
            print(f"{len(differences)} generated files differ; run `bridgelaws generate`", file=sys.stderr)
            return 1
        print(f"{docs}: {len(planned.files)} generated files are up to date")
        return 0
    changed = pipeline.write(planned, docs)
    sources_read = len(corpus.reports) - left_out
    print(
        f"{docs}: {len(planned.files)} files, {changed} changed; {len(corpus.entries)} documents "
        f"from {sources_read} of {len(corpus.reports) + len(corpus.manifest_errors)} sources"
        + (f"; {len(data_left_out)} data-file rows or files left out" if data_left_out else "")
    )
    return BUILT_WITHOUT_SOME if left_out or data_left_out else BUILT


def cmd_build(args: argparse.Namespace) -> int:
    """Generate, then build the site with MkDocs beside the site folder, and swap it in only when
    MkDocs and every check of the site have passed; say in one line whether it was built."""
    status = cmd_generate(args)
    site = Path(args.site_dir)
    if status == NOT_BUILT:
        print(f"error: the site was NOT built (see the errors above); {_kept(site)}", file=sys.stderr)
        return NOT_BUILT
    staged = atomic.fresh_staging(site)
    mkdocs = atomic.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(staged.resolve())])
    if mkdocs:
        atomic.discard(site)
        print(f"error: mkdocs build failed (exit {mkdocs}): the site was NOT built; {_kept(site)}", file=sys.stderr)
        return NOT_BUILT
    atomic.replace(staged, site)
    if status == BUILT_WITHOUT_SOME:
        sources, rows = getattr(args, "left_out", (0, 0))
        without = [what for what, n in (("the sources", sources), ("the data-file rows", rows)) if n]
        print(
            f"site built in {args.site_dir}/ WITHOUT {' left out and '.join(without)} left out above", file=sys.stderr
        )
    else:
        print(f"site built in {args.site_dir}/ from every source")
    return status


def cmd_serve(args: argparse.Namespace) -> int:
    from bridgelaws.stage5_site import server  # imported by the one command that serves (http.server, ssl)

    return server.serve_forever(Path(args.site_dir), args.bind, args.port)


def _kept(site: Path) -> str:
    """What a build that did not finish leaves readers: the previous site, untouched."""
    return f"{site}/ is left as the previous build made it" if site.is_dir() else f"there is no {site}/ yet"


def _stopped(args: argparse.Namespace, stop: atomic.Interrupted) -> int:
    """A build or generation asked to stop: its half-made folders removed, the previous ones kept."""
    docs = _paths(args)[1]
    atomic.discard(docs)
    kept = f"{docs} is whole (the previous generation, or the new one if it was complete)"
    if getattr(args, "site_dir", None):
        atomic.discard(Path(args.site_dir))
        kept += f"; the site was NOT built; {_kept(Path(args.site_dir))}"
    print(f"error: stopped by {stop}: {kept}", file=sys.stderr)
    return NOT_BUILT


def _print_problems(corpus: Corpus) -> int:
    """Print every error and warning, file:line first; return how many sources are left out."""
    left_out = len(corpus.manifest_errors)
    for error in corpus.manifest_errors:
        print(f"error: {error}", file=sys.stderr)
    for report in corpus.reports:
        for error in report.errors:
            print(f"error: {error}", file=sys.stderr)
        for warning in report.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if report.result:
            for found in report.result.warnings:
                print(f"warning: {report.file}:{found.origin.line}: {found.message}", file=sys.stderr)
        if report.result is None:
            left_out += 1
    return left_out


def _conservation_gate(corpus: Corpus) -> int:
    """Print an error for each source whose characters are not all accounted for."""
    failed = 0
    for report in corpus.reports:
        if report.balance is None or report.balance.ok or report.intake is None:
            continue
        failed += 1
        balance = report.balance
        line = balance.first_missing_line(report.intake.accounted) if report.intake.form == "text" else 1
        missing = "".join(ch * min(n, 3) for ch, n in balance.missing.most_common(10))
        surplus = "".join(ch * min(n, 3) for ch, n in balance.surplus.most_common(10))
        print(
            f"error: {report.file}:{line}: {sum(balance.missing.values())} characters lost "
            f"({missing!r}) and {sum(balance.surplus.values())} duplicated ({surplus!r}) by the "
            f"{report.source.parser} parser; run `bridgelaws check` for the report",
            file=sys.stderr,
        )
    return failed


def cmd_check(args: argparse.Namespace) -> int:
    sources, _ = _paths(args)
    corpus = pipeline.load(sources)
    concordance = pipeline.load_concordance(Path(args.content))
    linkage = pipeline.link(corpus, concordance)
    failed = _print_problems(corpus)
    for problem in [*concordance.errors, *linkage.warnings]:
        print(f"warning: {problem}", file=sys.stderr)
    for report in corpus.reports:
        form = f", {report.intake.form} read as {report.intake.encoding}" if report.intake else ""
        print(f"\n== {report.file or report.source.file} ({report.source.parser}{form})")
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
        _print_references(corpus, linkage, report.source.file)
        if not balance.ok:
            failed += 1
            print(
                f"   MISSING: {dict(balance.missing.most_common(15))}  SURPLUS: {dict(balance.surplus.most_common(15))}"
            )
    return 1 if failed else 0


def _print_references(corpus: Corpus, linkage: Linkage, file: str) -> None:
    """Citations found in a source's documents, and those that resolve nowhere."""
    for entry in corpus.entries:
        if entry.meta.source.file != file:
            continue
        references = linkage.of(entry.meta.id)
        unresolved = [r for r in references if r.unresolved]
        elsewhere = sum(1 for r in references for found in r.resolutions if found and found.elsewhere)
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
    for source, metas in manifest.read(sources / "manifest.toml").entries:
        if source.file == Path(args.file).name:
            report, _entries = parse_source(source, metas)
            if report.result is None:
                for error in report.errors:
                    print(f"error: {error}", file=sys.stderr)
                return 1
            sys.stdout.write(dump(report.result))
            return 0
    print(f"{args.file}: not in {sources / 'manifest.toml'}", file=sys.stderr)
    return 1


def cmd_concordance(args: argparse.Namespace) -> int:
    """Compute the 1997 ↔ 2007 concordance and write it (``--check``: only say whether it would change)."""
    from bridgelaws.stage3_link.concordance import compute as concordance_compute  # this command's alone

    sources, _ = _paths(args)
    corpus = pipeline.load(sources)
    missing = [doc for doc in (concordance_compute.OLD_TEXT, concordance_compute.NEW_TEXT) if not corpus.by_id(doc)]
    if missing:
        _print_problems(corpus)
        print(f"error: {', '.join(missing)} could not be read: the concordance is not computed", file=sys.stderr)
        return NOT_BUILT
    pairs = concordance_compute.compute(corpus)
    text = concordance_compute.to_toml(pairs)
    target = Path(args.content) / concordance_compute.FILE
    current = target.read_text(encoding="utf-8") if target.exists() else None
    if args.check:
        if current != text:
            print(f"out of date: {target}; run `bridgelaws concordance`", file=sys.stderr)
            return 1
        print(f"{target}: {len(pairs)} rows, up to date")
        return 0
    if current != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"{target}: {len(pairs)} rows, {'written' if current != text else 'unchanged'}")
    return 0


def cmd_terms(args: argparse.Namespace) -> int:
    """Compute what the texts align (content/terms/aligned.computed.toml) and check the term base against
    the texts; ``--check``: exit 1 if the alignment would change.  Exit 1 on any term base problem."""
    corpus = pipeline.load(_paths(args)[0])
    concordance = pipeline.load_concordance(Path(args.content))
    text = termbase.aligned_toml(corpus, concordance)
    target = Path(args.content) / termbase.ALIGNED_FILE
    current = target.read_text(encoding="utf-8") if target.exists() else None
    if args.check and current != text:
        print(f"out of date: {target}; run `bridgelaws terms`", file=sys.stderr)
        return 1
    if current != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    base = pipeline.load_terms(Path(args.content))
    problems = [*base.errors, *termbase.check(base, corpus)]
    if unknown_bid := search.check_vocabulary(Path(args.content), search.read_vocabulary(Path(args.content)), base):
        problems.append(unknown_bid)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    seeded = sum(1 for c in base.concepts for t in c.terms if t.seeded)
    print(
        f"{target}: {'unchanged' if current == text else 'written'}; {len(base.concepts)} concepts, "
        f"{seeded} of {sum(len(c.terms) for c in base.concepts)} terms seeded from the texts, {len(problems)} problems"
    )
    return 1 if problems else 0


def cmd_compounds(args: argparse.Namespace) -> int:
    """Split the Finnish texts' compounds with Voikko into content/search/compounds-fi.computed.toml
    (search indexes their parts); ``--check``: exit 1 if it was computed from other texts (no
    Voikko needed for that)."""
    ok, message = search.update_compounds(Path(args.content), pipeline.load(_paths(args)[0]), args.check)
    print(message, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bridgelaws", description=__doc__)
    parser.add_argument("--content", default="content", help="the content folder (sources/ and docs/)")
    commands = parser.add_subparsers(dest="command", required=True)
    generate_parser = commands.add_parser("generate", help="parse the sources and write content/docs")
    generate_parser.add_argument("--check", action="store_true", help="only report files that would change")
    generate_parser.set_defaults(run=cmd_generate)
    build_parser = commands.add_parser("build", help="generate, then mkdocs build --strict; exit 0/1/2 (see above)")
    build_parser.add_argument("--site-dir", default="site", help="where MkDocs writes the site")
    build_parser.set_defaults(run=cmd_build, check=False)
    serve_parser = commands.add_parser("serve", help="serve the built site, with its own 404 pages")
    serve_parser.add_argument("--site-dir", default="site", help="the built site")
    serve_parser.add_argument("--bind", default="127.0.0.1", help="the address to listen on (0.0.0.0: the LAN)")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.set_defaults(run=cmd_serve, writes=False)  # stopped as any server: nothing to undo
    commands.add_parser("check", help="print the parse report; fail if a character is unaccounted for").set_defaults(
        run=cmd_check
    )
    dump_parser = commands.add_parser("dump", help="print one source's parsed structure")
    dump_parser.add_argument("file")
    dump_parser.set_defaults(run=cmd_dump)
    concordance_parser = commands.add_parser(
        "concordance", help="compute the 1997-2007 concordance (Laws 1-18) and write content/concordance"
    )
    concordance_parser.add_argument("--check", action="store_true", help="exit 1 if the file would change")
    concordance_parser.set_defaults(run=cmd_concordance)
    terms_parser = commands.add_parser("terms", help="align the texts' terms and check content/terms")
    terms_parser.add_argument("--check", action="store_true", help="exit 1 if the alignment would change")
    terms_parser.set_defaults(run=cmd_terms)
    compounds_parser = commands.add_parser("compounds", help="split the Finnish compounds with Voikko (for search)")
    compounds_parser.add_argument("--check", action="store_true", help="exit 1 if the texts changed since")
    compounds_parser.set_defaults(run=cmd_compounds)
    args = parser.parse_args(argv)
    # a command that writes (generate, build …) is stopped by its own handler, which ends its
    # children and leaves the previous output; one that writes nothing stops as the signal says
    stopping = atomic.stoppable() if getattr(args, "writes", True) else contextlib.nullcontext()
    try:
        with stopping:
            code: int = args.run(args)
    except atomic.Interrupted as stop:
        return _stopped(args, stop)
    except (manifest.ManifestError, search.VocabularyError, search.CompoundsError, datafile.DataError) as error:
        print(f"error: {error}", file=sys.stderr)
        print("error: nothing was built", file=sys.stderr)
        return NOT_BUILT
    except Exception as error:
        # a bug, not bad input; the one-line message keeps the build log readable and the
        # traceback is one variable away
        if os.environ.get("BRIDGELAWS_TRACEBACK"):
            raise
        print(
            f"error: internal error ({type(error).__name__}: {error}); nothing was built. "
            "Set BRIDGELAWS_TRACEBACK=1 for the traceback and report it.",
            file=sys.stderr,
        )
        return NOT_BUILT
    return code


if __name__ == "__main__":
    raise SystemExit(main())
