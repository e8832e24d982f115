"""The concordance's types: a pair of provisions of two consecutive editions, and its relation.

See ``content/concordance/README.md`` for the data files and what each relation means.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Relation(StrEnum):
    SAME = "same"  # same number, same subject
    RENUMBERED = "renumbered"  # same subject, another number in the same law: 1997 16A → 2007 16B
    MOVED = "moved"  # to another law: 2007 17D → 2017 15A
    SPLIT = "split"  # one old provision → several new ones (a row each)
    MERGED = "merged"  # several old → one new (a row each)
    REWORDED = "reworded"  # same number, content substantially rewritten
    NEW = "new"  # only in the newer edition
    DROPPED = "dropped"  # only in the older edition


@dataclass(frozen=True)
class Pair:
    """``old`` (in ``editions[0]``) corresponds to ``new`` (in ``editions[1]``); None on a new or dropped side.

    ``basis`` says why, in words a reviewer can check; ``score`` is the similarity of a
    computed pair (None for a curated one); ``where`` is ``file:line`` of the row.
    """

    editions: tuple[str, str]
    old: str | None
    new: str | None
    relation: Relation
    basis: str
    score: float | None = None
    where: str = ""


@dataclass(frozen=True)
class Deviation:
    """A text that numbers a provision differently from its edition: ``doc``'s ``text`` is the edition's ``edition``."""

    doc: str
    text: str
    edition: str
    basis: str
    where: str = ""
