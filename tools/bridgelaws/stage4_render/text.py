"""Source text as HTML blocks: paragraphs, provisions, footnotes, front and back matter.

A paragraph's text is escaped; markup goes only around spans of it (:class:`Markup`): footnote
markers, and what :func:`page_decorator` adds from the link stage — citations as links
(``→ fi 1997`` when they leave the text) and the first use of each defined term.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridgelaws.core import refs, urls
from bridgelaws.core.model import Footnote, Level, Paragraph, Provision
from bridgelaws.stage2_parse.corpus import Entry
from bridgelaws.stage3_link.glossary import find_terms
from bridgelaws.stage3_link.linkage import Linkage, Resolution
from bridgelaws.stage4_render.page import Page, h, md_inline, t


@dataclass(frozen=True)
class Markup:
    """Markup around ``text[start:end]`` of a paragraph: a link, a footnote marker, a term."""

    start: int
    end: int
    open: str
    close: str


Decorate = Callable[[Paragraph], list[Markup]]


def no_toolbar(node: Provision) -> str:
    return ""


@dataclass(frozen=True)
class Tools:
    """What :func:`provision_blocks` adds to each provision: the tooltip of its permalink (its
    label, a link to itself) and its toolbar's static part (``""``: none), shown when the
    provision is the page's target (:mod:`~bridgelaws.stage4_render.provisions`)."""

    permalink_title: str = ""
    toolbar: Callable[[Provision], str] = no_toolbar

    def label(self, node: Provision) -> str:
        """``<a class="pv-a" href="#16A1"><b class="label">1.</b></a>``: the label links its provision."""
        title = f' title="{h(self.permalink_title)}"' if self.permalink_title else ""
        return f'<a class="pv-a" href="#{refs.anchor(node.ref)}"{title}><b class="label">{h(node.label)}</b></a>'


NO_TOOLS = Tools()


def no_decoration(paragraph: Paragraph) -> list[Markup]:
    return []


def note_markup(paragraph: Paragraph, owner: str) -> list[Markup]:
    spans = []
    for note in paragraph.notes:
        if paragraph.text[note.offset : note.offset + len(note.mark)] == note.mark:
            target = refs.footnote_anchor(owner, note.mark)
            spans.append(
                Markup(
                    note.offset, note.offset + len(note.mark), f'<sup class="fn-ref"><a href="#{target}">', "</a></sup>"
                )
            )
    return spans


def paragraph_html(
    paragraph: Paragraph,
    owner: str,
    css: str = "",
    attrs: str = "",
    lead: str = "",
    decorate: Decorate = no_decoration,
) -> str:
    """One paragraph as a raw HTML block: text escaped; markers, links and terms marked up.

    Spans that overlap an earlier one are left out (a citation wins over a term inside it).
    """
    text = paragraph.text
    parts: list[str] = []
    position = 0
    for span in sorted([*note_markup(paragraph, owner), *decorate(paragraph)], key=lambda m: (m.start, -m.end)):
        if span.start < position or span.end > len(text) or span.start >= span.end:
            continue
        parts.append(h(text[position : span.start]))
        parts.append(f"{span.open}{h(text[span.start : span.end])}{span.close}")
        position = span.end
    parts.append(h(text[position:]))
    content = "".join(parts)
    tag = "pre" if paragraph.style == "pre" else "p"
    classes = " ".join(c for c in (css, "pre" if paragraph.style == "pre" else "") if c)
    class_attr = f' class="{classes}"' if classes else ""
    return f"<{tag}{class_attr}{attrs}>{lead}{content}</{tag}>"


HEADING_DEPTH = {Level.SECTION: 2, Level.ITEM: 3, Level.SUBITEM: 4, Level.SUBSUBITEM: 5}


