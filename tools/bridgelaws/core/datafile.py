"""One discipline for every data file the build reads (term base, situations, concordance, search
settings, interface strings, the source manifest).

* :func:`read_toml` reads a file as the build must: a link to a file outside the repository is
  refused (:func:`inside`, the rule the sources follow too); UTF-8 with or without a byte-order
  mark, anything else refused at the line of its first undecodable byte; a TOML error at its line;
  a file nested too deeply for the reader refused, never a crash.  Every refusal is a
  :class:`DataError` whose message starts ``file:line:``.
* :func:`table_lines` and :func:`key_line` say where a row or a key is written, so a loader can
  name the line of the row it leaves out.

Each loader appends what it leaves out to its ``errors`` (``file:line: …; … left out``); the
command line prints them as ``error:`` lines and, as for a source left out, exits 1 and says what
the site was built without.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BOM = "\ufeff"
TOML_POSITION = re.compile(r"\(at line (?P<line>\d+), column \d+\)")  # "Expected '=' … (at line 12, column 5)"
REPOSITORY = Path(__file__).resolve().parents[3]  # tools/bridgelaws/core → the repository


class DataError(ValueError):
    """A data file that cannot be used as a whole; the message starts ``file:line:``."""


def inside(folder: Path, file: Path) -> bool:
    """Whether ``file``, symlinks followed, is within ``folder``."""
    try:
        file.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def _within(path: Path, roots: tuple[Path, ...]) -> bool:
    return any(inside(root, path) for root in roots)


def read_text(path: Path, roots: tuple[Path, ...] = ()) -> str:
    """The file's text: UTF-8, a leading byte-order mark dropped.  ``roots``: the folders the file,
    its links followed, must be within (by default the repository and the folder it is listed in)."""
    allowed = roots or (REPOSITORY, path.parent)
    if not _within(path, allowed):
        raise DataError(f"{path}:1: a link to {path.resolve()}, outside the repository: copy the file in instead")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise DataError(f"{path}:1: cannot be read ({error.strerror or error})") from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise DataError(f"{path}:{line}: not UTF-8 (byte 0x{data[error.start]:02x}): save the file as UTF-8") from error
    return text.removeprefix(BOM)


def parse_toml(path: Path, text: str) -> dict[str, Any]:
    """``text`` (the file ``path``'s) as TOML; a syntax error or a nesting too deep is a :class:`DataError`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        position = TOML_POSITION.search(str(error))
        raise DataError(f"{path}:{position['line'] if position else 1}: not valid TOML: {error}") from error
    except RecursionError as error:
        raise DataError(f"{path}:{_deep_line(text)}: not valid TOML: nested too deeply to read") from error


DEEP = 64  # arrays and inline tables nested deeper than this mark where a file is too deep


def _deep_line(text: str) -> int:
    """The line where brackets and braces (outside strings, roughly) first nest :data:`DEEP` deep."""
    depth, quote = 0, ""
    for number, line in enumerate(text.split("\n"), 1):
        for char in line:
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char in "[{":
                depth += 1
                if depth > DEEP:
                    return number
            elif char in "]}":
                depth -= 1
        quote = ""
    return 1


@dataclass
class DataFile:
    """A data file read: its path, its data and its lines (1-based through :meth:`line`)."""

    path: Path
    data: dict[str, Any]
    lines: list[str]

    def where(self, line: int) -> str:
        return f"{self.path}:{line}"

    def key(self, key: str, after: int = 0) -> str:
        """``file:line`` of the first ``key = …`` (or ``[key]``) from line ``after`` on."""
        return self.where(key_line(self.lines, key, after))

    def rows(self, header: str) -> list[tuple[str, Any]]:
        """Each item of the array of tables ``[[header]]`` with its ``file:line`` (an array written
        inline, ``header = [...]``, gives the line of its key to every item)."""
        value = self.data.get(header, [])
        items = value if isinstance(value, list) else [value]
        starts = table_lines(self.lines, header)
        fallback = key_line(self.lines, header)
        return [(self.where(starts[i] if i < len(starts) else fallback), item) for i, item in enumerate(items)]


def read_toml(path: Path, roots: tuple[Path, ...] = ()) -> DataFile:
    """Read ``path`` by :func:`read_text` and :func:`parse_toml`."""
    text = read_text(path, roots)
    return DataFile(path, parse_toml(path, text), text.splitlines())


def read_or_leave_out(path: Path, errors: list[str]) -> DataFile | None:
    """:func:`read_toml`; a file that cannot be read is left out: None, and why in ``errors``
    (``file:line: …; the file is left out``), so that the other files are read."""
    try:
        return read_toml(path)
    except DataError as error:
        errors.append(f"{error}; the file is left out")
        return None


def table_lines(lines: list[str], header: str) -> list[int]:
    """The 1-based line of each ``[[header]]`` table, in order."""
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(header)}\s*\]\]")
    return [number for number, line in enumerate(lines, 1) if pattern.match(line)]


def key_line(lines: list[str], key: str, after: int = 0) -> int:
    """The 1-based line of the first ``key =``, ``[key]`` or ``[[key]]`` after line ``after``; else 1."""
    pattern = re.compile(rf"^\s*(?:\[+\s*{re.escape(key)}\s*\]+|\"?{re.escape(key)}\"?\s*=)")
    # from `after` on without copying the lines: a loader asks once per row, and a copy of the
    # rest of the file each time made reading a file quadratic in its rows
    return next((n + 1 for n in range(after, len(lines)) if pattern.match(lines[n])), 1)


def type_name(value: object) -> str:
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true or false"
    return {str: "a string", int: "an integer", float: "a number"}.get(type(value), type(value).__name__)
