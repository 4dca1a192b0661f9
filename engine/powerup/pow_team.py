"""The POW! cards that pass between the team's hands (POWERUP Rulebook — POW! Cards): Copycat ("Use it when
someone uses a POW! card. You get to keep their card and to use it whenever you like. You cannot copy the
effect of the 4 combined EPIC cards but may use one of the cards from that play") and Assemble ("The entire
team may exchange their POW! cards as they wish").

Our rulings:
- Copycat: when a BUGBUSTER uses a POW! card (a Special, a trick of an attack or of a defence, a re-roll, or
  the four cards of an EPIC), each other BUGBUSTER holding Copycat and able to pay its cost is asked in seat
  order whether to play it; the first who does takes the used card from the discard pile into its hand (the
  hand limit applies), the card's effect stays with whoever played it. From an EPIC play Copycat takes one
  of the four cards. A Copycat never copies a Copycat.
- Assemble: played on its player's turn; that player then moves cards between the team's hands, one card at
  a time, and ends with "done", which is legal only when no hand holds more than the hand limit; each card
  changes hands at most once per Assemble (so the exchange always ends)."""

from ..core.actions import action
from .rules_base import Rules, event


class PowTeamRules(Rules):
    # ----- Copycat ------------------------------------------------------------------------
    def pow_used(self, state, seat: int, card_ids: list, events) -> None:
        """Offer Copycat to the other BUGBUSTERs (seat order) after `seat` used `card_ids`.
        Ruling #ruling-copycat."""
        cards = [c for c in card_ids if self.pow_card(c).get("effect") != "copycat"]
        if not cards:
            return
        tasks = [
            {"t": "copycat", "seat": b["seat"], "cards": cards}
            for b in state["busters"]
            if b["seat"] != seat and self.copycat_card(state, b)
        ]
        if tasks:
            self.push(state, *tasks)

    def copycat_card(self, state, buster):
        for card_id in buster["hand"]:
            card = self.pow_card(card_id)
            if card.get("effect") == "copycat" and self.can_pay(buster, card):
                return card_id
        return None

    def choices_copycat(self, state, task) -> list:
        buster = state["busters"][task["seat"]]
        copycat = self.copycat_card(state, buster)
        left = [c for c in task["cards"] if c in state["decks"]["pow_discard"]]
        if copycat is None or not left:
            return []
        name = self.name(self.char_of(state, task["seat"]))
        out = [action("copycat:pass", f"{name}: do not copy", task["seat"], "pow")]
        for card_id in left:
            card = self.pow_card(card_id)
            out.append(
                action(
                    f"copycat:{card_id}",
                    f"{name}: play Copycat and keep {self.card_name(card)}",
                    task["seat"],
                    "pow",
                )
            )
        return out

    def choose_copycat(self, state, task, chosen, events) -> None:
        if chosen["id"] == "copycat:pass":
            return
        buster = state["busters"][task["seat"]]
        char = self.char_of(state, task["seat"])
        copycat = self.copycat_card(state, buster)
        taken = chosen["id"].split(":", 1)[1]
        buster["hand"].remove(copycat)
        self.pay(buster, self.pow_card(copycat))
        discard = state["decks"]["pow_discard"]
        discard.remove(taken)
        discard.append(copycat)
        buster["hand"].append(taken)
        events.append(
            event(
                f"{self.name(char)} plays Copycat and keeps {self.card_name(self.pow_card(taken))}.",
                "pow-cards",
                seat=task["seat"],
            )
        )
        # the other BUGBUSTERs' windows on the same card close
        state["tasks"] = [
            t for t in state["tasks"] if not (t["t"] == "copycat" and t["cards"] == task["cards"])
        ]
        if len(buster["hand"]) > self.ctx.const("pow_hand_limit"):
            self.push(state, {"t": "discard_pow", "seat": task["seat"]})

    def skip_copycat(self, state, task, events) -> None:
        pass

    # ----- hooks on the plays that use POW! cards ---------------------------------------------
    def extra_pow(self, state, char, buster, rest, chosen, events) -> None:
        super().extra_pow(state, char, buster, rest, chosen, events)
        self.pow_used(state, buster["seat"], [chosen["card"]], events)

    def extra_epic(self, state, char, buster, rest, chosen, events) -> None:
        epic = self.spelling(buster["hand"])
        super().extra_epic(state, char, buster, rest, chosen, events)
        if epic:
            self.pow_used(state, buster["seat"], epic, events)

    def choose_attack_prep(self, state, task, chosen, events) -> None:
        super().choose_attack_prep(state, task, chosen, events)
        parts = chosen["id"].split(":", 2)
        if parts[1] == "trick":
            self.pow_used(state, task["seat"], [parts[2]], events)

    # ----- Assemble -------------------------------------------------------------------------
    def pow_effect(self, state, char, buster, card, target, events) -> None:
        if card["effect"] != "assemble":
            super().pow_effect(state, char, buster, card, target, events)
            return
        self.push(state, {"t": "assemble", "seat": buster["seat"], "moved": []})
        events.append(event("The team exchanges POW! cards.", "pow-cards"))

    def choices_assemble(self, state, task) -> list:
        """One card from one hand to another, or "done" when no hand is over the limit.
        Ruling #ruling-assemble."""
        seat = task["seat"]
        limit = self.ctx.const("pow_hand_limit")
        team = self.assembled(state, seat)
        out = []
        if all(len(b["hand"]) <= limit for b in team):
            out.append(action("assemble:done", "Done exchanging POW! cards", seat, "pow"))
        for giver in team:
            for card_id in giver["hand"]:
                if card_id in task["moved"]:
                    continue
                name = self.card_name(self.pow_card(card_id))
                for taker in team:
                    if taker is giver:
                        continue
                    out.append(
                        action(
                            f"assemble:{card_id}:{taker['seat']}",
                            f"{self.name(self.char_of(state, giver['seat']))} gives {name} to "
                            f"{self.name(self.char_of(state, taker['seat']))}",
                            seat,
                            "pow",
                        )
                    )
        return out

    def assembled(self, state, seat) -> list:
        """ "The entire team": the player's BUGBUSTER and its partners (in Deathmatch, not its rivals)."""
        mine = self.char_of(state, seat)
        return [b for b in state["busters"] if not self.enemies(mine, self.char_of(state, b["seat"]))]

    def choose_assemble(self, state, task, chosen, events) -> None:
        if chosen["id"] == "assemble:done":
            return
        _, card_id, to = chosen["id"].split(":")
        giver = next(b for b in state["busters"] if card_id in b["hand"])
        taker = state["busters"][int(to)]
        giver["hand"].remove(card_id)
        taker["hand"].append(card_id)
        events.append(event(chosen["label"] + ".", "pow-cards"))
        self.push(state, dict(task, moved=task["moved"] + [card_id]))

    def skip_assemble(self, state, task, events) -> None:
        """No legal exchange and a hand over the limit cannot happen (the moves that made it can be undone
        only by moving other cards); each over-full hand discards down to the limit."""
        for buster in state["busters"]:
            if len(buster["hand"]) > self.ctx.const("pow_hand_limit"):
                self.push(state, {"t": "discard_pow", "seat": buster["seat"]})
