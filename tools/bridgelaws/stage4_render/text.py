"""Source text as HTML blocks: paragraphs, provisions, footnotes, front and back matter.

A paragraph's text is escaped; markup goes only around spans of it (:class:`Markup`): footnote
markers, and what :func:`page_decorator` adds from the link stage — citations as links
(``→ fi 1997`` when they leave the text) and the first use of each defined term.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.model import Footnote, Level, Paragraph, Provision
from bridgelaws.stage2_parse.corpus import Entry
from bridgelaws.stage3_link.glossary import find_terms
from bridgelaws.stage3_link.linkage import Linkage, Resolution
from bridgelaws.stage4_render.page import Page, h, language_name, md_inline, t


@dataclass(frozen=True)
class Markup:
    """Markup around ``text[start:end]`` of a paragraph: a link, a footnote marker, a term."""

    start: int
    end: int
    open: str
    close: str


class Decorate(Protocol):
    """Markup the link stage adds to a text: its citations, and (``explain``) defined terms."""

    def __call__(self, paragraph: Paragraph, explain: bool = True) -> list[Markup]: ...


def no_toolbar(node: Provision) -> str:
    return ""


@dataclass(frozen=True)
class Tools:
    """What :func:`provision_blocks` adds to each provision: the tooltip of its permalink (its
    label, a link to itself) and its toolbar's static part, the links it holds (``""``: none),
    shown when the provision is the page's target (:mod:`~bridgelaws.stage4_render.provisions`)."""

    permalink_title: str = ""
    toolbar: Callable[[Provision], str] = no_toolbar

    def label(self, node: Provision) -> str:
        """``<a class="pv-a" href="#16A1"><b class="label">1.</b></a>``: the label links its provision."""
        title = f' title="{h(self.permalink_title)}"' if self.permalink_title else ""
        return f'<a class="pv-a" href="#{refs.anchor(node.ref)}"{title}><b class="label">{h(node.label)}</b></a>'

    def bar(self, node: Provision, lent: bool = False) -> str:
        """``<span class="pv" data-pagefind-ignore>links</span>``, or ``""`` without links.  A
        provision that lends its label to its first child's paragraph has its own after its
        empty anchor, marked ``data-for`` (``:target + .pv[data-for]`` shows it)."""
        links = self.toolbar(node)
        owner = f' data-for="{refs.anchor(node.ref)}"' if lent else ""
        return f'<span class="pv"{owner} data-pagefind-ignore>{links}</span>' if links else ""


NO_TOOLS = Tools()


def no_decoration(paragraph: Paragraph, explain: bool = True) -> list[Markup]:
    return []


class Notes:
    """The footnotes of one law, point or matter, and where each marker in its text leads.

    The OCR'd 1997 book restarts its asterisks on every printed page, so a law can print two
    different footnotes marked ``*`` (fi 1997 Law 26), or one footnote again on each page that
    uses it (Law 70).  Each footnote gets its own id (``fn-26-s1``, then ``fn-26-s1-2``) and
    the n-th marker ``*`` in the text leads to the n-th footnote marked ``*`` — the last one
    when the text has more such markers than footnotes.  Markers must therefore be asked for
    in reading order, as the page prints them (:func:`paragraph_html` is).
    """

    def __init__(self, owner: str, footnotes: Sequence[Footnote] = (), lang: str = facts.DEFAULT_LANGUAGE) -> None:
        self.owner = owner
        self.lang = lang  # the page's: a marker's link is named "footnote 2" in its words
        self.footnotes = list(footnotes)
        self.printed = Counter(note.key for note in self.footnotes)
        self.seen: Counter[str] = Counter()

    def ids(self) -> list[str]:
        """The id of each footnote, in print order."""
        counted: Counter[str] = Counter()
        ids = []
        for note in self.footnotes:
            counted[note.key] += 1
            ids.append(refs.footnote_anchor(self.owner, note.key, counted[note.key]))
        return ids

    def target(self, mark: str) -> str:
        """The id the next marker ``mark`` in reading order leads to."""
        self.seen[mark] += 1
        return refs.footnote_anchor(self.owner, mark, min(self.seen[mark], max(self.printed[mark], 1)))


def note_markup(paragraph: Paragraph, notes: Notes) -> list[Markup]:
    spans = []
    for note in paragraph.notes:
        if paragraph.text[note.offset : note.offset + len(note.mark)] == note.mark:
            target = notes.target(note.mark)
            end = note.offset + len(note.mark)
            label = h(t(notes.lang, "footnote_ref", mark=note.mark))
            opening = f'<sup class="fn-ref"><a href="#{target}" aria-label="{label}">'
            spans.append(Markup(note.offset, end, opening, "</a></sup>"))
    return spans


