"""What the link stage finds: typed resolutions of every citation, and each text's glossary.

Following eyecite's find → resolve → annotate, a citation found in a paragraph (a
:class:`~bridgelaws.stage3_link.citations.Citation`) is resolved into a :class:`Resolution`
per target: which document, which provision, whether it fell back to a containing provision
or to another text, and why.  Nothing here is a URL: the render stage makes links and the
export's URLs from a resolution (:func:`bridgelaws.core.urls.provision`), so a later stage
never has to take a URL apart again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from bridgelaws.core.model import DocumentMeta, Paragraph
from bridgelaws.stage3_link.concordance import Concordance
from bridgelaws.stage3_link.glossary import Term


@dataclass(frozen=True)
class Resolution:
    """Where a cited provision is read.

    ``target`` is the canonical reference cited (``65B3``); ``ref`` the provision linked —
    the target itself, or its nearest printed ancestor (``65B`` in a text with no item 3);
    ``owner`` the page it is on (a law number, or a regulation's point number).
    """

    target: str
    document: DocumentMeta
    owner: int | str
    ref: str
    elsewhere: bool  # in another text than the citing one
    reason: str  # why this text and provision, in words: "not in this text; same language, 1997"
    other_edition: bool = False  # in another edition: ``ref`` is that edition's number (through the concordance)

    @property
    def ancestor(self) -> bool:
        """True when the link goes to another provision than the one cited: within one edition,
        one containing it (the text lacks the cited one); across editions, the concordance's."""
        return self.ref != self.target


@dataclass(frozen=True)
class Link:
    """``paragraph.text[start:end]`` cites ``resolution.target``, read at ``resolution``."""

    start: int
    end: int
    resolution: Resolution


@dataclass(frozen=True)
class Reference:
    """One citation as printed, with a resolution (or None: nowhere) per target."""

    doc_id: str
    in_ref: str  # the provision the citation stands in ("" in front matter or definitions)
    line: int  # the source file's line where the citation starts
    text: str
    targets: tuple[str, ...]
    resolutions: tuple[Resolution | None, ...]

    @property
    def unresolved(self) -> bool:
        return any(resolution is None for resolution in self.resolutions)


@dataclass
class Linkage:
    """Every citation of the corpus found and resolved, and each document's defined terms."""

    links: dict[int, list[Link]] = field(default_factory=dict)  # id(paragraph) → its links
    references: dict[str, list[Reference]] = field(default_factory=dict)  # doc id → its citations
    glossaries: dict[str, list[Term]] = field(default_factory=dict)  # doc id → its defined terms
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # "file:line: …", e.g. a citation left unlinked
    concordance: Concordance = field(default_factory=Concordance)  # what crossing editions went through

    def for_paragraph(self, paragraph: Paragraph) -> list[Link]:
        return self.links.get(id(paragraph), [])

    def of(self, doc_id: str) -> list[Reference]:
        return self.references.get(doc_id, [])

    def glossary(self, doc_id: str) -> list[Term]:
        return self.glossaries.get(doc_id, [])

    def unresolved(self) -> Iterator[Reference]:
        for references in self.references.values():
            yield from (reference for reference in references if reference.unresolved)
