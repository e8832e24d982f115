"""Reading and rewriting a stylesheet: its rules, selectors and declarations, and the custom
properties something reads (for :mod:`bridgelaws.stage5_site.cut_css`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator


def outside_strings(text: str, start: int = 0) -> Iterator[int]:
    """Indices in ``text`` (from ``start``) of the characters outside quoted strings (a quote's
    own characters and escapes included in the string)."""
    quote = ""
    i = start
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        else:
            yield i
        i += 1


def block_end(css: str, at: int) -> int:
    """The index just after the ``}`` closing the block whose ``{`` is at ``at``."""
    depth = 0
    for i in outside_strings(css, at):
        depth += {"{": 1, "}": -1}.get(css[i], 0)
        if css[i] == "}" and depth == 0:
            return i + 1
    raise ValueError("unbalanced braces in the stylesheet")


def top_level(text: str, stops: str, start: int = 0) -> Iterator[int]:
    """Indices in ``text`` (from ``start``) of the characters in ``stops`` outside strings, () and []."""
    depth = 0
    for i in outside_strings(text, start):
        char = text[i]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char in stops:
            yield i


def rules(css: str) -> Iterator[tuple[str, str | None]]:
    """(prelude, block) per top-level rule; block None for a statement (``@charset "…";``)."""
    at = 0
    while at < len(css):
        while at < len(css) and css[at] in " \n\t\r":
            at += 1
        if at >= len(css):
            return
        first = next(top_level(css, "{;", at), len(css))
        if first >= len(css) or css[first] == ";":
            yield css[at : first + 1], None
            at = first + 1
            continue
        end = block_end(css, first)
        yield css[at:first], css[first + 1 : end - 1]
        at = end


def selectors(prelude: str) -> list[str]:
    cuts = [-1, *top_level(prelude, ","), len(prelude)]
    return [prelude[a + 1 : b].strip() for a, b in itertools.pairwise(cuts)]


GROUPING = ("@media", "@supports")  # at-rules whose block holds style rules


def map_style_rules(css: str, on_rule: Callable[[str, str], str | None]) -> str:
    """``css`` with each style rule, inside ``@media`` and ``@supports`` too, as
    ``on_rule(prelude, block)`` rewrites it (``None`` drops it); statements and other at-rules
    (``@font-face``, ``@keyframes``) kept as they are, a grouping rule left empty dropped."""
    out = []
    for prelude, block in rules(css):
        if block is None:
            out.append(prelude)
        elif prelude.startswith(GROUPING):
            inner = map_style_rules(block, on_rule)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{block}}}")
        else:
            rule = on_rule(prelude, block)
            if rule is not None:
                out.append(rule)
    return "".join(out)


# a custom property's declaration, "--md-hue:225deg" (its name), and a reading of one,
# "var(--md-hue)"; in a page or script any "--md-primary-fg-color" counts as read
CUSTOM_PROPERTY = re.compile(r"^\s*(--[\w-]+)\s*:")
READ_PROPERTY = re.compile(r"var\(\s*(--[\w-]+)")
NAMED_PROPERTY = re.compile(r"(?<![\w-])--[a-zA-Z][\w-]*")


def declarations(block: str) -> list[str]:
    """A block's declarations: ``color:red;--x:url("a;b")`` → ``color:red``, ``--x:url("a;b")``."""
    cuts = [-1, *top_level(block, ";"), len(block)]
    return [block[a + 1 : b] for a, b in itertools.pairwise(cuts) if block[a + 1 : b].strip()]


def _walk(css: str) -> Iterator[tuple[str, str]]:
    """(prelude, block) of every style rule, inside ``@media`` and ``@supports`` too."""
    for prelude, block in rules(css):
        if block is None:
            continue
        if prelude.startswith(GROUPING):
            yield from _walk(block)
        elif not prelude.startswith("@"):
            yield prelude, block


def read_properties(sheets: Iterable[str], elsewhere: Iterable[str] = ()) -> set[str]:
    """The custom properties something reads: a ``var()`` in a declaration that is not itself a
    custom property's, a name in ``elsewhere`` (pages, scripts), and what those read in turn."""
    values: dict[str, list[str]] = {}
    read: set[str] = set()
    for css in sheets:
        for _prelude, block in _walk(css):
            for declaration in declarations(block):
                custom = CUSTOM_PROPERTY.match(declaration)
                if custom:
                    values.setdefault(custom.group(1), []).append(declaration)
                else:
                    read |= set(READ_PROPERTY.findall(declaration))
    for text in elsewhere:
        read |= set(NAMED_PROPERTY.findall(text))
    waiting = list(read)
    while waiting:
        for value in values.get(waiting.pop(), []):
            for name in READ_PROPERTY.findall(value):
                if name not in read:
                    read.add(name)
                    waiting.append(name)
    return read


def drop_unread_properties(css: str, read: set[str]) -> str:
    """``css`` without the declarations of custom properties outside ``read``, and without the
    rules left empty by that."""

    def without_unread(prelude: str, block: str) -> str | None:
        kept = [
            declaration
            for declaration in declarations(block)
            if not (custom := CUSTOM_PROPERTY.match(declaration)) or custom.group(1) in read
        ]
        return f"{prelude}{{{';'.join(kept)}}}" if kept or not block.strip() else None

    return map_style_rules(css, without_unread)
