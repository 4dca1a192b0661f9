"""Layer 5: the engine wheel in the vendored Pyodide runtime (Node) plays exactly like CPython.

`build.py test` builds `site/` (runtime under site/pyodide/<version>/, the wheel and
site/engine/manifest.json) before pytest runs; tests/node/run_engine.mjs loads both from there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import engine  # tests/conftest.py puts the repository on sys.path

REPO = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("TABLETOME_SITE", REPO / "site"))
RUNNER = REPO / "tests" / "node" / "run_engine.mjs"
TUTORIAL = "mechs-vs-minions/mission-00"

pytestmark = pytest.mark.pyodide


def lcg(seed: int):
    """The choice rule of tests/node/run_engine.mjs: a 31-bit LCG, index = state % n."""
    state = seed & 0x7FFFFFFF

    def choose(n: int) -> int:
        nonlocal state
        state = (state * 1103515245 + 12345) % 2147483648
        return state % n

    return choose


def play_cpython(spec: dict) -> dict:
    """What run_engine.mjs computes, computed by CPython's `engine`."""
    game = engine.new_game(spec["scenario"], seed=spec["seed"], players=spec["players"])
    played: list[str] = []
    error = None
    if spec.get("actions") is not None:
        for action_id in spec["actions"]:
            try:
                game.play(action_id)
            except engine.IllegalAction:
                error = "IllegalAction"
                break
            played.append(action_id)
    else:
        choose = lcg(spec["seed"])
        for _ in range(spec["random_steps"]):
            legal = game.legal_actions()
            if not legal:
                break
            action_id = legal[choose(len(legal))]["id"]
            game.play(action_id)
            played.append(action_id)
    return {
        "snapshot": json.dumps(game.snapshot(), sort_keys=True),
        "over": bool(game.over),
        "outcome": game.outcome,
        "actions": played,
        "error": error,
    }


def case(scenario: str, seed: int, players: int, actions=None, steps: int = 0) -> dict:
    """One case for run_engine.mjs: `actions` to replay, or `steps` LCG-chosen actions."""
    return {
        "scenario": scenario,
        "seed": seed,
        "players": players,
        "actions": actions,
        "random_steps": steps,
    }


def run_node(cases: list[dict], prepared: bool = False) -> list[dict]:
    proc = subprocess.run(
        ["node", str(RUNNER), str(SITE), *(["--prepared"] if prepared else [])],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, f"run_engine.mjs failed:\n{proc.stderr[-4000:]}"
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(results) == len(cases)
    return results


def playable(scenario: str, players: int) -> bool:
    """Whether the scenario takes this many players (the engine refuses other counts with ScenarioError;
    any other error fails the test)."""
    try:
        engine.new_game(scenario, seed=1, players=players)
    except engine.ScenarioError:
        return False
    return True


@pytest.fixture(scope="module")
def site() -> Path:
    assert (SITE / "engine" / "manifest.json").is_file(), (
        f"{SITE} has no built site (run `python3 build.py build` first; `build.py test` does)")
    assert shutil.which("node"), "node is not installed (the project needs Node 20: see the README)"
    return SITE


def test_wheel_in_pyodide_matches_cpython(site: Path) -> None:
    cases: list[dict] = []
    for players in (2, 4):
        if not playable(TUTORIAL, players):
            continue
        for seed in (1, 7, 42, 20240917):
            cases.append(case(TUTORIAL, seed, players, steps=300))
    for scenario in engine.scenarios():
        if scenario != TUTORIAL and playable(scenario, 2):
            cases.append(case(scenario, 3, 2, steps=200))
    # A fixed action list: the first steps of one random game, replayed as given.
    fixed = play_cpython(case(TUTORIAL, 11, 2, steps=40))
    cases.append(case(TUTORIAL, 11, 2, actions=fixed["actions"]))
    assert cases, "no playable case"

    assert_as_in_cpython(cases, run_node(cases))


def test_the_prepared_runtime_plays_as_cpython(site: Path) -> None:
    """The Play area starts Python from the build's prepared runtime (a memory snapshot taken with the engine
    imported and the catalog read: site_src/bundle/prepared.py) whenever the manifest names one. Started the
    same way, a game of every family and the Tutorial's fixed replay give CPython's snapshots."""
    manifest = json.loads((site / "engine" / "manifest.json").read_text(encoding="utf-8"))
    assert (site / manifest["prepared"]).is_file(), "the build prepares the Play area's runtime"
    families = {s.split("/")[0]: s for s in reversed(engine.scenarios()) if playable(s, 2)}
    cases = [case(scenario, 5, 2, steps=150) for scenario in sorted(families.values())]
    fixed = play_cpython(case(TUTORIAL, 11, 2, steps=40))
    cases.append(case(TUTORIAL, 11, 2, actions=fixed["actions"]))
    assert len(families) == len(engine.games()), families
    assert_as_in_cpython(cases, run_node(cases, prepared=True))


def assert_as_in_cpython(cases: list[dict], results: list[dict]) -> None:
    for one, got in zip(cases, results, strict=True):
        expected = play_cpython(one)
        label = f"{one['scenario']} seed={one['seed']} players={one['players']}"
        assert got["error"] is None, f"{label}: {got['error']}"
        assert got["actions"] == expected["actions"], f"{label}: different action sequences"
        assert got["over"] == expected["over"], label
        assert got["outcome"] == expected["outcome"], label
        assert got["snapshot"] == expected["snapshot"], f"{label}: snapshots differ"


def test_illegal_action_in_pyodide_stops_replay(site: Path) -> None:
    first = engine.new_game(TUTORIAL, seed=5, players=2).legal_actions()[0]["id"]
    hostile = ["<script>alert(1)</script>", "__import__('os')", "draft:pick:no-such-card"]
    cases = [case(TUTORIAL, 5, 2, actions=[first, bad, first]) for bad in hostile]
    expected = play_cpython(case(TUTORIAL, 5, 2, actions=[first]))["snapshot"]
    for got in run_node(cases):
        assert got["actions"] == [first]
        assert got["error"] and got["error"].startswith("IllegalAction"), got["error"]
        assert got["snapshot"] == expected
