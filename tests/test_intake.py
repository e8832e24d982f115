"""Reading a source's bytes: each named step before/after, and the file-level verdicts.

The damage here is of the kinds sources really arrive with: a legacy code page, UTF-8 read as
cp1252 and saved again, a stray byte, a file cut short, a file that is not text at all.
"""

from __future__ import annotations

import codecs

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgelaws.core.accounting import tally
from bridgelaws.stage1_read import intake, repairs
from bridgelaws.stage1_read.cleaning import Step


def _conserved(step: Step, before: str) -> bool:
    """before == after + dropped − inserted, over non-whitespace characters."""
    return tally(before, [step.text], (d.text for d in step.dropped), (i.text for i in step.inserted)).ok


# -- cleaning steps: before → after -----------------------------------------------------------

STEPS = [
    (repairs.normalise_line_ends, "a\r\nb\rc\n", "a\nb\nc\n"),
    (repairs.repair_mojibake, "1 § KÃ¤ytÃ¶s\nok", "1 § Käytös\nok"),
    (repairs.repair_mojibake, "YanlÄ±ÅŸ Kart SayÄ±sÄ±", "Yanlış Kart Sayısı"),
    (repairs.repair_mojibake, "Polski ZwiÄ…zek BrydÅ¼a", "Polski Związek Brydża"),
    (repairs.repair_mojibake, "Käytös – “lainaus” ½", "Käytös – “lainaus” ½"),  # already right: untouched
    (repairs.repair_mojibake, "KÃƒÂ¤ytÃƒÂ¶s", "Käytös"),  # encoded twice: repaired twice
    (repairs.drop_control_characters, "Lag\x00 9\x07\tok\x0c", "Lag 9\tok\x0c"),
    (repairs.drop_invisible_characters, "FELAK\u00adTIGT\u200b ANTAL", "FELAKTIGT ANTAL"),
    (repairs.drop_invisible_characters, "a\u202eb\u2066c", "abc"),
]


@pytest.mark.parametrize(("step", "before", "after"), STEPS)
def test_cleaning_step(step: object, before: str, after: str) -> None:
    assert callable(step)
    cleaned = step(before)
    assert cleaned.text == after
    assert _conserved(cleaned, before)
    assert step(cleaned.text).text == cleaned.text  # idempotent
    assert cleaned.text.count("\n") == before.replace("\r\n", "\n").replace("\r", "\n").count("\n")


@pytest.mark.parametrize(
    ("line", "flagged"),
    [
        ("Lag 9 <script>alert(1)</script>", True),
        ('<img src=x onerror="alert(1)">', True),
        ("<svg onload=alert(1)>", True),
        ("se [lag](javascript:alert(1))", True),
        ("<p>text</p>", True),
        ("13 < 14 and 2 > 1", False),
        ("Yasa 12C1(b)’de <13 kart>", False),
        ("[bkz. Yasa 12C1(b)] ayarlar", False),
    ],
)
def test_markup_in_a_text_source_is_flagged_and_kept(line: str, flagged: bool) -> None:
    step = repairs.flag_markup(f"ok\n{line}")
    assert step.text == f"ok\n{line}"
    assert [w.origin.line for w in step.warnings] == ([2] if flagged else [])


def test_mojibake_repair_is_reported_per_line() -> None:
    step = repairs.repair_mojibake("ok\nKÃ¤ytÃ¶s 1\nok\nTÃ¤mÃ¤")
    assert [w.origin.line for w in step.warnings] == [2, 4]
    assert "'KÃ¤ytÃ¶s' → 'Käytös'" in step.warnings[0].message
    assert {span.reason for span in step.dropped} == {"mojibake, repaired"}


def test_many_repaired_lines_are_summarised() -> None:
    text = "\n".join(f"KÃ¤ytÃ¶s {n}" for n in range(20))
    warnings = repairs.repair_mojibake(text).warnings
    assert len(warnings) == repairs.MAX_LINE_WARNINGS + 1
    assert "15 more lines" in warnings[-1].message


LINE = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(LINE, max_size=8))
@example(["\x9aÃ¢×²"])  # a repair's output that the next repair reads as mojibake again
def test_cleaning_steps_conserve_and_keep_lines(lines: list[str]) -> None:
    text = "\n".join(lines)
    for step in repairs.CLEANING_STEPS:
        cleaned = step(text)
        assert _conserved(cleaned, text)
        assert step(cleaned.text).text == cleaned.text
        text = cleaned.text


WORD = st.text(st.sampled_from("aäoöåksnAÄ ,.-"), min_size=1, max_size=12)


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(st.tuples(WORD, st.booleans()), min_size=1, max_size=30))
def test_mojibake_repair_conserves_wherever_the_repairs_fall_in_a_long_line(words: list[tuple[str, bool]]) -> None:
    """A line of the PDF's text layer is a page: repairs anywhere in it, few or many, are
    reported span by span and the text is conserved."""
    line = " ".join(word.encode("utf-8").decode("cp1252") if garbled else word for word, garbled in words)
    step = repairs.repair_mojibake(line)
    assert _conserved(step, line)
    assert all(span.origin.line == 1 for span in step.dropped)


