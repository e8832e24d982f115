"""Turkish citations (``tr``): ``Yasa 12C1(b)``, ``Yasa 43’de``, ``Aşağıdaki B4. maddeye``.

Forms, in the order the rules are tried (an earlier rule wins where two overlap):

1. ``PATH_OF_LAW``: a provision of a named law, the law in the genitive or not:
   ``Yasa 12’nin C2 maddesi`` → ``12C2``, ``Yasa 12 A bendi`` → ``12A``;
2. ``LAW``: ``Yasa`` in any case (``YASA``, ``yasa``, ``Yasalar``) and one or more law paths,
   each with its case ending after an apostrophe (``Yasa 43’de``, ``Yasa 42'ye``) or a space
   (``Yasa 12 ye``): ``[Yasa 12C1(b) uyarınca]``, ``Yasa 64B3 ve 64C``, ``(Yasa 90)``;
3. ``PROVISION``: a path of the current law followed by ``madde``/``bent``/``fıkra`` in any
   case, with an optional locating word before it (``aşağıdaki``, ``bundan önceki``,
   ``bu yasanın``): ``(Aşağıdaki B4. maddeye bkz.)`` in ``14B2`` → ``14B4``, ``aşağıda C2
   maddesi`` → ``12C2``, ``bundan önceki A1 ve A2 bentlerinde`` in law 43 → ``43A1``, ``43A2``,
   ``Bu yasanın B bendi`` → ``14B``, ``yukarıdaki (a) ve (b) maddelerinde`` in ``12C2d`` →
   ``12C2a``, ``12C2b``;
4. ``SEE``: a section path after ``bkz.`` with no noun: ``(bkz. aşağıda C2)``.

Case endings and locating words are part of the citation; ``bkz.`` is not.  Not citations:
``13’ten fazla kart``, ``%40``, ``+3 IMP``, ``4S -1``, ``Yukarıdaki maddede`` (no path).
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

# Yasa, YASA, yasa, Yasalar, Yasaları, Yasaların, Yasanın, Yasası, Yasaya, Yasada(ki): Turkish
# İ/ı and I/i fold together under (?i:).
LAW_WORD = r"(?i:yasa(?:ların|ları|lar|nın|sı|ya|daki|da)?)"

# Case endings written after an apostrophe: Yasa 43’de, Yasa 12'ye, Yasa 64’de.
APOSTROPHE_ENDING = r"(?:['’]\s?[^\W\d_]+)"

# Case endings written after a space: Yasa 12 ye, YASA 90 DA.  Only these: any other word after
# the number is not part of the citation.
SPACE_ENDING = r"""(?:\s(?:
    (?i:                                  # two letters or more, in any case
        ye|ya|yi|yı|yu|yü
      | de|da|te|ta|den|dan|ten|tan|deki|daki|teki|taki
      | nin|nın|nun|nün|in|ın|un|ün
      | le|la|yle|yla
    )
  | e|a|i|ı|u|ü                           # one vowel: lower case only (12 A is a section)
)(?![\w)]))"""

ENDING = rf"(?:{APOSTROPHE_ENDING}|{SPACE_ENDING})"

# The genitive of a law number: Yasa 12’nin, Yasa 43’ün, Yasa 12 nin.
GENITIVE = r"(?:(?:['’]\s?|\s)n?[iıuü]n)"

# A provision noun in any case: madde, maddesi, maddeye, maddelerinde; bent, bendi, bendinde,
# bentlerinde; fıkra; paragraf; kısım, kısmı.
NOUN = r"(?i:(?:alt\s+)?(?:madde|bent|bend|fıkra|paragraf|kısım|kısm)[^\W\d_]*)"

# Words that locate a provision in the current law: aşağıdaki B4, bundan önceki A1, bu yasanın B.
LOCATOR = r"""(?i:
      aşağıdaki|yukarıdaki|aşağıda|yukarıda
    | bundan\s+önceki|bundan\s+sonraki|önceki|sonraki
    | (?:bu|işbu)\s+yasa(?:nın|daki)
)"""

SEE_WORD = r"(?i:bkz\.?|bakınız)"  # [bkz. Yasa 12C1(b)], (Bkz. aşağıda C2 maddesi.)
UNIT = r"(?i:%|kart|löve|IMP|puan|bord|el\b)"  # 13’ten fazla kart, %40, +3 IMP

# Between the targets of one citation: Yasa 64B3 ve 64C; A1 ve A2; (a) ve (b).
SEP = list_separator(r"ve|veya|ile|ya\s+da|yahut")

SEPARATOR = re.compile(SEP, re.VERBOSE)

# -- elements: one target as printed (group ref is the tappable span) -------------------------

LAW_ELEMENT = law_element(ENDING)  # 12C1(b)   43’de   64B3   C (Yasa 64B3 ve C)   Yasa 12 ye

REL_ELEMENT = relative_element(r"\.")  # B4. maddeye   C2   A1   4   (a)

REL_LIST = rf"""
    (?:{SECTION_PATH}|{ITEM_PATH}|{LOWER_PATH})\.?
    (?:{SEP}(?:{SECTION_PATH}|{ITEM_PATH}|{LOWER_PATH})\.?)*
"""

# -- citation patterns, in rule order --------------------------------------------------------

PATH_OF_LAW = re.compile(  # Yasa 12’nin C2 maddesi; Yasa 12 A bendi
    rf"""
    \b(?P<cite>
        {LAW_WORD}\s+(?P<law>[1-9][0-9]?)(?!\w){GENITIVE}?\s+
        (?P<list>{REL_LIST})
        \s+{NOUN}
    )
    """,
    re.VERBOSE,
)

# Yasa 12C1(b); Yasa 43’de; Yasa 12 ye; Yasa 64B3 ve 64C — but not the count in 13’ten fazla kart
LAW = law_list(LAW_WORD, SEP, rf"\s*{UNIT}|['’]\s?ten\s+fazla", ending=ENDING)

PROVISION = re.compile(  # Aşağıdaki B4. maddeye; bundan önceki A1 ve A2 bentlerinde; Bu yasanın B bendi
    rf"""
    (?<!\w)
    (?P<cite>
        (?:{LOCATOR}\s+)?
        (?P<list>{REL_LIST})
        \s+{NOUN}
    )
    """,
    re.VERBOSE,
)

SEE = re.compile(  # bkz. aşağıda C2
    rf"""
    \b{SEE_WORD}\s+
    (?P<cite>
        (?:(?i:aşağıda|yukarıda)\s+)?
        (?P<list>{SECTION_PATH}(?:{SEP}(?:{SECTION_PATH}|{LOWER_PATH}))*)
    )
    """,
    re.VERBOSE,
)

RULES = [
    Rule("path of law", PATH_OF_LAW, REL_ELEMENT, SEPARATOR, relative),
    Rule("law", LAW, LAW_ELEMENT, SEPARATOR, absolute),
    Rule("provision", PROVISION, REL_ELEMENT, SEPARATOR, relative),
    Rule("see", SEE, REL_ELEMENT, SEPARATOR, relative),
]


def find(text: str, context: Context) -> list[Citation]:
    """The citations in a Turkish paragraph standing in ``context``."""
    return scan(text, context, RULES)
