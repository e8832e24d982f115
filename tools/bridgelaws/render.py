"""Render the corpus as Markdown pages for MkDocs (one page per law, point, document …).

Source text is never trusted as markup: paragraphs are written as raw HTML blocks with the
text HTML-escaped, and heading text is escaped for Markdown, so ``<script>``, ``*``, ``[x](…)``
or ``{{ … }}`` in a source show as text.  Every page carries front matter the MkDocs hooks
read: ``title``, ``description``, the page's ``alternates`` for the language switcher.
"""

from __future__ import annotations

import html
import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from . import refs, urls
from .align import Cell, align
from .corpus import Corpus, Entry
from .glossary import find_terms, term_anchors
from .model import Footnote, Law, Level, Paragraph, Point, Provision
from .redline import diff_html

# -- interface strings -----------------------------------------------------------------------


@cache
def _strings() -> dict[str, dict[str, str]]:
    data = resources.files("bridgelaws").joinpath("ui.toml").read_text(encoding="utf-8")
    return tomllib.loads(data)


def t(lang: str, key: str, **values: object) -> str:
    """The interface string ``key`` in ``lang`` (English when a language lacks it)."""
    strings = _strings()
    text = strings.get(lang, {}).get(key) or strings["en"][key]
    return text.format(**values) if values else text


def language_name(lang: str) -> str:
    return t(lang, "language_name")


# -- escaping ----------------------------------------------------------------------------------

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~^=:])")


def md_inline(text: str) -> str:
    """Escape text for a Markdown heading: HTML-escaped, every Markdown punctuation escaped.

    ``<script>`` → ``&lt;script&gt;``; ``*x*`` → ``\\*x\\*``; ``{: #id}`` → ``\\{: \\#id\\}``.
    Characters Python-Markdown cannot backslash-escape (``|~^=:``) become entities.
    """
    escaped = html.escape(text, quote=False)

    def escape(match: re.Match[str]) -> str:
        char = match[1]
        return f"&#{ord(char)};" if char in "|~^=:" else "\\" + char

    return MARKDOWN_SPECIAL.sub(escape, escaped)


def h(text: str) -> str:
    return html.escape(text, quote=True)


def lang_attr(lang: str, page_lang: str) -> str:
    return f' lang="{lang}"' if lang != page_lang else ""


# -- pages ---------------------------------------------------------------------------------------


@dataclass
class Page:
    """A generated Markdown page: where it renders and what it says."""

    url: str
    lang: str
    title: str
    body: list[str]
    description: str = ""
    meta: dict[str, object] = field(default_factory=dict)
    alternates: dict[str, str] = field(default_factory=dict)
    index: bool = False  # heads a folder of pages (a document, a language, the laws list)

    @property
    def path(self) -> str:
        return urls.markdown_path(self.url, self.lang, self.index)

    def markdown(self) -> str:
        # MkDocs treats a page title as HTML (a title taken from the first heading is rendered
        # Markdown) and Material prints titles and descriptions unescaped: in <title>, the
        # header, the navigation and <meta content="…">.  Source text must stay text there.
        front: dict[str, object] = {"title": html.escape(self.title)}
        if self.description:
            front["description"] = html.escape(self.description)
        front.update(self.meta)
        if self.alternates:
            front["alternates"] = self.alternates
        header = "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in front.items())
        body = "\n".join(self.body).strip("\n")
        return f"---\n{header}\n---\n\n{body}\n"

    def link(self, to_url: str) -> str:
        return urls.relative(self.url, to_url)


def display_title(title: str, lang: str) -> str:
    """Sentence case for an all-caps printed title, for navigation and ``<title>``.

    ``KORTTIEN VÄÄRÄ LUKUMÄÄRÄ`` → ``Korttien väärä lukumäärä``; ``YERİN HAKLARI`` →
    ``Yerin hakları`` (Turkish dotted and dotless i).  Mixed-case titles are kept.
    """
    if not title or title != title.upper():
        return title
    if lang == "tr":  # Turkish: I ↔ ı and İ ↔ i, which str.lower/upper get wrong
        lowered = title.replace("I", "ı").replace("İ", "i").lower()
        return {"i": "İ", "ı": "I"}.get(lowered[:1], lowered[:1].upper()) + lowered[1:]
    lowered = title.lower()
    return lowered[:1].upper() + lowered[1:]


def law_heading(law: Law, lang: str) -> str:
    """The law's heading as printed: ``13 § KORTTIEN …``; a derived title gets ``Yasa 13 –``."""
    if law.title_derived or not law.label:
        return f"{t(lang, 'law', n=law.number)} – {law.title}" if law.title else t(lang, "law", n=law.number)
    return f"{law.label} {law.title}".strip()


def law_nav_title(law: Law, lang: str) -> str:
    return f"{law.number} {display_title(law.title, lang)}".strip()


# -- paragraphs and provisions -------------------------------------------------------------------


