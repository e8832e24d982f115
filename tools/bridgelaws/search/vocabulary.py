"""Search's vocabulary: ``content/search.toml`` read into one :class:`Vocabulary` per search
language (the words that introduce a law number, spelling variants the stemmer misses, how
``/search/`` weighs a query's signs of language), and the term base's concepts added as its
synonyms (:func:`with_term_base`).  Errors name the file and line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from bridgelaws.core import datafile, facts
from bridgelaws.search import browser_pattern, engine_rules
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.termbase import PREFIX, TermBase

VOCABULARY_FILE = "search.toml"

SEARCH_LANGUAGES = facts.TEXT_LANGUAGES  # every language the site holds texts in


@dataclass(frozen=True)
class Synonym:
    """A concept of the term base as search uses it: the ``words`` that name it (``word*`` a
    prefix, ``a b`` a phrase), its laws with the governing one first, its name to show."""

    words: tuple[str, ...]
    refs: tuple[str, ...]
    note: str
    title: bool = False  # a law's title: wins a tie with a concept naming the same words
    # the laws in another edition's numbering, where they differ: (("2007", ("16D", …)), …)
    elsewhere: tuple[tuple[str, tuple[str, ...]], ...] = ()
    situation: bool = False  # a situation's phrases (content/terms/situations): no name shown


# what each sign of a language adds to its score, unless [detect] weights says otherwise
DETECTION_WEIGHTS: dict[str, float] = {
    "own_letter": 4,
    "shared_letter": 1,
    "form": 4,
    "word": 2,
    "word_start": 1,
    "model": 2,
    "english_word": 2,
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
    function_words: tuple[str, ...] = ()  # "när", "som": they do not count against naming a concept
    # a bid as typed ("2♥", "3 sangia"): the strains after its level ("pata*": a word's start),
    # and the words it stands for when matched against the term base (the bid concept's)
    strains: tuple[str, ...] = ()
    bid_words: tuple[str, ...] = ()
    bid_concept: str = ""
    # a number of cards other than a hand's ("14 korttia", "12 kart"): the words for cards after
    # it, and what it stands for (the [counts] concept's first term in the language)
    counts: Counts | None = None
    count_words: str = ""
    # a card named by its suit or rank ("ruterkungen", "patakuningas", "maça papazı", "król pik"):
    # the names (`word*`: any word starting so), and the language's word for a card they stand for
    card_names: tuple[str, ...] = ()
    card_word: str = ""
    # phrases that say the same thing, alone and within a longer term ("i otur", "i fel tur",
    # "ur tur"): to the term base each stands for its group's first (search.toml equivalents)
    equivalents: tuple[tuple[str, ...], ...] = ()
    # words that stand for each other inside a term of two words or more, though not alone
    # (Turkish "deklarasyon" in "deklarasyon değişikliği", the term "konuşma değişikliği")
    kin_words: tuple[tuple[str, ...], ...] = ()
    synonyms: tuple[Synonym, ...] = ()  # the term base's concepts (with_term_base)
    terms: tuple[str, ...] = ()  # the language's own words for them: they tell /search/ the language
    english: tuple[str, ...] = ()  # the term base's English words (the same for every language)
    detection: Detection = field(default_factory=Detection)  # the same for every language
    engine: dict[str, object] = field(default_factory=dict)  # [engine]: the engine's rules, the same for every language


@dataclass(frozen=True)
class Counts:
    """search.toml ``[counts]``: a count of cards ``near`` a ``hand`` but not a hand, followed by
    one of the ``cards`` words, stands for the term base's ``concept`` (a hand with the wrong
    number of cards): "jag hade 14 kort", "elimde 14 kart vardı" name Law 13."""

    concept: str
    hand: int
    near: int
    cards: tuple[str, ...]
    # a count written as words, per language ("kaksitoista korttia", "on dört kart"): word → number
    numbers: tuple[tuple[str, int], ...] = ()


class VocabularyError(ValueError):
    """``content/search.toml`` is malformed; the message names the file and the entry."""


def load_vocabulary(path: Path) -> dict[str, Vocabulary]:
    """Read ``content/search.toml`` (a missing file is an error: it holds the engine's rules).

    Synonyms are not read here: the words for a concept live in one place, the term base
    (``content/terms``), and :func:`with_term_base` adds them; a ``synonyms`` table left in
    search.toml is refused so that two lists cannot drift apart.
    """
    if not path.exists():
        raise VocabularyError(f"{path}: missing: the search pages' words and their engine's rules are there")
    try:
        data = datafile.read_toml(path).data
    except datafile.DataError as error:
        raise VocabularyError(str(error)) from error
    for name, table in data.items():
        if isinstance(table, dict) and "synonyms" in table:
            line = _line_of(path, f"[[{name}.synonyms]]")
            raise VocabularyError(
                f"{path}:{line}: [[{name}.synonyms]]: the words for a concept belong in content/terms (concepts.toml)"
            )
    detection = _detection(path, data.pop("detect", {}))
    try:
        engine = engine_rules.read(path, data.pop(engine_rules.TABLE, None))
    except engine_rules.EngineRulesError as error:
        raise VocabularyError(str(error)) from error
    bid_concept, shared_strains = _bids(path, data.pop("bids", {}))
    counts = _counts(path, data.pop("counts", None))
    data.pop("common", None)  # once the synonyms every language shared: now the term base's English words
    languages = {}
    for lang, table in data.items():
        if isinstance(table, dict):
            own = _vocabulary(path, lang, table)
            strains = tuple(dict.fromkeys((*shared_strains, *own.strains)))
            cards = _strains(path, lang, table.get("cards"), "cards")
            numbers = _numbers(path, lang, table.get("numbers"))
            cards = tuple(dict.fromkeys((*counts.cards, *cards))) if counts else cards
            own_counts = counts and replace(counts, cards=cards, numbers=numbers)
            languages[lang] = replace(
                own, detection=detection, engine=engine, strains=strains, bid_concept=bid_concept, counts=own_counts
            )
    return languages


def _counts(path: Path, table: object) -> Counts | None:
    """The ``[counts]`` table (none: counts of cards are read as numbers)."""
    if table is None:
        return None
    line = _line_of(path, "[counts]")
    if not isinstance(table, dict):
        raise VocabularyError(f"{path}:{line}: [counts]: expected a table")
    concept, hand, near = table.get("concept"), table.get("hand"), table.get("near")
    if not isinstance(concept, str) or not concept:
        raise VocabularyError(f"{path}:{line}: [counts] concept: expected a concept's id")
    if not (isinstance(hand, int) and isinstance(near, int) and 0 < near < hand <= 52):
        raise VocabularyError(f"{path}:{line}: [counts] hand and near: expected whole numbers, 0 < near < hand <= 52")
    return Counts(concept, hand, near, _strains(path, "counts", table.get("cards"), "cards"))


def _numbers(path: Path, lang: str, table: object) -> tuple[tuple[str, int], ...]:
    """A language's ``numbers`` (``{ 12 = ["kaksitoista", "kahdellatoista"] }``): each word with
    the count it writes, lower-cased; none when the language has no table."""
    if table is None:
        return ()
    line = _line_of(path, "numbers", after=f"[{lang}]")
    where = f"{path}:{line}: [{lang}] numbers"
    if not isinstance(table, dict):
        raise VocabularyError(f"{where}: expected a table of counts, {{ 12 = [words] }}")
    pairs: list[tuple[str, int]] = []
    for count, words in table.items():
        if not (str(count).isdigit() and 0 < int(count) <= 52):
            raise VocabularyError(f"{where}: {count!r}: expected a count of cards, 1 to 52")
        written = isinstance(words, list) and all(isinstance(w, str) and w.strip() and "*" not in w for w in words)
        if not (written and words):
            raise VocabularyError(f"{where}: {count}: expected a list of words (no '*'), got {words!r}")
        pairs.extend((" ".join(str(word).lower().split()), int(count)) for word in words)
    return tuple(pairs)


def _bids(path: Path, table: object) -> tuple[str, tuple[str, ...]]:
    """The ``[bids]`` table: the term base concept a typed bid stands for, the strains of every language."""
    if not isinstance(table, dict):
        raise VocabularyError(f"{path}:{_line_of(path, '[bids]')}: [bids]: expected a table")
    concept = table.get("concept", "")
    if not isinstance(concept, str):
        raise VocabularyError(f"{path}:{_line_of(path, '[bids]')}: [bids] concept: expected a concept's id")
    return concept, _strains(path, "bids", table.get("strains"))


def _strains(path: Path, where: str, value: object, key: str = "strains") -> tuple[str, ...]:
    """A list of words (``word*``: any word starting so), lower-cased: strains, or the words for cards."""
    strains = _list(value)
    if any(not isinstance(strain, str) or not strain.strip() or "*" in strain.rstrip("*") for strain in strains):
        line = _line_of(path, f"[{where}]")
        raise VocabularyError(f"{path}:{line}: [{where}] {key}: expected words, a '*' only at the end, got {value!r}")
    return tuple(str(strain).lower() for strain in strains)


def _line_of(path: Path, text: str, after: str = "") -> int:
    """The first line starting with ``text`` (after the first line starting with ``after``), or 1."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next((number for number, line in enumerate(lines) if line.strip().startswith(after)), 0) if after else 0
    found = (number for number, line in enumerate(lines[start:], start=start + 1) if line.strip().startswith(text))
    return next(found, 1)


def _line_holding(path: Path, texts: tuple[str, ...], start: int) -> int:
    """The first line from ``start`` on that holds one of ``texts`` as written (else ``start``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = (n for n, line in enumerate(lines[start - 1 :], start) if any(text in line for text in texts))
    return next(found, start)


def with_term_base(
    vocabulary: dict[str, Vocabulary], base: TermBase, concordance: Concordance | None = None
) -> dict[str, Vocabulary]:
    """Each search language's vocabulary with the term base's concepts as its synonyms (their
    words in the language and in English, the governing law first, in each edition's numbering
    through the ``concordance``) and the language's own words for them, which tell ``/search/``
    the language of a query (``wist`` is Polish)."""
    detection = next((entry.detection for entry in vocabulary.values()), Detection())
    engine = next((entry.engine for entry in vocabulary.values()), {})
    english = tuple(dict.fromkeys(form.removesuffix(PREFIX).lower() for c in base.concepts for form in c.forms("en")))
    combined = {}
    for lang in SEARCH_LANGUAGES:
        own = vocabulary.get(lang, Vocabulary(detection=detection, engine=engine))
        synonyms = tuple(Synonym(*synonym) for synonym in base.synonyms(lang, concordance=concordance))
        words = (form.removesuffix(PREFIX).lower() for concept in base.concepts for form in concept.forms(lang))
        bid_words = tuple(
            form.removesuffix(PREFIX).lower()
            for concept in base.concepts
            if concept.id == own.bid_concept
            for form in concept.forms(lang)
            if " " not in form
        )
        count_words = next(
            (
                concept.forms(lang)[0].removesuffix(PREFIX).lower()
                for concept in base.concepts
                if own.counts and concept.id == own.counts.concept and concept.forms(lang)
            ),
            "",
        )
        combined[lang] = replace(
            own,
            synonyms=synonyms,
            terms=tuple(dict.fromkeys(words)),
            english=english,
            bid_words=bid_words,
            count_words=count_words,
        )
    return combined


def unknown_concept_problem(path: Path, vocabulary: dict[str, Vocabulary], base: TermBase) -> str | None:
    """A ``[bids]`` or ``[counts]`` concept naming no concept of the term base, said with the file
    and line: typed bids or counts of cards would stand for nothing, and no search would say so."""
    known = {concept.id for concept in base.concepts}
    for table, named, what in (
        ("bids", {own.bid_concept for own in vocabulary.values() if own.bid_concept}, "a typed bid (2♥, 1NT)"),
        ("counts", {own.counts.concept for own in vocabulary.values() if own.counts}, "a count of cards (14 kort)"),
    ):
        for unknown in sorted(named - known):
            return (
                f"{path}:{_line_of(path, f'[{table}]')}: [{table}] concept {unknown!r}: no concept of content/terms "
                f"has this id, so {what} stands for no word"
            )
    return None


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
        line = _line_of(path, "variants", after=f"[{lang}]")
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(side, str) for side in pair)):
            raise VocabularyError(f"{path}:{line}: [{lang}] variants: expected [pattern, replacement], got {pair!r}")
        # the browser runs it (JavaScript's RegExp): refused here when it could not run there, or
        # could take exponential time on a word typed
        problem = browser_pattern.problem(pair[0])
        if problem:
            line = _line_holding(path, (pair[0], json.dumps(pair[0])[1:-1]), line)
            raise VocabularyError(f"{path}:{line}: [{lang}] variant {pair[0]!r}: {problem}")
        variants.append((pair[0], pair[1]))
    doc_words = table.get("doc_words", {})
    letters = table.get("letters", {})
    if not isinstance(letters, dict) or any(len(str(k)) != 1 or len(str(v)) != 1 for k, v in letters.items()):
        raise VocabularyError(f'{path}: [{lang}] letters: expected single letters, {{typed = "printed"}}')
    equivalents = _groups(path, lang, table.get("equivalents"), "equivalents")
    kin_words = _groups(path, lang, table.get("kin_words"), "kin_words", words=True)
    return Vocabulary(
        letters={str(k): str(v) for k, v in letters.items()},
        law_words=tuple(str(word).lower() for word in _list(table.get("law_words"))),
        point_words=tuple(str(word).lower() for word in _list(table.get("point_words"))),
        doc_words={str(k).lower(): str(v) for k, v in doc_words.items()} if isinstance(doc_words, dict) else {},
        variants=tuple(variants),
        # the compass seats are who did it, not what: they carry no concept either
        function_words=tuple(
            str(word).lower() for word in [*_list(table.get("function_words")), *_list(table.get("seats"))]
        ),
        strains=_strains(path, lang, table.get("strains")),
        card_names=_strains(path, lang, table.get("card_names"), "card_names"),
        card_word=_card_word(path, lang, table),
        equivalents=equivalents,
        kin_words=_kin_apart(path, lang, kin_words, equivalents),
    )


def _kin_apart(
    path: Path, lang: str, kin_words: tuple[tuple[str, ...], ...], equivalents: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], ...]:
    """``kin_words``, refused if one of them is also a phrase of ``equivalents``: the word would
    be said as its equivalents group's first and then stand for its kin, two rules for one word
    where a curator reading either list expects one."""
    phrases = {phrase for group in equivalents for phrase in group}
    both = sorted({word for group in kin_words for word in group} & phrases)
    if both:
        line = _line_of(path, "kin_words", after=f"[{lang}]")
        raise VocabularyError(f"{path}:{line}: [{lang}] kin_words: {both[0]!r} is also in equivalents; keep it in one")
    return kin_words


def _groups(path: Path, lang: str, value: object, key: str, words: bool = False) -> tuple[tuple[str, ...], ...]:
    """A language's ``equivalents`` (groups of two phrases or more) or ``kin_words`` (of two
    words or more), each lower-cased with its spaces made single; a phrase in two groups would
    stand for two groups' words, and is refused."""
    if value is None:
        return ()
    where = f"{path}:{_line_of(path, key, after=f'[{lang}]')}: [{lang}] {key}"
    kind = "words" if words else "phrases"
    if not isinstance(value, list):
        raise VocabularyError(f"{where}: expected a list of groups, [[{kind[:-1]}, {kind[:-1]}, …], …]")
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for group in value:
        written_ok = isinstance(group, list) and all(
            isinstance(p, str) and p.strip() and "*" not in p and not (words and len(p.split()) > 1) for p in group
        )
        if not (written_ok and len(group) >= 2):
            raise VocabularyError(f"{where}: expected a group of two {kind} or more (no '*'), got {group!r}")
        written = tuple(" ".join(str(phrase).lower().split()) for phrase in group)
        for phrase in written:
            if phrase in seen:
                raise VocabularyError(f"{where}: {phrase!r} is in a group twice or in two groups")
            seen.add(phrase)
        groups.append(written)
    return tuple(groups)


def _card_word(path: Path, lang: str, table: dict[str, object]) -> str:
    """The word for a card that a language's ``card_names`` stand for (both or neither)."""
    word, names = table.get("card_word"), table.get("card_names")
    if word is None and names is None:
        return ""
    if not (isinstance(word, str) and word.strip() and "*" not in word and " " not in word.strip() and names):
        line = _line_of(path, "card_", after=f"[{lang}]")
        raise VocabularyError(f"{path}:{line}: [{lang}] card_word: expected one word beside card_names, got {word!r}")
    return word.strip().lower()


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


# -- the data a search page carries ------------------------------------------------------------
