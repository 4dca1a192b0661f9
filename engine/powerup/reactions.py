"""Reaction points out of turn (POWERUP Rulebook — Reaction): before a BUG's attack resolves, the BUGBUSTER
it threatens may spend RP (the weapon's speed first: "If there is no number on the equipment card, the
weapon's speed is 1") to Roll (yellow dice off a ranged attacker's hits) or to step away. "YOU MAY ONLY USE
ONE REACTION FOR EACH ACTION THAT THE ACTIVE PLAYER TAKES"."""

from ..core.actions import action
from .rules_base import Rules, event


class ReactionRules(Rules):
    def offer_reactions(self, state, victim, attacker, events) -> None:
        """Queue the threatened BUGBUSTER's reaction window (in front of the attack) when it can afford a
        reaction and has not switched its windows off.
        Ruling #ruling-reaction-window."""
        if victim["side"] != "bugbuster":
            return
        buster = self.buster_of(state, victim)
        speed = self.ctx.const("default_weapon_speed")
        if buster["reaction"] < speed + 1 or not buster.get("reactions_on", True):
            return
        self.push(
            state,
            {
                "t": "react",
                "seat": victim["seat"],
                "char": victim["id"],
                "attacker": attacker["id"],
                "speed": speed,
            },
        )

    def choices_react(self, state, task) -> list:
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        seat, spare = task["seat"], buster["reaction"] - task["speed"]
        name = self.name(char)
        out = [action("react:pass", f"{name}: take the attack", seat, "react")]
        strike = state["tasks"][0] if state["tasks"] and state["tasks"][0]["t"] == "bug_strike" else None
        if strike and strike["mode"] == "ranged":
            for n in range(1, spare + 1):
                out.append(
                    action(
                        f"react:roll:{n}",
                        f"{name}: Roll with {n} yellow di{'c' * (n > 1)}e ({n + task['speed']} RP)",
                        seat,
                        "react",
                        rp=n + task["speed"],
                    )
                )
        cost = self.ctx.cost("move")
        if spare >= cost:
            for name_, square in self.step_targets(state, char):
                if self.free_for(state, char, square):
                    out.append(
                        action(
                            f"react:step:{name_}",
                            f"{name}: step {name_} to dodge ({cost + task['speed']} RP)",
                            seat,
                            "react",
                            rp=cost + task["speed"],
                            square=square,
                        )
                    )
        return out

    def choose_react(self, state, task, chosen, events) -> None:
        if chosen["id"] == "react:pass":
            return
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        buster["reaction"] -= chosen["rp"]
        parts = chosen["id"].split(":")
        if parts[1] == "roll":
            state["tasks"][0]["dodge"] = int(parts[2])
            events.append(event(f"{self.name(char)} spends {chosen['rp']} RP to Roll.", "reaction-roll"))
        else:
            events.append(
                event(f"{self.name(char)} spends {chosen['rp']} RP to dodge.", "reaction-bullet-time")
            )
            self.walk(state, char, chosen["square"], events, rule="reaction-rp")
