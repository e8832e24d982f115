"""The multilingual term base: concepts, their words in every language, the laws that govern them.

``content/terms/*.toml`` holds one entry per concept (README there): its id, the governing
law first and the laws that use it (per edition where the numbers differ), its terms in each
interface language with the basis of each (a definition, an aligned title, a provision, or
curation), and where our texts define it; ``content/terms/situations/`` a director's phrases
for what happens at the table, kept apart from the concepts (search's only).

This is curated data read and validated, not a stage: it is read with the concordance (a
concept's laws in each edition's numbering) and checked against the parsed texts, and used by
the term pages (``stage4_render/terms.py``, the "where to read" pages) and by search.  The
front door is this module; the modules behind it:

* :mod:`.model` — the types (:class:`Concept`, :class:`Term`, :class:`TermBase`);
* :mod:`.table` — read and validate the files (:func:`load`; errors name file:line);
* :mod:`.situations` — read the situations' files into ``TermBase.situations``;
* :mod:`.verify` — seeded terms printed where their rows say (:func:`check`);
* :mod:`.seed` — what the texts align, for ``bridgelaws terms`` (:func:`aligned_toml`).
"""

from __future__ import annotations

from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.termbase import seed
from bridgelaws.termbase.model import PREFIX, Concept, Missing, Place, Term, TermBase, is_stem
from bridgelaws.termbase.table import load
from bridgelaws.termbase.verify import against_corpus, check, definition_anchor

FOLDER = "terms"  # content/terms
ALIGNED_FILE = seed.FILE  # under content/: what the texts align (bridgelaws terms)

__all__ = [
    "ALIGNED_FILE",
    "FOLDER",
    "PREFIX",
    "Concept",
    "Missing",
    "Place",
    "Term",
    "TermBase",
    "against_corpus",
    "aligned_toml",
    "check",
    "definition_anchor",
    "is_stem",
    "load",
]


def aligned_toml(corpus: Corpus, concordance: Concordance) -> str:
    """What the texts align (definitions, law titles, the parallel section titles) as the
    computed file ``ALIGNED_FILE`` holds it."""
    return seed.to_toml(seed.compute(corpus, concordance))
