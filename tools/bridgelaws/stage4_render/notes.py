"""A reader's bookmarks and notes: where each shows, the page that lists them, what scripts read.

A note is kept in the reader's browser only (``notes-store.js``), and named by the text it was
written on, the law (or point) and the provision's anchor: ``fi-2007``, ``16``, ``16B1``.  Where
it shows on every other text is computed here, at build time, into one file the scripts fetch
only when the reader has notes or opens My notes (:func:`where_data`, ``notes/where.json``): for
each provision of each text, where it is in each other text of the Laws, by the rule of the
provisions' toolbars (:func:`~bridgelaws.stage4_render.provisions.counterpart_places`: the
deviations within an edition, the concordance across editions), with the split or merge on the
way; where nothing corresponds, the law whose page lists the note (the law the language menu
opens, :func:`~bridgelaws.stage4_render.provisions.counterpart_target`), and the text each
interface language reads the law in (:func:`~bridgelaws.stage4_render.switcher.law_texts`).

The export and import file is documented by ``docs/notes.schema.json``.
"""

from __future__ import annotations

import json

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Numbered
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render.page import Page, h, md_inline, single_quoted, t
from bridgelaws.stage4_render.provisions import counterpart_places, counterpart_target, other_texts
from bridgelaws.stage4_render.switcher import law_texts, simple_alternates

NOTE_LENGTH = 2000  # characters of one note: a short note, as the issue asks, and the schema says
FORMAT = "bridge-laws-notes"  # the export file's "format"; its "version" is VERSION
VERSION = 1

# the strings the scripts show, by the name they use (ui.toml keys are "notes_" + the name)
LAW_PAGE_STRINGS = (
    "bookmark",
    "note",
    "note_label",
    "save",
    "delete",
    "cancel",
    "saved",
    "written_on",
    "split",
    "merged",
    "missing",
    "mine",
    "bookmarked",
    "storage_off",
)
NOTES_PAGE_STRINGS = (
    *LAW_PAGE_STRINGS,
    "delete_one",
    "delete_confirm",
    "deleted",
    "empty",
    "none_match",
    "clear_confirm",
    "cleared",
    "imported",
    "refused",
    "refused_item",
    "bad_file",
    "reason_json",
    "reason_format",
    "reason_version",
    "reason_item",
    "reason_doc",
    "reason_provision",
    "reason_empty",
    "reason_long",
    "reason_type",
    "law",
    "point",
)
SHARED_KEYS = ("law", "point")  # "Law {n}", "Point {n}": the site's own words, not notes_ ones


