"""A YAML check for any YAML file of the repository (the pre-commit hook `yaml-syntax`: workflows,
configuration; content/ files are read by `build.py check` too, which says more):

    python -m site_src.check.yaml_syntax FILE...

Each file is read as the build reads content (model/yamlpos.py: UTF-8, one document of plain data, aliases
bounded, no duplicate keys); prints `FILE:LINE:COL: message` for each problem and exits 1, or exits 0."""

from __future__ import annotations

import sys
from pathlib import Path

from ..model import yamlpos


def problems(path: Path) -> list[str]:
    """The file's problems, positioned (none for a well-formed file)."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        return [f"{path}:1:1: cannot be read ({error.strerror})"]
    text, problem = yamlpos.decode(raw, str(path))
    found = [problem] if problem else yamlpos.load(text, str(path))[1]
    return [f"{path}:{p.line}:{p.col}: {p.message}" for p in found]


def main(argv: list[str]) -> int:
    found = [line for name in argv for line in problems(Path(name))]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
