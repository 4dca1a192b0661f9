"""The framework around the engine contract (DESIGN.md): the registry, setup options, argument errors, the
Session (history, undo by replay, redo, share records). Every game gets these from engine/core."""

import json
import random

import pytest
from mu_support import catalog
from playout import dump

import engine
from engine import session as session_mod

MVM_EZ = "mechs-vs-minions/mission-01"   # asks normal mode or EZ-MODE
TUTORIAL = "mechs-vs-minions/mission-00"  # asks nothing before the Mechs are placed
TITANIA = "marvel-united-promos/titania"  # asks each seat's Hero, the mode and the Challenge


def random_session(scenario, steps, seed=3, players=2, options=None):
    session = engine.Session(scenario, seed=seed, players=players, options=options, catalog=catalog())
    rng = random.Random(seed)
    for _ in range(steps):
        if session.game.over:
            break
        session.play(rng.choice(session.game.legal_actions())["id"])
    return session


# ----- the registry -----------------------------------------------------------------------------------------
def test_games_are_found_not_listed():
    """engine/__init__.py names no game: each game package declares itself once."""
    import inspect

    source = inspect.getsource(engine)
    assert "mechs-vs-minions" not in source.split('"""', 2)[2] and "from . import mu" not in source
    assert set(engine.games()) == {"mechs-vs-minions", "marvel-united-promos", "powerup", "heroes-tcg"}
    assert all(spec.id == gid for gid, spec in engine.games().items())


@pytest.mark.parametrize("scenario", [TUTORIAL, TITANIA, "powerup/gimme-my-powerup", "heroes-tcg/duelo"])
def test_a_new_game_imports_its_own_game_alone(scenario):
    """The page's runtime compiles each module it imports: a game started imports its package and no other
    game's (core/registry.py reads each package's id without importing it)."""
    import subprocess
    import sys

    code = (f"import json, sys, engine; engine.new_game({scenario!r}, seed=1, players=2); "
            "print(json.dumps(sorted(m.split('.')[1] for m in sys.modules if m.count('.') == 1)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    packages = game_packages()
    assert [m for m in json.loads(out) if m in packages.values()] == [packages[scenario.split("/")[0]]]


def game_packages() -> dict[str, str]:
    return {spec.id: spec.game_class.__module__.split(".")[1] for spec in engine.games().values()}


def test_the_registry_reads_each_package_s_id_as_it_declares_itself():
    from engine.core.registry import _packages

    assert _packages() == game_packages()


def test_a_game_declared_twice_is_refused():
    from engine.core.registry import GameSpec, declare

    spec = engine.games()["mechs-vs-minions"]
    with pytest.raises(RuntimeError, match="two game packages declare"):
        declare(GameSpec(spec.id, spec.game_class, spec.playable, spec.create, spec.restore))


def test_unknown_games_and_scenarios_are_scenario_errors():
    with pytest.raises(engine.ScenarioError, match="unknown game 'chess'"):
        engine.new_game("chess/opening", catalog=catalog())
    with pytest.raises(engine.ScenarioError, match="scenario must be '<game>/<scenario id>'"):
        engine.new_game("mission-00", catalog=catalog())
    with pytest.raises(engine.ScenarioError, match="not a playable scenario"):
        engine.new_game("mechs-vs-minions/mission-99", catalog=catalog())


# ----- arguments --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("argument", "value", "message"), [
    ("seed", "abc", "seed must be an integer, got 'abc'"),
    ("seed", 7.9, "seed must be an integer, got 7.9"),
    ("seed", "7", "seed must be an integer, got '7'"),
    ("players", 2.0, "players must be an integer, got 2.0"),
    ("players", True, "players must be an integer, got True"),
    ("players", None, "players must be an integer, got None"),
])
def test_seed_and_players_must_be_integers(argument, value, message):
    """A non-numeric seed or player count names the argument; 7.9 is refused, not truncated."""
    kwargs = {"seed": 1, "players": 2, argument: value}
    with pytest.raises(engine.ScenarioError, match=message):
        engine.new_game(TUTORIAL, catalog=catalog(), **kwargs)


