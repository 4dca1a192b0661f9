"""POWERUP scenarios at a glance (schema/powerup/scenario.schema.json): the mode, goals, reward, time
limit, initial coins, preparation, special rules, and what the source lacks."""

from __future__ import annotations

from ...text import words
from ...text.slugs import slug
from .rows import Row, goal, section, texts

# The fields the panel says in words (and `heading`, `order`: the printed heading and the place in the
# source, which the page's title and the navigation already give): the page's Details box leaves them out.
SHOWN = frozenset({"mode", "number", "goals", "objective", "reward", "time_limit", "initial_coins", "setup",
                   "preparation", "special_rules", "missing", "heading", "order"})


def rows(scenario: dict, names: dict[str, str]) -> list[Row]:
    """POWERUP's rows: mode, goals, reward, time limit, coins, preparation, special rules, what is missing.
    `names`: the glossary, term id -> term, to name the pieces as the source does."""
    names = {**{slug(v, empty=""): v for v in names.values()}, **names}
    found: list[Row] = []
    mode = scenario.get("mode")
    if mode:
        value = words.label(mode)
        if scenario.get("number"):
            value += f", Mission {scenario['number']}"
        found.append(Row("mode", "Mode", value))
    found += goal(scenario)
    if scenario.get("reward"):
        found.append(
            Row("reward", "Reward", items=texts(scenario["reward"]), rule=section(scenario, "reward"))
        )
    limit = scenario.get("time_limit") or {}
    if limit:
        value = (
            "no time limit"
            if limit.get("none")
            else words.count(limit["turn_sequences"], "turn sequence")
            if limit.get("turn_sequences")
            else ""
        )
        found.append(Row("time-limit", "Time limit", value, items=texts(limit.get("printed"))))
    coins = scenario.get("initial_coins") or {}
    if coins:
        found.append(
            Row(
                "initial-coins",
                "Initial coins",
                f"{coins.get('per_player')} per player",
                rule=section(scenario, "coins"),
            )
        )
    setup = scenario.get("setup") or {}
    bits = []
    if setup.get("tiles"):
        board = f" in a {setup['board']} board" if setup.get("board") else ""
        bits.append(words.count(setup["tiles"], "tile") + board)
    if setup.get("tile_numbers"):
        bits.append("tiles " + ", ".join(str(n) for n in setup["tile_numbers"]))
    for piece in setup.get("pieces") or []:
        if not isinstance(piece, dict):
            continue
        name = names.get(str(piece.get("piece", ""))) or words.label(piece.get("piece", ""))
        if "count" in piece:
            per = f" per {names.get(piece['per']) or piece['per']}" if piece.get("per") else ""
            less = f" minus {piece['minus']}" if piece.get("minus") else ""
            bits.append(f"{name} × {piece['count']}{per}{less}")
        else:
            bits.append(name)
    preparation = texts(scenario.get("preparation"))
    if bits or preparation:
        found.append(
            Row(
                "preparation",
                "Preparation",
                "; ".join(bits),
                items=preparation,
                ordered=True,
                rule=section(scenario, "preparation", "set-up", "setup"),
            )
        )
    special = texts(scenario.get("special_rules"))
    if special:
        found.append(
            Row(
                "special-rules",
                "Special rules",
                items=special,
                rule=section(scenario, "special rules", "rules"),
            )
        )
    missing = texts(scenario.get("missing"))
    if missing:
        found.append(Row("missing", "Not in the source", items=missing, note=True))
    return found
