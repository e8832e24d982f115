"""Plants for tests/test_data_files.py: each plants one mistake in a temporary copy of ``content/``
(a byte-order mark, a legacy code page, a row too many or changed, a file linked from outside) and
gives the line the message must name; the data files they plant in, by their path in ``content/``."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

CONCEPTS = "terms/concepts.toml"
TITLES = "terms/law-titles.toml"
SITUATIONS = "terms/situations/fi.toml"
CURATED = "concordance/2007-2017.curated.toml"
COMPUTED = "concordance/1997-2007.computed.toml"
REVIEW = "concordance/1997-2007.review.toml"
DEVIATIONS = "concordance/deviations.toml"
SEARCH = "search.toml"
MANIFEST = "sources/manifest.toml"

# a plant: edits the copy of content/ and gives the line the message must name (None: accepted, no message)
Plant = Callable[[Path], int | None]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """The first line holding ``needle`` (at its start, after spaces, when ``needle`` starts with ``[``)."""
    lines = enumerate(text.split("\n"), 1)
    if needle.startswith("["):
        return next(number for number, line in lines if line.lstrip().startswith(needle))
    return next(number for number, line in lines if needle in line)


def replace(file: str, old: str, new: str, shift: int = 0) -> Plant:
    """The first line holding ``old`` gets ``new`` in its place; that line (``shift`` lines on) is named."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path)
        line = line_of(text, old)
        lines = text.split("\n")
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        path.write_text("\n".join(lines), encoding="utf-8")
        return line + shift

    return plant


def append(file: str, rows: str, named: int = 1) -> Plant:
    """``rows`` added at the end; the ``named``-th of their lines is named."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path).rstrip("\n") + "\n\n"
        path.write_text(text + rows, encoding="utf-8")
        return text.count("\n") + named

    return plant


def whole(file: str, text: str, named: int) -> Plant:
    """The file holds only ``text``."""

    def plant(content: Path) -> int:
        (content / file).write_text(text, encoding="utf-8")
        return named

    return plant


def repeat_first(file: str, header: str) -> Plant:
    """The file's first ``[[header]]`` row written again at its end; the copy is named."""

    def plant(content: Path) -> int:
        text = _text(content / file)
        start = text.index(f"\n[[{header}]]\n") + 1
        end = text.find("\n[[", start)
        row = text[start:end].strip("\n") + "\n"
        return append(file, row)(content)

    return plant


def bom(file: str) -> Plant:
    def plant(content: Path) -> None:
        path = content / file
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())

    return plant


def legacy(file: str, encoding: str = "latin-1") -> Plant:
    """Saved in a legacy code page: named at the first line that is not ASCII."""

    def plant(content: Path) -> int:
        path = content / file
        text = _text(path)
        data = text.encode(encoding, errors="replace")
        path.write_bytes(data)
        return next(n for n, line in enumerate(data.split(b"\n"), 1) if not line.isascii())

    return plant


def linked_out(file: str) -> Plant:
    def plant(content: Path) -> int:
        path = content / file
        outside = content.parent / "outside" / path.name
        outside.parent.mkdir(exist_ok=True)
        shutil.move(path, outside)
        path.symlink_to(outside)
        return 1

    return plant


NESTED = "x = " + "[" * 5000 + "]" * 5000 + "\n"
PAIR = '[[pair]]\nold = "{old}"\nnew = "{new}"\nrelation = "same"\nbasis = "b"\nchecked = "read"\n'