def test_player_counts_outside_the_scenario_say_what_is_allowed():
    with pytest.raises(engine.ScenarioError, match="mission-00 is played by 1 to 4 players, not 5"):
        engine.new_game(TUTORIAL, players=5, catalog=catalog())
    with pytest.raises(engine.ScenarioError, match=r"2 to 4 Heroes \(or 1 in Commander Solo Mode\), not 5"):
        engine.new_game("marvel-united-promos/klaw", players=5, catalog=catalog())


def test_an_illegal_action_says_whose_turn_it_is_and_how_many_actions_are_legal():
    game = engine.new_game(MVM_EZ, seed=3, players=2, catalog=catalog())
    name, count = game.seat_name(game.to_move), len(game.legal_actions())
    with pytest.raises(engine.IllegalAction, match=f"it is {name}'s turn, with {count} legal actions"):
        game.play("move:forward:9")


def test_views_refuse_a_seat_that_is_not_at_the_table():
    game = engine.new_game(TUTORIAL, seed=3, players=2, catalog=catalog())
    for bad in (2, -1, "0", 1.0):
        with pytest.raises(engine.ScenarioError, match="seat must be None or an integer from 0 to 1"):
            game.view(bad)


# ----- options ----------------------------------------------------------------------------------------------
def test_an_option_answers_the_setup_question_as_the_players_would():
    """options={"mode": "ez"} is the game whose team chose EZ-MODE in play."""
    asked = engine.new_game(MVM_EZ, seed=5, players=2, catalog=catalog())
    asked.play("mode:ez")
    given = engine.new_game(MVM_EZ, seed=5, players=2, options={"mode": "ez"}, catalog=catalog())
    assert given.state["ez"] and given.legal_actions() == asked.legal_actions()
    assert given.view() == asked.view()


def test_options_may_answer_some_questions_and_leave_the_others_to_the_players():
    """Heroes chosen in play, the mode given up front: the mode question is answered when it comes."""
    game = engine.new_game(TITANIA, seed=2, players=2, options={"mode": "super-villain"}, catalog=catalog())
    assert game.legal_actions()[0]["kind"] == "hero"
    game.play(game.legal_actions()[0]["id"])
    game.play(game.legal_actions()[0]["id"])
    assert game.state["mode"] == "super-villain" and game.legal_actions()[0]["kind"] == "challenge"


def test_many_options_take_one_value_each_time_the_question_is_asked():
    heroes = sorted(catalog()["games"]["marvel-united-promos"]["heroes"])[:2]
    game = engine.new_game(TITANIA, seed=2, players=2, catalog=catalog(),
                           options={"heroes": heroes, "mode": "standard", "challenge": "yes"})
    assert [h["hero"] for h in game.state["heroes"]] == heroes
    assert game.state["mode"] == "standard" and game.state["challenge"]["status"] == "waiting"


@pytest.mark.parametrize(("scenario", "options", "message"), [
    (MVM_EZ, {"difficulty": "hard"}, "has no setup option 'difficulty' \\(its options: mode\\)"),
    (MVM_EZ, {"mode": "nightmare"}, "option mode='nightmare' is not one of: normal, ez"),
    (MVM_EZ, {"mode": True}, "option mode=True is not one of"),
    (TUTORIAL, {"mode": "ez"}, "mission-00 does not ask for 'mode'"),
    (TITANIA, {"heroes": "wasp"}, "option 'heroes' takes a list"),
    (TITANIA, {"heroes": ["wasp", "wasp", "wasp"]}, "asks for 'heroes' 2 time\\(s\\), not 3"),
    (TITANIA, "mode=ez", "options must be a dict"),
])
def test_bad_options_are_scenario_errors(scenario, options, message):
    with pytest.raises(engine.ScenarioError, match=message):
        engine.new_game(scenario, seed=1, players=2, options=options, catalog=catalog())


