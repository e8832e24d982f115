"""Fit the concept ranking's weights (``content/search.toml`` ``[engine] ranking``) on the
development query sets, under Node on a built site (``tools/bench/js/fit-ranking.mjs`` says how).

    PYTHONPATH=tools .venv/bin/python -m bench.fit_ranking site [SET.toml ...]

The sets are held-out sets' files (:mod:`bench.heldout`); by default the spent ones in
``tests/fixtures`` (every query of a spent set is a development query now).  Never give it a
fresh set: fitted on, it measures nothing.  Prints how many queries the shipped weights and the
fitted ones answer (by what they name, and by the governing law among the first three results,
as bench.heldout counts), and the fitted weights as search.toml's line; the file is not changed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

from bench.heldout import FIRST, load, result_key

ROOT = Path(__file__).resolve().parents[2]
TOOL = Path(__file__).resolve().parent / "js" / "fit-ranking.mjs"
FIXTURES = ROOT / "tests" / "fixtures"
SPENT = [FIXTURES / "concepts_heldout.toml", *sorted((FIXTURES / "spent").glob("*.toml"))]


def fit(site: Path, sets: list[Path]) -> dict[str, object]:
    """The fitting tool's answer for the queries of ``sets`` on the site in ``site``."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench.fit_ranking: needs Node.js (make node)")
    queries = [{"lang": q.lang, "query": q.query, "laws": list(q.laws)} for path in sets for q in load(path)]
    done = subprocess.run(
        [node, str(TOOL)],
        input=json.dumps(queries),
        capture_output=True,
        text=True,
        check=True,
        env={"BRIDGELAWS_SITE": str(site.resolve()), "PATH": str(Path(node).parent)},
    )
    answer: dict[str, object] = json.loads(done.stdout)
    pages = answer.pop("pages")
    assert isinstance(pages, dict)
    answer["first_three"] = {
        name: sum(
            any(f"law:{law}" in [result_key(href) for href in hrefs[:FIRST]] for law in query["laws"])
            for query, hrefs in zip(queries, pages[name], strict=True)
        )
        for name in ("shipped", "fitted")
    }
    return answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.fit_ranking", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("sets", type=Path, nargs="*")
    args = parser.parse_args(argv)
    answer = fit(args.site, args.sets or SPENT)
    weights = answer.pop("weights")
    print(json.dumps(answer))
    assert isinstance(weights, dict)
    print("ranking = { " + ", ".join(f"{name} = {value:g}" for name, value in weights.items()) + " }")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
