"""Patterns that run in the reader's browser (``search.toml`` ``variants``), checked at build time.

The browser compiles them with JavaScript's ``new RegExp(pattern)`` (no flags) on every query, so a
pattern must be one JavaScript reads as written, and must not take exponential time on a word a
reader types.  The build does not need Node, so the check is our own parser of JavaScript's
pattern syntax (ECMAScript's ``Pattern``, without flags), conservative where the web's lenient
reading (Annex B) would take a mistake for text:

* Python's syntax is named as such: named groups and back-references written ``(?P<…>``/``(?P=…)``,
  comments ``(?#…)``, inline flags ``(?i)``, atomic groups ``(?>…)``, conditionals ``(?(…)``,
  possessive quantifiers (``a++``), ``\\A``, ``\\Z``, ``\\z``, ``\\N{…}``, and ``{,n}`` (a repeat in
  Python, four letters in JavaScript);
* what JavaScript refuses is refused (an unclosed group, a repeat of nothing, a class range out of
  order), and so is what it reads as plain text only by its lenient rules: an escaped letter that
  is no escape (``\\q``), a ``{`` that starts no repeat, a lone ``]`` or ``}``, a back-reference to
  a group the pattern does not have (JavaScript reads ``\\3`` as an octal escape then);
* a repeated group holding a repeat of no bound (``(a+)+``, ``(a*b?)*``, ``(x{2,})+``) is refused:
  its matches can be split in exponentially many ways, and a backtracking engine tries them all
  on a word that almost matches (``^(a+)+b$`` took 30 s on a 28-letter query).

``tests/test_search_variants.py`` compiles what is accepted, and what is refused, in Node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
UNBOUNDED = -1  # a repeat's maximum when it has none (``+``, ``*``, ``{n,}``)

# escapes of one letter that stand for a character or a set, in a class and outside it (``\b`` is a
# backspace in a class, and outside one an assertion, which the term reads)
LETTER_ESCAPES = frozenset("dDwWsSfnrtv0")
QUANTIFIER = re.compile(r"\{(\d+)(,(\d*))?\}")
GROUP_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
NAME_REFERENCE = re.compile(r"<([^>]*)>")
DIGITS = re.compile(r"\d+")


class PatternError(ValueError):
    """A pattern JavaScript would refuse, or read otherwise than as written."""


@dataclass
class Node:
    """A piece of a parsed pattern: a repeat (``low``..``high`` times of ``inside``), or a group,
    alternation or lookaround holding ``inside``; a leaf (a character, class, anchor) holds none."""

    low: int = 1
    high: int = 1
    inside: list[Node] = field(default_factory=list)

    def unbounded(self) -> bool:
        """Whether this or anything inside it repeats without bound."""
        return self.high == UNBOUNDED or any(node.unbounded() for node in self.inside)

    def nested_repeat(self) -> bool:
        """Whether this or anything inside it repeats (more than once) a repeat without bound."""
        repeats = self.high == UNBOUNDED or self.high > 1
        if repeats and any(node.unbounded() for node in self.inside):
            return True
        return any(node.nested_repeat() for node in self.inside)


class _Parser:
    """Recursive descent over ECMAScript's Pattern grammar (no flags); :meth:`pattern` gives the tree."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.groups = len(re.findall(r"(?<!\\)\((?!\?)|(?<!\\)\(\?<(?![=!])", _outside_classes(text)))
        self.names: set[str] = set()

    def fail(self, why: str) -> PatternError:
        return PatternError(f"{why} at {self.at + 1}")

    def peek(self, length: int = 1) -> str:
        return self.text[self.at : self.at + length]

    def pattern(self) -> Node:
        tree = self.disjunction()
        if self.at < len(self.text):
            raise self.fail(f"unmatched {self.peek()!r}")
        return tree

    def disjunction(self) -> Node:
        branches = [self.alternative()]
        while self.peek() == "|":
            self.at += 1
            branches.append(self.alternative())
        return Node(inside=branches)

    def alternative(self) -> Node:
        terms: list[Node] = []
        while self.at < len(self.text) and self.peek() not in "|)":
            terms.append(self.term())
        return Node(inside=terms)

    def term(self) -> Node:
        char = self.peek()
        if char in "^$" or self.peek(2) in ("\\b", "\\B"):  # assertions: never repeated
            self.at += 1 if char in "^$" else 2
            return Node()
        if char in "*+?":
            raise self.fail(f"nothing to repeat before {char!r}")
        if char == "{" and QUANTIFIER.match(self.text, self.at):
            raise self.fail("nothing to repeat before '{'")
        lookaround = self.text.startswith(("(?=", "(?!", "(?<=", "(?<!"), self.at)
        atom = self.atom()
        return atom if lookaround else self.quantified(atom)

    def quantified(self, atom: Node) -> Node:
        char = self.peek()
        if char in ("*", "+", "?"):
            self.at += 1
            low, high = {"*": (0, UNBOUNDED), "+": (1, UNBOUNDED), "?": (0, 1)}[char]
        elif char == "{":
            braces = QUANTIFIER.match(self.text, self.at)
            if braces is None:
                raise self.fail("'{' starts no repeat (JavaScript would read it as text): escape it")
            self.at = braces.end()
            low = int(braces[1])
            high = low if braces[2] is None else (UNBOUNDED if braces[3] == "" else int(braces[3]))
            if high != UNBOUNDED and high < low:
                raise self.fail("numbers out of order in {n,m}")
        else:
            return atom
        if self.peek() == "?":  # lazy: the same repeat
            self.at += 1
        if self.peek() in ("*", "+", "?") or (self.peek() == "{" and QUANTIFIER.match(self.text, self.at)):
            raise self.fail("a repeat of a repeat")
        return Node(low=low, high=high, inside=[atom])

    def atom(self) -> Node:
        char = self.peek()
        if char == "(":
            return self.group()
        if char == "[":
            return self.char_class()
        if char == "\\":
            self.escape(in_class=False)
            return Node()
        if char in "]}":
            raise self.fail(f"a lone {char!r} (JavaScript would read it as text): escape it")
        if char == "{":
            raise self.fail("'{' starts no repeat (JavaScript would read it as text): escape it")
        self.at += 1
        return Node()

    def group(self) -> Node:
        self.at += 1
        for opening in ("?:", "?=", "?!", "?<=", "?<!"):
            if self.text.startswith(opening, self.at):
                self.at += len(opening)
                break
        else:
            if self.peek(2) == "?<":
                name = GROUP_NAME.match(self.text, self.at + 2)
                if name is None or self.text[name.end() : name.end() + 1] != ">" or name[0] in self.names:
                    raise self.fail("a group's name must be an identifier, once, between < and >")
                self.names.add(name[0])
                self.at = name.end() + 1
            elif self.peek() == "?":
                raise self.fail("'(?' starts no group JavaScript knows")
        inside = self.disjunction()
        if self.peek() != ")":
            raise self.fail("a group is not closed")
        self.at += 1
        return Node(inside=[inside])

    def char_class(self) -> Node:
        self.at += 1
        if self.peek() == "^":
            self.at += 1
        previous: str | None = None  # the last single character, for a range after it
        while self.peek() != "]":
            if self.at >= len(self.text):
                raise self.fail("a class is not closed")
            if self.peek() == "-" and previous is not None and self.peek(2) not in ("-", "-]"):
                self.at += 1
                end = self.class_atom()
                if end is None:
                    raise self.fail("a class range ends in a set (\\d, \\w, \\s)")
                if ord(end) < ord(previous):
                    raise self.fail("a class range out of order")
                previous = None
                continue
            previous = self.class_atom()
        self.at += 1
        return Node()

    def class_atom(self) -> str | None:
        """One member of a class: its character, or None for a set (``\\d``)."""
        if self.peek() == "\\":
            return self.escape(in_class=True)
        char = self.peek()
        self.at += 1
        return char

    def escape(self, in_class: bool) -> str | None:
        """An escape at ``\\``: the character it stands for, or None for a set or an assertion."""
        self.at += 1
        if self.at >= len(self.text):
            raise self.fail("a pattern ends in '\\'")
        char = self.peek()
        self.at += 1
        if char in LETTER_ESCAPES or (in_class and char == "b"):
            if char == "0" and self.peek().isdigit():
                raise self.fail("an octal escape (JavaScript's lenient reading): write \\x or \\u")
            return {"n": "\n", "r": "\r", "t": "\t", "f": "\f", "v": "\v", "0": "\0", "b": "\b"}.get(char)
        if char.isdigit():
            more = DIGITS.match(self.text, self.at)
            digits = char + (more[0] if more else "")
            if in_class or int(digits) > self.groups:
                raise self.fail(f"\\{digits} refers to no group (JavaScript would read an octal escape)")
            self.at += len(digits) - 1
            return None
        if char == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", self.peek(2)):
            self.at += 2
            return chr(int(self.text[self.at - 2 : self.at], 16))
        if char == "u" and re.fullmatch(r"[0-9A-Fa-f]{4}", self.peek(4)):
            self.at += 4
            return chr(int(self.text[self.at - 4 : self.at], 16))
        if char == "c" and self.peek().isascii() and self.peek().isalpha():
            self.at += 1
            return chr(ord(self.text[self.at - 1]) % 32)
        if char == "k" and not in_class:
            name = NAME_REFERENCE.match(self.text, self.at)
            if name is None or name[1] not in self.names:
                raise self.fail("\\k<…> refers to no earlier named group")
            self.at = name.end()
            return None
        if char.isalnum() or char == "_":
            raise self.fail(f"\\{char} is no escape in JavaScript (it would read {char!r})")
        return char


def _outside_classes(pattern: str) -> str:
    """``pattern`` with the insides of its character classes blanked (``[?P<]`` is only letters)."""
    return re.sub(r"\[(?:\\.|[^\]\\])*\]", lambda match: "[" + " " * (len(match[0]) - 2) + "]", pattern)


def parse(pattern: str) -> Node:
    """The pattern as JavaScript reads it, as a tree of repeats; PatternError when it cannot."""
    return _Parser(pattern).pattern()


def problem(pattern: str) -> str:
    """Why ``pattern`` cannot run in the browser ("" when it can)."""
    python_only = PYTHON_ONLY.search(_outside_classes(pattern))
    if python_only:
        return f"{python_only[0]!r} is Python's syntax, not JavaScript's"
    try:
        tree = parse(pattern)
    except PatternError as error:
        return f"not a regular expression JavaScript reads as written ({error})"
    if tree.nested_repeat():
        return "a repeated group holds a repeat of no bound, (a+)+: a word that almost matches takes exponential time"
    return ""
