"""Drift between the Material templates the site copies or overrides and the installed Material.

The theme is Material for MkDocs (``mkdocs-material``, pinned in pyproject.toml) extended from
``overrides/`` (``theme.custom_dir``).  Two kinds of dependency on Material's templates break
silently when the pin moves; this module guards both, without building the site.

Copies.  ``overrides/partials/header.html`` is Material's ``partials/header.html`` with its lunr
search swapped for ``partials/site-search.html``; the ``site_meta`` and ``scripts`` blocks of
``overrides/main.html`` are Material's blocks from ``base.html`` with a few tags changed (a block
is compared as its body, dedented, since main.html indents it less).  ``COPIES`` records each: the
upstream template, the Material version and sha256 of the upstream text at copy time, and the
intended edits as (upstream snippet -> our snippet) pairs.

* test_upstream_is_as_copied: the installed upstream text still has the recorded hash; if not,
  the failure shows a diff from what we copied (our copy with the recorded edits undone) to the
  installed text.
* test_copy_is_upstream_with_recorded_edits: the installed upstream with the recorded edits
  applied is our copy, byte for byte, so an unrecorded hand edit fails too.

Names.  test_overridden_blocks_exist: every block main.html overrides is one of Material's.
test_named_material_files_and_keys_exist: the files our templates name (Material's JavaScript
bundle, partials, icons; our own assets) are in overrides/ or Material, and their ``lang.t`` keys
are in Material's English texts.

The test_*_report_drift tests run the same checks on altered texts, to show that they can fail.
``overrides/sitemap.xml`` has no record: it is written from scratch and replaces
mkdocs-static-i18n's sitemap, not a Material template.  The records live here, not next to the
overrides, because MkDocs publishes every non-template file under ``custom_dir``.

When the pin moves and a test here fails:

1. Copy the installed upstream text over ours: the whole file, or the block's body, re-indented.
2. Re-apply the recorded edits the failure lists.  Where Material changed the text an edit
   replaces (the generator tag names the Material version), adapt the snippet in ``COPIES`` too,
   and keep the version named in header.html's comment and in its snippet the same.
3. Set ``copied_from`` and ``upstream_sha256`` in ``COPIES`` to the installed version and the hash
   the failure prints.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import jinja2
import material
import pytest
from jinja2 import nodes

ROOT = Path(__file__).resolve().parent.parent
OVERRIDES = ROOT / "overrides"
MATERIAL_TEMPLATES = Path(material.__file__).parent / "templates"
MATERIAL_VERSION = version("mkdocs-material")
THEME_DIRS = (OVERRIDES, MATERIAL_TEMPLATES)  # where MkDocs looks for a theme file, in this order
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()
OUR_TEMPLATES = (
    "main.html",
    "partials/header.html",
    "partials/site-search.html",
    "partials/csp.html",
    "partials/theme-colour.html",
    "partials/toc.html",
)


@dataclass(frozen=True)
class Edit:
    """An intended change: ``upstream`` (found exactly once in Material's text) becomes ``ours``."""

    why: str
    upstream: str
    ours: str


@dataclass(frozen=True)
class Copy:
    """A Material template, or one block of it, copied into overrides/ and edited."""

    ours: str  # path under overrides/
    upstream: str  # path under Material's templates/
    copied_from: str  # the Material version it was copied from
    upstream_sha256: str  # of the upstream text at copy time (the block's dedented body for a block)
    edits: tuple[Edit, ...]
    block: str | None = None  # None: the whole file

    @property
    def name(self) -> str:
        return f"{self.ours} {{% block {self.block} %}}" if self.block else self.ours

    @property
    def upstream_name(self) -> str:
        return f"{self.upstream} {{% block {self.block} %}}" if self.block else self.upstream


def lines(*text: str) -> str:
    """Template lines, each ending in a newline."""
    return "".join(f"{line}\n" for line in text)


COPIES = (
    Copy(
        ours="partials/header.html",
        upstream="partials/header.html",
        copied_from="9.8.1",
        upstream_sha256="8cf3fb15bcf969ff596649616fd99366b3c31c08d57a86d05308efc16d8fa75f",
        edits=(
            Edit(
                why="the opening comment says what was changed and why",
                upstream=lines("  This file was automatically generated - do not edit"),
                ours=lines(
                    "  Material 9.8.1's partials/header.html with one change: the search button and dialog",
                    "  (Material's own lunr search, which this site does not use) are replaced by",
                    "  partials/site-search.html, a form that opens this language's Pagefind search page.",
                    "  Keep in step with Material when its pin moves (tests/test_site.py checks the form is there).",
                ),
            ),
            Edit(
                why="Material's lunr search button and dialog become the form to the Pagefind search page",
                upstream=lines(
                    '    {% if "material/search" in config.plugins %}',
                    '      {% set search = config.plugins["material/search"] | attr("config") %}',
                    "      {% if search.enabled %}",
                    '        <label class="md-header__button md-icon" for="__search">',
                    '          {% set icon = config.theme.icon.search or "material/magnify" %}',
                    '          {% include ".icons/" ~ icon ~ ".svg" %}',
                    "        </label>",
                    '        {% include "partials/search.html" %}',
                    "      {% endif %}",
                    "    {% endif %}",
                ),
                ours=lines('    {% include "partials/site-search.html" %}'),
            ),
        ),
    ),
    Copy(
        ours="partials/toc.html",
        upstream="partials/toc.html",
        copied_from="9.8.1",
        upstream_sha256="fde48f583563364b0e0e6865a5ab1e7060ec1826161f69f5cbee653e621b0f84",
        edits=(
            Edit(
                why="the opening comment says what was changed and why",
                upstream=lines("  This file was automatically generated - do not edit"),
                ours=lines(
                    "  Material 9.8.1's partials/toc.html with one change: the title's label names the __toc",
                    "  toggle only where Material renders one.  A section's index page (navigation.indexes: each",
                    "  document's start page) is drawn in the navigation without it, so the label pointed at no",
                    "  control (an error of the Nu HTML checker, tests/test_html_conformance.py).",
                ),
            ),
            Edit(
                why="no `for` to a control that is not there (partials/nav-item.html renders __toc only "
                "for a page drawn as a page, not as its section's index)",
                upstream=lines('    <label class="md-nav__title" for="__toc">'),
                ours=lines(
                    '    {% set toggle = not ("navigation.indexes" in config.theme.features'
                    " and page.is_index and page.parent) %}",
                    '    <label class="md-nav__title"{% if toggle %} for="__toc"{% endif %}>',
                ),
            ),
        ),
    ),
    Copy(
        ours="main.html",
        upstream="base.html",
        block="site_meta",
        copied_from="9.8.1",
        upstream_sha256="61dca052355f343ef9cfcff60478d0e79aee0cec416c21a4ed4f8a4413818ab8",
        edits=(
            Edit(
                why="the Content-Security-Policy first after the charset (partials/csp.html hashes the inline code)",
                upstream=lines('<meta charset="utf-8">'),
                ours=lines('<meta charset="utf-8">', '{% include "partials/csp.html" %}'),
            ),
            Edit(
                why="no author tag",
                upstream=lines(
                    "{% if page.meta and page.meta.author %}",
                    '  <meta name="author" content="{{ page.meta.author }}">',
                    "{% elif config.site_author %}",
                    '  <meta name="author" content="{{ config.site_author }}">',
                    "{% endif %}",
                    "{% if page.canonical_url %}",
                ),
                ours=lines("{% if page.canonical_url %}"),
            ),
            Edit(
                why="no hreflang links (Material's bundle fetches sitemap.xml relative to each) and no RSS links",
                upstream=lines(
                    "{% if config.extra.alternate is iterable %}",
                    "  {% for alt in config.extra.alternate %}",
                    '    <link rel="alternate" href="{{ alt.link | url }}"'
                    " hreflang=\"{{ alt.lang | d(lang.t('language')) }}\">",
                    "  {% endfor %}",
                    "{% endif %}",
                    '{% if "rss" in config.plugins %}',
                    '  <link rel="alternate" type="application/rss+xml"'
                    " title=\"{{ lang.t('rss.created') }}\" href=\"{{ 'feed_rss_created.xml' | url }}\">",
                    '  <link rel="alternate" type="application/rss+xml"'
                    " title=\"{{ lang.t('rss.updated') }}\" href=\"{{ 'feed_rss_updated.xml' | url }}\">",
                    "{% endif %}",
                    '<link rel="icon" href="{{ config.theme.favicon | url }}">',
                ),
                ours=lines('<link rel="icon" href="{{ config.theme.favicon | url }}">'),
            ),
            Edit(
                why="no generator tag; the web app manifest, home-screen icon and theme colour instead",
                upstream=lines('<meta name="generator" content="mkdocs-{{ mkdocs_version }}, mkdocs-material-9.8.1">'),
                ours=lines(
                    '<link rel="manifest" href="{{ web_manifest | d(\'manifest.webmanifest\') | url }}">'
                    "{#- 404.html has no page context: English -#}",
                    '<link rel="apple-touch-icon" href="{{ \'assets/images/icon-192.png\' | url }}">',
                    '<meta name="theme-color" content="{{ config.extra.theme_color }}">',
                    '{% include "partials/theme-colour.html" %}',  # the one theme colour, an inline style
                ),
            ),
        ),
    ),
    Copy(
        ours="main.html",
        upstream="base.html",
        block="scripts",
        copied_from="9.8.1",
        upstream_sha256="7dedb1f1781beaf382a96f85a90d1e711f5a5f2fb2e1ea0c95d395a2806e354e",
        edits=(
            Edit(
                why="theme.js (deferred) for what the pages used of Material's bundle, not on the search pages",
                upstream="<script src=\"{{ 'assets/javascripts/bundle.a5f9d56c.min.js' | url }}\"></script>\n",
                ours=lines(
                    "{#- Material's block, without Material's bundle: the pages use a few of its components, which",
                    "    theme.js does on Material's markup (palette toggle, pop-ups, back-to-top, header, table of",
                    "    contents); the bundle was 34 KB gzip of every page's first visit.  Deferred: the same",
                    "    order and moment (after parsing) without blocking the first paint.  Not on the search",
                    "    pages, which use none of it (the drawer and the language menu work without script). -#}",
                    "{% if not (page and page.meta and (page.meta.search_page or page.meta.search_root)) %}",
                    "<script defer src=\"{{ 'assets/javascripts/theme.js' | url }}\"></script>",
                    "{% endif %}",
                ),
            ),
            Edit(
                why=(
                    "the light/dark toggle on the search pages (palette.js: no bundle there), the reader's place"
                    " and the compare view's texts on the others (keep-place.js, compare.js), an interface page's"
                    " place in the language menu (same-place.js), the definitions pages' note (definitions-note.js); "
                    "the search pages' search-start.js, which loads their engine; "
                    "the provisions' tools and the reader's notes on law and point pages; My notes on its page;"
                    " the term index's filter on the term index"
                ),
                upstream=lines("{% endfor %}"),
                ours=lines(
                    "{% endfor %}",
                    "{% if page and page.meta and (page.meta.search_page or page.meta.search_root) %}",
                    "  {#- the light/dark toggle, which Material's bundle drives on the other pages -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/palette.js' | url }}\"></script>",
                    "{% else %}",
                    "  {#- the reader's place kept across editions and languages, and the compare view's texts: not",
                    "      on the search pages, which have neither (their first search counts every byte) -#}",
                    "  {% if page and page.meta and page.meta.doc and not (page.meta.law or page.meta.point) %}",
                    "  {#- a definitions page names the term the reader came from, where its text lacks it -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/definitions-note.js' | url }}\"></script>",
                    "  {% endif %}",
                    "  <script defer src=\"{{ 'assets/javascripts/keep-place.js' | url }}\"></script>",
                    "  {% if not (page and page.meta and page.meta.doc) %}",
                    "  {#- an interface page's menu at the same place; not on a text's pages -#}",
                    "  <script defer src=\"{{ 'assets/javascripts/same-place.js' | url }}\"></script>",
                    "  {% endif %}",
                    "  {% if page and page.meta and page.meta.compare %}",
                    "  <script defer src=\"{{ 'assets/javascripts/compare.js' | url }}\"></script>",
                    "  {% endif %}",
                    "{% endif %}",
                    "{% if page and page.meta and (page.meta.search_page or page.meta.search_root) %}",
                    "  {#- async: run as soon as it is here, not after the deferred scripts (which wait",
                    "      for each other); everything it needs is above it in the page.  It loads the engine",
                    "      (search.js; on /search/, search-anywhere.js) when the page needs it -#}",
                    '  <script type="module" async src="{{ \'assets/javascripts/search-start.js\' | url }}"></script>',
                    "{% endif %}",
                    "{% if page and page.meta and (page.meta.law or page.meta.point) %}",
                    "  {#- before provisions.js: it hears the first toolbar provisions.js opens -#}",
                    '  <script type="module" src="{{ \'assets/javascripts/notes.js\' | url }}"></script>',
                    '  <script type="module" src="{{ \'assets/javascripts/provisions.js\' | url }}"></script>',
                    "{% elif page and page.meta and page.meta.notes %}",
                    '  <script type="module" src="{{ \'assets/javascripts/my-notes.js\' | url }}"></script>',
                    "{% endif %}",
                    "{% if page and page.meta and page.meta.terms_index %}",
                    '  <script type="module" src="{{ \'assets/javascripts/terms.js\' | url }}"></script>',
                    "{% endif %}",
                ),
            ),
        ),
    ),
)


# --- reading templates --------------------------------------------------------------------------

BLOCK_TAG = re.compile(r"\{%-?\s*(?:block\s+(?P<name>\w+)|endblock)\b[^%]*%\}")


def read_template(path: Path) -> str:
    """The file's text exactly as stored (no newline translation)."""
    return path.read_bytes().decode("utf-8")


def block_body(source: str, name: str) -> str:
    """The lines between ``{% block name %}`` and its ``{% endblock %}``, dedented."""
    depth, start = 0, None
    for tag in BLOCK_TAG.finditer(source):
        if start is None:
            if tag["name"] == name:
                start = tag.end()
        elif tag["name"]:
            depth += 1
        elif depth:
            depth -= 1
        else:
            first, *body, last = source[start : tag.start()].split("\n")
            if first.strip() or last.strip():
                raise ValueError(f"{{% block {name} %}} and its endblock must stand on their own lines")
            return textwrap.dedent(lines(*body))
    raise ValueError(f"no {{% block {name} %}} with an endblock")


def template_text(path: Path, block: str | None) -> str:
    source = read_template(path)
    return source if block is None else block_body(source, block)


def installed_upstream(copy: Copy) -> str:
    return template_text(MATERIAL_TEMPLATES / copy.upstream, copy.block)


def our_copy(copy: Copy) -> str:
    return template_text(OVERRIDES / copy.ours, copy.block)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- copies: the checks -------------------------------------------------------------------------


def apply_edits(text: str, edits: Iterable[Edit], undo: bool = False) -> tuple[str, list[str]]:
    """``text`` with each edit applied (or undone, last first), and the edits that did not apply.

    An edit applies when its snippet occurs exactly once: anything else is drift, not a choice.
    """
    not_applied = []
    for edit in reversed(tuple(edits)) if undo else edits:
        old, new = (edit.ours, edit.upstream) if undo else (edit.upstream, edit.ours)
        found = text.count(old)
        if found == 1:
            text = text.replace(old, new)
        else:
            snippet = textwrap.indent(old, "    | ", lambda _: True)
            not_applied.append(f"edit {edit.why!r}: its snippet is found {found} times, not once:\n{snippet}")
    return text, not_applied


def unified_diff(old: str, new: str, old_name: str, new_name: str) -> str:
    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), old_name, new_name)).rstrip("\n")


