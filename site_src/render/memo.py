"""Answers of the render's pure functions, remembered within a build, across its workers and across builds.

A `Memo` is a dict from a string key (the function's input, or its checksum) to a JSON value (the answer).
Two functions of the render use one (and publish/csp.py a third, for a page's scan), because their answers
are functions of their inputs alone and a build asks for the same ones again and again, and the next build
for nearly all of them again:

- `markdown_html` (a text's HTML: 4 300 conversions a build, 1 700 different texts);
- `glossary_links.Linker.link` (a page's Markdown with its glossary terms linked: every page, 0.8 CPU-s a
  build; keyed by the game's glossary as the linker reads it, the page's URL and the checksum of the text).

Within a build the memo is a dict. The games are rendered in forked workers (pages.Renderer._forked): each
worker sends back what it added (`since`), which the parent merges (`merge`), so what one build learned
is all in the parent. Across builds, `pages.render(cache=)` reads each memo from
`<cache>/memo/<name>-<version>.json` before rendering and writes it back after (`load`, `save`), where the
version is the checksum of everything else the answers depend on: the modules that compute them and the
versions of the libraries they call (`Memo(version_of=...)`). A key the memo lacks is computed: a missing or
unreadable file only makes the build slower. The file keeps what this build used and, of the rest, the
newest entries up to as many again.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import sys
from pathlib import Path

KEEP = 4  # files kept per memo name (other versions: other branches)


def checksum(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(f"{len(data)}\0".encode() + data)
    return digest.hexdigest()[:32]


def version_of(modules: list[Path], packages: list[str]) -> str:
    """The checksum of these source files, these installed packages' versions and Python's."""
    parts: list[str | bytes] = [sys.version]
    for package in packages:
        try:
            parts.append(f"{package}=={importlib.metadata.version(package)}")
        except importlib.metadata.PackageNotFoundError:
            parts.append(f"{package} missing")
    for path in modules:
        parts += [path.name, path.read_bytes()]
    return checksum(*parts)


ALL: list[Memo] = []  # the render's memos, which pages.render reads, shares and writes
LIMIT = 100_000  # answers one process keeps between builds (a new build with more starts afresh)


class Memo:
    def __init__(self, name: str, modules: list[Path], packages: list[str], render: bool = True):
        """The answers depend on their key and on these source files and installed packages. A memo of the
        render is in ALL; another (publish/csp.py's) is read and written by its own caller."""
        self.name = name
        self.modules = modules
        self.packages = packages
        self.answers: dict[str, object] = {}
        self.used: set[str] = set()  # the keys this build asked for
        self.loaded: set[str] = set()  # the keys read from disk (written back only if something changed)
        self.read_from: Path | None = None
        if render:
            ALL.append(self)

    @functools.cached_property
    def version(self) -> str:
        return version_of(self.modules, self.packages)

    def get(self, key: str):
        """The answer for `key`, or None (the answers are never None)."""
        found = self.answers.get(key)
        if found is not None:
            self.used.add(key)
        return found

    def put(self, key: str, answer: object) -> None:
        self.answers[key] = answer
        self.used.add(key)

    # -- across the forked workers

    def mark(self) -> tuple[set[str], set[str]]:
        """What a worker knows when it starts (pass to `since`)."""
        return set(self.answers), set(self.used)

    def since(self, mark: tuple[set[str], set[str]]) -> dict:
        """What was added and used since `mark`: a worker's contribution, for `merge` in the parent."""
        known, used = mark
        return {"added": {k: v for k, v in self.answers.items() if k not in known},
                "used": sorted(self.used - used)}

    def merge(self, contribution: dict) -> None:
        self.answers.update(contribution["added"])
        self.used.update(contribution["used"])
        self.used.update(contribution["added"])

    # -- across builds

    def path(self, cache: Path) -> Path:
        return cache / "memo" / f"{self.name}-{self.version}.json"

    def load(self, cache: Path) -> None:
        """Add the answers kept in `cache` (read once per process and file)."""
        path = self.path(cache)
        if self.read_from == path:
            return
        self.read_from = path
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(stored, dict):
            for key, answer in stored.items():
                self.answers.setdefault(key, answer)
            self.loaded = set(stored)

    def save(self, cache: Path) -> None:
        """Write the answers this build used, then the newest others up to as many again (oldest first,
        so the next build's `load` keeps the order); nothing when the build learned nothing new."""
        if not self.used - self.loaded:
            return
        others = [key for key in self.answers if key not in self.used][-len(self.used):]
        kept = {key: self.answers[key] for key in [*others, *(k for k in self.answers if k in self.used)]}
        path = self.path(cache)
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.part-{os.getpid()}")
        part.write_text(json.dumps(kept, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        part.replace(path)
        self.loaded = set(kept)
        files = sorted(path.parent.glob(f"{self.name}-*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[:-KEEP]:
            old.unlink(missing_ok=True)

    def reset(self) -> None:
        """Start a build: nothing used yet (the answers stay, up to LIMIT)."""
        if len(self.answers) > LIMIT:
            self.answers, self.loaded, self.read_from = {}, set(), None
        self.used = set()
