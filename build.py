#!/usr/bin/env python3
"""Tabletome's command line: check the content, build the site, serve it, test it.

    python3 build.py check            validate content/ and report every problem
    python3 build.py build            check, then build the site into site/
    python3 build.py serve [--port N] build, then serve site/ on http://127.0.0.1:N/
    python3 build.py test [ARGS...]   build, then run pytest with ARGS
    python3 build.py bench            build, then print the figures of bench/ (not part of test)

Standard library only until the project's virtual environment (.venv) exists:
the first run creates it, installs the project with its dev extras, and
re-runs the same command with the environment's Python. The work itself is
done by the site_src package.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent
VENV = REPO / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".tabletome-pyproject.sha256"
CHROMIUM = Path("/usr/bin/chromium")


def say(message: str) -> None:
    print(f"build.py: {message}", flush=True)


# ---------------------------------------------------------------- bootstrap


def _in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def _pyproject_hash() -> str:
    return hashlib.sha256((REPO / "pyproject.toml").read_bytes()).hexdigest()


def _run(command: list[str], quiet: bool = False, **kwargs) -> None:
    """Run a command from the repo root; exit on failure (showing its output if it was hidden)."""
    if quiet:
        kwargs.update(stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    result = subprocess.run(command, cwd=REPO, **kwargs)
    if result.returncode != 0:
        if quiet:
            print(result.stdout, end="")
        say(f"failed ({result.returncode}): {' '.join(command)}")
        sys.exit(result.returncode or 1)


def bootstrap() -> None:
    """Make sure .venv exists and is up to date, then run inside it."""
    if not VENV_PYTHON.exists():
        say(f"creating the virtual environment {VENV.relative_to(REPO)}/")
        _run([sys.executable, "-m", "venv", str(VENV)])
    wanted = _pyproject_hash()
    have = STAMP.read_text().strip() if STAMP.exists() else ""
    if have != wanted:
        say("installing the project and its dev tools (pip install -e '.[dev]')")
        _run([str(VENV_PYTHON), "-m", "pip", "install", "--upgrade", "pip"], quiet=True)
        _run([str(VENV_PYTHON), "-m", "pip", "install", "-e", ".[dev]"], quiet=True)
        STAMP.write_text(wanted + "\n")
    if not _in_venv():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(REPO / "build.py"), *sys.argv[1:]])


# ---------------------------------------------------------------- commands


def cmd_check(args: argparse.Namespace) -> int:
    from site_src import catalog, checker

    started = time.perf_counter()
    content = Path(args.content).resolve() if args.content else REPO / "content"
    result = checker.check(content)
    for problem in result.problems:
        print(problem.format())
    elapsed = time.perf_counter() - started
    if result.problems:
        count = len(result.problems)
        say(f"{count} problem{'s' if count != 1 else ''} in content/ ({elapsed:.1f} s)")
        return 1
    print(f"content OK: {result.content.summary()} ({elapsed:.1f} s)")
    if args.coverage:
        from site_src import coverage

        lines, uncited = coverage.report(result.content)
        print("\n".join(lines))
        if uncited:
            say(f"coverage: {uncited} source heading{'s' if uncited != 1 else ''} cited by nothing")
            return 1
        say("coverage: every source heading is cited")
    if content == REPO / "content":  # keep the engine's packaged catalog in step with content/
        path = catalog.write(
            catalog.compile_catalog(result.content), REPO / "engine" / "catalog.json"
        )
        say(f"catalog written to {path.relative_to(REPO)}")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from site_src import pipeline

    started = time.perf_counter()
    try:
        pipeline.build(REPO, REPO / "site", log=say)
    except pipeline.BuildFailed as failure:
        print(str(failure), file=sys.stderr)
        say(f"build failed; site/ left as it was ({time.perf_counter() - started:.1f} s)")
        return 1
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the pipeline cleaned up, site/ was never half-written
        say(f"build interrupted; site/ left whole ({time.perf_counter() - started:.1f} s)")
        return 130
    say(f"site built in site/ ({time.perf_counter() - started:.1f} s)")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from site_src import serve

    if cmd_build(args) != 0:
        return 1
    return serve.serve(REPO / "site", port=args.port, log=say)


def _ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is None:
        say("no /usr/bin/chromium and no apt-get: browser tests will fail")
        return
    say("installing Debian's chromium: apt-get update && apt-get install -y chromium")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run(["apt-get", "update"], env=env, stdin=subprocess.DEVNULL)
    _run(["apt-get", "install", "-y", "chromium"], env=env, stdin=subprocess.DEVNULL)


def cmd_test(args: argparse.Namespace) -> int:
    _ensure_chromium()
    if cmd_build(args) != 0:
        return 1
    say(f"running pytest {' '.join(args.pytest_args)}".rstrip())
    code = subprocess.run([sys.executable, "-m", "pytest", *args.pytest_args], cwd=REPO).returncode
    if code == 5:
        say("pytest collected no tests: that counts as a failure")
        return 1
    return code


BENCHES = ("bench/site_figures.py", "bench/play_ready.py", "bench/engine_speed.py")


def cmd_bench(args: argparse.Namespace) -> int:
    """Build, then run every script in bench/ in turn; each prints its own table of figures."""
    _ensure_chromium()
    if cmd_build(args) != 0:
        return 1
    for script in BENCHES:
        say(f"running {script}")
        code = subprocess.run([sys.executable, script], cwd=REPO).returncode
        if code:
            say(f"{script} failed ({code})")
            return code
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate content/ and report every problem")
    check.add_argument("--content", help="check this folder instead of content/ (for tests)")
    check.add_argument("--coverage", action="store_true",
                       help="also list, per source heading, the records citing it; fail on any uncited")
    commands.add_parser("build", help="check, then build the site into site/")
    serve = commands.add_parser("serve", help="build, then serve site/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    commands.add_parser("test", help="build, then run pytest with any further arguments")
    commands.add_parser("bench", help="build, then print the figures of every script in bench/")
    if argv[:1] == ["test"]:  # everything after "test" belongs to pytest, options included
        args = parser.parse_args(["test"])
        args.pytest_args = argv[1:]
    else:
        args = parser.parse_args(argv)
    bootstrap()
    os.chdir(REPO)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    handlers = {"check": cmd_check, "build": cmd_build, "serve": cmd_serve, "test": cmd_test,
                "bench": cmd_bench}
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
