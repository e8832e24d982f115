"""Shared fixtures: the project's real sources, parsed once per test session."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import settings

from bench.localsite import CHROMIUM, CHROMIUM_ARGS, serve
from bench.searchdriver import SearchDriver
from bridgelaws.core.model import ParseResult
from bridgelaws.stage1_read import manifest
from bridgelaws.stage2_parse import corpus as corpus_module
from bridgelaws.stage2_parse import load as loading
from bridgelaws.stage2_parse.formats import get_parser
from pagepool import PagePool
from search_node import NODE, NodeSearch, node_search

# BRIDGELAWS_TEST_CPU=FILE: each test's processor time, its browser's and subprocesses' included
pytest_plugins = ["cputime"]

# No time limit on a property test's example: a time is never asserted in a test, and with every
# core busy Hypothesis' 200 ms deadline failed examples that take 2 ms alone
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "content" / "sources"
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/golden/* from the parsers")


# -- marks: a test that needs the built site or a browser says so, whether or not it was written to --

# the fixtures that build the site (or serve it) and those that start Chromium; a fixture that
# depends on one of them is in a test's fixture closure too, so its tests are marked as well
SITE_FIXTURES = frozenset({"site", "base_url"})
BROWSER_FIXTURES = frozenset({"browser", "phone", "page"})


def direct_parameters(item: pytest.Item) -> set[str]:
    """The names a test's ``parametrize`` marks give values to directly: such a name is a value
    (``page="fi/"``), not the fixture of that name."""
    names: set[str] = set()
    for mark in item.iter_markers("parametrize"):
        argnames = mark.args[0] if mark.args else mark.kwargs["argnames"]
        if isinstance(argnames, str):
            argnames = [name.strip() for name in argnames.split(",") if name.strip()]
        indirect = mark.kwargs.get("indirect", False)
        names.update(
            name
            for name in argnames
            if not (indirect is True or (isinstance(indirect, list | tuple) and name in indirect))
        )
    return names


def needed_marks(item: pytest.Item) -> list[str]:
    """``site`` for a test that uses the built site, ``browser`` for one that uses Chromium."""
    used = set(getattr(item, "fixturenames", ())) - direct_parameters(item)
    return [mark for mark, fixtures in (("site", SITE_FIXTURES), ("browser", BROWSER_FIXTURES)) if used & fixtures]


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for mark in needed_marks(item):
            if item.get_closest_marker(mark) is None:
                item.add_marker(mark)
    # the tests that need no built site first (in their order): under pytest-xdist the worker that
    # builds the site (20 s) is then the only one waiting for it, the others run these meanwhile;
    # then the site's tests, the modules of the longest ones first, so that no worker is left
    # running one of them after the others have finished
    items.sort(key=lambda item: (item.get_closest_marker("site") is not None, _slow_rank(item)))


# the modules whose tests take longest (`pytest --durations=0`), longest first: a scheduling order,
# no test depends on it
SLOW_FIRST = (
    "test_hostile",  # a full build of its own, then its pages in the browser
    "test_reproducible",  # a full build of its own
    "test_cut_css_browser",
    "test_search_in_place",
    "test_atomic_build",
    "test_search_browser",
    "test_search_fetching",
    "test_search_ranking",
    "test_config_hostile",
    "test_bad_input",
    "test_accessibility",
    "test_damage",
    "test_look_browser",
    "test_linear",
    "test_offline",
    "test_manifest_hostile",
    "test_csp",
    "test_search_tables_browser",
    "test_html_conformance",
    "test_search_node",
    "test_journey_offline",
    "test_interface_language",
    "test_search_anywhere",
    "test_search_words",
)


def _slow_rank(item: pytest.Item) -> int:
    module = item.path.stem
    return SLOW_FIRST.index(module) if module in SLOW_FIRST else len(SLOW_FIRST)


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def source_files() -> list[str]:
    return [source.file for source, _ in manifest.load(SOURCES / "manifest.toml")]


_CACHE: dict[str, ParseResult] = {}


def parsed(file: str) -> ParseResult:
    """Parse one of the real sources (cached: parsers are pure)."""
    if file not in _CACHE:
        for source, _ in manifest.load(SOURCES / "manifest.toml"):
            if source.file == file:
                text = source.path.read_text(encoding="utf-8")
                _CACHE[file] = get_parser(source.parser)(text)
    return _CACHE[file]


RAM_DISK = Path("/dev/shm")
RAM_DISK_ROOM = 1 << 30  # bytes free on it for a test's files, else the test's tmp_path
RUN_RAM_DISK_ROOM = 4 << 30  # bytes free on it for the whole run's temporary folder (site, builds, copies)


def _ram_disk_has(room: int) -> bool:
    return RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK) and shutil.disk_usage(RAM_DISK).free > room


def pytest_configure(config: pytest.Config) -> None:
    """The run's temporary folder (tmp_path, and the site the run builds there) on the machine's RAM
    disk when it has room, unless the run names one (--basetemp, PYTEST_DEBUG_TEMPROOT): on this
    virtual disk each file written costs processor time (a copy of the site, 6,000 files: 4.9 s of
    processor time there, 0.6 s on the RAM disk).  pytest's own rules still apply below that root
    (a passing run's folder removed as it ends, a failing run's kept, three at most).  Set in the
    environment, which pytest reads when a test first asks for a folder, after this hook; the
    pytest-xdist workers get their folders below the controller's."""
    if config.option.basetemp or os.environ.get("PYTEST_DEBUG_TEMPROOT") or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if _ram_disk_has(RUN_RAM_DISK_ROOM):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(RAM_DISK)


