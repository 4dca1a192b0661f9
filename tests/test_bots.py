"""Bots (engine/bots.py): policies over the engine contract, so they play every game the engine knows."""

import functools
import random

import pytest
from mu_support import catalog
from playout import dump

import engine

SCENARIOS = engine.scenarios(catalog())


def started(scenario, players=2, seed=4, steps=15):
    """A game some random actions in (past the setup questions)."""
    game, rng = engine.new_game(scenario, seed=seed, players=players, catalog=catalog()), random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.play(rng.choice(game.legal_actions())["id"])
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_random_bot_plays_every_scenario_to_its_end(scenario):
    """Automated seats of any game can use a bot: every action it chooses is legal, and games end."""
    game, bot = engine.new_game(scenario, seed=2, players=2, catalog=catalog()), engine.bots.make("random", 9)
    for _ in range(4000):
        if game.over:
            break
        game.play(bot.choose(game))
    assert game.over


@pytest.mark.parametrize("scenario", SCENARIOS[::3])
def test_the_search_bot_chooses_a_legal_action_in_every_game(scenario):
    game = started(scenario)
    if not game.over:
        assert engine.bots.make("search", seed=1, iterations=8, depth=40).choose(game) in {
            a["id"] for a in game.legal_actions()}


def test_the_search_is_deterministic_for_a_seed_and_an_iteration_budget():
    game = started("marvel-united-promos/klaw", steps=20)
    choices = {engine.bots.make("search", seed=3, iterations=40).choose(game) for _ in range(3)}
    assert len(choices) == 1
    before = dump(game)
    engine.bots.make("search", seed=3, iterations=40).choose(game)
    assert dump(game) == before, "searching never changes the game it is asked about"


@pytest.mark.parametrize("scenario", ["marvel-united-promos/klaw", "mechs-vs-minions/mission-03"])
def test_the_search_never_uses_what_its_seat_cannot_see(scenario):
    """Two games that differ only in what the seat to move cannot see (other Heroes' hands, the order of
    the decks, the dice to come) get the same choice."""
    game = started(scenario, steps=25)
    other = game.determinize(game.to_move, seed=77)
    assert dump(other) != dump(game)
    bot = functools.partial(engine.bots.make, "search", seed=5, iterations=30, depth=60)
    assert bot().choose(other) == bot().choose(game)


def winning_position():
    """A Tutorial game where some legal actions win at once and others do not (random play finds one)."""
    for seed in range(200):
        game, rng = engine.new_game("mechs-vs-minions/mission-00", seed=seed, players=1, catalog=catalog()), \
            random.Random(seed)
        while not game.over:
            legal = [a["id"] for a in game.legal_actions()]
            wins = []
            for action_id in legal:
                trial = game.copy()
                trial.play(action_id)
                if trial.over and trial.outcome["result"] == "win":
                    wins.append(action_id)
            if wins and len(wins) < len(legal):
                return game, set(wins)
            game.play(rng.choice(legal))
    raise AssertionError("random Tutorial games never reach a position with a winning and a losing choice")


def test_the_search_finds_a_move_that_wins_at_once():
    game, wins = winning_position()
    assert engine.bots.make("search", seed=2, iterations=len(game.legal_actions()) * 4).choose(game) in wins


@pytest.mark.parametrize(("kind", "budget", "error", "message"), [
    ("minimax", {}, ValueError, "kind must be one of random, search, got 'minimax'"),
    ("random", {"iterations": 5}, TypeError, "a random bot takes no budget"),
    ("search", {"iters": 5}, TypeError, "budget is iterations, seconds, depth, exploration; got iters"),
    ("search", {"iterations": 0}, ValueError, "iterations must be a whole number of at least 1"),
    ("search", {"seconds": -1}, ValueError, "seconds must be a positive number"),
])
def test_bad_bot_arguments_are_named(kind, budget, error, message):
    with pytest.raises(error, match=message):
        engine.bots.make(kind, seed=0, **budget)


def test_a_bot_asked_about_a_finished_game_says_so():
    game = started("mechs-vs-minions/mission-00", players=1, steps=4000)
    assert game.over
    with pytest.raises(ValueError, match="the game is over"):
        engine.bots.make("random").choose(game)
