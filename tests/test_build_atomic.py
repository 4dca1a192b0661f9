"""Atomic builds (issue 7): a build that fails at any step leaves the previous site/ byte-identical.

One test per way a build can fail: bad content, an mkdocs error, a missing or corrupt Pyodide
runtime, an interrupt (Ctrl-C, SIGTERM) late in the build or inside the swap, a failing swap,
and a build killed with SIGKILL (which cannot clean up: the next build does). Each compares a
hash of every entry of the previous output (path, type, mode and bytes) before and after, and
checks that no staging (`site.tmp-<pid>`), old (`site.old-<pid>`) or work folder is left.

The builds use the small fixture content with the stub engine of conftest.py and a stand-in
repo whose pyodide.lock.json names a tiny fake runtime (a real .tgz with checksums), so no test
needs the network or the 10 MB runtime. The previous site is built from slightly different
content and carries two extra files, so a build that replaced it would change the hash.
"""

from __future__ import annotations

import argparse
import errno
import functools
import hashlib
import importlib.util
import io
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pytest
from conftest import FIXTURE_CONTENT, FIXTURE_EFFECTS, REPO, fixture_effects, make_stub_engine, quiet

from site_src import pipeline
from site_src.publish import swap

RUNTIME_VERSION = "0.0.0-test"
RUNTIME_FILES = {"pyodide.mjs": b"export const fake = 'runtime';\n", "pyodide.asm.wasm": b"\0asm fake\n"}
GLOSSARY = "mechs-vs-minions/glossary.yaml"
LATE_STEP = "pyodide runtime copied"  # the last logged step: the staging folder is complete


def tree_hash(folder: Path) -> str:
    """Every entry under `folder` (itself included): relative path, type and mode, bytes or link target."""
    digest = hashlib.sha256()
    for path in [folder, *sorted(folder.rglob("*"))]:
        info = path.lstat()
        digest.update(f"{path.relative_to(folder).as_posix()}\0{info.st_mode:o}\0".encode())
        if stat.S_ISLNK(info.st_mode):
            digest.update(os.readlink(path).encode())
        elif stat.S_ISREG(info.st_mode):
            digest.update(path.read_bytes())
        digest.update(b"\0\0")
    return digest.hexdigest()


