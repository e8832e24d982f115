"""The coverage page: which law is in which text, in every interface language.

The matrix fits a 360-px phone: each column is headed by a short name (``fi`` over ``97``,
``PZBS``) that a legend above the table spells out, and every link in it is at least 24×24 px
(laws.css), so nothing scrolls sideways and every cell can be tapped.
"""

from __future__ import annotations

from bridgelaws.core import facts, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.lawsubjects import split_laws, split_mark
from bridgelaws.stage4_render.national import rules_of
from bridgelaws.stage4_render.page import Page, h, lang_attr, language_name, md_inline, t
from bridgelaws.stage4_render.switcher import simple_alternates


def short_head(entry: Entry) -> str:
    """A column's head, two short lines: ``fi<br>97`` for a text of the Laws, ``SBL`` for national rules."""
    if entry.meta.kind.short_name:
        return h(entry.meta.kind.short_name)
    return f"{h(entry.meta.lang)}<br>{h(entry.meta.edition[-2:])}"


def short_name(entry: Entry) -> str:
    """The head on one line, as the legend names it: ``fi 97``, ``PZBS``."""
    return entry.meta.kind.short_name or f"{entry.meta.lang} {entry.meta.edition[-2:]}"


def full_name(entry: Entry) -> str:
    """``Suomi 1997``: the language's own name and the edition (what the short head stands for)."""
    return f"{language_name(entry.meta.lang)} {entry.meta.edition}"


def _described(page: Page, entry: Entry) -> str:
    """What the legend says of a text after its title: ``Suomi 1997``; a national rule set's
    federation, country and language, in the page's words (``national_by_<lang>``), and edition."""
    if entry.meta.kind is DocKind.LAWS:
        return full_name(entry)
    return f"{t(page.lang, f'national_by_{entry.meta.lang}')} · {entry.meta.edition}"


def _legend(page: Page, entries: list[Entry]) -> str:
    """The texts the columns stand for, each an entry with an id (:func:`urls.coverage_text_anchor`):
    where the language menu of a text no other language has lands."""
    items = "".join(
        f'<div id="{h(urls.coverage_text_anchor(e.meta))}"><dt>{h(short_name(e))}{"*" if e.meta.extract else ""}</dt>'
        f'<dd><a href="{h(page.link(urls.document(e.meta)))}" hreflang="{h(e.meta.lang)}"'
        f"{lang_attr(e.meta.lang, page.lang)}>{h(e.meta.title)}</a> ({h(_described(page, e))})</dd></div>"
        for e in entries
    )
    return f'<dl class="coverage-legend">{items}</dl>'


def coverage_page(corpus: Corpus, linkage: Linkage, lang: str = facts.DEFAULT_LANGUAGE) -> Page:
    """One table: law × text, each cell a link (extracts marked in the header)."""
    page = Page(
        url=urls.coverage(lang),
        lang=lang,
        title=t(lang, "coverage"),
        body=[],
        description=t(lang, "coverage_intro"),
        meta={"coverage": True},
        alternates=simple_alternates(urls.coverage),
    )
    laws_entries = [e for e in corpus.entries if e.meta.kind is DocKind.LAWS]
    other_entries = [e for e in corpus.entries if e.meta.kind is not DocKind.LAWS]
    entries = [*laws_entries, *other_entries]
    head = "".join(
        f'<th scope="col" lang="{h(e.meta.lang)}"><a href="{h(page.link(urls.document(e.meta)))}"'
        f' hreflang="{h(e.meta.lang)}" aria-label="{h(full_name(e))}">'
        f"{short_head(e)}</a>{'*' if e.meta.extract else ''}</th>"
        for e in entries
    )
    rows = []
    split = split_laws(linkage.concordance, facts.LAW_NUMBERS)
    for number in facts.LAW_NUMBERS:
        cells = []
        for entry in laws_entries:
            if entry.document.law(number):
                link = page.link(urls.law(entry.meta, number))
                label = f"{full_name(entry)}: {t(lang, 'law', n=number)}"
                cells.append(
                    f'<td><a href="{h(link)}" hreflang="{h(entry.meta.lang)}" aria-label="{h(label)}">✓</a></td>'
                )
            else:
                cells.append('<td class="gap">–</td>')
        for entry in other_entries:
            rules = [p for p, _ in rules_of(corpus, linkage, entry, number)]
            links = " ".join(
                f'<a href="{h(page.link(urls.law(entry.meta, p.number)))}" hreflang="{h(entry.meta.lang)}"'
                f' aria-label="{h(short_name(entry))} {h(p.number)}">{h(p.number)}</a>'
                for p in rules
            )
            cells.append(f"<td>{links}</td>" if links else '<td class="gap">–</td>')
        compare = page.link(urls.compare(lang, number))
        numbering = (
            f' <a href="{page.link(urls.numbering(lang, number))}" class="numbering-link" '
            f'aria-label="{h(t(lang, "numbering_title", n=number))}">⇄</a>'
            if number in corpus.law_numbers()
            else ""
        )
        # a number that is another rule in another edition: its "where to read" page tells them apart
        subjects = (
            f' <a href="{page.link(urls.law_hub(lang, number))}" class="law-split-link">{split_mark(lang, number)}</a>'
            if number in split
            else ""
        )
        rows.append(
            f'<tr id="law-{number}"><th scope="row"><a href="{compare}"'
            f' aria-label="{h(t(lang, "compare_title", n=number))}">{number}</a>{numbering}{subjects}</th>'
            f"{''.join(cells)}</tr>"
        )
    page.body.extend(
        [
            f"# {md_inline(t(lang, 'coverage'))}",
            "",
            f"<p>{h(t(lang, 'coverage_intro'))} * = {h(t(lang, 'extract'))} {h(t(lang, 'coverage_row_links'))}"
            f"{' ' + h(t(lang, 'coverage_subjects')) if split else ''}</p>",
            "",
            _legend(page, entries),
            "",
            f'<div class="coverage"><table><thead><tr><th scope="col">#</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>",
        ]
    )
    return page
