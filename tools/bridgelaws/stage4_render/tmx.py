"""Translation memories (TMX 1.4b) of the texts whose provisions correspond: ``site/api/tmx/*.tmx``.

Which provision of one text is which of another is the compare view's alignment
(:func:`bridgelaws.stage4_render.align.align`), so the memory and the page cannot disagree:
texts of one edition pair provision by provision in the edition's numbering (a text's own
deviations undone: the Swedish 2007 12C1(c) is the edition's 12C1(e)); texts of different
editions pair only where a concordance row of the provision itself links them, never by
number, and only one to one: a split or merged pair, or a pair found through an ancestor's
row, holds text one side lacks, and a translator's tool would offer it as a translation.

A translation unit is a provision's title or its own text (its paragraphs, not its
sub-provisions'), in each text as printed; each side says its document, its own number
(``x-provision``) and its URL, the unit its law and how the two correspond (``x-relation``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from bridgelaws.core import facts, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render.align import Cell, align

SAME_EDITION = "same edition"  # x-relation of two texts of one edition: one numbering
ONE_TO_ONE = (Relation.SAME, Relation.RENUMBERED, Relation.MOVED, Relation.REWORDED)
# XML 1.0 cannot carry these at all (intake removes them from the sources; a plan never has them)
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
WRITER_VERSION = "1"  # the shape of the units this module writes (creationtoolversion); bumped when it changes


@dataclass(frozen=True)
class Side:
    """One text's half of a unit: its document, the provision's own number there, the text."""

    entry: Entry
    ref: str
    law: int
    text: str

    @property
    def url(self) -> str:
        """The provision on its law's page; the law's page for its title and opening text."""
        if self.ref == str(self.law):
            return urls.absolute(urls.law(self.entry.meta, self.law))
        return urls.absolute(urls.provision(self.entry.meta, self.law, self.ref))


@dataclass(frozen=True)
class Unit:
    """A translation unit: ``part`` is ``title`` or ``text``; ``law`` the row's law (first text's numbering)."""

    law: int
    part: str
    relation: str
    first: Side
    second: Side

    @property
    def id(self) -> str:
        return f"{self.first.ref}={self.second.ref}:{self.part}"


def _blocks(cell: Cell) -> dict[str, str]:
    text = " ".join(p.text for p in cell.paragraphs)
    return {"title": cell.title.strip(), "text": text.strip()}


def units(first: Entry, second: Entry, concordance: Concordance) -> list[Unit]:
    """The corresponding provisions of two texts, in the first text's reading order by law."""
    same_edition = first.meta.edition == second.meta.edition
    older, newer = sorted((first.meta.edition, second.meta.edition), key=facts.EDITIONS.index)
    numbers = sorted({law.number for law in (*first.document.laws, *second.document.laws)})
    found: list[Unit] = []
    seen: set[tuple[str, str]] = set()
    for number in numbers:
        for row in align(number, [first, second], concordance):
            a, b = row.cells
            if not isinstance(a, Cell) or not isinstance(b, Cell) or (a.ref, b.ref) in seen:
                continue
            if same_edition:
                relation = SAME_EDITION
            else:
                linked = row.relation(older, newer)
                if linked not in ONE_TO_ONE:
                    continue  # paired by number only (a law's heading row), or not one to one
                relation = str(linked)
            seen.add((a.ref, b.ref))
            mine, theirs = _blocks(a), _blocks(b)
            for part in ("title", "text"):
                if mine[part] and theirs[part]:
                    found.append(
                        Unit(
                            number,
                            part,
                            relation,
                            Side(first, a.ref, a.law, mine[part]),
                            Side(second, b.ref, b.law, theirs[part]),
                        )
                    )
    return found


def text_pairs(corpus: Corpus) -> list[tuple[Entry, Entry]]:
    """Every two texts of the Laws, the older edition first (then the manifest's order)."""
    texts = [entry for entry in corpus.entries if entry.meta.kind is DocKind.LAWS]
    ordered = sorted(texts, key=lambda entry: facts.EDITIONS.index(entry.meta.edition))
    return list(itertools.combinations(ordered, 2))


Memories = list[tuple[Entry, Entry, list[Unit]]]  # each pair of texts with its units


def memories(corpus: Corpus, concordance: Concordance) -> Memories:
    """The memory of every pair of texts that has a unit in common (pairs with none are left out)."""
    found = []
    for first, second in text_pairs(corpus):
        pair_units = units(first, second, concordance)
        if pair_units:
            found.append((first, second, pair_units))
    return found


def _xml(text: str) -> str:
    return NOT_XML.sub("", text)


def _prop(parent: ET.Element, kind: str, value: str) -> None:
    ET.SubElement(parent, "prop", type=kind).text = _xml(value)


def _tuv(unit_element: ET.Element, side: Side) -> None:
    tuv = ET.SubElement(unit_element, "tuv", {XML_LANG: side.entry.meta.lang})
    _prop(tuv, "x-document", side.entry.meta.id)
    _prop(tuv, "x-provision", side.ref)
    _prop(tuv, "x-url", side.url)
    ET.SubElement(tuv, "seg").text = _xml(side.text)


def dumps(first: Entry, second: Entry, pair_units: list[Unit]) -> str:
    """The TMX 1.4b document: the header names the two texts, their copyright and terms of use."""
    root = ET.Element("tmx", version="1.4")
    header = ET.SubElement(
        root,
        "header",
        {
            "creationtool": "bridgelaws",
            "creationtoolversion": WRITER_VERSION,
            "segtype": "block",
            "o-tmf": "bridgelaws",
            "adminlang": "en",
            "srclang": first.meta.lang,
            "datatype": "plaintext",
        },
    )
    for entry in (first, second):
        meta = entry.meta
        note = f"{meta.id}: {meta.title} ({meta.lang}, {meta.edition}). {meta.copyright}"
        if meta.terms_of_use:
            note += f" Terms of use: {meta.terms_of_use}"
        ET.SubElement(header, "note").text = _xml(note)
    _prop(header, "x-documents", f"{first.meta.id} {second.meta.id}")
    _prop(header, "x-index", urls.absolute(urls.export()))
    body = ET.SubElement(root, "body")
    for unit in pair_units:
        element = ET.SubElement(body, "tu", tuid=unit.id, srclang=first.meta.lang)
        _prop(element, "x-law", str(unit.law))
        _prop(element, "x-part", unit.part)
        _prop(element, "x-relation", unit.relation)
        _tuv(element, unit.first)
        _tuv(element, unit.second)
    ET.indent(root, space=" ")
    text = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n{text}\n'
