"""Threat cards on the Locations (core rules page, Threats and Henchmen).

A Threat covers its Location's end-of-turn effect; one without Health is cleared by `threat_clear_heroic`
Heroic Actions, a Henchman (printed `health`) by that many Attacks; a cleared Threat counts toward Clear
Threats. PROVISIONAL: the villains' Threat cards are transcribed as TEXT only
(content/marvel-united-promos/villains/*.yaml, `threats.cards[].text`) and none of those texts is applied
yet (no arrival triggers, no Threat BAM!, no modifiers, no "cannot be cleared"). Every Threat text is
logged as "not-implemented" at setup, so no game pretends to apply it."""

from .rules_base import Rules, event

THREAT_NOTE = ("Provisional: this Threat only covers its Location's end-of-turn effect and is cleared by "
               "Heroic Actions (a Henchman with Health by Attacks).")


class ThreatRules(Rules):
    def threat_at(self, state, loc_id):
        return self.loc(state, loc_id)["threat"]

    def threat_need(self, threat) -> tuple[str, int]:
        """What clears a Threat: ("attack", health) for a Henchman, else ("heroic", N) (provisional)."""
        card = self.ctx.threats[threat["card"]]
        if card.get("health"):
            return "attack", int(card["health"])
        return "heroic", self.ctx.const("threat_clear_heroic")

    def threat_left(self, threat) -> int:
        kind, need = self.threat_need(threat)
        return need - (threat["damage"] if kind == "attack" else threat["heroic"])

    def hit_threat(self, state, loc_id, kind, seat, events) -> None:
        loc = self.loc(state, loc_id)
        threat = loc["threat"]
        name = self.ctx.threats[threat["card"]]["name"]
        threat["damage" if kind == "attack" else "heroic"] += 1
        left = self.threat_left(threat)
        if left > 0:
            what = "an Attack" if kind == "attack" else "a Heroic Action"
            events.append(event(f"{self.hero_name(state, seat)} puts {what} on {name} ({left} to go)",
                                "henchmen" if kind == "attack" else "threats", "threat", seat))
            return
        loc["threat"] = None
        state["cleared_threats"].append(threat["card"])
        hero = state["heroes"][seat]
        hero["cleared"].append(threat["card"])  # "in front of them" (Klaw reads it; no effect yet)
        events.append(event(f"{self.hero_name(state, seat)} clears the Threat {name} at "
                            f"{self.loc_name(loc_id)}", "threats", "threat-cleared", seat))
        self.count_mission(state, "clear-threats", events)
