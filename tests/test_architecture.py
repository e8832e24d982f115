"""The package's shape: stages in order, feature packages entered by their front door, no import
cycle, small modules (the tests' and the benchmarks' too), one place for each fact.

``tools/bridgelaws`` is the pipeline: ``core`` (model, references, URL scheme, facts), then
``stage1_read`` → ``stage2_parse`` → ``stage3_link`` → ``stage4_render`` → ``stage5_site``, with
``pipeline`` and ``cli`` on top.  A stage may import the core and the stages before it, never
one after it; these tests read the imports from the source (``ast``), so they see what a
reader sees, including imports inside functions and under ``TYPE_CHECKING``.

A feature package (:data:`FEATURES`) gathers what one feature does across stages.  It is placed
after the last stage it imports and is a layer of its own there: it may import the core, the
stages up to that one and the features placed before it; a later stage, a later feature and the
top reach it only through its front door (its ``__init__``), never a module inside it.  Where the
modules calling a front door are few, they are declared (:data:`CALLERS`).
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tools" / "bridgelaws"
STAGES = ["core", "stage1_read", "stage2_parse", "stage3_link", "stage4_render", "stage5_site"]
# each feature package, by the last stage it imports (it is placed right after it)
FEATURES = {"termbase": "stage3_link", "search": "stage4_render"}


def ordered_layers(stages: list[str], features: dict[str, str]) -> list[str]:
    """The stages in pipeline order, each feature right after the last stage it imports, then the top."""
    layers = []
    for stage in stages:
        layers.append(stage)
        layers.extend(feature for feature, after in features.items() if after == stage)
    return [*layers, "top"]


LAYERS = ordered_layers(STAGES, FEATURES)
# the only modules outside a feature that call its front door, where they are few: search is called
# at generate time by the pipeline, after MkDocs by the site's hooks, and by the CLI's commands (the
# term base has no such list: the render stage's term and "where to read" pages read it too)
CALLERS = {"search": {"bridgelaws.pipeline", "bridgelaws.cli", "bridgelaws.stage5_site.mkdocs_hooks"}}
MAX_LINES = 500  # "about 500": a module longer than this mixes concerns


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path) -> set[str]:
    """The bridgelaws modules ``path`` imports (``from x import y`` counts ``x.y`` when it is a module,
    else ``x``: ``from bridgelaws import search`` imports the front door, not the package's root)."""
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            submodules = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
            found.update(submodules)
            if len(submodules) < len(node.names):  # names defined in ``base`` itself
                found.add(base)
    return {name for name in found if name in MODULES}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's bridgelaws imports, read once, by the first test that asks (not while every
    worker of the run collects the tests)."""
    return {name: imports_of(path) - {name} for name, path in MODULES.items()}


def layer(module: str) -> int:
    part = module.split(".")[1] if module.count(".") else ""
    return LAYERS.index(part) if part in LAYERS else LAYERS.index("top")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path (``a → b → a``), or None."""
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_package_is_read_and_the_check_sees_imports() -> None:
    assert len(MODULES) > 30
    assert "bridgelaws.stage2_parse.corpus" in graph()["bridgelaws.stage3_link.resolve"]


def test_no_import_cycle() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, " → ".join(cycle or [])


@pytest.mark.parametrize(
    ("graph", "has_cycle"),
    [
        pytest.param({"a": {"b"}, "b": {"a"}}, True, id="two-modules"),
        pytest.param({"a": {"b"}, "b": {"c"}, "c": {"a"}}, True, id="three-modules"),
        pytest.param({"a": {"b", "c"}, "b": {"c"}, "c": set()}, False, id="diamond"),
    ],
)
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], has_cycle: bool) -> None:
    assert (find_cycle(graph) is not None) == has_cycle


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_stage_imports_only_the_core_and_earlier_stages(module: str) -> None:
    later = sorted(target for target in graph()[module] if layer(target) > layer(module))
    assert not later, f"{module} ({LAYERS[layer(module)]}) imports a later stage or feature: {later}"


