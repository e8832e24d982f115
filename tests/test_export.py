"""The open-data export with the texts: ``api/laws.json`` (the index) and ``api/documents/<id>.json``.

Built here from the real sources by the pipeline's own steps (load → link → export.files), so
the quick loop checks what ``generate`` writes; ``tests/test_site.py`` checks the committed
files are these and that every URL in them resolves on the built site.  Every file follows
``docs/laws-json.schema.json`` (a real JSON Schema validator, and the schema is shown to refuse
broken files); every provision, paragraph, definition and point of the model is in its
document's file; sentences sampled from each source's parsed model are found there; the
citations are the links the pages make; the data version is a hash of the data.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from bridgelaws import pipeline
from bridgelaws.core import refs, urls
from bridgelaws.core.model import Numbered, Paragraph
from bridgelaws.stage2_parse import load as loading
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage4_render import export
from conftest import ROOT, SOURCES

SCHEMA = json.loads((ROOT / "docs" / "laws-json.schema.json").read_text(encoding="utf-8"))
REGISTRY = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA))
DOCUMENT_FILE = jsonschema.Draft202012Validator({"$ref": f"{SCHEMA['$id']}#/$defs/document_file"}, registry=REGISTRY)
INDEX = jsonschema.Draft202012Validator(SCHEMA, registry=REGISTRY)
SENTENCE = re.compile(r"(?<=[.!?;:])\s+")
SAMPLED = 12  # sentences per source


def build(corpus: Corpus) -> dict[str, str]:
    concordance = pipeline.load_concordance(ROOT / "content")
    linkage = pipeline.link(corpus, concordance)
    return export.files(corpus, linkage, concordance, pipeline.load_terms(ROOT / "content"))


@pytest.fixture(scope="module")
def files(corpus: Corpus) -> dict[str, str]:
    return build(corpus)


@pytest.fixture(scope="module")
def index(files: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(files[urls.export()])
    return data


def document_file(files: dict[str, str], doc_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(files[urls.export_document(doc_id)])
    return data


def test_the_committed_export_is_what_the_sources_give(files: dict[str, str]) -> None:
    """content/docs/en/api holds exactly these files (``generate`` writes them)."""
    committed = ROOT / "content" / "docs" / "en"
    on_disk = {str(path.relative_to(committed)) for path in (committed / "api").rglob("*") if path.is_file()}
    assert on_disk == set(files)
    stale = [url for url, text in files.items() if (committed / url).read_text(encoding="utf-8") != text]
    assert not stale, f"run `make generate`: {stale}"


def test_every_file_follows_the_schema(files: dict[str, str], corpus: Corpus) -> None:
    INDEX.validate(json.loads(files[urls.export()]))
    for entry in corpus.entries:
        DOCUMENT_FILE.validate(document_file(files, entry.meta.id))


def _first_provision(data: dict[str, Any]) -> dict[str, Any]:
    return next(law for law in data["document"]["laws"] if law["provisions"])["provisions"][0]


# Each breaks what a reader relies on; the schema must refuse it (else it checks nothing).
BROKEN: dict[str, Callable[[dict[str, Any]], None]] = {
    "no data version": lambda d: d.pop("data_version"),
    "a data version that is a date": lambda d: d.__setitem__("data_version", "2025-01-01"),
    "no copyright": lambda d: d["document"].pop("copyright"),
    "no terms of use": lambda d: d["document"].pop("terms_of_use"),
    "a provision without its text": lambda d: _first_provision(d).pop("paragraphs"),
    "a provision with a bad reference": lambda d: _first_provision(d).__setitem__("ref", "13 A"),
    "a citation without its target": lambda d: _a_citation(d).pop("target"),
    "a citation to a URL off the site": lambda d: _a_citation(d).__setitem__("url", "https://example.org/"),
    "a law that is not a law": lambda d: d["document"]["laws"][0].__setitem__("law", 94),
    "another schema": lambda d: d.__setitem__("schema", 2),
}


def _a_citation(data: dict[str, Any]) -> dict[str, Any]:
    return next(iter(_citations(data["document"])))[1]


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_the_schema_refuses_a_broken_document_file(files: dict[str, str], broken: str) -> None:
    data = document_file(files, "fi-2007")
    BROKEN[broken](data)
    assert not DOCUMENT_FILE.is_valid(data), broken


@pytest.mark.parametrize("field", ["data_terms", "data_version", "schema", "documents"])
def test_the_schema_requires_the_index_to_say_its_terms_and_versions(index: dict[str, Any], field: str) -> None:
    broken = copy.deepcopy(index)
    broken.pop(field)
    assert not INDEX.is_valid(broken)


def test_the_index_links_every_document_file_with_its_version(
    files: dict[str, str], index: dict[str, Any], corpus: Corpus
) -> None:
    assert [document["id"] for document in index["documents"]] == [entry.meta.id for entry in corpus.entries]
    for document in index["documents"]:
        url = document["texts_url"]
        assert url == urls.absolute(urls.export_document(document["id"]))
        assert json.loads(files[url.lstrip("/")])["data_version"] == document["texts_version"]


@pytest.mark.parametrize("entry_index", range(6))
def test_each_document_states_its_copyright_and_terms_as_its_manifest_gives_them(
    files: dict[str, str], index: dict[str, Any], corpus: Corpus, entry_index: int
) -> None:
    entry = corpus.entries[entry_index]
    record = document_file(files, entry.meta.id)["document"]
    listed = next(d for d in index["documents"] if d["id"] == entry.meta.id)
    assert record["copyright"] == listed["copyright"] == entry.meta.copyright
    expected = entry.meta.terms_of_use or "not stated"
    assert record["terms_of_use"] == listed["terms_of_use"] == expected


def test_the_terms_of_use_quote_the_source(corpus: Corpus) -> None:
    """A document's terms of use are quoted from its source: the quotation is in the source file."""
    stated = [entry for entry in corpus.entries if entry.meta.terms_of_use]
    assert stated, "no source states its terms of use"
    for entry in stated:
        quoted = re.search(r"”(.+)”", entry.meta.terms_of_use)
        assert quoted, entry.meta.terms_of_use
        assert quoted[1] in entry.meta.source.path.read_text(encoding="utf-8")