@dataclass(frozen=True)
class Markup:
    """Markup around ``text[start:end]`` of a paragraph: a link, a footnote marker, a term."""

    start: int
    end: int
    open: str
    close: str


Decorate = Callable[[Paragraph], list[Markup]]


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
    node: Provision, owner: str, pending: list[Provision] | None = None, decorate: Decorate = no_decoration
) -> list[str]:
    """Markdown blocks for a provision and its children.

    Sections, and provisions printed with a title, become headings (in the page's table of
    contents); untitled items become paragraphs led by their label.  An untitled provision
    with no text of its own (``1. a. Kun laki …``) lends its label and anchor to the first
    paragraph of its first child.
    """
    pending = list(pending or [])
    blocks: list[str] = []
    level = node.level.value
    anchor = refs.anchor(node.ref)
    if node.level is Level.SECTION or node.title:
        lead = "".join(f'<span id="{refs.anchor(p.ref)}"></span>' for p in pending)
        title = f" {md_inline(node.title)}" if node.title else ""
        blocks.append(f"{'#' * HEADING_DEPTH[node.level]} {lead}{md_inline(node.label)}{title} {{ #{anchor} .prov-h }}")
        pending = []
        for paragraph in node.paragraphs:
            blocks.append(paragraph_html(paragraph, owner, f"prov-text lvl-{level}", decorate=decorate))
    elif node.paragraphs:
        lead = "".join(f'<span id="{refs.anchor(p.ref)}"></span>' for p in pending)
        lead += " ".join(f'<b class="label">{h(p.label)}</b>' for p in [*pending, node]) + " "
        first, *others = node.paragraphs
        blocks.append(paragraph_html(first, owner, f"prov lvl-{level}", f' id="{anchor}"', lead, decorate))
        for paragraph in others:
            blocks.append(paragraph_html(paragraph, owner, f"prov-text lvl-{level}", decorate=decorate))
        pending = []
    elif node.children:
        pending.append(node)
    else:
        lead = "".join(f'<span id="{refs.anchor(p.ref)}"></span>' for p in pending)
        labels = " ".join(f'<b class="label">{h(p.label)}</b>' for p in [*pending, node])
        blocks.append(f'<p class="prov lvl-{level}" id="{anchor}">{lead}{labels}</p>')
        pending = []
    for index, child in enumerate(node.children):
        blocks.extend(provision_blocks(child, owner, pending if index == 0 else None, decorate))
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


# -- links and terms ---------------------------------------------------------------------------


def page_decorator(corpus: Corpus, entry: Entry, page: Page, explain_terms: bool = True) -> Decorate:
    """Links for the citations in a page's paragraphs, and the first use of each defined term."""
    linkage = corpus.linkage
    terms = corpus.glossary(entry) if explain_terms else []
    seen: set[str] = set()

    def decorate(paragraph: Paragraph) -> list[Markup]:
        spans = []
        for link in linkage.for_paragraph(paragraph):
            href = page.link(link.url)
            if link.via:
                spans.append(
                    Markup(
                        link.start,
                        link.end,
                        f'<a class="ref ref-elsewhere" href="{href}" hreflang="{link.via.split()[0]}">',
                        f'<span class="via"> → {h(link.via)}</span></a>',
                    )
                )
            else:
                spans.append(Markup(link.start, link.end, f'<a class="ref" href="{href}">', "</a>"))
        for start, end, term in find_terms(paragraph.text, terms, seen):
            spans.append(Markup(start, end, f'<abbr class="term" title="{h(term.gloss)}" tabindex="0">', "</abbr>"))
        return spans

    return decorate


# -- the switcher -------------------------------------------------------------------------------


def law_alternates(corpus: Corpus, number: int, current: Entry | None) -> dict[str, str]:
    """Where the language switcher goes from law ``number``, per interface language.

    A language that has the law: its text of the same edition if there is one, else its
    newest.  A language that lacks it: that language's page for the law, which says so and
    links to the texts that have it.  Never another language's text in its place.
    """
    alternates: dict[str, str] = {}
    for lang in urls.INTERFACE_LANGUAGES:
        if current and current.meta.lang == lang and current.document.law(number):
            alternates[lang] = urls.law(current.meta, number)
            continue
        holders = [entry for entry in corpus.having_law(number) if entry.meta.lang == lang]
        if holders:
            edition = current.meta.edition if current else ""
            best = sorted(holders, key=lambda e: (e.meta.edition != edition, -int(e.meta.edition)))[0]
            alternates[lang] = urls.law(best.meta, number)
        else:
            alternates[lang] = urls.law_hub(lang, number)
    return alternates


def document_alternates(corpus: Corpus, entry: Entry) -> dict[str, str]:
    alternates = {}
    for lang in urls.INTERFACE_LANGUAGES:
        same = [e for e in corpus.in_language(lang) if e.meta.kind == entry.meta.kind]
        same.sort(key=lambda e: (e.meta.edition != entry.meta.edition, -int(e.meta.edition)))
        alternates[lang] = urls.document(same[0].meta) if same else urls.home(lang)
    alternates[entry.meta.lang] = urls.document(entry.meta)
    return alternates


