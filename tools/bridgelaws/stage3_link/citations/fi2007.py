"""Citations in the Finnish translation of the 2007 Laws (``fi-2007``, the PDF's text layer).

The typesetter put the page where a law starts before every citation of another law:
``(s. 37) 23`` is Law 23, ``(s. 28) 16C :ää`` is Law 16 C in the partitive.  A case ending stands
after a space and a colon (``12C :n``, ``16D :ää``), with or without the page.  Citations inside a
law are relative (``ks. C2 alempana``, ``kohta 4 jäljempänä``, ``edellä c-kohdan sijaan``) and are
resolved by :mod:`~bridgelaws.citations.fi_common` against the context.

What is *not* a citation: a bare number (``13 korttia``, ``90 tikkipistettä``, ``60 %``), a
footnote number standing inline (``eroaa 4 hänen``), a date (``1. tammikuuta 2008``), a year.

Rule order (earlier rules win overlaps): a law's section named after the law (``(s. 23) 12 :n
C-momentti``), page-hinted lists, then unhinted citations with a case ending, then ``ks.`` with a
law and section, then the relative forms (most specific first).
"""

from __future__ import annotations

import re

from bridgelaws.stage3_link.citations import Citation, Context
from bridgelaws.stage3_link.citations import fi_common as fi
from bridgelaws.stage3_link.citations.fi_common import LIST_SEPARATOR, Rule
from bridgelaws.stage3_link.citations.scan import scan

# --- Building blocks -----------------------------------------------------------------------------

# A law and its path, as printed: 23 | 16C | 12C2 | 65B3 | 81C5 | 12C1e | 40B2a(i)
REF = r"""
    (?<![\w.])
    [0-9]{1,2}
    (?:
        [A-Z][0-9]*                                  # C2
        (?:[a-z]|\([a-z]\))?                         # e  (b)
        (?:[ivx]+|\([ivx]+\)|[0-9]|\([0-9]\))?       # ii  (i)
    )?
    (?!\w)
"""
REF_WITH_SECTION = r"(?=[0-9]{1,2}[A-Z])" + REF  # 16C  (a bare number needs a page or an ending)

PAGE = r"\(s\.\s?[0-9]{1,3}\)"  # (s. 37)  (s.24)
HINTED = rf"{PAGE}\s?{REF}"  # (s. 37) 23
ENDING = r"\s?:[a-zäöå]+"  # " :ää"  " :n"  " :ssä"  (case ending after a space and a colon)
RANGE = r"\s?[-–]\s?"  # (s. 74) 69-71  (s. 74) 69 – (s. 77) 71: a range, its end a bare law or hinted

# --- Rules, in priority order ----------------------------------------------------------------

HINTED_LIST = re.compile(
    rf"""
    (?P<refs>
        {HINTED}
        (?:{LIST_SEPARATOR}(?:{HINTED}|{REF_WITH_SECTION}) | {RANGE}(?:{HINTED}|{REF}))*
    )
    (?:{ENDING})?
    """,
    re.VERBOSE,
)  # (s. 28) 16C :ää | (s. 51) 42 ja (s. 52) 43 :n | (s. 17) 4, (s.24) 12C2 ja (s. 95) 91 | (s. 74) 69-71

ENDED = re.compile(
    rf"""
    (?P<refs>{REF}(?:(?:{LIST_SEPARATOR}|{RANGE}){REF})*)
    {ENDING}
    """,
    re.VERBOSE,
)  # 12C :n mukaan | 16D :ää | 16A1 :ssä | 69-71 :ssä

SEE_LAW = re.compile(
    rf"""
    (?<!\w)[Kk]s(?:\.\s*|\s+)(?:(?:kuitenkin|myös)\s+)?
    (?P<cit>(?P<refs>{REF_WITH_SECTION}(?:{LIST_SEPARATOR}{REF})*))
    """,
    re.VERBOSE,
)  # ks. 12C1  (a law cited without its page)

TOKEN = re.compile(rf"(?:{PAGE}\s?)?(?P<part>{REF})", re.VERBOSE)  # the part is the law, not the page

RULES: tuple[Rule, ...] = (
    fi.law_then_section_rule(rf"(?:{PAGE}\s?)?"),  # (s. 23) 12 :n C-momentti
    Rule("page-hinted", HINTED_LIST, TOKEN, fi.absolute),
    Rule("case ending", ENDED, TOKEN, fi.absolute),
    Rule("ks. law", SEE_LAW, TOKEN, fi.absolute),
    *fi.RELATIVE_RULES,
)


def find(text: str, context: Context) -> list[Citation]:
    """The citations in ``text``, in reading order, none overlapping."""
    return scan(text, context, RULES)