def test_the_project_says_its_own_data_terms_honestly(index: dict[str, Any]) -> None:
    """The repository states no licence for its data (no LICENSE file, nothing in the README): "not stated"."""
    licensed = (ROOT / "LICENSE").exists() or re.search(r"(?i)licen[cs]e", (ROOT / "README.md").read_text("utf-8"))
    assert licensed or index["data_terms"] == "not stated"


# -- nothing lost --------------------------------------------------------------------------------


def _numbered(entry: Entry) -> Iterator[tuple[str, Numbered]]:
    yield from (("laws", law) for law in entry.document.laws)
    yield from (("points", point) for point in entry.document.points)


def _paragraphs_of(entry: Entry) -> Iterator[Paragraph]:
    document = entry.document
    yield from document.front_matter
    yield from document.back_matter
    for definition in document.definitions:
        yield from definition.paragraphs
    for _, numbered in _numbered(entry):
        yield from numbered.paragraphs
        for node in numbered.provisions():
            yield from node.paragraphs
        yield from (footnote.paragraph for footnote in numbered.footnotes)


def _exported_paragraphs(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield from record["front_matter"]
    yield from record["back_matter"]
    for definition in record["definitions"]:
        yield from definition["paragraphs"]
    for numbered in [*record["laws"], *record["points"]]:
        yield from numbered["paragraphs"]
        for provision in numbered["provisions"]:
            yield from provision["paragraphs"]
        yield from numbered.get("footnotes", [])


@pytest.mark.parametrize("entry_index", range(6))
def test_every_provision_and_paragraph_of_the_model_is_exported(
    files: dict[str, str], corpus: Corpus, entry_index: int
) -> None:
    entry = corpus.entries[entry_index]
    record = document_file(files, entry.meta.id)["document"]
    for kind, numbered in _numbered(entry):
        exported = next(item for item in record[kind] if item["ref"] == numbered.ref)
        assert exported["title"] == numbered.title
        assert [p["ref"] for p in exported["provisions"]] == [node.ref for node in numbered.provisions()]
        assert [p["title"] for p in exported["provisions"]] == [node.title for node in numbered.provisions()]
    assert len(record["laws"]) == len(entry.document.laws) and len(record["points"]) == len(entry.document.points)
    assert [d["term"] for d in record["definitions"]] == [d.term for d in entry.document.definitions]
    model = sorted((p.text, p.origin.line) for p in _paragraphs_of(entry))
    assert model, entry.meta.id
    assert sorted((p["text"], p["line"]) for p in _exported_paragraphs(record)) == model


def _sentences(entry: Entry) -> list[str]:
    found = []
    for paragraph in _paragraphs_of(entry):
        found += [s.strip() for s in SENTENCE.split(paragraph.text) if len(s.split()) >= 4]
    return found


@pytest.mark.parametrize("source", range(5))
def test_sampled_sentences_of_each_source_are_in_its_export(files: dict[str, str], corpus: Corpus, source: int) -> None:
    """Sentences drawn from each of the five sources' parsed documents (a fresh draw per source
    file, not a fixed list) are found, whole, in their document's exported text."""
    files_read = list(dict.fromkeys(entry.meta.source.file for entry in corpus.entries))
    assert len(files_read) == 5
    entries = [entry for entry in corpus.entries if entry.meta.source.file == files_read[source]]
    pool = [(entry, sentence) for entry in entries for sentence in _sentences(entry)]
    assert len(pool) >= SAMPLED
    for entry, sentence in random.Random(files_read[source]).sample(pool, SAMPLED):
        record = document_file(files, entry.meta.id)["document"]
        texts = [p["text"] for p in _exported_paragraphs(record)]
        assert any(sentence in text for text in texts), (entry.meta.id, sentence)


# -- citations --------------------------------------------------------------------------------


def _citations(record: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for paragraph in _exported_paragraphs(record):
        for citation in paragraph.get("citations", []):
            yield paragraph["text"], citation
    for numbered in [*record["laws"], *record["points"]]:
        for item in [numbered, *numbered["provisions"]]:
            for citation in item.get("title_citations", []):
                yield item["title"], citation


def _refs(record: dict[str, Any]) -> set[str]:
    found = set()
    for numbered in [*record["laws"], *record["points"]]:
        found |= {numbered["ref"], *(p["ref"] for p in numbered["provisions"])}
    return found


CITATION_KINDS = {
    "in the same text": lambda c, doc: c["document"] == doc and "elsewhere" not in c,
    "in another text": lambda c, doc: c["document"] != doc and c.get("elsewhere") is True,
    "to another number (an ancestor or another edition's)": lambda c, doc: c["ref"] != c["target"],
}


@pytest.mark.parametrize("kind", sorted(CITATION_KINDS))
def test_citations_are_spans_of_the_text_and_reach_an_exported_provision(
    files: dict[str, str], index: dict[str, Any], kind: str
) -> None:
    """Each kind of citation occurs; each is a span of its paragraph holding its target's words,
    and what it reaches is a provision of the document it names, at the URL the page links."""
    refs_of = {d["id"]: _refs(document_file(files, d["id"])["document"]) for d in index["documents"]}
    home = {d["id"]: d["url"] for d in index["documents"]}
    seen = 0
    for doc_id in refs_of:
        for text, citation in _citations(document_file(files, doc_id)["document"]):
            if not CITATION_KINDS[kind](citation, doc_id):
                continue
            seen += 1
            span = text[citation["start"] : citation["end"]]
            assert span and span.strip() == span, (doc_id, citation)
            assert citation["ref"] in refs_of[citation["document"]], (doc_id, citation)
            page, _, fragment = citation["url"].partition("#")
            assert page.startswith(home[citation["document"]]) and fragment == refs.anchor(citation["ref"]), citation
    assert seen, f"no citation {kind}"


def _references(record: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(the ref of the provision that lists it, the reference); "" for the document's own list."""
    yield from (("", reference) for reference in record["references"])
    for numbered in [*record["laws"], *record["points"]]:
        for item in [numbered, *numbered["provisions"]]:
            yield from ((item["ref"], reference) for reference in item.get("references", []))


def test_each_reference_is_in_its_provision_as_the_index_lists_it(files: dict[str, str], index: dict[str, Any]) -> None:
    """The document file holds the index's references, each in the provision it stands in, all
    its targets kept (a range cites what lies between its ends, which no link spans); every
    link the paragraphs carry is one of their resolved URLs."""
    key = lambda reference: json.dumps(reference, sort_keys=True)  # noqa: E731
    for document in index["documents"]:
        record = document_file(files, document["id"])["document"]
        held = list(_references(record))
        assert sorted(key(r) for _, r in held) == sorted(key(r) for r in document["references"]), document["id"]
        assert all(where == reference["in"] for where, reference in held if where), document["id"]
        listed = {url for _, reference in held for url in reference["urls"] if url}
        linked = {c["url"] for _, c in _citations(record)}
        assert linked <= listed and linked, document["id"]


# -- the data version ---------------------------------------------------------------------------


def test_the_data_version_is_the_data_not_the_clock(files: dict[str, str], index: dict[str, Any]) -> None:
    """Built again from freshly read sources: the same bytes.  One paragraph changed: its
    document's version and the index's change, the other documents' do not."""
    corpus = loading.load(SOURCES)
    assert build(corpus) == files
    target = next(entry for entry in corpus.entries if entry.meta.id == "sv-2007")
    paragraph = next(node for node in target.document.laws[0].provisions() if node.paragraphs).paragraphs[0]
    paragraph.text += " x"
    changed = json.loads(build(corpus)[urls.export()])
    before = {d["id"]: d["texts_version"] for d in index["documents"]}
    after = {d["id"]: d["texts_version"] for d in changed["documents"]}
    assert [doc for doc in before if before[doc] != after[doc]] == ["sv-2007"]
    assert changed["data_version"] != index["data_version"]
