"""Reaction points out of turn (POWERUP Rulebook — Reaction): before a BUG's attack resolves, the BUGBUSTER
it threatens may spend RP (the weapon's speed first: "If there is no number on the equipment card, the
weapon's speed is 1") to Roll (yellow dice off a ranged attacker's hits), to step away, or to take any other
ordinary action: "In the case of using RP to act outside of your turn, the costs of the actions are the same
as using normal actions [...] The only regular action that cannot be done out of turn is resting." "YOU MAY
ONLY USE ONE REACTION FOR EACH ACTION THAT THE ACTIVE PLAYER TAKES".

Our rulings:
- The speed paid is the attacking weapon's: a BUGBUSTER's equipped card's `speed`, 1 when none is printed;
  a BUG's attack has no equipment card, so its speed is 1.
- Out of turn the window offers the actions of the BUGBUSTER Actions table (but Rest) at their AP cost in
  RP plus the speed; the free plays (POW! cards, EPIC, CONTINUE) belong to their own rules, but for the
  tricks not tied to an attack (Skeleton Key, Decoy: ANY_TIME_TRICKS), which a window offers too.
- Each seat has a switch for its reaction windows with three positions: off (`reactions_on` false: no
  window, reaction, Assist or the RP choices in the air, is offered to it); on before an attack on it (the
  default); on before every BUG action (`reactions_all`: a window before each BUG action, in seat order,
  with a reaction point; no weapon speed to pay when not under attack; no second window for the same BUG
  action). It is switched off from inside a window ("Pass and stop asking"), and set to any position on
  its own turn (a free option, once a turn).
Rulings #ruling-reaction-window, #ruling-reaction-switch.
"""

import re

from ..core.actions import action
from .rules_base import Rules, event

# The ordinary actions (BUGBUSTER Actions) a reaction may take, by action-id prefix; moving is the dodge.
OUT_OF_TURN = frozenset(
    {
        "flip",
        "jump",
        "jumpattack",
        "shoot",
        "melee",
        "shootdrum",
        "grenade",
        "pickup",
        "throw",
        "give",
        "revive",
        "gate",
    }
)


# The POW! tricks not tied to an attack, offered in a reaction window too: "Trick cards can be used at any
# time" (the attack tricks wait for the attack they boost; the defensive ones have their own window).
ANY_TIME_TRICKS = frozenset({"door", "turn-bug"})


