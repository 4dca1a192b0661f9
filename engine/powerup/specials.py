"""Explosive drums, grenades, fire, cover obstacles, and picking up and throwing an ally or a movable obstacle
(POWERUP Rulebook — Specials; Combat, Grenades; BUGBUSTER Actions, Pick up and Throw).

- Drums: "if you attack the drum with range weapon, you only need 1 hit for the drum to explode"; "The drums
  have an area damage in the shape of a cross, like grenades. If there is an obstacle, that square is not
  affected. The place where the drum exploded remains on fire." How hard the blast hits is not printed: it
  rolls `drum_blast_yellow_dice` (adapted, game.yaml).
- Grenades: "roll one yellow die to calculate [the range] [...] Start counting from the square next to where
  you threw the grenade"; our ruling: it flies along the line of shot the thrower chooses (ahead or 45
  degrees), stopping at the first character or before an obstacle, and costs no ammunition (it is single
  use). "The attack will occur both in the square it hits, as well as the adjacent cells (top, bottom, left
  and right). Unless there is an obstacle."
- Throwing: "roll your melee combat dice. The ally or obstacle will end up as many squares away as succes
  points achieved in that roll. If zero hits turn up, the ally or obstacle will fall in the next square.\"
Rulings #ruling-grenade-flight, #ruling-drum-blast, #ruling-pick-up-and-throw."""

from ..core.actions import action
from .board import DX
from .rules_base import Rules, event, fmt

CROSS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