def simple_alternates(url_for: Callable[[str], str]) -> dict[str, str]:
    """The same kind of page in every interface language (home, laws index …)."""
    return {lang: url_for(lang) for lang in urls.INTERFACE_LANGUAGES}


# -- what the search index records per page (see search.py) ------------------------------------


def index_fields(entry: Entry, key: str, label: str, title: str) -> dict[str, object]:
    """Front matter telling ``overrides/main.html`` to index this page's body.

    ``key`` groups results (one per law across editions: ``law:13``; a regulation's point:
    ``pl-2017-pzbs:3``); ``label`` is the law number as shown (``13``, ``PZBS 3``).
    """
    return {
        "meta": {"key": key, "label": label, "title": title, "edition": entry.meta.edition},
        "filters": {"edition": entry.meta.edition},
    }


def law_index_fields(entry: Entry, law: Law) -> dict[str, object]:
    return index_fields(entry, f"law:{law.number}", str(law.number), display_title(law.title, entry.meta.lang))


def point_index_fields(entry: Entry, point: Point) -> dict[str, object]:
    label = f"{doc_short_name(entry)} {point.number}"
    title = display_title(point.title, entry.meta.lang) or label
    return index_fields(entry, f"{entry.meta.id}:{point.number}", label, title)


def definitions_index_fields(entry: Entry) -> dict[str, object]:
    lang = entry.meta.lang
    return index_fields(entry, f"{entry.meta.id}:definitions", "", t(lang, "definitions"))


def doc_short_name(entry: Entry) -> str:
    """``PZBS`` for the Polish federation's decisions, ``SBL`` for the Finnish rules."""
    return "PZBS" if entry.meta.kind == "regulations" else "SBL" if entry.meta.kind == "supplement" else ""


# -- page builders ---------------------------------------------------------------------------------


def law_page(corpus: Corpus, entry: Entry, law: Law) -> Page:
    meta, lang = entry.meta, entry.meta.lang
    page = Page(
        url=urls.law(meta, law.number),
        lang=lang,
        title=law_nav_title(law, lang),
        body=[],
        description=f"{meta.title}: {law_heading(law, lang)}",
        meta={"law": law.number, "doc": meta.id, "pagefind": law_index_fields(entry, law)},
        alternates=law_alternates(corpus, law.number, entry),
    )
    owner = str(law.number)
    decorate = page_decorator(corpus, entry, page)
    body = page.body
    for heading in law.headings:
        body.append(f'<p class="law-chapter">{h(heading.text)}</p>')
        body.append("")
    body.append(f"# {md_inline(law_heading(law, lang))} {{ #{refs.anchor(owner)} }}")
    body.append("")
    body.append(
        f'<p class="law-source"><a href="{page.link(urls.document(meta))}">{h(meta.title)}</a>'
        f' <span class="edition">{h(meta.edition)}</span></p>'
    )
    body.append("")
    body.extend(edition_switch_block(corpus, page, law.number, entry))
    body.extend(national_rules_block(corpus, page, law.number, entry))
    for paragraph in law.paragraphs:
        body.extend([paragraph_html(paragraph, owner, "law-text", decorate=decorate), ""])
    for child in law.children:
        for block in provision_blocks(child, owner, decorate=decorate):
            body.extend([block, ""])
    body.extend(footnote_blocks(law.footnotes, owner, lang))
    body.extend(["", *cited_by_block(corpus, page, law.number, entry)])
    body.extend(["", *other_texts_block(corpus, page, law.number, entry)])
    return page


def edition_switch_block(corpus: Corpus, page: Page, number: int, entry: Entry) -> list[str]:
    """Editions of this law in this language (the section anchor is kept by laws.js), and Compare.

    An edition whose text lacks the law links to the language's page for the law, which says
    so and offers the texts that have it.
    """
    lang = entry.meta.lang
    same_kind = sorted(
        (e for e in corpus.in_language(lang) if e.meta.kind == entry.meta.kind), key=lambda e: e.meta.edition
    )
    items = []
    for other in same_kind:
        if other is entry:
            items.append(f'<strong aria-current="page">{h(other.meta.edition)}</strong>')
        elif other.document.law(number):
            link = page.link(urls.law(other.meta, number))
            items.append(f'<a href="{link}" class="keep-hash">{h(other.meta.edition)}</a>')
        else:
            link = page.link(urls.law_hub(lang, number))
            items.append(f'<a href="{link}" class="edition-missing">{h(other.meta.edition)}</a>')
    holders = [e.meta.id for e in corpus.having_law(number)]
    choice = [entry.meta.id, *[doc for doc in holders if doc != entry.meta.id][:1]]
    compare = page.link(urls.compare(number)) + f"?c={','.join(choice)}"
    parts = []
    if len(items) > 1:
        parts.append(f"{h(t(lang, 'editions'))}: {' · '.join(items)}")
    if len(holders) > 1:
        parts.append(f'<a href="{compare}" class="compare-link">{h(t(lang, "compare"))}</a>')
    if not parts:
        return []
    return [f'<nav class="edition-switch" aria-label="{h(t(lang, "editions"))}">{" | ".join(parts)}</nav>', ""]


