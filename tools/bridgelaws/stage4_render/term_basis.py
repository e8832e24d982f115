"""A term's basis (``content/terms/``'s ``basis``: written in English for reviewers) in the
words of the page that shows it.

A basis names where a term was read or who chose it: ``fi-2007 definitions``, ``law title
fi-1997 50``, ``law title: fi-2007/sv-2007 9 aligned``, ``tr-2017 14A text``, ``search.toml
synonym``, ``curated: PL-MPB17 …``, ``curated: usage (plural)``; several are joined by ``;``.
On the English page it is shown as written.  On another language's page each part is told by
its kind in that language's words (ui.toml ``terms_basis_*``), with the names it holds — the
documents, the places in them, the outside sources' abbreviations — and without the reviewer's
English comments, which the English page and the TBX keep.
"""

from __future__ import annotations

import re

from bridgelaws.core import facts
from bridgelaws.stage4_render.page import t

DOCS = re.compile(r"\b[a-z]{2}-\d{4}(?:-[a-z]+)?(?:/[a-z]{2}-\d{4}(?:-[a-z]+)?)*")  # fi-2007, fi-1997/fi-2007
# a place after a document: a law or provision (16, 16B, 12C1(b), 13-15), a point (point 3)
PLACE = re.compile(r"\s*(?:point\s+)?(\d{1,2}[A-Za-z0-9()]*(?:\s*[-–,]\s*\d{1,2}[A-Za-z0-9()]*)*)")
CODE = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)*\b")  # an outside source's abbreviation: PL-MPB17, SV-97, EN
QUOTED = re.compile(r"\([^)]*\)|'[^']*'")  # a comment or a quoted word: the reviewer's, not the kind


def basis_text(basis: str, lang: str) -> str:
    """``basis`` as the page in ``lang`` shows it (plain text, to be escaped)."""
    if lang == facts.DEFAULT_LANGUAGE:
        return basis
    parts = [_part(part.strip(), lang) for part in basis.split(";") if part.strip()]
    return "; ".join(dict.fromkeys(part for part in parts if part))


def _part(part: str, lang: str) -> str:
    if part.startswith("curated"):
        named = _codes(QUOTED.sub(" ", part), lang)
        if "usage" in part:
            named.append(t(lang, "terms_basis_usage"))
        label = t(lang, "terms_basis_curated")
        return f"{label} ({', '.join(dict.fromkeys(named))})" if named else label
    if part.startswith("search.toml"):
        return t(lang, "terms_basis_synonym")
    bare = QUOTED.sub(" ", part)
    places = []
    for match in DOCS.finditer(bare):
        place = PLACE.match(bare, match.end())
        if place is None:
            places.append(match[0])
        elif place[0].strip().startswith("point"):
            places.append(f"{match[0]}, {t(lang, 'point', n=place[1])}")
        else:
            places.append(f"{match[0]} {place[1]}")
    if not places:  # no document named: an outside source's abbreviation, else nothing to tell
        return ", ".join(_codes(bare, lang))
    if bare.startswith("law title"):
        kind = "terms_basis_law_title"
    elif "definitions" in bare:
        kind = "terms_basis_definitions"
    elif re.search(r"\btitles?\b", bare):
        kind = "terms_basis_title"
    elif "aligned" in bare:
        kind = "terms_basis_aligned"
    else:
        kind = "terms_basis_text"
    return f"{', '.join([*places, *_codes(bare, lang)])}, {t(lang, kind)}"


def _codes(text: str, lang: str) -> list[str]:
    """The outside sources ``text`` names, ``EN`` (the WBF's English Laws) in ``lang``'s words."""
    named = (t(lang, "terms_basis_english_laws") if code == "EN" else code for code in CODE.findall(text))
    return list(dict.fromkeys(named))
