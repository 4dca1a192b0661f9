"""Moving pieces on the Game Board: Mechs and the Bomb step, push, tow and slide, and the squares react.

Field Guide: Move Commands, Push, Tow, Stomp, The Bomb, Oil Slick, Repair Pad, Lava Pool, Massive Boulders,
Spike Walls. Decisions the rulebook leaves open (documented here and in the rule tests):

- Tow: each space the towing Mech moves while towing spends `tow_moves_per_space` (2) Moves of the one
  card; a Move left over (3 Moves tow 1 space) is made without towing. The towed piece goes into the
  space the towing Mech just left and keeps its facing.
- Oil Slick: a piece that slides "keeps moving ... until it collides"; the collision ends that piece's
  movement for the rest of the Move Command (a later Move of the card would otherwise undo the slide).
- Spike Wall: a Spike Wall sits on a side of a Massive Boulder (tile legend `spikes`); moving into the
  boulder through that side deals `hazard_damage` and the piece stays. A push that would drive the front
  piece of a line into a Spike Wall does not happen, and that front piece takes the damage.
- Lava Pool: a Mech (or the Bomb) stepping onto one stops moving and takes `hazard_damage`.
"""

from ..core.grid import opposite, step
from .rules_base import Rules, event, fmt, spaces

LOSS_BOMB = "The Bomb explodes: the Mission fails and the players lose."



