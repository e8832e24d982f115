"""Resolve a citation's target to the provision it links to.

1. In the citing document, at the provision itself or its nearest printed ancestor
   (``12C1b`` in a text with no sub-item *b* goes to ``12C1``);
2. otherwise in the closest other text that has the law: the same language in another
   edition (nearest edition first), then the same edition in another language, then the
   rest — and the resolution says it left the text (the page marks the link ``→ fi 1997``).
   A text of another edition numbers the Laws differently: the target is carried there only
   through the concordance (:mod:`bridgelaws.stage3_link.concordance`); where no row covers
   it, the link goes to the law, never to a same-numbered provision;
3. otherwise nowhere (None): the citation stays plain text and is reported.
"""

from __future__ import annotations

from bridgelaws.core import refs
from bridgelaws.core.facts import DocKind
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, first_counterpart
from bridgelaws.stage3_link.linkage import Resolution


class Resolver:
    def __init__(self, corpus: Corpus, concordance: Concordance | None = None) -> None:
        self.corpus = corpus
        self.concordance = concordance or Concordance()
        # (document id, law number or point number) → the canonical refs printed there
        self._provisions: dict[tuple[str, int | str], set[str]] = {}
        for entry in corpus.entries:
            for law in entry.document.laws:
                self._provisions[(entry.meta.id, law.number)] = {law.ref} | {node.ref for node in law.provisions()}
            for point in entry.document.points:
                self._provisions[(entry.meta.id, point.number)] = {point.ref} | {
                    node.ref for node in point.provisions()
                }

    def candidates(self, entry: Entry) -> list[Entry]:
        """Texts to look in, closest first: this one, same language, same edition, the rest."""
        others = [e for e in self.corpus.entries if e is not entry and e.meta.kind is DocKind.LAWS]
        year = int(entry.meta.edition)
        others.sort(
            key=lambda e: (
                e.meta.lang != entry.meta.lang,
                e.meta.edition != entry.meta.edition,
                abs(int(e.meta.edition) - year),
                e.meta.id,
            )
        )
        return [entry, *others]

    def resolve(self, entry: Entry, target: str) -> Resolution | None:
        """Where ``target`` (cited in ``entry``) is read, or None when no text has it."""
        if target.startswith("point:"):
            number = target[len("point:") :].split(".")[0]
            return self._at(entry, entry, number, target, target)
        law = refs.law_of(target)
        if law is None:
            return None
        for candidate in self.candidates(entry):
            found = self._in(entry, candidate, law, target)
            if found:
                return found
        return None

    def _in(self, citing: Entry, entry: Entry, law: int, target: str) -> Resolution | None:
        """``target`` in ``entry``: by its number in the same edition, else through the concordance."""
        if entry.meta.edition == citing.meta.edition:
            # one edition, one numbering, but for a text's own deviations (sv-2007's 12C1 letters)
            edition_ref = self.concordance.to_edition(citing.meta.id, target)
            return self._at(citing, entry, law, target, self.concordance.in_text(entry.meta.id, edition_ref))
        if (entry.meta.id, law) not in self._provisions:
            return None
        found = self.concordance.between(citing.meta.id, citing.meta.edition, target, entry.meta.id, entry.meta.edition)
        mapped = first_counterpart(found)
        if mapped is None:
            # no row (or the provision has no counterpart there): the law, never a same-numbered provision
            why = "no concordance row covers it" if found is None else "it has no counterpart in that edition"
            at = str(law)
            owner = law
        else:
            why = f"the concordance gives {entry.meta.edition} {mapped}"
            owner = refs.law_of(mapped) or law
            at = mapped
        return self._at(citing, entry, owner, target, at, why)

    def _at(
        self, citing: Entry, entry: Entry, owner: int | str, target: str, wanted: str, mapped: str = ""
    ) -> Resolution | None:
        """``wanted`` (``target`` in ``entry``'s numbering) or its nearest ancestor printed on ``owner``'s page."""
        provisions = self._provisions.get((entry.meta.id, owner))
        if not provisions:
            return None
        for ref in refs.ancestors(wanted):
            if ref in provisions:
                return Resolution(
                    target=target,
                    document=entry.meta,
                    owner=owner,
                    ref=ref,
                    elsewhere=entry is not citing,
                    reason=_reason(citing, entry, wanted, ref, mapped),
                    other_edition=entry.meta.edition != citing.meta.edition,
                )
        return None


def _reason(citing: Entry, entry: Entry, target: str, ref: str, mapped: str = "") -> str:
    """Why the link goes where it goes, in the words of the parse report."""
    at = (f"; {mapped}" if mapped else "") + (
        "" if ref == target else f"; {target} is not printed there, {ref} holds it"
    )
    if entry is citing:
        return "in this text" + at
    if entry.meta.lang == citing.meta.lang:
        closest = f"the same language, edition {entry.meta.edition}"
    elif entry.meta.edition == citing.meta.edition:
        closest = f"the same edition, in {entry.meta.lang}"
    else:
        closest = f"{entry.meta.lang} {entry.meta.edition}, the closest text that has it"
    return f"law {refs.law_of(target)} is not in this text; {closest}" + at