def national_rules(
    corpus: Corpus, number: int, current: Entry | None, only: Entry | None = None
) -> list[tuple[Entry, Point, list[str]]]:
    """National rules about law ``number``: PZBS points naming it, and (on the 1997 Finnish
    pages, or when ``only`` asks for them) the Finnish federation's supplementary rules
    citing it, with the refs concerned."""
    found = []
    for entry in corpus.entries:
        if only is not None and entry is not only:
            continue
        if entry.meta.kind == "regulations":
            for point in entry.document.points:
                concerned = [ref for ref in point.laws if refs.law_of(ref) == number]
                if concerned:
                    found.append((entry, point, concerned))
        elif entry.meta.kind == "supplement" and (current is not None or only is entry):
            if current is not None and (current.meta.lang, current.meta.edition) != (
                entry.meta.lang,
                entry.meta.edition,
            ):
                continue
            cited: dict[str, list[str]] = {}
            for reference in corpus.linkage.references.get(entry.meta.id, []):
                rule = reference.in_ref.split(":")[-1].split(".")[0]
                for target in reference.targets:
                    if refs.law_of(target) == number:
                        cited.setdefault(rule, []).append(target)
            for point in entry.document.points:
                if point.number in cited:
                    found.append((entry, point, sorted(set(cited[point.number]))))
    return found


def national_rules_block(corpus: Corpus, page: Page, number: int, current: Entry | None) -> list[str]:
    """A note per national rule that changes this law, folded in a switch to show or hide them."""
    rules = national_rules(corpus, number, current)
    if not rules:
        return []
    items = []
    for entry, point, concerned in rules:
        label = doc_short_name(entry)
        name = f"{label} {point.number}" if entry.meta.kind == "regulations" else f"{label} {point.label}"
        link = page.link(urls.law(entry.meta, point.number))
        items.append(
            f'<li lang="{entry.meta.lang}"><a href="{link}" hreflang="{entry.meta.lang}"><strong>{h(name)}</strong>: '
            f'{h(point.title)}</a> <span class="concerned">({h(", ".join(concerned))})</span></li>'
        )
    summary = f"{t(page.lang, 'national_rules')} ({len(rules)})"
    return [
        f'<details class="national-rules" open><summary>{h(summary)}</summary><ul>{"".join(items)}</ul></details>',
        "",
    ]


def cited_by_block(corpus: Corpus, page: Page, number: int, entry: Entry) -> list[str]:
    """The provisions of this document that cite this law (links to them)."""
    citing: dict[str, str] = {}
    for reference in corpus.linkage.references.get(entry.meta.id, []):
        own = [
            url
            for url, target in zip(reference.urls, reference.targets, strict=True)
            if url and refs.law_of(target) == number and url.startswith("/" + urls.law(entry.meta, number))
        ]
        source_law = refs.law_of(reference.in_ref) if reference.in_ref else None
        if own and source_law is not None and source_law != number:
            citing.setdefault(reference.in_ref, urls.law(entry.meta, source_law) + f"#{refs.anchor(reference.in_ref)}")
    if not citing:
        return []
    ordered = sorted(citing.items(), key=lambda item: _ref_key(item[0]))
    links = ", ".join(f'<a href="{page.link(url)}">{h(ref)}</a>' for ref, url in ordered)
    return [f'<p class="cited-by"><strong>{h(t(page.lang, "cited_by"))}:</strong> {links}</p>', ""]


def _ref_key(ref: str) -> tuple[int, str]:
    law = refs.law_of(ref)
    return (law or 0, ref)


def other_texts_block(corpus: Corpus, page: Page, number: int, current: Entry | None) -> list[str]:
    """Links to the same law in every other text (language and edition named)."""
    others = [e for e in corpus.having_law(number) if current is None or e.meta.id != current.meta.id]
    if not others:
        return []
    items = []
    for other in others:
        link = page.link(urls.law(other.meta, number))
        items.append(
            f'<li><a href="{link}" hreflang="{other.meta.lang}">{h(language_name(other.meta.lang))} '
            f"{h(other.meta.edition)}</a> – "
            f"<span{lang_attr(other.meta.lang, page.lang)}>{h(other.meta.title)}</span></li>"
        )
    return [
        f'<nav class="other-texts" aria-label="{h(t(page.lang, "also_in"))}"><p>{h(t(page.lang, "also_in"))}</p>'
        f"<ul>{''.join(items)}</ul></nav>"
    ]


