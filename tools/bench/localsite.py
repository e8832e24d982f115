"""The built site on the loopback, and the browser that reads it: shared by tests and benches.

* :func:`serve` serves a folder the way a real static host does — text gzip-compressed when
  the browser accepts it (as nginx would), so bytes counted are bytes a phone downloads — on a
  free port, quietly (a browser closing a page mid-download is not an error);
* a missing path answered, as nginx with an ``error_page`` per language folder would (and as
  Cloudflare Pages does by itself), with the nearest ``404.html`` up the folder tree and status
  404: ``/sv/2007/45/`` → ``/sv/404.html``, ``/nothing/`` → ``/404.html``;
* :data:`CHROMIUM` and :data:`CHROMIUM_ARGS`: Debian's Chromium (Playwright cannot download
  browsers here) with the flags it needs on a machine with no outside network: without the
  background-networking flags it keeps trying Google's hosts.
"""

from __future__ import annotations

import gzip
import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".xml", ".webmanifest")


@lru_cache(maxsize=512)
def _compressed(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip body, made once per version of the file (its time and size in the key): the
    server runs in the test's own process, and each page load asks for the same scripts again."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6)


class GzipHandler(SimpleHTTPRequestHandler):
    """Static files, text gzip-compressed when the browser accepts it."""

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the parent redirects /fi/search → /fi/search/
            path = path / "index.html"
        if not (path.suffix in COMPRESSIBLE and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = path.stat()
        body = _compressed(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing file: the nearest ``404.html`` (``sv/2007/45/`` → ``sv/404.html``), status 404."""
        page = self.nearest_not_found() if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def nearest_not_found(self) -> Path | None:
        root = Path(self.directory).resolve()
        folder = Path(self.translate_path(urlsplit(self.path).path)).resolve()
        if not folder.is_relative_to(root):
            return None
        for candidate in [folder, *folder.parents]:
            if candidate.is_relative_to(root) and (candidate / "404.html").is_file():
                return candidate / "404.html"
        return None

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # a browser closing a page mid-download (the service worker's precache) is not an error
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free loopback port; yields its base URL (ending in ``/``)."""
    server = QuietServer(("127.0.0.1", 0), partial(GzipHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
