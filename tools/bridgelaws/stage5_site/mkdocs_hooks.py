"""MkDocs hooks: only event handlers live here; the work is in the package's modules.

* ``on_config`` refuses, at mkdocs.yml's line, a value a template prints into a script or an
  attribute as it is (``extra.scope``, ``extra.theme_color``: :func:`bridgelaws.core.facts.read_site`),
  and dates the build at ``SOURCE_DATE_EPOCH``, the epoch unless given (a rebuild is byte-identical);
* ``on_nav`` puts pages in reading order (``2`` before ``10``: index, definitions, then laws
  by number; MkDocs sorts names as text) and names each section after its index page
  (``2007`` → the document's title);
* ``on_page_markdown`` marks the generated (escaped) titles as HTML, so no template escapes
  them twice;
* ``on_page_content`` gives the headings' permalinks (``¶``) their tooltip in the page's
  language (the toc extension has one title for every language);
* ``on_page_context`` points the language switcher at the same law in each language, or at
  that language's page saying the law is missing there (``alternates`` in the front matter,
  computed by :func:`bridgelaws.render.law_alternates`), shows each page its own part of the
  navigation (:func:`page_navigation`), names the language's web app manifest, and gives the
  footer, the light/dark toggle (:mod:`bridgelaws.stage5_site.palette`) and laws.js their
  strings in the page's language (ui.toml's ``footer_copyright``, escaped here as Material prints
  it as it is, ``palette_*``, ``offline_ready``, ``offline_unavailable``, ``offline_update`` and
  ``offline_reload``);
* ``on_template_context`` and ``on_post_template`` make the page for a missing address in each
  language (:mod:`bridgelaws.stage4_render.notfound`): mkdocs-static-i18n renders ``404.html``
  once per language, each time at the site's root, so each is written to its language's folder
  and the root keeps the default language's; its language menu leads to each home;
* ``on_env`` gives the templates ``content_security_policy`` (:mod:`bridgelaws.stage5_site.csp`),
  which partials/csp.html calls with the inline snippets it renders;
* ``on_post_build`` checks every page against its Content-Security-Policy (:func:`csp.check_site`,
  the build fails on an inline script or style it does not allow), minifies our assets, cuts
  the stylesheets to what each group of pages uses (:mod:`bridgelaws.stage5_site.cut_css`), hands
  the finished site to search (:func:`bridgelaws.search.after_build`: each text page's snippets,
  Pagefind's index in smaller chunks, the printed forms), takes the templates' indentation out
  of every page (:mod:`bridgelaws.stage5_site.page_space`), then writes the offline lists, the
  service worker and the web app manifests (:mod:`bridgelaws.stage5_site.offline`).
"""

from __future__ import annotations

import itertools
import json
import logging
import os
from copy import copy, deepcopy
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment
from markupsafe import Markup
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from bridgelaws import search
from bridgelaws.core import facts, urls
from bridgelaws.stage4_render import notfound
from bridgelaws.stage4_render.page import t
from bridgelaws.stage4_render.provisions import localise_permalinks
from bridgelaws.stage5_site import bundle, csp, cut_css, minify, offline, page_space, palette
from bridgelaws.stage5_site.tables import wrap_tables

log = logging.getLogger("mkdocs.hooks.bridgelaws")

NAME_ORDER = {"index": 0, "definitions": 1}


def _page_rank(src_uri: str) -> tuple[int, int, str]:
    """``index`` first, then ``definitions``, then laws by number (``2`` before ``10``)."""
    stem = src_uri.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if stem in NAME_ORDER:
        return (0, NAME_ORDER[stem], "")
    if stem.isdigit():
        return (1, int(stem), "")
    return (2, 0, stem)


def _item_key(item: Any) -> tuple[Any, ...]:
    """Pages of a folder before its sub-folders; sub-folders by name (``1997`` before ``laws``)."""
    if isinstance(item, Page):
        return (0, _page_rank(item.file.src_uri))
    first = next((page for page in _pages(item.children)), None)
    folder = first.file.src_uri.rsplit("/", 2)[-2] if first else ""
    return (1, (0, int(folder), "") if folder.isdigit() else (1, 0, folder))


def _pages(items: list[Any]) -> list[Page]:
    pages: list[Page] = []
    for item in items:
        if isinstance(item, Page):
            pages.append(item)
        elif isinstance(item, Section):
            pages.extend(_pages(item.children))
    return pages


