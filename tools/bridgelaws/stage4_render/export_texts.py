"""One document's texts in the open-data export: ``site/api/documents/<id>.json``.

Every block of the model that the pages show is here as plain text, as printed (page hints
lifted out, as on the page, and kept beside the text): the front and back matter, each law's
(or regulation point's) title and opening text, every provision, the footnotes, the
definitions.  Each paragraph carries its citations as the pages link them: the span of the
citation in the paragraph's text (offsets in Unicode code points), the provision cited, and
where it is read (the document, the provision there, its URL), made by the same functions as
the page's link (:func:`bridgelaws.core.urls.provision`).  ``laws.json`` is the index that lists
these files (:mod:`bridgelaws.stage4_render.export`).
"""

from __future__ import annotations

from typing import Any

from bridgelaws.core import urls
from bridgelaws.core.model import Footnote, Heading, Numbered, Paragraph, Point, Provision
from bridgelaws.stage2_parse.corpus import Entry
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Link, Linkage, Reference, Resolution

NOT_STATED = "not stated"  # a source that states no terms of use: said so, nothing assumed


def reference_record(reference: Reference) -> dict[str, Any]:
    """A citation as printed, with every provision it cites (a range's ends and all between:
    ``edellä A-E kohdissa`` cites 47A … 47E) and where each is read (None: nowhere)."""
    return {
        "in": reference.in_ref,
        "line": reference.line,
        "text": reference.text,
        "targets": list(reference.targets),
        "urls": [resolution_url(resolution) for resolution in reference.resolutions],
    }


def resolution_url(resolution: Resolution | None) -> str | None:
    """``/fi/1997/65/#65B``: where the page links a resolved citation; None when it resolves nowhere."""
    if resolution is None:
        return None
    return urls.absolute(urls.provision(resolution.document, resolution.owner, resolution.ref))


def citation_record(link: Link) -> dict[str, Any]:
    """``{"start": 40, "end": 43, "target": "16C", "document": "fi-2007", "ref": "16D", "url": …}``:
    ``text[start:end]`` cites ``target``, read at ``ref`` of ``document`` (another text or
    edition when ``elsewhere``; another edition's number comes through the concordance)."""
    resolution = link.resolution
    record: dict[str, Any] = {
        "start": link.start,
        "end": link.end,
        "target": resolution.target,
        "document": resolution.document.id,
        "ref": resolution.ref,
        "url": urls.absolute(urls.provision(resolution.document, resolution.owner, resolution.ref)),
    }
    if resolution.elsewhere:
        record["elsewhere"] = True
    return record


def paragraph_record(paragraph: Paragraph, linkage: Linkage) -> dict[str, Any]:
    record: dict[str, Any] = {"text": paragraph.text, "line": paragraph.origin.line}
    if paragraph.origin.page is not None:
        record["page"] = paragraph.origin.page
    if paragraph.style != "text":
        record["style"] = paragraph.style
    if paragraph.hints:
        record["page_hints"] = [
            {"offset": hint.offset, "text": hint.text, "page": hint.page} for hint in paragraph.hints
        ]
    citations = [citation_record(link) for link in linkage.for_paragraph(paragraph)]
    if citations:
        record["citations"] = citations
    return record


def _paragraphs(paragraphs: list[Paragraph], linkage: Linkage) -> list[dict[str, Any]]:
    return [paragraph_record(paragraph, linkage) for paragraph in paragraphs]


def _title(record: dict[str, Any], title: str, title_paragraph: Paragraph | None, linkage: Linkage) -> None:
    """The title, and the citations in it (``Przepisy 12C2b i 12C2d``) when it has any (a law's
    title is not read for citations: only provisions' and points' are)."""
    record["title"] = title
    citations = [citation_record(link) for link in linkage.for_paragraph(title_paragraph)] if title_paragraph else []
    if citations:
        record["title_citations"] = citations


