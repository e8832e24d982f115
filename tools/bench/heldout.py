"""Held-out concept queries: how often the governing law is among the first three results.

A held-out set is a TOML file of ``[[query]]`` rows (``lang``, ``query``, ``laws``: the 2017 laws
a director would open first, ``note``), written by someone who has not read the repository
(``tests/fixtures/concepts_heldout.toml`` is a spent one: its header says how such a set is made).
Fresh sets are kept out of the repository: once search is tuned on a query, it measures nothing.

Each set is split by position within its language: the 1st, 3rd, 5th … query of each language
form the **test** half (only counted), the others the **dev** half (looked at, tuned on).  Count
a test half rarely — each count wears it — and say in the issue how often it was counted.

    PYTHONPATH=tools .venv/bin/python -m bench.heldout site FILE [--half test|dev|all] [--misses] [--fresh]

``--misses`` prints the queries whose laws are not among the first three (never for the test
half: looking at them makes it a dev half).  The queries are typed one after another on one
search page per language (:mod:`bench.searchdriver`); ``--fresh`` loads the page for each.
"""

from __future__ import annotations

import argparse
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench.localsite import browser_on
from bench.searchdriver import SearchDriver, Searcher

FIRST = 3  # the governing law among the first three results
HALVES = ("test", "dev", "all")


@dataclass(frozen=True)
class Query:
    lang: str
    query: str
    laws: tuple[int, ...]
    half: str  # "test" or "dev"


def load(path: Path) -> list[Query]:
    """The set's queries, each with its half (the 1st, 3rd … of its language: test)."""
    rows = tomllib.loads(path.read_text(encoding="utf-8"))["query"]
    seen: Counter[str] = Counter()
    queries = []
    for row in rows:
        position = seen[row["lang"]]
        seen[row["lang"]] += 1
        queries.append(Query(row["lang"], row["query"], tuple(row["laws"]), "test" if position % 2 == 0 else "dev"))
    return queries


def result_key(href: str) -> str:
    """The law (across editions) or regulation point a result stands for: ``law:13``."""
    path = urlsplit(href).path.strip("/").split("/")
    if len(path) >= 3 and path[1] == "laws" and path[2].isdigit():
        return f"law:{path[2]}"  # the language's page for a law it lacks
    if path[-1] == "definitions":
        return "definitions:" + "/".join(path[:-1])
    if len(path) == 3 and path[2].isdigit():
        return f"law:{path[2]}"
    return "/".join(path)


def first_results(driver: Searcher, lang: str, query: str) -> list[str]:
    """The keys of the first results of a search, once it has finished."""
    return [result_key(href) for href in driver.search(lang, query)[:FIRST]]


def missed(driver: Searcher, queries: list[Query]) -> list[tuple[Query, list[str]]]:
    """The queries none of whose laws is among the first results, with those results."""
    misses = []
    for query in queries:
        keys = first_results(driver, query.lang, query.query)
        if not any(f"law:{law}" in keys for law in query.laws):
            misses.append((query, keys))
    return misses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.heldout", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("file", type=Path)
    parser.add_argument("--half", choices=HALVES, default="all")
    parser.add_argument("--misses", action="store_true", help="print the missed queries (not for the test half)")
    parser.add_argument("--fresh", action="store_true", help="load the search page for each query")
    args = parser.parse_args(argv)
    if args.misses and args.half == "test":
        parser.error("--misses shows the test half's queries: count it only")
    queries = [query for query in load(args.file) if args.half in ("all", query.half)]
    with browser_on(args.site) as (base, browser):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        misses = missed(SearchDriver(context, base, fresh=args.fresh), queries)
    languages = dict.fromkeys(query.lang for query in queries)
    per_language = ", ".join(
        f"{lang} {sum(q.lang == lang for q in queries) - sum(q.lang == lang for q, _ in misses)}"
        f"/{sum(q.lang == lang for q in queries)}"
        for lang in languages
    )
    print(f"{args.half}: {len(queries) - len(misses)}/{len(queries)} ({per_language})")
    if args.misses:
        for query, keys in misses:
            print(f"  {query.lang} {query.query!r} {list(query.laws)} → {', '.join(keys)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
