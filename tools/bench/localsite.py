"""The built site on the loopback, and the browser that reads it: shared by tests and benches.

* :func:`serve` serves a folder the way a real static host does, on a free port, quietly: the
  site's own server (:mod:`bridgelaws.stage5_site.server`, which ``make serve`` runs): text
  gzip-compressed, a missing path answered with the nearest ``404.html`` and status 404;
* :data:`CHROMIUM` and :data:`CHROMIUM_ARGS`: Debian's Chromium (Playwright cannot download
  browsers here) with the flags it needs on a machine with no outside network: without the
  background-networking flags it keeps trying Google's hosts.
"""

from __future__ import annotations

from pathlib import Path

from bridgelaws.stage5_site.server import serve

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "serve"]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
