"""``make bench`` at scale: full build time on synthetic corpora k× larger, against plain Material.

What it measures, in one run, for each factor k (1, 5 and 20 by default):

* **project build**: ``bridgelaws generate`` from the sources, then ``mkdocs build --strict``
  with the project's own ``mkdocs.yml`` (theme overrides, hooks, extra CSS/JS and the
  post-build Pagefind index, as ``make build`` runs it);
* **plain build**: ``mkdocs build --strict`` of the *same generated Markdown* with a minimal
  Material configuration: the project's theme features, Markdown extensions and i18n plugin
  settings (so the same pages render in the same languages), Material's default search
  plugin, and nothing of the project's (no ``custom_dir``, hooks, extra CSS/JS or Pagefind).

The corpus at factor k is the real one plus k−1 copies of every source, each copy a new
document of the same language and edition (``fi-2007`` → ``fi-2007-copy2`` at
``/fi/2007-copy2/``), so the site grows the way it would with more texts: more documents,
more columns in the compare views, more links on the hubs, more search data
(:mod:`bench.scale_corpus` writes it).  Each copy is checked to be a real document of the built
site (its pages, compare column, hub link, search data, export record, language switcher and
Pagefind pages) before its time counts.

Why: the requirement is that build time grows no worse than linearly with the corpus (20×
the corpus in at most 20× the time) and that the project's own processing (generation,
templates, hooks, Pagefind) adds at most 50 % to what Material alone needs for the same
pages.  The ratio project/plain is measured on the same machine in the same run, so it does
not depend on how fast the machine is.

``PYTHONPATH=tools python -m bench.scale [FACTOR …] [--workdir DIR]`` prints the Markdown report.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.utils.yaml import yaml_load

from bench.scale_corpus import PROJECT_CONFIG, BenchError, copy_problems, make_project
from bridgelaws.core.model import DocumentMeta

ROOT = Path(__file__).resolve().parents[2]  # tools/bench/scale.py → the project
FACTORS = (1, 5, 20)
MAX_RATIO = 1.5  # project build ≤ 1.5 × plain Material build
PLAIN_CONFIG = "mkdocs.plain.yml"
PLAIN_SITE = "site-plain"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

# Steps of the project's post-build hook timed on their own (module, function): each is
# called through its module by ``mkdocs_hooks.on_post_build``, so wrapping it there times it.
POST_BUILD_STEPS = (
    ("pagefind", "bridgelaws.search.pagefind", "index_site"),
    ("offline", "bridgelaws.stage5_site.offline", "write"),
)

# ``mkdocs build`` as ``python -m mkdocs`` runs it, with the post-build steps timed (a step
# the project no longer has is skipped; nothing else changes).
TIMED_MKDOCS = f"""
import importlib, sys, time
def timed(name, module, function):
    try:
        owner = importlib.import_module(module)
        original = getattr(owner, function)
    except (ImportError, AttributeError):
        return
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            print(f"bench-scale step {{name}} {{time.perf_counter() - start:.6f}}", file=sys.stderr)
    setattr(owner, function, wrapper)
for step in {POST_BUILD_STEPS!r}:
    timed(*step)
from mkdocs.__main__ import cli
sys.argv = ["mkdocs", *sys.argv[1:]]
cli()
"""
STEP_TIME = re.compile(r"^bench-scale step (\S+) ([0-9.]+)$", re.MULTILINE)
DOCUMENTS = re.compile(r"; (\d+) documents( from|$)", re.MULTILINE)  # generate: "…; 9 documents from 5 of 5 sources"


# -- the plain Material configuration ------------------------------------------------------------


def read_config(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return yaml_load(handle)


def i18n_settings(config: dict[str, Any]) -> dict[str, Any]:
    """The project's mkdocs-static-i18n settings (plugins given as a list or a mapping)."""
    plugins = config.get("plugins", [])
    items = (
        plugins.items()
        if isinstance(plugins, dict)
        else [next(iter(p.items())) for p in plugins if isinstance(p, dict)]
    )
    for name, settings in items:
        if name == "i18n" and isinstance(settings, dict):
            return settings
    raise BenchError("the project's mkdocs.yml has no i18n plugin settings to copy")


def plain_config(config: dict[str, Any]) -> dict[str, Any]:
    """Material alone on the same Markdown: same features, extensions, languages and checks."""
    theme = config.get("theme", {})
    plain: dict[str, Any] = {
        "site_name": config["site_name"],
        "docs_dir": config.get("docs_dir", "docs"),
        "site_dir": PLAIN_SITE,
        "use_directory_urls": config.get("use_directory_urls", True),
        "theme": {"name": "material", "language": theme.get("language", "en"), "features": theme.get("features", [])},
        "plugins": ["search", {"i18n": i18n_settings(config)}],
        "markdown_extensions": config.get("markdown_extensions", []),
    }
    for key in ("not_in_nav", "validation"):
        if key in config:
            plain[key] = config[key]
    return plain


