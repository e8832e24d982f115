"""Where the language switcher goes from each page (the front matter's ``alternates``)."""

from __future__ import annotations

from collections.abc import Callable

from bridgelaws.core import facts, urls
from bridgelaws.stage2_parse.corpus import Corpus, Entry


def law_alternates(corpus: Corpus, number: int, current: Entry | None) -> dict[str, str]:
    """Where the language switcher goes from law ``number``, per interface language.

    A language that has the law: its text of the same edition if there is one, else its
    newest.  A language that lacks it: that language's page for the law, which says so and
    links to the texts that have it.  Never another language's text in its place.
    """
    alternates: dict[str, str] = {}
    for lang in facts.INTERFACE_LANGUAGES:
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
    for lang in facts.INTERFACE_LANGUAGES:
        same = [e for e in corpus.in_language(lang) if e.meta.kind == entry.meta.kind]
        same.sort(key=lambda e: (e.meta.edition != entry.meta.edition, -int(e.meta.edition)))
        alternates[lang] = urls.document(same[0].meta) if same else urls.home(lang)
    alternates[entry.meta.lang] = urls.document(entry.meta)
    return alternates


def simple_alternates(url_for: Callable[[str], str]) -> dict[str, str]:
    """The same kind of page in every interface language (home, laws index …)."""
    return {lang: url_for(lang) for lang in facts.INTERFACE_LANGUAGES}
