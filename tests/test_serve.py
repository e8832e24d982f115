"""``bridgelaws serve`` (``make serve``): the built site as a static host serves it, a missing
page answered with the site's own 404 page in the path's language, nothing outside the site.

The command is started as a reader starts it (``make serve`` runs it), on a free port, and asked
with raw HTTP requests, so that a path is sent exactly as written (``/../``, ``%2e%2e``).
"""

from __future__ import annotations

import gzip
import html as html_module
import http.client
import re
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgelaws.core import facts, urls
from bridgelaws.stage4_render.page import t
from bridgelaws.stage5_site import server

LANGUAGES = facts.INTERFACE_LANGUAGES
SECRET = "a file beside the site, never served"


def start(folder: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgelaws.cli", "serve", "--site-dir", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # "Serving … on http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    port = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert port, line
    return process, int(port[1])


@pytest.fixture(scope="module")
def served(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """The built site, copied beside a file that must never be served, under ``bridgelaws serve``."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(site, root / "site")
    (root / "pyproject.toml").write_text(SECRET, encoding="utf-8")
    process, port = start(root / "site")
    try:
        yield port, root / "site"
    finally:
        process.terminate()
        process.wait(timeout=10)


def get(port: int, path: str, method: str = "GET", gzipped: bool = False) -> tuple[int, str, dict[str, str]]:
    """Status, body (decompressed when the server compressed it) and headers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        # the path as written: http.client does not normalise it
        connection.request(method, path, headers={"Accept-Encoding": "gzip"} if gzipped else {})
        response = connection.getresponse()
        body = response.read()
        if response.getheader("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return response.status, body.decode("utf-8", "replace"), dict(response.getheaders())
    finally:
        connection.close()


MISSING = [
    ("sv", "/sv/2007/45/"),  # a law the Swedish text lacks
    ("sv", "/sv/no-such-page/"),
    ("fi", "/fi/2007/13/extra/"),
    ("tr", "/tr/2017/nothing.html"),
    ("pl", "/pl/laws/999/"),
    ("en", "/no-such-page/"),
    ("en", "/laws/a/b/c/"),
]


@pytest.mark.parametrize(("lang", "path"), MISSING)
def test_a_missing_page_is_the_sites_own_404_in_the_paths_language(
    served: tuple[int, Path], lang: str, path: str
) -> None:
    port, _ = served
    status, body, headers = get(port, path)
    assert status == 404
    assert headers["Content-Type"].startswith("text/html")
    assert f'<html lang="{lang}"' in body
    assert f'<section class="not-found" lang="{lang}" data-lang="{lang}" data-title' in body
    text = html_module.unescape(body)
    assert t(lang, "not_found_title") in text and t(lang, "not_found_text") in text
    assert 'name="viewport"' in body  # a phone's page, not Python's bare error page
    assert "Error response" not in body
    head_status, head_body, _ = get(port, path, "HEAD")
    assert head_status == 404 and head_body == ""
    # compressed for a browser that accepts it, as a host compresses its error pages
    zipped_status, zipped_body, zipped_headers = get(port, path, gzipped=True)
    assert zipped_status == 404 and zipped_headers.get("Content-Encoding") == "gzip" and zipped_body == body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_that_exist_are_served_as_they_are(served: tuple[int, Path], lang: str) -> None:
    port, folder = served
    home = "/" + urls.home(lang)
    status, body, _ = get(port, home)
    assert status == 200 and body == (folder / urls.home(lang) / "index.html").read_text(encoding="utf-8")
    status, zipped, headers = get(port, home, gzipped=True)
    assert status == 200 and headers.get("Content-Encoding") == "gzip" and zipped == body
    slashless = home.rstrip("/") + "/search"
    status, _, headers = get(port, slashless)  # a folder without its slash is sent on to it
    assert status == 301 and headers["Location"].endswith(slashless + "/")


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/../../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/%2E%2E/pyproject.toml",
        "/%2e%2e%2fpyproject.toml",
        "/sv/..%2f..%2fpyproject.toml",
        "/sv/%2e%2e/%2e%2e/pyproject.toml",
        "/..%5cpyproject.toml",
        "//../pyproject.toml",
    ],
)
def test_nothing_outside_the_site_is_served(served: tuple[int, Path], path: str) -> None:
    port, _ = served
    status, body, _ = get(port, path)
    assert SECRET not in body
    assert status in (301, 404)  # missing inside the site (its 404 page), or sent to a path inside it
    if status == 404:
        assert '<section class="not-found"' in body


def test_without_a_built_site_it_says_so(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bridgelaws.cli", "serve", "--site-dir", str(tmp_path / "site"), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "bridgelaws build" in run.stderr


def test_make_serve_runs_the_sites_own_server() -> None:
    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert "bridgelaws serve" in recipe and "http.server" not in recipe


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_stops_at_a_signal_while_a_connection_waits(served: tuple[int, Path], signum: int) -> None:
    """Ctrl-C or a service manager's SIGTERM ends ``bridgelaws serve`` though a browser holds a
    connection it has sent nothing on yet (a preconnect: its thread waits for a request line), and
    says nothing of a build: the server wrote nothing.

    The server starts with the signal's default action, as a command typed in a terminal does: a
    job a non-interactive shell put in the background inherits SIGINT ignored, and a test run
    started so would otherwise send Ctrl-C to a server that never hears it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgelaws.cli", "serve", "--site-dir", str(served[1]), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL),
    )
    assert process.stdout is not None
    port = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
    assert port, "no address"
    idle = socket.create_connection(("127.0.0.1", int(port[1])), timeout=30)
    try:
        assert get(int(port[1]), "/")[0] == 200  # served after the idle one was accepted
        process.send_signal(signum)
        _, said = process.communicate(timeout=60)  # a guard against a hang, not a measure
    finally:
        idle.close()
        if process.poll() is None:
            process.kill()
    assert "error" not in said and "built" not in said, said


def test_the_compressed_copies_hold_the_whole_site(site: Path) -> None:
    """Every text file of the site fits the server's cache of compressed bodies, so that keeping a
    language offline (thousands of files at once) does not push out what each page load asks for."""
    texts = sum(1 for path in site.rglob("*") if path.suffix in server.COMPRESSIBLE and path.is_file())
    assert texts <= server.COMPRESSED_FILES, f"{texts} text files, room for {server.COMPRESSED_FILES}"
