"""Scripted Marvel United games: recorded action lists (tests/games/mu/*.json, found by tests/games/record.py)
replayed through the engine, each reaching the ending it was recorded for.

Issue 6: "a scripted game per villain that reaches a win and one that reaches a loss". The files hold only
inputs (villain, seed, Heroes, action ids, the mode among them); the engine decides every draw and ending.
Record one with:

    .venv/bin/python tests/games/record.py marvel-united-promos/<villain> --want win \
        --score tests/games/score_mu.py:progress --policy tests/games/score_mu.py:busy_team
"""

import json
from pathlib import Path

import pytest
from mu_support import MU, catalog

import engine
from engine.mu import PLAYABLE

GAMES = sorted((Path(__file__).parent / "games" / "mu").glob("*.json"))


def load(path):
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_reaches_its_ending(path):
    record = load(path)
    game = engine.new_game(record["scenario"], seed=record["seed"], players=record["players"],
                           catalog=catalog())
    events = []
    for n, action in enumerate(record["actions"]):
        assert not game.over, f"the game ended after {n} of {len(record['actions'])} actions: {game.outcome}"
        events += game.play(action)
    assert game.over, "the recorded actions do not finish the game"
    assert game.outcome["result"] == record["want"]
    assert game.outcome["reason"] == record["reason"]
    assert [e for e in events if e["kind"] == record["want"]]
    assert not [e for e in events if e["kind"] == "not-implemented"]


def test_every_villain_has_a_recorded_win_and_loss():
    """Every villain the site offers has a recorded win and a recorded loss."""
    recorded = {(r["scenario"], r["want"]) for r in map(load, GAMES)}
    missing = [f"{v}-{want}" for v in sorted(PLAYABLE) for want in ("win", "loss")
               if (f"{MU}/{v}", want) not in recorded]
    assert not missing, f"no recorded game for: {missing} (record one with tests/games/record.py)"
