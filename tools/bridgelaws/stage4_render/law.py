"""A law's page: its text, the edition switch, national rules, cited-by and other texts."""

from __future__ import annotations

import json

from bridgelaws.core import refs, urls
from bridgelaws.core.model import Law
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.lawsubjects import rule_elsewhere_block, same_rule, split_mark
from bridgelaws.stage4_render.national import national_rules_block
from bridgelaws.stage4_render.notes import notes_here
from bridgelaws.stage4_render.page import (
    Page,
    h,
    lang_attr,
    language_name,
    law_heading,
    law_index_fields,
    law_nav_title,
    md_inline,
    single_quoted,
    t,
)
from bridgelaws.stage4_render.provisions import counterpart_links, law_tools, print_note, script_data
from bridgelaws.stage4_render.switcher import language_provisions, law_alternates
from bridgelaws.stage4_render.text import Notes, footnote_blocks, page_decorator, paragraph_html, provision_blocks
from bridgelaws.termbase import TermBase


def law_page(corpus: Corpus, linkage: Linkage, entry: Entry, law: Law, term_base: TermBase | None = None) -> Page:
    """Law ``law`` of ``entry``'s text (the term base gives the titles of a rule no text prints, where
    the number holds another rule in another edition)."""
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
    notes = Notes(owner, law.footnotes, lang)  # markers are numbered in reading order: render in it
    decorate = page_decorator(linkage, entry, page)
    tools = law_tools(page, corpus, linkage.concordance, entry)
    body = page.body
    for heading in law.headings:
        body.append(f'<p class="law-chapter">{h(heading.text)}</p>')
        body.append("")
    body.append(f"# {md_inline(law_heading(law, lang))} {{ #{refs.anchor(owner)} }}")
    body.append("")
    body.append(
        f'<p class="law-source"><a href="{h(page.link(urls.document(meta)))}">{h(meta.title)}</a>'
        f' <span class="edition">{h(meta.edition)}</span></p>'
    )
    body.append("")
    body.extend(print_note(page, entry, law_heading(law, lang)))
    body.extend(edition_switch_block(corpus, linkage, page, law, entry))
    body.extend(rule_elsewhere_block(corpus, linkage.concordance, page, law.number, meta.edition, term_base))
    body.extend(language_provisions(linkage.concordance, corpus, page, law, entry))
    body.extend(national_rules_block(corpus, linkage, page, law.number, entry))
    for paragraph in law.paragraphs:
        body.extend([paragraph_html(paragraph, notes, "law-text", decorate=decorate), ""])
    for child in law.children:
        for block in provision_blocks(child, notes, decorate=decorate, tools=tools):
            body.extend([block, ""])
    body.extend(footnote_blocks(notes, lang, decorate))
    body.extend(["", *cited_by_block(linkage, page, law.number, entry)])
    body.extend(["", *other_texts_block(corpus, page, law.number, entry, linkage.concordance)])
    body.extend(["", *script_data(page, entry)])
    body.extend(notes_here(page, entry, law))
    return page


