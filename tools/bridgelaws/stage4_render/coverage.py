"""The coverage page: which law is in which text."""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.national import rules_of
from bridgelaws.stage4_render.page import Page, h, md_inline, t
from bridgelaws.stage4_render.switcher import simple_alternates


def coverage_page(corpus: Corpus, linkage: Linkage) -> Page:
    """One table: law × text, each cell a link (extracts marked in the header)."""
    lang = facts.DEFAULT_LANGUAGE
    page = Page(
        url=urls.coverage(),
        lang=lang,
        title=t(lang, "coverage"),
        body=[],
        description=t(lang, "coverage_intro"),
        meta={"coverage": True},
        alternates=simple_alternates(urls.laws_index),
    )
    laws_entries = [e for e in corpus.entries if e.meta.kind is DocKind.LAWS]
    other_entries = [e for e in corpus.entries if e.meta.kind is not DocKind.LAWS]
    head = "".join(
        f'<th scope="col" lang="{h(e.meta.lang)}"><a href="{h(page.link(urls.document(e.meta)))}">'
        f"{h(e.meta.id)}</a>{'*' if e.meta.extract else ''}</th>"
        for e in [*laws_entries, *other_entries]
    )
    rows = []
    for number in facts.LAW_NUMBERS:
        cells = []
        for entry in laws_entries:
            if entry.document.law(number):
                link = page.link(urls.law(entry.meta, number))
                cells.append(f'<td><a href="{h(link)}" aria-label="{h(entry.meta.id)} {number}">✓</a></td>')
            else:
                cells.append('<td class="gap">–</td>')
        for entry in other_entries:
            rules = [p for p, _ in rules_of(corpus, linkage, entry, number)]
            links = " ".join(
                f'<a href="{h(page.link(urls.law(entry.meta, p.number)))}">{h(p.number)}</a>' for p in rules
            )
            cells.append(f"<td>{links or '–'}</td>" if links else '<td class="gap">–</td>')
        compare = page.link(urls.compare(number))
        numbering = (
            f' <a href="{page.link(urls.numbering(number))}" class="numbering-link" '
            f'aria-label="{h(t(lang, "numbering_title", n=number))}">⇄</a>'
            if number in corpus.law_numbers()
            else ""
        )
        rows.append(
            f'<tr id="law-{number}"><th scope="row"><a href="{compare}">{number}</a>{numbering}</th>'
            f"{''.join(cells)}</tr>"
        )
    page.body.extend(
        [
            f"# {md_inline(t(lang, 'coverage'))}",
            "",
            f"<p>{h(t(lang, 'coverage_intro'))} * = {h(t(lang, 'extract'))}</p>",
            "",
            f'<div class="coverage"><table><thead><tr><th scope="col">#</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>",
        ]
    )
    return page
