"""Reviving a partner (POWERUP Rulebook — BUGBUSTER Actions, Revive partner): "When a character is in the
square adjacent to it, it may revive its ally using 2 AP's. The revived BUGBUSTER will have 1 life point
and be able to keep playing. If the revived character has not taken any actions during this turn, it will
have 2 actions (instead of 4). If it has already used actions in this turn, it won't be able to act for the
rest of the turn." A disintegrated BUGBUSTER "can only be revived with a CONTINUE".
Ruling #ruling-revive."""

from ..core.actions import action
from ..core.grid import neighbours
from .rules_base import Rules, event, fmt


class ReviveRules(Rules):
    EXTRA_ACTIONS = {"revive": "extra_revive"}

    def extra_choices(self, state, char, seat) -> list:
        """Revive a defeated partner beside, above or below, on a square nobody stands on and nothing blocks.
        Rulings #ruling-revive, #ruling-adjacent."""
        out = super().extra_choices(state, char, seat)
        cost = max(1, self.ctx.cost("revive") + self.stat_bonus(state, char, "revive-cost"))
        if self.buster_of(state, char)["ap"] < cost:
            return out
        around = [tuple(sq) for sq in neighbours(char["at"])]
        for other in sorted(state["chars"].values(), key=lambda c: c["id"]):
            if (
                other["side"] == "bugbuster"
                and other["lives"] <= 0
                and other.get("down") == "defeated"
                and tuple(other["at"]) in around
                and not self.chars_at(state, other["at"])
                and not self.solid(state, other["at"])  # a cover obstacle put on it since
            ):
                out.append(
                    action(
                        f"revive:{other['id']}",
                        f"Revive {self.name(other)} at {fmt(other['at'])} ({cost} AP)",
                        seat,
                        "revive",
                        square=other["at"],
                        cost=cost,
                    )
                )
        return out

    def extra_revive(self, state, char, buster, rest, chosen, events) -> None:
        other = state["chars"][rest]
        other["lives"] = self.ctx.const("revive_lives")
        other.pop("down", None)
        partner = self.buster_of(state, other)
        text = f"{self.name(char)} revives {self.name(other)} with {other['lives']} life"
        if not partner["played"]:
            partner["turn_ap"] = self.ctx.const("revive_actions_if_not_acted")
            text += f"; {self.name(other)} will have {partner['turn_ap']} actions this turn"
        events.append(event(text + ".", "action-revive"))
        self.settle(state, other, events)
