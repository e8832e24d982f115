"""The drift checks on Material's templates (tests/test_material_drift.py): a copy against the
installed upstream and its recorded edits (tests/material_copies.py), and the names (blocks,
files, translation keys) our templates use against what Material has."""

from __future__ import annotations

import difflib
import hashlib
import re
import textwrap
from collections.abc import Iterable
from importlib.metadata import version
from pathlib import Path

import jinja2
import material
from jinja2 import nodes

import material_copies
from material_copies import Copy, Edit, lines

ROOT = Path(__file__).resolve().parent.parent
OVERRIDES = ROOT / "overrides"
MATERIAL_TEMPLATES = Path(material.__file__).parent / "templates"
MATERIAL_VERSION = version("mkdocs-material")
THEME_DIRS = (OVERRIDES, MATERIAL_TEMPLATES)  # where MkDocs looks for a theme file, in this order
RECORDS = Path(material_copies.__file__).resolve().relative_to(ROOT).as_posix()  # where COPIES is


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
        f"the recorded edits below, then in COPIES ({RECORDS}) set copied_from={MATERIAL_VERSION!r}, "
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
        advice = f"If the change in overrides/{copy.name} is intended, record it in COPIES ({RECORDS}); else undo it."
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
