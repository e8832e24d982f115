"""The term base as TBX-Basic (TBX 2008, ISO 30042:2008; ``<martif type="TBX-Basic">``): ``site/api/terms.tbx``.

One ``termEntry`` per concept of ``content/terms`` (its id the concept's), in file order:

* the concept: its English name, its laws (the governing law first, in the newest edition's
  numbering, then where other editions number them otherwise, through the concordance), each
  law linked (``xref``) to its "where to read Law N" page; a language with no term says why;
* per language (``langSet``): where a text of that language defines the concept (the
  definition's text, with its document and anchor, or the provision that heads it, linked);
* per term row (``tig``): its base form; its other forms (inflections, compounds, synonyms, as
  the row lists them; search's ``word*`` patterns left out); its basis, the term base's own
  words, as ``admin type="source"``; and how sure it is: a row that names where our text prints
  it is checked against that text (``bridgelaws terms``), the others are curated, resting on
  their basis alone, and say as their row's ``checked`` does whether that basis was read in a
  published text or is not verified (the terms pages mark the same).
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Checked, Concordance
from bridgelaws.stage4_render.tmx import NOT_XML, XML_LANG
from bridgelaws.termbase import Concept, Place, Term, TermBase, definition_anchor

CHECKED = "checked against the text: printed in {doc} at {at} (the term base's check, bridgelaws terms)"
CURATED_READ = "curated, read in a published text its basis names; not checked against our texts"
CURATED_NOT_VERIFIED = "curated, not verified: rests on its basis, not read in a published text"


def sureness(term: Term) -> str:
    """How sure a term is, from what its row holds: printed where it says (checked), or curated,
    read in a published text or not verified (its row's ``checked``)."""
    if term.seeded:
        return CHECKED.format(doc=term.source, at=term.at)
    return CURATED_READ if term.checked is Checked.READ else CURATED_NOT_VERIFIED


def _text(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    element.text = NOT_XML.sub("", text)
    return element


def _laws_note(concept: Concept, concordance: Concordance | None) -> str:
    newest = concept.editions[-1]
    laws = concept.laws_of(newest)
    text = f"Laws ({newest} numbering): " + ", ".join(
        f"{refs.display(ref)}{' (governing)' if index == 0 else ''}" for index, ref in enumerate(laws)
    )
    for edition, other in concept.laws_elsewhere(concordance).items():
        text += f"; {edition}: " + (", ".join(refs.display(ref) for ref in other) if other else "not in this edition")
    return text


def _place(lang_set: ET.Element, corpus: Corpus, place: Place) -> None:
    entry = corpus.by_id(place.doc)
    if entry is None:
        return
    if place.term is not None:
        definition = next((d for d in entry.document.definitions if d.term == place.term), None)
        anchor = definition_anchor(place, corpus)
        if definition is None or anchor is None:
            return
        group = ET.SubElement(lang_set, "descripGrp")
        _text(group, "descrip", " ".join(p.text for p in definition.paragraphs) or definition.term, type="definition")
        _text(group, "admin", f"{entry.meta.id}, definitions: {definition.term}", type="source")
        url = f"{urls.definitions(entry.meta)}#{anchor}"
        label = f"{entry.meta.id}: {definition.term}"
    else:
        ref = place.ref or ""
        owner = refs.law_of(ref) or ref.removeprefix(refs.POINT_PREFIX).split(refs.POINT_SEPARATOR)[0]
        url, label = urls.provision(entry.meta, owner, ref), f"{entry.meta.id}: {refs.display(ref)}"
    _text(lang_set, "xref", label, type="externalCrossReference", target=urls.absolute(url))


def _tig(lang_set: ET.Element, term: Term) -> None:
    forms = term.words
    if not forms:
        return
    tig = ET.SubElement(lang_set, "tig")
    _text(tig, "term", forms[0])
    _text(tig, "admin", term.basis, type="source")
    if forms[1:]:
        _text(tig, "note", "other forms: " + ", ".join(forms[1:]))
    _text(tig, "note", sureness(term))


def concept_entry(body: ET.Element, corpus: Corpus, concept: Concept, concordance: Concordance | None) -> None:
    entry = ET.SubElement(body, "termEntry", id=concept.id)
    if concept.is_law_title:
        _text(entry, "note", "a law's title")
    _text(entry, "note", f"concept: {concept.name}")
    laws = concept.laws_of()
    if laws:
        _text(entry, "note", _laws_note(concept, concordance))
        for number in concept.law_numbers():
            hub = urls.absolute(urls.law_hub(facts.DEFAULT_LANGUAGE, number))
            _text(entry, "xref", f"Law {number}", type="externalCrossReference", target=hub)
    for lang in facts.INTERFACE_LANGUAGES:
        missing = concept.missing_in(lang)
        if missing and not concept.terms_in(lang):
            _text(entry, "note", f"no {lang} term: {missing.reason}")
    for lang in facts.INTERFACE_LANGUAGES:
        terms = [term for term in concept.terms_in(lang) if term.words]
        if not terms:
            continue  # a langSet holds at least one term
        lang_set = ET.SubElement(entry, "langSet", {XML_LANG: lang})
        for place in concept.defined:
            defined_in = corpus.by_id(place.doc)
            if defined_in is not None and defined_in.meta.lang == lang:
                _place(lang_set, corpus, place)
        for term in terms:
            _tig(lang_set, term)


def dumps(corpus: Corpus, base: TermBase, concordance: Concordance | None, data_terms: str) -> str:
    root = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: facts.DEFAULT_LANGUAGE})
    header = ET.SubElement(root, "martifHeader")
    description = ET.SubElement(header, "fileDesc")
    _text(ET.SubElement(description, "titleStmt"), "title", "bridge-laws term base: the Laws of Duplicate Bridge")
    publication = f"Terms of use of this data: {data_terms}; each text quoted remains its copyright holder's"
    _text(ET.SubElement(description, "publicationStmt"), "p", publication)
    _text(
        ET.SubElement(description, "sourceDesc"),
        "p",
        "content/terms of the bridge-laws repository; definitions quoted from the texts named in each "
        f"entry, whose copyright is their holders' (see {urls.absolute(urls.export())})",
    )
    _text(ET.SubElement(header, "encodingDesc"), "p", "TBXBasicXCSV02.xcs", type="XCSURI")
    body = ET.SubElement(ET.SubElement(root, "text"), "body")
    for concept in base.concepts:
        concept_entry(body, corpus, concept, concordance)
    ET.indent(root, space=" ")
    text = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">\n{text}\n'
