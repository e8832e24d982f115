"""Configuration and interface strings never reach a script or an attribute as markup.

``mkdocs.yml`` values that a template prints into a script or an attribute as they are
(Material's ``__md_scope=new URL("{{ config.extra.scope }}")``, the theme colour in a ``<style>``
and a ``<meta>``) are refused at their line; the interface strings printed by templates
(``footer_copyright`` in Material's footer, ``not_found_title`` in the 404 page's title) are
escaped, so markup in ``ui.toml`` shows as text and the build's CSP check (which also refuses
inline event handlers) passes: the hostile site of tests/test_hostile.py is built with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.core import facts
from conftest import ROOT
from projects import make_project

# (key, its value as YAML): each would put markup or script into every page
CONFIG_CASES = [
    ("theme_color", """'"><script>alert(1)</script>'"""),
    ("theme_color", "'red; } body { display: none'"),
    ("theme_color", """'#00695c" onload="alert(1)'"""),
    ("theme_color", "[1, 2]"),
    ("scope", r'"/\",alert(\"scope\"),\""'),
    ("scope", "'javascript:alert(1)'"),
    ("scope", "'/a b/'"),
    ("scope", "{ a: 1 }"),
]


def _planted_config(folder: Path, key: str, value: str) -> tuple[Path, int]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("extra:"))
    lines.insert(at + 1, f"  {key}: {value}")
    if key == "theme_color":
        lines = [line for line in lines if not line.startswith('  theme_color: "#')]
    path = folder / "mkdocs.yml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, path.read_text(encoding="utf-8").split("\n").index(f"  {key}: {value}") + 1


@pytest.mark.parametrize(("key", "value"), CONFIG_CASES, ids=[f"{key}={value}" for key, value in CONFIG_CASES])
def test_a_config_value_that_would_reach_a_script_is_refused_at_its_line(key: str, value: str, tmp_path: Path) -> None:
    path, line = _planted_config(tmp_path, key, value)
    with pytest.raises(ValueError, match=rf"^{path}:{line}: extra\.{key} "):
        facts.read_site(path)


def test_the_real_config_is_accepted() -> None:
    assert facts.read_site().theme_color.startswith("#")


def _run(command: list[str], project: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        timeout=900,
    )


@pytest.mark.site
def test_mkdocs_refuses_a_hostile_scope_before_building(scratch: Path) -> None:
    project = make_project(scratch / "project")
    (project / "content" / "docs" / "en").mkdir(parents=True)
    _, line = _planted_config(project, "scope", r'"/\",alert(\"scope\"),\""')
    run = _run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(project / "out")], project)
    assert run.returncode != 0
    assert f"mkdocs.yml:{line}: extra.scope" in run.stderr, run.stderr[-2000:]
    assert not (project / "out").exists() or not list((project / "out").rglob("*.html"))