# -- decoding ----------------------------------------------------------------------------------

FINNISH = "1 § Määritelmät\nPelinjohtaja ei ole läsnä.\n"
SWEDISH = "13. FELAKTIGT ANTAL KORT\nTräkarlen får inte påtala.\n"
TURKISH = "YASA 42 – YERİN HAKLARI\nYanlış sayıda kart; oyuncu konuşmuş ise.\n"
POLISH = "Decyzje PZBS dotyczące MPB 2017\nPrzepisy 12C2b i 12C2d: sędzia, źródło, łączność.\n"

LEGACY = [
    (FINNISH, "fi", "cp1252"),
    (FINNISH, "fi", "latin-1"),
    (SWEDISH, "sv", "cp1252"),
    (SWEDISH, "sv", "latin-1"),
    (TURKISH, "tr", "cp1254"),
    (TURKISH.replace("–", "-"), "tr", "iso-8859-9"),  # Latin-5 has no dash
    (POLISH, "pl", "cp1250"),
    (POLISH, "pl", "iso-8859-2"),
]


@pytest.mark.parametrize(("text", "lang", "encoding"), LEGACY)
def test_legacy_code_page_is_detected_converted_and_reported(text: str, lang: str, encoding: str) -> None:
    read = intake.read(text.encode(encoding), lang)
    assert read.text == text
    (warning,) = read.warnings
    assert "not UTF-8" in warning.message
    first_non_ascii = next(n for n, line in enumerate(text.split("\n"), start=1) if not line.isascii())
    assert warning.origin.line == first_non_ascii


def test_legacy_warning_names_the_line_of_the_first_byte() -> None:
    data = ("ascii only\n" * 3 + SWEDISH).encode("cp1252")
    assert intake.read(data, "sv").warnings[0].origin.line == 5  # "Träkarlen", the second Swedish line


def test_bad_bytes_inside_utf8_are_read_in_the_languages_code_page_or_shown() -> None:
    data = "Träkarlen på både är\n".encode() + b"M\xe4\xe4r\xe4\n" + b"Lag 9\x00" + b"\x9d\n"
    read = intake.read(data, "fi")
    assert read.text.split("\n")[:3] == ["Träkarlen på både är", "Määrä", "Lag 9\ufffd"]
    assert [w.origin.line for w in read.warnings] == [2, 3, 3]
    assert "not UTF-8" in read.warnings[0].message


def test_utf8_lines_pasted_into_a_legacy_file_are_repaired() -> None:
    data = "Träkarlen på både\n".encode("cp1252") * 3 + "Käytös\n".encode()
    read = intake.read(data, "fi")
    assert read.text == "Träkarlen på både\n" * 3 + "Käytös\n"
    assert [w.origin.line for w in read.warnings] == [1, 4]  # cp1252, then the repaired line


def test_a_file_cut_inside_a_character_says_truncated() -> None:
    data = SWEDISH.encode()[: SWEDISH.encode().index("ä".encode()) + 1]
    warnings = [w.message for w in intake.read(data, "sv").warnings]
    assert any("truncated" in message for message in warnings)


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (codecs.BOM_UTF8 + SWEDISH.encode(), "utf-8-sig"),
        (SWEDISH.encode("utf-16"), "utf-16"),
        (SWEDISH.encode("utf-16-le"), "utf-16-le"),
        (SWEDISH.encode("utf-16-be"), "utf-16-be"),
    ],
)
def test_unicode_forms_are_read(data: bytes, encoding: str) -> None:
    read = intake.read(data, "sv")
    assert read.text == SWEDISH
    assert read.encoding == encoding


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "empty"),
        (b"  \n\n\t", "only whitespace"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PNG"),
        (b"PK\x03\x04\x14\x00\x06\x00", "ZIP"),
        (bytes(range(256)) * 8, "control bytes"),
        (b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f", "control bytes"),
    ],
)
def test_files_that_are_not_text_are_refused_with_a_reason(data: bytes, says: str) -> None:
    with pytest.raises(intake.Unreadable) as raised:
        intake.read(data, "sv")
    assert says in raised.value.message
    assert raised.value.line >= 1


@settings(max_examples=100, deadline=None, database=None)
@given(st.binary(max_size=2000), st.sampled_from(["fi", "sv", "tr", "pl", ""]))
def test_any_bytes_are_read_or_refused_never_crash(data: bytes, lang: str) -> None:
    try:
        read = intake.read(data, lang)
    except intake.Unreadable as refused:
        assert refused.message and refused.line >= 1
        return
    lines = read.text.count("\n") + 1
    assert all(1 <= w.origin.line <= max(lines, data.count(b"\n") + 1) for w in read.warnings)
