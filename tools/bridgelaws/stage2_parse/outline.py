"""Build the provision tree of one law from its labels, in reading order.

Every parser finds labels its own way (inline in a PDF text layer, at line starts in OCR
or web text) and hands them here.  The builder owns the two rules all sources share:

* **sequence** — a label is accepted only as the next one at its level (``A`` after nothing,
  ``C`` after ``B``; ``3`` after ``2``).  A label out of sequence is not structure: it is a
  citation or a footnote number that happens to stand at a line start (``3. Kilpailunjohtajan
  kutsuminen…`` after item 3 already exists), so the caller keeps it as text.
* **canonical reference** — the ref of a provision is its parent's ref plus its key
  (``12`` + ``C`` + ``1`` + ``b``).  An item with no section above it has no canonical form
  (``131`` would read as Law 131), so it is refused and kept as text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridgelaws.core.model import Level, Origin, Paragraph, Provision

ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]


def successor(key: str) -> str:
    """The key that follows ``key`` at its level: ``B``→``C``, ``9``→``10``, ``iii``→``iv``."""
    if key.isdigit():
        return str(int(key) + 1)
    if key in ROMAN:
        return ROMAN[ROMAN.index(key) + 1] if ROMAN.index(key) + 1 < len(ROMAN) else "?"
    return chr(ord(key) + 1)


def first_key(level: Level, style: str) -> str:
    """The first key at a level for a label style (``roman`` or ``digit`` sub-sub-items)."""
    if level is Level.SECTION:
        return "A"
    if level is Level.ITEM:
        return "1"
    if level is Level.SUBITEM:
        return "a"
    return "1" if style == "digit" else "i"


@dataclass
class _Open:
    node: Provision
    last_child: dict[Level, str]


class Outline:
    """Accumulates the provisions of one law (or point) as labels arrive.

    ``root_ref`` is the law number (``"13"``) or a point ref prefix.  ``join`` builds a child
    ref from a parent ref and a key; laws and points join differently.
    """

    def __init__(
        self,
        root_ref: str,
        join: Callable[[str, str], str] = lambda parent, key: parent + key,
        require_section: bool = True,
    ) -> None:
        self.root_ref = root_ref
        self.join = join
        self.require_section = require_section
        self.children: list[Provision] = []
        self.paragraphs: list[Paragraph] = []  # text before the first provision
        self._stack: list[_Open] = []
        self._root_last: dict[Level, str] = {}

    # -- queries -----------------------------------------------------------------------

    @property
    def current(self) -> Provision | None:
        return self._stack[-1].node if self._stack else None

    def expected(self, level: Level, style: str = "roman") -> str:
        """The key a new label at ``level`` must have to be accepted."""
        last = self._last_at(level)
        return successor(last) if last else first_key(level, style)

    def accepts(self, level: Level, key: str) -> bool:
        style = "digit" if key.isdigit() else "roman"
        if level is not Level.SECTION and self.require_section and not self._has_open(Level.SECTION):
            return False
        if level is Level.SUBITEM and not self._has_open(Level.ITEM) and self.require_section:
            return False
        if level is Level.SUBSUBITEM and not self._has_open(Level.SUBITEM):
            return False
        return key == self.expected(level, style)

    # -- building ----------------------------------------------------------------------

    def open(self, level: Level, key: str, label: str, title: str, origin: Origin) -> Provision | None:
        """Open a provision if the label is next in sequence; otherwise return None."""
        if not self.accepts(level, key):
            return None
        while self._stack and self._stack[-1].node.level.value >= level.value:
            self._stack.pop()
        parent_ref = self._stack[-1].node.ref if self._stack else self.root_ref
        node = Provision(self.join(parent_ref, key), level, label, title, origin)
        if self._stack:
            self._stack[-1].node.children.append(node)
            self._stack[-1].last_child[level] = key
        else:
            self.children.append(node)
            self._root_last[level] = key
        self._stack.append(_Open(node, {}))
        return node

    def add(self, paragraph: Paragraph) -> None:
        """Add a paragraph to the innermost open provision (or before the first one)."""
        target = self.current.paragraphs if self.current else self.paragraphs
        target.append(paragraph)

    # -- internals ---------------------------------------------------------------------

    def _has_open(self, level: Level) -> bool:
        return any(entry.node.level is level for entry in self._stack)

    def _last_at(self, level: Level) -> str | None:
        """Key of the last sibling at ``level`` under the parent a new node would get."""
        for entry in reversed(self._stack):
            if entry.node.level.value < level.value:
                return entry.last_child.get(level)
        return self._root_last.get(level)
