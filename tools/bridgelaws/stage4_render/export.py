"""The open-data export ``site/api/laws.json`` (schema: ``docs/laws-json.schema.json``).

Built from the same model and the same URL and anchor functions as the pages, so every URL
in it is a page the site has.  URLs are paths from the site root (leading ``/``).
"""

from __future__ import annotations

import json
from typing import Any

from bridgelaws.core import facts, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, LawPair, Pair, law_subjects
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Linkage, Reference, Resolution

SCHEMA_VERSION = 1


def document_record(entry: Entry, references: list[Reference]) -> dict[str, Any]:
    meta, document = entry.meta, entry.document
    record: dict[str, Any] = {
        "id": meta.id,
        "lang": meta.lang,
        "edition": meta.edition,
        "kind": meta.kind,
        "source": meta.source.file,
        "title": meta.title,
        "url": urls.absolute(urls.document(meta)),
        "extract": meta.extract,
        "copyright": meta.copyright,
        "laws": [],
        "points": [],
        "definitions": [],
        "references": [],
    }
    for law in sorted(document.laws, key=lambda law: law.number):
        page = urls.law(meta, law.number)
        record["laws"].append(
            {
                "law": law.number,
                "title": law.title,
                "url": urls.absolute(page),
                "line": law.origin.line,
                "sections": [
                    {
                        "ref": node.ref,
                        "url": urls.absolute(urls.provision(meta, law.number, node.ref)),
                        "line": node.origin.line,
                    }
                    for node in law.provisions()
                ],
            }
        )
    for point in document.points:
        page = urls.law(meta, point.number)
        record["points"].append(
            {
                "point": point.number,
                "title": point.title,
                "laws": list(point.laws),
                "url": urls.absolute(page),
                "line": point.origin.line,
                "provisions": [
                    {"ref": node.ref, "url": urls.absolute(urls.provision(meta, point.number, node.ref))}
                    for node in point.provisions()
                ],
            }
        )
    for definition, anchor in zip(document.definitions, term_anchors(document), strict=True):
        record["definitions"].append(
            {"term": definition.term, "url": urls.absolute(f"{urls.definitions(meta)}#{anchor}")}
        )
    record["references"] = [reference_record(reference) for reference in references]
    return record


def reference_record(reference: Reference) -> dict[str, Any]:
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


def concordance_record(pair: Pair | LawPair) -> dict[str, Any]:
    """A provision pair (``level`` "provision") or a whole-law row (``level`` "law"; old and new are laws)."""
    record: dict[str, Any] = {
        "editions": list(pair.editions),
        "level": "law" if isinstance(pair, LawPair) else "provision",
        "old": pair.old,
        "new": pair.new,
        "relation": str(pair.relation),
        "basis": pair.basis,
    }
    if pair.checked is not None:
        record["checked"] = str(pair.checked)
    if isinstance(pair, LawPair) and pair.nearest:
        record["nearest"] = pair.nearest
    return record


def subjects_record(concordance: Concordance | None, number: int) -> list[dict[str, Any]]:
    """The rules law ``number`` is across the editions (one, or more where the law rows move,
    drop or newly fill the number), each with its editions and its part of the "where to read" page."""
    if concordance is None:
        return []
    return [
        {
            "editions": list(subject.editions),
            "url": urls.absolute(urls.law_hub_at(facts.DEFAULT_LANGUAGE, number, subject.editions[0])),
        }
        for subject in law_subjects(concordance, number)
    ]


def concordance_records(concordance: Concordance | None) -> list[dict[str, Any]]:
    """The provision pairs, then the whole-law rows."""
    if concordance is None:
        return []
    rows: list[Pair | LawPair] = [*concordance.pairs, *concordance.laws]
    return [concordance_record(row) for row in rows]


def build(corpus: Corpus, linkage: Linkage, concordance: Concordance | None = None) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "documents": [document_record(entry, linkage.of(entry.meta.id)) for entry in corpus.entries],
        "laws": [
            {
                "law": number,
                "sources": [entry.meta.id for entry in corpus.having_law(number)],
                "compare_url": urls.absolute(urls.compare(facts.DEFAULT_LANGUAGE, number)),
                "subjects": subjects_record(concordance, number),
            }
            for number in corpus.law_numbers()
        ],
        "concordance": concordance_records(concordance),
    }


def dumps(corpus: Corpus, linkage: Linkage, concordance: Concordance | None = None) -> str:
    return json.dumps(build(corpus, linkage, concordance), ensure_ascii=False, indent=1) + "\n"
