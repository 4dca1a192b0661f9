"""`build.py serve` behaves like a good static host (publish/serve.py, publish/compress.py): it sends the
build's precompressed copies to a browser that accepts them, lets a browser keep a file whose name changes
with its content and revalidate every other, answers a missing page with the site's 404 page, and gives
the runtime's files their MIME types. Checked over HTTP against the built site."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request

import brotli
import pytest
from web import SITE, SiteServer

from site_src.publish import compress


@pytest.fixture(scope="module")
def host():
    with SiteServer(SITE) as server:
        yield server.url


def fetch(url: str, encoding: str = "", method: str = "GET") -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, method=method, headers={"Accept-Encoding": encoding} if encoding
                                     else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_pages_and_assets_go_compressed_to_a_browser_that_accepts_it(host):
    for path in ["mechs-vs-minions/rules/how-to-play/", "assets/tome.css", "assets/play/play.js",
                 "engine/manifest.json"]:
        status, plain_headers, plain = fetch(host + path)
        assert status == 200 and "content-encoding" not in plain_headers, path
        status, headers, body = fetch(host + path, "gzip, deflate, br")
        assert headers.get("content-encoding") == "br", path
        assert brotli.decompress(body) == plain and len(body) < len(plain) / 2, path
        assert "accept-encoding" in headers.get("vary", "").lower(), path
        status, headers, body = fetch(host + path, "gzip")
        assert headers.get("content-encoding") == "gzip" and gzip.decompress(body) == plain, path


def test_the_scripts_every_page_loads_get_brotlis_best_quality():
    """The build spends Brotli's slow best quality on what every page loads (publish/compress.py)."""
    data = (SITE / "assets" / "tome.css").read_bytes()
    best = brotli.compress(data, quality=compress.BEST)
    assert (SITE / "assets" / "tome.css.br").read_bytes() == best
    assert len(best) < len(brotli.compress(data, quality=compress.FAST))


def test_versioned_files_are_kept_and_the_rest_revalidated(host, built_site):
    site, manifest = built_site
    chunk = next((site / "assets" / "chunks").glob("shell-*.js")).relative_to(site).as_posix()
    bundle = next((site / "assets" / "javascripts").glob("bundle.*.min.js")).relative_to(site).as_posix()
    kept = [chunk, bundle, manifest["pyodide"] + "pyodide.asm.wasm", manifest["prepared"]]
    for path in kept:
        status, headers, _ = fetch(host + path, method="HEAD")
        assert status == 200, path
        cache = headers["cache-control"]
        assert "immutable" in cache and int(cache.split("max-age=")[1].split(",")[0]) >= 365 * 24 * 3600, path
    for path in ["", "mechs-vs-minions/scenarios/mission-00/", "assets/tome.css", "assets/play/worker.js",
                 "engine/manifest.json", manifest["wheel"], "sitemap.xml", "sw.js", "manifest.webmanifest"]:
        status, headers, _ = fetch(host + path, method="HEAD")
        assert status == 200 and headers["cache-control"] == "no-cache", path
        assert headers.get("etag") and headers.get("last-modified"), path
        again = urllib.request.Request(host + path, headers={"If-None-Match": headers["etag"]})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(again)
        assert answer.value.code == 304, path


def test_a_missing_page_gets_the_404_page_of_its_section(host):
    status, headers, body = fetch(host + "mechs-vs-minions/no-such-page/")
    assert status == 404 and headers["content-type"].startswith("text/html")
    assert b"There is no page at this address." in body
    status, _, body = fetch(host + "heroes-tcg/no-existe/")
    assert status == 404 and "No hay ninguna página en esta dirección.".encode() in body
    status, headers, body = fetch(host + "no-such-file.js", method="HEAD")
    assert status == 404 and body == b""


def test_the_runtime_files_have_their_mime_types(host, built_site):
    _, manifest = built_site
    types = {manifest["pyodide"] + "pyodide.asm.wasm": "application/wasm",
             manifest["pyodide"] + "pyodide.mjs": "text/javascript",
             "assets/play/worker.js": "text/javascript", "engine/manifest.json": "application/json",
             manifest["wheel"]: "application/octet-stream", manifest["prepared"]: "application/octet-stream",
             "assets/tome.css": "text/css", "": "text/html", "sw.js": "text/javascript",
             "manifest.webmanifest": "application/manifest+json", "assets/icons/icon-512.png": "image/png"}
    for path, kind in types.items():
        status, headers, _ = fetch(host + path, method="HEAD")
        assert status == 200 and headers["content-type"].split(";")[0] == kind, path


def test_the_service_worker_is_never_kept_by_the_http_cache(host):
    """A browser looks for a new sw.js at each page load; a host that let it keep the script would hold
    readers on an old build (publish/offline.py). Its copies are revalidated too."""
    for encoding in ("", "br", "gzip"):
        status, headers, _ = fetch(host + "sw.js", encoding)
        assert status == 200 and headers["cache-control"] == "no-cache", encoding
        assert "immutable" not in headers["cache-control"] and "max-age" not in headers["cache-control"]
