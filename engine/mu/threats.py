"""Threat cards on the Locations (core rules page, Threats and Henchmen).

A Threat covers its Location's end-of-turn effect; one without Health is cleared by `threat_clear_heroic`
Heroic Actions, a Henchman (printed `health`) by that many Attacks; a cleared Threat counts toward Clear
Threats. PROVISIONAL: the villains' Threat cards are transcribed as TEXT only
(content/marvel-united-promos/villains/*.yaml, `threats.cards[].text`) and none of those texts is applied
yet (no arrival triggers, no Threat BAM!, no modifiers, no "cannot be cleared"). Every Threat text is
logged as "not-implemented" at setup, so no game pretends to apply it."""

from .rules_base import Rules, event, not_implemented

THREAT_NOTE = ("Provisional: this Threat only covers its Location's end-of-turn effect and is cleared by "
               "Heroic Actions (a Henchman with Health by Attacks).")


class ThreatRules(Rules):
    def threat_at(self, state, loc_id):
        return self.loc(state, loc_id)["threat"]

    def threat_need(self, threat) -> tuple[str, int]:
        """What clears a Threat: ("attack", health) for a Henchman, else ("heroic", N) (provisional)."""
        card = self.ctx.threats[threat["card"]]
        clear = (card.get("play") or {}).get("clear")
        if clear:
            (kind, need), = clear.items()
            return ("attack" if kind == "attack" else "heroic"), int(need)
        if card.get("health"):
            return "attack", int(card["health"])
        return "heroic", self.ctx.const("threat_clear_heroic")

    def threat_clearable(self, threat) -> bool:
        """False for a Threat whose text says it can't be cleared (play.cannot_clear: Lizard's Danger:
        Alligators!): no Heroic Action or Attack can be put on it (core-threats)."""
        return not (self.ctx.threats[threat["card"]].get("play") or {}).get("cannot_clear")

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

    # ----- Threat texts the engine applies (optional `play` of a Threat card, villain.schema.json) -----
    def threats_clockwise(self, state):
        """(Location id, threat, card) of every Threat in play, clockwise from the Villain's Location."""
        ring = self.ring(state)
        start = ring.index(state["villain_pos"]) if state["villain_pos"] in ring else 0
        for i in range(len(ring)):
            loc = self.loc(state, ring[(start + i) % len(ring)])
            if loc["threat"]:
                yield loc["id"], loc["threat"], self.ctx.threats[loc["threat"]["card"]]

    def threat_bams(self, state, events) -> None:
        """The BAM! effect of every Threat in play that has one, clockwise from the Villain (core-bam)."""
        unapplied = False
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            play = card.get("play")
            if play is None:
                unapplied = True
            elif play.get("bam"):
                self.run_handler(state, play["bam"], events, "bam", location=loc_id, threat=threat)
        if unapplied:
            events.append(not_implemented("BAM! effects of Threat cards are not applied yet", "threats"))

    def threat_on_arrival(self, state, events) -> None:
        """The Villain ended its move on a Location whose Threat triggers on arrival (core-villain-move)."""
        threat = self.loc(state, state["villain_pos"])["threat"]
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("on_arrival")
            if spec:
                self.run_handler(state, spec, events, "villain-move", location=state["villain_pos"],
                                 threat=threat)

    def threat_villain_turn_start(self, state, events) -> None:
        """"At the beginning of each Villain turn": every Threat in play with play.villain_turn_start,
        clockwise from the Villain (its handler may queue tasks, answered before the Villain turn goes on)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("villain_turn_start")
            if spec:
                self.run_handler(state, spec, events, "villain-turn", location=loc_id, threat=threat)

    def threat_can_damage(self, state, seat) -> bool:
        """False when a Threat in play (anywhere) forbids this Hero to damage the Villain now
        (play.can_damage: the handler returns a bool; the Attack on the Villain is then not offered)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("can_damage")
            if spec and self.run_handler(state, spec, [], "threats", seat=seat, location=loc_id,
                                         threat=threat) is False:
                return False
        return True

    def threat_villain_damage(self, state, seat, n: int, events) -> int:
        """Damage to the Villain that still counts after the Threat in its Location (play.villain_damage)."""
        threat = self.loc(state, state["villain_pos"])["threat"]
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("villain_damage")
            if spec:
                n = self.run_handler(state, spec, events, "threats", seat=seat, n=n, threat=threat,
                                     location=state["villain_pos"])
        return n
