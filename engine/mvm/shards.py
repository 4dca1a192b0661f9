"""Crystal Shards that Mechs carry (Missions 2 and 7), as `play.crystal_shards` says.

Field Guide, Picking Up Crystal Shards: "Simply step onto a space containing a Crystal Shard to pick it
up. Each Mech can only carry one at a time." Dropping Crystal Shards: "If you take damage while carrying
a Crystal Shard, you drop it before resolving the Damage Card." Breakable shards (the Tutorial, Missions 6
and 10: `breakable: true`) are handled where Mechs stomp and attack (movement.py, rules_base.py); carried
shards (`carried: true`) are never targets of attacks and never break when stomped: they are picked up.

State: `shards` (squares of the shards lying on the board, as before), each Mech's `carrying` (bool),
`shards_picked` (how many different shards have been picked up at least once), `shards_dropped` (squares
of shards lying on the board that were carried before: the others were never picked up),
`shards_returned` (Mission 2), `shards_locked` ([{"square", "color"}], Mission 7) and `locked_colors`.

Decisions the rulebook leaves open, documented in the rule tests (tests/test_mvm_shards.py):

- Any Mech that comes onto a shard's space picks it up: by its own move, pushed, towed or sliding.
  A Mech already carrying one leaves the shard where it lies.
- A drop's "valid space" is a board space that is not a Massive Boulder, holds no other Crystal Shard
  (loose or locked) and no solid piece but a Mech (the Bomb, the Boss). A Minion there gets the shard
  underneath; a Mech there that carries nothing catches it; a Mech that already carries one makes the
  space invalid, so the shard drops at the dropping Mech's feet and is picked back up.
- Returning (Mission 2, `return_to`) and locking (Mission 7, `lock_on`) happen "as soon as" a Mech that
  carries a shard stands on such a space: after it steps there (picking up a shard lying there counts)
  or when it catches a dropped shard there.
- Locking: the Rune Space must be "empty" — no shard is locked on it yet.
"""

from ..core.grid import step
from .rules_base import Rules, event, fmt


