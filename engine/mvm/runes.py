"""Runes: the four Rune colours on the Gear Tracker that Rune Gates and the Boss's Rune Shields share.

Field Guide, Rune Gates: "stepping on a Rune Space deactivates all Rune Gates of the corresponding
color"; the Boss's Rune Shields go down the same way and both come back on together.
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
        runes[color] = active
        events.append(event(f"{why}: the {color} Rune is {'active again' if active else 'disabled'}",
                            "rune-gates", "rune", seat))

    def view_part_runes(self, state):
        return {"runes": dict(state["runes"])} if state.get("runes") is not None else {}
