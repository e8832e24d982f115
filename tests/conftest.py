"""Shared fixtures: the project's real sources, parsed once per test session."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bridgelaws import corpus as corpus_module
from bridgelaws import manifest
from bridgelaws.model import ParseResult
from bridgelaws.sources import get_parser

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "content" / "sources"
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/golden/* from the parsers")


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


@pytest.fixture(scope="session")
def corpus() -> corpus_module.Corpus:
    """The real corpus, loaded once (parsers are pure; nothing mutates it)."""
    return corpus_module.load(SOURCES)


def source_text(file: str) -> str:
    return (SOURCES / file).read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `make build` makes it (MkDocs, strict), built once into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stderr[-4000:]}"
    return out


# -- the built site in headless Debian Chromium (Playwright cannot download browsers here) --

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # a browser closing a page mid-download (the service worker's precache) is not an error
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """A static server for ``folder`` on a free loopback port; yields its base URL."""
    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


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
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
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
