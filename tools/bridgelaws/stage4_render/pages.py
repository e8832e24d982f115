"""Every page of the site, in a stable order: the render stage's entry point."""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render import tmx
from bridgelaws.stage4_render.compare import compare_page, comparison
from bridgelaws.stage4_render.coverage import coverage_page
from bridgelaws.stage4_render.document import definitions_page, document_page
from bridgelaws.stage4_render.hubs import edition_page, home_page, hub_page, laws_index_page
from bridgelaws.stage4_render.law import law_page
from bridgelaws.stage4_render.notes import notes_page
from bridgelaws.stage4_render.numbering import numbering_page
from bridgelaws.stage4_render.page import Page
from bridgelaws.stage4_render.point import point_page
from bridgelaws.stage4_render.terms import terms_pages
from bridgelaws.termbase import TermBase


def all_pages(
    corpus: Corpus, linkage: Linkage, term_base: TermBase | None = None, found: tmx.Memories | None = None
) -> list[Page]:
    """Every page of the site, in a stable order (the term pages when a term base is given); the
    compare and terms pages link the export's translation memories (``found``, :func:`tmx.memories`,
    computed here when not given)."""
    pages: list[Page] = []
    found = tmx.memories(corpus, linkage.concordance) if found is None else found
    memories = [(first, second) for first, second, _ in found]
    for lang in facts.INTERFACE_LANGUAGES:
        pages.append(home_page(corpus, lang))
        pages.append(laws_index_page(corpus, lang, linkage, term_base))
        pages.extend(hub_page(corpus, linkage, lang, number, term_base) for number in facts.LAW_NUMBERS)
    document_urls = set()
    for entry in corpus.entries:
        pages.append(document_page(corpus, linkage, entry))
        document_urls.add(urls.document(entry.meta))
        if entry.document.definitions:
            pages.append(definitions_page(linkage, entry, corpus, term_base))
        laws = sorted(entry.document.laws, key=lambda law: law.number)
        pages.extend(law_page(corpus, linkage, entry, law, term_base) for law in laws)
        pages.extend(point_page(corpus, linkage, entry, point) for point in entry.document.points)
    # each law's texts and rows, aligned once for every interface language's compare page
    compared = {number: comparison(corpus, linkage, number) for number in corpus.law_numbers()}
    for lang in facts.INTERFACE_LANGUAGES:  # the interface pages, in every interface language
        pages.append(coverage_page(corpus, linkage, lang))
        pages.append(notes_page(lang))
        pages.extend(
            compare_page(corpus, linkage, number, lang, memories, compared[number]) for number in corpus.law_numbers()
        )
        pages.extend(numbering_page(corpus, linkage, number, lang) for number in corpus.law_numbers())
    editions: dict[tuple[str, str], list[Entry]] = {}
    for entry in corpus.entries:
        editions.setdefault((entry.meta.lang, entry.meta.edition), []).append(entry)
    for (lang, edition), entries in sorted(editions.items()):
        if urls.edition(lang, edition) not in document_urls:
            pages.append(edition_page(corpus, lang, edition, entries))
    if term_base is not None:
        for lang in facts.INTERFACE_LANGUAGES:
            pages.extend(terms_pages(corpus, term_base, lang, linkage.concordance, memories))
    return pages
