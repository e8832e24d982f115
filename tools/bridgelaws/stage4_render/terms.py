"""The term base for translators, in every interface language: an index and its details.

``/terms/``, ``/fi/terms/`` …: the index, light enough for a phone on a first visit: every
concept by its name in the page's language, alphabetical in that language
(:mod:`bridgelaws.core.collation`), under its first letter, with its governing law; a filter
box (``terms.js``: the page works without it, the whole index is there); then the laws, ten a
page, each law's title, as the way to the details.  Each index entry has the concept's id, so a
link to ``/terms/#<concept-id>`` still lands on the concept, one tap from its details.

``/fi/terms/10-19/`` …: the details of the concepts laws 10–19 govern (:func:`concept_url`),
law by law, each law's title first: each concept's words in every language (each marked with
its ``lang``, with the basis it comes from; search's stems, ``revoke*``, apart from the words as
what search finds, never as a form: the TBX leaves them out), where our texts define it
(linked), and the laws that govern it, linked to the page language's "where to read Law N"
page, the governing law first.  A list per concept, not a table, so the page fits a phone without sideways scrolling.
"""

from __future__ import annotations

from collections.abc import Callable

from bridgelaws.core import collation, facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Checked, Concordance
from bridgelaws.stage4_render.formats_links import Memories, formats_paragraph
from bridgelaws.stage4_render.lawsubjects import hub_link
from bridgelaws.stage4_render.page import Page, h, lang_attr, language_name, md_inline, t
from bridgelaws.stage4_render.switcher import simple_alternates
from bridgelaws.stage4_render.term_basis import basis_text
from bridgelaws.termbase import PREFIX, Concept, Place, Term, TermBase, definition_anchor


def governing_number(concept: Concept) -> int:
    """The number of the law that governs the concept (the loader refuses a concept without laws)."""
    return refs.law_of(concept.governing() or "") or facts.LAW_NUMBERS[0]


def concept_url(concept: Concept, lang: str) -> str:
    """Where the concept's words in every language are: its governing law's term page, at the concept."""
    return f"{urls.terms_group(lang, governing_number(concept))}#{concept.id}"


def terms_pages(
    corpus: Corpus, base: TermBase, lang: str, concordance: Concordance | None = None, memories: Memories = ()
) -> list[Page]:
    """The index in ``lang`` and its pages of details, one per :data:`~bridgelaws.core.urls.TERMS_GROUP` laws."""
    groups = sorted({urls.terms_laws(governing_number(concept)) for concept in base.concepts})
    return [
        terms_page(base, lang, memories),
        *(group_page(corpus, base, lang, first, concordance) for first, _ in groups),
    ]


def terms_page(base: TermBase, lang: str, memories: Memories = ()) -> Page:
    """The index in ``lang``'s interface; with the translation memories, links to them and to the TBX."""
    page = Page(
        url=urls.terms(lang),
        lang=lang,
        title=t(lang, "terms_title"),
        body=[],
        description=t(lang, "terms_intro"),
        meta={"terms": True, "terms_index": True},
        alternates=simple_alternates(urls.terms),
        index=True,
    )
    topical = [concept for concept in base.concepts if not concept.is_law_title]
    titles = [concept for concept in base.concepts if concept.is_law_title]
    page.body.extend(
        [
            f"# {md_inline(t(lang, 'terms_title'))}",
            "",
            f"<p>{h(t(lang, 'terms_intro'))} {h(t(lang, 'terms_count', count=len(topical)))}</p>",
            "",
            formats_paragraph(page, memories, True),  # the term base and memories for CAT tools
            "",
            # there from the first paint where script runs (terms.js filters; showing it from the
            # script moved the whole index down); without script laws.css hides it (scripting:
            # none): there is nothing to filter with, and the index is whole
            f'<p class="term-filter"><label for="term-filter">{h(t(lang, "terms_filter"))}</label> '
            f'<input type="search" id="term-filter" autocomplete="off" spellcheck="false"></p>',
            f'<p class="term-filter-none" hidden>{h(t(lang, "terms_filter_none"))}</p>',
            "",
            f"## {md_inline(t(lang, 'terms_index'))} {{ #concepts }}",
            "",
        ]
    )
    alphabet = collation.alphabet(lang)
    named = sorted(
        ((_heading(concept, lang), concept) for concept in topical),
        key=lambda item: (collation.sort_key(item[0][0], lang), item[1].id),
    )
    letters: dict[str, list[str]] = {}
    for (name, name_lang), concept in named:
        number = governing_number(concept)
        entry = (
            f'<li id="{h(concept.id)}" data-words="{h(_words(concept))}">'
            f'<a href="{h(page.link(concept_url(concept, lang)))}"{lang_attr(name_lang, lang)}>{h(name)}</a> '
            f"<small>{h(t(lang, 'law', n=number))}</small></li>"
        )
        letters.setdefault(alphabet.letter(name), []).append(entry)
    for letter, entries in letters.items():
        page.body.extend([f'<div class="term-letter"><h3>{h(letter)}</h3><ul>{"".join(entries)}</ul></div>', ""])
    page.body.extend(
        [
            f"## {md_inline(t(lang, 'terms_by_law'))} {{ #laws }}",
            "",
            f"<p>{h(t(lang, 'terms_law_titles_intro'))}</p>",
            "",
        ]
    )
    for first, last in sorted({urls.terms_laws(governing_number(concept)) for concept in base.concepts}):
        group = urls.terms_group(lang, first)
        count = sum(1 for concept in topical if urls.terms_laws(governing_number(concept)) == (first, last))
        entries = []
        for concept in sorted(
            (c for c in titles if urls.terms_laws(governing_number(c)) == (first, last)), key=governing_number
        ):
            name, name_lang = _heading(concept, lang)
            # found by the filter by its number and its title as shown: its words in every
            # language would be a tenth of the first visit
            entries.append(
                f'<li id="{h(concept.id)}">'
                f'<span class="term-number">{governing_number(concept)}</span> '
                f'<a href="{h(page.link(concept_url(concept, lang)))}"{lang_attr(name_lang, lang)}>{h(name)}</a></li>'
            )
        page.body.extend(
            [
                f'<div class="term-group"><h3><a href="{h(page.link(group))}">'
                f"{h(t(lang, 'terms_group', first=first, last=last))}</a> "
                f"<small>{h(t(lang, 'terms_count', count=count))}</small></h3>"
                f'<ol class="term-titles">{"".join(entries)}</ol></div>',
                "",
            ]
        )
    return page


