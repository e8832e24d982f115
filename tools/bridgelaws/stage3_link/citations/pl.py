"""Polish citations (``pl``): ``przepisu 80A``, ``Przepisy 12C2b i 12C2d``, ``pkt. 16``.

The PZBS decisions cite law provisions (``przepis`` in any grammatical case) and their own
points (``punkt``, ``pkt.``).  Forms, in the order the rules are tried (an earlier rule wins
where two overlap):

1. ``LAW``: ``przepis``/``przepisu``/``przepisem``/``przepisie``/``Przepisy``/``przepisach``
   … and one or more law paths: ``Na mocy przepisu 80A``, ``Przepis 40B2a(i)``,
   ``Przepisy 12C2b i 12C2d``, ``Przepisy 41 i 45A.``, ``w przepisie 93``;
2. ``POINT``: ``punkt``/``punktu``/``punkcie``/``pkt.``/``podpunkt`` … and one or more point
   numbers: ``Patrz punkt 13.``, ``z zastrzeżeniem pkt. 16``, ``w punkcie 25.1.D``,
   ``w punkcie 25.1.A, 25.1.B i 25.1.D``;
3. ``SEE_POINT``: a dotted point number after ``patrz``/``zob.``/``por.``:
   ``(patrz 25.1.A.(i))`` → ``point:25.1.A.i``;
4. ``LAW_BY_NOUN``: ``prawo`` in any case and law paths with a section letter:
   ``Prawo 12C1(b)``;
5. ``BARE_LAW``: a law path with a section letter after ``patrz`` or a preposition
   (``z``, ``w``, ``wg``, ``zgodnie z``, ``na mocy``): ``zgodnie z 80B2i`` → ``80B2i``.

The keyword is part of the citation; ``patrz`` and prepositions are not.  Each ``punkt``
starts a citation of its own: ``w punkcie 25.1.B, a następnie w punkcie 25.1.D i punkcie
25.1.A`` is three.  Not citations: ``0-4``, ``11-18 PC``, ``+3 IMP``, ``32/2022/2021-2025``,
dates, ``10 sekund``.
"""

from __future__ import annotations

import re

from bridgelaws.stage3_link.citations import Citation, Context
from bridgelaws.stage3_link.citations.scan import (
    LOWER_PATH,
    SECTION_PATH,
    Rule,
    absolute,
    law_element,
    law_list,
    list_separator,
    point,
    scan,
)

# -- vocabulary ----------------------------------------------------------------------------

# przepis, przepisu, przepisowi, przepisem, przepisie; przepisy, przepisów, przepisom,
# przepisami, przepisach; przep.
LAW_WORD = r"(?i:przepis(?:ami|ach|owi|ów|om|em|ie|u|y)?(?=\s)|przep\.)"

# punkt, punktu, punktowi, punktem, punkcie; punkty, punktów, punktom, punktami, punktach;
# pkt, pkt.; the same for podpunkt and ppkt.
POINT_WORD = r"""(?i:
      (?:pod)?punkt(?:ami|ach|owi|ów|om|em|u|y)?(?=\s)
    | (?:pod)?punkcie(?=\s)
    | p?pkt\.?
)"""

# prawo, prawa, prawu, prawem, prawie: "Prawo 12C1(b)" (a law of the Laws, as "przepis"); only
# before a path with a section letter, since "prawo" is also "a right" (ma prawo 3 …)
LAW_NOUN = r"(?i:praw(?:em|ie|o|a|u)(?=\s))"

SEE_WORD = r"(?i:patrz|zob\.|por\.|vide)"  # (patrz punkt 25.2), (patrz 25.1.A.(i))
PREPOSITION = r"(?i:zgodnie\s+z|na\s+mocy|na\s+podstawie|według|wg\.?|ze?|we?)"  # zgodnie z 80B2i
UNIT = r"(?i:%|IMP|PC|VP|sekund|minut|kart|rozda|lew|punkt)"  # +3 IMP, 11-18 PC, 10 sekund

# Between the targets of one citation: 12C2b i 12C2d; 25.1.A, 25.1.B i 25.1.D; 3.1-3.4.
SEP = list_separator(r"i|oraz|lub|albo|bądź|a\s+także")

