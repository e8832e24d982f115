"""Search: the search pages, the data they carry, and what Pagefind indexes.

Full-text search is Pagefind's (one index per ``<html lang>``, stemming, accent folding; see
:mod:`bridgelaws.pagefind`).  What Pagefind cannot know comes from here, embedded as JSON in
each language's search page and read by ``assets/javascripts/search.js``:

* **provisions** — every anchor of every text in the language, so ``12C1(b)``, ``lag 16``,
  ``punkt 13`` jump to the provision (or its nearest printed ancestor) before any word match;
* **vocabulary** — ``content/search.toml``: the words that introduce a law number and spelling
  variants the stemmer misses; and, from the term base (``content/terms``, :func:`with_term_base`),
  each concept's words in the language and in English with its laws, the governing law first;
* **rules** the script must not copy — the reference syntax (:func:`refs.syntax_for_script`:
  path segments, point form, how each is printed), each law's and point's result ``key`` and
  ``label`` (:func:`refs.result_key`, the ones Pagefind records), the number of laws and the
  page of each law for a language without it.

Law, point and definition pages say what Pagefind should record about them through the
``pagefind`` front matter (:func:`bridgelaws.render.index_fields`); ``overrides/main.html``
turns it into ``data-pagefind-*`` attributes around the page body, so navigation and other
pages stay out of the index.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.terms.model import PREFIX, TermBase
from bridgelaws.stage4_render import compounds
from bridgelaws.stage4_render.page import Page, _strings, display_title, doc_short_name, h, language_name, md_inline, t

VOCABULARY_FILE = "search.toml"
SEARCH_LANGUAGES = facts.TEXT_LANGUAGES  # every language the site holds texts in


@dataclass(frozen=True)
class Synonym:
    """A concept of the term base as search uses it: the ``words`` that name it (``word*`` a
    prefix, ``a b`` a phrase), its laws with the governing one first, its name to show."""

    words: tuple[str, ...]
    refs: tuple[str, ...]
    note: str


# what each sign of a language adds to its score, unless [detect] weights says otherwise
DETECTION_WEIGHTS: dict[str, float] = {
    "own_letter": 4,
    "shared_letter": 1,
    "form": 4,
    "word": 2,
    "word_start": 1,
    "model": 2,
}

# the letter n-gram model's knobs, unless [detect] model says otherwise (see search.toml)
MODEL_KNOBS: dict[str, float] = {"order": 3, "smoothing": 0.1, "min_count": 5, "spread": 4, "sure": 8}


@dataclass(frozen=True)
class Detection:
    """How ``/search/`` tells a query's language: the ``[detect]`` table of ``search.toml``
    (its comment says what each field means)."""

    letters: dict[str, str] = field(default_factory=dict)
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    words: int = 0
    prefix: int = 5
    margin: float = 2.0
    weights: dict[str, float] = field(default_factory=lambda: dict(DETECTION_WEIGHTS))
    model: dict[str, float] = field(default_factory=lambda: dict(MODEL_KNOBS))


@dataclass(frozen=True)
class Vocabulary:
    law_words: tuple[str, ...] = ()
    point_words: tuple[str, ...] = ()
    doc_words: dict[str, str] = field(default_factory=dict)
    variants: tuple[tuple[str, str], ...] = ()
    letters: dict[str, str] = field(default_factory=dict)
    synonyms: tuple[Synonym, ...] = ()  # the term base's concepts (with_term_base)
    terms: tuple[str, ...] = ()  # the language's own words for them: they tell /search/ the language
    english: tuple[str, ...] = ()  # the term base's English words (the same for every language)
    detection: Detection = field(default_factory=Detection)  # the same for every language


class VocabularyError(ValueError):
    """``content/search.toml`` is malformed; the message names the file and the entry."""


def load_vocabulary(path: Path) -> dict[str, Vocabulary]:
    """Read ``content/search.toml``; a missing file means no vocabulary (search still works).

    Synonyms are not read here: the words for a concept live in one place, the term base
    (``content/terms``), and :func:`with_term_base` adds them; a ``synonyms`` table left in
    search.toml is refused so that two lists cannot drift apart.
    """
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise VocabularyError(f"{path}: {error}") from error
    for name, table in data.items():
        if isinstance(table, dict) and "synonyms" in table:
            line = _line_of(path, f"[[{name}.synonyms]]")
            raise VocabularyError(
                f"{path}:{line}: [[{name}.synonyms]]: the words for a concept belong in content/terms (concepts.toml)"
            )
    detection = _detection(path, data.pop("detect", {}))
    data.pop("common", None)  # once the synonyms every language shared: now the term base's English words
    return {
        lang: replace(_vocabulary(path, lang, table), detection=detection)
        for lang, table in data.items()
        if isinstance(table, dict)
    }


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((number for number, line in enumerate(lines, start=1) if line.strip().startswith(text)), 1)


def with_term_base(vocabulary: dict[str, Vocabulary], base: TermBase) -> dict[str, Vocabulary]:
    """Each search language's vocabulary with the term base's concepts as its synonyms (their
    words in the language and in English, the governing law first) and the language's own
    words for them, which tell ``/search/`` the language of a query (``wist`` is Polish)."""
    detection = next((entry.detection for entry in vocabulary.values()), Detection())
    english = tuple(dict.fromkeys(form.removesuffix(PREFIX).lower() for c in base.concepts for form in c.forms("en")))
    combined = {}
    for lang in SEARCH_LANGUAGES:
        own = vocabulary.get(lang, Vocabulary(detection=detection))
        synonyms = tuple(Synonym(words, laws, note) for words, laws, note in base.synonyms(lang))
        words = (form.removesuffix(PREFIX).lower() for concept in base.concepts for form in concept.forms(lang))
        combined[lang] = replace(own, synonyms=synonyms, terms=tuple(dict.fromkeys(words)), english=english)
    return combined


def _detection(path: Path, table: dict[str, object]) -> Detection:
    letters, forms = table.get("letters", {}), table.get("forms", {})
    if not isinstance(letters, dict) or not isinstance(forms, dict):
        raise VocabularyError(f"{path}: [detect] letters and forms: expected {{<lang> = ...}} tables")
    numbers: dict[str, float] = {}
    for key, default in (("words", 0), ("prefix", 5), ("margin", 2.0)):
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise VocabularyError(f"{path}: [detect] {key}: expected a number of at least 0, got {value!r}")
        numbers[key] = value
    weights = table.get("weights", {})
    if not isinstance(weights, dict) or set(weights) - set(DETECTION_WEIGHTS):
        raise VocabularyError(f"{path}: [detect] weights: expected a table of {', '.join(DETECTION_WEIGHTS)}")
    if not all(isinstance(value, int | float) and not isinstance(value, bool) for value in weights.values()):
        raise VocabularyError(f"{path}: [detect] weights: expected numbers, got {weights}")
    return Detection(
        model=_model_knobs(path, table.get("model", {})),
        weights={**DETECTION_WEIGHTS, **{str(key): float(value) for key, value in weights.items()}},
        letters={str(lang): str(value) for lang, value in letters.items()},
        forms={str(lang): tuple(str(form).lower() for form in _list(value)) for lang, value in forms.items()},
        words=int(numbers["words"]),
        prefix=int(numbers["prefix"]),
        margin=numbers["margin"],
    )


def _model_knobs(path: Path, knobs: object) -> dict[str, float]:
    """``[detect] model``: the letter n-gram model's knobs (search.toml says what each means)."""
    if not isinstance(knobs, dict) or set(knobs) - set(MODEL_KNOBS):
        line = _line_of(path, "model")
        raise VocabularyError(f"{path}:{line}: [detect] model: expected a table of {', '.join(MODEL_KNOBS)}")
    for key, value in knobs.items():
        whole = key in ("order", "min_count")
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or value < 0
            or (whole and not isinstance(value, int))
            or (key == "order" and not 1 <= value <= 5)
            or (key == "smoothing" and value <= 0)
        ):
            line = _line_of(path, "model")
            wanted = {"order": "a whole number from 1 to 5", "min_count": "a whole number of at least 0"}.get(
                key, "a number above 0" if key == "smoothing" else "a number of at least 0"
            )
            raise VocabularyError(f"{path}:{line}: [detect] model {key}: expected {wanted}, got {value!r}")
    return {**MODEL_KNOBS, **{str(key): float(value) for key, value in knobs.items()}}


