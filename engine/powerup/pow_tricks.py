"""The POW! cards that act on other plays (POWERUP Rulebook — POW! Actions, POW! Cards): the re-roll ("You may
re-roll as many times as you want"), Copycat ("Use it when someone uses a POW! card. You get to keep their
card and to use it whenever you like. You cannot copy the effect of the 4 combined EPIC cards but may use one
of the cards from that play") and Assemble ("The entire team may exchange their POW! cards as they wish").

Our rulings:
- Re-roll: a BUGBUSTER holding a re-roll card sees its own attack roll before it counts and may play re-roll
  cards one after another (each card is one re-roll, any number of cards on the same roll: "as many times as
  you want"); the last roll counts. Only the attacker's own roll is re-rolled, never the defender's.
- Copycat: when a BUGBUSTER uses a POW! card (a Special, a trick of an attack, a re-roll, or the four cards of
  an EPIC), each other BUGBUSTER holding Copycat and able to pay its cost is asked in seat order whether to
  play it; the first who does takes the used card from the discard pile into its hand (the hand limit
  applies), the card's effect stays with whoever played it. From an EPIC play Copycat takes one of the four
  cards. A Copycat never copies a Copycat.
- Assemble: played on its player's turn; that player then moves cards between the team's hands, one card at
  a time, and ends with "done", which is legal only when no hand holds more than the hand limit; each card
  changes hands at most once per Assemble (so the exchange always ends)."""

from ..core.actions import action
from .dice import dice_sum
from .rules_base import Rules, event

DEFENCE = frozenset({"add-armor", "untouchable"})  # the tricks a BUGBUSTER plays when a BUG attacks it


