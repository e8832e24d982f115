"""The search pages' script as one file in the built site: ``search.js`` with its modules inside.

The search is ES modules by responsibility (``overrides/assets/javascripts/search/``, imported by
``search.js``), so the engine runs under Node and each part is read on its own.  A phone would
fetch each module as a file of its own: a request's headers and a gzip stream each, 8 KB more of
a first search than one file.  So the built site serves ``search.js`` with every module it
imports inside it, each in a function of its own that returns what the module exports and is
given what it imports (the names as the module writes them, nothing renamed), in the order a
browser evaluates them (each module's imports first, in the order written).  Each function is
async and awaited, as a module with a top-level ``await`` is (``page/page-data.js`` awaits the
page's data): what imports it runs once it has finished.  A module from outside the folder
(``refs.js``, which the law pages load on their own) is put inside too, and stays in the site for
them: a search page opened with a query asks for as little as it can before its first results,
and on a phone's network each request it makes shares the bandwidth with Pagefind's WebAssembly
(Lighthouse's Largest Contentful Paint).  ``import.meta.url`` in a module is its own URL still.
The folder is then left out of the site: nothing loads it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path, PurePosixPath

ENTRY = PurePosixPath("assets/javascripts/search.js")
FOLDER = PurePosixPath("assets/javascripts/search")
# import { a, b as c } from "./x.js";  and  export { a, b } from "./x.js";
IMPORT = re.compile(r'^(import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)";[ \t]*\n', re.MULTILINE)
EXPORTED = re.compile(r"^export\s+(?:async\s+)?(?:function|const|let|class)\s+([A-Za-z_$][\w$]*)", re.MULTILINE)


def _names(listed: str) -> list[tuple[str, str]]:
    """``a, b as c`` → [(a, a), (b, c)]: each name as exported, and as the importer calls it."""
    pairs = []
    for item in listed.split(","):
        parts = item.split()
        if parts:
            pairs.append((parts[0], parts[-1]))
    return pairs


def _binding(pairs: list[tuple[str, str]]) -> str:
    return ", ".join(name if name == local else f"{name}: {local}" for name, local in pairs)


def bundle(site: Path) -> str:
    """Put the search modules inside the built ``search.js``; say how many."""
    entry = site / ENTRY
    folder = site / FOLDER
    if not entry.is_file() or not folder.is_dir():
        return "no search modules"
    order: list[PurePosixPath] = []  # the modules, each after its imports

    def visit(module: PurePosixPath) -> None:
        if module in order:
            return
        for match in IMPORT.finditer((site / module).read_text(encoding="utf-8")):
            visit(PurePosixPath(_resolve(module, match[3])))
        order.append(module)

    visit(ENTRY)
    names = {module: f"__module{index}" for index, module in enumerate(order)}
    parts = []
    for module in order:
        source = (site / module).read_text(encoding="utf-8")

        def rewrite(match: re.Match[str], module: PurePosixPath = module) -> str:
            target = PurePosixPath(_resolve(module, match[3]))
            pairs = _names(match[2])
            if match[1] == "export":  # a re-export: its own local names, the module may import them too
                local = [(name, f"__export_{name}") for name, _ in pairs]
                exports = ", ".join(f"{alias} as {name}" for name, alias in local)
                return f"const {{ {_binding(local)} }} = {names[target]};\nexport {{ {exports} }};\n"
            return f"const {{ {_binding(pairs)} }} = {names[target]};\n"

        body = IMPORT.sub(rewrite, source)
        if module == ENTRY:
            parts.append(body)
            continue
        exported = EXPORTED.findall(body)
        body = re.sub(r"^export\s+", "", body, flags=re.MULTILINE)
        own_url = f'new URL("{module.relative_to(ENTRY.parent)}", import.meta.url).href'
        body = body.replace("import.meta.url", own_url)
        parts.append(
            f"const {names[module]} = await (async () => {{\n{body}\nreturn {{ {', '.join(exported)} }};\n}})();\n"
        )
    entry.write_text("".join(parts), encoding="utf-8")
    shutil.rmtree(folder)  # a module outside it stays: other pages load it
    return f"search.js with {len(order) - 1} modules"


def _resolve(module: PurePosixPath, imported: str) -> str:
    """An import's path from the site's root, as a browser resolves it from `module`."""
    parts: list[str] = []
    for part in (*module.parent.parts, *PurePosixPath(imported).parts):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)
