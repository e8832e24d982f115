"""What the two Finnish grammars share: relative citations, target resolution and the matcher.

The 2007 translation and the 1997 book cite other laws differently (``(s. 28) 16C :ää`` against
``16C §:ää``), but both cite *inside* a law the same way: a path printed before a ``kohta`` or
``momentti`` word (``c-kohdan``, ``A- ja B-momenteissa``, ``B kohdan``), after one (``kohta 4``,
``kohdassa 2c``), or after ``ks.`` (``ks. C1d``, ``ks. B1 alempana``).  Such a path is resolved
against the :class:`~bridgelaws.citations.Context` by its first character:

* an upper-case section letter is a path in the current law: ``C2`` in 12A2 → ``12C2``;
* a number is an item of the current section: ``kohta 4`` in 14B3 → ``14B4``;
* a lower-case letter is a sub-item of the current item: ``c-kohdan`` in 12C1e → ``12C1c``.

A grammar is an ordered tuple of :class:`Rule` objects, run by the scan all grammars share
(:func:`~bridgelaws.citations.scan.scan`): every rule's pattern is run over the whole text; each
match's targets are resolved (a match with no resolvable target is dropped); matches are taken
in rule order, earlier rules first, skipping any that overlap one already taken.  So the order
of a grammar's rules is its priority: more specific before less specific.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bridgelaws.core import refs
from bridgelaws.core.facts import LAW_NUMBERS  # the Laws' numbers; any other is a count, a page or a year
from bridgelaws.stage3_link.citations import Citation, Context, Part

# --- Vocabulary -------------------------------------------------------------------------------------
# The case forms of "kohta" (item; in 1997 also section; "alakohta", sub-item), "momentti" (section,
# 2007) and "kappale" (the translators' word for a numbered item) that follow or precede a relative
# path.  Longest first so that the alternation never stops at a prefix.
KOHTA_WORDS = (
    "kohta",  # ks. kohta 4 jäljempänä
    "kohdan",  # edellä c-kohdan sijaan
    "kohtaa",  # seuraavaa b-kohtaa
    "kohdassa",  # kuten edellä kohdassa 2c
    "kohdasta",
    "kohtaan",
    "kohdat",
    "kohtien",  # edellä olevien (a) tai (b) kohtien mukaan
    "kohdissa",  # edellä 2- ja 3-kohdissa
    "kohdista",
    "kohtiin",
    "kohtia",
    "momentti",  # ks. D-momentti
    "momentin",  # tämän pykälän B-momentin mukaan
    "momenttia",
    "momentissa",
    "momentista",
    "momenttiin",
    "momentit",
    "momenttien",
    "momenteissa",  # edellä A- ja B-momenteissa
    "momenteista",
    "momentteihin",
    "momentteja",
    "kappale",
    "kappaleen",
    "kappaletta",
    "kappaleessa",
    "kappaleesta",
    "kappaleeseen",
    "kappaleet",
    "kappaleiden",
    "kappaleissa",
)
KOHTA = "(?:ala)?(?:" + "|".join(sorted(KOHTA_WORDS, key=len, reverse=True)) + r")\b"  # b-alakohdan

# Words that place a relative citation and belong to it (``edellä``, "above"); ``ks.``, ``kuten``
# and postpositions (``mukaan``, ``sijaan``) stay outside the citation.
DIRECTION = r"(?:edellä|jäljempänä|alempana|ylempänä|yllä)"
LEAD = r"(?:tämän\s+pykälän|edellä(?:\s+olev(?:an|ien|aa|ia))?)"  # tämän pykälän B-momentin
LIST_SEPARATOR = r"(?:\s*,\s*|\s+(?:ja|tai|sekä)\s+)"  # A- ja B-  |  (a) tai (b)  |  30, 31 ja 32

# --- Relative paths -------------------------------------------------------------------------------
# One relative path.  Alternatives, more specific first:
REL_TOKEN = r"""
    (?<!\w)
    (?:
        [A-Z](?:\s?(?:[0-9]+|l\b))?           # C1d  B1  A2b  B 1(a)  Al (OCR: l for 1)
            (?:[a-z]|\([a-z]\))?
            (?:[0-9]|\([0-9]\))?
      | [0-9][A-Z]                            # 2A   (1997 43B3, printed for A2)
      | [0-9]{1,2}(?:[a-z]|\([a-z]\))?         # 4  2c
      | \([a-z]\)\s?\([0-9]\)                 # (b) (1)
      | \([a-z]\)                             # (a)
      | [a-h]                                 # c   (only before a hyphen or a kohta word)
    )
    (?!\w)