def _vocabulary(path: Path, lang: str, table: dict[str, object]) -> Vocabulary:
    variants = []
    for pair in _list(table.get("variants")):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise VocabularyError(f"{path}: [{lang}] variants: expected [pattern, replacement], got {pair!r}")
        try:
            re.compile(str(pair[0]))
        except re.error as error:
            raise VocabularyError(f"{path}: [{lang}] variant {pair[0]!r}: {error}") from error
        variants.append((str(pair[0]), str(pair[1])))
    doc_words = table.get("doc_words", {})
    letters = table.get("letters", {})
    if not isinstance(letters, dict) or any(len(str(k)) != 1 or len(str(v)) != 1 for k, v in letters.items()):
        raise VocabularyError(f'{path}: [{lang}] letters: expected single letters, {{typed = "printed"}}')
    return Vocabulary(
        letters={str(k): str(v) for k, v in letters.items()},
        law_words=tuple(str(word).lower() for word in _list(table.get("law_words"))),
        point_words=tuple(str(word).lower() for word in _list(table.get("point_words"))),
        doc_words={str(k).lower(): str(v) for k, v in doc_words.items()} if isinstance(doc_words, dict) else {},
        variants=tuple(variants),
    )


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


# -- the data a search page carries ------------------------------------------------------------


