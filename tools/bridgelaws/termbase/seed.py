"""What the texts themselves align, as candidates for the term base (``bridgelaws terms``).

Three kinds of alignment, written to ``content/terms/aligned.computed.toml`` (regenerated,
never hand-edited; a curator reads it and cites it as a term's basis):

* **definitions** — every defined term of every document (fi-1997, fi-2007, tr-2017), with
  the anchor the definitions page gives it;
* **law titles** — for each law, the title each text prints for it.  Within an edition texts
  share the numbering; across editions a law's titles are grouped only when the concordance
  does not send the law's number elsewhere (``Concordance.corresponding``);
* **section titles of Laws 9–16** — the Finnish and Swedish 2007 texts translate each other
  provision by provision, so the same provision's title is the same words in two languages
  (``16B`` *Partnerilta saatu asiaankuulumaton tieto* ↔ *Otillåtna upplysningar från partnern*).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bridgelaws.core import refs
from bridgelaws.core.facts import EDITIONS, DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage3_link.glossary import term_anchors

FILE = "terms/aligned.computed.toml"  # under content/
PARALLEL = ("fi-2007", "sv-2007")  # translations of each other, provision by provision (Laws 9–16)


@dataclass(frozen=True)
class Aligned:
    """One alignment: ``kind`` (definition, title, section), its key (law or ref), the texts' words."""

    kind: str
    key: str
    texts: tuple[tuple[str, str], ...]  # (doc id, words as printed)


def definitions(corpus: Corpus) -> list[Aligned]:
    found = []
    for entry in corpus.entries:
        anchors = term_anchors(entry.document)
        for definition, anchor in zip(entry.document.definitions, anchors, strict=True):
            found.append(Aligned("definition", anchor, ((entry.meta.id, definition.term),)))
    return found


def _same_law(concordance: Concordance, number: int, edition: str, other: str) -> bool:
    """Law ``number`` of ``edition`` is law ``number`` of ``other``: each edition step on the way has
    a concordance row pairing a provision of the law with one of the same law (never by the number alone)."""
    low, high = sorted((EDITIONS.index(edition), EDITIONS.index(other)))
    for step in zip(EDITIONS[low:high], EDITIONS[low + 1 : high + 1], strict=True):
        rows = [p for p in concordance.of_law(number) if p.editions == step and p.old and p.new]
        if not any(_law(p.old) == _law(p.new) == number for p in rows if p.old and p.new):
            return False
    return True


def _law(ref: str) -> int | None:
    return refs.law_of(ref)


def law_titles(corpus: Corpus, concordance: Concordance) -> list[Aligned]:
    """Each law's titles: the texts of its newest edition, and older texts the concordance joins to it."""
    found = []
    for number in corpus.law_numbers():
        holders = [e for e in corpus.having_law(number) if e.meta.kind is DocKind.LAWS]
        newest = max((e.meta.edition for e in holders), key=EDITIONS.index, default="")
        texts = tuple(
            (e.meta.id, law.title)
            for e in holders
            if (law := e.document.law(number))
            and law.title
            and (e.meta.edition == newest or _same_law(concordance, number, e.meta.edition, newest))
        )
        if len(texts) > 1:
            found.append(Aligned("title", str(number), texts))
    return found


def _titled(entry: Entry, concordance: Concordance) -> dict[str, str]:
    """Provision titles by the edition's ref (a text's own numbering mapped through the deviations)."""
    return {
        concordance.to_edition(entry.meta.id, node.ref): node.title
        for law in entry.document.laws
        for node in law.provisions()
        if node.title
    }


def section_titles(corpus: Corpus, concordance: Concordance) -> list[Aligned]:
    entries = [corpus.by_id(doc) for doc in PARALLEL]
    if not all(entries):
        return []
    first, second = (_titled(e, concordance) for e in entries if e)
    return [
        Aligned("section", ref, ((PARALLEL[0], first[ref]), (PARALLEL[1], second[ref])))
        for ref in first
        if ref in second
    ]


def compute(corpus: Corpus, concordance: Concordance) -> list[Aligned]:
    return [*definitions(corpus), *law_titles(corpus, concordance), *section_titles(corpus, concordance)]


def to_toml(aligned: list[Aligned]) -> str:
    lines = [
        "# What the texts align: computed by `bridgelaws terms` from the sources; do not edit.",
        "# kind = definition (key: the definitions page's anchor), title (key: the law), section",
        "# (key: the provision, fi-2007 and sv-2007 Laws 9-16).  See README.md.",
    ]
    for item in aligned:
        texts = ", ".join(f"{{ doc = {_s(doc)}, words = {_s(words)} }}" for doc, words in item.texts)
        lines += ["", "[[aligned]]", f"kind = {_s(item.kind)}", f"key = {_s(item.key)}", f"texts = [{texts}]"]
    return "\n".join(lines) + "\n"


def _s(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)
