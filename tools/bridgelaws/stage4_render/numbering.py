"""The numbering-changes view of a law: what moved where between 1997, 2007 and 2017.

One row per chain of corresponding provisions (1997 → 2007 → 2017), read from the
concordance's rows that touch the law; each cell links the provision in a text of that
edition (its own page, or where the law can be read when no text of the edition holds it).
A cell with no row behind it says so: the concordance has no row there, nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import EDITIONS
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Checked, Concordance, LawRelation, Pair
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render import lawsubjects
from bridgelaws.stage4_render.page import Page, h, md_inline, t
from bridgelaws.stage4_render.switcher import simple_alternates

UNKNOWN = "?"  # no concordance row says where the provision is in that edition
NOTES_LIST = '<ul class="law-notes">'  # what the law rows say of the whole law: one list a page


@dataclass
class Chain:
    """A provision through the editions: its number in each (None: none there; UNKNOWN: no row),
    and the rows that say so (``rows``: whether each was read in a published text)."""

    refs: dict[str, str | None]
    relations: list[str]
    rows: list[Pair] = field(default_factory=list)

    @property
    def verified(self) -> bool:
        """False when a curated row of the chain was not read in a published text."""
        return all(row.checked is not Checked.NOT_VERIFIED for row in self.rows)


def chains(concordance: Concordance, number: int) -> list[Chain]:
    """Every row touching law ``number``, joined through the middle edition (2007) into chains."""
    first, middle, last = EDITIONS
    early = [p for p in concordance.of_law(number) if p.editions == (first, middle)]
    late = [p for p in concordance.of_law(number) if p.editions == (middle, last)]
    found: list[Chain] = []
    middles = sorted({p.new for p in early if p.new} | {p.old for p in late if p.old}, key=refs.sort_key)
    for ref in middles:
        before: list[Pair | None] = [p for p in early if p.new == ref] or [None]
        after: list[Pair | None] = [p for p in late if p.old == ref] or [None]
        for old in before:
            for new in after:
                through = [p for p in (old, new) if p is not None]
                found.append(
                    Chain(
                        {first: _side(old, "old"), middle: ref, last: _side(new, "new")},
                        [str(p.relation) for p in through],
                        through,
                    )
                )
    for pair in early:
        if pair.new is None:
            found.append(Chain({first: pair.old, middle: None, last: None}, [str(pair.relation)], [pair]))
    for pair in late:
        if pair.old is None:
            found.append(Chain({first: None, middle: None, last: pair.new}, [str(pair.relation)], [pair]))
    return found


def _side(pair: Pair | None, side: str) -> str | None:
    if pair is None:
        return UNKNOWN
    return pair.old if side == "old" else pair.new


def _text_of(corpus: Corpus, edition: str, ref: str, lang: str) -> Entry | None:
    """The text of ``edition`` to link ``ref`` in (:func:`lawsubjects.text_of`)."""
    return lawsubjects.text_of(corpus, edition, refs.law_of(ref) or 0, lang)


def _cell(corpus: Corpus, page: Page, edition: str, ref: str | None, number: int, concordance: Concordance) -> str:
    """The provision as ``edition`` numbers it, linked; with none (or no row), the law in that edition."""
    if ref is None or ref == UNKNOWN:
        shown = t(page.lang, "numbering_none") if ref is None else UNKNOWN
        title = t(page.lang, "numbering_unknown") if ref == UNKNOWN else t(page.lang, "numbering_none_title")
        link, lang = _law_link(corpus, page, edition, number, concordance)
        return f'<td class="gap"><a href="{h(link)}" hreflang="{h(lang)}" title="{h(title)}">{h(shown)}</a></td>'
    entry = _text_of(corpus, edition, ref, page.lang)
    law = refs.law_of(ref) or number
    if entry is None:
        hub = page.link(lawsubjects.hub_link(concordance, page.lang, law, edition))
        return f'<td><a href="{hub}">{h(ref)}</a></td>'
    printed = entry.document.law(law)
    at = printed.nearest(ref) if printed else str(law)
    link = page.link(urls.provision(entry.meta, law, at))
    return f'<td><a href="{h(link)}" hreflang="{h(entry.meta.lang)}">{h(ref)}</a></td>'


def _law_link(corpus: Corpus, page: Page, edition: str, number: int, concordance: Concordance) -> tuple[str, str]:
    """The law in a text of ``edition`` (or the reader's page for the law, at that edition's
    rule), and that page's language.  Where the number is another rule in another edition, the
    reader's page for the law at that edition's rule, which says so, never the text as if it
    held the provision's rule."""
    entry = _text_of(corpus, edition, str(number), page.lang)
    if entry is None or len(lawsubjects.subjects(concordance, number)) > 1:
        return page.link(lawsubjects.hub_link(concordance, page.lang, number, edition)), page.lang
    return page.link(urls.law(entry.meta, number)), entry.meta.lang