def test_a_hero_two_seats_name_is_refused_when_the_second_seat_picks():
    with pytest.raises(engine.ScenarioError, match="option heroes='wasp' is not offered now"):
        engine.new_game(TITANIA, seed=1, players=2, options={"heroes": ["wasp", "wasp"]}, catalog=catalog())


# ----- the Session ------------------------------------------------------------------------------------------
def test_undo_gives_the_game_before_the_last_action_and_redo_plays_it_again():
    session = random_session(TITANIA, 40)
    before, last = dump(session.game), session.actions[-1]
    earlier = engine.Session.from_record(dict(session.record(), actions=session.actions[:-1]), catalog())
    assert session.undo()
    assert dump(session.game) == dump(earlier.game) and session.actions == earlier.actions
    assert session.redo() is not None and session.actions[-1] == last and dump(session.game) == before
    assert session.redo() is None


def test_undo_past_a_checkpoint_and_back_to_the_start():
    session = random_session("mechs-vs-minions/mission-10", session_mod.CHECKPOINT_EVERY * 2 + 5)
    n = len(session.actions)
    assert n > session_mod.CHECKPOINT_EVERY * 2
    fresh = engine.new_game("mechs-vs-minions/mission-10", seed=3, players=2, catalog=catalog())
    for _ in range(n):
        assert session.undo()
    assert not session.undo() and session.actions == [] and dump(session.game) == dump(fresh)
    assert session.events == []


def test_a_new_action_after_undo_forgets_what_redo_would_have_played():
    session = random_session(TUTORIAL, 12)
    session.undo()
    session.play(session.game.legal_actions()[-1]["id"])
    assert session.redo() is None


def test_events_are_kept_per_action_and_follow_undo():
    session = random_session(TUTORIAL, 10)
    replayed = engine.new_game(TUTORIAL, seed=3, players=2, catalog=catalog())
    assert session.events == [e for a in session.actions for e in replayed.play(a)]
    session.undo()
    assert len(session.turn_events) == len(session.actions)


def test_an_illegal_action_leaves_the_session_as_it_was():
    session = random_session(TUTORIAL, 5)
    before, actions = dump(session.game), list(session.actions)
    with pytest.raises(engine.IllegalAction):
        session.play("not-an-action")
    assert dump(session.game) == before and session.actions == actions


def test_a_record_is_json_and_rebuilds_the_same_game():
    session = random_session(TITANIA, 30, options={"mode": "super-villain"})
    record = json.loads(json.dumps(session.record()))
    assert record == {"scenario": TITANIA, "seed": 3, "players": 2, "options": {"mode": "super-villain"},
                      "actions": session.actions}
    assert dump(engine.Session.from_record(record, catalog()).game) == dump(session.game)


@pytest.mark.parametrize(("record", "message"), [
    ({"seed": 1}, "scenario required"),
    ({"scenario": TUTORIAL, "colour": "red"}, "not colour"),
    ({"scenario": TUTORIAL, "actions": "a,b"}, "actions are a list"),
    ({"scenario": TUTORIAL, "actions": ["draft:pick:nothing"]}, "action 1 of the record .* is not legal"),
    ({"scenario": TUTORIAL, "seed": "x"}, "seed must be an integer"),
])
def test_bad_records_are_scenario_errors(record, message):
    with pytest.raises(engine.ScenarioError, match=message):
        engine.Session.from_record(record, catalog())


def test_editing_the_state_by_hand_is_seen_by_the_next_legal_actions():
    """Rules tests set up situations by editing game.state: the legal actions the engine kept are forgotten
    when the state is handed out, so the next legal_actions() reads the edited state."""
    game = engine.new_game(TUTORIAL, seed=3, players=1, catalog=catalog())
    while game.legal_actions()[0]["kind"] != "program":
        game.play(game.legal_actions()[0]["id"])
    hand = game.state["mechs"][0]["hand"]
    assert {a["card"] for a in game.legal_actions()} == set(hand)
    game.state["mechs"][0]["hand"] = hand[:1]
    assert {a["card"] for a in game.legal_actions()} == set(hand[:1])
