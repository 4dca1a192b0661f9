"""Engine speed: random playouts per scenario in CPython and inside Pyodide under Node, with the ratio.

    .venv/bin/python bench/engine_speed.py [--games 20] [--max-steps 3000]

Plays the same games in both (the choice rule of tests/node/run_engine.mjs: a 31-bit LCG per seed
picking among the legal action ids), to the end or --max-steps. Pyodide's figure excludes the
runtime's boot, measured by a run with no game. Needs a built site (python3 build.py build) and node.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from test_pyodide import RUNNER, lcg  # noqa: E402  (the choice rule shared with the Node runner)

import engine  # noqa: E402


def cpython(scenario, seeds, players, max_steps) -> tuple[float, int]:
    start, steps = time.perf_counter(), 0
    for seed in seeds:
        game = engine.new_game(scenario, seed=seed, players=players)
        choose = lcg(seed)
        for _ in range(max_steps):
            if game.over:
                break
            legal = game.legal_actions()
            game.play(legal[choose(len(legal))]["id"])
            steps += 1
    return time.perf_counter() - start, steps


def pyodide(cases, site) -> float:
    start = time.perf_counter()
    subprocess.run(["node", str(RUNNER), str(site)], input=json.dumps(cases), capture_output=True,
                   text=True, check=True, timeout=1800)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--only", default="", help="measure only scenarios whose id starts with this "
                        "(e.g. marvel-united-promos/)")
    parser.add_argument("--max-steps", type=int, default=3000)
    parser.add_argument("--site", type=Path, default=REPO / "site")
    args = parser.parse_args()
    boot = pyodide([], args.site)
    print(f"Pyodide boot under Node (excluded below): {boot:.2f} s")
    print(f"{'scenario':32} {'CPython games/s':>16} {'steps/s':>10} {'Pyodide games/s':>16} {'steps/s':>10}"
          f" {'Pyodide/CPython':>16}")
    for scenario in [s for s in engine.scenarios() if s.startswith(args.only)]:
        seeds = list(range(1, args.games + 1))
        seconds, steps = cpython(scenario, seeds, args.players, args.max_steps)
        cases = [{"scenario": scenario, "seed": s, "players": args.players, "actions": None,
                  "random_steps": args.max_steps} for s in seeds]
        in_pyodide = max(pyodide(cases, args.site) - boot, 1e-9)
        print(f"{scenario:32} {len(seeds) / seconds:16.1f} {steps / seconds:10.0f} "
              f"{len(seeds) / in_pyodide:16.1f} {steps / in_pyodide:10.0f} {seconds / in_pyodide:16.2f}")


if __name__ == "__main__":
    main()
