"""Tabletome's rules engine: pure standard-library Python, no I/O but its packaged catalog.

    import engine
    game = engine.new_game("mechs-vs-minions/mission-00", seed=7, players=2)
    game.legal_actions(); game.play(action_id); game.view()
    engine.restore(game.snapshot())
"""

from . import core
from .core import IllegalAction, ScenarioError
from .core.catalog import packaged as packaged_catalog

__all__ = [
    "IllegalAction",
    "ScenarioError",
    "implemented_effects",
    "new_game",
    "restore",
    "scenarios",
]


def _games() -> dict:
    from . import mu, mvm

    return {mvm.GAME_ID: mvm, mu.GAME_ID: mu}


def scenarios(catalog: dict | None = None) -> list[str]:
    """Ids ("<game>/<scenario>") of every playable scenario in the catalog."""
    catalog = catalog or packaged_catalog()
    ids = []
    for game_id, module in sorted(_games().items()):
        game = catalog["games"].get(game_id)
        if game:
            ids += [f"{game_id}/{sid}" for sid in module.playable(game)]
    return ids


def new_game(scenario: str, seed: int = 0, players: int = 2, catalog: dict | None = None):
    """A new game of `scenario` ("<game>/<scenario id>") for `players` seats."""
    catalog = catalog or packaged_catalog()
    game_id, _, scenario_id = scenario.partition("/")
    module = _games().get(game_id)
    if module is None or game_id not in catalog["games"]:
        raise ScenarioError(f"unknown game {game_id!r}")
    return module.new_game(catalog, scenario_id, int(seed), int(players))


def restore(snapshot: dict, catalog: dict | None = None):
    """The game a snapshot was taken of."""
    catalog = catalog or packaged_catalog()
    if snapshot.get("format") != core.game.SNAPSHOT_FORMAT:
        raise ScenarioError("unknown snapshot format")
    module = _games().get(snapshot.get("game"))
    if module is None:
        raise ScenarioError(f"unknown game {snapshot.get('game')!r}")
    return module.restore(catalog, snapshot)


def implemented_effects(game_id: str) -> set[str]:
    """Named effects the engine implements for a game (the content checker uses it)."""
    module = _games().get(game_id)
    return set(module.EFFECTS) if module else set()
