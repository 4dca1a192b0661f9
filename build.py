#!/usr/bin/env python3
"""Tabletome's command line: check the content, build the site, serve it, test it.

    python3 build.py check            validate content/ and report every problem
    python3 build.py build            check, then build the site into site/
    python3 build.py serve [--port N] build, then serve site/ on http://127.0.0.1:N/
    python3 build.py test [ARGS...]   build, then run pytest with ARGS
    python3 build.py bench [--runs N] build, then measure and print the figures of bench/ as one table
                                      and add it to bench/RESULTS.md (not part of test)

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
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent
VENV = REPO / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".tabletome-pyproject.sha256"
CHROMIUM = Path("/usr/bin/chromium")
NODE_LOCK = REPO / "package-lock.json"
NODE_STAMP = REPO / "node_modules" / ".tabletome-lock.sha256"


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
        node = _start_node_tools()  # npm ci needs no venv: its downloads and pip's overlap
        say("installing the project and its dev tools (pip install -e '.[dev]')")
        _run([str(VENV_PYTHON), "-m", "pip", "install", "--upgrade", "pip"], quiet=True)
        _run([str(VENV_PYTHON), "-m", "pip", "install", "-e", ".[dev]"], quiet=True)
        STAMP.write_text(wanted + "\n")
        _finish_node_tools(node)
    if not _in_venv():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(REPO / "build.py"), *sys.argv[1:]])


def ensure_node_tools() -> None:
    """The Node tools of package.json (esbuild for the build; axe-core for the tests; Lighthouse for the
    bench), installed with `npm ci` from package-lock.json whenever the lock file changed."""
    _finish_node_tools(_start_node_tools())


def _node_lock_hash() -> str:
    return hashlib.sha256(NODE_LOCK.read_bytes()).hexdigest()


def _start_node_tools() -> tuple[subprocess.Popen, object] | None:
    """`npm ci` started in the background if the installed tools are not those of the lock file (None if
    they are); its output kept in a temporary file, shown only if it fails."""
    if NODE_STAMP.exists() and NODE_STAMP.read_text().strip() == _node_lock_hash():
        return None
    say("installing the node tools of package-lock.json (npm ci: esbuild, axe-core, lighthouse)")
    if shutil.which("npm") is None:
        say("npm is not installed: install Node.js 20 and npm (the build bundles its scripts with esbuild)")
        sys.exit(1)
    output = tempfile.TemporaryFile(mode="w+")
    command = ["npm", "ci", "--no-audit", "--no-fund"]
    process = subprocess.Popen(command, cwd=REPO, stdout=output, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, text=True)
    return process, output


def _finish_node_tools(started: tuple[subprocess.Popen, object] | None) -> None:
    """Wait for the `npm ci` of `_start_node_tools`; exit with its output if it failed."""
    if started is None:
        return
    process, output = started
    code = process.wait()
    if code != 0:
        output.seek(0)
        print(output.read(), end="")
        say(f"failed ({code}): {' '.join(process.args)}")
        sys.exit(code)
    output.close()
    NODE_STAMP.write_text(_node_lock_hash() + "\n")


# ---------------------------------------------------------------- commands


def cmd_check(args: argparse.Namespace) -> int:
    from site_src.check import checker
    from site_src.compile import catalog
    from site_src.model.problems import report_lines

    started = time.perf_counter()
    content = Path(args.content).resolve() if args.content else REPO / "content"
    result = checker.check(content, cache=REPO / ".cache")
    for line in report_lines(result.problems):
        print(line)
    elapsed = time.perf_counter() - started
    if result.problems:
        count = len(result.problems)
        say(f"{count} problem{'s' if count != 1 else ''} in content/ ({elapsed:.1f} s)")
        return 1
    print(f"content OK: {result.content.summary()} ({elapsed:.1f} s)")
    if args.coverage:
        from site_src.check import coverage

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

    ensure_node_tools()
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
    from site_src.publish import serve

    if cmd_build(args) != 0:
        return 1
    return serve.serve(REPO / "site", port=args.port, log=say)


def _ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get") is None:
        say(f"no {CHROMIUM} and no apt-get to install it: install Debian's chromium (the browser tests "
            "and the bench drive it)")
        sys.exit(1)
    say("installing Debian's chromium: apt-get update && apt-get install -y chromium")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run(["apt-get", "update"], env=env, stdin=subprocess.DEVNULL)
    _run(["apt-get", "install", "-y", "chromium"], env=env, stdin=subprocess.DEVNULL)


def cmd_test(args: argparse.Namespace) -> int:
    _ensure_chromium()
    # Byte-code written, whatever PYTHONDONTWRITEBYTECODE says, and first by a collection run on the second
    # core while the build runs on the first (its result unused: the site is not built yet): each worker then
    # reads the compiled modules and pytest's rewritten test files rather than compiling them again (a
    # worker's collection: 16 s, 6 s with them). __pycache__/ is ignored by git and left out of the wheel.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    collect = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    compiling = subprocess.Popen(collect, cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if cmd_build(args) != 0:
            return 1
    finally:
        compiling.wait()
    # Both cores (pytest-xdist), tests handed out one or two at a time in collection order (`--dist load
    # --maxschedchunk 1`; by default each worker is first given a quarter of the tests, all the browser tests
    # to one of them): tests/conftest.py puts the browser tests first, so the two cores run Chromium together,
    # then the engine tests together; arguments given after `test` come last, so `-n 0` runs in one process.
    pytest_args = ["-n", "auto", "--dist", "load", "--maxschedchunk", "1", *args.pytest_args]
    say(f"running pytest {' '.join(pytest_args)}")
    code = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=REPO, env=env).returncode
    if code == 5:
        say("pytest collected no tests: that counts as a failure")
        return 1
    return code


def cmd_bench(args: argparse.Namespace) -> int:
    """Build, measure every figure of bench/ in this run, print one table, add it to bench/RESULTS.md."""
    from datetime import UTC, datetime

    from bench import dm_bot, engine_speed, lighthouse, play_ready, report, site_figures, suite_time, tcg_bot

    _ensure_chromium()
    args.tcg_games = args.tcg_games or tcg_bot.GAMES
    args.tcg_replies = args.tcg_replies or tcg_bot.REPLY_DUELS
    if cmd_build(args) != 0:
        return 1
    site, figures, load = REPO / "site", {}, [os.getloadavg()[0]]
    say(f"timing check, build and bare mkdocs ({args.runs} runs), weighing pages (bench/site_figures.py)")
    figures.update(site_figures.measure(args.runs))
    say(f"timing Play and a bare Pyodide boot in Chromium ({args.runs} runs; bench/play_ready.py)")
    figures.update(play_ready.measure(site, args.runs))
    say(f"Lighthouse, mobile preset, on {len(lighthouse.PAGES)} pages and a bare mkdocs-material page "
        f"({args.lighthouse_runs} run{'s' if args.lighthouse_runs != 1 else ''}; bench/lighthouse.py)")
    figures.update(lighthouse.measure(site, args.lighthouse_runs, say=say))
    say(f"timing {args.games} playouts per scenario in CPython and Pyodide (bench/engine_speed.py)")
    figures.update(engine_speed.measure(site, args.games, only=args.only, against=args.against))
    figures.update(tcg_bot.measure(site, args.tcg_games, args.tcg_replies, say=say))
    figures.update(dm_bot.measure(site, say=say))
    if not args.no_suite:
        say("timing the test suite from a fresh clone of HEAD, as CI runs it (about ten minutes; "
            "bench/suite_time.py)")
        figures.update(suite_time.measure(REPO, say=say))
    load.append(os.getloadavg()[0])
    table = report.table(figures, per_scenario=args.per_scenario)
    print(table)
    if args.no_write:
        return 0
    options = [f"--runs {args.runs}", f"--games {args.games}", f"--only {args.only}" if args.only else "",
               "--per-scenario" if args.per_scenario else "",
               f"--against {args.against}" if args.against else "",
               f"--tcg-games {args.tcg_games}", f"--tcg-replies {args.tcg_replies}",
               f"--lighthouse-runs {args.lighthouse_runs}", "--no-suite" if args.no_suite else ""]
    settings = (f"`python3 build.py bench {' '.join(o for o in options if o)}`: medians of {args.runs} runs; "
                f"{args.games} random playouts per scenario, 2 players; {args.tcg_games} TCG duels of the "
                f"normal bot against each rival, its replies timed in {args.tcg_replies}; {dm_bot.GAMES} "
                f"Deathmatches per player count and BLU TEAM policy, the computer's replies timed in "
                f"{dm_bot.REPLY_GAMES}; Lighthouse scores are medians of {args.lighthouse_runs} run"
                f"{'s' if args.lighthouse_runs != 1 else ''} per page. "
                f"1-minute load average {load[0]:.1f} at the start, {load[1]:.1f} at the end (other work "
                "inflates the timings).")
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    path = report.write_results(REPO / "bench" / "RESULTS.md",
                                report.section(date, report.machine(), settings, table))
    say(f"results added to {path.relative_to(REPO)}")
    return 0


def cmd_screenshots(args: argparse.Namespace) -> int:
    """Build, then take the README's pictures of the built site (docs-dev/screenshots.py)."""
    _ensure_chromium()
    if cmd_build(args) != 0:
        return 1
    return subprocess.run([sys.executable, str(REPO / "docs-dev" / "screenshots.py")], cwd=REPO).returncode


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
    bench = commands.add_parser("bench", help="build, then measure every figure of bench/, print one table "
                                "and add it to bench/RESULTS.md")
    bench.add_argument("--runs", type=int, default=3, help="runs of each timing (default 3; medians shown)")
    bench.add_argument("--games", type=int, default=20, help="random playouts per scenario (default 20)")
    bench.add_argument("--only", default="", help="engine speed only for scenarios starting with this")
    bench.add_argument("--per-scenario", action="store_true",
                       help="engine rows per scenario, not only per family")
    bench.add_argument("--against", metavar="REV",
                       help="also time the engine of this git revision on the same playouts (e.g. a commit "
                            "before a change to the engine)")
    bench.add_argument("--tcg-games", type=int, help="TCG duels of the normal bot against each rival "
                       "(default bench/tcg_bot.py's GAMES, the issue's count)")
    bench.add_argument("--tcg-replies", type=int, help="TCG duels whose computer replies are timed in "
                       "Pyodide (default bench/tcg_bot.py's REPLY_DUELS)")
    bench.add_argument("--lighthouse-runs", type=int, default=1,
                       help="Lighthouse runs per page (default 1: about 20 s a page; medians shown)")
    bench.add_argument("--no-suite", action="store_true",
                       help="leave out the test suite's time from a fresh clone (about ten minutes)")
    bench.add_argument("--no-write", action="store_true",
                       help="print the table without adding it to RESULTS.md")
    commands.add_parser("screenshots", help="build, then write the README's pictures to "
                        "docs-dev/screenshots/")
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
                "bench": cmd_bench, "screenshots": cmd_screenshots}
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
