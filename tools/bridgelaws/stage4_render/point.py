"""A national regulation's point (``/pl/2017/pzbs/3/``, ``/fi/1997/sbl/2/``)."""

from __future__ import annotations

from bridgelaws.core import refs, urls
from bridgelaws.core.model import Point
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.national import point_alternates
from bridgelaws.stage4_render.notes import notes_here
from bridgelaws.stage4_render.page import Page, display_title, h, md_inline, point_index_fields, t
from bridgelaws.stage4_render.provisions import point_tools, print_note, script_data
from bridgelaws.stage4_render.text import (
    Decorate,
    Notes,
    footnote_blocks,
    page_decorator,
    paragraph_html,
    provision_blocks,
)


def point_page(corpus: Corpus, linkage: Linkage, entry: Entry, point: Point) -> Page:
    meta, lang = entry.meta, entry.meta.lang
    title = f"{point.label} {point.title}".strip()
    page = Page(
        url=urls.law(meta, point.number),
        lang=lang,
        title=f"{point.number}. {display_title(point.title, lang)}"
        if point.title
        else t(lang, "point", n=point.number),
        body=[],
        description=f"{meta.title}: {title}",
        meta={"point": point.number, "doc": meta.id, "pagefind": point_index_fields(entry, point)},
        alternates=point_alternates(corpus, linkage, entry, point),
    )
    owner = refs.anchor(refs.point_ref(point.number))
    body = page.body
    body.append(f"# {md_inline(title)} {{ #{owner} }}")
    body.append("")
    body.append(
        f'<p class="law-source"><a href="{h(page.link(urls.document(meta)))}">{h(meta.title)}</a>'
        f' <span class="edition">{h(meta.edition)}</span></p>'
    )
    body.append("")
    body.extend(print_note(page, entry, title))
    decorate = page_decorator(linkage, entry, page, explain_terms=False)
    if point.laws:
        links = ", ".join(point_law_links(point, linkage, decorate))
        body.extend([f'<p class="point-laws">{h(t(lang, "modifies"))}: {links}</p>', ""])
    notes = Notes(owner, point.footnotes, lang)  # markers are numbered in reading order: render in it
    for paragraph in point.paragraphs:
        body.extend([paragraph_html(paragraph, notes, "law-text", decorate=decorate), ""])
    tools = point_tools(page)
    for child in point.children:
        for block in provision_blocks(child, notes, decorate=decorate, tools=tools):
            body.extend([block, ""])
    body.extend(footnote_blocks(notes, lang, decorate))
    body.extend(["", *script_data(page, entry)])
    body.extend(notes_here(page, entry, point))
    return page


def point_law_links(point: Point, linkage: Linkage, decorate: Decorate) -> list[str]:
    """The provisions a point concerns, each linked where its title's citation resolves: the
    provision itself, in the closest text that has it (``12C2b → tr 2017``), as in the text.

    A provision its title does not resolve stays plain text.
    """
    title = point.title_paragraph
    markup = {span.start: span for span in decorate(title, explain=False)}
    linked: dict[str, str] = {}
    for link in linkage.for_paragraph(title):
        span = markup.get(link.start)
        if span is not None:
            linked.setdefault(link.resolution.target, f"{span.open}{h(title.text[span.start : span.end])}{span.close}")
    return [linked.get(ref, h(ref)) for ref in point.laws]
