"""Pagefind's index put in one order, so that the same pages always give the same bytes.

Pagefind numbers the pages it indexes in the order it finds them, which is the order the file
system lists a folder's entries: the same site copied to another disk (a clean clone, another
machine, a RAM disk) is listed in another order, and its index differs in every file that holds
page numbers (each language's meta file, word chunks and filter files, and through their names
``pagefind-entry.json``, the search pages' preloads, the offline lists and the worker's
version).  It also writes each filter's values, its list of filters and the entry file's
languages in the order of a hash map that changes from run to run.

:func:`normalise` renumbers each language's pages in the order of their URLs (a fragment's
``url``; the fragment's name for two pages with one URL), puts every word's and every filter
value's pages in that order, each word's variants, each filter's values, the filters and the
languages in the order of their names, and names each filter file by a hash of its bytes.
Fragments are named by their content already.  Before it writes anything it reads every file
back to the bytes Pagefind wrote (:func:`pagefind_chunks.read_file`), and afterwards it checks
that each word, variant and filter value still holds the same locations on the same URLs (and,
read before, that every location lies within its page's word count: page numbers are read as
Pagefind writes them), so a format change in a new Pagefind stops the build instead of
breaking search.  Scores do not change (Pagefind scores a page by its words' locations, which
are kept); where results score the same, their order may follow the page numbers, which are
now the same on every build.  A ``data-pagefind-sort`` list (none on this site) is renumbered
and keeps Pagefind's order.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bridgelaws.search.pagefind_chunks import (
    SIGNATURE,
    CborValue,
    PagefindFormatError,
    chunk_table,
    encode,
    meta_path,
    read_entry,
    read_file,
    read_fragment,
    short_name,
    write_entry,
    write_file,
)

# A word's or variant's pages: (page number, the rest of Pagefind's entry: locations, meta locations)
Pages = list[tuple[int, list[CborValue]]]
# What a language's index holds, by URL instead of page number: the round-trip check's terms.
View = dict[str, list[tuple[str, str]] | list[str]]


def _list(value: CborValue, name: str, what: str) -> list[CborValue]:
    if not isinstance(value, list):
        raise PagefindFormatError(f"{name}: {what} that is not a list")
    return value


def _str(value: CborValue, name: str, what: str) -> str:
    if not isinstance(value, str):
        raise PagefindFormatError(f"{name}: {what} that is not a string")
    return value


def _int(value: CborValue, name: str, what: str) -> int:
    if not isinstance(value, int):
        raise PagefindFormatError(f"{name}: {what} that is not a number")
    return value


def _pair(value: CborValue, name: str, what: str) -> tuple[CborValue, CborValue]:
    items = _list(value, name, what)
    if len(items) != 2:
        raise PagefindFormatError(f"{name}: {what} that is not a pair")
    return items[0], items[1]


def _pairs(value: CborValue, name: str, what: str) -> list[tuple[CborValue, CborValue]]:
    """A list of pairs, as the meta file lists pages, filters and sorts, and a filter its values."""
    return [_pair(item, name, what) for item in _list(value, name, f"{what} list")]


def fragment_url(pagefind_dir: Path, page_hash: str) -> str:
    """The URL of the page whose fragment is ``fragment/<page_hash>.pf_fragment``."""
    return read_fragment(pagefind_dir / "fragment" / f"{page_hash}.pf_fragment", "url")


def _meta(value: CborValue, name: str) -> list[CborValue]:
    """Pagefind 1.5's meta file: [version, pages, chunks, filters, sorts, meta fields]."""
    meta = _list(value, name, "a meta file")
    if len(meta) != 6:
        raise PagefindFormatError(f"{name}: not the metadata of Pagefind 1.5")
    for part in meta[1:5]:
        _list(part, name, "a part")
    return meta


def _listed_pages(meta: list[CborValue], name: str) -> list[tuple[str, int]]:
    """The meta file's pages, by page number: (fragment, word count)."""
    return [
        (_str(fragment, name, "a fragment"), _int(words, name, "a word count"))
        for fragment, words in _pairs(meta[1], name, "a page")
    ]


