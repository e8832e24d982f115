"""Pagefind's index in one order: the same pages give the same bytes, whatever order the file
system lists them in, and every word stays on the pages that print it.

Each case indexes a small site of real pages with the real Pagefind (about a second), as the
build does (:func:`bridgelaws.search.pagefind.index_site`)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgelaws.search import pagefind, pagefind_order
from bridgelaws.search import pagefind_chunks as chunks
from conftest import RAM_DISK, disk_folder

# (language, folder, edition, text): words printed on one page only, a word on several, accents
# Pagefind folds (a variant), and a filter
PAGES = [
    ("fi", "alpha", "1997", "Revokki kumkvatti pelaaja tarjous pelaaja"),
    ("fi", "beta", "2007", "Revokki pelaaja määrääminen ja lähtö"),
    ("fi", "gamma", "2007", "Kilpailunjohtaja ja tarjous ja pelaaja"),
    ("fi", "delta", "1997", "Maaraaminen ja mandariini"),
    ("fi", "epsilon", "2007", "Pelaaja tarjous lähtö lahto"),
    ("sv", "alpha", "2007", "Tävlingsledaren och spelaren"),
    ("sv", "beta", "2007", "Spelaren och budgivningen"),
]


def page_html(lang: str, edition: str, text: str) -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{text.split()[0]}</title></head>'
        f"<body><main data-pagefind-body><h1>{text.split()[0]}</h1><p>{text}</p>"
        f'<span data-pagefind-filter="edition">{edition}</span></main></body></html>'
    )


def write_site(folder: Path, order: list[int]) -> Path:
    """The pages written in ``order``: a folder lists its entries in the order they were made on
    some file systems (tmpfs), by a hash of their names on others (ext4)."""
    for number in order:
        lang, name, edition, text = PAGES[number]
        page = folder / lang / name / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(page_html(lang, edition, text), encoding="utf-8")
    return folder


def files(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def folders(tmp_path: Path) -> Iterator[list[Path]]:
    """Empty folders on the RAM disk, where a folder lists what was made last first, and on disk
    (the run's temporary folder may be on the RAM disk: conftest.disk_folder)."""
    with disk_folder(tmp_path) as disk:
        made = [disk / "disk"]
        if RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK):
            made += [Path(tempfile.mkdtemp(prefix="bridgelaws-test-", dir=RAM_DISK)) for _ in range(2)]
        try:
            yield made
        finally:
            for folder in made[1:]:
                shutil.rmtree(folder, ignore_errors=True)


def test_pages_listed_in_any_order_give_the_same_index(folders: list[Path]) -> None:
    forward, backward = list(range(len(PAGES))), list(reversed(range(len(PAGES))))
    sites = [write_site(folder, order) for folder, order in zip(folders, [forward, forward, backward], strict=False)]
    listings = {tuple(os.listdir(site / "fi")) for site in sites}
    if len(listings) < 2:
        pytest.skip("every folder here lists its entries in one order: nothing to compare")
    for site in sites:
        pagefind.index_site(site)
    first = files(sites[0] / pagefind.OUTPUT)
    for site in sites[1:]:
        assert files(site / pagefind.OUTPUT) == first


def absolute(pages: list[chunks.CborValue]) -> list[int]:
    """Page numbers as Pagefind writes them in a word's entry: each the difference from the last."""
    numbers, number = [], 0
    for page in pages:
        assert isinstance(page, list) and isinstance(page[0], int)
        number += page[0]
        numbers.append(number)
    return numbers


def test_each_word_and_filter_value_stays_on_the_pages_that_print_it(tmp_path: Path) -> None:
    site = write_site(tmp_path, list(range(len(PAGES))))
    pagefind.index_site(site)
    folder = site / pagefind.OUTPUT
    entry = chunks.read_entry(folder)
    assert list(entry["languages"]) == sorted(entry["languages"])
    for lang, info in entry["languages"].items():
        meta = chunks.read_file(folder / f"pagefind.{info['hash']}.pf_meta")
        assert isinstance(meta, list) and isinstance(meta[1], list)
        urls = [pagefind_order.fragment_url(folder, str(page[0])) for page in meta[1] if isinstance(page, list)]
        assert urls == sorted(f"/{lang}/{name}/" for page_lang, name, _e, _t in PAGES if page_lang == lang)
        words = {
            str(word[0]): word
            for _first, _last, name in chunks.chunk_table(meta)
            for word in chunks.index_words(folder / "index" / f"{name}.pf_index")
        }
        printing: dict[str, set[str]] = {}
        for page_lang, name, _edition, text in PAGES:
            if page_lang == lang:
                for printed in text.lower().split():
                    printing.setdefault(printed, set()).add(f"/{lang}/{name}/")
        # the words the stemmers leave as printed, each on the pages that print it
        checked = [printed for printed in ("ja", "tarjous", "och") if printed in printing]
        assert checked
        for printed in checked:
            assert isinstance(words[printed][1], list)
            assert {urls[n] for n in absolute(words[printed][1])} == printing[printed], printed
        for filter_name, file in (item for item in meta[3] if isinstance(item, list)):
            name, values = chunks.read_file(folder / "filter" / f"{file}.pf_filter")  # type: ignore[misc]
            assert filter_name == name == "edition"
            assert isinstance(values, list)
            assert [value[0] for value in values if isinstance(value, list)] == sorted(
                {edition for page_lang, _n, edition, _t in PAGES if page_lang == lang}
            )
            for value, numbers in (item for item in values if isinstance(item, list)):
                expected = {f"/{lang}/{n}/" for at, n, edition, _t in PAGES if (at, edition) == (lang, value)}
                assert isinstance(numbers, list)
                assert {urls[int(number)] for number in numbers if isinstance(number, int)} == expected


def test_page_numbers_read_otherwise_than_pagefind_wrote_them_stop_the_build(tmp_path: Path) -> None:
    """A word's page numbers that do not fit the pages (past the last page, or a location past its
    page's words: numbers read as plain rather than as differences) stop the build."""
    site = write_site(tmp_path, list(range(len(PAGES))))
    command_output = pagefind.index_site(site)
    assert "pages in URL order" in command_output
    folder = site / pagefind.OUTPUT
    entry = chunks.read_entry(folder)
    meta_path = folder / f"pagefind.{entry['languages']['fi']['hash']}.pf_meta"
    meta = chunks.read_file(meta_path)
    assert isinstance(meta, list)
    _first, _last, name = chunks.chunk_table(meta)[0]
    index = chunks.read_file(folder / "index" / f"{name}.pf_index")
    assert isinstance(index, list) and isinstance(index[0], list)
    word = next(w for w in index[0] if isinstance(w, list) and w[0] == "pelaaj")  # stemmed
    assert isinstance(word[1], list) and isinstance(word[1][-1], list)
    word[1][-1][0] = len(PAGES)  # a step past the last page
    chunks.write_file(folder / "index" / f"{name}.pf_index", index)
    with pytest.raises(chunks.PagefindFormatError, match="page numbers"):
        pagefind_order.normalise(folder)
