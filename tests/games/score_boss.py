"""Score functions for recording scripted games of the Boss missions (3, 6, 10) with tests/games/record.py.

    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-03 --want win \
        --score tests/games/score_boss.py:boss_win [--ez]
    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-06 --want win \
        --score tests/games/score_boss.py:chamber_win
    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-10 --want loss \
        --score tests/games/score_boss.py:boss_loss
"""


def _cannon_danger(s) -> float:
    """How close the Boss Command Line is to the Doom Cannon: a 2-power slot is a worry, 3 is the end."""
    powers = [len(slot["cards"]) for slot in s["boss"]["slots"]]
    return sum({0: 0, 1: 0, 2: 2, 3: 40}[min(p, 3)] for p in powers)


def _distance_to_boss(game) -> float:
    s = game.state
    body = game.boss_squares(s["boss"])
    return sum(min(max(abs(m["pos"][0] - b[0]), abs(m["pos"][1] - b[1])) for b in body) for m in s["mechs"])


def _damage(s) -> int:
    return sum(len(m["system"]) + sum(1 for sl in m["slots"] if sl["damage"]) for m in s["mechs"])


def _armed(game) -> int:
    """Colours whose Rune Shield is down while some Mech has a card of that colour on top of a slot."""
    s, ctx = game.state, game.ctx
    colors = set()
    for mech in s["mechs"]:
        for slot in mech["slots"]:
            if slot["cards"] and not slot["damage"]:
                colors.add(ctx.elements[ctx.command[slot["cards"][-1]]["element"]]["color"])
    return sum(1 for c in colors if not s["runes"][c])


def boss_win(game) -> float:
    """Missions 3 and 10: drain the Boss's health (first its super-shield: the Crystal Shards), keep Rune
    Shields down, stay close to the Boss and far from the Doom Cannon."""
    s = game.state
    if s.get("boss") is None or any(m["pos"] is None for m in s["mechs"]):
        return 0.0
    shields_down = sum(1 for on in s["runes"].values() if not on)
    return (-12 * s["boss"]["health"] - 10 * len(s["shards"]) + 2 * shields_down + 4 * _armed(game)
            - 0.7 * _distance_to_boss(game) - 3 * _cannon_danger(s) - 0.3 * _damage(s) + 0.1 * s["kills"])


def chamber_win(game) -> float:
    """Mission 6: shatter the four Crystal Shards, then bring every Mech to the Magma Chamber entrance
    (row 0), knocking the Boss down when a slot grows dangerous."""
    s = game.state
    if s.get("boss") is None or any(m["pos"] is None for m in s["mechs"]):
        return 0.0
    zone = game.ctx.board.select({"zone": "magma-chamber-entrance"})
    rows = sum(m["pos"][1] for m in s["mechs"])
    inside = sum(1 for m in s["mechs"] if m["pos"] in zone)
    reach = sum(min(abs(m["pos"][0] - x) + abs(m["pos"][1] - y) for m in s["mechs"]) for x, y in s["shards"])
    return (-15 * len(s["shards"]) - 0.8 * reach - (1.5 if not s["shards"] else 0.3) * rows + 4 * inside
            - 3 * _cannon_danger(s) - 2 * s["boss"]["health"] - 0.3 * _damage(s))


def boss_loss(game) -> float:
    """Any Boss mission: feed one slot of the Boss Command Line until the Doom Cannon fires."""
    s = game.state
    if s.get("boss") is None:
        return 0.0
    return max(len(slot["cards"]) for slot in s["boss"]["slots"]) + 0.1 * s["boss"]["health"]
