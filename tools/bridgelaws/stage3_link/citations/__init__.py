"""The reference finder: citations of law provisions (and of a regulation's own points) in text.

One finder, per-language grammars.  A grammar module (``citations/<name>.py``) exposes
``find(text: str, context: Context) -> list[Citation]``; its patterns are data, compiled
``re.VERBOSE`` with an example beside each, and it resolves relative citations (``se C2
nedan``, ``kohta 4 jäljempänä``) against the context it is given.  Which grammar reads a
document is named in the manifest (``grammar = "fi-2007"``).

A :class:`Citation` is the whole printed citation (``lagarna 42 och 43``) with one
:class:`Part` per target (``42`` → ``42``, ``43`` → ``43``), so each target becomes its own link.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridgelaws.core.registry import Registry


@dataclass(frozen=True)
class Context:
    """Where a text stands: the provision (canonical ref) and law it belongs to.

    ``ref`` is ``13B2`` in a law, ``point:3.1.A`` in a regulation, ``""`` in front matter or
    definitions; ``law`` is the law number (None outside laws).
    """

    ref: str = ""
    law: int | None = None

    @property
    def section(self) -> str | None:
        """The section letter of ``ref`` (``13B2`` → ``B``), for same-law relative citations."""
        if self.law is None:
            return None
        rest = self.ref[len(str(self.law)) :]
        return rest[:1] if rest[:1].isalpha() and rest[:1].isupper() else None


@dataclass(frozen=True)
class Part:
    """One target inside a citation: ``text[start:end]`` is what becomes the link."""

    start: int
    end: int
    target: str  # canonical: "16C", "12C1b", "point:13", "point:25.1.D"


@dataclass(frozen=True)
class Citation:
    """``text[start:end]`` is the citation; ``printed`` its text as printed, when that differs
    (a page hint the paragraph's text no longer holds: ``(s. 28) 16C :ää``)."""

    start: int
    end: int
    parts: tuple[Part, ...]
    printed: str = ""

    @property
    def targets(self) -> list[str]:
        return [part.target for part in self.parts]


Grammar = Callable[[str, Context], list[Citation]]

# manifest name → module: one grammar per language and edition style
GRAMMARS: Registry[Grammar] = Registry("citation grammar")
for _name, _module in (("fi-2007", "fi2007"), ("fi-1997", "fi1997"), ("sv", "sv"), ("tr", "tr"), ("pl", "pl")):
    GRAMMARS.register(_name, f"{__name__}.{_module}:find")


def get_grammar(name: str) -> Grammar:
    """The ``find`` function of the grammar the manifest calls ``name``."""
    return GRAMMARS.get(name)
