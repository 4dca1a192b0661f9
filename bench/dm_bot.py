"""The POWERUP Deathmatch computer's figures (issue 16): how often it beats a player choosing at random,
beside how often the random policy does in the same seat, and how long a person waits for its reply in
Pyodide.

    .venv/bin/python bench/dm_bot.py [--games 20] [--replies 5] [--site site]

Strength: for each player count of PLAYER_COUNTS, `games` Deathmatches (seed n) of RED TEAM's seats played
at random (bench/playouts.py's LCG, seeded by n) against BLU TEAM's seats played by the computer (the setup
option `players`, engine/powerup/dm_computer.py, what the page runs), and as many with BLU TEAM's seats
played at random too: the floor, measured in the same run. A draw (the 4-round limit with equal scores, or
no score at all) is no win. Both cores play the games (multiprocessing).

Reply time: bench/dm_replies.py in the site's vendored Pyodide runtime in Debian's Chromium
(bench/in_chromium.py): the slowest and the median reply, beside a ceiling of 2 s (issue 14's target for the
TCG computer's move in the browser: the same wait a person should have here).
"""

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import engine  # noqa: E402
from bench import in_chromium, reply_loop  # noqa: E402
from bench.dm_replies import DEATHMATCH, computer_blu  # noqa: E402
from bench.playouts import lcg  # noqa: E402

GAMES = 20  # games per player count and per BLU TEAM policy
REPLY_GAMES = 5  # games against the computer whose replies are timed in Pyodide
PLAYER_COUNTS = (2, 4)
REPLY_CEILING_S = 2.0  # issue 14's "its move in the browser takes under 2 s", the TCG computer's target
MAX_STEPS = 6000  # a game is cut after this many actions (random games end in about a thousand)
PROCESSES = 2  # the machine's cores
PORT = 8784  # the Chromium run's server, on 127.0.0.1
RUNTIME = "Pyodide in Chromium"


def game(job: tuple[str, int, int]) -> dict:
    """One Deathmatch: BLU TEAM played by `blu` ("computer" or "random"), `players` players, seed n."""
    blu, players, n = job
    options = computer_blu(players) if blu == "computer" else {"players": ["person"] * (players - 1)}
    played = engine.new_game(DEATHMATCH, seed=n, players=players, options=options)
    choose = lcg(n)
    for _ in range(MAX_STEPS):
        if played.over:
            break
        legal = played.legal_actions()
        played.play(legal[choose(len(legal))]["id"])
    outcome = played.outcome or {"team": None, "reason": None}
    return {"blu": blu, "players": players, "seed": n, "over": played.over, "team": outcome["team"],
            "reason": outcome["reason"]}


def tally(results: list[dict]) -> dict:
    """One policy's games at one player count → {"games", "wins" (BLU TEAM's), "draws", "cut"}."""
    kinds = {(r["blu"], r["players"]) for r in results}
    if len(kinds) != 1:
        raise ValueError(f"one policy and player count at a time, got {sorted(kinds)}")
    return {"games": len(results),
            "wins": sum(r["over"] and r["team"] == "BLU TEAM" for r in results),
            "draws": sum(r["over"] and r["team"] is None for r in results),
            "cut": sum(not r["over"] for r in results)}


def strength(games: int = GAMES, processes: int = PROCESSES, say=print) -> dict:
    """{"<players>p": {"computer": tally, "random": tally}} over `games` games each, on `processes` cores."""
    jobs = [(blu, p, n) for p in PLAYER_COUNTS for blu in ("computer", "random") for n in range(1, games + 1)]
    done: dict = {}
    start = time.monotonic()
    with Pool(processes) as pool:
        for result in pool.imap_unordered(game, jobs):
            done.setdefault((result["players"], result["blu"]), []).append(result)
            count = sum(map(len, done.values()))
            if count % 20 == 0:
                say(f"  {count}/{len(jobs)} Deathmatches ({time.monotonic() - start:.0f} s)")
    return {f"{p}p": {blu: tally(sorted(done[(p, blu)], key=lambda r: r["seed"]))
                      for blu in ("computer", "random")}
            for p in PLAYER_COUNTS}


def replies_in_chromium(site: Path, games: int = REPLY_GAMES, port: int = PORT) -> dict:
    """bench/dm_replies.py's figures for `games` 2-player games against the computer, Pyodide in Chromium."""
    request = json.dumps({"seeds": list(range(1, games + 1)), "players": 2})
    return in_chromium.run(site, "bench.dm_replies", request, port)


def summary(replies: dict) -> dict:
    """bench/dm_replies.py's result → the reply rows' figures: slowest and median, in seconds."""
    return reply_loop.summary(replies, "games", REPLY_CEILING_S, RUNTIME)


def measure(site: Path, games: int = GAMES, reply_games: int = REPLY_GAMES, say=print) -> dict:
    """{"dm_bot": {"2p": ..., "4p": ..., "reply": summary}}: the bench table's Deathmatch rows."""
    say(f"playing {games} Deathmatches per player count against the computer and against random play "
        "(bench/dm_bot.py)")
    figures = strength(games, say=say)
    say(f"timing the Deathmatch computer's replies in {reply_games} games, {RUNTIME} (bench/dm_replies.py)")
    figures["reply"] = summary(replies_in_chromium(site, reply_games))
    return {"dm_bot": figures}


def main() -> None:
    from bench import report

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per player count (default {GAMES})")
    parser.add_argument("--replies", type=int, default=REPLY_GAMES,
                        help=f"games whose replies are timed in Pyodide (default {REPLY_GAMES})")
    parser.add_argument("--site", type=Path, default=REPO / "site")
    args = parser.parse_args()
    print(report.table(measure(args.site, args.games, args.replies)))


if __name__ == "__main__":
    main()