def how_to_update(copy: Copy, installed_sha256: str) -> str:
    edits = "".join(f"\n  - {edit.why}" for edit in copy.edits)
    return (
        f"To update: copy Material {MATERIAL_VERSION}'s {copy.upstream_name} over overrides/{copy.name}, re-apply "
        f"the recorded edits below, then in COPIES ({THIS_FILE}) set copied_from={MATERIAL_VERSION!r}, "
        f"upstream_sha256={installed_sha256!r} and adapt any snippet Material changed.\nRecorded edits:{edits}"
    )


def upstream_drift(copy: Copy, installed: str, ours: str) -> list[str]:
    """Whether the installed upstream text is still the one we copied; if not, what changed in it."""
    installed_sha256 = sha256(installed)
    if installed_sha256 == copy.upstream_sha256:
        return []
    copied, not_undone = apply_edits(ours, copy.edits, undo=True)
    copied_name = f"{copy.upstream_name} as copied (overrides/{copy.name} without the recorded edits)"
    if not_undone:
        copied_name = f"overrides/{copy.name} (the recorded edits could not be undone)"
    diff = unified_diff(copied, installed, copied_name, f"{copy.upstream_name} in Material {MATERIAL_VERSION}")
    return [
        f"Material's {copy.upstream_name} has changed since overrides/{copy.name} was copied from Material "
        f"{copy.copied_from} (sha256 {copy.upstream_sha256[:12]}..., installed {installed_sha256[:12]}...):\n"
        f"{diff}\n{how_to_update(copy, installed_sha256)}",
        *not_undone,
    ]


