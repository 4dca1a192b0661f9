"""The packaged catalog: the compiled content, plain data (no YAML, no files of the repo)."""

import json
from importlib import resources

_cache: dict | None = None


def packaged() -> dict:
    """The catalog.json packaged next to this package (built by `build.py`)."""
    global _cache
    if _cache is None:
        text = resources.files("engine").joinpath("catalog.json").read_text(encoding="utf-8")
        _cache = json.loads(text)
    return _cache


def reset() -> None:
    """Forget the cached catalog (tests that rebuild it call this)."""
    global _cache
    _cache = None
