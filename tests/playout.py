"""Random legal play shared by the engines' property tests: picks turned into legal actions, and snapshots."""

import json


def play_picks(game, picks, check=None):
    """Play the legal action picked by each number (modulo the choice count); the game and the ids played."""
    played = []
    for pick in picks:
        if game.over:
            break
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer a legal action"
        action = legal[pick % len(legal)]["id"]
        game.play(action)
        played.append(action)
        if check:
            check(game)
    return game, played


def dump(game) -> str:
    """The game's snapshot as canonical JSON (two games are the same game when these are equal)."""
    return json.dumps(game.snapshot(), sort_keys=True)