class ShardRules(Rules):
    def shard_spec(self) -> dict:
        return self.ctx.play.get("crystal_shards") or {}

    def shards_carried(self) -> bool:
        return bool(self.shard_spec().get("carried"))

    def init_shards(self, state, events):
        if not self.shards_carried():
            return
        for mech in state["mechs"]:
            mech["carrying"] = False
        state.update(shards_picked=0, shards_dropped=[], shards_returned=0, shards_locked=[],
                     locked_colors=[])

    # ----- picking up --------------------------------------------------------------------------
    def on_enter_shards(self, state, piece, square, mv, events):
        """A Mech steps onto a space: it picks up the shard lying there, then returns or locks it."""
        if not self.shards_carried() or "seat" not in piece:
            return None
        if self.has_shard(state, square):
            if piece.get("carrying"):
                events.append(event(f"{piece['name']} already carries a Crystal Shard and leaves the one at "
                                    f"{fmt(square)}", "picking-up-crystal-shards", "shard", piece["seat"],
                                    square=list(square)))
            else:
                self.pick_up(state, piece, square, events)
        self.settle_shard(state, piece, events)
        return None

    def pick_up(self, state, mech, square, events, caught=False):
        square = list(square)
        state["shards"].remove(square)
        if square in state["shards_dropped"]:
            state["shards_dropped"].remove(square)
        else:
            state["shards_picked"] += 1
        mech["carrying"] = True
        how = "catches the dropped" if caught else "picks up the"
        events.append(event(f"{mech['name']} {how} Crystal Shard at {fmt(square)}",
                            "dropping-crystal-shards" if caught else "picking-up-crystal-shards", "shard",
                            mech["seat"], square=square))

    def settle_shard(self, state, mech, events):
        """Return (Mission 2) or lock (Mission 7) the shard a Mech carries where it stands."""
        if not mech.get("carrying"):
            return
        spec, board, square = self.shard_spec(), self.ctx.board, list(mech["pos"])
        if "return_to" in spec and square in board.select(spec["return_to"]):
            mech["carrying"] = False
            state["shards_returned"] += 1
            events.append(event(f"{mech['name']} carries the Crystal Shard into {fmt(square)}: it is "
                                f"returned and removed from play ({state['shards_returned']} returned)",
                                spec.get("rule", "crystal-shards"), "shard", mech["seat"], square=square))
        elif "lock_on" in spec and square in board.select(spec["lock_on"]) \
                and not any(lk["square"] == square for lk in state["shards_locked"]):
            color = board.square(square).get("color")
            mech["carrying"] = False
            state["shards_locked"].append({"square": square, "color": color})
            events.append(event(f"{mech['name']} locks the Crystal Shard into place at {fmt(square)}",
                                spec.get("rule", "crystal-shards"), "shard", mech["seat"], square=square))
            if color and color not in state["locked_colors"]:
                self.set_rune(state, color, False, events, f"The {color} Rune Gates are permanently disabled",
                              mech["seat"])
                state["locked_colors"].append(color)
                events.append(event(f"All {color} Rune Gates are now permanently disabled and can be passed "
                                    "through freely", spec.get("rule", "rune-gates"), "rune", mech["seat"]))

    # ----- dropping ----------------------------------------------------------------------------
    def before_damage_shards(self, state, seat, events):
        """Field Guide, Dropping Crystal Shards: "you drop it before resolving the Damage Card"."""
        mech = state["mechs"][seat]
        if not self.shards_carried() or not mech.get("carrying"):
            return
        color = self.roll_rune_die(state)
        direction = self.compass(color)
        square = step(mech["pos"], direction)
        name = mech["name"]
        other = self.mech_at(state, square) if self.ctx.board.on_board(square) else None
        if other is not None and not other.get("carrying"):
            mech["carrying"] = False
            events.append(event(f"{name} takes damage and drops the Crystal Shard: Rune Die {color}, "
                                f"{direction}, onto {other['name']}", "dropping-crystal-shards", "shard",
                                seat, square=square))
            other["carrying"] = True
            events.append(event(f"{other['name']} instantly picks up the Crystal Shard",
                                "dropping-crystal-shards", "shard", other["seat"], square=square))
            self.settle_shard(state, other, events)
            return
        if other is not None or not self.drop_space(state, square):
            events.append(event(f"{name} takes damage and drops the Crystal Shard: Rune Die {color}, "
                                f"{direction}, no valid space — it drops at {name}'s feet and is instantly "
                                "picked back up (Nice catch!)", "dropping-crystal-shards", "shard", seat))
            return
        mech["carrying"] = False
        state["shards"].append(square)
        state["shards_dropped"].append(square)
        under = " under the Minion there" if self.has_minion(state, square) else ""
        events.append(event(f"{name} takes damage and drops the Crystal Shard: Rune Die {color}, "
                            f"{direction}, to {fmt(square)}{under}", "dropping-crystal-shards", "shard", seat,
                            square=square))

    def drop_space(self, state, square) -> bool:
        """A space a dropped shard may lie on (no Mech there: see before_damage_shards)."""
        board = self.ctx.board
        return (not board.impassable(square) and not self.has_shard(state, square)
                and not any(lk["square"] == list(square) for lk in state.get("shards_locked", []))
                and not self.occupied(state, square))

    # ----- conditions and triggers -----------------------------------------------------------
    def cond_all_shards_returned(self, state, spec) -> bool:
        """Mission 2: "If all three Crystal Shards are returned to the School"."""
        return bool(state["shards_start"]) and state.get("shards_returned", 0) >= state["shards_start"]

    def cond_all_shards_locked(self, state, spec) -> bool:
        """Mission 7: "if all four Crystal Shards are safely delivered to the Assembly Zone"."""
        return bool(state["shards_start"]) and len(state.get("shards_locked", [])) >= state["shards_start"]

    def trigger_shards_picked_up(self, state, esc) -> bool:
        """Mission 2: "Each time a Crystal Shard is first picked up, there is an escalation"."""
        return state.get("shards_picked", 0) >= esc.get("count", 1)

    def trigger_shard_locked(self, state, esc) -> bool:
        return len(state.get("shards_locked", [])) >= esc.get("count", 1)

    # ----- what the page draws -----------------------------------------------------------------
    def view_part_shards(self, state):
        if not self.shards_carried() or "shards_locked" not in state:
            return {}  # not carried in this mission, or not set up yet (before the EZ-MODE choice)
        return {"pieces": [{"kind": "crystal-shard", "x": lk["square"][0], "y": lk["square"][1],
                            "locked": True} for lk in state["shards_locked"]],
                "trackers": {"shards_carried": sum(1 for m in state["mechs"] if m.get("carrying")),
                             "shards_returned": state["shards_returned"],
                             "shards_locked": len(state["shards_locked"])}}
