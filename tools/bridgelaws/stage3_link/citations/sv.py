"""Swedish citations (``sv``): ``lag 65B3``, ``lagarna 42 och 43``, ``se C2 nedan``.

Forms, in the order the rules are tried (an earlier rule wins where two overlap):

1. ``SECTION_OF_LAW``: a section or item of a named law: ``avsnitt B i lag 14`` → ``14B``;
2. ``LAW``: ``lag``/``lagen``/``lagarna`` (or ``paragraf``) and one or more law paths: ``lag 65B3``,
   ``lag 12C1(b)``, ``lagarna 42 och 43``, ``paragraf 16``, ``lag 86D kan`` (only ``86D``);
3. ``SECTION_IN_LAW``: ``avsnitt``/``punkt`` and a path of the current law, with an optional
   ``i den här lagen``/``nedan``/``ovan``: ``enligt avsnitt B i den här lagen`` → ``14B``;
4. ``SEE``: a path of the current law after a signal (``se``, ``men se``, ``som i``,
   ``enligt``, ``jfr``): ``(se D)``, ``[och se C1(d)]``, ``som i 2(c)`` (in ``16C3`` →
   ``16C2c``), ``se C2 nedan``;
5. ``SEE_ITEM``: an item number of the current section, only with ``nedan``/``ovan``:
   ``(se 4 nedan)`` in ``14B2`` → ``14B4``;
6. ``BELOW_ONLY``: a section path with ``nedan``/``ovan`` and no signal: ``B1 ovan``.

The signal word (``se``) is not part of the citation; ``nedan``/``ovan`` and
``i den här lagen`` are.  Not citations: ``se till att``, ``se även`` with no path, ``13 kort``,
``60%``, ``3 IMP``.
"""

from __future__ import annotations

import re

from bridgelaws.stage3_link.citations import Citation, Context
from bridgelaws.stage3_link.citations.scan import (
    ITEM_PATH,
    LOWER_PATH,
    SECTION_PATH,
    Rule,
    absolute,
    law_element,
    law_list,
    list_separator,
    relative,
    relative_element,
    scan,
)

# -- vocabulary ----------------------------------------------------------------------------

# lag, lagen, lagar, lagarna, lagens, lagarnas; paragraf, paragrafen, paragrafer, paragraferna, …
# (a law of the Laws is a "paragraf" too: paragraf 16 = lag 16)
LAW_WORD = r"(?i:lag(?:arnas|arna|ens|ar|en)?|paragraf(?:ernas|erna|ens|er|en)?)"
SECTION_WORD = r"(?i:avsnitt(?:en|et)?|punkt(?:erna|en)?)"  # avsnitt B, punkt 4
# se D, men se C, som i 2(c), enligt C1, jfr B; a bare "i" only before an item number or a
# bracket (i C2, i (b)): "spelar i B" is a hand or a team, not a section.
SIGNAL = r"(?:(?i:se|jfr\.?|jämför|enligt|som\s+i)|\bi(?=\s+(?:[A-H][1-9]|[1-9]|\()))"
SIGNAL_FILLER = r"(?i:även|också)"  # se även C2
BELOW = r"(?i:(?:här\s+)?(?:nedan|ovan))"  # se C2 nedan, B1 ovan
THIS_LAW = r"(?i:i\s+(?:den\s+här|denna|samma)\s+lag(?:en)?)"  # avsnitt B i den här lagen
UNIT = r"(?i:%|procent|kort|stick|IMP|poäng|brickor|spelare)"  # 13 kort, 60%, 3 IMP
GENITIVE = r"(?::s)"  # lag 12C:s

# Between the targets of one citation: lagarna 42 och 43; lag 12C1(b), (c) eller (d); 40-42.
SEP = list_separator(r"och|eller|samt|resp\.")

SEPARATOR = re.compile(SEP, re.VERBOSE)

# A list after avsnitt/punkt: avsnitt B, punkt 4, punkterna 2(c) och (d).
SECTION_LIST = rf"""
    (?:{SECTION_PATH}|{ITEM_PATH})
    (?:{SEP}(?:{SECTION_PATH}|{ITEM_PATH}|{LOWER_PATH}))*
"""

# -- elements: one target as printed (group ref is the tappable span) -------------------------

LAW_ELEMENT = law_element(GENITIVE)  # 65B3   12C1(b)   42   B (lag 16A och B)   lag 12C:s

REL_ELEMENT = relative_element()  # C2   C1(d)   D   4   2(c)   (c)

# -- citation patterns, in rule order --------------------------------------------------------

SECTION_OF_LAW = re.compile(  # avsnitt B i lag 14
    rf"""
    \b(?P<cite>
        {SECTION_WORD}\s+
        (?P<list>{SECTION_LIST})
        \s+i\s+{LAW_WORD}\s+(?P<law>[1-9][0-9]?)(?!\w)
    )
    """,
    re.VERBOSE,
)

LAW = law_list(LAW_WORD, SEP, rf"\s*{UNIT}", ending=GENITIVE)  # lag 65B3; lagarna 42 och 43; (se lag 90); lag 86D kan

SECTION_IN_LAW = re.compile(  # enligt avsnitt B i den här lagen; punkt 4 nedan
    rf"""
    \b(?P<cite>
        {SECTION_WORD}\s+
        (?P<list>{SECTION_LIST})
        (?:\s+(?:{THIS_LAW}|{BELOW}))?
    )
    """,
    re.VERBOSE,
)

SEE = re.compile(  # (se D); [och se C1(d)]; som i 2(c); se C2 nedan
    rf"""
    \b{SIGNAL}\s+(?:{SIGNAL_FILLER}\s+)?
    (?P<cite>
        (?P<list>
            (?:{SECTION_PATH}|[1-9][0-9]?\([a-z]\)(?:\([ivx]+\))?(?![\w%-])|{LOWER_PATH})
            (?:{SEP}(?:{SECTION_PATH}|[1-9][0-9]?\([a-z]\)(?:\([ivx]+\))?(?![\w%-])|{LOWER_PATH}))*
        )
        (?:\s+{BELOW})?
    )
    """,
    re.VERBOSE,
)

SEE_ITEM = re.compile(  # (se 4 nedan)
    rf"""
    \b{SIGNAL}\s+(?:{SIGNAL_FILLER}\s+)?
    (?P<cite>
        (?P<list>{ITEM_PATH}(?:{SEP}{ITEM_PATH})*)
        \s+{BELOW}
    )
    """,
    re.VERBOSE,
)

BELOW_ONLY = re.compile(  # B1 ovan
    rf"""
    (?<![\w(])
    (?P<cite>
        (?P<list>(?:{SECTION_PATH}|{LOWER_PATH})(?:{SEP}(?:{SECTION_PATH}|{LOWER_PATH}))*)
        \s+{BELOW}
    )
    """,
    re.VERBOSE,
)

RULES = [
    Rule("section of law", SECTION_OF_LAW, REL_ELEMENT, SEPARATOR, relative),
    Rule("law", LAW, LAW_ELEMENT, SEPARATOR, absolute),
    Rule("section in law", SECTION_IN_LAW, REL_ELEMENT, SEPARATOR, relative),
    Rule("see", SEE, REL_ELEMENT, SEPARATOR, relative),
    Rule("see item", SEE_ITEM, REL_ELEMENT, SEPARATOR, relative),
    Rule("below", BELOW_ONLY, REL_ELEMENT, SEPARATOR, relative),
]


def find(text: str, context: Context) -> list[Citation]:
    """The citations in a Swedish paragraph standing in ``context``."""
    return scan(text, context, RULES)
