"""The Boss's turn in the Danger Phase: its Command Line executed slot 1 to 4 (a slotted card at its power,
else the slot's default danger), the Boss's moves, turns and attacks, the GG-101 Doom Cannon, and the Boss
Draft (deal two, the team picks one for the slot of its element). Decisions are documented in boss.py.
"""

from ..core.grid import chebyshev, step, turned
from .boss import BossRules
from .rules_base import event, fmt, spaces


class BossLineRules(BossRules):
    # ----- the Danger Phase -------------------------------------------------------------------------
    def run_danger_boss(self, state, task, events):
        """Boss Command Line: "During Danger Phase, you'll execute its Command Line in order from 1 to 4,
        draft new Boss Command Cards and program one." """
        if state.get("boss") is None:
            return
        events.append(
            event(
                "The Boss Mech's turn: its Command Line runs from slot 1 to 4", "boss-command-line", "phase"
            )
        )
        n = len(state["boss"]["slots"])
        self.push(state, *({"t": "boss_slot", "slot": s} for s in range(1, n + 1)), {"t": "boss_draft"})

    def run_boss_slot(self, state, task, events):
        n = task["slot"]
        slot = state["boss"]["slots"][n - 1]
        line = self.boss_line()
        power = len(slot["cards"])
        if power >= line["doom_cannon_power"]:
            # Game-ending Danger: "When a 3-Power slot is executed, it's Game Over! You lose!"
            events.append(
                event(
                    f"Boss slot {n} is at power {power}: the GG-101 Doom Cannon fires!",
                    "gg-101-doom-cannon",
                    "boss",
                )
            )
            self.lose_now(state, events, "doom-cannon-fired")
            return
        if power == 0:
            row = line["slots"][n - 1]["default"]
            events.append(
                event(
                    f"Boss slot {n} (empty) — default danger: {row['text']}", "default-danger", "boss", slot=n
                )
            )
        else:
            card = self.boss_card(slot["cards"][-1])
            row = card["powers"][power - 1]
            events.append(
                event(
                    f"Boss slot {n}: {card['name']} (power {power}) — {row['text']}",
                    "boss-command-cards",
                    "boss",
                    slot=n,
                )
            )
        self.push(state, *({"t": "boss_step", "step": st} for st in row["steps"]))

    def run_boss_step(self, state, task, events):
        ((key, spec),) = task["step"].items()
        getattr(self, "boss_" + key)(state, spec, events)

    def boss_face(self, state, spec, events):
        boss = state["boss"]
        nearest = self.nearest_mech(state, boss)
        if nearest is None:
            return
        x, y = boss["pos"]
        mx, my = nearest["pos"]
        dx = mx - (x + 1) if mx > x + 1 else (mx - x if mx < x else 0)
        dy = my - (y + 1) if my > y + 1 else (my - y if my < y else 0)
        if abs(dx) >= abs(dy) and dx:
            facing = "right" if dx > 0 else "left"
        elif dy:
            facing = "down" if dy > 0 else "up"
        else:
            facing = boss["facing"]
        boss["facing"] = facing
        events.append(
            event(f"The Boss Mech turns to face {nearest['name']} (now facing {facing})", "boss", "boss")
        )

    def nearest_mech(self, state, boss):
        best = None
        for seat in self.seats_from_first(state):
            mech = state["mechs"][seat]
            d = min(chebyshev(mech["pos"], sq) for sq in self.boss_squares(boss))
            if best is None or d < best[0]:
                best = (d, mech)
        return best[1] if best else None

    def boss_turn(self, state, spec, events):
        boss = state["boss"]
        boss["facing"] = turned(boss["facing"], spec)
        events.append(event(f"The Boss Mech turns {spec} and now faces {boss['facing']}", "boss", "boss"))

    def boss_move(self, state, spec, events):
        boss = state["boss"]
        moved = 0
        for _ in range(spec["distance"]):
            if state.get("outcome") is not None or not self.boss_step_forward(state, boss, events):
                break
            moved += 1
        if moved:
            events.append(
                event(
                    f"The Boss Mech moves {spaces(moved)} {boss['facing']} to {fmt(boss['pos'])}",
                    "boss",
                    "move",
                    square=list(boss["pos"]),
                )
            )

    def boss_step_forward(self, state, boss, events) -> bool:
        """One space forward: the new squares must be free of boulders, Spike Walls and the edge, and every
        line of Mechs (or the Bomb) in front must be pushable; then Minions there are stomped."""
        board = self.ctx.board
        direction = boss["facing"]
        front = self.boss_front(boss)
        if len(front) < 2 or any(board.impassable(sq) or board.spiked(sq, direction) for sq in front):
            events.append(event("The Boss Mech is blocked", "boss", "blocked"))
            return False
        lines = []
        for square in front:
            line, cur = [], list(square)
            while self.mech_at(state, cur) or self.bomb_at(state, cur):
                line.append(self.mech_at(state, cur) or self.bomb_at(state, cur))
                cur = step(cur, direction)
            if line:
                end_mv = {"seat": line[-1].get("seat"), "task": {}, "after": []}
                if (
                    board.impassable(cur)
                    or board.spiked(cur, direction)
                    or self.blocked_by(state, line[-1], cur, direction, end_mv)
                ):
                    events.append(
                        event(
                            f"The Boss Mech cannot push {self.piece_name(line[-1])}: it is blocked",
                            "boss",
                            "blocked",
                        )
                    )
                    return False
                lines.append(line)
        boss["pos"] = step(boss["pos"], direction)
        for line in lines:
            for piece in reversed(line):
                piece["pos"] = step(piece["pos"], direction)
                mv = {"seat": piece.get("seat"), "task": {}, "after": []}
                events.append(
                    event(
                        f"The Boss Mech pushes {self.piece_name(piece)} to {fmt(piece['pos'])}",
                        "boss",
                        "push",
                        piece.get("seat"),
                    )
                )
                self.arrive(state, piece, direction, mv, events)
                self.push(state, *mv["after"])
        for square in front:
            if self.has_minion(state, square):
                # Mission 3: "The Boss stomps Minions flat if it moves onto them. Count these on the Minion
                # Kill tracker!"
                self.kill_minion(
                    state, square, events, None, "The Boss Mech stomps a Minion", "m3-boss-battle"
                )
        return True

    def boss_attack(self, state, spec, events):
        boss = state["boss"]
        area = spec["area"]
        if area == "adjacent":
            squares = self.boss_adjacent(boss)
        elif area == "front":
            squares = self.boss_front(boss, spec["depth"])
        else:
            board = self.ctx.board
            body = self.boss_squares(boss)
            squares = [
                [x, y]
                for y in range(board.height)
                for x in range(board.width)
                if [x, y] not in body and min(chebyshev([x, y], b) for b in body) <= spec["within"]
            ]
        damage = spec.get("damage", 1)
        tasks = []
        for seat in self.seats_from_first(state):
            mech = state["mechs"][seat]
            if mech["pos"] in squares:
                events.append(
                    event(f"The Boss Mech hits {mech['name']}: {damage} Damage", "boss", "attack", seat)
                )
                tasks += [{"t": "damage", "seat": seat, "source": "the Boss"}] * damage
        if not tasks:
            events.append(event("The Boss Mech's attack hits nobody", "boss", "attack"))
        self.push(state, *tasks)

    def boss_summon(self, state, spec, events):
        boss = state["boss"]
        squares = self.boss_front(boss) if spec["area"] == "front" else self.boss_adjacent(boss)
        placed = []
        for square in squares:
            if not self.ctx.board.impassable(square) and self.spawn_empty(state, square):
                state["minions"].append(list(square))
                placed.append(square)
        where = ", ".join(fmt(s) for s in placed) or "nowhere: no empty space"
        events.append(
            event(f"The Boss Mech calls {len(placed)} Minion(s): {where}", "boss-command-cards", "spawn")
        )

    # ----- the Boss Draft --------------------------------------------------------------------------------
    def run_boss_draft(self, state, task, events):
        """Boss Command Cards: "the First Player draws two cards from the Boss Deck, plays one to the Boss
        Command Line and discards the other." """
        decks = state["decks"]
        dealt = [c for c in (self.draw(state, decks["boss"], decks["boss_discard"])
                             for _ in range(self.ctx.const("boss_draft"))) if c]
        if not dealt:
            events.append(event("The Boss Deck is empty: no Boss Draft", "boss-draft", "deal"))
            return
        state["boss"]["draft"] = dealt
        names = ", ".join(self.boss_card(c)["name"] for c in dealt)
        events.append(event(f"Boss Draft: {names} are dealt face up", "boss-draft", "deal", state["first"]))
        self.push(state, {"t": "boss_pick", "seat": state["first"]})

    def choices_boss_pick(self, state, task):
        out = []
        boss = state["boss"]
        for card_id in dict.fromkeys(boss["draft"]):
            card = self.boss_card(card_id)
            n = self.boss_slot_of(card["element"])
            power = min(len(boss["slots"][n - 1]["cards"]) + 1, self.ctx.const("max_stack"))
            warn = (
                " — charges the GG-101 Doom Cannon!" if power >= self.boss_line()["doom_cannon_power"] else ""
            )
            out.append(
                {
                    "id": f"boss:pick:{card_id}",
                    "seat": task["seat"],
                    "kind": "boss-pick",
                    "card": card_id,
                    "label": f"Slot {card['name']} into Boss slot {n} (power {power}){warn}",
                }
            )
        return out

    def boss_slot_of(self, element) -> int:
        return next(s["slot"] for s in self.boss_line()["slots"] if s["element"] == element)

    def choose_boss_pick(self, state, task, action, events):
        boss = state["boss"]
        card_id = action["card"]
        boss["draft"].remove(card_id)
        state["decks"]["boss_discard"] += boss["draft"]
        boss["draft"] = None
        card = self.boss_card(card_id)
        n = self.boss_slot_of(card["element"])
        cards = boss["slots"][n - 1]["cards"]
        cards.append(card_id)
        if len(cards) > self.ctx.const("max_stack"):
            state["decks"]["boss_discard"].append(cards.pop(0))
        events.append(
            event(
                f"The team slots {card['name']} into Boss slot {n}: power {len(cards)}",
                "boss-draft",
                "program",
                task["seat"],
            )
        )
        if len(cards) >= self.boss_line()["doom_cannon_power"]:
            events.append(
                event(
                    f"Boss slot {n} reaches power {len(cards)}: the Boss charges his GG-101 Doom "
                    "Cannon! It fires when the slot is executed next Danger Phase",
                    "game-ending-danger",
                    "boss",
                )
            )

