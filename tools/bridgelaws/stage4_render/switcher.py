"""Where the language switcher goes from each page (the front matter's ``alternates``)."""

from __future__ import annotations

import json
from collections.abc import Callable

from bridgelaws.core import facts, urls
from bridgelaws.core.model import Law
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage4_render.page import Page, single_quoted
from bridgelaws.stage4_render.provisions import counterpart_links


def law_texts(corpus: Corpus, number: int, current: Entry | None) -> dict[str, Entry | None]:
    """The text the language menu opens for law ``number``, per interface language.

    A language that has the law: its text of the same edition if there is one, else its
    newest.  A language that lacks it: None (the menu opens that language's page for the law,
    which says so and links to the texts that have it).  Never another language's text in its
    place.
    """
    texts: dict[str, Entry | None] = {}
    for lang in facts.INTERFACE_LANGUAGES:
        if current and current.meta.lang == lang and current.document.law(number):
            texts[lang] = current
            continue
        holders = [entry for entry in corpus.having_law(number) if entry.meta.lang == lang]
        edition = current.meta.edition if current else ""
        holders.sort(key=lambda e: (e.meta.edition != edition, -int(e.meta.edition)))
        texts[lang] = holders[0] if holders else None
    return texts


def law_alternates(corpus: Corpus, number: int, current: Entry | None) -> dict[str, str]:
    """Where the language switcher goes from law ``number``, per interface language (:func:`law_texts`)."""
    return {
        lang: urls.law(text.meta, number) if text else urls.law_hub(lang, number)
        for lang, text in law_texts(corpus, number, current).items()
    }


def language_provisions(concordance: Concordance, corpus: Corpus, page: Page, law: Law, entry: Entry) -> list[str]:
    """What laws.js follows to keep the reader's provision through the language menu
    (``/sv/2007/16/#16B1`` → Suomi → ``/fi/2007/16/#16B1``), as the edition switcher does.

    For each language whose menu entry opens a text of this law: where each provision of the
    page is there (:func:`counterpart_links`: through the concordance across editions, the
    deviations within one); ``""``, none, opens the law with a note.  A text of the same edition
    lists only the provisions it numbers otherwise (``sv-2007`` ``12C1c`` → ``fi-2007``
    ``12C1e``): the others keep their anchor (``same``), and a provision that text lacks is said
    so on its page.  A language without the law gets nothing: its page for the law says so.
    """
    data: dict[str, dict[str, object]] = {}
    for lang, other in law_texts(corpus, law.number, entry).items():
        if other is None or other is entry:
            continue
        links = counterpart_links(concordance, page, law, entry, other)
        same = other.meta.edition == entry.meta.edition
        if same:
            base = page.link(urls.law(other.meta, law.number))
            links = {anchor: link for anchor, link in links.items() if link != f"{base}#{anchor}"}
        data[lang] = {"edition": other.meta.edition, "same": same, "provisions": links}
    if not data:
        return []
    where = single_quoted(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    return [f"<div id=\"language-provisions\" hidden data-provisions='{where}'></div>", ""]


def document_alternates(corpus: Corpus, entry: Entry) -> dict[str, str]:
    """Where the language menu goes from a document's start page: the language's document of the
    same kind (the same edition first, else the newest); a language that has none (the PZBS
    decisions, the Finnish federation's rules, any text in English), its coverage page at this
    document's entry, which names its language (and a rule set's federation) and links it."""
    alternates = {}
    for lang in facts.INTERFACE_LANGUAGES:
        same = [e for e in corpus.in_language(lang) if e.meta.kind == entry.meta.kind]
        same.sort(key=lambda e: (e.meta.edition != entry.meta.edition, -int(e.meta.edition)))
        alternates[lang] = urls.document(same[0].meta) if same else urls.coverage_text(lang, entry.meta)
    alternates[entry.meta.lang] = urls.document(entry.meta)
    return alternates


def simple_alternates(url_for: Callable[[str], str]) -> dict[str, str]:
    """The same kind of page in every interface language (home, laws index …)."""
    return {lang: url_for(lang) for lang in facts.INTERFACE_LANGUAGES}
