"""Attacks: the line of shot, ranged attacks, melee, attacks from behind and from above or below, armor,
protections, damage types, pushes, and the destruction of equipment (POWERUP Rulebook — Combat,
Protection)."""

from .board import DX, other_way
from .dice import dice_sum
from .rules_base import Rules, event, fmt

PROTECTION = {"piercing": "protected-from-piercing", "fire": "protected-from-fire"}


class CombatRules(Rules):
    # ----- a fighter's numbers ---------------------------------------------------------
    def team(self, state, char) -> list:
        """The TEAM 4 stack a BUG belongs to ("When they attack or defend they add up all their dice").
        Ruling #ruling-team-stacks."""
        if char["side"] != "bug" or self.team_size(char) == 1:
            return [char]
        return [c for c in self.chars_at(state, char["at"]) if c["kind"] == char["kind"]]

    def weapon(self, ref):
        """An equipped or carried weapon: an equipment card ("card:<id>") or one printed on a sheet
        ("sheet:<bugbuster>:<n>", "epic:<bugbuster>:<n>")."""
        if ref is None:
            return None
        where, _, rest = ref.partition(":")
        if where == "card":
            return self.ctx.equipment[rest.split("#")[0]]
        owner, _, n = rest.partition(":")
        side = "sheet" if where == "sheet" else "epic"
        return self.ctx.bugbusters[owner][side]["weapons"][int(n)]

    def sheet_of(self, state, char) -> dict:
        """A BUGBUSTER's sheet side (EPIC while EPIC), a BUG's sheet, an NPC's record."""
        if char["side"] == "bugbuster":
            record = self.ctx.bugbusters[char["kind"]]
            return record["epic"] if self.buster_of(state, char).get("epic") else record["sheet"]
        if char["side"] == "bug":
            return self.ctx.sheet(char["kind"])
        return self.ctx.npcs[char["kind"]]

    def max_reaction(self, state, char) -> int:
        """ "a player is limited to the RPs they begin the game with" (the normal side of the sheet)."""
        return self.ctx.bugbusters[char["kind"]]["sheet"]["reaction"] + self.stat_bonus(
            state, char, "reaction-max"
        )

    def max_ammo(self, state, char) -> int:
        return self.ctx.bugbusters[char["kind"]]["sheet"]["ammo"] + self.stat_bonus(state, char, "ammo-max")

    def stat_bonus(self, state, char, stat: str) -> int:
        """Overridden by the profession rules."""
        return 0

    def equipped(self, state, char, category: str):
        if char["side"] != "bugbuster":
            return None
        buster = self.buster_of(state, char)
        if buster.get("epic"):  # "While EPIC you may only use the weapon that comes with this mode"
            weapons = self.ctx.bugbusters[char["kind"]]["epic"].get("weapons", [])
            return next((w for w in weapons if w["category"] == category), None)
        return self.weapon(buster["equipped"].get(category))

    def attack_dice(self, state, char, mode: str) -> dict:
        """The sheet's dice for melee or ranged plus the equipped weapon's bonus dice; a TEAM stack adds
        every member's."""
        stat = "melee" if mode == "melee" else "ranged"
        if char["side"] == "bug":
            dice = {}
            for mate in self.team(state, char):
                dice = dice_sum(dice, self.ctx.sheet(mate["kind"]).get(stat))
            return dice
        if char["side"] == "npc":
            return dice_sum((self.ctx.npcs[char["kind"]].get(stat)) or {})
        sheet = self.sheet_of(state, char)
        weapon = self.equipped(state, char, "melee" if mode == "melee" else "distance")
        return dice_sum(sheet.get(stat), (weapon or {}).get("dice"), self.bonus_dice(state, char, mode))

    def bonus_dice(self, state, char, mode: str) -> dict:
        """Dice from professions and cards (overridden by those rules)."""
        return {}

    def armor_of(self, state, char) -> int:
        sheet = self.sheet_of(state, char)
        armor = sheet.get("armor", 0)
        if char["side"] == "bugbuster":
            armor += (self.equipped(state, char, "armor") or {}).get("armor", 0)
            armor += self.buster_of(state, char).get("armor_bonus", 0)
        return armor

    def attack_range(self, state, char) -> int:
        """How far a ranged attack reaches: the equipped distance weapon's range (a BUG's sheet range)."""
        if char["side"] == "bug":
            return (self.ctx.sheet(char["kind"]).get("ranged") or {}).get("range", 0)
        weapon = self.equipped(state, char, "distance")
        if not weapon or not isinstance(weapon.get("range"), int):
            return 0
        return weapon["range"] + self.range_bonus(state, char)

    def range_bonus(self, state, char) -> int:
        return 0

    # ----- who can be attacked ---------------------------------------------------------
    def ranged_targets(self, state, char) -> list:
        """Enemies in the line of shot within range: (distance, ray dx, target)."""
        reach = self.attack_range(state, char)
        if reach <= 0:
            return []
        out = []
        for _, dx, dy in self.rays(char["facing"]):
            for k, square in self.ray_squares(state, char["at"], dx, dy, reach):
                for target in self.chars_at(state, square):
                    if self.enemies(char, target) and self.attackable(state, target):
                        out.append((k, dx, target))
                        break
        return out

    def melee_targets(self, state, char) -> list:
        """Enemies "next to" the attacker: ahead, diagonally ahead, above and below: (dx or 0, target).
        Ruling #ruling-melee."""
        x, y = char["at"]
        dx = DX[char["facing"]]
        out = []
        for sx, sy in ((dx, 0), (dx, -1), (dx, 1), (0, -1), (0, 1)):
            square = [x + sx, y + sy]
            if not self.sight_passes(state, square):
                continue
            for target in self.chars_at(state, square):
                if self.enemies(char, target) and self.attackable(state, target):
                    out.append((sx, target))
                    break
        return out

    def attackable(self, state, target) -> bool:
        """Overridden by the POW! rules (an untouchable BUGBUSTER)."""
        return target["lives"] > 0

    def from_behind(self, attacker, target) -> bool:
        """ "If you attack a character or BUG from the opposite side it is facing, they cannot roll dice in
        their defense"; a BACKEYE BUG "can look back. There's no way to sneak up on it".
        Ruling #ruling-from-behind."""
        if target["side"] == "bug" and "backeye" in self.ctx.sheet(target["kind"]).get("abilities", []):
            return False
        dx = attacker["at"][0] - target["at"][0]
        return dx != 0 and (dx > 0) != (target["facing"] == "right")

    # ----- resolving ---------------------------------------------------------------------
    def damage_to(
        self, state, attacker, target, hits: int, events, weapon=None, ranged=False, origin=None
    ) -> int:
        """Hits minus armor on the DAMAGE card, unless the target is protected ("They are not damaged by
        the hits but can be pushed back by them"); the lives it lost. `origin`: where a ranged attack comes
        from when it is not the attacker's square (a turret, a blast's centre), for cover."""
        if target["side"] == "bug":
            protections = self.ctx.sheet(target["kind"]).get("protections", [])
            damage = (
                (weapon or {}).get("damage")
                or (self.sheet_of(state, attacker).get("ranged") or {}).get("damage")
                if ranged
                else (weapon or {}).get("damage")
            )
            immune = (ranged and "protected-from-ranged" in protections) or (
                damage in PROTECTION and PROTECTION[damage] in protections
            )
            if immune:
                events.append(event(f"{self.name(target)} is protected: no damage.", "protection"))
                return 0
        net = (
            hits
            - self.armor_of(state, target)
            - self.cover_armor(state, target, ranged, origin or (attacker or {}).get("at"))
        )
        if net <= 0:
            events.append(event(f"{self.name(target)}'s armor stops the hits.", "protection"))
            return 0
        return self.hurt(state, target, net, events, rule="loss-of-lives", by=attacker["id"])

    def cover_armor(self, state, target, ranged: bool, origin=None) -> int:
        """The armor a cover obstacle between `origin` and the target adds (overridden by the cover rules)."""
        return 0

    def ranged_attack(
        self, state, attacker, target, dx: int, events, dodge: int = 0, boost=None, extra_hits: int = 0
    ) -> None:
        """ "roll the dice that your card allows + any bonus dice from the weapon [...] subtract the armor
        [...] push the target as many squares as hits you had in the roll. Do not subtract its armor".
        Ruling #ruling-pushes."""
        weapon = self.equipped(state, attacker, "distance")
        dice = dice_sum(self.attack_dice(state, attacker, "ranged"), boost)
        faces = self.roll(state, dice)
        hits, pows = self.tally(faces)
        hits += extra_hits
        events.append(self.roll_event(self.name(attacker), faces, hits, f"shooting at {self.name(target)}"))
        if dodge:
            dodged = self.roll(state, {"yellow": dodge})
            saved, _ = self.tally(dodged)
            hits = max(0, hits - saved)
            events.append(
                event(
                    f"{self.name(target)} rolls away: {self.roll_text(dodged)}, {saved} hit"
                    f"{'s' * (saved != 1)} fewer ({hits} left).",
                    "reaction-roll",
                )
            )
        self.after_roll(state, attacker, faces, pows, weapon, events)
        if self.weapon_lost(state, attacker, weapon, events):
            return
        before = self.before_hit(state, target, ranged=True)
        lost = self.damage_to(state, attacker, target, hits, events, weapon=weapon, ranged=True)
        self.weapon_specials(state, attacker, before, hits, lost, weapon, events)
        if target["lives"] > 0 and target["id"] in state["chars"] and hits:
            self.shove(state, target, dx, hits + self.extra_push(weapon), events)

    def melee_attack(
        self, state, attacker, target, side: int, events, push_dx=None, boost=None, extra_hits: int = 0
    ) -> None:
        """ "each contender rolls the dice from their melee reserve + the dice for their currently equipped
        melee weapon [...] Whoever has the most hits wins. Subtract the loser's armor points from the number
        of hits they have lost by [...] the loser is pushed back"; from behind, no defence roll.
        Rulings #ruling-melee, #ruling-pushes."""
        weapon = self.equipped(state, attacker, "melee")
        faces = self.roll(state, dice_sum(self.attack_dice(state, attacker, "melee"), boost))
        hits, pows = self.tally(faces)
        hits += extra_hits
        events.append(self.roll_event(self.name(attacker), faces, hits, f"in melee with {self.name(target)}"))
        self.after_roll(state, attacker, faces, pows, weapon, events)
        if self.weapon_lost(state, attacker, weapon, events):
            return
        defence = 0
        if self.from_behind(attacker, target):
            events.append(event(f"From behind: {self.name(target)} cannot defend.", "combat-from-behind"))
        else:
            d_faces = self.roll(state, self.attack_dice(state, target, "melee"))
            defence, d_pows = self.tally(d_faces)
            events.append(self.roll_event(self.name(target), d_faces, defence, "defending"))
            self.after_roll(state, target, d_faces, d_pows, self.equipped(state, target, "melee"), events)
        if hits == defence:
            events.append(event("A draw: nobody is hurt or pushed.", "combat-melee"))
            return
        winner, loser, margin = (
            (attacker, target, hits - defence) if hits > defence else (target, attacker, defence - hits)
        )
        if side == 0:  # from above or below: "the attacker decides which side to push the enemy to"
            dx = push_dx if winner is attacker and push_dx else DX[winner["facing"]]
        else:
            dx = side if winner is attacker else -side
        w_weapon = self.equipped(state, winner, "melee")
        before = self.before_hit(state, loser, ranged=False)
        lost = self.damage_to(state, winner, loser, margin, events, weapon=w_weapon)
        if winner is attacker:
            self.weapon_specials(state, attacker, before, margin, lost, w_weapon, events)
        if loser is attacker:
            self.lost_melee(state, attacker, events)
        if loser["lives"] > 0 and loser["id"] in state["chars"]:
            self.shove(state, loser, dx, margin + self.extra_push(w_weapon), events)

    def weapon_lost(self, state, char, weapon, events) -> bool:
        """ "If the condition happens while performing an attack, it is not carried out": the attacker's
        weapon destroyed by its own roll (a blunder) calls the attack off (our ruling: the POW! cards the
        roll drew are kept; a defender's weapon lost while defending does not stop the attack).
        Ruling #ruling-equipment-destruction."""
        if weapon is None or char["side"] != "bugbuster":
            return False
        if self.equipped(state, char, weapon.get("category", "")) is weapon:
            return False
        events.append(
            event("The weapon is gone: the attack is not carried out.", "combat-destruction-of-equipment")
        )
        return True

    def before_hit(self, state, target, ranged: bool) -> dict:
        """What the special actions need to know of the target before the hit (special_actions.py)."""
        return {"char": target}

    def weapon_specials(self, state, attacker, before, hits: int, lost: int, weapon, events) -> None:
        """Overridden by the special actions that act after a hit (DRILL, AREA DAMAGE 2)."""

    def extra_push(self, weapon) -> int:
        """PUSH 2: "With a successful attack, it pushes the target 2 more squares"."""
        if "push-2" in (weapon or {}).get("specials", []):
            return self.ctx.special("push-2")["push_squares"]
        return 0

    def after_roll(self, state, char, faces, pows, weapon, events) -> None:
        """POW! faces draw POW! cards for a BUGBUSTER; a weapon destroyed by a blunder goes (overridden by
        the equipment and POW! rules)."""

    def lost_melee(self, state, char, events) -> None:
        """Overridden by the equipment rules (a weapon destroyed when its bearer loses a melee)."""


__all__ = ["CombatRules", "fmt", "other_way"]