def search_data(corpus: Corpus, lang: str, vocabulary: Vocabulary) -> dict[str, object]:
    """Everything ``search.js`` needs besides Pagefind: texts, their anchors, the vocabulary,
    and the rules it must not copy (the module's docstring lists them).

    URLs are root-relative without the leading slash, like everywhere inside the site.
    """
    docs = []
    for entry in corpus.in_language(lang):
        meta = entry.meta
        issuer = doc_short_name(entry)
        laws = {
            str(law.number): {
                "key": refs.result_key(str(law.number)),
                "label": refs.result_label(str(law.number)),
                "title": display_title(law.title, lang),
                "url": urls.law(meta, law.number),
                "anchors": [refs.anchor(provision.ref) for provision in law.provisions()],
            }
            for law in sorted(entry.document.laws, key=lambda law: law.number)
        }
        points = {
            point.number: {
                "key": refs.result_key(point.ref, meta.id),
                "label": refs.result_label(point.ref, issuer),
                "title": display_title(point.title, lang),
                "url": urls.law(meta, point.number),
                "anchors": [refs.anchor(provision.ref) for provision in point.provisions()],
                "laws": point.laws,
            }
            for point in entry.document.points
        }
        docs.append(
            {
                "id": meta.id,
                "kind": meta.kind,
                "edition": meta.edition,
                "title": meta.title,
                "laws": laws,
                "points": points,
            }
        )
    docs.sort(key=lambda doc: (doc["kind"] != DocKind.LAWS, -_year(str(doc["edition"]))))
    return {
        "lang": lang,
        "docs": docs,
        "refs": refs.syntax_for_script(),
        "lawCount": facts.LAW_COUNT,
        # where each law can be read, for the query a language (or edition) has no text of:
        # one pattern per field ("{n}" is the law), not a table of 93
        "hub": {
            "key": per_law(lambda n: refs.result_key(str(n))),
            "label": per_law(lambda n: refs.result_label(str(n))),
            "url": per_law(lambda n: urls.law_hub(lang, n)),
        },
        "lawTitles": {
            str(n): display_title(corpus.law_title(n, lang), lang)
            for n in facts.LAW_NUMBERS
            if corpus.law_title(n, lang)
        },
        "lawWords": list(vocabulary.law_words),
        "pointWords": list(vocabulary.point_words),
        "docWords": vocabulary.doc_words,
        "variants": [list(pair) for pair in vocabulary.variants],
        "letters": vocabulary.letters,
        "partMark": compounds.MARK,  # a compound's hidden parts start with it: never in a snippet
        "synonyms": [{"words": list(s.words), "refs": list(s.refs), "note": s.note} for s in vocabulary.synonyms],
        "strings": {key: t(lang, key) for key in SEARCH_STRINGS},
    }


