"""The prepared runtime: a Pyodide memory snapshot taken with the engine imported, which the Play area
loads instead of booting Python from scratch (about 0.8 s instead of 2.6 s in Chromium, warm).

prepare_runtime.mjs makes it under Node from the vendored runtime and the engine wheel. It depends on
nothing else, and the wheel's bytes are reproducible, so it is kept in .cache/prepared/ under a name made
of the three checksums (runtime, wheel, maker script) and made again only when one of them changes. In the
site it keeps that name (engine/prepared-<key>.bin): a browser may cache it for ever.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from .pyodide import read_lock

MAKER = Path(__file__).resolve().parent / "prepare_runtime.mjs"
KEEP = 4  # snapshots kept in the cache (other branches, other engines)


class PrepareError(Exception):
    pass


def key(repo: Path, wheel_sha256: str) -> str:
    """What the snapshot depends on: the runtime's checksum, the wheel's and the maker script's."""
    parts = [read_lock(repo)["sha256"], wheel_sha256, hashlib.sha256(MAKER.read_bytes()).hexdigest()]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def prepare(
    repo: Path, runtime: Path, wheel: Path, wheel_sha256: str, log: Callable[[str], None] = print
) -> Path:
    """The snapshot for this runtime folder and wheel (whose checksum the manifest holds): from the cache,
    or made now (a few seconds)."""
    cache = repo / ".cache" / "prepared"
    path = cache / f"prepared-{key(repo, wheel_sha256)}.bin"
    if path.is_file():
        return path
    cache.mkdir(parents=True, exist_ok=True)
    if shutil.which("node") is None:
        raise PrepareError(
            "node is not installed: the build runs Pyodide under Node to prepare the Play "
            "area's runtime (install Node.js 20, as the README says)"
        )
    log("preparing the Play area's runtime (Pyodide under Node, the engine imported, a memory snapshot)")
    result = subprocess.run(
        ["node", str(MAKER), str(runtime), str(wheel), str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if result.returncode != 0 or not path.is_file():
        raise PrepareError(
            f"preparing the Play area's runtime failed ({MAKER.name}, exit {result.returncode}):\n"
            f"{result.stdout.strip()[-4000:]}"
        )
    for old in sorted(cache.glob("prepared-*.bin"), key=lambda p: p.stat().st_mtime)[:-KEEP]:
        old.unlink()
    return path
