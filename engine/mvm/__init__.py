"""Mechs vs. Minions (Riot Games, 2016): the Field Guide's rules and the Missions' own rules."""

from .effects import EFFECTS
from .game import MechsVsMinions
from .rules_base import GAME_ID

__all__ = ["EFFECTS", "GAME_ID", "MechsVsMinions", "new_game", "playable", "restore"]


def playable(game_data: dict) -> list[str]:
    return sorted(sid for sid, sc in game_data.get("scenarios", {}).items() if "play" in sc)


def new_game(catalog: dict, scenario_id: str, seed: int, players: int) -> MechsVsMinions:
    return MechsVsMinions.create(catalog, scenario_id, seed, players)


def restore(catalog: dict, snapshot: dict) -> MechsVsMinions:
    import copy

    return MechsVsMinions(catalog, copy.deepcopy(snapshot["state"]))
