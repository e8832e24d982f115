"""Align the texts of one law, provision by provision, by canonical reference.

Each row is one provision (``13A``, ``13A1`` …) in reading order; each cell is that
provision's own text in one document (its title and paragraphs, not its sub-provisions),
or ``None`` when the document does not have it — an honest gap, never a neighbour's text.
The first row (``13``) holds each law's title and the text before its first section.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaws.core.model import Law, Paragraph
from bridgelaws.core.refs import sort_key
from bridgelaws.stage2_parse.corpus import Entry


@dataclass(frozen=True)
class Cell:
    label: str  # as printed: "A.", "1.", "(b)", "13 §"
    title: str
    paragraphs: tuple[Paragraph, ...]

    @property
    def text(self) -> str:
        """Title and text as one string (what the redline compares)."""
        return " ".join(part for part in (self.title, *(p.text for p in self.paragraphs)) if part)


@dataclass(frozen=True)
class Row:
    ref: str
    depth: int  # 0 for the law itself, 1 for sections … 4 for sub-sub-items
    cells: tuple[Cell | None, ...]  # one per column, in the order of the entries given


def _law_cells(law: Law) -> dict[str, tuple[int, Cell]]:
    cells = {str(law.number): (0, Cell(law.label, law.title, tuple(law.paragraphs)))}
    for node in law.provisions():
        cells[node.ref] = (node.level.value, Cell(node.label, node.title, tuple(node.paragraphs)))
    return cells


def align(number: int, entries: list[Entry]) -> list[Row]:
    """Rows for law ``number`` across ``entries`` (columns in the given order)."""
    columns = []
    for entry in entries:
        law = entry.document.law(number)
        columns.append(_law_cells(law) if law else {})
    refs = sorted({ref for column in columns for ref in column}, key=sort_key)
    rows = []
    for ref in refs:
        depth = next(column[ref][0] for column in columns if ref in column)
        rows.append(Row(ref, depth, tuple(column[ref][1] if ref in column else None for column in columns)))
    return rows
