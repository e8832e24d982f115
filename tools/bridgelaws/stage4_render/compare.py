"""The compare view: a law side by side in the chosen texts, one row per correspondence.

Rows come from :mod:`~bridgelaws.stage4_render.align` (through the concordance, never by
number across editions); a row whose provisions are numbered differently says both numbers
(``1997 16A ↔ 2007 16B``), and a text with no counterpart says why (``new in 2007``, in the
page's language: one compare page per interface language, ``/fi/compare/13/``).  For two
editions of one language the newer column also carries its redline against the older one,
cell by corresponding cell (build-time diff, sentence by sentence); a pair the concordance calls
``reworded`` is read side by side instead.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Paragraph
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Relation
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.align import Cell, Gap, GapKind, Row, align
from bridgelaws.stage4_render.formats_links import Memories, formats_paragraph
from bridgelaws.stage4_render.page import Page, h, lang_attr, language_name, md_inline, t
from bridgelaws.stage4_render.redline import Pieces, blocks_html, diff, is_rewrite, tokens
from bridgelaws.stage4_render.switcher import simple_alternates
from bridgelaws.stage4_render.text import Notes, note_markup

# Why a text has no cell: the ui.toml key of each kind of gap.
GAP_KEY = {
    GapKind.NEW: "gap_new",
    GapKind.DROPPED: "gap_dropped",
    GapKind.WITHIN: "gap_within",
    GapKind.ELSEWHERE: "gap_elsewhere",
    GapKind.UNMATCHED: "gap_unmatched",
}
SHOWN = 3  # the texts shown when the address chooses none (laws.js reads the checked boxes)


def shown_first(entries: list[Entry], lang: str) -> set[str]:
    """The texts ticked when the address chooses none: the page language's own texts first (a
    Turkish reader's compare view starts with the Turkish text), then the others in order."""
    own = [e for e in entries if e.meta.lang == lang]
    others = [e for e in entries if e.meta.lang != lang]
    return {e.meta.id for e in [*own, *others][:SHOWN]}


@dataclass(frozen=True)
class Comparison:
    """A law's texts (the columns, in corpus order) and its rows (:func:`align`), the same
    for every interface language's compare page: computed once for them all (:func:`comparison`)."""

    entries: list[Entry]
    rows: list[Row]


def comparison(corpus: Corpus, linkage: Linkage, number: int) -> Comparison:
    """The texts that have law ``number`` and its rows, in the reading order of the newest edition
    among the texts shown first."""
    entries = [e for e in corpus.entries if e.meta.kind is DocKind.LAWS and e.document.law(number)]
    lead = max((e.meta.edition for e in entries[:SHOWN]), key=facts.EDITIONS.index)  # rows follow its order
    return Comparison(entries, align(number, entries, linkage.concordance, lead))


