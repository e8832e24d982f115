"""What the damage tests share (tests/test_damage.py, tests/test_damage_messages.py): the sources,
a run of the whole pipeline on damaged bytes with its checks (conservation, every origin a line
of the damaged file), and mojibake as a legacy editor makes it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from bridgelaws.core.accounting import balance
from bridgelaws.core.model import Origin, ParseResult
from bridgelaws.stage1_read import intake, manifest
from bridgelaws.stage2_parse.formats import get_parser
from bridgelaws.stage2_parse.load import parse_text
from conftest import SOURCES

# -- the sources -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """One source file of the manifest, with its parser and language."""

    file: str
    parser: str
    lang: str

    @property
    def data(self) -> bytes:
        return _read_bytes(self.file)

    @property
    def lines(self) -> list[bytes]:
        """The file's lines without their line ends (the last is ``b""`` when the file ends in one)."""
        return self.data.split(b"\n")

    @property
    def one_line_per_page(self) -> bool:
        """The PDF text layer: one line is one printed page."""
        return self.parser == "fi_pdf"


@cache
def _read_bytes(file: str) -> bytes:
    return (SOURCES / file).read_bytes()


def _sources() -> list[Source]:
    return [
        Source(source.file, source.parser, metas[0].lang)
        for source, metas in manifest.load(SOURCES / "manifest.toml")
        if metas
    ]


ALL = _sources()
BY_PARSER = {source.parser: source for source in ALL}


# -- running the pipeline ----------------------------------------------------------------------


@dataclass
class Outcome:
    """What the pipeline made of some bytes: the text read, the parse and the file's line count."""

    text: intake.Intake
    result: ParseResult
    line_count: int


def _line_count(decoded: str) -> int:
    """Lines of the file as an editor counts them (LF, CRLF and CR end a line)."""
    return len(decoded.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def _origins(value: object, path: str = "result") -> Iterator[tuple[str, Origin]]:
    """Every :class:`Origin` in a parse result, with where it was found."""
    if isinstance(value, Origin):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _origins(item, f"{path}[{index}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for name in _field_names(type(value)):
            yield from _origins(getattr(value, name), f"{path}.{name}")


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(item.name for item in dataclasses.fields(kind))


def run(data: bytes, source: Source, *, may_be_unreadable: bool = False) -> Outcome | None:
    """Read, parse and balance ``data`` as ``source``; check conservation and origins.

    Returns None when the file was refused as unreadable, which fails the test unless
    ``may_be_unreadable`` (the damage made the file not text).
    """
    try:
        text = intake.read(data, source.lang)
    except intake.Unreadable as error:
        assert may_be_unreadable, f"refused as unreadable (line {error.line}: {error.message}): {data[:200]!r}"
        assert error.message.strip(), "Unreadable without a message"
        assert error.line >= 1, f"Unreadable at line {error.line}: {error.message}"
        return None
    result = parse_text(text, get_parser(source.parser))
    outcome = Outcome(text, result, _line_count(text.accounted))
    check(outcome)
    return outcome


def check(outcome: Outcome) -> None:
    """Conservation holds and every origin is a line of the damaged file."""
    accounts = balance(outcome.text.accounted, outcome.result)
    assert accounts.ok, (
        f"characters lost: {dict(accounts.missing.most_common(10))}, "
        f"duplicated: {dict(accounts.surplus.most_common(10))} "
        f"(first missing at line {accounts.first_missing_line(outcome.text.accounted)})"
    )
    outside = [
        f"{path} = line {origin.line}"
        for path, origin in _origins(outcome.result)
        if not 1 <= origin.line <= outcome.line_count
    ]
    assert not outside, f"origins outside lines 1..{outcome.line_count}: {outside[:10]}"


def messages(outcome: Outcome) -> list[tuple[int, str]]:
    return [(warning.origin.line, warning.message) for warning in outcome.result.warnings]


# -- mojibake ---------------------------------------------------------------------------------------


def mojibake(line: str, encoding: str) -> str:
    """UTF-8 read as ``encoding`` (``Käytös`` → ``KÃ¤ytÃ¶s``); cp1252's five holes read as latin-1."""
    raw = line.encode("utf-8")
    if encoding == "cp1252":
        return "".join(_cp1252_or_latin1(bytes([byte])) for byte in raw)
    return raw.decode(encoding)


def _cp1252_or_latin1(byte: bytes) -> str:
    try:
        return byte.decode("cp1252")
    except UnicodeDecodeError:
        return byte.decode("latin-1")
