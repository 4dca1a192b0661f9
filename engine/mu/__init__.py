"""Marvel United: Multiverse, the Kickstarter Promos villains - the core rules (adapted rules page
content/marvel-united-promos/rules/core-rules.md), the adapted Heroes and Locations, and the villains'
records. Villain-specific rules are hooks, logged as "not-implemented" until written."""

from ..core import GameSpec, declare
from .effects import EFFECTS as CARD_EFFECTS
from .game import MarvelUnited
from .rules_base import GAME_ID
from .villains import HANDLERS

# Every named effect content may use (build.py check asks engine.implemented_effects): the Heroes' card
# effects and the Locations' end-of-turn steps, and the villains' `play` handlers.
EFFECTS = {**CARD_EFFECTS, **HANDLERS}

__all__ = ["EFFECTS", "GAME", "GAME_ID", "MarvelUnited", "PLAYABLE", "playable"]

# Villains whose every Dashboard rule, Threat and Master Plan effect is implemented: only these are offered
# by engine.scenarios() and the site (tests/test_mu_core.py plays each with no "not-implemented" event).
PLAYABLE: tuple[str, ...] = (
    "abomination",
    "absorbing-man",
    "blastaar",
    "cabal",
    "chameleon",
    "crimson-dynamo",
    "crossbones",
    "enchantress",
    "gorr",
    "high-evolutionary",
    "hobgoblin",
    "klaw",
    "knull",
    "lizard",
    "maximus",
    "mole-man",
    "purple-man",
    "shocker",
    "titania",
)


def playable(game_data: dict) -> list[str]:
    return sorted(v for v in game_data.get("villains", {}) if v in PLAYABLE)


GAME = declare(GameSpec(
    id=GAME_ID,
    game_class=MarvelUnited,
    playable=playable,
    # any villain of the catalog with a health table and a Master Plan deck can be started (tests start
    # villains that are not `playable`); playable() decides what engine.scenarios() and the site offer
    create=MarvelUnited.create,
    restore=lambda catalog, state: MarvelUnited(catalog, state),
    effects=frozenset(EFFECTS),
))