def copy_drift(copy: Copy, installed: str, ours: str) -> list[str]:
    """Whether our copy is exactly the installed upstream with the recorded edits applied."""
    expected, not_applied = apply_edits(installed, copy.edits)
    if expected == ours and not not_applied:
        return []
    diff = unified_diff(expected, ours, f"{copy.upstream_name} with the recorded edits", f"overrides/{copy.name}")
    installed_sha256 = sha256(installed)
    if installed_sha256 == copy.upstream_sha256:
        advice = f"If the change in overrides/{copy.name} is intended, record it in COPIES ({THIS_FILE}); else undo it."
    else:
        advice = how_to_update(copy, installed_sha256)
    return [
        f"overrides/{copy.name} is not Material {MATERIAL_VERSION}'s {copy.upstream_name} with the recorded edits "
        f"applied:\n{diff}",
        *not_applied,
        advice,
    ]


# --- names: the checks --------------------------------------------------------------------------

THEME_FILE_NAME = re.compile(r"""['"]((?:assets|partials)/[^'"]+\.\w+)['"]""")  # 'assets/…', "partials/….html"
DEFAULT_ICON = re.compile(r"""\bor\s+["']((?:material|fontawesome|octicons|simple)/[\w/-]+)["']""")
TRANSLATION_KEY = re.compile(r"""\blang\.t\(\s*['"]([\w.-]+)['"]\s*\)""")
LANGUAGE_ENTRY = re.compile(r"""^\s*"([\w.-]+)":""", re.MULTILINE)


