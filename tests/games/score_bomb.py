"""Score functions for tests/games/record.py: Missions 1, 4 and 8 (higher is closer to the wanted ending).

    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-01 --want win \
        --score tests/games/score_bomb.py:mission_01
    ... --want loss --score tests/games/score_bomb.py:bomb_loss      (Missions 1 and 8)
    ... --want loss --score tests/games/score_bomb.py:mission_04_loss

The scores only steer the search; the engine decides every ending.
"""


def _bomb_score(game, goals, avoid=("massive-boulder",)):
    s = game.state
    bomb = s["bomb"]
    if bomb is None or any(m["pos"] is None for m in s["mechs"]):
        return -1000.0
    board = game.ctx.board
    dist = board.distances(goals, lambda sq: board.kind(sq) not in avoid)
    far = 50
    bomb_distance = dist.get(tuple(bomb["pos"]), far)
    # a Mech one step further from the goal than the Bomb, next to it, is in place to push it on
    pushers = 0
    for mech in s["mechs"]:
        mx, my = mech["pos"]
        bx, by = bomb["pos"]
        if abs(mx - bx) + abs(my - by) == 1 and dist.get((mx, my), far) > bomb_distance:
            pushers += 1
    near = min(abs(m["pos"][0] - bomb["pos"][0]) + abs(m["pos"][1] - bomb["pos"][1]) for m in s["mechs"])
    return (-20 * bomb_distance + 8 * bomb["health"] + 3 * min(pushers, 1) - near - 0.5 * len(s["minions"])
            + 0.2 * s["kills"])


def mission_01(game):
    """Mission 1: the Bomb toward the Repair Pad, kept healthy."""
    return _bomb_score(game, game.ctx.board.all_of("repair-pad"))


def mission_08(game):
    """Mission 8: the Bomb toward the Bomb Deploy Zone, around boulders and Lava Pools."""
    goals = game.ctx.board.select({"zone": "bomb-deploy-zone"})
    return _bomb_score(game, goals, avoid=("massive-boulder", "lava-pool"))


def mission_04(game):
    """Mission 4: every Mech up the board into the spawn zone; Minions kept far from the starting line."""
    s = game.state
    if any(m["pos"] is None for m in s["mechs"]):
        return -1000.0
    board = game.ctx.board
    zone_rows = {y for _, y in board.select({"zone": "spawn-zone"})}
    line_row = min(y for _, y in board.select({"zone": "starting-line"}))
    top = max(zone_rows)
    progress = sum(-max(0, m["pos"][1] - top) for m in s["mechs"])
    danger = sum(m[1] for m in s["minions"] if m[1] > line_row - 5)
    return 10 * progress - 3 * danger + s["kills"] - len(s["minions"])


def bomb_loss(game):
    """Missions 1 and 8, the loss: the Bomb's health down."""
    bomb = game.state["bomb"]
    return -bomb["health"] if bomb else 0.0


def mission_04_loss(game):
    """Mission 4, the loss: Minions as near the starting line as possible."""
    return max((m[1] for m in game.state["minions"]), default=0)
