"""The 1997 ↔ 2007 concordance of Laws 1–18, computed from the two Finnish texts.

Method
------
1. **Units.**  Per law and edition: the law's opening text (named by the law number, ``16``),
   every section (``16A``) and every item (``16A1``).  A unit's text is its title and its
   paragraphs, an item's with its sub-items', a section's with its items'.  Measured against
   a hand-made section-level reference of Laws 1–18: pairing sections on their own text
   alone, 0.82 of the section rows are right; with their items' text, 0.97 (many sections
   are a title over items; the one difference left is the Law 13 opening, a review
   decision).  Page references the 2007 book prints inside its text, ``(s. 28)``, are left
   out.
2. **Similarity.**  Finnish inflects heavily, so words are compared as character 3–5-grams
   taken within each word (lower-cased, accents kept, the word's ends marked), weighted by
   sublinear TF-IDF (document frequency over every unit compared) and compared by cosine;
   when both units have a title, the titles' cosine is ``TITLE_WEIGHT`` of the score
   (without it 1997 8B pairs with the item 2007 8B1 and 13B with the section 13D).
3. **Alignment per law**, first of the section-level units (opening and sections), then,
   within each aligned pair of them, of their items, the unit's own text standing as an
   item in front of its items (so that 1997 7B's text, now 2007 7B1, is not reported new):

   * dynamic programming in reading order (:func:`align`) pairs units scoring above
     ``PAIR_SCORE`` and skips the rest on either side (``new``, ``dropped``);
   * a unit left over that scores ``MOVE_SCORE`` with one left over on the other side is a
     move: out of reading order within the law (``renumbered``: 1997 12C1 ↔ 2007 12C2 and
     12C2 ↔ 12C1), or into a neighbouring law (``moved``);
   * a section whose text is essentially one item of the other side (the item scores
     ``ITEM_MARGIN`` above the section it was paired with) is paired with that item (1997
     13A is 2007 13D1, 1997 12B is 2007 12B2);
   * a unit that also scores ``SPLIT_SCORE`` with an unpaired neighbour of its partner is
     split over both (or, the other way, merged); a run of neighbours is followed.

   Last, a 2007 unit of Laws 1–18 still unpaired is compared with every unit of the 1997
   Laws 19–93 (1997 72A4 became 2007 10C3), and pairs as ``moved`` at ``MOVE_SCORE``.
4. **Relation.**  Same number and a score of at least ``SAME_SCORE`` is ``same``, below it
   ``reworded``; another number in the same law ``renumbered``, another law ``moved``; one
   unit paired with several ``split`` (several with one ``merged``); a unit paired with
   nothing ``new`` or ``dropped``.  A pair of a unit's own text standing among items is
   not a row: the pair of the unit covers it.

Guarantees
----------
* Deterministic: the same texts give the same rows, in the same order (by law, then in
  reading order), and :func:`to_toml` the same bytes.
* :func:`align` keeps reading order, covers every unit exactly once and finds the best
  order-keeping matching (tested with Hypothesis on random score matrices).
* Every opening text, section and item of Laws 1–18 of either text is in a row, except an
  item paired with its section's own text (1997 7B is 2007 7B1) or belonging to a section
  paired with an item (1997 13B1, in 13B → 13D2): the row of its section covers it.
* Every row has a basis naming the method, the score and the provisions compared, and a
  ``score`` (for a new or dropped row, the best the unit had in its law of the other text).

The rows are a computation, not a ruling: ``1997-2007.review.toml`` records the review's
decisions on them, and a rerun (``bridgelaws concordance``) never touches that file.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bridgelaws.core.facts import LAW_NUMBERS
from bridgelaws.core.model import Law, Level, Provision
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance.model import Pair, Relation

EDITIONS = ("1997", "2007")
OLD_TEXT, NEW_TEXT = "fi-1997", "fi-2007"
LAWS = range(1, 19)  # the laws both texts hold
BEYOND = range(LAWS.stop, LAW_NUMBERS.stop)  # the 1997 laws a 2007 provision of Laws 1–18 may come from
METHOD = "character 3-5-gram TF-IDF cosine"
FILE = "concordance/1997-2007.computed.toml"  # under the content folder

NGRAMS = range(3, 6)
TITLE_WEIGHT = 0.3  # share of the score given to the titles' cosine when both units have one
PAIR_SCORE = 0.25  # a pair in reading order scores above this
MOVE_SCORE = 0.45  # a pair out of reading order, or into a neighbouring law, scores at least this
SPLIT_SCORE = 0.4  # the second partner of a split or merge scores at least this
ITEM_MARGIN = 0.15  # a section goes to an item when the item scores this much above its partner
SAME_SCORE = 0.3  # a same-number pair scoring below this is ``reworded``

PAGE_REFERENCE = re.compile(
    r"""
    \( \s* s\. \s* \d+ \s* \)   # a printed page reference inside the 2007 text: "(s. 28) 16C"
    """,
    re.VERBOSE,
)
WORD = re.compile(r"\w+")


# -- units ------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Unit:
    """A provision of one text as the concordance compares it (compared by identity).

    ``level`` is 0 for a law's opening text, 1 for a section, 2 for an item; ``text`` is its
    own text and its items'; ``own`` its own text alone; ``part`` marks a section's own text
    standing among its items; ``order`` is the reading order in the text.
    """

    doc: str
    law: int
    ref: str
    level: int
    title: str
    text: str
    order: int
    own: str = ""
    items: tuple[Unit, ...] = ()
    part: bool = False

    @property
    def name(self) -> str:
        return f"{self.doc} {self.ref}"


def _paragraphs(provision: Provision, *, deep: bool) -> str:
    blocks = provision.walk() if deep else [provision]
    return " ".join(paragraph.text for block in blocks for paragraph in block.paragraphs)


def law_units(doc: str, law: Law) -> list[Unit]:
    """The law's opening text (if it has one) and its sections, each with its items, in reading order."""
    units: list[Unit] = []
    if law.paragraphs:
        text = " ".join(paragraph.text for paragraph in law.paragraphs)
        units.append(Unit(doc, law.number, law.ref, 0, "", text, 0, own=text))
    order = 0
    for section in law.children:
        order += 1
        at = order
        items = []
        for item in section.children:
            if item.level is Level.ITEM:
                order += 1
                items.append(Unit(doc, law.number, item.ref, 2, item.title, _paragraphs(item, deep=True), order))
        text, own = _paragraphs(section, deep=True), _paragraphs(section, deep=False)
        units.append(Unit(doc, law.number, section.ref, 1, section.title, text, at, own, tuple(items)))
    return units