def block_names(source: str) -> set[str]:
    return {block.name for block in jinja2.Environment().parse(source).find_all(nodes.Block)}


def material_block_names() -> set[str]:
    return block_names(read_template(MATERIAL_TEMPLATES / "base.html")) | block_names(
        read_template(MATERIAL_TEMPLATES / "main.html")
    )


def translation_keys() -> set[str]:
    """Keys of Material's English texts, which every language falls back to (partials/language.html)."""
    return set(LANGUAGE_ENTRY.findall(read_template(MATERIAL_TEMPLATES / "partials/languages/en.html")))


def unknown_blocks(template: str, source: str, known: set[str]) -> list[str]:
    return [
        f"{template} overrides {{% block {name} %}}, which Material {MATERIAL_VERSION}'s base.html and main.html "
        f"do not have (renamed or removed: see its changelog and move the override)"
        for name in sorted(block_names(source) - known)
    ]


def nearest_files(name: str) -> list[str]:
    """Installed files named like ``name`` up to its first dot (``bundle.a5f9d56c.min.js`` -> ``bundle.*``)."""
    path = MATERIAL_TEMPLATES / name
    stem = path.name.split(".")[0]
    return sorted(str(found.relative_to(MATERIAL_TEMPLATES)) for found in path.parent.glob(f"{stem}.*"))


