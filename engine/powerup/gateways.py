"""Gateways (POWERUP Rulebook — Basics, Types of squares): "By spending an action, you can go through it
into any other unlocked gateway. Then immediately put a closing marker (OFF) on that gate. When repeating
this action, move the closed marker to the newly closed gate." "That gate" is read as the gateway gone
into (our ruling); "After [...] going through a door, you can choose the direction your character will
face".
Ruling #ruling-gateways."""

from ..core.actions import action
from .rules_base import Rules, event, fmt


class GatewayRules(Rules):
    EXTRA_ACTIONS = {"gate": "extra_gate"}

    def gateways(self) -> list:
        return [
            [x, y] for y, row in enumerate(self.ctx.grid) for x, kind in enumerate(row) if kind == "gateway"
        ]

    def gateway_cost(self) -> int:
        """ "By spending an action": lists/square-types.yaml, the gateway's cost."""
        items = self.ctx.data["lists"]["square-types"]["items"]
        return next(i for i in items if i["id"] == "gateway")["values"]["cost"]

    def unlocked(self, state, square) -> bool:
        return square != state.get("gateway_off") and square not in state.get("closed_gateways", [])

    def gate_barred(self, state, char) -> bool:
        """Whether a mission's rule keeps this traveller out of the gateways (missions.py); False here."""
        return False

    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        cost = self.gateway_cost()
        if (
            self.kind(char["at"]) != "gateway"
            or not self.unlocked(state, char["at"])
            or self.buster_of(state, char)["ap"] < cost
            or self.gate_barred(state, char)
        ):
            return out
        for square in self.gateways():
            if square != char["at"] and self.unlocked(state, square) and self.free_for(state, char, square):
                out.append(
                    action(
                        f"gate:{square[0]}-{square[1]}",
                        f"Go through the gateway to {fmt(square)}",
                        seat,
                        "gateway",
                        square=square,
                        cost=cost,
                    )
                )
        return out

    def extra_gate(self, state, char, buster, rest, chosen, events) -> None:
        square = chosen["square"]
        self.relocate(state, char, square)
        state["gateway_off"] = list(square)
        events.append(
            event(
                f"{self.name(char)} goes through the gateway to {fmt(square)}; that gate is now OFF.",
                "basics-types-of-squares",
            )
        )
        self.push(state, {"t": "face_after", "char": char["id"], "why": "door"})
        self.arrive(state, char, events, how="walk")