"""

# A relative path that starts with a section letter, for ``ks. C1d`` and ``C2 alempana``.
REL_SECTION_TOKEN = r"""
    (?<![\w-])
    [A-Z][0-9]*(?:[a-z]|\([a-z]\))?(?:[0-9]|\([0-9]\)|[ivx]+|\([ivx]+\))?    # C1d  B1  C2
    (?![\w-])
"""

# Rules for relative citations, in the order both grammars use them.
REL_SUFFIXED = re.compile(
    rf"""
    (?:{LEAD}\s+)?
    (?P<refs>
        {REL_TOKEN}(?:[-–]{REL_TOKEN})? -?                        # A-   A-E (a range)
        (?:{LIST_SEPARATOR}{REL_TOKEN}(?:[-–]{REL_TOKEN})? -?)*   #  ja B-
    )
    (?:(?<=-)\s? | (?<=[A-Z)])\s)                               # a space only after B or (a)
    {KOHTA}
    (?:\s+{DIRECTION})?
    """,
    re.VERBOSE,
)  # edellä A- ja B-momenteissa | c-kohdan | B kohdan | A2b- kohtaa | (a) tai (b) kohtien | A-E kohdissa

REL_PREFIXED = re.compile(
    rf"""
    (?:edellä\s+)?
    (?<![\w-]){KOHTA}\s+
    (?P<refs>{REL_TOKEN}(?:{LIST_SEPARATOR}{REL_TOKEN})*)
    (?:\s+{DIRECTION})?
    """,
    re.VERBOSE,
)  # kohta 4 jäljempänä | edellä kohdassa 2c

REL_SEE = re.compile(
    rf"""
    (?<!\w)(?:[Kk]s|[Vv]rt|[Kk]atso)(?:\.\s*|\s+)(?:(?:kuitenkin|myös)\s+)?
    (?P<cit>
        (?P<refs>{REL_SECTION_TOKEN})
        (?:\s+{DIRECTION})?
    )
    """,
    re.VERBOSE,
)  # ks. C2 alempana | (ks. C1d) | mutta ks. C1b. | vrt. B3

REL_PLACED = re.compile(
    rf"""
    (?P<refs>(?=[A-Z][0-9]){REL_SECTION_TOKEN})
    \s+{DIRECTION}
    """,
    re.VERBOSE,
)  # C2 alempana  (without ks.; the path must carry an item number)

REL_PAIRS = re.compile(
    r"""
    (?<![\w)])
    (?P<refs>\([a-z]\)\s?\([0-9]\)(?:\s+(?:ja|tai)\s+\([a-z]\)\s?\([0-9]\))*)
    """,
    re.VERBOSE,
)  # tapauksessa (b) (1) tai (b) (2)   (1997 25B2c: sub-item and its numbered part)

# A law in the genitive followed by a section of it: 12 §:n C-kohta (1997), 12 :n C-momentti (2007).
LAW_THEN_SECTION = r"""
    (?<!\w)(?P<law>[0-9]{1,2})\s?(?:§\s?)?:\s?n              # 12 §:n   12 :n
    \s+(?P<path>[A-Z](?:[0-9]+|l\b)?(?:[a-z]|\([a-z]\))?)(?!\w)  # C  C1  C1(b)
"""
LAW_THEN_SECTION_RE = re.compile(LAW_THEN_SECTION, re.VERBOSE)

REL_TOKEN_RE = re.compile(REL_TOKEN, re.VERBOSE)
REL_SECTION_TOKEN_RE = re.compile(REL_SECTION_TOKEN, re.VERBOSE)
REL_PAIR_TOKEN_RE = re.compile(r"\([a-z]\)\s?\([0-9]\)")


# --- Resolution ----------------------------------------------------------------------------------

CONTEXT_PATH = re.compile(
    r"""
    ^(?P<section>[A-Z])?      # B
    (?P<item>[0-9]+)?         # 2
    (?P<sub>[a-z])?           # b
    """,
    re.VERBOSE,
)  # the current provision's path: 25B2b1 → B, 2, b


def _ocr(path: str) -> str:
    """A printed path without spaces or brackets and with OCR's ``l`` for ``1`` undone: ``B l`` → ``B1``."""
    path = re.sub(r"[\s()]", "", path)
    return re.sub(r"(?<=[A-Z])l(?![a-z])", "1", path)


