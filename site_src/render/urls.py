"""Page URLs and the links between pages, all relative to the site root (directory-style URLs)."""

from __future__ import annotations

import functools
import posixpath


def page_url(md_path: str) -> str:
    """The URL of a Markdown page under docs/: `mvm/rules/basics.md` → `mvm/rules/basics/`,
    `mvm/index.md` → `mvm/`, `index.md` → `` (the home page)."""
    stem = md_path.removesuffix(".md")
    if stem == "index":
        return ""
    return (stem.removesuffix("/index") if stem.endswith("/index") else stem) + "/"


def _segments(path: str) -> list[str] | None:
    """A site-root-relative path's segments (`mvm/rules/` → ['mvm', 'rules']), or None where
    posixpath.relpath would have more to normalise (`.`, `..`, `//`, a leading `/`)."""
    if path.startswith("/"):
        return None
    path = path.rstrip("/")
    if not path:
        return []
    parts = path.split("/")
    if "" in parts or "." in parts or ".." in parts:
        return None
    return parts


def _relpath(path: str, base: str) -> str:
    """posixpath.relpath(path or ".", base or ".") of two site-root-relative paths, without its abspath
    (a getcwd and two normpaths per call): 20 000 different calls a build, 1.5 CPU-s -> 0.1."""
    to, start = _segments(path), _segments(base)
    if to is None or start is None:
        return posixpath.relpath(path or ".", base or ".")
    common = 0
    for a, b in zip(to, start, strict=False):
        if a != b:
            break
        common += 1
    return "/".join([".."] * (len(start) - common) + to[common:]) or "."


@functools.lru_cache(maxsize=1 << 16)  # pages link the same places again and again (30 000 calls a build)
def relative_url(from_url: str, to_url: str) -> str:
    """A link from the page at `from_url` to `to_url` (with its #anchor, if any); a place on the same
    page is its anchor alone (`#bomb`), which the browser scrolls to without loading the page again."""
    path, _, anchor = to_url.partition("#")
    if anchor and path == from_url:
        return f"#{anchor}"
    base = posixpath.dirname(from_url.rstrip("/") + "/x") if from_url else ""
    rel = _relpath(path, base) if path else ""
    if path.endswith("/") and rel != "." and not rel.endswith("/"):
        rel += "/"
    if rel == ".":
        rel = "./"
    return rel + (f"#{anchor}" if anchor else "")
