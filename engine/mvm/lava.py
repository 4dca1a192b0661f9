"""The Lava Wall (Missions 5 and 9) and Mission 5's Bomb run over the Repair Pads in order.

Field Guide, Lava Wall: "The Lava Wall will move during the Danger Phase. The Lava Wall pushes all Mechs
and the Bomb forward and does 1 Damage to them for each space they are pushed. ... When processing Lava
Wall damage, first execute all player-drawn Damage Cards in player order and then move on to damaging
other targets, such as the Bomb. The Lava Wall instantly kills Minions if it passes over them. Count these
on the Gear Tracker as Minion kills!" Mission 5: "Locate the Lava Wall piece and place it next to the
bottom of the Game Board", "Do not spawn Minions behind the Lava Wall". Mission 9: "whenever the Lava Wall
flows over a Repair Pad, its speed permanently increases by 1".

The instructions printed on the Lava Wall piece are not in the source. Every number is content
(`play.lava_wall`: the edge it starts next to, its speed, the speed-up per Repair Pad, the Damage per
space, the Round it starts to move in each mode). Decisions the rulebook leaves open (adapted, each
checked by a rule test in tests/test_mvm_lava.py):

- The wall starts off the board, next to `edge`, and advances one line (row or column) at a time toward
  the opposite edge; the squares of the lines it has passed are "covered" (behind the Lava Wall).
- Each line it advances onto: every Mech and the Bomb there is pushed one space forward, together with
  the Mechs and the Bomb in line ahead of it (a push chain, as a Mech pushes); every piece that moves
  takes `damage_per_space` for that space. A pushed piece arrives as in any push (it stomps Minions —
  the Bomb taking its stomp damage —, slides on Oil Slicks, may repair on a Repair Pad).
- A piece the wall cannot push (the chain would leave the board, enter a Massive Boulder or a square
  something else forbids) stays where it is, engulfed: it takes the Damage as if pushed, and a piece left
  behind the wall takes it again for every further space the wall advances. Nothing stops the wall.
- Covered squares cannot be entered: Mechs and the Bomb are blocked there as by a Massive Boulder, and
  Minions neither move into nor spawn on them (it is lava); a piece already inside may leave.
- Minions on a line the wall advances onto die and count as Minion Kills (no Mech's kill).
- Speed: `speed` spaces each Danger Phase; every Repair Pad on a line it advances onto adds
  `speed_up_per_repair_pad`, from the next Danger Phase on (the move under way keeps its length).
- Damage: all the Mechs' Damage Cards after the wall has moved, in player order from the First Player,
  then the Bomb's damage; a Mech pushed onto a Repair Pad chooses its repair first ("immediately").
- Activation: from the Danger Phase of `moves_from_round[mode]`, or once an escalation sets
  `lava_wall_active` (Mission 5's EZ-MODE: when the Bomb reaches the second Repair Pad). Mission 5's
  "At the end of the third Round" is read like Mission 9's EZ-MODE "during Danger Phase at the end of the
  third Round": the first move is the Danger Phase of Round 3 (the mission block's `first_round: 3`).
- The wall reaching a Mech (pushing it, or engulfing it) is the `lava-pushes-mech` event Mission 9 loses on;
  a loss the wall causes ends its move at once ("instantly obliterated", "the Bomb explodes").

Mission 5: "Stabilize the Bomb by pushing or towing it onto all 3 remaining Repair Pads in order from
closest to farthest away": `play.bomb.repair_pad_order` lists the pads; the Bomb's visits are counted in
that order only (a pad reached out of turn does not count, and counts when reached again in turn). The
Bomb "moved onto" a pad by any push counts, the Lava Wall's included (the EZ-MODE and the loss speak of the
Bomb being "moved onto" a pad).
"""

from ..core.grid import step
from .rules_base import Rules, event, fmt, spaces

EDGE_DIRECTIONS = {"bottom": "up", "top": "down", "left": "right", "right": "left"}
SPEED_UP_RULE = "m9-lava-up"  # the only printed sentence of the speed-up ("Remember—whenever ...")
SOURCE = "the Lava Wall"


