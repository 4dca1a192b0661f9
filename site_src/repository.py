"""Where the project's repository is, read in one place: "Fix this record" (a gallery item's file and line),
the theme's edit button on a page made from one content file, and the header's link to the repository.

Set in pyproject.toml, `[tool.tabletome] repo_url` (empty while the project has no public repository) and
`repo_branch`. A fork changes neither: its CI sets the environment variables TABLETOME_REPO_URL and
TABLETOME_REPO_BRANCH, which win over pyproject.toml. Links follow GitHub's (and GitLab's) addresses:
`<url>/blob/<branch>/<path>#L<line>` and `<url>/edit/<branch>/<path>`.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass

from .resources import PYPROJECT

URL_VARIABLE = "TABLETOME_REPO_URL"
BRANCH_VARIABLE = "TABLETOME_REPO_BRANCH"


class RepositoryConfigError(ValueError):
    """pyproject.toml or the environment does not say where the repository is in a form links can use."""


@dataclass(frozen=True)
class Repository:
    url: str  # "" when there is none: pages then name the file and line instead of linking
    branch: str

    def blob(self, path: str, line: int | None = None) -> str | None:
        """A file of the repository (at a line), as the forge shows it; None with no repository."""
        if not self.url:
            return None
        return f"{self.url}/blob/{self.branch}/{path}" + (f"#L{line}" if line else "")

    def edit(self, path: str) -> str | None:
        """The forge's editor for a file (a pull request from the browser); None with no repository."""
        return f"{self.url}/edit/{self.branch}/{path}" if self.url else None


def configured(environ: Mapping[str, str] = os.environ) -> Repository:
    """The repository as pyproject.toml and the environment (which wins) say."""
    return _read(environ.get(URL_VARIABLE), environ.get(BRANCH_VARIABLE))


@functools.lru_cache(maxsize=8)
def _read(url: str | None, branch: str | None) -> Repository:
    tool = tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("tool", {}).get("tabletome", {})
    missing = [key for key in ("repo_url", "repo_branch") if not isinstance(tool.get(key), str)]
    if missing:
        raise RepositoryConfigError(
            f"{PYPROJECT}: [tool.tabletome] needs {' and '.join(missing)} (where \"Fix this record\" links "
            "and the edit buttons point)")
    where = URL_VARIABLE if url is not None else f"{PYPROJECT}: [tool.tabletome] repo_url"
    url = (tool["repo_url"] if url is None else url).strip().rstrip("/")
    branch = (tool["repo_branch"] if branch is None else branch).strip()
    if url and (not url.startswith("https://") or "REPLACE-WITH" in url or any(c.isspace() for c in url)):
        raise RepositoryConfigError(f"{where} {url!r} is not a repository's https:// address (leave it empty "
                                    "while there is none)")
    if not branch or any(c.isspace() or c in "#?" for c in branch):
        raise RepositoryConfigError(f"the repository branch {branch!r} is not a branch name "
                                    f"({BRANCH_VARIABLE} or [tool.tabletome] repo_branch)")
    return Repository(url, branch)
