"""BUG cards in play (POWERUP Rulebook — BUG Cards; Artificial Intelligence, How BUG cards work): the Event
in force until the BUGMISTRESS's next turn ("There can only be one event in use during each turn
sequence"), read by the rules it changes."""

from ..core.grid import chebyshev, manhattan
from .rules_base import Rules, event, fmt

# "release only BUGGIES" / "Generate 2 BUGGIES": the BUG the cards name; "Sacrifices a BRASAS"
FIRST_BUG = "buggie"
IMMOLATING = "brasas"
BURP = "burp"  # Acid Vomit: "adjacent to a BURP that you control"


class BugCardRules(Rules):
    # ----- an effect once its target is chosen (by the AI's rulings or by a person BUGMISTRESS) ---------
    def destroy_coins(self, state, key: str, name: str, rule: str, events) -> None:
        """Acid Corruption: "Destroy all coins that are in a square" (`key`: a state["coins"] key)."""
        n = state["coins"].pop(key)
        events.append(
            event(f"{name}: {n} coins at {fmt([int(v) for v in key.split(',')])} are destroyed.", rule)
        )

    def transform_candidates(self, state, values) -> list:
        """The BUGs a transform may grow: of its `from` kind, alone on their square (our ruling: a grown BUG
        does not stack in a TEAM); none when its `to` kind is not in the box."""
        if values["to"] not in self.ctx.bugs:
            return []
        return [
            c
            for c in self.standing(state)
            if c["side"] == "bug" and c["kind"] == values["from"] and len(self.chars_at(state, c["at"])) == 1
        ]

    def transform_bug(self, state, bug, values, name: str, rule: str, events) -> None:
        old = self.name(bug)
        bug["kind"], bug["lives"] = values["to"], self.ctx.sheet(values["to"])["lives"]
        events.append(event(f"{name}: the {old} at {fmt(bug['at'])} becomes a {self.name(bug)}.", rule))

    def charge(self, state, values, name: str, rule: str, events) -> None:
        """Charge: "Move your BUGS twice as many squares during this turn" (its `multiplier`)."""
        state["mistress"]["charge"] = values["multiplier"]
        times = "twice" if values["multiplier"] == 2 else f"{values['multiplier']} times"
        events.append(event(f"{name}: the BUGs move {times} as far this turn.", rule))

    def thief_pairs(self, state) -> list:
        """(BUGGIE, BUGBUSTER) for Thief Buggie: "If one of your BUGGIES is next to a BUGBUSTER", one with
        coins to steal."""
        return [
            (bug, char)
            for bug in sorted(self.standing(state), key=lambda c: c["id"])
            if bug["side"] == "bug" and bug["kind"] == FIRST_BUG
            for char in (self.char_of(state, b["seat"]) for b in state["busters"])
            if char["lives"] > 0
            and char["at"]
            and chebyshev(char["at"], bug["at"]) == 1
            and self.buster_of(state, char)["coins"]
        ]

    def steal_coins(self, state, bug, char, values, name: str, rule: str, events) -> None:
        """ "it steals 2 of that BUGBUSTER's coins and escapes" (its `coins`)."""
        buster = self.buster_of(state, char)
        n = min(buster["coins"], values["coins"])
        buster["coins"] -= n
        del state["chars"][bug["id"]]
        events.append(event(f"{name}: a BUGGIE steals {n} coins from {self.name(char)} and escapes.", rule))

    def bug_appears(self, state, bug, spot, name: str, rule: str, events) -> None:
        """Knock Knock and Teleport: the BUG put at `spot`, dizzy from the trip as a spawned BUG is
        (#ruling-trip-dizzy)."""
        self.relocate(state, bug, spot)
        bug["dizzy"] = True
        events.append(event(f"{name}: the {self.name(bug)} appears at {fmt(spot)}.", rule))
        self.arrive(state, bug, events, how="walk")

    # ----- the Event in force ------------------------------------------------------------------------------
    def event_effect(self, state, name: str):
        """The values of the Event in force if its effect is `name`, else None."""
        event_id = state["mistress"].get("event")
        if not event_id:
            return None
        card = self.ctx.bug_cards[event_id]
        return card.get("values", {}) if card.get("effect") == name else None

    def movement_multiplier(self, state) -> int:
        """Creeper: "The BUGBUSTER's movements cost double the action points until the start of the
        BUGMISTRESS's next turn"."""
        values = self.event_effect(state, "movement-cost")
        return values.get("multiplier", 1) if values is not None else 1

    def ranged_allowed(self, state) -> bool:
        """Explosive Gas: "No one can use distance attacks until the next turn begins"."""
        return self.event_effect(state, "no-ranged") is None


