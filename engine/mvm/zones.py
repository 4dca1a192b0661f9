"""A zone whose health is on the Doom Tracker (`play.zone_health`): Mission 2's School, Mission 7's
Assembly Zone.

Mission 2: "If a Minion enters any School space at any point, remove that Minion from play, and reduce the
School's health on the Doom Tracker by 1!" Mission 7: "As soon as a Minion steps on a space in the
Assembly Zone, remove the Minion from the board and deal 1 Damage to the Assembly Zone (reducing the Doom
Tracker by 1). These Minions do not count on the Gear Tracker."

Decisions: in Mission 2 too the removed Minion is no kill (no Mech killed it; the Kill Tracker counts
"Minions that Mechs kill"). Health never goes below 0; the mission's loss (`zone-health-zero`) is
checked at once.
"""

from .rules_base import Rules, event, fmt


class ZoneRules(Rules):
    def zone_spec(self):
        return self.ctx.play.get("zone_health")

    def init_zone_health(self, state, events):
        spec = self.zone_spec()
        if spec:
            health = self.level(state, spec, "health")
            state["zone_health"] = {"value": health, "max": health}
            events.append(event(f"{spec['name'][:1].upper()}{spec['name'][1:]} starts with {health} health "
                                "on the Doom Tracker", "doom-tracker", "setup"))

    def zone_squares(self) -> list:
        return self.ctx.board.select(self.zone_spec()["zone"])

    def minion_entered_zone(self, state, square, events):
        spec = self.zone_spec()
        if not spec or list(square) not in self.zone_squares():
            return
        state["minions"].remove(list(square))
        health = state["zone_health"]
        health["value"] = max(0, health["value"] - spec.get("damage", 1))
        events.append(event(f"A Minion enters {spec['name']} at {fmt(square)}: it is removed and "
                            f"{spec['name']} loses {spec.get('damage', 1)} health ({health['value']} left)",
                            spec.get("rule", "doom-tracker"), "zone", square=list(square)))
        if health["value"] == 0:
            self.check_endings(state, events, "always", losses_only=True)

    def cond_zone_health_zero(self, state, spec) -> bool:
        zone = state.get("zone_health")
        return zone is not None and zone["value"] <= 0

    def view_part_zone_health(self, state):
        spec = self.zone_spec()
        if not spec or "zone_health" not in state:
            return {}
        health = state["zone_health"]
        return {"doom": {"tracks": spec["name"], "value": health["value"], "max": health["max"]},
                "trackers": {"zone_health": health["value"]}}
