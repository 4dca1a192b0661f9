"""Random playouts, the loop engine_speed.py times: run unchanged by CPython and by Pyodide under Node.

Standard library and `engine` only: bench/pyodide_playouts.mjs runs this file's text in Pyodide, and
engine_speed.py runs it in a fresh CPython process (`python -m bench.playouts`), so neither measures
inside a process whose heap holds anything else (a big heap slows the cyclic garbage collector).
The choice rule is tests/node/run_engine.mjs's: a 31-bit LCG per seed picking among the legal action ids.

`copying` times the approach play() had before issue 12 beside today's: the whole state deep-copied on
every action (play applied each action to a copy and kept it on success), the same games otherwise.
"""

import copy
import json
import sys
import time

import engine


def lcg(seed: int):
    state = seed & 0x7FFFFFFF

    def choose(n: int) -> int:
        nonlocal state
        state = (state * 1103515245 + 12345) % 2147483648
        return state % n

    return choose


def playouts(scenario: str, seeds: list[int], players: int, max_steps: int, copying: bool = False) -> dict:
    """Play one game per seed to its end (or max_steps); the time excludes a first, untimed setup.
    `copying`: deep-copy the state before every action, as play() did before issue 12."""
    engine.new_game(scenario, seed=0, players=players)  # imports and caches outside the timing
    steps = ended = 0
    start = time.perf_counter()
    for seed in seeds:
        game = engine.new_game(scenario, seed=seed, players=players)
        choose = lcg(seed)
        for _ in range(max_steps):
            if game.over:
                break
            legal = game.legal_actions()
            if copying:
                game.state = copy.deepcopy(game.state)
            game.play(legal[choose(len(legal))]["id"])
            steps += 1
        ended += bool(game.over)
    return {"games": len(seeds), "ended": ended, "steps": steps, "seconds": time.perf_counter() - start}


def run(request: dict) -> dict:
    """{"scenarios": [...], "seeds": [...], "players": n, "max_steps": n, "copying": bool (optional)} →
    {scenario: playouts(...)}."""
    return {scenario: playouts(scenario, request["seeds"], request["players"], request["max_steps"],
                               request.get("copying", False))
            for scenario in request["scenarios"]}


def run_json(request: str) -> str:
    return json.dumps(run(json.loads(request)))


if __name__ == "__main__":  # python -m bench.playouts < request.json > results.json
    print(run_json(sys.stdin.read()))
