"""Read the situations (``content/terms/situations/*.toml``): a language's words for what happens at
the table, each leading to the law that governs it.

A director types a situation, not a term: ``son löveye bakmak`` (looking at the last trick) is Law
66, ``dwóch obrońców zagrało jednocześnie`` Law 58.  One file per language (README in the
folder); each ``[[situation]]`` is one situation, its law (2017 numbering) and two to five
paraphrases of two to five words each.  They become :class:`Concept` rows of kind
:data:`SITUATION` with one term, in their file's language only: search carries them, the
translators' page does not show them (they are no terms of the Laws).

As everywhere in the term base, a wrong row is reported with its file and line and left out;
a wrong phrase is left out of its situation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgelaws.core import datafile
from bridgelaws.core.facts import LAW_COUNT, TEXT_LANGUAGES
from bridgelaws.termbase.model import SITUATION, Concept, Term

FOLDER = "situations"  # content/terms/situations
# the languages search carries a situation in: those with texts (English has none to lead to)
LANGUAGES = TEXT_LANGUAGES
PHRASE_WORDS = (2, 5)  # a phrase's words: one word is a term (concepts.toml); more is no situation typed
DEFAULT_BASIS = "curated: usage"  # a file's `basis`, unless it says otherwise


def read_folder(folder: Path, errors: list[str]) -> list[Concept]:
    """Every situation of every ``*.toml`` in ``folder``, in file order (none if it does not exist)."""
    if not folder.is_dir():
        return []
    situations: list[Concept] = []
    for path in sorted(folder.glob("*.toml")):
        situations += read_file(path, errors)
    return situations


def read_file(path: Path, errors: list[str]) -> list[Concept]:
    """One language's situations; what is wrong goes to ``errors`` as ``file:line: …``."""
    file = datafile.read_or_leave_out(path, errors)
    if file is None:
        return []
    data = file.data
    lang = data.get("lang")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        errors.append(f"{file.key('lang')}: lang must be one of {list(LANGUAGES)}, not {lang!r}; the file is left out")
        return []
    basis = data.get("basis", DEFAULT_BASIS)
    if not isinstance(basis, str):
        errors.append(f"{file.key('basis')}: basis must be text, not {datafile.type_name(basis)}; the file is left out")
        return []
    basis = basis.strip() or DEFAULT_BASIS
    if not isinstance(data.get("situation", []), list):
        where = file.key("situation")
        errors.append(f"{where}: 'situation' must be an array of tables ([[situation]]); the file is left out")
        return []
    found = []
    for index, (where, row) in enumerate(file.rows("situation")):
        situation = _situation(row, lang, basis, where, index + 1, errors)
        if situation:
            found.append(situation)
    return found


def _laws(row: dict[str, Any]) -> list[Any]:
    """The row's law and its ``also`` laws, unchecked; ``[None]`` (no law) when ``also`` is no list."""
    also = row.get("also", [])
    if not isinstance(also, list):
        return [None]
    return [row.get("law"), *also]


def _situation(row: Any, lang: str, basis: str, where: str, number: int, errors: list[str]) -> Concept | None:
    if not isinstance(row, dict):
        errors.append(f"{where}: a situation must be a table; left out")
        return None
    laws = _laws(row)
    if not all(isinstance(law, int) and not isinstance(law, bool) and 1 <= law <= LAW_COUNT for law in laws):
        errors.append(
            f"{where}: law (and also) must be law numbers 1–{LAW_COUNT}, not {laws!r}; the situation is left out"
        )
        return None
    forms = row.get("forms")
    if not isinstance(forms, list) or not forms:
        errors.append(f"{where}: forms must be a list of phrases; the situation is left out")
        return None
    phrases = []
    for form in forms:
        words = form.split() if isinstance(form, str) else []
        if not PHRASE_WORDS[0] <= len(words) <= PHRASE_WORDS[1] or "*" in form:
            errors.append(
                f"{where}: {form!r} is no phrase of {PHRASE_WORDS[0]}–{PHRASE_WORDS[1]} words (a single word "
                "belongs in concepts.toml); the phrase is left out"
            )
            continue
        phrases.append(" ".join(words))
    if not phrases:
        errors.append(f"{where}: no usable phrase; the situation is left out")
        return None
    name = row["name"] if isinstance(row.get("name"), str) else ""
    return Concept(
        id=f"situation-{lang}-{number}",
        name=name.strip() or phrases[0],
        laws=tuple(str(law) for law in dict.fromkeys(laws)),
        terms=(Term(lang, tuple(dict.fromkeys(phrases)), basis, where=where),),
        where=where,
        kind=SITUATION,
    )
