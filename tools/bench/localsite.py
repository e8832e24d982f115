"""The built site on the loopback, and the browser that reads it: shared by tests and benches.

* :func:`serve` serves a folder the way a real static host does, on a free port, quietly: the
  site's own server (:mod:`bridgelaws.stage5_site.server`, which ``make serve`` runs): text
  gzip-compressed, a missing path answered with the nearest ``404.html`` and status 404;
* :data:`CHROMIUM` and :data:`QUIET_FLAGS`: Debian's Chromium (Playwright cannot download
  browsers here) with the flags it needs on a machine with no outside network: without the
  background-networking flags it keeps trying Google's hosts;
* :data:`CHROMIUM_ARGS`: those flags for a launch through Playwright, with the browser's own
  pages a test never sees switched off (:data:`UNSEEN_FEATURES`);
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

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "PLAYWRIGHT_DISABLED_FEATURES",
    "QUIET_FLAGS",
    "UNSEEN_FEATURES",
    "browser_on",
    "no_browser",
    "serve",
]

CHROMIUM = Path("/usr/bin/chromium")
QUIET_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# Every new window of Chromium 156 prepares two omnibox pop-ups, each a WebUI page in a renderer
# of its own, and a page Playwright opens is a new window: about half the processor time of
# opening a page goes to pop-ups nothing headless ever shows.
UNSEEN_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")

# Playwright launches Chromium with one --disable-features switch of its own, and Chromium reads
# only the last: ours repeats Playwright's list (that of the pinned Playwright, 1.65's
# chromiumSwitches.ts) before adding to it.  tests/test_browser_flags.py checks the list still
# holds every feature the installed Playwright disables.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
CHROMIUM_ARGS = (
    *QUIET_FLAGS,
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, *UNSEEN_FEATURES)),
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
