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
(``x-provision``) and its URL, the unit its law and how the two correspond (``x-relation``);
across editions, how sure that is (``x-checked``): "read" where every concordance row that pairs
the two was read in a published text, "not verified" where one was not (the compare view marks
the same cells).
Where the two texts split a provision's own text alike, each of its sentences is a unit of its
own (``segtype="sentence"``, ``x-sentence`` "2/3"), the level a translator's tool reuses: the
sentences are each language's (:func:`bridgelaws.core.sentences.split`, each paragraph ending
one), and they correspond only where the two texts have as many, more than one, each pair
names the same numbers (citations, counts, percentages: ``ks. 65B3`` and ``se lag 65B3``,
``60 %`` and ``%60``) and each pair's lengths are in about the proportion of the two texts'
(:data:`LENGTH_FACTOR`: as many sentences may still be cut at different places, as fi-1997
15C's first two sentences are fi-2007's first).  Otherwise the provision's text stays one unit:
a sentence is never paired with another unless the two texts split alike.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from bridgelaws.core import facts, sentences, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render.align import Cell, align

SAME_EDITION = "same edition"  # x-relation of two texts of one edition: one numbering
READ, NOT_VERIFIED = "read", "not verified"  # x-checked of a unit across editions: its rows read, or one not
ONE_TO_ONE = (Relation.SAME, Relation.RENUMBERED, Relation.MOVED, Relation.REWORDED)
# XML 1.0 cannot carry these at all (intake removes them from the sources; a plan never has them)
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
NUMBER = re.compile(r"\d+")  # what two corresponding sentences both name: "65B3" → 65, 3
# A pair of sentences whose length ratio is more than this factor off the two texts' is not a
# pair: measured over the provisions split alike, corresponding pairs are within 1.8 (fi-2007
# 12C1a's short second sentence against the Swedish), the one pair split at different places
# (fi-1997 15C, six sentences each, against fi-2007 and sv-2007) 4.4 and 4.8.
LENGTH_FACTOR = 2.5
WRITER_VERSION = "3"  # the shape of the units this module writes (creationtoolversion); bumped when it changes


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
    """A translation unit: ``part`` is ``title`` or ``text``; ``law`` the row's law (first text's
    numbering); ``sentence`` (n, of) where the unit is the n-th of the provision's sentences."""

    law: int
    part: str
    relation: str
    first: Side
    second: Side
    sentence: tuple[int, int] | None = None
    checked: str = ""  # across editions, READ or NOT_VERIFIED (its concordance rows); "" within one

    @property
    def id(self) -> str:
        whole = f"{self.first.ref}={self.second.ref}:{self.part}"
        return f"{whole}:{self.sentence[0]}" if self.sentence else whole


def _blocks(cell: Cell) -> dict[str, str]:
    text = " ".join(p.text for p in cell.paragraphs)
    return {"title": cell.title.strip(), "text": text.strip()}


def cell_sentences(cell: Cell, lang: str) -> list[str]:
    """A provision's own text as sentences in ``lang``, each paragraph ending one, as printed
    without the whitespace around them."""
    return [piece.strip() for p in cell.paragraphs for piece in sentences.split(p.text, lang) if piece.strip()]


def correspond(mine: list[str], theirs: list[str]) -> bool:
    """Whether two provisions' sentences pair one to one: as many on each side, more than one,
    each pair naming the same numbers, its lengths in about the proportion of the two texts'."""
    if len(mine) != len(theirs) or len(mine) < 2:
        return False
    ratio = sum(map(len, mine)) / sum(map(len, theirs))
    for a, b in zip(mine, theirs, strict=True):
        if Counter(NUMBER.findall(a)) != Counter(NUMBER.findall(b)):
            return False
        if not 1 / LENGTH_FACTOR <= len(a) / len(b) / ratio <= LENGTH_FACTOR:
            return False
    return True


def _text_units(
    number: int, relation: str, first: tuple[Entry, Cell, str], second: tuple[Entry, Cell, str], checked: str = ""
) -> list[Unit]:
    """The units of two provisions' own texts: one per sentence where they correspond, else one."""
    (a_entry, a, a_text), (b_entry, b, b_text) = first, second
    mine, theirs = cell_sentences(a, a_entry.meta.lang), cell_sentences(b, b_entry.meta.lang)
    if not correspond(mine, theirs):
        mine, theirs = [a_text], [b_text]
    count = len(mine)
    return [
        Unit(
            number,
            "text",
            relation,
            Side(a_entry, a.ref, a.law, x),
            Side(b_entry, b.ref, b.law, y),
            (index, count) if count > 1 else None,
            checked,
        )
        for index, (x, y) in enumerate(zip(mine, theirs, strict=True), 1)
    ]


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
            checked = ""
            if same_edition:
                relation = SAME_EDITION
            else:
                linked = row.relation(older, newer)
                if linked not in ONE_TO_ONE:
                    continue  # paired by number only (a law's heading row), or not one to one
                relation = str(linked)
                checked = NOT_VERIFIED if row.unverified else READ
            seen.add((a.ref, b.ref))
            mine, theirs = _blocks(a), _blocks(b)
            if mine["title"] and theirs["title"]:
                found.append(
                    Unit(
                        number,
                        "title",
                        relation,
                        Side(first, a.ref, a.law, mine["title"]),
                        Side(second, b.ref, b.law, theirs["title"]),
                        checked=checked,
                    )
                )
            if mine["text"] and theirs["text"]:
                found += _text_units(number, relation, (first, a, mine["text"]), (second, b, theirs["text"]), checked)
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
        if unit.sentence:
            element.set("segtype", "sentence")
        _prop(element, "x-law", str(unit.law))
        _prop(element, "x-part", unit.part)
        if unit.sentence:
            _prop(element, "x-sentence", f"{unit.sentence[0]}/{unit.sentence[1]}")
        _prop(element, "x-relation", unit.relation)
        if unit.checked:
            _prop(element, "x-checked", unit.checked)
        _tuv(element, unit.first)
        _tuv(element, unit.second)
    ET.indent(root, space=" ")
    text = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n{text}\n'
