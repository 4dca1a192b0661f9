"""The loop and the figures of a computer opponent's reply time, shared by bench/tcg_replies.py and
bench/dm_replies.py. Standard library only: it runs in Pyodide in Chromium beside them."""

import statistics
import time


def person_replies(game, choose_random, decided: list, max_steps: int) -> list[float]:
    """One game of the person (the seat asked at each decision `play` hands back) choosing by
    `choose_random(n)`: the seconds of each `play` after which the computer chose at least once (its
    decisions counted in `decided[0]`), every computer decision inside it included."""
    waits = []
    for _ in range(max_steps):
        if game.over:
            break
        legal = game.legal_actions()
        before = decided[0]
        start = time.perf_counter()
        game.play(legal[choose_random(len(legal))]["id"])
        seconds = time.perf_counter() - start
        if decided[0] > before:
            waits.append(seconds)
    return waits


def summary(replies: dict, games: str, ceiling_s: float, runtime: str) -> dict:
    """A replies module's result → the reply rows' figures: slowest and median, in seconds (`games`: the
    result's key for its count of games, "duels" or "games")."""
    waits = replies["replies"]
    return {games: replies[games], "replies": len(waits), "decisions": replies["decisions"],
            "slowest_s": max(waits), "median_s": statistics.median(waits), "ceiling_s": ceiling_s,
            "runtime": runtime}
