"""The translators' formats, read back by translate-toolkit (the library Weblate and Pootle use).

``api/tmx/<id>_<id>.tmx`` (TMX 1.4b): the units of corresponding provisions are found for each
kind of correspondence, sampled from the model and the concordance (never a fixed list): texts
of one edition by number (a text's own deviation undone), texts of different editions through
a concordance row of the provision itself; and absent where the texts do not correspond one to
one (a provision only one text has, a split or merge, a number two editions share but the
concordance does not pair).  ``api/terms.tbx`` (TBX-Basic): each concept with its terms per
language, its definitions, its governing law and how sure each term is.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from translate.storage import tbx, tmx

from bridgelaws import pipeline
from bridgelaws.core import facts, refs, urls
from bridgelaws.core.model import Law, Provision
from bridgelaws.stage2_parse.corpus import Corpus, Entry
from bridgelaws.stage3_link.concordance import Concordance, Relation
from bridgelaws.stage4_render import tmx as tmx_writer
from bridgelaws.stage4_render.page import t
from bridgelaws.termbase import PREFIX, TermBase
from conftest import ROOT
from test_export import build

SAMPLED = 8  # provisions or concepts drawn per kind


@pytest.fixture(scope="module")
def files(corpus: Corpus) -> dict[str, str]:
    return build(corpus)


@pytest.fixture(scope="module")
def concordance() -> Concordance:
    return pipeline.load_concordance(ROOT / "content")


@pytest.fixture(scope="module")
def term_base() -> TermBase:
    return pipeline.load_terms(ROOT / "content")


@dataclass(frozen=True)
class Read:
    """A unit as translate-toolkit reads it: each side's document, provision and text, and for a
    sentence of a provision's text which of how many (``x-sentence`` "2/3")."""

    part: str
    relation: str
    sides: tuple[tuple[str, str, str], ...]  # (document, provision, text) per tuv
    sentence: tuple[int, int] | None
    segtype: str | None


def _props(element: Any) -> dict[str, str]:
    return {prop.get("type"): prop.text for prop in element.findall("prop")}


def read_memory(files: dict[str, str], first: str, second: str) -> list[Read]:
    store = tmx.tmxfile.parsestring(files[urls.translation_memory(first, second)].encode("utf-8"))
    found = []
    for unit in store.units:
        own = _props(unit.xmlelement)
        tuvs = unit.getlanguageNodes()
        sides = tuple((_props(tuv)["x-document"], _props(tuv)["x-provision"], unit.getNodeText(tuv)) for tuv in tuvs)
        assert sides[0][2] == unit.source and sides[1][2] == unit.target
        sentence = None
        if "x-sentence" in own:
            index, count = own["x-sentence"].split("/")
            sentence = int(index), int(count)
        found.append(Read(own["x-part"], own["x-relation"], sides, sentence, unit.xmlelement.get("segtype")))
    return found


def texts_of(read: list[Read], mine: str, theirs: str) -> list[Read]:
    """The units of a pair of provisions' own texts: the whole text, or its sentences in order."""
    return [u for u in read if (u.sides[0][1], u.sides[1][1]) == (mine, theirs) and u.part == "text"]


def made_of(pieces: list[str], text: str) -> bool:
    """Whether ``pieces`` are ``text``'s, in order, as printed, with only whitespace between them."""
    at = 0
    for piece in pieces:
        found = text.find(piece, at)
        if found < 0 or text[at:found].strip():
            return False
        at = found + len(piece)
    return not text[at:].strip()


def pairs_of(read: list[Read]) -> set[tuple[str, str]]:
    return {(unit.sides[0][1], unit.sides[1][1]) for unit in read}


def entry(corpus: Corpus, doc_id: str) -> Entry:
    found = corpus.by_id(doc_id)
    assert found is not None
    return found


def printed(item: Entry) -> dict[str, Law | Provision]:
    """Every law and provision the text prints, by its own number."""
    found: dict[str, Law | Provision] = {}
    for law in item.document.laws:
        found[law.ref] = law
        found |= {node.ref: node for node in law.provisions()}
    return found


def own_text(node: Law | Provision) -> str:
    return " ".join(p.text for p in node.paragraphs).strip()


