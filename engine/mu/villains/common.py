"""Rules several villains print word for word, written once (each villain's mixin calls them).

"draw a Master Plan card and add it facedown in the Storyline" (Klaw's and Purple Man's KO rule, Purple
Man's Overflow): the card goes facedown to the Storyline and does nothing (core-facedown-cards). Decision
(klaw.py): if the Master Plan deck is empty the card cannot be drawn, and the Heroes lose, as for any Master
Plan card the Villain must draw and cannot (core-losing 1)."""

from ..rules_base import Rules, event

HIT_TASK = "hero_hit"


def draw_facedown_plan_card(rules, state, events) -> None:
    """Draw a Master Plan card and add it facedown in the Storyline; the Heroes lose if the deck is empty."""
    if not rules.add_facedown_plan_card(state, events):
        rules.lose(state, events, f"{rules.ctx.villain['name']} must draw a Master Plan card and the deck "
                                  "is empty")


def ko_facedown_plan_card(rules, state, seat, events) -> None:
    """"When a Hero is KO'd, <Villain> doesn't activate his BAM! Instead, draw a Master Plan card and add it
    facedown in the Storyline." (no Dashboard BAM!, no Threat BAM!)"""
    events.append(event(f"{rules.ctx.villain['name']} does not BAM! for the KO: a Master Plan card goes "
                        "facedown to the Storyline instead", "ko", "villain", seat))
    draw_facedown_plan_card(rules, state, events)


def hit_task(seats, location, damage, source, via=None) -> dict:
    """"... to 1 Hero in <a Location>": the Heroes there choose who takes the damage (the lowest seat there
    is asked; automatic with one Hero). `via` names the method that deals it (default damage_hero)."""
    return {"t": HIT_TASK, "seat": seats[0], "candidates": list(seats), "location": location,
            "damage": damage, "source": source, "via": via, "auto1": True}


class CommonRules(Rules):
    """The handlers several villains' content names, and the choice every "deal N damage to 1 Hero in ..."
    rule asks of the Heroes (Klaw's BAM!, Gorr's Overflow, Purple Man's Subjugate Crowd)."""

    HANDLERS = {
        "facedown_plan_card_instead_of_bam": "h_facedown_plan_card_instead_of_bam",
        "accelerate_once": "h_accelerate_once",
        "facedown_plan_card": "h_facedown_plan_card",
    }

    def h_facedown_plan_card(self, state, params, events, location=None, **_) -> None:
        """Dashboard `overflow` (Lizard): "If 1 or more Civilian / Thug tokens can't be added to a Location,
        draw a Master Plan card and add it facedown in the Storyline." (once per Location, core-overflow)"""
        events.append(event("Overflow: a Master Plan card goes facedown to the Storyline", "overflow",
                            "overflow", location=location))
        draw_facedown_plan_card(self, state, events)

    def h_facedown_plan_card_instead_of_bam(self, state, params, events, seat=None, **_) -> None:
        """Dashboard `ko`: "When a Hero is KO'd, <Villain> doesn't activate his BAM! Instead, draw a Master
        Plan card and add it facedown in the Storyline." """
        ko_facedown_plan_card(self, state, seat, events)

    @staticmethod
    def next_villain_turn_accelerated(state) -> bool:
        """True when the count towards the next Villain turn exceeds the Hero cards played since the last
        (face-up) Master Plan card."""
        played = 0
        for entry in reversed(state["storyline"]):
            if entry["kind"] == "master-plan" and not entry.get("facedown"):
                break
            played += entry["kind"] == "hero"
        return state["since_villain"] > played

    def h_accelerate_once(self, state, params, events, **_) -> None:
        """Dashboard `overflow` (Klaw): "accelerate the next Villain turn by <cards> card (if not already
        accelerated)". "already accelerated" = the count towards the next Villain turn is already above the
        Hero cards played since the last Villain turn (an earlier Overflow of the same turn, a Master Plan
        effect): then nothing; so Overflow at two Locations accelerates once."""
        if self.next_villain_turn_accelerated(state):
            events.append(event("The next Villain turn is already accelerated", "overflow", "overflow"))
            return
        cards = int(params["cards"])
        self.accelerate(state, cards)
        events.append(event(f"The next Villain turn is accelerated by {cards} card{'s' if cards > 1 else ''}",
                            "overflow", "overflow"))

    def choices_hero_hit(self, state, task):
        where = self.loc_name(task["location"])
        return [{"id": f"hit-target:{s}", "seat": task["seat"], "kind": "hit-target", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} takes {task['damage']} damage ({task['source']} at "
                          f"{where})"}
                for s in task["candidates"] if not state["heroes"][s]["ko"]]

    def choose_hero_hit(self, state, task, action, events):
        deal = getattr(self, task.get("via") or "damage_hero")
        deal(state, action["target_seat"], task["damage"], events, task["source"])


def bring_back_cleared_threat(rules, state, events, rule, counter: dict, random_pick: bool) -> bool:
    """"bring back 1 (random) cleared Threat into play": a cleared Threat comes back, fresh, in the first
    Location with no Threat from the Villain's own clockwise (Gorr's and Crossbones' rulings); the Hero who
    cleared it no longer has it in front of them. `counter["returned"]` numbers the returned cards' ids.
    False when nothing can come back (no cleared Threat, or every Location has one)."""
    if not state["cleared_threats"]:
        events.append(event("No cleared Threat to bring back", rule, "threat"))
        return False
    ring = rules.ring(state)
    start = ring.index(state["villain_pos"])
    free = [loc for loc in (ring[(start + i) % len(ring)] for i in range(len(ring)))
            if rules.loc(state, loc)["threat"] is None]
    if not free:
        events.append(event("Every Location has a Threat: none comes back", rule, "threat"))
        return False
    cleared = state["cleared_threats"]
    card = cleared.pop(rules.rand_below(state, len(cleared)) if random_pick else -1)
    for hero in state["heroes"]:
        if card in hero["cleared"]:
            hero["cleared"].remove(card)
            break
    counter["returned"] += 1
    rules.loc(state, free[0])["threat"] = {"id": f"{card}-back-{counter['returned']}", "card": card,
                                           "heroic": 0, "damage": 0}
    events.append(event(f"The cleared Threat {rules.ctx.threats[card]['name']} comes back at "
                        f"{rules.loc_name(free[0])}", rule, "threat"))
    return True


HeroHitRules = CommonRules  # the name the villain modules import
