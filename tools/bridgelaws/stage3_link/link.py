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

from bridgelaws.core.model import Law, Paragraph, Point
from bridgelaws.stage1_read.repairs import invisible_name, is_invisible
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.citations import Citation, Context, Grammar, Part, get_grammar
from bridgelaws.stage3_link.citations.ranges import expand_ranges
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage3_link.glossary import glossary
from bridgelaws.stage3_link.linkage import Link, Linkage, Reference
from bridgelaws.stage3_link.locate import SourceLines
from bridgelaws.stage3_link.resolve import Resolver


def contexts(entry: Entry) -> Iterator[tuple[Paragraph, Context]]:
    """Every text of a document that may cite, with the provision it stands in: paragraphs,
    provision and point titles (``Lepääjä (… 42 ja 43 §:ssä)``, ``Przepisy 12C2b i 12C2d``) and
    footnotes (``* 43B2(b) §``)."""
    document = entry.document
    for paragraph in document.front_matter + document.back_matter:
        yield paragraph, Context()
    for definition in document.definitions:
        for paragraph in definition.paragraphs:
            yield paragraph, Context()
    for law in document.laws:
        yield from _numbered(law, law.number)
    for point in document.points:
        if point.title:  # a point's title names the provisions it concerns: 3. Przepisy 12C2b i 12C2d
            yield point.title_paragraph, Context(point.ref, None)
        yield from _numbered(point, None)


def _numbered(owner: Law | Point, law: int | None) -> Iterator[tuple[Paragraph, Context]]:
    marked_in: dict[str, str] = {}  # a footnote reads in the provision its marker stands in
    for paragraph in owner.paragraphs:
        marked_in.update((note.mark, owner.ref) for note in paragraph.notes)
        yield paragraph, Context(owner.ref, law)
    for node in owner.provisions():
        if node.title:
            yield node.title_paragraph, Context(node.ref, law)
        for paragraph in node.paragraphs:
            marked_in.update((note.mark, node.ref) for note in paragraph.notes)
            yield paragraph, Context(node.ref, law)
    for note in owner.footnotes:
        yield note.paragraph, Context(marked_in.get(note.key, owner.ref), law)


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
            suspect = any(is_invisible(ch) for ch in set(paragraph.text))  # each distinct character once
            for citation in citations_in(paragraph, find, context):
                hidden = _invisible_beside(paragraph.text, citation) if suspect else None
                reference = _link_citation(
                    linkage, resolver, entry, paragraph, citation, context, source, hidden is None
                )
                references.append(reference)
                if hidden is not None:
                    linkage.warnings.append(
                        f"{entry.meta.source.file}:{reference.line}: citation {reference.text!r} has an invisible "
                        f"{invisible_name(hidden)} (U+{ord(hidden):04X}) in it: left unlinked"
                    )
    return linkage


def citations_in(paragraph: Paragraph, find: Grammar, context: Context) -> list[Citation]:
    """The citations of a paragraph, with offsets in its text.

    The grammar reads the text as printed (:meth:`~bridgelaws.core.model.Paragraph.printed`):
    a page hint tells it that ``(s. 37) 23`` is Law 23, not the number 23.  A citation's text
    (the export's) keeps the hint; its links start at the law after the hint.  A range's ends
    imply what lies between (``A-E`` → A, B, C, D, E: :mod:`~bridgelaws.stage3_link.citations.ranges`).
    """
    printed = paragraph.printed()
    found = [expand_ranges(printed, citation) for citation in find(printed, context)]
    if not paragraph.hints:
        return found
    at = paragraph.from_printed
    return [
        Citation(
            at(citation.start),
            at(citation.end),
            tuple(Part(at(part.start), at(part.end), part.target) for part in citation.parts),
            printed=printed[citation.start : citation.end],
        )
        for citation in found
    ]


def _invisible_beside(text: str, citation: Citation) -> str | None:
    """An invisible character inside a citation or in the words it touches, if any.

    Intake removes them all (:func:`~bridgelaws.stage1_read.repairs.drop_invisible_characters`);
    one that reaches a paragraph anyway may have cut the citation short (``lag 6\\u200d5B3`` read
    as ``lag 6``, another law; ``12C1(\\u200db)`` as ``12C1``), so such a citation is left
    unlinked (unresolved) with a warning.  ``lag 65B3 och\\u200d`` is left alone: a space stands
    between.
    """
    start, end = citation.start, citation.end
    reach = WORD_REACH  # bounded, so a line of citations with no space stays linear
    while reach and start > 0 and not text[start - 1].isspace():
        start, reach = start - 1, reach - 1
    reach = WORD_REACH
    while reach and end < len(text) and not text[end].isspace():
        end, reach = end + 1, reach - 1
    return next((ch for ch in text[start:end] if is_invisible(ch)), None)


WORD_REACH = 16  # how far past a citation its touching words are searched for invisible characters


def _link_citation(
    linkage: Linkage,
    resolver: Resolver,
    entry: Entry,
    paragraph: Paragraph,
    citation: Citation,
    context: Context,
    source: SourceLines,
    trusted: bool = True,
) -> Reference:
    resolutions = tuple(resolver.resolve(entry, part.target) if trusted else None for part in citation.parts)
    spans = linkage.links.setdefault(id(paragraph), [])
    spans.extend(
        Link(part.start, part.end, resolution)
        for part, resolution in zip(citation.parts, resolutions, strict=True)
        if resolution and part.end > part.start  # a target a range implies has nothing to tap
    )
    return Reference(
        doc_id=entry.meta.id,
        in_ref=context.ref or "",
        line=source.line_of(paragraph, citation.start, citation.end),
        text=citation.printed or paragraph.text[citation.start : citation.end],
        targets=tuple(citation.targets),
        resolutions=resolutions,
    )
