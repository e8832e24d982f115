"""Pages across documents: homes, the laws index, a law's page per language, an edition."""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import LawRelation, LawSubject
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.national import national_rules_block
from bridgelaws.stage4_render.page import (
    Page,
    display_title,
    h,
    lang_attr,
    language_name,
    law_heading,
    md_inline,
    sentence_case,
    t,
)
from bridgelaws.stage4_render.switcher import law_alternates, simple_alternates
from bridgelaws.stage4_render.terms import concept_url
from bridgelaws.termbase import Concept, TermBase


def home_page(corpus: Corpus, lang: str) -> Page:
    page = Page(
        url=urls.home(lang),
        lang=lang,
        title=facts.site().names[lang],
        body=[],
        description=t(lang, "tagline"),
        index=True,
        alternates=simple_alternates(urls.home),
    )
    body = page.body
    body.extend([f"# {md_inline(facts.site().names[lang])}", "", f'<p class="tagline">{h(t(lang, "tagline"))}</p>', ""])
    if lang == facts.DEFAULT_LANGUAGE:
        body.extend([language_hint(page), ""])
    entries = corpus.entries if lang == facts.DEFAULT_LANGUAGE else corpus.in_language(lang)
    cards = []
    for entry in entries:
        meta = entry.meta
        count = len(entry.document.laws) or len(entry.document.points)
        cards.append(
            f'<li{lang_attr(meta.lang, lang)}><a href="{h(page.link(urls.document(meta)))}" hreflang="{h(meta.lang)}">'
            f"<strong>{h(meta.title)}</strong></a>"
            f' <span class="edition">{h(language_name(meta.lang))} · {h(meta.edition)} · {count}</span></li>'
        )
    body.extend([f"## {md_inline(t(lang, 'documents'))}", "", f'<ul class="documents">{"".join(cards)}</ul>', ""])
    body.extend(
        [
            f'<p><a href="{page.link(urls.laws_index(lang))}">{h(t(lang, "laws_index_title"))}</a> · '
            f'<a href="{page.link(urls.coverage(lang))}">{h(t(lang, "coverage"))}</a> · '
            f'<a href="{page.link(urls.terms(lang))}">{h(t(lang, "terms_title"))}</a> · '
            f'<a href="{page.link(urls.notes(lang))}">{h(t(lang, "notes_mine"))}</a></p>',
            "",
        ]
    )
    if lang == facts.DEFAULT_LANGUAGE:
        languages = "".join(
            f'<li><a href="{page.link(urls.home(code))}" hreflang="{code}" lang="{code}">'
            f"{h(language_name(code))}</a></li>"
            for code in facts.INTERFACE_LANGUAGES
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


def language_hint(page: Page) -> str:
    """The landing page's offer of another language's home, each in its own words (ui.toml's
    ``language_hint``), hidden: laws.js shows the one the browser asks for first
    (``navigator.languages``), and only offers it: a reader who chose English stays."""
    links = "".join(
        f'<a href="{h(page.link(urls.home(code)))}" hreflang="{code}" lang="{code}" hidden>'
        f"{h(t(code, 'language_hint'))}</a>"
        for code in facts.INTERFACE_LANGUAGES
        if code != page.lang
    )
    return f'<p class="language-hint" hidden>{links}</p>'


def laws_index_page(
    corpus: Corpus, lang: str, linkage: Linkage | None = None, term_base: TermBase | None = None
) -> Page:
    """Every law with the texts that hold it; with the concordance, a number that holds another
    rule in another edition shows each rule's title with its editions (``2017: Comparable call ·
    1997, 2007: …``), and its texts say their edition."""
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
    split = lawsubjects.split_laws(linkage.concordance, facts.LAW_NUMBERS) if linkage else set()
    for number in facts.LAW_NUMBERS:
        holders = corpus.having_law(number)
        if linkage and number in split:
            rows.append(_split_index_row(corpus, linkage, page, number, term_base, holders))
            continue
        title, title_lang = _index_title(corpus, term_base, number, lang, holders)
        links = " ".join(
            f'<a href="{h(page.link(urls.law(e.meta, number)))}" hreflang="{h(e.meta.lang)}">'
            f"{h(e.meta.lang)} {h(e.meta.edition)}</a>"
            for e in holders
        ) or h(t(lang, "no_text"))
        rows.append(
            f'<tr id="law-{number}"><td><a href="{page.link(urls.law_hub(lang, number))}">{number}</a></td>'
            f"<td{lang_attr(title_lang, lang)}>{h(title)}</td><td>{links}</td></tr>"
        )
    body.append(
        f'<div class="laws-index"><table><thead><tr><th>#</th><th>{h(t(lang, "laws"))}</th>'
        f"<th>{h(t(lang, 'documents'))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
    return page


def _index_title(
    corpus: Corpus, term_base: TermBase | None, number: int, lang: str, holders: list[Entry]
) -> tuple[str, str]:
    """A laws-index row's title and its language: a text of ``lang`` prints it, else the term
    base's title in ``lang`` (English ones on English pages), else a text of another language's."""
    if own := corpus.law_title(number, lang):
        return display_title(own, lang), lang
    if term_base and (curated := law_title(term_base, number, lang)):
        return curated, lang
    other = holders[0].meta.lang if holders else lang
    return display_title(corpus.law_title(number, other), other), other


def _split_index_row(
    corpus: Corpus, linkage: Linkage, page: Page, number: int, term_base: TermBase | None, holders: list[Entry]
) -> str:
    """A laws-index row for a number that is more than one rule: each rule's titles with its
    editions, the number linked to the "where to read" page that tells them apart."""
    lang = page.lang
    found = lawsubjects.subjects(linkage.concordance, number)
    titles = "<br>".join(
        lawsubjects.titles_html(lawsubjects.titles(corpus, term_base, number, subject, lang), lang, True)
        or h(lawsubjects.editions_label(subject.editions))
        for subject in found
    )
    links = " ".join(
        f'<a href="{h(page.link(urls.law(e.meta, number)))}" hreflang="{h(e.meta.lang)}">'
        f"{h(e.meta.lang)} {h(e.meta.edition)}</a>"
        for e in holders
    ) or h(t(lang, "no_text"))
    hub = page.link(urls.law_hub(lang, number))
    return (
        f'<tr id="law-{number}"><td><a href="{hub}">{number}</a> '
        f"{lawsubjects.split_mark(lang, number)}</td>"
        f"<td>{titles}</td><td>{links}</td></tr>"
    )


def hub_page(corpus: Corpus, linkage: Linkage, lang: str, number: int, term_base: TermBase | None = None) -> Page:
    """Where law ``number`` can be read, from ``lang``'s point of view; with the term base, the
    law's title in ``lang`` and the concepts it governs, in ``lang``'s words: where the language
    has no text of the law, what a reader who searched for a concept lands on says, in their
    language, that this is the law of that concept.

    A number that holds another rule in another edition (the concordance's law rows: 2017 Law 23
    new, the 1997/2007 Law 23 moved to 2017 72C) is shown as its rules, newest first, each with
    its editions (``#edition-2017``), titles, where it came from or went, and its own texts."""
    found = lawsubjects.subjects(linkage.concordance, number)
    split = len(found) > 1
    # the law's title in the reader's words, where no text of the language prints one
    title = law_title(term_base, number, lang) if term_base and not corpus.law_title(number, lang) else None
    if split:
        heads = [lawsubjects.titles(corpus, term_base, number, subject, lang) for subject in found]
        title = " · ".join(
            f"{head[0].text} ({lawsubjects.editions_label(subject.editions)})"
            for subject, head in zip(found, heads, strict=True)
            if head
        )
    page = Page(
        url=urls.law_hub(lang, number),
        lang=lang,
        title=t(lang, "law", n=number) + (f" · {title}" if title else ""),
        body=[],
        description=t(lang, "law", n=number) + (f" · {title}" if title else ""),
        meta={"law": number, "hub": True},
        # a law that is two rules has no one text per language to switch to: the language's page for it
        alternates=simple_alternates(lambda code: urls.law_hub(code, number))
        if split
        else law_alternates(corpus, number, None),
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'law', n=number))} {{ #{number} }}", ""])
    governed = governed_concepts(term_base, number, lang) if term_base else []
    concepts: list[str] = []
    if governed:
        items = "".join(
            f'<li><a href="{h(page.link(concept_url(c, lang)))}">{h(word)}</a></li>' for c, word in governed
        )
        concepts = [f"<p>{h(t(lang, 'hub_concepts', n=number))}</p>", f'<ul class="hub-concepts">{items}</ul>']
    if split:
        body.extend([f'<p class="law-subjects">{h(t(lang, "law_subjects_intro", n=number))}</p>', ""])
        for subject in found:
            # the concepts are the newest edition's (the term base names laws in its numbering)
            own_concepts = concepts if facts.EDITIONS[-1] in subject.editions else []
            body.extend(_subject_block(corpus, linkage, page, subject, term_base, own_concepts))
        return page
    # one rule in every edition: each edition's anchor is the page (what a link to a rule of an
    # edition, as the 404 page makes, lands on)
    anchors = "".join(f'<span id="{h(urls.edition_anchor(e))}"></span>' for e in facts.EDITIONS)
    body.extend([f'<p class="law-editions">{anchors}</p>', ""])
    if title and term_base:
        concept = law_title_concept(term_base, number, lang)
        mark = lawsubjects.not_verified(lang, concept.terms_in(lang)[0].checked) if concept else ""
        body.extend([f'<p class="hub-title"><strong>{h(title)}</strong>{mark}</p>', ""])
    notes = lawsubjects.subject_notes(corpus, linkage.concordance, page, found[0])
    if notes:
        changed = any(row.relation is LawRelation.CHANGED for row in found[0].within)
        if changed:  # the words of each edition, as the subject changed in part
            own = lawsubjects.titles(corpus, term_base, number, found[0], lang)
            body.extend([f'<p class="hub-titles">{lawsubjects.titles_html(own, lang, True)}</p>', ""])
        items = "".join(f"<li>{note}</li>" for note in notes)
        body.extend([f'<ul class="law-notes">{items}</ul>', ""])
    body.extend(national_rules_block(corpus, linkage, page, number, None))
    body.extend(_texts_blocks(corpus, page, number, corpus.having_law(number)))
    if concepts:
        body.extend([concepts[0], "", concepts[1], ""])
    return page


def _subject_block(
    corpus: Corpus,
    linkage: Linkage,
    page: Page,
    subject: LawSubject,
    term_base: TermBase | None,
    concepts: list[str],
) -> list[str]:
    """One rule of a law number: its editions (each an anchor), titles, what the rows say, its texts."""
    lang, number = page.lang, subject.number
    first, *others = subject.editions
    anchors = "".join(f'<span id="{h(urls.edition_anchor(e))}"></span>' for e in others)
    heads = lawsubjects.titles(corpus, term_base, number, subject, lang)
    heading = f"{h(t(lang, 'law', n=number))} · {h(lawsubjects.editions_label(subject.editions))}"
    lines = [
        f'<section class="law-subject"><h2 id="{h(urls.edition_anchor(first))}">{heading}</h2>{anchors}',
    ]
    if heads:
        lines.append(f'<p class="hub-title"><strong>{lawsubjects.titles_html(heads, lang, False)}</strong></p>')
    notes = lawsubjects.subject_notes(corpus, linkage.concordance, page, subject)
    if notes:
        lines.append(f'<ul class="law-notes">{"".join(f"<li>{note}</li>" for note in notes)}</ul>')
    lines.extend(line for line in national_rules_block(corpus, linkage, page, number, None, subject.editions) if line)
    holders = lawsubjects.subject_texts(corpus, number, subject)
    if holders:
        lines.extend(line for line in _texts_blocks(corpus, page, number, holders, subject.editions) if line)
    else:
        lines.append(f'<p class="missing">{h(t(lang, "law_subject_no_text"))}</p>')
    lines.extend([*concepts, "</section>"])
    return ["\n".join(lines), ""]


def _texts_blocks(
    corpus: Corpus, page: Page, number: int, holders: list[Entry], editions: tuple[str, ...] | None = None
) -> list[str]:
    """The texts of ``holders`` (those of one rule of the law when ``editions`` is given): the
    language's own, the ones of its editions that lack the law, and the other languages'."""
    lang = page.lang
    body: list[str] = []
    own = [e for e in holders if e.meta.lang == lang]
    lacking = [
        e
        for e in corpus.in_language(lang)
        if e.meta.kind is DocKind.LAWS and e not in own and (editions is None or e.meta.edition in editions)
    ]
    if own and lacking:
        items = "".join(
            f'<li><a href="{h(page.link(urls.document(e.meta)))}">{h(e.meta.title)}</a> ({h(e.meta.edition)}): '
            f"{h(t(lang, 'not_in_text'))}</li>"
            for e in lacking
        )
        body.extend([f'<ul class="missing-editions">{items}</ul>', ""])
    if own:
        items = "".join(
            f'<li><a href="{h(page.link(urls.law(e.meta, number)))}">{h(e.meta.title)}</a> ({h(e.meta.edition)})</li>'
            for e in own
        )
        body.extend([f"<p>{h(t(lang, 'texts_in_language'))}:</p>", "", f"<ul>{items}</ul>", ""])
    elif holders:
        body.extend([f'<p class="missing">{h(t(lang, "not_in_language", n=number))}</p>', ""])
    else:
        body.extend([f'<p class="missing">{h(t(lang, "not_anywhere", n=number))}</p>', ""])
    others = [e for e in holders if e.meta.lang != lang]
    if others:
        items = "".join(
            f'<li><a href="{h(page.link(urls.law(e.meta, number)))}" hreflang="{h(e.meta.lang)}">'
            f'{h(language_name(e.meta.lang))} {h(e.meta.edition)}</a> – <span lang="{h(e.meta.lang)}">'
            f"{h(_heading_of(e, number))}</span></li>"
            for e in others
        )
        body.extend([f"<p>{h(t(lang, 'read_it_in'))}</p>", "", f'<ul class="read-in">{items}</ul>', ""])
    return body


def law_title(base: TermBase, number: int, lang: str) -> str | None:
    """Law ``number``'s title in ``lang`` from the term base's law titles (``law-titles.toml``):
    the first form, never a search stem, of the newest edition's title, else of the newest edition that has one."""
    concept = law_title_concept(base, number, lang)
    return sentence_case(concept.words(lang)[0], lang) if concept else None


def law_title_concept(base: TermBase, number: int, lang: str) -> Concept | None:
    """The term base's title of law ``number`` that :func:`law_title` reads, its words in ``lang``."""
    titles = [c for c in base.governed_by(number) if c.is_law_title and c.governing() == str(number) and c.words(lang)]
    titles.sort(key=lambda concept: concept.editions[-1], reverse=True)
    return titles[0] if titles else None


def governed_concepts(base: TermBase, number: int, lang: str) -> list[tuple[Concept, str]]:
    """The concepts (not titles) whose governing law in the newest edition is law ``number``,
    each with its name in ``lang`` (:meth:`Concept.name_in`); those with no word in ``lang`` left out."""
    found = []
    for concept in base.governed_by(number):
        if concept.is_law_title:
            continue
        name = concept.name_in(lang)  # never a search stem (``revoke*``): it is not a word
        if name:
            found.append((concept, name))
    return found


def _heading_of(entry: Entry, number: int) -> str:
    law = entry.document.law(number)
    return law_heading(law, entry.meta.lang) if law else t(entry.meta.lang, "law", n=number)


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
    items = "".join(f'<li><a href="{h(page.link(urls.document(e.meta)))}">{h(e.meta.title)}</a></li>' for e in entries)
    page.body.extend([f"# {md_inline(page.title)}", "", f"<ul>{items}</ul>"])
    return page
