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


@functools.lru_cache(maxsize=1 << 16)  # pages link the same places again and again (30 000 calls a build)
def relative_url(from_url: str, to_url: str) -> str:
    """A link from the page at `from_url` to `to_url` (with its #anchor, if any); a place on the same
    page is its anchor alone (`#bomb`), which the browser scrolls to without loading the page again."""
    path, _, anchor = to_url.partition("#")
    if anchor and path == from_url:
        return f"#{anchor}"
    base = posixpath.dirname(from_url.rstrip("/") + "/x") if from_url else ""
    rel = posixpath.relpath(path or ".", base or ".") if path else ""
    if path.endswith("/") and rel != "." and not rel.endswith("/"):
        rel += "/"
    if rel == ".":
        rel = "./"
    return rel + (f"#{anchor}" if anchor else "")
