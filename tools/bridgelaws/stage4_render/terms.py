"""The term base as a page for translators, in every interface language (``/terms/``, ``/fi/terms/``).

Each concept: its words in every language (each marked with its ``lang``, with the basis it
comes from), where our texts define it (linked), and the laws that govern it, linked to the
page language's "where to read Law N" page, the governing law first.  A list per concept,
not a table, so the page fits a phone without sideways scrolling.
"""

from __future__ import annotations

from collections.abc import Callable

from bridgelaws.core import facts, refs, urls
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Checked, Concordance
from bridgelaws.stage4_render.formats_links import Memories, formats_paragraph
from bridgelaws.stage4_render.lawsubjects import hub_link
from bridgelaws.stage4_render.page import Page, h, lang_attr, language_name, md_inline, t
from bridgelaws.stage4_render.switcher import simple_alternates
from bridgelaws.stage4_render.term_basis import basis_text
from bridgelaws.termbase import Concept, Place, TermBase, definition_anchor


def terms_page(
    corpus: Corpus, base: TermBase, lang: str, concordance: Concordance | None = None, memories: Memories = ()
) -> Page:
    """The term base for translators in ``lang``'s interface; with the concordance, each concept's
    laws in the older editions' numbering as search reads them (:meth:`Concept.laws_elsewhere`);
    with the translation memories, links to them and to the TBX."""
    page = Page(
        url=urls.terms(lang),
        lang=lang,
        title=t(lang, "terms_title"),
        body=[],
        description=t(lang, "terms_intro"),
        meta={"terms": True},
        alternates=simple_alternates(urls.terms),
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
        ]
    )
    for concept in topical:
        page.body.extend(_concept(page, corpus, concept, concordance=concordance))
    if titles:
        # the laws' titles after the concepts: 93 of them would bury the concepts
        page.body.extend(
            [
                f'<h2 id="law-titles">{h(t(lang, "terms_law_titles"))}</h2>',
                "",
                f"<p>{h(t(lang, 'terms_law_titles_intro'))}</p>",
                "",
            ]
        )
        for concept in titles:
            page.body.extend(_concept(page, corpus, concept, level=3, concordance=concordance))
    return page


def _heading(concept: Concept, lang: str) -> tuple[str, str]:
    """The concept's name in ``lang`` (its first whole word form), else its English name; and that language."""
    forms = [f for f in concept.forms(lang) if not f.endswith("*")]
    return (forms[0], lang) if forms else (concept.name, facts.DEFAULT_LANGUAGE)


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
    # a term not read in a published text says so in its source's label (visible, not a tooltip)
    items = "".join(
        f'<dd><span lang="{h(code)}">{h(", ".join(term.forms))}</span> '
        + (
            f'<small class="term-basis">{h(t(page_lang, "terms_basis"))}: '
            if term.checked is Checked.READ
            else f'<small class="term-basis not-verified">{h(t(page_lang, "terms_basis_not_verified"))}: '
        )
        + f"{h(basis_text(term.basis, page_lang))}</small></dd>"
        for term in terms
    )
    return label + items


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
