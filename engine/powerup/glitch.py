"""The GLITCH (POWERUP Rulebook — Glitches or Assault Vehicles; Basics): "These ships can fly on the outside
of the board. They can only move when there is a BUGBUSTER inside to pilot the vehicle. When a second
BUGBUSTER is on it, they will have access to weapons with a ranged attack of 6. The edges of the board aren't
obstacles to the GLITCH. Add the BUGBUSTER's own ranged attack roll to the Glitch's. No ammunition is spent.
For each action point that you spend piloting, the GLITCH moves 2 squares. The GLITCH can be attacked. It
has 2 armor points and 2 life points. Upon losing these life points, the vehicle explodes and kills the
passengers inside." Its numbers are content/powerup/vehicles/glitch.yaml; a layout places it
(`glitches: [{at: [x, y]}]`).

Our rulings (the source is silent):
- Getting in or out costs the vehicle's `board_cost` AP, from or to one of the 8 squares around it (out: an
  open, free square of the board; gravity then acts). At most `passengers` BUGBUSTERs ride it; a carried
  non-player character comes aboard with its carrier ("any number of non-player-characters").
- The first BUGBUSTER aboard pilots; when it leaves, the next one does. Only the pilot flies it; only the
  others shoot its weapons. Aboard, a BUGBUSTER does not walk, jump or make its own attacks.
- A flight goes straight, in one of 8 directions (sideways, up, down, 45 degrees), `squares_per_ap` squares
  (the pilot's GLITCH speed modifier added) or fewer, stopping before an obstacle or a character; it crosses
  the void and may leave the board by up to `margin` squares. Nothing it flies over is found.
- Its shot goes in any of the 8 directions up to its range, over the void and beyond the edges, stopping at
  an obstacle and at the first character (a BUG: the target). The roll is the vehicle's dice plus the
  gunner's own ranged dice (its sheet and its weapon's bonus dice), rolled at once: no ammunition, no weapon
  special action, no POW! trick; POW! faces still draw. A shot straight up or down pushes no one (pushes
  are sideways).
- The GLITCH is an obstacle to everyone outside it, lets lines of shot through, and is never pushed. An
  attack on a passenger hits the GLITCH (its armor, its lives; the passenger loses none and is not pushed).
  A blast next to it does not reach inside.
- When it explodes its passengers, and what they carry, are disintegrated (only a CONTINUE brings a
  BUGBUSTER back). Passengers are safe in the void; anyone outside it there dies (movement.py).
Ruling #ruling-glitch."""

from ..core.actions import action
from .board import BoardRules
from .dice import dice_sum
from .rules_base import Rules, event, fmt

DIRS = {
    "left": (-1, 0),
    "right": (1, 0),
    "up": (0, -1),
    "down": (0, 1),
    "up-left": (-1, -1),
    "up-right": (1, -1),
    "down-left": (-1, 1),
    "down-right": (1, 1),
}
GROUNDED = frozenset({"move", "jump", "shoot", "melee", "shootdrum", "grenade", "pickup", "throw"})


