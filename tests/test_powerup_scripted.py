"""Scripted POWERUP games: recorded action lists (tests/games/powerup/*.json, found by tests/games/record.py)
replayed through the engine, each reaching the ending it was recorded for.

Issue 13: "a recorded win and a recorded loss for every Story mission"; issue 16: "a recorded win and loss
per Arcade mission". The files hold only inputs
(mission, seed, BUGBUSTERs, action ids, the squad's picks among them); the engine decides every roll, draw
and ending. Record one with:

    .venv/bin/python tests/games/record.py powerup/<mission> --want win \
        --score tests/games/score_powerup.py:progress --policy tests/games/score_powerup.py:busy_squad \
        --pick bugbuster:ray,bugbuster:mac

and record them all again after a rule change with `tests/games/rerecord.sh powerup`.
"""

from pathlib import Path

import pytest
from mvm_support import catalog
from recorded import load, named, replay

import engine
from engine.powerup import GAME_ID, playable

GAMES = sorted((Path(__file__).parent / "games" / "powerup").glob("*.json"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recorded_game_reaches_its_ending(path):
    record = named(path, GAME_ID)
    game, events = replay(record, catalog())
    assert game.outcome["result"] == record["want"]
    assert game.outcome["reason"] == record["reason"]
    assert [e for e in events if e["kind"] == "end"]
    assert not [e for e in events if e["kind"] == "not-implemented"]


def test_every_offered_mission_has_a_recorded_win_and_loss():
    """Every POWERUP mission the site offers (engine.powerup.READY) has a recorded win and a recorded loss."""
    recorded = {(r["scenario"], r["want"]) for r in map(load, GAMES)}
    offered = playable(catalog()["games"][GAME_ID])
    missing = [
        f"{m}-{want}" for m in offered for want in ("win", "loss") if (f"{GAME_ID}/{m}", want) not in recorded
    ]
    assert not missing, f"no recorded game for: {missing} (record one with tests/games/record.py)"


def test_recordings_are_of_playable_missions():
    """Every recording is of a mission the catalog can play (a `play` block), so none is left behind when a
    mission is renamed."""
    scenarios = catalog()["games"][GAME_ID]["scenarios"]
    stale = [p.stem for p in GAMES if "play" not in scenarios.get(load(p)["scenario"].split("/")[1], {})]
    assert GAMES and not stale, f"recordings of no playable mission: {stale}"


def test_the_bench_times_powerup_missions():
    """Issue 13: "the bench's engine-speed rows for POWERUP in CPython and Pyodide". The engine-speed bench
    times the POWERUP missions the engine offers, or GIMME MY POWERUP while it offers none, and the table
    shows them as their own family, against the same floors as the other games' rows."""
    from bench import engine_speed, playouts, report

    offered = [s for s in engine.scenarios() if s.startswith(f"{GAME_ID}/")]
    timed = [s for s in engine_speed.scenarios() if s.startswith(f"{GAME_ID}/")]
    assert timed == (offered or ["powerup/gimme-my-powerup"])
    assert engine_speed.scenarios("powerup/") == timed
    request = {"scenarios": timed[:1], "seeds": [1, 2], "players": 2, "max_steps": 20_000}
    run = playouts.run(request)[timed[0]]
    assert run["games"] == 2 and run["ended"] == 2 and run["steps"] > 0
    figures = {"engine": {timed[0]: {"cpython": run, "pyodide": run, "cpython_copying": run}}}
    rows = {r.figure: r for r in report.rows(figures)}
    family = "POWERUP missions (1)"
    assert rows[f"Pyodide steps/s, {family}"].floor_is == "CPython steps/s"
    assert rows[f"Pyodide playouts/s, {family}"].value == rows[f"Pyodide playouts/s, {family}"].floor
    assert "copying the state" in rows[f"CPython steps/s, {family}"].floor_is


def test_a_person_playing_the_bugmistress_wins_a_recorded_game():
    """Issue 16: "a recorded game with a human BUGMISTRESS winning": a recording whose setup gives her seat
    to a person, who then plays her turns (her own action kinds), and the BUGBUSTERs lose."""
    records = [r for r in map(load, GAMES) if r.get("tag") == "mistress"]
    assert records, "no recording with a person as the BUGMISTRESS (record.py --tag mistress)"
    for record in records:
        assert "mistress:person" in record["actions"][:2] and record["want"] == "loss"
        game, _ = replay(record, catalog())
        assert game.outcome["result"] == "loss"
        theirs = [a for a in record["actions"] if a.startswith(("bug:", "spawn:", "value:", "wave:"))]
        assert len(theirs) >= 5, "she hardly played"
