"""The flags the tests' Chromium runs with (bench.localsite.CHROMIUM_ARGS) do what they say: the
pop-ups they switch off are off, and they keep off every feature Playwright itself switches off
(Chromium reads only the last --disable-features, so ours must repeat Playwright's)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from bench.localsite import CHROMIUM, CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES, QUIET_FLAGS, UNSEEN_FEATURES


def _command_line(marker: str) -> list[str]:
    """The arguments of the Chromium browser process launched with the switch ``marker``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            arguments = (entry / "cmdline").read_text(encoding="utf-8", errors="replace").replace("\0", " ").split()
        except OSError:
            continue
        if marker in arguments and not any(argument.startswith("--type=") for argument in arguments):
            return arguments
    raise AssertionError(f"no browser process with {marker}")


def _disabled(arguments: list[str]) -> list[list[str]]:
    """Each --disable-features switch's list, in the order given."""
    switch = "--disable-features="
    return [argument[len(switch) :].split(",") for argument in arguments if argument.startswith(switch)]


@pytest.mark.browser
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads the browser's command line from /proc")
def test_our_features_list_holds_every_feature_playwright_switches_off(browser: Any) -> None:
    marker = f"--bridgelaws-probe={uuid.uuid4().hex}"  # Chromium ignores a switch it does not know
    plain = browser.browser_type.launch(executable_path=str(CHROMIUM), args=[*QUIET_FLAGS, marker])
    try:
        playwright_lists = _disabled(_command_line(marker))
    finally:
        plain.close()
    assert len(playwright_lists) == 1, "Playwright no longer gives --disable-features once: look again"
    missing = set(playwright_lists[0]) - set(PLAYWRIGHT_DISABLED_FEATURES)
    assert not missing, f"Playwright now also switches off {sorted(missing)}: add them to PLAYWRIGHT_DISABLED_FEATURES"

    ours = browser.browser_type.launch(executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, marker])
    try:
        last = _disabled(_command_line(marker))[-1]
    finally:
        ours.close()
    assert set(PLAYWRIGHT_DISABLED_FEATURES) | set(UNSEEN_FEATURES) <= set(last)


@pytest.mark.browser
@pytest.mark.parametrize(("flags", "popups"), [(QUIET_FLAGS, True), (CHROMIUM_ARGS, False)], ids=["plain", "ours"])
def test_a_new_window_prepares_no_omnibox_popup(browser: Any, flags: tuple[str, ...], popups: bool) -> None:
    """Plain, Chromium prepares the pop-ups (so the feature names still mean something); with our
    flags it does not."""
    launched = browser.browser_type.launch(executable_path=str(CHROMIUM), args=list(flags))
    try:
        page = launched.new_page()
        page.goto("about:blank")
        targets = launched.new_browser_cdp_session().send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        found = [target["url"] for target in targets if "omnibox" in target["url"]]
        assert bool(found) is popups, found
    finally:
        launched.close()


def test_the_flags_are_words_chromium_reads() -> None:
    """Each flag a switch, each feature a bare name: a stray space or comma would pass silently."""
    for flag in CHROMIUM_ARGS:
        assert flag.startswith("--") and " " not in flag, flag
    for feature in (*PLAYWRIGHT_DISABLED_FEATURES, *UNSEEN_FEATURES):
        assert feature.isidentifier(), feature
