"""The BUGMISTRESS's BUGs moved by a person (POWERUP Rulebook — Being the BUGMISTRESS, 3. BUGs move and
attack): "You can move any BUGs that have not been generated during this turn's SPAWN phase. Each BUG can
perform the number of actions per turn specified on its card. Once a BUG attacks, it can no longer take
action, even if it has actions remaining." Advance 1 square, flip and attack cost 1 action, a jump 2.

Our rulings:
- A BUG's moves are those the AI's BUGs make (pathing.bug_moves): ahead, up and down a ladder (anywhere
  for a flying BUG), the two jumps and the flip, never into acid, the void or a deadly fall, nor onto a
  square held by anyone but BUGs (BUGs there are pushed, as the AI's are).
- After an attack a BUG takes no other action, but the further attacks its sheet gives it
  (#ruling-one-attack).
- The BUGBUSTERs' windows "before every BUG action" open after she picks the action and before it is
  carried out; an attack then opens its target's reaction window unless that seat was just asked.
- The VERY ANGRY BUGMISTRESS of Kill the BUGMISTRESS may spend 1 action to flip a tile that is still face
  up, while the mission's flips last (#ruling-bugmistress-moves), whenever the person playing her likes.
Ruling #ruling-bugmistress-player."""

from ..core.actions import action
from .board import other_way
from .rules_base import Rules, fmt

MOVE_WORDS = {
    "ahead": "move ahead to",
    "up": "climb up to",
    "down": "climb down to",
    "straight": "jump straight ahead to",
    "diagonal": "jump diagonally up to",
}


def actions(n: int) -> str:
    return f"{n} action{'s' * (n != 1)}"


