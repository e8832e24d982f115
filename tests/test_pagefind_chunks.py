"""Pagefind's word index cut in smaller chunks: Pagefind's own cutting, with a smaller size, and
the files written back in Pagefind's format."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgelaws.search import pagefind_chunks as chunks

cbor_values = st.recursive(
    st.integers(min_value=-(2**63), max_value=2**64 - 1) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6),
    max_leaves=40,
)


@given(cbor_values)
def test_the_codec_reads_back_what_it_writes(value: chunks.CborValue) -> None:
    assert chunks.decode(chunks.encode(value)) == value


def test_the_codec_writes_the_shortest_heads_as_minicbor_does() -> None:
    assert chunks.encode(23) == b"\x17"
    assert chunks.encode(24) == b"\x18\x18"
    assert chunks.encode(-25) == b"\x38\x18"
    assert chunks.encode(256) == b"\x19\x01\x00"
    assert chunks.encode("muuto") == b"\x65muuto"
    assert chunks.encode([1, [2]]) == b"\x82\x01\x81\x02"


def word(text: str, *pages: tuple[int, list[int]]) -> list[chunks.CborValue]:
    return [text, [[number, list(locs), []] for number, locs in pages], []]


# Pagefind's own test of chunk_index (pagefind/src/index/mod.rs), size 8; the ranges are ours
WORDS = [
    word("apple", (1, [20, 40, 60]), (5, [3, 6, 9])),
    word("apricot", (5, [45, 3432, 6003])),
    word("banana", (5, [100, 500, 900, 566])),
    word("peach", (5, [383, 2, 678])),
]


def test_words_are_cut_as_pagefind_cuts_them() -> None:
    cut = chunks.cut(WORDS, 8)
    assert [[w[0] for w in chunk] for chunk in cut] == [["apple"], ["apricot", "banana"], ["peach"]]
    assert chunks.ranges(cut) == [("apple", "apple"), ("apple\x00", "banana"), ("banana\x00", "peach")]


def test_a_chunk_does_not_end_inside_a_family_of_words() -> None:
    family = [word("revokki", (1, [1])), word("revokkia", (1, [2])), word("revokin", (1, [3])), word("sata", (1, [4]))]
    cut = chunks.cut(family, 1)
    assert [[w[0] for w in chunk] for chunk in cut] == [["revokki", "revokkia", "revokin"], ["sata"]]
    assert chunks.ranges(cut) == [("revokki", "revokin"), ("revokin\x00", "sata")]


def write_index(folder: Path, lang: str, words_per_chunk: list[list[list[chunks.CborValue]]]) -> None:
    (folder / "index").mkdir(parents=True)
    bounds = chunks.ranges(words_per_chunk)
    meta_chunks: list[chunks.CborValue] = []
    for number, (words, (first, last)) in enumerate(zip(words_per_chunk, bounds, strict=True)):
        chunks.write_file(folder / "index" / f"{lang}_c{number}.pf_index", [list(words)])
        meta_chunks.append([first, last, f"{lang}_c{number}"])
    chunks.write_file(folder / f"pagefind.{lang}_meta.pf_meta", ["1.5.2", [["fi_p", 10]], meta_chunks, [], [], []])
    entry = {"version": "1.5.2", "languages": {lang: {"hash": f"{lang}_meta", "wasm": lang, "page_count": 1}}}
    (folder / "pagefind-entry.json").write_text(json.dumps(entry), encoding="utf-8")


def test_an_index_is_cut_again_and_its_metadata_follows(tmp_path: Path) -> None:
    write_index(tmp_path, "fi", [WORDS[:2], WORDS[2:]])
    chunks.rechunk(tmp_path, 8)
    entry = json.loads((tmp_path / "pagefind-entry.json").read_text(encoding="utf-8"))
    meta = chunks.read_file(tmp_path / f"pagefind.{entry['languages']['fi']['hash']}.pf_meta")
    assert isinstance(meta, list)
    assert meta[0] == "1.5.2" and meta[1] == [["fi_p", 10]]  # pages, filters… as they were
    table = chunks.chunk_table(meta)
    assert [(first, last) for first, last, _name in table] == chunks.ranges(chunks.cut(WORDS, 8))
    assert len(list((tmp_path / "index").iterdir())) == 3
    assert not (tmp_path / "pagefind.fi_meta.pf_meta").exists()
    words = [w for _first, _last, name in table for w in chunks.index_words(tmp_path / "index" / f"{name}.pf_index")]
    assert words == WORDS  # every word's entry, as it was


def test_a_file_pagefind_wrote_differently_stops_the_build(tmp_path: Path) -> None:
    # an indefinite-length array: not what Pagefind 1.5 writes
    (tmp_path / "x.pf_index").write_bytes(gzip.compress(chunks.SIGNATURE + b"\x9f\x01\xff"))
    with pytest.raises(chunks.PagefindFormatError):
        chunks.read_file(tmp_path / "x.pf_index")


@pytest.mark.site
def test_the_built_index_is_in_chunks_of_the_smaller_size(site: Path) -> None:
    folder = site / "pagefind"
    entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
    for lang, info in entry["languages"].items():
        table = chunks.chunk_table(chunks.read_file(folder / f"pagefind.{info['hash']}.pf_meta"))
        previous = ""
        last_word = ""
        for number, (first, last, name) in enumerate(table):
            assert previous < first <= last, (lang, first, last)
            previous = last
            words = chunks.index_words(folder / "index" / f"{name}.pf_index")
            held = sum(chunks.positions(w) for w in words)
            assert held >= chunks.CHUNK_POSITIONS or number == len(table) - 1, (lang, name, held)
            shared = chunks.shared_start(last_word, str(words[0][0]))
            assert shared <= chunks.MAX_SHARED, (lang, last_word, words[0][0])
            last_word = str(words[-1][0])
        listed = {f"{name}.pf_index" for _first, _last, name in table}
        assert listed == {path.name for path in (folder / "index").glob(f"{lang}_*.pf_index")}
