"""A document's start page (contents first, then provenance) and its definitions page."""

from __future__ import annotations

from bridgelaws.core import urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.glossary import term_anchors
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.page import Page, definitions_index_fields, h, lang_attr, law_nav_title, md_inline, t
from bridgelaws.stage4_render.switcher import document_alternates, simple_alternates
from bridgelaws.stage4_render.text import Notes, matter_blocks, page_decorator, paragraph_html


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
    """Source file, how it was captured (the manifest's words, in English) and copyright."""
    meta, lang = entry.meta, page.lang
    rows = [(t(lang, "source_file"), f"<code>{h(meta.source.file)}</code>", "")]
    if entry.document.title and entry.document.title != meta.title:
        # the source's own title line: the page is titled by the manifest, but the line is text
        # of the source, and the parse report counts it as output (core/accounting)
        rows.append((t(lang, "source_title"), h(entry.document.title), lang_attr(meta.lang, lang)))
    rows.extend(
        [
            (t(lang, "captured"), h(meta.source.origin), lang_attr("en", lang)),
            (t(lang, "copyright"), h(meta.copyright), ""),
        ]
    )
    items = "".join(f"<dt>{h(key)}</dt><dd{attr}>{value}</dd>" for key, value, attr in rows)
    return f'<dl class="provenance">{items}</dl>'


def definitions_page(linkage: Linkage, entry: Entry) -> Page:
    meta, lang = entry.meta, entry.meta.lang
    page = Page(
        url=urls.definitions(meta),
        lang=lang,
        title=t(lang, "definitions"),
        body=[],
        description=f"{meta.title}: {t(lang, 'definitions')}",
        meta={"doc": meta.id, "pagefind": definitions_index_fields(entry)},
        alternates={**simple_alternates(urls.home), lang: urls.definitions(meta)},
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'definitions'))}", ""])
    body.extend([f'<p class="law-source"><a href="{h(page.link(urls.document(meta)))}">{h(meta.title)}</a></p>', ""])
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
