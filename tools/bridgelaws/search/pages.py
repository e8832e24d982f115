"""The search pages: ``/<lang>/search/`` for each language with texts, and ``/search/``, which
sends a query to the language it is written in.  Each carries, as JSON in a
``<script type="application/json">``, the data :mod:`.engine_data` (a language's page) and
:mod:`.detection` (``/search/``) make for ``search.js``; without script the form still submits,
and the page says results need script.
"""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.search.detection import detection_data
from bridgelaws.search.engine_data import SEARCH_STRINGS, edition_year, json_for_script, search_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, Vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render.page import Page, h, language_name, md_inline, t
from bridgelaws.termbase import TermBase


def _search_shell(lang: str, search_page: bool) -> Page:
    """The page both kinds of search page start from, at ``/<lang>/search/``."""
    meta: dict[str, object] = {"hide": ["navigation", "toc"]}
    if search_page:
        meta["search_page"] = True  # overrides/main.html: preloads and search.js
    page = Page(
        url=urls.search(lang),
        lang=lang,
        title=t(lang, "search"),
        body=[f"# {md_inline(t(lang, 'search'))}", ""],
        description=t(lang, "search_description"),
        meta=meta,
        alternates={code: urls.search(code) for code in facts.INTERFACE_LANGUAGES},
    )
    return page


def _search_form(lang: str, action: str, after_input: str, below: str) -> str:
    return (
        f'<form class="search-page-form" role="search" action="{action}" method="get">'
        f'<label for="search-input">{h(t(lang, "search_label"))}</label>'
        f'<div class="search-row"><input id="search-input" name="q" type="search" autocomplete="off"'
        f' autocapitalize="off" spellcheck="false" enterkeyhint="search" placeholder="{h(t(lang, "search_hint"))}">'
        f"{after_input}</div>{below}</form>"
    )


def search_page(
    corpus: Corpus,
    lang: str,
    vocabulary: Vocabulary,
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
) -> Page:
    """``/<lang>/search/?q=…``: the form, the edition filter and ``#search-results``.

    Without script the form still submits here; results need script (Pagefind runs in the
    browser), which the page says in a ``<noscript>``.
    """
    page = _search_shell(lang, search_page=True)
    editions = sorted({entry.meta.edition for entry in corpus.in_language(lang)}, key=edition_year, reverse=True)
    filters = ""
    if len(editions) > 1:
        choices = [(t(lang, "search_all_editions"), "")] + [(edition, edition) for edition in editions]
        radios = "".join(
            f'<label><input type="radio" name="edition" value="{h(value)}"{" checked" if not value else ""}>'
            f" {h(text)}</label>"
            for text, value in choices
        )
        filters = f'<fieldset class="search-editions"><legend>{h(t(lang, "edition"))}</legend>{radios}</fieldset>'
    submit = f'<button type="submit">{h(t(lang, "search"))}</button>'
    data = json_for_script(search_data(corpus, lang, vocabulary, concordance, term_base))
    page.body.extend(
        [
            _search_form(lang, "./", submit, filters),
            "",
            '<p id="search-status" class="search-status" role="status" aria-live="polite"></p>',
            "",
            '<ol id="search-results" class="search-results"></ol>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
            "",
            f'<script type="application/json" id="search-data">{data}</script>',
        ]
    )
    return page


def search_chooser_page(corpus: Corpus, vocabulary: dict[str, Vocabulary] | None = None) -> Page:
    """``/search/``: the default language has no texts of its own, so a query typed here (or in
    the header of an English page) goes to the language it is written in, or shows each likely
    language's best results side by side (``search.js``, from :func:`detection_data`).  One
    submit button per language (``formaction``) chooses by hand, also without script."""
    lang = facts.DEFAULT_LANGUAGE
    page = _search_shell(lang, search_page=False)
    page.meta["search_root"] = True  # overrides/main.html: search.js, without one language's preloads
    buttons = "".join(
        f'<button type="submit" formaction="{page.link(urls.search(code))}" lang="{code}">'
        f"{h(language_name(code))}</button>"
        for code in SEARCH_LANGUAGES
        if corpus.in_language(code)
    )
    submit = f'<button type="submit">{h(t(lang, "search"))}</button>'
    choose = f'<p>{h(t(lang, "search_or_choose"))}</p><div class="search-languages">{buttons}</div>'
    strings = {key: t(facts.DEFAULT_LANGUAGE, key) for key in (*SEARCH_STRINGS, *ROOT_STRINGS)}
    data = json_for_script(detection_data(corpus, vocabulary or {}, page, strings))
    page.body.extend(
        [
            f"<p>{h(t(lang, 'search_any_language'))}</p>",
            "",
            _search_form(lang, "./", submit, choose),
            "",
            '<p id="search-status" class="search-status" role="status" aria-live="polite"></p>',
            "",
            '<div id="search-by-language" class="search-by-language"></div>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
            "",
            f'<script type="application/json" id="search-detect">{data}</script>',
        ]
    )
    return page


# the strings only /search/ shows
ROOT_STRINGS = ("search_undecided", "search_all_in", "search_going_to")


def search_pages(
    corpus: Corpus,
    vocabulary: dict[str, Vocabulary],
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
) -> list[Page]:
    pages = [search_chooser_page(corpus, vocabulary)]
    pages.extend(
        search_page(corpus, lang, vocabulary.get(lang, Vocabulary()), concordance, term_base)
        for lang in SEARCH_LANGUAGES
        if corpus.in_language(lang)
    )
    return pages
