"""Executing Command Lines: slots 1 to 6, and the move, turn and attack steps cards are made of."""

from ..core.actions import action
from ..core.grid import DIRECTIONS, opposite, relative_direction, relative_square, step, turned
from .rules_base import Rules, event, fmt, spaces

TURN_LABELS = {"left": "Turn left", "right": "Turn right", "around": "Turn around",
               "none": "Turn a full 360 (keep facing)"}


class ExecuteRules(Rules):
    def run_execute_phase(self, state, task, events):
        state["phase"] = "execute"
        tasks = []
        for seat in self.seats_from_first(state):
            # HOOKS["line_start"] / HOOKS["line_end"]: tasks before slot 1 and after slot 6 of a Mech's turn
            # (Hacks and Overdrive, Slot Schematics: engine/mvm/schematics.py)
            tasks += [t for hook in self.hooks("line_start") for t in hook(state, seat)]
            tasks += [{"t": "exec_slot", "seat": seat, "slot": n}
                      for n in range(1, self.ctx.const("command_line_slots") + 1)]
            tasks += [t for hook in self.hooks("line_end") for t in hook(state, seat)]
        self.push(state, *tasks)

    def run_exec_slot(self, state, task, events):
        """Execute one slot: its Damage Card if damaged, else the top card at the stack's power."""
        seat, n = task["seat"], task["slot"]
        slot = state["mechs"][seat]["slots"][n - 1]
        name = self.name(state, seat)
        if slot["damage"]:
            card = self.ctx.damage[slot["damage"]]
            events.append(event(f"{name} slot {n}: Slot Damage — {card['name']}: {card['text']}",
                                "slot-damage", "execute", seat, slot=n))
            self.push(state, *self.step_tasks(card["steps"], seat, card["id"], 1, n, from_damage=True))
        elif slot["cards"]:
            card = self.ctx.command[slot["cards"][-1]]
            power = len(slot["cards"])
            row = card["powers"][power - 1]
            events.append(event(f"{name} slot {n}: {card['name']} (power {power}) — {row['text']}",
                                card.get("rule", "executing-command-lines"), "execute", seat, slot=n))
            self.push(state, *self.step_tasks(row["steps"], seat, card["id"], power, n))

    def step_tasks(self, steps, seat, card, power, slot, from_damage=False):
        """Turn a card's structured steps into tasks for the runner."""
        tasks = []
        base = {"seat": seat, "card": card, "power": power, "slot": slot, "from_damage": from_damage}
        for st in steps:
            (key, spec), = st.items()
            if key == "move":
                tasks.append(dict(base, t="move_choice", spec=spec, auto1=True))
            elif key == "turn":
                if spec.get("random"):
                    tasks.append(dict(base, t="turn_random"))
                else:
                    tasks.append(dict(base, t="turn", options=spec["options"], auto1=True))
            elif key == "attack":
                if "area" in spec:
                    tasks.append(dict(base, t="attack_area", area=spec["area"]))
                else:
                    tasks.append(dict(base, t="attack_pick", within=spec["within"], left=spec["choose"],
                                      hit=[], auto1=True))
            elif key == "swap_slots":
                tasks.append(dict(base, t="swap_slots", spec=spec))
            elif key == "effect":
                tasks.append(dict(base, t="effect_" + spec["name"], params=spec.get("params", {})))
        return tasks

    def card_name(self, card_id) -> str:
        return self.ctx.card(card_id)["name"]
    # ----- turning ------------------------------------------------------------
    def choices_turn(self, state, task):
        seat = task["seat"]
        options = list(task["options"])
        if not task["from_damage"] and self.has_system(state, seat, "no_left_turns") and len(options) > 1:
            options = [o for o in options if o != "left"] or options
        return [action(f"turn:{o}", TURN_LABELS[o], seat, "turn") for o in options]

    def choose_turn(self, state, task, action, events):
        mech = state["mechs"][task["seat"]]
        turn = action["id"].split(":")[1]
        mech["facing"] = turned(mech["facing"], turn)
        events.append(event(f"{mech['name']} turns {turn} and now faces {mech['facing']}",
                            "turn-commands", "turn", task["seat"]))

    def run_turn_random(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        color = self.roll_rune_die(state)
        mech["facing"] = self.compass(color)
        events.append(event(f"Rune Die: {color} — {mech['name']} now faces {mech['facing']}",
                            "crystal-compass", "turn", task["seat"]))

    def has_system(self, state, seat, effect_name) -> bool:
        return any(self.ctx.damage[c].get("system", {}).get("effect") == effect_name
                   for c in state["mechs"][seat]["system"])

    # ----- moving --------------------------------------------------------------
    def choices_move_choice(self, state, task):
        seat, spec = task["seat"], task["spec"]
        mech = state["mechs"][seat]
        dist = spec["distance"]
        distances = list(range(dist[0], dist[1] + 1)) if isinstance(dist, list) else [dist]
        if spec.get("random"):
            return [action("move:random", f"Roll the Rune Die and move {distances[0]}", seat, "move")]
        out = []
        for rel in spec.get("directions", ["forward"]):
            direction = relative_direction(mech["facing"], rel)
            for d in distances:
                label = f"Move {rel} {spaces(d)}"
                target = mech["pos"]
                for _ in range(d):
                    if not self.ctx.board.impassable(step(target, direction)):
                        target = step(target, direction)
                out.append(action(f"move:{rel}:{d}", label, seat, "move", square=target))
        squares = [a["square"] for a in out]
        for a in out:
            if squares.count(a["square"]) > 1 or a["square"] == mech["pos"]:
                del a["square"]  # a click there would be ambiguous
        return out + self.tow_choices(state, task, mech, distances)

    def tow_choices(self, state, task, mech, distances):
        """Tow: "it takes a Command Card with 2 Moves to tow a Mech or Bomb 1 space" (no click square).

        Ruling (shown on the How to Play page, Types of Damage Cards): a Slot Damage card never tows. The
        Field Guide gives it "an uncontrollable action" and says towing "takes a Command Card with 2
        Moves"; executing it "as if it was a Command Card" says how it runs, not that its player may
        choose to tow with it. So Rocket Whoopsie moves the Mech forward 3 spaces alone (a Mech behind it
        stays), and the move is made without asking."""
        if task.get("from_damage"):
            return []
        per_tow = self.ctx.const("tow_moves_per_space")
        out = []
        for rel in task["spec"].get("directions", ["forward"]):
            direction = relative_direction(mech["facing"], rel)
            behind = self.solid_at(state, step(mech["pos"], opposite(direction)))
            if behind is None:
                continue
            for d in distances:
                if d >= per_tow:
                    alone = f", then {d % per_tow} alone" if d % per_tow else ""
                    label = (f"Move {rel} towing {self.piece_name(behind)} {spaces(d // per_tow)}{alone} "
                             f"({d} Moves, {per_tow} per towed space)")
                    out.append(action(f"move:{rel}:{d}:tow", label, task["seat"], "move"))
        return out

    def choose_move_choice(self, state, task, action, events):
        seat = task["seat"]
        mech = state["mechs"][seat]
        parts = action["id"].split(":")
        if parts[1] == "random":
            color = self.roll_rune_die(state)
            direction = self.compass(color)
            dist = task["spec"]["distance"]
            events.append(event(f"Rune Die: {color} — {mech['name']} moves {direction}", "crystal-compass",
                                "roll", seat))
        else:
            direction = relative_direction(mech["facing"], parts[1])
            dist = int(parts[2])
        self.move_mech(state, seat, direction, dist, task, events, tow=parts[-1] == "tow")

    # ----- attacking --------------------------------------------------------------
    def run_attack_area(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        hit = 0
        for right, forward in task["area"]:
            square = relative_square(mech["pos"], mech["facing"], right, forward)
            if self.ctx.board.on_board(square) and self.is_target(state, square):
                self.damage_square(state, square, events, task["seat"], self.card_name(task["card"]),
                                   self.card_element(task["card"]))
                hit += 1
        if not hit:
            events.append(event(f"{self.card_name(task['card'])} hits nobody", "attack-commands", "attack",
                                task["seat"]))

    def targets_within(self, state, origin, within, exclude=()):
        """Targets within `within` spaces of `origin` (Range counts diagonal steps), in reading order."""
        board, (ox, oy) = self.ctx.board, origin
        return [[x, y] for y in range(max(0, oy - within), min(board.height, oy + within + 1))
                for x in range(max(0, ox - within), min(board.width, ox + within + 1))
                if [x, y] != list(origin) and [x, y] not in exclude and self.is_target(state, [x, y])]

    def choices_attack_pick(self, state, task):
        if task["left"] <= 0:
            return []
        mech = state["mechs"][task["seat"]]
        targets = self.targets_within(state, mech["pos"], task["within"], task["hit"])
        if len(targets) <= task["left"]:
            # every target will be hit whatever the order: nothing to choose
            return [action("target:all", f"Hit {len(targets)} target(s)", task["seat"], "target",
                           squares=targets)] if targets else []
        return [action(f"target:{x}-{y}", f"Hit the target at {fmt([x, y])}", task["seat"], "target",
                       square=[x, y]) for x, y in targets]

    def choose_attack_pick(self, state, task, action, events):
        squares = action["squares"] if action["id"] == "target:all" else [action["square"]]
        for square in squares:
            self.damage_square(state, square, events, task["seat"], self.card_name(task["card"]),
                                   self.card_element(task["card"]))
        if action["id"] != "target:all" and task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1, hit=task["hit"] + [action["square"]]))

    def skip_attack_pick(self, state, task, events):
        if not task["hit"]:
            events.append(event(f"{self.card_name(task['card'])}: no target in range", "range", "attack",
                                task["seat"]))

    # ----- glitches ---------------------------------------------------------------
    def run_swap_slots(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        spec = task["spec"]
        if spec.get("random"):
            a, b = self.roll_number_die(state), self.roll_number_die(state)
            pairs = [[a, b]]
            events.append(event(f"Number Die: {a} and {b}", "number-die", "roll", task["seat"]))
        else:
            pairs = spec["pairs"]
        for a, b in pairs:
            if a == b:
                continue
            sa, sb = mech["slots"][a - 1], mech["slots"][b - 1]
            sa["cards"], sb["cards"] = sb["cards"], sa["cards"]
            sa["shields"], sb["shields"] = sb["shields"], sa["shields"]
        swapped = ", ".join(f"{a}↔{b}" for a, b in pairs)
        events.append(event(f"{mech['name']}'s Command Cards swap slots {swapped}", "glitch-damage", "glitch",
                            task["seat"]))


__all__ = ["ExecuteRules", "DIRECTIONS"]