def write_plain_config(project: Path) -> None:
    config = plain_config(read_config(project / PROJECT_CONFIG))
    text = "# Plain Material build of the same Markdown (bench.scale); JSON is YAML.\n"
    (project / PLAIN_CONFIG).write_text(
        text + json.dumps(config, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


# -- running and counting ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    seconds: float
    stdout: str
    stderr: str
    cpu: float = 0.0  # processor seconds of the command and what it ran (Pagefind too)


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(command: list[str], cwd: Path) -> Run:
    """Run a command, timed with ``perf_counter`` and by the processor time it and its children
    used (on a machine others share, the wall clock also counts their work); raise
    :class:`BenchError` when it fails."""
    start, cpu = time.perf_counter(), _cpu()
    done = subprocess.run(command, cwd=cwd, env=ENV, capture_output=True, text=True, check=False)
    seconds, cpu = time.perf_counter() - start, _cpu() - cpu
    if done.returncode != 0:
        shown = " ".join(command if command[1] != "-c" else [command[0], "-c", "…", *command[3:]])
        raise BenchError(f"{shown} (in {cwd}) exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return Run(seconds, done.stdout, done.stderr, cpu)


def count_files(folder: Path, pattern: str) -> int:
    return sum(1 for path in folder.rglob(pattern) if path.is_file())


def disk_bytes(folder: Path) -> int:
    return sum(path.lstat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def document_pages(docs: Path, documents: Iterable[DocumentMeta]) -> int:
    """Generated Markdown files inside some document's folder (its own pages)."""
    prefixes = {f"{meta.lang}/{meta.path}/" for meta in documents}
    return sum(
        1
        for path in docs.rglob("*.md")
        if any(path.relative_to(docs).as_posix().startswith(prefix) for prefix in prefixes)
    )


def pagefind_pages(site: Path) -> dict[str, int]:
    """Pages Pagefind indexed, per language (``pagefind-entry.json``)."""
    entry = site / "pagefind" / "pagefind-entry.json"
    if not entry.exists():
        return {}
    languages = json.loads(entry.read_text(encoding="utf-8")).get("languages", {})
    return {lang: int(data.get("page_count", 0)) for lang, data in sorted(languages.items())}


# -- one factor ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Measurement:
    factor: int
    documents: int
    markdown_files: int
    document_pages: int
    generate_s: float
    mkdocs_s: float
    post_build: dict[str, float]  # the project's post-build steps (inside mkdocs_s)
    plain_s: float
    project_pages: int
    plain_pages: int
    html_bytes: int
    pagefind_pages: dict[str, int]
    disk: int
    problems: tuple[str, ...]
    project_cpu: float = 0.0  # generate + mkdocs, processor seconds
    plain_cpu: float = 0.0

    @property
    def project_s(self) -> float:
        return self.generate_s + self.mkdocs_s

    @property
    def ratio(self) -> float:
        return self.project_s / self.plain_s

    @property
    def cpu_ratio(self) -> float:
        return self.project_cpu / max(self.plain_cpu, 1e-9)


def timed_build(project: Path, config: str, steps: bool) -> Run:
    """``mkdocs build --strict`` after ``sync``, so no earlier step's writes are flushed in it."""
    os.sync()
    runner = ["-c", TIMED_MKDOCS] if steps else ["-m", "mkdocs"]
    return run([sys.executable, *runner, "build", "--strict", "-f", config], project)


def measure(root: Path, project: Path, factor: int) -> Measurement:
    """Build the factor-k corpus both ways and check the copies are real documents."""
    documents = make_project(root, project, factor)
    write_plain_config(project)
    content = project / "content"
    os.sync()
    generate = run([sys.executable, "-m", "bridgelaws.cli", "--content", str(content), "generate"], project)
    build = timed_build(project, PROJECT_CONFIG, steps=True)
    plain = timed_build(project, PLAIN_CONFIG, steps=False)
    counted = DOCUMENTS.search(generate.stdout)
    copies = [meta for meta in documents if meta.id.endswith(f"-copy{factor}")]
    site = project / "site"
    return Measurement(
        factor=factor,
        documents=int(counted[1]) if counted else 0,
        markdown_files=count_files(content / "docs", "*.md"),
        document_pages=document_pages(content / "docs", documents),
        generate_s=generate.seconds,
        mkdocs_s=build.seconds,
        post_build={name: float(seconds) for name, seconds in STEP_TIME.findall(build.stderr)},
        plain_s=plain.seconds,
        project_pages=count_files(site, "*.html"),
        plain_pages=count_files(project / PLAIN_SITE, "*.html"),
        html_bytes=sum(path.stat().st_size for path in site.rglob("*.html")),
        pagefind_pages=pagefind_pages(site),
        disk=disk_bytes(project),
        problems=tuple(problem for meta in copies for problem in copy_problems(project, meta)),
        project_cpu=generate.cpu + build.cpu,
        plain_cpu=plain.cpu,
    )


# -- the report ---------------------------------------------------------------------------------------


def ms_per_page(seconds: float, pages: int) -> str:
    return f"{1000 * seconds / max(pages, 1):.1f}"


def post_build_cell(steps: dict[str, float]) -> str:
    return " + ".join(f"{name} {seconds:.1f}" for name, seconds in steps.items()) or "n/a"


def table(results: list[Measurement]) -> list[str]:
    base = results[0]
    lines = [
        "| k | documents | .md files (in documents) | pages project / plain | HTML KB/page "
        "| project s = generate + mkdocs | of which post-build s | plain s | ms/page project / plain "
        f"| project / plain | of processor time | growth ÷ k={base.factor}: project / plain | disk |",
        "|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for m in results:
        lines.append(
            f"| {m.factor} | {m.documents} | {m.markdown_files} ({m.document_pages}) "
            f"| {m.project_pages} / {m.plain_pages} | {m.html_bytes / 1024 / max(m.project_pages, 1):.0f} "
            f"| {m.project_s:.1f} = {m.generate_s:.1f} + {m.mkdocs_s:.1f} | {post_build_cell(m.post_build)} "
            f"| {m.plain_s:.1f} | {ms_per_page(m.project_s, m.project_pages)} / "
            f"{ms_per_page(m.plain_s, m.plain_pages)} "
            f"| {m.ratio:.2f} | {m.cpu_ratio:.2f} "
            f"| {m.project_s / base.project_s:.1f}× / {m.plain_s / base.plain_s:.1f}× "
            f"(k {m.factor / base.factor:g}×) | {m.disk / 1e6:.0f} MB |"
        )
    return lines


def scaling_checks(results: list[Measurement]) -> list[str]:
    """Does the corpus really grow k×: documents, their pages, Pagefind's pages, copies' links?"""
    base = results[0]
    lines = []
    for m in results[1:]:
        scale = m.factor / base.factor
        expected = {
            "documents": (m.documents, base.documents * scale),
            "document pages (.md)": (m.document_pages, base.document_pages * scale),
            **{
                f"Pagefind pages {lang}": (count, base.pagefind_pages.get(lang, 0) * scale)
                for lang, count in m.pagefind_pages.items()
            },
        }
        wrong = [f"{name} {got} (expected {want:g})" for name, (got, want) in expected.items() if got != want]
        grown = "; ".join(wrong) if wrong else "documents, their pages and Pagefind's pages grow exactly k×"
        real = (
            "every copy has its pages, compare column, hub link, search data, export record and switcher"
            if not m.problems
            else "copies that are not real documents:"
        )
        lines.append(f"- k={m.factor}: {grown}; {real}")
        lines.extend(f"  - {problem}" for problem in m.problems)
    return lines


def verdicts(results: list[Measurement]) -> list[str]:
    base, largest = results[0], results[-1]
    scale = largest.factor / base.factor
    growth = largest.project_s / base.project_s
    worst = max(results, key=lambda m: m.ratio)
    linear = "PASS" if growth <= scale else "FAIL"
    cheap = "PASS" if worst.ratio <= MAX_RATIO else "FAIL"
    return [
        f"- {linear}: {scale:g}× the corpus builds in {growth:.1f}× the time (limit {scale:g}×; "
        f"plain Material: {largest.plain_s / base.plain_s:.1f}×)",
        f"- {cheap}: the project's build is at most {worst.ratio:.2f}× a plain Material build "
        f"(worst at k={worst.factor}; limit {MAX_RATIO:g}×); in processor time at most "
        f"{max(m.cpu_ratio for m in results):.2f}×",
    ]


def report(factors: tuple[int, ...] = FACTORS, workdir: Path | None = None) -> list[str]:
    """Measure every factor (in ``workdir``, else a temporary folder removed afterwards)."""
    factors = tuple(sorted(set(factors)))
    if workdir is not None and workdir.exists() and any(workdir.iterdir()):
        raise BenchError(f"{workdir}: not empty; give a new folder")
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as temporary:
        folder = workdir or Path(temporary)
        start = time.perf_counter()
        results = [measure(ROOT, folder / f"k{factor}", factor) for factor in factors]
        wall = time.perf_counter() - start
    return [
        "## Build time at scale",
        "",
        f"Synthetic corpora k× the real one (k−1 copies of each source as new documents); project = "
        f"`bridgelaws generate` + `mkdocs build --strict` (Pagefind included); plain = Material alone "
        f"building the same Markdown. One run each, {wall:.0f} s in all.",
        "",
        *table(results),
        "",
        *scaling_checks(results),
        "",
        *verdicts(results),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="PYTHONPATH=tools python -m bench.scale", description=__doc__.split("\n")[0])
    parser.add_argument("factors", nargs="*", type=int, default=list(FACTORS), help="corpus sizes (default 1 5 20)")
    parser.add_argument("--workdir", type=Path, help="build here and keep it (must not exist yet); default: a temp dir")
    args = parser.parse_args(argv)
    if any(factor < 1 for factor in args.factors):
        parser.error("factors are whole numbers from 1")
    try:
        print("\n".join(report(tuple(args.factors), args.workdir)))
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
