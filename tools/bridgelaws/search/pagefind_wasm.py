"""Pagefind's WebAssembly, compressed smaller: the same bytes once unpacked.

Each language's ``wasm.<lang>.pagefind`` (Pagefind's search code with the language's stemmer,
about 200 KB) is stored gzip-compressed, sent as it is stored (the server does not compress it
again) and unpacked by ``pagefind.js`` itself: it is the largest file of a first search (about
half of it, on ``/search/`` and a language's search page alike) and of a language kept offline.
Zopfli writes the same gzip format about 4.5% smaller than Pagefind does (70.7 → 67.5 KB for
Finnish), in about 0.3 s per language (:data:`ITERATIONS`, :data:`BLOCK_SPLITS`).  The
output is the same for the same input (a gzip header without a time), so two builds stay
byte-identical.  A file is replaced only when the new one unpacks to the very bytes of the old
one and is smaller; a file that is no gzip is named and left as it is.
"""

from __future__ import annotations

import gzip
import os
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import zopfli.gzip

PATTERN = "wasm.*.pagefind"
# Zopfli's settings: 1 iteration (its default, 15, gains 0.1%), at most 10 splits of the deflate
# stream in blocks (its default, 15, gains 53 bytes of Turkish's 69 KB in three times as long)
ITERATIONS = 1
BLOCK_SPLITS = 10


def compressed(code: bytes) -> bytes:
    """``code`` gzip-compressed by Zopfli (a header without a time: the same bytes each time)."""
    result: bytes = zopfli.gzip.compress(code, numiterations=ITERATIONS, blocksplittingmax=BLOCK_SPLITS)
    return result


def _recompress(path: Path) -> tuple[int, str]:
    """Bytes saved on ``path`` (0 when it is kept), and what stopped it, if anything."""
    stored = path.read_bytes()
    try:
        code = gzip.decompress(stored)
    except (OSError, EOFError, zlib.error) as error:
        return 0, f"{path.name}: not gzip ({error}), left as it is"
    smaller = compressed(code)
    if gzip.decompress(smaller) != code:  # zopfli's own round trip, checked before the file goes
        return 0, f"{path.name}: recompressed, it unpacked to other bytes; left as it is"
    if len(smaller) >= len(stored):
        return 0, ""
    path.write_bytes(smaller)
    return len(stored) - len(smaller), ""


def recompress(pagefind_dir: Path) -> str:
    """Recompress each language's WebAssembly in ``pagefind_dir``; a summary line (with what
    was left as it is, and why).  Zopfli gives the interpreter lock up while it works: the files
    go on as many threads as there are processors."""
    files = sorted(pagefind_dir.glob(PATTERN))
    with ThreadPoolExecutor(max_workers=max(1, min(len(files), os.cpu_count() or 1))) as pool:
        done = list(pool.map(_recompress, files))
    saved = sum(bytes_saved for bytes_saved, _problem in done)
    problems = [problem for _saved, problem in done if problem]
    said = f"WebAssembly: {len(files)} files {saved / 1024:.1f} KB smaller"
    return "; ".join([said, *problems])