def _references(record: dict[str, Any], references: dict[str, list[dict[str, Any]]]) -> None:
    """The citations that stand in the provision (``in``: its ref), as the index lists them."""
    found = references.pop(record["ref"], [])
    if found:
        record["references"] = found


def provision_record(entry: Entry, owner: Numbered, node: Provision, linkage: Linkage) -> dict[str, Any]:
    record: dict[str, Any] = {
        "ref": node.ref,
        "level": node.level.value,
        "label": node.label,
    }
    _title(record, node.title, node.title_paragraph, linkage)
    record |= {
        "url": urls.absolute(urls.provision(entry.meta, owner.number, node.ref)),
        "line": node.origin.line,
        "paragraphs": _paragraphs(node.paragraphs, linkage),
    }
    return record


def _footnote(footnote: Footnote, linkage: Linkage) -> dict[str, Any]:
    return {"mark": footnote.mark, **paragraph_record(footnote.paragraph, linkage)}


def _heading(heading: Heading) -> dict[str, Any]:
    return {"text": heading.text, "line": heading.origin.line}


def numbered_record(
    entry: Entry, numbered: Numbered, linkage: Linkage, references: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    """A law or a regulation's point: heading, opening text, provisions (in reading order, each
    with its own text only: its sub-provisions follow it), footnotes."""
    record: dict[str, Any] = {"ref": numbered.ref, "label": numbered.label}
    if isinstance(numbered, Point):
        record = {"point": numbered.number, **record, "laws": list(numbered.laws)}
    else:
        record = {"law": numbered.number, **record}
    _title(record, numbered.title, numbered.title_paragraph if isinstance(numbered, Point) else None, linkage)
    record |= {
        "url": urls.absolute(urls.law(entry.meta, numbered.number)),
        "line": numbered.origin.line,
        "paragraphs": _paragraphs(numbered.paragraphs, linkage),
        "provisions": [provision_record(entry, numbered, node, linkage) for node in numbered.provisions()],
    }
    for item in [record, *record["provisions"]]:
        _references(item, references)
    headings = getattr(numbered, "headings", [])
    if headings:
        record["headings"] = [_heading(heading) for heading in headings]
    if numbered.footnotes:
        record["footnotes"] = [_footnote(footnote, linkage) for footnote in numbered.footnotes]
    return record


def document_texts(entry: Entry, linkage: Linkage) -> dict[str, Any]:
    """The document's whole text, in the order the model holds it; each citation, as printed
    with all its targets, in the provision it stands in (``references``; those in front matter
    or definitions in the document's own ``references``)."""
    meta, document = entry.meta, entry.document
    references: dict[str, list[dict[str, Any]]] = {}
    for reference in linkage.of(meta.id):
        references.setdefault(reference.in_ref, []).append(reference_record(reference))
    definitions = [
        {
            "term": definition.term,
            "url": urls.absolute(f"{urls.definitions(meta)}#{anchor}"),
            "line": definition.origin.line,
            "paragraphs": _paragraphs(definition.paragraphs, linkage),
        }
        for definition, anchor in zip(document.definitions, term_anchors(document), strict=True)
    ]
    laws = [
        numbered_record(entry, law, linkage, references) for law in sorted(document.laws, key=lambda law: law.number)
    ]
    points = [numbered_record(entry, point, linkage, references) for point in document.points]
    return {
        "id": meta.id,
        "lang": meta.lang,
        "edition": meta.edition,
        "kind": str(meta.kind),
        "title": meta.title,
        "url": urls.absolute(urls.document(meta)),
        "source": meta.source.file,
        "extract": meta.extract,
        "copyright": meta.copyright,
        "terms_of_use": meta.terms_of_use or NOT_STATED,
        "front_matter": _paragraphs(document.front_matter, linkage),
        "headings": [_heading(heading) for heading in document.headings],
        "definitions": definitions,
        "laws": laws,
        "points": points,
        "back_matter": _paragraphs(document.back_matter, linkage),
        "references": [record for found in references.values() for record in found],
    }
