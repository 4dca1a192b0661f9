"""Checks of the hero trading card game's ready decks (content/heroes-tcg/mazos/, docs-dev/TCG.md): each
passes every deck rule as engine/heroes_tcg/decks.py states them, the one place those rules are written."""

from __future__ import annotations

from collections.abc import Callable

from ..model.content import Game, Record
from ..model.problems import pointer_join

KIND = "mazos"


def check(game: Game, add: Callable[[Record, str, str], None]) -> None:
    """A problem at the deck's field for every deck rule a ready deck breaks."""
    ready = game.records(KIND)
    if not ready or game.game is None or not game.readable("cards"):
        return
    from engine.heroes_tcg import decks  # noqa: PLC0415 - only games with ready decks need it

    constants = game.meta.get("constants")
    constants = constants if isinstance(constants, dict) else {}
    if any(type(constants.get(c)) is not int for c in decks.CONSTANTS if c in constants):
        return  # the game schema reports the constant that is not a whole number
    missing = [c for c in decks.CONSTANTS if c not in constants]
    if missing:
        add(game.game, "/constants", f"no constant {', '.join(missing)} (expected every number the deck "
            "rules read)")
        return

    data = {"game": game.meta, "cards": {stem: r.data for stem, r in game.decks.items()}}
    for stem in sorted(ready):
        record = ready[stem]
        for broken in decks.broken(record.data, data):
            pointer = ""
            for part in broken.where:
                pointer = pointer_join(pointer, part)
            add(record, pointer, f"{broken.message} (expected a ready deck that passes every deck rule)")
