"""The concordance between editions: how a provision of one edition is found in another.

Three numberings meet here (``content/concordance/README.md``): a text's own numbering, its
edition's (the WBF numbering: within an edition texts share it, but for a few local
deviations), and another edition's, reached only through the rows of the concordance between
consecutive editions (1997↔2007, 2007↔2017), never by the number.  So::

    text ref → (deviations) → edition ref → (pairs, one edition step at a time) → other edition's ref
             → (the target text's deviations) → the target text's ref

:meth:`Concordance.corresponding` walks that path.  A ref with no row of its own is matched
through its nearest ancestor that has one (``1997 16A2`` → the row ``16A → 16B`` → ``2007 16B``:
coarser, never guessed); with no row at all it has no correspondent, and callers link the law.

Whole laws have rows of their own (``[[law]]``, :class:`LawPair`): what became of a law's
subject in the next edition (2007 Law 23 → 2017 Law 72; 2017 Law 23 new).  They are not walked
by :meth:`Concordance.corresponding`: a provision is found only through provision rows.
:func:`law_in` and :func:`law_subjects` (``laws.py``) read them: what "Law N" of one edition
is in another, and the editions in which law N holds one subject.
"""

from __future__ import annotations

from bridgelaws.stage3_link.concordance.checks import against_corpus
from bridgelaws.stage3_link.concordance.laws import law_in, law_subjects
from bridgelaws.stage3_link.concordance.model import (
    Checked,
    Deviation,
    LawPair,
    LawRelation,
    LawSubject,
    Pair,
    Relation,
)
from bridgelaws.stage3_link.concordance.table import Concordance, Correspondence, first_counterpart, load

__all__ = [
    "Checked",
    "Concordance",
    "Correspondence",
    "Deviation",
    "LawPair",
    "LawRelation",
    "LawSubject",
    "Pair",
    "Relation",
    "against_corpus",
    "first_counterpart",
    "law_in",
    "law_subjects",
    "load",
]
