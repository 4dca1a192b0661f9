"""Random legal play shared by the engines' property tests: picks turned into legal actions, snapshots,
and the checks every engine must pass (snapshot round-trip, illegal actions)."""

import json
import random

import engine


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


def offered_kinds(game, seed: int, steps: int) -> set[str]:
    """The kinds of every legal action offered along one random game of at most `steps` actions."""
    rng, kinds = random.Random(seed), set()
    for _ in range(steps):
        if game.over:
            break
        legal = game.legal_actions()
        kinds |= {a["kind"] for a in legal}
        game.play(rng.choice(legal)["id"])
    return kinds


def dump(game) -> str:
    """The game's snapshot as canonical JSON (two games are the same game when these are equal)."""
    return json.dumps(game.snapshot(), sort_keys=True)


def assert_restored_twin_continues(game, catalog, picks) -> None:
    """A snapshot kept as JSON (as a page keeps it) restores a twin that draws, offers and plays exactly
    as the game does, for the legal actions `picks` choose."""
    twin = engine.restore(json.loads(json.dumps(game.snapshot())), catalog=catalog)
    assert dump(twin) == dump(game)
    assert twin.legal_actions() == game.legal_actions() and twin.view() == game.view()
    for pick in picks:
        if game.over:
            break
        action = game.legal_actions()[pick % len(game.legal_actions())]["id"]
        assert game.play(action) == twin.play(action)
    assert dump(twin) == dump(game)


def assert_illegal_actions_change_nothing(game, bad_ids) -> None:
    """Every id in `bad_ids` that is not legal now raises IllegalAction and leaves the game identical."""
    before = game.snapshot()  # compared as a value: cheaper than its JSON text
    legal = {a["id"] for a in game.legal_actions()}
    for bad in bad_ids:
        if bad in legal:
            continue
        try:
            game.play(bad)
        except engine.IllegalAction:
            pass
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert game.snapshot() == before


def player_counts(scenario: str, catalog=None) -> list[int]:
    """Every player count the engine starts `scenario` with (it raises ScenarioError for the others)."""
    counts = []
    for players in range(0, 9):
        try:
            engine.new_game(scenario, seed=0, players=players, catalog=catalog)
        except engine.ScenarioError:
            continue
        counts.append(players)
    return counts
