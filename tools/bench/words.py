"""Word queries: precision of the first five results and recall of the first ten, per language.

The issue's measure for a query that is one word of the texts.  Words are sampled from the
texts themselves (6+ letters, printed in at least two laws, whose family — the words sharing
all but their last three letters — stays within eight laws, so ten results have room for all of
them); each is typed as printed.  A result is a law across its editions, a regulation point or a
definitions page (:func:`bench.heldout.result_key`).

* **recall of ten**: the laws printing the word, among the first ten results;
* **precision of five, strict**: of the first five results, those whose text holds a form of the
  word (its first four letters, folded); a result with no text in the language (its "where to
  read Law N" page) counts as a miss;
* **precision of five, of texts**: the same, judging only the results that are texts;
* **precision of five, of pages**: every result judged by the page it opens, a "where to read"
  page by what it shows (the law's title and its concepts in the language's words).

A seed draws another sample: each session can measure on words nobody tuned on.

    PYTHONPATH=tools .venv/bin/python -m bench.words site [--seed S] [--count 30] [--misses] [--fresh]

The words are typed one after another on one search page per language
(:mod:`bench.searchdriver`); ``--fresh`` loads the page for each.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from bench.heldout import result_key
from bench.localsite import browser_on
from bench.searchdriver import SearchDriver

WORD = re.compile(r"[^\W\d_]{6,}")  # a word worth searching alone: "kilpailunjohtaja", not "ja"
LANGUAGES = ("fi", "sv", "tr", "pl")
FAMILY_LAWS = 8  # a word whose inflected family spans more laws than this cannot be judged in ten
STEM = 4  # inflections share their start: "których", "które"


def fold(text: str, lang: str) -> str:
    """Lower case without accents, Turkish dotted and dotless i as one (how readers type)."""
    if lang == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ı", "i").replace("ł", "l")


def group_texts(entry: object) -> dict[str, str]:
    """The searchable text of each result group of a document (a law, a point)."""
    from bridgelaws.core import urls

    def text_of(item: object) -> str:
        parts = [getattr(item, "title", "")]
        parts += [p.text for p in getattr(item, "paragraphs", [])]
        parts += [note.text for note in getattr(item, "footnotes", [])]
        parts += [heading.text for heading in getattr(item, "headings", [])]
        for child in getattr(item, "children", []):
            parts.append(text_of(child))
        return " ".join(parts)

    document, meta = entry.document, entry.meta  # type: ignore[attr-defined]
    groups = {f"law:{law.number}": text_of(law) for law in document.laws}
    groups.update({urls.law(meta, point.number).strip("/"): text_of(point) for point in document.points})
    if document.definitions:  # the key result_key gives /fi/2007/definitions/
        definitions = " ".join(d.term + " " + " ".join(p.text for p in d.paragraphs) for d in document.definitions)
        groups[f"definitions:{urls.definitions(meta).strip('/').removesuffix('/definitions')}"] = definitions
    return groups


def language_groups(corpus: object, lang: str) -> dict[str, str]:
    """Result groups of a language; a law's editions are one group (one result per law)."""
    merged: dict[str, str] = {}
    for entry in corpus.in_language(lang):  # type: ignore[attr-defined]
        for key, text in group_texts(entry).items():
            merged[key] = merged.get(key, "") + " " + text
    return merged


def sample_words(corpus: object, lang: str, count: int, seed: str = "search") -> list[tuple[str, set[str]]]:
    """``count`` words of the language's texts (see the module's docstring), each with the
    result groups printing it as printed.  The default seed is the tests' sample."""
    texts = language_groups(corpus, lang)
    holders: dict[str, set[str]] = {}
    folded_words: dict[str, set[str]] = {}
    for key, text in texts.items():
        lowered = text.replace("I", "ı").replace("İ", "i").lower() if lang == "tr" else text.lower()
        for word in set(WORD.findall(lowered)):
            holders.setdefault(word, set()).add(key)
            folded_words.setdefault(key, set()).add(fold(word, lang))

    def family(word: str) -> set[str]:
        prefix = fold(word, lang)[: max(5, len(word) - 3)]
        return {key for key, words in folded_words.items() if any(w.startswith(prefix) for w in words)}

    candidates = sorted(word for word, keys in holders.items() if len(keys) >= 2 and len(family(word)) <= FAMILY_LAWS)
    rng = random.Random(f"{seed}-{lang}")
    return [(word, holders[word]) for word in rng.sample(candidates, min(count, len(candidates)))]


