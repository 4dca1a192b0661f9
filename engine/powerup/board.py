"""The side-view board: what each square is, what stands where, what holds a character up, and what a
character sees ahead (POWERUP Rulebook — Basics)."""

from .rules_base import SOLID_KINDS, SUPPORTING_KINDS, Rules, fmt

LEFT, RIGHT = "left", "right"
DX = {LEFT: -1, RIGHT: 1}


def other_way(facing: str) -> str:
    return LEFT if facing == RIGHT else RIGHT


class BoardRules(Rules):
    # ----- squares ------------------------------------------------------------
    def kind(self, square) -> str:
        """The square's kind; "edge" beyond the board (an obstacle: "It is considered that at the edge of
        the board there is an obstacle"), "void" where no tile lies inside it."""
        x, y = square
        ctx = self.ctx
        if not (0 <= x < ctx.width and 0 <= y < ctx.height):
            return "edge"
        return ctx.grid[y][x] or "void"

    def spot(self, square) -> str:
        """A square in words: its notation ("c4") on the board; beyond an edge, where only the GLITCH
        flies, the board square it lies next to and on which side ("the off-board square left of a3")."""
        x, y = square
        near = [min(max(x, 0), self.ctx.width - 1), min(max(y, 0), self.ctx.height - 1)]
        sides = []
        for past, word in (
            (near[1] - y, "above"),
            (y - near[1], "below"),
            (near[0] - x, "left of"),
            (x - near[0], "right of"),
        ):
            if past > 0:
                sides.append(word if past == 1 else f"{past} squares {word}")
        if not sides:
            return fmt(square)
        return f"the off-board square {' and '.join(sides)} {fmt(near)}"

    def token_at(self, state, square, kind: str):
        """The first token of a kind (drum, cover, powerup, secret) lying, not carried, on a square."""
        for t in state["tokens"]:
            if t["kind"] == kind and t["at"] == square and not t.get("carried_by"):
                return t
        return None

    # The token kinds that make their square an obstacle while they lie on it (not carried).
    BLOCKING_TOKENS = ("drum", "cover")

    def solid(self, state, square) -> bool:
        """An obstacle: the board's edge, an obstacle square, a drum or a cover obstacle."""
        kind = self.kind(square)
        if kind == "edge" or kind in SOLID_KINDS:
            return True
        blocking = self.BLOCKING_TOKENS
        # a plain loop: read a million times a game, where a generator costs twice as much
        for t in state["tokens"]:
            if t["at"] == square and t["kind"] in blocking and not t.get("carried_by"):
                return True
        return False

    def sight_passes(self, state, square) -> bool:
        """A square a line of shot passes: not an obstacle, but the yellow stairs, which "DOES allow sight
        and attack".
        Ruling #ruling-line-of-shot."""
        kind = self.kind(square)
        if kind == "edge" or kind == "void":
            return False
        if kind == "yellow-stair":
            return True
        return not self.solid(state, square) or self.token_at(state, square, "cover") is not None

    # ----- characters -----------------------------------------------------------
    def chars_at(self, state, square, alive_only: bool = True) -> list:
        found = []
        for c in state["chars"].values():
            if c["at"] == square and (c["lives"] > 0 or not alive_only) and not c.get("carried_by"):
                found.append(c)
        return found

    def standing(self, state) -> list:
        """Every living character on the board, in a stable order."""
        return [c for c in state["chars"].values() if c["lives"] > 0 and c["at"] is not None]

    def is_flying(self, char) -> bool:
        return char["side"] == "bug" and "flying" in self.ctx.sheet(char["kind"]).get("abilities", [])

    def immovable(self, char) -> bool:
        """Never pushed, never falling: the BUGMISTRESS, whose card "occupies 1 square completely".
        Ruling #ruling-bugmistress-moves."""
        return char["side"] == "bug" and self.ctx.sheet(char["kind"]).get("immovable", False)

    def supported(self, state, char) -> bool:
        """Whether nothing makes the character fall: "Your character may be in any square that has an
        obstacle underneath", a ladder or a staircase it is on, or a character beneath it (walking over
        heads); a flying BUG "does not need an obstacle underneath it".
        Ruling #ruling-ladders."""
        if self.is_flying(char) or char.get("in_glitch") or self.immovable(char):
            return True
        x, y = char["at"]
        if self.kind([x, y]) in ("ladder", "automatic-staircase"):
            return True
        below = [x, y + 1]
        kind = self.kind(below)
        if kind == "edge" or kind in SUPPORTING_KINDS or self.solid(state, below):
            return True
        return any(c is not char for c in self.chars_at(state, below))

    def stack_above(self, state, char) -> list:
        """The characters standing on this one's head, and on theirs, bottom first."""
        out, x, y = [], char["at"][0], char["at"][1]
        while True:
            y -= 1
            above = [c for c in self.chars_at(state, [x, y]) if not self.is_flying(c)]
            if not above:
                return out
            out += above

    def enemies(self, a, b) -> bool:
        """BUGs against everyone else (BUGBUSTERs and non-player characters are allies)."""
        return (a["side"] == "bug") != (b["side"] == "bug")

    # ----- sight ----------------------------------------------------------------
    def rays(self, facing: str) -> list:
        """The line of shot's directions: "squares straight ahead and at a 45 degree angle".
        Ruling #ruling-line-of-shot."""
        dx = DX[facing]
        return [("ahead", dx, 0), ("up", dx, -1), ("down", dx, 1)]

    def ray_squares(self, state, start, dx, dy, reach: int):
        """The squares a line of shot crosses from `start`, up to `reach` squares, stopping after the
        first character and before an obstacle (the yellow stairs let it through).
        Ruling #ruling-line-of-shot."""
        x, y = start
        for k in range(1, reach + 1):
            square = [x + dx * k, y + dy * k]
            if self.kind(square) in ("edge", "void") or not self.sight_passes(state, square):
                return
            yield k, square
            if self.chars_at(state, square):
                return

    def sees(self, state, char, reach: int = 99) -> list:
        """The characters in the line of shot of `char`, nearest first: (distance, character)."""
        seen = []
        for _, dx, dy in self.rays(char["facing"]):
            for k, square in self.ray_squares(state, char["at"], dx, dy, reach):
                seen += [(k, c) for c in self.chars_at(state, square) if c is not char]
        return sorted(seen, key=lambda kc: (kc[0], kc[1]["id"]))
