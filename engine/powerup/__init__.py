"""POWERUP (a cooperative 2D platformer dungeon crawler): the rulebook's rules, its Artificial Intelligence
for the BUGs, and the Story missions (docs-dev/POWERUP.md: the data it reads, the rulings it makes)."""

GAME_ID = "powerup"  # first, a literal: core/registry.py reads it unimported

from ..core import GameSpec, declare  # noqa: E402
from .effects import EFFECTS  # noqa: E402
from .game import Powerup  # noqa: E402
from .mistress import form_options  # noqa: E402

__all__ = ["EFFECTS", "GAME", "GAME_ID", "Powerup", "playable"]


# The missions whose every rule the engine plays (a mission joins when its goal, setup and special rules do).
READY: frozenset[str] = frozenset(
    {
        "gimme-my-powerup",
        "what-happened-here",
        "pdr-rescue",
        "the-blob",
        "the-brasas",
        "exodus",
        "the-burp",
        "point-of-no-return",
        "save-the-vips",
        "kill-the-bugmistress",
        "dimensional-portal",
        "hidden-keys",
        "deathmatch",
    }
)


def playable(game_data: dict) -> list[str]:
    return sorted(sid for sid, sc in game_data.get("scenarios", {}).items() if "play" in sc and sid in READY)


GAME = declare(
    GameSpec(
        id=GAME_ID,
        game_class=Powerup,
        playable=playable,
        create=Powerup.create,
        restore=lambda catalog, state: Powerup(catalog, state),
        effects=frozenset(EFFECTS),
        form_options=form_options,
    )
)