def behind_the_front_door(module: str, target: str, features: Iterable[str]) -> bool:
    """Whether ``module`` importing ``target`` reaches into a feature package past its front door:
    ``target`` a module inside a feature (``bridgelaws.search.pagefind``) that ``module`` is not part of."""
    parts = target.split(".")
    feature = ".".join(parts[:2])
    return len(parts) > 2 and parts[1] in features and module != feature and not module.startswith(feature + ".")


@pytest.mark.parametrize(
    ("module", "target", "behind"),
    [
        pytest.param("bridgelaws.pipeline", "bridgelaws.search", False, id="front-door"),
        pytest.param("bridgelaws.pipeline", "bridgelaws.search.pages", True, id="top-inside"),
        pytest.param("bridgelaws.stage5_site.hooks", "bridgelaws.search.pagefind", True, id="stage-inside"),
        pytest.param("bridgelaws.search", "bridgelaws.search.pages", False, id="its-own-front-door"),
        pytest.param("bridgelaws.search.pages", "bridgelaws.search.data", False, id="its-own-module"),
        pytest.param("bridgelaws.search.pages", "bridgelaws.terms.model", True, id="another-feature"),
        pytest.param("bridgelaws.pipeline", "bridgelaws.stage4_render.page", False, id="a-stage"),
    ],
)
def test_the_front_door_check_finds_imports_past_it(module: str, target: str, behind: bool) -> None:
    assert behind_the_front_door(module, target, ["search", "terms"]) == behind


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_feature_package_is_entered_only_by_its_front_door(module: str) -> None:
    inside = sorted(target for target in graph()[module] if behind_the_front_door(module, target, FEATURES))
    assert not inside, f"{module} imports a feature package's modules, not its front door: {inside}"


