"""Rules several villains print word for word, written once (each villain's mixin calls them).

"draw a Master Plan card and add it facedown in the Storyline" (Klaw's and Purple Man's KO rule, Purple
Man's Overflow): the card goes facedown to the Storyline and does nothing (core-facedown-cards). Decision
(klaw.py): if the Master Plan deck is empty the card cannot be drawn, and the Heroes lose, as for any Master
Plan card the Villain must draw and cannot (core-losing 1)."""

from ..rules_base import event


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
