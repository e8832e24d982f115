"""Facts about the Laws and the site, each stated once.

* What the Laws are: :data:`LAW_COUNT` numbered laws, the :data:`EDITIONS`, the
  :class:`DocKind` of a document.
* What the site is: its interface languages (and each one's name for itself), the site name
  in each and the theme colour.
  MkDocs needs them in ``mkdocs.yml`` (mkdocs-static-i18n's ``languages``, ``extra.theme_color``),
  so that file is where they are written, and this module reads them from it: the pages,
  the offline manifests and the search page take them from here, never from a copy.

A language whose texts the site holds must be an interface language (its pages need the
interface strings), so the languages a manifest may name are the interface languages but
the default one (:data:`TEXT_LANGUAGES`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

import yaml

LAW_COUNT = 93
LAW_NUMBERS = range(1, LAW_COUNT + 1)  # every law, in order: 1 … 93
EDITIONS = ("1997", "2007", "2017")


class DocKind(StrEnum):
    """What a document holds; the manifest's ``kind``."""

    LAWS = "laws"  # the Laws, or some of them
    REGULATIONS = "regulations"  # a federation's decisions on the Laws (PZBS)
    SUPPLEMENT = "supplement"  # a federation's supplementary rules printed with the Laws (SBL 1997)

    @property
    def short_name(self) -> str:
        """How readers name a national rule's issuer: ``PZBS 3``, ``SBL 2 §``; ``""`` for laws."""
        return {DocKind.REGULATIONS: "PZBS", DocKind.SUPPLEMENT: "SBL"}.get(self, "")


# mkdocs.yml is at the project root: tools/bridgelaws/core/facts.py → ../../../mkdocs.yml
SITE_CONFIG = Path(__file__).resolve().parents[3] / "mkdocs.yml"


@dataclass(frozen=True)
class Site:
    default_language: str
    languages: tuple[str, ...]  # interface languages, the default first
    names: dict[str, str]  # site name per interface language
    language_names: dict[str, str]  # each interface language's name for itself: "Suomi"
    theme_color: str

    @property
    def text_languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in self.languages if lang != self.default_language)


# What mkdocs.yml values may be, where a template prints them into a script or an attribute as
# they are (Material's ``__md_scope=new URL("{{ config.extra.scope }}")``, our theme-colour style)
COLOUR = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")
SCOPE = re.compile(r"[A-Za-z0-9._~/-]*")


def _line(path: Path, key: str) -> int:
    """The first line of ``path`` setting ``key`` (1 when none does)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if line.lstrip().startswith(f"{key}:")), 1)


class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML ships no types
    """Safe YAML that tolerates MkDocs' own tags (``!ENV``, ``!!python/name:``) as plain values."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def read_site(path: Path = SITE_CONFIG) -> Site:
    """The site facts written in ``mkdocs.yml``; ``ValueError`` naming the file when they are not."""
    try:
        config: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
    except (OSError, yaml.YAMLError) as error:
        raise ValueError(f"{path}: cannot read the site configuration ({error})") from error
    i18n = next(
        (plugin["i18n"] for plugin in config.get("plugins", []) if isinstance(plugin, dict) and "i18n" in plugin), None
    )
    if not i18n or not i18n.get("languages"):
        raise ValueError(f"{path}: plugins.i18n.languages lists no language")
    languages = [entry for entry in i18n["languages"] if entry.get("build", True)]
    default = next((entry["locale"] for entry in languages if entry.get("default")), languages[0]["locale"])
    ordered = sorted(languages, key=lambda entry: entry["locale"] != default)
    extra = config.get("extra") or {}
    if not isinstance(extra, dict):
        raise ValueError(f"{path}:{_line(path, 'extra')}: extra must be a table")
    theme_color = extra.get("theme_color", "#ffffff")
    if not isinstance(theme_color, str) or not COLOUR.fullmatch(theme_color):
        raise ValueError(
            f"{path}:{_line(path, 'theme_color')}: extra.theme_color {theme_color!r} is not a colour, #rrggbb"
        )
    scope = extra.get("scope")
    if scope is not None and (not isinstance(scope, str) or not SCOPE.fullmatch(scope)):
        raise ValueError(f"{path}:{_line(path, 'scope')}: extra.scope {scope!r} is not a path of the site (/laws/)")
    return Site(
        default_language=default,
        languages=tuple(entry["locale"] for entry in ordered),
        names={entry["locale"]: entry.get("site_name") or config["site_name"] for entry in ordered},
        language_names={entry["locale"]: entry.get("name") or entry["locale"] for entry in ordered},
        theme_color=theme_color,
    )


@cache
def site() -> Site:
    return read_site()


DEFAULT_LANGUAGE = site().default_language
INTERFACE_LANGUAGES = site().languages
TEXT_LANGUAGES = site().text_languages
