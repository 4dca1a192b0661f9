"""The POW! tricks played around an attack (POWERUP Rulebook — POW! Actions, POW! Cards): the re-roll ("You
may re-roll as many times as you want") on the BUGBUSTER's own attack, and the defensive tricks when a BUG
attacks it ("Trick cards can be used at any time"). Copycat and Assemble are pow_team.py's.

Our rulings:
- Re-roll: a BUGBUSTER holding a re-roll card sees its own attack roll before it counts and may play re-roll
  cards one after another (each card is one re-roll, any number of cards on the same roll: "as many times as
  you want"); the last roll counts. Only the attacker's own roll is re-rolled, never the defender's.
- Defensive tricks (armor, "CANNOT ATTACK OR BE ATTACKED"): offered to the BUGBUSTER a BUG is about to
  attack, before its reaction window, unless the seat switched its windows off."""

from ..core.actions import action
from .dice import dice_sum
from .rules_base import Rules, event

DEFENCE = frozenset({"add-armor", "untouchable"})  # the tricks a BUGBUSTER plays when a BUG attacks it


class PowTrickRules(Rules):
    # ----- the re-roll ----------------------------------------------------------------
    def reroll_cards(self, buster, mode: str) -> list:
        """The re-roll cards of the hand playable on an attack of `mode`, one per kind.
        Ruling #ruling-reroll."""
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
        card = self.spend_pow(state, buster, card_id)
        events.append(event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-actions"))
        dice = dice_sum(self.attack_dice(state, char, task["mode"]), task["boost"])
        faces = self.roll(state, dice)
        hits, _ = self.tally(faces)
        events.append(self.roll_event(self.name(char), faces, hits + task["hits"], "on the re-roll"))
        self.push(state, dict(task, faces=faces))
        self.pow_used(state, buster["seat"], [card_id], events)

    def skip_attack_reroll(self, state, task, events) -> None:
        pass

    # ----- defensive tricks when a BUG attacks --------------------------------------------------
    def offer_reactions(self, state, victim, attacker, events) -> None:
        """Before a BUG's attack, the threatened BUGBUSTER may also play its defensive tricks ("Trick cards
        can be used at any time"): armor and "CANNOT ATTACK OR BE ATTACKED" (our ruling: this window comes
        before the reaction window, and is skipped when the seat switched its windows off).
        Ruling #ruling-defensive-tricks."""
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
        card = self.spend_pow(state, buster, card_id)
        events.append(
            event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-cards", seat=task["seat"])
        )
        self.pow_effect(state, char, buster, card, None, events)
        self.push(state, task)
        self.pow_used(state, task["seat"], [card_id], events)

    def skip_pow_defend(self, state, task, events) -> None:
        pass