def numbering_page(corpus: Corpus, linkage: Linkage, number: int, lang: str = facts.DEFAULT_LANGUAGE) -> Page:
    """Law ``number``'s chains through the editions, with ``lang``'s interface (one page per language)."""
    title = t(lang, "numbering_title", n=number)
    page = Page(
        url=urls.numbering(lang, number),
        lang=lang,
        title=title,
        body=[],
        description=title,
        meta={"numbering": number, "hide": ["navigation", "toc"]},
        alternates=simple_alternates(lambda code: urls.numbering(code, number)),
    )
    body = page.body
    body.extend([f"# {md_inline(title)} {{ #{number} }}", "", f"<p>{h(t(lang, 'numbering_intro'))}</p>", ""])
    notes = _law_rows_block(corpus, linkage.concordance, page, number)
    rows = chains(linkage.concordance, number)
    if not rows:
        kept = _kept_whole(linkage.concordance, page, number)
        if notes and kept and notes[-2].startswith(NOTES_LIST):  # one list of what the law rows say
            notes[-2] = notes[-2].removesuffix("</ul>") + "".join(kept) + "</ul>"
        elif kept:
            notes += [f"{NOTES_LIST}{''.join(kept)}</ul>", ""]
        else:
            notes += [f'<p class="missing">{h(t(lang, "numbering_no_rows"))}</p>', ""]
    body.extend(notes)
    if rows:
        body.extend(_legend(corpus, page, number, rows))
        head = "".join(f'<th scope="col">{h(edition)}</th>' for edition in EDITIONS)
        how_head = f'<th scope="col">{h(t(lang, "numbering_how"))}</th>'
        lines = [f'<div class="numbering"><table><thead><tr>{head}{how_head}</tr></thead><tbody>']
        for chain in rows:
            cells = "".join(
                _cell(corpus, page, edition, chain.refs[edition], number, linkage.concordance) for edition in EDITIONS
            )
            how = ", ".join(t(lang, f"relation_{relation}") for relation in dict.fromkeys(chain.relations))
            mark = "" if chain.verified else lawsubjects.not_verified(lang)
            row_class = "" if chain.verified else ' class="not-verified"'
            lines.append(f"<tr{row_class}>{cells}<td>{h(how)}{mark}</td></tr>")
        lines.append("</tbody></table></div>")
        body.append("".join(lines))
    compare = page.link(urls.compare(lang, number))
    body.extend(["", f'<p><a href="{compare}">{h(t(lang, "compare_title", n=number))}</a></p>'])
    return page


def _law_rows_block(corpus: Corpus, concordance: Concordance, page: Page, number: int) -> list[str]:
    """What the law rows say of the whole law (new, moved, dropped, changed, restructured, what
    moved into it), per rule where the number is more than one; each not read, marked."""
    found = lawsubjects.subjects(concordance, number)
    lang = page.lang
    if len(found) > 1:
        items = "".join(
            f"<li>{h(t(lang, 'law', n=number))} · {h(lawsubjects.editions_label(subject.editions))}"
            + "".join(f": {note}" if index == 0 else f" {note}" for index, note in enumerate(notes))
            + "</li>"
            for subject in found
            for notes in [lawsubjects.subject_notes(corpus, concordance, page, subject)]
        )
        intro = f'<p class="law-subjects">{h(t(lang, "law_subjects_intro", n=number))}</p>'
        return [intro, "", f"{NOTES_LIST}{items}</ul>", ""]
    notes = lawsubjects.subject_notes(corpus, concordance, page, found[0])
    if not notes:
        return []
    return [f"{NOTES_LIST}{''.join(f'<li>{note}</li>' for note in notes)}</ul>", ""]


def _kept_whole(concordance: Concordance, page: Page, number: int) -> list[str]:
    """With no provision row: the list items of what the law rows say of the steps where the law
    kept its number and subject (``same``), each not read marked, so that the page does not read
    as if the concordance said nothing of the law."""
    kept = sorted(
        (row for subject in lawsubjects.subjects(concordance, number) for row in subject.within),
        key=lambda row: row.editions,
    )
    lang = page.lang
    items = [
        f"<li>{h(t(lang, 'numbering_law_same', older=row.editions[0], newer=row.editions[1]))}"
        f"{lawsubjects.not_verified(lang, row.checked)}</li>"
        for row in kept
        if row.relation is LawRelation.SAME
    ]
    return items


def _legend(corpus: Corpus, page: Page, number: int, rows: list[Chain]) -> list[str]:
    """What the table's marks mean, visible above it (a phone shows no tooltip): ``?``, ``none``,
    the change column and its words, "not verified"; and each edition no text of the site holds
    the law in, whose numbers lead to where the law can be read."""
    lang = page.lang
    shown = [ref for chain in rows for ref in chain.refs.values()]
    items = []
    if UNKNOWN in shown:
        items.append((UNKNOWN, t(lang, "numbering_unknown")))
    if None in shown:
        items.append((t(lang, "numbering_none"), t(lang, "numbering_none_title")))
    relations = dict.fromkeys(relation for chain in rows for relation in chain.relations)
    words = ", ".join(t(lang, f"relation_{relation}") for relation in relations)
    items.append((t(lang, "numbering_how"), f"{t(lang, 'numbering_how_legend')}: {words}"))
    if not all(chain.verified for chain in rows):
        items.append((f"({t(lang, 'not_verified')})", t(lang, "not_verified_title")))
    for edition in EDITIONS:
        if any(chain.refs[edition] not in (None, UNKNOWN) for chain in rows) and not _text_of(
            corpus, edition, str(number), lang
        ):
            items.append((edition, t(lang, "numbering_no_text", edition=edition, n=number)))
    entries = "".join(f"<dt>{h(mark)}</dt><dd>{h(meaning)}</dd>" for mark, meaning in items)
    title = f'<p class="numbering-legend-title"><strong>{h(t(lang, "numbering_legend"))}</strong></p>'
    return [f'<div class="numbering-key">{title}<dl class="numbering-legend">{entries}</dl></div>', ""]
