"""The pre-commit hooks (issue 18), run by pre-commit itself on a repository made for the test: a copy of
this one's content, schemas and commands, its virtual environment shared. A broken card fails the commit's
checks with the positioned message `build.py check` prints; a good change passes; a file that is not YAML
fails the YAML syntax hook; ruff runs on Python."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

CARD = "content/mechs-vs-minions/cards/command-cards.yaml"
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A git repository with this one's commands, content and schemas, and the same .venv (a symlink)."""
    root = tmp_path_factory.mktemp("precommit") / "repo"
    root.mkdir()
    for name in ("build.py", "pyproject.toml", ".pre-commit-config.yaml"):
        shutil.copy(REPO / name, root / name)
    for name in ("content", "schema", "engine"):  # engine/: the check writes its catalog.json there
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("site_src", ".venv"):
        (root / name).symlink_to(REPO / name)
    git(root, "init", "--quiet")
    git(root, "add", "-A")
    return root


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def run_hooks(root: Path, *files: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(root.parent / "pre-commit-home")}
    return subprocess.run([*PRE_COMMIT, "run", "--files", *files], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)


@contextlib.contextmanager
def edited(root: Path, relative: str, old: str, new: str):
    """One file of the repo changed (and staged) for the time of the block."""
    path = root / relative
    original = path.read_text(encoding="utf-8")
    assert old in original, (relative, old)
    path.write_text(original.replace(old, new, 1), encoding="utf-8")
    git(root, "add", relative)
    try:
        yield
    finally:
        path.write_text(original, encoding="utf-8")
        git(root, "add", relative)


def test_a_broken_card_fails_the_commit_with_its_position(repo):
    lines = (repo / CARD).read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.strip().startswith("kind: "))
    with edited(repo, CARD, lines[line - 1], lines[line - 1].replace("kind: ", "kind: sideways-", 1)):
        run = run_hooks(repo, CARD)
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "content check (python3 build.py check)" in out and "Failed" in out
    assert f"{CARD}:{line}:" in out and "is not allowed (expected one of:" in out, out


def test_a_good_change_passes_every_hook(repo):
    with edited(repo, CARD, "name: Command Card Deck", "name: Command Card Deck"):
        run = run_hooks(repo, CARD, "build.py")
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    for hook in ("content check (python3 build.py check)", "YAML syntax", "ruff"):
        assert hook in out and "Passed" in out, (hook, out)


def test_a_file_that_is_not_yaml_fails_the_syntax_hook(repo):
    bad = repo / "notes.yaml"
    bad.write_text("a: [1, 2\nb: 3\n", encoding="utf-8")
    git(repo, "add", "notes.yaml")
    try:
        run = run_hooks(repo, "notes.yaml")
    finally:
        bad.unlink()
        git(repo, "add", "-A")
    out = run.stdout + run.stderr
    assert run.returncode == 1 and "notes.yaml:2:2: YAML syntax error: expected" in out, out
    assert "YAML syntax" in out and "Failed" in out, out