class LavaRules(Rules):
    # ----- the wall's geometry ------------------------------------------------------------------
    def lava_spec(self):
        return self.ctx.play.get("lava_wall")

    def lava_direction(self) -> str:
        return EDGE_DIRECTIONS[self.lava_spec()["edge"]]

    def lava_line_of(self, square) -> int:
        """How many lines lie between the wall's starting edge and `square` (0: the line at the edge)."""
        board, edge = self.ctx.board, self.lava_spec()["edge"]
        x, y = square
        return {"bottom": board.height - 1 - y, "top": y, "left": x, "right": board.width - 1 - x}[edge]

    def lava_lines(self) -> int:
        board = self.ctx.board
        return board.height if self.lava_spec()["edge"] in ("bottom", "top") else board.width

    def lava_line(self, index: int) -> list:
        """The board squares of one line, in reading order."""
        board = self.ctx.board
        return [[x, y] for y in range(board.height) for x in range(board.width)
                if board.on_board([x, y]) and self.lava_line_of([x, y]) == index]

    def lava_covered(self, state, square) -> bool:
        lava = state.get("lava")
        return (lava is not None and self.ctx.board.on_board(square)
                and self.lava_line_of(square) < lava["advanced"])

    def lava_active(self, state) -> bool:
        if self.mod(state, "lava_wall_active"):
            return True
        start = self.lava_spec().get("moves_from_round", {}).get("ez" if state.get("ez") else "normal")
        return start is not None and state["round"] >= start

    # ----- setup ----------------------------------------------------------------------------------
    def init_lava_wall(self, state, events):
        """Mission 5/9 setup: "Locate the Lava Wall piece and place it next to the bottom of the Game Board."
        Also the Bomb's record of the Repair Pads it reached in order (Mission 5)."""
        spec = self.lava_spec()
        if spec:
            state["lava"] = {"advanced": 0, "speed": spec["speed"], "moved": False, "pads": []}
            events.append(event(f"The Lava Wall is placed next to the {spec['edge']} of the Game Board",
                                "lava-wall", "setup"))
        bomb = state.get("bomb")
        if bomb is not None and (self.ctx.play.get("bomb") or {}).get("repair_pad_order"):
            bomb["visited"] = []

    # ----- the Danger Phase -----------------------------------------------------------------------
    def run_danger_lava_wall(self, state, task, events):
        """Field Guide, Lava Wall: "The Lava Wall will move during the Danger Phase." """
        lava, spec = state["lava"], self.lava_spec()
        if not self.lava_active(state):
            events.append(event("The Lava Wall is not flowing yet", spec["rule"], "lava"))
            return
        if not lava["moved"]:
            lava["moved"] = True
            events.append(event("The Lava Wall starts to flow!", spec["rule"], "lava"))
        direction = self.lava_direction()
        mv = {"seat": None, "task": None, "after": []}
        hurt = {"mechs": [0] * len(state["mechs"]), "bomb": 0}
        speed, moved = lava["speed"], 0
        for _ in range(speed):
            if state.get("outcome") is not None:
                return
            if lava["advanced"] >= self.lava_lines():
                events.append(event("The Lava Wall has covered the whole Game Board", "lava-wall", "lava"))
                break
            self.lava_advance(state, direction, mv, hurt, events)
            moved += 1
            # "instantly obliterated", "the Bomb explodes": a loss the wall causes ends the move at once
            self.check_endings(state, events, "always", losses_only=True)
        if state.get("outcome") is not None:
            return
        if moved:
            events.append(event(f"The Lava Wall flows {spaces(moved)} {direction}", "lava-wall", "lava",
                                squares=self.lava_squares(state)))
        per_space = spec["damage_per_space"]
        tasks = list(mv["after"])
        for seat in self.seats_from_first(state):
            tasks += [{"t": "damage", "seat": seat, "source": SOURCE}] * (hurt["mechs"][seat] * per_space)
        if hurt["bomb"] and state.get("bomb"):
            tasks.append({"t": "lava_bomb_damage", "amount": hurt["bomb"] * per_space})
        self.push(state, *tasks)

    def lava_advance(self, state, direction, mv, hurt, events):
        """The wall flows onto the next line: pieces already in the lava burn again, pieces on the line
        are pushed (or engulfed), Minions there die, Repair Pads there speed the wall up."""
        lava, spec = state["lava"], self.lava_spec()
        index = lava["advanced"]
        for piece in self.lava_pieces(state):
            if self.lava_covered(state, piece["pos"]):
                self.lava_hurt(state, piece, hurt)
                events.append(event(f"{self.piece_name(piece)} is still in the lava at {fmt(piece['pos'])}",
                                    "lava-wall", "lava", piece.get("seat")))
        squares = self.lava_line(index)
        for square in squares:
            piece = self.solid_at(state, square)
            if piece is not None and state.get("outcome") is None:
                self.lava_push(state, piece, direction, mv, hurt, events)
        lava["advanced"] = index + 1
        for square in squares:
            if self.has_minion(state, square):
                self.kill_minion(state, square, events, None, "The Lava Wall destroys a Minion", "lava-wall")
            if self.ctx.board.kind(square) == "repair-pad":
                lava["pads"].append(list(square))
                up = spec["speed_up_per_repair_pad"]
                if up:
                    lava["speed"] += up
                    text = (f"The Lava Wall flows over the Repair Pad at {fmt(square)}: its speed is now "
                            f"{lava['speed']}")
                    events.append(event(text, SPEED_UP_RULE, "lava", square=list(square)))

    def lava_pieces(self, state) -> list:
        return [m for m in state["mechs"] if m["pos"] is not None] + ([state["bomb"]] if state.get("bomb")
                                                                      else [])

    def lava_push(self, state, piece, direction, mv, hurt, events):
        """Push `piece` and the Mechs and Bomb in line ahead of it one space, or leave it engulfed."""
        chain, cur = [], list(piece["pos"])
        while self.solid_at(state, cur):
            chain.append(self.solid_at(state, cur))
            cur = step(cur, direction)
        board = self.ctx.board
        if board.spiked(cur, direction):
            self.spike_hit(state, chain[-1], mv, events)
            blocked = "a Spike Wall"
        elif not board.on_board(cur):
            blocked = "the edge of the board"
        elif board.impassable(cur):
            blocked = "a Massive Boulder"
        else:
            blocked = self.blocked_by(state, chain[-1], cur, direction, mv)
        if piece.get("seat") is not None:
            self.lose_now(state, events, "lava-pushes-mech")
        if blocked:
            self.lava_hurt(state, piece, hurt)
            text = (f"{self.piece_name(piece)} cannot be pushed ({blocked} is in the way): the lava flows "
                    f"over it at {fmt(piece['pos'])}")
            events.append(event(text, "lava-wall", "lava", piece.get("seat"), square=list(piece["pos"])))
            return
        for moving in reversed(chain):
            if state.get("outcome") is not None:
                return
            moving["pos"] = step(moving["pos"], direction)
            self.lava_hurt(state, moving, hurt)
            events.append(event(f"The Lava Wall pushes {self.piece_name(moving)} to {fmt(moving['pos'])}",
                                "lava-wall", "push", moving.get("seat"), square=list(moving["pos"])))
            if moving.get("seat") is not None:
                self.lose_now(state, events, "lava-pushes-mech")
            self.arrive(state, moving, direction, mv, events)

    @staticmethod
    def lava_hurt(state, piece, hurt):
        if "seat" in piece:
            hurt["mechs"][piece["seat"]] += 1
        else:
            hurt["bomb"] += 1

    def run_lava_bomb_damage(self, state, task, events):
        """"first execute all player-drawn Damage Cards in player order and then move onto damaging the
        Bomb" (Mission 5, Escalation)."""
        if state.get("bomb"):
            self.bomb_damage(state, task["amount"], events, SOURCE)

    # ----- what the covered squares do --------------------------------------------------------------
    def blocks_lava_wall(self, state, piece, square, direction, mv):
        """Adapted: a Mech or the Bomb cannot move (or be pushed) into the lava behind the wall."""
        return "the Lava Wall" if self.lava_covered(state, square) else None

    def occupies_lava_wall(self, state, square) -> bool:
        """Adapted: Minions cannot move into the lava behind the wall ("Minions can never move into an
        occupied space")."""
        return self.lava_covered(state, square)

    def no_spawn_lava_wall(self, state, square) -> bool:
        """Mission 5: "Do not spawn Minions behind the Lava Wall." """
        return self.lava_covered(state, square)

    # ----- Mission 5: the Bomb on the Repair Pads, in order -------------------------------------------
    def bomb_pad_order(self) -> list:
        return [list(sq) for sq in (self.ctx.play.get("bomb") or {}).get("repair_pad_order", [])]

    def on_enter_bomb_pads(self, state, piece, square, mv, events):
        """"pushing or towing it onto all 3 remaining Repair Pads in order from closest to farthest away"."""
        if "seat" in piece or "visited" not in piece or self.ctx.board.kind(square) != "repair-pad":
            return None
        order, visited = self.bomb_pad_order(), piece["visited"]
        rule = self.ctx.play["victory"]["rule"]
        if len(visited) < len(order) and list(square) == order[len(visited)]:
            visited.append(list(square))
            text = f"The Bomb reaches Repair Pad {len(visited)} of {len(order)} at {fmt(square)}"
            events.append(event(text, rule, "objective", mv.get("seat"), square=list(square)))
        elif len(visited) < len(order) and list(square) not in visited:
            events.append(event(f"The Bomb is on a Repair Pad out of order: Repair Pad {len(visited) + 1} "
                                f"(at {fmt(order[len(visited)])}) comes first", rule, "objective",
                                mv.get("seat"), square=list(square)))
        return None

    def trigger_bomb_visits_repair_pads(self, state, esc) -> bool:
        """Mission 5 EZ-MODE: "the Lava Wall doesn't start flowing until the Bomb is moved onto the second
        Repair Pad" (the pads are counted in order)."""
        bomb = state.get("bomb")
        return bomb is not None and len(bomb.get("visited", [])) >= esc["count"]

    def cond_bomb_visited_repair_pads_in_order(self, state, spec) -> bool:
        bomb = state.get("bomb")
        if bomb is None or not bomb.get("visited"):
            return False
        order = self.bomb_pad_order()
        return bool(order) and len(bomb["visited"]) == len(order)

    def cond_lava_covers_unvisited_repair_pad(self, state, spec) -> bool:
        """Mission 5: "If the Lava Wall flows over a Repair Pad before the Bomb is successfully moved onto
        it ... the Bomb explodes." """
        lava, bomb = state.get("lava"), state.get("bomb")
        if lava is None or bomb is None or not lava["pads"]:
            return False
        pads = self.bomb_pad_order() or self.ctx.board.all_of("repair-pad")
        visited = bomb.get("visited", [])
        return any(list(p) in lava["pads"] and list(p) not in visited for p in pads)

    # ----- what the page draws -----------------------------------------------------------------
    def lava_squares(self, state) -> list:
        board = self.ctx.board
        return [[x, y] for y in range(board.height) for x in range(board.width)
                if self.lava_covered(state, [x, y])]

    def view_part_lava_wall(self, state) -> dict:
        out = {}
        lava = state.get("lava")
        if lava is not None:
            out["lava_wall"] = {"covered": self.lava_squares(state), "speed": lava["speed"],
                                "active": self.lava_active(state), "direction": self.lava_direction()}
            out["trackers"] = {"lava_wall_speed": lava["speed"]}
        bomb = state.get("bomb")
        if bomb is not None and "visited" in bomb:
            out.setdefault("trackers", {})["bomb_repair_pads"] = (
                f"{len(bomb['visited'])} of {len(self.bomb_pad_order())}")
        return out