def parts(unit: Unit) -> list[Unit]:
    """What a section-level unit's items are aligned as: its own text (if any) in front of its items."""
    own = [Unit(unit.doc, unit.law, unit.ref, 2, unit.title, unit.own, unit.order, part=True)] if unit.own else []
    return [*own, *unit.items]


# -- similarity -------------------------------------------------------------------------------


def ngrams(text: str) -> Counter[str]:
    """Character n-grams within words: ``kortti`` → ``<ko``, ``kor``, … ``tti>`` (3–5 characters)."""
    grams: Counter[str] = Counter()
    for word in WORD.findall(PAGE_REFERENCE.sub(" ", text).lower()):
        marked = f"<{word}>"
        for n in NGRAMS:
            grams.update(marked[i : i + n] for i in range(max(1, len(marked) - n + 1)))
    return grams


Vector = dict[str, float]


@dataclass
class Space:
    """TF-IDF over the n-grams of a set of texts; vectors are unit length."""

    idf: dict[str, float]
    unseen: float
    cache: dict[str, Vector] = field(default_factory=dict)

    @classmethod
    def of(cls, texts: Iterable[str]) -> Space:
        frequency: Counter[str] = Counter()
        count = 0
        for text in texts:
            count += 1
            frequency.update(set(ngrams(text)))
        idf = {gram: math.log((1 + count) / (1 + n)) + 1 for gram, n in frequency.items()}
        return cls(idf, math.log(1 + count) + 1)

    def vector(self, text: str) -> Vector:
        if text not in self.cache:
            weights = {g: (1 + math.log(n)) * self.idf.get(g, self.unseen) for g, n in ngrams(text).items()}
            length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
            self.cache[text] = {gram: weight / length for gram, weight in weights.items()}
        return self.cache[text]

    def cosine(self, a: str, b: str) -> float:
        va, vb = self.vector(a), self.vector(b)
        if len(va) > len(vb):
            va, vb = vb, va
        return sum(weight * vb.get(gram, 0.0) for gram, weight in va.items())

    def similarity(self, a: Unit, b: Unit) -> float:
        """Cosine of title and text; when both have a title, its cosine counts ``TITLE_WEIGHT``."""
        whole = self.cosine(f"{a.title} {a.text}", f"{b.title} {b.text}")
        if a.title and b.title:
            return round(TITLE_WEIGHT * self.cosine(a.title, b.title) + (1 - TITLE_WEIGHT) * whole, 6)
        return round(whole, 6)


