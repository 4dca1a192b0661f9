"""Where the project lives, read in one place: its repository ("Fix this record" links to a gallery item's
file and line, the theme's edit button on a page made from one content file, the header's link to the
repository, a record's history) and the address its site is published at (the sitemap, canonical links, the
404 page's links).

Set in pyproject.toml, `[tool.tabletome] repo_url` (empty while the project has no public repository),
`repo_branch` and `site_url`. A fork changes none of them: its CI sets the environment variables
TABLETOME_REPO_URL, TABLETOME_REPO_BRANCH and TABLETOME_SITE_URL, which win over pyproject.toml
(.github/workflows/pages.yml does). Links follow GitHub's (and GitLab's) addresses:
`<url>/blob/<branch>/<path>#L<line>`, `<url>/edit/<branch>/<path>`, `<url>/commits/<branch>/<path>`.
"""

from __future__ import annotations

import functools
import os
import subprocess
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .resources import PYPROJECT

URL_VARIABLE = "TABLETOME_REPO_URL"
BRANCH_VARIABLE = "TABLETOME_REPO_BRANCH"
SITE_VARIABLE = "TABLETOME_SITE_URL"


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

    def history(self, path: str) -> str | None:
        """The forge's list of the commits that changed a file; None with no repository."""
        return f"{self.url}/commits/{self.branch}/{path}" if self.url else None


def configured(environ: Mapping[str, str] = os.environ) -> Repository:
    """The repository as pyproject.toml and the environment (which wins) say."""
    return _read(environ.get(URL_VARIABLE), environ.get(BRANCH_VARIABLE))


def last_changes(folder: Path) -> dict[str, str]:
    """When each file under `folder` last changed: its path relative to `folder` ("/"-separated) -> the date
    ("2026-12-05") of the newest commit that changed it, read from one `git log` for the whole folder.

    {} when git is missing or `folder` is not in a git work tree (a release tarball): pages then show no
    date. A file never committed has none. In a shallow clone (actions/checkout's default depth of 1) the
    oldest commit held stands for all the history before it, so a file whose newest change there is has no
    date rather than a wrong one."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(folder), "-c", "core.quotePath=off", *args], check=True,
                              capture_output=True, text=True, encoding="utf-8", timeout=120).stdout

    try:
        log = git("log", "--format=%x00%H %cs", "--name-only", "--relative", "--no-renames", "--", ".")
        shallow_file = Path(folder, git("rev-parse", "--git-path", "shallow").strip())
    except (OSError, subprocess.SubprocessError):
        return {}
    shallow = set(shallow_file.read_text(encoding="utf-8").split()) if shallow_file.is_file() else set()
    dates: dict[str, str] = {}
    for entry in log.split("\0")[1:]:
        head, _, names = entry.partition("\n")
        commit, _, date = head.partition(" ")
        if commit in shallow:
            continue
        for name in names.split("\n"):
            if name and name not in dates and (folder / name).is_file():
                dates[name] = date
    return dates


def site_url(environ: Mapping[str, str] = os.environ) -> str:
    """The address the site is published at, ending in "/" (a GitHub Pages project site has a path:
    https://<owner>.github.io/<repository>/)."""
    return _site(environ.get(SITE_VARIABLE))


def _tool() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("tool", {}).get("tabletome", {})


@functools.lru_cache(maxsize=8)
def _site(url: str | None) -> str:
    where = SITE_VARIABLE if url is not None else f"{PYPROJECT}: [tool.tabletome] site_url"
    if url is None:
        url = _tool().get("site_url")
        if not isinstance(url, str):
            raise RepositoryConfigError(f"{PYPROJECT}: [tool.tabletome] needs site_url (the address the site "
                                        "is published at: its sitemap and canonical links)")
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment or any(
            c.isspace() for c in url):
        raise RepositoryConfigError(f"{where} {url!r} is not a site's http(s):// address")
    return url if url.endswith("/") else url + "/"


@functools.lru_cache(maxsize=8)
def _read(url: str | None, branch: str | None) -> Repository:
    tool = _tool()
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
