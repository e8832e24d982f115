"""The open-data export under ``site/api/`` (schema: ``docs/laws-json.schema.json``).

* ``api/laws.json``, the index: every document's metadata, provision anchors and citations,
  the laws, the concordance, and links to the files below, with the terms of the project's own
  data, the schema version and a data version (a hash of everything exported: it changes when
  the data does, never with the clock);
* ``api/documents/<id>.json``: one document's texts (:mod:`.export_texts`), each with its own
  data version;
* ``api/tmx/<id>_<id>.tmx``: a translation memory per pair of texts whose provisions
  correspond (:mod:`.tmx`); ``api/terms.tbx``: the term base (:mod:`.tbx`).

Built from the same model and the same URL and anchor functions as the pages, so every URL
in it is a page the site has.  URLs are paths from the site root (leading ``/``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from bridgelaws.core import facts, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, LawPair, Pair, law_subjects
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Linkage, Reference
from bridgelaws.stage4_render import export_texts, tbx, tmx
from bridgelaws.stage4_render.export_texts import reference_record
from bridgelaws.termbase import TermBase

# Bumped only for a change that breaks a reader; within a version fields are only added.
SCHEMA_VERSION = 1
# The repository states no licence for its own data (README, no LICENSE file; pyproject.toml's
# MIT is the code's): said so, nothing assumed.  Each text's own terms are its document's.
DATA_TERMS = export_texts.NOT_STATED


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
        "terms_of_use": meta.terms_of_use or export_texts.NOT_STATED,
        "texts_url": urls.absolute(urls.export_document(meta.id)),
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


def data_version(*texts: str) -> str:
    """A hash of the exported data: the same data, the same version, whenever it is built."""
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def document_file(entry: Entry, linkage: Linkage) -> tuple[str, str]:
    """``api/documents/<id>.json`` (the schema and data versions, then the document's texts), and its data version."""
    texts = export_texts.document_texts(entry, linkage)
    version = data_version(_json(texts))
    index = urls.absolute(urls.export())
    record = {"schema": SCHEMA_VERSION, "data_version": version, "index": index, "document": texts}
    return _json(record), version


def build(
    corpus: Corpus,
    linkage: Linkage,
    concordance: Concordance | None = None,
    formats: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "data_terms": DATA_TERMS,
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
        "formats": formats or {"tmx": []},
    }


def dumps(corpus: Corpus, linkage: Linkage, concordance: Concordance | None = None) -> str:
    """``api/laws.json`` alone (no translation memories or term base: :func:`files` makes them)."""
    return files(corpus, linkage, concordance)[urls.export()]


def files(
    corpus: Corpus,
    linkage: Linkage,
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
    found: tmx.Memories | None = None,
) -> dict[str, str]:
    """Every file of the export by its site URL: the documents' texts, the translation memories
    (through ``concordance``; none without it; ``found`` when the caller has computed them,
    :func:`tmx.memories`), the term base (with ``term_base``), and the index ``api/laws.json``
    whose data version is a hash of all of them."""
    written: dict[str, str] = {}
    versions: dict[str, str] = {}
    for entry in corpus.entries:
        written[urls.export_document(entry.meta.id)], versions[entry.meta.id] = document_file(entry, linkage)
    formats: dict[str, Any] = {"tmx": []}
    if concordance is not None:
        for first, second, units in tmx.memories(corpus, concordance) if found is None else found:
            url = urls.translation_memory(first.meta.id, second.meta.id)
            written[url] = tmx.dumps(first, second, units)
            formats["tmx"].append(
                {
                    "url": urls.absolute(url),
                    "documents": [first.meta.id, second.meta.id],
                    "units": len(units),
                    "sentence_units": sum(1 for unit in units if unit.sentence),
                }
            )
    if term_base is not None:
        url = urls.term_base_tbx()
        written[url] = tbx.dumps(corpus, term_base, concordance, DATA_TERMS)
        formats["tbx"] = {"url": urls.absolute(url), "concepts": len(term_base.concepts)}
    index = build(corpus, linkage, concordance, formats)
    for document in index["documents"]:
        document["texts_version"] = versions[document["id"]]
    version = data_version(_json(index), *(written[url] for url in sorted(written)))
    head = {"schema": index.pop("schema"), "data_terms": index.pop("data_terms"), "data_version": version}
    written[urls.export()] = _json(head | index)
    return written