def point_page(corpus: Corpus, entry: Entry, point: Point) -> Page:
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
        alternates={**simple_alternates(urls.home), lang: urls.law(meta, point.number)},
    )
    owner = refs.anchor(refs.point_ref(point.number))
    body = page.body
    body.append(f"# {md_inline(title)} {{ #{owner} }}")
    body.append("")
    body.append(
        f'<p class="law-source"><a href="{page.link(urls.document(meta))}">{h(meta.title)}</a>'
        f' <span class="edition">{h(meta.edition)}</span></p>'
    )
    body.append("")
    if point.laws:
        links = []
        for ref in point.laws:
            number = refs.law_of(ref)
            holders = corpus.having_law(number) if number else []
            target = urls.law_hub(lang, number) if number else ""
            same_lang = [e for e in holders if e.meta.lang == lang]
            if same_lang:
                target = urls.law(same_lang[0].meta, number or 0) + f"#{refs.anchor(ref)}"
            links.append(f'<a href="{page.link(target)}">{h(ref)}</a>' if target else h(ref))
        body.extend([f'<p class="point-laws">{h(t(lang, "modifies"))}: {", ".join(links)}</p>', ""])
    decorate = page_decorator(corpus, entry, page, explain_terms=False)
    for paragraph in point.paragraphs:
        body.extend([paragraph_html(paragraph, owner, "law-text", decorate=decorate), ""])
    for child in point.children:
        for block in provision_blocks(child, owner, decorate=decorate):
            body.extend([block, ""])
    body.extend(footnote_blocks(point.footnotes, owner, lang))
    return page


def document_page(corpus: Corpus, entry: Entry) -> Page:
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
        facts.append(f'<a href="{page.link(urls.definitions(meta))}">{h(t(lang, "definitions"))}</a>')
    facts.append(f'<a href="#source">{h(t(lang, "source"))}</a>')
    body.extend([f'<p class="doc-meta">{" · ".join(facts)}</p>', ""])
    body.extend([f'<p class="copyright">{h(meta.copyright)}</p>', ""])
    if meta.extract:
        body.extend([f'<p class="extract">{h(t(lang, "extract"))}</p>', ""])
    items = []
    for law in sorted(document.laws, key=lambda law: law.number):
        items.append(f'<li><a href="{page.link(urls.law(meta, law.number))}">{h(law_nav_title(law, lang))}</a></li>')
    for point in document.points:
        label = f"{point.label} {point.title}".strip()
        items.append(f'<li><a href="{page.link(urls.law(meta, point.number))}">{h(label)}</a></li>')
    body.extend([f'<nav aria-label="{h(t(lang, "contents"))}"><ul class="contents">{"".join(items)}</ul></nav>', ""])
    body.extend([f"## {md_inline(t(lang, 'source'))} {{ #source }}", "", provenance_block(entry, page), ""])
    decorate = page_decorator(corpus, entry, page, explain_terms=False)
    if document.front_matter:
        body.extend(matter_blocks(document.front_matter, "front", decorate))
    if document.back_matter:
        body.extend(matter_blocks(document.back_matter, "back", decorate))
    return page


def matter_blocks(paragraphs: list[Paragraph], kind: str, decorate: Decorate = no_decoration) -> list[str]:
    blocks = [f'<div class="matter matter-{kind}">']
    for paragraph in paragraphs:
        if paragraph.style == "heading":
            blocks.append(f'<p class="matter-heading"><strong>{h(paragraph.text)}</strong></p>')
        else:
            blocks.append(paragraph_html(paragraph, kind, decorate=decorate))
    blocks.append("</div>")
    return ["\n".join(blocks), ""]


def provenance_block(entry: Entry, page: Page) -> str:
    """Source file, how it was captured (the manifest's words, in English) and copyright."""
    meta, lang = entry.meta, page.lang
    rows = [
        (t(lang, "source_file"), f"<code>{h(meta.source.file)}</code>", ""),
        (t(lang, "captured"), h(meta.source.origin), lang_attr("en", lang)),
        (t(lang, "copyright"), h(meta.copyright), ""),
    ]
    items = "".join(f"<dt>{h(key)}</dt><dd{attr}>{value}</dd>" for key, value, attr in rows)
    return f'<dl class="provenance">{items}</dl>'


def definitions_page(corpus: Corpus, entry: Entry) -> Page:
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
    body.extend([f'<p class="law-source"><a href="{page.link(urls.document(meta))}">{h(meta.title)}</a></p>', ""])
    items = []
    decorate = page_decorator(corpus, entry, page, explain_terms=False)
    for definition, anchor in zip(entry.document.definitions, term_anchors(entry.document), strict=True):
        senses = "".join(paragraph_html(p, "def", decorate=decorate) for p in definition.paragraphs)
        items.append(f'<dt id="{anchor}">{h(definition.term)}</dt><dd>{senses}</dd>')
    body.append(f'<dl class="definitions">{"".join(items)}</dl>')
    return page


