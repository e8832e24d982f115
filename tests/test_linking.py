"""Resolution of citation targets: the same text first, then the closest other text."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaws import pipeline
from bridgelaws.core import urls
from bridgelaws.core.refs import ancestors
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage3_link.resolve import Resolver

CONCORDANCE = pipeline.load_concordance(Path(__file__).resolve().parent.parent / "content")


@pytest.mark.parametrize(
    ("ref", "chain"),
    [
        ("12C1eii", ["12C1eii", "12C1e", "12C1", "12C", "12"]),
        ("40B2ai", ["40B2ai", "40B2a", "40B2", "40B", "40"]),
        ("9A2b1", ["9A2b1", "9A2b", "9A2", "9A", "9"]),
        ("16", ["16"]),
        ("point:25.1.A.i", ["point:25.1.A.i", "point:25.1.A", "point:25.1", "point:25"]),
    ],
)
def test_ancestors(ref: str, chain: list[str]) -> None:
    assert ancestors(ref) == chain


@pytest.mark.parametrize(
    ("doc", "target", "url", "via"),
    [
        ("fi-2007", "16C", "fi/2007/16/#16C", None),  # in the same text
        ("fi-2007", "12C1b", "fi/2007/12/#12C1b", None),
        (
            "fi-2007",
            "23",
            "fi/1997/72/#72B1",
            "fi 1997",
        ),  # the 2007 text stops at 18: same language; 2007 Law 23 is 1997 72B1
        ("sv-2007", "65B3", "fi/1997/65/#65", "fi 1997"),  # 65B3 is new in 2007: the 1997 law, not a provision
        ("sv-2007", "16D2", "sv/2007/16/#16D2", None),
        ("tr-2017", "64B3", "fi/1997/64/#64B3", "fi 1997"),  # 2017 → 2007 → 1997 through the concordance
        ("tr-2017", "16C", "fi/2007/16/#16D", "fi 2007"),  # 2017 16C is 2007 16D, not 2007 16C
        ("fi-2007", "86D", "fi/1997/86/#86", "fi 1997"),  # new in 2007: never 1997 86D's number
        ("fi-1997", "13D2a", "fi/1997/13/#13", None),  # 1997 Law 13 has no D: the law itself
        ("pl-2017-pzbs", "point:25.1.D", "pl/2017/pzbs/25/#p25-1-D", None),
        ("pl-2017-pzbs", "point:99", None, None),
    ],
)
def test_resolution(corpus: corpus_module.Corpus, doc: str, target: str, url: str | None, via: str | None) -> None:
    entry = corpus.by_id(doc)
    assert entry is not None
    found = Resolver(corpus, CONCORDANCE).resolve(entry, target)
    if url is None:
        assert found is None
        return
    assert found is not None
    where = urls.provision(found.document, found.owner, found.ref)
    elsewhere = f"{found.document.lang} {found.document.edition}" if found.elsewhere else None
    assert (where, elsewhere) == (url, via)
    # the resolution says what it did: the target as cited, a fallback to an ancestor, and why
    assert found.target == target
    assert found.elsewhere == (found.document.id != doc)
    assert ("not in this text" in found.reason) == found.elsewhere
    if not found.other_edition:  # in its own numbering: a shorter ref is the nearest printed ancestor
        assert found.ancestor == (found.ref != target) and found.ref in ancestors(target)
        assert ("is not printed there" in found.reason) == found.ancestor
    else:  # in another edition's numbering, only through the concordance
        assert "concordance" in found.reason or "counterpart" in found.reason


def test_closest_edition_of_the_same_language_comes_before_other_languages(corpus: corpus_module.Corpus) -> None:
    entry = corpus.by_id("sv-2007")
    assert entry is not None
    order = [e.meta.id for e in Resolver(corpus).candidates(entry)]
    assert order[0] == "sv-2007"
    assert order.index("fi-2007") < order.index("fi-1997")  # same edition before another edition


@pytest.mark.parametrize(
    ("doc", "law", "ref", "nearest"),
    [
        ("fi-2007", 12, "12C1b", "12C1b"),  # printed
        ("fi-1997", 13, "13D2a", "13"),  # 1997 Law 13 has no D: the law
        ("sv-2007", 16, "16D2x", "16D2"),  # no such sub-item: the item
    ],
)
def test_nearest_printed_provision(corpus: corpus_module.Corpus, doc: str, law: int, ref: str, nearest: str) -> None:
    entry = corpus.by_id(doc)
    assert entry is not None
    found = entry.document.law(law)
    assert found is not None and found.nearest(ref) == nearest