@pytest.mark.parametrize("feature", sorted(CALLERS))
def test_a_feature_is_called_only_by_its_callers(feature: str) -> None:
    front_door = f"bridgelaws.{feature}"
    callers = {module for module, targets in graph().items() if front_door in targets and module != front_door}
    outside = {module for module in callers if not module.startswith(front_door + ".")}
    assert outside <= CALLERS[feature], sorted(outside - CALLERS[feature])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_about_500_lines(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{MODULES[module]}: {lines} lines"


# The same rule outside the product package, with no exception: the tests (their helpers and the
# fixtures' scripts included) and the benchmarks, Python and JavaScript alike.
ROOT = PACKAGE.parent.parent
TESTS, BENCH = ROOT / "tests", PACKAGE.parent / "bench"
SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs")


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _files_under(folders: Iterable[Path], suffixes: tuple[str, ...]) -> list[Path]:
    return sorted(
        path for folder in folders for path in folder.rglob("*") if path.suffix in suffixes and path.is_file()
    )


TEST_AND_BENCH_MODULES = _files_under([TESTS, BENCH], (".py",))
TEST_AND_BENCH_SCRIPTS = _files_under([TESTS / "js", BENCH / "js"], SCRIPT_SUFFIXES)


def test_the_test_and_bench_files_are_found() -> None:
    modules = {_relative(path) for path in TEST_AND_BENCH_MODULES}
    assert {"tests/conftest.py", "tests/fixtures/html/make_pages.py", "tools/bench/scale.py"} <= modules
    scripts = {_relative(path) for path in TEST_AND_BENCH_SCRIPTS}
    assert {"tests/js/driver.mjs", "tools/bench/js/engine.mjs"} <= scripts


@pytest.mark.parametrize("path", TEST_AND_BENCH_MODULES, ids=_relative)
def test_no_test_or_bench_module_is_over_about_500_lines(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{_relative(path)}: {lines} lines"


@pytest.mark.parametrize("script", TEST_AND_BENCH_SCRIPTS, ids=_relative)
def test_no_test_or_bench_script_is_over_about_500_lines(script: Path) -> None:
    lines = script.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{_relative(script)}: {lines} lines"


def test_no_benchmark_in_the_product_package() -> None:
    assert not [name for name in MODULES if "bench" in name.rsplit(".", 1)[-1]]
    assert not list(PACKAGE.rglob("*lighthouse*"))


def test_the_folder_listing_reads_as_the_pipeline() -> None:
    folders = sorted(path.name for path in PACKAGE.iterdir() if path.is_dir() and not path.name.startswith("__"))
    assert [name for name in folders if name.startswith("stage")] == STAGES[1:]  # numbered: they sort in order
    assert folders == sorted([*STAGES, *FEATURES])
    assert all((PACKAGE / feature / "__init__.py").is_file() for feature in FEATURES)  # its front door
    assert all(after in STAGES for after in FEATURES.values())


def test_a_feature_is_placed_after_the_last_stage_it_imports() -> None:
    layers = ordered_layers(["core", "stage1", "stage2"], {"terms": "stage1", "search": "stage2"})
    assert layers == ["core", "stage1", "terms", "stage2", "search", "top"]


# One place for each fact: the law count, the languages, document kinds, the theme colour.
# Outside ``core/facts.py`` (and mkdocs.yml, which it reads) no code writes them as literals;
# docstrings and comments may name them.


def python_fact_literals(path: Path) -> list[str]:
    """Code (not docstrings) in ``path`` that writes a fact again: 93/94, a language list, a kind."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value in (93, 94):
            found.append(f"{path.name}:{node.lineno}: the law count")
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and {"fi", "sv"} <= {
            element.value for element in node.elts if isinstance(element, ast.Constant)
        }:
            found.append(f"{path.name}:{node.lineno}: a list of languages")
        elif isinstance(node, ast.Compare) and any(
            isinstance(side, ast.Constant) and side.value in ("laws", "regulations", "supplement")
            for side in [node.left, *node.comparators]
        ):
            found.append(f"{path.name}:{node.lineno}: a document kind compared as a string")
    return found


def script_fact_literals(path: Path) -> list[str]:
    """Script and template lines in ``path`` that write the law count or the theme colour."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = re.sub(r"//.*|/\*.*?\*/|\{#.*?#\}", "", line)
        if re.search(r"(?<![\w.#-])9[34](?![\w.])", code) or re.search(r"#00695c", code, re.IGNORECASE):
            found.append(f"{path.name}:{number}: {line.strip()[:60]}")
    return found


def test_facts_are_not_written_again_in_python() -> None:
    places = [
        place for path in PACKAGE.rglob("*.py") if path.name != "facts.py" for place in python_fact_literals(path)
    ]
    assert not places, places


def test_facts_are_not_written_again_in_scripts_and_templates() -> None:
    overrides = PACKAGE.parent.parent / "overrides"
    files = [*PACKAGE.rglob("*.js"), *overrides.rglob("*.js"), *overrides.rglob("*.html"), *overrides.rglob("*.css")]
    places = [place for path in files for place in script_fact_literals(path)]
    assert not places, places


@pytest.mark.parametrize(
    ("source", "found"),
    [
        pytest.param("if law > 93:\n    pass\n", True, id="law-count"),
        pytest.param("LANGS = ('fi', 'sv', 'tr')\n", True, id="language-tuple"),
        pytest.param("ok = kind == 'laws'\n", True, id="kind-string"),
        pytest.param('"""Laws 1-93."""\nx = 1\n', False, id="docstring"),
    ],
)
def test_the_fact_check_finds_literals(tmp_path: Path, source: str, found: bool) -> None:
    path = tmp_path / "example.py"
    path.write_text(source, encoding="utf-8")
    assert bool(python_fact_literals(path)) == found


# -- the browser scripts ---------------------------------------------------------------------------

SCRIPTS = PACKAGE.parent.parent / "overrides" / "assets" / "javascripts"
# The search engine: modules that run on the page and under Node alike (tests/js/), so they touch
# no page and fetch nothing themselves (their I/O is given to them); refs.js is shared with the
# law pages' scripts and is pure too.
ENGINE = SCRIPTS / "search" / "engine"
PURE_SCRIPTS = sorted([*ENGINE.glob("*.js"), SCRIPTS / "refs.js"])
PAGE_GLOBALS = ("document", "window", "location", "fetch", "localStorage", "sessionStorage", "navigator", "history")
IMPORT = re.compile(r"""\bimport\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+)["']|\bimport\s*\(""")
# after these a "/" starts a regular expression, not a division
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_AFTER_WORDS = ("return", "typeof", "case", "of", "in", "do", "else", "void", "yield", "await")


def script_code(source: str) -> str:
    """A script with its comments, strings, template literals and regular expressions blanked
    (each replaced by a space or an empty ``""``), so only its code is left to search."""
    out: list[str] = []
    at, size = 0, len(source)
    while at < size:
        char, two = source[at], source[at : at + 2]
        if two == "//":
            at = source.find("\n", at) if "\n" in source[at:] else size
        elif two == "/*":
            end = source.find("*/", at + 2)
            at = size if end < 0 else end + 2
            out.append(" ")
        elif char in "'\"`":
            at += 1
            while at < size and source[at] != char:
                at += 2 if source[at] == "\\" else 1
            at += 1
            out.append('""')
        elif char == "/" and _starts_regex("".join(out)):
            at += 1
            in_class = False
            while at < size and (source[at] != "/" or in_class) and source[at] != "\n":
                if source[at] == "\\":
                    at += 1
                elif source[at] == "[":
                    in_class = True
                elif source[at] == "]":
                    in_class = False
                at += 1
            at += 1
            while at < size and source[at].isalpha():  # its flags
                at += 1
            out.append('""')
        else:
            out.append(char)
            at += 1
    return "".join(out)


def _starts_regex(before: str) -> bool:
    code = before.rstrip()
    if not code or code[-1] in REGEX_BEFORE:
        return True
    return any(re.search(rf"(?<![\w$.]){word}$", code) for word in REGEX_AFTER_WORDS)


def page_globals_in(source: str) -> list[str]:
    """The page's globals a script's code names (not a property: ``io.fetchJson`` is no fetch)."""
    code = script_code(source)
    return sorted({name for name in PAGE_GLOBALS if re.search(rf"(?<![\w$.]){name}(?![\w$])", code)})


def script_imports(source: str) -> list[str]:
    """The modules a script imports, as written (``import(…)`` at run time as ``import()``)."""
    return [match[1] or "import()" for match in IMPORT.finditer(source)]


def test_the_script_checker_sees_code_only() -> None:
    bad = 'const page = document.title; // window\nconst re = /window/g; const s = "location";\nfetch(url);\n'
    assert page_globals_in(bad) == ["document", "fetch"]
    assert page_globals_in("io.fetchJson(path); const x = a / b / c; // document\n") == []
    assert page_globals_in("const y = `${window}`; const q = /['’:]/u; history.back();\n") == ["history"]
    assert script_imports('import { a } from "./a.js";\nconst m = await import(url);\n') == ["./a.js", "import()"]


def _scripts() -> list[Path]:
    return sorted([*SCRIPTS.rglob("*.js"), *PACKAGE.rglob("sw.js")])


@pytest.mark.parametrize("script", _scripts(), ids=lambda path: path.name)
def test_no_script_is_over_about_500_lines(script: Path) -> None:
    lines = script.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{script}: {lines} lines"


def test_the_engine_modules_are_found() -> None:
    assert len(PURE_SCRIPTS) >= 10 and (ENGINE / "engine.js") in PURE_SCRIPTS


@pytest.mark.parametrize("script", PURE_SCRIPTS, ids=lambda path: path.name)
def test_the_engine_touches_no_page_and_imports_only_the_engine(script: Path) -> None:
    """The engine's modules name no page global (document, fetch, …) and import only each other
    and refs.js: the page's modules (search/page/) give them what they need."""
    source = script.read_text(encoding="utf-8")
    assert not page_globals_in(source), f"{script.name}: {page_globals_in(source)}"
    for imported in script_imports(source):
        target = (script.parent / imported).resolve() if imported.startswith(".") else None
        assert target in PURE_SCRIPTS, f"{script.name} imports {imported}"