def missing_names(template: str, source: str, theme_dirs: Iterable[Path], keys: set[str]) -> list[str]:
    """Files and translation keys ``source`` names that neither overrides/ nor Material provides."""
    dirs = tuple(theme_dirs)
    files = set(THEME_FILE_NAME.findall(source)) | {f".icons/{icon}.svg" for icon in DEFAULT_ICON.findall(source)}
    problems = [
        f"{template} names {name!r}, which is in neither overrides/ nor Material {MATERIAL_VERSION}'s templates/ "
        f"(Material has: {', '.join(nearest_files(name)) or 'nothing like it'})"
        for name in sorted(files)
        if not any((directory / name).is_file() for directory in dirs)
    ]
    problems += [
        f"{template} uses lang.t({key!r}), which Material {MATERIAL_VERSION}'s partials/languages/en.html lacks"
        for key in sorted(set(TRANSLATION_KEY.findall(source)) - keys)
    ]
    return problems


# --- the tests on the installed Material ---------------------------------------------------------


def by_name(copy: Copy) -> str:
    return f"{copy.ours}:{copy.block}" if copy.block else copy.ours


@pytest.mark.parametrize("copy", COPIES, ids=by_name)
def test_upstream_is_as_copied(copy: Copy) -> None:
    problems = upstream_drift(copy, installed_upstream(copy), our_copy(copy))
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("copy", COPIES, ids=by_name)
def test_copy_is_upstream_with_recorded_edits(copy: Copy) -> None:
    problems = copy_drift(copy, installed_upstream(copy), our_copy(copy))
    assert not problems, "\n\n".join(problems)


