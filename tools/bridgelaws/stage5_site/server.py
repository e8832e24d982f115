"""The built site served as a real static host serves it: ``bridgelaws serve`` (``make serve``),
the browser tests and the benches.

* text gzip-compressed when the browser accepts it (as nginx would), so bytes counted are bytes
  a phone downloads;
* a missing path answered, as nginx with an ``error_page`` per language folder would (and as
  Cloudflare Pages does by itself), with the nearest ``404.html`` up the folder tree and status
  404: ``/sv/2007/45/`` → ``/sv/404.html``, ``/nothing/`` → ``/404.html``; Python's own error
  page (English, 980 px wide on a phone) only for what is not a missing file;
* nothing outside the site's folder: ``..`` and its encoded forms are dropped from a path before
  it names a file (:meth:`SimpleHTTPRequestHandler.translate_path`), and the 404 page searched
  for stays inside the folder too;
* quiet: a browser closing a page mid-download (the service worker's precache) is not an error.

Standard library only, so ``make serve`` needs nothing the build does not.
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

NOT_FOUND = "404.html"
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".xml", ".webmanifest")
# Room for every text file of the site (about 6,300, 11 MB compressed): a language kept for
# offline reading asks for 1,700-2,400 of them at once, and a smaller cache would compress each
# again on every download, pushing out the scripts every page load asks for.
COMPRESSED_FILES = 8192


@lru_cache(maxsize=COMPRESSED_FILES)
def _compressed(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip body, made once per version of the file (its time and size in the key): each
    page load asks for the same scripts again."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files, text gzip-compressed when the browser accepts it, a missing one answered
    with the site's own 404 page of the path's language."""

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
        if "gzip" in self.headers.get("Accept-Encoding", ""):  # as a host compresses its error pages
            stat = page.stat()
            body = _compressed(str(page), stat.st_mtime_ns, stat.st_size)
            self.send_header("Content-Encoding", "gzip")
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
            if candidate.is_relative_to(root) and (candidate / NOT_FOUND).is_file():
                return candidate / NOT_FOUND
        return None

    def log_message(self, format: str, *args: object) -> None:
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    verbose = False
    # closing does not wait for the connections' threads (daemons): a connection a browser opened
    # ahead and sent nothing on would otherwise hold Ctrl-C until the browser closed it
    block_on_close = False

    def handle_error(self, request: object, client_address: object) -> None:
        # a browser closing a page mid-download (the service worker's precache) is not an error
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(folder: Path, host: str = "127.0.0.1", port: int = 0, verbose: bool = False) -> SiteServer:
    """A server of ``folder`` on ``host``:``port`` (0: a free port), not yet started."""
    server = SiteServer((host, port), partial(SiteHandler, directory=str(folder)))
    server.verbose = verbose
    return server


@contextmanager
def serve(folder: Path, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``folder`` on a free port of ``host`` in a thread; yields its base URL (ending in ``/``)."""
    server = make_server(folder, host)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def serve_forever(folder: Path, host: str, port: int) -> int:
    """``bridgelaws serve``: the site until Ctrl-C; 2 when there is no built site."""
    if not (folder / "index.html").is_file():
        print(f"error: no built site in {folder}/ (run `bridgelaws build` first)", file=sys.stderr)
        return 2
    server = make_server(folder, host, port, verbose=True)
    print(f"Serving {folder}/ on http://{host}:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
