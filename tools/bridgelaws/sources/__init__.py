"""One module per source format; each exposes ``parse(text: str) -> ParseResult``.

The manifest names the parser of each source by module name (``fi_pdf``, ``fi_ocr``,
``sv_web``, ``tr_blog``, ``pl_pzbs``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..model import ParseResult

PARSER_NAMES = ("fi_pdf", "fi_ocr", "sv_web", "tr_blog", "pl_pzbs")

Parser = Callable[[str], ParseResult]


class UnknownParser(LookupError):
    pass


def get_parser(name: str) -> Parser:
    """The ``parse`` function of the parser module called ``name``."""
    if name not in PARSER_NAMES:
        raise UnknownParser(f"unknown parser {name!r}; known parsers: {', '.join(PARSER_NAMES)}")
    module = importlib.import_module(f"{__name__}.{name}")
    parse: Parser = module.parse
    return parse
