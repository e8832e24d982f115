"""The scan every grammar runs, and what the Swedish, Turkish and Polish grammars share.

A grammar is an ordered list of citation forms (:class:`Form`): a ``pattern`` and a way to
``read`` one of its matches as a :class:`~bridgelaws.citations.Citation`.  :func:`scan`
applies them in order: an earlier form wins where two overlap, so a grammar lists its
specific forms (``lag 65B3``) before its general ones (``se C2``).  A match none of whose
targets resolves is dropped.  The Finnish grammars bring their own forms
(:class:`~bridgelaws.citations.fi_common.Rule`); the Swedish, Turkish and Polish ones use
:class:`Rule`:

Each rule's ``pattern`` matches one printed citation (group ``cite`` is its span, group
``list`` the stretch holding its targets); ``list`` is then read element by element (group
``ref`` of ``element`` is the tappable span) with ``separator`` between them, and the rule's
resolver turns each printed target into a canonical reference.  What these languages write
alike with their own words is built here from that data: the separator of a list
(:func:`list_separator`) and the law-word form ``lag 65B3``/``Yasa 43’de``/``przepisu 80A``
(:func:`law_element`, :func:`law_list`).

Three resolvers cover the forms of these languages:

* :func:`absolute`: a law path as printed (``12C1(b)`` → ``12C1b``); inside a list an element
  without a law number continues the previous one (``16A och B`` → ``16B``; ``40B2a(i)–(v)``
  → ``40B2av``);
* :func:`relative`: a path inside the law of the context (``C2`` → ``12C2`` in law 12; ``4``
  → ``14B4`` in ``14B2``; ``(b)`` → ``12C2b`` in ``12C2d``); a rule whose pattern has a ``law``
  group resolves against that law instead (``avsnitt B i lag 14`` → ``14B``);
* :func:`point`: a regulation's own point (``25.1.A.(i)`` → ``point:25.1.A.i``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgelaws.core import refs
from bridgelaws.core.facts import LAW_NUMBERS
from bridgelaws.stage3_link.citations import Citation, Context, Part

LAWS = LAW_NUMBERS

# A canonical law path split into its levels: 12C1eii → 12 / C / 1 / e / ii.
PATH = re.compile(
    r"""
    ^(?P<law>[1-9][0-9]?)        # 12
    (?P<section>[A-Z])?          # C
    (?P<item>[1-9][0-9]?)?       # 1
    (?P<sub>[a-z])?              # e
    (?P<subsub>[ivx]+)?$         # ii
    """,
    re.VERBOSE,
)

ROMAN = re.compile(r"^(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)$")

LEVELS = ("law", "section", "item", "sub", "subsub")

Resolve = Callable[[str, str | None, Context], str | None]


class Form(Protocol):
    """One citation form of a grammar: where it is (``pattern``) and how to read a match."""

    @property
    def pattern(self) -> re.Pattern[str]: ...

    def read(self, match: re.Match[str], context: Context) -> Citation | None:
        """The match as a citation, or None when none of its targets resolves."""
        ...


class Spans:
    """Spans taken in a text, none overlapping another: whether a new one overlaps is a binary
    search, not a look at every span taken (thousands of citations in a row stay linear).
    """

    def __init__(self) -> None:
        self._spans: list[tuple[int, int]] = []  # by start (and, as none overlap, by end)

    def overlaps(self, start: int, end: int) -> bool:
        """Whether ``start``…``end`` overlaps a span taken (``s < end and start < e``)."""
        before = bisect.bisect_left(self._spans, (end,)) - 1  # the last span starting before end
        return before >= 0 and start < self._spans[before][1]

    def take(self, start: int, end: int) -> None:
        bisect.insort(self._spans, (start, end))


def scan(text: str, context: Context, forms: Sequence[Form]) -> list[Citation]:
    """The citations in ``text``: reading order, non-overlapping, each with a resolved target."""
    taken: list[Citation] = []
    spans = Spans()
    for form in forms:
        for match in form.pattern.finditer(text):
            citation = form.read(match, context)
            if citation and not spans.overlaps(citation.start, citation.end):
                taken.append(citation)
                spans.take(citation.start, citation.end)
    return sorted(taken, key=lambda citation: citation.start)


@dataclass(frozen=True)
class Rule:
    """One citation form: where it is (``pattern``), its targets (``element``), how to read them."""

    name: str
    pattern: re.Pattern[str]  # groups: cite (the citation), list (its targets), law (optional)
    element: re.Pattern[str]  # group ref: one target as printed
    separator: re.Pattern[str]  # between two elements of the list: " och ", ", "
    resolve: Resolve

    def read(self, match: re.Match[str], context: Context) -> Citation | None:
        """One match of the rule as a citation, or None when none of its targets resolves."""
        if "law" in self.pattern.groupindex and match["law"]:
            context = Context(match["law"], int(match["law"]))
        parts: list[Part] = []
        previous: str | None = None
        for element in elements(match, self):
            target = self.resolve(element["ref"], previous, context)
            if target is not None:
                parts.append(Part(element.start("ref"), element.end("ref"), target))
            previous = target
        if not parts:
            return None
        return Citation(match.start("cite"), match.end("cite"), tuple(parts))


def elements(match: re.Match[str], rule: Rule) -> Iterator[re.Match[str]]:
    """The elements of a match's list, read in turn: element, separator, element, …

    Reading in turn (not searching) keeps separators from being taken for targets: the ``E``
    of ``42 VE 43`` is a conjunction, not section E.
    """
    position, end = match.start("list"), match.end("list")
    while position < end:
        element = rule.element.match(match.string, position, end)
        if element is None:
            return
        yield element
        separator = rule.separator.match(match.string, element.end(), end)
        if separator is None:
            return
        position = separator.end()


# -- paths ---------------------------------------------------------------------------------


def levels(ref: str) -> dict[str, str] | None:
    """A canonical law path by level, or None when it is not one.

    >>> levels("12C1eii")
    {'law': '12', 'section': 'C', 'item': '1', 'sub': 'e', 'subsub': 'ii'}
    """
    match = PATH.match(ref)
    if not match:
        return None
    return {name: match[name] for name in LEVELS if match[name]}


def law_target(ref: str) -> str | None:
    """``ref`` when it is a well-formed law path of Laws 1–93 (no level skipped), else None."""
    found = levels(ref)
    if found is None or int(found["law"]) not in LAWS:
        return None
    depth = [name in found for name in LEVELS]
    if depth != sorted(depth, reverse=True):  # "12a" (sub-item without section and item)
        return None
    return ref if refs.is_ref(ref) else None


def bare(printed: str) -> str:
    """The printed path without punctuation: ``12C1(b)`` → ``12C1b``; ``B4.`` → ``B4``."""
    return re.sub(r"[().\s]", "", printed)


def _join(found: dict[str, str], upto: str, tail: str) -> str:
    """The levels of ``found`` down to ``upto`` (inclusive), then ``tail``."""
    kept = LEVELS[: LEVELS.index(upto) + 1]
    return "".join(found.get(name, "") for name in kept) + tail


def lower(base: str, printed: str) -> str | None:
    """A sub-item or sub-sub-item ``(c)``/``(ii)`` below or beside the path ``base``.

    A Roman numeral is a sub-sub-item when ``base`` already has one, or when it is longer than
    one letter and ``base`` has a sub-item (``(ii)`` beside ``40B2a(i)``); otherwise the letter
    is a sub-item of ``base``'s item (``(b)`` beside ``12C2a`` or in ``12C2d``).
    """
    found = levels(base)
    if found is None:
        return None
    letters = bare(printed)
    if ROMAN.match(letters) and ("subsub" in found or (len(letters) > 1 and "sub" in found)):
        return law_target(_join(found, "sub", letters)) if "sub" in found else None
    if len(letters) != 1 or "item" not in found:
        return None
    return law_target(_join(found, "item", letters))


# -- resolvers -----------------------------------------------------------------------------


def absolute(printed: str, previous: str | None, context: Context) -> str | None:
    """A law path as printed, or the continuation of the previous element of its list."""
    path = bare(printed)
    if path[:1].isdigit():
        return law_target(path)
    if previous is None or levels(previous) is None:
        return None
    if path[:1].isupper():
        return law_target(re.sub(r"[A-Z].*$", "", previous) + path)
    return lower(previous, printed)


def relative(printed: str, previous: str | None, context: Context) -> str | None:
    """A path inside the context's law: a section (``C2``), an item of the context's section
    (``4``, ``2(c)``) or a sub-item of the context's item (``(b)``)."""
    if context.law is None:
        return None
    path = bare(printed)
    law = str(context.law)
    if path[:1].isupper():
        return law_target(law + path)
    if path[:1].isdigit():
        section = context.section
        return law_target(law + section + path) if section else None
    return lower(previous or context.ref, printed)


