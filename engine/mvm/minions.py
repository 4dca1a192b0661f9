"""The Minion Phase: the Rune Die roll, movement, spawning and attacks, as `play.minion_phase` says.

Decisions the rulebook leaves open, documented in the rule tests:

- "Toward" a goal (the Bomb, the School, the Assembly Zone, the starting line) counts up/down/left/right
  steps ignoring obstacles (Mission 1: a Minion behind a Massive Boulder "stays put"), or, where the
  mission says so (`path: around-obstacles`, Mission 8: "Minions prioritize moving in a path that will
  eventually lead them to the Bomb"), the shortest path around Massive Boulders and the board edges.
  Only a space a Minion may move into counts ("Minions can never move into an occupied space"), so a
  Minion whose closer spaces are all occupied "stays put".
- A tie `prefer` does not settle goes to the colour first in red, yellow, blue, green.
- Minions nearest their goal move first (then top to bottom, left to right), so a file of Minions
  advances together; moving by the Rune Die, the Minions furthest along that direction go first.
- "Empty" space for spawning: no Mech, Minion, Bomb or other solid piece on it. A Crystal Shard does not
  block spawning ("Minions can never move into an occupied space (except for those with Crystal Shards)").
- Spawn zones: a "row" of a spawn zone is its squares at the same distance from the nearest board edge;
  the first row is the outermost.
"""

from ..core.grid import DIRECTIONS, VECTORS, edge_adjacent, step
from .rules_base import Rules, event, fmt

COLORS = ("red", "yellow", "blue", "green")