class SpecialsRules(Rules):
    EXTRA_ACTIONS = {
        "shootdrum": "extra_shootdrum",
        "grenade": "extra_grenade",
        "pickup": "extra_pickup",
        "throw": "extra_throw",
    }

    # ----- blasts ---------------------------------------------------------------------------
    def blast(self, state, centre, hits_roll: dict, attacker, events, rule, weapon=None, dx=None) -> None:
        """Attack the centre and the four squares beside it (not an obstacle square) with one roll; a
        grenade pushes along its flight (`dx`), a drum's blast outwards, or to the victim's side.
        Rulings #ruling-drum-blast, #ruling-grenade-flight."""
        faces = self.roll(state, hits_roll)
        hits, pows = self.tally(faces)
        who = self.name(attacker) if attacker else "The blast"
        events.append(self.roll_event(who, faces, hits, f"in the blast at {fmt(centre)}"))
        if attacker is not None:
            self.after_roll(state, attacker, faces, pows, weapon, events)
        for ox, oy in CROSS:
            square = [centre[0] + ox, centre[1] + oy]
            if self.kind(square) in ("edge", "void") or (self.solid(state, square) and (ox, oy) != (0, 0)):
                continue
            for drum in [t for t in state["tokens"] if t["kind"] == "drum" and t["at"] == square]:
                if (ox, oy) != (0, 0):
                    self.explode_drum(state, drum, attacker, events)
            for victim in list(self.chars_at(state, square)):
                if victim["lives"] <= 0 or victim["id"] not in state["chars"]:
                    continue
                self.damage_to(
                    state, attacker or victim, victim, hits, events, weapon=weapon, ranged=True, origin=centre
                )
                if victim["id"] in state["chars"] and victim["lives"] > 0 and hits:
                    if ox or dx:
                        self.shove(state, victim, ox or dx, hits, events)
                    else:  # a drum's centre, above or below it: the victim's side (cover.py)
                        self.blast_shove(state, victim, hits, events)

    def explode_drum(self, state, drum, attacker, events) -> None:
        """A drum explodes: fire on its square, and a blast of `drum_blast_yellow_dice` (adapted) over the
        cross, set off by `attacker` (who scores its kills). Ruling #ruling-drum-blast."""
        if drum not in state["tokens"]:
            return
        state["tokens"].remove(drum)
        carrier = state["chars"].get(drum.pop("carried_by", None) or "")
        if carrier is not None:  # a carried drum caught in a blast goes off in its carrier's hands
            carrier.pop("carrying", None)
        square = drum["at"]
        events.append(
            event(f"The explosive drum at {fmt(square)} explodes!", "specials-explosive-drums", kind="blast")
        )
        state["next_id"] += 1
        state["tokens"].append({"id": f"fire-{state['next_id']}", "kind": "fire", "at": list(square)})
        self.blast(
            state,
            square,
            {"yellow": self.ctx.const("drum_blast_yellow_dice")},
            attacker,
            events,
            "specials-explosive-drums",
        )

    def drum_targets(self, state, char) -> list:
        """Drums in the line of shot within range: (distance, drum)."""
        reach = self.attack_range(state, char)
        out = []
        for _, dx, dy in self.rays(char["facing"]):
            x, y = char["at"]
            for k in range(1, reach + 1):
                square = [x + dx * k, y + dy * k]
                drum = self.token_at(state, square, "drum")
                if drum:
                    out.append((k, drum))
                    break
                if not self.sight_passes(state, square) or self.chars_at(state, square):
                    break
        return out

    # ----- the BUGBUSTER's choices ---------------------------------------------------------------
    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        ap = buster["ap"]
        attack = self.ctx.cost("attack")
        if (
            ap >= attack
            and buster["ammo"] > 0
            and self.ranged_allowed(state)
            and not buster.get("untouchable")
        ):
            for k, drum in self.drum_targets(state, char):
                out.append(
                    action(
                        f"shootdrum:{drum['id']}",
                        f"Shoot the explosive drum at {fmt(drum['at'])} ({k} away; 1 AP, 1 ammo)",
                        seat,
                        "attack",
                        square=drum["at"],
                        cost=attack,
                    )
                )
        weapon = self.equipped(state, char, "distance")
        if ap >= attack and weapon and weapon.get("range") == "yellow-die" and self.ranged_allowed(state):
            for name, _, _ in self.rays(char["facing"]):
                out.append(
                    action(
                        f"grenade:{name}",
                        f"Throw the {weapon['name']} {name} (range: a yellow die)",
                        seat,
                        "attack",
                        cost=attack,
                    )
                )
        cargo = char.get("carrying")
        if cargo is None and ap >= self.ctx.cost("pick-up"):
            square = [char["at"][0] + DX[char["facing"]], char["at"][1]]
            drum = self.token_at(state, square, "drum")
            allies = [c for c in self.chars_at(state, square) if not self.enemies(char, c)]
            if drum:
                out.append(
                    action(
                        f"pickup:token:{drum['id']}",
                        f"Pick up the explosive drum at {fmt(square)}",
                        seat,
                        "carry",
                        cost=self.ctx.cost("pick-up"),
                    )
                )
            for ally in allies:
                out.append(
                    action(
                        f"pickup:char:{ally['id']}",
                        f"Pick up {self.name(ally)}",
                        seat,
                        "carry",
                        cost=self.ctx.cost("pick-up"),
                    )
                )
        ahead = [char["at"][0] + DX[char["facing"]], char["at"][1]]
        if (
            cargo is not None
            and ap >= self.ctx.cost("throw")
            and not self.solid(state, ahead)
            and not self.chars_at(state, ahead)
        ):  # "If zero hits turn up, [it] will fall in the next square"
            out.append(
                action(
                    "throw",
                    f"Throw {self.cargo_name(state, cargo)} {char['facing']}",
                    seat,
                    "carry",
                    cost=self.ctx.cost("throw"),
                )
            )
        return out

    def cargo_name(self, state, cargo) -> str:
        return self.name(state["chars"][cargo["id"]]) if cargo["what"] == "char" else "the explosive drum"

    def extra_shootdrum(self, state, char, buster, rest, chosen, events) -> None:
        drum = next(t for t in state["tokens"] if t["id"] == rest)
        buster["ammo"] -= self.ctx.const("ranged_attack_ammo")
        faces = self.roll(state, self.attack_dice(state, char, "ranged"))
        hits, pows = self.tally(faces)
        events.append(self.roll_event(self.name(char), faces, hits, "at the explosive drum"))
        weapon = self.equipped(state, char, "distance")
        self.after_roll(state, char, faces, pows, weapon, events)
        if self.weapon_lost(state, char, weapon, events):
            hits = 0
        if hits >= self.ctx.const("drum_hits_to_explode"):
            self.explode_drum(state, drum, char, events)
        self.spent_ammo(state, char, events)

    def extra_grenade(self, state, char, buster, rest, chosen, events) -> None:
        self.throw_grenade(state, char, rest, events)

    def extra_pickup(self, state, char, buster, rest, chosen, events) -> None:
        what, _, ident = rest.partition(":")
        char["carrying"] = {"what": what, "id": ident}
        item = (
            state["chars"][ident] if what == "char" else next(t for t in state["tokens"] if t["id"] == ident)
        )
        item["carried_by"] = char["id"]
        item["at"] = list(char["at"])
        events.append(
            event(
                f"{self.name(char)} picks up {self.cargo_name(state, char['carrying'])}.",
                "action-pick-up",
            )
        )

    def extra_throw(self, state, char, buster, rest, chosen, events) -> None:
        self.throw_cargo(state, char, events)

    def throw_grenade(self, state, char, ray: str, events) -> None:
        """Along the chosen ray, as far as a yellow die's hits, stopping on the first character or before an
        obstacle; range 0 fizzles; no ammunition. Ruling #ruling-grenade-flight."""
        weapon = self.equipped(state, char, "distance")
        dx, dy = next((dx, dy) for name, dx, dy in self.rays(char["facing"]) if name == ray)
        reach_roll = self.roll(state, {"yellow": self.ctx.const("grenade_range_yellow_dice")})
        reach, _ = self.tally(reach_roll)
        events.append(
            event(
                f"{self.name(char)} throws the {weapon['name']}: range {reach} "
                f"({self.roll_text(reach_roll)}).",
                "combat-grenades",
            )
        )
        landing = None
        for _, square in self.ray_squares(state, char["at"], dx, dy, max(reach, 1)):
            landing = square
        if landing is not None and reach > 0:
            self.blast(
                state,
                landing,
                self.attack_dice(state, char, "ranged"),
                char,
                events,
                "combat-grenades",
                weapon=weapon,
                dx=dx,
            )
        else:
            events.append(event("The grenade falls short and fizzles.", "combat-grenades"))
        if weapon.get("destroyed_when") == "single-use":
            self.destroy(state, char, "distance", "single use", events)

    def throw_cargo(self, state, char, events) -> None:
        """Ahead, as many squares as the melee roll's hits (at least 1), stopping before an obstacle or a
        character; then gravity (a drum explodes where it rests). Ruling #ruling-pick-up-and-throw."""
        cargo = char.pop("carrying")
        faces = self.roll(state, self.attack_dice(state, char, "melee"))
        hits, _ = self.tally(faces)
        squares = max(hits, self.ctx.const("throw_zero_hits_squares"))
        dx = DX[char["facing"]]
        x, y = char["at"]
        at = [x, y]
        for _ in range(squares):
            nxt = [at[0] + dx, at[1]]
            if self.solid(state, nxt) or self.chars_at(state, nxt):
                break
            at = nxt
        name = self.cargo_name(state, cargo)
        events.append(
            event(
                f"{self.name(char)} throws {name} ({self.roll_text(faces)}): it flies to {fmt(at)}.",
                "action-throw",
            )
        )
        if cargo["what"] == "char":
            ally = state["chars"][cargo["id"]]
            ally.pop("carried_by", None)
            ally["at"] = at
            self.arrive(state, ally, events, how="fall")
            return
        drum = next(t for t in state["tokens"] if t["id"] == cargo["id"])
        drum.pop("carried_by", None)
        probe = {"side": "npc", "at": at, "lives": 1, "id": "probe"}
        rest = self.rest_square(state, probe, at) or at
        drum["at"] = rest  # "They explode in whatever square they fall on"
        self.explode_drum(state, drum, char, events)
