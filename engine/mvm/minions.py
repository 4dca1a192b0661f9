"""The Minion Phase: movement, spawning and attacks, as the scenario's minion_phase describes."""

from .board import VECTORS, edge_adjacent, step
from .rules_base import Rules, event


class MinionRules(Rules):
    def run_minion_phase(self, state, task, events):
        if not state["minion_phase"]:
            return
        state["phase"] = "minion"
        events.append(event("Minion Phase", "minion-phase", "phase"))
        self.push(state, {"t": "minion_move"}, {"t": "minion_spawn"}, {"t": "minion_attack_all"})

    def run_minion_move(self, state, task, events):
        rules = self.ctx.play["minion_phase"]["movement"]
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

    def run_minion_spawn(self, state, task, events):
        spawn = self.ctx.play["minion_phase"]["spawn"]
        if spawn["kind"] == "none":
            events.append(event("No new Minions spawn", spawn.get("rule", "spawn"), "minions"))

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