def edition_switch_block(corpus: Corpus, linkage: Linkage, page: Page, law: Law, entry: Entry) -> list[str]:
    """Editions of this law in this language, and Compare.

    Each edition's link carries, as data, where each provision of this law is in that edition
    (through the concordance, never by its number); laws.js follows it for the provision the
    reader is at, or lands on the law with a one-line note when there is none.  An edition
    whose text lacks the law links to the language's page for the law, which says so.
    """
    number, lang = law.number, entry.meta.lang
    same_kind = sorted(
        (e for e in corpus.in_language(lang) if e.meta.kind == entry.meta.kind), key=lambda e: e.meta.edition
    )
    items = []
    for other in same_kind:
        if other is entry:
            items.append(f'<strong aria-current="page">{h(other.meta.edition)}</strong>')
        elif other.document.law(number):
            link = page.link(urls.law(other.meta, number))
            where = json.dumps(counterpart_links(linkage.concordance, page, law, entry, other), separators=(",", ":"))
            same = same_rule(linkage.concordance, number, entry.meta.edition, other.meta.edition)
            items.append(
                f'<a href="{h(link)}" class="keep-hash" data-edition="{h(other.meta.edition)}" '
                f"data-provisions='{single_quoted(where)}'>{h(other.meta.edition)}</a>"
                + ("" if same else split_mark(lang, number))
            )
        else:
            link = page.link(urls.law_hub(lang, number))
            items.append(f'<a href="{h(link)}" class="edition-missing">{h(other.meta.edition)}</a>')
    holders = [e.meta.id for e in corpus.having_law(number)]
    choice = [entry.meta.id, *[doc for doc in holders if doc != entry.meta.id][:1]]
    compare = page.link(urls.compare(lang, number)) + f"?c={','.join(choice)}"
    parts = []
    if len(items) > 1:
        parts.append(f"{h(t(lang, 'editions'))}: {' · '.join(items)}")
    if len(holders) > 1:
        parts.append(f'<a href="{compare}" class="compare-link">{h(t(lang, "compare"))}</a>')
    numbering = page.link(urls.numbering(lang, number))
    parts.append(f'<a href="{numbering}" class="numbering-link">{h(t(lang, "numbering"))}</a>')
    if not parts:
        return []
    label, note = h(t(lang, "editions")), h(t(lang, "no_counterpart"))
    return [f'<nav class="edition-switch" aria-label="{label}" data-none="{note}">{" | ".join(parts)}</nav>', ""]


def cited_by_block(linkage: Linkage, page: Page, number: int, entry: Entry) -> list[str]:
    """The provisions of this document that cite this law (links to them)."""
    citing: dict[str, str] = {}
    for reference in linkage.of(entry.meta.id):
        cites_this_law = any(
            resolution and resolution.document.id == entry.meta.id and resolution.owner == number
            for resolution in reference.resolutions
        )
        source_law = refs.law_of(reference.in_ref) if reference.in_ref else None
        if cites_this_law and source_law is not None and source_law != number:
            citing.setdefault(reference.in_ref, urls.provision(entry.meta, source_law, reference.in_ref))
    if not citing:
        return []
    ordered = sorted(citing.items(), key=lambda item: _ref_key(item[0]))
    links = ", ".join(f'<a href="{page.link(url)}">{h(ref)}</a>' for ref, url in ordered)
    return [f'<p class="cited-by"><strong>{h(t(page.lang, "cited_by"))}:</strong> {links}</p>', ""]


def _ref_key(ref: str) -> tuple[int, str]:
    law = refs.law_of(ref)
    return (law or 0, ref)


def other_texts_block(corpus: Corpus, page: Page, number: int, current: Entry, concordance: Concordance) -> list[str]:
    """Links to the same law in every other text (language and edition named): the texts where the
    number holds this rule (not 2017 Law 23, another rule, from 1997 Law 23)."""
    edition = current.meta.edition
    others = [
        e
        for e in corpus.having_law(number)
        if e.meta.id != current.meta.id and same_rule(concordance, number, edition, e.meta.edition)
    ]
    if not others:
        return []
    items = []
    for other in others:
        link = page.link(urls.law(other.meta, number))
        items.append(
            f'<li><a href="{h(link)}" hreflang="{h(other.meta.lang)}">{h(language_name(other.meta.lang))} '
            f"{h(other.meta.edition)}</a> – "
            f"<span{lang_attr(other.meta.lang, page.lang)}>{h(other.meta.title)}</span></li>"
        )
    return [
        f'<nav class="other-texts" aria-label="{h(t(page.lang, "also_in"))}"><p>{h(t(page.lang, "also_in"))}</p>'
        f"<ul>{''.join(items)}</ul></nav>"
    ]
