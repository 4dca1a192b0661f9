"""Recorded hero TCG duels (tests/games/tcg/*.json, found by tests/games/record.py) replayed through the
engine, each reaching the ending it was recorded for.

Issue 14: "recorded games ending in a win for each side". The files hold only inputs (duel, seed, players,
action ids); the engine decides every shuffle, draw and ending, and at players=1 every choice of the
computer, which acts inside `play` (duelo-win-1p: the person beats the normal computer). Record one with:

    .venv/bin/python tests/games/record.py heroes-tcg/duelo --want win --score tests/games/score_tcg.py:seat_0
    .venv/bin/python tests/games/record.py heroes-tcg/duelo --want loss --score tests/games/score_tcg.py:seat_1
    .venv/bin/python tests/games/record.py heroes-tcg/duelo --want win --players 1 --bot normal \
        --score tests/games/score_tcg.py:seat_0

and record them all again after a rule change with `tests/games/rerecord.sh tcg`.
"""

from pathlib import Path

import pytest
from mu_support import catalog
from recorded import load, named, replay

from engine.heroes_tcg import GAME_ID

GAMES = sorted((Path(__file__).parent / "games" / "tcg").glob("*.json"))
WINNER = {"win": 0, "loss": 1}  # the outcome's `result` names seat 0's side: "loss" is seat 1's win


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_duel_reaches_its_ending(path):
    # "Condición de victoria: Derrotar al 3.er Héroe del rival (Nivel 1 → Nivel 2 → Nivel 3)."
    record = named(path, GAME_ID)
    game, events = replay(record, catalog())
    winner = WINNER[record["want"]]
    assert game.outcome == {"result": record["want"], "winner": winner, "reason": record["reason"]}
    loser = game.state["sides"][1 - winner]
    assert len(loser["defeated"]) == game.ctx.const("victory_defeated_heroes")
    assert [game.ctx.heroes[h]["nivel"] for h in loser["defeated"]] == [1, 2, 3]
    assert events[-1]["kind"] == "over" and events[-1]["rule"] == f"{GAME_ID}/condicion-de-victoria"


def test_each_side_has_a_recorded_win():
    """Issue 14: "recorded games ending in a win for each side"."""
    recorded = {WINNER[load(path)["want"]] for path in GAMES}
    assert recorded == {0, 1}, f"recorded wins for seats {sorted(recorded)} (record one with tests/games/record.py)"
