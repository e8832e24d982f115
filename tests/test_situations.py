"""The situations (content/terms/situations): a language's phrases for what happens at the table.

The data is held to its README (a law of the 93, phrases of two to five words, every law with a
situation in every language search carries); the reader reports what is wrong at its line and
uses the rest; search carries each situation in its own language only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws.core import facts
from bridgelaws.termbase import TermBase, load, situations
from conftest import ROOT

TERMS = ROOT / "content" / "terms"


@pytest.fixture(scope="module")
def base() -> TermBase:
    return load(TERMS)


def test_every_law_has_a_situation_in_every_language_search_carries(base: TermBase) -> None:
    assert base.errors == []
    for lang in situations.LANGUAGES:
        mine = [s for s in base.situations if s.terms[0].lang == lang]
        laws = {int(law) for s in mine for law in s.laws}
        assert laws == set(facts.LAW_NUMBERS), (lang, set(facts.LAW_NUMBERS) - laws)


def test_every_phrase_is_two_to_five_words_and_says_where_it_comes_from(base: TermBase) -> None:
    low, high = situations.PHRASE_WORDS
    for situation in base.situations:
        (term,) = situation.terms
        assert term.basis.startswith("curated"), situation.where
        assert all(low <= len(form.split()) <= high for form in term.forms), situation.where


def test_a_situation_is_carried_in_its_own_language_only(base: TermBase) -> None:
    for lang in facts.INTERFACE_LANGUAGES:
        rows = [row for row in base.synonyms(lang) if row.situation]
        own = [s for s in base.situations if s.terms[0].lang == lang]
        assert len(rows) == len(own), lang
        for (words, laws, *_), situation in zip(rows, own, strict=True):
            assert list(words) == [form.lower() for form in situation.forms(lang)]
            assert laws == situation.laws


def test_situations_are_not_concepts(base: TermBase) -> None:
    """The translators' page and the concept checks read concepts only."""
    assert base.situations and not any(c.is_situation for c in base.concepts)
    assert all(s.is_situation and s.id.startswith("situation-") for s in base.situations)


GOOD = """lang = "tr"

[[situation]]
law = 66
name = "looking at the last trick"
forms = ["son löveye bakmak", "son löveyi görmek"]
"""


def _folder(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / situations.FOLDER
    folder.mkdir(exist_ok=True)
    (folder / "tr.toml").write_text(text, encoding="utf-8")
    return folder / "tr.toml"


@pytest.mark.parametrize(
    ("change", "message", "kept_phrases"),
    [
        (("law = 66", "law = 94"), "must be law numbers 1–93", None),
        (("law = 66", 'law = "66"'), "must be law numbers", None),
        (("law = 66", "law = 66\nalso = [0]"), "must be law numbers", None),
        (("law = 66", "law = 66\nalso = 65"), "must be law numbers", None),
        (('forms = ["son löveye bakmak", "son löveyi görmek"]', 'forms = "son löveye bakmak"'), "forms must be", None),
        (('"son löveyi görmek"', '"löve"'), "no phrase of 2–5 words", 1),
        (('"son löveyi görmek"', '"son löveyi bir kez daha görmek istemek"'), "no phrase of 2–5 words", 1),
        (('"son löveyi görmek"', '"löve*ye bakmak"'), "no phrase of 2–5 words", 1),
        (('"son löveyi görmek"', "3"), "no phrase of 2–5 words", 1),
        (('forms = ["son löveye bakmak", "son löveyi görmek"]', 'forms = ["löve"]'), "no usable phrase", None),
    ],
)
def test_a_wrong_situation_is_reported_at_its_line_and_the_rest_is_used(
    tmp_path: Path, change: tuple[str, str], message: str, kept_phrases: int | None
) -> None:
    bad = GOOD.split("\n", 2)[2]  # the [[situation]] block, after `lang`
    assert change[0] in bad
    path = _folder(tmp_path, GOOD + "\n" + bad.replace(*change))
    line = len(GOOD.splitlines()) + 2  # the second [[situation]] header
    base = load(tmp_path)
    assert base.errors and all(e.startswith(f"{path}:{line}: ") for e in base.errors), base.errors
    assert any(message in error for error in base.errors)
    assert base.situations[0].forms("tr") == ["son löveye bakmak", "son löveyi görmek"]
    if kept_phrases is None:
        assert len(base.situations) == 1
    else:
        assert len(base.situations) == 2 and len(base.situations[1].forms("tr")) == kept_phrases


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[situation]\n", "the file is left out"),
        ('lang = "de"\n[[situation]]\nlaw = 1\nforms = ["a b"]\n', "lang must be one of"),
        ('lang = "tr"\nsituation = 1\n', "must be an array of tables"),
        ('lang = "tr"\nsituation = [1]\n', "a situation must be a table"),
        ("\ufffe\x00", ""),
    ],
)
def test_hostile_files_are_errors_never_exceptions(tmp_path: Path, text: str, message: str) -> None:
    path = _folder(tmp_path, text)
    base = load(tmp_path)
    assert base.errors and all(e.startswith(f"{path}:") for e in base.errors), base.errors
    assert message in base.errors[0]
    assert base.situations == []


def test_a_missing_folder_is_no_error(tmp_path: Path) -> None:
    base = load(tmp_path)
    assert base.situations == [] and base.errors == []
