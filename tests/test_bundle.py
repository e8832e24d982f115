"""Each search page's built script carries the modules it imports inside it (stage5_site/bundle.py):
the same exports, each module given what it imports, a module from outside the folder put inside
too (and left in the site for the pages that load it), nothing renamed, a module that awaits at its
top level (page-data.js awaits the page's data) finished before its importers run, and no module
the page's script does not import."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path, PurePosixPath

import pytest

from bridgelaws.stage5_site import bundle
from conftest import ROOT
from search_node import NODE

MODULES = {
    "refs.js": "export const outside = 1;\n",
    "search.js": 'import { twice as double } from "./search/a.js";\n'
    'export { base, where } from "./search/b.js";\n'
    "export const four = double(2);\n",
    "search-anywhere.js": 'import { base } from "./search/b.js";\nexport const six = 3 * base;\n',
    "search/a.js": 'import { base } from "./b.js";\nexport function twice(n) {\n  return n * base;\n}\n',
    "search/b.js": 'import { outside } from "../refs.js";\n'
    "export const base = 2 * (await new Promise((resolve) => setTimeout(() => resolve(outside), 10)));\n"
    "export const where = import.meta.url;\n",
}


def test_each_entry_carries_its_modules_and_the_folder_goes(tmp_path: Path) -> None:
    scripts = tmp_path / "assets" / "javascripts"
    for name, text in MODULES.items():
        (scripts / name).parent.mkdir(parents=True, exist_ok=True)
        (scripts / name).write_text(text, encoding="utf-8")
    assert bundle.bundle(tmp_path) == "search.js with 3 modules, search-anywhere.js with 2 modules"
    built = (scripts / "search.js").read_text(encoding="utf-8")
    anywhere = (scripts / "search-anywhere.js").read_text(encoding="utf-8")
    assert not (scripts / "search").exists()
    assert (scripts / "refs.js").read_text(encoding="utf-8") == MODULES["refs.js"]  # the law pages' still
    assert "import " not in built + anywhere  # refs.js inside too: one request
    assert "const { twice: double } = " in built  # the importer's name for it
    assert "twice" not in anywhere  # search/a.js is search.js's alone
    if NODE is None:
        pytest.skip("node is missing")
    exported = {}
    for name, text in (("search", built), ("anywhere", anywhere)):
        (scripts / f"{name}.mjs").write_text(text, encoding="utf-8")
        code = f'import("{(scripts / f"{name}.mjs").as_uri()}").then((m) => console.log(JSON.stringify(m)))'
        run = subprocess.run([NODE, "-e", code], capture_output=True, text=True, check=True)
        exported[name] = json.loads(run.stdout)
    assert exported["search"]["four"] == 4 and exported["search"]["base"] == 2
    assert exported["search"]["where"].endswith("/assets/javascripts/search/b.js")  # the module's own URL still
    assert exported["anywhere"] == {"six": 6}


# a module imported later (import("./x.js")): a file of its own beside the entry, holding what
# the entry does not; what both use (state.js, with its state) read from the entry, one instance
LATER = {
    "search-anywhere.js": 'import { bump, count } from "./search/state.js";\n'
    "export async function later() {\n"
    "  bump();\n"
    '  const { seen, where } = await import("./search/late.js");\n'
    "  return [count(), seen(), where];\n"
    "}\n",
    "search/state.js": "let n = 0;\n"
    "export function bump() {\n  n += 1;\n}\n"
    "export function count() {\n  return n;\n}\n",
    "search/late.js": 'import { count } from "./state.js";\nimport { twice } from "./deep.js";\n'
    'export { where } from "./deep.js";\n'
    "export function seen() {\n  return twice(count());\n}\n",
    "search/deep.js": "export function twice(n) {\n  return 2 * n;\n}\nexport const where = import.meta.url;\n",
}


def _write(root: Path, modules: dict[str, str]) -> Path:
    scripts = root / "assets" / "javascripts"
    for name, text in modules.items():
        (scripts / name).parent.mkdir(parents=True, exist_ok=True)
        (scripts / name).write_text(text, encoding="utf-8")
    return scripts


def test_a_module_imported_later_is_a_file_of_its_own_sharing_the_entrys_modules(tmp_path: Path) -> None:
    scripts = _write(tmp_path, LATER)
    assert bundle.bundle(tmp_path) == "search-anywhere.js with 1 modules, search-anywhere-late.js with 2 modules"
    entry = (scripts / "search-anywhere.js").read_text(encoding="utf-8")
    late = scripts / bundle.chunk_name(bundle.ENTRIES[1], PurePosixPath("assets/javascripts/search/late.js")).name
    assert late.name == "search-anywhere-late.js"
    chunk = late.read_text(encoding="utf-8")
    assert "twice" not in entry and "import(" in entry  # the later file's modules are its alone
    assert "let n = 0" in entry and "let n = 0" not in chunk  # the shared module: the entry's
    assert chunk.startswith('import { __module0 } from "./search-anywhere.js";')
    if NODE is None:
        pytest.skip("node is missing")
    (scripts / "package.json").write_text('{"type": "module"}', encoding="utf-8")  # .js as modules
    entry_url = (scripts / "search-anywhere.js").as_uri()
    code = f'import("{entry_url}").then(async (m) => console.log(JSON.stringify(await m.later())))'
    run = subprocess.run([NODE, "-e", code], capture_output=True, text=True, check=True)
    count, seen, where = json.loads(run.stdout)
    assert (count, seen) == (1, 2)  # one state.js: the later file saw the entry's bump
    assert where.endswith("/assets/javascripts/search/deep.js")  # the module's own URL still


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        # imported at once too: it would be in two files
        ({"search-anywhere.js": LATER["search-anywhere.js"] + 'import { seen } from "./search/late.js";\n'}, "both"),
        # a later file importing later again: not built
        (
            {"search/deep.js": 'export const twice = (n) => import("./other.js").then(() => 2 * n);\n'},
            "itself imported later",
        ),
        # a later file importing the entry back
        (
            {"search/late.js": 'import { later } from "../search-anywhere.js";\nexport const seen = later;\n'},
            "which imports it later",
        ),
    ],
    ids=["also at once", "later from later", "back to the entry"],
)
def test_a_later_import_the_bundle_cannot_build_is_named(tmp_path: Path, changed: dict[str, str], said: str) -> None:
    _write(tmp_path, {**LATER, "search/other.js": "export const other = 1;\n", **changed})
    with pytest.raises(ValueError, match=said):
        bundle.bundle(tmp_path)


def test_each_later_file_is_built_and_preloaded_beside_its_script(site: Path) -> None:
    """The built site has every later file bundle.later_files names from overrides/, and the page
    that preloads a script (in its engine's <template>) preloads its later files right after it,
    at a low priority: they are needed once the query's language is told, not for the first paint."""
    later = {script: files for script, files in bundle.later_files(ROOT / "overrides").items() if files}
    assert later  # /search/'s language blocks
    pages = list(site.rglob("search/index.html"))
    for script, files in later.items():
        assert all((site / name).is_file() for name in files), files
        preloading = [page for page in pages if f'href="{_href(page, site, script)}"' in page.read_text("utf-8")]
        assert preloading, script
        for page in preloading:
            html = page.read_text(encoding="utf-8")
            links = re.findall(r'<link rel="modulepreload" href="([^"]*)"([^>]*)>', html)
            hrefs = [href for href, _rest in links]
            at = hrefs.index(_href(page, site, script))
            assert [(href, rest) for href, rest in links[at + 1 : at + 1 + len(files)]] == [
                (_href(page, site, name), ' fetchpriority="low"') for name in files
            ]


def _href(page: Path, site: Path, name: str) -> str:
    """``name`` (a path under the site) as the page links it: relative to the page's folder."""
    return os.path.relpath(site / name, page.parent).replace(os.sep, "/")