class PowTrickRules(Rules):
    # ----- the re-roll ----------------------------------------------------------------
    def reroll_cards(self, buster, mode: str) -> list:
        """The re-roll cards of the hand playable on an attack of `mode`, one per kind."""
        out, seen = [], set()
        for card_id in buster["hand"]:
            card = self.pow_card(card_id)
            need = (card.get("requires") or {}).get("attack", "any")
            kind = self.card_kind(card_id)
            if (
                card.get("effect") == "re-roll"
                and need in (mode, "any")
                and self.can_pay(buster, card)
                and kind not in seen
            ):
                seen.add(kind)
                out.append(card_id)
        return out

    def roll(self, state, dice: dict) -> list:
        """A roll already made and kept (the re-roll window) counts as the attack's roll."""
        kept = state.pop("preroll", None)
        if kept is not None:
            return kept
        return super().roll(state, dice)

    def strike(self, state, char, task, events) -> None:
        buster = self.buster_of(state, char)
        if "faces" not in task and self.reroll_cards(buster, task["mode"]):
            dice = dice_sum(self.attack_dice(state, char, task["mode"]), task["boost"])
            faces = self.roll(state, dice)
            hits, _ = self.tally(faces)
            events.append(self.roll_event(self.name(char), faces, hits + task["hits"], "before any re-roll"))
            self.push(state, dict(task, t="attack_reroll", faces=faces, auto1=False))
            return
        if "faces" in task:
            state["preroll"] = task["faces"]
        super().strike(state, char, task, events)
        state.pop("preroll", None)

    def choices_attack_reroll(self, state, task) -> list:
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        seat = task["seat"]
        out = [action("reroll:keep", "Keep this roll", seat, "attack")]
        for card_id in self.reroll_cards(buster, task["mode"]):
            card = self.pow_card(card_id)
            out.append(action(f"reroll:{card_id}", f"Play {self.card_name(card)}: re-roll", seat, "attack"))
        return out

    def choose_attack_reroll(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        if chosen["id"] == "reroll:keep":
            self.strike(state, char, task, events)
            return
        buster = self.buster_of(state, char)
        card_id = chosen["id"].split(":", 1)[1]
        card = self.pow_card(card_id)
        buster["hand"].remove(card_id)
        state["decks"]["pow_discard"].append(card_id)
        self.pay(buster, card)
        events.append(event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-actions"))
        dice = dice_sum(self.attack_dice(state, char, task["mode"]), task["boost"])
        faces = self.roll(state, dice)
        hits, _ = self.tally(faces)
        events.append(self.roll_event(self.name(char), faces, hits + task["hits"], "on the re-roll"))
        self.push(state, dict(task, faces=faces))
        self.pow_used(state, buster["seat"], [card_id], events)

    def skip_attack_reroll(self, state, task, events) -> None:
        pass

    # ----- Copycat ------------------------------------------------------------------------
    def pow_used(self, state, seat: int, card_ids: list, events) -> None:
        """Offer Copycat to the other BUGBUSTERs (seat order) after `seat` used `card_ids`."""
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
    def choose_extra(self, state, char, buster, kind, rest, chosen, events) -> None:
        epic = self.spelling(buster["hand"]) if kind == "epic" else None
        super().choose_extra(state, char, buster, kind, rest, chosen, events)
        if kind == "pow":
            self.pow_used(state, buster["seat"], [chosen["card"]], events)
        elif kind == "epic" and epic:
            self.pow_used(state, buster["seat"], epic, events)

    def choose_attack_prep(self, state, task, chosen, events) -> None:
        super().choose_attack_prep(state, task, chosen, events)
        parts = chosen["id"].split(":", 2)
        if parts[1] == "trick":
            self.pow_used(state, task["seat"], [parts[2]], events)

    # ----- defensive tricks when a BUG attacks --------------------------------------------------
    def offer_reactions(self, state, victim, attacker, events) -> None:
        """Before a BUG's attack, the threatened BUGBUSTER may also play its defensive tricks ("Trick cards
        can be used at any time"): armor and "CANNOT ATTACK OR BE ATTACKED" (our ruling: this window comes
        before the reaction window, and is skipped when the seat switched its windows off)."""
        super().offer_reactions(state, victim, attacker, events)
        if victim["side"] != "bugbuster":
            return
        buster = self.buster_of(state, victim)
        if buster.get("reactions_on", True) and self.defence_tricks(buster):
            self.push(state, {"t": "pow_defend", "seat": victim["seat"], "char": victim["id"]})

    def defence_tricks(self, buster) -> list:
        out, seen = [], set()
        for card_id in buster["hand"]:
            card = self.pow_card(card_id)
            kind = self.card_kind(card_id)
            if (
                card.get("type") == "trick"
                and card.get("effect") in DEFENCE
                and self.can_pay(buster, card)
                and kind not in seen
            ):
                seen.add(kind)
                out.append(card_id)
        return out

    def choices_pow_defend(self, state, task) -> list:
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        if char["lives"] <= 0 or buster.get("untouchable"):
            return []
        cards = self.defence_tricks(buster)
        if not cards:
            return []
        name = self.name(char)
        out = [action("defend:pass", f"{name}: no trick", task["seat"], "react")]
        for card_id in cards:
            card = self.pow_card(card_id)
            out.append(
                action(
                    f"defend:{card_id}",
                    f"{name}: play {self.card_name(card)} ({card.get('text', '')})",
                    task["seat"],
                    "react",
                )
            )
        return out

    def choose_pow_defend(self, state, task, chosen, events) -> None:
        if chosen["id"] == "defend:pass":
            return
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        card_id = chosen["id"].split(":", 1)[1]
        card = self.pow_card(card_id)
        buster["hand"].remove(card_id)
        state["decks"]["pow_discard"].append(card_id)
        self.pay(buster, card)
        events.append(
            event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-cards", seat=task["seat"])
        )
        self.pow_effect(state, char, buster, card, None, events)
        self.push(state, task)
        self.pow_used(state, task["seat"], [card_id], events)

    def skip_pow_defend(self, state, task, events) -> None:
        pass

    # ----- Assemble -------------------------------------------------------------------------
    def pow_effect(self, state, char, buster, card, target, events) -> None:
        if card["effect"] != "assemble":
            super().pow_effect(state, char, buster, card, target, events)
            return
        self.push(state, {"t": "assemble", "seat": buster["seat"], "moved": []})
        events.append(event("The team exchanges POW! cards.", "pow-cards"))

    def choices_assemble(self, state, task) -> list:
        seat = task["seat"]
        limit = self.ctx.const("pow_hand_limit")
        out = []
        if all(len(b["hand"]) <= limit for b in state["busters"]):
            out.append(action("assemble:done", "Done exchanging POW! cards", seat, "pow"))
        for giver in state["busters"]:
            for card_id in giver["hand"]:
                if card_id in task["moved"]:
                    continue
                name = self.card_name(self.pow_card(card_id))
                for taker in state["busters"]:
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
