"""Replaying a recorded game (tests/games/**/*.json, written by tests/games/record.py): its inputs through the
engine, each action legal when it is played, the game over exactly at the last one."""

import json
from pathlib import Path

import engine


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def named(path: Path, game_id: str) -> dict:
    """The record at `path`, a game of `game_id` whose file is named as record.py names a game of a folder:
    <scenario>-<want>[-<tag>]-<n>p."""
    record = load(path)
    assert record["scenario"].startswith(f"{game_id}/")
    tag = f"-{record['tag']}" if record.get("tag") else ""
    assert path.stem == f"{record['scenario'].split('/')[1]}-{record['want']}{tag}-{record['players']}p"
    return record


def replay(record: dict, catalog: dict):
    """The game the record's actions reach, and every event they raised."""
    game = engine.new_game(record["scenario"], seed=record["seed"], players=record["players"],
                           catalog=catalog)
    events = []
    for n, action in enumerate(record["actions"]):
        assert not game.over, f"the game ended after {n} of {len(record['actions'])} actions: {game.outcome}"
        legal = [a["id"] for a in game.legal_actions()]
        assert action in legal, f"action {n} ({action}) is not legal: {legal}"
        events += game.play(action)
    assert game.over, "the recorded actions do not finish the game"
    return game, events