def point(printed: str, previous: str | None, context: Context) -> str | None:
    """A regulation's own point: ``25.1.A.(i)`` → ``point:25.1.A.i``; ``16`` → ``point:16``."""
    segments = [segment for segment in re.split(r"[.()]+", printed) if segment]
    ref = refs.point_ref(*segments)
    return ref if segments and refs.POINT_REF.match(ref) else None


# -- shared pattern fragments (composed into each grammar's patterns; no groups) ----------

LAW_PATH = r"""
    [1-9][0-9]?                        # 12      law number (1-93 is checked on resolving)
    (?:\x20?[A-H]                      # C       section, maybe after a space: 12 C
       (?:[1-9][0-9]?                  # 1       item
          (?:\([a-z]\)|[a-z])?         # (b)     sub-item, bracketed or not: 12C1(b), 12C1b
          (?:\([ivx]+\)|[ivx]+)?       # (i)     sub-sub-item: 40B2a(i), 40B2ai
       )?
    )?
    (?!\w)                             # not the 20 of 2007, not 4S
"""

SECTION_PATH = r"""
    [A-H]                              # C       section
    (?:[1-9][0-9]?                     # 1       item
       (?:\([a-z]\)|[a-z])?            # (d)     sub-item
       (?:\([ivx]+\)|[ivx]+)?          # (i)     sub-sub-item
    )?
    (?![\w-])                          # not the C of C-läge
"""

