"""Score functions for tests/games/record.py: Missions 5 and 9, the Lava Wall (higher is closer to winning).

    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-05 --want win \
        --score tests/games/score_lava.py:mission_05
    ... mission-05 --want loss --score tests/games/score_lava.py:mission_05_loss
    ... mission-09 --want win --score tests/games/score_lava.py:mission_09
    ... mission-09 --want loss --score tests/games/score_lava.py:mission_09_loss

The scores only steer the search; the engine decides every ending.
"""


FAR = 50


def _distances(game, goals):
    """Steps from every square to the nearest goal square, around Massive Boulders and the lava."""
    return game.ctx.board.distances(goals, lambda sq: not game.lava_covered(game.state, sq))


def _ahead_of_lava(game, square) -> int:
    """Lines between a square and the wall's front (0: the next line the wall flows onto)."""
    return game.lava_line_of(square) - game.state["lava"]["advanced"]


def _placed(game) -> bool:
    return all(m["pos"] is not None for m in game.state["mechs"])


def mission_05(game):
    """Mission 5: the Bomb onto the next Repair Pad in order, a Mech behind it to push, kept healthy and
    ahead of the lava."""
    s = game.state
    bomb = s["bomb"]
    if bomb is None or not _placed(game):
        return -1000.0
    order = game.bomb_pad_order()
    visited = len(bomb.get("visited", []))
    goal = order[min(visited, len(order) - 1)]
    dist = _distances(game, [goal])
    bomb_distance = dist.get(tuple(bomb["pos"]), FAR)
    bx, by = bomb["pos"]
    pushers = 0
    for mech in s["mechs"]:
        mx, my = mech["pos"]
        if abs(mx - bx) + abs(my - by) == 1 and dist.get((mx, my), FAR) > bomb_distance:
            pushers += 1
    near = min(abs(m["pos"][0] - bx) + abs(m["pos"][1] - by) for m in s["mechs"])
    lava_gap = min(_ahead_of_lava(game, bomb["pos"]), 4)
    return (300 * visited - 20 * bomb_distance + 10 * bomb["health"] + 3 * min(pushers, 1) - near
            + 5 * lava_gap - 0.5 * len(s["minions"]) + 0.2 * s["kills"])


def mission_05_loss(game):
    """Mission 5, the loss: the Bomb's health down (or the lava over a Repair Pad first)."""
    bomb = game.state["bomb"]
    return -bomb["health"] if bomb else 0.0


def mission_09(game):
    """Mission 9: every Mech up the board into the Safety Zone, facing up, ahead of the lava."""
    s = game.state
    if not _placed(game):
        return -1000.0
    board = game.ctx.board
    zone = board.select({"zone": "safety-zone"})
    goal = min(game.lava_line_of(z) for z in zone)
    speed = s["lava"]["speed"]
    total = 0.0
    for mech in s["mechs"]:
        line = game.lava_line_of(mech["pos"])
        total += 10 * min(line, goal) + (25 if board.zone(mech["pos"]) == "safety-zone" else 0)
        total += 2 if mech["facing"] == "up" else 0
        if _ahead_of_lava(game, mech["pos"]) <= speed:
            total -= 30
    return total - 0.3 * len(s["minions"])


def mission_09_loss(game):
    """Mission 9, the loss: a Mech as close to the lava as can be."""
    s = game.state
    if not _placed(game):
        return -1000.0
    return -min(_ahead_of_lava(game, m["pos"]) for m in s["mechs"])
