"""How long a person waits for the TCG computer's reply: run unchanged by CPython and by Pyodide in Chromium.

Standard library, `engine`, bench/playouts.py and bench/reply_loop.py only: bench/tcg_bot.py has it imported
in Pyodide in Chromium (bench/pyodide_worker.mjs); tests/test_bench_tcg.py calls it in CPython. Each duel is
one person (seat 0) against the computer (players=1, the contract's form, the page's), the person playing
the random policy (bench/playouts.py's LCG, a seed per duel). A reply is one `play` of the person after
which the computer chose at least once before handing the decision back: the time the page waits for that
call, every computer decision inside it included (a whole turn of the computer's, often).
"""

import json
import sys

import engine
from bench.playouts import lcg
from bench.reply_loop import person_replies
from engine.heroes_tcg import computer

DUEL = "heroes-tcg/duelo"


def replies(seeds: list[int], level: str = "normal", max_steps: int = 5000) -> dict:
    """{"duels", "ended", "replies": [seconds of each reply], "decisions": the computer's choices counted}."""
    decided = [0]
    choose = computer.choose

    def counted(game, state):
        decided[0] += 1
        return choose(game, state)

    engine.new_game(DUEL, seed=0, players=1, options={"bot": level})  # imports and caches outside the timing
    waits, ended = [], 0
    computer.choose = counted  # game.py calls computer.choose: the count of decisions inside each play
    try:
        for seed in seeds:
            game = engine.new_game(DUEL, seed=seed, players=1, options={"bot": level})
            waits += person_replies(game, lcg(seed), decided, max_steps)
            ended += bool(game.over)
    finally:
        computer.choose = choose
    return {"duels": len(seeds), "ended": ended, "replies": waits, "decisions": decided[0]}


def run_json(request: str) -> str:
    """{"seeds": [...], "level": "normal"} → replies(...) as JSON."""
    asked = json.loads(request)
    return json.dumps(replies(asked["seeds"], asked.get("level", "normal")))


if __name__ == "__main__":  # python -m bench.tcg_replies < request.json > results.json (CPython's figures)
    print(run_json(sys.stdin.read()))