@dataclass
class Scores:
    """One language's counts; the ratios are what the issue sets bounds on."""

    found: int = 0
    wanted: int = 0
    relevant: int = 0  # of the first five, results whose text holds a form of the word
    judged: int = 0  # of the first five, every result
    text_relevant: int = 0
    text_judged: int = 0  # of the first five, the results that are texts
    page_relevant: int = 0  # of the first five, results whose page (a text's, or a hub's) shows a form
    misses: list[str] = field(default_factory=list)

    def add(
        self, word: str, holders: set[str], keys: list[str], texts: dict[str, str], lang: str, hubs: dict[str, str]
    ) -> None:
        stem = fold(word, lang)[:STEM]
        found = holders & set(keys[:10])
        self.found += len(found)
        self.wanted += len(holders)
        if found != holders:
            self.misses.append(f"recall {word!r}: missing {', '.join(sorted(holders - found))}")
        for key in keys[:5]:
            holds = key in texts and stem in texts[key]
            self.judged += 1
            self.relevant += holds
            self.page_relevant += holds or stem in hubs.get(key, "")
            if key in texts:
                self.text_judged += 1
                self.text_relevant += holds
            if not holds:
                self.misses.append(f"precision {word!r}: {key}" + ("" if key in texts else " (no text)"))

    def line(self, lang: str) -> str:
        def ratio(a: int, b: int) -> str:
            return f"{a / b:.3f}" if b else "–"

        return (
            f"{lang}: P@5 strict {ratio(self.relevant, self.judged)} ({self.relevant}/{self.judged}), "
            f"P@5 of texts {ratio(self.text_relevant, self.text_judged)}, "
            f"of pages {ratio(self.page_relevant, self.judged)}, "
            f"R@10 {ratio(self.found, self.wanted)} ({self.found}/{self.wanted})"
        )


def result_keys(driver: SearchDriver, lang: str, query: str) -> list[str]:
    """The keys of a search's results, best first, once it has finished."""
    return [result_key(href) for href in driver.search(lang, query)]


def hub_texts(site: Path, lang: str) -> dict[str, str]:
    """What each "where to read Law N" page of the language shows, folded, by result key."""
    found = {}
    for path in (site / lang / "laws").glob("*/index.html"):
        article = re.search(r"<article.*?</article>", path.read_text(encoding="utf-8"), re.S)
        if article and path.parent.name.isdigit():
            found[f"law:{path.parent.name}"] = fold(html.unescape(re.sub(r"<[^>]+>", " ", article[0])), lang)
    return found


def measure(driver: SearchDriver, corpus: object, lang: str, count: int, seed: str, site: Path | None = None) -> Scores:
    texts = {key: fold(text, lang) for key, text in language_groups(corpus, lang).items()}
    hubs = hub_texts(site, lang) if site else {}
    scores = Scores()
    for word, holders in sample_words(corpus, lang, count, seed):
        scores.add(word, holders, result_keys(driver, lang, word), texts, lang, hubs)
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.words", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--seed", default="bench", help="another seed, another sample of words")
    parser.add_argument("--count", type=int, default=30, help="words per language")
    parser.add_argument("--lang", choices=LANGUAGES, action="append", help="a language (default: all)")
    parser.add_argument("--misses", action="store_true", help="print each word's missed laws and off-word results")
    parser.add_argument("--fresh", action="store_true", help="load the search page for each word")
    args = parser.parse_args(argv)
    from bridgelaws.stage2_parse import load

    corpus = load.load(Path(__file__).resolve().parents[2] / "content" / "sources")
    with browser_on(args.site) as (base, browser):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        driver = SearchDriver(context, base, fresh=args.fresh)
        for lang in args.lang or LANGUAGES:
            scores = measure(driver, corpus, lang, args.count, args.seed, args.site)
            print(scores.line(lang), flush=True)
            if args.misses:
                for miss in scores.misses:
                    print(f"  {miss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
