"""A readable, stable text dump of a parse result: the golden files are made of it.

One line per block, indented by depth, so a diff of two dumps shows exactly which law,
section or paragraph changed.  Paragraphs show their origin and their first and last words
(the whole text is checked by the conservation test, not here).
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgelaws.core.model import Document, Paragraph, ParseResult, Provision


def _clip(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    half = (width - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"


def _paragraphs(paragraphs: Iterable[Paragraph], indent: str) -> list[str]:
    lines = []
    for p in paragraphs:
        notes = f" notes={[n.mark for n in p.notes]}" if p.notes else ""
        style = f" [{p.style}]" if p.style != "text" else ""
        hints = f" pages={[hint.page for hint in p.hints]}" if p.hints else ""
        lines.append(f"{indent}¶ L{p.origin.line}{style}{notes}{hints}: {_clip(p.text)}")
    return lines


def _provisions(provisions: Iterable[Provision], indent: str) -> list[str]:
    lines = []
    for node in provisions:
        title = f" {node.title!r}" if node.title else ""
        lines.append(f"{indent}{node.ref} {node.label!r}{title} L{node.origin.line}")
        lines.extend(_paragraphs(node.paragraphs, indent + "  "))
        lines.extend(_provisions(node.children, indent + "  "))
    return lines


def dump_document(document: Document) -> list[str]:
    lines = [f"DOCUMENT {document.kind} {document.title!r} L{document.origin.line}"]
    if document.front_matter:
        lines.append("  FRONT")
        lines.extend(_paragraphs(document.front_matter, "    "))
    for heading in document.headings:
        lines.append(f"  HEADING L{heading.origin.line}: {heading.text}")
    if document.definitions:
        lines.append(f"  DEFINITIONS ({len(document.definitions)})")
        for definition in document.definitions:
            lines.append(f"    TERM {definition.term!r} L{definition.origin.line}")
            lines.extend(_paragraphs(definition.paragraphs, "      "))
    for law in document.laws:
        derived = " (derived)" if law.title_derived else ""
        lines.append(f"  LAW {law.number} {law.label!r} {law.title!r}{derived} {law.origin.describe()}")
        for heading in law.headings:
            lines.append(f"    HEADING L{heading.origin.line}: {heading.text}")
        lines.extend(_paragraphs(law.paragraphs, "    "))
        lines.extend(_provisions(law.children, "    "))
        for note in law.footnotes:
            lines.append(f"    FOOTNOTE {note.mark!r} {note.origin.describe()}: {_clip(note.text)}")
    for point in document.points:
        lines.append(f"  POINT {point.number} {point.label!r} {point.title!r} laws={point.laws} L{point.origin.line}")
        lines.extend(_paragraphs(point.paragraphs, "    "))
        lines.extend(_provisions(point.children, "    "))
        for note in point.footnotes:
            lines.append(f"    FOOTNOTE {note.mark!r} {note.origin.describe()}: {_clip(note.text)}")
    if document.back_matter:
        lines.append("  BACK")
        lines.extend(_paragraphs(document.back_matter, "    "))
    return lines


def dump(result: ParseResult) -> str:
    lines: list[str] = []
    for document in result.documents:
        lines.extend(dump_document(document))
    lines.append(f"DROPPED ({len(result.dropped)})")
    for span in result.dropped:
        lines.append(f"  {span.reason} {span.origin.describe()}: {_clip(span.text, 60)}")
    lines.append(f"INSERTED ({len(result.inserted)})")
    for added in result.inserted:
        lines.append(f"  {added.reason} {added.origin.describe()}: {added.text}")
    lines.append(f"WARNINGS ({len(result.warnings)})")
    for warning in result.warnings:
        lines.append(f"  {warning.origin.describe()}: {warning.message}")
    return "\n".join(lines) + "\n"
