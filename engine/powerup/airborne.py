"""In the air (POWERUP Rulebook — Movement: Jump, Jump-Attack, Gravity; Reaction: Mid-Jump Action).

- Jump: "During the jump, if you have an enemy within your reach, you may attack once by spending 1 action
  point and then completing the jump. You can only attack once per jump."
- Jump-Attack: "You can make a jump to the square above, attack and fall back in the same square doing a
  Jump-Attack. The cost is 2 action points, 1 action for the jump and 1 action for the attack."
- Falling: "Your character can use 1 action during the fall (attack or any other action), but only once
  per fall."
- Mid-Jump Action: "You can use RPs to move 1 square, left or right, while in mid-air [...] The cost is 1 RP
  and you can only do it once per jump or fall."

Our rulings (docs-dev/POWERUP.md, "Rulings the engine makes"):
- A BUGBUSTER in the air is on the square its jump ends on (a fall: the square it falls from) until it
  lands: what it attacks is what it reaches from there. The window is offered only when it has something
  to do there (an attack it can pay, a Mid-Jump Action); "land" is always a choice.
- The jump's (or fall's) one action is paid with AP on the character's own turn while it has them, else
  with RP at the same cost ("the costs of the actions are the same as using normal actions"); the
  Mid-Jump Action always costs its RP. During a jump the action is an attack (as the Jump text says);
  during a fall it is an attack or one of the 1-action actions that need no footing (shooting a drum,
  throwing a grenade or what it carries, handing something to a partner: FALL_ACTIONS); moving sideways
  in the air is the Mid-Jump Action and a facing is chosen after a fall anyway. The action and the
  Mid-Jump Action are counted separately.
- A jump that ends in a fall is one jump: no second window for that fall.
- Jump-Attack: its jump costs half the character's jump cost, rounded up (1 AP normally; JUMP 1A: 1;
  MOVE 2A / JUMP 4A and the Creeper event: 2), plus the attack; it needs the square above open and free;
  the jumper falls back (no facing choice, a 1-square fall is harmless) unless the attack pushed it away;
  if someone took its square meanwhile, it lands on that one's head.
- RP options are not offered to a seat whose reaction windows are switched off.
Rulings #ruling-in-the-air, #ruling-jump-attack, #ruling-reaction-switch.
"""

from ..core.actions import action
from .board import DX
from .rules_base import Rules, event, fmt

# The actions other than an attack a falling character may take ("Your character can use 1 action during the
# fall (attack or any other action), but only once per fall"), by action-id prefix: what needs no footing.
# Moving sideways is the Mid-Jump Action; a facing is chosen after the fall anyway.
FALL_ACTIONS = frozenset({"shootdrum", "grenade", "throw", "give"})