def _strings(lang: str, names: tuple[str, ...]) -> str:
    data = {name: t(lang, name if name in SHARED_KEYS else f"notes_{name}") for name in names}
    return single_quoted(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def _place(
    concordance: Concordance, entry: Entry, owner: Numbered, ref: str, other: Entry
) -> list[str] | dict[str, list[str]] | int | None:
    """Where provision ``ref`` of ``entry`` is in ``other``: its anchors there; ``{"split": […]}``
    where it corresponds to several provisions there, ``{"merged": [one]}`` where it is one of
    several provisions of its own text that correspond to one there (a row merging old ones read
    forward, or splitting an old one read backward); where nothing corresponds, the number of the
    law whose page lists the note; None when ``other`` lacks the law altogether."""
    places = counterpart_places(concordance, entry, ref, other)
    if places:
        anchors = [refs.anchor(place) for place, _ in places]
        relations = frozenset().union(*(relations for _, relations in places))
        shared = Relation.MERGED if entry.meta.edition < other.meta.edition else Relation.SPLIT
        if len(places) > 1:
            return {"split": anchors}
        if shared in relations:
            return {"merged": anchors}
        return anchors
    whole = counterpart_target(concordance, entry, owner.ref, other)
    number = refs.law_of(whole) if whole else None
    if number is None and isinstance(owner.number, int) and other.document.law(owner.number) is not None:
        number = owner.number
    if number is not None and ref == owner.ref:  # a note on the whole law shows at that law's heading
        return [refs.anchor(str(number))]
    return number


def where_data(corpus: Corpus, concordance: Concordance) -> dict[str, object]:
    """``notes/where.json``: every text a note can be written on (``docs``: its short name, its
    language, its law pages' URL with ``{n}`` for the number, whether it is a text of the Laws
    or a regulation of points), every provision of it by law and
    anchor (``at``) with where it is in each other text of the Laws (:func:`_place`), the text
    each interface language reads each law in (``reads``: the language menu's choice), the
    reference syntax (``refs.js`` prints the provisions' numbers from it), and the export file's
    ``format``, ``version`` and longest note (``max``: docs/notes.schema.json says the same)."""
    docs: dict[str, object] = {}
    at: dict[str, object] = {}
    reads: dict[str, object] = {}
    for entry in corpus.entries:
        meta = entry.meta
        docs[meta.id] = {
            "name": f"{meta.lang} {meta.edition}" if meta.kind is DocKind.LAWS else meta.kind.short_name or meta.id,
            "lang": meta.lang,
            "law": urls.law(meta, "{n}"),
            "laws": meta.kind is DocKind.LAWS,
        }
        others = other_texts(corpus, entry)
        laws: dict[str, object] = {}
        for owner in [*entry.document.laws, *entry.document.points]:
            provisions: dict[str, object] = {}
            for ref in [owner.ref, *(node.ref for node in owner.provisions())]:
                found = {other.meta.id: _place(concordance, entry, owner, ref, other) for other in others}
                provisions[refs.anchor(ref)] = {doc: where for doc, where in found.items() if where is not None}
            laws[str(owner.number)] = provisions
        at[meta.id] = laws
        if meta.kind is DocKind.LAWS:
            reads[meta.id] = {
                str(law.number): {
                    lang: text.meta.id for lang, text in law_texts(corpus, law.number, entry).items() if text
                }
                for law in entry.document.laws
            }
    return {
        "docs": docs,
        "at": at,
        "reads": reads,
        "syntax": refs.syntax_for_script(),
        "max": NOTE_LENGTH,
        "format": FORMAT,
        "version": VERSION,
    }


def where_json(corpus: Corpus, concordance: Concordance) -> str:
    return json.dumps(where_data(corpus, concordance), separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def notes_here(page: Page, entry: Entry, owner: Numbered) -> list[str]:
    """On a law or point page: the text and law a note written here is named by, where the data
    and My notes are, and the strings the toolbar's Bookmark and Note show (notes.js)."""
    return [
        f'<div id="notes-here" hidden data-pagefind-ignore data-doc="{h(entry.meta.id)}"'
        f' data-law="{h(str(owner.number))}"'
        f' data-where="{h(page.link(urls.notes_data()))}" data-mine="{h(page.link(urls.notes(page.lang)))}"'
        f' data-max="{NOTE_LENGTH}"'
        f" data-strings='{_strings(page.lang, LAW_PAGE_STRINGS)}'></div>",
        "",
    ]


def notes_page(lang: str) -> Page:
    """My notes (``/notes/``, ``/fi/notes/``): the reader's bookmarks and notes grouped by law,
    each a link to the reader's own text of it, with a filter box, export, import and clear
    (my-notes.js writes the list: only the browser has the notes)."""
    page = Page(
        url=urls.notes(lang),
        lang=lang,
        title=t(lang, "notes_mine"),
        body=[],
        description=t(lang, "notes_intro"),
        meta={"notes": True},
        alternates=simple_alternates(urls.notes),
    )
    filter_label = h(t(lang, "notes_filter"))
    page.body.extend(
        [
            f"# {md_inline(t(lang, 'notes_mine'))}",
            "",
            f'<p class="notes-intro">{h(t(lang, "notes_intro"))}</p>',
            "",
            f'<noscript><p class="notes-noscript">{h(t(lang, "notes_noscript"))}</p></noscript>',
            "",
            f'<div id="notes-page" class="my-notes" data-lang="{h(lang)}"'
            f' data-where="{h(page.link(urls.notes_data()))}"'
            f' data-root="{h(page.link(urls.home(facts.DEFAULT_LANGUAGE)))}"'
            f" data-strings='{_strings(lang, NOTES_PAGE_STRINGS)}' hidden>"
            f'<p class="notes-filter"><label for="notes-filter">{filter_label}</label>'
            f' <input id="notes-filter" type="search" autocomplete="off"></p>'
            f'<p class="notes-actions"><button type="button" class="md-button notes-export">'
            f"{h(t(lang, 'notes_export'))}</button> "
            f'<label class="md-button notes-import">{h(t(lang, "notes_import"))}'
            f' <input type="file" accept="application/json,.json" class="notes-import__file"></label> '
            f'<button type="button" class="md-button notes-clear">{h(t(lang, "notes_clear"))}</button></p>'
            f'<div class="notes-status" role="status"></div>'
            f'<div class="notes-list"></div></div>',
            "",
        ]
    )
    return page
