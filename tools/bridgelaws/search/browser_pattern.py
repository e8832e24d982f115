"""Patterns that run in the reader's browser (``search.toml`` ``variants``), checked at build time.

The browser compiles them with JavaScript's ``new RegExp(pattern)`` (no flags) on every query, so a
pattern must mean the same there as it is read here, and must not take exponential time on a word a
reader types.  The build does not need Node, so the check is conservative and made with Python's
own parser of the syntax both languages share:

* Python-only syntax is refused: named groups and back-references written ``(?P<…>``/``(?P=…)``,
  comments ``(?#…)``, inline flags ``(?i)``, atomic groups ``(?>…)``, conditionals ``(?(…)``,
  possessive quantifiers (``a++``), ``\\A``, ``\\Z``, ``\\z``, ``\\N{…}``, and ``{,n}`` (a repeat in
  Python, four letters in JavaScript);
* a repeated group holding a repeat of no bound (``(a+)+``, ``(a*b?)*``, ``(x{2,})+``) is refused:
  its matches can be split in exponentially many ways, and a backtracking engine tries them all
  on a word that almost matches (``^(a+)+b$`` took 30 s on a 28-letter query).

``tests/test_search_variants.py`` compiles what is accepted, and what is refused, in Node.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from typing import Any

# Python's parser of the syntax shared with JavaScript, and the kinds of node it gives (both modules
# are the re package's own; typeshed has no stubs for them)
sre_parse: Any = importlib.import_module("re._parser")
sre_constants: Any = importlib.import_module("re._constants")

PYTHON_ONLY = re.compile(
    r"""
    (?<!\\)\(\?(?:
        P[<=]              # a named group or a back-reference, Python's spelling
      | \#                 # a comment group
      | [aiLmsux-]+[):]    # inline flags
      | >                  # an atomic group
      | \(                 # a conditional
    )
    | (?<!\\)[*+?}]\+     # a possessive quantifier
    | \\[AZzN]           # anchors and named characters JavaScript lacks
    | (?<!\\)\{,          # {,n}: a repeat in Python, literal text in JavaScript
    """,
    re.VERBOSE,
)
UNBOUNDED = sre_constants.MAXREPEAT
REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT)


def _outside_classes(pattern: str) -> str:
    """``pattern`` with the insides of its character classes blanked (``[?P<]`` is only letters)."""
    return re.sub(r"\[(?:\\.|[^\]\\])*\]", lambda match: "[" + " " * (len(match[0]) - 2) + "]", pattern)


def _inner(op: object, value: Any) -> Iterator[Any]:
    """The node lists directly inside one node (a group's, each branch's, a lookaround's, a repeat's)."""
    if op in REPEATS:
        yield value[2]
    elif op is sre_constants.SUBPATTERN:
        yield value[-1]
    elif op is sre_constants.BRANCH:
        yield from value[1]
    elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
        yield value[1]


def _unbounded(items: Any) -> bool:
    """Whether anything in ``items`` repeats without bound (``+``, ``*``, ``{n,}``)."""
    return any(
        (op in REPEATS and value[1] == UNBOUNDED) or any(_unbounded(inner) for inner in _inner(op, value))
        for op, value in items
    )


def _nested_repeat(items: Any) -> bool:
    """Whether a repeat (of more than one) holds a repeat without bound, anywhere in ``items``."""
    return any(
        (op in REPEATS and value[1] > 1 and _unbounded(value[2])) or any(_nested_repeat(i) for i in _inner(op, value))
        for op, value in items
    )


def problem(pattern: str) -> str:
    """Why ``pattern`` cannot run in the browser ("" when it can)."""
    python_only = PYTHON_ONLY.search(_outside_classes(pattern))
    if python_only:
        return f"{python_only[0]!r} is Python's syntax, not JavaScript's"
    try:
        parsed = sre_parse.parse(pattern)
    except re.error as error:
        return f"not a regular expression ({error})"
    if _nested_repeat(parsed):
        return "a repeated group holds a repeat of no bound, (a+)+: a word that almost matches takes exponential time"
    return ""