def compare_page(
    corpus: Corpus,
    linkage: Linkage,
    number: int,
    lang: str = facts.DEFAULT_LANGUAGE,
    memories: Memories = (),
    compared: Comparison | None = None,
) -> Page:
    """Law ``number`` in every text that has it, one row per correspondence of provisions,
    with ``lang``'s interface (the cells keep their text's language).

    Columns are chosen with ``?c=id,id[,id]`` (laws.js shows them).  Without script the
    checkboxes still choose: laws.css hides the column of each unticked box (``:has()``), so
    the first texts show and the reader ticks others; ``?c=`` itself needs the script.
    A provision missing from a text is an explicit gap cell that says why.  Below the table, the
    translation memories of the texts shown (``memories``: the export's) and the term base.
    ``compared`` is the law's :func:`comparison`, when the caller has it (computed here when not).
    """
    compared = comparison(corpus, linkage, number) if compared is None else compared
    entries = compared.entries
    page = Page(
        url=urls.compare(lang, number),
        lang=lang,
        title=t(lang, "compare_title", n=number),
        body=[],
        description=t(lang, "compare_title", n=number),
        meta={"compare": number, "hide": ["navigation", "toc"]},
        alternates=simple_alternates(lambda code: urls.compare(code, number)),
    )
    body = page.body
    body.extend([f"# {md_inline(t(lang, 'compare_title', n=number))} {{ #law-{number} }}", ""])
    numbering = page.link(urls.numbering(lang, number))
    body.extend(
        [f'<p class="numbering-link"><a href="{numbering}">{h(t(lang, "numbering_title", n=number))}</a></p>', ""]
    )
    ticked = shown_first(entries, lang)
    boxes = "".join(
        f'<label{lang_attr(e.meta.lang, lang)}><input type="checkbox" name="c" value="{h(e.meta.id)}"'
        f' data-edition="{h(e.meta.edition)}" data-column="{index + 1}"'
        f"{' checked' if e.meta.id in ticked else ''}> {h(language_name(e.meta.lang))} {h(e.meta.edition)}</label> "
        for index, e in enumerate(entries)
    )
    pairs = redline_pairs(entries)
    toggle = (
        f'<label class="changes-toggle"><input type="checkbox" id="show-changes" checked> '
        f'{h(t(lang, "show_changes"))}</label> <span class="legend">{h(t(lang, "legend_changes"))}</span>'
        if pairs
        else ""
    )
    note = f'<noscript><p class="no-script-note">{h(t(lang, "compare_no_script"))}</p></noscript>'
    texts = f'<fieldset class="compare-texts"><legend>{h(t(lang, "choose_texts"))}</legend>{boxes}</fieldset>'
    # laws.js says, in the page's language, which texts an address asks for that the law lacks
    unknown = h(t(lang, "compare_unknown"))
    body.extend([f'<form class="compare-choice" data-unknown="{unknown}">{texts}<p>{toggle}</p>{note}</form>', ""])
    head = "".join(
        f'<th scope="col" data-doc="{h(e.meta.id)}" lang="{h(e.meta.lang)}">'
        f'<a href="{h(page.link(urls.law(e.meta, number)))}" hreflang="{h(e.meta.lang)}">'
        f"{h(language_name(e.meta.lang))} {h(e.meta.edition)}</a></th>"
        for e in entries
    )
    lines = [f'<table class="compare" data-law="{number}"><thead><tr><th scope="col">#</th>{head}</tr></thead><tbody>']
    for row in compared.rows:
        cells = "".join(_cell(page, row, column, entries, pairs) for column in range(len(entries)))
        lines.append(
            f'<tr id="{h(row.anchor)}" class="depth-{row.depth}"><th scope="row">{_row_label(row)}</th>{cells}</tr>'
        )
    lines.append("</tbody></table>")
    body.append("".join(lines))
    shown = {e.meta.id for e in entries}
    formats = formats_paragraph(page, [m for m in memories if {m[0].meta.id, m[1].meta.id} <= shown], True)
    body.extend(["", formats] if formats else [])
    return page


def _row_label(row: Row) -> str:
    """The row's number, linked to the row, and an empty target for each provision's own
    ``edition-number`` id.  Numbers that differ are stacked, each edition over its number
    (``1997`` / ``16A`` / ``↔`` / ``2007`` / ``16B``): the number column is narrow and does not wrap."""
    aliases = "".join(f'<span id="{h(alias)}"></span>' for alias in row.aliases)
    parts = [part.split(" ", 1) for part in row.label.split(" ↔ ")]
    if len(parts) == 1 and len(parts[0]) == 1:
        return f'{aliases}<a href="#{h(row.anchor)}">{h(row.label)}</a>'
    # a space before each break: a stylesheet that hides the breaks (on a phone) reads "1997 16A ↔ 2007 16B";
    # each edition's number is a part laws.js hides when no column of that edition is shown
    lines = "".join(
        f'<span class="ed-part" data-edition="{h(part[0])}">'
        + ('<span class="ed-sep"> <br>↔ <br></span>' if index else "")
        + (f"{h(part[0])} <br>{h(part[1])}" if len(part) == 2 else h(part[0]))
        + "</span>"
        for index, part in enumerate(parts)
    )
    return f'{aliases}<a href="#{h(row.anchor)}" title="{h(row.label)}">{lines}</a>'