def per_law(make: Callable[[int], str]) -> str:
    """What ``make`` gives for each law, as one pattern with ``{n}`` for the number: checked
    against every law, so the script that fills it in gets exactly what Python would say."""
    sample = facts.LAW_COUNT
    pattern = make(sample).replace(str(sample), "{n}")
    wrong = [n for n in facts.LAW_NUMBERS if pattern.replace("{n}", str(n)) != make(n)]
    if wrong or "{n}" not in pattern:
        raise ValueError(f"no per-law pattern: {make(sample)!r} for law {sample}, wrong for laws {wrong[:5]}")
    return pattern


# the interface strings search.js shows (the page's own are rendered into it here);
# search_results_for is the plural form "other", _one and _few the others (Intl.PluralRules)
SEARCH_STRINGS = (
    "search_results_for",
    "search_results_for_one",
    "search_results_for_few",
    "search_no_results",
    "search_loading",
    "search_offline",
    "search_synonym",
    "search_law_missing",
    "search_approximate",
    "search_some_words",
    "search_too_long",
    "search_more",
    "law",
)


def _year(edition: str) -> int:
    return int(edition) if edition.isdigit() else 0


def json_for_script(data: object) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``</script>``, no ``<!--``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# -- pages -------------------------------------------------------------------------------------------


def _search_shell(lang: str, search_page: bool) -> Page:
    """The page both kinds of search page start from, at ``/<lang>/search/``."""
    meta: dict[str, object] = {"hide": ["navigation", "toc"]}
    if search_page:
        meta["search_page"] = True  # overrides/main.html: preloads and search.js
    page = Page(
        url=urls.search(lang),
        lang=lang,
        title=t(lang, "search"),
        body=[f"# {md_inline(t(lang, 'search'))}", ""],
        description=t(lang, "search_description"),
        meta=meta,
        alternates={code: urls.search(code) for code in facts.INTERFACE_LANGUAGES},
    )
    return page


def _search_form(lang: str, action: str, after_input: str, below: str) -> str:
    return (
        f'<form class="search-page-form" role="search" action="{action}" method="get">'
        f'<label for="search-input">{h(t(lang, "search_label"))}</label>'
        f'<div class="search-row"><input id="search-input" name="q" type="search" autocomplete="off"'
        f' autocapitalize="off" spellcheck="false" enterkeyhint="search" placeholder="{h(t(lang, "search_hint"))}">'
        f"{after_input}</div>{below}</form>"
    )


def search_page(corpus: Corpus, lang: str, vocabulary: Vocabulary) -> Page:
    """``/<lang>/search/?q=…``: the form, the edition filter and ``#search-results``.

    Without script the form still submits here; results need script (Pagefind runs in the
    browser), which the page says in a ``<noscript>``.
    """
    page = _search_shell(lang, search_page=True)
    editions = sorted({entry.meta.edition for entry in corpus.in_language(lang)}, key=_year, reverse=True)
    filters = ""
    if len(editions) > 1:
        choices = [(t(lang, "search_all_editions"), "")] + [(edition, edition) for edition in editions]
        radios = "".join(
            f'<label><input type="radio" name="edition" value="{h(value)}"{" checked" if not value else ""}>'
            f" {h(text)}</label>"
            for text, value in choices
        )
        filters = f'<fieldset class="search-editions"><legend>{h(t(lang, "edition"))}</legend>{radios}</fieldset>'
    submit = f'<button type="submit">{h(t(lang, "search"))}</button>'
    data = json_for_script(search_data(corpus, lang, vocabulary))
    page.body.extend(
        [
            _search_form(lang, "./", submit, filters),
            "",
            '<p id="search-status" class="search-status" role="status" aria-live="polite"></p>',
            "",
            '<ol id="search-results" class="search-results"></ol>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
            "",
            f'<script type="application/json" id="search-data">{data}</script>',
        ]
    )
    return page


