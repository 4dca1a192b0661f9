"""Helpers for the Mechs vs. Minions rule tests: the compiled catalog and situations set up on a board."""

import copy
import functools
from pathlib import Path

from real_content import catalog

import engine
from site_src.check.schemas import Schemas

REPO = Path(__file__).resolve().parent.parent
MVM = "mechs-vs-minions"
TUTORIAL = f"{MVM}/mission-00"
EXEC = [{"t": "exec_slot", "seat": 0, "slot": n} for n in range(1, 7)]
# Squares of the test-only Map Tiles the rule tests draw as rows of characters (see tile_game).
LEGEND = {
    ".": {"kind": "open"},
    "S": {"kind": "mech-start"},
    "C": {"kind": "school"},
    "P": {"kind": "repair-pad"},
    "O": {"kind": "oil-slick"},
    "L": {"kind": "lava-pool"},
    "X": {"kind": "massive-boulder"},
    "<": {"kind": "massive-boulder", "spikes": ["left"]},  # a Spike Wall on the boulder's left side
    "r": {"kind": "rune-space", "color": "red"},
    "y": {"kind": "rune-space", "color": "yellow"},
    "b": {"kind": "rune-space", "color": "blue"},
    "g": {"kind": "rune-space", "color": "green"},
    "R": {"kind": "rune-gate", "color": "red"},
    "B": {"kind": "rune-gate", "color": "blue"},
    "Z": {"kind": "open", "zone": "safety-zone"},
    "_": {"kind": "open", "zone": "starting-line"},
}
OPEN = ["......"] * 6


def timed_catalog(how="start") -> dict:
    """A copy of the compiled catalog whose Tutorial times its drafts as Missions 2-10 say they do
    (`mission.draft.timed.from: start`): the Tutorial's short setup keeps draft tests small."""
    variant = copy.deepcopy(catalog())
    scenario = variant["games"]["mechs-vs-minions"]["scenarios"]["mission-00"]
    scenario["mission"] = {"draft": {"first": {"kind": "double", "rule": "m1-back-on-mission"},
                                     "timed": {"from": how, "rule": "m1-escalation"}}}
    return variant


def new_game(players=2, seed=1):
    return engine.new_game(TUTORIAL, seed=seed, players=players, catalog=catalog())


@functools.cache
def _schemas() -> Schemas:
    return Schemas(REPO / "schema")


def schema_errors(schema: str, record: dict) -> list[str]:
    """Messages of a Mechs vs. Minions record against its content schema (tile, scenario, ...)."""
    return [e.message for e in _schemas().validator(f"{MVM}/{schema}.schema.json").iter_errors(record)]


def assert_valid(schema: str, record: dict) -> None:
    errors = schema_errors(schema, record)
    assert not errors, errors


def tile_play() -> dict:
    """A copy of the Tutorial's `play` block laid on the test tile `test-board`, without shards."""
    play = copy.deepcopy(catalog()["games"][MVM]["scenarios"]["mission-00"]["play"])
    play["board"]["tiles"] = [{"tile": "test-board", "at": [0, 0]}]
    play["crystal_shards"]["squares"] = []
    return play


def tile_game(rows, legend, play, mechs, minions=(), shards=(), players=2, tasks=(), seed=1):
    """A game on the test Map Tile `rows` (squares from `legend`) under `play` (see tile_play),
    both validated against the content schemas, so every square and number the engine uses is data.
    Mechs are placed as [(x, y, facing), ...]; nothing runs until the test advances the queue `tasks`."""
    note = {"source": "tests/mvm_support.py", "status": "adapted", "note": "Test-only board and scenario."}
    tile = {"id": "test-board", "name": "Test board", "rows": list(rows), "legend": legend,
            "provenance": note}
    assert_valid("tile", tile)
    cat = dict(catalog())
    games = dict(cat["games"])
    game_data = dict(games[MVM])
    scenario = dict(game_data["scenarios"]["mission-00"], id="test-board", play=play)
    assert_valid("scenario", scenario)
    game_data["tiles"] = dict(game_data["tiles"], **{"test-board": tile})
    game_data["scenarios"] = dict(game_data["scenarios"], **{"test-board": scenario})
    games[MVM] = game_data
    cat["games"] = games
    game = engine.new_game(f"{MVM}/test-board", seed=seed, players=players, catalog=cat)
    place(game, mechs, minions=minions, shards=shards, tasks=tasks)
    game.state["decks"]["damage"] = ["sticky-steering"] * 10  # System damage: no steps, easy to count
    return game


def place(game, mechs, minions=(), shards=None, tasks=(), first=0) -> None:
    """Mechs at [(x, y, facing), ...], Minions and Shards at their squares, the task queue set."""
    state = game.state
    for seat, (x, y, facing) in enumerate(mechs):
        state["mechs"][seat]["pos"] = [x, y]
        state["mechs"][seat]["facing"] = facing
    if shards is not None:
        state["shards"] = [list(s) for s in shards]
        state["shards_start"] = len(state["shards"])
    state["minions"] = [list(m) for m in minions]
    state["first"], state["draft"] = first, None
    state["tasks"] = [dict(t) for t in tasks]


def situation(players=2, seed=1, mechs=(), shards=None, minions=(), tasks=(), first=0):
    """A game with Mechs placed as given ([(x, y, facing), ...]) and the task queue set to `tasks`.

    Nothing runs until the test calls `run(game, [])` (so it can first set hands and slots);
    returns (game, []) for symmetry with `run`."""
    game = new_game(players, seed)
    place(game, mechs, minions=minions, shards=shards, tasks=tasks, first=first)
    return game, []


def slot(game, seat, n):
    return game.state["mechs"][seat]["slots"][n - 1]


def program(game, seat, n, *cards):
    """Put cards (bottom first) in a slot directly."""
    slot(game, seat, n)["cards"] = list(cards)


def ids(game):
    return [a["id"] for a in game.legal_actions()]


def run(game, tasks):
    """Queue tasks in front and run them; the events."""
    events = []
    game.state["tasks"][0:0] = [dict(t) for t in tasks]
    game.advance(game.state, events)
    return events


def pos(game, seat):
    return tuple(game.state["mechs"][seat]["pos"])


def texts(events):
    return [e["text"] for e in events]
