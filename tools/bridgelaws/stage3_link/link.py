"""The link stage: find every citation in the corpus, resolve it, and build the glossaries.

For each paragraph of each document the document's grammar (manifest ``grammar``) finds the
citations (:mod:`bridgelaws.stage3_link.citations`), each target is resolved
(:mod:`bridgelaws.stage3_link.resolve`), and the citation's source line is found in the text
intake read (:mod:`bridgelaws.stage3_link.locate`).  The result is a
:class:`~bridgelaws.stage3_link.linkage.Linkage`: link spans per paragraph for the pages,
one :class:`~bridgelaws.stage3_link.linkage.Reference` per citation for the export and the
parse report, and each document's defined terms.
"""

from __future__ import annotations

from collections.abc import Iterator

from bridgelaws.core.model import Paragraph
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.citations import Citation, Context, get_grammar
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage3_link.glossary import glossary
from bridgelaws.stage3_link.linkage import Link, Linkage, Reference
from bridgelaws.stage3_link.locate import SourceLines
from bridgelaws.stage3_link.resolve import Resolver


def contexts(entry: Entry) -> Iterator[tuple[Paragraph, Context]]:
    """Every paragraph of a document with the provision it stands in."""
    document = entry.document
    for paragraph in document.front_matter + document.back_matter:
        yield paragraph, Context()
    for definition in document.definitions:
        for paragraph in definition.paragraphs:
            yield paragraph, Context()
    for law in document.laws:
        for paragraph in law.paragraphs:
            yield paragraph, Context(law.ref, law.number)
        for node in law.provisions():
            for paragraph in node.paragraphs:
                yield paragraph, Context(node.ref, law.number)
    for point in document.points:
        for paragraph in point.paragraphs:
            yield paragraph, Context(point.ref, None)
        for node in point.provisions():
            for paragraph in node.paragraphs:
                yield paragraph, Context(node.ref, None)


def link(corpus: Corpus, concordance: Concordance | None = None) -> Linkage:
    """Every citation found and resolved, and every document's glossary.

    Citations into another edition go through ``concordance`` (none: to the law only).
    """
    linkage = Linkage(concordance=concordance or Concordance())
    resolver = Resolver(corpus, linkage.concordance)
    sources: dict[int, SourceLines] = {}  # one per file read (a book holds two documents)
    for entry in corpus.entries:
        linkage.glossaries[entry.meta.id] = glossary(entry.document, entry.meta.lang)
        try:
            find = get_grammar(entry.meta.grammar)
        except (LookupError, ImportError) as error:
            linkage.errors.append(f"{entry.meta.id}: {error}")
            continue
        source = sources.setdefault(id(entry.intake), SourceLines.of(entry.intake))
        references = linkage.references.setdefault(entry.meta.id, [])
        for paragraph, context in contexts(entry):
            for citation in find(paragraph.text, context):
                references.append(_link_citation(linkage, resolver, entry, paragraph, citation, context, source))
    return linkage


def _link_citation(
    linkage: Linkage,
    resolver: Resolver,
    entry: Entry,
    paragraph: Paragraph,
    citation: Citation,
    context: Context,
    source: SourceLines,
) -> Reference:
    resolutions = tuple(resolver.resolve(entry, part.target) for part in citation.parts)
    spans = linkage.links.setdefault(id(paragraph), [])
    spans.extend(
        Link(part.start, part.end, resolution)
        for part, resolution in zip(citation.parts, resolutions, strict=True)
        if resolution
    )
    return Reference(
        doc_id=entry.meta.id,
        in_ref=context.ref or "",
        line=source.line_of(paragraph, citation.start, citation.end),
        text=paragraph.text[citation.start : citation.end],
        targets=tuple(citation.targets),
        resolutions=resolutions,
    )
