"""Specific damaged inputs and the message each gets: the kind of damage named at the line where
it is, the text repaired (a table of cases, one per kind and source); a plain text file with
nothing printable refused as such.  The properties every damage keeps are tests/test_damage.py's;
this module runs each case through its pipeline (:func:`damage_harness.run`)."""

from __future__ import annotations

import codecs
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bridgelaws.stage1_read import intake
from damage_harness import BY_PARSER, Outcome, Source, messages, mojibake, run

# -- specific damage, the message it gets -------------------------------------------------------


def _text(source: Source) -> str:
    return source.data.decode("utf-8")


def _first_non_ascii_line(text: str) -> int:
    return next(number for number, line in enumerate(text.split("\n"), 1) if not line.isascii())


def _with_line(text: str, number: int, line: str) -> str:
    """``text`` with ``line`` inserted as line ``number``."""
    lines = text.split("\n")
    lines.insert(number - 1, line)
    return "\n".join(lines)


def _pasted_cp1252(text: str, number: int, line: str, ends: str = "\n") -> bytes:
    """The text in UTF-8 with ``line`` inserted as line ``number`` in cp1252 (pasted from an old file)."""
    lines = [part.encode("utf-8") for part in text.split("\n")]
    lines.insert(number - 1, line.encode("cp1252"))
    return ends.encode("ascii").join(lines)


