"""Drift between the Material templates the site copies or overrides and the installed Material.

The theme is Material for MkDocs (``mkdocs-material``, pinned in pyproject.toml) extended from
``overrides/`` (``theme.custom_dir``).  Two kinds of dependency on Material's templates break
silently when the pin moves; this module guards both, without building the site.

Copies.  ``overrides/partials/header.html`` is Material's ``partials/header.html`` with its lunr
search swapped for ``partials/site-search.html``; the ``site_meta`` and ``scripts`` blocks of
``overrides/main.html`` are Material's blocks from ``base.html`` with a few tags changed (a block
is compared as its body, dedented, since main.html indents it less).  ``COPIES``
(tests/material_copies.py) records each: the upstream template, the Material version and sha256
of the upstream text at copy time, and the intended edits as (upstream snippet -> our snippet)
pairs; the checks are tests/material_checks.py's.

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
mkdocs-static-i18n's sitemap, not a Material template.  The records live in tests/, not next to the
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

import re
from collections.abc import Callable

import pytest

from material_checks import (
    OVERRIDES,
    THEME_DIRS,
    apply_edits,
    copy_drift,
    installed_upstream,
    material_block_names,
    missing_names,
    our_copy,
    read_template,
    sha256,
    translation_keys,
    unknown_blocks,
    upstream_drift,
)
from material_copies import COPIES, OUR_TEMPLATES, Copy

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
