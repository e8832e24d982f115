"""National rules shown at the laws they change: PZBS decisions, the Finnish federation's rules.

Each rule belongs to its federation and its edition of the Laws (PZBS decisions to 2017, the
Finnish federation's supplementary rules to 1997) and names provisions in that edition's
numbering.  On a page of its own edition it shows at the laws it names; on another edition's
page only where the concordance carries a named provision into that law (2017 40B2a(i) is
shown on the 1997 Law 40 page only if a row leads there), with both numbers.  A federation's
supplementary rules show on its own language's texts of the laws, every federation's rules on
the "where to read" pages of every language (they list whatever holds a law).  The notes are
folded, so a law's text stays on a phone's first screen; each note has an id
(:func:`urls.national_rule_anchor`), which the language menu of the rule's own page lands on.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaws.core import facts, refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Point
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.page import Page, doc_short_name, h, t
from bridgelaws.stage4_render.switcher import law_texts


@dataclass(frozen=True)
class Rule:
    """A national rule about a law: the point, the provisions it names (in its own edition's
    numbering) and, on another edition's page, where those are in that edition."""

    entry: Entry
    point: Point
    concerned: list[str]
    here: list[str]  # the concerned provisions in the page's edition (empty on the rule's own edition)


def national_rules(
    corpus: Corpus, linkage: Linkage, number: int, current: Entry | None, only: Entry | None = None
) -> list[Rule]:
    """National rules about law ``number`` as the page of ``current`` (None: any edition) sees it."""
    found = []
    for entry in corpus.entries:
        if (only is not None and entry is not only) or entry.meta.kind is DocKind.LAWS:
            continue
        if entry.meta.kind is DocKind.SUPPLEMENT and current is not None and current.meta.lang != entry.meta.lang:
            continue  # a federation's supplementary rules: on its own language's texts (and every "where to read" page)
        for point, named in _named(linkage, entry):
            rule = _as_seen_from(linkage, entry, point, named, number, current)
            if rule:
                found.append(rule)
    return found


def _named(linkage: Linkage, entry: Entry) -> list[tuple[Point, list[str]]]:
    """Each point with the law provisions it names: a PZBS point's list, an SBL rule's citations."""
    if entry.meta.kind is DocKind.REGULATIONS:
        return [(point, list(point.laws)) for point in entry.document.points]
    cited: dict[str, list[str]] = {}
    for reference in linkage.of(entry.meta.id):
        rule = reference.in_ref.split(":")[-1].split(".")[0]
        cited.setdefault(rule, []).extend(target for target in reference.targets if refs.law_of(target))
    return [
        (point, sorted(set(cited[point.number]), key=refs.sort_key))
        for point in entry.document.points
        if point.number in cited
    ]


def _as_seen_from(
    linkage: Linkage, entry: Entry, point: Point, named: list[str], number: int, current: Entry | None
) -> Rule | None:
    if current is None or current.meta.edition == entry.meta.edition:
        concerned = [ref for ref in named if refs.law_of(ref) == number]
        return Rule(entry, point, concerned, []) if concerned else None
    concerned, here = [], []
    for ref in named:
        rows = linkage.concordance.corresponding(ref, entry.meta.edition, current.meta.edition) or []
        mapped = [c.ref for c in rows if c.ref and refs.law_of(c.ref) == number]
        if mapped:
            concerned.append(ref)
            here.extend(mapped)
    return Rule(entry, point, concerned, sorted(set(here), key=refs.sort_key)) if concerned else None


def national_rules_block(
    corpus: Corpus,
    linkage: Linkage,
    page: Page,
    number: int,
    current: Entry | None,
    editions: tuple[str, ...] | None = None,
) -> list[str]:
    """A note per national rule about this law, folded in a switch, each with its federation,
    country and language (``national_by_<lang>`` of ui.toml, by the rule's language) and edition;
    with ``editions``, only the rules of those editions (a law number that is two rules: each
    rule's own, PZBS's 2017 decisions under the 2017 rule)."""
    rules = [
        rule
        for rule in national_rules(corpus, linkage, number, current)
        if editions is None or rule.entry.meta.edition in editions
    ]
    if not rules:
        return []
    items = []
    for rule in rules:
        entry, point = rule.entry, rule.point
        label = doc_short_name(entry)
        name = f"{label} {point.number}" if entry.meta.kind is DocKind.REGULATIONS else f"{label} {point.label}"
        link = page.link(urls.law(entry.meta, point.number))
        concerned = ", ".join(rule.concerned)
        if rule.here and current is not None:
            concerned = f"{entry.meta.edition}: {concerned} → {current.meta.edition}: {', '.join(rule.here)}"
        # whose rule, where and in what language, in the page's words; the rule itself in its own;
        # the note's id is where the menu of the rule's own page lands (point_alternates)
        anchor = urls.national_rule_anchor(entry.meta, point.number)
        by = t(page.lang, f"national_by_{entry.meta.lang}")
        items.append(
            f'<li id="{h(anchor)}"><span class="national-by">{h(by)}:</span> '
            f'<a href="{h(link)}" hreflang="{h(entry.meta.lang)}" lang="{h(entry.meta.lang)}">'
            f"<strong>{h(name)}</strong>"
            f' <span class="edition">({h(entry.meta.edition)})</span>: {h(point.title)}</a>'
            f' <span class="concerned">({h(concerned)})</span></li>'
        )
    summary = f"{t(page.lang, 'national_rules')} ({len(rules)})"
    return [
        f'<details class="national-rules"><summary>{h(summary)}</summary><ul>{"".join(items)}</ul></details>',
        "",
    ]


def rules_of(corpus: Corpus, linkage: Linkage, entry: Entry, number: int) -> list[tuple[Point, list[str]]]:
    """The points of ``entry`` about law ``number`` in its own edition's numbering (the coverage table)."""
    return [
        (rule.point, rule.concerned)
        for rule in national_rules(corpus, linkage, number, None, entry)
        if rule.entry is entry
    ]


def point_alternates(corpus: Corpus, linkage: Linkage, entry: Entry, point: Point) -> dict[str, str]:
    """Where the language menu goes from a national rule's page, in each other language: the page
    of that language that shows this rule, at its note (which the page unfolds), as a law missing
    in a language goes to that language's page saying so.  That is its text of the first law the
    rule names, where :func:`national_rules` places the rule there (PZBS's decisions on every
    language's texts), else its "where to read" page for the law (every federation's rules are
    listed there).  A rule that names no law is on no such page: the language's coverage page, at
    the rule set's entry, which names its federation and language and links it."""
    alternates = {lang: urls.coverage_text(lang, entry.meta) for lang in facts.INTERFACE_LANGUAGES}
    alternates[entry.meta.lang] = urls.law(entry.meta, point.number)
    named = next((laws for rule, laws in _named(linkage, entry) if rule is point), [])
    numbers = [number for ref in named if (number := refs.law_of(ref))]
    if not numbers:
        return alternates
    number = numbers[0]
    anchor = urls.national_rule_anchor(entry.meta, point.number)
    for lang, text in law_texts(corpus, number, None).items():
        if lang == entry.meta.lang:
            continue
        shown = text is not None and any(
            rule.point is point for rule in national_rules(corpus, linkage, number, text, only=entry)
        )
        page = urls.law(text.meta, number) if shown and text is not None else urls.law_hub(lang, number)
        alternates[lang] = f"{page}#{anchor}"
    return alternates