def make_repo(root: Path, *, tarball: bool = True, extracted: bool = True) -> Path:
    """A stand-in repo for pipeline.build: pyproject.toml (the wheel's version), a lock naming a
    tiny fake Pyodide runtime, and its cache (.cache/pyodide/: the .tgz and/or the extracted files)."""
    repo = root / "repo"
    cache = repo / ".cache" / "pyodide"
    cache.mkdir(parents=True)
    shutil.copyfile(REPO / "pyproject.toml", repo / "pyproject.toml")
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w:gz") as tar:
        for name, data in RUNTIME_FILES.items():
            member = tarfile.TarInfo(f"package/{name}")
            member.size = len(data)
            tar.addfile(member, io.BytesIO(data))
    lock = {
        "package": "pyodide",
        "version": RUNTIME_VERSION,
        "tarball": f"pyodide-{RUNTIME_VERSION}.tgz",
        "sha256": hashlib.sha256(archive.getvalue()).hexdigest(),
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in RUNTIME_FILES.items()},
    }
    (repo / "pyodide.lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    if tarball:
        (cache / lock["tarball"]).write_bytes(archive.getvalue())
    if extracted:
        (cache / RUNTIME_VERSION).mkdir()
        for name, data in RUNTIME_FILES.items():
            (cache / RUNTIME_VERSION / name).write_bytes(data)
    return repo


@pytest.fixture(scope="module")
def previous_site(tmp_path_factory) -> Path:
    """A site built from the fixture content with another glossary text, plus two files the
    build never writes (one executable): what a later build would have to leave alone."""
    root = tmp_path_factory.mktemp("previous")
    content = root / "content"
    shutil.copytree(FIXTURE_CONTENT, content)
    glossary = content / GLOSSARY
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "A Yordle who pilots a Mech.", "A Yordle (PREVIOUS BUILD)."), encoding="utf-8")
    out = root / "site"
    pipeline.build(make_repo(root), out, log=quiet, content_dir=content,
                   engine_dir=make_stub_engine(root / "engine"), effects=fixture_effects)
    (out / "previous-only.txt").write_text("served before\n", encoding="utf-8")
    (out / "previous-only.txt").chmod(0o640)
    (out / "engine" / "tool.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (out / "engine" / "tool.sh").chmod(0o755)
    return out


class World:
    """One test's folder: a copy of the previous site, a stand-in repo, writable fixture content,
    the stub engine, and the folder where the build makes its work directory."""

    def __init__(self, root: Path, previous: Path):
        self.root = root
        self.out = root / "site"
        shutil.copytree(previous, self.out, symlinks=True)
        self.before = tree_hash(self.out)
        assert self.before == tree_hash(previous)
        self.repo = make_repo(root)
        # The compressed copies the previous build made are this repo's too, as in a developer's next build
        # (publish/compress.py: the theme's files are not compressed again; 1.3 s of CPU a build).
        (self.repo / ".cache" / "compressed").symlink_to(previous.parent / "repo" / ".cache" / "compressed")
        self.content = root / "content"
        shutil.copytree(FIXTURE_CONTENT, self.content)
        self.engine = make_stub_engine(root / "engine")
        self.work = root / "tmp"
        self.work.mkdir()
        self.messages: list[str] = []

    def log(self, message: str) -> None:
        self.messages.append(message)

    def build(self, **kwargs) -> dict:
        kwargs = {"log": self.log, "content_dir": self.content, "engine_dir": self.engine,
                  "effects": fixture_effects, **kwargs}
        return pipeline.build(kwargs.pop("repo", self.repo), self.out, **kwargs)

    def staging(self, pid: int | None = None) -> Path:
        return self.root / f"site.tmp-{os.getpid() if pid is None else pid}"

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.content / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, (relative, old)
        path.write_text(text.replace(old, new), encoding="utf-8")

    def leftovers(self) -> list[str]:
        return sorted(p.name for p in self.root.iterdir() if p.name.startswith("site."))

    def assert_untouched(self) -> None:
        assert self.out.is_dir(), "site/ is gone"
        assert tree_hash(self.out) == self.before, "site/ changed"
        assert self.leftovers() == []
        assert list(self.work.iterdir()) == [], "the build's work folder was left behind"


@pytest.fixture
def world(tmp_path, previous_site, monkeypatch) -> World:
    w = World(tmp_path, previous_site)
    monkeypatch.setattr(tempfile, "tempdir", str(w.work))
    return w


# ---------------------------------------------------------------- (1) bad content


def test_bad_content_leaves_the_previous_site(world):
    (world.content / "mechs-vs-minions/tiles/small.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(pipeline.BuildFailed, match="small.yaml:2:1: /: YAML syntax error"):
        world.build()
    world.assert_untouched()


# ---------------------------------------------------------------- (2) mkdocs error


def test_mkdocs_error_leaves_the_previous_site(world, monkeypatch):
    """A link to a page that does not exist: mkdocs warns, and strict mode aborts the build
    after it wrote pages into the staging folder."""
    world.edit(GLOSSARY, "A Yordle who pilots a Mech.", "A Yordle; see [the rest](missing-page.md).")
    wrote_staging = []
    mkdocs_build = pipeline.mkdocs_run.build

    def observed(config):
        try:
            mkdocs_build(config)
        finally:
            wrote_staging.append((world.staging() / "index.html").is_file())

    monkeypatch.setattr(pipeline.mkdocs_run, "build", observed)
    with pytest.raises(pipeline.BuildFailed, match="MkdocsError.*strict mode") as failure:
        world.build()
    assert "'missing-page.md'" in str(failure.value)
    assert wrote_staging == [True]
    world.assert_untouched()


# ---------------------------------------------------------------- (3) missing or corrupt runtime


def no_npm(monkeypatch, world):
    empty = world.root / "no-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def empty_cache_no_npm(monkeypatch, world):
    world.repo = make_repo(world.root, tarball=False, extracted=False)
    no_npm(monkeypatch, world)


def empty_cache_npm_offline(monkeypatch, world):
    assert shutil.which("npm"), "npm is not installed (the build fetches the Pyodide runtime with it)"
    world.repo = make_repo(world.root, tarball=False, extracted=False)
    monkeypatch.setenv("npm_config_offline", "true")  # only-if-cached, and an empty npm cache
    monkeypatch.setenv("npm_config_cache", str(world.root / "npm-cache"))


def tarball_with_wrong_sha256(monkeypatch, world):
    world.repo = make_repo(world.root, tarball=True, extracted=False)
    (world.repo / ".cache/pyodide" / f"pyodide-{RUNTIME_VERSION}.tgz").write_bytes(b"not the pinned one")
    no_npm(monkeypatch, world)


@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (empty_cache_no_npm, "npm is not installed to fetch pyodide@0.0.0-test"),
        (empty_cache_npm_offline, r"`npm pack pyodide@0.0.0-test` failed \(offline\?\)"),
        (tarball_with_wrong_sha256, r"pyodide-0.0.0-test.tgz: sha256 \w+ does not match pyodide.lock.json"),
    ],
    ids=["empty cache, no npm", "empty cache, npm offline", "tarball with a wrong sha256"],
)
def test_missing_runtime_leaves_the_previous_site(world, monkeypatch, breakage, message):
    shutil.rmtree(world.repo)
    breakage(monkeypatch, world)
    with pytest.raises(pipeline.BuildFailed, match=f"VendorError: .*{message}"):
        world.build()
    assert any(m.startswith("engine wheel") for m in world.messages)  # it failed late, staging full
    world.assert_untouched()
    if breakage is tarball_with_wrong_sha256:
        assert not (world.repo / ".cache/pyodide" / f"pyodide-{RUNTIME_VERSION}.tgz").exists()