def _absolute(pages: CborValue, words: list[int], name: str) -> Pages:
    """A word's pages with their numbers: Pagefind writes each page's number as the difference
    from the one before it (``[[0, …], [1, …], [1, …], [2, …]]`` are pages 0, 1, 2 and 4).  Each
    location (a word's position; a negative number marks a weight) lies within the page's
    ``words``, its word count in the meta file: a check that the numbers are read as written."""
    numbered: Pages = []
    number = 0
    for page in _list(pages, name, "pages"):
        entry = _list(page, name, "a page")
        if len(entry) < 2:
            raise PagefindFormatError(f"{name}: a page that is not [number, locations, …]")
        step = _int(entry[0], name, "a page number")
        number += step
        if step < 0 or number >= len(words):
            raise PagefindFormatError(f"{name}: page numbers that are not rising differences below {len(words)}")
        if any(_int(at, name, "a location") >= words[number] for at in _list(entry[1], name, "locations")):
            raise PagefindFormatError(f"{name}: a location beyond its page's {words[number]} words")
        numbered.append((number, entry[1:]))
    return numbered


def _relative(pages: Pages) -> list[CborValue]:
    """Pages as Pagefind writes them: in order, each number the difference from the one before."""
    written: list[CborValue] = []
    previous = 0
    for number, rest in sorted(pages, key=lambda page: page[0]):
        written.append([number - previous, *rest])
        previous = number
    return written


def _word_entries(path: Path) -> tuple[CborValue, list[list[CborValue]]]:
    """A chunk file's value and its words: [word, pages, variants], each variant [word, pages]."""
    index = read_file(path)
    words = _list(_list(index, path.name, "a word index")[0], path.name, "a word list")
    entries = []
    for word in words:
        entry = _list(word, path.name, "a word")
        if len(entry) != 3:
            raise PagefindFormatError(f"{path.name}: a word entry that is not [word, pages, variants]")
        _str(entry[0], path.name, "a word")
        for variant in _list(entry[2], path.name, "variants"):
            _str(_pair(variant, path.name, "a variant")[0], path.name, "a variant")
        entries.append(entry)
    return index, entries


def _filter_values(value: CborValue, name: str) -> tuple[str, list[tuple[str, list[int]]]]:
    """A filter file: (filter, [(value, page numbers)]); the numbers are plain, not differences."""
    filter_name, values = _pair(value, name, "a filter")
    parsed = [
        (_str(text, name, "a value"), _numbers(numbers, name)) for text, numbers in _pairs(values, name, "a value")
    ]
    return _str(filter_name, name, "a filter"), parsed


def _numbers(value: CborValue, name: str) -> list[int]:
    """Page numbers written plain (a filter value's pages, a sort's)."""
    return [_int(number, name, "a page") for number in _list(value, name, "pages")]


def _filters(meta: list[CborValue], name: str) -> list[tuple[str, str]]:
    """The meta file's filters: (filter, file)."""
    return [
        (_str(filter_name, name, "a filter"), _str(file, name, "a filter file"))
        for filter_name, file in _pairs(meta[3], name, "a filter")
    ]


def _sorts(meta: list[CborValue], name: str) -> list[tuple[CborValue, list[int]]]:
    """The meta file's sorts: (key, page numbers in the sort's order)."""
    return [(key, _numbers(numbers, name)) for key, numbers in _pairs(meta[4], name, "a sort")]


