"""Taking damage: shields and Fuel Tank first, then one Damage Card at a time (Field Guide, Damage)."""

from .rules_base import Rules, event

SOURCES = {"minion": "a Minion's attack", "explosion": "the exploding Crystal Shards",
           "lava-pool": "a Lava Pool", "spike-wall": "a Spike Wall"}


class DamageRules(Rules):
    def run_damage(self, state, task, events):
        seat = task["seat"]
        mech = state["mechs"][seat]
        for slot in mech["slots"]:
            if slot["shields"] > 0 and slot["damage"] is None:
                slot["shields"] -= 1
                events.append(event(f"{mech['name']}'s Skewer shield stops the damage from "
                                    f"{source_text(task['source'])}", "skewer", "shield", seat))
                return
        if self.fuel_tank_slots(state, seat):
            self.push(state, {"t": "fuel_tank_offer", "seat": seat, "source": task["source"]})
        else:
            self.push(state, {"t": "damage_draw", "seat": seat, "source": task["source"]})

    def run_damage_draw(self, state, task, events):
        seat = task["seat"]
        mech = state["mechs"][seat]
        for hook in self.hooks("before_damage"):  # a carried Crystal Shard drops first
            hook(state, seat, events)
        card_id = self.draw(state, state["decks"]["damage"], state["decks"]["damage_discard"])
        if card_id is None:
            events.append(event("The Damage Deck is empty: no card to draw", "damage", "damage", seat))
            return
        card = self.ctx.damage[card_id]
        events.append(event(f"{mech['name']} takes 1 damage from {source_text(task['source'])} and draws "
                            f"{card['name']} ({card['type']}): {card['text']}", "executing-damage-cards",
                            "damage", seat, card=card_id))
        # "For all damage types, first execute the instructions on the Damage Card."
        self.push(state, *self.step_tasks(card["steps"], seat, card_id, 1, None, from_damage=True),
                  {"t": "damage_settle", "seat": seat, "card": card_id})

    def run_damage_settle(self, state, task, events):
        seat, card_id = task["seat"], task["card"]
        mech, card = state["mechs"][seat], self.ctx.damage[task["card"]]
        if card["type"] == "glitch":
            state["decks"]["damage_discard"].append(card_id)
            events.append(event(f"{card['name']} is a Glitch: discarded", "glitch-damage", "damage", seat))
        elif card["type"] == "system":
            mech["system"].append(card_id)
            events.append(event(f"{card['name']} is System damage: it stays by {mech['name']}'s Command Line",
                                "system-damage", "damage", seat))
        else:
            n = self.roll_number_die(state)
            slot = mech["slots"][n - 1]
            if slot["damage"]:
                state["decks"]["damage_discard"].append(slot["damage"])
            slot["damage"] = card_id
            events.append(event(f"Number Die: {n} — {card['name']} is placed on slot {n} of {mech['name']}'s "
                                f"Command Line", "slot-damage", "damage", seat, slot=n))


def source_text(source: str) -> str:
    """How the log names what dealt the damage (a mission's own sources are named as they come)."""
    return SOURCES.get(source, source)