def test_overridden_blocks_exist() -> None:
    problems = unknown_blocks("main.html", read_template(OVERRIDES / "main.html"), material_block_names())
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("template", OUR_TEMPLATES)
def test_named_material_files_and_keys_exist(template: str) -> None:
    problems = missing_names(template, read_template(OVERRIDES / template), THEME_DIRS, translation_keys())
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("copy", COPIES, ids=by_name)
def test_recorded_edits_undo_to_the_copied_upstream(copy: Copy) -> None:
    """Our copy minus the recorded edits is the upstream text we copied: the old side of the drift diff is exact."""
    copied, not_undone = apply_edits(our_copy(copy), copy.edits, undo=True)
    assert not not_undone, "\n".join(not_undone)
    assert sha256(copied) == copy.upstream_sha256


# --- the checks can fail -------------------------------------------------------------------------

HEADER, TOC, SITE_META, SCRIPTS = COPIES
NEW_LINE = '<div class="md-header__new"></div>'
Check = Callable[[Copy, str, str], list[str]]
Alter = Callable[[str], str]


def unchanged(text: str) -> str:
    return text


def extra_line(text: str) -> str:
    return text.replace("{% endif %}\n", "{% endif %}\n" + NEW_LINE + "\n", 1)


def search_condition_changed(text: str) -> str:
    return text.replace('"material/search" in config.plugins', '"search" in config.plugins')


def new_bundle_name(text: str) -> str:
    return re.sub(r"bundle\.\w+\.min\.js", "bundle.0123abcd.min.js", text)