@contextmanager
def scratch_folder(fallback: Path) -> Iterator[Path]:
    """An empty folder on the machine's RAM disk when it has one with room, else ``fallback``;
    removed afterwards."""
    if _ram_disk_has(RAM_DISK_ROOM):
        folder = Path(tempfile.mkdtemp(prefix="bridgelaws-test-", dir=RAM_DISK))
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        yield fallback


@contextmanager
def disk_folder(tmp_path: Path) -> Iterator[Path]:
    """An empty folder on disk, where a folder lists its entries in an order of their names'
    hashes (on the RAM disk, in the order they were made): ``tmp_path`` when it is not on the RAM
    disk, else one in the system's temporary folder, removed afterwards."""
    if not tmp_path.resolve().is_relative_to(RAM_DISK.resolve()):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="bridgelaws-test-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def scratch(tmp_path: Path) -> Iterator[Path]:
    """An empty folder for a test that writes the site's Markdown (3,000 files, 20 MB): on the
    machine's RAM disk when it has one with room, where writing and deleting that many files costs
    little (on a journalled disk it costs a third of generating them); else the test's tmp_path.
    Removed after the test."""
    with scratch_folder(tmp_path) as folder:
        yield folder


@pytest.fixture(scope="session")
def corpus() -> corpus_module.Corpus:
    """The real corpus, loaded once (parsers are pure; nothing mutates it)."""
    return loading.load(SOURCES)


def source_text(file: str) -> str:
    return (SOURCES / file).read_text(encoding="utf-8")


# -- the site, built once per run: started in the background as soon as a test that needs it is
# collected, so that the tests that need none run meanwhile -----------------------------------

SITE_WAIT_SECONDS = 0.5


def _run_folder(config: pytest.Config) -> Path:
    """The run's temporary folder, shared by its pytest-xdist workers (each is a session of its own,
    in a folder of its own below it)."""
    base: Path = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def start_site_build(config: pytest.Config) -> None:
    """Start building the site into the run's folder, unless a worker of the run has: a process of
    its own (tests/sitebuild.py), which outlives the worker that started it and writes the outcome."""
    shared = _run_folder(config)
    with FileLock(str(shared / "site.lock")):
        if (shared / "site.pid").exists():
            return
        build = subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).with_name("sitebuild.py")),
                str(shared / "site"),
                str(shared / "site.outcome"),
            ],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            process_group=0,  # MkDocs and Pagefind with it: the run ends them all (pytest_sessionfinish)
        )
        (shared / "site.pid").write_text(str(build.pid), encoding="utf-8")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not yet waited for, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_for_site(config: pytest.Config) -> Path:
    """The site the run's build made, once it is made; its failure, said by every test that needs it."""
    shared = _run_folder(config)
    outcome, pid = shared / "site.outcome", int((shared / "site.pid").read_text(encoding="utf-8"))
    while not outcome.exists():
        if not _alive(pid) and not outcome.exists():
            pytest.fail("the site's build (tests/sitebuild.py) ended without an outcome")
        time.sleep(SITE_WAIT_SECONDS)
    failure = outcome.read_text(encoding="utf-8")
    assert not failure, failure
    return shared / "site"


