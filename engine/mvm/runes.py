"""Runes: the four Rune colours on the Gear Tracker that Rune Gates and the Boss's Rune Shields share.

Field Guide, Rune Gates: "stepping on a Rune Space deactivates all Rune Gates of the corresponding
color"; the Boss's Rune Shields go down the same way and both come back on together. "Mechs can freely
pass through these gates with like-colored Move Command Cards (Yellow = Speed, Green = Omnistomp, Red =
Blaze and Blue = Skewer). However, if the Move Command Card does not match, the Mech cannot pass through
until the Rune Gate is temporarily deactivated." "Rune Gates reactivate as soon as a Mech passes through
one" and "Minions and the Boss can ignore Rune Gates".

Decisions the rulebook leaves open (documented in tests/test_mvm_runes.py):

- A Rune Gate is a square (tile legend kind `rune-gate` with a `color`; adapted: the printed gates sit
  between spaces). A Mech "passes through" a gate by moving onto its square; it may always leave it.
- "Like-colored Move Command Card": a Move Command Card (kind `move`) whose element has that colour
  (game.yaml `elements`): Fire red (Blaze, and the Fuel Tank, a Fire Move Command Card), Electric yellow
  (Speed), Metal blue (Skewer), Computery green (Omnistomp). Only the Mech executing the card passes;
  a Mech or the Bomb it pushes cannot be pushed "through an active Rune Gate" (Field Guide, Push), and a
  move a Damage Card makes is no Move Command Card.
- Every Mech that comes onto a gate's square (by its own card, pushed, towed or sliding) reactivates that
  colour's Rune, whether it was active or not. The Bomb does not ("as soon as a Mech passes through").
- Mission 7: once a Crystal Shard is locked on a Rune Space of a colour, that colour is permanently
  disabled (`state["locked_colors"]`): stepping through its gates never reactivates it again.
"""

from .rules_base import Rules, event, fmt

COLORS = ("red", "yellow", "blue", "green")


class RuneRules(Rules):
    def init_runes(self, state, events):
        runes = self.ctx.play.get("runes")
        if runes:
            state["runes"] = {c: runes["start"] == "active" for c in COLORS}

    def on_enter_rune_space(self, state, piece, square, mv, events):
        """A Mech stepping on a Rune Space disables that colour's Rune (gates open, shield down)."""
        runes = state.get("runes")
        sq = self.ctx.board.square(square)
        if runes is None or "seat" not in piece or sq["kind"] != "rune-space":
            return None
        color = sq["color"]
        if runes[color]:
            runes[color] = False
            events.append(event(f"{piece['name']} steps on the {color} Rune Space at {fmt(square)}: the "
                                f"{color} Rune is disabled", "rune-gates", "rune", piece["seat"]))
        return None

    def set_rune(self, state, color, active: bool, events, why: str, seat=None) -> None:
        runes = state.get("runes")
        if runes is None or runes[color] == active:
            return
        if active and color in state.get("locked_colors", []):
            return  # Mission 7: "permanently disabled"
        runes[color] = active
        events.append(event(f"{why}: the {color} Rune is {'active again' if active else 'disabled'}",
                            "rune-gates", "rune", seat))

    # ----- Rune Gates ------------------------------------------------------------------------
    def gate_color(self, square):
        sq = self.ctx.board.square(square)
        return sq.get("color") if sq["kind"] == "rune-gate" else None

    def gate_closed(self, state, color) -> bool:
        """Whether the Rune Gates of `color` are closed: its Rune is active. Before setup sets the Runes
        (the EZ-MODE choice comes first), as the mission starts them."""
        runes = state.get("runes")
        if runes is None:
            spec = self.ctx.play.get("runes")
            return bool(spec) and spec["start"] == "active"
        return bool(runes[color])

    def move_card_color(self, mv):
        """The colour of the Move Command Card a Mech is executing, else None."""
        task = mv.get("task") or {}
        card = self.ctx.command.get(task.get("card"))
        if card is None or card.get("kind") != "move" or task.get("from_damage"):
            return None
        return self.ctx.elements[card["element"]]["color"]

    def blocks_rune_gate(self, state, piece, square, direction, mv):
        """An active Rune Gate stops a Mech (or a pushed Bomb) unless the Mech itself executes a Move
        Command Card of the gate's colour."""
        color = self.gate_color(square)
        runes = state.get("runes")
        if color is None or runes is None or not runes[color]:
            return None
        if "seat" not in piece and piece is not state.get("bomb"):
            return None  # the Boss ignores Rune Gates
        if "seat" in piece and piece["seat"] == mv.get("seat") and self.move_card_color(mv) == color:
            return None
        return f"the active {color} Rune Gate at {fmt(square)}"

    def on_enter_rune_gate(self, state, piece, square, mv, events):
        """ "Rune Gates reactivate as soon as a Mech passes through one" — also through an inactive gate
        with a same-colour card ("using a same-color command to move through an inactive Rune Gate still
        reactivates that Rune!")."""
        color = self.gate_color(square)
        if color is None or "seat" not in piece or state.get("runes") is None:
            return None
        if state["runes"][color]:
            events.append(event(f"{piece['name']} passes through the active {color} Rune Gate at "
                                f"{fmt(square)} with a like-colored Move Command", "rune-gates", "rune",
                                piece["seat"]))
        else:
            self.set_rune(state, color, True, events,
                          f"{piece['name']} passes through the {color} Rune Gate at {fmt(square)}",
                          piece["seat"])
        return None

    def view_part_runes(self, state):
        if state.get("runes") is None:
            return {}
        return {"runes": dict(state["runes"]), "runes_locked": list(state.get("locked_colors", []))}
