"""How ``/search/`` tells a query's language, the part Python and ``search-anywhere.js`` share:
the fold of a query, each language's letter model (letter 1-3-grams learned at build time,
pruned and quantised, so both sides sum the same integers), and the scoring and decision
:func:`detect_language` the browser tests hold the script to.  The data it reads is
:func:`bridgelaws.search.detection.detection_data`'s.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more: "lag" yes, "b" and "12C1" no


@functools.lru_cache(maxsize=1 << 16)  # the texts' words are folded again and again (detection, search data)
def fold(text: str) -> str:
    """As ``search.js`` folds a query: lower case, accents off, ``ı`` and ``ł`` as ``i`` and ``l``
    ("Tävlingsledaren" → "tavlingsledaren", "KISITLAMA" → "kisitlama")."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return bare.replace("ı", "i").replace("ł", "l")


MODEL_EDGE = "_"  # a word's start and end among its letter n-grams: "_ko" starts "kortti", "ti_" ends it

MODEL_ENGLISH = "en"  # the English model: words every language's search knows, so they tell no language


def letter_grams(word: str, order: int) -> list[str]:
    """A folded word's letter n-grams of 1 to ``order`` letters, its edges marked with
    :data:`MODEL_EDGE` ("kort", 3 → k o r t _k ko or rt t_ _ko kor ort rt_)."""
    padded = f"{MODEL_EDGE}{word}{MODEL_EDGE}"
    return [
        padded[at : at + n]
        for n in range(1, order + 1)
        for at in range(len(padded) - n + 1)
        if padded[at : at + n] != MODEL_EDGE
    ]


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


def model_scores(word: str, model: dict[str, object]) -> dict[str, int]:
    """Each model language's log-likelihood of a folded word, in whole nats: what search.js
    computes from the same data (``modelScores``), summed over the word's n-grams some
    language keeps."""
    tables = _model_tables(model)
    order = model["order"]
    floor = model["floor"]
    assert isinstance(order, int) and isinstance(floor, dict)
    grams = [gram for gram in letter_grams(word, order) if any(gram in table for table in tables.values())]
    return {
        lang: sum(floor[lang][len(gram) - 1] + table.get(gram, 0) for gram in grams) for lang, table in tables.items()
    }


# each model's tables, built once (the model is the page data's, kept for the build)
_tables: dict[int, tuple[dict[str, object], dict[str, dict[str, int]]]] = {}


def _model_tables(model: dict[str, object]) -> dict[str, dict[str, int]]:
    cached = _tables.get(id(model))
    if cached and cached[0] is model:
        return cached[1]
    grams = model["grams"]
    assert isinstance(grams, dict)
    tables = {
        lang: {gram: level for level, joined in enumerate(by_level, start=1) for gram in joined.split()}
        for lang, by_level in grams.items()
    }
    _tables[id(model)] = (model, tables)
    return tables


TOKEN = re.compile(r"[^\w§]+|_")

LETTERS_ONLY = re.compile(r"[^\W\d_]{3,}")


def language_scores(query: str, data: dict[str, object]) -> dict[str, float]:
    """Each language's score for a query, as ``languageScores`` in search-anywhere.js computes
    it from :func:`detection_data` (the reference the browser tests hold it to); the English
    model's share under :data:`MODEL_ENGLISH`."""
    languages, letters, forms = data["languages"], data["letters"], data["forms"]
    weight, words, prefix, model = data["weights"], data["words"], data["prefix"], data["model"]
    assert isinstance(languages, list) and isinstance(letters, dict) and isinstance(forms, dict)
    assert isinstance(weight, dict) and isinstance(words, dict) and isinstance(prefix, int)
    assert isinstance(model, dict)
    scores: dict[str, float] = {lang: 0 for lang in [*languages, MODEL_ENGLISH]}
    for letter in set(query) | set(query.lower()):
        owners = [lang for lang in languages if letter in letters[lang]]
        for lang in owners:
            scores[lang] += weight["own_letter"] if len(owners) == 1 else weight["shared_letter"]
    tokens = [token for token in TOKEN.split(fold(query)) if token]
    for lang in languages:
        if any(token in forms[lang] for token in tokens):
            scores[lang] += weight["form"]
    english = set(data["english"])  # type: ignore[call-overload]
    for token in tokens:
        if not LETTERS_ONLY.fullmatch(token) or token in english:
            continue
        exact = [lang for lang in languages if token in set(words[lang])]
        for lang in exact:
            scores[lang] += weight["word"]
        if exact:
            continue
        if len(token) >= prefix:
            shared = {lang: _longest_start(token, words[lang]) for lang in languages}
            longest = max(shared.values())
            if longest >= prefix:
                for lang in languages:
                    if shared[lang] == longest:
                        scores[lang] += weight["word_start"]
        likely = model_scores(token, model)
        ranked = sorted(likely, key=lambda lang: -likely[lang])
        if len(ranked) > 1 and likely[ranked[0]] - likely[ranked[1]] >= model["sure"]:
            scores[ranked[0]] += weight["model"]
    return scores


def _longest_start(token: str, words: list[str]) -> int:
    best = 0
    for word in words:
        n = 0
        while n < len(token) and n < len(word) and token[n] == word[n]:
            n += 1
        best = max(best, n)
    return best


def query_likelihood(query: str, data: dict[str, object]) -> dict[str, int]:
    """The letter model's log-likelihood of the query's words (``queryLikelihood`` in
    search-anywhere.js): what orders languages the other signals tie ("hjärter": sv before fi)."""
    model = data["model"]
    assert isinstance(model, dict)
    total: dict[str, int] = {}
    for token in TOKEN.split(fold(query)):
        if LETTERS_ONLY.fullmatch(token):
            for lang, score in model_scores(token, model).items():
                total[lang] = total.get(lang, 0) + score
    return total


def detect_language(query: str, data: dict[str, object]) -> str | list[str]:
    """The query's language when one leads (``detectLanguage`` in search-anywhere.js), else the
    languages whose best results /search/ shows side by side, best first."""
    scores = language_scores(query, data)
    languages = data["languages"]
    margin = data["margin"]
    assert isinstance(languages, list) and isinstance(margin, int | float)
    english = scores.pop(MODEL_ENGLISH)
    likelihood = query_likelihood(query, data)
    # best first; a tie by the letter model's likelihood of the whole query, then the data's order
    ranked = sorted(languages, key=lambda lang: (-scores[lang], -likelihood.get(lang, 0)))
    best = scores[ranked[0]]
    second = scores[ranked[1]] if len(ranked) > 1 else 0
    if best > 0 and best >= margin * second and best > second and best > english:
        return str(ranked[0])
    return [lang for lang in ranked if scores[lang] * margin >= best] if best > 0 else list(ranked)