def _replace(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def _line_of(text: str, needle: str) -> int:
    return text.split(needle, 1)[0].count("\n") + 1


@dataclass(frozen=True)
class Case:
    """A damaged input and what reading it must say.

    ``damage`` makes the bytes from the source's text; ``message`` are substrings of one
    warning (or of the Unreadable message), ``line`` its line; ``check`` looks at the outcome.
    """

    id: str
    parser: str
    damage: Callable[[str], bytes]
    message: tuple[str, ...]
    line: Callable[[str], int]
    unreadable: bool = False
    check: Callable[[Outcome], None] | None = None


def _has_law(number: int, title: str) -> Callable[[Outcome], None]:
    def check_law(outcome: Outcome) -> None:
        laws = [law for document in outcome.result.documents for law in document.laws if law.number == number]
        assert laws, f"law {number} not found"
        assert laws[0].title == title, laws[0].title

    return check_law


def _text_contains(needle: str, absent: str = "") -> Callable[[Outcome], None]:
    def check_text(outcome: Outcome) -> None:
        assert needle in outcome.text.text
        assert not absent or absent not in outcome.text.text

    return check_text


def _reads_as_original(parser: str) -> Callable[[Outcome], None]:
    def check_same(outcome: Outcome) -> None:
        assert outcome.text.text == _text(BY_PARSER[parser])

    return check_same


SV_LAW_13 = "13. FELAKTIGT ANTAL KORT"
FI_LAW_13 = "13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ"

CASES = [
    Case(
        "cp1252-file",
        "sv_web",
        lambda text: text.encode("cp1252"),
        ("not UTF-8", "cp1252"),
        _first_non_ascii_line,
        check=_reads_as_original("sv_web"),
    ),
    Case(
        "cp1254-file",
        "tr_blog",
        lambda text: text.encode("cp1254", errors="replace"),
        ("not UTF-8", "cp1254"),
        _first_non_ascii_line,
    ),
    Case(
        "cp1250-file",
        "pl_pzbs",
        lambda text: text.encode("cp1250", errors="replace"),
        ("not UTF-8", "cp1250"),
        _first_non_ascii_line,
    ),
    Case(
        "a-cp1252-line-in-utf8",
        "fi_ocr",
        lambda text: _pasted_cp1252(text, 40, "Määritelmä"),
        ("not UTF-8", "0xe4"),
        lambda text: 40,
        check=_text_contains("Määritelmä"),
    ),
    Case(
        "a-cp1252-line-in-utf8-crlf",
        "fi_ocr",
        lambda text: _pasted_cp1252(text, 545, "Määritelmä", ends="\r\n"),
        ("not UTF-8", "0xe4"),
        lambda text: 545,
    ),
    Case(
        "a-cp1252-line-in-utf8-cr",  # old Mac line ends: an editor shows the bad bytes on line 545
        "fi_ocr",
        lambda text: _pasted_cp1252(text, 545, "Määritelmä", ends="\r"),
        ("not UTF-8", "0xe4"),
        lambda text: 545,
    ),
    Case(
        "cp1252-file-cr",
        "fi_ocr",
        lambda text: text.replace("\n", "\r").encode("cp1252", errors="replace"),
        ("not UTF-8", "cp1252"),
        _first_non_ascii_line,
    ),
    Case(
        "mojibake-line",
        "fi_ocr",
        lambda text: _with_line(text, 30, "KÃ¤ytÃ¶s on kielletty").encode("utf-8"),
        ("mojibake repaired", "KÃ¤ytÃ¶s", "Käytös"),
        lambda text: 30,
        check=_text_contains("Käytös on kielletty", absent="KÃ¤ytÃ¶s"),
    ),
    Case(
        "mojibake-heading",
        "sv_web",
        lambda text: _replace(text, SV_LAW_13, mojibake(SV_LAW_13.replace("FEL", "FÄL"), "cp1252")).encode("utf-8"),
        ("mojibake repaired",),
        lambda text: _line_of(text, SV_LAW_13),
        check=_has_law(13, "FÄLAKTIGT ANTAL KORT"),
    ),
    # ftfy alone leaves these: one short mojibake sequence in a line is not "bad" enough for it
    *[
        Case(
            f"mojibake-{parser}-{word}",
            parser,
            lambda text, line=line: _with_line(text, 20, mojibake(line, "cp1252")).encode("utf-8"),
            ("mojibake repaired",),
            lambda text: 20,
            check=_text_contains(line, absent=mojibake(line, "cp1252")),
        )
        for parser, word, line in [
            ("sv_web", "a-ring", "A. Påtalande av en felaktighet"),
            ("tr_blog", "g-breve", "B. Elin Eksik Olduğu Daha Sonra Fark edilirse"),
            ("pl_pzbs", "a-ogonek", "Decyzje PZBS dotyczące MPB 2017"),
        ]
    ],
    Case("empty", "sv_web", lambda text: b"", ("empty",), lambda text: 1, unreadable=True),
    Case("whitespace-only", "sv_web", lambda text: b" \n\n\t\r\n", ("whitespace",), lambda text: 1, unreadable=True),
    Case(
        "png",
        "tr_blog",
        lambda text: b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
        ("not a text file", "PNG"),
        lambda text: 1,
        unreadable=True,
    ),
    Case(
        "pdf",
        "fi_pdf",
        lambda text: b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n",
        ("not a text file", "PDF"),
        lambda text: 1,
        unreadable=True,
    ),
    Case(
        "random-bytes",
        "pl_pzbs",
        lambda text: random.Random(7).randbytes(4000),
        ("not a text file", "control bytes"),
        lambda text: 1,
        unreadable=True,
    ),
    Case(
        "utf-16-bom",
        "sv_web",
        lambda text: text.encode("utf-16"),
        ("UTF-16", "converted"),
        lambda text: 1,
        check=_reads_as_original("sv_web"),
    ),
    Case(
        "utf-16-le-no-bom",
        "tr_blog",
        lambda text: text.encode("utf-16-le"),
        ("UTF-16", "converted"),
        lambda text: 1,
        check=_reads_as_original("tr_blog"),
    ),
    Case(
        "utf-8-bom",
        "pl_pzbs",
        lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
        (),
        lambda text: 1,
        check=_reads_as_original("pl_pzbs"),
    ),
    Case(
        "cut-inside-a-character",
        "fi_ocr",
        lambda text: text.encode("utf-8")[: text.encode("utf-8").index("LUKUMÄÄRÄ".encode()) + len("LUKUM") + 1],
        ("truncated",),
        lambda text: _line_of(text, "13 § KORTTIEN VÄÄRÄ LUKUMÄÄRÄ"),
    ),
    Case(
        "nul-bytes",
        "sv_web",
        lambda text: _replace(text, SV_LAW_13, "13.\x00 FELAKTIGT\x00 ANTAL KORT").encode("utf-8"),
        ("control character", "U+0000", "2 removed"),
        lambda text: _line_of(text, SV_LAW_13),
        check=_has_law(13, "FELAKTIGT ANTAL KORT"),
    ),
    Case(
        "soft-hyphen-in-a-sv-heading",
        "sv_web",
        lambda text: _replace(text, SV_LAW_13, "13. FELAK\u00adTIGT ANTAL KORT").encode("utf-8"),
        ("soft hyphen",),
        lambda text: _line_of(text, SV_LAW_13),
        check=_has_law(13, "FELAKTIGT ANTAL KORT"),
    ),
    Case(
        "soft-hyphen-in-a-fi-heading",
        "fi_ocr",
        lambda text: _replace(text, FI_LAW_13, "13 § KORTTIEN VÄÄ\u00adRÄ LUKU\u00adMÄÄRÄ").encode("utf-8"),
        ("soft hyphen", "2 removed"),
        lambda text: _line_of(text, FI_LAW_13),
        check=_has_law(13, "KORTTIEN VÄÄRÄ LUKUMÄÄRÄ"),
    ),
    Case(
        "zero-width-space-in-a-tr-heading",
        "tr_blog",
        lambda text: _replace(text, "YASA 42", "YASA\u200b 42").encode("utf-8"),
        ("zero-width space",),
        lambda text: _line_of(text, "YASA 42"),
        check=_has_law(42, "YERİN HAKLARI"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_specific_damage_gets_its_message(case: Case) -> None:
    """Each kind of damage is named in a message at the line where it is, and the text is repaired."""
    source = BY_PARSER[case.parser]
    text = _text(source)
    damaged = case.damage(text)
    if case.unreadable:
        with pytest.raises(intake.Unreadable) as raised:
            intake.read(damaged, source.lang)
        error = raised.value
        for part in case.message:
            assert part in error.message, error.message
        assert error.line == case.line(text), error.message
        return
    outcome = run(damaged, source)
    assert outcome is not None
    found = messages(outcome)
    if case.message:
        matching = [(line, message) for line, message in found if all(part in message for part in case.message)]
        assert matching, f"no warning with {case.message}; warnings: {found[:10]}"
        assert matching[0][0] == case.line(text), f"expected line {case.line(text)}: {matching}"
    else:
        assert not [message for _, message in outcome.text.warnings], outcome.text.warnings
    if case.check:
        case.check(outcome)


@pytest.mark.parametrize(
    "data",
    [codecs.BOM_UTF8, b"\x00\n", "\u200b\n\u00ad".encode(), b"\r\n\x1b\r\n"],
    ids=["bom", "nul", "invisible", "escape"],
)
def test_a_text_file_with_nothing_printable_is_refused_as_such(data: bytes) -> None:
    """A plain text file holding only a byte order mark, controls or invisible characters is
    refused at line 1, and the message speaks of the text, not of a web page's furniture."""
    with pytest.raises(intake.Unreadable) as raised:
        intake.read(data, "sv")
    assert raised.value.line == 1
    assert "page" not in raised.value.message, raised.value.message
