"""Tabletome's rules engine: pure standard-library Python, no I/O but its packaged catalog.

    import engine
    game = engine.new_game("mechs-vs-minions/mission-00", seed=7, players=2, options=None)
    game.legal_actions(); game.play(action_id); game.view(); game.view(seat=0)
    engine.restore(game.snapshot())
    session = engine.Session("mechs-vs-minions/mission-00", seed=7, players=2)   # history, undo, record
    engine.bots.make("search", seed=1, iterations=200).choose(game)              # a legal id

Games are found, not listed: each subpackage but `core` is a game that declares itself
(`core.registry.declare`).
"""

from . import bots, core
from .core import IllegalAction, ScenarioError
from .core.catalog import packaged as packaged_catalog
from .core.game import SNAPSHOT_FORMAT, copy_state
from .core.registry import find, games
from .core.setup import integer
from .session import Session

__all__ = [
    "IllegalAction",
    "ScenarioError",
    "Session",
    "bots",
    "games",
    "implemented_effects",
    "new_game",
    "restore",
    "scenarios",
]


def scenarios(catalog: dict | None = None) -> list[str]:
    """Ids ("<game>/<scenario>") of every playable scenario in the catalog."""
    catalog = catalog or packaged_catalog()
    ids = []
    for game_id, spec in games().items():
        data = catalog["games"].get(game_id)
        if data:
            ids += [f"{game_id}/{sid}" for sid in spec.playable(data)]
    return ids


def new_game(scenario: str, seed: int = 0, players: int = 2, options: dict | None = None,
             catalog: dict | None = None):
    """A new game of `scenario` ("<game>/<scenario id>") for `players` seats; `options` answers setup
    questions up front (each game's are listed in docs-dev/CONTRACTS.md)."""
    catalog = catalog or packaged_catalog()
    if not isinstance(scenario, str) or "/" not in scenario:
        raise ScenarioError(f"scenario must be '<game>/<scenario id>', got {scenario!r:.60}")
    game_id, _, scenario_id = scenario.partition("/")
    spec = find(game_id)
    if game_id not in catalog["games"]:
        raise ScenarioError(f"the catalog has no game {game_id!r}")
    seed, players = integer("seed", seed), integer("players", players)
    game = spec.create(catalog, scenario_id, seed, players)
    prepared = core.options.prepare(game, options, scenario)
    if prepared:
        game.state["options"] = prepared
        game.advance(game.state, [])
    game.rebase()  # the set-up game is what a failing first action returns to
    return game


def restore(snapshot: dict, catalog: dict | None = None):
    """The game a snapshot was taken of."""
    catalog = catalog or packaged_catalog()
    if not isinstance(snapshot, dict) or snapshot.get("format") != SNAPSHOT_FORMAT:
        raise ScenarioError("unknown snapshot format")
    spec = find(snapshot.get("game"))
    return spec.restore(catalog, copy_state(snapshot["state"]))


def implemented_effects(game_id: str) -> set[str]:
    """Named effects the engine implements for a game (the content checker uses it); a game the engine
    does not play implements none."""
    spec = games().get(game_id)
    return set(spec.effects) if spec else set()
