"""Conservation of source characters: nothing is lost without a reason.

Every non-whitespace character of a source must be found either in the parsed output
(titles, labels, paragraphs, footnotes, terms, headings, front and back matter) or in a
:class:`~bridgelaws.model.Dropped` span of the parse report; characters the pipeline adds
(restored suit symbols) are listed as :class:`~bridgelaws.model.Inserted`.  The check is a
multiset equation over characters:

    source  ==  output  +  dropped  -  inserted

Whitespace is left out because re-flowing lines is the point of parsing.  A deficit means
text went missing; a surplus means text was duplicated.  Both are reported and both fail.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bridgelaws.core.model import Document, Paragraph, ParseResult, Provision


def _chars(text: str) -> Counter[str]:
    """Each non-whitespace character of ``text`` with its count (counted whole, then the
    whitespace taken out: a handful of keys, not a test per character)."""
    counts = Counter(text)
    for ch in [ch for ch in counts if ch.isspace()]:
        del counts[ch]
    return counts


def _paragraph_texts(paragraphs: Iterable[Paragraph]) -> Iterator[str]:
    for paragraph in paragraphs:
        yield paragraph.text


def _provision_texts(provisions: Iterable[Provision]) -> Iterator[str]:
    for provision in provisions:
        for node in provision.walk():
            yield node.label
            yield node.title
            yield from _paragraph_texts(node.paragraphs)


def document_texts(document: Document) -> Iterator[str]:
    """Every printed string a document holds (derived titles excluded).

    Each is shown on a page of the document (``tests/test_report_pages.py``): the source's own
    title line in the document page's provenance, the chapter headings before the first law on
    the definitions page (or the document page), so the report counts only what a reader sees.
    """
    yield document.title
    yield from _paragraph_texts(document.front_matter)
    yield from _paragraph_texts(document.back_matter)
    for heading in document.headings:
        yield heading.text
    for definition in document.definitions:
        yield definition.term
        yield from _paragraph_texts(definition.paragraphs)
    for law in document.laws:
        yield law.label
        if not law.title_derived:
            yield law.title
        for heading in law.headings:
            yield heading.text
        yield from _paragraph_texts(law.paragraphs)
        yield from _provision_texts(law.children)
        for note in law.footnotes:
            yield note.mark
            yield note.text
    for point in document.points:
        yield point.label
        yield point.title
        yield from _paragraph_texts(point.paragraphs)
        yield from _provision_texts(point.children)
        for note in point.footnotes:
            yield note.mark
            yield note.text


@dataclass
class Balance:
    """The outcome of the conservation check for one source."""

    source_chars: int
    output_chars: int
    dropped_chars: int
    inserted_chars: int
    missing: Counter[str]
    surplus: Counter[str]

    @property
    def ok(self) -> bool:
        return not self.missing and not self.surplus

    @property
    def accounted_share(self) -> float:
        """Share of source characters found in the output or the report (1.0 = all)."""
        if not self.source_chars:
            return 1.0
        return (self.source_chars - sum(self.missing.values())) / self.source_chars

    def first_missing_line(self, source_text: str) -> int:
        """Where to look first: the first line holding the rarest missing character."""
        if not self.missing:
            return 1
        counts = _chars(source_text)
        rarest = min(self.missing, key=lambda ch: (counts[ch], ch))
        before = source_text.split(rarest, 1)[0]
        return before.count("\n") + 1


def tally(
    source_text: str, output: Iterable[str], dropped: Iterable[str] = (), inserted: Iterable[str] = ()
) -> Balance:
    """The conservation equation for any step that keeps, drops and adds text:
    ``source == output + dropped - inserted`` over non-whitespace characters.
    """
    source = _chars(source_text)
    kept: Counter[str] = Counter()
    for text in output:
        kept.update(_chars(text))
    gone: Counter[str] = Counter()
    for text in dropped:
        gone.update(_chars(text))
    added: Counter[str] = Counter()
    for text in inserted:
        added.update(_chars(text))
    accounted = kept + gone
    accounted.subtract(added)
    missing = Counter({ch: n - accounted[ch] for ch, n in source.items() if n > accounted[ch]})
    surplus = Counter({ch: n - source[ch] for ch, n in accounted.items() if n > source[ch]})
    return Balance(
        source_chars=sum(source.values()),
        output_chars=sum(kept.values()),
        dropped_chars=sum(gone.values()),
        inserted_chars=sum(added.values()),
        missing=missing,
        surplus=surplus,
    )


def balance(source_text: str, result: ParseResult) -> Balance:
    """Conservation for one parsed source: its documents' texts and its report's spans."""
    return tally(
        source_text,
        (text for document in result.documents for text in document_texts(document)),
        (span.text for span in result.dropped),
        (added.text for added in result.inserted),
    )
