"""Helpers for the Mechs vs. Minions rule tests: the compiled catalog and situations set up on a board."""

import copy
import functools
from pathlib import Path

import engine
from site_src.catalog import compile_catalog
from site_src.checker import check

REPO = Path(__file__).resolve().parent.parent
TUTORIAL = "mechs-vs-minions/mission-00"


@functools.cache
def catalog() -> dict:
    result = check(REPO / "content")
    assert result.ok, [str(p) for p in result.problems]
    return compile_catalog(result.content)


def timed_catalog(how="start") -> dict:
    """A copy of the compiled catalog whose Tutorial times its drafts as Missions 2-10 say they do
    (`mission.draft.timed.from: start`): no timed mission is playable yet."""
    variant = copy.deepcopy(catalog())
    scenario = variant["games"]["mechs-vs-minions"]["scenarios"]["mission-00"]
    scenario["mission"] = {"draft": {"first": {"kind": "double", "rule": "m1-back-on-mission"},
                                     "timed": {"from": how, "rule": "m1-escalation"}}}
    return variant


def new_game(players=2, seed=1):
    return engine.new_game(TUTORIAL, seed=seed, players=players, catalog=catalog())


def situation(players=2, seed=1, mechs=(), shards=None, minions=(), tasks=(), first=0):
    """A game with Mechs placed as given ([(x, y, facing), ...]) and the task queue set to `tasks`.

    Nothing runs until the test calls `run(game, [])` (so it can first set hands and slots);
    returns (game, []) for symmetry with `run`."""
    game = new_game(players, seed)
    state = game.state
    for seat, (x, y, facing) in enumerate(mechs):
        state["mechs"][seat]["pos"] = [x, y]
        state["mechs"][seat]["facing"] = facing
    if shards is not None:
        state["shards"] = [list(s) for s in shards]
    state["minions"] = [list(m) for m in minions]
    state["first"] = first
    state["draft"] = None
    state["tasks"] = [dict(t) for t in tasks]
    if shards is not None:
        state["shards_start"] = len(state["shards"])
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
