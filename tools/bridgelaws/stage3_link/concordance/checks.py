"""The concordance against the texts: a row may only name provisions that exist, and only once.

The loader (:mod:`.table`) checks each row's shape; here each side is checked against the texts of
its edition that hold its law (in the text's own numbering, through the deviations).  A side is
refused when such a text divides the provision's nearest ancestor it holds and the provision is not
among the parts (``13Z9``: Law 13 has sections A–F); a text that prints the ancestor whole (the
Turkish summary's 12B, not its items 12B1 and 12B2) cannot tell, nor can an edition none of whose
texts holds the law, nor the last law of a text cut short.  A row repeating another (the same
editions and sides) is refused too.
"""

from __future__ import annotations

from dataclasses import replace

from bridgelaws.core import refs
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus
from bridgelaws.stage2_parse.load import expected_numbers
from bridgelaws.stage3_link.concordance.model import Pair
from bridgelaws.stage3_link.concordance.table import Concordance

# per edition, per laws text: its id and each of its refs with whether it is divided further
Held = dict[str, list[tuple[str, dict[str, bool]]]]


def _held(corpus: Corpus) -> Held:
    held: Held = {}
    for entry in corpus.entries:
        if entry.meta.kind is not DocKind.LAWS:
            continue
        nodes: dict[str, bool] = {}
        laws = entry.document.laws
        expected = expected_numbers(entry.meta.expected)
        if laws and any(number > laws[-1].number for number in expected):
            laws = laws[:-1]  # a file cut short: its last law may be cut too, and tells nothing
        for law in laws:
            nodes[law.ref] = bool(law.children)
            for node in law.provisions():
                nodes[node.ref] = bool(node.children)
        held.setdefault(entry.meta.edition, []).append((entry.meta.id, nodes))
    return held


def _missing(ref: str, edition: str, held: Held, concordance: Concordance) -> str:
    """Which text of ``edition`` shows that ``ref`` does not exist ("" when none does)."""
    for doc, nodes in held.get(edition, []):
        own = concordance.in_text(doc, ref)
        if own in nodes:
            return ""
    for doc, nodes in held.get(edition, []):
        own = concordance.in_text(doc, ref)
        nearest = next((ancestor for ancestor in refs.ancestors(own) if ancestor in nodes), None)
        if nearest is not None and nodes[nearest]:
            return f"{edition} {ref} is not a provision of {doc} (its {nearest} has other parts)"
    return ""


def against_corpus(concordance: Concordance, corpus: Corpus) -> Concordance:
    """``concordance`` without the rows naming a provision the texts show does not exist, or repeating
    another row; each left out with an error at its line."""
    held = _held(corpus)
    errors = list(concordance.errors)
    seen: dict[tuple[object, ...], str] = {}
    kept: list[Pair] = []
    for pair in concordance.pairs:
        key = (pair.editions, pair.old, pair.new)
        if key in seen:
            errors.append(f"{pair.where}: the same pair as the row at {seen[key]}; the row is left out")
            continue
        seen[key] = pair.where
        sides = ((pair.old, pair.editions[0]), (pair.new, pair.editions[1]))
        problem = next((found for ref, ed in sides if ref and (found := _missing(ref, ed, held, concordance))), "")
        if problem:
            errors.append(f"{pair.where}: {problem}; the row is left out")
            continue
        kept.append(pair)
    return replace(concordance, pairs=kept, errors=errors)
