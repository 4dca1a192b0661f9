"""Mechs vs. Minions (Riot Games, 2016): the Field Guide's rules and the Missions' own rules."""

from ..core import GameSpec, declare
from .effects import EFFECTS
from .game import MechsVsMinions
from .rules_base import GAME_ID

__all__ = ["EFFECTS", "GAME", "GAME_ID", "MechsVsMinions", "playable"]


def playable(game_data: dict) -> list[str]:
    return sorted(sid for sid, sc in game_data.get("scenarios", {}).items() if "play" in sc)


GAME = declare(GameSpec(
    id=GAME_ID,
    game_class=MechsVsMinions,
    playable=playable,
    create=MechsVsMinions.create,
    restore=lambda catalog, state: MechsVsMinions(catalog, state),
    effects=frozenset(EFFECTS),
))
