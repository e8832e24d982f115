"""Align the texts of one law, provision by provision, through the concordance.

Texts of one edition share its numbering (but for a text's own deviations, which
:meth:`Concordance.to_edition` undoes: the Swedish 2007 text letters 12C1 differently); texts
of different editions meet only through the concordance's rows, never by their numbers (the
Laws were renumbered: 1997 16A is 2007 16B).  So:

* a **node** is one provision of one edition, ``(edition, the edition's ref)``, with its text
  in each shown text of that edition that prints it;
* two nodes of neighbouring shown editions are **linked** when the concordance pairs them by
  a row of the provision itself; a pairing found only through an ancestor's row (``coarser``:
  1997 13A1 has no row, its section 13A is 2007 13D1) links nothing: the sub-provision gets a
  row of its own, its gap saying it lies within 2007 13D1;
* nodes linked to each other, directly or not, make one **row**; when they hold several nodes
  of one edition (a split or a merge), one row per node of the edition that has most of them,
  the others' cells pointing to the row that holds their counterpart (``Gap`` ``elsewhere``);
* rows come in the reading order of the **leading** edition (the newest one, or the one the
  caller names: the compare page names the newest of the texts it shows by default, so that
  compare/13 reads in the 2007 order its default view shows, with the 2017 text beside it);
  a row without a provision of that edition goes after the row holding its predecessor in its
  own edition.

The first row is the law itself (its number, title and, when the concordance does not put it
elsewhere, its opening text).  Each cell is one provision's own text in one text (its title and
paragraphs, not its sub-provisions), or a :class:`Gap` saying why there is none: an honest gap,
never a neighbour's text.  Each row's anchor is its leading edition's provision (else its newest
edition's), so ``#16B`` stays the row of 2007 16B; a number two rows would share goes to the
leading edition's row (then the row more texts print, then the newer edition's), the other
row's anchor naming its edition (``1997-16B2``).  Every provision's row can also be reached by
its edition and number (``#2007-13C``), whatever edition the row is named after.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from bridgelaws.core.facts import EDITIONS
from bridgelaws.core.model import Law, Paragraph
from bridgelaws.core.refs import ancestors, anchor, law_of, sort_key
from bridgelaws.stage2_parse.corpus import Entry
from bridgelaws.stage3_link.concordance import Checked, Concordance, Correspondence, Relation

Node = tuple[str, str]  # (edition, the edition's ref): one provision of one edition


@dataclass(frozen=True)
class Cell:
    """One provision in one text.

    ``ref`` is the text's own number (the law's number for its heading or opening text);
    ``label`` what the cell is labelled with: as printed (``A.``, ``(b)``, ``16 §``) when its
    number is the row's, else its own number (``16A`` in the row of 2007 16B); ``law`` is the
    law it is printed in (another law's, for a provision moved in: 2007 17D in 2017 15A's row).
    """

    ref: str
    label: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    law: int

    @property
    def blocks(self) -> tuple[str, ...]:
        """Title and paragraphs (what the redline compares, each ending a sentence)."""
        return tuple(part for part in (self.title, *(p.text for p in self.paragraphs)) if part)

    @property
    def text(self) -> str:
        return " ".join(self.blocks)


class GapKind(StrEnum):
    ABSENT = "absent"  # not in this text (its edition has it, or has it under no row of its own)
    NEW = "new"  # new in ``edition``: the older edition has no counterpart
    DROPPED = "dropped"  # dropped in ``edition``
    WITHIN = "within"  # no counterpart of its own: it lies within ``ref`` (the concordance pairs an ancestor)
    ELSEWHERE = "elsewhere"  # split or merged: this text's counterpart is in the row of ``ref``
    UNMATCHED = "unmatched"  # no concordance row reaches this edition


@dataclass(frozen=True)
class Gap:
    """Why a text has no cell in a row; ``ref`` and ``anchor`` name the provision and its row."""

    kind: GapKind
    edition: str
    ref: str | None = None
    anchor: str | None = None
    relation: Relation | None = None


@dataclass(frozen=True)
class Row:
    """One correspondence: a provision in each edition that has one (``numbers``, oldest first)."""

    ref: str  # the leading edition's provision, else the newest edition's (the edition's number)
    anchor: str  # the row's id: unique on the page
    label: str  # "16B"; "1997 16A ↔ 2007 16B" when the numbers differ; "1997 16B2" for an older edition's own row
    depth: int  # 0 for the law itself, 1 for sections … 4 for sub-sub-items
    numbers: tuple[tuple[str, str], ...]  # (edition, the edition's ref)
    cells: tuple[Cell | Gap, ...]  # one per column, in the order of the entries given
    links: tuple[tuple[str, str, Relation], ...] = ()  # (older edition, newer edition, relation)
    aliases: tuple[str, ...] = ()  # more ids of the row: each provision's edition and number, "2007-13C"
    unverified: tuple[tuple[str, str], ...] = ()  # (older, newer) of each link whose row was not read

    def relation(self, older: str, newer: str) -> Relation | None:
        return next((r for o, n, r in self.links if (o, n) == (older, newer)), None)


@dataclass(frozen=True)
class _Printed:
    """One provision as one text prints it (depth 0: the law's opening text)."""

    ref: str
    label: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    law: int
    depth: int


def _printed(law: Law) -> Iterator[_Printed]:
    if law.paragraphs:
        yield _Printed(law.ref, law.label, "", tuple(law.paragraphs), law.number, 0)
    for node in law.provisions():
        yield _Printed(node.ref, node.label, node.title, tuple(node.paragraphs), law.number, node.level.value)


def _pair(a: Node, b: Node) -> tuple[Node, Node]:
    """Two linked nodes as the edges hold them: older edition first."""
    return (a, b) if EDITIONS.index(a[0]) < EDITIONS.index(b[0]) else (b, a)


def _order(node: Node) -> tuple[tuple[int, str, int, str, int], int]:
    return sort_key(node[1]), EDITIONS.index(node[0])


Draft = dict[str, Node]  # a row being built: its provision in each edition that has one


@dataclass
class _Table:
    """The rows of one law across the given texts (built once, by :func:`align`)."""

    number: int
    entries: list[Entry]
    concordance: Concordance
    lead: str = ""  # the edition whose order and numbers lead (the newest, unless told)
    editions: list[str] = field(default_factory=list)  # the shown editions, oldest first
    printed: dict[Node, dict[str, _Printed]] = field(default_factory=dict)  # node → doc id → its text
    edges: dict[tuple[Node, Node], Relation] = field(default_factory=dict)  # (older, newer) → relation
    unread: set[tuple[Node, Node]] = field(default_factory=set)  # edges through a row not read (checked)
    reach: dict[tuple[Node, str], list[Correspondence] | None] = field(default_factory=dict)
    distances: dict[Node, dict[Node, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.editions = sorted({e.meta.edition for e in self.entries}, key=EDITIONS.index)
        if self.lead not in self.editions:
            self.lead = self.editions[-1] if self.editions else ""
        for entry in self.entries:
            law = entry.document.law(self.number)
            for printed in _printed(law) if law else ():
                node = (entry.meta.edition, self.concordance.to_edition(entry.meta.id, printed.ref))
                self.printed.setdefault(node, {})[entry.meta.id] = printed

    # -- links ----------------------------------------------------------------------------------

    def corresponding(self, node: Node, edition: str) -> list[Correspondence] | None:
        if (node, edition) not in self.reach:
            self.reach[(node, edition)] = self.concordance.corresponding(node[1], node[0], edition)
        return self.reach[(node, edition)]

    def find(self, node: Node) -> bool:
        """Whether a shown text prints ``node`` (in any law: a provision may have moved to this one)."""
        if node in self.printed:
            return True
        found = {}
        for entry in self.entries:
            text_ref = self.concordance.in_text(entry.meta.id, node[1])
            number = law_of(text_ref)
            law = entry.document.law(number) if entry.meta.edition == node[0] and number else None
            printed = next((p for p in _printed(law) if p.ref == text_ref), None) if law else None
            if printed and self.concordance.to_edition(entry.meta.id, printed.ref) == node[1]:
                found[entry.meta.id] = printed
        if found:
            self.printed[node] = found
        return bool(found)

    def link(self) -> None:
        """Link every node with its counterparts in the neighbouring shown editions, following moves."""
        queue = deque(sorted(self.printed, key=_order))
        seen = set(queue)
        while queue:
            node = queue.popleft()
            at = self.editions.index(node[0])
            for other in [*self.editions[max(0, at - 1) : at], *self.editions[at + 1 : at + 2]]:
                for found in self.corresponding(node, other) or []:
                    if found.ref is None or found.coarser or not self.find((other, found.ref)):
                        continue
                    target = (other, found.ref)
                    self.edges.setdefault(_pair(node, target), found.relation)
                    if any(row.checked is Checked.NOT_VERIFIED for row in found.rows):
                        self.unread.add(_pair(node, target))
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)

    def distance(self, start: Node) -> dict[Node, int]:
        """Every node linked to ``start``, directly or not, with the number of links between."""
        if start not in self.distances:
            found, queue = {start: 0}, deque([start])
            while queue:
                node = queue.popleft()
                for other in sorted((b if a == node else a for a, b in self.edges if node in (a, b)), key=_order):
                    if other not in found:
                        found[other] = found[node] + 1
                        queue.append(other)
            self.distances[start] = found
        return self.distances[start]

    def depth(self, node: Node) -> int:
        return next(iter(self.printed[node].values())).depth

    # -- rows -----------------------------------------------------------------------------------

    def components(self) -> list[list[Node]]:
        """The sets of linked nodes, each in reading order."""
        done: set[Node] = set()
        found = []
        for node in sorted(self.printed, key=_order):
            if node not in done:
                component = sorted(self.distance(node), key=_order)
                done.update(component)
                found.append(component)
        return found

    def split(self, component: list[Node]) -> list[Draft]:
        """A component's rows: one, or one per node of the edition that has most (a split or merge)."""
        by_edition: dict[str, list[Node]] = {}
        for node in component:
            by_edition.setdefault(node[0], []).append(node)
        if all(len(nodes) == 1 for nodes in by_edition.values()):
            return [{edition: nodes[0] for edition, nodes in by_edition.items()}]
        spine = max(by_edition, key=lambda edition: (len(by_edition[edition]), EDITIONS.index(edition)))
        rows = [{spine: node} for node in by_edition[spine]]
        for node in component:
            if node[0] == spine:
                continue
            best = min(range(len(rows)), key=lambda index: self.rank(node, rows[index].get(spine), rows[index]))
            if node[0] in rows[best]:
                rows.append({node[0]: node})
            else:
                rows[best][node[0]] = node
        return rows

    def rank(self, node: Node, other: Node | None, row: Draft) -> tuple[float, bool, bool]:
        """Which row of a split ``node`` joins: the nearest; then one without a node of its edition;
        then one it is paired with outside the split or merge (2007 13A is 'merged' into 2017 13B,
        and 2017 13B1 itself)."""
        if other is None:
            return math.inf, True, True
        relation = self.edges.get(_pair(node, other))
        loose = relation is None or relation in (Relation.SPLIT, Relation.MERGED)
        return self.distance(node).get(other, math.inf), node[0] in row, loose

    def rank_of(self, edition: str) -> tuple[bool, int]:
        """The leading edition first, then the newer before the older."""
        return edition == self.lead, EDITIONS.index(edition)

    def primary(self, row: Draft) -> Node:
        """What places and names a row: its leading edition's provision, else its newest, of this law if it
        has one."""
        own = [node for node in row.values() if law_of(node[1]) == self.number]
        return max(own or row.values(), key=lambda node: self.rank_of(node[0]))

    def ordered(self, rows: list[Draft], component_of: list[int]) -> list[int]:
        """Rows in reading order: the leading edition's, then each other edition's rows put in place.

        A row is placed by :meth:`primary`.  Rows of the leading edition come in its order; a row
        without one goes next to the other rows of its split or merge (before them if its number
        comes first), else after the row holding its provision's predecessor in its own edition
        (and after that row's sub-provisions), or, heading its edition, before the row holding its
        successor.  The other editions are placed newest first.
        """
        row_of = {node: i for i, row in enumerate(rows) for node in row.values()}
        placed: list[int] = []
        for edition in sorted(self.editions, key=self.rank_of, reverse=True):
            own = sorted((n for n in row_of if n[0] == edition and law_of(n[1]) == self.number), key=_order)
            mine = [i for i, row in enumerate(rows) if self.primary(row) in own]
            for i in sorted(mine, key=lambda i: _order(self.primary(rows[i]))):
                node = self.primary(rows[i])
                kin = [j for j in placed if component_of[j] == component_of[i]]  # a split's or merge's rows
                own_kin = [j for j in kin if edition in rows[j]]
                at = own.index(node)
                before = [row_of[n] for n in reversed(own[:at]) if row_of[n] in placed]
                after = [row_of[n] for n in own[at + 1 :] if row_of[n] in placed]
                if own_kin and _order(node) < _order(rows[own_kin[0]][edition]):
                    where = placed.index(kin[0])
                elif kin or before:
                    last = max(kin[-1:] + before[:1], key=placed.index)
                    where = placed.index(last) + 1
                    while where < len(placed) and _within(rows[placed[where]], rows[last]):
                        where += 1
                else:
                    where = placed.index(after[0]) if after else len(placed)
                placed.insert(where, i)
        for i in range(len(rows)):  # a row holding only provisions of other laws: after their component's
            if i not in placed:
                same = [at for at, j in enumerate(placed) if component_of[j] == component_of[i]]
                placed.insert(same[-1] + 1 if same else len(placed), i)
        return placed

    def anchors(self, rows: list[Draft]) -> list[str]:
        """Each row's id: the anchor of its leading edition's provision, else its newest one's.  A number
        two rows would share goes to the row of the leading edition, then to the row more texts
        print, then the newer edition's; the other row's anchor names its edition (``1997-16B2``)."""
        named = [max(row.values(), key=lambda node: self.rank_of(node[0])) for row in rows]
        filled = [sum(len(self.printed[node]) for node in row.values()) for row in rows]
        used = {anchor(str(self.number))}
        found = [""] * len(rows)
        for i in sorted(
            range(len(rows)), key=lambda i: (not self.rank_of(named[i][0])[0], -filled[i], -_newest(rows[i]), i)
        ):
            edition, ref = named[i]
            plain = anchor(ref)
            found[i] = plain if plain not in used else f"{edition}-{plain}"
            used.add(found[i])
        return found

    # -- the result -----------------------------------------------------------------------------

    def build(self) -> list[Row]:
        self.link()
        openings: dict[str, list[Node]] = {}  # shown in the law's own row
        drafts: list[Draft] = []
        component_of: list[int] = []
        components = self.components()
        for index, component in enumerate(components):
            for draft in self.split(component):
                if all(node[1] == str(self.number) for node in draft.values()):
                    for edition, node in draft.items():
                        openings.setdefault(edition, []).append(node)
                else:
                    drafts.append(draft)
                    component_of.append(index)
        order = self.ordered(drafts, component_of)
        drafts = [drafts[i] for i in order]
        components = [components[component_of[i]] for i in order]
        anchors = self.anchors(drafts)
        where = {node: anchors[i] for i, draft in enumerate(drafts) for node in draft.values()}
        rows = [self.law_row(openings)]
        for draft, component, at in zip(drafts, components, anchors, strict=True):
            rows.append(self.row(draft, component, at, where))
        return rows

    def law_row(self, openings: dict[str, list[Node]]) -> Row:
        """The law itself: its number and title in each text, and its opening text when the
        concordance pairs it with no other provision."""
        cells: list[Cell | Gap] = []
        for entry in self.entries:
            law = entry.document.law(self.number)
            if law is None:
                cells.append(Gap(GapKind.ABSENT, entry.meta.edition))
                continue
            mine = [self.printed[node].get(entry.meta.id) for node in openings.get(entry.meta.edition, [])]
            paragraphs = tuple(p for printed in mine if printed for p in printed.paragraphs)
            cells.append(Cell(law.ref, law.label or law.ref, law.title, paragraphs, law.number))
        number = str(self.number)
        return Row(number, anchor(number), number, 0, tuple((e, number) for e in self.editions), tuple(cells))

    def row(self, draft: Draft, component: list[Node], at: str, where: dict[Node, str]) -> Row:
        nodes = sorted(draft.values(), key=lambda node: EDITIONS.index(node[0]))
        single = len({node[1] for node in nodes}) == 1
        cells: list[Cell | Gap] = []
        for entry in self.entries:
            edition, doc = entry.meta.edition, entry.meta.id
            node = draft.get(edition)
            printed = self.printed[node].get(doc) if node else None
            if node is None or printed is None:
                cells.append(self.gap(draft, component, doc, edition, where))
                continue
            plain = printed.depth == 0 or (single and printed.ref == node[1] and printed.law == self.number)
            label = printed.label if plain else printed.ref
            cells.append(Cell(printed.ref, label, printed.title, printed.paragraphs, printed.law))
        named = max(nodes, key=lambda node: self.rank_of(node[0]))
        links = tuple((a[0], b[0], relation) for (a, b), relation in self.edges.items() if a in nodes and b in nodes)
        label = self.label(nodes, cells, at)
        aliases = tuple(name for name in (f"{e}-{anchor(ref)}" for e, ref in nodes) if name != at)
        unverified = tuple((a[0], b[0]) for (a, b) in self.edges if (a, b) in self.unread and a in nodes and b in nodes)
        return Row(named[1], at, label, self.depth(named), tuple(nodes), tuple(cells), links, aliases, unverified)

    def label(self, nodes: list[Node], cells: list[Cell | Gap], at: str) -> str:
        """Both numbers when they differ; an older edition's row alone says its edition when a newer
        edition's text says where it went (dropped, within …) or its number is another row's."""
        if len({node[1] for node in nodes}) > 1:
            return " ↔ ".join(f"{edition} {ref}" for edition, ref in nodes)
        edition, ref = nodes[0]
        answered = any(
            isinstance(cell, Gap)
            and cell.kind is not GapKind.UNMATCHED
            and EDITIONS.index(cell.edition) > EDITIONS.index(edition)
            for cell in cells
        )
        alone = len(nodes) == 1 and edition != self.lead
        return f"{edition} {ref}" if alone and (answered or at != anchor(ref)) else ref

    def gap(self, row: Draft, component: list[Node], doc: str, edition: str, where: dict[Node, str]) -> Gap:
        """Why text ``doc`` (of ``edition``) has no cell in ``row``."""
        if edition in row:
            return Gap(GapKind.ABSENT, edition)
        elsewhere = [node for node in component if node[0] == edition]
        if elsewhere:
            nearest = min(
                elsewhere, key=lambda n: (min(self.distance(n).get(m, math.inf) for m in row.values()), _order(n))
            )
            direct = [r for pair, r in self.edges.items() if nearest in pair and set(pair) & set(row.values())]
            ref = self.concordance.in_text(doc, nearest[1])
            return Gap(GapKind.ELSEWHERE, edition, ref, where[nearest], direct[0] if direct else None)
        source = min(row.values(), key=lambda n: (abs(EDITIONS.index(n[0]) - EDITIONS.index(edition)), n[0] < edition))
        found = self.corresponding(source, edition)
        if found is None:
            return Gap(GapKind.UNMATCHED, edition)
        named = [c for c in found if c.ref]
        if not named:
            step = next((p for c in found for p in c.rows if p.relation in (Relation.NEW, Relation.DROPPED)), None)
            if step is None:
                return Gap(GapKind.ABSENT, edition)
            return Gap(GapKind.NEW if step.relation is Relation.NEW else GapKind.DROPPED, step.editions[1])
        first = named[0]
        if first.coarser and first.ref:
            ref = self.concordance.in_text(doc, first.ref)
            return Gap(GapKind.WITHIN, edition, ref, where.get((edition, first.ref)), first.relation)
        return Gap(GapKind.ABSENT, edition)


def _within(row: Draft, parent: Draft) -> bool:
    """Whether a provision of ``row`` is a sub-provision of ``parent``'s in the same edition."""
    return any(edition in parent and parent[edition][1] in ancestors(node[1])[1:] for edition, node in row.items())


def _newest(row: Draft) -> int:
    return max(EDITIONS.index(edition) for edition in row)


def align(number: int, entries: list[Entry], concordance: Concordance, lead: str = "") -> list[Row]:
    """Rows for law ``number`` across ``entries`` (columns in the given order), through ``concordance``.

    ``lead`` is the edition whose reading order the rows follow and whose numbers name them (the
    newest of the entries' editions unless given: the compare page gives the newest of the texts
    it shows by default).
    """
    return _Table(number, entries, concordance, lead).build()
