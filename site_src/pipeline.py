"""The whole build, the stages in order: check → catalog → pages → search index → mkdocs (one project
per language, publish/projects.py) → CSP → engine wheel → Pyodide runtime → prepared runtime → manifest
→ service worker and web app manifest (publish/offline.py) → compressed copies → swap.

Everything is assembled in a staging folder next to the output and swapped in only when every step
succeeded (publish/swap.py): a failed or interrupted build leaves the previous output byte-identical.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import jinja2

from . import repository
from .bundle import prepared, pyodide, wheel
from .check import checker, crosscheck
from .compile import catalog
from .model.anchors import rule_urls
from .model.problems import report_lines
from .publish import assets, compress, csp, mkdocs_run, offline, projects, swap
from .render import gallery, pages, search_index


class BuildFailed(Exception):
    pass


def cores() -> int:
    """The cores this process may use: the steps that can share their work out use them all."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


_FAILURES = (  # errors that mean "this build cannot be made", reported without a traceback
    mkdocs_run.MkdocsError,
    projects.ProjectError,
    wheel.WheelError,
    pyodide.VendorError,
    prepared.PrepareError,
    assets.BundleError,
    offline.OfflineError,
    OSError,
    ValueError,
    LookupError,
    TypeError,
    ImportError,
    jinja2.TemplateError,
)


def build(
    repo: Path,
    out: Path,
    log: Callable[[str], None] = print,
    content_dir: Path | None = None,
    engine_dir: Path | None = None,
    effects: crosscheck.EffectsProvider = crosscheck.engine_effects,
) -> dict:
    """Build the site into `out`; return the manifest. Raises BuildFailed (out untouched).

    KeyboardInterrupt (Ctrl-C, SIGTERM) also leaves `out` untouched, and is re-raised."""
    content_dir = content_dir or repo / "content"
    engine_dir = engine_dir or repo / "engine"
    out = out.resolve()
    staging = swap.staging(out)
    with swap.sigterm_interrupts():
        try:
            swap.tidy(out, log, others=True)
            manifest = _assemble(repo, staging, log, content_dir, engine_dir, effects)
            swap.swap(staging, out)
        except BaseException as error:
            swap.tidy(out, log, others=False)
            if isinstance(error, _FAILURES):
                raise BuildFailed(f"build failed: {type(error).__name__}: {error}") from error
            raise
    return manifest


def _assemble(
    repo: Path,
    staging: Path,
    log: Callable[[str], None],
    content_dir: Path,
    engine_dir: Path,
    effects: crosscheck.EffectsProvider,
) -> dict:
    """Every step but the swap, into `staging`; return the manifest."""
    started = time.perf_counter()

    def step(message: str) -> None:
        log(f"{message} ({time.perf_counter() - started:.1f} s)")

    result = checker.check(content_dir, effects=effects, cache=repo / ".cache")
    if result.problems:
        lines = report_lines(result.problems)
        raise BuildFailed("\n".join(lines) + f"\n{len(result.problems)} problem(s) in content/")
    step(f"content checked: {result.content.summary()}")
    # a repository or site address that links cannot use fails here, before any page is made
    repository.configured()
    repository.site_url()
    catalog.write(catalog.compile_catalog(result.content), engine_dir / "catalog.json")
    staging.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tabletome-build-") as work_name:
        work = Path(work_name)
        # the wheel's subprocess (when it is not cached) runs on the other core while the pages are rendered
        making = wheel.start(engine_dir, wheel.project_version(repo), work, repo / ".cache" / "wheels")
        try:
            docs = work / "docs"
            with gallery.remembered():  # content does not change while the pages and the index are made
                changes = repository.last_changes(content_dir)
                step(f"last changes of {len(changes)} content files read from git")
                renderer = pages.render(result.content, docs, repo / ".cache", workers=cores(),
                                        changes=changes)
                assets.bundle(docs / "assets", log=step)
                index = search_index.write(result.content, docs, renderer)
            step(f"{len(renderer.pages)} pages rendered; search index: {index['entries']} records, "
                 f"{index['bytes'] // 1024} KB")
            for message in mkdocs_run.build_site(result.content, renderer.nav, renderer.sections, docs,
                                                 staging, work):
                step(message)
            csp.apply(staging, workers=cores(), cache=repo / ".cache")
            step("Content Security Policy written into every page")
            built = making.result()
        finally:
            making.cancel()
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
    if (engine_dir / "webapi.py").is_file():  # an engine the Play area can run (not a test's stub)
        snapshot = prepared.prepare(repo, staging / runtime, staging / "engine" / built.name,
                                    manifest["wheel_sha256"], log)
        shutil.copyfile(snapshot, staging / "engine" / snapshot.name)
        manifest["prepared"] = f"engine/{snapshot.name}"
        step(f"Play area's prepared runtime engine/{snapshot.name} ({snapshot.stat().st_size >> 20} MB)")
    (staging / "engine" / "manifest.json").write_text(
        json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    offline.write(staging, log=step)  # names files of every step above: last but the compressed copies
    compress.compress(staging, repo / ".cache" / "compressed", log=step)
    return manifest
