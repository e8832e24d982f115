"""The interface strings (``ui.toml``), damaged or mistaken: a wrong string is named at its line and
English shown in its place; a table no page can be written with is refused at its line; a
byte-order mark changes nothing.  The other data files are tests/test_data_files.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bridgelaws.core import datafile
from bridgelaws.stage4_render import page
from data_plants import line_of

# -- the interface strings ---------------------------------------------------------------------------

UI = page.UI_FILE


def _ui_copy(tmp_path: Path, change: Callable[[str], str]) -> Path:
    path = tmp_path / "ui.toml"
    path.write_text(change(UI.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def _in_section(lang: str, old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        start = text.index(f"\n[{lang}]\n")
        return text[:start] + text[start:].replace(old, new, 1)

    return change


def _line_in_section(text: str, lang: str, needle: str) -> int:
    start = text.index(f"\n[{lang}]\n")
    return text.count("\n", 0, start) + 1 + line_of(text[start:], needle) - 1


# (case, change, language, the line's text after the change, what the message says); English is shown
UI_ROW_CASES = [
    ("a number", _in_section("fi", 'law = "Pykälä {n}"', "law = 5"), "fi", "law = 5", "no text"),
    ("a lone brace", _in_section("fi", 'law = "Pykälä {n}"', 'law = "Pykälä {n"'), "fi", 'law = "Pykälä {n"', "lone"),
    (
        "another placeholder",
        _in_section("sv", 'compare_title = "', 'compare_title = "{x} '),
        "sv",
        "compare_title",
        "placeholders",
    ),
    ("a key missing", _in_section("tr", "\ncompare = ", "\n#compare = "), "tr", "[tr]", "lacks 'compare'"),
    (
        "a key English lacks",
        _in_section("pl", "\ncompare = ", '\nextra_key = "x"\ncompare = '),
        "pl",
        "extra_key",
        "[en] lacks",
    ),
]


@pytest.mark.parametrize(("case", "change", "lang", "at", "says"), UI_ROW_CASES, ids=[c[0] for c in UI_ROW_CASES])
def test_a_wrong_interface_string_is_named_at_its_line_and_english_shown(
    case: str, change: Callable[[str], str], lang: str, at: str, says: str, tmp_path: Path
) -> None:
    path = _ui_copy(tmp_path, change)
    strings = page.read_strings(path)
    line = _line_in_section(path.read_text(encoding="utf-8"), lang, at)
    assert any(error.startswith(f"{path}:{line}: ") and says in error for error in strings.errors), (
        line,
        strings.errors,
    )
    english = page.read_strings(UI).table["en"]
    assert all(key in strings.table["en"] for key in english)
    for key, value in strings.table.get(lang, {}).items():
        assert page._fields(value) == page._fields(strings.table["en"][key]), key


# (case, change, the line's text, what the message says): no page can be written, said at the line
UI_FILE_CASES = [
    ("English a number", _in_section("en", 'law = "Law {n}"', "law = 5"), "law = 5", "no text"),
    ("English a lone brace", _in_section("en", 'law = "Law {n}"', 'law = "Law {"'), 'law = "Law {"', "lone"),
    ("not TOML", _in_section("fi", 'law = "Pykälä {n}"', 'law = "Pykälä {n}'), 'law = "Pykälä {n}', "not valid TOML"),
]


@pytest.mark.parametrize(("case", "change", "at", "says"), UI_FILE_CASES, ids=[c[0] for c in UI_FILE_CASES])
def test_an_unusable_interface_table_is_refused_at_its_line(
    case: str, change: Callable[[str], str], at: str, says: str, tmp_path: Path
) -> None:
    path = _ui_copy(tmp_path, change)
    with pytest.raises(datafile.DataError) as refused:
        page.read_strings(path)
    line = line_of(path.read_text(encoding="utf-8"), at)
    assert str(refused.value).startswith(f"{path}:{line}: ") and says in str(refused.value), (line, refused.value)


def test_interface_strings_with_a_byte_order_mark_read_the_same(tmp_path: Path) -> None:
    path = tmp_path / "ui.toml"
    path.write_bytes(b"\xef\xbb\xbf" + UI.read_bytes())
    assert page.read_strings(path).table == page.read_strings(UI).table