def law_target(printed: str) -> str | None:
    """The canonical target of an absolute citation: ``25 Bl`` → ``25B1``; ``45C4(b)`` → ``45C4b``."""
    text = _ocr(printed)
    match = re.match(r"^([0-9]{1,2})(.*)$", text)
    if not match or int(match[1]) not in LAW_NUMBERS:
        return None
    ref = str(int(match[1])) + match[2]
    return ref if refs.law_of(ref) is not None else None


def relative_target(printed: str, context: Context) -> str | None:
    """The canonical target of a relative path, or None when the context cannot place it.

    >>> relative_target("4", Context("14B3", 14)), relative_target("c", Context("12C1e", 12))
    ('14B4', '12C1c')
    """
    path = re.sub(r"^([0-9])([A-Z])$", r"\2\1", _ocr(printed))  # 2A, printed for A2
    if context.law is None or not path or not context.ref.startswith(str(context.law)):
        return None
    here = CONTEXT_PATH.match(context.ref[len(str(context.law)) :])
    assert here is not None  # every group is optional
    if path[0].isupper():
        prefix = ""
    elif path[0].isdigit():
        if not here["section"]:
            return None
        prefix = here["section"]
    elif here["section"] and here["item"]:
        prefix = here["section"] + here["item"]
    else:
        return None
    ref = f"{context.law}{prefix}{path}"
    return ref if refs.law_of(ref) is not None else None


def law_then_section_target(printed: str, context: Context) -> str | None:
    """``12 §:n C`` → ``12C``: the section named after its law's genitive."""
    match = LAW_THEN_SECTION_RE.search(printed)
    return law_target(match["law"] + match["path"]) if match else None


# --- Matching --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """One citation form.

    ``pattern`` finds the citation (group ``cit`` if it has one, else the whole match is the
    citation) and group ``refs``, the stretch in which ``token`` finds each target (group
    ``part`` of ``token`` if it has one, else its whole match, is the part a reader taps).
    ``resolve`` turns a part's text into its canonical target.
    """

    name: str
    pattern: re.Pattern[str]
    token: re.Pattern[str]
    resolve: Callable[[str, Context], str | None]

    def read(self, match: re.Match[str], context: Context) -> Citation | None:
        """One match of the rule as a citation, or None when none of its targets resolves."""
        refs_start, refs_end = match.span("refs")
        group = "part" if "part" in self.token.groupindex else 0
        parts = []
        for token in self.token.finditer(match.string, refs_start, refs_end):
            target = self.resolve(token[group], context)
            if target is not None:
                parts.append(Part(token.start(group), token.end(group), target))
        if not parts:
            return None
        start, end = match.span("cit") if "cit" in self.pattern.groupindex else match.span()
        return Citation(start, end, tuple(parts))


def absolute(printed: str, context: Context) -> str | None:
    """:func:`law_target` as a resolver: an absolute citation does not depend on its context."""
    return law_target(printed)


def law_then_section_rule(prefix: str) -> Rule:
    """The rule for ``12 §:n C-kohta``; ``prefix`` is what a grammar may print before the law (a page)."""
    pattern = re.compile(
        rf"""
        {prefix}(?P<refs>{LAW_THEN_SECTION})
        (?:-\s?|\s){KOHTA}
        """,
        re.VERBOSE,
    )  # 12 §:n C-kohta | (s. 23) 12 :n C-momentti
    return Rule("law then section", pattern, LAW_THEN_SECTION_RE, law_then_section_target)


RELATIVE_RULES = (
    Rule("relative pairs", REL_PAIRS, REL_PAIR_TOKEN_RE, relative_target),
    Rule("relative before kohta", REL_SUFFIXED, REL_TOKEN_RE, relative_target),
    Rule("relative after kohta", REL_PREFIXED, REL_TOKEN_RE, relative_target),
    Rule("relative after ks.", REL_SEE, REL_SECTION_TOKEN_RE, relative_target),
    Rule("relative placed", REL_PLACED, REL_SECTION_TOKEN_RE, relative_target),
)
