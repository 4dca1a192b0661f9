"""Precompressed copies of the built site's text files, as a good static host serves them.

Beside every file worth compressing the build writes `<name>.gz` (gzip, the standard library) and `<name>.br`
(Brotli, the `brotli` package from Google), and the server (publish/serve.py, WhiteNoise) sends the smallest
one the browser accepts. A copy that saves less than 5 % is not written, as WhiteNoise's own compressor does.

Brotli's best quality (11) is slow (about 2 MB/s): it is spent on the scripts and styles every page loads
(`assets/`), where each byte counts on every visit; pages and big files get quality 5, nearly as small and
fifty times faster. Files of `CACHED_FROM` bytes or more (the Pyodide runtime, the prepared runtime, source
maps) hardly change between builds, so their copies are kept in `.cache/compressed/` under their checksum.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import brotli

EXTENSIONS = {".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".map", ".txt", ".wasm", ".bin",
              ".webmanifest"}
BEST = 11  # Brotli quality of the scripts and styles every page loads
FAST = 5  # of everything else
CACHED_FROM = 256 * 1024
KEEP = 24  # cached copies kept (the newest used), a few builds' worth of runtimes and snapshots
SAVING = 0.95  # a copy is written only when it is at most this fraction of the file


def _quality(name: str, size: int) -> int:
    return BEST if name.startswith("assets/") and not name.endswith(".map") and size < CACHED_FROM else FAST


def _compressed(data: bytes, quality: int) -> tuple[bytes, bytes]:
    level = 9 if quality == BEST else 6
    return gzip.compress(data, compresslevel=level, mtime=0), brotli.compress(data, quality=quality)


def _cached(data: bytes, quality: int, cache: Path) -> tuple[bytes, bytes]:
    key = f"{hashlib.sha256(data).hexdigest()[:32]}-q{quality}"
    gz, br = cache / f"{key}.gz", cache / f"{key}.br"
    if gz.is_file() and br.is_file():
        for path in (gz, br):
            os.utime(path)  # newest used: kept
        return gz.read_bytes(), br.read_bytes()
    made = _compressed(data, quality)
    cache.mkdir(parents=True, exist_ok=True)
    for path, body in zip((gz, br), made, strict=True):
        part = path.with_name(path.name + ".part")
        part.write_bytes(body)
        part.replace(path)
    return made


def _prune(cache: Path) -> None:
    copies = sorted(cache.glob("*.br"), key=lambda path: path.stat().st_mtime, reverse=True)
    for old in copies[KEEP:]:
        old.unlink(missing_ok=True)
        old.with_suffix(".gz").unlink(missing_ok=True)


def _one(job: tuple[Path, str, Path]) -> tuple[int, int]:
    """Write one file's copies; return its size and its smallest copy's."""
    path, name, cache = job
    data = path.read_bytes()
    quality = _quality(name, len(data))
    gz, br = _cached(data, quality, cache) if len(data) >= CACHED_FROM else _compressed(data, quality)
    kept = [(suffix, body) for suffix, body in ((".gz", gz), (".br", br)) if len(body) <= SAVING * len(data)]
    for suffix, body in kept:
        path.with_name(path.name + suffix).write_bytes(body)
    return len(data), min([len(body) for _, body in kept] or [len(data)])


def compress(site: Path, cache: Path, log: Callable[[str], None] = print) -> dict[str, int]:
    """Write the .gz and .br copies of every text file of `site`; return the bytes of the files and of the
    smallest copies written."""
    files = sorted(path for path in site.rglob("*") if path.suffix in EXTENSIONS and path.is_file())
    work = [(path, path.relative_to(site).as_posix(), cache) for path in files]
    # one process per core: brotli holds the GIL while it works
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("fork")) as pool:
        sizes = list(pool.map(_one, work, chunksize=32))
    before, after = sum(size for size, _ in sizes), sum(size for _, size in sizes)
    if cache.is_dir():
        _prune(cache)
    log(f"{len(files)} files precompressed (gzip, brotli): {before >> 20} MB -> {after >> 20} MB")
    return {"files": len(files), "bytes": before, "compressed": after}

