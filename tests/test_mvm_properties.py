"""Properties of random play of Mechs vs. Minions that only this game has. Determinism, snapshots, illegal
actions, invariants, views and rule ids are the contract suite's (tests/test_contract.py), for every game."""

import json

from mvm_support import MVM, TUTORIAL, catalog
from playout import play_picks

import engine

SCENARIOS = [s for s in engine.scenarios(catalog()) if s.startswith(MVM + "/")]


def new_game(scenario, players, seed):
    """A new game; `players` is brought within the scenario's player count."""
    count = catalog()["games"][MVM]["scenarios"][scenario.split("/")[1]]["players"]
    players = max(count["min"], min(count["max"], players))
    return engine.new_game(scenario, seed=seed, players=players, catalog=catalog())


def play_out(scenario, seed, players, picks, check=None):
    """Play the legal action picked by each number (modulo the choice count); the game and its ids."""
    return play_picks(new_game(scenario, players, seed), picks, check)


def test_random_tutorial_games_end_in_a_win():
    """With no loss condition in the Tutorial, random play still finishes it: every game here is won."""
    for seed in range(6):
        game, _ = play_out(TUTORIAL, seed, 1 + seed % 4, [(seed * 7919 + i * 104729) for i in range(5000)])
        assert game.over and game.outcome["result"] == "win"


def test_every_mission_draws_before_and_after_its_first_choices():
    """The page asks for view() as soon as a game exists: before the EZ-MODE choice and before any piece
    is set up, every mission's view is complete JSON (a feature drawn before it is set up once broke it)."""
    for scenario in SCENARIOS:
        for players in (1, 4):
            game = new_game(scenario, players, seed=players)
            for _ in range(6):
                view = json.loads(json.dumps(game.view()))
                assert view["scenario"] == scenario and view["to_move"] is not None
                game.play(game.legal_actions()[0]["id"])