def test_altered_runtime_file_is_extracted_again_from_the_pinned_tarball(world, monkeypatch):
    """The other side of the checksum: a tampered cached file never reaches the site."""
    altered = world.repo / ".cache/pyodide" / RUNTIME_VERSION / "pyodide.asm.wasm"
    altered.write_bytes(b"\0asm tampered\n")
    no_npm(monkeypatch, world)
    world.build()
    served = world.out / "pyodide" / RUNTIME_VERSION
    assert {p.name: p.read_bytes() for p in served.iterdir()} == RUNTIME_FILES
    assert altered.read_bytes() == RUNTIME_FILES["pyodide.asm.wasm"]
    assert tree_hash(world.out) != world.before
    assert world.leftovers() == []


# ---------------------------------------------------------------- (4) interrupted


def test_interrupt_after_the_staging_folder_is_complete(world):
    """Ctrl-C at the last step before the swap: the staging folder is complete, and removed."""
    def log(message):
        if message.startswith(LATE_STEP):
            assert (world.staging() / "index.html").is_file()
            assert (world.staging() / "engine").is_dir()
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        world.build(log=log)
    world.assert_untouched()


def interrupt_at_exchange(monkeypatch, world, fired):
    def exchange(a, b):
        fired.append("exchange")
        raise KeyboardInterrupt

    monkeypatch.setattr(swap, "_exchange", exchange)


def interrupt_between_renames(monkeypatch, world, fired):
    """No atomic exchange: the interrupt lands right after site/ was renamed to site.old-<pid>."""
    monkeypatch.setattr(swap, "_exchange", lambda a, b: False)
    rename = os.rename

    def interrupted(src, dst):
        rename(src, dst)
        if Path(src) == world.out.resolve():
            fired.append("first rename")
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "rename", interrupted)


def interrupt_at_second_rename(monkeypatch, world, fired):
    monkeypatch.setattr(swap, "_exchange", lambda a, b: False)
    rename = os.rename

    def interrupted(src, dst):
        if Path(src) == world.staging().resolve():
            fired.append("second rename")
            raise KeyboardInterrupt
        rename(src, dst)

    monkeypatch.setattr(os, "rename", interrupted)


@pytest.mark.parametrize(
    "inject", [interrupt_at_exchange, interrupt_between_renames, interrupt_at_second_rename],
    ids=["at the exchange", "between the two renames", "at the second rename"],
)
def test_interrupt_during_the_swap(world, monkeypatch, inject):
    fired: list[str] = []
    inject(monkeypatch, world, fired)
    with pytest.raises(KeyboardInterrupt):
        world.build()
    assert len(fired) == 1
    world.assert_untouched()


def exchange_fails(monkeypatch, world):
    def exchange(a, b):
        raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(a), None, str(b))

    monkeypatch.setattr(swap, "_exchange", exchange)


def second_rename_fails(monkeypatch, world):
    monkeypatch.setattr(swap, "_exchange", lambda a, b: False)
    rename = os.rename

    def failing(src, dst):
        if Path(src) == world.staging().resolve():
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(src), None, str(dst))
        rename(src, dst)

    monkeypatch.setattr(os, "rename", failing)


@pytest.mark.parametrize("inject", [exchange_fails, second_rename_fails], ids=["exchange", "second rename"])
def test_failing_swap_restores_the_previous_site(world, monkeypatch, inject):
    inject(monkeypatch, world)
    with pytest.raises(pipeline.BuildFailed, match=r"build failed: \w+Error: \[Errno \d+\]"):
        world.build()
    world.assert_untouched()


def test_exchange_swaps_two_folders_in_one_step(tmp_path):
    """The atomic swap itself, on the filesystem the tests run on (skipped where unsupported)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "from-a").write_text("a")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "from-b").write_text("b")
    if not swap._exchange(tmp_path / "a", tmp_path / "b"):
        pytest.skip("no renameat2(RENAME_EXCHANGE) here: the build uses two renames")
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["from-b"]
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["from-a"]


CHILD = r"""
import os, signal, sys
from pathlib import Path

repo_root, mode, late, repo, out, content, engine, effects = sys.argv[1:]
sys.path.insert(0, repo_root)
from site_src import pipeline
from site_src.publish import swap

def log(message):
    if message.startswith(late) and mode in ("SIGKILL", "SIGTERM"):
        os.kill(os.getpid(), getattr(signal, mode))

