"""National rules shown at the laws they change: PZBS decisions, the Finnish federation's rules."""

from __future__ import annotations

from bridgelaws.core import refs, urls
from bridgelaws.core.facts import DocKind
from bridgelaws.core.model import Point
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.linkage import Linkage
from bridgelaws.stage4_render.page import Page, doc_short_name, h, t


def national_rules(
    corpus: Corpus, linkage: Linkage, number: int, current: Entry | None, only: Entry | None = None
) -> list[tuple[Entry, Point, list[str]]]:
    """National rules about law ``number``: PZBS points naming it, and (on the 1997 Finnish
    pages, or when ``only`` asks for them) the Finnish federation's supplementary rules
    citing it, with the refs concerned."""
    found = []
    for entry in corpus.entries:
        if only is not None and entry is not only:
            continue
        if entry.meta.kind is DocKind.REGULATIONS:
            for point in entry.document.points:
                concerned = [ref for ref in point.laws if refs.law_of(ref) == number]
                if concerned:
                    found.append((entry, point, concerned))
        elif entry.meta.kind is DocKind.SUPPLEMENT and (current is not None or only is entry):
            if current is not None and (current.meta.lang, current.meta.edition) != (
                entry.meta.lang,
                entry.meta.edition,
            ):
                continue
            cited: dict[str, list[str]] = {}
            for reference in linkage.of(entry.meta.id):
                rule = reference.in_ref.split(":")[-1].split(".")[0]
                for target in reference.targets:
                    if refs.law_of(target) == number:
                        cited.setdefault(rule, []).append(target)
            for point in entry.document.points:
                if point.number in cited:
                    found.append((entry, point, sorted(set(cited[point.number]))))
    return found


def national_rules_block(corpus: Corpus, linkage: Linkage, page: Page, number: int, current: Entry | None) -> list[str]:
    """A note per national rule that changes this law, folded in a switch to show or hide them."""
    rules = national_rules(corpus, linkage, number, current)
    if not rules:
        return []
    items = []
    for entry, point, concerned in rules:
        label = doc_short_name(entry)
        name = f"{label} {point.number}" if entry.meta.kind is DocKind.REGULATIONS else f"{label} {point.label}"
        link = page.link(urls.law(entry.meta, point.number))
        items.append(
            f'<li lang="{entry.meta.lang}"><a href="{link}" hreflang="{entry.meta.lang}"><strong>{h(name)}</strong>: '
            f'{h(point.title)}</a> <span class="concerned">({h(", ".join(concerned))})</span></li>'
        )
    summary = f"{t(page.lang, 'national_rules')} ({len(rules)})"
    return [
        f'<details class="national-rules" open><summary>{h(summary)}</summary><ul>{"".join(items)}</ul></details>',
        "",
    ]


def rules_of(corpus: Corpus, linkage: Linkage, entry: Entry, number: int) -> list[tuple[Point, list[str]]]:
    return [
        (point, concerned)
        for rule_entry, point, concerned in national_rules(corpus, linkage, number, None, entry)
        if rule_entry is entry
    ]
