"""A YAML syntax check for any YAML file of the repository (the pre-commit hook `yaml-syntax`: workflows,
configuration; content/ files are also read by `build.py check`, which says more):

    python -m site_src.check.yaml_syntax FILE...

Prints `FILE:LINE:COL: message` for each file that is not well-formed YAML (PyYAML's safe loader, every
document of a file) and exits 1; exits 0 when every file parses."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def problem(path: Path) -> str | None:
    """The file's first syntax error, positioned, or None."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return f"{path}:1:1: cannot be read as UTF-8 text ({error})"
    try:
        for _document in yaml.load_all(text, Loader=Loader):
            pass
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"{mark.line + 1}:{mark.column + 1}" if mark else "1:1"
        what = " ".join(part for part in (error.context, error.problem) if part)
        return f"{path}:{where}: {what}"
    except yaml.YAMLError as error:
        return f"{path}:1:1: {error}"
    return None


def main(argv: list[str]) -> int:
    found = [p for p in (problem(Path(name)) for name in argv) if p]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
