"""One module per source format; each exposes ``parse(text: str) -> ParseResult``.

The manifest names the parser of each source by its name in :data:`PARSERS` (``fi_pdf``,
``fi_ocr``, ``sv_web``, ``tr_blog``, ``pl_pzbs``); a module is imported when a source needs it.
"""

from __future__ import annotations

from collections.abc import Callable

from bridgelaws.core.model import ParseResult
from bridgelaws.core.registry import Registry

Parser = Callable[[str], ParseResult]

PARSERS: Registry[Parser] = Registry("parser")
for _name in ("fi_pdf", "fi_ocr", "sv_web", "tr_blog", "pl_pzbs"):
    PARSERS.register(_name, f"{__name__}.{_name}:parse")


def get_parser(name: str) -> Parser:
    """The ``parse`` function of the parser called ``name``; ``UnknownName`` (a ``LookupError``) if none is."""
    return PARSERS.get(name)