def paragraph_html(
    paragraph: Paragraph,
    notes: Notes,
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
    for span in sorted([*note_markup(paragraph, notes), *decorate(paragraph)], key=lambda m: (m.start, -m.end)):
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


def title_markdown(title: Paragraph, decorate: Decorate = no_decoration) -> str:
    """A provision's title for its Markdown heading: escaped for Markdown, its citations linked
    (``Lepääjä (… 42 ja 43 §:ssä)``); terms are explained in the text, not in headings."""
    parts: list[str] = []
    position = 0
    for span in sorted(decorate(title, explain=False), key=lambda m: (m.start, -m.end)):
        if span.start < position or span.start >= span.end:
            continue
        parts += [md_inline(title.text[position : span.start]), span.open, md_inline(title.text[span.start : span.end])]
        parts.append(span.close)
        position = span.end
    parts.append(md_inline(title.text[position:]))
    return "".join(parts)


HEADING_DEPTH = {Level.SECTION: 2, Level.ITEM: 3, Level.SUBITEM: 4, Level.SUBSUBITEM: 5}


def provision_blocks(
    node: Provision,
    notes: Notes,
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
    spans = "".join(f'<span id="{refs.anchor(p.ref)}"></span>{tools.bar(p, lent=True)}' for p in pending)
    labels = " ".join(tools.label(p) for p in [*pending, node]) + " "
    toolbar = tools.bar(node)
    if node.level is Level.SECTION or node.title:
        title = f" {title_markdown(node.title_paragraph, decorate)}" if node.title else ""
        anchors = "".join(f'<span id="{refs.anchor(p.ref)}"></span>' for p in pending)  # no toolbar in a heading
        heading = f"{anchors}{md_inline(node.label)}{title}"
        blocks.append(f"{'#' * HEADING_DEPTH[node.level]} {heading} {{ #{anchor} .prov-h }}")
        if toolbar:
            blocks.append(f'<p class="pv-after">{toolbar}</p>')
        pending = []
        for paragraph in node.paragraphs:
            blocks.append(paragraph_html(paragraph, notes, f"prov-text lvl-{level}", decorate=decorate))
    elif node.paragraphs:
        first, *others = node.paragraphs
        lead = toolbar + spans + labels
        blocks.append(paragraph_html(first, notes, f"prov lvl-{level}", f' id="{anchor}"', lead, decorate))
        for paragraph in others:
            blocks.append(paragraph_html(paragraph, notes, f"prov-text lvl-{level}", decorate=decorate))
        pending = []
    elif node.children:
        pending.append(node)
    else:
        blocks.append(f'<p class="prov lvl-{level}" id="{anchor}">{toolbar}{spans}{labels.rstrip()}</p>')
        pending = []
    for index, child in enumerate(node.children):
        blocks.extend(provision_blocks(child, notes, pending if index == 0 else None, decorate, tools))
    return blocks


def footnote_blocks(notes: Notes, lang: str, decorate: Decorate = no_decoration) -> list[str]:
    """The law's (or point's) footnotes, their citations linked (``* 43B2(b) §``)."""
    if not notes.footnotes:
        return []
    blocks = [f'<section class="footnotes" aria-label="{h(t(lang, "footnotes"))}">']
    for note, anchor in zip(notes.footnotes, notes.ids(), strict=True):
        lead = f'<span class="fn-mark">{h(note.mark)}</span> '
        blocks.append(paragraph_html(note.paragraph, notes, "footnote", f' id="{anchor}"', lead, decorate))
    blocks.append("</section>")
    return ["\n".join(blocks)]


def matter_blocks(paragraphs: list[Paragraph], kind: str, decorate: Decorate = no_decoration) -> list[str]:
    blocks = [f'<div class="matter matter-{kind}">']
    for paragraph in paragraphs:
        if paragraph.style == "heading":
            blocks.append(f'<p class="matter-heading"><strong>{h(paragraph.text)}</strong></p>')
        else:
            blocks.append(paragraph_html(paragraph, Notes(kind), decorate=decorate))
    blocks.append("</div>")
    return ["\n".join(blocks), ""]


def via(resolution: Resolution) -> str:
    """How a link that leaves the text names where it goes: ``fi 1997``; into another edition,
    with the provision as that edition numbers it: ``fi 2007 · 16D`` (``· 65``: the law, when no
    concordance row says which provision)."""
    where = f"{resolution.document.lang} {resolution.document.edition}"
    return f"{where} · {resolution.ref}" if resolution.other_edition else where


def elsewhere_title(resolution: Resolution, lang: str) -> str:
    """The tooltip of a link that leaves the text, in the page's language: ``Toisessa tekstissä: Svenska 2007``
    (the mark itself, ``→ sv 2007``, is codes any reader can read)."""
    where = f"{language_name(resolution.document.lang)} {resolution.document.edition}"
    return t(lang, "elsewhere_title", text=where)


def page_decorator(linkage: Linkage, entry: Entry, page: Page, explain_terms: bool = True) -> Decorate:
    """Links for the citations in a page's paragraphs, and the first use of each defined term."""
    terms = linkage.glossary(entry.meta.id) if explain_terms else []
    seen: set[str] = set()

    def decorate(paragraph: Paragraph, explain: bool = True) -> list[Markup]:
        spans = []
        for link in linkage.for_paragraph(paragraph):
            resolution = link.resolution
            href = page.link(urls.provision(resolution.document, resolution.owner, resolution.ref))
            hint = paragraph.hint_at(link.start)
            page_note = t(page.lang, "printed_page", page=hint.page) if hint else ""
            tooltip = f' title="{h(page_note)}"' if hint else ""
            if resolution.elsewhere:
                spans.append(
                    Markup(
                        link.start,
                        link.end,
                        f'<a class="ref ref-elsewhere" href="{h(href)}" hreflang="{h(resolution.document.lang)}"'
                        f' title="{h(" · ".join(filter(None, (elsewhere_title(resolution, page.lang), page_note))))}">',
                        f'<span class="via"> → {h(via(resolution))}</span></a>',
                    )
                )
            else:
                spans.append(Markup(link.start, link.end, f'<a class="ref" href="{h(href)}"{tooltip}>', "</a>"))
        for start, end, term in find_terms(paragraph.text, terms if explain else [], seen):
            spans.append(Markup(start, end, f'<abbr class="term" title="{h(term.gloss)}" tabindex="0">', "</abbr>"))
        return spans

    return decorate
