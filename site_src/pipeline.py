"""The whole build: check → catalog → pages → mkdocs → CSP → engine wheel → Pyodide → manifest → swap.

Everything is assembled in a staging folder next to the output (`<out>.tmp-<pid>`); only when
every step succeeded does it replace the output folder. A build that fails at any step, or is
interrupted (Ctrl-C, or SIGTERM, which the build turns into KeyboardInterrupt), leaves the
previous output byte-identical and removes its staging folder.

The swap. On Linux the staging folder and the output are exchanged in one atomic step
(renameat2 with RENAME_EXCHANGE; ext4, tmpfs, btrfs, xfs and overlayfs support it): a reader of
`<out>/` sees the old site or the new one, never a mix, never nothing. Where the exchange is not
available it falls back to two renames, `<out>` → `<out>.old-<pid>` then staging → `<out>`:
between those two renames `<out>/` does not exist (a server answers 404 for that instant). An
exception or interrupt in that window renames the old site back. Only SIGKILL (or a power cut)
can strand the build there; the next build then finds `<out>.old-<pid>` of a dead process and
renames it back to `<out>` before doing anything else.

Leftovers of a killed build (`<out>.tmp-<pid>` and `<out>.old-<pid>` whose process is gone) are
removed when the next build starts; they are never served, since only `<out>/` is.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from . import catalog, checker, crosscheck, csp, mkdocs_run, pages, pyodide, search_index, wheel
from .anchors import rule_urls


class BuildFailed(Exception):
    pass


# ---------------------------------------------------------------- the swap

_AT_FDCWD = -100  # Linux: paths relative to the working directory
_RENAME_EXCHANGE = 2
_UNSUPPORTED = {errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV}


def _renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a libc without renameat2 (glibc < 2.28)
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


def _exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths in one atomic step; False where the system cannot."""
    function = _renameat2()
    if function is None:
        return False
    if function(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in _UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def _old(out: Path) -> Path:
    return out.parent / f"{out.name}.old-{os.getpid()}"


def _swap(new: Path, out: Path) -> None:
    """Put `new` in place of `out`; the old `out` ends up removed (see the module docstring)."""
    if os.path.lexists(out) and _exchange(new, out):
        shutil.rmtree(new, ignore_errors=True)  # it now holds the old output
        return
    old = _old(out)
    try:
        if os.path.lexists(out):
            os.rename(out, old)
        os.rename(new, out)
    except BaseException:
        # state-based, not a flag: an interrupt can land between a rename and the next line
        if os.path.lexists(old) and not os.path.lexists(out):
            os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


_LEFTOVER = re.compile(r"\.(tmp|old)-(\d+)")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _tidy(out: Path, log: Callable[[str], None], others: bool) -> None:
    """Remove this process's staging and old folders (and, with `others`, those of dead processes);
    first rename an old output back if `<out>` is missing (a build killed inside the swap)."""
    found: list[Path] = []
    if out.parent.is_dir():
        for path in out.parent.iterdir():
            if not path.name.startswith(out.name):
                continue
            match = _LEFTOVER.fullmatch(path.name[len(out.name):])
            if not match:
                continue
            pid = int(match[2])
            if pid == os.getpid() or (others and not _alive(pid)):
                found.append(path)
    old_first = sorted(found, key=lambda path: (".old-" not in path.name, path.name))
    for path in old_first:
        if ".old-" in path.name and not os.path.lexists(out):
            os.rename(path, out)
            log(f"{out.name}/ restored from {path.name}/ (left by a build interrupted in its swap)")
        else:
            shutil.rmtree(path, ignore_errors=True)
            if not path.name.endswith(f"-{os.getpid()}"):
                log(f"removed {path.name}/ (left by a killed build)")


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """During the build SIGTERM raises KeyboardInterrupt, so the cleanup runs (as for Ctrl-C).
    Left alone when another handler is installed, or off the main thread (signals go there)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    if previous is not signal.SIG_DFL:
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# ---------------------------------------------------------------- the build

_FAILURES = (  # errors that mean "this build cannot be made", reported without a traceback
    mkdocs_run.MkdocsError,
    wheel.WheelError,
    pyodide.VendorError,
    OSError,
    ValueError,
    LookupError,
    TypeError,
    ImportError,
    __import__("jinja2").TemplateError,
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
    staging = out.parent / f"{out.name}.tmp-{os.getpid()}"
    with _sigterm_interrupts():
        try:
            _tidy(out, log, others=True)
            manifest = _assemble(repo, staging, log, content_dir, engine_dir, effects)
            _swap(staging, out)
        except BaseException as error:
            _tidy(out, log, others=False)
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

    result = checker.check(content_dir, effects=effects)
    if result.problems:
        lines = [p.format() for p in result.problems]
        raise BuildFailed("\n".join(lines) + f"\n{len(lines)} problem(s) in content/")
    step(f"content checked: {result.content.summary()}")
    catalog.write(catalog.compile_catalog(result.content), engine_dir / "catalog.json")
    staging.parent.mkdir(parents=True, exist_ok=True)
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
    return manifest
