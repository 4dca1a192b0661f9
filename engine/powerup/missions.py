"""The Story missions' goals, checked after every task (POWERUP Rulebook — Story Mode), their non-player
characters, and the ways a mission is lost. The goal kinds are docs-dev/POWERUP.md's."""

from ..core.actions import action
from .rules_base import PORTAL, Rules, event, fmt


class MissionRules(Rules):
    EXTRA_ACTIONS = {"npc": "extra_npc"}

    def goal(self) -> dict:
        """The mission's goal; Deathmatch's play block has none (its kind is then "deathmatch")."""
        return self.ctx.play.get("goal") or {"kind": self.ctx.scenario["mode"]}

    # ----- progress ----------------------------------------------------------------------
    def bug_removed(self, state, bug, events) -> None:
        """A BUG's death counts towards "Take out the BLOB" / "Beat the 3 BRASAS" whoever or whatever
        killed it (our ruling: a BLOB pushed into acid or caught in a drum's blast is taken out too).
        Ruling #ruling-goal-bugs."""
        killed = state["goal"].setdefault("killed", {})
        kind = self.base_kind(bug)  # the VERY ANGRY BUGMISTRESS is hers
        killed[kind] = killed.get(kind, 0) + 1
        super().bug_removed(state, bug, events)
        self.waiting_npcs(state, events)

    def entered_powerup(self, state, char, events) -> None:
        """A BUGBUSTER entering a POWERUP that is ON: "make it alive to a POWERUP" (Mission 1); one who
        carries a non-player character to be saved brings it in (EXODUS, the BURP)."""
        if char["side"] == "bugbuster":
            reached = state["goal"].setdefault("reached", [])
            if char["seat"] not in reached:
                reached.append(char["seat"])
            cargo = char.get("carrying")
            if cargo and cargo["what"] == "char" and state["chars"].get(cargo["id"], {}).get("side") == "npc":
                self.npc_at_powerup(state, state["chars"][cargo["id"]], events, carrier=char)

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
        """The printed goal met, or None. Ruling #ruling-goal-bugs."""
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
                return (
                    "The BUGs are exterminated."
                    if kinds is None
                    else f"Every {', '.join(self.ctx.bugs[k]['name'] for k in kinds)} is exterminated."
                )
        elif kind == "destroy":
            # our ruling: a goal BUG placed at setup that the mission's roster cannot bring back and that
            # is off the board by any other way (a BRASAS's Inmolation: "Sacrifices a BRASAS") is beaten too
            placed = any(b["bug"] == goal["bug"] for b in self.ctx.layout.get("bugs", []))
            gone = (
                placed
                and goal["bug"] not in self.ctx.play["roster"]
                and not [b for b in bugs if self.base_kind(b) == goal["bug"]]
            )
            if gone or progress.get("killed", {}).get(goal["bug"], 0) >= goal.get("count", 1):
                count = goal.get("count", 1)
                name = self.ctx.bugs[goal["bug"]]["name"]
                return f"The {count} {name} are beaten." if count > 1 else f"The {name} is destroyed."
        elif kind == "destroy-portal":
            if not self.portal_parts(state):
                name = self.ctx.bugs[PORTAL]["name"].lower()
                return f"The {name}s are destroyed: the dimensional portal is gone."
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
        """The end of a turn sequence: an Arcade goal held to its turn (Save the VIPs: "keep the 3
        non-player characters alive for a ROUND (8 turn sequences)"), then the mission's time limit
        (adapted: the Story text prints none; the BURP's "Take out the turn card" prints no limit either).
        Rulings #ruling-time-limit, #ruling-burp-turn-card, #ruling-survive."""
        goal = self.goal()
        turns = self.ctx.scenario.get("time_limit", {}).get("turn_sequences")
        if goal["kind"] == "survive" and state["turn"] >= turns:
            names = self.names_of(goal["protect"])
            self.finish(state, "win", f"{names} held out for {turns} turn sequences.", events)
            return
        if goal["kind"] == "destroy-portal":
            self.portal_turn_over(state, turns, events)
            if state.get("outcome") is not None:
                return
        limit = self.ctx.play.get("time_limit", {}).get("rounds")
        if limit and state["turn"] >= limit * self.ctx.const("turns_per_round"):
            self.finish(state, "loss", f"Time is up: {limit} rounds have passed.", events)

    def deadline(self, state) -> str | None:
        """What the Arcade card's turn count decides, in words, for the turn card (`turn_over` decides it)."""
        goal = self.goal()
        turns = self.ctx.scenario.get("time_limit", {}).get("turn_sequences")
        if goal["kind"] == "survive":
            return f"won at the end of turn {turns} with the VIPs alive"
        if goal["kind"] == "destroy-portal":
            later = turns + self.ctx.scenario["values"]["second_round_turns_before_defeat"]
            if state["goal"].get("portal_open"):
                return f"the portal is open: lost at the end of turn {later} if a part stands"
            return f"the portal opens at the end of turn {turns}; lost at the end of turn {later}"
        return None

    def finish(self, state, result: str, reason: str, events) -> None:
        """The mission's end; a win names the mission's printed reward ("Reward: ..."), which the last
        events show (Point of No Return prints none)."""
        reward = (self.ctx.play.get("reward") or {}).get("text")
        if result == "win" and reward:
            reason = f"{reason} Reward: {reward}"
        state["outcome"] = {"result": result, "reason": reason}
        state["tasks"] = []
        events.append(event(reason, self.mode_rule(), kind="end"))

    # ----- Dimensional Portal ------------------------------------------------------------------
    def portal_parts(self, state) -> list:
        return [c for c in self.standing(state) if c["kind"] == PORTAL]

    def portal_turn_over(self, state, turns: int, events) -> None:
        """ "If the 8 turn sequences pass, and all three parts of the dimensional portal have not been
        destroyed, the portal will be activated. [...] If in 4 turns of the second round the portal has not
        been completely destroyed, the BUGMISTRESS has won." Ruling #ruling-portal."""
        parts = self.portal_parts(state)
        values = self.ctx.scenario.get("values", {})
        if not parts:
            return
        if state["turn"] >= turns + values["second_round_turns_before_defeat"]:
            reason = "The dimensional portal still stands: the BUGMISTRESS has won."
            self.finish(state, "loss", reason, events)
        elif state["turn"] >= turns and not state["goal"].get("portal_open"):
            state["goal"]["portal_open"] = True
            events.append(
                event(
                    f"The dimensional portal opens: {len(parts)} part{'s' * (len(parts) != 1)} left, each a "
                    "SPAWN point, and one more BUG card a turn for each.",
                    "arcade-mode",
                    kind="phase",
                )
            )

    def bug_cards_to_draw(self, state) -> int:
        """ "For each piece of the portal that remains, one more BUG card will be drawn": every BUGs' turn
        once the portal is open. Ruling #ruling-portal."""
        more = 0
        if state["goal"].get("portal_open"):
            per = self.ctx.scenario["values"]["extra_bug_cards_per_remaining_piece"]
            more = per * len(self.portal_parts(state))
        return super().bug_cards_to_draw(state) + more

    def spawners(self, state) -> list:
        """ "You may spawn BUGs from each token as if it were a BURP": once the portal is open.
        Ruling #ruling-portal."""
        out = super().spawners(state)
        if state["goal"].get("portal_open"):
            out += self.portal_parts(state)
        return out

    def mode_rule(self) -> str:
        """The rules page section of the mission's game mode (rules/missions.md)."""
        return {"story": "story-mode", "arcade": "arcade-mode"}.get(self.ctx.scenario["mode"], "deathmatch")

    def restart(self, state, events) -> None:
        """ "If someone dies, you have to start over from the beginning".
        Ruling #ruling-mission-lost."""
        kinds = [b["kind"] for b in state["busters"]]
        state["restarts"] += 1
        for field in ("chars", "coins", "goal"):
            state[field] = {}
        state["tokens"], state["busters"], state["store"] = [], [], []
        for field in ("gateway_off", "closed_gateways"):
            state.pop(field, None)
        state["turn"] = 0
        self.set_up(state)
        for seat, kind in enumerate(kinds):
            self.choose_choose_bugbuster(state, {"seat": seat}, {"id": f"bugbuster:{kind}"}, events)
        state["tasks"] = [*self.mistress_placements(state), {"t": "bug_turn"}]
        events.append(
            event(
                f"Someone died: the mission starts over (restart {state['restarts']}).",
                "story-mode",
                kind="phase",
            )
        )

    # ----- non-player characters ----------------------------------------------------------
    def bug_may_attack(self, state, char) -> bool:
        """ "If the BUG is in the position to attack a PRIMARY TARGET or a BUGBUSTER, it will attack": the
        AI's BUGs attack BUGBUSTERs and the mission's PRIMARY TARGET, not the other non-player characters
        (our reading: EXODUS's scientists other than GUS are in danger from blasts, falls and acid only).
        Ruling #ruling-bug-attack-target."""
        if char["side"] != "npc":
            return super().bug_may_attack(state, char)
        return char["id"] in self.primary_target_npcs()

    def strike_outright(self, state, bug, victim, events) -> bool:
        """Save the VIPs: "If a BUG reaches its square it attacks from a distance, the NPC dies
        automatically": a BUG in a position to attack a protected character (melee or a shot in range)
        kills it, with no roll. Ruling #ruling-survive."""
        goal = self.goal()
        if not (goal.get("die_when_attacked") and victim["id"] in goal.get("protect", [])):
            return super().strike_outright(state, bug, victim, events)
        events.append(event(f"{self.name(bug)} reaches {self.name(victim)}: no roll.", "arcade-mode"))
        self.kill(state, victim, events, by=bug["id"])
        return True

    def primary_target_npcs(self) -> list:
        """The non-player characters the BUGs hunt: `{npc}` or `{npcs}` (Save the VIPs: the three VIPs)."""
        target = self.ctx.play.get("primary_target") or {}
        return target.get("npcs") or ([target["npc"]] if "npc" in target else [])

    def names_of(self, npcs) -> str:
        names = [self.ctx.npcs[n]["name"] for n in npcs]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"

    def primary_target_squares(self, state) -> list:
        target = self.ctx.play.get("primary_target") or {}
        if self.primary_target_npcs():
            chars = [state["chars"].get(n) for n in self.primary_target_npcs()]
            return [c["at"] for c in chars if c and c["lives"] > 0 and c["at"]]
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

    def gate_barred(self, state, char) -> bool:
        """Save the VIPs: "They can't use the doors": a BUGBUSTER carrying one goes through no gateway.
        Ruling #ruling-survive."""
        cargo = char.get("carrying") or {}
        return super().gate_barred(state, char) or (
            self.ctx.play.get("npcs_use_doors", True) is False
            and cargo.get("what") == "char"
            and state["chars"].get(cargo.get("id"), {}).get("side") == "npc"
        )

    def extra_npc(self, state, char, buster, rest, chosen, events) -> None:
        npc, move = rest.split(":")
        who = state["chars"][npc]
        state["npc_moves"][npc] -= 1
        if move == "flip":
            who["facing"] = "left" if who["facing"] == "right" else "right"
            events.append(event(f"{self.name(who)} turns around.", "specials-npcs"))
        else:
            self.walk(state, who, chosen["square"], events, rule="specials-npcs")

    def landed(self, state, char, events, how: str) -> None:
        """A non-player character at rest on a POWERUP that is ON (led there on its own moves, thrown or
        pushed there) leaves the board through it, if the mission saves it there. Ruling #ruling-npc-saved."""
        super().landed(state, char, events, how)
        if char["side"] == "npc" and not char.get("carried_by") and char["lives"] > 0 and char["at"]:
            powerup = self.token_at(state, char["at"], "powerup")
            if powerup and powerup["on"]:
                self.npc_at_powerup(state, char, events)

    def waiting_npcs(self, state, events) -> None:
        """A character waiting on an ON POWERUP (GUS before the others, or before a BURP is destroyed) goes
        out as soon as it may (our ruling: no step off and back on is needed). Ruling #ruling-npc-saved."""
        goal = self.goal()
        for npc in goal.get("npcs", []) + ([goal["escort"]] if "escort" in goal else []):
            who = state["chars"].get(npc)
            if who is None or who["lives"] <= 0 or not who["at"] or who.get("carried_by"):
                continue
            powerup = self.token_at(state, who["at"], "powerup")
            if powerup and powerup["on"]:
                self.npc_at_powerup(state, who, events, quiet=True)

    def npc_at_powerup(self, state, who, events, carrier=None, quiet=False) -> None:
        """EXODUS: "Save the scientists. Take each one to a POWERUP. Gus will be the last one you save.";
        the BURP: "exit through a POWERUP with GUS". Our rulings: a character is saved when it is led (its
        own moves) or carried (by a BUGBUSTER entering it) onto a POWERUP that is ON, an active POWERUP
        being the way out of the board, and an OFF one being no way out; it then leaves the board. Its
        exit leaves the POWERUP as it was (it draws no POW! card and visits no store: only a BUGBUSTER
        entering turns it OFF). GUS reaching a POWERUP before the others (EXODUS) or before a BURP is
        destroyed (the BURP) waits there, and goes out as soon as he may (waiting_npcs).
        Ruling #ruling-npc-saved."""
        goal, progress = self.goal(), state["goal"]
        if goal["kind"] not in ("rescue", "destroy-burp-and-exit") or who["id"] not in goal.get(
            "npcs", [goal.get("escort")]
        ):
            return
        if who["id"] in progress.get("saved", []):
            return
        last = goal.get("last")
        others = [n for n in goal.get("npcs", []) if n != last]
        if who["id"] == last and not set(progress.get("saved", [])) >= set(others):
            if not quiet:
                events.append(event(f"{self.name(who)} must be the last one saved.", "story-mode"))
            return
        if goal["kind"] == "destroy-burp-and-exit" and progress.get("killed", {}).get("burp", 0) < goal.get(
            "burps", 1
        ):
            return
        progress.setdefault("saved", []).append(who["id"])
        if carrier is not None:
            carrier.pop("carrying", None)
            who.pop("carried_by", None)
        who["at"] = None
        events.append(event(f"{self.name(who)} is saved.", "story-mode", kind="goal"))
        if who["id"] != last:
            self.waiting_npcs(state, events)
