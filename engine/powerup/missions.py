"""The Story missions' goals, checked after every task (POWERUP Rulebook — Story Mode), their non-player
characters, and the ways a mission is lost. The goal kinds are docs-dev/POWERUP.md's."""

from ..core.actions import action
from .rules_base import Rules, event, fmt


class MissionRules(Rules):
    def goal(self) -> dict:
        return self.ctx.play["goal"]

    # ----- progress ----------------------------------------------------------------------
    def rewarded(self, state, bug, buster, events) -> None:
        killed = state["goal"].setdefault("killed", {})
        killed[bug["kind"]] = killed.get(bug["kind"], 0) + 1

    def bug_removed(self, state, bug, events) -> None:
        if not any(c["side"] == "bug" for c in state["chars"].values()):
            pass

    def entered_powerup(self, state, char, events) -> None:
        if char["side"] == "bugbuster":
            reached = state["goal"].setdefault("reached", [])
            if char["seat"] not in reached:
                reached.append(char["seat"])

    def after_task(self, state, events) -> None:
        if state.get("outcome") is not None:
            return
        won = self.goal_met(state)
        if won:
            self.finish(state, "win", won, events)
            return
        lost = self.mission_lost(state, events)
        if lost:
            self.finish(state, "loss", lost, events)

    def goal_met(self, state):
        goal, progress = self.goal(), state["goal"]
        kind = goal["kind"]
        bugs = [c for c in state["chars"].values() if c["side"] == "bug" and c["lives"] > 0]
        if kind == "reach-powerup":
            alive = [b["seat"] for b in state["busters"] if self.char_of(state, b["seat"])["lives"] > 0]
            if (
                state["busters"]
                and len(progress.get("reached", [])) == len(state["busters"])
                and len(alive) == len(state["busters"])
            ):
                return "The whole group made it alive to a POWERUP."
        elif kind == "exterminate":
            kinds = goal.get("bugs")
            if state["turn"] and not [b for b in bugs if kinds is None or b["kind"] in kinds]:
                return "The BUGs are exterminated."
        elif kind == "destroy":
            if progress.get("killed", {}).get(goal["bug"], 0) >= goal.get("count", 1):
                return f"The {self.ctx.bugs[goal['bug']]['name']} is destroyed."
        elif kind == "rescue":
            if set(progress.get("saved", [])) >= set(goal["npcs"]):
                return "Every scientist is saved."
        elif kind == "destroy-burp-and-exit":
            if progress.get("killed", {}).get("burp", 0) >= goal.get("burps", 1) and goal[
                "escort"
            ] in progress.get("saved", []):
                return f"A BURP is destroyed and {self.ctx.npcs[goal['escort']]['name']} is out."
        return None

    def mission_lost(self, state, events):
        """A protected NPC dead, or every BUGBUSTER down with no CONTINUE paid; in a mission that starts over
        when someone dies, a restart while restarts are left. Ruling #ruling-mission-lost."""
        goal = self.goal()
        for npc in (
            goal.get("protect", []) + goal.get("npcs", []) + ([goal["escort"]] if "escort" in goal else [])
        ):
            char = state["chars"].get(npc)
            if char is not None and char["lives"] <= 0:
                return f"{self.ctx.npcs[npc]['name']} is dead."
        busters = [self.char_of(state, b["seat"]) for b in state["busters"]]
        if busters and len(busters) == len(state["busters"]) == state["players"]:
            down = [c for c in busters if c["lives"] <= 0]
            if down and goal["kind"] == "reach-powerup":
                if state["restarts"] < goal.get("restarts", 0):
                    self.restart(state, events)
                    return None
                return "A BUGBUSTER died: the mission must start over, and no restart is left."
            if len(down) == len(busters):
                if state["goal"].get("gave_up") or not self.continue_options(state, 0):
                    return "Every BUGBUSTER is down."
                if not (state["tasks"] and state["tasks"][0]["t"] == "last_continue"):
                    self.push(state, {"t": "last_continue", "seat": 0})
        return None

    def turn_over(self, state, events) -> None:
        """The end of a turn sequence: the mission's time limit (adapted: the Story text prints none).
        Ruling #ruling-time-limit."""
        limit = self.ctx.play.get("time_limit", {}).get("rounds")
        if limit and state["turn"] >= limit * self.ctx.const("turns_per_round"):
            self.finish(state, "loss", f"Time is up: {limit} rounds have passed.", events)

    def finish(self, state, result: str, reason: str, events) -> None:
        state["outcome"] = {"result": result, "reason": reason}
        state["tasks"] = []
        events.append(event(reason, "story-mode", kind="end"))

    def restart(self, state, events) -> None:
        """ "If someone dies, you have to start over from the beginning".
        Ruling #ruling-mission-lost."""
        kinds = [b["kind"] for b in state["busters"]]
        state["restarts"] += 1
        for field in ("chars", "coins", "goal"):
            state[field] = {}
        state["tokens"], state["busters"], state["store"] = [], [], []
        state["turn"] = 0
        self.set_up(state)
        for seat, kind in enumerate(kinds):
            self.choose_choose_bugbuster(state, {"seat": seat}, {"id": f"bugbuster:{kind}"}, events)
        state["tasks"] = [{"t": "bug_turn"}]
        events.append(
            event(
                f"Someone died: the mission starts over (restart {state['restarts']}).",
                "story-mode",
                kind="phase",
            )
        )

    # ----- non-player characters ----------------------------------------------------------
    def primary_target_squares(self, state) -> list:
        target = self.ctx.play.get("primary_target") or {}
        if "npc" in target:
            char = state["chars"].get(target["npc"])
            return [char["at"]] if char and char["lives"] > 0 and char["at"] else []
        if target.get("powerup"):
            return [t["at"] for t in state["tokens"] if t["kind"] == "powerup" and t["on"]]
        return []

    def extra_choices(self, state, char, seat) -> list:
        """ "They also have 2 movement actions in every turn, to be decided by the players leading the
        BUGBUSTERs".
        Ruling #ruling-npc-moves."""
        out = super().extra_choices(state, char, seat)
        for npc in sorted(c["id"] for c in state["chars"].values() if c["side"] == "npc"):
            who = state["chars"][npc]
            if who["lives"] <= 0 or who["at"] is None or state["npc_moves"].get(npc, 0) <= 0:
                continue
            for name, square in self.step_targets(state, who):
                if self.free_for(state, who, square):
                    out.append(
                        action(
                            f"npc:{npc}:{name}",
                            f"Move {self.name(who)} {name} to {fmt(square)} (free)",
                            seat,
                            "npc",
                            square=square,
                            cost=0,
                        )
                    )
            out.append(action(f"npc:{npc}:flip", f"Turn {self.name(who)} around (free)", seat, "npc", cost=0))
        return out

    def choose_extra(self, state, char, buster, kind, rest, chosen, events) -> None:
        if kind != "npc":
            super().choose_extra(state, char, buster, kind, rest, chosen, events)
            return
        npc, move = rest.split(":")
        who = state["chars"][npc]
        state["npc_moves"][npc] -= 1
        if move == "flip":
            who["facing"] = "left" if who["facing"] == "right" else "right"
            events.append(event(f"{self.name(who)} turns around.", "specials-npcs"))
        else:
            self.walk(state, who, chosen["square"], events, rule="specials-npcs")
        if who["lives"] > 0 and who["at"] and self.token_at(state, who["at"], "powerup"):
            self.npc_at_powerup(state, who, events)

    def npc_at_powerup(self, state, who, events) -> None:
        """EXODUS: "Take each one to a POWERUP. Gus will be the last one you save".
        Ruling #ruling-npc-moves."""
        goal, progress = self.goal(), state["goal"]
        if goal["kind"] not in ("rescue", "destroy-burp-and-exit") or who["id"] not in goal.get(
            "npcs", [goal.get("escort")]
        ):
            return
        last = goal.get("last")
        others = [n for n in goal.get("npcs", []) if n != last]
        if who["id"] == last and not set(progress.get("saved", [])) >= set(others):
            events.append(event(f"{self.name(who)} must be the last one saved.", "story-mode"))
            return
        if goal["kind"] == "destroy-burp-and-exit" and progress.get("killed", {}).get("burp", 0) < goal.get(
            "burps", 1
        ):
            return
        progress.setdefault("saved", []).append(who["id"])
        who["at"] = None
        events.append(event(f"{self.name(who)} is saved.", "story-mode", kind="goal"))
