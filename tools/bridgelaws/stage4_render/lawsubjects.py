""" "Law N" across editions on the interface pages: the subjects a law number holds, from the
concordance's law rows (:func:`bridgelaws.stage3_link.concordance.law_subjects`).

A law number is not an identity across editions: the "where to read" pages, the laws index,
coverage and the numbering view show a number that holds another rule in another edition as
two rules, each with its editions, its title in each and where it came from or went (2007
Law 23 → 2017 72C; 2017 Law 23 new, the nearest 2007 rule 27B1(b)).  What a row says is shown
with how sure it is: a row not read in a published text is marked "not verified".
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaws.core import refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import (
    Checked,
    Concordance,
    LawRelation,
    LawSubject,
    first_counterpart,
    law_subjects,
)
from bridgelaws.stage4_render.page import Page, display_title, h, lang_attr, sentence_case, t
from bridgelaws.termbase import TermBase


def subjects(concordance: Concordance, number: int) -> list[LawSubject]:
    """Law ``number``'s subjects, newest first (the 2017 numbering is the one most cited)."""
    return list(reversed(law_subjects(concordance, number)))


def split_laws(concordance: Concordance, numbers: list[int] | range) -> set[int]:
    """The laws whose number holds more than one subject across the editions."""
    return {number for number in numbers if len(law_subjects(concordance, number)) > 1}


def split_mark(lang: str, number: int) -> str:
    """``≠`` after a law's number that holds another rule in another edition, its meaning a tooltip
    (the page's legend says it in words)."""
    meaning = t(lang, "law_subjects_intro", n=number).rstrip(": ")
    return f'<abbr class="law-split" title="{h(meaning)}">≠</abbr>'


def not_verified(lang: str, checked: Checked | None = Checked.NOT_VERIFIED) -> str:
    """The visible mark of curated data not read in a published text ("" for what was read)."""
    if checked is not Checked.NOT_VERIFIED:
        return ""
    title, words = h(t(lang, "not_verified_title")), h(t(lang, "not_verified"))
    # a span, not <small>: Material fades <small>, which the light "change" column of the
    # numbering view cannot afford (contrast)
    return f' <span class="not-verified" title="{title}">({words})</span>'


def editions_label(editions: tuple[str, ...]) -> str:
    return ", ".join(editions)


def text_of(corpus: Corpus, edition: str, law: int, lang: str) -> Entry | None:
    """The text of ``edition`` that holds law ``law``: the reader's language first (``lang``),
    then Finnish (the texts that hold the most laws)."""
    holders = [e for e in corpus.having_law(law) if e.meta.edition == edition and e.meta.kind is DocKind.LAWS]
    return sorted(holders, key=lambda e: (e.meta.lang != lang, e.meta.lang != "fi", e.meta.id))[0] if holders else None


def hub_link(concordance: Concordance, lang: str, law: int, edition: str) -> str:
    """Law ``law`` of ``edition``'s "where to read" page: at that edition's rule when the number
    holds more than one (``laws/23/#edition-2017``)."""
    if len(law_subjects(concordance, law)) > 1:
        return urls.law_hub_at(lang, law, edition)
    return urls.law_hub(lang, law)


def edition_ref_link(concordance: Concordance, corpus: Corpus, page: Page, edition: str, ref: str, label: str) -> str:
    """``ref`` of ``edition`` linked where it can be read: its text of that edition (the nearest
    provision printed), else the page's "where to read" page for its law (at that edition's rule);
    on that page itself, not linked."""
    law = refs.law_of(ref) or 0
    entry = text_of(corpus, edition, law, page.lang)
    if entry is None:
        url = hub_link(concordance, page.lang, law, edition)
        if url.split("#")[0] == page.url:
            return h(label)
        return f'<a href="{h(page.link(url))}">{h(label)}</a>'
    printed = entry.document.law(law)
    at = printed.nearest(ref) if printed else str(law)
    link = page.link(urls.provision(entry.meta, law, at))
    return f'<a href="{h(link)}" hreflang="{h(entry.meta.lang)}">{h(label)}</a>'


