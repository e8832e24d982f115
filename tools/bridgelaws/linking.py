"""Find every citation in the corpus and resolve it to a URL.

For each paragraph of each document the document's grammar (manifest ``grammar``) finds the
citations; each target is resolved:

1. in the same document, at the provision itself or its nearest printed ancestor
   (``12C1b`` in a text with no sub-item *b* goes to ``12C1``);
2. otherwise in the closest other text that has the law: same language other edition
   (nearest edition first), then same edition other language, then the rest — and the link
   says where it goes (``→ fi 1997``);
3. otherwise nowhere: the citation stays plain text and is listed as unresolved.

The result is a :class:`Linkage`: link spans per paragraph for the renderer and one
:class:`Reference` per citation for the export and the parse report.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from . import refs, urls
from .citations import Citation, Context, get_grammar
from .corpus import Corpus, Entry
from .locate import SourceLines
from .model import Paragraph
from .refs import ancestors


@dataclass(frozen=True)
class Link:
    """A span of a paragraph that links to ``url``; ``via`` names another text it goes to."""

    start: int
    end: int
    target: str
    url: str
    via: str | None = None


@dataclass(frozen=True)
class Reference:
    """One citation as the export lists it."""

    doc_id: str
    in_ref: str
    line: int
    text: str
    targets: tuple[str, ...]
    urls: tuple[str | None, ...]


@dataclass
class Linkage:
    links: dict[int, list[Link]] = field(default_factory=dict)  # id(paragraph) → links
    references: dict[str, list[Reference]] = field(default_factory=dict)  # doc id → references
    errors: list[str] = field(default_factory=list)

    def for_paragraph(self, paragraph: Paragraph) -> list[Link]:
        return self.links.get(id(paragraph), [])

    def unresolved(self) -> Iterator[Reference]:
        for references in self.references.values():
            for reference in references:
                if any(url is None for url in reference.urls):
                    yield reference


class Resolver:
    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self._provisions: dict[tuple[str, int | str], set[str]] = {}
        for entry in corpus.entries:
            for law in entry.document.laws:
                self._provisions[(entry.meta.id, law.number)] = {str(law.number)} | {
                    node.ref for node in law.provisions()
                }
            for point in entry.document.points:
                self._provisions[(entry.meta.id, point.number)] = {refs.point_ref(point.number)} | {
                    node.ref for node in point.provisions()
                }

    def candidates(self, entry: Entry) -> list[Entry]:
        """Texts to look in, closest first: this one, same language, same edition, the rest."""
        others = [e for e in self.corpus.entries if e is not entry and e.meta.kind == "laws"]
        year = int(entry.meta.edition)
        others.sort(
            key=lambda e: (
                e.meta.lang != entry.meta.lang,
                e.meta.edition != entry.meta.edition,
                abs(int(e.meta.edition) - year),
                e.meta.id,
            )
        )
        return [entry, *others]

    def resolve(self, entry: Entry, target: str) -> Link | None:
        """Where ``target`` (cited in ``entry``) links to, or None when no text has it."""
        if target.startswith("point:"):
            number = target[len("point:") :].split(".")[0]
            return self._at(entry, number, target, None)
        law = refs.law_of(target)
        if law is None:
            return None
        for candidate in self.candidates(entry):
            via = None if candidate is entry else f"{candidate.meta.lang} {candidate.meta.edition}"
            link = self._at(candidate, law, target, via)
            if link:
                return link
        return None

    def _at(self, entry: Entry, owner: int | str, target: str, via: str | None) -> Link | None:
        provisions = self._provisions.get((entry.meta.id, owner))
        if not provisions:
            return None
        for ref in ancestors(target):
            if ref in provisions:
                return Link(0, 0, target, f"{urls.law(entry.meta, owner)}#{refs.anchor(ref)}", via)
        return None


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
            yield paragraph, Context(str(law.number), law.number)
        for node in law.provisions():
            for paragraph in node.paragraphs:
                yield paragraph, Context(node.ref, law.number)
    for point in document.points:
        root = refs.point_ref(point.number)
        for paragraph in point.paragraphs:
            yield paragraph, Context(root, None)
        for node in point.provisions():
            for paragraph in node.paragraphs:
                yield paragraph, Context(node.ref, None)


def link_corpus(corpus: Corpus) -> Linkage:
    linkage = Linkage()
    resolver = Resolver(corpus)
    sources: dict[str, SourceLines] = {}
    for entry in corpus.entries:
        try:
            find = get_grammar(entry.meta.grammar)
        except (LookupError, ImportError) as error:
            linkage.errors.append(f"{entry.meta.id}: {error}")
            continue
        source = sources.setdefault(entry.meta.source.file, SourceLines.read(entry.meta.source.path))
        references = linkage.references.setdefault(entry.meta.id, [])
        for paragraph, context in contexts(entry):
            for citation in find(paragraph.text, context):
                links = _resolve_citation(resolver, entry, citation)
                linkage.links.setdefault(id(paragraph), []).extend(link for link in links if link)
                references.append(
                    Reference(
                        doc_id=entry.meta.id,
                        in_ref=context.ref or "",
                        line=source.line_of(paragraph, citation.start, citation.end),
                        text=paragraph.text[citation.start : citation.end],
                        targets=tuple(citation.targets),
                        urls=tuple(urls.absolute(link.url) if link else None for link in links),
                    )
                )
    return linkage


def _resolve_citation(resolver: Resolver, entry: Entry, citation: Citation) -> list[Link | None]:
    links: list[Link | None] = []
    for part in citation.parts:
        link = resolver.resolve(entry, part.target)
        links.append(Link(part.start, part.end, link.target, link.url, link.via) if link else None)
    return links
