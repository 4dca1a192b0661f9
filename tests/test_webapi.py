"""engine/webapi.py in CPython: what the play page's worker calls, JSON text in and out.

The same functions run in Pyodide behind the page (tests/test_browser.py drives them through the worker)."""

from __future__ import annotations

import json

import pytest

import engine
from engine import webapi

TUTORIAL = "mechs-vs-minions/mission-00"


def call(fn, *args) -> dict:
    out = fn(*args)
    assert isinstance(out, str)
    return json.loads(out)


def record(actions=(), **extra) -> str:
    return json.dumps({"scenario": TUTORIAL, "seed": 7, "players": 2, "actions": list(actions), **extra})


def first_ids(n: int) -> list[str]:
    game = engine.new_game(TUTORIAL, seed=7, players=2)
    ids = []
    for _ in range(n):
        ids.append(game.legal_actions()[0]["id"])
        game.play(ids[-1])
    return ids


@pytest.fixture
def table() -> webapi.Table:
    return webapi.Table()


def test_start_replays_a_record_and_answers_the_state(table):
    ids = first_ids(3)
    reply = call(table.start, record(ids))
    assert reply["error"] is None
    state = reply["state"]
    game = engine.Session.from_record({"scenario": TUTORIAL, "seed": 7, "players": 2, "actions": ids}).game
    assert state["view"] == json.loads(json.dumps(game.view()))
    assert state["legal"] == game.legal_actions()
    assert state["actions"] == ids and state["redo"] == 0
    assert state["over"] is False and state["outcome"] is None
    assert state["events"] and all("rule" in e for e in state["events"])


def test_play_undo_redo(table):
    ids = first_ids(3)
    call(table.start, record(ids[:1]))
    played = call(table.play, ids[1])["state"]
    assert played["actions"] == ids[:2]
    game = engine.new_game(TUTORIAL, seed=7, players=2)
    game.play(ids[0])
    assert played["events"] == game.play(ids[1])  # the events of this action only
    undone = call(table.undo)
    assert undone["error"] is None and undone["state"]["actions"] == ids[:1] and undone["state"]["redo"] == 1
    # after an undo the events are the whole game's, for the page to redraw its log
    assert undone["state"]["events"] == call(webapi.Table().start, record(ids[:1]))["state"]["events"]
    again = call(table.redo)["state"]
    assert again["actions"] == ids[:2] and again["redo"] == 0
    assert again["view"] == played["view"] and again["events"] == played["events"]
    assert call(table.redo) == {"state": None, "error": "Nothing to redo"}
    call(table.undo)
    call(table.undo)
    assert call(table.undo) == {"state": None, "error": "Nothing to undo"}
    call(table.play, ids[0])
    assert call(table.redo)["error"] == "Nothing to redo"  # playing forgets what undo could redo


def test_an_illegal_action_changes_nothing(table):
    call(table.start, record())
    before = call(table.undo)
    reply = call(table.play, "<script>alert(1)</script>")
    assert reply["state"] is None
    assert reply["error"].startswith("Illegal action '<script>alert(1)</script>': ")
    assert before == {"state": None, "error": "Nothing to undo"}
    assert table.session.actions == []


def test_a_replay_stops_at_the_first_illegal_action_with_the_state_before_it(table):
    ids = first_ids(2)
    hostile = "__import__('os').system('x')"
    reply = call(table.start, record([ids[0], hostile, ids[1]]))
    assert reply["state"]["actions"] == ids[:1]
    assert reply["error"].startswith(f"Replay stopped at action 2 ({hostile!r}): ")


def test_without_a_game_every_request_is_refused(table):
    for fn in (table.undo, table.redo):
        assert call(fn) == {"state": None, "error": "No game started"}
    assert call(table.play, "draft:pick:blaze") == {"state": None, "error": "No game started"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "Expecting value"),
        ("[1, 2]", "a record is a JSON object"),
        (json.dumps({"seed": 1}), "a record is a JSON object"),
        (json.dumps({"scenario": TUTORIAL, "code": "x"}), "not code"),
        (json.dumps({"scenario": TUTORIAL, "actions": "draft:pick:blaze"}), "list of action ids"),
        (json.dumps({"scenario": TUTORIAL, "actions": [1]}), "list of action ids"),
        (json.dumps({"scenario": TUTORIAL, "options": ["ez"]}), "options are a JSON object"),
        (json.dumps({"scenario": TUTORIAL, "options": {"colour": "red"}}), "colour"),
        (json.dumps({"scenario": "../../etc/passwd"}), "unknown game"),
        (json.dumps({"scenario": TUTORIAL, "seed": "1; alert(1)"}), "seed must be an integer"),
        (json.dumps({"scenario": TUTORIAL, "players": 9}), "players"),
    ],
)
def test_a_bad_record_is_refused_and_keeps_the_game(table, text, message):
    call(table.start, record(first_ids(1)))
    reply = call(table.start, text)
    assert reply["state"] is None and message in reply["error"], reply["error"]
    assert len(table.session.actions) == 1  # the game before stays


def test_options_are_setup_choices():
    reply = call(webapi.Table().start, json.dumps({"scenario": "mechs-vs-minions/mission-03", "seed": 1,
                                                   "players": 2, "options": {"mode": "ez"}}))
    assert reply["error"] is None and reply["state"]["view"]["ez"] is True


def test_the_module_functions_share_one_table():
    ids = first_ids(2)
    assert json.loads(webapi.start(record(ids)))["state"]["actions"] == ids
    assert json.loads(webapi.undo())["state"]["actions"] == ids[:1]
    assert json.loads(webapi.redo())["state"]["actions"] == ids
    assert json.loads(webapi.play("x"))["error"].startswith("Illegal action 'x'")
