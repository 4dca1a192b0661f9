"""A problem found in content/, positioned in its file, and how it prints."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """`path:line:col: pointer: message`; path is shown as `content/<relative path>`."""

    path: str  # relative to content/, with forward slashes
    line: int
    col: int
    pointer: str
    message: str

    def format(self) -> str:
        return f"content/{self.path}:{self.line}:{self.col}: {self.pointer or '/'}: {self.message}"


def pointer_join(pointer: str, key: object) -> str:
    """Append one reference token to a JSON pointer (RFC 6901 escaping)."""
    token = str(key).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{token}"


def pointer_from_path(path) -> str:
    pointer = ""
    for key in path:
        pointer = pointer_join(pointer, key)
    return pointer
