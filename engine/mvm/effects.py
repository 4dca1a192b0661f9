"""Named effects: cards whose rules are unique (the content names them; the checker requires them here)."""

from ..core.actions import action
from ..core.grid import chebyshev, relative_square, step
from .rules_base import Rules, event, fmt

# Every effect name content may use, with the method that implements it (checked by build.py check).
EFFECTS = {
    "chain_lightning": "effect_chain_lightning",
    "ripsaw": "effect_ripsaw",
    "fuel_tank_detonation": "fuel_tank_offer",
    "skewer_shield": "on_stomp_kill",
    "no_left_turns": "choices_turn",
    # Schematic Cards and Overdrive (content/mechs-vs-minions/command-lines/; engine/mvm/schematics.py)
    "repair": "choices_effect_repair",
    "stomp_blast": "on_enter_stomp_blast",
    "frontline_guard": "minion_entered_frontline_guard",
    "spawn_jammer": "no_spawn_spawn_jammer",
    "short_fuse": "before_damage_short_fuse",
}


class EffectRules(Rules):
    # ----- Chain Lightning (Field Guide, Chain Lightning) ---------------------------------
    def choices_effect_chain_lightning(self, state, task):
        seat = task["seat"]
        mech = state["mechs"][seat]
        hit = task.get("hit", [])
        if len(hit) >= task["params"]["targets"]:
            return []
        if not hit:
            # "first pick an enemy target directly or diagonally in front of your Mech"
            squares = [relative_square(mech["pos"], mech["facing"], r, 1) for r in (-1, 0, 1)]
        else:
            # "pick another enemy target that is diagonally-adjacent to the last target"
            lx, ly = hit[-1]
            squares = [[lx + dx, ly + dy] for dx in (-1, 1) for dy in (-1, 1)]
        board = self.ctx.board
        squares = [s for s in squares if board.on_board(s) and s not in hit and self.is_target(state, s)]
        return [action(f"target:{x}-{y}", f"Zap the target at {fmt([x, y])}", seat, "target", square=[x, y])
                for x, y in squares]

    def choose_effect_chain_lightning(self, state, task, action, events):
        square = action["square"]
        self.damage_square(state, square, events, task["seat"], "Chain Lightning",
                           self.card_element(task["card"]))
        self.push(state, dict(task, hit=task.get("hit", []) + [square], auto1=True))

    def skip_effect_chain_lightning(self, state, task, events):
        if not task.get("hit"):
            events.append(event("Chain Lightning: no target in front", "chain-lightning", "attack",
                                task["seat"]))

    # ----- Ripsaw: saws hit the first targets in the facing line, stopped by Mechs, the Bomb, the Boss,
    # Massive Boulders and the edge ("It blocks Ripsaw commands"; boulders "block Ripsaw Attack Commands") ---
    def run_effect_ripsaw(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        left = task["params"]["targets"]
        square = step(mech["pos"], mech["facing"])
        hits = 0
        while left and not self.ctx.board.impassable(square) and not self.solid_at(state, square):
            if self.is_target(state, square):
                self.damage_square(state, square, events, task["seat"], "Ripsaw",
                                   self.card_element(task["card"]))
                left -= 1
                hits += 1
            if self.occupied(state, square):
                break  # FG Boss: "The Boss blocks Ripsaw Command Cards" (it takes the saw, then stops it)
            square = step(square, mech["facing"])
        if not hits:
            events.append(event("Ripsaw hits nobody", "attack-commands", "attack", task["seat"]))

    # ----- Fuel Tank (Field Guide, Fuel Tank): detonate instead of taking damage -----------
    def fuel_tank_slots(self, state, seat) -> list[int]:
        return [n for n, slot in enumerate(state["mechs"][seat]["slots"], start=1)
                if slot["damage"] is None and slot["cards"] and slot["cards"][-1] == "fuel-tank"]

    def choices_fuel_tank_offer(self, state, task):
        seat = task["seat"]
        out = [action("damage:take", "Take the damage", seat, "damage")]
        for n in self.fuel_tank_slots(state, seat):
            power = len(state["mechs"][seat]["slots"][n - 1]["cards"])
            out.append(action(f"fuel-tank:detonate:slot-{n}",
                              f"Detonate the Fuel Tank in slot {n} (range {power}) instead", seat, "damage",
                              slot=n))
        return out

    def choose_fuel_tank_offer(self, state, task, action, events):
        seat = task["seat"]
        if action["id"] == "damage:take":
            self.push(state, {"t": "damage_draw", "seat": seat, "source": task["source"]})
            return
        mech = state["mechs"][seat]
        slot = mech["slots"][action["slot"] - 1]
        power = len(slot["cards"])
        state["decks"]["command_discard"] += slot["cards"]
        slot["cards"], slot["shields"] = [], 0
        events.append(event(f"{mech['name']} detonates the Fuel Tank: the damage is ignored and the stack is "
                            f"scrapped", "fuel-tank", "fuel-tank", seat))
        board = self.ctx.board
        for y in range(board.height):
            for x in range(board.width):
                if [x, y] != mech["pos"] and chebyshev(mech["pos"], [x, y]) <= power \
                        and self.is_target(state, [x, y]):
                    self.damage_square(state, [x, y], events, seat, "The Fuel Tank blast",
                                       self.card_element("fuel-tank"))

    # ----- Skewer (Field Guide, Skewer): a Minion killed with it becomes a one-use shield ----
    def on_stomp_kill(self, state, mech, task, events):
        card = self.ctx.command.get(task["card"])
        if card and card.get("ability", {}).get("effect") == "skewer_shield":
            mech["slots"][task["slot"] - 1]["shields"] += 1
            events.append(event(f"The Minion is skewered on {mech['name']}'s Skewer: a one-use shield",
                                "skewer", "shield", mech["seat"]))