ITEM_PATH = r"""
    [1-9][0-9]?                        # 2       item
    (?:\([a-z]\)|[a-z])?               # (c)     sub-item
    (?:\([ivx]+\))?                    # (i)     sub-sub-item
    (?![\w%-])
"""

LOWER_PATH = r"""
    \((?:[a-z]|[ivx]+)\)               # (c) (ii)  sub-item or sub-sub-item
"""


def list_separator(conjunctions: str) -> str:
    """The fragment between two targets of a list; ``conjunctions`` are the language's words.

    ``list_separator(r"och|eller")`` matches a comma (``12C1(b), (c)``), a conjunction in any case
    (``lagarna 42 och 43``) or a dash before a number or bracket, a range (``40-42``,
    ``40B2a(i)–(v)``).
    """
    return rf"""(?:
      \s*,\s*                          # 12C1(b), (c)
    | \s+(?i:{conjunctions})\s+        # 42 och 43
    | \s*[–-]\s*(?=[0-9(])             # 40-42   40B2a(i)–(v)
)"""


# -- shared patterns (built from a language's words) ----------------------------------------


def law_element(ending: str = "") -> re.Pattern[str]:
    """One target of a law list (group ``ref``) and the case ending a language prints after it.

    ``ending`` is that ending's fragment (``:s`` of ``lag 12C:s``, ``’de`` of ``Yasa 43’de``),
    not part of the tappable span; an element that is no full law path continues the previous
    one (:func:`absolute`).
    """
    return re.compile(
        rf"""
        (?P<ref>
            {LAW_PATH}                 # 65B3   12C1(b)   42
          | {SECTION_PATH}             # B      (continuing 16A: lag 16A och B)
          | {LOWER_PATH}               # (c)    (continuing 12C1(b): lag 12C1(b) och (c))
        )
        (?:{ending})?                  # lag 12C:s   Yasa 43’de
        """,
        re.VERBOSE,
    )


def relative_element(after: str = "") -> re.Pattern[str]:
    """One target inside the context's law (group ``ref``), then ``after`` if printed (``B4.``)."""
    return re.compile(
        rf"""
        (?P<ref>
            {SECTION_PATH}             # C2   C1(d)   B4
          | {ITEM_PATH}                # 4    2(c)
          | {LOWER_PATH}               # (c)
        )
        (?:{after})?                   # B4. maddeye
        """,
        re.VERBOSE,
    )


def law_list(word: str, sep: str, count: str, ending: str = "", gap: str = r"\s+") -> re.Pattern[str]:
    """The law-word form: a law word, then one or more law paths (group ``list``).

    ``word`` is the language's law word in its cases (``lag``, ``Yasa``, ``przepisu``), ``gap``
    what stands between it and the first path, ``sep`` what stands between two paths
    (:func:`list_separator`), ``ending`` a case ending each path may carry (``lag 12C:s``, ``Yasa
    43’de``), and ``count`` what after a later number makes it a count, not a law (``13 kort``,
    ``3 IMP``): ``lagarna 42 och 43``, ``Yasa 64B3 ve 64C``, ``Przepisy 12C2b i 12C2d``.
    """
    return re.compile(
        rf"""
        \b(?P<cite>
            {word}{gap}                                       # lag   Yasa   przepisu
            (?P<list>
                {LAW_PATH}(?:{ending})?                       # 65B3   43’de   80A
                (?:{sep}
                    (?:{LAW_PATH}(?!{count})|{SECTION_PATH}|{LOWER_PATH})   # och 43   och B   och (c)
                    (?:{ending})?
                )*
            )
        )
        """,
        re.VERBOSE,
    )
