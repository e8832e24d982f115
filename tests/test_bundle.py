"""Each search page's built script carries the modules it imports inside it (stage5_site/bundle.py):
the same exports, each module given what it imports, a module from outside the folder put inside
too (and left in the site for the pages that load it), nothing renamed, a module that awaits at its
top level (page-data.js awaits the page's data) finished before its importers run, and no module
the page's script does not import."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bridgelaws.stage5_site import bundle
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