class ReactionRules(Rules):
    EXTRA_ACTIONS = {"reactions": "extra_reactions"}

    def weapon_speed(self, state, attacker, mode: str) -> int:
        """ "The speed of a weapon is next to the weapon name. If there is no number on the equipment card,
        the weapon's speed is 1." """
        default = self.ctx.const("default_weapon_speed")
        if attacker is None or attacker["side"] != "bugbuster":
            return default
        weapon = self.equipped(state, attacker, "distance" if mode == "ranged" else "melee")
        return (weapon or {}).get("speed") or default

    @staticmethod
    def pending_attack(state):
        """The attack a reaction window stands in front of: a BUG's strike, or a BUGBUSTER's (Deathmatch)."""
        task = state["tasks"][0] if state["tasks"] else {}
        return task if task.get("t") in ("bug_strike", "attack_prep") else None

    def offer_reactions(self, state, victim, attacker, events) -> None:
        """Queue the threatened BUGBUSTER's reaction window (in front of the attack) when it can afford a
        reaction and has not switched its windows off.
        Ruling #ruling-reaction-window."""
        if victim["side"] != "bugbuster":
            return
        buster = self.buster_of(state, victim)
        strike = self.pending_attack(state) or {}
        speed = self.weapon_speed(state, attacker, strike.get("mode", "melee"))
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
        if char["lives"] <= 0 or char["at"] is None or spare < 1:
            return []  # gone, or its RP spent since the window was queued: nothing left to react with
        if task.get("before") == "action":  # a window before a BUG's action, not an attack on me
            bug = state["chars"].get(task["attacker"])
            what = f"let {self.name(bug)} act" if bug else "let the BUG act"
            out = [
                action("react:pass", f"{name}: {what}", seat, "react"),
                action("react:off", f"{name}: {what} and stop asking (reactions off)", seat, "react"),
            ]
        else:
            out = [
                action("react:pass", f"{name}: take the attack", seat, "react"),
                action(
                    "react:off", f"{name}: take the attack and stop asking (reactions off)", seat, "react"
                ),
            ]
        strike = self.pending_attack(state)
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
                            f"{name}: step {name_}{'' if task.get('before') else ' to dodge'} "
                            f"({cost + task['speed']} RP)",
                            seat,
                            "react",
                            rp=cost + task["speed"],
                            square=square,
                        )
                    )
        for a in self.out_of_turn_actions(state, seat, spare):
            rp = a["cost"] + task["speed"]
            out.append(
                dict(
                    a,
                    id=f"react:act:{a['id']}",
                    label=f"{name}: {self.paid_in_rp(a['label'], a['cost'], rp)}",
                    kind="react",  # one of the window's choices, not the turn's
                    inner=a["id"],
                    ap_cost=a["cost"],
                    rp=rp,
                    cost=0,
                )
            )
        for a in self.pow_choices(state, char, seat):  # "Trick cards can be used at any time"
            if self.pow_card(a["card"]).get("effect") in ANY_TIME_TRICKS:
                out.append(
                    dict(a, id=f"react:{a['id']}", label=f"{name}: {a['label']} (no RP)", inner=a["id"], rp=0)
                )
        return out

    @staticmethod
    def paid_in_rp(label: str, ap: int, rp: int) -> str:
        """An ordinary action's label with its price in RP, out of turn: "Shoot BUGGIE at c5 (1 square away;
        1 AP, 1 ammo)" -> "(1 square away; 2 RP, 1 ammo)"; a label without its AP gets "(2 RP)"."""
        priced, found = re.subn(rf"\b{ap} AP\b", f"{rp} RP", label, count=1)
        return priced if found else f"{label} ({rp} RP)"

    def out_of_turn_actions(self, state, seat, budget: int) -> list:
        """The ordinary actions the seat could take with `budget` AP (its turn's choices, out of turn)."""
        if budget <= 0:
            return []
        buster = state["busters"][seat]
        saved = buster["ap"]
        buster["ap"] = budget
        try:
            acts = self.choices_act(state, {"t": "act", "seat": seat})
        finally:
            buster["ap"] = saved
        return [a for a in acts if a["id"].split(":")[0] in OUT_OF_TURN and a.get("cost")]

    def act_out_of_turn(self, state, seat, chosen, events) -> None:
        """Play one ordinary action out of turn (its cost already paid in RP)."""
        buster = state["busters"][seat]
        saved, streak = buster["ap"], buster.get("streak", 0)
        before = list(state["tasks"])
        buster["ap"] = chosen["ap_cost"]
        try:
            self.choose_act(
                state, {"t": "act", "seat": seat}, dict(chosen, id=chosen["inner"], cost=0), events
            )
        finally:
            buster["ap"], buster["streak"] = saved, streak
        mine = next(
            (
                i
                for i, t in enumerate(state["tasks"])
                if t["t"] == "act" and t.get("seat") == seat and not any(t is b for b in before)
            ),
            None,
        )
        if mine is not None:  # not a turn: no further action after this one
            del state["tasks"][mine]

    def choose_react(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        buster = self.buster_of(state, char)
        if chosen["id"] in ("react:pass", "react:off"):
            if chosen["id"] == "react:off":
                self.switch_reactions(state, buster, False, events)
            return
        buster["reaction"] -= chosen["rp"]
        parts = chosen["id"].split(":")
        if parts[1] == "roll":
            state["tasks"][0]["dodge"] = int(parts[2])
            events.append(event(f"{self.name(char)} spends {chosen['rp']} RP to Roll.", "reaction-roll"))
        elif parts[1] == "pow":  # a trick played in the window (the card's own cost, no RP)
            self.choose_extra(state, char, buster, "pow", "", dict(chosen, id=chosen["inner"]), events)
        elif parts[1] == "act":
            events.append(
                event(f"{self.name(char)} spends {chosen['rp']} RP to act out of turn.", "reaction-rp")
            )
            self.act_out_of_turn(state, task["seat"], chosen, events)
        else:
            events.append(
                event(f"{self.name(char)} spends {chosen['rp']} RP to dodge.", "reaction-bullet-time")
            )
            self.walk(state, char, chosen["square"], events, rule="reaction-rp")

    # ----- the switch --------------------------------------------------------------------------
    def switch_reactions(self, state, buster, on: bool, events) -> None:
        """Switch a seat's reaction windows (reaction, Assist, RP in the air) off or on.
        Ruling #ruling-reaction-switch."""
        buster["reactions_on"] = on
        who = self.name(state["chars"][buster["char"]])
        events.append(
            event(
                f"{who}: reaction windows {'on' if on else 'off'}.",
                "reaction-bullet-time",
                seat=buster["seat"],
            )
        )

    def extra_choices(self, state, char, seat) -> list:
        """The switch, once a turn, free: off; on before attacks on me (the default); on before every BUG
        action too ("At any time, a player can use their RPs to react").
        Ruling #ruling-reaction-switch."""
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        if buster.get("toggled") != state["turn"]:
            who, now = self.name(char), self.reaction_mode(buster)
            labels = {
                "off": f"Switch {who}'s reaction windows off (free)",
                "on": f"{who}: reaction windows only before an attack on {who} (free)",
                "all": f"{who}: reaction windows before every BUG action (free)",
            }
            for mode in ("off", "on", "all"):
                if mode != now:
                    out.append(action(f"reactions:{mode}", labels[mode], seat, "reactions", cost=0))
        return out

    def reaction_mode(self, buster) -> str:
        if not buster.get("reactions_on", True):
            return "off"
        return "all" if buster.get("reactions_all") else "on"

    def extra_reactions(self, state, char, buster, rest, chosen, events) -> None:
        buster["toggled"] = state["turn"]
        buster["reactions_all"] = rest == "all"
        self.switch_reactions(state, buster, rest != "off", events)

    # ----- windows before every BUG action ------------------------------------------------------
    def offer_action_windows(self, state, bug) -> list:
        """Queue a window, before a BUG's action, for each BUGBUSTER (seat order) whose switch says "before
        every BUG action", standing, with a reaction point: "At any time, a player can use their RPs to
        react, even between regular actions of a rival player." Not under attack, it pays no weapon speed
        ("If a player under attack wants to use a reaction point, he must pay the speed value"). The seats
        asked (one reaction for each action of the active side).
        Ruling #ruling-reaction-window."""
        asked = []
        for buster in state["busters"]:
            char = state["chars"][buster["char"]]
            if (
                self.reaction_mode(buster) == "all"
                and buster["reaction"] >= 1
                and char["lives"] > 0
                and char["at"] is not None
            ):
                asked.append(buster["seat"])
        self.push(
            state,
            *(
                {
                    "t": "react",
                    "seat": seat,
                    "char": state["busters"][seat]["char"],
                    "attacker": bug["id"],
                    "speed": 0,
                    "before": "action",
                }
                for seat in asked
            ),
        )
        return asked
