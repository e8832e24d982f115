"""The links to the translators' formats (TBX, TMX) that the terms page and the compare view show.

Which memories exist is :func:`bridgelaws.stage4_render.tmx.memories`' answer, computed once
for the pages (:func:`bridgelaws.stage4_render.pages.all_pages`) as for the export, so a link
goes to a file the export writes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaws.core import urls
from bridgelaws.stage2_parse.corpus import Entry
from bridgelaws.stage4_render.page import Page, h, language_name, t

Memories = Sequence[tuple[Entry, Entry]]  # the pairs of texts with a translation memory, as the export lists them


def _name(entry: Entry) -> str:
    return f"{language_name(entry.meta.lang)} {entry.meta.edition}"


def formats_paragraph(page: Page, memories: Memories, term_base: bool) -> str:
    """``For translation tools, to download: the term base (TBX) · translation memories (TMX):
    Suomi 2007 ↔ Svenska 2007, …`` in the page's language; "" when there is nothing to link."""
    lang = page.lang
    parts = []
    if term_base:
        parts.append(f'<a href="{h(page.link(urls.term_base_tbx()))}" download>{h(t(lang, "formats_tbx"))}</a>')
    if memories:
        links = ", ".join(
            f'<a href="{h(page.link(urls.translation_memory(first.meta.id, second.meta.id)))}" download>'
            f"{h(_name(first))} ↔ {h(_name(second))}</a>"
            for first, second in memories
        )
        parts.append(f"{h(t(lang, 'formats_tmx'))}: {links}")
    if not parts:
        return ""
    return f'<p class="formats">{h(t(lang, "formats_intro"))} {" · ".join(parts)}</p>'
