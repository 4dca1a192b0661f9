"""Where a BUG can get to: a breadth-first search over its moves (step ahead, flip, ladders, jumps,
and gravity after each), counting moves, not AP, used by the Artificial Intelligence to walk
"towards" a target.
Ruling #ruling-bug-pathing."""

from collections import deque

from .board import DX, other_way
from .rules_base import Rules


class PathingRules(Rules):
    def landing(self, state, char, square):
        """Where a character would come to rest from `square` (gravity over the board's squares, not over
        characters): (square, squares fallen, "void" | "acid" | None where it would end)."""
        if self.is_flying(char):
            return square, 0, None
        x, y = square
        while True:
            kind = self.kind([x, y])
            if kind in ("void", "acid"):
                return [x, y], y - square[1], kind
            if kind in ("ladder", "automatic-staircase"):
                break
            below = [x, y + 1]
            under = self.kind(below)
            if under == "edge" or under in ("ladder", "automatic-staircase") or self.solid(state, below):
                break
            y += 1
        return [x, y], y - square[1], None

    def rest_square(self, state, char, square, safe: bool = False):
        """Where a character would come to rest from `square`, or None if that is the void or acid; with
        `safe`, None too where the fall would take all its lives ("as many life points as the number of
        squares fallen, minus one"): the AI never sends a BUG to a death its rules do not ask for.
        Ruling #ruling-bug-pathing."""
        rest, fallen, deadly = self.landing(state, char, square)
        if deadly or (safe and fallen - 1 >= char["lives"]):
            return None
        return rest

    def landing_warning(self, state, char, square) -> str:
        """What a move's label warns of: a deadly landing, or the lives a long fall costs."""
        _rest, fallen, deadly = self.landing(state, char, square)
        if deadly == "acid":
            return " (falls into the acid: deadly)"
        if deadly == "void":
            return " (into the void off the board: deadly)"
        if fallen > 1:
            lost = fallen - 1
            return f" (falls {fallen} squares: loses {lost} li{'ves' if lost > 1 else 'fe'})"
        return ""

    def bug_moves(self, state, char, square, facing):
        """(move, cost, square, facing) the BUG could make from a position, ignoring who stands where, but
        for a jump onto someone who is not a BUG. Rulings #ruling-bug-pathing, #ruling-bug-pushes."""
        x, y = square
        dx = DX[facing]
        out = [("flip", 1, square, other_way(facing))]
        flying = self.is_flying(char)
        ahead = self.stepped_onto(state, [x + dx, y])
        if ahead and self.open_square(state, ahead):
            rest = self.rest_square(state, char, ahead, safe=True)
            if rest:
                out.append(("ahead", 1, rest, facing))
        for name, sq in (("up", [x, y - 1]), ("down", [x, y + 1])):
            if (flying or self.vertical_ok(square, sq)) and self.open_square(state, sq):
                rest = self.rest_square(state, char, sq, safe=True) if name == "down" or not flying else sq
                if rest and rest != square:
                    out.append((name, 1, rest, facing))
        if not flying:
            for kind, sq in self.jump_targets_from(state, square, facing):
                rest = self.rest_square(state, char, sq, safe=True)
                if rest and rest != square and not self.jump_blocked(state, sq):
                    out.append((kind, 2, rest, facing))
        return out

    def jump_blocked(self, state, square) -> bool:
        """A jump does not land on a BUGBUSTER or another character that is not a BUG (BUGs there are
        pushed). Ruling #ruling-bug-pushes."""
        return any(c["side"] != "bug" for c in self.chars_at(state, square))

    def jump_targets_from(self, state, square, facing):
        """A BUG's jumps: straight over the square ahead to the one beyond, or diagonally up ahead.
        Ruling #ruling-jumps."""
        x, y = square
        dx = DX[facing]
        out = []
        if self.open_square(state, [x + dx, y]) and self.open_square(state, [x + 2 * dx, y]):
            out.append(("straight", [x + 2 * dx, y]))
        if self.open_square(state, [x, y - 1]) and self.open_square(state, [x + dx, y - 1]):
            out.append(("diagonal", [x + dx, y - 1]))
        return out

    def first_move_towards(self, state, char, goals: list, budget: int = 400):
        """The first move of a shortest way to any goal square, or None if there is none. The
        search counts moves, not AP (a jump is one move, though it costs 2 AP); the first found wins,
        in the order of bug_moves (flip, ahead, up, down, jumps).
        Ruling #ruling-bug-pathing."""
        start = (tuple(char["at"]), char["facing"])
        goal_set = {tuple(g) for g in goals}
        if start[0] in goal_set:
            return None
        seen = {start: None}
        queue = deque([(start, 0)])
        best = None
        while queue and len(seen) < budget:
            (square, facing), cost = queue.popleft()
            for move, step_cost, to, to_facing in self.bug_moves(state, char, list(square), facing):
                node = (tuple(to), to_facing)
                if node in seen:
                    continue
                seen[node] = ((square, facing), move)
                if node[0] in goal_set:
                    best = node
                    queue.clear()
                    break
                queue.append((node, cost + step_cost))
        if best is None:
            return None
        node = best
        while seen[node][0] != start:
            node = seen[node][0]
        return seen[node][1]
