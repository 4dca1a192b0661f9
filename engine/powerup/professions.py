"""Profession sheets (POWERUP Rulebook — Specials, Profession Sheets; Machine-Gun Turrets): "There are two
possible abilities for each profession. Chose which one and place it below your BUGBUSTER sheet. When you
enter a POWERUP you can turn around the profession sheet and change your ability." The abilities' numbers
are the sheets' (professions/*.yaml). Our rulings: each BUGBUSTER of a mission with professions picks a
different profession at setup, its first ability shown; the turret is built on the square ahead for 1 AP
with the ability's ammunition counters taken from the builder, and "The creator can activate the
machine-gun at any time": on its own turn, for no AP, rolling its distance dice; a medic's healing is 1 AP
once a turn, for an adjacent partner, never above 3 lives; Treasure Hunter shows what an adjacent secret
token hides.
Rulings #ruling-professions, #ruling-turret, #ruling-adjacent."""

from ..core.actions import action
from ..core.grid import neighbours
from .board import DX
from .rules_base import Rules, event, fmt


class ProfessionRules(Rules):
    EXTRA_ACTIONS = {"turret": "use_turret", "heal": "extra_heal", "sense": "extra_sense"}

    def ability(self, state, char):
        """The ability the BUGBUSTER's profession sheet shows, or None."""
        if char["side"] != "bugbuster":
            return None
        buster = self.buster_of(state, char)
        if not buster.get("profession"):
            return None
        record = self.ctx.professions[buster["profession"]]
        return record["abilities"][buster.get("side", 0)]

    def modifier(self, state, char, stat: str) -> int:
        ability = self.ability(state, char)
        if ability and ability["effect"] == "modifier" and ability["values"]["stat"] == stat:
            return ability["values"]["amount"]
        return 0

    def stat_bonus(self, state, char, stat: str) -> int:
        return super().stat_bonus(state, char, stat) + self.modifier(state, char, stat)

    def range_bonus(self, state, char) -> int:
        return super().range_bonus(state, char) + self.modifier(state, char, "range")

    def bonus_dice(self, state, char, mode: str) -> dict:
        out = dict(super().bonus_dice(state, char, mode))
        for colour in ("white", "yellow"):
            amount = self.modifier(state, char, f"{mode}-{colour}")
            if amount:
                out[colour] = out.get(colour, 0) + amount
        return out

    def price(self, state, char, base: int) -> int:
        """Haggler: "store-discount" (a store price less the discount, never below its minimum)."""
        ability = self.ability(state, char)
        if ability and ability["effect"] == "modifier" and ability["values"]["stat"] == "store-discount":
            values = ability["values"]
            return max(min(base, values.get("minimum", 0)), base - values["amount"])
        return super().price(state, char, base)

    def armor_of(self, state, char) -> int:
        return super().armor_of(state, char) + self.modifier(state, char, "armor")

    def move_cost(self, state, what: str, char=None) -> int:
        cost = super().move_cost(state, what, char)
        if char is not None and what == "jump":
            cost = max(1, cost + self.modifier(state, char, "jump-cost"))
        return cost

    # ----- setup ----------------------------------------------------------------------------
    def choices_choose_profession(self, state, task) -> list:
        """Each BUGBUSTER takes a different profession at setup, its first ability shown.
        Ruling #ruling-professions."""
        taken = {b.get("profession") for b in state["busters"]}
        seat = task["seat"]
        return [
            action(
                f"profession:{pid}",
                f"{self.seat_name(seat)} takes the {rec['name']} profession ({rec['abilities'][0]['name']})",
                seat,
                "profession",
            )
            for pid, rec in sorted(self.ctx.professions.items())
            if pid not in taken
        ]

    def choose_choose_profession(self, state, task, chosen, events) -> None:
        buster = state["busters"][task["seat"]]
        buster["profession"], buster["side"] = chosen["id"].split(":")[1], 0
        rec = self.ctx.professions[buster["profession"]]
        events.append(
            event(
                f"{self.seat_name(task['seat'])} is the squad's {rec['name']}.",
                "specials-profession-sheets",
                seat=task["seat"],
            )
        )

    # ----- abilities in play ---------------------------------------------------------------------
    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        ability = self.ability(state, char)
        if ability is None:
            return out
        buster = self.buster_of(state, char)
        values = ability.get("values") or {}
        if (
            ability["effect"] == "build-turret"
            and buster["ap"] >= self.ctx.cost("attack")
            and buster["ammo"] >= 1
            and not any(t["kind"] == "turret" for t in state["tokens"])
        ):
            square = [char["at"][0] + DX[char["facing"]], char["at"][1]]
            if (
                self.open_square(state, square)
                and not self.chars_at(state, square)
                and self.kind(square) not in ("void", "acid")
            ):
                load = min(buster["ammo"], values.get("ammo", 1))
                out.append(
                    action(
                        "turret:build",
                        f"Build the machine-gun turret at {fmt(square)} ({load} ammo)",
                        seat,
                        "ability",
                        square=square,
                        cost=self.ctx.cost("attack"),
                    )
                )
        turret = next(
            (t for t in state["tokens"] if t["kind"] == "turret" and t["owner"] == char["id"]), None
        )
        if turret:
            probe = {
                "id": "turret",
                "side": "bugbuster",
                "at": turret["at"],
                "facing": turret["facing"],
                "kind": char["kind"],
                "seat": char["seat"],
                "lives": 1,
            }
            for _, _dx, target in self.ranged_targets_from(state, probe, self.ctx.const("turret_range")):
                out.append(
                    action(
                        f"turret:fire:{target['id']}",
                        f"Fire the turret at {self.name(target)}",
                        seat,
                        "ability",
                        target=target["id"],
                        cost=0,
                    )
                )
        if (
            ability["effect"] == "heal-partner"
            and buster["ap"] >= 1
            and buster.get("healed") != state["turn"]
        ):
            around = [tuple(sq) for sq in neighbours(char["at"])]
            for other in state["busters"]:
                mate = self.char_of(state, other["seat"])
                if (
                    mate is not char
                    and 0 < mate["lives"] < self.ctx.const("starting_lives")
                    and tuple(mate["at"]) in around
                ):
                    out.append(
                        action(
                            f"heal:{mate['id']}",
                            f"Heal {self.name(mate)} (+{values['lives']} life)",
                            seat,
                            "ability",
                            cost=1,
                        )
                    )
        if ability["effect"] == "sense-secrets":
            for token in state["tokens"]:
                if (
                    token["kind"] == "secret"
                    and not token.get("seen")
                    and tuple(token["at"]) in [tuple(sq) for sq in neighbours(char["at"])]
                ):
                    out.append(
                        action(
                            f"sense:{token['id']}",
                            f"Look at the secret token at {fmt(token['at'])}",
                            seat,
                            "ability",
                            cost=0,
                        )
                    )
        return out

    def ranged_targets_from(self, state, shooter, reach: int) -> list:
        out = []
        for _, dx, dy in self.rays(shooter["facing"]):
            for k, square in self.ray_squares(state, shooter["at"], dx, dy, reach):
                for target in self.chars_at(state, square):
                    if target["side"] == "bug":
                        out.append((k, dx, target))
                        break
        return out

    def extra_heal(self, state, char, buster, rest, chosen, events) -> None:
        mate = state["chars"][rest]
        mate["lives"] = min(
            self.ctx.const("starting_lives"), mate["lives"] + self.ability(state, char)["values"]["lives"]
        )
        buster["healed"] = state["turn"]
        events.append(
            event(
                f"{self.name(char)} heals {self.name(mate)}: {mate['lives']} lives.",
                "specials-profession-sheets",
            )
        )

    def extra_sense(self, state, char, buster, rest, chosen, events) -> None:
        token = next(t for t in state["tokens"] if t["id"] == rest)
        token["seen"] = True
        events.append(
            event(
                f"The secret token at {fmt(token['at'])} hides: {token['token']}.",
                "specials-secret-tokens",
            )
        )

    def use_turret(self, state, char, buster, rest, chosen, events) -> None:
        """ "After creating them, leave ammunition counters in them. The creator can activate the
        machine-gun at any time. It will shoot for a range of 6 squares. Once the ammunition is spent, the
        turret disappears."
        Ruling #ruling-turret."""
        if rest == "build":
            load = min(buster["ammo"], self.ability(state, char)["values"].get("ammo", 1))
            buster["ammo"] -= load
            state["tokens"].append(
                {
                    "id": "turret",
                    "kind": "turret",
                    "at": list(chosen["square"]),
                    "facing": char["facing"],
                    "owner": char["id"],
                    "ammo": load,
                }
            )
            events.append(
                event(
                    f"{self.name(char)} builds a machine-gun turret at {fmt(chosen['square'])} with "
                    f"{load} ammo.",
                    "specials-machine-gun-turrets",
                )
            )
            return
        turret = next(t for t in state["tokens"] if t["kind"] == "turret")
        target = state["chars"][chosen["target"]]
        turret["ammo"] -= 1
        faces = self.roll(state, self.attack_dice(state, char, "ranged"))
        hits, _ = self.tally(faces)
        events.append(self.roll_event("The turret", faces, hits, f"at {self.name(target)}"))
        dx = 1 if target["at"][0] > turret["at"][0] else -1
        self.damage_to(state, char, target, hits, events, ranged=True, origin=turret["at"])
        if target["id"] in state["chars"] and target["lives"] > 0 and hits:
            self.shove(state, target, dx, hits, events)
        if turret["ammo"] <= 0:
            state["tokens"].remove(turret)
            events.append(
                event("The turret is out of ammunition and disappears.", "specials-machine-gun-turrets")
            )

    # ----- switching at a POWERUP -----------------------------------------------------------------
    def choices_store(self, state, task) -> list:
        out = super().choices_store(state, task)
        buster = state["busters"][task["seat"]]
        if buster.get("profession"):
            other = self.ctx.professions[buster["profession"]]["abilities"][1 - buster.get("side", 0)]
            out.append(
                action(
                    "store:profession", f"Turn the profession sheet: {other['name']}", task["seat"], "store"
                )
            )
        return out

    def choose_store(self, state, task, chosen, events) -> None:
        if chosen["id"] != "store:profession":
            super().choose_store(state, task, chosen, events)
            return
        buster = state["busters"][task["seat"]]
        buster["side"] = 1 - buster.get("side", 0)
        name = self.ctx.professions[buster["profession"]]["abilities"][buster["side"]]["name"]
        events.append(
            event(
                f"{self.seat_name(task['seat'])} turns the profession sheet: {name}.",
                "specials-profession-sheets",
            )
        )
        self.push(state, dict(task))
