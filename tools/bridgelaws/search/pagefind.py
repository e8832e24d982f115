"""Build the Pagefind index of the built site (``site/pagefind/``), after MkDocs.

Pagefind reads every HTML page, keeps only pages with a ``data-pagefind-body`` element (law,
point and definition pages; see ``overrides/main.html``) and writes one index per
``<html lang>``, split in chunks a query fetches on demand.  The parts of a law page that are
not law text are left out by :data:`NOT_LAW_TEXT`.  Pagefind's ready-made interfaces are
deleted afterwards: ``assets/javascripts/search.js`` uses its API only.  The index is then put
in one order, whatever order the file system lists the pages in
(:mod:`bridgelaws.search.pagefind_order`), its fragments rid of the anchor texts nothing reads
(:mod:`bridgelaws.search.pagefind_fragments`), and its words cut in smaller chunks than
Pagefind's own (:mod:`bridgelaws.search.pagefind_chunks`); its WebAssembly is recompressed
(:mod:`bridgelaws.search.pagefind_wasm`) and its script's inflate set up only when first used
(:mod:`bridgelaws.search.pagefind_script`).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bridgelaws.core import atomic, facts, urls
from bridgelaws.search import pagefind_chunks, pagefind_fragments, pagefind_order, pagefind_script, pagefind_wasm
from bridgelaws.search.engine_data import data_json

OUTPUT = "pagefind"

# Inside a law page's body, everything that is the site's and not the source's.
NOT_LAW_TEXT = (
    ".headerlink",  # the ¶ permalink of each heading
    ".law-source",  # "Kilpailubridgen laki 1997 · 1997"
    ".edition-switch",
    ".national-rules",  # other documents (PZBS notes, SBL rules), indexed on their own pages
    ".cited-by",
    ".other-texts",
    ".point-laws",
    ".via",  # "→ fi 1997" after a link that leaves the text
)

UNUSED = (
    "pagefind-ui.js",
    "pagefind-ui.css",
    "pagefind-modular-ui.js",
    "pagefind-modular-ui.css",
    "pagefind-component-ui.js",
    "pagefind-component-ui.css",
    "pagefind-highlight.js",
    "wasm.unknown.pagefind",
)


class PagefindError(RuntimeError):
    """Pagefind failed; the message carries its output."""


def index_site(site_dir: Path) -> str:
    """Index ``site_dir`` into ``site_dir/pagefind``; return Pagefind's summary lines."""
    command = [
        sys.executable,
        "-m",
        "pagefind",
        "--site",
        str(site_dir),
        "--output-subdir",
        OUTPUT,
        "--exclude-selectors",
        ", ".join(NOT_LAW_TEXT),
    ]
    # ends with the build (MkDocs) that started it, however that ends (bridgelaws.core.atomic)
    run = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=atomic.die_with_parent)
    if run.returncode != 0:
        raise PagefindError(f"pagefind exited {run.returncode}:\n{run.stdout}\n{run.stderr}")
    for name in UNUSED:
        (site_dir / OUTPUT / name).unlink(missing_ok=True)
    shutil.rmtree(site_dir / OUTPUT / "playground", ignore_errors=True)
    ordered = pagefind_order.normalise(site_dir / OUTPUT)
    fragments = pagefind_fragments.trim(site_dir / OUTPUT)  # before the meta files are named by content
    rechunked = pagefind_chunks.rechunk(site_dir / OUTPUT)
    wasm = pagefind_wasm.recompress(site_dir / OUTPUT)
    script = pagefind_script.defer_inflate(site_dir / OUTPUT)
    lines = [line for line in run.stdout.splitlines() if line.strip().startswith(("Indexed", "Discovered"))]
    said = [f"index: {ordered}", f"fragments: {fragments}", f"index chunks: {rechunked}", wasm, script]
    return "\n".join([*lines, *said])


