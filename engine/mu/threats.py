"""Threat cards on the Locations (core rules page, Threats and Henchmen).

A Threat covers its Location's end-of-turn effect; one without Health is cleared by `threat_clear_heroic`
Heroic Actions, a Henchman (printed `health`) by that many Attacks (or what its `play.clear` says); a cleared
Threat counts toward Clear Threats. A Threat's own text is applied through the optional `play` of its card
(villain.schema.json threat_play: bam, on_arrival, villain_damage, villain_turn_start, can_damage,
civilian_discarded, hero_actions), each a named handler of the villain (engine/mu/villains/). A Threat card
without `play` is logged as "not-implemented" at setup, so no game pretends to apply it.

A Dashboard's optional Challenge (`dashboard.play.challenge`: Absorbing Man's Titania Challenge, Titania's
Absorbing Man Challenge) is a Threat card of the Context once added at setup: it waits facedown and enters
play where the first Threat is cleared (challenge_enters); a Threat with `play.removed_when_cleared` leaves
the game when cleared (not kept aside as a cleared Threat)."""

from .rules_base import Rules, event, not_implemented

THREAT_NOTE = ("Provisional: this Threat only covers its Location's end-of-turn effect and is cleared by "
               "Heroic Actions (a Henchman with Health by Attacks).")


