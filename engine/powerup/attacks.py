"""A BUGBUSTER's attack, from the choice of a target to the roll: the weapon's special actions that add dice
(Ammo to yellow die, Reaction to yellow die: "No limit"; 2x to yellow die: "If you attack 2 times in a row
during this turn, the second attack has an extra yellow die") and the POW! tricks that add dice or hits
("Add 1 white die to your attack roll"; "Add 1 hit to your attack"), chosen one at a time before the dice
are rolled (our ruling: a trick's hit is added to the roll it was played for).
Ruling #ruling-pow-cards."""

from ..core.actions import action
from .dice import dice_sum
from .rules_base import Rules, event

BOOSTS = {
    "ammo-to-yellow-die": ("ammo", "ammo_points", "ammo"),
    "reaction-to-yellow-die": ("reaction", "reaction_points", "RP"),
}


class AttackRules(Rules):
    def prepare_attack(self, state, char, buster, kind, target_id, push, events) -> None:
        """Queue the attack's window (boosts and tricks, then the roll) in front of the turn."""
        mode = "ranged" if kind == "shoot" else "melee"
        boost = {}
        weapon = self.equipped(state, char, "distance" if mode == "ranged" else "melee")
        if (
            "double-to-yellow-die" in (weapon or {}).get("specials", [])
            and buster.get("streak", 0) >= self.ctx.special("double-to-yellow-die")["attacks_in_a_row"]
        ):
            boost["yellow"] = self.ctx.special("double-to-yellow-die")["yellow_dice"]
            events.append(
                event(
                    f"{weapon['name']}: a second attack in a row, 1 more yellow die.",
                    "equipment-special-actions",
                )
            )
        if mode == "ranged":
            buster["ammo"] -= self.ctx.const("ranged_attack_ammo")
        self.push(
            state,
            {
                "t": "attack_prep",
                "seat": buster["seat"],
                "char": char["id"],
                "mode": mode,
                "target": target_id,
                "push": push,
                "boost": boost,
                "hits": 0,
                "played": [],
                "auto1": True,
            },
        )

    def choices_attack_prep(self, state, task) -> list:
        """The attack's window: weapon boosts and POW! tricks, one at a time, then the roll; a trick counts
        for this roll only. Ruling #ruling-pow-cards."""
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        seat = task["seat"]
        target = state["chars"].get(task["target"])
        if target is None or target["lives"] <= 0:
            return []
        out = [action("attack:roll", f"Roll the dice against {self.name(target)}", seat, "attack")]
        weapon = self.equipped(state, char, "distance" if task["mode"] == "ranged" else "melee")
        for special in (weapon or {}).get("specials", []):
            if special in BOOSTS:
                field, key, word = BOOSTS[special]
                cost = self.ctx.special(special)[key]
                if buster[field] >= cost:
                    out.append(
                        action(
                            f"attack:boost:{special}",
                            f"{weapon['name']}: spend {cost} {word} for 1 more yellow die",
                            seat,
                            "attack",
                        )
                    )
        for card_id in buster["hand"]:
            card = self.pow_card(card_id)
            values = card.get("values", {})
            if (
                card.get("effect") in ("add-hit", "add-die")
                and values.get("attack", "any") in (task["mode"], "any")
                and self.can_pay(buster, card)
                and card_id not in task["played"]
            ):
                out.append(
                    action(
                        f"attack:trick:{card_id}",
                        f"Play {self.card_name(card)}: {card.get('text', '')}",
                        seat,
                        "attack",
                    )
                )
        return out

    def choose_attack_prep(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        parts = chosen["id"].split(":", 2)
        if parts[1] == "boost":
            field, key, _ = BOOSTS[parts[2]]
            buster[field] -= self.ctx.special(parts[2])[key]
            task = dict(
                task, boost=dice_sum(task["boost"], {"yellow": self.ctx.special(parts[2])["yellow_dice"]})
            )
            events.append(event(f"{self.name(char)} adds a yellow die.", "equipment-special-actions"))
            self.push(state, task)
            return
        if parts[1] == "trick":
            card_id = parts[2]
            card = self.spend_pow(state, buster, card_id)
            values = card.get("values", {})
            task = dict(task, played=task["played"] + [card_id])
            if card["effect"] == "add-die":
                task["boost"] = dice_sum(task["boost"], values)
            else:
                task["hits"] += values.get("hits", 1)
            events.append(event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-cards"))
            self.push(state, task)
            return
        self.strike(state, char, task, events)

    def skip_attack_prep(self, state, task, events) -> None:
        char = state["chars"].get(task["char"])
        if char is not None:
            events.append(event(f"{self.name(char)}'s target is gone.", "combat"))
            if task["mode"] == "ranged":
                self.spent_ammo(state, char, events)

    def strike(self, state, char, task, events) -> None:
        target = state["chars"][task["target"]]
        if task["mode"] == "ranged":
            dx = next((d for _, d, t in self.ranged_targets(state, char) if t is target), None)
            if dx is None:
                events.append(
                    event(f"{self.name(target)} is out of the line of shot.", "basics-line-of-shot")
                )
            else:
                self.ranged_attack(
                    state,
                    char,
                    target,
                    dx,
                    events,
                    dodge=task.get("dodge", 0),
                    boost=task["boost"],
                    extra_hits=task["hits"],
                )
            self.spent_ammo(state, char, events)
            return
        side = next((s for s, t in self.melee_targets(state, char) if t is target), None)
        if side is None:
            events.append(event(f"{self.name(target)} is out of reach.", "combat-melee"))
            return
        self.melee_attack(
            state,
            char,
            target,
            side,
            events,
            push_dx={"left": -1, "right": 1}.get(task["push"]),
            boost=task["boost"],
            extra_hits=task["hits"],
        )
