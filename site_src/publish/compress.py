"""Precompressed copies of the built site's text files, as a good static host serves them.

Beside every file worth compressing the build writes `<name>.gz` (gzip, the standard library) and `<name>.br`
(Brotli, the `brotli` package from Google), and the server (publish/serve.py, WhiteNoise) sends the smallest
one the browser accepts. A copy that saves less than 5 % is not written, as WhiteNoise's own compressor does.

Brotli's best quality (11) is slow (about 2 MB/s): it is spent on the scripts and styles every page loads
(`assets/`), where each byte counts on every visit; pages and big files get quality 5, nearly as small and
fifty times faster.

Every copy is kept in `.cache/compressed/` under the checksum of the file it compresses (and its quality), so
a file that did not change since a build before is not compressed again: the Pyodide runtime, the prepared
runtime and the theme's files hardly ever change, and an edit to a card changes a few pages, not all 800.
A copy missing from the cache (or removed by another build's pruning while this one read it) is made again.
The cache keeps the copies this build used and, of the others, the newest up to `KEEP_BYTES`.
Measured on the whole site (2 cores): compressing every text file 2.1 CPU-s for the pages and 1.8 CPU-s for
the scripts and styles at quality 11, wall time 1.8 s unloaded; taken from the cache 0.2 s.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import brotli

EXTENSIONS = {".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".map", ".txt", ".wasm", ".bin",
              ".webmanifest"}
BEST = 11  # Brotli quality of the scripts and styles every page loads
FAST = 5  # of everything else
CACHED_FROM = 256 * 1024  # the size from which a file counts as big in _quality (a source map, a runtime)
KEEP_BYTES = 96 << 20  # copies no file of this build used, kept newest first up to this size
SAVING = 0.95  # a copy is written only when it is at most this fraction of the file


def _quality(name: str, size: int) -> int:
    return BEST if name.startswith("assets/") and not name.endswith(".map") and size < CACHED_FROM else FAST


def _compressed(data: bytes, quality: int) -> tuple[bytes, bytes]:
    level = 9 if quality == BEST else 6
    return gzip.compress(data, compresslevel=level, mtime=0), brotli.compress(data, quality=quality)


def _cached(data: bytes, quality: int, cache: Path) -> tuple[bytes, bytes]:
    key = f"{hashlib.sha256(data).hexdigest()[:32]}-q{quality}"
    gz, br = cache / f"{key}.gz", cache / f"{key}.br"
    try:
        for path in (gz, br):
            os.utime(path)  # used by this build: kept by _prune
        return gz.read_bytes(), br.read_bytes()
    except FileNotFoundError:  # not made yet, or pruned by another build meanwhile
        pass
    made = _compressed(data, quality)
    cache.mkdir(parents=True, exist_ok=True)
    for path, body in zip((gz, br), made, strict=True):
        part = path.with_name(path.name + ".part")
        part.write_bytes(body)
        part.replace(path)
    return made


def _prune(cache: Path, since: float) -> None:
    """Remove the copies no file of this build (started at `since`) used, but the newest up to KEEP_BYTES."""
    others = []
    for path in cache.glob("*.br"):
        try:
            found = path.stat()
        except FileNotFoundError:  # pruned by another build
            continue
        if found.st_mtime < since:
            others.append((found.st_mtime, found.st_size, path))
    kept = 0
    for _, size, path in sorted(others, reverse=True):
        kept += size
        if kept > KEEP_BYTES:
            path.unlink(missing_ok=True)
            path.with_suffix(".gz").unlink(missing_ok=True)


def _one(job: tuple[Path, str, Path]) -> tuple[int, int]:
    """Write one file's copies; return its size and its smallest copy's."""
    path, name, cache = job
    data = path.read_bytes()
    quality = _quality(name, len(data))
    gz, br = _cached(data, quality, cache)
    kept = [(suffix, body) for suffix, body in ((".gz", gz), (".br", br)) if len(body) <= SAVING * len(data)]
    for suffix, body in kept:
        path.with_name(path.name + suffix).write_bytes(body)
    return len(data), min([len(body) for _, body in kept] or [len(data)])


def compress(site: Path, cache: Path, log: Callable[[str], None] = print) -> dict[str, int]:
    """Write the .gz and .br copies of every text file of `site`; return the bytes of the files and of the
    smallest copies written."""
    since = time.time() - 1  # copies used from here on are this build's (mtimes are coarser than this clock)
    files = sorted(path for path in site.rglob("*") if path.suffix in EXTENSIONS and path.is_file())
    work = [(path, path.relative_to(site).as_posix(), cache) for path in files]
    # one process per core: brotli holds the GIL while it works
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("fork")) as pool:
        sizes = list(pool.map(_one, work, chunksize=32))
    before, after = sum(size for size, _ in sizes), sum(size for _, size in sizes)
    if cache.is_dir():
        _prune(cache, since)
    log(f"{len(files)} files precompressed (gzip, brotli): {before >> 20} MB -> {after >> 20} MB")
    return {"files": len(files), "bytes": before, "compressed": after}