class GlitchRules(Rules):
    EXTRA_ACTIONS = {"glitch": "extra_glitch"}

    # ----- the vehicle ----------------------------------------------------------------------
    def vehicle(self) -> dict:
        return self.ctx.data["vehicles"]["glitch"]

    def place_glitches(self, state) -> None:
        for n, g in enumerate(self.ctx.layout.get("glitches", [])[: self.vehicle()["tokens"]]):
            state["tokens"].append(
                {
                    "id": f"glitch-{n + 1}",
                    "kind": "glitch",
                    "at": list(g["at"]),
                    "lives": self.vehicle()["lives"],
                    "aboard": [],
                }
            )

    def glitch_at(self, state, square):
        square = list(square)
        for t in state["tokens"]:
            if t["kind"] == "glitch" and t["at"] == square:
                return t
        return None

    def glitch_of(self, state, char):
        gid = char.get("in_glitch")
        return next((t for t in state["tokens"] if t["id"] == gid), None) if gid else None

    def in_flight_bounds(self, square) -> bool:
        m = self.vehicle()["margin"]
        return -m <= square[0] < self.ctx.width + m and -m <= square[1] < self.ctx.height + m

    # ----- the board around it ---------------------------------------------------------------
    # The GLITCH is an obstacle where it is (board.solid reads this).
    BLOCKING_TOKENS = (*BoardRules.BLOCKING_TOKENS, "glitch")

    def sight_passes(self, state, square) -> bool:
        return self.glitch_at(state, square) is not None or super().sight_passes(state, square)

    def ray_squares(self, state, start, dx, dy, reach: int):
        """A line of shot also reaches the GLITCH over the void or beyond the edge."""
        x, y = start
        for k in range(1, reach + 1):
            square = [x + dx * k, y + dy * k]
            if self.glitch_at(state, square) is None and (
                self.kind(square) in ("edge", "void") or not self.sight_passes(state, square)
            ):
                return
            yield k, square
            if self.chars_at(state, square):
                return

    def relocate(self, state, char, square) -> None:
        """A passenger moved anywhere but with its GLITCH has left it."""
        glitch = self.glitch_of(state, char)
        if glitch is not None and list(square) != glitch["at"]:
            self.leave_glitch(state, char, glitch)
        super().relocate(state, char, square)

    def shove(self, state, char, dx: int, squares: int, events, rule="movement-pushing-enemies") -> None:
        if char.get("in_glitch"):
            return  # the GLITCH is not pushed
        super().shove(state, char, dx, squares, events, rule)

    def damage_to(
        self, state, attacker, target, hits: int, events, weapon=None, ranged=False, origin=None
    ) -> int:
        glitch = self.glitch_of(state, target)
        if glitch is None:
            return super().damage_to(
                state, attacker, target, hits, events, weapon=weapon, ranged=ranged, origin=origin
            )
        net = hits - self.vehicle()["armor"]
        lost = self.damage_lives(net) if net > 0 else 0
        if not lost:
            events.append(event("The GLITCH's armor stops the hits.", "glitches-or-assault-vehicles"))
            return 0
        glitch["lives"] = max(0, glitch["lives"] - lost)
        events.append(
            event(
                f"The GLITCH loses {lost} li{'ves' if lost > 1 else 'fe'} ({glitch['lives']} left).",
                "glitches-or-assault-vehicles",
                kind="damage",
            )
        )
        if glitch["lives"] == 0:
            self.explode_glitch(state, glitch, events)
        return 0

    def explode_glitch(self, state, glitch, events) -> None:
        """ "Upon losing these life points, the vehicle explodes and kills the passengers inside".
        Ruling #ruling-glitch."""
        state["tokens"].remove(glitch)
        events.append(
            event(
                f"The GLITCH explodes at {self.spot(glitch['at'])}!",
                "glitches-or-assault-vehicles",
                kind="blast",
            )
        )
        for cid in glitch["aboard"]:
            char = state["chars"][cid]
            char.pop("in_glitch", None)
            cargo = char.get("carrying")
            if cargo and cargo["what"] == "char":
                self.kill(state, state["chars"][cargo["id"]], events, disintegrate=True)
            self.kill(state, char, events, disintegrate=True)
            char["at"] = None
        glitch["aboard"] = []

    # ----- getting in and out ------------------------------------------------------------------
    def board_glitch(self, state, char, glitch, events) -> None:
        riders = self.stack_above(state, char)
        char["in_glitch"] = glitch["id"]
        glitch["aboard"].append(char["id"])
        self.relocate(state, char, glitch["at"])
        events.append(
            event(
                f"{self.name(char)} gets into the GLITCH.", "glitches-or-assault-vehicles", seat=char["seat"]
            )
        )
        for rider in riders:
            self.settle(state, rider, events)

    def leave_glitch(self, state, char, glitch) -> None:
        char.pop("in_glitch", None)
        if char["id"] in glitch["aboard"]:
            glitch["aboard"].remove(char["id"])

    # ----- a BUGBUSTER's choices ---------------------------------------------------------------
    def choices_act(self, state, task) -> list:
        out = super().choices_act(state, task)
        char = self.char_of(state, task["seat"])
        if char.get("in_glitch"):
            out = [a for a in out if a["id"].partition(":")[0] not in GROUNDED]
        return out

    def extra_choices(self, state, char, seat) -> list:
        """Getting in or out, flying (the pilot) and shooting (the others). Ruling #ruling-glitch."""
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        ap, cost = buster["ap"], self.vehicle()["board_cost"]
        glitch = self.glitch_of(state, char)
        if glitch is None:
            if ap < cost:
                return out
            for t in state["tokens"]:
                busters = [c for c in t.get("aboard", []) if state["chars"][c]["side"] == "bugbuster"]
                if (
                    t["kind"] == "glitch"
                    and max(abs(t["at"][0] - char["at"][0]), abs(t["at"][1] - char["at"][1])) == 1
                    and len(busters) < self.vehicle()["passengers"]
                ):
                    out.append(
                        action(
                            f"glitch:board:{t['id']}",
                            f"Get into the GLITCH at {self.spot(t['at'])} ({cost} AP)",
                            seat,
                            "glitch",
                            square=t["at"],
                            cost=cost,
                        )
                    )
            return out
        x, y = glitch["at"]
        if ap >= cost:
            for name, (dx, dy) in DIRS.items():
                square = [x + dx, y + dy]
                if (
                    self.kind(square) != "edge"
                    and self.open_square(state, square)
                    and self.free_for(state, char, square)
                ):
                    out.append(
                        action(
                            f"glitch:out:{name}",
                            f"Get out of the GLITCH to {fmt(square)} ({cost} AP)",
                            seat,
                            "glitch",
                            square=square,
                            cost=cost,
                        )
                    )
        pilot = glitch["aboard"][0] == char["id"]
        if pilot and ap >= self.ctx.cost("move"):
            for name in DIRS:
                path = self.flight(state, char, glitch, name)
                if path:
                    out.append(
                        action(
                            f"glitch:fly:{name}",
                            f"Fly the GLITCH {name} to {self.spot(path[-1])} (1 AP)",
                            seat,
                            "glitch",
                            square=path[-1],
                            cost=self.ctx.cost("move"),
                        )
                    )
        shot = self.ctx.cost("attack")
        if not pilot and ap >= shot and not buster.get("untouchable"):
            for k, target in self.glitch_targets(state, char, glitch):
                out.append(
                    action(
                        f"glitch:shoot:{target['id']}",
                        f"Fire the GLITCH's weapons at {self.name(target)} ({k} away; {shot} AP, no ammo)",
                        seat,
                        "attack",
                        target=target["id"],
                        square=target["at"],
                        cost=shot,
                    )
                )
        return out

    def flight(self, state, pilot, glitch, direction: str) -> list:
        """The squares a flight crosses, its end last: "the GLITCH moves 2 squares" per AP.
        Ruling #ruling-glitch."""
        dx, dy = DIRS[direction]
        squares = self.vehicle()["squares_per_ap"] + self.stat_bonus(state, pilot, "glitch-speed")
        path, (x, y) = [], glitch["at"]
        for k in range(1, squares + 1):
            square = [x + dx * k, y + dy * k]
            if not self.in_flight_bounds(square) or self.chars_at(state, square):
                break
            if self.kind(square) != "edge" and self.solid(state, square):
                break
            path.append(square)
        return path

    def glitch_rays(self, state, glitch, attacker):
        """(distance, ray dx, the first character) on each of the 8 directions within range."""
        for dx, dy in DIRS.values():
            x, y = glitch["at"]
            for k in range(1, self.vehicle()["range"] + 1):
                square = [x + dx * k, y + dy * k]
                if not self.in_flight_bounds(square):
                    break
                if self.kind(square) not in ("edge", "void") and not super().sight_passes(state, square):
                    break
                found = self.chars_at(state, square)
                if found:
                    yield k, dx, found[0]
                    break

    def glitch_targets(self, state, char, glitch) -> list:
        return [
            (k, t)
            for k, _dx, t in self.glitch_rays(state, glitch, char)
            if self.enemies(char, t) and self.attackable(state, t)
        ]

    def extra_glitch(self, state, char, buster, rest, chosen, events) -> None:
        what, _, arg = rest.partition(":")
        if what == "board":
            self.board_glitch(state, char, next(t for t in state["tokens"] if t["id"] == arg), events)
        elif what == "out":
            self.leave_glitch(state, char, self.glitch_of(state, char))
            self.relocate(state, char, chosen["square"])
            events.append(
                event(
                    f"{self.name(char)} gets out of the GLITCH to {fmt(chosen['square'])}.",
                    "glitches-or-assault-vehicles",
                )
            )
            self.arrive(state, char, events, how="walk")
        elif what == "fly":
            self.fly(state, char, arg, events)
        else:
            self.glitch_shot(state, char, state["chars"][arg], events)

    def fly(self, state, pilot, direction: str, events) -> None:
        glitch = self.glitch_of(state, pilot)
        old = list(glitch["at"])
        above = self.stack_above(state, {"at": old})
        glitch["at"] = self.flight(state, pilot, glitch, direction)[-1]
        for cid in glitch["aboard"]:
            self.relocate(state, state["chars"][cid], glitch["at"])
        events.append(
            event(
                f"{self.name(pilot)} flies the GLITCH from {self.spot(old)} to {self.spot(glitch['at'])}.",
                "glitches-or-assault-vehicles",
                seat=pilot["seat"],
            )
        )
        for rider in above:
            self.settle(state, rider, events)

    def glitch_shot(self, state, gunner, target, events) -> None:
        """ "Add the BUGBUSTER's own ranged attack roll to the Glitch's. No ammunition is spent".
        Ruling #ruling-glitch."""
        glitch = self.glitch_of(state, gunner)
        dx = next((d for k, d, t in self.glitch_rays(state, glitch, gunner) if t is target), None)
        if dx is None:
            events.append(event(f"{self.name(target)} is out of the line of shot.", "basics-line-of-shot"))
            return
        faces = self.roll(state, dice_sum(self.vehicle()["dice"], self.attack_dice(state, gunner, "ranged")))
        hits, pows = self.tally(faces)
        events.append(
            self.roll_event(self.name(gunner), faces, hits, f"firing the GLITCH at {self.name(target)}")
        )
        self.after_roll(state, gunner, faces, pows, None, events)
        self.damage_to(state, gunner, target, hits, events, ranged=True)
        if dx and hits and target["id"] in state["chars"] and target["lives"] > 0:
            self.shove(state, target, dx, hits, events)