def _words(concept: Concept) -> str:
    """What the filter reads of a concept besides its name: each of its terms in every language,
    by its first form (the base form: a filter matches letters anywhere in a word, so "straff"
    finds "straffkort"; every inflected form too would be a third of the first visit), and its
    English name.  A search stem first (``tuomari*``) gives its letters (``tuomari``): the filter
    matches letters, not words, and the details show the stem as one (:func:`_stems`)."""
    words = [term.forms[0].removesuffix(PREFIX) for term in concept.terms if term.forms]
    return " · ".join(dict.fromkeys([*words, concept.name]))


def group_page(corpus: Corpus, base: TermBase, lang: str, number: int, concordance: Concordance | None = None) -> Page:
    """The details of the concepts the laws of ``number``'s group govern, law by law, each law's
    title first; with the concordance, each concept's laws in the older editions' numbering as
    search reads them (:meth:`Concept.laws_elsewhere`)."""
    first, last = urls.terms_laws(number)
    heading = t(lang, "terms_group", first=first, last=last)
    page = Page(
        url=urls.terms_group(lang, number),
        lang=lang,
        title=f"{t(lang, 'terms_title')} · {heading}",
        body=[],
        description=t(lang, "terms_intro"),
        meta={"terms": True},
        alternates=simple_alternates(lambda code: urls.terms_group(code, number)),
    )
    page.body.extend(
        [
            f"# {md_inline(heading)}",
            "",
            f'<p><a href="{h(page.link(urls.terms(lang)))}">{h(t(lang, "terms_title"))}</a></p>',
            "",
        ]
    )
    held = [concept for concept in base.concepts if urls.terms_laws(governing_number(concept)) == (first, last)]
    for law in range(first, last + 1):
        # the law's title (law-titles.toml) first, then the concepts it governs in the term base's order
        own = sorted(
            (concept for concept in held if governing_number(concept) == law), key=lambda c: not c.is_law_title
        )
        if not own:
            continue
        page.body.extend(
            [
                f'<h2 id="law-{law}"><a href="{h(page.link(urls.law_hub(lang, law)))}">'
                f"{h(t(lang, 'law', n=law))}</a></h2>",
                "",
            ]
        )
        for concept in own:
            page.body.extend(_concept(page, corpus, concept, level=3, concordance=concordance))
    return page


def _heading(concept: Concept, lang: str) -> tuple[str, str]:
    """The concept's name in ``lang`` (:meth:`Concept.name_in`: never a search stem), else its English name; and
    that language."""
    name = concept.name_in(lang)
    return (name, lang) if name else (concept.name, facts.DEFAULT_LANGUAGE)


def _concept(
    page: Page, corpus: Corpus, concept: Concept, level: int = 2, concordance: Concordance | None = None
) -> list[str]:
    lang = page.lang
    name, name_lang = _heading(concept, lang)
    heading = f'<h{level} id="{h(concept.id)}"{lang_attr(name_lang, lang)}>{h(name)}</h{level}>'
    rows = "".join(_language_row(concept, code, lang) for code in facts.INTERFACE_LANGUAGES)
    parts = [f'<div class="term-concept">{heading}<dl class="term-langs">{rows}</dl>']
    defined = [link for place in concept.defined if (link := _definition_link(page, corpus, concept, place))]
    if defined:
        parts.append(f"<p>{h(t(lang, 'terms_defined_in'))}: {', '.join(defined)}</p>")
    parts.append(f"<p>{h(t(lang, 'terms_laws'))}: {_laws(page, concept, concordance)}</p></div>")
    return ["".join(parts), ""]