def provision_blocks(
    node: Provision,
    owner: str,
    pending: list[Provision] | None = None,
    decorate: Decorate = no_decoration,
    tools: Tools = NO_TOOLS,
) -> list[str]:
    """Markdown blocks for a provision and its children.

    Sections, and provisions printed with a title, become headings (in the page's table of
    contents), their toolbar a block after them; untitled items become paragraphs led by
    their toolbar and their label.  An untitled provision with no text of its own (``1. a.
    Kun laki …``) lends its label and anchor to the first paragraph of its first child.
    """
    pending = list(pending or [])
    blocks: list[str] = []
    level = node.level.value
    anchor = refs.anchor(node.ref)
    spans = "".join(f'<span id="{refs.anchor(p.ref)}"></span>' for p in pending)
    labels = " ".join(tools.label(p) for p in [*pending, node]) + " "
    toolbar = tools.toolbar(node)
    if node.level is Level.SECTION or node.title:
        title = f" {md_inline(node.title)}" if node.title else ""
        heading = f"{spans}{md_inline(node.label)}{title}"
        blocks.append(f"{'#' * HEADING_DEPTH[node.level]} {heading} {{ #{anchor} .prov-h }}")
        if toolbar:
            blocks.append(f'<p class="pv-after">{toolbar}</p>')
        pending = []
        for paragraph in node.paragraphs:
            blocks.append(paragraph_html(paragraph, owner, f"prov-text lvl-{level}", decorate=decorate))
    elif node.paragraphs:
        first, *others = node.paragraphs
        lead = toolbar + spans + labels
        blocks.append(paragraph_html(first, owner, f"prov lvl-{level}", f' id="{anchor}"', lead, decorate))
        for paragraph in others:
            blocks.append(paragraph_html(paragraph, owner, f"prov-text lvl-{level}", decorate=decorate))
        pending = []
    elif node.children:
        pending.append(node)
    else:
        blocks.append(f'<p class="prov lvl-{level}" id="{anchor}">{toolbar}{spans}{labels.rstrip()}</p>')
        pending = []
    for index, child in enumerate(node.children):
        blocks.extend(provision_blocks(child, owner, pending if index == 0 else None, decorate, tools))
    return blocks


def footnote_blocks(notes: list[Footnote], owner: str, lang: str) -> list[str]:
    if not notes:
        return []
    blocks = [f'<section class="footnotes" aria-label="{h(t(lang, "footnotes"))}">']
    for note in notes:
        anchor = refs.footnote_anchor(owner, note.key)
        blocks.append(
            f'<p id="{anchor}" class="footnote"><span class="fn-mark">{h(note.mark)}</span> {h(note.text)}</p>'
        )
    blocks.append("</section>")
    return ["\n".join(blocks)]


def matter_blocks(paragraphs: list[Paragraph], kind: str, decorate: Decorate = no_decoration) -> list[str]:
    blocks = [f'<div class="matter matter-{kind}">']
    for paragraph in paragraphs:
        if paragraph.style == "heading":
            blocks.append(f'<p class="matter-heading"><strong>{h(paragraph.text)}</strong></p>')
        else:
            blocks.append(paragraph_html(paragraph, kind, decorate=decorate))
    blocks.append("</div>")
    return ["\n".join(blocks), ""]


def via(resolution: Resolution) -> str:
    """How a link that leaves the text names where it goes: ``fi 1997``; into another edition,
    with the provision as that edition numbers it: ``fi 2007 · 16D`` (``· 65``: the law, when no
    concordance row says which provision)."""
    where = f"{resolution.document.lang} {resolution.document.edition}"
    return f"{where} · {resolution.ref}" if resolution.other_edition else where


def page_decorator(linkage: Linkage, entry: Entry, page: Page, explain_terms: bool = True) -> Decorate:
    """Links for the citations in a page's paragraphs, and the first use of each defined term."""
    terms = linkage.glossary(entry.meta.id) if explain_terms else []
    seen: set[str] = set()

    def decorate(paragraph: Paragraph) -> list[Markup]:
        spans = []
        for link in linkage.for_paragraph(paragraph):
            resolution = link.resolution
            href = page.link(urls.provision(resolution.document, resolution.owner, resolution.ref))
            if resolution.elsewhere:
                spans.append(
                    Markup(
                        link.start,
                        link.end,
                        f'<a class="ref ref-elsewhere" href="{h(href)}" hreflang="{h(resolution.document.lang)}">',
                        f'<span class="via"> → {h(via(resolution))}</span></a>',
                    )
                )
            else:
                spans.append(Markup(link.start, link.end, f'<a class="ref" href="{href}">', "</a>"))
        for start, end, term in find_terms(paragraph.text, terms, seen):
            spans.append(Markup(start, end, f'<abbr class="term" title="{h(term.gloss)}" tabindex="0">', "</abbr>"))
        return spans

    return decorate
