"""The engine wheel (`tabletome-engine`, pure Python, py3-none-any) that the browser installs.

engine/ (with its compiled catalog.json, without caches) is copied into a throw-away
project with a generated pyproject, and `python -m build --wheel --no-isolation` builds it.
"""

from __future__ import annotations

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


def build_wheel(engine_dir: Path, version: str, work: Path) -> Path:
    """Build the wheel in work/ and return its path."""
    if not (engine_dir / "__init__.py").is_file():
        raise WheelError(f"{engine_dir}/__init__.py is missing: the engine is not a package yet")
    if not (engine_dir / "catalog.json").is_file():
        raise WheelError(f"{engine_dir}/catalog.json is missing (the build compiles it first)")
    project = work / "engine-project"
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(
        engine_dir,
        project / "engine",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*"),
    )
    (project / "pyproject.toml").write_text(PYPROJECT.format(version=version), encoding="utf-8")
    dist = work / "dist"
    # -P and cwd: the repo's own build.py must not shadow the `build` package
    command = [
        sys.executable,
        "-P",
        "-m",
        "build",
        "--wheel",
        "--no-isolation",
        "--outdir",
        str(dist),
        str(project),
    ]
    env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")  # same engine, same wheel bytes
    result = subprocess.run(
        command, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    if result.returncode != 0:
        raise WheelError(f"building the engine wheel failed:\n{result.stdout.strip()}")
    wheels = sorted(dist.glob("*.whl"))
    if len(wheels) != 1:
        raise WheelError(f"expected one wheel in {dist}, found {[w.name for w in wheels]}")
    if not wheels[0].name.endswith("-py3-none-any.whl"):
        raise WheelError(f"{wheels[0].name} is not a pure-Python py3-none-any wheel")
    return wheels[0]