def _target(concordance: Concordance, corpus: Corpus, page: Page, edition: str, law: int, ref: str | None) -> str:
    """``Law 72 (72C)`` (or ``Law 72``), linked in ``edition``."""
    label = t(page.lang, "law", n=law)
    if ref and ref != str(law) and refs.law_of(ref) == law:
        label += f" ({refs.display(ref)})"
    at = ref if ref and refs.law_of(ref) == law else str(law)
    return edition_ref_link(concordance, corpus, page, edition, at, label)


def _sentence(lang: str, key: str, links: dict[str, str], **values: object) -> str:
    """An interface sentence with links in it: the words escaped, each ``{name}`` of ``links`` its HTML."""
    text = h(t(lang, key, **values, **{name: "{" + name + "}" for name in links}))
    for name, html in links.items():
        text = text.replace("{" + name + "}", html)
    return text


def subject_notes(corpus: Corpus, concordance: Concordance, page: Page, subject: LawSubject) -> list[str]:
    """What the law rows say of ``subject``, as sentences (HTML) in the page's language:
    where it came from (new, with the nearest older rule), how it changed within its editions
    (changed, restructured), what joined it (moved in) and where it went (moved, dropped)."""
    lang, number = page.lang, subject.number
    notes: list[str] = []
    for row in subject.came:
        older, newer = row.editions
        note = _sentence(lang, "law_new", {}, edition=newer, older=older, n=number)
        if row.nearest:
            nearest = edition_ref_link(concordance, corpus, page, older, row.nearest, refs.display(row.nearest))
            note += " " + _sentence(lang, "law_nearest", {"target": nearest}, edition=older)
        notes.append(note + not_verified(lang, row.checked))
    for row in subject.within:
        older, newer = row.editions
        if row.relation is LawRelation.CHANGED:
            notes.append(_sentence(lang, "law_changed", {}, older=older, newer=newer) + not_verified(lang, row.checked))
        elif row.relation is LawRelation.RESTRUCTURED:
            link = f'<a href="{h(page.link(urls.numbering(lang, number)))}">{h(t(lang, "numbering"))}</a>'
            shown = link if number in corpus.law_numbers() else h(t(lang, "numbering"))
            note = _sentence(lang, "law_restructured", {"link": shown}, older=older, newer=newer)
            notes.append(note + not_verified(lang, row.checked))
    for row in subject.joined:
        older, newer = row.editions
        ref = first_counterpart(concordance.corresponding(row.old or "", older, newer))
        target = _target(concordance, corpus, page, newer, number, ref)
        old = int(row.old or 0)
        old_link = f'<a href="{h(page.link(hub_link(concordance, lang, old, older)))}">{old}</a>'
        note = _sentence(lang, "law_joined", {"target": target, "old": old_link}, edition=newer, older=older)
        notes.append(note + not_verified(lang, row.checked))
    for row in subject.went:
        older, newer = row.editions
        if row.relation is LawRelation.MOVED and row.new:
            ref = first_counterpart(concordance.corresponding(str(number), older, newer))
            target = _target(concordance, corpus, page, newer, int(row.new), ref)
            note = _sentence(lang, "law_moved", {"target": target}, edition=newer)
            notes.append(note + not_verified(lang, row.checked))
        else:
            note = _sentence(lang, "law_dropped", {}, edition=newer)
            if row.nearest:
                nearest = edition_ref_link(concordance, corpus, page, newer, row.nearest, refs.display(row.nearest))
                note += " " + _sentence(lang, "law_nearest", {"target": nearest}, edition=newer)
            notes.append(note + not_verified(lang, row.checked))
    return notes


@dataclass(frozen=True)
class Title:
    """A law's title in some editions: the words, their language, whether a curated title was not read."""

    editions: tuple[str, ...]
    text: str
    lang: str
    checked: Checked | None = None


def _edition_title(
    corpus: Corpus, base: TermBase | None, number: int, edition: str, lang: str
) -> tuple[str, str, Checked | None] | None:
    """Law ``number``'s title in ``edition``: as a text of ``lang`` prints it, else the term base's
    title of that edition in ``lang``, else as a text of another language prints it."""
    entries = [e for e in corpus.having_law(number) if e.meta.edition == edition and e.meta.kind is DocKind.LAWS]
    printed = [(e.meta.lang, law.title) for e in entries if (law := e.document.law(number)) and law.title]
    own = [title for code, title in printed if code == lang]
    if own:
        return display_title(own[0], lang), lang, None
    if base is not None:
        for concept in base.concepts:
            if concept.is_law_title and concept.governing(edition) == str(number) and concept.words(lang):
                term = next(term for term in concept.terms_in(lang) if term.words)
                return sentence_case(term.words[0], lang), lang, term.checked
    if printed:
        code, title = printed[0]
        return display_title(title, code), code, None
    return None


