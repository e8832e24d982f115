"""The page for a missing address (``/404.html``, ``/<lang>/404.html``): what it says and links.

A static host serves one 404 file for any missing path (GitHub Pages only the root one), so
the page carries a block for every interface language and ``notfound.js`` shows the one of the
requested path's language (``/sv/2007/45/`` → Swedish), with a link to where the law the path
names can be read: of the path's edition, when it names one (a law number is not an identity
across editions: ``/fi/2007/23/`` → "where to read Law 23 of 2007", ``/fi/laws/23/#edition-2007``).
Without script the page's own language shows: its search box, every language's home and search
page.  Links are absolute from the site's root (``base``): the same file answers at any depth.
Offline, the same page says "not saved for offline reading" for a page of the site the service
worker did not keep (:data:`MISSING`).  The MkDocs hook (:mod:`bridgelaws.stage5_site.mkdocs_hooks`)
puts this body into ``overrides/404.html`` once per language build.
"""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import h, language_name, t

# The page's reason; offline, the service worker (stage5_site/sw.js) answers a page of the site it
# did not keep with this page, the mark replaced by data-reason="not-saved", and notfound.js then
# shows each block's "not saved for offline reading" (data-not-saved-title, -text) instead.
MISSING = 'data-reason="missing"'


def _homes(base: str) -> str:
    """Every language's home and search page, each in its own language."""
    items = "".join(
        f'<li lang="{code}"><a href="{h(base + urls.home(code))}" hreflang="{code}">{h(language_name(code))}</a>'
        f' · <a href="{h(base + urls.search(code))}" hreflang="{code}">{h(t(code, "search"))}</a></li>'
        for code in facts.INTERFACE_LANGUAGES
    )
    return f'<ul class="not-found__homes">{items}</ul>'


def _block(lang: str, shown: bool, base: str) -> str:
    """One language's message, law link (filled by script), search box and homes."""
    hidden = "" if shown else " hidden"
    field = f"not-found-q-{lang}"
    law = (
        f'<p class="not-found__law" hidden data-hub="{h(base + urls.law_hub(lang, 0)).replace("/0/", "/{n}/")}"'
        f' data-law="{h(t(lang, "not_found_law"))}" data-law-edition="{h(t(lang, "not_found_law_edition"))}"'
        f' data-anchor="{h(urls.edition_anchor("{edition}"))}" data-text="{h(t(lang, "not_found_law_text"))}"></p>'
    )
    action = h(base + urls.search(lang))
    search = (
        f'<form class="not-found__search search-page-form" role="search" action="{action}" method="get">'
        f'<label for="{field}">{h(t(lang, "search_label"))}</label>'
        f'<div class="search-row"><input id="{field}" name="q" type="search" autocomplete="off" autocapitalize="off"'
        f' spellcheck="false" enterkeyhint="search"><button type="submit">{h(t(lang, "search"))}</button></div></form>'
    )
    title = h(t(lang, "not_found_title"))
    not_saved = (
        f' data-not-saved-title="{h(t(lang, "not_saved_title"))}" data-not-saved-text="{h(t(lang, "not_saved_text"))}"'
    )
    return (
        f'<section class="not-found" lang="{lang}" data-lang="{lang}" data-title="{title}"{not_saved}{hidden}>'
        f'<h1>{title}</h1><p class="not-found__text">{h(t(lang, "not_found_text"))}</p>{law}{search}'
        f"<h2>{h(t(lang, 'not_found_homes'))}</h2>{_homes(base)}</section>"
    )


def body(lang: str, base: str = "/") -> str:
    """The page's content: ``lang``'s block shown, the other languages' hidden for the script."""
    base = base if base.endswith("/") else base + "/"
    blocks = [_block(code, code == lang, base) for code in facts.INTERFACE_LANGUAGES]
    return (
        f'<div class="not-found-page" {MISSING} data-base="{h(base)}" data-default="{facts.DEFAULT_LANGUAGE}"'
        f' data-laws="{facts.LAW_COUNT}" data-editions="{" ".join(facts.EDITIONS)}">{"".join(blocks)}</div>'
    )
