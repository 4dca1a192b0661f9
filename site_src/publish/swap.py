"""The staging folder swapped in for the output: atomic where the system allows, never half-written.

The build assembles everything in a staging folder next to the output (`<out>.tmp-<pid>`); only when
every step succeeded does it replace the output folder. A build that fails at any step, or is
interrupted (Ctrl-C, or SIGTERM, which `sigterm_interrupts` turns into KeyboardInterrupt), leaves the
previous output byte-identical and removes its staging folder (`tidy`).

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
import os
import re
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path


def staging(out: Path) -> Path:
    """This process's staging folder for `out`."""
    return out.parent / f"{out.name}.tmp-{os.getpid()}"


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


def swap(new: Path, out: Path) -> None:
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


def tidy(out: Path, log: Callable[[str], None], others: bool) -> None:
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
def sigterm_interrupts() -> Iterator[None]:
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
