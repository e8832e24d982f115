"""The search engine under Node on a built site (tests/js/driver.mjs): a query's first page, the
links a fresh search page shows, in milliseconds rather than a browser's second."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DRIVER = Path(__file__).resolve().parent / "js" / "driver.mjs"
NODE = shutil.which("node")


class NodeSearch:
    """One Node process answering queries in order (the engines it made kept between them)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def first_page(self, lang: str, query: str, edition: str = "") -> list[str]:
        """The hrefs of the results a fresh search page shows first, in order."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"lang": lang, "query": query, "edition": edition}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"{lang} {query!r}: {answer['error']}")
        return list(answer["hrefs"])


@contextmanager
def node_search(site: Path) -> Iterator[NodeSearch]:
    """The driver on `site`; needs Node (Debian's nodejs, `make test` installs it)."""
    if NODE is None:
        raise RuntimeError("node not found: apt-get install nodejs")
    env = {**os.environ, "BRIDGELAWS_SITE": str(site)}
    process = subprocess.Popen(
        [NODE, str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", env=env
    )
    try:
        yield NodeSearch(process)
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)