def hub_page(corpus: Corpus, lang: str, number: int) -> Page:
    """Where law ``number`` can be read, from ``lang``'s point of view."""
    page = Page(
        url=urls.law_hub(lang, number),
        lang=lang,
        title=t(lang, "law", n=number),
        body=[],
        description=t(lang, "law", n=number),
        meta={"law": number, "hub": True},
        alternates=law_alternates(corpus, number, None),
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'law', n=number))} {{ #{number} }}", ""])
    body.extend(national_rules_block(corpus, page, number, None))
    holders = corpus.having_law(number)
    own = [e for e in holders if e.meta.lang == lang]
    lacking = [e for e in corpus.in_language(lang) if e.meta.kind == "laws" and e not in own]
    if own and lacking:
        items = "".join(
            f'<li><a href="{page.link(urls.document(e.meta))}">{h(e.meta.title)}</a> ({h(e.meta.edition)}): '
            f"{h(t(lang, 'not_in_text'))}</li>"
            for e in lacking
        )
        body.extend([f'<ul class="missing-editions">{items}</ul>', ""])
    if own:
        items = "".join(
            f'<li><a href="{page.link(urls.law(e.meta, number))}">{h(e.meta.title)}</a> ({h(e.meta.edition)})</li>'
            for e in own
        )
        body.extend([f"<p>{h(t(lang, 'texts_in_language'))}:</p>", "", f"<ul>{items}</ul>", ""])
    elif holders:
        body.extend(
            [f'<p class="missing">{h(t(lang, "not_in_language", n=number, language=language_name(lang)))}</p>', ""]
        )
    else:
        body.extend([f'<p class="missing">{h(t(lang, "not_anywhere", n=number))}</p>', ""])
    others = [e for e in holders if e.meta.lang != lang]
    if others:
        items = "".join(
            f'<li><a href="{page.link(urls.law(e.meta, number))}" hreflang="{e.meta.lang}">'
            f'{h(language_name(e.meta.lang))} {h(e.meta.edition)}</a> – <span lang="{e.meta.lang}">'
            f"{h(_heading_of(e, number))}</span></li>"
            for e in others
        )
        body.extend([f"<p>{h(t(lang, 'read_it_in'))}</p>", "", f'<ul class="read-in">{items}</ul>', ""])
    return page


def _heading_of(entry: Entry, number: int) -> str:
    law = entry.document.law(number)
    return law_heading(law, entry.meta.lang) if law else t(entry.meta.lang, "law", n=number)


def laws_index_page(corpus: Corpus, lang: str) -> Page:
    page = Page(
        url=urls.laws_index(lang),
        lang=lang,
        title=t(lang, "laws_index_title"),
        body=[],
        description=t(lang, "laws_index_intro"),
        index=True,
        alternates=simple_alternates(urls.laws_index),
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'laws_index_title'))}", "", f"<p>{h(t(lang, 'laws_index_intro'))}</p>", ""])
    rows = []
    for number in range(1, 94):
        holders = corpus.having_law(number)
        title_lang = lang if any(e.meta.lang == lang for e in holders) else (holders[0].meta.lang if holders else lang)
        title = corpus.law_title(number, title_lang)
        links = " ".join(
            f'<a href="{page.link(urls.law(e.meta, number))}" hreflang="{e.meta.lang}">'
            f"{h(e.meta.lang)} {h(e.meta.edition)}</a>"
            for e in holders
        ) or h(t(lang, "no_text"))
        rows.append(
            f'<tr id="law-{number}"><td><a href="{page.link(urls.law_hub(lang, number))}">{number}</a></td>'
            f"<td{lang_attr(title_lang, lang)}>{h(display_title(title, title_lang))}</td><td>{links}</td></tr>"
        )
    body.append(
        f'<div class="laws-index"><table><thead><tr><th>#</th><th>{h(t(lang, "laws"))}</th>'
        f"<th>{h(t(lang, 'documents'))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
    return page


def home_page(corpus: Corpus, lang: str) -> Page:
    page = Page(
        url=urls.home(lang),
        lang=lang,
        title=t(lang, "site_name"),
        body=[],
        description=t(lang, "tagline"),
        index=True,
        alternates=simple_alternates(urls.home),
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'site_name'))}", "", f'<p class="tagline">{h(t(lang, "tagline"))}</p>', ""])
    entries = corpus.entries if lang == urls.DEFAULT_LANGUAGE else corpus.in_language(lang)
    cards = []
    for entry in entries:
        meta = entry.meta
        count = len(entry.document.laws) or len(entry.document.points)
        cards.append(
            f'<li{lang_attr(meta.lang, lang)}><a href="{page.link(urls.document(meta))}">'
            f"<strong>{h(meta.title)}</strong></a>"
            f' <span class="edition">{h(language_name(meta.lang))} · {h(meta.edition)} · {count}</span></li>'
        )
    body.extend([f"## {md_inline(t(lang, 'documents'))}", "", f'<ul class="documents">{"".join(cards)}</ul>', ""])
    body.extend(
        [
            f'<p><a href="{page.link(urls.laws_index(lang))}">{h(t(lang, "laws_index_title"))}</a> · '
            f'<a href="{page.link(urls.coverage())}">{h(t(lang, "coverage"))}</a></p>',
            "",
        ]
    )
    if lang == urls.DEFAULT_LANGUAGE:
        languages = "".join(
            f'<li><a href="{page.link(urls.home(code))}" hreflang="{code}" lang="{code}">'
            f"{h(language_name(code))}</a></li>"
            for code in urls.INTERFACE_LANGUAGES
            if code != lang
        )
        body.extend([f"## {md_inline(t(lang, 'languages'))}", "", f'<ul class="languages">{languages}</ul>', ""])
        body.extend(
            [
                f"## {md_inline(t(lang, 'open_data'))}",
                "",
                f"<p>{h(t(lang, 'open_data_text'))} "
                f'<a href="{page.link(urls.export())}"><code>api/laws.json</code></a></p>',
            ]
        )
    return page


