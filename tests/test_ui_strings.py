"""The one table of interface strings (ui.toml): every string in every interface language.

A key that exists only in ``[en]`` shows English on a Finnish page (``t`` falls back to it),
so every key of ``[en]`` must be in every language, translated: a value equal to the English
one is a missed translation unless the string is language-neutral, listed here by key.
"""

from __future__ import annotations

import string

import pytest

from bridgelaws.core import facts
from bridgelaws.stage4_render.page import _strings

# Strings with no words in them: the same in every language.
LANGUAGE_NEUTRAL = {
    "no_text",  # "—"
    "search_synonym",  # "{word} → {note}"
}
OTHER_LANGUAGES = [lang for lang in facts.INTERFACE_LANGUAGES if lang != facts.DEFAULT_LANGUAGE]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_interface_language_has_a_table() -> None:
    assert set(_strings()) == set(facts.INTERFACE_LANGUAGES)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_english_key_is_in_every_language(lang: str) -> None:
    missing = sorted(set(_strings()["en"]) - set(_strings()[lang]))
    assert not missing, f"[{lang}] lacks {missing}: those pages would show English"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_language_keeps_an_english_string(lang: str) -> None:
    english, own = _strings()["en"], _strings()[lang]
    same = sorted(key for key, value in own.items() if value == english.get(key) and key not in LANGUAGE_NEUTRAL)
    assert not same, f"[{lang}] {same} are the English text"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_translations_fill_the_same_placeholders(lang: str) -> None:
    english, own = _strings()["en"], _strings()[lang]
    wrong = {key: placeholders(own[key]) for key in english if key in own}
    wrong = {key: found for key, found in wrong.items() if found != placeholders(english[key])}
    assert not wrong, f"[{lang}] placeholders differ from English: {wrong}"


def test_the_language_neutral_exceptions_are_still_neutral() -> None:
    """An exception that a translation could change is no longer an exception: no letters."""
    for key in LANGUAGE_NEUTRAL:
        literal = "".join(text for text, _, _, _ in string.Formatter().parse(_strings()["en"][key]))
        assert not any(char.isalpha() for char in literal), key
