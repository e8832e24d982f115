"""The multilingual term base: concepts, their words in every language, the laws that govern them.

``content/terms/*.toml`` holds one entry per concept (README there): its id, the governing
law first and the laws that use it (per edition where the numbers differ), its terms in each
interface language with the basis of each (a definition, an aligned title, a provision, or
curation), and where our texts define it.  :mod:`.table` reads and validates the files
(errors name file:line), :mod:`.verify` checks seeded terms against the texts, :mod:`.seed`
computes what the texts align (``bridgelaws terms``).  Search asks
:meth:`TermBase.lookup`; the translators' page (``stage4_render/terms.py``) shows it all.
"""

from __future__ import annotations

from bridgelaws.stage3_link.terms.model import Concept, Hit, Missing, Place, Term, TermBase
from bridgelaws.stage3_link.terms.table import load

FOLDER = "terms"  # content/terms

__all__ = ["FOLDER", "Concept", "Hit", "Missing", "Place", "Term", "TermBase", "load"]
