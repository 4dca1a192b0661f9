"""EPIC (POWERUP Rulebook — EPIC, BUGBUSTER Player Setup): "If you pick up POW! cards that form the word EPIC,
then you may turn your BUGBUSTER into EPIC. When doing this, discard the 4 cards used to form the word. Then
flip the character sheet and add whatever BONUS in reaction points and ammo it allows. Your character is EPIC
until the beginning of its next turn." "When the EPIC effect is gone, any remaining surplus of reaction or
ammo points is also removed." A wild card ("USE IT LIKE ANY EPIC LETTER") stands for any letter. Our
rulings: going EPIC is done on the BUGBUSTER's own turn and costs no AP; the surplus is what lies above the
sheet's own maximum.
Ruling #ruling-epic."""

from ..core.actions import action
from .rules_base import Rules, event

WORD = "EPIC"


class EpicRules(Rules):
    EXTRA_ACTIONS = {"epic": "extra_epic"}

    def spelling(self, hand: list):
        """Four cards of the hand that spell E-P-I-C (wild cards filling the gaps), or None."""
        by_letter = {}
        wild = []
        for card_id in sorted(hand):
            letter = self.pow_card(card_id).get("letter")
            if letter == "wild":
                wild.append(card_id)
            elif letter:
                by_letter.setdefault(letter, []).append(card_id)
        chosen = []
        for letter in WORD:
            if by_letter.get(letter):
                chosen.append(by_letter[letter].pop(0))
            elif wild:
                chosen.append(wild.pop(0))
            else:
                return None
        return chosen

    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        if not buster["epic"] and self.spelling(buster["hand"]):
            out.append(action("epic", f"{self.name(char)} goes EPIC (discard E-P-I-C)", seat, "epic"))
        return out

    def extra_epic(self, state, char, buster, rest, chosen, events) -> None:
        for card_id in self.spelling(buster["hand"]):
            buster["hand"].remove(card_id)
            state["decks"]["pow_discard"].append(card_id)
        side = self.ctx.bugbusters[char["kind"]]["epic"]
        buster["epic"] = True
        buster["reaction"] += side.get("reaction_bonus", 0)
        buster["ammo"] += side.get("ammo_bonus", 0)
        events.append(
            event(
                f"{self.name(char)} goes EPIC: +{side.get('reaction_bonus', 0)} RP, "
                f"+{side.get('ammo_bonus', 0)} ammo, only the EPIC weapon.",
                "epic-rules",
                kind="epic",
                seat=buster["seat"],
            )
        )

    def start_of_own_turn(self, state, buster, events) -> None:
        """At the start of its own turn: EPIC ends (RP and ammo above the sheet's maximum go), and so does
        untouchable. Rulings #ruling-epic, #ruling-until-end-of-turn."""
        super().start_of_own_turn(state, buster, events)
        buster["untouchable"] = False
        if buster["epic"]:
            char = state["chars"][buster["char"]]
            buster["epic"] = False
            buster["reaction"] = min(buster["reaction"], self.max_reaction(state, char))
            buster["ammo"] = min(buster["ammo"], self.max_ammo(state, char))
            events.append(event(f"{self.name(char)} is no longer EPIC.", "epic-rules", seat=buster["seat"]))