def search_chooser_page(corpus: Corpus, vocabulary: dict[str, Vocabulary] | None = None) -> Page:
    """``/search/``: the default language has no texts of its own, so a query typed here (or in
    the header of an English page) goes to the language it is written in, or shows each likely
    language's best results side by side (``search.js``, from :func:`detection_data`).  One
    submit button per language (``formaction``) chooses by hand, also without script."""
    lang = facts.DEFAULT_LANGUAGE
    page = _search_shell(lang, search_page=False)
    page.meta["search_root"] = True  # overrides/main.html: search.js, without one language's preloads
    buttons = "".join(
        f'<button type="submit" formaction="{page.link(urls.search(code))}" lang="{code}">'
        f"{h(language_name(code))}</button>"
        for code in SEARCH_LANGUAGES
        if corpus.in_language(code)
    )
    submit = f'<button type="submit">{h(t(lang, "search"))}</button>'
    choose = f'<p>{h(t(lang, "search_or_choose"))}</p><div class="search-languages">{buttons}</div>'
    data = json_for_script(detection_data(corpus, vocabulary or {}, page))
    page.body.extend(
        [
            f"<p>{h(t(lang, 'search_any_language'))}</p>",
            "",
            _search_form(lang, "./", submit, choose),
            "",
            '<p id="search-status" class="search-status" role="status" aria-live="polite"></p>',
            "",
            '<div id="search-by-language" class="search-by-language"></div>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
            "",
            f'<script type="application/json" id="search-detect">{data}</script>',
        ]
    )
    return page


# -- which language a query is written in ---------------------------------------------------------

WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more: "lag" yes, "b" and "12C1" no


def fold(text: str) -> str:
    """As ``search.js`` folds a query: lower case, accents off, ``ı`` and ``ł`` as ``i`` and ``l``
    ("Tävlingsledaren" → "tavlingsledaren", "KISITLAMA" → "kisitlama")."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return bare.replace("ı", "i").replace("ł", "l")


def _texts(entry: Entry) -> Iterator[str]:
    """Every text of a document a reader might quote: titles, provisions, points, definitions."""
    document = entry.document
    for numbered in [*document.laws, *document.points]:
        yield numbered.title
        yield from (paragraph.text for paragraph in numbered.paragraphs)
        for provision in numbered.provisions():
            yield provision.title
            yield from (paragraph.text for paragraph in provision.paragraphs)
    for definition in document.definitions:
        yield definition.term
        yield from (paragraph.text for paragraph in definition.paragraphs)


def language_words(
    corpus: Corpus, vocabulary: dict[str, Vocabulary], languages: list[str], count: int
) -> dict[str, list[str]]:
    """Per language, the words (folded) that no other language uses: every word of its own
    terms in the term base (``wist``, ``karta karna``: a director's words need not be printed),
    then its texts' ``count`` most frequent.  Computed from the data, not listed by hand, so
    any word of the texts or the term base tells the language."""
    text_counts: dict[str, Counter[str]] = {}
    term_words: dict[str, list[str]] = {}
    for lang in languages:
        text_counts[lang] = Counter(
            fold(word) for entry in corpus.in_language(lang) for text in _texts(entry) for word in WORD.findall(text)
        )
        terms = vocabulary.get(lang, Vocabulary()).terms
        term_words[lang] = list(dict.fromkeys(fold(word) for term in terms for word in WORD.findall(term)))
    used = {lang: set(text_counts[lang]) | set(term_words[lang]) for lang in languages}
    chosen = {}
    for lang in languages:
        others = set().union(*(words for code, words in used.items() if code != lang))
        counts = text_counts[lang]
        ranked = sorted((word for word in counts if word not in others), key=lambda word: (-counts[word], word))
        own_terms = [word for word in term_words[lang] if word not in others]
        chosen[lang] = list(dict.fromkeys([*own_terms, *ranked[:count]]))
    return chosen


MODEL_EDGE = "_"  # a word's start and end among its letter n-grams: "_ko" starts "kortti", "ti_" ends it
MODEL_ENGLISH = "en"  # the English model: words every language's search knows, so they tell no language


def english_words(vocabulary: dict[str, Vocabulary]) -> list[str]:
    """The term base's English words, folded: every language's search knows them (directors use
    them everywhere), so a query word among them tells no language."""
    english = next((entry.english for entry in vocabulary.values()), ())
    return sorted({fold(word) for term in english for word in WORD.findall(term)})


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


def model_training(corpus: Corpus, vocabulary: dict[str, Vocabulary], languages: list[str]) -> dict[str, list[str]]:
    """The words each language's letter model learns from, folded: its texts' words, its terms
    in the term base and its interface strings; and English's (the term base's English words and
    the English interface), which every language's search knows."""
    training: dict[str, list[str]] = {}
    for lang in [*languages, MODEL_ENGLISH]:
        own = vocabulary.get(lang, Vocabulary())
        texts = [text for entry in corpus.in_language(lang) for text in _texts(entry)] if lang in languages else []
        if lang == MODEL_ENGLISH:
            texts.extend(next((entry.english for entry in vocabulary.values()), ()))
        else:
            texts.extend(own.terms)
        texts.extend(ui_texts(lang))
        training[lang] = [fold(word) for text in texts for word in WORD.findall(text)]
    return training


