"""Build the Pagefind index of the built site (``site/pagefind/``), after MkDocs.

Pagefind reads every HTML page, keeps only pages with a ``data-pagefind-body`` element (law,
point and definition pages; see ``overrides/main.html``) and writes one index per
``<html lang>``, split in chunks a query fetches on demand.  The parts of a law page that are
not law text are left out by :data:`NOT_LAW_TEXT`.  Pagefind's ready-made interfaces are
deleted afterwards: ``assets/javascripts/search.js`` uses its API only.  The word index is
then cut in smaller chunks than Pagefind's own (:mod:`bridgelaws.stage5_site.pagefind_chunks`).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from bridgelaws.stage5_site import pagefind_chunks

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
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise PagefindError(f"pagefind exited {run.returncode}:\n{run.stdout}\n{run.stderr}")
    for name in UNUSED:
        (site_dir / OUTPUT / name).unlink(missing_ok=True)
    shutil.rmtree(site_dir / OUTPUT / "playground", ignore_errors=True)
    rechunked = pagefind_chunks.rechunk(site_dir / OUTPUT)
    lines = [line for line in run.stdout.splitlines() if line.strip().startswith(("Indexed", "Discovered"))]
    return "\n".join([*lines, f"index chunks: {rechunked}"])
