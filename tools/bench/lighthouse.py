"""Lighthouse scores of the built site, as a phone sees it, and the audits that lose points.

Runs Lighthouse (pinned in ``tools/lighthouse/package.json``) in its default mobile profile
(an emulated mid-range Android phone, simulated slow 4G and a 4× slower CPU) against Debian's
headless Chromium, on the built site served from the loopback by the gzip-compressing server
of :mod:`bench.localsite`, so transfer sizes are what a real server would send.  The
pages of the kinds a reader meets first: the landing page, a law page, the side-by-side
compare view, and a search with results in every language.  Each page is measured several times from a cold
browser profile; the report gives the median score per category (performance,
accessibility, best practices, SEO), the median Largest Contentful Paint and bytes
transferred, then, per page, every audit that scored below 1 in any run with the elements or
resources it names, so the failures can be fixed without re-running Lighthouse.

Numbers, not pass/fail: scores from simulated throttling vary a few points between machines.
``PYTHONPATH=tools python -m bench.lighthouse [SITE] [--runs N] [--json-dir DIR]`` measures an
already built site (default ``site``) and prints the report.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from bench import firstvisit
from bench import search as bench_search
from bench.localsite import CHROMIUM, QUIET_FLAGS, serve

LIGHTHOUSE_DIR = Path(__file__).resolve().parent.parent / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
ANYWHERE_QUERY = "revoke"  # a word of every language's term base, so every block has results
PAGES = {
    # every type of page bench.firstvisit measures, the search pages as opened to type in (the 404
    # page, answered with status 404, is no page Lighthouse measures), the compare view with texts
    # chosen, the term details, My notes, the search page of every language with the first query
    # bench.search measures, and /search/ with a word of no one language
    **{name: address for name, address in firstvisit.PAGES.items() if "404" not in name},
    "compare view (law 13, two texts)": "compare/13/?c=fi-1997,fi-2007",
    "term details (fi, laws 40–49)": "fi/terms/40-49/",
    "my notes": "fi/notes/",
    **{f"search {lang}": f"{lang}/search/?q={quote(query)}" for lang, query in bench_search.QUERIES.items()},
    "search from anywhere, an English word": f"search/?q={quote(ANYWHERE_QUERY)}",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = ("--headless=new", *QUIET_FLAGS)  # a browser as readers have it, pop-ups and all
RUN_TIMEOUT_S = 300
ITEMS_SHOWN = 8  # rows per performance audit; accessibility, best-practice and SEO rows are all shown
SNIPPET_CHARS = 200

JSON = dict[str, Any]


class LighthouseError(RuntimeError):
    """Lighthouse could not be installed, or a run produced no usable result."""


@dataclass(frozen=True)
class Failure:
    """An audit that scored below 1, with what it points at (elements, resources, phases)."""

    audit: str
    category: str
    title: str
    display: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Run:
    """One Lighthouse run of one page."""

    version: str
    scores: dict[str, int | None]
    lcp_ms: float
    transfer_bytes: float
    lcp_element: tuple[str, ...]
    failures: tuple[Failure, ...]


def install() -> Path:
    """The pinned Lighthouse binary, installed from the lock file with ``npm ci`` if missing."""
    if LIGHTHOUSE.exists():
        return LIGHTHOUSE
    npm = shutil.which("npm")
    if npm is None:
        raise LighthouseError("npm is not installed")
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE_DIR, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not LIGHTHOUSE.exists():
        raise LighthouseError(f"npm ci failed in {LIGHTHOUSE_DIR}: {_tail(done.stderr)}")
    return LIGHTHOUSE


def lighthouse(binary: Path, url: str, output: Path) -> JSON:
    """Run Lighthouse once on ``url`` (mobile, simulated throttling); its JSON result."""
    command = [
        str(binary),
        url,
        "--output=json",
        f"--output-path={output}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROME_FLAGS)}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired as error:
        raise LighthouseError(f"timed out after {RUN_TIMEOUT_S} s on {url}") from error
    if done.returncode != 0 or not output.exists():
        raise LighthouseError(f"exit {done.returncode} on {url}: {_tail(done.stderr)}")
    result: JSON = json.loads(output.read_text(encoding="utf-8"))
    if result.get("runtimeError"):
        raise LighthouseError(f"{url}: {result['runtimeError'].get('message', result['runtimeError'])}")
    return result


def parse(result: JSON, base: str) -> Run:
    audits = result["audits"]
    return Run(
        version=str(result.get("lighthouseVersion", "?")),
        scores={name: _percent(result["categories"].get(name, {}).get("score")) for name in CATEGORIES},
        lcp_ms=float(audits["largest-contentful-paint"]["numericValue"]),
        transfer_bytes=float(audits["total-byte-weight"]["numericValue"]),
        lcp_element=tuple(_describe(item, base) for item in _items(audits["largest-contentful-paint-element"])),
        failures=tuple(failures(result, base)),
    )


def failures(result: JSON, base: str) -> Iterator[Failure]:
    """Audits of the measured categories scoring below 1, in category order.

    Audits Lighthouse itself hides (the "insight" duplicates of visible audits, TTI, max
    potential FID) are left out; so are informative and not-applicable ones (score ``null``).
    """
    for category in CATEGORIES:
        for ref in result["categories"].get(category, {}).get("auditRefs", []):
            audit = result["audits"].get(ref["id"], {})
            score = audit.get("score")
            if ref.get("group") == "hidden" or score is None or score >= 1:
                continue
            yield Failure(
                audit=ref["id"],
                category=category,
                title=str(audit.get("title", ref["id"])),
                display=str(audit.get("displayValue", "")),
                items=tuple(_describe(item, base) for item in _items(audit)),
            )


def _items(audit: JSON) -> Iterator[JSON]:
    """The rows of an audit's details, nested lists (the LCP element's tables) flattened."""
    details = audit.get("details", audit)
    if details.get("type") == "debugdata":
        return
    for item in details.get("items", []):
        if isinstance(item, dict) and item.get("type") in {"table", "opportunity", "list"}:
            yield from _items(item)
        elif isinstance(item, dict):
            yield item


def _describe(item: JSON, base: str) -> str:
    """One row as Markdown: the element (selector, snippet, why) or resource and its cost."""
    parts: list[str] = []
    for value in item.values():
        if isinstance(value, dict) and value.get("type") == "node":
            parts.append(_node(value))
    if "url" in item:
        parts.append(_code(_local(str(item["url"]), base)))
    location = item.get("sourceLocation")
    if isinstance(location, dict) and location.get("url"):
        parts.append(_code(f"{_local(str(location['url']), base)}:{location.get('line', 0)}"))
    if "phase" in item:
        parts.append(f"{item['phase']}: {float(item.get('timing', 0)):.0f} ms ({item.get('percent', '')})")
    parts.extend(_costs(item))
    if item.get("description"):
        parts.append(_clean(str(item["description"])))
    parts.extend(_reasons(item))
    return " — ".join(part for part in parts if part) or _code(json.dumps(item)[:SNIPPET_CHARS])


def _node(node: JSON) -> str:
    explanation = _clean(str(node.get("explanation", "")).replace("Fix any of the following:", ""))
    explanation = explanation.replace("Fix all of the following:", "").strip()
    label = _clean(str(node.get("nodeLabel", "")))
    text = f"{_code(str(node.get('selector', '')))} {_code(str(node.get('snippet', '')))}"
    if label and label != node.get("selector"):
        text += f" “{label[:80]}”"
    return f"{text} — {explanation}" if explanation else text


def _costs(item: JSON) -> Iterator[str]:
    if item.get("groupLabel"):
        yield f"{item['groupLabel']}: {float(item.get('duration', 0)):.0f} ms"
    for key, label in (("totalBytes", "size"), ("wastedBytes", "wasted")):
        if isinstance(item.get(key), int | float) and item[key] > 0:
            yield f"{label} {item[key] / 1024:.1f} KiB"
    if isinstance(item.get("wastedMs"), int | float):
        yield f"wasted {item['wastedMs']:.0f} ms"
    if isinstance(item.get("cacheLifetimeMs"), int | float):
        yield f"cache {item['cacheLifetimeMs'] / 1000:.0f} s"


def _reasons(item: JSON) -> Iterator[str]:
    sub = item.get("subItems")
    if isinstance(sub, dict):
        for entry in sub.get("items", []):
            if isinstance(entry, dict) and entry.get("reason"):
                yield _clean(str(entry["reason"]))


def measure(binary: Path, base: str, path: str, runs: int, keep: Path) -> list[Run]:
    return [
        parse(lighthouse(binary, base + path, keep / f"{_slug(path)}-{index + 1}.json"), base) for index in range(runs)
    ]


def merged(runs: Sequence[Run]) -> list[tuple[Failure, int]]:
    """Failures over all runs, once per audit as the first failing run saw it, with how many runs had each."""
    seen: dict[str, tuple[Failure, int]] = {}
    for run in runs:
        for failure in run.failures:
            first, count = seen.get(failure.audit, (failure, 0))
            seen[failure.audit] = (first, count + 1)
    return list(seen.values())


def table_row(name: str, path: str, runs: Sequence[Run]) -> str:
    scores = [_median_score(run.scores[category] for run in runs) for category in CATEGORIES]
    lcp = statistics.median(run.lcp_ms for run in runs)
    transfer = statistics.median(run.transfer_bytes for run in runs)
    return f"| {name} | `/{path}` | {' | '.join(scores)} | {lcp:.0f} ms | {transfer / 1024:.0f} KB |"


def failure_lines(name: str, path: str, runs: Sequence[Run]) -> list[str]:
    lines = ["", f"**{name}** (`/{path}`):", ""]
    if runs and runs[0].lcp_element:
        lines.append(f"- LCP element (run 1): {'; '.join(runs[0].lcp_element)}")
    found = merged(runs)
    if not found:
        return [*lines, "- every audit passed"]
    for failure, count in found:
        display = f": {failure.display}" if failure.display else ""
        often = "" if count == len(runs) else f" (in {count} of {len(runs)} runs)"
        lines.append(f"- {failure.category} · `{failure.audit}` — {_clean(failure.title)}{display}{often}")
        shown = failure.items if failure.category != "performance" else failure.items[:ITEMS_SHOWN]
        lines.extend(f"    - {item}" for item in shown)
        if len(failure.items) > len(shown):
            lines.append(f"    - … and {len(failure.items) - len(shown)} more")
    return lines


def report(site: Path, runs: int = 3, json_dir: Path | None = None) -> list[str]:
    """Markdown lines: the score table, then each page's audits below 1.

    ``json_dir`` keeps Lighthouse's JSON results (``<page>-<run>.json``); by default they go
    to a temporary directory that is removed.
    """
    if runs < 1:
        raise ValueError(f"runs must be at least 1, not {runs}")
    if not Path(CHROMIUM).exists():
        return ["- Lighthouse: not measured (no Debian chromium: `make browser`)"]
    try:
        binary = install()
    except LighthouseError as error:
        return [f"- Lighthouse: not measured ({error})"]
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as scratch:
        keep = json_dir or Path(scratch)
        keep.mkdir(parents=True, exist_ok=True)
        with serve(site) as base:
            results = {name: _measure_or_error(binary, base, path, runs, keep) for name, path in PAGES.items()}
    return _render(results, runs)


def _measure_or_error(binary: Path, base: str, path: str, runs: int, keep: Path) -> list[Run] | str:
    try:
        return measure(binary, base, path, runs, keep)
    except LighthouseError as error:
        return str(error)


def _render(results: dict[str, list[Run] | str], runs: int) -> list[str]:
    versions = sorted({run.version for page in results.values() if not isinstance(page, str) for run in page})
    lines = [
        f"Lighthouse {', '.join(versions) or '?'}, mobile profile (simulated slow 4G, 4× CPU slowdown), "
        f"Debian headless Chromium, gzip server on the loopback; median of {runs} runs:",
        "",
        "| page | URL | performance | accessibility | best practices | SEO | LCP | transferred |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, page in results.items():
        if isinstance(page, str):
            lines.append(f"| {name} | `/{PAGES[name]}` | failed: {_clean(page)} | | | | | |")
        else:
            lines.append(table_row(name, PAGES[name], page))
    lines += ["", "Audits scoring below 1 (any run; deduplicated):"]
    for name, page in results.items():
        if not isinstance(page, str):
            lines += failure_lines(name, PAGES[name], page)
    return lines


def _percent(score: object) -> int | None:
    return round(score * 100) if isinstance(score, int | float) else None


def _median_score(scores: Iterable[int | None]) -> str:
    known = [score for score in scores if score is not None]
    return f"{statistics.median(known):.0f}" if known else "–"


def _local(url: str, base: str) -> str:
    return "/" + url[len(base) :] if url.startswith(base) else url


def _slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "index"


def _clean(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _code(text: str) -> str:
    text = " ".join(text.replace("`", "'").split())
    if len(text) > SNIPPET_CHARS:
        text = text[: SNIPPET_CHARS - 1] + "…"
    return f"`{text}`" if text else ""


def _tail(text: str, lines: int = 5) -> str:
    return " / ".join(text.strip().splitlines()[-lines:])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", nargs="?", type=Path, default=Path("site"), help="built site (default: site)")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (default: 3)")
    parser.add_argument("--json-dir", type=Path, help="keep Lighthouse's JSON results here")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not (args.site / "index.html").exists():
        parser.error(f"{args.site} is not a built site (no index.html): run `make build` first")
    print("\n".join(report(args.site, args.runs, args.json_dir)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
