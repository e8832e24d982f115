"""Named, ordered registries: source parsers, citation grammars, cleaning steps.

Python-Markdown keeps its processors in registries so that the order is written down in one
place and a name can be looked up with a clear error.  Ours are simpler (no priorities: the
order of registration is the order of use), and an entry may be given as ``"module:attr"``
so that a parser's module is imported only when a manifest names it.

>>> steps = Registry("cleaning step")
>>> steps.register("upper", str.upper)
>>> steps.get("upper")("ok")
'OK'
>>> steps.get("lower")
Traceback (most recent call last):
...
bridgelaws.core.registry.UnknownName: unknown cleaning step 'lower'; known cleaning steps: upper
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class UnknownName(LookupError):
    """A name the registry does not hold (a typo in the manifest, usually)."""


class Registry(Generic[T]):
    """Items by name, in the order they were registered."""

    def __init__(self, what: str, plural: str | None = None) -> None:
        self.what = what
        self.plural = plural or f"{what}s"
        self._items: dict[str, T | str] = {}

    def register(self, name: str, item: T | str) -> None:
        """Add ``item`` under ``name``; a string ``"package.module:attr"`` is imported on first use."""
        if name in self._items:
            raise ValueError(f"{self.what} {name!r} is registered twice")
        self._items[name] = item

    def get(self, name: str) -> T:
        if name not in self._items:
            raise UnknownName(f"unknown {self.what} {name!r}; known {self.plural}: {', '.join(self._items)}")
        item = self._items[name]
        if isinstance(item, str):
            module, _, attribute = item.partition(":")
            loaded: T = getattr(importlib.import_module(module), attribute)
            self._items[name] = item = loaded
        return item

    def __iter__(self) -> Iterator[T]:
        """Every item, in order (lazy entries are imported)."""
        return (self.get(name) for name in self._items)