class BugCardAiRules(BugCardRules):
    """How the AI uses the BUG cards it draws (How BUG cards work): a card whose effect can be put into play
    now is used, left to right; one that cannot gives its SPAWN value to the waves (our ruling, see
    bug_side.run_bug_draw). Where the text leaves the AI a choice, the BUGBUSTER with the highest SCORE is
    the target ("BUGBUSTER with the highest SCORE"), then the lowest seat.
    Rulings #ruling-ai-waves, #ruling-ai-card-choices."""

    def top_buster(self, state):
        """The BUGBUSTER with the highest SCORE, the lowest seat on a tie. Ruling #ruling-ai-card-choices."""
        alive = [self.char_of(state, b["seat"]) for b in state["busters"]]
        alive = [c for c in alive if c["lives"] > 0 and c["at"] is not None]
        return max(alive, key=lambda c: (self.buster_of(state, c)["score"], -c["seat"])) if alive else None

    def squares_near(self, state, square, probe) -> list:
        """Free squares a BUG could appear on next to `square`: beside it first, then above and below; a
        square it would stand on before one it would fall from, and never one whose fall would end in acid,
        the void or its death (our ruling: the BUGMISTRESS does not throw her BUGs away).
        Ruling #ruling-ai-card-choices."""
        x, y = square
        probe = dict(probe, lives=probe.get("lives", self.ctx.sheet(probe["kind"])["lives"]))
        out = []
        for sq in ([x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1], [x - 1, y - 1], [x + 1, y - 1]):
            if (
                self.open_square(state, sq)
                and self.kind(sq) not in ("void", "acid")
                and self.free_for(state, probe, sq)
                and self.rest_square(state, probe, sq, safe=True) is not None
            ):
                out.append(sq)
        return sorted(out, key=lambda sq: self.rest_square(state, probe, sq) != sq)

    def place_bugs(self, state, bug: str, near, count: int, events, rule) -> int:
        placed = 0
        for _ in range(count):
            if sum(1 for c in state["chars"].values() if c["kind"] == bug) >= self.ctx.bugs[bug].get(
                "tokens", 99
            ):
                break
            spots = self.squares_near(state, near, {"side": "bug", "kind": bug, "id": "probe"})
            if not spots:
                break
            char = self.new_bug(state, bug, spots[0], "left" if spots[0][0] > near[0] else "right")
            char["dizzy"] = True
            events.append(event(f"A {self.name(char)} appears at {fmt(spots[0])}.", rule, kind="spawn"))
            self.arrive(state, char, events, how="walk")
            placed += 1
        return placed

    def strongest_bug(self, state, exclude_spawners=True):
        bugs = [
            c
            for c in self.standing(state)
            if c["side"] == "bug"
            and not self.immovable(c)  # a card does not move the BUGMISTRESS or a portal part
            and not (exclude_spawners and "spawn" in self.ctx.sheet(c["kind"]).get("abilities", []))
        ]
        return bugs

    def distance_to_busters(self, state, square) -> int:
        busters = [self.char_of(state, b["seat"]) for b in state["busters"]]
        squares = [c["at"] for c in busters if c["lives"] > 0 and c["at"] is not None]
        return min((manhattan(square, s) for s in squares), default=0)

    def target_square(self, state):
        """The PRIMARY TARGET's square, else the highest SCORE's."""
        squares = self.primary_target_squares(state)
        if squares:
            return squares[0]
        top = self.top_buster(state)
        return top["at"] if top else None

    def use_bug_card(self, state, card, events) -> bool:
        """Put the card's effect into play if the AI can; whether it did (a BUG moved by Knock Knock or
        Teleport is dizzy that turn). Rulings #ruling-ai-card-choices, #ruling-trip-dizzy."""
        effect, values = card.get("effect"), card.get("values", {})
        name = card["name"]
        rule = "ai-how-bug-cards-work"
        top = self.top_buster(state)
        if effect == "destroy-coins":
            if not state["coins"]:
                return False
            key = max(sorted(state["coins"]), key=lambda k: state["coins"][k])
            self.destroy_coins(state, key, name, rule, events)
            return True
        if effect == "destroy-weapon":  # "If a BUGBUSTER is next to a BURP use it automatically with him"
            burps = [c["at"] for c in self.spawners(state) if c["kind"] == BURP]
            for buster in state["busters"]:
                char = self.char_of(state, buster["seat"])
                if (
                    char["lives"] > 0
                    and char["at"]
                    and buster["equipped"]
                    and not buster.get("epic")
                    and any(chebyshev(char["at"], b) == 1 for b in burps)
                ):
                    category = sorted(buster["equipped"])[0]
                    events.append(event(f"{name}: a BURP spits acid on {self.name(char)}.", rule))
                    self.destroy(state, char, category, name, events)
                    return True
            return False
        if effect == "ambush":
            return (
                top is not None
                and self.place_bugs(state, FIRST_BUG, top["at"], values["buggies"], events, rule) > 0
            )
        if effect == "surprise":
            state["mistress"].setdefault("surprises", []).append(card["id"])
            return True
        if effect == "transform":
            candidates = self.transform_candidates(state, values)
            if not candidates:
                return False
            bug = min(candidates, key=lambda c: (self.distance_to_busters(state, c["at"]), c["id"]))
            self.transform_bug(state, bug, values, name, rule, events)
            return True
        if effect == "charge":
            self.charge(state, values, name, rule, events)
            return True
        if effect == "deplete-powerups":
            on = [t for t in state["tokens"] if t["kind"] == "powerup" and t["on"]]
            if not on or top is None:
                return False
            on.sort(key=lambda t: (manhattan(t["at"], top["at"]), t["id"]))
            off = on[: values["count"]]
            for token in off:
                token["on"] = False
            where = [fmt(t["at"]) for t in sorted(off, key=lambda t: (t["at"][1], t["at"][0]))]
            which = (
                f"the POWERUP at {where[0]} goes"
                if len(off) == 1
                else f"the POWERUPs at {', '.join(where[:-1])} and {where[-1]} go"
            )
            events.append(event(f"{name}: {which} OFF.", rule))
            return True
        if effect == "immolation":
            return self.immolate(state, card, events)
        if effect in ("remove-ammo", "remove-reaction", "remove-lives"):
            field = {"remove-ammo": "ammo", "remove-reaction": "reaction", "remove-lives": "lives"}[effect]
            solo = len(state["busters"]) == 1
            amount = values["single"] if solo else values["each"]
            for buster in state["busters"]:
                char = self.char_of(state, buster["seat"])
                if char["lives"] <= 0:
                    continue
                if field == "lives":
                    self.lose_lives(state, char, amount, events, rule=rule)
                else:
                    buster[field] = max(0, buster[field] - amount)
            events.append(
                event(
                    f"{name}: every BUGBUSTER loses {amount} {field}."
                    if not solo
                    else f"{name}: {amount} {field} lost.",
                    rule,
                )
            )
            return True
        if effect in ("knock-knock", "teleport-bug"):
            bugs = self.strongest_bug(state)
            goal = self.target_square(state)
            if not bugs or goal is None:
                return False
            bug = max(
                bugs,
                key=lambda c: (
                    self.ctx.sheet(c["kind"])["spawn_cost"],
                    self.distance_to_busters(state, c["at"]),
                    c["id"],
                ),
            )
            gates = [g for g in self.gateways() if self.unlocked(state, g) and self.free_for(state, bug, g)]
            if effect == "knock-knock" and gates and self.primary_target_squares(state):
                spot = min(gates, key=lambda g: (manhattan(g, goal), g))
            else:
                near = top["at"] if effect == "knock-knock" and top is not None else goal
                spots = self.squares_near(state, near, bug)
                if not spots:
                    return False
                spot = spots[0]
            self.bug_appears(state, bug, spot, name, rule, events)
            return True
        if effect == "door":
            if top is None:
                return False
            gates = [g for g in self.gateways() if g not in state.setdefault("closed_gateways", [])]
            if not gates:
                return False
            gate = min(gates, key=lambda g: (manhattan(g, top["at"]), g))
            state["closed_gateways"].append(gate)
            events.append(event(f"{name}: the gateway at {fmt(gate)} is closed.", rule))
            return True
        if effect == "thief-buggie":
            pairs = self.thief_pairs(state)
            if pairs:
                self.steal_coins(state, *pairs[0], values, name, rule, events)
                return True
            return False
        return False

    def immolate(self, state, card, events) -> bool:
        """Immolation: "If you have a BRASAS in play, this BUG throws itself kamikaze-style against a
        BUGBUSTER"; the card: "explode with an area of damage 1. This would take away 1 life point from any
        character adjacent to it. It ignores the armor. Leave a fire token in its place." Our ruling: the
        BRASAS nearest a BUGBUSTER (then the lowest id) throws itself onto the free square next to that
        BUGBUSTER (the highest SCORE among the nearest) closest to it, and explodes there; with no free
        square there it explodes where it stands only if a BUGBUSTER is adjacent, else the card is not
        used. Ruling #ruling-ai-card-choices."""
        rule = "ai-how-bug-cards-work"
        brasas = [c for c in self.standing(state) if c["side"] == "bug" and c["kind"] == IMMOLATING]
        busters = [
            c
            for c in (self.char_of(state, b["seat"]) for b in state["busters"])
            if c["lives"] > 0 and c["at"] is not None
        ]
        if not brasas or not busters:
            return False
        bug = min(brasas, key=lambda c: (self.distance_to_busters(state, c["at"]), c["id"]))
        victim = min(
            busters,
            key=lambda c: (manhattan(c["at"], bug["at"]), -self.buster_of(state, c)["score"], c["seat"]),
        )
        if chebyshev(victim["at"], bug["at"]) != 1:
            spots = self.squares_near(state, victim["at"], bug)
            if not spots:
                return False
            spot = min(spots, key=lambda sq: (manhattan(sq, bug["at"]), sq))
            self.relocate(state, bug, spot)
            events.append(event(f"The {self.name(bug)} throws itself at {self.name(victim)}.", rule))
        self.explode_brasas(state, bug, card, events)
        return True

    def explode_brasas(self, state, bug, card, events) -> None:
        """Inmolation: "explode with an area of damage 1. This would take away 1 life point from any
        character adjacent to it. It ignores the armor. Leave a fire token in its place." """
        rule = "ai-how-bug-cards-work"
        square = list(bug["at"])
        events.append(event(f"{card['name']}: the {self.name(bug)} at {fmt(square)} explodes.", rule))
        del state["chars"][bug["id"]]
        state["next_id"] += 1
        state["tokens"].append({"id": f"fire-{state['next_id']}", "kind": "fire", "at": square})
        for other in list(self.standing(state)):
            if other["side"] != "bug" and chebyshev(other["at"], square) == 1:
                self.lose_lives(state, other, card["values"]["damage"], events, rule=rule)

    def run_bug_surprises(self, state, task, events) -> None:
        """Surprise: "Use these cards at the end, with the BUGs that are closest to the PRIMARY TARGET or that
        are closer to the BUGBUSTER with the highest SCORE".
        Ruling #ruling-ai-card-choices."""
        for entry in state["mistress"].pop("surprises", []):
            if isinstance(entry, list):  # a person's: [card, the BUG she chose] (mistress_cards.py)
                card, near = self.ctx.bug_cards[entry[0]], state["chars"].get(entry[1])
                if near is None or near["lives"] <= 0 or near["at"] is None:
                    continue
            else:
                card = self.ctx.bug_cards[entry]
                goal = self.target_square(state)
                bugs = [c for c in self.standing(state) if c["side"] == "bug"]
                if goal is None or not bugs:
                    continue
                near = min(bugs, key=lambda c: (manhattan(c["at"], goal), c["id"]))
            self.place_bugs(
                state,
                card["values"]["bug"],
                near["at"],
                card["values"]["bugs"],
                events,
                "ai-how-bug-cards-work",
            )
        state["mistress"].pop("charge", None)

    def charge_multiplier(self, state) -> int:
        """Charge (this turn) or an Event with the same effect: BUGs move that many times as many squares."""
        values = self.event_effect(state, "charge")
        event_m = values.get("multiplier", 1) if values is not None else 1
        return max(event_m, state["mistress"].get("charge", 1))