# A search page's preload of its language's WebAssembly (overrides/main.html, among the engine's
# files search-start.js takes out of their <template>), after which the preloads of the index's
# first files go:
# <link rel="preload" href="../../pagefind/wasm.fi.pagefind" as="fetch" crossorigin>
WASM_PRELOAD = re.compile(
    r'<link\ rel="preload"\ href="(?P<index>[^"]*?)wasm\.(?P<lang>[a-z]{2,3})\.pagefind"'
    r'\ as="fetch"\ crossorigin>',
    re.VERBOSE,
)
ENTRY = pagefind_chunks.ENTRY
TAG_LENGTH = 10
META_HASH = re.compile(r"[a-z]{2,3}_[0-9a-f]+")  # a language's index in the entry file: "fi_125ba770d2"


def entry_tag(entry: bytes) -> str:
    """The tag of this build's index: its entry file's hash, which changes with every index."""
    return hashlib.sha256(entry).hexdigest()[:TAG_LENGTH]


def first_files(index_href: str, tag: str, meta_hash: str) -> dict[str, str]:
    """The two files Pagefind reads before its first search, at ``index_href``: the entry file at
    this build's tag and the language's meta file by its hashed name."""
    return {"entry": f"{index_href}{ENTRY}?ts={tag}", "meta": f"{index_href}pagefind.{meta_hash}.pf_meta"}


def preload_links(index_href: str, tag: str, meta_hash: str) -> str:
    """The preloads of :func:`first_files`."""
    return "".join(
        f'<link rel="preload" href="{href}" as="fetch" crossorigin>'
        for href in first_files(index_href, tag, meta_hash).values()
    )


def preload_first_files(site_dir: Path) -> str:
    """Preload, on each language's search page, the files Pagefind reads first; a summary line.

    Pagefind reads its entry file (``pagefind-entry.json?ts=…``), then the language's meta file,
    then the word index: three round trips one after the other before the first result, each
    about 150 ms on a phone's slow 4G.  Their names are known only once the index is written, so
    they are added here, after the WebAssembly's preload: the entry file at this build's tag,
    which ``search.js`` reads from the link and gives Pagefind as its ``metaCacheTag`` (Pagefind
    then asks for the very URL already on its way, where it would add a fresh ``?ts=`` of its
    own), and the meta file by its hashed name.  Measured on ``/fi/search/?q=revokki`` with a 4×
    slower CPU: both files arrive with the WebAssembly, and the first results come about 250 ms
    sooner.
    """
    entry_file = site_dir / OUTPUT / ENTRY
    if not entry_file.is_file():
        return "no index: no preloads"
    entry = entry_file.read_bytes()
    languages = json.loads(entry).get("languages", {})
    tag = entry_tag(entry)
    done = []
    for lang, index in sorted(languages.items()):
        page = site_dir / urls.search(lang) / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        preload = next((match for match in WASM_PRELOAD.finditer(html) if match["lang"] == lang), None)
        if preload is None or f"{ENTRY}?ts=" in html or not META_HASH.fullmatch(str(index.get("hash", ""))):
            continue
        links = preload_links(preload["index"], tag, index["hash"])
        page.write_text(html[: preload.end()] + links + html[preload.end() :], encoding="utf-8")
        done.append(lang)
    chooser = " · /search/ names them" if name_first_files(site_dir, tag, languages) else ""
    return f"entry and meta preloaded on the search pages of {', '.join(done) or 'no language'} (tag {tag}){chooser}"


def name_first_files(site_dir: Path, tag: str, languages: dict[str, dict[str, object]]) -> bool:
    """Write into ``/search/``'s data (``pagefind``) each language's first files as a language's
    search page preloads them (its WebAssembly, the entry file at this build's tag, its meta
    file), relative to ``/search/``: the page asks for a language's all at once when it starts
    that language's block (``browser-io.js`` preloadPagefind), where Pagefind would ask for its
    script, then for them, one round trip after the other.  Whether the data was there."""
    here = urls.search(facts.DEFAULT_LANGUAGE)
    path = site_dir / urls.search_data(facts.DEFAULT_LANGUAGE)
    if not path.is_file():
        return False
    index = urls.relative(here, f"{OUTPUT}/")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["pagefind"] = {
        lang: {"wasm": f"{index}wasm.{entry.get('wasm', lang)}.pagefind", **first_files(index, tag, str(entry["hash"]))}
        for lang, entry in sorted(languages.items())
        if lang in data.get("languages", []) and META_HASH.fullmatch(str(entry.get("hash", "")))
    }
    path.write_text(data_json(data), encoding="utf-8")
    return True
