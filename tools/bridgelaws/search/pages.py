"""The search pages: ``/<lang>/search/`` for each language with texts, and ``/search/``, which
sends a query to the language it is written in.  A page carries its form, and no more: the data
:mod:`.engine_data` (a language's page) and :mod:`.detection` (``/search/``) make for
``search.js`` is the JSON file beside it (:func:`search_data_files`, at ``urls.search_data``),
fetched with the engine when the reader starts to search (``search-start.js``,
``overrides/main.html``).  Without script the form still submits, and the page says results
need script.
"""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.search.detection import detection_data, detection_files
from bridgelaws.search.engine_data import SEARCH_STRINGS, data_json, edition_year, search_data
from bridgelaws.search.vocabulary import SEARCH_LANGUAGES, Vocabulary
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render.page import Page, h, language_name, md_inline, t
from bridgelaws.termbase import TermBase


def _search_shell(lang: str, search_page: bool) -> Page:
    """The page both kinds of search page start from, at ``/<lang>/search/``; its front matter
    names the data file beside it (``search_data``, a link from the page), which
    overrides/main.html gives search-start.js with the engine's other files."""
    # searches: overrides/main.html and its partials give the page the engine's files (and its
    # inline warm-ups), search-start.js, and the search pages' cut of the stylesheets
    meta: dict[str, object] = {"hide": ["navigation", "toc"], "searches": True}
    if search_page:
        meta["search_page"] = True  # overrides/main.html: its language's Pagefind preloads and search.js
    meta["search_data"] = urls.relative(urls.search(lang), urls.search_data(lang))
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


def _status_line(lang: str) -> str:
    """The line that says what a search is doing: search-start.js says the engine is loading
    (``data-loading``) or could not be loaded (``data-failed``, ``{error}`` its reason) before
    the engine, which has the page's other strings, is there."""
    loading, failed = h(t(lang, "search_loading")), h(t(lang, "search_offline"))
    return (
        f'<p id="search-status" class="search-status" role="status" aria-live="polite"'
        f' data-loading="{loading}" data-failed="{failed}"></p>'
    )


def _search_form(lang: str, action: str, after_input: str, below: str) -> str:
    return (
        f'<form class="search-page-form" role="search" action="{action}" method="get">'
        f'<label for="search-input">{h(t(lang, "search_label"))}</label>'
        f'<div class="search-row"><input id="search-input" name="q" type="search" autocomplete="off"'
        f' autocapitalize="off" spellcheck="false" enterkeyhint="search" placeholder="{h(t(lang, "search_hint"))}">'
        f"{after_input}</div>{below}</form>"
    )


def search_page(corpus: Corpus, lang: str) -> Page:
    """``/<lang>/search/?q=…``: the form, the edition filter and ``#search-results``.

    Without script the form still submits here; results need script (Pagefind runs in the
    browser), which the page says in a ``<noscript>``.
    """
    page = _search_shell(lang, search_page=True)
    # oldest first, as the site lists editions everywhere (facts.EDITIONS: the edition switcher,
    # "where to read", the laws index, a result's editions)
    editions = sorted({entry.meta.edition for entry in corpus.in_language(lang)}, key=edition_year)
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
    page.body.extend(
        [
            _search_form(lang, "./", submit, filters),
            "",
            _status_line(lang),
            "",
            '<ol id="search-results" class="search-results"></ol>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
        ]
    )
    return page


def search_chooser_page(corpus: Corpus) -> Page:
    """``/search/``: the default language has no texts of its own, so a query typed here (or in
    the header of an English page) goes to the language it is written in, or shows each likely
    language's best results side by side (``search-anywhere.js``, from :func:`chooser_data`).  One
    submit button per language (``formaction``) chooses by hand, also without script."""
    lang = facts.DEFAULT_LANGUAGE
    page = _search_shell(lang, search_page=False)  # search-anywhere.js, without one language's Pagefind
    buttons = "".join(
        f'<button type="submit" formaction="{page.link(urls.search(code))}" lang="{code}">'
        f"{h(language_name(code))}</button>"
        for code in SEARCH_LANGUAGES
        if corpus.in_language(code)
    )
    submit = f'<button type="submit">{h(t(lang, "search"))}</button>'
    choose = f'<p>{h(t(lang, "search_or_choose"))}</p><div class="search-languages">{buttons}</div>'
    page.body.extend(
        [
            f"<p>{h(t(lang, 'search_any_language'))}</p>",
            "",
            _search_form(lang, "./", submit, choose),
            "",
            _status_line(lang),
            "",
            '<div id="search-by-language" class="search-by-language"></div>',
            "",
            f'<noscript><p class="search-status">{h(t(lang, "search_needs_script"))}</p></noscript>',
        ]
    )
    return page


# the strings only /search/ shows
ROOT_STRINGS = ("search_undecided", "search_english", "search_all_in", "search_going_to")


def chooser_data(corpus: Corpus, vocabulary: dict[str, Vocabulary]) -> dict[str, object]:
    """``/search/``'s data: what tells a query's language (:func:`.detection.detection_data`),
    with the page's strings."""
    strings = {key: t(facts.DEFAULT_LANGUAGE, key) for key in (*SEARCH_STRINGS, *ROOT_STRINGS)}
    return detection_data(corpus, vocabulary, strings)


def search_languages(corpus: Corpus) -> list[str]:
    """The languages with a search page of their own: those with texts."""
    return [lang for lang in SEARCH_LANGUAGES if corpus.in_language(lang)]


def search_pages(corpus: Corpus) -> list[Page]:
    return [search_chooser_page(corpus), *(search_page(corpus, lang) for lang in search_languages(corpus))]


def search_data_files(
    corpus: Corpus,
    vocabulary: dict[str, Vocabulary],
    concordance: Concordance | None = None,
    term_base: TermBase | None = None,
) -> dict[str, str]:
    """Each search page's data, as the file beside it (``urls.search_data``), by path under
    ``content/docs``: a language's :func:`.engine_data.search_data`, ``/search/``'s
    :func:`chooser_data` (with the files it names: :func:`.detection.detection_files`).  Off the
    pages, so a page opened to type in downloads its form only."""
    default = facts.DEFAULT_LANGUAGE  # its docs folder is "en/", its URLs have no prefix
    chooser = detection_files(chooser_data(corpus, vocabulary))
    files = {f"{default}/{url}": data_json(data) for url, data in chooser.items()}
    for lang in search_languages(corpus):
        # a search language is never the default one: its docs folder is its URL's ("fi/…")
        data = search_data(corpus, lang, vocabulary.get(lang, Vocabulary()), concordance, term_base)
        files[urls.search_data(lang)] = data_json(data)
    return files