def test_every_memory_the_index_lists_is_read_whole(files: dict[str, str]) -> None:
    index = json.loads(files[urls.export()])
    memories = index["formats"]["tmx"]
    assert {tuple(m["documents"]) for m in memories} >= {("fi-2007", "sv-2007"), ("fi-1997", "fi-2007")}
    for memory in memories:
        read = read_memory(files, *memory["documents"])
        assert len(read) == memory["units"] > 0
        assert {side[0] for unit in read for side in unit.sides} == set(memory["documents"])
        assert all(side[2] for unit in read for side in unit.sides), "an empty segment"


# -- corresponding provisions, by kind ------------------------------------------------------------

Expect = tuple[str, str, str, str, bool]  # (first text, second text, first ref, second ref, paired?)


def same_edition(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """fi-2007 and sv-2007 share their edition's numbering: a provision both print (the Swedish
    number mapped to the edition's) with text in both is a unit."""
    fi, sv = printed(entry(corpus, "fi-2007")), printed(entry(corpus, "sv-2007"))
    found = []
    for ref, node in sv.items():
        edition_ref = concordance.to_edition("sv-2007", ref)
        if edition_ref == ref and ref in fi and own_text(node) and own_text(fi[ref]):
            found.append(("fi-2007", "sv-2007", ref, ref, True))
    return found


def deviations(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A text's own number is undone: sv-2007 12C1c is the edition's 12C1e, paired with fi 12C1e,
    and fi 12C1c is not paired with sv 12C1c by their shared number."""
    found = []
    for deviation in concordance.deviations:
        if deviation.doc != "sv-2007":
            continue
        found.append(("fi-2007", "sv-2007", deviation.edition, deviation.text, True))
        found.append(("fi-2007", "sv-2007", deviation.text, deviation.text, False))
    return found


def _printed_in(corpus: Corpus, doc_id: str) -> dict[str, Law | Provision]:
    return printed(entry(corpus, doc_id))


def across_editions(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A concordance row that pairs one 1997 provision with one 2007 provision, both printed
    with text in the two Finnish texts, is a unit."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    found = []
    for pair in concordance.pairs:
        if pair.editions != ("1997", "2007") or pair.relation not in (Relation.SAME, Relation.RENUMBERED):
            continue
        if pair.old in old and pair.new in new and own_text(old[pair.old]) and own_text(new[pair.new]):
            forward = concordance.corresponding(pair.old, "1997", "2007") or []
            back = concordance.corresponding(pair.new, "2007", "1997") or []
            if [c.ref for c in forward] == [pair.new] and [c.ref for c in back] == [pair.old]:
                found.append(("fi-1997", "fi-2007", pair.old, pair.new, True))
    return found


def not_one_to_one(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A split or merge pairs a provision with part of another: no unit."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    return [
        ("fi-1997", "fi-2007", pair.old, pair.new, False)
        for pair in concordance.pairs
        if pair.editions == ("1997", "2007")
        and pair.relation in (Relation.SPLIT, Relation.MERGED)
        and pair.old in old
        and pair.new in new
    ]


def only_one_text(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A provision of fi-2007 in a law the Swedish text does not hold: in no unit."""
    sv_laws = {law.number for law in entry(corpus, "sv-2007").document.laws}
    return [
        ("fi-2007", "sv-2007", ref, "*", False)
        for ref, node in _printed_in(corpus, "fi-2007").items()
        if refs.law_of(ref) not in sv_laws
    ]


def shared_number(corpus: Corpus, concordance: Concordance) -> list[Expect]:
    """A number both Finnish editions print that the concordance pairs with another number: the
    two provisions of that number are not a unit (between editions only the concordance pairs)."""
    old, new = _printed_in(corpus, "fi-1997"), _printed_in(corpus, "fi-2007")
    found = []
    for ref in sorted(set(old) & set(new)):
        there = concordance.corresponding(ref, "1997", "2007")
        if there and ref not in {c.ref for c in there}:
            found.append(("fi-1997", "fi-2007", ref, ref, False))
    return found


KINDS: dict[str, Callable[[Corpus, Concordance], list[Expect]]] = {
    "same edition, same number": same_edition,
    "same edition, a text's own numbering": deviations,
    "across editions through the concordance": across_editions,
    "across editions, split or merged": not_one_to_one,
    "a provision only one text has": only_one_text,
    "a number two editions share, paired elsewhere": shared_number,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_corresponding_provisions_are_units_and_others_are_not(
    files: dict[str, str], corpus: Corpus, concordance: Concordance, kind: str
) -> None:
    cases = KINDS[kind](corpus, concordance)
    assert cases, f"no case of {kind}"
    for first, second, mine, theirs, paired in random.Random(kind).sample(cases, min(SAMPLED, len(cases))):
        read = read_memory(files, first, second)
        pairs = pairs_of(read)
        if theirs == "*":
            assert mine not in {a for a, _ in pairs}, (kind, mine)
        elif paired:
            assert (mine, theirs) in pairs, (kind, mine, theirs)
            texts = texts_of(read, mine, theirs)
            assert made_of([u.sides[0][2] for u in texts], own_text(printed(entry(corpus, first))[mine]))
            assert made_of([u.sides[1][2] for u in texts], own_text(printed(entry(corpus, second))[theirs]))
        else:
            assert (mine, theirs) not in pairs, (kind, mine, theirs)


def test_cross_edition_units_say_the_concordance_relation(files: dict[str, str]) -> None:
    relations = {unit.relation for unit in read_memory(files, "fi-1997", "fi-2007")}
    assert relations <= {"same", "renumbered", "moved", "reworded"} and "renumbered" in relations
    assert {unit.relation for unit in read_memory(files, "fi-2007", "sv-2007")} == {"same edition"}


# -- sentences, where the two texts split a provision alike ----------------------------------------

NUMBER = re.compile(r"\d+")


def test_a_provisions_text_is_one_unit_or_its_sentences_in_order(files: dict[str, str], corpus: Corpus) -> None:
    """In every memory, each pair of provisions' own texts is one unit (no segtype of its own), or
    two or more units, ``x-sentence`` 1/n … n/n with ``segtype="sentence"``, whose segments are, in
    order and on each side, the provision's own text as printed; the two sentences of each such
    unit name the same numbers.  The index counts the sentence units."""
    memories = json.loads(files[urls.export()])["formats"]["tmx"]
    split = 0
    for memory in memories:
        read = read_memory(files, *memory["documents"])
        texts = [printed(entry(corpus, doc_id)) for doc_id in memory["documents"]]
        sentence_units = [u for u in read if u.sentence]
        assert memory["sentence_units"] == len(sentence_units)
        assert all(u.segtype == "sentence" and u.part == "text" for u in sentence_units)
        assert all(u.segtype is None for u in read if not u.sentence)
        for mine, theirs in pairs_of(read):
            units = texts_of(read, mine, theirs)
            if not units:
                continue  # a title only
            if len(units) == 1:
                assert units[0].sentence is None, (memory["documents"], mine)
            else:
                split += 1
                assert [u.sentence for u in units] == [(n, len(units)) for n in range(1, len(units) + 1)]
                for unit in units:
                    a, b = unit.sides[0][2], unit.sides[1][2]
                    assert sorted(NUMBER.findall(a)) == sorted(NUMBER.findall(b)), (mine, a, b)
            for side, (ref, text) in enumerate(zip((mine, theirs), texts, strict=True)):
                assert made_of([u.sides[side][2] for u in units], own_text(text[ref])), (memory["documents"], ref)
    assert split >= 10


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        (["Yksi lause.", "Toinen lause."], ["En mening.", "En annan mening."], True),
        (["Katso 65B3.", "Ja 12C1(b)."], ["Se lag 65B3.", "Och 12C1b."], True),  # the same numbers, written apart
        (["Koko teksti yhtenä lauseena."], ["Hela texten som en mening."], False),  # one sentence: the text's unit
        (["Yksi.", "Kaksi.", "Kolme."], ["Ett.", "Två."], False),  # not as many
        (["Katso 65B3.", "Toinen."], ["Se lag 65B2.", "Annan."], False),  # another citation
        (["Katso 65B3.", "Toinen 3."], ["Se lag 65B.", "Annan 33."], False),  # numbers moved between sentences
        (
            ["Pitkä ensimmäinen lause, joka jatkuu ja jatkuu vielä pitkään.", "Lyhyt."],
            ["Kort.", "En lång andra mening som fortsätter och fortsätter länge."],
            False,  # cut at other places: the lengths do not follow the texts'
        ),
    ],
    ids=["alike", "citations", "one-sentence", "counts", "other-number", "numbers-moved", "lengths"],
)
def test_sentences_correspond_only_where_the_texts_split_alike(
    mine: list[str], theirs: list[str], expected: bool
) -> None:
    assert tmx_writer.correspond(mine, theirs) is expected


# Held out: pairs of sentences read in the two texts and found to translate each other (the
# second text's sentence is the first's, in the same place of the provision) …
SENTENCE_PAIRS = [
    (
        ("fi-2007", "sv-2007", "9A2", "9A2"),
        "Virheellisesti merkitystä tikistä ks. 65B3.",
        "För kort som pekar i fel riktning se lag 65B3.",
    ),
    (("fi-2007", "sv-2007", "15C", "15C"), "Uusi tarjoussarja alkaa.", "En ny budgivning börjar."),
    (
        ("fi-1997", "fi-2007", "5B", "5B"),
        "Kilpailunjohtaja on vastuussa siitä, että ohjeet annetaan selvästi.",
        "Kilpailunjohtaja on vastuussa siitä, että ohjeet annetaan selvästi.",
    ),
    (
        ("fi-1997", "fi-2007", "89", "12C3"),
        "Määrätessään korjatun pistetuloksen kilpailunjohtaja älköön kuitenkaan antako kurinpidollisia"
        " rangaistuspisteitä rikkojan partnerille, jos tämä kilpailunjohtajan käsityksen mukaan ei ole millään"
        " tavoin vastuussa rikkomuksesta.",
        "Kilpailunjohtaja ei kuitenkaan saa määrätä menettelytaparangaistusta rikkojan partnerille, jos tämä"
        " hänen käsityksensä mukaan ei ole millään tavoin moitittavissa.",
    ),
    (
        ("fi-1997", "sv-2007", "14B3", "14B4"),
        "Siitä voi tulla rangaistuskortti (50 §) ja sen pelaamatta jääminen voi aiheuttaa revokin.",
        "Det kan bli ett straffkort (lag 50), och underlåtenhet att ha spelat det, kan innebära revoke.",
    ),
    (
        ("fi-2007", "tr-2017", "12C1a", "12C1a"),
        "Tämä tulos korvaa pelissä saadun tuloksen.",
        "Böyle bir skor oyun sırasında elde edilen skorun yerine geçer.",
    ),
    (
        ("sv-2007", "tr-2017", "12C3", "12C3"),
        "Men tävlingsledaren skall inte utdöma straff för felaktigt förfarande till den felandes partner, om han"
        " är av åsikten att denne inte på något sätt är skyldig.",
        "Ancak hakem, kusurlu oyuncunun ortağına, suçlu olmadığına kanaat getirirse, yöntemsel ceza uygulamamalıdır.",
    ),
]
# … and provisions whose sentences do not pair, kept whole
KEPT_WHOLE = [
    ("fi-1997", "fi-2007", "15C", "15C"),  # six sentences each, but 1997's second is the end of 2007's first
    ("fi-1997", "fi-2007", "6D1", "6D1"),  # one sentence against four
    ("fi-2007", "sv-2007", "12C1e", "12C1c"),  # one against three
    ("fi-2007", "sv-2007", "16B3", "16B3"),  # two each, but a footnote's number in the Finnish only
    ("fi-2007", "tr-2017", "13C", "13D"),  # two each, but the Turkish summary leaves out the citations
]


def test_held_out_sentence_pairs_are_units_and_unpaired_provisions_stay_whole(
    files: dict[str, str], corpus: Corpus
) -> None:
    for (first, second, mine, theirs), a, b in SENTENCE_PAIRS:
        units = texts_of(read_memory(files, first, second), mine, theirs)
        assert len(units) > 1, (first, second, mine)
        found = [u for u in units if (u.sides[0][2], u.sides[1][2]) == (a, b)]
        assert len(found) == 1 and found[0].segtype == "sentence", (first, second, mine, a)
    for first, second, mine, theirs in KEPT_WHOLE:
        units = texts_of(read_memory(files, first, second), mine, theirs)
        assert len(units) == 1 and units[0].sentence is None, (first, second, mine)
        assert units[0].sides[0][2] == own_text(printed(entry(corpus, first))[mine])


# -- the term base ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def term_store(files: dict[str, str]) -> tbx.tbxfile:
    return tbx.tbxfile.parsestring(files[urls.term_base_tbx()].encode("utf-8"))


def test_the_term_base_holds_every_concept_in_order(term_store: tbx.tbxfile, term_base: TermBase) -> None:
    assert [unit.getid() for unit in term_store.units] == [concept.id for concept in term_base.concepts]


@pytest.mark.parametrize("lang", ["en", "fi", "sv", "tr", "pl"])
def test_each_concept_has_its_terms_and_how_sure_each_is(
    term_store: tbx.tbxfile, term_base: TermBase, lang: str
) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    concepts = [concept for concept in term_base.concepts if concept.terms_in(lang)]
    for concept in random.Random(lang).sample(concepts, SAMPLED):
        rows = [term for term in concept.terms_in(lang) if any(not f.endswith(PREFIX) for f in term.forms)]
        read = units[concept.id].get_target_terms(lang)
        assert [term.text for term in read] == [next(f for f in r.forms if not f.endswith(PREFIX)) for r in rows]
        for row, term in zip(rows, read, strict=True):
            notes = {note.text for note in term.notes}
            sure = "checked against the text" if row.seeded else "curated"
            assert any(note.startswith(sure) for note in notes), (concept.id, term.text, notes)


def test_definitions_and_governing_laws_are_carried(
    term_store: tbx.tbxfile, term_base: TermBase, corpus: Corpus
) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    defined = [c for c in term_base.concepts if any(place.term for place in c.defined)]
    assert defined
    for concept in random.Random("defined").sample(defined, SAMPLED):
        for place in concept.defined:
            if place.term is None:
                continue
            document = entry(corpus, place.doc)
            definition = next(d for d in document.document.definitions if d.term == place.term)
            text = " ".join(p.text for p in definition.paragraphs)
            terms = units[concept.id].get_target_terms(document.meta.lang)
            assert terms, (concept.id, place)
            assert text in {note.text for note in terms[0].notes}, (concept.id, place)
    for concept in random.Random("laws").sample(term_base.concepts, SAMPLED):
        governing = concept.governing()
        if governing:
            notes = [note.text for note in units[concept.id].get_common_notes()]
            assert any(f"{refs.display(governing)} (governing)" in note for note in notes), (concept.id, notes)


def test_a_language_without_a_term_says_why(term_store: tbx.tbxfile, term_base: TermBase) -> None:
    units = {unit.getid(): unit for unit in term_store.units}
    missing = [(c, m) for c in term_base.concepts for m in c.missing if not c.terms_in(m.lang)]
    assert missing
    for concept, reason in random.Random("missing").sample(missing, min(SAMPLED, len(missing))):
        notes = [note.text for note in units[concept.id].get_common_notes()]
        assert f"no {reason.lang} term: {reason.reason}" in notes, (concept.id, notes)
        assert not units[concept.id].get_target_terms(reason.lang)


# -- where the pages link them ------------------------------------------------------------------

DOCS = ROOT / "content" / "docs"
LINK = re.compile(r'<p class="formats">(.*?)</p>')


def _linked(markdown: str) -> set[str]:
    """The export files a page's formats line links, as site paths (``api/terms.tbx``)."""
    found = LINK.findall(markdown)
    assert len(found) == 1, found
    return {re.sub(r"^(\.\./)+", "", href) for href in re.findall(r'href="([^"]+)"', found[0])}


def _page(lang: str, path: str) -> str:
    return (DOCS / lang / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_terms_page_links_the_term_base_and_every_memory(files: dict[str, str], lang: str) -> None:
    formats = json.loads(files[urls.export()])["formats"]
    expected = {formats["tbx"]["url"].lstrip("/"), *(m["url"].lstrip("/") for m in formats["tmx"])}
    markdown = _page(lang, "terms/index.md")
    assert _linked(markdown) == expected
    assert t(lang, "formats_tmx") in markdown and t(lang, "formats_tbx") in markdown


@pytest.mark.parametrize("lang", facts.INTERFACE_LANGUAGES)
def test_the_compare_view_links_the_memories_of_its_texts(files: dict[str, str], corpus: Corpus, lang: str) -> None:
    """Each law's compare view links the memories whose two texts both hold the law (a sample of laws)."""
    memories = json.loads(files[urls.export()])["formats"]["tmx"]
    for number in random.Random(lang).sample(corpus.law_numbers(), SAMPLED):
        holding = {entry.meta.id for entry in corpus.having_law(number)}
        expected = {m["url"].lstrip("/") for m in memories if set(m["documents"]) <= holding}
        linked = _linked(_page(lang, f"compare/{number}.md"))
        assert linked - {urls.term_base_tbx()} == expected, number
