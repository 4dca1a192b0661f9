"""Executing Command Lines: slots 1 to 6, and the move, turn and attack steps cards are made of."""

from .board import DIRECTIONS, chebyshev, relative_direction, relative_square, step, turned
from .rules_base import Rules, event, fmt

TURN_LABELS = {"left": "Turn left", "right": "Turn right", "around": "Turn around",
               "none": "Turn a full 360 (keep facing)"}


class ExecuteRules(Rules):
    def run_execute_phase(self, state, task, events):
        state["phase"] = "execute"
        tasks = []
        for seat in self.seats_from_first(state):
            tasks += [{"t": "exec_slot", "seat": seat, "slot": n}
                      for n in range(1, self.ctx.const("command_line_slots") + 1)]
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
        return [{"id": f"turn:{o}", "label": TURN_LABELS[o], "seat": seat, "kind": "turn"} for o in options]

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
            return [{"id": "move:random", "label": f"Roll the Rune Die and move {distances[0]}",
                     "seat": seat, "kind": "move"}]
        out = []
        for rel in spec.get("directions", ["forward"]):
            direction = relative_direction(mech["facing"], rel)
            for d in distances:
                label = f"Move {rel} {d}" if len(distances) == 1 else f"Move {rel} {d} space(s)"
                target = mech["pos"]
                for _ in range(d):
                    if self.ctx.board.on_board(step(target, direction)):
                        target = step(target, direction)
                out.append({"id": f"move:{rel}:{d}", "label": label, "seat": seat, "kind": "move",
                            "square": target})
        squares = [a["square"] for a in out]
        for a in out:
            if squares.count(a["square"]) > 1 or a["square"] == mech["pos"]:
                del a["square"]  # a click there would be ambiguous
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
        self.move_mech(state, seat, direction, dist, task, events)

    def move_mech(self, state, seat, direction, distance, task, events):
        """Move space by space, pushing Mechs, stomping Minions and Shards; stop when blocked."""
        mech = state["mechs"][seat]
        moved = 0
        for _ in range(distance):
            target = step(mech["pos"], direction)
            if not self.ctx.board.on_board(target):
                events.append(event(f"{mech['name']} is blocked by the edge of the board", "move-commands",
                                    "blocked", seat))
                break
            if self.mech_at(state, target) and not self.push_chain(state, target, direction, seat, events):
                events.append(event(f"{mech['name']} cannot push: nothing moves", "push", "blocked", seat))
                break
            mech["pos"] = target
            moved += 1
            self.enter_square(state, mech, target, events, task)
        if moved:
            events.append(event(f"{mech['name']} moves {moved} space(s) {direction} to {fmt(mech['pos'])}",
                                "move-commands", "move", seat, square=list(mech["pos"])))

    def push_chain(self, state, square, direction, seat, events) -> bool:
        """Push the line of Mechs starting at `square` one space; False when the last cannot move."""
        line = []
        cur = list(square)
        while self.mech_at(state, cur):
            line.append(self.mech_at(state, cur))
            cur = step(cur, direction)
        if not self.ctx.board.on_board(cur):
            return False
        for other in reversed(line):
            other["pos"] = step(other["pos"], direction)
            pusher = state["mechs"][seat]["name"]
            events.append(event(f"{pusher} pushes {other['name']} to {fmt(other['pos'])}",
                                "push", "push", seat))
            self.enter_square(state, other, other["pos"], events, None)
        return True

    def enter_square(self, state, mech, square, events, task):
        if self.has_minion(state, square):
            self.kill_minion(state, square, events, mech["seat"], f"{mech['name']} stomps a Minion", "stomp")
            if task and task.get("card") and not task["from_damage"]:
                self.on_stomp_kill(state, mech, task, events)
        if self.has_shard(state, square) and state["shards_breakable"]:
            state["shards"].remove(list(square))
            events.append(event(f"{mech['name']} stomps a Crystal Shard at {fmt(square)}: it shatters",
                                "breakable-shards", "shard", mech["seat"], square=list(square)))

    # ----- attacking --------------------------------------------------------------
    def run_attack_area(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        hit = 0
        for right, forward in task["area"]:
            square = relative_square(mech["pos"], mech["facing"], right, forward)
            if self.ctx.board.on_board(square) and self.is_target(state, square):
                self.damage_square(state, square, events, task["seat"], self.card_name(task["card"]))
                hit += 1
        if not hit:
            events.append(event(f"{self.card_name(task['card'])} hits nobody", "attack-commands", "attack",
                                task["seat"]))

    def targets_within(self, state, origin, within, exclude=()):
        board = self.ctx.board
        return [[x, y] for y in range(board.height) for x in range(board.width)
                if [x, y] != list(origin) and chebyshev(origin, [x, y]) <= within
                and [x, y] not in exclude and self.is_target(state, [x, y])]

    def choices_attack_pick(self, state, task):
        if task["left"] <= 0:
            return []
        mech = state["mechs"][task["seat"]]
        targets = self.targets_within(state, mech["pos"], task["within"], task["hit"])
        if len(targets) <= task["left"]:
            # every target will be hit whatever the order: nothing to choose
            return [{"id": "target:all", "label": f"Hit {len(targets)} target(s)", "seat": task["seat"],
                     "kind": "target", "squares": targets}] if targets else []
        return [{"id": f"target:{x}-{y}", "label": f"Hit the target at {fmt([x, y])}", "seat": task["seat"],
                 "kind": "target", "square": [x, y]} for x, y in targets]

    def choose_attack_pick(self, state, task, action, events):
        squares = action["squares"] if action["id"] == "target:all" else [action["square"]]
        for square in squares:
            self.damage_square(state, square, events, task["seat"], self.card_name(task["card"]))
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
