"""The Deathmatch computer's bench rows (bench/dm_bot.py, bench/dm_replies.py, bench/report.py's dm_rows)
computed on a tiny count: which games are played, how they are counted, what the table shows. Nothing is
timed and no floor is asserted (the figures are printed by the bench, not asserted in a timed test)."""

import re

import pytest

from bench import dm_bot, dm_replies, report  # the repo is on sys.path (conftest.py)
from engine.powerup import Powerup


def test_strength_counts_blu_teams_wins_for_each_policy_and_player_count():
    lines = []
    figures = dm_bot.strength(games=1, processes=2, say=lines.append)
    assert set(figures) == {f"{p}p" for p in dm_bot.PLAYER_COUNTS}
    for players in dm_bot.PLAYER_COUNTS:
        for blu in ("computer", "random"):
            replayed = dm_bot.game((blu, players, 1))  # the same game, in this process
            assert replayed["over"] and replayed["reason"]
            wins = int(replayed["team"] == "BLU TEAM")
            draws = int(replayed["team"] is None)
            assert figures[f"{players}p"][blu] == {"games": 1, "wins": wins, "draws": draws, "cut": 0}


def test_tally_counts_a_draw_and_a_cut_game_as_no_win():
    def result(seed, team, over=True):
        return {"blu": "computer", "players": 2, "seed": seed, "over": over, "team": team, "reason": "r"}

    games = [result(1, "BLU TEAM"), result(2, "RED TEAM"), result(3, None), result(4, None, over=False)]
    tally = dm_bot.tally(games)
    assert tally == {"games": 4, "wins": 1, "draws": 1, "cut": 1}
    with pytest.raises(ValueError):
        dm_bot.tally([result(1, "BLU TEAM"), dict(result(2, "BLU TEAM"), blu="random")])


def test_replies_time_each_play_after_which_the_computer_chose():
    choose = Powerup.computer_choice
    figures = dm_replies.replies([1])
    assert Powerup.computer_choice is choose  # put back
    assert figures["games"] == figures["ended"] == 1
    assert 0 < len(figures["replies"]) <= figures["decisions"]
    assert all(seconds > 0 for seconds in figures["replies"])
    summary = dm_bot.summary(figures)
    assert summary["slowest_s"] == max(figures["replies"]) >= summary["median_s"]
    assert summary["ceiling_s"] == dm_bot.REPLY_CEILING_S


def test_the_table_shows_each_deathmatch_figure_beside_its_floor():
    dm = {"2p": {"computer": {"games": 20, "wins": 19, "draws": 1, "cut": 0},
                 "random": {"games": 20, "wins": 4, "draws": 12, "cut": 0}},
          "reply": {"games": 5, "replies": 90, "decisions": 700, "slowest_s": 0.8, "median_s": 0.2,
                    "ceiling_s": 2.0, "runtime": "Pyodide in Chromium"}}
    lines = report.table({"dm_bot": dm}).splitlines()
    cells = {c[0]: c[1:4] for c in (re.split(r"\s{2,}", line.strip()) for line in lines[1:])}
    where = "Pyodide in Chromium, 90 replies in 5 games (s)"
    assert cells == {
        "Deathmatch computer vs random play, 2 players: games won of 20 (%) [1 drawn]": ["95.0", "20.0",
                                                                                         "4.75"],
        f"Deathmatch computer's reply, slowest, {where}": ["0.80", "2.00", "0.40"],
        f"Deathmatch computer's reply, median, {where}": ["0.20", "2.00", "0.10"],
    }
