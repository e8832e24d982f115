"""Shared fixtures: the project's real sources, parsed once per test session."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
