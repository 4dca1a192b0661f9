"""A local static server for site/ on 127.0.0.1 (for reading and playing the built site)."""

from __future__ import annotations

import functools
import http.server
import signal
from collections.abc import Callable
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",  # a wrong type makes loadPyodide hang silently
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass

    def send_error(self, code, message=None, explain=None):
        """A missing page gets the site's 404 page: the one of its section when it has one (a game in
        another language: publish/projects.py), else the site's."""
        if code != 404 or self.command not in ("GET", "HEAD"):
            return super().send_error(code, message, explain)
        root = Path(self.directory)
        section = self.path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
        pages = [root / section / "404.html"] if section and "." not in section else []
        page = next((p for p in [*pages, root / "404.html"] if p.is_file()), None)
        if page is None:
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)


def make_server(site: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(site))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(site: Path, port: int = 8000, log: Callable[[str], None] = print) -> int:
    try:
        server = make_server(site, port)
    except OSError as error:
        log(f"cannot listen on 127.0.0.1:{port}: {error.strerror or error}")
        return 1
    log(f"serving {site.name}/ on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()
    return 0
