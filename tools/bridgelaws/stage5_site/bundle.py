"""Each search page's script as one file in the built site: ``search.js`` (a language's search
page) and ``search-anywhere.js`` (``/search/``), each with the modules it imports inside it.

The search is ES modules by responsibility (``overrides/assets/javascripts/search/``, imported by
the two pages' scripts), so the engine runs under Node and each part is read on its own.  A phone
would fetch each module as a file of its own: a request's headers and a gzip stream each, 8 KB more
of a first search than one file.  So the built site serves each page's script with every module it
imports inside it (a module both import is in both: a page loads one of them, and neither carries
what only the other page runs), each in a function of its own that returns what the module exports
and is given what it imports (the names as the module writes them, nothing renamed), in the order a
browser evaluates them (each module's imports first, in the order written).  Each function is async
and awaited, as a module with a top-level ``await`` is (``page/page-data.js`` awaits the page's
data): what imports it runs once it has finished.  A module from outside the folder (``refs.js``,
which the law pages load on their own) is put inside too, and stays in the site for them: a search
page opened with a query asks for as little as it can before its first results, and on a phone's
network each request it makes shares the bandwidth with Pagefind's WebAssembly (Lighthouse's Largest
Contentful Paint).  ``import.meta.url`` in a module is its own URL still.  The folder is then left
out of the site: nothing loads it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path, PurePosixPath

ENTRIES = (PurePosixPath("assets/javascripts/search.js"), PurePosixPath("assets/javascripts/search-anywhere.js"))
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
    """Put the search modules inside each page's built script; say how many in each."""
    folder = site / FOLDER
    entries = [entry for entry in ENTRIES if (site / entry).is_file()]
    if not entries or not folder.is_dir():
        return "no search modules"
    said = [f"{entry.name} with {_bundle_entry(site, entry)} modules" for entry in entries]
    shutil.rmtree(folder)  # a module outside it stays: other pages load it
    return ", ".join(said)


def imported(root: Path, entry: PurePosixPath) -> list[PurePosixPath]:
    """``entry`` and every module it imports, under ``root`` (the built site, or ``overrides/``,
    laid out alike), each after its imports: the order a browser evaluates them in."""
    order: list[PurePosixPath] = []

    def visit(module: PurePosixPath) -> None:
        if module in order:
            return
        for match in IMPORT.finditer((root / module).read_text(encoding="utf-8")):
            visit(PurePosixPath(_resolve(module, match[3])))
        order.append(module)

    visit(entry)
    return order


def _bundle_entry(site: Path, entry: PurePosixPath) -> int:
    """Write ``entry`` with every module it imports inside it; how many."""
    order = imported(site, entry)
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
        if module == entry:
            parts.append(body)
            continue
        exported = EXPORTED.findall(body)
        body = re.sub(r"^export\s+", "", body, flags=re.MULTILINE)
        own_url = f'new URL("{module.relative_to(entry.parent)}", import.meta.url).href'
        body = body.replace("import.meta.url", own_url)
        parts.append(
            f"const {names[module]} = await (async () => {{\n{body}\nreturn {{ {', '.join(exported)} }};\n}})();\n"
        )
    (site / entry).write_text("".join(parts), encoding="utf-8")
    return len(order) - 1


def _resolve(module: PurePosixPath, imported: str) -> str:
    """An import's path from the site's root, as a browser resolves it from `module`."""
    parts: list[str] = []
    for part in (*module.parent.parts, *PurePosixPath(imported).parts):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)