if mode == "SIGKILL between renames":
    swap._exchange = lambda a, b: False
    rename = os.rename

    def killed(src, dst):
        rename(src, dst)
        if os.fspath(src) == out:
            os.kill(os.getpid(), signal.SIGKILL)

    os.rename = killed

try:
    pipeline.build(Path(repo), Path(out), log=log, content_dir=Path(content), engine_dir=Path(engine),
                   effects=lambda game: set(effects.split(",")))
except KeyboardInterrupt:
    print("interrupted")
    sys.exit(3)
print("built")
"""


def run_child(world: World, mode: str) -> tuple[int, int, str]:
    """A build in another process, which signals itself at a late step: (pid, exit code, output)."""
    command = [sys.executable, "-c", CHILD, str(REPO), mode, LATE_STEP, str(world.repo),
               str(world.out.resolve()), str(world.content), str(world.engine),
               ",".join(sorted(FIXTURE_EFFECTS))]
    env = dict(os.environ, TMPDIR=str(world.work))
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True) as child:
        output, _ = child.communicate(timeout=300)
    return child.pid, child.returncode, output


def test_sigterm_late_in_the_build(world):
    _pid, code, output = run_child(world, "SIGTERM")
    assert (code, output) == (3, "interrupted\n")
    world.assert_untouched()


def test_leftovers_of_a_killed_build_are_removed_by_the_next_build(world):
    """SIGKILL cannot be cleaned up after: the next build removes the staging folder, and never
    serves it; a live process's staging folder (another build running) is left alone."""
    pid, code, output = run_child(world, "SIGKILL")
    assert code == -signal.SIGKILL, output
    stale = world.staging(pid)
    assert (stale / "index.html").is_file()
    assert tree_hash(world.out) == world.before
    (stale / "stale-marker.txt").write_text("from the killed build\n", encoding="utf-8")
    busy = world.staging(os.getppid())
    busy.mkdir()

    world.build()
    assert not stale.exists()
    assert busy.is_dir()
    assert not (world.out / "stale-marker.txt").exists()
    assert not (world.out / "previous-only.txt").exists()  # the new build, not the old site
    assert (world.out / "index.html").is_file()
    assert any(f"removed site.tmp-{pid}/" in m for m in world.messages)


def test_build_killed_between_the_two_renames_is_repaired_by_the_next_build(world):
    """Without the atomic exchange, SIGKILL between the two renames leaves no site/ at all: the next
    build, even a failing one, renames site.old-<pid> back first."""
    pid, code, output = run_child(world, "SIGKILL between renames")
    assert code == -signal.SIGKILL, output
    assert not world.out.exists()
    assert tree_hash(world.root / f"site.old-{pid}") == world.before
    assert world.staging(pid).is_dir()

    (world.content / "mechs-vs-minions/tiles/small.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(pipeline.BuildFailed, match="YAML syntax error"):
        world.build()
    assert any(m.startswith(f"site/ restored from site.old-{pid}/") for m in world.messages), world.messages
    world.assert_untouched()


# ---------------------------------------------------------------- build.py goes through it


@pytest.fixture
def build_cli(world, monkeypatch):
    """build.py as a module, its REPO pointed at the stand-in repo (holding content/, engine/ and
    site/), its pipeline given the stub engine's effects, and what it says recorded."""
    spec = importlib.util.spec_from_file_location("tabletome_build_cli", REPO / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("content", "engine", "site"):
        shutil.move(world.root / name, world.repo / name)
    world.root, world.content, world.engine, world.out = (
        world.repo, world.repo / "content", world.repo / "engine", world.repo / "site")
    monkeypatch.setattr(module, "REPO", world.repo)
    monkeypatch.setattr(pipeline, "build", functools.partial(pipeline.build, effects=fixture_effects))
    monkeypatch.setattr(module, "say", world.log)
    return module


def test_build_and_serve_commands_leave_the_previous_site_on_failure(world, build_cli, capsys, monkeypatch):
    (world.content / "mechs-vs-minions/tiles/small.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr("site_src.publish.serve.serve",
                        lambda *a, **k: pytest.fail("served after a failed build"))
    assert build_cli.cmd_build(argparse.Namespace()) == 1
    assert build_cli.cmd_serve(argparse.Namespace(port=0)) == 1
    assert "YAML syntax error" in capsys.readouterr().err
    assert [m.split(" (")[0] for m in world.messages] == ["build failed; site/ left as it was"] * 2
    world.assert_untouched()


def test_build_command_interrupted_late(world, build_cli):
    def say(message):
        world.log(message)
        if message.startswith(LATE_STEP):
            raise KeyboardInterrupt

    build_cli.say = say
    assert build_cli.cmd_build(argparse.Namespace()) == 130
    assert world.messages[-1].startswith("build interrupted; site/ left whole")
    world.assert_untouched()
