"""A document's start page (contents first, then provenance) and its definitions page."""

from __future__ import annotations

import json

from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.page import (
    Page,
    definitions_index_fields,
    h,
    lang_attr,
    law_nav_title,
    md_inline,
    single_quoted,
    t,
)
from bridgelaws.stage4_render.switcher import document_alternates, simple_alternates
from bridgelaws.stage4_render.text import Notes, matter_blocks, page_decorator, paragraph_html
from bridgelaws.termbase import Place, TermBase, definition_anchor


def document_page(corpus: Corpus, linkage: Linkage, entry: Entry) -> Page:
    """A document's start page: its contents first (two taps to a law), then where it came from."""
    meta, document, lang = entry.meta, entry.document, entry.meta.lang
    page = Page(
        url=urls.document(meta),
        lang=lang,
        title=meta.title,
        body=[],
        description=f"{meta.title} ({meta.edition}) – {meta.source.file}",
        meta={"doc": meta.id},
        index=True,
        alternates=document_alternates(corpus, entry),
    )
    body = page.body
    body.extend([f"# {md_inline(meta.title)}", ""])
    facts = [f"{h(t(lang, 'edition'))} {h(meta.edition)}"]
    if document.definitions:
        facts.append(f'<a href="{h(page.link(urls.definitions(meta)))}">{h(t(lang, "definitions"))}</a>')
    facts.append(f'<a href="#source">{h(t(lang, "source"))}</a>')
    body.extend([f'<p class="doc-meta">{" · ".join(facts)}</p>', ""])
    body.extend([f'<p class="copyright">{h(meta.copyright)}</p>', ""])
    if meta.extract:
        body.extend([f'<p class="extract">{h(t(lang, "extract"))}</p>', ""])
    items = []
    for law in sorted(document.laws, key=lambda law: law.number):
        items.append(f'<li><a href="{h(page.link(urls.law(meta, law.number)))}">{h(law_nav_title(law, lang))}</a></li>')
    for point in document.points:
        label = f"{point.label} {point.title}".strip()
        items.append(f'<li><a href="{h(page.link(urls.law(meta, point.number)))}">{h(label)}</a></li>')
    body.extend([f'<nav aria-label="{h(t(lang, "contents"))}"><ul class="contents">{"".join(items)}</ul></nav>', ""])
    body.extend([f"## {md_inline(t(lang, 'source'))} {{ #source }}", "", provenance_block(entry, page), ""])
    decorate = page_decorator(linkage, entry, page, explain_terms=False)
    if not document.definitions:
        body.extend(chapter_blocks(entry))
    if document.front_matter:
        body.extend(matter_blocks(document.front_matter, "front", decorate))
    if document.back_matter:
        body.extend(matter_blocks(document.back_matter, "back", decorate))
    return page


def provenance_block(entry: Entry, page: Page) -> str:
    """Source file, how it was captured (the document's ``provenance`` in its language, else the
    source's ``origin`` in English, so marked) and copyright."""
    meta, lang = entry.meta, page.lang
    rows = [(t(lang, "source_file"), f"<code>{h(meta.source.file)}</code>", "")]
    if entry.document.title and entry.document.title != meta.title:
        # the source's own title line: the page is titled by the manifest, but the line is text
        # of the source, and the parse report counts it as output (core/accounting)
        rows.append((t(lang, "source_title"), h(entry.document.title), lang_attr(meta.lang, lang)))
    rows.extend(
        [
            (t(lang, "captured"), h(meta.provenance), lang_attr(meta.lang, lang))
            if meta.provenance
            else (t(lang, "captured"), h(meta.source.origin), lang_attr("en", lang)),
            (t(lang, "copyright"), h(meta.copyright), ""),
        ]
    )
    items = "".join(f"<dt>{h(key)}</dt><dd{attr}>{value}</dd>" for key, value, attr in rows)
    return f'<dl class="provenance">{items}</dl>'


