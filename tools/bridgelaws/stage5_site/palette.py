"""The light/dark toggle in the header, named in the page's language.

mkdocs.yml's ``theme.palette`` has three options: automatic (the device's light or dark), light
and dark.  Material draws one toggle per option and shows the current option's; a tap on it
selects the next option (the last leads back to the first), so each toggle's name says what the
tap switches to: ui.toml's ``palette_auto``, ``palette_light`` or ``palette_dark``, chosen by the
next option's media query.
"""

from __future__ import annotations

from typing import Any

from bridgelaws.stage4_render.page import t

# an option's media query → the ui.toml string of a toggle leading to it
LEADS_TO = {
    "(prefers-color-scheme)": "palette_auto",
    "(prefers-color-scheme: light)": "palette_light",
    "(prefers-color-scheme: dark)": "palette_dark",
}


def name_toggles(palette: Any, lang: str) -> None:
    """Give each option's toggle its name in ``lang`` (in place: Material reads the config)."""
    if not isinstance(palette, list):
        return
    for index, option in enumerate(palette):
        following = palette[(index + 1) % len(palette)]
        if isinstance(option.get("toggle"), dict):
            option["toggle"]["name"] = t(lang, LEADS_TO[following["media"]])
