"""The whole build: check → catalog → pages → mkdocs → CSP → engine wheel → Pyodide → manifest → swap.

Everything is assembled in a temporary folder next to the output (`<out>.tmp-<pid>`);
only when every step succeeded does it replace the output folder. A failure leaves
the previous output exactly as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from . import catalog, checker, crosscheck, csp, mkdocs_run, pages, pyodide, search_index, wheel
from .anchors import rule_urls


class BuildFailed(Exception):
    pass


def _swap(new: Path, out: Path) -> None:
    old = out.parent / f"{out.name}.old-{os.getpid()}"
    if out.exists():
        out.rename(old)
    try:
        new.rename(out)
    except OSError:
        if old.exists():
            old.rename(out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def build(
    repo: Path,
    out: Path,
    log: Callable[[str], None] = print,
    content_dir: Path | None = None,
    engine_dir: Path | None = None,
    effects: crosscheck.EffectsProvider = crosscheck.engine_effects,
) -> dict:
    """Build the site into `out`; return the manifest. Raises BuildFailed (out untouched)."""
    content_dir = content_dir or repo / "content"
    engine_dir = engine_dir or repo / "engine"
    out = out.resolve()
    staging = out.parent / f"{out.name}.tmp-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    started = time.perf_counter()

    def step(message: str) -> None:
        log(f"{message} ({time.perf_counter() - started:.1f} s)")

    try:
        result = checker.check(content_dir, effects=effects)
        if result.problems:
            lines = [p.format() for p in result.problems]
            raise BuildFailed("\n".join(lines) + f"\n{len(lines)} problem(s) in content/")
        step(f"content checked: {result.content.summary()}")
        catalog.write(catalog.compile_catalog(result.content), engine_dir / "catalog.json")
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="tabletome-build-") as work_name:
            work = Path(work_name)
            docs = work / "docs"
            renderer = pages.render(result.content, docs)
            index = search_index.write(result.content, docs, renderer)
            step(f"{len(renderer.pages)} pages rendered; search index: {index['entries']} records, "
                 f"{index['bytes'] // 1024} KB")
            config = mkdocs_run.write_config(
                result.content, renderer.nav, docs, staging, work / "mkdocs.yml"
            )
            mkdocs_run.build(config)
            step("mkdocs-material site built")
            csp.apply(staging)
            step("Content Security Policy written into every page")
            built = wheel.build_wheel(engine_dir, wheel.project_version(repo), work)
            (staging / "engine").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built, staging / "engine" / built.name)
            step(f"engine wheel {built.name} built")
        runtime = pyodide.vendor(repo, staging, log)
        step(f"pyodide runtime copied to {runtime}")
        manifest = {
            "wheel": f"engine/{built.name}",
            "wheel_sha256": pyodide.sha256(staging / "engine" / built.name),
            "pyodide": runtime,
            "rules": rule_urls(result.content),
        }
        (staging / "engine" / "manifest.json").write_text(
            json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
        _swap(staging, out)
        return manifest
    except BuildFailed:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    except (
        mkdocs_run.MkdocsError,
        wheel.WheelError,
        pyodide.VendorError,
        OSError,
        ValueError,
        LookupError,
        TypeError,
        ImportError,
        __import__("jinja2").TemplateError,
    ) as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildFailed(f"build failed: {type(error).__name__}: {error}") from error
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
