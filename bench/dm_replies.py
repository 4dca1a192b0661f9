"""How long a person waits for the POWERUP Deathmatch computer's reply: run unchanged by CPython and by
Pyodide in Chromium.

Standard library, `engine`, bench/playouts.py and bench/reply_loop.py only: bench/dm_bot.py has it imported
in Pyodide in Chromium (bench/pyodide_worker.mjs); tests/test_bench_dm.py calls it in CPython. Each game is
RED TEAM's person (seat 0, the random policy: bench/playouts.py's LCG, a seed per game) against BLU TEAM
played by the computer (the setup option `players`, as the page's question answers it). A reply is one
`play` of the person after which the computer chose at least once before handing the decision back: the time
the page waits for that call, every computer decision inside it included (a whole turn of the computer's,
often).
"""

import json
import sys

import engine
from bench.playouts import lcg
from bench.reply_loop import person_replies
from engine.powerup import Powerup

DEATHMATCH = "powerup/deathmatch"


def computer_blu(players: int) -> dict:
    """The option that gives BLU TEAM's seats (the odd ones) to the computer."""
    return {"players": ["computer" if seat % 2 else "person" for seat in range(1, players)]}


def replies(seeds: list[int], players: int = 2, max_steps: int = 5000) -> dict:
    """{"games", "ended", "replies": [seconds of each reply], "decisions": the computer's choices counted}."""
    decided = [0]
    choose = Powerup.computer_choice

    def counted(game, state, options):
        decided[0] += 1
        return choose(game, state, options)

    engine.new_game(DEATHMATCH, seed=0, players=players, options=computer_blu(players))  # imports, caches
    waits, ended = [], 0
    Powerup.computer_choice = counted  # dm_computer.py's advance asks it: the decisions inside each play
    try:
        for seed in seeds:
            game = engine.new_game(DEATHMATCH, seed=seed, players=players, options=computer_blu(players))
            waits += person_replies(game, lcg(seed), decided, max_steps)
            ended += bool(game.over)
    finally:
        Powerup.computer_choice = choose
    return {"games": len(seeds), "ended": ended, "replies": waits, "decisions": decided[0]}


def run_json(request: str) -> str:
    """{"seeds": [...], "players": 2} → replies(...) as JSON."""
    asked = json.loads(request)
    return json.dumps(replies(asked["seeds"], asked.get("players", 2)))


if __name__ == "__main__":  # python -m bench.dm_replies < request.json > results.json (CPython's figures)
    print(run_json(sys.stdin.read()))
