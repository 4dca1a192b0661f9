"""The engine wheel (`tabletome-engine`, pure Python, py3-none-any) that the browser installs.

engine/ (with its compiled catalog.json, without caches) is copied into a throw-away
project with a generated pyproject, and `python -m build --wheel --no-isolation` builds it.

That subprocess costs about a second of CPU, so the wheel is kept in `.cache/wheels/` under a key made
of everything it is made from: the path and bytes of every file copied into the project, the generated
pyproject, the Python version and the versions of `build`, `setuptools` and `wheel` (SOURCE_DATE_EPOCH
makes the bytes the same for the same inputs). With the key found, the cached wheel is the wheel; without
it the wheel is built and cached. `start` begins either at once and returns a `Job`, so the pipeline starts
the subprocess right after the catalog is compiled and collects the wheel after mkdocs: it runs on the other
core while the pages are rendered.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

PYPROJECT = """\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "tabletome-engine"
version = "{version}"
description = "Tabletome's rules engine (pure Python standard library) with its compiled catalog."
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["engine", "engine.*"]

[tool.setuptools.package-data]
engine = ["catalog.json"]
"""


class WheelError(Exception):
    pass


def project_version(repo: Path) -> str:
    with (repo / "pyproject.toml").open("rb") as stream:
        return tomllib.load(stream)["project"]["version"]


_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*")  # not copied into the project
TOOLS = ("build", "setuptools", "wheel")  # their versions are part of the cache key
KEEP = 4  # wheels kept in the cache (other branches, other engines)


def _sources(engine_dir: Path) -> list[Path]:
    """The files copytree(engine_dir, ignore=_IGNORE) copies, in a fixed order."""
    found = []
    for folder, names, files in os.walk(engine_dir):
        ignored = _IGNORE(folder, [*names, *files])
        names[:] = sorted(name for name in names if name not in ignored)
        found += [Path(folder) / name for name in sorted(files) if name not in ignored]
    return found


def key(engine_dir: Path, version: str) -> str:
    """The checksum of everything the wheel is made from (see the module docstring)."""
    digest = hashlib.sha256()
    tools = []
    for tool in TOOLS:
        try:
            tools.append(f"{tool}=={importlib.metadata.version(tool)}")
        except importlib.metadata.PackageNotFoundError:
            tools.append(f"{tool} missing")
    digest.update("\n".join([sys.version, *tools, PYPROJECT.format(version=version)]).encode())
    for path in _sources(engine_dir):
        data = path.read_bytes()
        digest.update(f"\0{path.relative_to(engine_dir).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:32]


class Job:
    """A wheel being built (or taken from the cache); `result()` waits for it and returns its path."""

    def __init__(self, engine_dir: Path, version: str, work: Path, cache: Path | None = None):
        if not (engine_dir / "__init__.py").is_file():
            raise WheelError(f"{engine_dir}/__init__.py is missing: the engine is not a package yet")
        if not (engine_dir / "catalog.json").is_file():
            raise WheelError(f"{engine_dir}/catalog.json is missing (the build compiles it first)")
        self.work = work
        self.dist = work / "dist"
        self.cached = None
        self.cache_folder = cache / key(engine_dir, version) if cache is not None else None
        if self.cache_folder is not None:
            wheels = sorted(self.cache_folder.glob("*.whl"))
            if len(wheels) == 1:
                os.utime(self.cache_folder)  # the newest used: kept
                self.cached = wheels[0]
                self.process = None
                return
        project = work / "engine-project"
        shutil.rmtree(project, ignore_errors=True)
        shutil.copytree(engine_dir, project / "engine", ignore=_IGNORE)
        (project / "pyproject.toml").write_text(PYPROJECT.format(version=version), encoding="utf-8")
        # -P and cwd: the repo's own build.py must not shadow the `build` package
        command = [sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation",
                   "--outdir", str(self.dist), str(project)]
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")  # same engine, same wheel bytes
        # its output goes to a file, not a pipe that nobody reads until it is done (and could fill up)
        self.output = (work / "wheel-build.log").open("w+", encoding="utf-8")
        self.process = subprocess.Popen(command, cwd=work, env=env, stdout=self.output,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def result(self) -> Path:
        if self.cached is not None:
            return self.cached
        try:
            code = self.process.wait()
            self.output.seek(0)
            output = self.output.read()
        finally:
            if self.process.poll() is None:  # interrupted while waiting: nothing may outlive the build
                self.process.kill()
                self.process.wait()
            self.output.close()
        if code != 0:
            raise WheelError(f"building the engine wheel failed:\n{output.strip()}")
        wheels = sorted(self.dist.glob("*.whl"))
        if len(wheels) != 1:
            raise WheelError(f"expected one wheel in {self.dist}, found {[w.name for w in wheels]}")
        if not wheels[0].name.endswith("-py3-none-any.whl"):
            raise WheelError(f"{wheels[0].name} is not a pure-Python py3-none-any wheel")
        if self.cache_folder is not None:
            self._keep(wheels[0])
        return wheels[0]

    def _keep(self, wheel: Path) -> None:
        """Put the wheel in the cache (whole or not at all) and drop the oldest beyond KEEP."""
        cache = self.cache_folder.parent
        part = cache / f"{self.cache_folder.name}.part-{os.getpid()}"
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir(parents=True)
        shutil.copyfile(wheel, part / wheel.name)
        try:
            part.rename(self.cache_folder)
        except OSError:  # another build cached it meanwhile
            shutil.rmtree(part, ignore_errors=True)
        kept = sorted((p for p in cache.iterdir() if ".part-" not in p.name), key=lambda p: p.stat().st_mtime)
        for old in kept[:-KEEP]:
            shutil.rmtree(old, ignore_errors=True)

    def cancel(self) -> None:
        """Stop the subprocess if it still runs (a build that failed or was interrupted before result())."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process is not None:
            self.output.close()


def start(engine_dir: Path, version: str, work: Path, cache: Path | None = None) -> Job:
    """Begin making the wheel in work/ (from `cache` when it holds this key; cached when made)."""
    return Job(engine_dir, version, work, cache)


def build_wheel(engine_dir: Path, version: str, work: Path, cache: Path | None = None) -> Path:
    """Build the wheel in work/ (or take it from `cache`) and return its path."""
    job = start(engine_dir, version, work, cache)
    try:
        return job.result()
    finally:
        job.cancel()

