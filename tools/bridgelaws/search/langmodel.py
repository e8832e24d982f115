"""The build-time half of how ``/search/`` tells a query's language: the fold of the texts'
words and each language's letter model (letter 1-3-grams, pruned and quantised to integers),
written into :func:`bridgelaws.search.detection.detection_data`.  The query-time half, the
scoring and the decision, is the site's one implementation, ``search/engine/detect.js``.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more: "lag" yes, "b" and "12C1" no


# The fold that makes a typed word meet a printed one: lower case, decomposed (NFD), the marks
# FOLD_MARKS dropped, and the letters Unicode does not decompose taken as FOLD_LETTERS says
# (search.toml's `letters` are the same pairs seen from the Pagefind side).  The browser folds a
# query with the same two tables, which the search data carries (fold_data: text.js folder).
FOLD_MARKS = "\u0300-\u036f"  # combining diacritical marks: ä → a, ş → s, ę → e, İ → i
FOLD_LETTERS = {"ı": "i", "ł": "l"}
_MARKS = re.compile(f"[{FOLD_MARKS}]")


def fold_data() -> dict[str, object]:
    """The fold as the browser's ``folder`` reads it (``fold`` in the search pages' ``data.json``)."""
    return {"marks": FOLD_MARKS, "letters": FOLD_LETTERS}


@functools.lru_cache(maxsize=1 << 16)  # the texts' words are folded again and again (detection, search data)
def fold(text: str) -> str:
    """Folded as the search pages fold a query: "Tävlingsledaren" → "tavlingsledaren",
    "KISITLAMA" → "kisitlama", "Łódź" → "lodz"."""
    bare = _MARKS.sub("", unicodedata.normalize("NFD", text.lower()))
    return "".join(FOLD_LETTERS.get(char, char) for char in bare)


MODEL_EDGE = "_"  # a word's start and end among its letter n-grams: "_ko" starts "kortti", "ti_" ends it

MODEL_ENGLISH = "en"  # the English model: words every language's search knows, so they tell no language


def letter_grams(word: str, order: int) -> list[str]:
    """A folded word's letter n-grams of 1 to ``order`` letters, its edges marked with
    :data:`MODEL_EDGE` ("kort", 3 → k o r t _k ko or rt t_ _ko kor ort rt_)."""
    padded = f"{MODEL_EDGE}{word}{MODEL_EDGE}"
    # the letters alone are the 1-grams (an edge alone is none); a longer n-gram is never an edge alone
    singles = [letter for letter in word if letter != MODEL_EDGE] if order >= 1 else []
    return singles + [padded[at : at + n] for n in range(2, order + 1) for at in range(len(padded) - n + 1)]


def language_model(training: Mapping[str, Iterable[str]], knobs: dict[str, float]) -> dict[str, object]:
    """Per language, how likely each letter n-gram is in its words (each distinct word once),
    for /search/ to weigh a word no list carries ("trumf", "atut"): a naive Bayes model of letter
    1- to ``order``-grams with add-``smoothing`` estimates, in whole nats (natural logarithm)
    above the language's floor, the estimate of an n-gram it never saw (``floor``, per n).  Kept:
    n-grams seen ``min_count`` times or more whose estimates differ by more than ``spread`` nats
    between languages; an n-gram no language keeps counts for none.  ``grams[lang][q - 1]``
    holds the n-grams ``q`` nats above the floor, space-separated (compact in the page)."""
    order, smoothing = int(knobs["order"]), knobs["smoothing"]
    floors: dict[str, list[int]] = {}
    levels: dict[str, dict[str, int]] = {}
    for lang, words in training.items():
        counts = Counter(gram for word in sorted(set(words)) for gram in letter_grams(word, order))
        total, kinds = Counter[int](), Counter[int]()
        for gram, count in counts.items():
            total[len(gram)] += count
            kinds[len(gram)] += 1
        denominator = {n: total[n] + smoothing * (kinds[n] + 1) for n in range(1, order + 1)}
        floors[lang] = [round(math.log(smoothing / denominator[n])) for n in range(1, order + 1)]
        levels[lang] = {}
        for gram, count in counts.items():
            level = round(math.log((count + smoothing) / denominator[len(gram)])) - floors[lang][len(gram) - 1]
            if count >= knobs["min_count"] and level > 0:
                levels[lang][gram] = level
    every = set().union(*(set(table) for table in levels.values()))
    kept = set()
    for gram in every:
        estimates = [floors[lang][len(gram) - 1] + levels[lang].get(gram, 0) for lang in training]
        if max(estimates) - min(estimates) > knobs["spread"]:
            kept.add(gram)
    grams = {}
    for lang, table in levels.items():
        top = max((level for gram, level in table.items() if gram in kept), default=0)
        grams[lang] = [
            " ".join(sorted(gram for gram, level in table.items() if level == q and gram in kept))
            for q in range(1, top + 1)
        ]
    return {"order": order, "languages": list(training), "floor": floors, "grams": grams}
