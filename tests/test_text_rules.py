"""The text rules Python owns and the browser applies from the data: the fold that makes a typed
word meet a printed one (``langmodel.fold_data``; ``search/engine/text.js`` ``folder``) and the
keys of the files fetched for a word (``word_files.FileKey``; ``fileKeyer``).  Python applies
them to the data at build time, the browser (run here under Node) to queries: both must give the
same for any input in any search language, or a query misses the term or file it names."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws.search.langmodel import fold, fold_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES
from bridgelaws.search.word_files import ENGLISH_FILES, WORD_FILES, FileKey
from search_node import NODE

TEXT_JS = Path(__file__).resolve().parent / "js" / "text.mjs"

# what each language's readers type and its texts print, upper and lower case, with the letters
# Unicode does not decompose and the composed and decomposed accents
LETTERS = (
    "abcdefghijklmnopqrstuvwxyzåäöğışçİüąćęłńśźżóéèÅÄÖĞIŞÇÜĄĆĘŁŃŚŹŻÓÉ" + "\u0307\u0308\u0301\u0328\u1dc0 §-0123456789"
)

CASES = [
    ("tr", "İHLAL", "ihlal"),
    ("tr", "KISITLAMA", "kisitlama"),  # Turkish I is ı, folded to i
    ("tr", "Işık", "isik"),
    ("pl", "Łódź", "lodz"),
    ("pl", "ZAMKNIĘCIE", "zamkniecie"),
    ("fi", "Pöytä", "poyta"),
    ("sv", "Tävlingsledaren", "tavlingsledaren"),
    ("sv", "A\u0308", "a"),  # decomposed as typed by some keyboards
]


def in_node(texts: list[tuple[str, str]], keys: list[tuple[FileKey, str]] | None = None) -> dict[str, list[str]]:
    """What text.js makes of ``texts`` (folded, each in its language) and ``keys`` (a word's file key)."""
    if NODE is None:
        raise RuntimeError("node not found: run `make test` (it installs Debian's nodejs)")
    line = {"fold": fold_data(), "texts": texts, "keys": [(spec.data(), word) for spec, word in keys or []]}
    run = subprocess.run(
        [NODE, str(TEXT_JS)],
        input=json.dumps(line),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=60,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def folded_in_node(texts: list[tuple[str, str]]) -> list[str]:
    return in_node(texts)["folded"]


@pytest.mark.parametrize(("lang", "text", "folded"), CASES)
def test_folded_alike_in_python_and_the_browser(lang: str, text: str, folded: str) -> None:
    assert fold(text) == folded
    assert folded_in_node([(lang, text)]) == [folded]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(SEARCH_LANGUAGES), st.text(alphabet=LETTERS, max_size=24)), min_size=200, max_size=200
    )
)
def test_any_text_folds_alike(texts: list[tuple[str, str]]) -> None:
    assert folded_in_node(texts) == [fold(text) for _, text in texts]


@given(st.text(alphabet=LETTERS, max_size=24))
def test_folding_twice_changes_nothing(text: str) -> None:
    assert fold(fold(text)) == fold(text)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from([WORD_FILES, ENGLISH_FILES]), st.text(alphabet=LETTERS, max_size=8)),
        min_size=50,
        max_size=50,
    )
)
def test_any_folded_word_is_keyed_alike(keys: list[tuple[FileKey, str]]) -> None:
    folded = [(spec, fold(word)) for spec, word in keys]
    assert in_node([], folded)["keyed"] == [spec.of(word) for spec, word in folded]


@pytest.mark.parametrize(
    ("spec", "word", "key"),
    [(WORD_FILES, "lahti", "lah"), (WORD_FILES, "ölü", "_l_"), (WORD_FILES, "kj", "kj"), (ENGLISH_FILES, "2nt", "0n")],
)
def test_a_word_is_keyed_by_its_first_letters(spec: FileKey, word: str, key: str) -> None:
    assert spec.of(word) == key