def _cell(page: Page, row: Row, column: int, entries: list[Entry], pairs: dict[int, int]) -> str:
    entry, cell = entries[column], row.cells[column]
    meta = entry.meta
    label = f"{language_name(meta.lang)} {meta.edition}"
    if isinstance(cell, Gap):
        return (
            f'<td class="gap" data-doc="{h(meta.id)}" data-label="{h(label)}">'
            f'<span class="gap-text">{gap_html(cell, page.lang)}</span></td>'
        )
    link = page.link(urls.law(meta, cell.law) + f"#{refs.anchor(cell.ref)}")
    law = entry.document.law(cell.law)
    notes = Notes(str(cell.law), law.footnotes if law else (), page.lang)
    content = compare_cell_html(cell, link, meta.lang, notes)
    older = pairs.get(column)
    other = row.cells[older] if older is not None else None
    if older is not None and isinstance(other, Cell):
        against = entries[older].meta
        if other.paragraphs and cell.paragraphs:
            # computed once: for the test and the marks
            blocks = _unmarked(cell)
            pieces = redline_of(_unmarked(other), blocks, meta.lang)
            rest = ""
        else:
            # a heading on one side (2007 16B over 16B1-16B3, where 1997 16A is one paragraph):
            # its text is in the rows below, so only the titles compare; no rewording is claimed
            blocks = _titles(cell)
            pieces = redline_of(_titles(other), blocks, meta.lang)
            rest = "".join(f"<p>{h(p.text)}</p>" for p in cell.paragraphs)
        if is_rewrite(pieces):
            # a rewritten pair is read side by side: its redline would strike out all of one text;
            # a pair the concordance calls reworded whose words are mostly kept shows its changes
            note = h(t(page.lang, "reworded", edition=meta.edition, older=against.edition))
            marked = f'<p class="reworded" lang="{h(page.lang)}"><em>{note}</em></p>{content}'
        else:
            marked = redline_html(cell, link, meta.lang, blocks, pieces) + rest
        content = (
            f'<div class="plain">{content}</div>'
            f'<div class="redline" data-against="{h(against.id)}" hidden>{marked}</div>'
        )
    note = unverified_note(row, meta.edition, page.lang)  # shown with the plain text and the redline alike
    return f'<td data-doc="{h(meta.id)}" lang="{h(meta.lang)}" data-label="{h(label)}">{note}{content}</td>'


def redline_html(cell: Cell, link: str, lang: str, blocks: tuple[str, ...], pieces: Pieces) -> str:
    """A cell's redline laid out as its plain text is (compare_cell_html): the label and the
    title, in bold, on the first line, each paragraph a paragraph; ``blocks`` are the new text's
    (title first when it has one), ``pieces`` the redline's."""
    counts = [len(tokens(block)) for block in blocks]
    marked = blocks_html(pieces, counts)
    label = f'<a class="cell-label" href="{h(link)}" hreflang="{h(lang)}">{h(cell.label)}</a>'
    if not any(counts):  # nothing left of the older text: what was struck out, on the label's line
        return f'<p class="cell-head">{label} {marked[0]}</p>'
    head, body = (marked[0], marked[1:]) if cell.title else ("", marked)
    title = f" <strong>{head}</strong>" if head else ""
    return f'<p class="cell-head">{label}{title}</p>' + "".join(f"<p>{block}</p>" for block in body)


def _titles(cell: Cell) -> tuple[str, ...]:
    return (cell.title,) if cell.title else ()