def view(pagefind_dir: Path, lang: str, meta: list[CborValue], urls: list[str]) -> View:
    """What the language's index holds, by URL: each word's and variant's pages with their
    locations, each filter value's pages, each sort's pages in order."""
    words = [count for _fragment, count in _listed_pages(meta, lang)]
    held: View = {}

    def by_url(pages: CborValue, name: str) -> list[tuple[str, str]]:
        return sorted((urls[number], repr(rest)) for number, rest in _absolute(pages, words, name))

    for _first, _last, chunk in chunk_table(meta, lang):
        for entry in _word_entries(pagefind_dir / "index" / f"{chunk}.pf_index")[1]:
            word = str(entry[0])
            held[f"w:{word}"] = by_url(entry[1], word)
            for variant in _list(entry[2], lang, "variants"):
                other, other_pages = _pair(variant, lang, "a variant")
                held[f"v:{word}:{other!r}"] = by_url(other_pages, str(other))
    for filter_name, file in _filters(meta, lang):
        name, values = _filter_values(read_file(pagefind_dir / "filter" / f"{file}.pf_filter"), file)
        for value, numbers in values:
            held[f"f:{filter_name}:{name}:{value}"] = sorted(urls[number] for number in numbers)
    for key, numbers in _sorts(meta, lang):
        held[f"s:{key!r}"] = [urls[number] for number in numbers]
    return held


def _renumber_words(path: Path, renumber: Callable[[CborValue, str], list[CborValue]]) -> None:
    """A chunk file with its words' and variants' pages renumbered, the variants in order."""
    index, entries = _word_entries(path)
    for entry in entries:
        entry[1] = renumber(entry[1], str(entry[0]))
        variants = [_pair(variant, path.name, "a variant") for variant in _list(entry[2], path.name, "variants")]
        in_order = sorted(variants, key=lambda variant: str(variant[0]))
        entry[2] = [[other, renumber(pages, str(other))] for other, pages in in_order]
    write_file(path, index)  # renamed by its content when cut again (pagefind_chunks.rechunk)


def _normalise_language(pagefind_dir: Path, lang: str, meta_file: Path) -> None:
    meta = _meta(read_file(meta_file), meta_file.name)
    listed = _listed_pages(meta, meta_file.name)
    words = [count for _fragment, count in listed]
    urls = [fragment_url(pagefind_dir, fragment) for fragment, _count in listed]
    before = view(pagefind_dir, lang, meta, urls)

    order = sorted(range(len(listed)), key=lambda number: (urls[number], listed[number][0]))
    new = [0] * len(order)
    for position, number in enumerate(order):
        new[number] = position
    meta[1] = [[listed[number][0], listed[number][1]] for number in order]

    def renumber(pages: CborValue, name: str) -> list[CborValue]:
        return _relative([(new[number], rest) for number, rest in _absolute(pages, words, name)])

    for _first, _last, chunk in chunk_table(meta, meta_file.name):
        _renumber_words(pagefind_dir / "index" / f"{chunk}.pf_index", renumber)

    filters: list[CborValue] = []
    taken: set[str] = set()
    for filter_name, file in sorted(_filters(meta, meta_file.name)):
        old_path = pagefind_dir / "filter" / f"{file}.pf_filter"
        name, values = _filter_values(read_file(old_path), old_path.name)
        renumbered: CborValue = [
            name,
            [[value, sorted(new[number] for number in numbers)] for value, numbers in sorted(values)],
        ]
        file = short_name(SIGNATURE + encode(renumbered), lang, taken)
        taken.add(file)
        old_path.unlink()
        write_file(pagefind_dir / "filter" / f"{file}.pf_filter", renumbered)
        filters.append([filter_name, file])
    meta[3] = filters
    meta[4] = [[key, [new[number] for number in numbers]] for key, numbers in _sorts(meta, meta_file.name)]
    write_file(meta_file, meta)  # renamed by its content when cut again

    after = view(pagefind_dir, lang, meta, [urls[number] for number in order])
    if after != before:
        changed = sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
        raise PagefindFormatError(f"{lang}: renumbering the pages changed {len(changed)} entries: {changed[:5]}")


def normalise(pagefind_dir: Path) -> str:
    """Put every language's index in URL order and the entry file's languages in name order;
    a summary."""
    entry = read_entry(pagefind_dir)
    languages = entry["languages"]
    counts = []
    for lang, info in sorted(languages.items()):
        _normalise_language(pagefind_dir, lang, meta_path(pagefind_dir, info))
        counts.append(f"{lang} {info.get('page_count', '?')}")
    entry["languages"] = dict(sorted(languages.items()))
    write_entry(pagefind_dir, entry)
    return f"pages in URL order ({', '.join(counts)})"