def _sort(items: list[Any]) -> None:
    items.sort(key=_item_key)
    for item in items:
        if isinstance(item, Section):
            _sort(item.children)


@event_priority(-200)  # after mkdocs-static-i18n (-100) has removed the language level
def on_nav(nav: Navigation, config: Any, files: Files) -> Navigation:
    """Reading order and section titles; MkDocs sorts names as text (``10`` before ``2``)."""
    _sort(nav.items)
    for item in nav.items:
        _title_sections(item)
    nav.pages = _pages(nav.items)
    for previous, following in itertools.pairwise([None, *nav.pages, None]):
        if previous is not None:
            previous.next_page = following
        if following is not None:
            following.previous_page = previous
    return nav


def _title_sections(item: Any) -> None:
    if isinstance(item, Section):
        index = next((child for child in item.children if isinstance(child, Page) and child.is_index), None)
        title = _front_matter_title(index.file.abs_src_path) if index and index.file.abs_src_path else None
        if title:
            item.title = title
        for child in item.children:
            _title_sections(child)


def _front_matter_title(path: str) -> str | None:
    """The ``title:`` of a generated page (pages are read after ``on_nav``, so read it here)."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle):
            if line.startswith("title: "):
                value = json.loads(line[len("title: ") :])
                return value if isinstance(value, str) else None
            if number and line.strip() == "---":
                break
    return None


# Other documents shown in a page's navigation; beyond this the language's home lists them.
# The real corpus has at most four per language, so this only bounds synthetic growth.
MAX_OTHER_SECTIONS = 12


def page_navigation(page: Page, nav: Navigation) -> Navigation:
    """The navigation one page shows: its own top-level section in full, the others as links.

    With ``navigation.sections`` Material renders every top-level section with all of its
    pages on every page (``navigation.prune`` leaves sections alone), so each law page carried
    every document's list of laws: 42 KB of a 60 KB page, and page size and build time grew
    with the square of the corpus (make bench, "build time at scale").  Here every other
    section keeps only its index page, which Material draws as a link to the document.
    """
    items: list[Any] = []
    others = 0
    for item in nav.items:
        if not isinstance(item, Section) or item.active:
            items.append(item)
            continue
        others += 1
        if others <= MAX_OTHER_SECTIONS:
            items.append(_as_link(item))
    view = copy(nav)  # shallow: the pages and the homepage stay shared
    view.items = items
    return view


def _as_link(section: Section) -> Section:
    index = next((child for child in section.children if isinstance(child, Page) and child.is_index), None)
    if index is None:
        return section
    link = Section(section.title, [index])  # does not re-parent the page
    link.parent = section.parent
    return link


def on_config(config: Any) -> Any:
    """Refuse, naming mkdocs.yml's line, a configuration value a template would print into a script
    or an attribute as it is (``extra.scope``, ``extra.theme_color``: :func:`facts.read_site`).

    MkDocs dates every page with the day it is built and writes the latest as the time in
    ``sitemap.xml.gz``'s header, unless ``SOURCE_DATE_EPOCH`` says otherwise; no page shows the
    date, so it is the epoch unless the caller gives one: the same sources, the same bytes."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    try:
        facts.read_site(Path(config.config_file_path))
    except ValueError as error:
        raise PluginError(str(error)) from error
    return config


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    """Mark the generated titles as the HTML they are.

    ``bridgelaws generate`` writes titles and descriptions HTML-escaped, because Material
    prints them unescaped (as it does a title taken from the first heading).  Its footer alone
    escapes them again (``| e``); as :class:`~markupsafe.Markup` they are escaped once
    everywhere, so ``<script>`` in a source title shows as text and ``&`` shows as ``&``.
    """
    for key in ("title", "description"):
        if isinstance(page.meta.get(key), str):
            page.meta[key] = Markup(page.meta[key])
    return markdown


def on_page_content(html: str, page: Page, config: Any, files: Files) -> str:
    configured = config.mdx_configs.get("toc", {}).get("permalink_title", "")
    return wrap_tables(localise_permalinks(html, config.theme["language"], configured))


def on_env(env: Environment, config: Any, files: Files) -> Environment:
    """The policy function partials/csp.html calls with the inline snippets it renders, and the
    files each search page's script imports later, which main.html preloads beside it."""
    env.globals["content_security_policy"] = lambda inline: Markup(csp.policy(str(inline)))
    custom_dir = config.theme.custom_dir  # overrides/, where the scripts' sources are
    env.globals["later_scripts"] = bundle.later_files(Path(custom_dir)) if custom_dir else {}
    return env