# -- alignment --------------------------------------------------------------------------------

Step = tuple[int | None, int | None]  # (i, j) a pair, (i, None) an old unit skipped, (None, j) a new one


def align(scores: Sequence[Sequence[float]], columns: int, threshold: float) -> list[Step]:
    """Pair rows with columns in order, maximising the sum of ``score - threshold`` over pairs.

    Only scores above ``threshold`` pair; everything else is skipped.  The steps come in
    reading order and name every row and every column exactly once.
    """
    rows = len(scores)
    best = [[0.0] * (columns + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(columns - 1, -1, -1):
            paired = scores[i][j] - threshold + best[i + 1][j + 1] if scores[i][j] > threshold else -math.inf
            best[i][j] = max(paired, best[i + 1][j], best[i][j + 1])
    steps: list[Step] = []
    i = j = 0
    while i < rows and j < columns:
        if scores[i][j] > threshold and best[i][j] == scores[i][j] - threshold + best[i + 1][j + 1]:
            steps.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            steps.append((i, None))
            i += 1
        else:
            steps.append((None, j))
            j += 1
    steps.extend((k, None) for k in range(i, rows))
    steps.extend((None, k) for k in range(j, columns))
    return steps


@dataclass(eq=False)
class Link:
    """Two units found to correspond (before the relation is decided), and how."""

    old: Unit
    new: Unit
    score: float
    how: str = ""

    @property
    def inner(self) -> bool:
        """A link of a section's own text: its section's pair covers it, it is not a row."""
        return self.old.part or self.new.part


@dataclass
class Aligner:
    """The links found so far between the two texts, and the passes that add them."""

    space: Space
    links: list[Link] = field(default_factory=list)
    by_unit: dict[Unit, list[Link]] = field(default_factory=dict)
    sections: dict[Unit, Unit] = field(default_factory=dict)  # an item's section

    def add(self, link: Link) -> None:
        self.links.append(link)
        for unit in (link.old, link.new):
            self.by_unit.setdefault(unit, []).append(link)

    def remove(self, link: Link) -> None:
        self.links.remove(link)
        for unit in (link.old, link.new):
            self.by_unit[unit].remove(link)

    def paired(self, unit: Unit) -> list[Link]:
        return self.by_unit.get(unit, [])

    def covered(self, unit: Unit) -> bool:
        """Paired, or an item of a section that is paired with an item (1997 13B1, in 13B → 13D2)."""
        section = self.sections.get(unit)
        return bool(self.paired(unit)) or (
            section is not None
            and any((link.new if link.old is section else link.old).level == 2 for link in self.paired(section))
        )

    def in_order(self, old: Sequence[Unit], new: Sequence[Unit]) -> None:
        """Pair the units not yet paired by :func:`align`, in reading order."""
        old = [unit for unit in old if not self.paired(unit)]
        new = [unit for unit in new if not self.paired(unit)]
        scores = [[self.space.similarity(a, b) for b in new] for a in old]
        for i, j in align(scores, len(new), PAIR_SCORE):
            if i is not None and j is not None:
                self.add(Link(old[i], new[j], scores[i][j]))

    def out_of_order(self, old: Sequence[Unit], new: Sequence[Unit], how: str) -> None:
        """Pair units left over, best first, when they score at least ``MOVE_SCORE``."""
        old = [unit for unit in old if not self.covered(unit)]
        new = [unit for unit in new if not self.covered(unit)]
        candidates = [(self.space.similarity(a, b), a, b) for a in old for b in new]
        for score, a, b in sorted(candidates, key=lambda c: (-c[0], c[1].order, c[2].order)):
            if score >= MOVE_SCORE and not self.paired(a) and not self.paired(b):
                self.add(Link(a, b, score, how))

    def to_items(self, old: Sequence[Unit], new: Sequence[Unit]) -> None:
        """A section whose text is one item of the other side is paired with that item (1997 13A → 2007 13D1)."""
        for sections, others, flip in ((old, new, False), (new, old, True)):
            items = [item for other in others for item in other.items]
            for section in sections:
                if section.level != 1 or not items:
                    continue
                current = [link for link in self.paired(section) if not link.inner]
                partner = max((link.score for link in current), default=0.0)
                score, item = max(((self.space.similarity(section, i), i) for i in items), key=lambda c: c[0])
                if score < SPLIT_SCORE or score < partner + ITEM_MARGIN or self.paired(item):
                    continue
                for link in current:
                    self.remove(link)
                was = (current[0].old if flip else current[0].new).ref if current else ""
                how = f"the section pairs only {partner:.2f} with {was}" if current else "no section pairs with it"
                self.add(Link(item, section, score, how) if flip else Link(section, item, score, how))

    def splits(self, old: Sequence[Unit], new: Sequence[Unit]) -> None:
        """A unit that also scores ``SPLIT_SCORE`` with an unpaired neighbour of its partner covers both."""
        at_link = 0
        while at_link < len(self.links):  # a split's new rows are looked at too: a run of neighbours
            link = self.links[at_link]
            at_link += 1
            for sequence, anchor, partner, flip in ((new, link.old, link.new, False), (old, link.new, link.old, True)):
                if partner not in sequence:
                    continue
                at = sequence.index(partner)
                for neighbour in sequence[max(0, at - 1) : at + 2]:
                    if neighbour is partner or self.paired(neighbour):
                        continue
                    score = self.space.similarity(anchor, neighbour)
                    if score >= SPLIT_SCORE:
                        how = f"{'merged' if flip else 'split'} with {partner.ref}"
                        self.add(Link(neighbour, anchor, score, how) if flip else Link(anchor, neighbour, score, how))

    def law(self, old: Sequence[Unit], new: Sequence[Unit]) -> None:
        """Every pass over one law: its section-level units, then the items of each pair of them."""
        self.sections.update({item: unit for unit in (*old, *new) for item in unit.items})
        self.in_order(old, new)
        self.out_of_order(old, new, "out of reading order")
        self.to_items(old, new)
        self.splits(old, new)
        for link in [link for link in self.links if link.old in old and link.new in new]:
            old_parts, new_parts = parts(link.old), parts(link.new)
            self.in_order(old_parts, new_parts)
            self.out_of_order(old_parts, new_parts, "out of reading order")
            self.splits(old_parts, new_parts)
        old_items = [item for unit in old for item in unit.items]
        new_items = [item for unit in new for item in unit.items]
        self.out_of_order(old_items, new_items, "in another section")


# -- rows -------------------------------------------------------------------------------------


def units_of(corpus: Corpus, doc: str, laws: Iterable[int] = LAWS) -> dict[int, list[Unit]]:
    entry = corpus.by_id(doc)
    if entry is None:
        raise LookupError(f"{doc} is not in the corpus")
    found = {number: entry.document.law(number) for number in laws}
    return {number: law_units(doc, law) for number, law in found.items() if law is not None}


def every_unit(units: Iterable[Unit]) -> list[Unit]:
    return [each for unit in units for each in (unit, *unit.items)]


def compute(corpus: Corpus) -> list[Pair]:
    """The concordance rows of Laws 1–18: every pair found, then every unit left unpaired."""
    old, new = units_of(corpus, OLD_TEXT), units_of(corpus, NEW_TEXT)
    beyond = every_unit(unit for units in units_of(corpus, OLD_TEXT, BEYOND).values() for unit in units)
    everything = [*every_unit(unit for text in (old, new) for units in text.values() for unit in units), *beyond]
    aligner = Aligner(Space.of(f"{unit.title} {unit.text}" for unit in everything))
    for number in LAWS:
        aligner.law(old.get(number, []), new.get(number, []))
    for number in LAWS:  # moves: what is left of a law, into what is left of its neighbours
        neighbours = [unit for law in (number - 1, number + 1) for unit in every_unit(new.get(law, []))]
        aligner.out_of_order(every_unit(old.get(number, [])), neighbours, "in a neighbouring law")
    # what is still new in 2007 may come from a 1997 law beyond 18 (1997 72A4 is 2007 10C3)
    aligner.out_of_order(beyond, every_unit(unit for units in new.values() for unit in units), "from a later law")
    return rows(aligner, old, new)


def relation_of(link: Link, partners: Counter[Unit]) -> Relation:
    if partners[link.old] > 1:
        return Relation.SPLIT
    if partners[link.new] > 1:
        return Relation.MERGED
    if link.old.law != link.new.law:
        return Relation.MOVED
    if link.old.ref != link.new.ref:
        return Relation.RENUMBERED
    return Relation.SAME if link.score >= SAME_SCORE else Relation.REWORDED


def unpaired(unit: Unit, others: Sequence[Unit], space: Space) -> Pair:
    """A ``new`` or ``dropped`` row, with the best score the unit had in its law of the other text."""
    score, best = max(((space.similarity(unit, other), other) for other in others), key=lambda c: c[0])
    side = NEW_TEXT if unit.doc == OLD_TEXT else OLD_TEXT
    basis = f"computed: {METHOD}: nothing in {side} Law {unit.law} pairs with {unit.name}"
    basis += f" (best {best.name} {score:.2f})"
    if unit.doc == OLD_TEXT:
        return Pair(EDITIONS, unit.ref, None, Relation.DROPPED, basis, round(score, 2))
    return Pair(EDITIONS, None, unit.ref, Relation.NEW, basis, round(score, 2))


def rows(aligner: Aligner, old: dict[int, list[Unit]], new: dict[int, list[Unit]]) -> list[Pair]:
    """The links as rows, then a row for each unit left unpaired, ordered by law and reading order."""
    links = [link for link in aligner.links if not link.inner]
    partners = Counter(unit for link in links for unit in (link.old, link.new))
    keyed: list[tuple[int, float, int, Pair]] = []
    for link in links:
        basis = f"computed: {METHOD} {link.score:.2f}, {link.old.name} ~ {link.new.name}"
        basis += f"; {link.how}" if link.how else ""
        pair = Pair(EDITIONS, link.old.ref, link.new.ref, relation_of(link, partners), basis, round(link.score, 2))
        if link.old.law in LAWS:
            keyed.append((link.old.law, link.old.order, link.new.order, pair))
        else:  # from a law beyond 18: placed like a new provision
            keyed.append((link.new.law, _after(keyed, link.new), link.new.order, pair))
    for number in LAWS:
        old_units, new_units = every_unit(old.get(number, [])), every_unit(new.get(number, []))
        for unit in old_units:
            if not aligner.covered(unit) and new_units:
                keyed.append((number, unit.order, -1, unpaired(unit, new_units, aligner.space)))
        for unit in new_units:
            if not aligner.covered(unit) and old_units:
                keyed.append((number, _after(keyed, unit), unit.order, unpaired(unit, old_units, aligner.space)))
    return [pair for *_, pair in sorted(keyed, key=lambda key: key[:3])]


def _after(keyed: list[tuple[int, float, int, Pair]], unit: Unit) -> float:
    """Where a row with only a new side goes: after the pair of the 2007 unit before it."""
    before = [key[1] for key in keyed if key[0] == unit.law and key[3].old and -1 < key[2] < unit.order]
    return max(before, default=-1) + 0.5


# -- the file ---------------------------------------------------------------------------------

HEADER = """\
# 1997 <-> 2007 provision concordance of Laws 1-18, COMPUTED from the Finnish texts fi-1997 and
# fi-2007 by tools/bridgelaws/stage3_link/concordance/compute.py (its docstring states the method).
# Generated: do not edit. Rerun `bridgelaws concordance` (`--check` exits 1 when this file is out of
# date); corrections go to 1997-2007.review.toml. `score` is the pair's similarity; for a new or
# dropped row, the best similarity the provision had in its law of the other text.
"""


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def to_toml(pairs: Sequence[Pair]) -> str:
    """The rows in the format of ``content/concordance/README.md``."""
    lines = [HEADER, f"editions = [{', '.join(_string(edition) for edition in EDITIONS)}]"]
    for pair in pairs:
        lines.append("\n[[pair]]")
        lines.extend(f"{key} = {_string(value)}" for key, value in (("old", pair.old), ("new", pair.new)) if value)
        lines.append(f"relation = {_string(pair.relation.value)}")
        if pair.score is not None:
            lines.append(f"score = {pair.score:.2f}")
        lines.append(f"basis = {_string(pair.basis)}")
    return "\n".join(lines) + "\n"