class MistressBugRules(Rules):
    def bug_ap_left(self, state, bug) -> int:
        spent = state["mistress"].get("spent", {}).get(bug["id"], 0)
        return self.ctx.sheet(bug["kind"])["actions"] * self.charge_multiplier(state) - spent

    def her_bugs(self, state) -> list:
        """The BUGs that may act: on the board, not dizzy, with actions on their sheet."""
        return sorted(
            (
                c
                for c in self.standing(state)
                if c["side"] == "bug"
                and not c.get("dizzy")
                and self.ctx.sheet(c["kind"]).get("actions", 0) > 0
            ),
            key=lambda c: (c["at"][1], c["at"][0], c["id"]),
        )

    def bug_action_choices(self, state, seat) -> list:
        out = []
        attack_cost = self.ctx.const("bug_attack_cost")
        for bug in self.her_bugs(state):
            left = self.bug_ap_left(state, bug)
            if left <= 0:
                continue
            who = f"{self.name(bug)} at {fmt(bug['at'])}"
            common = {"piece": bug["id"], "card": bug["id"]}  # `card`: the page picks a BUG, then its action
            if left >= attack_cost and self.attacks_left(state, bug) > 0:
                for what, mode, side, target, words, note in self.her_attacks(state, bug):
                    out.append(
                        action(
                            f"bug:{bug['id']}:{what}:{target['id']}",
                            f"{who}: {words} ({note}{actions(attack_cost)})",
                            seat,
                            "bug",
                            square=target["at"],
                            target=target["id"],
                            mode=mode,
                            side=side,
                            cost=attack_cost,
                            **common,
                        )
                    )
            if bug.get("attacked") == state["turn"]:
                continue  # "Once a BUG attacks, it can no longer take action"
            for move, cost, rest, _facing in self.bug_moves(state, bug, bug["at"], bug["facing"]):
                if cost > left or (move != "flip" and not self.bug_may_enter(state, bug, move)):
                    continue
                words = (
                    f"turn to face {other_way(bug['facing'])}"
                    if move == "flip"
                    else f"{MOVE_WORDS[move]} {fmt(rest)}" + self.landing_warning(state, bug, rest)
                )
                out.append(
                    action(
                        f"bug:{bug['id']}:{move}",
                        f"{who}: {words} ({actions(cost)})",
                        seat,
                        "bug",
                        square=bug["at"] if move == "flip" else rest,
                        cost=cost,
                        **common,
                    )
                )
            out += self.tile_flip_choices(state, bug, seat, left)
        return out

    def her_attacks(self, state, bug) -> list:
        """(id word, mode, side, target, words, note) of each attack the BUG may make: melee, then shots while
        the mission allows them, on the targets bug_may_attack leaves."""
        out = [
            ("melee", "melee", side, t, f"attack {self.name(t)} at {fmt(t['at'])} in melee", "")
            for side, t in self.melee_targets(state, bug)
        ]
        if self.ranged_allowed(state):
            out += [
                (
                    "shoot",
                    "ranged",
                    dx,
                    t,
                    f"shoot {self.name(t)} at {fmt(t['at'])}",
                    f"{k} square{'s' * (k != 1)} away; ",
                )
                for k, dx, t in self.ranged_targets(state, bug)
            ]
        return [a for a in out if self.bug_may_attack(state, a[3])]

    def bug_may_enter(self, state, bug, move) -> bool:
        """Whether the first square of the move holds only BUGs or no one (bug_side.bug_move's squares)."""
        x, y = bug["at"]
        dx = 1 if bug["facing"] == "right" else -1
        if move in ("straight", "diagonal"):
            return True  # pathing.bug_moves leaves out a jump onto anyone who is not a BUG
        square = {"ahead": [x + dx, y], "up": [x, y - 1], "down": [x, y + 1]}[move]
        square = self.stepped_onto(state, square) or square
        return all(c["side"] == "bug" for c in self.chars_at(state, square) if c is not bug)

    def tile_flip_choices(self, state, bug, seat, left) -> list:
        """The VERY ANGRY BUGMISTRESS's flips ("she can flip up to 3 tiles"), `tile_flip_cost` actions each.
        Ruling #ruling-bugmistress-moves."""
        cost = self.ctx.const("tile_flip_cost")
        if "angry_of" not in self.ctx.bugs[bug["kind"]] or not self.flips_left(state) or left < cost:
            return []
        out = []
        for index, placement in enumerate(self.ctx.layout["tiles"]):
            if index in state.get("flipped", []):
                continue
            corner = placement["at"]
            out.append(
                action(
                    f"bug:{bug['id']}:tile:{index}",
                    f"{self.name(bug)}: flip the tile at {fmt(corner)} over ({actions(cost)})",
                    seat,
                    "bug",
                    square=list(corner),
                    tile=index,
                    cost=cost,
                    piece=bug["id"],
                    card=bug["id"],
                )
            )
        return out

    def bug_action(self, state, chosen, events) -> None:
        """Her pick; the BUGBUSTERs' windows "before every BUG action" come before it is carried out."""
        bug = state["chars"][chosen["piece"]]
        task = {"t": "mistress_bug", "action": chosen}
        self.push(state, task)
        task["asked"] = self.offer_action_windows(state, bug)

    def run_mistress_bug(self, state, task, events) -> None:
        chosen = task["action"]
        bug = state["chars"].get(chosen["piece"])
        if bug is None or bug["lives"] <= 0 or bug["at"] is None:
            return
        spent = state["mistress"].setdefault("spent", {})
        spent[bug["id"]] = spent.get(bug["id"], 0) + chosen["cost"]
        what = chosen["id"].split(":")[2]
        if what in ("melee", "shoot"):
            victim = state["chars"][chosen["target"]]
            self.push(
                state,
                {
                    "t": "bug_strike",
                    "bug": bug["id"],
                    "mode": chosen["mode"],
                    "side": chosen["side"],
                    "target": victim["id"],
                },
            )
            if victim.get("seat") not in task.get("asked", []):  # one reaction for each action
                self.offer_reactions(state, victim, bug, events)
        elif what == "tile":
            self.flip_tile(state, chosen["tile"], events, by=bug)
        else:
            self.bug_move(state, bug, what, events)
