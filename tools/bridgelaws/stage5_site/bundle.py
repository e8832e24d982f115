"""Each search page's script as one file in the built site: ``search.js`` (a language's search
page) and ``search-anywhere.js`` (``/search/``), each with the modules it imports inside it, and a
module it imports later as a file of its own.

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

A module a page's script imports later (``import("./search/page/language-block.js")``, which
``/search/`` needs only once a query is of no one language) is built as a file of its own beside the
entry (:func:`chunk_name`: ``search-anywhere-language-block.js``) holding it and what it imports
that the entry does not: ``/search/`` tells a query's language with a 4 KB script, while the engine
loads beside it.  What both use is the entry's (page-data.js, with the page's data: one instance),
which exports it under the modules' names and the later file imports it from there; the ``import()``
becomes one of the later file, read for the module's exports.  A module imported both at once and
later, a later import inside a later file, and a later file importing the entry are refused
(``ValueError``): none is needed, and each would need more than this does.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path, PurePosixPath

ENTRIES = (PurePosixPath("assets/javascripts/search.js"), PurePosixPath("assets/javascripts/search-anywhere.js"))
FOLDER = PurePosixPath("assets/javascripts/search")
# import { a, b as c } from "./x.js";  and  export { a, b } from "./x.js";
IMPORT = re.compile(r'^(import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)";[ \t]*\n', re.MULTILINE)
# import("./x.js"): a module imported later, when the code asks for it
DYNAMIC = re.compile(r'\bimport\(\s*"(\.{1,2}/[^"]+)"\s*\)')
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
    said = [_bundle_entry(site, entry) for entry in entries]
    shutil.rmtree(folder)  # a module outside it stays: other pages load it
    return ", ".join(said)


def imported(root: Path, entry: PurePosixPath) -> list[PurePosixPath]:
    """``entry`` and every module it imports, under ``root`` (the built site, or ``overrides/``,
    laid out alike), each after its imports: the order a browser evaluates them in."""
    order: list[PurePosixPath] = []

    def visit(module: PurePosixPath) -> None:
        if module in order:
            return
        for dependency in _imports(root, module)[0]:
            visit(dependency)
        order.append(module)

    visit(entry)
    return order


def chunk_name(entry: PurePosixPath, target: PurePosixPath) -> PurePosixPath:
    """The file a module ``entry`` imports later (``import("./x.js")``) is built as, beside it:
    ``search-anywhere.js`` and ``search/page/language-block.js`` → ``search-anywhere-language-block.js``."""
    return entry.parent / f"{entry.stem}-{target.stem}.js"


def imported_later(root: Path, order: list[PurePosixPath]) -> list[PurePosixPath]:
    """What the modules ``order`` import later (``import("./x.js")``), each once, as first named."""
    return list(dict.fromkeys(target for module in order for target in _imports(root, module)[1]))


def later_files(root: Path) -> dict[str, list[str]]:
    """Each page script's later files as the build will write them, from the modules under
    ``root`` (``overrides/``): {"assets/javascripts/search-anywhere.js":
    ["assets/javascripts/search-anywhere-language-block.js"]}.  overrides/main.html preloads them
    beside the script (a template global the MkDocs hooks set), so their names are this module's."""
    return {
        str(entry): [str(chunk_name(entry, target)) for target in imported_later(root, imported(root, entry))]
        for entry in ENTRIES
        if (root / entry).is_file()
    }


