"""The concordance's types: a pair of provisions of two consecutive editions, and its relation.

See ``content/concordance/README.md`` for the data files and what each relation means.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Checked(StrEnum):
    """How sure a curated row is: its basis was read in the published texts it names, or not."""

    READ = "read"
    NOT_VERIFIED = "not verified"


class Relation(StrEnum):
    SAME = "same"  # same number, same subject
    RENUMBERED = "renumbered"  # same subject, another number in the same law: 1997 16A → 2007 16B
    MOVED = "moved"  # to another law: 2007 17D → 2017 15A
    SPLIT = "split"  # one old provision → several new ones (a row each)
    MERGED = "merged"  # several old → one new (a row each)
    REWORDED = "reworded"  # same number, content substantially rewritten
    NEW = "new"  # only in the newer edition
    DROPPED = "dropped"  # only in the older edition


class LawRelation(StrEnum):
    """How a whole law of one edition stands to the next edition's laws (a ``[[law]]`` row)."""

    SAME = "same"  # same number, same subject; no pair row renumbers, splits, merges or moves a provision of it
    RESTRUCTURED = "restructured"  # same number, same subject; pair rows renumber, split, merge or move provisions
    CHANGED = "changed"  # same number, the subject changed in part (narrowed, widened, part moved away)
    MOVED = "moved"  # the subject is in another law of the newer edition: 2007 Law 23 → 2017 Law 72
    NEW = "new"  # a subject new in the newer edition under this number: 2017 Law 23
    DROPPED = "dropped"  # the subject has no place in the newer edition


@dataclass(frozen=True)
class Pair:
    """``old`` (in ``editions[0]``) corresponds to ``new`` (in ``editions[1]``); None on a new or dropped side.

    ``basis`` says why, in words a reviewer can check; ``score`` is the similarity of a
    computed pair (None for a curated one); ``where`` is ``file:line`` of the row; ``checked``
    says how sure a curated row is (None for a computed one).
    """

    editions: tuple[str, str]
    old: str | None
    new: str | None
    relation: Relation
    basis: str
    score: float | None = None
    where: str = ""
    checked: Checked | None = None


@dataclass(frozen=True)
class LawPair:
    """Law ``old`` of ``editions[0]`` and law ``new`` of ``editions[1]``, as whole laws (a ``[[law]]`` row).

    Unlike a :class:`Pair`, whose ``"16"`` is Law 16's unlettered opening text, both sides are
    whole laws; the provision rows say where each provision went.  ``nearest``, on a ``new``
    or ``dropped`` row only, is the other edition's provision nearest to the subject, for a
    reader who looks for it there (2017 Law 23, new: the 2007 27B1b); not a counterpart.
    """

    editions: tuple[str, str]
    old: str | None
    new: str | None
    relation: LawRelation
    basis: str
    checked: Checked
    where: str = ""
    nearest: str | None = None


@dataclass(frozen=True)
class Deviation:
    """A text that numbers a provision differently from its edition: ``doc``'s ``text`` is the edition's ``edition``."""

    doc: str
    text: str
    edition: str
    basis: str
    where: str = ""


@dataclass(frozen=True)
class LawSubject:
    """Law ``number`` in the consecutive ``editions`` where it holds one subject.

    ``came``: the row by which the subject began under this number (``new``, from the edition
    before); ``went``: the rows by which it left (``moved`` or ``dropped``, to the edition
    after); ``within``: the rows between its editions (same, restructured, changed); ``joined``:
    rows moving another law's subject into this one (2007 23 → 2017 72, on Law 72).
    """

    number: int
    editions: tuple[str, ...]
    came: tuple[LawPair, ...] = ()
    went: tuple[LawPair, ...] = ()
    within: tuple[LawPair, ...] = ()
    joined: tuple[LawPair, ...] = ()

    @property
    def rows(self) -> tuple[LawPair, ...]:
        return (*self.came, *self.within, *self.joined, *self.went)
