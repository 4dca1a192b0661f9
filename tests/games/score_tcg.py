"""Scores for recording hero TCG duels with tests/games/record.py (higher is closer to the wanted ending):
the engine's own judge of an unfinished duel (Game.progress, engine/heroes_tcg/computer.py) for the seat
that should win. At players=2 a "win" is seat 0's and a "loss" seat 1's (the outcome's `result`):

    .venv/bin/python tests/games/record.py heroes-tcg/duelo --want win --score tests/games/score_tcg.py:seat_0
    ... --want loss --score tests/games/score_tcg.py:seat_1

The scores only steer the search; the engine decides every ending."""


def seat_0(game) -> float:
    return game.progress(0)


def seat_1(game) -> float:
    return game.progress(1)
