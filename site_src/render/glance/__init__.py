"""A scenario's "At a glance" panel (templates/scenario.md.j2): one module of rows per game, chosen by the
game's id, each reading its own scenario schema's fields; every panel starts with the players.

    glance(game_id, scenario, names) -> list[Row]   # [] when the data says nothing beyond the players

A game whose scenarios have no module here gets no panel (only the rest of the scenario page).
`details(game_id, scenario)`: the scenario without the fields its panel says in words (`SHOWN`: a field, or
`block.field` inside one), for the page's Details box.
"""

from __future__ import annotations

from collections.abc import Callable

from . import mechs_vs_minions, powerup
from .rows import Row

ROWS: dict[str, Callable[[dict, dict[str, str]], list[Row]]] = {
    "mechs-vs-minions": mechs_vs_minions.rows,
    "powerup": powerup.rows,
}


SHOWN: dict[str, frozenset[str]] = {"mechs-vs-minions": mechs_vs_minions.SHOWN, "powerup": powerup.SHOWN}


def details(game_id: str, scenario: dict) -> dict:
    """The scenario's fields that its "At a glance" panel does not say."""
    shown = SHOWN.get(game_id, frozenset())
    out = {}
    for key, value in scenario.items():
        if key in shown:
            continue
        if isinstance(value, dict) and any(s.startswith(f"{key}.") for s in shown):
            value = {k: v for k, v in value.items() if f"{key}.{k}" not in shown}
            if not value:
                continue
        out[key] = value
    return out


def glance(game_id: str, scenario: dict, names: dict[str, str] | None = None) -> list[Row]:
    """The rows of a scenario's "At a glance" panel (empty when the data says nothing more).
    `names`: the game's glossary, term id -> term, to name pieces as the source does."""
    players = scenario.get("players") or {}
    found: list[Row] = []
    if players:
        low, high = players.get("min"), players.get("max")
        found.append(Row("players", "Players", f"{low}" if low == high else f"{low}–{high}"))
    parts = ROWS.get(game_id)
    if parts:
        found += parts(scenario, names or {})
    return found if len(found) > 1 else []
