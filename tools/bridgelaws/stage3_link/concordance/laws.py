"""Whole laws across editions: what "Law N" is in each edition, from the ``[[law]]`` rows.

A law number is not an identity across editions: the 2007 Law 23 (awareness of potential
damage) is the 2017 72C, and the 2017 Law 23 (the comparable call) is new.  Two things are
read from the law rows here, never from the number alone:

* :func:`law_in`: law ``N`` of one edition as another edition numbers the law that holds its
  subject (2007 23 → 2017 72; 2017 23 → none in 2007), one edition step at a time;
* :func:`law_subjects`: the editions in which law ``N`` holds one subject, and where each
  subject came from or went (2017 Law 23 new; 1997–2007 Law 23 moved to 2017 72); worked out
  by ``table.find_subjects`` for every law once, the table :attr:`Concordance.subjects` keeps.

A step with no law row about the law says nothing against its number (1997↔2007 Laws 1–18 are
paired provision by provision, not as laws): the number is kept there, and :func:`law_in`
returns None, so a caller that needs a row can tell.
"""

from __future__ import annotations

from bridgelaws.core.facts import EDITIONS
from bridgelaws.stage3_link.concordance.model import LawRelation, LawSubject
from bridgelaws.stage3_link.concordance.table import KEPT, Concordance, find_subjects, step_rows


def _law_step(concordance: Concordance, law: int, edition: str, other: str) -> list[int] | None:
    """Law ``law`` of ``edition`` in the consecutive ``other``: the law that keeps it, else where it
    moved; [] when it is new or dropped; None when no row speaks of it."""
    rows = step_rows(concordance, law, edition, other)
    if not rows:
        return None
    forward = EDITIONS.index(other) > EDITIONS.index(edition)
    if any(row.relation in KEPT for row in rows):
        return [law]
    # forward, a moved row names where the subject went; backward, a law a subject moved into
    # that has no row of its own would be its only counterpart (a law with a `new` row has none)
    if any(row.relation in (LawRelation.NEW, LawRelation.DROPPED) for row in rows):
        return []
    return list(dict.fromkeys(int((row.new if forward else row.old) or 0) for row in rows))


def law_in(concordance: Concordance, law: int, edition: str, other: str) -> list[int] | None:
    """The laws of ``other`` that hold the subject of law ``law`` of ``edition``, one edition step
    at a time: ``[law]`` where rows keep it, the law it moved to, ``[]`` where it is new or
    dropped on the way; None when a step has no row about it (nothing says it is not the same)."""
    if edition == other:
        return [law]
    start, end = EDITIONS.index(edition), EDITIONS.index(other)
    direction = 1 if end > start else -1
    found = [law]
    unknown = False
    for position in range(start, end, direction):
        here, there = EDITIONS[position], EDITIONS[position + direction]
        following: list[int] = []
        for current in found:
            stepped = _law_step(concordance, current, here, there)
            if stepped is None:
                unknown = True
                stepped = [current]  # no row: the number stands, for the next step to judge
            following.extend(stepped)
        found = list(dict.fromkeys(following))
    return None if unknown and found == [law] else found


def law_subjects(concordance: Concordance, number: int) -> list[LawSubject]:
    """Law ``number``'s subjects, oldest first: one when every step keeps it (or says nothing),
    more where a row moves, drops or newly fills the number (Law 23: 1997–2007, then 2017).
    Every law's are found once per concordance, at the first question (:attr:`Concordance.subjects`)."""
    found = concordance.subjects.get(number)
    return list(found) if found is not None else find_subjects(concordance, number)