NOT_FOUND = "404.html"  # the theme's static template for a missing address


def _site_root(config: Any) -> str:
    """The path the site is served under (``/`` or ``site_url``'s), as MkDocs gives the 404 page."""
    path = urlsplit(config.site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def on_template_context(context: dict[str, Any], template_name: str, config: Any) -> dict[str, Any]:
    """The 404 page's body and title in the language being built; its language menu to the homes
    (the menu a page set last would lead to that page's law in each language)."""
    if template_name != NOT_FOUND:
        return context
    lang = config.theme["language"]
    root = _site_root(config)
    context["not_found"] = Markup(notfound.body(lang, root))
    context["not_found_title"] = t(lang, "not_found_title")
    config.copyright = Markup.escape(t(lang, "footer_copyright"))  # the footer, as every page sets it
    palette.name_toggles(config.theme.get("palette"), lang)
    switcher = deepcopy(getattr(config.extra, "alternate", None) or config.extra.get("alternate") or [])
    for entry in switcher:
        if entry.get("lang") in facts.INTERFACE_LANGUAGES:
            entry["link"] = root + urls.home(entry["lang"])
    if switcher:
        config.extra.alternate = switcher
    return context


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Each language's 404 page to ``/<lang>/404.html``; the root's stays the default language's
    (written first: the default language is built first, the others from its post-build)."""
    if template_name != NOT_FOUND or config.theme["language"] == facts.DEFAULT_LANGUAGE:
        return output
    site = Path(config.site_dir)
    target = site / urls.not_found(config.theme["language"])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    default = site / urls.not_found(facts.DEFAULT_LANGUAGE)
    return default.read_text(encoding="utf-8") if default.exists() else output


def on_page_context(context: dict[str, Any], page: Page, config: Any, nav: Navigation) -> dict[str, Any]:
    context["nav"] = page_navigation(page, nav)
    lang = config.theme["language"]
    context["web_manifest"] = urls.web_manifest(lang)
    context["offline_ready"] = t(lang, "offline_ready")  # main.html: data for laws.js
    context["offline_unavailable"] = t(lang, "offline_unavailable")
    context["offline_update"] = t(lang, "offline_update")  # a newer version is ready: a reload
    context["offline_reload"] = t(lang, "offline_reload")
    # Material's footer prints config.copyright as it is: escaped here, it is text
    config.copyright = Markup.escape(t(lang, "footer_copyright"))
    palette.name_toggles(config.theme.get("palette"), lang)  # the light/dark toggle's names
    alternates = page.meta.get("alternates")
    # mkdocs-static-i18n keeps the switcher as an attribute of `extra` (not an item), and
    # Material's templates read the attribute: read and write it the same way.
    current = getattr(config.extra, "alternate", None) or config.extra.get("alternate")
    if isinstance(alternates, dict) and current:
        switcher = deepcopy(current)
        for entry in switcher:
            target = alternates.get(entry.get("lang"))
            if isinstance(target, str):
                entry["link"] = target
        config.extra.alternate = switcher
    return context


@event_priority(-300)  # after mkdocs-static-i18n (-100) has built the other languages
def on_post_build(config: Any) -> None:
    """Index the whole site with Pagefind, once, after the last language is built.

    mkdocs-static-i18n builds the other languages from inside the first build's post-build
    event and calls this hook for each of them; only the outermost call (``building`` is
    False again by then) sees every language on disk.
    """
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return
    site = Path(config.site_dir)
    problems = csp.check_site(site)
    if problems:
        shown = "\n".join(str(problem) for problem in problems[:20])
        more = f"\n… and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise PluginError(f"Content-Security-Policy: {len(problems)} problem(s) in the built pages:\n{shown}{more}")
    log.info("bundled: %s", bundle.bundle(site))  # before minifying it
    log.info("minified: %s", minify.minify_assets(site))  # before offline, which fingerprints them
    log.info("stylesheets cut: %s", cut_css.write(site))  # from the minified scripts and laws.css
    search.after_build(site, log.info)  # before offline, which lists and hashes what it writes
    log.info("pages without indentation: %s", page_space.collapse_pages(site))  # every page written by now
    description = config.site_description or config.site_name
    facts_of_site = facts.read_site(Path(config.config_file_path))  # the mkdocs.yml being built
    summary = offline.write(site, facts_of_site.names, description, facts_of_site.theme_color)
    log.info("offline: %s", " · ".join(summary.splitlines()))
