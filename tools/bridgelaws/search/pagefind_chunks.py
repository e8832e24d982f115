"""Pagefind's word index cut in smaller chunks, so that a first search fetches less.

Pagefind writes each language's word index as chunks a query fetches on demand
(``pagefind/index/<lang>_<hash>.pf_index``, listed with the word range each holds in
``pagefind.<lang>_<hash>.pf_meta``).  It cuts a chunk after 20,000 word positions, a size
that is fixed in Pagefind 1.5 (``chunk_index(word_map, 20000)`` in ``pagefind/src/index/mod.rs``,
"TODO: Parameterize these chunk sizes"): the Finnish texts (119 pages, about 38,000
positions) fill two chunks of about 38 KB compressed, and every Finnish query fetched one of
them whole, where a Swedish one fetches 11 KB.

:func:`rechunk` cuts each language's words again, in Pagefind's own way with a smaller size
(:data:`CHUNK_POSITIONS`): the words in their order, a chunk closed once the positions it
holds (a page's positions and one for the page, as Pagefind counts) reach the size, and
each chunk's range of query words written so that the ranges leave no gap (:func:`ranges`).
Pagefind's search code picks the chunks a query needs from those ranges, as it does for its
own.  The words' entries are copied as they are, so ranking, stemming and results do not
change: only which bytes a query fetches.

The files are CBOR (RFC 8949) after the signature ``pagefind_dcd``, gzip-compressed.  The
small codec here reads and writes only what Pagefind writes (integers, strings, arrays,
definite lengths, shortest heads, as ``minicbor`` encodes), and :func:`read_file` checks that
it writes every file back to the bytes Pagefind wrote, so a format change in a new Pagefind
stops the build instead of breaking search.  Every module that reads or writes Pagefind's
files does so here (:mod:`pagefind_order`, :mod:`pagefind_fragments`, :mod:`printed_forms`,
:mod:`pagefind`): the CBOR files, the fragments (JSON after the same signature), the entry
file, and the short names of files named by their content.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
from pathlib import Path
from typing import Any

SIGNATURE = b"pagefind_dcd"
ENTRY = "pagefind-entry.json"  # the index's languages, each with its meta file's hash

# Positions per chunk: about 2 KB compressed.  A query word needs one chunk (its own and its
# stems' are looked up), rarely two, so each word of a query costs a chunk: at 2,500 (5 KB) a
# Finnish first search was over its 150 KB; at 1,500 (3–4 KB) two-word ones still were
# (`väärä lähtö` 153.4 KB, 149.8 at 750).  Smaller still, the meta file listing the chunks grows
# by more than a one-word query saves (500: `kortti` 149.0 KB, 148.7 at 750).
CHUNK_POSITIONS = 750
# A chunk ends only between words with at most this many first letters in common.  Pagefind
# also finds the words a query word begins (``revok`` finds ``revokki``), but only in the
# chunks whose range holds the query word: a cut inside ``revokki … revokkiin`` would hide the
# words after it from ``revok``.  So a query word of three letters or more never straddles a
# cut.  (Pagefind's own cut knows nothing of this: it fell inside ``muuta…``.)
MAX_SHARED = 2

CborValue = int | str | bytes | list["CborValue"]


class PagefindFormatError(RuntimeError):
    """Pagefind wrote something this module does not know how to read back exactly."""


# -- CBOR, as much of it as Pagefind writes ------------------------------------------------------


def decode(data: bytes) -> CborValue:
    value, end = _decode(data, 0)
    if end != len(data):
        raise PagefindFormatError(f"{len(data) - end} bytes after the CBOR value")
    return value


def _decode(data: bytes, at: int) -> tuple[CborValue, int]:
    head = data[at]
    major, info = head >> 5, head & 31
    at += 1
    if info < 24:
        argument = info
    elif info <= 27:
        width = 1 << (info - 24)
        argument = int.from_bytes(data[at : at + width], "big")
        at += width
    else:
        raise PagefindFormatError(f"CBOR item {head:#04x} (indefinite or reserved) at byte {at - 1}")
    if major == 0:
        return argument, at
    if major == 1:
        return -1 - argument, at
    if major == 2:
        return bytes(data[at : at + argument]), at + argument
    if major == 3:
        return data[at : at + argument].decode("utf-8"), at + argument
    if major == 4:
        items: list[CborValue] = []
        for _ in range(argument):
            item, at = _decode(data, at)
            items.append(item)
        return items, at
    raise PagefindFormatError(f"CBOR major type {major} at byte {at - 1}")


def encode(value: CborValue) -> bytes:
    out = bytearray()
    _encode(value, out)
    return bytes(out)


def _head(major: int, argument: int, out: bytearray) -> None:
    if argument < 24:
        out.append(major << 5 | argument)
    elif argument < 1 << 8:
        out += bytes((major << 5 | 24, argument))
    elif argument < 1 << 16:
        out += bytes((major << 5 | 25,)) + struct.pack(">H", argument)
    elif argument < 1 << 32:
        out += bytes((major << 5 | 26,)) + struct.pack(">I", argument)
    else:
        out += bytes((major << 5 | 27,)) + struct.pack(">Q", argument)


def _encode(value: CborValue, out: bytearray) -> None:
    if isinstance(value, bool):
        raise PagefindFormatError("booleans are not written by Pagefind")
    if isinstance(value, int):
        _head(0, value, out) if value >= 0 else _head(1, -1 - value, out)
    elif isinstance(value, str):
        raw = value.encode("utf-8")
        _head(3, len(raw), out)
        out += raw
    elif isinstance(value, bytes):
        _head(2, len(value), out)
        out += value
    else:
        _head(4, len(value), out)
        for item in value:
            _encode(item, out)


# -- Pagefind's files -----------------------------------------------------------------------------


def read_file(path: Path) -> CborValue:
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(SIGNATURE):
        raise PagefindFormatError(f"{path.name}: no {SIGNATURE!r} signature")
    value = decode(data[len(SIGNATURE) :])
    if encode(value) != data[len(SIGNATURE) :]:
        raise PagefindFormatError(f"{path.name}: not written back to the same bytes")
    return value


def write_file(path: Path, value: CborValue) -> None:
    # mtime 0: the same index gives the same bytes (and the offline lists the same hashes)
    path.write_bytes(gzip.compress(SIGNATURE + encode(value), compresslevel=9, mtime=0))


def _fragment_json(path: Path) -> tuple[bytes, Any]:
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(SIGNATURE):
        raise PagefindFormatError(f"{path.name}: no {SIGNATURE!r} signature")
    return data, json.loads(data[len(SIGNATURE) :])


def read_fragment(path: Path, field: str) -> str:
    """A page's fragment's ``field`` (its ``url``, its indexed ``content``): a fragment is JSON
    after the signature, gzip-compressed."""
    value = _fragment_json(path)[1].get(field)
    if not isinstance(value, str):
        raise PagefindFormatError(f"{path.name}: no {field}")
    return value


def read_fragment_data(path: Path) -> dict[str, Any]:
    """A page's whole fragment, for writing it again: checked to be written back to the bytes
    Pagefind wrote (:func:`write_fragment`)."""
    data, value = _fragment_json(path)
    if not isinstance(value, dict):
        raise PagefindFormatError(f"{path.name}: a fragment that is not an object")
    if _fragment_bytes(value) != data:
        raise PagefindFormatError(f"{path.name}: not written back to the same bytes")
    return value


def _fragment_bytes(value: dict[str, Any]) -> bytes:
    return SIGNATURE + json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def fragment_name(value: dict[str, Any], lang: str, taken: set[str]) -> str:
    """A fragment's name from its content (:func:`short_name`)."""
    return short_name(_fragment_bytes(value), lang, taken)


