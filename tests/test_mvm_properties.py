"""Properties of random legal play (hypothesis) on every playable mission: determinism, snapshots, illegal
actions, invariants."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import mvm_invariants
from mvm_support import MVM, TUTORIAL, catalog
from playout import assert_illegal_actions_change_nothing, assert_restored_twin_continues, dump, play_picks

import engine

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SCENARIOS = [s for s in engine.scenarios(catalog()) if s.startswith(MVM + "/")]
games = st.tuples(st.sampled_from(SCENARIOS), st.integers(0, 2**32), st.integers(1, 4),
                  st.lists(st.integers(0, 10**6), max_size=400))


def new_game(scenario, players, seed):
    """A new game; `players` is brought within the scenario's player count."""
    count = catalog()["games"][MVM]["scenarios"][scenario.split("/")[1]]["players"]
    players = max(count["min"], min(count["max"], players))
    return engine.new_game(scenario, seed=seed, players=players, catalog=catalog())


def play_out(scenario, seed, players, picks, check=None):
    """Play the legal action picked by each number (modulo the choice count); the game and its ids."""
    return play_picks(new_game(scenario, players, seed), picks, check)


@SETTINGS
@given(games)
def test_random_play_keeps_invariants_and_stays_playable(game_args):
    play_out(*game_args, check=mvm_invariants)


@SETTINGS
@given(games)
def test_same_seed_and_actions_give_the_same_game(game_args):
    scenario, seed, players, picks = game_args
    first, played = play_out(scenario, seed, players, picks)
    second = new_game(scenario, players, seed)
    for action in played:
        second.play(action)
    assert dump(first) == dump(second)


@SETTINGS
@given(games, st.lists(st.integers(0, 10**6), max_size=60))
def test_snapshots_round_trip_and_continue_identically(game_args, more):
    game, _ = play_out(*game_args)
    assert_restored_twin_continues(game, catalog(), more)


@SETTINGS
@given(games, st.text(max_size=40))
def test_illegal_actions_change_nothing(game_args, junk):
    game, _ = play_out(*game_args)
    assert_illegal_actions_change_nothing(
        game, [junk, "draft:pick:no-such-card", "program:blaze:slot-9", "turn:sideways", "target:9-9"])


def test_random_tutorial_games_end_in_a_win():
    """With no loss condition in the Tutorial, random play still finishes it: every game here is won."""
    for seed in range(6):
        game, _ = play_out(TUTORIAL, seed, 1 + seed % 4, [(seed * 7919 + i * 104729) for i in range(5000)])
        assert game.over and game.outcome["result"] == "win"


def test_every_event_names_a_rule_that_resolves_to_a_rules_anchor():
    """DESIGN: every event names the rule that caused it, and the page links it to that paragraph."""
    from mvm_support import REPO

    from site_src.check.checker import check
    from site_src.model.anchors import game_anchors

    content = check(REPO / "content").content
    anchors = {a.rule_id for g in content.games.values() for a in game_anchors(g)}
    seen = set()
    for scenario in SCENARIOS:
        for seed in range(8):
            game = engine.new_game(scenario, seed=seed, players=1 + seed % 4, catalog=catalog())
            step = 0
            while not game.over and step < 4000:
                legal = game.legal_actions()
                for event in game.play(legal[(seed * 31 + step * 17) % len(legal)]["id"]):
                    json.dumps(event)
                    seen.add(event["rule"])
                step += 1
            json.dumps(game.view())
    missing = sorted(seen - anchors)
    assert not missing, f"rule ids without an anchor: {missing}"
    assert len(seen) > 20


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
