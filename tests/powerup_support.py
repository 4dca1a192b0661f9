"""POWERUP rule tests draw their own boards: a few rows of square characters become a one-off scenario in a
copy of the packaged catalog, with the BUGBUSTERs, BUGs and tokens placed where the test says. Sheets, dice
and cards are the content's."""

import engine
from engine.core.game import copy_state

LEGEND = {
    ".": "open",
    "#": "obstacle",
    "y": "yellow-stair",
    "H": "ladder",
    "S": "automatic-staircase",
    "G": "gateway",
    "A": "acid",
    "^": "spike-trap",
    " ": None,
}

_BASE = None


def base_catalog() -> dict:
    global _BASE
    if _BASE is None:
        _BASE = engine.packaged_catalog()
    return copy_state(_BASE)


def board_catalog(rows: list[str], starts=((0, 0, "right"),), extra_play: dict | None = None) -> dict:
    """A catalog whose scenario "test-board" is the drawn board (each character a square: LEGEND), with one
    start per BUGBUSTER."""
    catalog = base_catalog()
    game = catalog["games"]["powerup"]
    width = max(len(r) for r in rows)
    legend = {}
    for row in rows:
        for ch in row:
            legend[ch] = {"kind": LEGEND[ch]} if LEGEND[ch] else {"kind": "open"}
    padded = [r.ljust(width, " ") for r in rows]
    game.setdefault("tiles", {})["test-board"] = {"id": "test-board", "rows": padded, "legend": legend}
    play = {
        "layouts": [
            {
                "players": {"min": 1, "max": 5},
                "tiles": [{"tile": "test-board", "at": [0, 0]}],
                "start": [{"at": [x, y], "facing": f} for x, y, f in starts],
            }
        ],
        "roster": ["buggie"],
        "active": ["buggie"],
        "goal": {"kind": "reach-powerup"},
    }
    play.update(extra_play or {})
    scenario = dict(
        game["scenarios"]["gimme-my-powerup"], id="test-board", play=play, players={"min": 1, "max": 5}
    )
    game["scenarios"]["test-board"] = scenario
    _blank_void(game["tiles"]["test-board"])
    return catalog


def _blank_void(tile) -> None:
    """A space in the drawing is the void (no tile there)."""
    tile["legend"][" "] = {"kind": None}


def new_board_game(
    rows, starts=((0, 0, "right"),), players=None, seed=1, extra_play=None, mistress="computer"
):
    catalog = board_catalog(rows, starts, extra_play)
    players = players or len(starts)
    options = {"mistress": mistress}
    return engine.new_game(
        "powerup/test-board", seed=seed, players=players, catalog=catalog, options=options
    ), catalog


def squad_chosen(game, squad: int):
    """Each seat picks the first BUGBUSTER offered, the first BUGs' turn is played (no BURP, so no BUG), and
    its Event is taken away (no Event in force unless a test puts one there)."""
    for _ in range(squad):
        game.play(game.legal_actions()[0]["id"])
    game.state["mistress"]["event"] = None
    return game


def first_turn(game, seat=0):
    """The squad picks `seat` to play first; its character."""
    game.play(f"next:{seat}")
    return game.state["chars"][game.state["busters"][seat]["char"]]


def ids(game) -> set:
    return {a["id"] for a in game.legal_actions()}
