"""Our scripts and stylesheets are minified in the built site, and minifying changes no code:
strings, template literals and regular expressions that look like comments survive."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from bridgelaws.stage5_site import bundle, minify
from conftest import ROOT

TRAPS_JS = r"""/* a comment that goes */
const url = `http://${host}/a//b`; // a comment that goes too
const re = /\/\*not a comment\*\//g;
const s = "/* kept */ // kept";
"""


def test_minifying_keeps_strings_templates_and_regular_expressions(tmp_path: Path) -> None:
    scripts = tmp_path / "assets" / "javascripts"
    styles = tmp_path / "assets" / "stylesheets"
    scripts.mkdir(parents=True)
    styles.mkdir(parents=True)
    (scripts / "ours.js").write_text(TRAPS_JS, encoding="utf-8")
    (scripts / "bundle.abc.min.js").write_text("/* theirs */ x", encoding="utf-8")
    (styles / "ours.css").write_text('/* why */\n.a::before { content: "/* kept */"; }\n', encoding="utf-8")
    minify.minify_assets(tmp_path)
    js = (scripts / "ours.js").read_text(encoding="utf-8")
    assert "a comment that goes" not in js
    assert "`http://${host}/a//b`" in js and r"/\/\*not a comment\*\//g" in js and '"/* kept */ // kept"' in js
    assert (scripts / "bundle.abc.min.js").read_text(encoding="utf-8") == "/* theirs */ x"  # not ours: untouched
    css = (styles / "ours.css").read_text(encoding="utf-8")
    assert "why" not in css and '"/* kept */"' in css


@pytest.mark.site
def test_the_built_site_serves_our_files_minified(site: Path) -> None:
    sources = [
        *(ROOT / "overrides" / "assets").glob("javascripts/*.js"),
        *(ROOT / "overrides" / "assets").glob("stylesheets/*.css"),
    ]
    assert sources
    for source in sources:
        built = site / source.relative_to(ROOT / "overrides")
        assert built.is_file(), built
        entry = PurePosixPath(source.relative_to(ROOT / "overrides").as_posix())
        # a search page's script carries the modules it imports (stage5_site/bundle.py)
        modules = bundle.imported(ROOT / "overrides", entry) if entry in bundle.ENTRIES else [entry]
        size = sum((ROOT / "overrides" / module).stat().st_size for module in modules)
        assert built.stat().st_size < size * 0.9, built
