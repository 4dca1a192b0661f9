"""Marvel United: Multiverse, the Kickstarter Promos villains - the core rules (adapted rules page
content/marvel-united-promos/rules/core-rules.md), the adapted Heroes and Locations, and the villains'
records. A game is an instance of its villain's class (villain_base.Villain, one subclass per villain under
villains/, found by find_villain); a villain text without a handler or a hook is logged as
"not-implemented"."""

GAME_ID = "marvel-united-promos"  # first, a literal: core/registry.py reads it unimported

from ..core import GameSpec, declare  # noqa: E402
from .effects import EFFECTS as CARD_EFFECTS  # noqa: E402
from .game import MarvelUnited  # noqa: E402
from .villain_base import Villain, find_villain, villain_classes  # noqa: E402

# Every named effect content may use (build.py check asks engine.implemented_effects): the Heroes' card
# effects and the Locations' end-of-turn steps, and the handlers of every villain's class.
EFFECTS = dict(CARD_EFFECTS)
for _cls in (Villain, *villain_classes().values()):
    EFFECTS.update(_cls.HANDLERS)

__all__ = ["EFFECTS", "GAME", "GAME_ID", "MarvelUnited", "PLAYABLE", "Villain", "find_villain", "playable"]

# Villains whose every Dashboard rule, Threat and Master Plan effect is implemented (their class says
# `playable = True`): only these are offered by engine.scenarios() and the site (tests/test_mu_core.py plays
# each with no "not-implemented" event).
PLAYABLE: tuple[str, ...] = tuple(vid for vid, cls in villain_classes().items() if cls.playable)


def playable(game_data: dict) -> list[str]:
    return sorted(v for v in game_data.get("villains", {}) if v in PLAYABLE)


GAME = declare(GameSpec(
    id=GAME_ID,
    game_class=Villain,
    playable=playable,
    # any villain of the catalog with a health table and a Master Plan deck can be started (tests start
    # villains that are not `playable`); playable() decides what engine.scenarios() and the site offer
    create=MarvelUnited.create,
    restore=MarvelUnited.restore,
    effects=frozenset(EFFECTS),
))
