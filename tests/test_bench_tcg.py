"""The TCG bot's bench rows (bench/tcg_bot.py, bench/tcg_replies.py, bench/report.py's tcg_rows) computed
on a tiny count: which duels are played, how they are counted, what the table shows. Nothing is timed and no
floor is asserted (issue 14: the figures are "printed by the bench, not asserted in a timed test")."""

import re

import pytest

from bench import report, tcg_bot, tcg_replies  # the repo is on sys.path (conftest.py)
from engine.heroes_tcg import computer


def test_duels_alternate_the_normal_bots_seat_and_deck():
    decks = tcg_bot.ready_decks()
    assert len(decks) == 2
    pairings = [tcg_bot.pairing(n) for n in range(1, 5)]
    assert {(seat, mine) for seat, mine, _ in pairings} == {(s, d) for s in (0, 1) for d in decks}
    assert all(mine != theirs for _, mine, theirs in pairings)


def test_strength_counts_the_normal_bots_wins_of_each_rivals_duels():
    lines = []
    figures = tcg_bot.strength(games=2, processes=2, say=lines.append)
    assert set(figures) == set(tcg_bot.RIVALS)
    for rival in tcg_bot.RIVALS:
        replayed = [tcg_bot.duel((rival, n)) for n in (1, 2)]  # the same duels, in this process
        assert [r["seat"] for r in replayed] == [1, 0]
        assert all(r["over"] and r["reason"] for r in replayed)
        wins = sum(r["winner"] == r["seat"] for r in replayed)
        draws = sum(r["winner"] is None for r in replayed)
        assert figures[rival] == {"games": 2, "wins": wins, "draws": draws, "cut": 0,
                                  "floor": tcg_bot.WIN_RATE_FLOORS[rival]}
        assert any(line.startswith(f"  normal vs {rival}: 2/2 duels, normal won {wins} ") for line in lines)


def test_tally_counts_a_draw_and_a_cut_duel_as_no_win():
    def result(seed, winner, over=True):
        return {"rival": "facil", "seed": seed, "seat": seed % 2, "deck": "d", "over": over,
                "winner": winner, "reason": "r" if over else None}

    tally = tcg_bot.tally([result(1, 1), result(2, 1), result(3, None), result(4, None, over=False)])
    assert tally == {"games": 4, "wins": 1, "draws": 1, "cut": 1, "floor": tcg_bot.WIN_RATE_FLOORS["facil"]}
    with pytest.raises(ValueError):
        tcg_bot.tally([result(1, 1), dict(result(2, 1), rival="random")])


def test_replies_time_each_play_after_which_the_computer_chose():
    choose = computer.choose
    figures = tcg_replies.replies([1])
    assert computer.choose is choose  # put back
    assert figures["duels"] == figures["ended"] == 1
    assert 0 < len(figures["replies"]) <= figures["decisions"]
    assert all(seconds > 0 for seconds in figures["replies"])
    summary = tcg_bot.summary(figures)
    assert summary["slowest_s"] == max(figures["replies"]) >= summary["median_s"]
    assert summary["ceiling_s"] == tcg_bot.REPLY_CEILING_S


def test_the_table_shows_each_tcg_figure_beside_its_floor():
    tcg = {"random": {"games": 200, "wins": 190, "draws": 0, "cut": 0, "floor": 0.9},
           "facil": {"games": 200, "wins": 150, "draws": 4, "cut": 0, "floor": 0.6},
           "reply": {"duels": 20, "replies": 180, "decisions": 600, "slowest_s": 0.5, "median_s": 0.1,
                     "ceiling_s": 2.0, "runtime": "Pyodide in Chromium"}}
    lines = report.table({"tcg_bot": tcg}).splitlines()
    cells = {c[0]: c[1:4] for c in (re.split(r"\s{2,}", line.strip()) for line in lines[1:])}
    assert cells == {
        "TCG normal bot vs the random policy: duels won of 200 (%)": ["95.0", "90.0", "1.06"],
        "TCG normal bot vs the fácil bot: duels won of 200 (%) [4 drawn]": ["75.0", "60.0", "1.25"],
        "TCG normal bot's reply, slowest, Pyodide in Chromium, 180 replies in 20 duels (s)": ["0.50", "2.00",
                                                                                            "0.25"],
        "TCG normal bot's reply, median, Pyodide in Chromium, 180 replies in 20 duels (s)": ["0.10", "2.00",
                                                                                           "0.05"],
    }