class AirborneRules(Rules):
    EXTRA_ACTIONS = {"jumpattack": "extra_jumpattack"}

    # ----- paying ----------------------------------------------------------------------------
    def own_turn(self, state, seat) -> bool:
        return any(t["t"] == "act" and t.get("seat") == seat for t in state["tasks"])

    def payment(self, state, char, cost: int):
        """("ap" | "rp", cost) to pay `cost` now, or None: AP on the own turn while they last, else RP."""
        buster = self.buster_of(state, char)
        if self.own_turn(state, char["seat"]) and buster["ap"] >= cost:
            return "ap"
        if buster["reaction"] >= cost and buster.get("reactions_on", True):
            return "rp"
        return None

    def pay_points(self, state, char, how: str, cost: int) -> None:
        self.buster_of(state, char)["ap" if how == "ap" else "reaction"] -= cost

    @staticmethod
    def midair_task(char, why: str) -> dict:
        """The window of a character in the air (`why`: "jump" or "fall"), on the square it is on now."""
        return {"t": "midair", "seat": char["seat"], "char": char["id"], "why": why, "at": list(char["at"])}

    # ----- jumps -----------------------------------------------------------------------------
    def jump_to(self, state, char, square, events) -> None:
        """A jump: the jumper reaches the square in the air, may act there, then lands."""
        char["hold"] = True
        self.walk(state, char, square, events, rule="movement-jump", verb="jumps")
        if not char.pop("hold", False) or char["lives"] <= 0:
            return
        task = self.midair_task(char, "jump")
        if self.air_options(state, task):
            self.push(state, task)
        else:
            self.arrive(state, char, events, how="walk")

    def arrive(self, state, char, events, how: str) -> None:
        if char.pop("hold", False):  # a jumper still in the air: the mid-air window decides
            char["hold_done"] = True
            return
        super().arrive(state, char, events, how)

    def walk(self, state, char, square, events, rule="action-move", verb="moves") -> None:
        super().walk(state, char, square, events, rule=rule, verb=verb)
        if char.pop("hold_done", False):
            char["hold"] = True  # tells jump_to the landing is still to come

    def fall(self, state, char, events) -> None:
        """A BUGBUSTER starting to fall may act once (and make its Mid-Jump Action) before gravity acts."""
        aloft = char.pop("aloft", False)  # a Jump-Attack's fall is its falling back: no window
        if (
            char["side"] == "bugbuster"
            and not char.pop("no_window", False)
            and not aloft
            and char["lives"] > 0
        ):
            task = self.midair_task(char, "fall")
            pending = any(t["t"] == "midair" and t["char"] == char["id"] for t in state["tasks"])
            if not pending and self.air_options(state, task):
                self.push(state, task)
                return
        super().fall(state, char, events)

    # ----- the window ------------------------------------------------------------------------
    def air_options(self, state, task) -> list:
        """The paid choices of the window (without "land"). Ruling #ruling-in-the-air."""
        char = state["chars"][task["char"]]
        seat, out = task["seat"], []
        buster = self.buster_of(state, char)
        if not task.get("acted"):
            cost = self.ctx.cost("attack")
            how = self.payment(state, char, cost)
            if how:
                word = "AP" if how == "ap" else "RP"
                for a in self.attack_choices(state, char, seat):
                    out.append(
                        dict(
                            a,
                            id=f"air:{a['id']}",
                            label=f"In the air: {a['label'].split(' (')[0]} ({cost} {word})",
                            pay=how,
                        )
                    )
                if task["why"] == "fall":  # "1 action during the fall (attack or any other action)"
                    for a in self.out_of_turn_actions(state, seat, cost):
                        if a["id"].split(":")[0] in FALL_ACTIONS and a["cost"] == cost:
                            out.append(
                                dict(
                                    a,
                                    id=f"air:act:{a['id']}",
                                    label=f"While falling: {a['label'].split(' (')[0]} ({cost} {word})",
                                    inner=a["id"],
                                    ap_cost=cost,
                                    pay=how,
                                    cost=cost,
                                )
                            )
        mid = self.ctx.cost("mid-jump-action")
        if not task.get("shifted") and buster["reaction"] >= mid and buster.get("reactions_on", True):
            x, y = char["at"]
            for name, dx in (("left", -1), ("right", 1)):
                square = [x + dx, y]
                if self.open_square(state, square) and self.free_for(state, char, square):
                    out.append(
                        action(
                            f"air:shift:{name}",
                            f"Mid-Jump Action: move {name} to {fmt(square)} ({mid} RP)",
                            seat,
                            "move",
                            square=square,
                            cost=mid,
                            pay="rp",
                        )
                    )
        return out

    def choices_midair(self, state, task) -> list:
        char = state["chars"].get(task["char"])
        if char is None or char["lives"] <= 0 or char["at"] != task["at"]:
            return []
        word = "complete the jump" if task["why"] == "jump" else "fall"
        land = action("air:land", f"{self.name(char)}: {word}", task["seat"], "move")
        return [land] + self.air_options(state, task)

    def skip_midair(self, state, task, events) -> None:
        pass

    def choose_midair(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        parts = chosen["id"].split(":")
        if parts[1] == "land":  # gravity now, without a second window (a jump ending in a fall is one jump)
            char["no_window"] = True
            self.arrive(state, char, events, how="walk")
            char.pop("no_window", None)
            return
        self.pay_points(state, char, chosen["pay"], chosen.get("cost", 0))
        if parts[1] == "shift":
            events.append(
                event(
                    f"{self.name(char)} spends {chosen['cost']} RP: a Mid-Jump Action to "
                    f"{fmt(chosen['square'])}.",
                    "reaction-mid-jump-action",
                )
            )
            self.relocate(state, char, chosen["square"])
            self.push(state, dict(task, shifted=True, at=list(chosen["square"])))
            return
        self.push(state, dict(task, acted=True))
        if parts[1] == "act":  # another action than an attack, during a fall
            events.append(event(f"{self.name(char)} acts while falling.", "movement-gravity-falling"))
            self.act_out_of_turn(state, task["seat"], chosen, events)
            return
        buster = self.buster_of(state, char)
        if chosen["pay"] == "ap":  # an attack in the air follows the jump: the first of a row
            buster["streak"] = buster.get("streak", 0) + 1
        kind = parts[1]
        push = parts[3] if len(parts) > 3 else None
        rule = "movement-jump" if task["why"] == "jump" else "movement-gravity-falling"
        events.append(event(f"{self.name(char)} attacks in mid-air.", rule))
        self.prepare_attack(state, char, buster, kind, chosen["target"], push, events)

    # ----- Jump-Attack -----------------------------------------------------------------------
    def jump_attack_cost(self, state, char) -> int:
        """Half the character's jump cost, rounded up, plus the attack. Ruling #ruling-jump-attack."""
        jump = self.move_cost(state, "jump", char)
        return -(-jump // 2) + self.ctx.cost("attack")

    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        cost = self.jump_attack_cost(state, char)
        x, y = char["at"]
        above = [x, y - 1]
        if buster["ap"] < cost or char.get("carried_by"):
            return out
        if (
            not self.open_square(state, above)
            or self.kind(above) in ("void", "edge")
            or self.chars_at(state, above)
        ):
            return out
        start = char["at"]
        char["at"] = above
        try:
            attacks = self.attack_choices(state, char, seat)
        finally:
            char["at"] = start
        for a in attacks:
            out.append(
                dict(
                    a,
                    id=f"jumpattack:{a['id']}",
                    label=f"Jump-Attack: {a['label'].split(' (')[0]} from {fmt(above)} ({cost} AP)",
                    cost=cost,
                )
            )
        return out

    def extra_jumpattack(self, state, char, buster, rest, chosen, events) -> None:
        parts = rest.split(":")
        start, above = list(char["at"]), [char["at"][0], char["at"][1] - 1]
        self.relocate(state, char, above)
        char["aloft"] = True
        events.append(event(f"{self.name(char)} jumps up to {fmt(above)} to attack.", "movement-jump-attack"))
        self.push(state, {"t": "fall_back", "char": char["id"], "from": start, "at": above})
        self.prepare_attack(
            state, char, buster, parts[0], chosen["target"], parts[2] if len(parts) > 2 else None, events
        )

    def run_fall_back(self, state, task, events) -> None:
        """ "and fall back in the same square"."""
        char = state["chars"].get(task["char"])
        aloft = char.pop("aloft", False) if char else False
        if char is None or char["lives"] <= 0 or char["at"] != task["at"] or not aloft:
            return
        if self.free_for(state, char, task["from"]) and self.open_square(state, task["from"]):
            self.relocate(state, char, task["from"])
            events.append(
                event(f"{self.name(char)} falls back to {fmt(task['from'])}.", "movement-jump-attack")
            )
            self.arrive(state, char, events, how="walk")
        else:
            char["no_window"] = True
            self.settle(state, char, events)
            char.pop("no_window", None)


__all__ = ["AirborneRules", "DX"]
