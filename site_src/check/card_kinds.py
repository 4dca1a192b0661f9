"""A Command Card's kind says what it does: the first move, turn or attack of every power.

The gallery shows a card's `kind` beside its element ("Fire · Move"), filters and searches by it, and
the engine reads it (a like-coloured Move Command passes a Rune Gate). So the kind must agree with the
card's steps: at every Power level, the first step that moves, turns or attacks (a named `effect`
step says which with its `kind`) is of the card's kind. Blaze (move, then damage) is a Move card,
Scythe (turn, then damage) a Turn card.

A deck's cards are checked when they carry both a `kind` and `powers` with `steps`; a problem points
at the card's `kind`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.content import Game, Record

KINDS = ("attack", "move", "turn")

Add = Callable[[Record, str, str], None]


def step_kind(step: object) -> str | None:
    """The command kind a step does: its key for move, turn and attack, an effect's declared `kind`,
    else None (a step that does none of them, such as swapping slots)."""
    if not isinstance(step, dict) or len(step) != 1:
        return None
    ((key, spec),) = step.items()
    if key in KINDS:
        return key
    if key == "effect" and isinstance(spec, dict) and spec.get("kind") in KINDS:
        return str(spec["kind"])
    return None


def check(game: Game, add: Add) -> None:
    for stem in sorted(game.decks):
        record = game.decks[stem]
        cards = record.data.get("cards")
        for index, card in enumerate(cards if isinstance(cards, list) else []):
            if not isinstance(card, dict) or card.get("kind") not in KINDS:
                continue
            powers = card.get("powers")
            if not isinstance(powers, list):
                continue
            name = str(card.get("name") or card.get("id") or index)
            kind = card["kind"]
            wrong: list[str] = []  # "power 2 first does a turn", one per power that disagrees
            does: set[str] = set()
            for row_index, row in enumerate(powers):
                if not isinstance(row, dict) or not isinstance(row.get("steps"), list):
                    continue
                power = row.get("power", row_index + 1)
                first = next((k for k in map(step_kind, row["steps"]) if k is not None), None)
                if first is None:
                    wrong.append(f"power {power} neither moves, turns nor attacks")
                elif first != kind:
                    wrong.append(f"power {power} first does a {first}")
                    does.add(first)
            if wrong:
                expected = f"kind '{does.pop()}', or " if len(does) == 1 else ""
                add(
                    record,
                    f"/cards/{index}/kind",
                    f"Command Card '{name}' is kind '{kind}' but {', '.join(wrong)} (expected "
                    f"{expected}powers whose first move, turn or attack step is a {kind}; a named "
                    "effect step says what it does with `kind`)",
                )
