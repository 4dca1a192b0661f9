"""What a move or a turn would do, for the play page to draw while the player points at the choice.

Each choice is made on a copy of the state by the same code that plays it (the task's choose_*, with
movement.py's pushes, tows, Oil Slick slides, blocked pushes, Lava Pool stops and stomps), so the preview
is the move itself. Only that choice is made, not what follows it (the card's next step, the damage a
Lava Pool deals, the Repair Pad), and a rolled move (the Rune Die) has no preview: its direction is not
known yet.
"""

from ..core.game import copy_state
from ..core.grid import relative_square
from .rules_base import Rules


class PreviewRules(Rules):
    # the decisions previewed: each choice is played on a copy of the state by the task's own choose_*
    PREVIEWED = ("move_choice", "turn")

    def previews(self) -> dict:
        state = self._state
        task = state["tasks"][0] if state["tasks"] and state.get("outcome") is None else {}
        if task.get("t") not in self.PREVIEWED:
            return {}
        out = {}
        for choice in self._front_choices():
            if choice["id"] == "move:random":  # the Rune Die decides: nothing to show yet
                continue
            after, events = copy_state(state), []
            after["tasks"].pop(0)  # as play() does before choose_*
            getattr(self, "choose_" + task["t"])(after, dict(task), choice, events)
            out[choice["id"]] = dict(self.preview_of(state, after, task["seat"], events),
                                     hits=self.attacks_next(after, task))
        return out

    def attacks_next(self, after, task) -> list:
        """The squares the same card's next steps attack from where the Mech now stands, when they are area
        attacks that follow without a decision between (Blaze: "Move forward 1 space, then do damage to the
        space on your left and the space on your right"); they are drawn, not played."""
        mech, board, hits = after["mechs"][task["seat"]], self.ctx.board, []
        ours = (task["seat"], task["slot"], task["card"])
        for queued in after["tasks"]:
            if "slot" not in queued:
                continue  # what the move itself queued (a Lava Pool's damage, a Repair Pad) comes first
            if queued["t"] != "attack_area" or (queued["seat"], queued["slot"], queued.get("card")) != ours:
                break  # a decision, a roll or the next slot: where the Mech stands then is not known yet
            hits += [sq for right, forward in queued["area"]
                     if board.on_board(sq := relative_square(mech["pos"], mech["facing"], right, forward))
                     and sq not in hits]
        return hits

    @staticmethod
    def preview_of(before, after, seat, events) -> dict:
        """The pieces that move or turn (the chosen Mech first), the Minions and Crystal Shards that go,
        and the lines the log would write (a piece pushed space by space: only where it ends)."""
        pieces = []
        for old, new in zip(before["mechs"], after["mechs"], strict=True):
            if new["pos"] != old["pos"] or new["facing"] != old["facing"]:
                pieces.append({"kind": "mech", "seat": new["seat"], "name": new["name"], "from": old["pos"],
                               "to": new["pos"], "facing": new["facing"]})
        pieces.sort(key=lambda p: p["seat"] != seat)
        if before.get("bomb") and after.get("bomb") and after["bomb"]["pos"] != before["bomb"]["pos"]:
            pieces.append({"kind": "bomb", "name": "the Bomb", "from": before["bomb"]["pos"],
                           "to": after["bomb"]["pos"]})
        left = after["minions"] + after["shards"]
        gone = [sq for sq in before["minions"] + before["shards"] if sq not in left]
        kept, last = [], set()
        for e in reversed(events):
            who = (e["kind"], e["text"].split(" to ")[0])
            if e["kind"] in ("push", "tow") and who in last:
                continue
            last.add(who)
            kept.insert(0, e)
        return {"pieces": pieces, "gone": gone, "log": [e["text"] for e in kept]}
