"""The Gear Tracker: Minion kills, Team Gears, Overdrive. Each docstring quotes the rulebook.

Source: "Mechs vs. Minions Rulebook", The Master Mech-anic (FG) and Mission 1 (M1)."""

from mvm_support import assert_valid, situation
from test_mvm_board import OPEN, board_game


def gear_game(minions, kills=0):
    game = board_game(OPEN, [(0, 0, "right"), (5, 5, "up")], minions=minions,
                      tasks=[{"t": "exec_slot", "seat": 0, "slot": 1}])
    game.ctx.play["gear_tracker"] = True  # a mission that uses the Gear Tracker (Mission 1 on)
    assert_valid("scenario", dict(game.ctx.scenario, id="test-board"))  # the flag is in the schema
    game.state["kills"] = kills
    game.state["mechs"][0]["slots"][0]["cards"] = ["skewer", "skewer", "skewer"]
    return game


def run(game):
    events = []
    game.advance(game.state, events)
    return events


def test_every_fifth_kill_earns_a_team_gear_and_clears_the_tracker():
    """FG Minion Kill Tracker: "Five Minion kills earns your team a Team Gear, and the Minion Kill Tracker resets to zero." """
    game = gear_game(minions=[(1, 0), (2, 0), (3, 0)], kills=3)
    events = run(game)
    gears = [e for e in events if e["kind"] == "gear"]
    assert [e["rule"] for e in gears] == ["mechs-vs-minions/team-gears"]
    trackers = game.view()["trackers"]
    assert (trackers["team_gears"], trackers["kill_tracker"], trackers["minion_kills"]) == (1, 1, 6)


def test_fifteen_team_gears_unlock_overdrive_and_the_track_stops_there():
    """FG Team Gears: "If your team reaches 15 Team Gears, maximizing the track, each player gains a special Overdrive ability." """
    game = gear_game(minions=[(1, 0), (2, 0), (3, 0)], kills=74)
    events = run(game)
    assert [e["rule"].split("/")[1] for e in events if e["kind"] == "gear"] == ["team-gears", "overdrive"]
    trackers = game.view()["trackers"]
    assert trackers["team_gears"] == 15 and trackers["overdrive"] is True
    more = gear_game(minions=[(1, 0), (2, 0), (3, 0)], kills=80)
    assert not [e for e in run(more) if e["kind"] == "gear"] and more.view()["trackers"]["team_gears"] == 15


def test_the_tutorial_sets_the_gear_tracker_aside():
    """M0 Tutorial Setup: "If a rule or game piece is not explicitly called out, put it aside and ignore it!" """
    game, _ = situation(mechs=[(0, 1, "right"), (5, 5, "up")], shards=[], minions=[(1, 1)],
                        tasks=[{"t": "exec_slot", "seat": 0, "slot": 1}])
    game.state["kills"] = 4
    game.state["mechs"][0]["slots"][0]["cards"] = ["skewer"]
    events = []
    game.advance(game.state, events)
    assert not [e for e in events if e["kind"] == "gear"]
    assert "team_gears" not in game.view()["trackers"]
