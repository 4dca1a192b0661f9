"""The hero trading card game (Spanish rules summary, title not given): its card data and deck rules
(docs-dev/TCG.md), and the duel the engine plays (game.py): two people, or one against the computer."""

GAME_ID = "heroes-tcg"  # first, a literal: core/registry.py reads it unimported

from ..core import GameSpec, declare  # noqa: E402
from .effects import EFFECTS  # noqa: E402
from .game import HeroesTcg  # noqa: E402

__all__ = ["EFFECTS", "GAME", "GAME_ID", "HeroesTcg", "playable"]


def playable(game_data: dict) -> list[str]:
    """The duels: the scenarios with a `play` block."""
    return sorted(sid for sid, sc in game_data.get("scenarios", {}).items() if "play" in sc)


GAME = declare(
    GameSpec(
        id=GAME_ID,
        game_class=HeroesTcg,
        playable=playable,
        create=HeroesTcg.create,
        restore=HeroesTcg.restore,
        effects=EFFECTS,
    )
)
