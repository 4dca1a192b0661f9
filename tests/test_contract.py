"""The engine contract (DESIGN.md, "Engine contract"), checked on every scenario engine.scenarios() offers at
every player count the engine accepts (POWERUP: a mission's fewest and most, see `counts`): a game added to
the engine gets these tests without writing any.

Each configuration (scenario, players) plays one random game to its end (picks from a seeded generator,
the same rule as bench/playouts.py), kept as its action ids; the tests replay it and check:

- determinism: the same scenario, seed, players and action ids give the same snapshot;
- snapshots round-trip: a snapshot kept as JSON restores a twin that continues identically;
- illegal actions (hostile strings, ids that were legal earlier, non-strings) raise IllegalAction and
  change nothing;
- view() and view(seat) are JSON and drawing changes nothing;
- every event's rule id resolves to a rules anchor (the page's "why?" link);
- every game ends (within MAX_STEPS actions);
- hidden information never leaks: view(seat) is the same for the game and for a copy in which everything
  that seat may not see was drawn anew (Game.determinize); and a failing rule leaves the game as it was.

Hypothesis then explores other games (any configuration, seed and picks): the game's invariants
(tests/invariants.py) hold after every action, it stays playable, replays identically, and its snapshot
continues identically; illegal ids change nothing.
"""

import functools
import json
import random

import pytest
import real_content
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check
from mu_support import catalog
from playout import (
    assert_illegal_actions_change_nothing,
    assert_restored_twin_continues,
    dump,
    play_picks,
    player_counts,
)

import engine

MAX_STEPS = 4000
SEED = 11
SAMPLED_STEPS = 12  # steps of each game where the costly checks run (every view, hostile ids, leaks)
# "Changes nothing" compares snapshots as values (not their canonical JSON, dump()): at least as strict, and
# several times cheaper at every step of every game.
HOSTILE = ["", "x" * 10_000, "__class__", "choices_", "mode:", "<script>alert(1)</script>", "end-turn\x00"]
NOT_STRINGS = [None, 0, 1.5, True, ["end-turn"], {"id": "end-turn"}]


def counts(scenario: str) -> list[int]:
    """The player counts a scenario's contract runs at: every count the engine accepts, but for POWERUP the
    fewest and the most. A POWERUP mission's counts differ only by board (a layout per count; the rules are
    the same) and its engine is the slowest to play; tests/test_fuzz_engine.py plays every count of every
    mission with the invariants, illegal ids and restored twins."""
    every = player_counts(scenario, catalog())
    return sorted({every[0], every[-1]}) if scenario.startswith("powerup/") else every


CONFIGURATIONS = [(s, p) for s in engine.scenarios(catalog()) for p in counts(s)]
IDS = [f"{s.replace('/', '-')}-{p}p" for s, p in CONFIGURATIONS]  # "-k heroes-tcg" picks a game's


def new(scenario, players):
    return engine.new_game(scenario, seed=SEED, players=players, catalog=catalog())


def played(scenario: str, players: int) -> tuple[str, ...]:
    """The action ids of one random game of the configuration, played to its end."""
    return random_game(scenario, players)[0]


@functools.cache
def random_game(scenario: str, players: int):
    """(action ids, the game after them) of one random game of the configuration, played to its end."""
    game, rng, ids = new(scenario, players), random.Random(f"{scenario}/{players}"), []
    while not game.over and len(ids) < MAX_STEPS:
        legal = game.legal_actions()
        assert legal, f"{scenario} with {players}: a game that is not over offers no legal action"
        ids.append(rng.choice(legal)["id"])
        game.play(ids[-1])
    return tuple(ids), game.copy()


def replay(scenario, players, upto=None):
    """(game, events of each action) after the first `upto` actions of the recorded random game."""
    game, events = new(scenario, players), []
    for action_id in played(scenario, players)[:upto]:
        events.append(game.play(action_id))
    return game, events


def sampled(scenario, players) -> set[int]:
    n = len(played(scenario, players))
    return {round(i * n / SAMPLED_STEPS) for i in range(SAMPLED_STEPS)}


