"""The search engine under Node on a built site (tests/js/driver.mjs): a query's first page, the
links a fresh search page shows, in milliseconds rather than a browser's second.  And /search/'s
language detection under Node (tests/js/detect.mjs), on any detection data."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t

DRIVER = Path(__file__).resolve().parent / "js" / "driver.mjs"
DETECT = Path(__file__).resolve().parent / "js" / "detect.mjs"
NODE = shutil.which("node")


# what a result's synonym line holds between the words typed and the concept they were read as
# (the interface's search_synonym, "{word} → {note}")
NOTE = t(facts.DEFAULT_LANGUAGE, "search_synonym").removeprefix("{word}").removesuffix("{note}")

# a new engine's answer depends on the site and the query alone, not on what was asked before:
# kept for the test process, so tables that ask the same queries fresh ask Node once
_FRESH_ANSWERS: dict[tuple[str, str], dict[str, list[str]]] = {}


class NodeSearch:
    """One Node process answering queries in order, one engine per language kept between them,
    as one search page per language is when queries are typed on it (bench.searchdriver's
    ``typed``); ``fresh``: a new engine for each query, as a page opened with the query has.
    :meth:`search` answers as :meth:`bench.searchdriver.SearchDriver.search` does."""

    def __init__(self, process: subprocess.Popen[str], site: Path, fresh: bool = False) -> None:
        self.process = process
        self.site = site
        self.fresh = fresh
        self.origins: dict[str, list[str]] = {}  # each language's last first page: its results' origins
        self.synonyms: dict[str, list[str]] = {}  # and the words each shows as its synonym line

    def ask(
        self, lang: str, query: str, edition: str = "", fresh: bool = False, every: bool = False
    ) -> dict[str, list[str]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        line = {"lang": lang, "query": query, "edition": edition, "fresh": fresh or self.fresh, "every": every}
        key = (str(self.site), json.dumps(line))
        answer = _FRESH_ANSWERS.get(key) if line["fresh"] else None
        if answer is None:
            self.process.stdin.write(json.dumps(line) + "\n")
            self.process.stdin.flush()
            answer = json.loads(self.process.stdout.readline())
            if "error" in answer:
                raise RuntimeError(f"{lang} {query!r}: {answer['error']}")
            if line["fresh"]:
                _FRESH_ANSWERS[key] = answer
        self.origins[lang] = list(answer["origins"])
        self.synonyms[lang] = list(answer["notes"])
        return answer  # type: ignore[no-any-return]

    def fresh_view(self) -> NodeSearch:
        """This process asked as a new engine for each query (a page opened with the query)."""
        return NodeSearch(self.process, self.site, fresh=True)

    def first_page(self, lang: str, query: str, edition: str = "", fresh: bool = False) -> list[str]:
        """The hrefs of the results the first page shows, in order."""
        return list(self.ask(lang, query, edition, fresh)["hrefs"])

    def search(self, lang: str, query: str, edition: str = "", every: bool = False) -> list[str]:
        """The hrefs of the first page, or with ``every`` of every result ("More results" pressed
        until it is gone), in order."""
        return list(self.ask(lang, query, edition, every=every)["hrefs"])

    def notes(self, lang: str) -> list[str]:
        """The "typed → concept" notes of the language's last first page, in order."""
        return [note for note in self.synonyms.get(lang, []) if NOTE in note]

    def shows_a_text(self, lang: str) -> bool:
        """Whether the language's last first page shows a text's result (not only concepts' laws)."""
        return "text" in self.origins.get(lang, [])


@contextmanager
def node_search(site: Path, fresh: bool = False) -> Iterator[NodeSearch]:
    """The driver on `site`; needs Node (Debian's nodejs, `make test` installs it)."""
    if NODE is None:
        raise RuntimeError("node not found: apt-get install nodejs")
    env = {**os.environ, "BRIDGELAWS_SITE": str(site)}
    process = subprocess.Popen(
        [NODE, str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", env=env
    )
    try:
        yield NodeSearch(process, site, fresh)
    finally:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)


def heldout_group(name: str) -> pytest.MarkDecorator:
    """The xdist group of a held-out set's tests: on one worker, Node answers its queries fresh once
    for all of them."""
    return pytest.mark.xdist_group(f"heldout-{Path(name).stem}")


def search_data(site: Path, lang: str) -> dict[str, object]:
    """A language's search page's data (the file beside the page, ``urls.search_data``) in a
    built site; /search/'s for the default language."""
    return json.loads((site / urls.search_data(lang)).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def search_concepts(site: Path, lang: str) -> list[dict[str, object]]:
    """A language's concepts (in its own words) from their files in a built site
    (``concepts-<key>.json``), in their order."""
    placed: dict[int, dict[str, object]] = {}
    for path in sorted((site / lang / "search").glob("concepts-*.json")):
        for place, concept in json.loads(path.read_text(encoding="utf-8")):
            placed[place] = concept
    return [placed[place] for place in sorted(placed)]


@dataclass
class Detected:
    """What /search/'s detection (search/engine/detect.js) makes of queries and words."""

    langs: list[str | list[str]]  # each query's language, or its candidates side by side
    scores: list[dict[str, float]]  # each query's score per language
    models: list[dict[str, int]]  # each word's letter-model log-likelihood per language


def detect_in_node(
    data: dict[str, object], queries: list[str], words: list[str] | None = None, site: Path | None = None
) -> Detected:
    """``detectLanguage`` of each query and ``modelScores`` of each folded word, on ``data``
    (/search/'s whole data: ``pages.chooser_data``); with a built ``site``, on its /search/
    data.json (``search_data(site, "en")``) and the files it names, as the page reads them."""
    if NODE is None:
        raise RuntimeError("node not found: run `make test` (it installs Debian's nodejs)")
    run = subprocess.run(
        [NODE, str(DETECT)],
        input=json.dumps({"data": data, "queries": queries, "words": words or [], "site": site and str(site)}),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=300,
    )
    if run.returncode:
        raise RuntimeError(run.stderr[-4000:])
    found = json.loads(run.stdout)
    return Detected(found["detected"], found["scores"], found["models"])