def definitions_page(
    linkage: Linkage, entry: Entry, corpus: Corpus | None = None, term_base: TermBase | None = None
) -> Page:
    """A document's definitions; its language menu opens another language's definitions (its
    text of the same edition first), at the same concept's definition (from the term base)."""
    meta, lang = entry.meta, entry.meta.lang
    others = _definitions_elsewhere(corpus, entry) if corpus else {}
    alternates = {**(document_alternates(corpus, entry) if corpus else simple_alternates(urls.home))}
    alternates.update({code: urls.definitions(other.meta) for code, other in others.items()})
    page = Page(
        url=urls.definitions(meta),
        lang=lang,
        title=t(lang, "definitions"),
        body=[],
        description=f"{meta.title}: {t(lang, 'definitions')}",
        meta={"doc": meta.id, "pagefind": definitions_index_fields(entry)},
        alternates={**alternates, lang: urls.definitions(meta)},
    )
    body = page.body
    if corpus and term_base:
        body.extend(_language_definitions(corpus, term_base, page, entry, others))
    body.extend([f"# {md_inline(t(lang, 'definitions'))}", ""])
    body.extend([f'<p class="law-source"><a href="{h(page.link(urls.document(meta)))}">{h(meta.title)}</a></p>', ""])
    # where another language's definitions page sends a reader whose definition this text lacks,
    # keep-place.js fills this line with the term they came from
    none = h(t(lang, "definition_none"))
    body.extend([f'<p class="definition-note" role="status" hidden data-definition-none="{none}"></p>', ""])
    body.extend(chapter_blocks(entry))
    items = []
    decorate = page_decorator(linkage, entry, page, explain_terms=False)
    for definition, anchor in zip(entry.document.definitions, term_anchors(entry.document), strict=True):
        senses = "".join(paragraph_html(p, Notes("def"), decorate=decorate) for p in definition.paragraphs)
        items.append(f'<dt id="{anchor}">{h(definition.term)}</dt><dd>{senses}</dd>')
    body.append(f'<dl class="definitions">{"".join(items)}</dl>')
    return page


def chapter_blocks(entry: Entry) -> list[str]:
    """The document's own chapter headings, those before its first law (``I LUKU –
    MÄÄRITELMÄT``): on the definitions page, which holds what they head, or else on the
    document page; as a law page shows its law's chapter heading."""
    blocks: list[str] = []
    for heading in entry.document.headings:
        blocks.extend([f'<p class="law-chapter">{h(heading.text)}</p>', ""])
    return blocks


def _definitions_elsewhere(corpus: Corpus, entry: Entry) -> dict[str, Entry]:
    """Each other language's text with definitions: of the same edition first, else the newest."""
    found: dict[str, Entry] = {}
    for lang in facts.INTERFACE_LANGUAGES:
        texts = [e for e in corpus.in_language(lang) if e.document.definitions and e.meta.lang != entry.meta.lang]
        texts.sort(key=lambda e: (e.meta.edition != entry.meta.edition, -int(e.meta.edition)))
        if texts:
            found[lang] = texts[0]
    return found


def _language_definitions(
    corpus: Corpus, term_base: TermBase, page: Page, entry: Entry, others: dict[str, Entry]
) -> list[str]:
    """What laws.js follows to keep the reader's definition through the language menu, as on a
    law page (``#language-provisions``): for each language with definitions, where each
    definition of this page is there — the same concept's definition (the term base's
    ``defined`` places), else "" (none: that page's top, with a line saying the text does not
    define the term, as a law page says a provision has no counterpart)."""
    anchors = list(zip(entry.document.definitions, term_anchors(entry.document), strict=True))
    data: dict[str, dict[str, object]] = {}
    for lang, other in others.items():
        where = {}
        for definition, anchor in anchors:
            concepts = [
                c
                for c in term_base.concepts
                if any(p.doc == entry.meta.id and p.term == definition.term for p in c.defined)
            ]
            there = [
                found
                for concept in concepts
                # the menu's own text first, then the language's others; definitions before provisions
                for place in sorted(concept.defined, key=lambda place: (place.doc != other.meta.id, place.term is None))
                if (found := _place_link(corpus, page, place, other.meta.lang))
            ]
            where[anchor] = there[0] if there else ""
        data[lang] = {"edition": other.meta.edition, "same": False, "provisions": where}
    if not data:
        return []
    payload = single_quoted(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    return [f"<div id=\"language-provisions\" hidden data-provisions='{payload}'></div>", ""]


def _place_link(corpus: Corpus, page: Page, place: Place, lang: str) -> str:
    """``place`` (a definition, or a provision that defines the concept) as a link from ``page``,
    when a text of ``lang`` holds it ("" otherwise)."""
    entry = corpus.by_id(place.doc)
    if entry is None or entry.meta.lang != lang:
        return ""
    if place.term is not None:
        anchor = definition_anchor(place, corpus)
        return f"{page.link(urls.definitions(entry.meta))}#{anchor}" if anchor else ""
    ref = place.ref or ""
    law = refs.law_of(ref)
    return page.link(urls.provision(entry.meta, law, ref)) if law and entry.document.law(law) else ""