def titles(corpus: Corpus, base: TermBase | None, number: int, subject: LawSubject, lang: str) -> list[Title]:
    """The subject's title in each of its editions, editions with the same words together."""
    found: list[Title] = []
    for edition in subject.editions:
        title = _edition_title(corpus, base, number, edition, lang)
        if title is None:
            continue
        text, code, checked = title
        if found and (found[-1].text, found[-1].lang) == (text, code):
            last = found[-1]
            found[-1] = Title((*last.editions, edition), text, code, last.checked)
        else:
            found.append(Title((edition,), text, code, checked))
    return found


def _labelled(found: list[Title], editions_shown: bool) -> list[tuple[str, Title]]:
    """Each title with what goes before it: its editions (``1997: ``) when asked, or when the
    titles differ, else nothing."""
    say = editions_shown or len(found) > 1
    return [(f"{editions_label(title.editions)}: " if say else "", title) for title in found]


def titles_html(found: list[Title], page_lang: str, editions_shown: bool, link: str | None = None) -> str:
    """``1997: X · 2007, 2017: Y`` (the editions said when asked, or when the titles differ);
    ``link``: each title a link there, its "not verified" mark after the link, not in it."""
    shown = []
    for label, title in _labelled(found, editions_shown):
        words = h(label) + f"<span{lang_attr(title.lang, page_lang)}>{h(title.text)}</span>"
        if link is not None:
            words = f'<a href="{h(link)}">{words}</a>'
        shown.append(words + not_verified(page_lang, title.checked))
    return " · ".join(shown)


def titles_text(corpus: Corpus, base: TermBase | None, number: int, subject: LawSubject, lang: str) -> str:
    """The subject's titles as its part of the "where to read" page shows them
    (:func:`titles_html`), as plain text for search's "where to read" result: ``X``, or
    ``1997: X · 2007: Y`` where its editions title it differently."""
    found = titles(corpus, base, number, subject, lang)
    return " · ".join(label + title.text for label, title in _labelled(found, False))


def subject_texts(corpus: Corpus, number: int, subject: LawSubject) -> list[Entry]:
    """The texts that hold law ``number`` in one of the subject's editions."""
    return [e for e in corpus.having_law(number) if e.meta.edition in subject.editions]


def same_rule(concordance: Concordance, number: int, edition: str, other: str) -> bool:
    """Whether law ``number`` of ``edition`` and of ``other`` are one rule (one subject)."""
    return any(
        edition in subject.editions and other in subject.editions for subject in law_subjects(concordance, number)
    )


def rule_elsewhere_block(
    corpus: Corpus, concordance: Concordance, page: Page, number: int, edition: str, base: TermBase | None
) -> list[str]:
    """At the top of a law's page whose number holds another rule in another edition (2017 Law 23,
    the comparable call, on 1997 Law 23): that other rule, linked to its part of the "where to
    read" page, and what the law rows say of this page's rule (in 2017 it is Law 72 (72C))."""
    found = subjects(concordance, number)
    mine = next((subject for subject in found if edition in subject.editions), None)
    if mine is None or len(found) < 2:
        return []
    lang = page.lang
    sentences = []
    for other in (subject for subject in found if subject is not mine):
        url = page.link(hub_link(concordance, lang, number, other.editions[0]))
        named = titles_html(titles(corpus, base, number, other, lang), lang, False, url)
        link = named or f'<a href="{h(url)}">{h(editions_label(other.editions))}</a>'
        sentences.append(
            _sentence(lang, "law_elsewhere", {"link": link}, n=number, editions=editions_label(other.editions))
        )
    sentences += subject_notes(corpus, concordance, page, mine)
    return [f'<div class="law-elsewhere">{"".join(f"<p>{s}</p>" for s in sentences)}</div>', ""]
