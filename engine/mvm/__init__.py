"""Mechs vs. Minions (Riot Games, 2016): the Field Guide's rules and the Missions' own rules."""

GAME_ID = "mechs-vs-minions"  # first, a literal: core/registry.py reads it unimported

from ..core import GameSpec, declare  # noqa: E402
from .effects import EFFECTS  # noqa: E402
from .game import MechsVsMinions  # noqa: E402

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