def _language_row(concept: Concept, code: str, page_lang: str) -> str:
    label = f"<dt>{h(language_name(code))}</dt>"
    terms = concept.terms_in(code)
    if not terms:
        missing = concept.missing_in(code)
        # why there is none: a reviewer's note in English, on the English page (and in the TBX)
        reason = (
            f' <small class="term-basis">({h(missing.reason)})</small>'
            if missing and page_lang == facts.DEFAULT_LANGUAGE
            else ""
        )
        return f'{label}<dd class="term-missing">{h(t(page_lang, "terms_missing"))}{reason}</dd>'
    return label + "".join(_term_item(term, code, page_lang) for term in terms)


def _term_item(term: Term, code: str, page_lang: str) -> str:
    """One term row: its words (forms a reader can use), its search stems apart as what search
    finds (:func:`_stems`; the TBX leaves them out: a stem is never shown as a word), and its
    source, whose label says "not verified" when the row was not read in a published text
    (visible, not a tooltip)."""
    words = f'<span lang="{h(code)}">{h(", ".join(term.words))}</span>' if term.words else ""
    shown = " ".join(part for part in (words, _stems(term.stems, code, page_lang)) if part)
    label = (
        f'<small class="term-basis">{h(t(page_lang, "terms_basis"))}: '
        if term.checked is Checked.READ
        else f'<small class="term-basis not-verified">{h(t(page_lang, "terms_basis_not_verified"))}: '
    )
    return f"<dd>{shown} {label}{h(basis_text(term.basis, page_lang))}</small></dd>"


STEM_MARK = "\u2026"  # after a stem as the page shows it: "revoke…", a beginning, not a word


def _stems(stems: tuple[str, ...], code: str, page_lang: str) -> str:
    """A row's search stems (``revoke*``) as the page shows them: "search finds words beginning
    with revoke…, renege…" in the page's language, each stem with :data:`STEM_MARK`, never the
    search's ``*`` (which reads as part of a word); "" when the row has none."""
    if not stems:
        return ""
    listed = f'<span lang="{h(code)}">{h(", ".join(stem + STEM_MARK for stem in stems))}</span>'
    before, _, after = h(t(page_lang, "terms_stems", stems="\0")).partition("\0")
    return f'<small class="term-stems">{before}{listed}{after}</small>'


def _definition_link(page: Page, corpus: Corpus, concept: Concept, place: Place) -> str:
    """A link to the definition or provision that defines the concept ("" when the text is not in the corpus)."""
    entry = corpus.by_id(place.doc)
    if entry is None:
        return ""
    if place.term is not None:
        anchor = definition_anchor(place, corpus)
        if anchor is None:
            return ""
        url, label = f"{urls.definitions(entry.meta)}#{anchor}", place.term
    else:
        ref = place.ref or ""
        owner = refs.law_of(ref) or ref.removeprefix(refs.POINT_PREFIX).split(refs.POINT_SEPARATOR)[0]
        url, label = urls.provision(entry.meta, owner, ref), refs.display(ref)
    return (
        f'<a href="{h(page.link(url))}" hreflang="{h(entry.meta.lang)}">{h(entry.meta.id)}: '
        f'<span lang="{h(entry.meta.lang)}">{h(label)}</span></a>'
    )


def _laws(page: Page, concept: Concept, concordance: Concordance | None) -> str:
    """The newest edition's laws (the governing one first, marked), then other editions' numbers
    where they differ: ``laws_in``, else through the concordance (provision rows, then law rows),
    as search reads them; an edition where the rows give none says so (``—``)."""
    newest = concept.editions[-1]
    at = (lambda number, edition: hub_link(concordance, page.lang, number, edition)) if concordance else None
    links = [_law_link(page, ref, index == 0, newest, at) for index, ref in enumerate(concept.laws_of(newest))]
    text = " ".join(links)
    if concept.editions != facts.EDITIONS:
        text += f" ({h(', '.join(concept.editions))})"
    elsewhere = (
        concept.laws_elsewhere(concordance)
        if concordance
        else {e: concept.laws_of(e) for e in concept.editions[:-1] if concept.laws_of(e) != concept.laws_of(newest)}
    )
    for edition, older in elsewhere.items():
        if edition not in concept.editions:
            continue
        shown = [_law_link(page, ref, i == 0, edition, at) for i, ref in enumerate(older) if ref]
        text += f"; {h(edition)}: " + (" ".join(shown) or h(t(page.lang, "no_text")))
    return text


def _law_link(page: Page, ref: str, governing: bool, edition: str, at: Callable[[int, str], str] | None = None) -> str:
    """``ref`` linked to its law's "where to read" page (``at``: at ``edition``'s rule, where the
    number is more than one)."""
    number = refs.law_of(ref) or 0
    hub = at(number, edition) if at else urls.law_hub(page.lang, number)
    link = f'<a href="{h(page.link(hub))}">{h(refs.display(ref))}</a>'
    if governing:
        return f"<strong>{link}</strong> <small>({h(t(page.lang, 'terms_governing'))})</small>"
    return link
