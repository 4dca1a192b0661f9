"""Obstacles for cover and the side of a blast's push (POWERUP Rulebook — Specials).

- Cover: "These will give us a cover of 2 armor points when our character is shot at. This only applies to
  shots coming through the square where the obstacle is. This square is blocked and no one can pass
  through it. You can melee attack a cover obstacle to destroy it. You'll need 3 hits in your roll to
  destroy it." (The square blocks as an obstacle: board.solid.)
- Blast push: a drum's blast pushes whoever stands in its centre, above or below it to a side. The source
  lets the victim choose where fire pushes ("They can choose the square"); our ruling: the victim's player
  chooses the side of a blast's push too (left or right, a side whose next square is open); a BUG goes the
  way it faces (Artificial Intelligence, Pushing: "the BUG that was pushed would move forward in the
  direction it is facing"), and so does a non-player character.

Our rulings (cover): a cover obstacle counts against a ranged attack (a shot, a grenade's or a drum's blast)
when it lies strictly between the attacker's square and the target's on a straight, vertical or 45-degree
line; a melee attack on it rolls the attacker's melee dice (no defence roll) for 1 AP, and one roll of 3
hits or more destroys it; the BUGs do not attack cover.
Rulings #ruling-cover, #ruling-drum-blast.
"""

from ..core.actions import action
from .board import DX
from .rules_base import Rules, event, fmt


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


class CoverRules(Rules):
    EXTRA_ACTIONS = {"breakcover": "extra_breakcover"}

    # ----- cover armor ---------------------------------------------------------------------
    def cover_armor(self, state, target, ranged: bool, origin=None) -> int:
        if not ranged or origin is None or list(origin) == target["at"]:
            return 0
        (ax, ay), (tx, ty) = origin, target["at"]
        dx, dy = tx - ax, ty - ay
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return 0
        steps = max(abs(dx), abs(dy))
        for k in range(1, steps):
            square = [ax + sign(dx) * k, ay + sign(dy) * k]
            if self.token_at(state, square, "cover"):
                return self.ctx.const("cover_armor")
        return 0

    # ----- breaking cover ----------------------------------------------------------------------
    def cover_in_reach(self, state, char) -> list:
        x, y = char["at"]
        dx = DX[char["facing"]]
        out = []
        for sx, sy in ((dx, 0), (dx, -1), (dx, 1), (0, -1), (0, 1)):
            cover = self.token_at(state, [x + sx, y + sy], "cover")
            if cover:
                out.append(cover)
        return out

    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        cost = self.ctx.cost("attack")
        if buster["ap"] < cost or buster.get("untouchable") or char.get("carried_by"):
            return out
        for cover in self.cover_in_reach(state, char):
            out.append(
                action(
                    f"breakcover:{cover['id']}",
                    f"Melee the cover obstacle at {fmt(cover['at'])} ({cost} AP; "
                    f"{self.ctx.const('cover_hits_to_destroy')} hits destroy it)",
                    seat,
                    "attack",
                    square=cover["at"],
                    cost=cost,
                )
            )
        return out

    def extra_breakcover(self, state, char, buster, rest, chosen, events) -> None:
        cover = next((t for t in state["tokens"] if t["id"] == rest), None)
        if cover is None:
            return
        weapon = self.equipped(state, char, "melee")
        faces = self.roll(state, self.attack_dice(state, char, "melee"))
        hits, pows = self.tally(faces)
        events.append(self.roll_event(self.name(char), faces, hits, "against the cover obstacle"))
        self.after_roll(state, char, faces, pows, weapon, events)
        if self.weapon_lost(state, char, weapon, events):
            return
        if hits >= self.ctx.const("cover_hits_to_destroy"):
            state["tokens"].remove(cover)
            events.append(
                event(
                    f"The cover obstacle at {fmt(cover['at'])} is destroyed.", "specials-obstacles-for-cover"
                )
            )
            for above in list(self.chars_at(state, [cover["at"][0], cover["at"][1] - 1])):
                self.settle(state, above, events)
        else:
            events.append(event("The cover obstacle holds.", "specials-obstacles-for-cover"))

    # ----- the side of a blast's push ------------------------------------------------------
    def blast_shove(self, state, victim, hits: int, events) -> None:
        """The push of a drum's blast on its centre, above or below it: the victim's player picks left or
        right (an open side); a BUG or a non-player character goes the way it faces.
        Ruling #ruling-drum-blast."""
        if victim["side"] != "bugbuster":
            self.shove(state, victim, DX[victim["facing"]], hits, events)
            return
        self.push(
            state,
            {"t": "blast_push", "seat": victim["seat"], "char": victim["id"], "hits": hits, "auto1": True},
        )

    def choices_blast_push(self, state, task) -> list:
        char = state["chars"].get(task["char"])
        if char is None or char["lives"] <= 0 or char["at"] is None or char.get("carried_by"):
            return []
        x, y = char["at"]
        return [
            action(
                f"blastpush:{name}",
                f"{self.name(char)} is blown {name} ({task['hits']} square{'s' * (task['hits'] != 1)})",
                task["seat"],
                "pushed",
                square=[x + dx, y],
            )
            for name, dx in (("left", -1), ("right", 1))
            if self.open_square(state, [x + dx, y])
        ]

    def choose_blast_push(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        dx = -1 if chosen["id"].endswith("left") else 1
        self.shove(state, char, dx, task["hits"], events, rule="specials-explosive-drums")

    def skip_blast_push(self, state, task, events) -> None:
        pass