def unverified_note(row: Row, edition: str, lang: str) -> str:
    """Over a newer edition's cell, each concordance row pairing it with the edition before that
    was not read in a published text: ``(2007 ↔ 2017: not verified)``."""
    notes = [
        f'<small class="not-verified" title="{h(t(lang, "not_verified_title"))}">'
        f"({h(older)} ↔ {h(newer)}: {h(t(lang, 'not_verified'))})</small>"
        for older, newer in row.unverified
        if newer == edition
    ]
    return f'<p class="concordance-note" lang="{h(lang)}">{" ".join(notes)}</p>' if notes else ""


@functools.lru_cache(maxsize=4096)
def redline_of(old: tuple[str, ...], new: tuple[str, ...], lang: str) -> Pieces:
    """The redline of two cells' blocks in ``lang`` (two editions of one language), diffed once:
    every interface language's compare page shows it."""
    return tuple(diff(old, new, lang))


def gap_html(gap: Gap, lang: str) -> str:
    """Why a text has no cell here, in ``lang``'s words (and a link to the row that holds its counterpart)."""
    if gap.kind is GapKind.ABSENT:
        return h(t(lang, "not_in_text"))
    ref = h(gap.ref or "")
    if gap.anchor and gap.ref:
        ref = f'<a href="#{h(gap.anchor)}">{ref}</a>'
    relation = f"{relation_name(lang, gap.relation)}: " if gap.relation else ""
    template = h(t(lang, GAP_KEY[gap.kind]))
    return template.format(edition=h(gap.edition), ref=ref, relation=h(relation))


def relation_name(lang: str, relation: Relation) -> str:
    """A concordance relation in ``lang``'s words: ``renumbered`` → ``numeroitu uudelleen``."""
    return t(lang, f"relation_{relation.value}")


def compare_cell_html(cell: Cell, link: str, lang: str, notes: Notes | None = None) -> str:
    """A provision in its text's language; the link to it says which (``hreflang``), as the cell does (``lang``).
    With ``notes`` (the law's footnotes, the page's language), a footnote marker is a raised link
    to its footnote on the law page, named "footnote 2", not a digit read as part of the text."""
    title = f" <strong>{h(cell.title)}</strong>" if cell.title else ""
    base = link.split("#", 1)[0]
    paragraphs = "".join(
        f"<p>{_with_markers(p, notes, base, lang) if notes else h(p.text)}</p>" for p in cell.paragraphs
    )
    label = f'<a class="cell-label" href="{h(link)}" hreflang="{h(lang)}">{h(cell.label)}</a>'
    return f'<p class="cell-head">{label}{title}</p>{paragraphs}'


def _with_markers(paragraph: Paragraph, notes: Notes, law_url: str, lang: str) -> str:
    """The paragraph's text escaped, each footnote marker a link to its footnote on the law page."""
    parts, position = [], 0
    for span in note_markup(paragraph, notes):
        # the marker's link, to the footnote on the law page (in the text's language)
        opening = span.open.replace('href="#', f'href="{h(law_url)}#', 1).replace("<a ", f'<a hreflang="{h(lang)}" ', 1)
        marker = h(paragraph.text[span.start : span.end])
        parts += [h(paragraph.text[position : span.start]), opening, marker, span.close]
        position = span.end
    parts.append(h(paragraph.text[position:]))
    return "".join(parts)


def _unmarked(cell: Cell) -> tuple[str, ...]:
    """The cell's blocks without their footnote markers (the redline compares words, and the
    compare view shows no footnotes: ``odottamattomalla 2 alertilla`` is no change of words)."""
    texts = []
    for paragraph in cell.paragraphs:
        text = paragraph.text
        for note in sorted(paragraph.notes, key=lambda n: n.offset, reverse=True):
            if text[note.offset : note.offset + len(note.mark)] == note.mark:
                text = text[: note.offset] + text[note.offset + len(note.mark) :]
        texts.append(" ".join(text.split()))
    return tuple(part for part in (cell.title, *texts) if part)


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