def pytest_collection_finish(session: pytest.Session) -> None:
    if not os.environ.get("BRIDGELAWS_TEST_SITE") and any(item.get_closest_marker("site") for item in session.items):
        start_site_build(session.config)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run's build ended with the run (a run stopped early does not leave it writing)."""
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("BRIDGELAWS_TEST_SITE"):
        return
    shared = _run_folder(session.config)
    if (shared / "site.pid").exists() and not (shared / "site.outcome").exists():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.killpg(int((shared / "site.pid").read_text(encoding="utf-8")), signal.SIGTERM)


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> Path:
    """The site as `make build` makes it (MkDocs, strict), built once per test run into the run's
    temporary folder (start_site_build), and its failure said once per worker.

    ``BRIDGELAWS_TEST_SITE``, when set, names a site built beforehand (``mkdocs build --strict
    --site-dir DIR``) that is used instead, for running a few site tests again without building;
    `make test` never sets it."""
    given = os.environ.get("BRIDGELAWS_TEST_SITE")
    if given:
        folder = Path(given)
        assert (folder / "index.html").is_file(), f"BRIDGELAWS_TEST_SITE={given} holds no built site"
        return folder
    start_site_build(request.config)  # started at collection (pytest_collection_finish): this is a no-op then
    return wait_for_site(request.config)


# -- the built site in headless Debian Chromium (Playwright cannot download browsers here) --

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    with serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.fail("Debian chromium is missing: run `make browser` (make test does it)")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        yield PagePool(launched)
        launched.close()


@pytest.fixture
def phone(browser: object, base_url: str) -> Iterator[object]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    page = context.new_page()
    page.foreign_requests = []
    page.on(
        "request",
        lambda request: None if request.url.startswith(base_url) else page.foreign_requests.append(request.url),
    )
    yield page
    context.close()


# the tests of the phone that kept Swedish (test_journey_offline, test_notes_browser) share it on
# one worker: one download of 1,700 files, about 15 processor-seconds, instead of one per module
SWEDISH_PHONE_GROUP = "offline-swedish"


@pytest.fixture(scope="session")
def swedish_reader(browser: object, base_url: str) -> Iterator[object]:
    """A phone that read /sv/2007/16/ until the footer said Swedish was kept, then lost the network.
    Its tests run in the xdist group ``SWEDISH_PHONE_GROUP``; one that changes what the phone
    stores (a reader's notes) puts it back before it ends, so no test sees another's changes."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow"
    )
    page = context.new_page()
    page.goto(f"{base_url}sv/2007/16/")
    page.wait_for_selector("html[data-offline=ready]", timeout=180_000)
    context.set_offline(True)
    yield page
    context.close()


@pytest.fixture(scope="module")
def typed(browser: object, base_url: str) -> Iterator[SearchDriver]:
    """One search page per language for the module's tables, each query typed on it as a reader
    searching again types it (bench.searchdriver): four page loads instead of one per query.
    What earlier queries loaded changes no answer (tests/test_search_in_place.py)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    yield SearchDriver(context, base_url)
    context.close()


@pytest.fixture(scope="module")
def engine(site: Path) -> Iterator[NodeSearch]:
    """The search engine of each language's page under Node (tests/search_node.py), one per
    language kept between a module's queries, as one search page is when queries are typed on it."""
    if NODE is None:
        pytest.fail("node is missing: run `make test` (it installs Debian's nodejs)")
    with node_search(site) as driver:
        yield driver
