"""Properties of random legal play (hypothesis) on every playable mission: determinism, snapshots, illegal
actions, invariants."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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


def invariants(game):
    s, ctx = game.state, game.ctx
    command = (s["decks"]["command"] + s["decks"]["command_discard"]
               + (s["draft"]["dealt"] if s["draft"] else [])
               + [c for m in s["mechs"] for c in m["hand"]]
               + [c for m in s["mechs"] for sl in m["slots"] for c in sl["cards"]])
    assert len(command) == sum(c["copies"] for c in ctx.command.values()), "command cards are conserved"
    damage = (s["decks"]["damage"] + s["decks"]["damage_discard"]
              + [c for m in s["mechs"] for c in m["system"]]
              + [sl["damage"] for m in s["mechs"] for sl in m["slots"] if sl["damage"]])
    in_flight = sum(1 for t in s["tasks"] if t["t"] == "damage_settle")
    assert len(damage) + in_flight == sum(c["copies"] for c in ctx.damage.values()), "damage cards are conserved"
    placed = [tuple(m["pos"]) for m in s["mechs"] if m["pos"] is not None]
    assert len(placed) == len(set(placed)), "two Mechs never share a space"
    minions = [tuple(m) for m in s["minions"]]
    assert len(minions) == len(set(minions)), "two Minions never share a space"
    assert not set(minions) & set(placed), "a Minion never stands on a Mech"
    for x, y in placed + minions:
        assert ctx.board.on_board([x, y])
    bomb = s.get("bomb")
    if bomb is not None:
        assert tuple(bomb["pos"]) not in placed + minions, "the Bomb never shares a space"
        assert not ctx.board.impassable(bomb["pos"]), "the Bomb stays on the board, off Massive Boulders"
        assert 0 <= bomb["health"] <= bomb["max"]
        assert bomb["health"] > 0 or (s["outcome"] or {}).get("result") == "loss", "a Bomb at 0 has exploded"
    for x, y in placed + minions:
        assert not ctx.board.impassable([x, y]), "nothing stands on a Massive Boulder"
    for m in s["mechs"]:
        for sl in m["slots"]:
            assert len(sl["cards"]) <= ctx.const("max_stack")
            assert len({ctx.command[c]["element"] for c in sl["cards"]}) <= 1, "a stack is one element"


@SETTINGS
@given(games)
def test_random_play_keeps_invariants_and_stays_playable(game_args):
    play_out(*game_args, check=invariants)


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

    from site_src.anchors import game_anchors
    from site_src.checker import check

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