def write_fragment(path: Path, value: dict[str, Any]) -> None:
    # mtime 0: the same index gives the same bytes
    path.write_bytes(gzip.compress(_fragment_bytes(value), compresslevel=9, mtime=0))


def read_entry(pagefind_dir: Path) -> dict[str, Any]:
    """The entry file, whose ``languages`` name each language's meta file (:func:`meta_path`)."""
    entry = json.loads((pagefind_dir / ENTRY).read_text(encoding="utf-8"))
    if not isinstance(entry, dict) or not isinstance(entry.get("languages"), dict):
        raise PagefindFormatError(f"{ENTRY}: no languages")
    return entry


def write_entry(pagefind_dir: Path, entry: dict[str, Any]) -> None:
    (pagefind_dir / ENTRY).write_text(json.dumps(entry, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def meta_path(pagefind_dir: Path, info: dict[str, Any]) -> Path:
    """A language's meta file, from its entry in the entry file's ``languages``."""
    return pagefind_dir / f"pagefind.{info['hash']}.pf_meta"


def short_name(data: bytes, lang: str, taken: set[str]) -> str:
    """A file's name from its content: the language and the shortest hash of ``data`` (seven
    digits or more) that no other file of ``taken`` has."""
    digest = hashlib.sha256(data).hexdigest()
    length = 7
    while f"{lang}_{digest[:length]}" in taken:
        length += 1
    return f"{lang}_{digest[:length]}"


def chunk_table(meta: CborValue, name: str = "metadata") -> list[tuple[str, str, str]]:
    """A language's chunks as its metadata lists them: (first word, last word, file name)."""
    if not (isinstance(meta, list) and len(meta) >= 3 and isinstance(meta[2], list)):
        raise PagefindFormatError(f"{name}: not the metadata of Pagefind 1.5")
    table = []
    for chunk in meta[2]:
        if not (isinstance(chunk, list) and len(chunk) == 3 and all(isinstance(part, str) for part in chunk)):
            raise PagefindFormatError(f"{name}: a chunk that is not (from, to, hash)")
        table.append((str(chunk[0]), str(chunk[1]), str(chunk[2])))
    return table


def index_words(path: Path) -> list[list[CborValue]]:
    """The word entries of one chunk file, in order: [word, pages, …]."""
    index = read_file(path)
    if not (isinstance(index, list) and len(index) == 1 and isinstance(index[0], list)):
        raise PagefindFormatError(f"{path.name}: not a word index of Pagefind 1.5")
    if not all(isinstance(word, list) and word and isinstance(word[0], str) for word in index[0]):
        raise PagefindFormatError(f"{path.name}: a word entry that is not [word, pages, …]")
    return [word for word in index[0] if isinstance(word, list)]


# -- chunks --------------------------------------------------------------------------------------


def positions(word: list[CborValue]) -> int:
    """A word's weight in a chunk, as Pagefind counts it: per page, its positions and one."""
    pages = word[1]
    assert isinstance(pages, list)
    return sum(len(page[1]) + 1 for page in pages if isinstance(page, list) and isinstance(page[1], list))


def shared_start(a: str, b: str) -> int:
    """How many first letters ``a`` and ``b`` have in common."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def cut(words: list[list[CborValue]], size: int, shared: int = MAX_SHARED) -> list[list[list[CborValue]]]:
    """Pagefind's ``chunk_index``: words in order, a chunk closed once it holds ``size``; and
    not between two words that begin alike (more than ``shared`` letters in common)."""
    chunks: list[list[list[CborValue]]] = []
    chunk: list[list[CborValue]] = []
    held = 0
    for at, word in enumerate(words):
        held += positions(word)
        chunk.append(word)
        following = str(words[at + 1][0]) if at + 1 < len(words) else ""
        if held >= size and shared_start(str(word[0]), following) <= shared:
            chunks.append(chunk)
            chunk, held = [], 0
    if chunk:
        chunks.append(chunk)
    return chunks


def ranges(chunks: list[list[list[CborValue]]]) -> list[tuple[str, str]]:
    """Each chunk's range of query words: from just after the previous chunk's last word to its
    own last word, so that the ranges leave no gap.

    Pagefind's ``chunk_meta`` cuts the boundary words to prefixes (``muuta`` | ``muutai``), and
    its search loads for a query word only the chunks whose range holds it: a word after the
    prefix (``odzywka`` after a range ending ``od``) lies in no range, and in a query of several
    words it was not looked up at all (Pagefind falls back to every possible chunk only when no
    word of the query has one).  Here a range ends at its last word and the next begins with
    that word followed by U+0000, the least string after it: every query word lies in exactly
    one range, the one whose words it is or begins (:data:`MAX_SHARED`)."""
    bounds = []
    previous = ""
    for number, chunk in enumerate(chunks):
        first = str(chunk[0][0]) if number == 0 else previous + "\x00"
        previous = str(chunk[-1][0])
        bounds.append((first, previous))
    return bounds


def rechunk(pagefind_dir: Path, size: int = CHUNK_POSITIONS) -> str:
    """Cut every language's word index in chunks of ``size`` positions; say what changed."""
    entry = read_entry(pagefind_dir)
    summary = []
    for lang, info in sorted(entry["languages"].items()):
        old_meta = meta_path(pagefind_dir, info)
        meta = read_file(old_meta)
        old = [name for _first, _last, name in chunk_table(meta, old_meta.name)]
        assert isinstance(meta, list)
        words: list[list[CborValue]] = []
        for name in old:
            words += index_words(pagefind_dir / "index" / f"{name}.pf_index")
        if [word[0] for word in words] != sorted(str(word[0]) for word in words):
            raise PagefindFormatError(f"{lang}: the words of the chunks are not in order")
        chunks = cut(words, size)
        new_meta: list[CborValue] = []
        taken: set[str] = set()
        written = []
        for chunk, (first, last) in zip(chunks, ranges(chunks), strict=True):
            body: CborValue = [list(chunk)]
            name = short_name(encode(body), lang, taken)
            taken.add(name)
            write_file(pagefind_dir / "index" / f"{name}.pf_index", body)
            written.append(name)
            new_meta.append([first, last, name])
        for name in set(old) - set(written):
            (pagefind_dir / "index" / f"{name}.pf_index").unlink()
        meta[2] = new_meta
        meta_hash = hashlib.sha256(SIGNATURE + encode(meta)).hexdigest()[:10]
        old_meta.unlink()
        info["hash"] = f"{lang}_{meta_hash}"
        write_file(meta_path(pagefind_dir, info), meta)
        sizes = [(pagefind_dir / "index" / f"{name}.pf_index").stat().st_size for name in written]
        summary.append(f"{lang}: {len(old)} → {len(written)} chunks, largest {max(sizes) // 1024} KB")
    write_entry(pagefind_dir, entry)
    return " · ".join(summary)