def compare_page(corpus: Corpus, number: int) -> Page:
    """Law ``number`` in every text that has it, aligned provision by provision.

    Columns are chosen with ``?c=id,id[,id]`` (laws.js shows them; without script all show);
    a provision missing from a text is an explicit empty cell.  For two editions of one
    language the newer column also carries its redline against the older (build-time diff).
    """
    lang = urls.DEFAULT_LANGUAGE
    entries = [e for e in corpus.entries if e.meta.kind == "laws" and e.document.law(number)]
    page = Page(
        url=urls.compare(number),
        lang=lang,
        title=t(lang, "compare_title", n=number),
        body=[],
        description=t(lang, "compare_title", n=number),
        meta={"compare": number, "hide": ["navigation", "toc"]},
        alternates={code: urls.law_hub(code, number) for code in urls.INTERFACE_LANGUAGES},
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'compare_title', n=number))} {{ #{number} }}", ""])
    boxes = "".join(
        f'<label lang="{e.meta.lang}"><input type="checkbox" name="c" value="{e.meta.id}"'
        f"{' checked' if index < 3 else ''}> {h(language_name(e.meta.lang))} {h(e.meta.edition)}</label> "
        for index, e in enumerate(entries)
    )
    pairs = redline_pairs(entries)
    toggle = (
        f'<label class="changes-toggle"><input type="checkbox" id="show-changes" checked> '
        f'{h(t(lang, "show_changes"))}</label> <span class="legend">{h(t(lang, "legend_changes"))}</span>'
        if pairs
        else ""
    )
    body.extend([f'<form class="compare-choice"><p>{h(t(lang, "choose_texts"))} {boxes}</p><p>{toggle}</p></form>', ""])
    rows = align(number, entries)
    head = "".join(
        f'<th scope="col" data-doc="{e.meta.id}" lang="{e.meta.lang}">'
        f'<a href="{page.link(urls.law(e.meta, number))}">{h(language_name(e.meta.lang))} {h(e.meta.edition)}</a></th>'
        for e in entries
    )
    lines = [f'<table class="compare" data-law="{number}"><thead><tr><th scope="col">#</th>{head}</tr></thead><tbody>']
    for row in rows:
        anchor = refs.anchor(row.ref)
        cells = []
        for column, (entry, cell) in enumerate(zip(entries, row.cells, strict=True)):
            label = f"{language_name(entry.meta.lang)} {entry.meta.edition}"
            if cell is None:
                cells.append(
                    f'<td class="gap" data-doc="{entry.meta.id}" data-label="{h(label)}">'
                    f'<span class="gap-text">{h(t(lang, "not_in_text"))}</span></td>'
                )
                continue
            link = page.link(urls.law(entry.meta, number) + f"#{anchor}")
            content = compare_cell_html(cell, link)
            older = pairs.get(column)
            if older is not None and row.cells[older] is not None:
                against = entries[older].meta.id
                redline = diff_html(row.cells[older].text, cell.text)  # type: ignore[union-attr]
                content = (
                    f'<div class="plain">{content}</div><div class="redline" data-against="{against}" hidden>'
                    f'<a class="cell-label" href="{link}">{h(cell.label)}</a> {redline}</div>'
                )
            cells.append(
                f'<td data-doc="{entry.meta.id}" lang="{entry.meta.lang}" data-label="{h(label)}">{content}</td>'
            )
        lines.append(
            f'<tr id="{anchor}" class="depth-{row.depth}"><th scope="row"><a href="#{anchor}">{h(row.ref)}</a></th>'
            f"{''.join(cells)}</tr>"
        )
    lines.append("</tbody></table>")
    body.append("".join(lines))
    return page


def compare_cell_html(cell: Cell, link: str) -> str:
    title = f" <strong>{h(cell.title)}</strong>" if cell.title else ""
    paragraphs = "".join(f"<p>{h(p.text)}</p>" for p in cell.paragraphs)
    return f'<p class="cell-head"><a class="cell-label" href="{link}">{h(cell.label)}</a>{title}</p>{paragraphs}'


def redline_pairs(entries: list[Entry]) -> dict[int, int]:
    """Column of each newer edition → column of the next older edition of the same language."""
    pairs = {}
    for index, entry in enumerate(entries):
        older = [
            (other.meta.edition, other_index)
            for other_index, other in enumerate(entries)
            if other.meta.lang == entry.meta.lang and other.meta.edition < entry.meta.edition
        ]
        if older:
            pairs[index] = max(older)[1]
    return pairs


def coverage_page(corpus: Corpus) -> Page:
    """One table: law × text, each cell a link (extracts marked in the header)."""
    lang = urls.DEFAULT_LANGUAGE
    page = Page(
        url=urls.coverage(),
        lang=lang,
        title=t(lang, "coverage"),
        body=[],
        description=t(lang, "coverage_intro"),
        meta={"coverage": True},
        alternates=simple_alternates(urls.laws_index),
    )
    laws_entries = [e for e in corpus.entries if e.meta.kind == "laws"]
    other_entries = [e for e in corpus.entries if e.meta.kind != "laws"]
    head = "".join(
        f'<th scope="col" lang="{e.meta.lang}"><a href="{page.link(urls.document(e.meta))}">'
        f"{h(e.meta.id)}</a>{'*' if e.meta.extract else ''}</th>"
        for e in [*laws_entries, *other_entries]
    )
    rows = []
    for number in range(1, 94):
        cells = []
        for entry in laws_entries:
            if entry.document.law(number):
                link = page.link(urls.law(entry.meta, number))
                cells.append(f'<td><a href="{link}" aria-label="{entry.meta.id} {number}">✓</a></td>')
            else:
                cells.append('<td class="gap">–</td>')
        for entry in other_entries:
            rules = [p for p, _ in _rules_of(corpus, entry, number)]
            links = " ".join(f'<a href="{page.link(urls.law(entry.meta, p.number))}">{h(p.number)}</a>' for p in rules)
            cells.append(f"<td>{links or '–'}</td>" if links else '<td class="gap">–</td>')
        compare = page.link(urls.compare(number))
        rows.append(f'<tr id="law-{number}"><th scope="row"><a href="{compare}">{number}</a></th>{"".join(cells)}</tr>')
    page.body.extend(
        [
            f"# {md_inline(t(lang, 'coverage'))}",
            "",
            f"<p>{h(t(lang, 'coverage_intro'))} * = {h(t(lang, 'extract'))}</p>",
            "",
            f'<div class="coverage"><table><thead><tr><th scope="col">#</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>",
        ]
    )
    return page


def _rules_of(corpus: Corpus, entry: Entry, number: int) -> list[tuple[Point, list[str]]]:
    return [
        (point, concerned)
        for rule_entry, point, concerned in national_rules(corpus, number, None, entry)
        if rule_entry is entry
    ]


def edition_page(corpus: Corpus, lang: str, edition: str, entries: list[Entry]) -> Page:
    """``/pl/2017/``: the documents of one edition in a language (when none lives there)."""
    page = Page(
        url=urls.edition(lang, edition),
        lang=lang,
        title=f"{t(lang, 'edition')} {edition}",
        body=[],
        index=True,
        alternates=simple_alternates(urls.home),
    )
    items = "".join(f'<li><a href="{page.link(urls.document(e.meta))}">{h(e.meta.title)}</a></li>' for e in entries)
    page.body.extend([f"# {md_inline(page.title)}", "", f"<ul>{items}</ul>"])
    return page


def all_pages(corpus: Corpus) -> list[Page]:
    """Every page of the site, in a stable order."""
    pages: list[Page] = []
    for lang in urls.INTERFACE_LANGUAGES:
        pages.append(home_page(corpus, lang))
        pages.append(laws_index_page(corpus, lang))
        pages.extend(hub_page(corpus, lang, number) for number in range(1, 94))
    document_urls = set()
    for entry in corpus.entries:
        pages.append(document_page(corpus, entry))
        document_urls.add(urls.document(entry.meta))
        if entry.document.definitions:
            pages.append(definitions_page(corpus, entry))
        pages.extend(law_page(corpus, entry, law) for law in sorted(entry.document.laws, key=lambda law: law.number))
        pages.extend(point_page(corpus, entry, point) for point in entry.document.points)
    pages.append(coverage_page(corpus))
    pages.extend(compare_page(corpus, number) for number in corpus.law_numbers())
    editions: dict[tuple[str, str], list[Entry]] = {}
    for entry in corpus.entries:
        editions.setdefault((entry.meta.lang, entry.meta.edition), []).append(entry)
    for (lang, edition), entries in sorted(editions.items()):
        if urls.edition(lang, edition) not in document_urls:
            pages.append(edition_page(corpus, lang, edition, entries))
    return pages