def _bundle_entry(site: Path, entry: PurePosixPath) -> str:
    """Write ``entry`` with every module it imports inside it, and each module it imports later
    as a file of its own beside it; say how many modules each holds."""
    order = imported(site, entry)
    later = imported_later(site, order)
    chunks = {target: [module for module in imported(site, target) if module not in order] for target in later}
    modules = [*order, *(module for target in later for module in chunks[target])]
    names = {module: f"__module{index}" for index, module in enumerate(dict.fromkeys(modules))}
    said = [f"{entry.name} with {len(order) - 1} modules"]
    shared: set[PurePosixPath] = set()  # the entry's modules a later file reads from it
    for target in later:
        if target in order:
            raise ValueError(f"{target} is imported both at once and later by {entry}")
        own = chunks[target]
        needed = sorted({dep for module in own for dep in _imports(site, module)[0] if dep in order})
        if entry in needed:
            raise ValueError(f"{target} imports {entry}, which imports it later")
        shared.update(needed)
        lines = [f'import {{ {", ".join(names[dep] for dep in needed)} }} from "./{entry.name}";\n'] if needed else []
        lines += [_wrapped(site, module, entry, names, later) for module in own]
        lines.append(f"export {{ {names[target]} }};\n")
        (site / chunk_name(entry, target)).write_text("".join(lines), encoding="utf-8")
        said.append(f"{chunk_name(entry, target).name} with {len(own)} modules")
    parts = [_wrapped(site, module, entry, names, later) for module in order]
    if shared:
        parts.append(f"export {{ {', '.join(names[module] for module in order if module in shared)} }};\n")
    (site / entry).write_text("".join(parts), encoding="utf-8")
    return ", ".join(said)


def _imports(root: Path, module: PurePosixPath) -> tuple[list[PurePosixPath], list[PurePosixPath]]:
    """The modules ``module`` imports at once (``import { … } from``, ``export { … } from``) and
    those it imports later (``import("./x.js")``), each in order, from one reading of it."""
    text = (root / module).read_text(encoding="utf-8")
    at_once = [PurePosixPath(_resolve(module, match[3])) for match in IMPORT.finditer(text)]
    later = [PurePosixPath(_resolve(module, match[1])) for match in DYNAMIC.finditer(text)]
    return at_once, later


def _wrapped(
    site: Path,
    module: PurePosixPath,
    entry: PurePosixPath,
    names: dict[PurePosixPath, str],
    later: list[PurePosixPath],
) -> str:
    """One module as its built file holds it: the entry's own code as it is, any other module in
    an async function returning its exports, its imports read from the modules' names, a module
    it imports later from the file that is built of it."""
    source = (site / module).read_text(encoding="utf-8")
    passed_on: list[tuple[str, str]] = []  # what the module re-exports: (name, local alias)

    def rewrite(match: re.Match[str]) -> str:
        target = PurePosixPath(_resolve(module, match[3]))
        pairs = _names(match[2])
        if match[1] == "export":  # a re-export: its own local names, the module may import them too
            local = [(name, f"__export_{name}") for name, _ in pairs]
            passed_on.extend(local)
            exports = ", ".join(f"{alias} as {name}" for name, alias in local)
            statement = f"export {{ {exports} }};\n" if module == entry else ""
            return f"const {{ {_binding(local)} }} = {names[target]};\n{statement}"
        return f"const {{ {_binding(pairs)} }} = {names[target]};\n"

    def load_later(match: re.Match[str]) -> str:
        target = PurePosixPath(_resolve(module, match[1]))
        if target not in later:  # a module imported later by a module of a file built for later
            raise ValueError(f"{module} imports {match[1]} later, from a file itself imported later")
        # relative to the file the code runs in: the entry, or its later file beside it
        return f'import("./{chunk_name(entry, target).name}").then((file) => file.{names[target]})'

    body = DYNAMIC.sub(load_later, IMPORT.sub(rewrite, source))
    if module == entry:
        return body
    exported = EXPORTED.findall(body) + [f"{name}: {alias}" for name, alias in passed_on]
    body = re.sub(r"^export\s+", "", body, flags=re.MULTILINE)
    own_url = f'new URL("{module.relative_to(entry.parent)}", import.meta.url).href'
    body = body.replace("import.meta.url", own_url)
    return f"const {names[module]} = await (async () => {{\n{body}\nreturn {{ {', '.join(exported)} }};\n}})();\n"


def _resolve(module: PurePosixPath, imported: str) -> str:
    """An import's path from the site's root, as a browser resolves it from `module`."""
    parts: list[str] = []
    for part in (*module.parent.parts, *PurePosixPath(imported).parts):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)
