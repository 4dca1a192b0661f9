"""The Minion Phase: movement, spawning and attacks, as the scenario's minion_phase describes.

Mission 1 (toward-bomb, rune-spaces); decisions the rulebook leaves open, documented in the rule tests:

- "closer to the Bomb" counts orthogonal spaces (Minions move up, down, left or right), ignoring
  obstacles; only a space a Minion may move into counts ("Minions can never move into an occupied
  space"), so a Minion whose closer spaces are all occupied "stays put".
- A tie `prefer` does not settle goes to the colour first in red, yellow, blue, green.
- Minions nearest the Bomb move first (then top to bottom, left to right), so a file of Minions
  advances together.
- "Empty" Rune Space: no Mech, Minion or Bomb on it. A Crystal Shard does not block spawning
  ("Minions can never move into an occupied space (except for those with Crystal Shards)").
"""

from .board import DIRECTIONS, VECTORS, edge_adjacent, step
from .rules_base import Rules, event, fmt

COLORS = ("red", "yellow", "blue", "green")


def orthogonal(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class MinionRules(Rules):
    def run_minion_phase(self, state, task, events):
        if not state["minion_phase"]:
            return
        state["phase"] = "minion"
        events.append(event("Minion Phase", "minion-phase", "phase"))
        self.push(state, {"t": "minion_move"}, {"t": "minion_spawn"}, {"t": "minion_attack_all"})

    def run_minion_move(self, state, task, events):
        rules = self.ctx.play["minion_phase"]["movement"]
        if rules["by"] == "toward-bomb":
            self.minions_toward_bomb(state, rules, events)
            return
        color = self.roll_rune_die(state)
        direction = self.compass(color)
        dx, dy = VECTORS[direction]
        moved = 0
        for _ in range(rules["spaces"]):
            # the Minions furthest along go first, so a file of Minions moves together
            for square in sorted(state["minions"], key=lambda s: -(s[0] * dx + s[1] * dy)):
                target = self.minion_step(state, square, direction)
                if target != square:
                    state["minions"][state["minions"].index(square)] = target
                    moved += 1
        events.append(event(f"Rune Die: {color} — Minions move {direction}; {moved} move(s), the rest are "
                            f"blocked", rules.get("rule", "minion-phase"), "minions"))

    def minion_free(self, state, square) -> bool:
        """Minions "can never move into an occupied space or move off the board"; boulders block them."""
        return (not self.ctx.board.impassable(square) and not self.mech_at(state, square)
                and not self.has_minion(state, square) and not self.bomb_at(state, square))

    def minion_step(self, state, square, direction):
        """Where a Minion ends one space of movement: on an Oil Slick it "keeps moving in the same
        direction until it collides" (Minions are blocked by other Minions)."""
        target = step(square, direction)
        if not self.minion_free(state, target):
            return square
        if self.ctx.board.kind(target) == "oil-slick":
            while self.minion_free(state, step(target, direction)):
                target = step(target, direction)
        return target

    def minions_toward_bomb(self, state, rules, events):
        """Mission 1: "Minions move 1 space toward the Bomb during Minion Phase. Given two equally close
        spaces, Minions prefer moving in the Blue or Green directions. (See: Crystal Compass) If there
        are no spaces that would move the Minion closer to the Bomb, it stays put." """
        bomb = state.get("bomb")
        rule = rules.get("rule", "minion-phase")
        if bomb is None:
            events.append(event("There is no Bomb: Minions stay put", rule, "minions"))
            return
        prefer = list(rules.get("prefer", []))
        order = [self.compass(c) for c in prefer + [c for c in COLORS if c not in prefer]]
        order += [d for d in DIRECTIONS if d not in order]
        moved = 0
        for _ in range(rules["spaces"]):
            target = bomb["pos"]
            queue = sorted(state["minions"], key=lambda s: (orthogonal(s, target), s[1], s[0]))
            for square in queue:
                here = orthogonal(square, target)
                closer = [d for d in order
                          if orthogonal(step(square, d), target) < here
                          and self.minion_free(state, step(square, d))]
                if not closer:
                    continue
                end = self.minion_step(state, square, closer[0])
                state["minions"][state["minions"].index(square)] = end
                moved += 1
        events.append(event(f"Minions move toward the Bomb: {moved} move(s); the rest stay put", rule,
                            "minions"))

    def run_minion_spawn(self, state, task, events):
        spawn = self.ctx.play["minion_phase"]["spawn"]
        rule = spawn.get("rule", "spawn")
        if spawn["kind"] == "none":
            events.append(event("No new Minions spawn", rule, "minions"))
        elif spawn["kind"] == "rune-spaces":
            placed = []
            for square in self.ctx.board.all_of("rune-space"):
                if self.spawn_empty(state, square):
                    state["minions"].append(list(square))
                    placed.append(square)
            where = ", ".join(fmt(s) for s in placed) or "nowhere: every Rune Space is occupied"
            events.append(event(f"{len(placed)} Minion(s) spawn on the empty Rune Spaces: {where}", rule,
                                "spawn"))

    def spawn_empty(self, state, square) -> bool:
        """Field Guide, Spawn: "Minions can only spawn in empty spaces": no Mech, Minion or Bomb.
        A Crystal Shard does not block (Minions may share its space)."""
        return not (self.mech_at(state, square) or self.has_minion(state, square)
                    or self.bomb_at(state, square))

    def run_minion_attack_all(self, state, task, events):
        # the Mechs' damage first, in player order, then the Bomb's
        self.push(state, *({"t": "minion_attack", "seat": s} for s in self.seats_from_first(state)),
                  *([{"t": "minion_attack_bomb"}] if state.get("bomb") else []))

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
