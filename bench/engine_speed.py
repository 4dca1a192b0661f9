"""Engine speed: random playouts per scenario in CPython and inside Pyodide under Node.

    .venv/bin/python bench/engine_speed.py [--games 20] [--only PREFIX] [--per-scenario]

Both runtimes run the same loop (bench/playouts.py) over the same seeds, each in a fresh process, timed
inside Python, so the Pyodide figures exclude the runtime's boot (reported apart). Needs a built site
(python3 build.py build) and node. Prints the engine rows of the bench table: per game, and per scenario
with --per-scenario.
"""

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import engine  # noqa: E402
from bench import report  # noqa: E402

NODE_RUNNER = REPO / "bench" / "pyodide_playouts.mjs"
# A game whose engine offers no scenario yet is timed on the one named here, so its rows exist before the site
# offers it (POWERUP: engine.powerup.READY is empty until the play page renders it); once the engine offers
# scenarios of that game, those are timed instead.
NAMED = ("powerup/gimme-my-powerup",)


def scenarios(only: str = "") -> list[str]:
    """The scenarios to time: every one the engine offers, and NAMED's for a game it offers none of."""
    offered = engine.scenarios()
    games = {s.split("/")[0] for s in offered}
    chosen = offered + [s for s in NAMED if s.split("/")[0] not in games]
    return [s for s in chosen if s.startswith(only)]


def _run(command: list[str], request: dict) -> dict:
    done = subprocess.run(command, input=json.dumps(request), capture_output=True, text=True, timeout=3600,
                          cwd=REPO)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def in_cpython(request: dict, engine_root: Path | None = None) -> dict:
    """The playouts in a fresh CPython; with `engine_root`, the `engine` package found there comes first."""
    if engine_root is None:
        return _run([sys.executable, "-m", "bench.playouts"], request)
    first = (f"import sys, runpy; sys.path.insert(0, {str(engine_root)!r}); "
             "runpy.run_module('bench.playouts', run_name='__main__')")
    return _run([sys.executable, "-c", first], request)


def engine_at(revision: str, folder: Path) -> Path:
    """The `engine` package of a git revision, unpacked into `folder` with today's compiled catalog (the
    older engine plays today's content: a revision whose engine cannot read it fails here)."""
    archive = subprocess.run(["git", "archive", "--format=tar", revision, "engine"], cwd=REPO,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    shutil.copy(REPO / "engine" / "catalog.json", folder / "engine" / "catalog.json")
    return folder


def in_pyodide(request: dict, site: Path) -> dict:
    return _run(["node", str(NODE_RUNNER), str(site)], request)


def measure(site: Path, games: int = 20, players: int = 2, max_steps: int = 20_000, only: str = "",
            against: str | None = None) -> dict:
    """{"pyodide_boot_s": s, "engine": {scenario: {"cpython": playouts, "pyodide": playouts,
    "cpython_copying": playouts[, "cpython_against": playouts]}}, "against": revision}: cpython_copying
    times the same games copying the state on every action, as play() did before issue 12; with
    `against`, cpython_against times them with the engine of that git revision."""
    request = {"scenarios": scenarios(only),
               "seeds": list(range(1, games + 1)), "players": players, "max_steps": max_steps}
    cpython = in_cpython(request)
    copying = in_cpython(dict(request, copying=True))
    node = in_pyodide(request, site)
    engine_figures = {s: {"cpython": cpython[s], "pyodide": node["results"][s], "cpython_copying": copying[s]}
                      for s in request["scenarios"]}
    if against:
        with tempfile.TemporaryDirectory(prefix="tabletome-engine-") as folder:
            root = engine_at(against, Path(folder))
            for game in dict.fromkeys(s.split("/")[0] for s in request["scenarios"]):
                group = [s for s in request["scenarios"] if s.split("/")[0] == game]
                try:  # an older engine may not know a newer game (POWERUP): that game gets no such row
                    older = in_cpython(dict(request, scenarios=group), root)
                except RuntimeError as error:
                    print(f"engine at {against} cannot play {game}: {str(error).splitlines()[-1]}",
                          file=sys.stderr)
                    continue
                for s in group:
                    engine_figures[s]["cpython_against"] = older[s]
    return {"pyodide_boot_s": node["boot_seconds"], "engine": engine_figures, "against": against}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per scenario (default 20)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-steps", type=int, default=20_000, help="cut a game after this many actions")
    parser.add_argument("--only", default="", help="only scenarios whose id starts with this "
                        "(e.g. marvel-united-promos/)")
    parser.add_argument("--per-scenario", action="store_true", help="a row per scenario, not only per family")
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--against", metavar="REV", help="also time the engine of this git revision")
    args = parser.parse_args()
    figures = measure(args.site, args.games, args.players, args.max_steps, args.only, args.against)
    print(report.table(figures, per_scenario=args.per_scenario))


if __name__ == "__main__":
    main()
