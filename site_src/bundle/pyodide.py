"""The vendored Pyodide runtime: the npm `pyodide` package, pinned and checksum-verified.

pyodide.lock.json (repo root) names the version, the tarball's sha256 and each runtime
file's sha256. The tarball is fetched once with `npm pack` into .cache/pyodide/, the
runtime files are extracted into .cache/pyodide/<version>/, and the build copies them to
site/pyodide/<version>/ (versioned paths, so browsers can keep them cached).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path


class VendorError(Exception):
    pass


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_lock(repo: Path) -> dict:
    return json.loads((repo / "pyodide.lock.json").read_text(encoding="utf-8"))


def _fetch(lock: dict, cache: Path, log: Callable[[str], None]) -> Path:
    tarball = cache / lock["tarball"]
    if not tarball.exists():
        spec = f"{lock['package']}@{lock['version']}"
        log(f"fetching {spec} from the npm registry (npm pack)")
        cache.mkdir(parents=True, exist_ok=True)
        by_hand = (
            f"or put {lock['tarball']} (sha256 {lock['sha256']}, from the npm registry) in {cache}/"
        )
        try:
            result = subprocess.run(
                ["npm", "pack", spec, "--pack-destination", str(cache)],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                stdin=subprocess.DEVNULL,
            )
        except FileNotFoundError:
            raise VendorError(
                f"the Pyodide runtime is not in {cache}/ and npm is not installed to fetch {spec}: "
                f"install Node.js and npm, {by_hand}"
            ) from None
        if result.returncode != 0 or not tarball.exists():
            raise VendorError(
                f"the Pyodide runtime is not in {cache}/ and `npm pack {spec}` failed "
                f"(offline?); retry online, {by_hand}:\n{result.stdout.strip()}"
            )
    actual = sha256(tarball)
    if actual != lock["sha256"]:
        tarball.unlink()
        raise VendorError(
            f"{tarball.name}: sha256 {actual} does not match pyodide.lock.json "
            f"({lock['sha256']}); the download was deleted"
        )
    return tarball


def _verified(folder: Path, files: dict[str, str]) -> bool:
    return all(
        (folder / name).is_file() and sha256(folder / name) == digest
        for name, digest in files.items()
    )


def runtime(repo: Path, log: Callable[[str], None] = print) -> Path:
    """The folder holding the verified runtime files (fetching and extracting when needed)."""
    lock = read_lock(repo)
    cache = repo / ".cache" / "pyodide"
    folder = cache / lock["version"]
    files: dict[str, str] = lock["files"]
    if _verified(folder, files):
        return folder
    tarball = _fetch(lock, cache, log)
    staging = cache / f"{lock['version']}.extracting"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in files:
            member = archive.getmember(f"package/{name}")
            if not member.isfile():
                raise VendorError(f"{tarball.name}: package/{name} is not a regular file")
            with archive.extractfile(member) as source, (staging / name).open("wb") as target:
                shutil.copyfileobj(source, target)
    for name, digest in files.items():
        actual = sha256(staging / name)
        if actual != digest:
            shutil.rmtree(staging)
            raise VendorError(f"{name} in {tarball.name}: sha256 {actual}, expected {digest}")
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    log(f"pyodide {lock['version']} runtime extracted to {folder.relative_to(repo)}/")
    return folder


def vendor(repo: Path, site: Path, log: Callable[[str], None] = print) -> str:
    """Copy the runtime into site/pyodide/<version>/; return that path relative to the site."""
    lock = read_lock(repo)
    source = runtime(repo, log)
    relative = f"pyodide/{lock['version']}/"
    target = site / relative
    target.mkdir(parents=True, exist_ok=True)
    for name in lock["files"]:
        shutil.copyfile(source / name, target / name)
    return relative
