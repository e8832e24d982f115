"""The term base against the texts: every seeded term is printed where its row says, every
definition it points to exists.

A term whose row names a ``source`` and a place ``at`` in it must have one of its forms (the
base form or an inflection as printed — Polish ``sędzia`` is printed ``sędziego`` there — each
matched with the endings the glossary allows defined terms) in that text:
``at`` is ``definitions`` (the document's definitions), a law or provision (``16``, ``16B``:
its titles and text) or a regulation's point (``point:4``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from bridgelaws.core import refs
from bridgelaws.core.model import Document, Numbered, Provision
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.glossary import term_anchors, term_pattern
from bridgelaws.termbase.model import PREFIX, Place, Term, TermBase

DEFINITIONS = "definitions"


def fold(text: str, lang: str) -> str:
    """Lower case as the language has it (Turkish ``İ`` → ``i``, ``I`` → ``ı``), one space between words."""
    text = unicodedata.normalize("NFC", text).replace("\u00ad", "")
    if lang == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return re.sub(r"\s+", " ", text.lower())


def occurs(form: str, text: str, lang: str) -> bool:
    """``form`` (``rangaistuskortti``, ``revoke*``) in ``text``, inflected as the glossary allows."""
    folded = fold(text, lang)
    word = fold(form, lang)
    if word.endswith(PREFIX):
        return re.search(r"(?<![\w-])" + re.escape(word.rstrip(PREFIX)), folded) is not None
    pattern = term_pattern(word, lang)
    return bool(pattern and pattern.search(folded)) or word in folded


def _numbered_text(item: Numbered | Provision) -> list[str]:
    texts = [item.title, *(p.text for p in item.paragraphs)]
    nodes = item.provisions() if isinstance(item, Numbered) else item.walk()
    for node in nodes:
        texts += [node.title, *(p.text for p in node.paragraphs)]
    return texts


def text_at(document: Document, at: str) -> str | None:
    """The text of ``document`` at ``at`` (see the module), None when the document has no such place."""
    if at == DEFINITIONS:
        return " ".join(f"{d.term} " + " ".join(p.text for p in d.paragraphs) for d in document.definitions) or None
    point = next((p for p in document.points if p.ref == at or at.startswith(p.ref + ".")), None)
    if point:
        return " ".join(_numbered_text(point))
    law = document.law(refs.law_of(at) or 0)
    if law is None:
        return None
    if at == law.ref:
        return " ".join(_numbered_text(law))
    node = next((n for n in law.provisions() if n.ref == at), None)
    return " ".join(_numbered_text(node)) if node else None


def term_problem(term: Term, corpus: Corpus) -> str:
    """Why a seeded term is not where its row says ("" when it is, or when the term is curated)."""
    if term.source is None or term.at is None:
        return ""
    entry = corpus.by_id(term.source)
    if entry is None:
        return f"source {term.source!r} is not a document of the corpus"
    if entry.meta.lang != term.lang:
        return f"source {term.source!r} is in {entry.meta.lang!r}, the term in {term.lang!r}"
    text = text_at(entry.document, term.at)
    if text is None:
        return f"{term.source} has no {term.at!r}"
    if not any(occurs(form, text, term.lang) for form in term.forms):
        return f"none of {list(term.forms)} is in {term.source} at {term.at}"
    return ""


def place_problem(place: Place, corpus: Corpus) -> str:
    entry = corpus.by_id(place.doc)
    if entry is None:
        return f"defined in {place.doc!r}, a document the manifest does not list"
    if place.term is not None:
        if not any(d.term == place.term for d in entry.document.definitions):
            return f"{place.doc} defines no {place.term!r}"
        return ""
    if place.ref is None or text_at(entry.document, place.ref) is None:
        return f"{place.doc} has no {place.ref!r}"
    return ""


def check(base: TermBase, corpus: Corpus) -> list[str]:
    """Every problem of the term base against the corpus, ``file:line: …`` first."""
    problems = []
    for concept in base.concepts:
        problems += [f"{t.where}: {p}" for t in concept.terms if (p := term_problem(t, corpus))]
        problems += [f"{concept.where}: {p}" for d in concept.defined if (p := place_problem(d, corpus))]
    return problems


def against_corpus(base: TermBase, corpus: Corpus) -> TermBase:
    """``base`` without the places said to define a concept that the texts do not have (a
    provision or a definition of a document of the corpus), each left out with an error at its
    line.  A place the texts cannot tell about (:func:`_can_tell`) is left to the term pages, which
    link only what is there: a site may be built from some of the sources."""
    errors = list(base.errors)
    concepts = []
    for concept in base.concepts:
        kept = []
        for place in concept.defined:
            problem = place_problem(place, corpus) if _can_tell(place, corpus) else ""
            if problem:
                errors.append(f"{place.where or concept.where}: {problem}; left out of {concept.id!r}")
            else:
                kept.append(place)
        concepts.append(replace(concept, defined=tuple(kept)) if len(kept) != len(concept.defined) else concept)
    return TermBase(concepts, base.situations, errors)


def _can_tell(place: Place, corpus: Corpus) -> bool:
    """Whether the texts can show the place does not exist: its document is not one the manifest
    lists (a mistyped or made-up id), or it is in the corpus and holds the place's law (or has
    definitions, for a defined term).  A source left out or cut short is reported as such; its
    missing documents and laws are not the term base's mistakes."""
    entry = corpus.by_id(place.doc)
    if entry is None:
        return place.doc not in corpus.manifest_ids
    if place.term is not None:
        return bool(entry.document.definitions)
    law = refs.law_of(place.ref or "")
    return law is None or entry.document.law(law) is not None


def definition_anchor(place: Place, corpus: Corpus) -> str | None:
    """The ``def-…`` anchor of ``place``'s definition (the glossary's), None when not a definition."""
    entry = corpus.by_id(place.doc)
    if entry is None or place.term is None:
        return None
    definitions = entry.document.definitions
    return next(
        (a for d, a in zip(definitions, term_anchors(entry.document), strict=True) if d.term == place.term), None
    )
