"""The Swedish, Turkish and Polish citation grammars on the real texts: every keyword with a number
is in a citation, and every citation of each text is the one checked by hand against the source.
The tables of printed forms, traps and properties are tests/test_citations_sv_tr_pl.py's."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bridgelaws.core import refs
from bridgelaws.core.model import Document
from bridgelaws.stage3_link.citations import Context, Grammar, get_grammar
from conftest import parsed

SV = get_grammar("sv")
TR = get_grammar("tr")
PL = get_grammar("pl")

SV_FILE = "sv-2007-laws-9-16.web.txt"
TR_FILE = "tr-2017-laws-extract.blog.txt"
PL_FILE = "pl-2017-pzbs-decisions.web.txt"


def paragraphs(document: Document) -> Iterator[tuple[str, Context]]:
    """Every paragraph of a document with its context, as the linker gives them."""
    for paragraph in document.front_matter + document.back_matter:
        yield paragraph.text, Context()
    for definition in document.definitions:
        for paragraph in definition.paragraphs:
            yield paragraph.text, Context()
    for law in document.laws:
        for paragraph in law.paragraphs:
            yield paragraph.text, Context(str(law.number), law.number)
        for node in law.provisions():
            for paragraph in node.paragraphs:
                yield paragraph.text, Context(node.ref, law.number)
    for point in document.points:
        for paragraph in point.paragraphs:
            yield paragraph.text, Context(refs.point_ref(point.number))
        for node in point.provisions():
            for paragraph in node.paragraphs:
                yield paragraph.text, Context(node.ref)


def headings(document: Document) -> Iterator[tuple[str, Context]]:
    """Law labels and point titles: ``YASA 42``, ``Przepisy 12C2b i 12C2d``."""
    for law in document.laws:
        yield law.label, Context()
    for point in document.points:
        yield point.title, Context(refs.point_ref(point.number))


def citations_in(file: str, grammar: Grammar) -> list[tuple[str, str, list[str]]]:
    """(context ref, citation text, targets) for every citation in the paragraphs of a source."""
    rows = []
    for document in parsed(file).documents:
        for text, context in paragraphs(document):
            rows += [(context.ref, text[c.start : c.end], c.targets) for c in grammar(text, context)]
    return rows


KEYWORDS = {
    SV_FILE: (SV, re.compile(r"\blag\w*\s+[0-9]", re.IGNORECASE)),
    TR_FILE: (TR, re.compile(r"\byasa\w*\s+[0-9]", re.IGNORECASE)),
    PL_FILE: (PL, re.compile(r"\b(?:przepis\w*|punkt\w*|punkc\w*|pkt\.?)\s*[0-9]", re.IGNORECASE)),
}


@pytest.mark.parametrize("file", list(KEYWORDS))
def test_every_keyword_with_a_number_is_in_a_citation(file: str) -> None:
    grammar, keyword = KEYWORDS[file]
    missed = []
    for document in parsed(file).documents:
        for text, context in [*paragraphs(document), *headings(document)]:
            spans = [(c.start, c.end) for c in grammar(text, context)]
            for hit in keyword.finditer(text):
                if not any(start <= hit.start() < end for start, end in spans):
                    missed.append(f"{context.ref}: {text[hit.start() : hit.end() + 12]!r}")
    assert not missed


# Every citation of the real texts, checked by hand against the source.
SV_REAL = [
    ("9A2", "lag 65B3", ["65B3"]),
    ("9A3", "lagarna 42 och 43", ["42", "43"]),
    ("9A4", "lag 20F5", ["20F5"]),
    ("9C", "lag 26", ["26"]),
    ("10A", "lag 81C5", ["81C5"]),
    ("10C4", "lag 16D2", ["16D2"]),
    ("10C4", "lagarna 27 och 50", ["27", "50"]),
    ("11B", "lag 90", ["90"]),
    ("12A", "lag 92B", ["92B"]),
    ("12A", "lag 86", ["86"]),
    ("12A2", "C2 nedan", ["12C2"]),
    ("12B1", "C1(b)", ["12C1b"]),
    ("12C2a", "C1(d)", ["12C1d"]),
    ("12C2b", "lag 86A", ["86A"]),
    ("13A", "lag 14", ["14"]),
    ("13C", "lag 13F", ["13F"]),
    ("13C", "lag 86D", ["86D"]),
    ("14B1", "lag 67", ["67"]),
    ("14B2", "4 nedan", ["14B4"]),
    ("14B3", "4 nedan", ["14B4"]),
    ("14B4", "avsnitt B i den här lagen", ["14B"]),
    ("14B4", "lag 50", ["50"]),
    ("15A", "C", ["15C"]),
    ("16A1b", "D", ["16D"]),
    ("16A1c", "B1 nedan", ["16B1"]),
    ("16A1d", "lag 7B", ["7B"]),
    ("16A4", "lag 12C", ["12C"]),
    ("16B3", "lag 12C", ["12C"]),
    ("16C3", "2(c)", ["16C2c"]),
]

TR_REAL = [
    ("12", "Yasa 12 ye", ["12"]),
    ("12C1d", "aşağıda C2 maddesi", ["12C2"]),
    ("12C2d", "yukarıdaki (a) ve (b) maddelerinde", ["12C2a", "12C2b"]),
    ("13", "Yasa 13", ["13"]),
    ("13A2", "Yasa 12C1(b)", ["12C1b"]),
    ("13B2", "Yasa 12C1(b)", ["12C1b"]),
    ("14", "Yasa 14", ["14"]),
    ("14B1", "Yasa 67", ["67"]),
    ("14B2", "Aşağıdaki B4. maddeye", ["14B4"]),
    ("14B3", "Aşağıdaki B4. maddeye", ["14B4"]),
    ("14B4", "Bu yasanın B bendi", ["14B"]),
    ("15", "Yasa 15", ["15"]),
    ("15A2c", "Yasa 16C", ["16C"]),
    ("15A4", "Yasa 90", ["90"]),
    ("42B", "Yasa 43’de", ["43"]),
    ("43", "Yasa 42’de", ["42"]),
    ("43B1", "bundan önceki A1 ve A2 bentlerinde", ["43A1", "43A2"]),
    ("43B1", "Yasa 90", ["90"]),
    ("43B2", "bundan önceki A2 bendinde", ["43A2"]),
    ("43B2b", "Yasa 64’de", ["64"]),
    ("43B3", "yukarıdaki A2 bendinde", ["43A2"]),
    ("45D2", "Yasa 64B3 ve 64C", ["64B3", "64C"]),
    ("45E1", "Yasa 50", ["50"]),
]

PL_REAL = [
    ("", "przepisu 80A", ["80A"]),
    ("", "przepisem 80B2i", ["80B2i"]),
    ("point:1", "punkt 13", ["point:13"]),
    ("point:5.1", "przepisem 18A", ["18A"]),
    ("point:7.1", "pkt. 16", ["point:16"]),
    ("point:15.2", "punkcie 15.1", ["point:15.1"]),
    ("point:17.1", "przepisem 20F", ["20F"]),
    ("point:25.1.A.i", "punkt 25.2", ["point:25.2"]),
    ("point:25.1.A.ii", "punkt 3.1", ["point:3.1"]),
    ("point:25.1.B.i", "punkt 25.2", ["point:25.2"]),
    ("point:25.1.B.ii", "punkt 3.2", ["point:3.2"]),
    ("point:25.1.D.i", "punkt 25.2", ["point:25.2"]),
    ("point:25.2", "punkcie 25.1.A, 25.1.B i 25.1.D", ["point:25.1.A", "point:25.1.B", "point:25.1.D"]),
    ("point:25.2.A", "25.1.A.(i)", ["point:25.1.A.i"]),
    ("point:25.2.E", "punkcie 25.1.B", ["point:25.1.B"]),
    ("point:25.2.E", "punkcie 25.1.D", ["point:25.1.D"]),
    ("point:25.2.E", "punkcie 25.1.A", ["point:25.1.A"]),
    ("point:26.1", "przepisie 93", ["93"]),
]


@pytest.mark.parametrize(
    ("file", "grammar", "expected"),
    [
        pytest.param(SV_FILE, SV, SV_REAL, id="sv"),
        pytest.param(TR_FILE, TR, TR_REAL, id="tr"),
        pytest.param(PL_FILE, PL, PL_REAL, id="pl"),
    ],
)
def test_real_text_citations(file: str, grammar: Grammar, expected: list[tuple[str, str, list[str]]]) -> None:
    assert citations_in(file, grammar) == expected


def test_pl_point_titles_name_the_laws_of_the_point() -> None:
    """Each PZBS point title (``Przepisy 12C2b i 12C2d``) cites exactly the laws the parser lists."""
    for point in parsed(PL_FILE).documents[0].points:
        cited = [target for c in PL(point.title, Context(refs.point_ref(point.number))) for target in c.targets]
        assert cited == point.laws, point.title
