"""Equipment after an attack (POWERUP Rulebook — Combat, Destruction of Equipment; The Dice): "Conditions
under which equipment can be destroyed are shown at the bottom of the equipment cards [...] if at any time the
BUGBUSTER equipped with it runs out of ammunition, the equipment card is destroyed. Discard the cards for
destroyed equipment." POW! faces "give you 3 hits and a draw from the POW! pile"; a BUG rolling one gets the
hits only (our ruling: the BUGs keep no POW! hand).
Rulings #ruling-bug-pow-faces, #ruling-equipment-destruction."""

from .rules_base import Rules, event


class EquipmentRules(Rules):
    def destroy(self, state, char, category: str, why: str, events) -> None:
        buster = self.buster_of(state, char)
        ref = buster["equipped"].pop(category, None)
        if ref is None:
            return
        if ref in buster["pack"]:
            buster["pack"].remove(ref)
        if ref.startswith("card:"):
            state["decks"]["equipment_discard"].append(ref.split(":", 1)[1])
        else:
            buster.setdefault("lost", []).append(ref)
        events.append(
            event(
                f"{self.name(char)}'s {self.weapon(ref)['name']} is destroyed ({why}).",
                "combat-destruction-of-equipment",
            )
        )

    def condition_met(self, state, char, category: str, condition: str) -> bool:
        """Whether the equipped weapon of a category is destroyed on this condition; never while EPIC.
        Ruling #ruling-equipment-destruction."""
        buster = self.buster_of(state, char)
        if buster.get("epic"):
            return False
        weapon = self.weapon(buster["equipped"].get(category))
        return bool(weapon) and weapon.get("destroyed_when") == condition

    def after_roll(self, state, char, faces, pows, weapon, events) -> None:
        """POW! draws for a BUGBUSTER only; a blunder destroys the weapon right after the roll (the attack is
        then called off: combat.py weapon_lost).
        Rulings #ruling-bug-pow-faces, #ruling-equipment-destruction."""
        super().after_roll(state, char, faces, pows, weapon, events)
        if char["side"] != "bugbuster":
            return
        if pows:
            self.draw_pow(state, char, pows * self.ctx.const("pow_face_draws"), events)
        category = (weapon or {}).get("category")
        if (
            category
            and any(f["blunder"] for f in faces)
            and self.condition_met(state, char, category, "blunder")
        ):
            self.destroy(state, char, category, "a blunder", events)

    def spent_ammo(self, state, char, events) -> None:
        super().spent_ammo(state, char, events)
        if self.condition_met(state, char, "distance", "single-use"):
            self.destroy(state, char, "distance", "single use", events)
        elif self.buster_of(state, char)["ammo"] <= 0 and self.condition_met(
            state, char, "distance", "out-of-ammo"
        ):
            self.destroy(state, char, "distance", "out of ammunition", events)

    def lost_melee(self, state, char, events) -> None:
        super().lost_melee(state, char, events)
        if char["side"] == "bugbuster" and self.condition_met(state, char, "melee", "melee-lost"):
            self.destroy(state, char, "melee", "a lost melee", events)
