"""Pagefind's WebAssembly recompressed (search/pagefind_wasm.py): smaller, the same bytes once
unpacked, the same output for the same input, and a file it cannot read named and left alone."""

from __future__ import annotations

import gzip
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws.search import pagefind_wasm


def _pagefind_like(data: bytes) -> bytes:
    """Gzip as Pagefind writes it (a fast level: there is room for Zopfli to do better)."""
    return gzip.compress(data, compresslevel=1, mtime=0)


# what a WebAssembly file holds is bytes of code: runs, repeats and noise
CODE = st.lists(
    st.one_of(st.binary(max_size=64), st.binary(min_size=1, max_size=4).map(lambda b: b * 50)), max_size=40
).map(b"".join)


@settings(max_examples=40, deadline=None)
@given(code=CODE)
def test_the_recompressed_file_unpacks_to_the_same_bytes_and_is_never_larger(
    tmp_path_factory: object, code: bytes
) -> None:
    folder = tmp_path_factory.mktemp("pagefind")  # type: ignore[attr-defined]
    path = folder / "wasm.fi.pagefind"
    stored = _pagefind_like(code)
    path.write_bytes(stored)
    pagefind_wasm.recompress(folder)
    assert gzip.decompress(path.read_bytes()) == code
    assert len(path.read_bytes()) <= len(stored)


def test_each_language_is_recompressed_smaller_and_the_same_twice(tmp_path: Path) -> None:
    code = {lang: b"pagefind_dcd\x00asm" + lang.encode() * 300 + bytes(range(256)) * 20 for lang in ("fi", "sv")}
    sizes = {}
    for lang, data in code.items():
        (tmp_path / f"wasm.{lang}.pagefind").write_bytes(_pagefind_like(data))
        sizes[lang] = len(_pagefind_like(data))
    (tmp_path / "pagefind.js").write_text("not WebAssembly", encoding="utf-8")
    said = pagefind_wasm.recompress(tmp_path)
    assert said.startswith("WebAssembly: 2 files ")
    first = {lang: (tmp_path / f"wasm.{lang}.pagefind").read_bytes() for lang in code}
    assert all(len(first[lang]) < sizes[lang] for lang in code)
    assert (tmp_path / "pagefind.js").read_text(encoding="utf-8") == "not WebAssembly"  # not its pattern
    for lang, data in code.items():  # the same input again: the same bytes (builds stay identical)
        (tmp_path / f"wasm.{lang}.pagefind").write_bytes(_pagefind_like(data))
    pagefind_wasm.recompress(tmp_path)
    assert {lang: (tmp_path / f"wasm.{lang}.pagefind").read_bytes() for lang in code} == first


def test_a_file_that_is_no_gzip_is_named_and_left_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "wasm.tr.pagefind").write_bytes(b"\x00asm raw, never compressed")
    (tmp_path / "wasm.pl.pagefind").write_bytes(_pagefind_like(b"pl" * 500))
    said = pagefind_wasm.recompress(tmp_path)
    assert "wasm.tr.pagefind: not gzip" in said
    assert (tmp_path / "wasm.tr.pagefind").read_bytes() == b"\x00asm raw, never compressed"
    assert gzip.decompress((tmp_path / "wasm.pl.pagefind").read_bytes()) == b"pl" * 500  # the rest still done


def test_the_built_sites_webassembly_is_zopflis(site: Path) -> None:
    """Every language's file in the built site is the recompressed one (Zopfli's output is the
    same for the same code: Pagefind's own gzip would differ)."""
    files = sorted((site / "pagefind").glob(pagefind_wasm.PATTERN))
    assert files
    for path in files:
        code = gzip.decompress(path.read_bytes())
        assert code.startswith(b"pagefind_dcd\x00asm"), path.name  # Pagefind's signature, then WebAssembly
        assert path.read_bytes() == pagefind_wasm.compressed(code), path.name