def title_class_added(text: str) -> str:
    return text.replace('class="md-header__title"', 'class="md-header__title site-title"', 1)


def lunr_search_back(text: str) -> str:
    return text.replace('{% include "partials/site-search.html" %}', '{% include "partials/search.html" %}')


def author_tag_back(text: str) -> str:
    return text.replace("{% if page.canonical_url %}", '<meta name="author" content="{{ config.site_author }}">\n{%', 1)


ALTERED_COPIES = [
    # copy, check, alteration of the installed upstream, alteration of our copy, a piece of the report
    pytest.param(HEADER, upstream_drift, extra_line, unchanged, f"+{NEW_LINE}", id="upstream-new-line"),
    pytest.param(HEADER, copy_drift, extra_line, unchanged, f"-{NEW_LINE}", id="copy-lacks-new-line"),
    pytest.param(
        HEADER, upstream_drift, search_condition_changed, unchanged, '+    {% if "search"', id="upstream-edited"
    ),
    pytest.param(HEADER, copy_drift, search_condition_changed, unchanged, "found 0 times", id="edit-does-not-apply"),
    pytest.param(SCRIPTS, upstream_drift, new_bundle_name, unchanged, '+<script src="', id="upstream-new-bundle"),
    pytest.param(SCRIPTS, copy_drift, new_bundle_name, unchanged, '+<script defer src="', id="copy-old-bundle"),
    pytest.param(HEADER, copy_drift, unchanged, title_class_added, "site-title", id="unrecorded-edit"),
    pytest.param(HEADER, copy_drift, unchanged, lunr_search_back, '+    {% include "partials/search', id="edit-undone"),
    pytest.param(SITE_META, copy_drift, unchanged, author_tag_back, '+<meta name="author"', id="block-unrecorded-edit"),
]


@pytest.mark.parametrize(("copy", "check", "alter_upstream", "alter_ours", "expected"), ALTERED_COPIES)
def test_copy_checks_report_drift(
    copy: Copy, check: Check, alter_upstream: Alter, alter_ours: Alter, expected: str
) -> None:
    installed, ours = installed_upstream(copy), our_copy(copy)
    altered_installed, altered_ours = alter_upstream(installed), alter_ours(ours)
    assert (altered_installed, altered_ours) != (installed, ours), "the alteration found nothing to alter"
    problems = check(copy, altered_installed, altered_ours)
    assert expected in "\n".join(problems)


def test_upstream_drift_diff_shows_only_what_material_changed() -> None:
    (problem,) = upstream_drift(HEADER, extra_line(installed_upstream(HEADER)), our_copy(HEADER))
    changed = [line for line in problem.splitlines() if line[:1] in ("+", "-") and line[:3] not in ("+++", "---")]
    assert changed == [f"+{NEW_LINE}"]


ALTERED_NAMES = [
    pytest.param("{% block site_navigation %}{% endblock %}", "block site_navigation", id="unknown-block"),
    pytest.param("{{ 'assets/javascripts/bundle.00000000.min.js' | url }}", "bundle.00000000.min.js", id="old-bundle"),
    pytest.param('{% include "partials/search-form.html" %}', "partials/search-form.html", id="unknown-partial"),
    pytest.param('{% set icon = config.theme.icon.search or "material/magnifier" %}', "magnifier.svg", id="no-icon"),
    pytest.param("{{ lang.t('search.query') }}", "search.query", id="unknown-translation-key"),
]


@pytest.mark.parametrize(("addition", "expected"), ALTERED_NAMES)
def test_name_checks_report_drift(addition: str, expected: str) -> None:
    main_html = read_template(OVERRIDES / "main.html") + addition + "\n"
    problems = unknown_blocks("main.html", main_html, material_block_names())
    problems += missing_names("main.html", main_html, THEME_DIRS, translation_keys())
    assert len(problems) == 1
    assert expected in problems[0]
