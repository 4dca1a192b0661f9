"""BUG cards in play (POWERUP Rulebook — BUG Cards; Artificial Intelligence, How BUG cards work): the Event
in force until the BUGMISTRESS's next turn ("There can only be one event in use during each turn
sequence"), read by the rules it changes."""

from .rules_base import Rules


class BugCardRules(Rules):
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
