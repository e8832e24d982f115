"""The built site on the loopback, and the browser that reads it: shared by tests and benches.

* :func:`serve` serves a folder the way a real static host does, on a free port, quietly: the
  site's own server (:mod:`bridgelaws.stage5_site.server`, which ``make serve`` runs): text
  gzip-compressed, a missing path answered with the nearest ``404.html`` and status 404;
* :data:`CHROMIUM` and :data:`CHROMIUM_ARGS`: Debian's Chromium (Playwright cannot download
  browsers here) with the flags it needs on a machine with no outside network: without the
  background-networking flags it keeps trying Google's hosts;
* :func:`no_browser` says why a bench cannot measure in a browser here (the report says it in
  its line, and the rest of the report is made), and :func:`browser_on` serves a site and
  opens that browser on it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bridgelaws.stage5_site.server import serve

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "browser_on", "no_browser", "serve"]

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


def no_browser() -> str | None:
    """Why no page can be measured in a browser here, or None: Playwright or Chromium missing."""
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed: `pip install -e '.[test]'`"
    if not CHROMIUM.exists():
        return "no Debian chromium: `make browser`"
    return None


@contextmanager
def browser_on(site: Path) -> Iterator[tuple[str, Any]]:
    """``site`` served on the loopback and Chromium launched: (the site's base URL, the browser),
    both closed on leaving."""
    from playwright.sync_api import sync_playwright

    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            yield base, browser
        finally:
            browser.close()