class MovementRules(Rules):
    # ----- pieces that can be pushed and towed: Mechs and the Bomb ----------------------
    def solid_at(self, state, square):
        """A Mech or the Bomb: what a moving Mech pushes and an Oil Slick slide collides with."""
        return self.mech_at(state, square) or self.bomb_at(state, square)

    def blocked_by(self, state, piece, square, direction, mv):
        """What stops `piece` entering `square` besides the board and pieces that can be pushed: the
        reason from the first blocks_* hook that objects (a Rune Gate, the Boss), else None."""
        for hook in self.hooks("blocks"):
            reason = hook(state, piece, square, direction, mv)
            if reason:
                return reason
        return None

    @staticmethod
    def piece_name(piece) -> str:
        return piece["name"] if "seat" in piece else "the Bomb"

    # ----- a Mech's Move Command ------------------------------------------------------------
    def move_mech(self, state, seat, direction, distance, task, events, tow=False):
        """Move space by space, pushing Mechs and the Bomb, stomping Minions; stop when blocked."""
        mech = state["mechs"][seat]
        mv = {"seat": seat, "task": task, "after": []}
        towed = self.solid_at(state, step(mech["pos"], opposite(direction))) if tow else None
        per_tow = self.ctx.const("tow_moves_per_space")
        moved, left = 0, distance
        while left > 0 and state.get("outcome") is None:
            towing = (towed is not None and left >= per_tow
                      and towed["pos"] == step(mech["pos"], opposite(direction)))
            before = list(mech["pos"])
            result = self.step_piece(state, mech, direction, mv, events)
            left -= per_tow if towing else 1
            if result == "blocked":
                break
            moved += 1
            if towing:
                towed["pos"] = before
                events.append(event(f"{mech['name']} tows {self.piece_name(towed)} to {fmt(before)}",
                                    "tow", "tow", seat, square=list(before)))
                self.arrive(state, towed, direction, mv, events)
            if result == "stop":
                break
        if moved:
            events.append(event(f"{mech['name']} moves {spaces(moved)} {direction} to {fmt(mech['pos'])}",
                                "move-commands", "move", seat, square=list(mech["pos"])))
        self.push(state, *mv["after"])

    def step_piece(self, state, piece, direction, mv, events) -> str:
        """One space: "moved", "stop" (moved, must stop: Lava Pool, Oil Slick slide) or "blocked"."""
        board = self.ctx.board
        target = step(piece["pos"], direction)
        name = self.piece_name(piece)
        if board.spiked(target, direction):
            self.spike_hit(state, piece, mv, events)
            return "blocked"
        if not board.on_board(target):
            events.append(event(f"{name} is blocked by the edge of the board", "move-commands", "blocked",
                                mv["seat"]))
            return "blocked"
        if board.impassable(target):
            events.append(event(f"{name} is blocked by a Massive Boulder at {fmt(target)}",
                                "massive-boulders", "blocked", mv["seat"]))
            return "blocked"
        reason = self.blocked_by(state, piece, target, direction, mv)
        if reason:
            events.append(event(f"{name} is blocked by {reason}", "move-commands", "blocked", mv["seat"]))
            return "blocked"
        if self.solid_at(state, target) and not self.push_line(state, target, direction, mv, events):
            events.append(event(f"{name} cannot push: nothing moves", "push", "blocked", mv["seat"]))
            return "blocked"
        piece["pos"] = target
        return self.arrive(state, piece, direction, mv, events)

    def push_line(self, state, square, direction, mv, events) -> bool:
        """Push the line of Mechs and the Bomb starting at `square` one space; False when it cannot move."""
        line, cur = [], list(square)
        while self.solid_at(state, cur):
            line.append(self.solid_at(state, cur))
            cur = step(cur, direction)
        board = self.ctx.board
        if board.spiked(cur, direction):
            self.spike_hit(state, line[-1], mv, events)
            return False
        if board.impassable(cur) or self.blocked_by(state, line[-1], cur, direction, mv):
            return False
        pusher = self.name(state, mv["seat"])
        for piece in reversed(line):
            piece["pos"] = step(piece["pos"], direction)
            events.append(event(f"{pusher} pushes {self.piece_name(piece)} to {fmt(piece['pos'])}",
                                "push", "push", mv["seat"]))
            self.arrive(state, piece, direction, mv, events)
        return True

    def arrive(self, state, piece, direction, mv, events) -> str:
        """A piece has moved onto its square: the square acts, and an Oil Slick makes it slide."""
        if self.enter(state, piece, mv, events) == "stop":
            return "stop"
        if self.ctx.board.kind(piece["pos"]) == "oil-slick":
            self.slide(state, piece, direction, mv, events)
            return "stop"
        return "moved"

    def slide(self, state, piece, direction, mv, events):
        """Oil Slick (Mission 1, New Board Spaces): "it keeps moving in the same direction until it
        collides with a wall or obstacle (including other Mechs or Bombs), steps off the Oil Slick, or
        reaches the edge of the Game Board" (the Field Guide's entry leaves out "steps off the Oil
        Slick"; we follow the fuller sentence: the slide ends on the first space that is not oil)."""
        board = self.ctx.board
        start = list(piece["pos"])
        while state.get("outcome") is None:
            target = step(piece["pos"], direction)
            if board.spiked(target, direction):
                self.spike_hit(state, piece, mv, events)
                break
            if (board.impassable(target) or self.solid_at(state, target)
                    or self.blocked_by(state, piece, target, direction, mv)):
                break
            piece["pos"] = target
            if self.enter(state, piece, mv, events) == "stop" or board.kind(target) != "oil-slick":
                break
        name = self.piece_name(piece)
        if piece["pos"] != start:
            events.append(event(f"{name} slides on the Oil Slick from {fmt(start)} to "
                                f"{fmt(piece['pos'])}", "oil-slick", "slide", mv["seat"],
                                square=list(piece["pos"])))
        else:
            events.append(event(f"{name} is on an Oil Slick but something blocks the slide", "oil-slick",
                                "slide", mv["seat"]))

    def enter(self, state, piece, mv, events):
        """What the square a Mech or the Bomb moved onto does; "stop" on a Lava Pool."""
        square = list(piece["pos"])
        kind = self.ctx.board.kind(square)
        stop = None
        for hook in self.hooks("on_enter"):
            stop = hook(state, piece, square, mv, events) or stop
        if "seat" not in piece:
            return self.bomb_enters(state, piece, square, kind, mv, events) or stop
        task = mv["task"]
        if self.has_minion(state, square):
            self.kill_minion(state, square, events, piece["seat"], f"{piece['name']} stomps a Minion",
                             "stomp")
            if piece["seat"] == mv["seat"] and task and task.get("card") and not task["from_damage"]:
                self.on_stomp_kill(state, piece, task, events)
        if self.has_shard(state, square) and state["shards_breakable"]:
            state["shards"].remove(square)
            events.append(event(f"{piece['name']} stomps a Crystal Shard at {fmt(square)}: it shatters",
                                "breakable-shards", "shard", piece["seat"], square=square))
        if kind == "repair-pad":
            mv["after"].append({"t": "repair_pad", "seat": piece["seat"],
                                "left": self.ctx.const("repair_pad_repairs")})
        elif kind == "lava-pool":
            events.append(event(f"{piece['name']} steps into the Lava Pool at {fmt(square)} and stops",
                                "lava-pool", "hazard", piece["seat"], square=square))
            mv["after"] += [{"t": "damage", "seat": piece["seat"], "source": "lava-pool"}] * self.ctx.const(
                "hazard_damage")
            return "stop"
        return stop

    def spike_hit(self, state, piece, mv, events):
        if "seat" not in piece:
            self.bomb_damage(state, self.ctx.const("hazard_damage"), events, "a Spike Wall", mv["seat"])
            return
        events.append(event(f"{piece['name']} hits a Spike Wall", "spike-walls", "hazard", piece["seat"]))
        mv["after"] += [{"t": "damage", "seat": piece["seat"], "source": "spike-wall"}] * self.ctx.const(
            "hazard_damage")

    # ----- the Bomb ------------------------------------------------------------------------
    def bomb_enters(self, state, bomb, square, kind, mv, events):
        if self.has_minion(state, square):
            self.kill_minion(state, square, events, mv["seat"], "The Bomb stomps a Minion", "bomb")
            self.bomb_damage(state, self.ctx.const("bomb_stomp_damage"), events, "stomping a Minion",
                             mv["seat"])
        heal = (self.ctx.play.get("bomb") or {}).get("repair_pad_heals")
        if kind == "repair-pad" and heal and bomb["health"] < bomb["max"]:
            bomb["health"] = min(bomb["max"], bomb["health"] + heal)
            events.append(event(f"The Bomb is repaired on the Repair Pad: health {bomb['health']}",
                                "repair-pad", "repair", mv["seat"], square=square))
        if kind == "lava-pool":
            self.bomb_damage(state, self.ctx.const("hazard_damage"), events, "the Lava Pool", mv["seat"])
            return "stop"
        return None

    def bomb_damage(self, state, amount, events, source, seat=None):
        """Damage on the Doom Tracker; at 0 "the Bomb explodes" and the mission's loss is checked at once."""
        bomb = state["bomb"]
        bomb["health"] = max(0, bomb["health"] - amount)
        events.append(event(f"The Bomb takes {amount} damage from {source}: health {bomb['health']}",
                            "bomb", "bomb", seat, square=list(bomb["pos"])))
        if bomb["health"] == 0:
            # the mission's own words for it, if it has them
            self.check_endings(state, events, "always", losses_only=True)
            if state.get("outcome") is None:
                # Field Guide, The Bomb: "In all Missions, if the Bomb explodes, the Mission fails and the
                # players lose."
                self.finish(state, events, "loss", {"text": LOSS_BOMB, "rule": "bomb"})

    def run_minion_attack_bomb(self, state, task, events):
        """Minions attack the Bomb after the Mechs' damage: 1 damage per adjacent Minion."""
        bomb = state.get("bomb")
        if bomb is None:
            return
        square = bomb["pos"]
        adjacent = [m for m in state["minions"] if abs(m[0] - square[0]) + abs(m[1] - square[1]) == 1]
        if adjacent:
            self.bomb_damage(state, len(adjacent) * self.ctx.play["minion_phase"]["attack"]["damage"], events,
                             f"{len(adjacent)} adjacent Minion(s)")

    # ----- Repair Pad: "that player may immediately repair 1 Damage from their Mech" ----------
    def choices_repair_pad(self, state, task):
        seat = task["seat"]
        mech = state["mechs"][seat]
        base = {"seat": seat, "kind": "repair"}
        out = []
        for n, slot in enumerate(mech["slots"], start=1):
            if slot["damage"]:
                out.append(dict(base, id=f"repair:slot-{n}", slot=n,
                                label=f"Repair slot {n} ({self.ctx.damage[slot['damage']]['name']})"))
        for card in dict.fromkeys(mech["system"]):
            out.append(dict(base, id=f"repair:system-{card}", card=card,
                            label=f"Repair {self.ctx.damage[card]['name']}"))
        if out:
            out.append(dict(base, id="repair:decline", label="Do not repair"))
        return out

    def choose_repair_pad(self, state, task, action, events):
        seat = task["seat"]
        mech = state["mechs"][seat]
        target = action["id"].split(":")[1]
        if target == "decline":
            events.append(event(f"{mech['name']} does not repair on the Repair Pad", "repair-pad", "repair",
                                seat))
            return
        if target.startswith("slot-"):
            slot = mech["slots"][action["slot"] - 1]
            removed, slot["damage"] = slot["damage"], None
            text = (f"{mech['name']} repairs slot {action['slot']} on the Repair Pad; the cards below are "
                    "re-enabled")
        else:
            removed = action["card"]
            mech["system"].remove(removed)
            text = f"{mech['name']} repairs {self.ctx.damage[removed]['name']} on the Repair Pad"
        state["decks"]["damage_discard"].append(removed)
        events.append(event(text, "repair-pad", "repair", seat))
        if task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1))