class MinionRules(Rules):
    def run_minion_phase(self, state, task, events):
        if not state["minion_phase"]:
            return
        state["phase"] = "minion"
        events.append(event("Minion Phase", "minion-phase", "phase"))
        rules = self.ctx.play["minion_phase"]
        state["rune_roll"] = None
        if rules.get("roll"):
            state["rune_roll"] = self.roll_rune_die(state)
            events.append(event(f"Rune Die: {state['rune_roll']}", "rune-die", "roll"))
            self.roll_effects(state, rules, events)
        self.push(state, {"t": "minion_move"}, {"t": "minion_spawn"}, {"t": "minion_attack_all"})

    def roll_effects(self, state, rules, events):
        rolled = state["rune_roll"]
        for effect in rules.get("roll_effects", []):
            if rolled not in effect["colors"]:
                continue
            if "bomb_damage" in effect and state.get("bomb"):
                self.bomb_damage(state, effect["bomb_damage"], events, f"the {rolled} roll")
            if "damage_mechs_on" in effect:
                squares = self.ctx.board.select(effect["damage_mechs_on"])
                for seat in self.seats_from_first(state):
                    if state["mechs"][seat]["pos"] in squares:
                        events.append(event(f"{self.name(state, seat)} takes 1 Damage ({rolled} roll)",
                                            effect["rule"], "attack", seat))
                        self.push(state, {"t": "damage", "seat": seat, "source": f"the {rolled} roll"})

    # ----- movement ----------------------------------------------------------------------------
    def run_minion_move(self, state, task, events):
        rules = self.ctx.play["minion_phase"]["movement"]
        getattr(self, "minions_" + rules["by"].replace("-", "_"))(state, rules, events)

    def minion_spaces(self, state, rules) -> int:
        return self.level(state, rules, "spaces")

    def minions_rune_die(self, state, rules, events):
        color = state.get("rune_roll") or self.roll_rune_die(state)
        direction = self.compass(color)
        dx, dy = VECTORS[direction]
        moved = 0
        for _ in range(self.minion_spaces(state, rules)):
            # the Minions furthest along go first, so a file of Minions moves together
            for square in sorted(state["minions"], key=lambda s: -(s[0] * dx + s[1] * dy)):
                if square not in state["minions"] or state.get("outcome") is not None:
                    continue  # removed on the way (a zone took it), or the mission ended
                target = self.minion_step(state, square, direction)
                if target != square:
                    self.minion_moved(state, square, target, events)
                    moved += 1
        if state.get("outcome") is not None:
            return
        events.append(event(f"Rune Die: {color} — Minions move {direction}; {moved} move(s), the rest are "
                            f"blocked", rules.get("rule", "minion-phase"), "minions"))

    def minion_free(self, state, square) -> bool:
        """Minions "can never move into an occupied space or move off the board"; boulders block them."""
        return (not self.ctx.board.impassable(square) and not self.occupied(state, square)
                and not self.has_minion(state, square))

    def minion_step(self, state, square, direction):
        """Where a Minion ends one space of movement: on an Oil Slick it "keeps moving in the same
        direction until it collides" (Minions are blocked by other Minions)."""
        target = step(square, direction)
        if not self.minion_free(state, target):
            return square
        while self.ctx.board.kind(target) == "oil-slick" and self.minion_free(state, step(target, direction)):
            target = step(target, direction)  # ... until it collides or steps off the Oil Slick
        return target

    def minion_moved(self, state, square, target, events):
        """A Minion moved: each minion_entered_* hook may act on it (a zone that removes it)."""
        state["minions"][state["minions"].index(square)] = list(target)
        for hook in self.hooks("minion_entered"):
            if list(target) not in state["minions"]:
                break
            hook(state, list(target), events)

    def goal_squares(self, state, rules) -> list:
        toward = rules["toward"]
        if toward == "bomb":
            return [state["bomb"]["pos"]] if state.get("bomb") else []
        return self.ctx.board.select(toward)

    def preferred_directions(self, rules) -> list:
        prefer = list(rules.get("prefer", []))
        order = [self.compass(c) for c in prefer + [c for c in COLORS if c not in prefer]]
        return order + [d for d in DIRECTIONS if d not in order]

    def minions_toward(self, state, rules, events):
        """Mission 1: "Minions move 1 space toward the Bomb during Minion Phase. Given two equally close
        spaces, Minions prefer moving in the Blue or Green directions. (See: Crystal Compass) If there
        are no spaces that would move the Minion closer to the Bomb, it stays put." Missions 2, 4, 5, 7
        and 8 move Minions toward their own goal the same way.

        Mission 2 adds extra spaces after everyone's move: the Minions on the Map Tile of the rolled
        colour (`rolled_tile_extra`), or, once an escalation `set`s `extra_moves`, every Minion off the
        centre tile; and on the centre tile (`limit_on_tile`) a Minion moves at most `spaces` in a Minion
        Phase, heading for the `via` squares first."""
        rule = rules.get("rule", "minion-phase")
        order = self.preferred_directions(rules)
        steps: dict = {}  # spaces each Minion (by its current square) has moved this phase
        moved = 0
        for _ in range(self.minion_spaces(state, rules)):
            moved += self.minions_advance(state, rules, order, steps, None, events)
        if state.get("outcome") is not None:
            return  # a Minion's arrival ended the mission (a zone lost its last health)
        events.append(event(f"Minions move toward their goal: {moved} move(s); the rest stay put", rule,
                            "minions"))
        budget, why = self.extra_spaces(state, rules)
        if budget:
            extra = 0
            while any(n > 0 for n in budget.values()) and state.get("outcome") is None:
                extra += self.minions_advance(state, rules, order, steps, budget, events)
            if state.get("outcome") is None:
                events.append(event(f"{why}: {extra} extra move(s)", rule, "minions"))

    def extra_spaces(self, state, rules):
        """Extra spaces per Minion (by square) after the normal movement, and why (Mission 2)."""
        board, limit = self.ctx.board, rules.get("limit_on_tile")
        extra = self.mod(state, "extra_moves")
        if extra:
            # "All Minions on the outer three Map Tiles now move an extra space by default. (The Rune Die
            # no longer increases Minion movement ...)"
            return ({tuple(sq): extra for sq in state["minions"]
                     if limit is None or board.tile_at(sq) != limit["tile"]},
                    "Minions off the centre Map Tile move an extra space")
        rolled = state.get("rune_roll")
        if rules.get("rolled_tile_extra") and rolled:
            # "Then, roll the Rune Die, and move all Minions on the Map Tile corresponding to that color 1
            # additional space!" (no Map Tile has the colour red)
            return ({tuple(sq): rules["rolled_tile_extra"] for sq in state["minions"]
                     if board.tile_colors[board.tile_at(sq)] == rolled},
                    f"Rune Die: {rolled} — Minions on the {rolled} Map Tile move further")
        return {}, ""

    def minions_advance(self, state, rules, order, steps, budget, events) -> int:
        """Every Minion (or each one with `budget` left, which is spent) tries to move one space."""
        goals = self.goal_squares(state, rules)
        if not goals:
            if budget:
                budget.clear()
            return 0
        dist = self.goal_distances(goals, rules.get("path", "straight"))
        limit = rules.get("limit_on_tile")
        via = (self.goal_distances([list(v) for v in limit["via"]], "straight")
               if limit and limit.get("via") else None)
        far = len(dist) + 1
        queue = sorted(state["minions"], key=lambda s: (dist.get(tuple(s), far), s[1], s[0]))
        if budget is not None:
            for key in [k for k, n in budget.items() if n <= 0 or list(k) not in state["minions"]]:
                del budget[key]  # spent, or no longer on the board: never loop on it
            queue = [s for s in queue if tuple(s) in budget]
        moved = 0
        for square in queue:
            if square not in state["minions"] or state.get("outcome") is not None:
                continue
            key = tuple(square)
            left = budget.pop(key) - 1 if budget is not None else None
            on_limit = limit is not None and self.ctx.board.tile_at(square) == limit["tile"]
            end = square
            if not (on_limit and steps.get(key, 0) >= limit["spaces"]):
                # "When Minions reach the center Map Tile, direct them toward the center first"
                use = via if on_limit and via is not None and via.get(key) != 0 else dist
                end = self.minion_step_toward(state, square, use, order)
            if end != square:
                self.minion_moved(state, square, end, events)
                moved += 1
            count = steps.pop(key, 0) + (end != square)
            if list(end) in state["minions"]:
                steps[tuple(end)] = count
                if left:
                    budget[tuple(end)] = left
        return moved

    def goal_distances(self, goals, path) -> dict:
        """Distance of every square to the nearest goal: around obstacles, or straight (ignoring them)."""
        board = self.ctx.board
        return board.distances(goals) if path == "around-obstacles" else board.straight_distances(goals)

    def minion_step_toward(self, state, square, dist, order):
        far = len(dist) + 1
        here = dist.get(tuple(square), far)
        for d in order:
            nxt = step(square, d)
            if dist.get(tuple(nxt), far) < here and self.minion_free(state, nxt):
                return self.minion_step(state, square, d)
        return square

    # ----- spawning ----------------------------------------------------------------------------
    def run_minion_spawn(self, state, task, events):
        spawn = self.ctx.play["minion_phase"]["spawn"]
        rule = spawn.get("rule", "spawn")
        if spawn["kind"] == "none":
            events.append(event("No new Minions spawn", rule, "minions"))
            return
        squares = getattr(self, "spawn_squares_" + spawn["kind"].replace("-", "_"))(state, spawn)
        banned = self.ctx.board.select(spawn["except"]) if "except" in spawn else []
        placed = []
        for square in squares:
            if square not in banned and square not in placed and self.spawn_empty(state, square):
                state["minions"].append(list(square))
                placed.append(square)
        where = ", ".join(fmt(s) for s in placed) or "nowhere: no empty space to spawn on"
        events.append(event(f"{len(placed)} Minion(s) spawn: {where}", rule, "spawn"))

    def spawn_squares_rune_spaces(self, state, spawn) -> list:
        return self.ctx.board.all_of("rune-space")

    def spawn_squares_rolled_rune_spaces(self, state, spawn) -> list:
        colors = [state.get("rune_roll") or self.roll_rune_die(state)]
        if spawn.get("locked_colors_too"):
            colors += [c for c in state.get("locked_colors", []) if c not in colors]
        return [sq for c in colors for sq in self.ctx.board.select({"kind": "rune-space", "color": c})]

    def spawn_squares_spawn_rows(self, state, spawn) -> list:
        board = self.ctx.board
        rows = self.mod(state, "spawn_rows", spawn.get("rows", 1))
        zone = board.select({"zone": "spawn-zone"})
        if spawn.get("where") == "rolled-tile" and not self.mod(state, "spawn_every_zone"):
            rolled = state.get("rune_roll")
            zone = [sq for sq in zone if board.tile_colors[board.tile_at(sq)] == rolled]
        out = []
        for tile in sorted({board.tile_at(sq) for sq in zone}):
            mine = [sq for sq in zone if board.tile_at(sq) == tile]
            depth = self.row_depth(mine)
            depths = sorted({depth(sq) for sq in mine})[:rows]
            out += [sq for sq in mine if depth(sq) in depths]
        return out

    def row_depth(self, squares):
        """How far each square of a spawn zone is from the board edge the zone lies along: the edge
        nearest the zone, and of two equally near the one that more of its squares touch. A "row" is
        the zone's squares at one depth; the first row is the one on that edge."""
        board = self.ctx.board
        edges = {
            "up": lambda sq: sq[1], "down": lambda sq: board.height - 1 - sq[1],
            "left": lambda sq: sq[0], "right": lambda sq: board.width - 1 - sq[0],
        }

        def closeness(name):
            dist = [edges[name](sq) for sq in squares]
            return (min(dist), -dist.count(min(dist)))

        return edges[min(edges, key=closeness)]

    def spawn_empty(self, state, square) -> bool:
        """Field Guide, Spawn: "Minions can only spawn in empty spaces": no Mech, Minion, Bomb or other
        solid piece; a no_spawn_* hook may forbid more (squares under the Lava Wall). A Crystal Shard
        does not block (Minions may share its space)."""
        return not (self.occupied(state, square) or self.has_minion(state, square)
                    or any(h(state, square) for h in self.hooks("no_spawn")))

    def run_setup_minions(self, state, task, events):
        setup = self.ctx.play.get("setup_minions")
        if not setup:
            return
        squares = [list(s) for s in setup.get("squares", [])]
        if "on" in setup:
            squares += self.ctx.board.select(setup["on"])
        placed = 0
        for square in squares:
            if self.spawn_empty(state, square):
                state["minions"].append(list(square))
                placed += 1
        state["minions_placed"] = True
        events.append(event(f"{placed} Minions are placed on the board", "spawn", "spawn"))

    # ----- attacks ----------------------------------------------------------------------------
    def run_minion_attack_all(self, state, task, events):
        # the Mechs' damage first, in player order, then the Bomb's
        targets = self.ctx.play["minion_phase"]["attack"].get("targets", ["mechs", "bomb"])
        tasks = []
        if "mechs" in targets:
            tasks += [{"t": "minion_attack", "seat": s} for s in self.seats_from_first(state)]
        if "bomb" in targets and state.get("bomb"):
            tasks.append({"t": "minion_attack_bomb"})
        self.push(state, *tasks)

    def run_minion_attack(self, state, task, events):
        seat = task["seat"]
        mech = state["mechs"][seat]
        rules = self.ctx.play["minion_phase"]["attack"]
        adjacent = [m for m in state["minions"] if edge_adjacent(m, mech["pos"])]
        if not adjacent:
            return
        count = len(adjacent) * rules["damage"]
        events.append(event(f"{len(adjacent)} Minion(s) attack {mech['name']}: {count} damage",
                            rules.get("rule", "minions"), "attack", seat))
        self.push(state, *([{"t": "damage", "seat": seat, "source": "minion"}] * count))