class ThreatRules(Rules):
    def threat_at(self, state, loc_id):
        return self.loc(state, loc_id)["threat"]

    def threat_need(self, threat) -> tuple[str, int]:
        """What clears a Threat: ("attack", health) for a Henchman, else ("heroic", N) (provisional). A
        Henchman in play whose state carries its own `health` (Enchantress: "enter play with 1 Health less")
        needs that many Attacks instead of the printed Health."""
        card = self.ctx.threats[threat["card"]]
        clear = (card.get("play") or {}).get("clear")
        if clear:
            (kind, need), = clear.items()
            return ("attack" if kind == "attack" else "heroic"), int(need)
        if card.get("health"):
            return "attack", int(threat.get("health", card["health"]))
        return "heroic", self.ctx.const("threat_clear_heroic")

    def threat_clearable(self, threat) -> bool:
        """False for a Threat whose text says it can't be cleared (play.cannot_clear: Lizard's Danger:
        Alligators!): no Heroic Action or Attack can be put on it (core-threats)."""
        return not (self.ctx.threats[threat["card"]].get("play") or {}).get("cannot_clear")

    def threat_left(self, threat) -> int:
        kind, need = self.threat_need(threat)
        return need - (threat["damage"] if kind == "attack" else threat["heroic"])

    def hit_threat(self, state, loc_id, kind, seat, events) -> None:
        """One Attack / Heroic Action on a Threat; when it is cleared (and counted for Clear Threats), the
        hook on_threat_cleared(state, loc_id, threat, seat, events) says where the card goes (Enchantress:
        Skurge back on the Henchmen deck; High Evolutionary: a card with a Master Plan side under the
        deck)."""
        loc = self.loc(state, loc_id)
        threat = loc["threat"]
        name = self.ctx.threats[threat["card"]]["name"]
        if kind == "attack" and not self.henchman_takes_damage(state, loc_id, threat, seat, events):
            return  # the damage is ignored (the Attack is spent)
        threat["damage" if kind == "attack" else "heroic"] += 1
        left = self.threat_left(threat)
        if left > 0:
            what = "an Attack" if kind == "attack" else "a Heroic Action"
            events.append(event(f"{self.hero_name(state, seat)} puts {what} on {name} ({left} to go)",
                                "henchmen" if kind == "attack" else "threats", "threat", seat))
            return
        loc["threat"] = None
        play = self.ctx.threats[threat["card"]].get("play") or {}
        if not play.get("removed_when_cleared"):
            state["cleared_threats"].append(threat["card"])
            hero = state["heroes"][seat]
            hero["cleared"].append(threat["card"])  # "in front of them" (Klaw reads it; no effect yet)
        events.append(event(f"{self.hero_name(state, seat)} clears the Threat {name} at "
                            f"{self.loc_name(loc_id)}", "threats", "threat-cleared", seat))
        if play.get("removed_when_cleared"):  # "When this Threat is cleared, remove it from the game"
            if (state.get("challenge") or {}).get("card") == threat["card"]:
                state["challenge"]["status"] = "removed"
            events.append(event(f"{name} is removed from the game", "threats", "threat"))
        self.count_mission(state, "clear-threats", events)
        spec = play.get("on_clear")
        if spec:  # "When this Threat is cleared / <Henchman> is defeated, ..." (Winter Guard Power, Dromedan)
            self.run_handler(state, spec, events, "threats", location=loc_id, threat=threat, seat=seat)
        self.on_threat_cleared(state, loc_id, threat, seat, events)
        self.challenge_enters(state, loc_id, events)

    def challenge_enters(self, state, loc_id, events) -> None:
        """The Dashboard's optional Challenge, added at setup (setup.choose_choose_challenge) and waiting
        facedown, enters play (`dashboard.play.challenge.enters` first-threat-cleared, our ruling) as the
        Threat of the Location where a Threat was just cleared: the first one, unless that Location is
        covered again already (then the next)."""
        challenge = state.get("challenge")
        if not challenge or challenge["status"] != "waiting" or self.loc(state, loc_id)["threat"]:
            return
        challenge["status"] = "in-play"
        self.loc(state, loc_id)["threat"] = {"id": f"{challenge['card']}-1", "card": challenge["card"],
                                             "heroic": 0, "damage": 0}
        card = self.ctx.threats[challenge["card"]]
        events.append(event(f"The {card['name']} is turned face up and enters play at "
                            f"{self.loc_name(loc_id)}: {card['text']}", "threats", "threat",
                            location=loc_id))

    def henchman_takes_damage(self, state, loc_id, threat, seat, events) -> bool:
        """False when the Henchman ignores this 1 damage: a Threat in play with play.damage_taken (Knull's
        Symbiote Resistances), then the hook henchman_damage_counts(state, loc_id, threat, seat, events) (Mole
        Man's Defend, My Monsters!)."""
        if self.threat_damage_taken(state, seat, 1, events, target=threat) <= 0:
            return False
        return bool(self.henchman_damage_counts(state, loc_id, threat, seat, events))

    def threat_damage_taken(self, state, seat, n: int, events, target=None) -> int:
        """Damage to the Villain (target None) or to a Henchman (target: its Threat) that still counts after
        every Threat in play (any Location) with play.damage_taken, clockwise from the Villain (its handler
        returns the damage that still counts)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("damage_taken")
            if spec and n > 0:
                n = self.run_handler(state, spec, events, "threats", seat=seat, n=n, target=target,
                                     location=loc_id, threat=threat)
        return n

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

    def villain_damage_symbol(self, state) -> str:
        """The action symbol that damages the Villain now: "attack", unless the Threat in the Villain's
        Location says another (play.villain_damage_symbol: Absorbing Man's Fire, "heroic")."""
        threat = self.loc(state, state["villain_pos"])["threat"] if state["villain_pos"] else None
        if threat:
            return (self.ctx.threats[threat["card"]].get("play") or {}).get("villain_damage_symbol", "attack")
        return "attack"

    def threat_villain_damage(self, state, seat, n: int, events) -> int:
        """Damage to the Villain that still counts after the Threat in its Location (play.villain_damage),
        then after every Threat in play anywhere with play.villain_damage_anywhere (clockwise from the
        Villain; Crimson Dynamo's Armor Power)."""
        threat = self.loc(state, state["villain_pos"])["threat"]
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("villain_damage")
            if spec:
                n = self.run_handler(state, spec, events, "threats", seat=seat, n=n, threat=threat,
                                     location=state["villain_pos"])
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("villain_damage_anywhere")
            if spec and n > 0:
                n = self.run_handler(state, spec, events, "threats", seat=seat, n=n, threat=threat,
                                     location=loc_id)
        return n

    def threat_villain_turn_end(self, state, events) -> None:
        """"At the end of each Villain turn": every Threat in play with play.villain_turn_end, clockwise from
        the Villain, after the tokens are placed and Overflow (Abomination's Healing Factor)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("villain_turn_end")
            if spec:
                self.run_handler(state, spec, events, "villain-turn", location=loc_id, threat=threat)

    def threat_can_use_location(self, state, seat) -> bool:
        """False when a Threat in play (anywhere) forbids this Hero the end-of-turn effect of their Location
        (play.location_effect: the handler returns a bool; the effect is then not offered)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("location_effect")
            if spec and self.run_handler(state, spec, [], "threats", seat=seat, location=loc_id,
                                         threat=threat) is False:
                return False
        return True

    def threat_hero_turn_end(self, state, seat, events) -> None:
        """A Hero ends their turn: every Threat in play with play.hero_turn_end (its handler may queue
        tasks, answered before the turn's end goes on)."""
        for loc_id, threat, card in list(self.threats_clockwise(state)):
            spec = (card.get("play") or {}).get("hero_turn_end")
            if spec:
                self.run_handler(state, spec, events, "threats", seat=seat, location=loc_id, threat=threat)

    def threat_turn_start_here(self, state, seat, events) -> None:
        """"Heroes starting their turn in this Location": the Threat in the Hero's Location with
        play.turn_start_here, once the Hero has played their card (they have not moved yet)."""
        pos = state["heroes"][seat]["pos"]
        threat = self.loc(state, pos)["threat"] if pos else None
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("turn_start_here")
            if spec:
                self.run_handler(state, spec, events, "threats", seat=seat, location=pos, threat=threat)

    def threat_hero_damage(self, state, seat, n: int, events, source: str) -> int:
        """Damage a Hero takes that still counts after the Threat in their Location (play.hero_damage)."""
        pos = state["heroes"][seat]["pos"]
        threat = self.loc(state, pos)["threat"] if pos else None
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("hero_damage")
            if spec:
                n = self.run_handler(state, spec, events, "threats", seat=seat, n=n, source=source,
                                     location=pos, threat=threat)
        return n

    def villain_damage_unpreventable(self, state) -> bool:
        """True while a Threat in play says damage dealt by the Villain cannot be prevented
        (play.villain_damage_unpreventable)."""
        return any((card.get("play") or {}).get("villain_damage_unpreventable")
                   for _, _, card in self.threats_clockwise(state))