def ui_texts(lang: str) -> list[str]:
    """The interface strings of ``lang``, placeholders and markup left out."""
    return [re.sub(r"\{\w+\}|<[^>]*>", " ", str(text)) for text in _strings().get(lang, {}).values()]


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


def detection_data(corpus: Corpus, vocabulary: dict[str, Vocabulary], page: Page) -> dict[str, object]:
    """What ``search.js`` on ``/search/`` weighs: per language its own letters, its provision
    forms (the law words no other language shares, and ``[detect] forms``), its distinctive
    words, and where its search page is; the thresholds; the page's strings."""
    languages = [code for code in SEARCH_LANGUAGES if corpus.in_language(code)]
    detection = next((entry.detection for entry in vocabulary.values()), Detection())
    law_words = {lang: {fold(word) for word in vocabulary.get(lang, Vocabulary()).law_words} for lang in languages}
    every: set[str] = set().union(*law_words.values())
    shared = {word for word in every if sum(word in words for words in law_words.values()) > 1}
    forms = {
        lang: sorted((law_words[lang] - shared) | {fold(form) for form in detection.forms.get(lang, ())})
        for lang in languages
    }
    return {
        "languages": languages,
        "names": {lang: language_name(lang) for lang in languages},
        "searchUrls": {lang: page.link(urls.search(lang)) for lang in languages},
        "letters": {lang: detection.letters.get(lang, "") for lang in languages},
        "forms": forms,
        "words": language_words(corpus, vocabulary, languages, detection.words),
        "english": english_words(vocabulary),
        "model": {
            **language_model(model_training(corpus, vocabulary, languages), detection.model),
            "sure": detection.model["sure"],
        },
        "prefix": detection.prefix,
        "margin": detection.margin,
        "weights": detection.weights,
        "refs": refs.syntax_for_script(),  # how results print a provision
        "strings": {key: t(facts.DEFAULT_LANGUAGE, key) for key in (*SEARCH_STRINGS, *ROOT_STRINGS)},
    }


# the strings only /search/ shows
ROOT_STRINGS = ("search_undecided", "search_all_in", "search_going_to")


def search_pages(corpus: Corpus, vocabulary: dict[str, Vocabulary]) -> list[Page]:
    pages = [search_chooser_page(corpus, vocabulary)]
    pages.extend(
        search_page(corpus, lang, vocabulary.get(lang, Vocabulary()))
        for lang in SEARCH_LANGUAGES
        if corpus.in_language(lang)
    )
    return pages