@functools.cache
def anchors() -> set[str]:
    from site_src.model.anchors import all_anchors

    return set(all_anchors(real_content.content()))


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_every_game_ends(scenario, players):
    game = random_game(scenario, players)[1].copy()
    assert game.over, f"no ending after {MAX_STEPS} random actions"
    assert game.outcome["result"] in ("win", "loss", "draw") and game.outcome["reason"]
    assert game.legal_actions() == [] and game.to_move is None


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_same_inputs_give_the_same_game(scenario, players):
    """A second game from the same scenario, seed, players and action ids is the first one."""
    first = random_game(scenario, players)[1]
    second, _ = replay(scenario, players)
    assert dump(first) == dump(second)


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_snapshots_round_trip_and_continue_identically(scenario, players):
    ids = played(scenario, players)
    game, _ = replay(scenario, players, upto=len(ids) // 2)
    twin = engine.restore(json.loads(json.dumps(game.snapshot())), catalog=catalog())
    assert dump(twin) == dump(game) and twin.legal_actions() == game.legal_actions()
    assert twin.view() == game.view()
    for action_id in ids[len(ids) // 2:]:
        assert twin.play(action_id) == game.play(action_id)
    assert dump(twin) == dump(game)


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_illegal_actions_change_nothing(scenario, players):
    ids, steps = played(scenario, players), sampled(scenario, players)
    game = new(scenario, players)
    for n, action_id in enumerate(ids):
        if n in steps:
            before, legal = game.snapshot(), {a["id"] for a in game.legal_actions()}
            stale = [i for i in ids[max(0, n - 5):n] if i not in legal]
            for bad in HOSTILE + stale + NOT_STRINGS:
                with pytest.raises(engine.IllegalAction, match="not a legal action"):
                    game.play(bad)
                assert game.snapshot() == before, f"{bad!r:.40} changed the game"
        game.play(action_id)
    with pytest.raises(engine.IllegalAction, match="the game is over"):
        game.play(ids[-1])


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_views_are_json_and_drawing_changes_nothing(scenario, players):
    ids, steps = played(scenario, players), sampled(scenario, players)
    game = new(scenario, players)
    for n, action_id in enumerate(ids + ("",)):
        seats = [None, *range(game.seats)] if n in steps else [None]
        for seat in seats:
            before = game.snapshot()
            view = game.view(seat)
            assert json.loads(json.dumps(view)) == view, "a view is plain JSON"
            assert game.snapshot() == before, f"view({seat}) changed the game"
        if n in steps:
            check(game)
        if action_id:
            game.play(action_id)


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_the_legal_actions_kept_between_calls_are_the_states(scenario, players):
    """The engine computes a decision's legal actions once and keeps them until the state changes: at every
    step they are what a twin restored from the snapshot (which keeps nothing) computes."""
    game = new(scenario, players)
    for action_id in played(scenario, players):
        twin = engine.restore(game.snapshot(), catalog=catalog())
        assert game.legal_actions() == twin.legal_actions()
        game.play(action_id)


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_every_event_names_a_rule_that_resolves(scenario, players):
    """DESIGN: every event names the rule that caused it, and the page links it to that paragraph."""
    _, events = replay(scenario, players)
    rules = {e["rule"] for per_action in events for e in per_action}
    assert rules, "a game logs events"
    assert rules <= anchors(), f"rule ids without an anchor: {sorted(rules - anchors())}"


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS, ids=IDS)
def test_hidden_information_never_leaks_into_a_seats_view(scenario, players):
    """view(seat) is what that seat may see: drawing anew everything else (other seats' hands, deck
    orders, the dice to come) leaves it unchanged, and the snapshot still holds the truth. What is drawn
    depends only on what the seat sees: drawing from a game that already differs in hidden information
    gives the same game (so a bot's choice cannot depend on it)."""
    ids, steps = played(scenario, players), sampled(scenario, players)
    game, changed = new(scenario, players), 0
    for n, action_id in enumerate(ids):
        if n in steps:
            for seat in range(game.seats):
                other = game.determinize(seat, seed=n)
                assert other.view(seat) == game.view(seat), f"seat {seat} sees what it may not"
                changed += dump(other) != dump(game)
                again = other.determinize(seat, seed=n + 1).determinize(seat, seed=n)
                assert dump(again) == dump(other), "determinize depends on what the seat cannot see"
        game.play(action_id)
    assert changed, "determinize draws hidden information anew (at least the dice to come)"


@pytest.mark.parametrize(("scenario", "players"), CONFIGURATIONS[::7], ids=IDS[::7])
def test_a_failing_rule_leaves_the_game_as_it_was(scenario, players, monkeypatch):
    """play() keeps its promise without copying the state: a rule that raises halfway is rolled back."""
    ids = played(scenario, players)
    game, _ = replay(scenario, players, upto=len(ids) // 2)
    before, task = dump(game), game.state["tasks"][0]["t"]
    real, failed = getattr(type(game), "choose_" + task), []

    def half_then_fail(self, state, task, action, events):  # fails once, as a bug met by this action would
        real(self, state, task, action, events)
        if not failed:
            failed.append(True)
            state["tasks"].clear()
            state["vandalised"] = True
            raise RuntimeError("a rule failed halfway")

    monkeypatch.setattr(type(game), "choose_" + task, half_then_fail)
    with pytest.raises(RuntimeError, match="halfway"):
        game.play(ids[len(ids) // 2])
    monkeypatch.undo()
    assert dump(game) == before
    game.play(ids[len(ids) // 2])  # and the game goes on


# ----- hypothesis: other games of every configuration ----------------------------------------------------
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = st.tuples(st.sampled_from(CONFIGURATIONS), st.integers(0, 2**32),
                  st.lists(st.integers(0, 10**6), max_size=300))


def explored(game_args, check_each=None):
    (scenario, players), seed, picks = game_args
    game = engine.new_game(scenario, seed=seed, players=players, catalog=catalog())
    return play_picks(game, picks, check_each)


@SETTINGS
@given(GAMES)
def test_random_play_keeps_the_invariants_and_stays_playable(game_args):
    explored(game_args, check_each=check)


@SETTINGS
@given(GAMES)
def test_random_games_replay_identically(game_args):
    """The ids replayed as a share link carries them (`actions=` joined by commas) give the same game."""
    (scenario, players), seed, _ = game_args
    first, ids = explored(game_args)
    second = engine.new_game(scenario, seed=seed, players=players, catalog=catalog())
    for action_id in ",".join(ids).split(",") if ids else []:
        second.play(action_id)
    assert dump(first) == dump(second)


@SETTINGS
@given(GAMES, st.lists(st.integers(0, 10**6), max_size=40), st.text(max_size=30))
def test_random_games_restore_and_refuse_illegal_ids(game_args, more, junk):
    game, ids = explored(game_args)
    assert_illegal_actions_change_nothing(game, [junk, *ids[-5:]])
    assert_restored_twin_continues(game, catalog(), more)
