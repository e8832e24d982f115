"""``make bench``: build time, page weight and search payload, as numbers.

Measures on this machine, in one run: the time of ``bridgelaws generate`` and of a strict
``mkdocs build`` (Pagefind included), the compressed weight (gzip -6, what a server sends) of
one page of each type with the stylesheets and scripts it loads as it opens, a phone's first visit to each
type of page as Chromium downloads it (:mod:`bench.firstvisit`), what each language's offline
copy downloads, Lighthouse mobile scores (:mod:`bench.lighthouse`), build time on a
synthetic corpus 5× and 20× larger against a plain Material build (:mod:`bench.scale`),
and, per language, what a first search costs in headless Chromium (:mod:`bench.search`): the bytes it
downloads and the time until results show, on the loopback and on an emulated slow phone
network, and the size of each file of the open-data export (``api/``: the index, the
documents' texts, the translation memories and the term base).  Writes ``bench/report.md``
and prints it.  Numbers, not pass/fail: the tests check
behaviour; this tracks cost.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath

from bench import firstvisit as bench_firstvisit
from bench import lighthouse as bench_lighthouse
from bench import scale as bench_scale
from bench import search as bench_search
from bridgelaws.stage5_site import offline

PAGE_TYPES = {
    "landing": "index.html",
    "law (fi 1997, long)": "fi/1997/12/index.html",
    "law (fi 2007)": "fi/2007/13/index.html",
    "law (sv 2007)": "sv/2007/13/index.html",
    "PZBS point": "pl/2017/pzbs/25/index.html",
    "document start page": "fi/1997/index.html",
    "law missing in a language": "pl/laws/13/index.html",
    "compare view (law 13, all texts)": "compare/13/index.html",
    "search page": "fi/search/index.html",
    "search from anywhere": "search/index.html",
    "term index (sv)": "sv/terms/index.html",
    "term details (fi, laws 40–49)": "fi/terms/40-49/index.html",
}
ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src)="([^"]+\.(?:css|js))"')
# a <template>'s content is inert: the search pages' engine files, loaded only when the page needs them
TEMPLATE = re.compile(r"<template\b.*?</template>", re.DOTALL)


def loaded_links(html: str) -> set[str]:
    """The stylesheets and scripts a page loads as it opens: those it links, outside a <template>."""
    return set(ASSET.findall(TEMPLATE.sub("", html)))


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - start


def page_weight(site: Path, relative: str) -> tuple[int, int]:
    """(HTML bytes gzipped, HTML + its CSS and JS gzipped)."""
    page = site / relative
    html = page.read_text(encoding="utf-8")
    total = gz(page)
    for link in loaded_links(html):
        asset = (page.parent / link).resolve()
        if asset.exists():
            total += gz(asset)
    return gz(page), total


ALREADY_COMPRESSED = {".png", ".pagefind", ".pf_meta", ".pf_index", ".pf_fragment", ".pf_filter"}


def offline_download(site: Path) -> list[str]:
    """What the service worker downloads to keep each language offline (bridgelaws.offline)."""
    lines = ["| kept offline | files | on the device | downloaded (gzip) |", "|---|---:|---:|---:|"]
    # each language's list (offline/<lang>.json), not the list of every page (offline/pages.json)
    for listing in sorted((site / "offline").glob("*.json")):
        if listing.name == PurePosixPath(offline.PAGES).name:
            continue
        files = json.loads(listing.read_text(encoding="utf-8"))["files"]
        paths = [offline.file_of(site, url) for url, _ in files]
        raw = sum(path.stat().st_size for path in paths)
        sent = sum(path.stat().st_size if path.suffix in ALREADY_COMPRESSED else gz(path) for path in paths)
        lines.append(f"| {listing.stem} | {len(files)} | {raw / 1e6:.1f} MB | {sent / 1e6:.2f} MB |")
    return lines


def export_sizes(site: Path) -> list[str]:
    """The open-data export and the translators' formats: each file's bytes, raw and gzipped."""
    api = site / "api"
    lines = ["| export file | bytes | gzip |", "|---|---:|---:|"]
    files = sorted(path for path in api.rglob("*") if path.is_file()) if api.is_dir() else []
    for path in files:
        name, raw = path.relative_to(site).as_posix(), path.stat().st_size
        lines.append(f"| {name} | {raw / 1024:.1f} KB | {gz(path) / 1024:.1f} KB |")
    raw, sent = sum(path.stat().st_size for path in files), sum(gz(path) for path in files)
    lines.append(f"| all {len(files)} files | {raw / 1024:.1f} KB | {sent / 1024:.1f} KB |")
    return lines


def main() -> int:
    root = Path.cwd()
    site = root / "bench" / "site"
    generate_s = timed([sys.executable, "-m", "bridgelaws.cli", "generate"])
    build_s = timed([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)])
    pages = list(site.rglob("*.html"))
    lines = [
        "# Benchmark",
        "",
        f"- generate (parse 5 sources, write Markdown): {generate_s:.2f} s",
        f"- mkdocs build --strict (5 languages): {build_s:.2f} s for {len(pages)} pages "
        f"({1000 * build_s / max(len(pages), 1):.1f} ms/page)",
        f"- site size: {sum(p.stat().st_size for p in site.rglob('*') if p.is_file()) / 1e6:.1f} MB",
        "",
        "| page | HTML (gzip) | HTML + CSS + JS (gzip) |",
        "|---|---:|---:|",
    ]
    for name, relative in PAGE_TYPES.items():
        if (site / relative).exists():
            html_gz, total_gz = page_weight(site, relative)
            lines.append(f"| {name} | {html_gz / 1024:.1f} KB | {total_gz / 1024:.1f} KB |")
    lines += ["", *bench_firstvisit.report(site)]
    lines += ["", *offline_download(site)]
    lines += ["", *export_sizes(site)]
    index = site / "pagefind"
    if index.exists():
        per_language = {
            lang: sum(f.stat().st_size for f in index.rglob(f"*{lang}_*") if f.is_file())
            for lang in ("fi", "sv", "tr", "pl")
        }
        sizes = ", ".join(f"{lang} {size / 1024:.0f} KB" for lang, size in per_language.items())
        lines += ["", f"- Pagefind index on disk (compressed chunks, fetched a few at a time): {sizes}"]
        lines += ["", *bench_search.report(site)]
    lines += ["", *bench_lighthouse.report(site)]
    lines += ["", *bench_scale.report()]
    report = "\n".join(lines) + "\n"
    (root / "bench" / "report.md").write_text(report, encoding="utf-8")
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
