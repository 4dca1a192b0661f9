"""Assist (POWERUP Rulebook — Reaction, Assist): "You may assist another character in attacking an enemy.
This will make the attack more powerful. You can do this as long as your character is in a position to
help. See Combat rules. Assisting means you will add your dice to your ally's attack roll and spend 1 RP."

Our rulings (docs-dev/POWERUP.md): when a BUGBUSTER rolls an attack, each partner (seat order) whose
reaction windows are on, with the RP, is asked in turn; "in a position to help" means able to make that
attack itself on that target now: for a melee, the target is within its own melee reach; for a ranged
attack, within its own line of shot and weapon range. The assistant adds the dice of its own sheet and
equipped weapon for that kind of attack; it spends the 1 RP, no AP and no ammunition. The attack stays the
attacker's (its weapon's specials, damage type, push and score).
Ruling #ruling-assist."""

from ..core.actions import action
from .dice import dice_sum
from .rules_base import Rules, event


class AssistRules(Rules):
    def can_assist(self, state, helper, target, mode: str) -> bool:
        buster = self.buster_of(state, helper)
        if (
            helper["lives"] <= 0
            or helper["at"] is None
            or helper.get("carried_by")
            or buster.get("untouchable")
            or not buster.get("reactions_on", True)
            or buster["reaction"] < self.ctx.cost("assist")
        ):
            return False
        if mode == "melee":
            return any(t is target for _, t in self.melee_targets(state, helper))
        return any(t is target for _, _, t in self.ranged_targets(state, helper))

    def choose_attack_prep(self, state, task, chosen, events) -> None:
        if chosen["id"] != "attack:roll":
            super().choose_attack_prep(state, task, chosen, events)
            return
        char, target = state["chars"][task["char"]], state["chars"][task["target"]]
        helpers = [
            state["chars"][b["char"]]
            for b in state["busters"]
            if b["char"] != char["id"]
            and self.can_assist(state, state["chars"][b["char"]], target, task["mode"])
        ]
        windows = [
            {"t": "assist", "seat": h["seat"], "char": h["id"], "for": char["id"], "target": target["id"]}
            for h in helpers
        ]
        self.push(state, *windows, dict(task, t="strike_go"))

    def run_strike_go(self, state, task, events) -> None:
        char = state["chars"].get(task["char"])
        target = state["chars"].get(task["target"])
        if char is None or char["lives"] <= 0:
            return
        if target is None or target["lives"] <= 0:
            self.skip_attack_prep(state, task, events)
            return
        self.strike(state, char, task, events)

    def choices_assist(self, state, task) -> list:
        helper = state["chars"][task["char"]]
        target = state["chars"].get(task["target"])
        strike = next((t for t in state["tasks"] if t["t"] == "strike_go" and t["char"] == task["for"]), None)
        if strike is None or target is None or not self.can_assist(state, helper, target, strike["mode"]):
            return []
        seat, name = task["seat"], self.name(helper)
        ally = self.name(state["chars"][task["for"]])
        cost = self.ctx.cost("assist")
        return [
            action("assist:pass", f"{name}: do not assist {ally}", seat, "assist"),
            action("assist:off", f"{name}: do not assist, and stop asking (reactions off)", seat, "assist"),
            action(
                "assist:join",
                f"{name}: assist {ally} against {self.name(target)} ({cost} RP)",
                seat,
                "assist",
                rp=cost,
            ),
        ]

    def skip_assist(self, state, task, events) -> None:
        pass

    def choose_assist(self, state, task, chosen, events) -> None:
        helper = state["chars"][task["char"]]
        buster = self.buster_of(state, helper)
        if chosen["id"] == "assist:off":
            self.switch_reactions(state, buster, False, events)
            return
        if chosen["id"] == "assist:pass":
            return
        strike = next(t for t in state["tasks"] if t["t"] == "strike_go" and t["char"] == task["for"])
        buster["reaction"] -= chosen["rp"]
        dice = self.attack_dice(state, helper, strike["mode"])
        strike["boost"] = dice_sum(strike["boost"], dice)
        events.append(
            event(
                f"{self.name(helper)} spends {chosen['rp']} RP to assist: "
                f"+{dice.get('white', 0)} white, +{dice.get('yellow', 0)} yellow.",
                "reaction-assist",
                seat=task["seat"],
            )
        )
