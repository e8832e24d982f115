"""Citations in the Finnish translation of the 1997 Laws (``fi-1997``, OCR of the printed book).

A law is cited by number and path followed by the section sign, with or without a space and
with a case ending after a colon: ``16 §:ää``, ``ks.90 §``, ``72B1 §:ää``, ``77§``.  Lists share
one sign: ``19 ja 77§``, ``30, 31 ja 32 §:n``, ``47E ja 41 §§``.  OCR adds its own variants:
``l`` for ``1`` (``25 Bl §``, ``72Bl§``, ``47El §``), a space inside the ending (``77 §: n``) or
before the section letter (``53 C §``), a lost colon (``71 §n``).  In the supplementary rules
(``point:…`` contexts) ``83, 92 ja 93 §:ssä`` still cites the Laws.

Not a citation: a paragraph that *begins* ``N § Title`` (a heading, the statute extract's
``6 § Liiton hallitus …``); bidding (``2 D``, ``1 NT``); counts, points and percentages.
Citations inside a law (``A-kohtaa``, ``ks. 3-kohta jäljempänä``, ``tämän pykälän B kohdan``,
``edellä olevan (a)-kohdan``) are resolved by :mod:`~bridgelaws.citations.fi_common`.

Rule order (earlier rules win overlaps): a law's section named after the law (``12 §:n C-kohta``),
section-sign lists, then the relative forms.
"""

from __future__ import annotations

import re

from bridgelaws.stage3_link.citations import Citation, Context
from bridgelaws.stage3_link.citations import fi_common as fi
from bridgelaws.stage3_link.citations.fi_common import Rule
from bridgelaws.stage3_link.citations.scan import scan

# --- Building blocks -----------------------------------------------------------------------------

# A law and its path as printed and OCR'd: 16 | 72B1 | 45C4(b) | 43B2b | 25 Bl | 53 C
REF = r"""
    (?<!\w)
    [0-9]{1,2}
    (?:
        \s?[A-Z]                     # C  (53 C §: a space may stand before the section)
        (?:[0-9]+|l\b)?              # 1  (OCR: l for 1, as in 72Bl§)
        (?:[a-z]|\s?\([a-z]\))?      # b  (b)  12C1 (b)
        (?:[0-9]|\([0-9]\))?         # 1
    )?
"""
SEPARATOR = r"(?:\s?,\s?|\s+(?:ja|tai|sekä)\s+|\s?[-–]\s?)"  # 30, 31 ja 32 | 53 tai 56 | 69-71
SIGN = r"\s?§§?"  # 77§  16 §  41 §§
ENDING = r"(?:\s?:\s?[a-zäöå]+|(?<=§)[a-zäöå]+)?"  # §:ää  §: n  §n (OCR lost the colon)

# --- Rules, in priority order ----------------------------------------------------------------

SECTION_SIGN = re.compile(
    rf"""
    (?!\A{REF}{SIGN}\s+[A-ZÄÖ])            # 6 § Liiton hallitus …  (a heading, not a citation)
    (?P<refs>{REF}(?:{SEPARATOR}{REF})*)
    {SIGN}
    {ENDING}
    """,
    re.VERBOSE,
)  # 16 §:ää | ks.90 § | 77 §: n | 19 ja 77§ | 30, 31 ja 32 §:n | 25 Bl § | 72Bl§ | 16C2 § ei

TOKEN = re.compile(REF, re.VERBOSE)

RULES: tuple[Rule, ...] = (
    fi.law_then_section_rule(""),  # 12 §:n C-kohta
    Rule("section sign", SECTION_SIGN, TOKEN, fi.absolute),
    *fi.RELATIVE_RULES,
)


def find(text: str, context: Context) -> list[Citation]:
    """The citations in ``text``, in reading order, none overlapping."""
    return scan(text, context, RULES)
