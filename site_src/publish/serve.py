"""The built site served on 127.0.0.1 as a good static host serves it: WhiteNoise behind waitress.

- **Compression:** WhiteNoise sends the `.br` or `.gz` copy the build wrote beside a file
  (publish/compress.py) to a browser that accepts it, with `Vary: Accept-Encoding`.
- **Caching:** a file whose name changes with its content (`versioned`) may be kept without asking
  again (WhiteNoise's `Cache-Control: max-age=315360000, public, immutable`, ten years); every other
  file, pages first, is revalidated on each use (`no-cache`, with its ETag and Last-Modified, so an
  unchanged file costs a 304).
- **A missing page** gets the site's 404 page, with status 404: the one of its section when it has one (a
  game in another language: publish/projects.py), else the site's.
- **MIME types:** WhiteNoise's, which give `.wasm` as application/wasm (a wrong type makes loadPyodide
  hang), plus `MIME_TYPES`.

`make_app` is the WSGI application; `Server` runs one on a port, in the foreground (`build.py serve`) or in
a thread (the tests, the bench).
"""

from __future__ import annotations

import logging
import re
import signal
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from waitress.server import create_server
from whitenoise import WhiteNoise

MIME_TYPES = {
    ".whl": "application/octet-stream",
    ".bin": "application/octet-stream",  # the prepared runtime (bundle/prepared.py)
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
}
YEAR = 365 * 24 * 3600
# Names that change with the content: mkdocs-material's hashed assets, our chunks (publish/assets.py), the
# runtime under its version's folder (bundle/pyodide.py) and the prepared runtime under its key.
VERSIONED = re.compile(r"""(
      /assets/(javascripts|stylesheets)/.*\.[0-9a-f]{8}\.min\.(js|css)(\.map)?
    | /assets/chunks/[^/]+-[0-9A-Z]{8}\.js(\.map)?
    | /pyodide/\d+\.\d+\.\d+[^/]*/[^/]+
    | /engine/prepared-[0-9a-f]{16}\.bin
    )$""", re.X)


def versioned(url: str) -> bool:
    return bool(VERSIONED.search(url))


def _revalidate(headers, path: str, url: str) -> None:
    if not versioned(url):
        headers["Cache-Control"] = "no-cache"


def _not_found(site: Path) -> Callable:
    """The WSGI application behind WhiteNoise: whatever no file answers gets a 404 page."""

    def app(environ, start_response) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "/")
        section = path.lstrip("/").split("/", 1)[0]
        pages = [site / section / "404.html"] if section and "." not in section else []
        page = next((p for p in [*pages, site / "404.html"] if p.is_file()), None)
        body = page.read_bytes() if page else b"404 Not Found\n"
        kind = "text/html; charset=utf-8" if page else "text/plain; charset=utf-8"
        start_response("404 Not Found", [("Content-Type", kind), ("Content-Length", str(len(body))),
                                         ("Cache-Control", "no-cache")])
        return [body] if environ.get("REQUEST_METHOD") != "HEAD" else []

    return app


def make_app(site: Path) -> WhiteNoise:
    """The WSGI application serving `site`."""
    return WhiteNoise(_not_found(site), root=str(site), index_file=True, max_age=YEAR,
                      immutable_file_test=lambda path, url: versioned(url), mimetypes=MIME_TYPES,
                      add_headers_function=_revalidate, allow_all_origins=False)


class Server:
    """A WSGI application on 127.0.0.1:`port` (0: a free one) under waitress. `url` is its root."""

    def __init__(self, app: Callable, port: int = 0, threads: int = 8):
        logging.getLogger("waitress").setLevel(logging.ERROR)  # no "Serving on" or queue chatter
        self.server = create_server(app, host="127.0.0.1", port=port, threads=threads, ident="tabletome")
        self.port = self.server.effective_port
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread: threading.Thread | None = None
        self.stopping = False

    def run(self) -> None:
        """Serve until stop(). stop() closes the sockets under the loop's select(), which then fails on a
        closed descriptor: that ends the loop, as webtest's StopableWSGIServer lets it; any other error is
        raised."""
        try:
            self.server.run()
        except (OSError, ValueError):
            if not self.stopping:
                raise

    def start(self) -> Server:
        """Serve in a daemon thread."""
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        """Close the listening socket and every open connection, then end the serving thread."""
        self.stopping = True
        while self.server._map:  # waitress's socket map: the listener and each channel (as webtest does)
            for channel in list(self.server._map.values()):
                channel.handle_close()
        self.server.task_dispatcher.shutdown()
        if self.thread:
            self.thread.join(timeout=10)


def serve(site: Path, port: int = 8000, log: Callable[[str], None] = print) -> int:
    try:
        server = Server(make_app(site), port)
    except OSError as error:
        log(f"cannot listen on 127.0.0.1:{port}: {error.strerror or error}")
        return 1
    log(f"serving {site.name}/ on {server.url} (Ctrl-C stops)")

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    log("stopped")
    return 0
