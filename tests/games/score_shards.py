"""Score functions for tests/games/record.py: Missions 2 (School Under Siege) and 7 (Blast Chamber).

    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-02 --want win \
        --score tests/games/score_shards.py:mission_02
"""


def _near(board, start, goals):
    """Path length (around Massive Boulders) from `start` to the nearest goal square."""
    if not goals:
        return 0
    dist = board.distances(goals)
    return dist.get(tuple(start), 99)


def _carry_score(game, goals, done):
    s, board = game.state, game.ctx.board
    score = 1000 * done + 300 * s["zone_health"]["value"] + 15 * s["kills"]
    loose = [list(q) for q in s["shards"]]
    for m in s["mechs"]:
        if m["pos"] is None:
            continue
        if m.get("carrying"):
            score += 400 - 12 * _near(board, m["pos"], goals)
        elif loose:
            score -= 6 * _near(board, m["pos"], loose)
    return score


def mission_02(game):
    school = game.ctx.board.select({"kind": "school"})
    s = game.state
    threat = sum(max(0, 6 - _near(game.ctx.board, mn, school)) ** 2 for mn in s["minions"])
    return _carry_score(game, school, s["shards_returned"]) - 10 * threat


def mission_07(game):
    s, board = game.state, game.ctx.board
    taken = [lk["square"] for lk in s["shards_locked"]]
    empty = [q for q in board.select({"kind": "rune-space", "zone": "assembly-zone"}) if q not in taken]
    opened = sum(1 for v in (s.get("runes") or {}).values() if not v)
    return _carry_score(game, empty, len(taken)) + 40 * opened


def loss(game):
    """Toward any mission's zone falling: less health, Minions nearer the zone."""
    s, board = game.state, game.ctx.board
    zone = board.select(game.ctx.play["zone_health"]["zone"])
    return -100 * s["zone_health"]["value"] - sum(_near(board, mn, zone) for mn in s["minions"])
