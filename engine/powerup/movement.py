"""Moving on the side-view board: steps, ladders, staircases, gateways, gravity and lethal falls, pushes
and chains of pushed characters, walking over heads, and what a square does to whoever arrives (POWERUP
Rulebook — Movement, Basics: Types of squares)."""

from .board import DX, LEFT, RIGHT, BoardRules
from .rules_base import event, fmt


class MovementRules(BoardRules):
    # ----- where a character may go ------------------------------------------------
    def free_for(self, state, char, square, moving: int = 1) -> bool:
        """Nobody there but what `char` may share a square with: a TEAM 4 stack of its own kind ("You can
        stack up to 4 of these BUGs in the same square") with room for the `moving` BUGs coming (a pushed
        stack moves as one), or its own cargo.
        Rulings #ruling-team-stacks, #ruling-spawn-square."""
        others = [c for c in self.chars_at(state, square) if c is not char]
        if not others:
            return True
        team = self.team_size(char)
        return (
            team > 1
            and all(c["kind"] == char["kind"] and c["side"] == "bug" for c in others)
            and len(others) + moving <= team
        )

    def team_size(self, char) -> int:
        if char["side"] != "bug":
            return 1
        abilities = self.ctx.sheet(char["kind"]).get("abilities", [])
        return self.ctx.const("team_stack_max") if "team-4" in abilities else 1

    def open_square(self, state, square) -> bool:
        """Not an obstacle and not beyond the board's edge (the void inside it may be entered: it kills)."""
        return not self.solid(state, square)

    def vertical_ok(self, a, b) -> bool:
        """Up or down only "if there are stairs": a ladder in either square.
        Ruling #ruling-ladders."""
        return "ladder" in (self.kind(a), self.kind(b))

    # ----- displacement ------------------------------------------------------------
    def relocate(self, state, char, square) -> None:
        char["at"] = list(square)
        cargo = char.get("carrying")
        if cargo:
            self.carried(state, cargo)["at"] = list(square)

    def carried(self, state, ref: dict) -> dict:
        """A carried ally (a character) or movable obstacle (a token)."""
        if ref["what"] == "char":
            return state["chars"][ref["id"]]
        return next(t for t in state["tokens"] if t["id"] == ref["id"])

    def walk(self, state, char, square, events, rule="action-move", verb="moves") -> None:
        """Move a character one square (and the ones standing on its head with it: "If the character at
        the bottom moves, it will take the others with him"), then let the square and gravity act.
        Ruling #ruling-walking-over-heads."""
        dx, dy = square[0] - char["at"][0], square[1] - char["at"][1]
        carrier = state["chars"].get(char.pop("carried_by", None) or "")
        if carrier is not None:  # a carried ally that moves gets down
            carrier.pop("carrying", None)
        riders = self.stack_above(state, char)
        self.relocate(state, char, square)
        events.append(event(f"{self.name(char)} {verb} to {fmt(square)}.", rule))
        stranded = []
        for rider in riders:
            target = [rider["at"][0] + dx, rider["at"][1] + dy]
            if self.open_square(state, target) and self.free_for(state, rider, target):
                self.relocate(state, rider, target)
            else:
                stranded.append(rider)  # "the top character is blocked by an obstacle [...] will fall down"
        self.arrive(state, char, events, how="walk")
        for rider in riders:
            if rider["lives"] > 0:
                self.settle(state, rider, events)

    def arrive(self, state, char, events, how: str) -> None:
        """What the square does to a character arriving by a walk, a fall or a push, then gravity.
        Rulings #ruling-automatic-staircase, #ruling-spikes-and-fire."""
        if char["lives"] <= 0 or char["at"] is None:
            return
        square, kind = char["at"], self.kind(char["at"])
        if kind == "void":
            events.append(event(f"{self.name(char)} is in the void off the board and dies.", "basics"))
            self.kill(state, char, events, disintegrate=True)
            return
        if kind == "acid":
            events.append(
                event(f"{self.name(char)} falls into acid and disintegrates.", "basics-types-of-squares")
            )
            self.kill(state, char, events, disintegrate=True)
            return
        if kind == "automatic-staircase":
            above = [square[0], square[1] - 1]
            if self.open_square(state, above) and not self.chars_at(state, above):
                events.append(
                    event(f"The automatic staircase carries {self.name(char)} up.", "basics-types-of-squares")
                )
                self.relocate(state, char, above)
                self.arrive(state, char, events, how="walk")
                return
        if self.token_at(state, square, "fire") and not char.get("burnt"):
            events.append(
                event(
                    f"{self.name(char)} enters the burning square: 1 damage point.",
                    "specials-explosive-drums",
                )
            )
            self.hurt(state, char, 1, events, rule="specials-explosive-drums")
            if char["lives"] > 0:
                self.push(
                    state,
                    {"t": "side_push", "char": char["id"], "from": "fire", "auto1": char["side"] == "bug"},
                )
            return
        if kind == "spike-trap" and how in ("fall", "push"):
            events.append(
                event(f"{self.name(char)} lands on a spike trap: 1 damage point.", "basics-types-of-squares")
            )
            self.hurt(state, char, 1, events, rule="basics-types-of-squares")
            if char["lives"] > 0:
                self.push(
                    state,
                    {"t": "side_push", "char": char["id"], "from": "spikes", "auto1": char["side"] == "bug"},
                )
            return
        if not self.supported(state, char):
            self.fall(state, char, events)
            return
        self.landed(state, char, events, how)

    def settle(self, state, char, events) -> None:
        """Gravity for a character whose support may have gone."""
        if char["lives"] > 0 and char["at"] is not None and not self.supported(state, char):
            self.fall(state, char, events)

    def fall(self, state, char, events) -> None:
        """ "gravity's effect will make it fall to the next square below with an obstacle"; more than one
        square loses "as many life points as the number of squares fallen, minus one".
        Ruling #ruling-facing-after-a-fall."""
        start, fallen = list(char["at"]), 0
        while not self.supported(state, char):
            below = [char["at"][0], char["at"][1] + 1]
            riders = self.stack_above(state, char)
            self.relocate(state, char, below)
            for rider in riders:
                self.relocate(state, rider, [rider["at"][0], rider["at"][1] + 1])
            fallen += 1
            if self.kind(below) in ("void", "acid"):
                break
        events.append(
            event(
                f"{self.name(char)} falls {fallen} square{'s' * (fallen != 1)} from "
                f"{fmt(start)} to {fmt(char['at'])}.",
                "movement-gravity-falling",
            )
        )
        if self.kind(char["at"]) not in ("void", "acid") and fallen > 1:
            lost = fallen - 1
            events.append(
                event(
                    f"A fall of {fallen} squares: {self.name(char)} loses {lost} "
                    f"li{'ves' if lost > 1 else 'fe'}.",
                    "movement-lethal-falls",
                )
            )
            self.lose_lives(state, char, lost, events, rule="movement-lethal-falls")
        self.arrive(state, char, events, how="fall")
        if char["lives"] > 0 and char["side"] == "bugbuster":
            self.push(state, {"t": "face_after", "char": char["id"], "why": "fall"})

    def landed(self, state, char, events, how: str) -> None:
        """A character at rest on a square: what BUGBUSTERs find there (coins, secrets, POWERUPs)."""
        if char["side"] == "bugbuster":
            self.found(state, char, events)

    def found(self, state, char, events) -> None:
        """Overridden by the specials and POWERUP rules (coins, secret tokens, POWERUPs)."""

    # ----- pushes ----------------------------------------------------------------
    def shove(self, state, char, dx: int, squares: int, events, rule="movement-pushing-enemies") -> None:
        """Push a character `squares` squares sideways: "If you push a character and it bumps into
        another, the movement affects them both"; a carrier drops its cargo where it stood (only when the push
        moves it); a rider the push leaves behind falls, the riders above it stay on it.
        Rulings #ruling-pushes, #ruling-team-stacks, #ruling-walking-over-heads."""
        if self.immovable(char):  # Ruling #ruling-bugmistress-moves
            events.append(event(f"{self.name(char)} cannot be pushed.", rule))
            return
        cargo = None  # dropped on the first square the carrier is pushed (none if it does not move)
        moved, left_behind = 0, []
        for _ in range(squares):
            if char["lives"] <= 0:
                break
            target = [char["at"][0] + dx, char["at"][1]]
            if not self.open_square(state, target) or not self.make_room(state, char, target, dx, events):
                break
            carrier = state["chars"].get(char.get("carried_by") or "")
            if carrier is not None:  # a carried ally pushed off its carrier gets down (as when it walks)
                char.pop("carried_by")
                carrier.pop("carrying", None)
            if moved == 0 and char.get("carrying"):
                cargo = char.pop("carrying")
                self.carried(state, cargo).pop("carried_by", None)
                events.append(
                    event(f"{self.name(char)} is pushed and drops what it carried.", "action-pick-up")
                )
            riders = self.stack_above(state, char)
            team = [
                c
                for c in self.chars_at(state, char["at"])
                if c is not char
                and c["side"] == "bug"
                and char["side"] == "bug"
                and c["kind"] == char["kind"]
                and (not cargo or c["id"] != cargo["id"])
            ]
            self.relocate(state, char, target)
            for mate in team:  # a TEAM 4 stack moves as one
                self.relocate(state, mate, target)
            for rider in riders:  # bottom first: a blocked rider keeps the ones above it
                over = [rider["at"][0] + dx, rider["at"][1]]
                if not self.open_square(state, over) or self.chars_at(state, over):
                    left_behind.append(rider)
                    break
                self.relocate(state, rider, over)
            moved += 1
            if (
                self.kind(target) in ("void", "acid", "spike-trap")
                or self.token_at(state, target, "fire")
                or not self.supported(state, char)
            ):
                break
        if moved:
            events.append(
                event(
                    f"{self.name(char)} is pushed {moved} square{'s' * (moved != 1)} to {fmt(char['at'])}.",
                    rule,
                )
            )
        if cargo:
            self.settle(state, self.carried(state, cargo), events) if cargo["what"] == "char" else None
        for mate in [c for c in self.chars_at(state, char["at"]) if c is not char and c["side"] == "bug"]:
            self.settle(state, mate, events)
        for rider in left_behind:  # its support went on without it (and those above it fall with it)
            self.settle(state, rider, events)
        self.arrive(state, char, events, how="push")
        if cargo and cargo["what"] == "char":
            self.arrive(state, self.carried(state, cargo), events, how="fall")

    def make_room(self, state, char, target, dx, events) -> bool:
        """Whoever stands on `target` is pushed along first; False if they cannot move."""
        ahead = [c for c in self.chars_at(state, target) if c is not char]
        if not ahead:
            return True
        stack = [
            c for c in self.chars_at(state, char["at"]) if c["kind"] == char["kind"] and c["side"] == "bug"
        ]
        if self.free_for(state, char, target, moving=max(1, len(stack))):
            return True
        first = ahead[0]
        beyond = [target[0] + dx, target[1]]
        if not self.open_square(state, beyond):
            return False
        self.shove(state, first, dx, 1, events, rule="movement-pushing-enemies")
        # a carrier pushed away leaves its cargo on `target`: a dropped drum blocks the square like any other
        others = [c for c in self.chars_at(state, target) if c is not char]
        return self.open_square(state, target) and not others

    # ----- the moves a character may make -------------------------------------------
    def step_targets(self, state, char) -> list:
        """(id, label, square, rule) for each 1-square move: ahead, backwards (moonwalking), up and down a
        ladder."""
        x, y = char["at"]
        dx = DX[char["facing"]]
        out = []
        for name, square in (("ahead", [x + dx, y]), ("back", [x - dx, y])):
            square = self.stepped_onto(state, square)
            if square and self.open_square(state, square):
                out.append((name, square))
        for name, square in (("up", [x, y - 1]), ("down", [x, y + 1])):
            if self.vertical_ok(char["at"], square) and self.open_square(state, square):
                out.append((name, square))
        return out

    def stepped_onto(self, state, square):
        """A sideways step into the yellow stairs ends on the square above it ("It also allows automatic
        upward movement, at no cost").
        Ruling #ruling-yellow-stairs."""
        if self.kind(square) == "yellow-stair":
            above = [square[0], square[1] - 1]
            return above if self.open_square(state, above) else None
        return square

    def jump_targets(self, state, char) -> list:
        """("straight" | "diagonal", the square the jump ends on): a straight jump clears the square ahead
        and lands beyond it; a diagonal one goes 45 degrees up ahead.
        Ruling #ruling-jumps."""
        x, y = char["at"]
        dx = DX[char["facing"]]
        out = []
        over, beyond = [x + dx, y], [x + 2 * dx, y]
        if self.open_square(state, over) and self.open_square(state, beyond):
            out.append(("straight", beyond))
        head, up = [x, y - 1], [x + dx, y - 1]
        if self.open_square(state, head) and self.open_square(state, up):
            out.append(("diagonal", up))
        return out

    def face(self, char, facing: str) -> None:
        char["facing"] = facing


__all__ = ["DX", "LEFT", "RIGHT", "MovementRules"]