POINT_PATH = r"""
    [1-9][0-9]?                        # 25      point
    (?:\.[1-9][0-9]?)*                 # .1      sub-point
    (?:\.[A-Z])?                       # .A      lettered sub-point
    (?:\.?\((?:[ivx]+)\)|\.[ivx]+)?    # .(i)    numbered item: 25.1.A.(i)
    (?![\w/])                          # not 32/2022
"""

DOTTED_POINT_PATH = r"""
    [1-9][0-9]?(?:\.[1-9][0-9]?)+      # 25.1    at least one dot: a bare 13 is no point
    (?:\.[A-Z])?                       # .A
    (?:\.?\((?:[ivx]+)\)|\.[ivx]+)?    # .(i)
    (?![\w/])
"""

SECTIONED_LAW_PATH = r"""
    [1-9][0-9]?[A-H]                   # 80B     law and section
    (?:[1-9][0-9]?                     # 2       item
       (?:\([a-z]\)|[a-z])?            # i       sub-item
       (?:\([ivx]+\)|[ivx]+)?          # (i)     sub-sub-item
    )?
    (?!\w)
"""

SEPARATOR = re.compile(SEP, re.VERBOSE)

# -- elements: one target as printed (group ref is the tappable span) -------------------------

LAW_ELEMENT = law_element()  # 80A   40B2a(i)   93   D (przepisy 12C i D)   (v) (przepisy 40B2a(i)-(v))

POINT_ELEMENT = re.compile(rf"(?P<ref>{POINT_PATH})", re.VERBOSE)  # 25.1.A   16   25.1.A.(i)

# -- citation patterns, in rule order --------------------------------------------------------

LAW = law_list(LAW_WORD, SEP, rf"\s*{UNIT}", gap=r"\s*")  # przepisu 80A; Przepis 40B2a(i); Przepisy 12C2b i 12C2d

POINT = re.compile(  # punkt 13; pkt. 16; punkcie 25.1.D; punkt 25.1.A, 25.1.B i 25.1.D
    rf"""
    \b(?P<cite>
        {POINT_WORD}\s*
        (?P<list>
            {POINT_PATH}
            (?:{SEP}{POINT_PATH}(?!\s*{UNIT}))*
        )
    )
    """,
    re.VERBOSE,
)

SEE_POINT = re.compile(  # (patrz 25.1.A.(i))
    rf"""
    \b{SEE_WORD}\s+
    (?P<cite>
        (?P<list>{DOTTED_POINT_PATH}(?:{SEP}{DOTTED_POINT_PATH})*)
    )
    """,
    re.VERBOSE,
)

LAW_BY_NOUN = re.compile(  # Prawo 12C1(b); prawa 40B2a(i) i (ii)
    rf"""
    \b(?P<cite>
        {LAW_NOUN}\s+
        (?P<list>
            {SECTIONED_LAW_PATH}
            (?:{SEP}(?:{SECTIONED_LAW_PATH}|{SECTION_PATH}|{LOWER_PATH}))*
        )
    )
    """,
    re.VERBOSE,
)

BARE_LAW = re.compile(  # zgodnie z 80B2i; (patrz 16B2)
    rf"""
    \b(?:{SEE_WORD}|{PREPOSITION})\s+
    (?P<cite>
        (?P<list>
            {SECTIONED_LAW_PATH}
            (?:{SEP}(?:{SECTIONED_LAW_PATH}|{SECTION_PATH}|{LOWER_PATH}))*
        )
    )
    """,
    re.VERBOSE,
)

RULES = [
    Rule("law", LAW, LAW_ELEMENT, SEPARATOR, absolute),
    Rule("point", POINT, POINT_ELEMENT, SEPARATOR, point),
    Rule("see point", SEE_POINT, POINT_ELEMENT, SEPARATOR, point),
    Rule("law by noun", LAW_BY_NOUN, LAW_ELEMENT, SEPARATOR, absolute),
    Rule("bare law", BARE_LAW, LAW_ELEMENT, SEPARATOR, absolute),
]


def find(text: str, context: Context) -> list[Citation]:
    """The citations in a Polish paragraph standing in ``context``."""
    return scan(text, context, RULES)
