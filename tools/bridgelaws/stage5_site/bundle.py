"""The search pages' script as one file in the built site: ``search.js`` with its modules inside.

The search is ES modules by responsibility (``overrides/assets/javascripts/search/``, imported by
``search.js``), so the engine runs under Node and each part is read on its own.  A phone would
fetch each module as a file of its own: a request's headers and a gzip stream each, 8 KB more of
a first search than one file.  So the built site serves ``search.js`` with every module it
imports inside it, each in a function of its own that returns what the module exports and is
given what it imports (the names as the module writes them, nothing renamed), in the order a
browser evaluates them (each module's imports first, in the order written).  Each function is
async and awaited, as a module with a top-level ``await`` is (``page/page-data.js`` awaits the
page's data): what imports it runs once it has finished.  An import from
outside the folder (``refs.js``, which the law pages load too) stays an import; ``import.meta.url``
in a module is its own URL still.  The folder is then left out of the site: nothing loads it.
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
            target = PurePosixPath(_resolve(module, match[3]))
            if target.is_relative_to(FOLDER):
                visit(target)
        order.append(module)

    visit(ENTRY)
    names = {module: f"__module{index}" for index, module in enumerate(order)}
    parts = []
    for module in order:
        source = (site / module).read_text(encoding="utf-8")
        kept: list[str] = []  # imports from outside the folder, at the bundle's top

        def rewrite(match: re.Match[str], module: PurePosixPath = module, kept: list[str] = kept) -> str:
            target = PurePosixPath(_resolve(module, match[3]))
            pairs = _names(match[2])
            if not target.is_relative_to(FOLDER):
                kept.append(f'import {{ {match[2].strip()} }} from "./{target.relative_to(ENTRY.parent)}";\n')
                return ""
            if match[1] == "export":  # a re-export: its own local names, the module may import them too
                local = [(name, f"__export_{name}") for name, _ in pairs]
                exports = ", ".join(f"{alias} as {name}" for name, alias in local)
                return f"const {{ {_binding(local)} }} = {names[target]};\nexport {{ {exports} }};\n"
            return f"const {{ {_binding(pairs)} }} = {names[target]};\n"

        body = IMPORT.sub(rewrite, source)
        if module == ENTRY:
            parts.append("".join(kept) + body)
            continue
        exported = EXPORTED.findall(body)
        body = re.sub(r"^export\s+", "", body, flags=re.MULTILINE)
        own_url = f'new URL("{module.relative_to(ENTRY.parent)}", import.meta.url).href'
        body = body.replace("import.meta.url", own_url)
        parts.append(
            "".join(kept)
            + f"const {names[module]} = await (async () => {{\n{body}\nreturn {{ {', '.join(exported)} }};\n}})();\n"
        )
    lines = [line for part in parts for line in part.splitlines(keepends=True)]
    imports = [line for line in lines if line.startswith("import ")]
    rest = [line for line in lines if not line.startswith("import ")]
    entry.write_text("".join(dict.fromkeys(imports)) + "".join(rest), encoding="utf-8")
    shutil.rmtree(folder)
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
