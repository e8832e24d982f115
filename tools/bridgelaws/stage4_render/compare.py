"""The compare view: a law side by side in the chosen texts, aligned provision by provision."""

from __future__ import annotations

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage4_render.align import Cell, align
from bridgelaws.stage4_render.page import Page, h, language_name, md_inline, t
from bridgelaws.stage4_render.redline import diff_html


def compare_page(corpus: Corpus, number: int) -> Page:
    """Law ``number`` in every text that has it, aligned provision by provision.

    Columns are chosen with ``?c=id,id[,id]`` (laws.js shows them; without script all show);
    a provision missing from a text is an explicit empty cell.  For two editions of one
    language the newer column also carries its redline against the older (build-time diff).
    """
    lang = facts.DEFAULT_LANGUAGE
    entries = [e for e in corpus.entries if e.meta.kind is DocKind.LAWS and e.document.law(number)]
    page = Page(
        url=urls.compare(number),
        lang=lang,
        title=t(lang, "compare_title", n=number),
        body=[],
        description=t(lang, "compare_title", n=number),
        meta={"compare": number, "hide": ["navigation", "toc"]},
        alternates={code: urls.law_hub(code, number) for code in facts.INTERFACE_LANGUAGES},
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'compare_title', n=number))} {{ #{number} }}", ""])
    boxes = "".join(
        f'<label lang="{e.meta.lang}"><input type="checkbox" name="c" value="{e.meta.id}"'
        f"{' checked' if index < 3 else ''}> {h(language_name(e.meta.lang))} {h(e.meta.edition)}</label> "
        for index, e in enumerate(entries)
    )
    pairs = redline_pairs(entries)
    toggle = (
        f'<label class="changes-toggle"><input type="checkbox" id="show-changes" checked> '
        f'{h(t(lang, "show_changes"))}</label> <span class="legend">{h(t(lang, "legend_changes"))}</span>'
        if pairs
        else ""
    )
    body.extend([f'<form class="compare-choice"><p>{h(t(lang, "choose_texts"))} {boxes}</p><p>{toggle}</p></form>', ""])
    rows = align(number, entries)
    head = "".join(
        f'<th scope="col" data-doc="{e.meta.id}" lang="{e.meta.lang}">'
        f'<a href="{page.link(urls.law(e.meta, number))}">{h(language_name(e.meta.lang))} {h(e.meta.edition)}</a></th>'
        for e in entries
    )
    lines = [f'<table class="compare" data-law="{number}"><thead><tr><th scope="col">#</th>{head}</tr></thead><tbody>']
    for row in rows:
        anchor = refs.anchor(row.ref)
        cells = []
        for column, (entry, cell) in enumerate(zip(entries, row.cells, strict=True)):
            label = f"{language_name(entry.meta.lang)} {entry.meta.edition}"
            if cell is None:
                cells.append(
                    f'<td class="gap" data-doc="{entry.meta.id}" data-label="{h(label)}">'
                    f'<span class="gap-text">{h(t(lang, "not_in_text"))}</span></td>'
                )
                continue
            link = page.link(urls.law(entry.meta, number) + f"#{anchor}")
            content = compare_cell_html(cell, link)
            older = pairs.get(column)
            if older is not None and row.cells[older] is not None:
                against = entries[older].meta.id
                redline = diff_html(row.cells[older].text, cell.text)  # type: ignore[union-attr]
                content = (
                    f'<div class="plain">{content}</div><div class="redline" data-against="{against}" hidden>'
                    f'<a class="cell-label" href="{link}">{h(cell.label)}</a> {redline}</div>'
                )
            cells.append(
                f'<td data-doc="{entry.meta.id}" lang="{entry.meta.lang}" data-label="{h(label)}">{content}</td>'
            )
        lines.append(
            f'<tr id="{anchor}" class="depth-{row.depth}"><th scope="row"><a href="#{anchor}">{h(row.ref)}</a></th>'
            f"{''.join(cells)}</tr>"
        )
    lines.append("</tbody></table>")
    body.append("".join(lines))
    return page


def compare_cell_html(cell: Cell, link: str) -> str:
    title = f" <strong>{h(cell.title)}</strong>" if cell.title else ""
    paragraphs = "".join(f"<p>{h(p.text)}</p>" for p in cell.paragraphs)
    return f'<p class="cell-head"><a class="cell-label" href="{link}">{h(cell.label)}</a>{title}</p>{paragraphs}'


def redline_pairs(entries: list[Entry]) -> dict[int, int]:
    """Column of each newer edition → column of the next older edition of the same language."""
    pairs = {}
    for index, entry in enumerate(entries):
        older = [
            (other.meta.edition, other_index)
            for other_index, other in enumerate(entries)
            if other.meta.lang == entry.meta.lang and other.meta.edition < entry.meta.edition
        ]
        if older:
            pairs[index] = max(older)[1]
    return pairs
