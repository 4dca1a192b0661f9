"""The equipment special actions that act after a hit (POWERUP Rulebook — Equipment Cards, Special Actions):
"DRILL: If you have surplus hits when destroying a target these go on to the next square until spent. Or
until the range is over." and "AREA DAMAGE 2: Attack does the same damage to 2 targets that are in the
adjacent squares. This happens to both friends and foes."; and "White die (melee): Adds a white die to your
melee attacks", whichever equipped card carries it. (The others: attacks.py adds their yellow dice,
combat.py pushes 2 more squares, buster_turn.py sets the costs of moves and jumps, powerups.py adds the
reaction points.)

Our rulings:
- DRILL: the surplus is the hits beyond the fewest that would have destroyed the target (its armor, its
  cover, and the DAMAGE card's row for its lives). They go on along the attack's line, square by square,
  stopping at an obstacle or the void, and strike the next character, friend or foe (the text names no
  exception: the hits go "to the next square"); one they destroy passes the rest on, one that survives
  spends them (and is pushed by them, as by any ranged hit). A ranged weapon's line ends at its range; a
  melee weapon's reaches one square beyond its target.
- AREA DAMAGE 2: when the attack damages its target, up to 2 other characters on the squares beside the
  target (beyond it along the attack, above, below, on the attacker's side, in that order; TEAM stacks in
  id order) lose the same life points the target lost; never the attacker, nor a GLITCH's passengers;
  a BUG protected from the weapon's damage (or from ranged attacks) is not damaged. They are not pushed.
- White die (melee): the die counts on whichever equipped card carries it (a distance weapon, an armor),
  not only on a melee weapon.
Rulings #ruling-drill, #ruling-area-damage, #ruling-white-die-melee."""

from .combat import PROTECTION
from .rules_base import Rules, event, fmt


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


class SpecialActionRules(Rules):
    def bonus_dice(self, state, char, mode: str) -> dict:
        """A melee roll adds the white die of every equipped card that carries it.
        Ruling #ruling-white-die-melee."""
        out = dict(super().bonus_dice(state, char, mode))
        if mode == "melee":
            for category in ("distance", "melee", "armor"):
                if "white-die-melee" in (self.equipped(state, char, category) or {}).get("specials", []):
                    out["white"] = out.get("white", 0) + self.ctx.special("white-die-melee")["white_dice"]
        return out

    def before_hit(self, state, target, ranged: bool) -> dict:
        return {
            "char": target,
            "at": list(target["at"]),
            "lives": target["lives"],
            "armor": self.armor_of(state, target) + self.cover_armor(state, target, ranged),
            "ranged": ranged,
        }

    def weapon_specials(self, state, attacker, before, hits: int, lost: int, weapon, events) -> None:
        specials = (weapon or {}).get("specials", [])
        if "area-damage-2" in specials and lost:
            self.area_damage(state, attacker, before, lost, weapon, events)
        if "drill" in specials:
            self.drill(state, attacker, before, hits, weapon, events)

    def hits_to_destroy(self, before) -> int | None:
        for hits in range(1, self.ctx.const("damage_max_at_hits") + 1):
            if self.damage_lives(hits) >= before["lives"]:
                return before["armor"] + hits
        return None

    def destroyed(self, state, char) -> bool:
        return char["lives"] <= 0 or char["id"] not in state["chars"]

    def drill(self, state, attacker, before, hits: int, weapon, events) -> None:
        """ "If you have surplus hits when destroying a target these go on to the next square until spent.
        Or until the range is over." Ruling #ruling-drill."""
        if not self.destroyed(state, before["char"]):
            return
        ax, ay = attacker["at"]
        tx, ty = before["at"]
        dx, dy = sign(tx - ax), sign(ty - ay)
        start = max(abs(tx - ax), abs(ty - ay))
        reach = self.attack_range(state, attacker) if before["ranged"] else start + 1
        needed = self.hits_to_destroy(before)
        surplus = hits - needed if needed is not None else 0
        for k in range(start + 1, reach + 1):
            if surplus <= 0:
                return
            square = [ax + dx * k, ay + dy * k]
            if self.kind(square) in ("edge", "void") or not self.sight_passes(state, square):
                return
            victims = [c for c in self.chars_at(state, square) if c is not attacker]
            if not victims:
                continue
            victim = victims[0]
            events.append(
                event(
                    f"DRILL: {surplus} surplus hit{'s' * (surplus != 1)} go on to {self.name(victim)} "
                    f"at {fmt(square)}.",
                    "equipment-special-actions",
                )
            )
            after = self.before_hit(state, victim, before["ranged"])
            self.damage_to(state, attacker, victim, surplus, events, weapon=weapon, ranged=before["ranged"])
            if not self.destroyed(state, victim):
                if dx:
                    self.shove(state, victim, dx, surplus, events)
                return
            needed = self.hits_to_destroy(after)
            surplus = surplus - needed if needed is not None else 0

    def area_damage(self, state, attacker, before, lost: int, weapon, events) -> None:
        """ "Attack does the same damage to 2 targets that are in the adjacent squares. This happens to both
        friends and foes." Ruling #ruling-area-damage."""
        (tx, ty), (ax, _) = before["at"], attacker["at"]
        sx = sign(tx - ax) or (1 if attacker["facing"] == "right" else -1)
        squares = ([tx + sx, ty], [tx, ty - 1], [tx, ty + 1], [tx - sx, ty])
        victims = []
        for square in squares:
            victims += sorted(
                (
                    c
                    for c in self.chars_at(state, square)
                    if c is not attacker and c is not before["char"] and not c.get("in_glitch")
                ),
                key=lambda c: c["id"],
            )
        for victim in victims[: self.ctx.special("area-damage-2")["targets"]]:
            if victim["lives"] <= 0 or victim["id"] not in state["chars"]:
                continue
            if self.protected(state, victim, weapon, before["ranged"]):
                events.append(event(f"{self.name(victim)} is protected: no damage.", "protection"))
                continue
            events.append(
                event(f"AREA DAMAGE: the attack also hits {self.name(victim)}.", "equipment-special-actions")
            )
            self.lose_lives(state, victim, lost, events, rule="equipment-special-actions", by=attacker["id"])

    def protected(self, state, victim, weapon, ranged: bool) -> bool:
        if victim["side"] != "bug":
            return False
        protections = self.ctx.sheet(victim["kind"]).get("protections", [])
        damage = (weapon or {}).get("damage")
        return (ranged and "protected-from-ranged" in protections) or PROTECTION.get(damage) in protections
