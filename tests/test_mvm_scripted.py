"""Scripted games: recorded action lists (tests/games/*.json, found by tests/games/record.py) replayed
through the engine, each reaching the ending it was recorded for.

Issue 5: "a scripted game per mission that reaches the win and one that reaches the loss". The files hold
only inputs (scenario, seed, players, action ids); the engine decides every roll, draw and ending."""

import json
from pathlib import Path

import pytest
from mvm_support import catalog

import engine

GAMES = sorted((Path(__file__).parent / "games").glob("*.json"))
MVM = "mechs-vs-minions"


def load(path):
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_reaches_its_ending(path):
    record = load(path)
    game = engine.new_game(record["scenario"], seed=record["seed"], players=record["players"], catalog=catalog())
    events = []
    for n, action in enumerate(record["actions"]):
        assert not game.over, f"the game ended after {n} of {len(record['actions'])} actions: {game.outcome}"
        events += game.play(action)
    assert game.over, "the recorded actions do not finish the game"
    assert game.outcome["result"] == record["want"]
    assert events[-1]["kind"] == record["want"]


def test_every_playable_mission_has_a_recorded_win_and_loss():
    """Every playable mission has a recorded win; every mission that can be lost has a recorded loss
    (the Tutorial has no loss condition)."""
    scenarios = catalog()["games"][MVM]["scenarios"]
    recorded = {(r["scenario"], r["want"]) for r in map(load, GAMES)}
    missing = []
    for sid, scenario in sorted(scenarios.items()):
        if "play" not in scenario:
            continue
        wants = ["win"] + (["loss"] if scenario["play"].get("losses") or scenario["play"].get("bomb") else [])
        missing += [f"{sid}-{w}" for w in wants if (f"{MVM}/{sid}", w) not in recorded]
    assert not missing, f"no recorded game for: {missing} (record one with tests/games/record.py)"
