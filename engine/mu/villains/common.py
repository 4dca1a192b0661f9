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


class HeroHitRules(Rules):
    """The choice every "deal N damage to 1 Hero in ..." rule asks of the Heroes (Klaw's BAM!, Gorr's
    Overflow, Purple Man's Subjugate Crowd)."""

    def choices_hero_hit(self, state, task):
        where = self.loc_name(task["location"])
        return [{"id": f"hit-target:{s}", "seat": task["seat"], "kind": "hit-target", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} takes {task['damage']} damage ({task['source']} at "
                          f"{where})"}
                for s in task["candidates"] if not state["heroes"][s]["ko"]]

    def choose_hero_hit(self, state, task, action, events):
        deal = getattr(self, task.get("via") or "damage_hero")
        deal(state, action["target_seat"], task["damage"], events, task["source"])
