"""A problem found in content/, positioned in its file, and how it prints."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
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

    def annotation(self) -> str:
        """The problem as a GitHub Actions workflow command, which the pull request shows on its file and line
        ("::error file=…,line=…,col=…::message", values escaped as the runner expects)."""
        where = f"file={_escape('content/' + self.path, True)},line={self.line},col={self.col}"
        text = f"{self.pointer or '/'}: {self.message}"
        return f"::error {where}::{_escape(text, False)}"


def _escape(text: str, is_property: bool) -> str:
    """GitHub Actions' escaping of a workflow command's data (%, CR, LF) and properties (also : and ,)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if is_property else text


def report_lines(problems: Iterable[Problem], environ: Mapping[str, str] = os.environ) -> list[str]:
    """How problems are printed: a line each (`format`); when run in GitHub Actions (GITHUB_ACTIONS=true),
    each line is followed by its annotation, so a pull request shows the problem at its file and line."""
    annotate = environ.get("GITHUB_ACTIONS") == "true"
    lines = []
    for problem in problems:
        lines.append(problem.format())
        if annotate:
            lines.append(problem.annotation())
    return lines


def pointer_join(pointer: str, key: object) -> str:
    """Append one reference token to a JSON pointer (RFC 6901 escaping)."""
    token = str(key).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{token}"


def pointer_from_path(path) -> str:
    pointer = ""
    for key in path:
        pointer = pointer_join(pointer, key)
    return pointer
