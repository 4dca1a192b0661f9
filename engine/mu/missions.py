"""Missions, Under Pressure, vulnerability, winning and losing (core rules page)."""

from .rules_base import Rules, event

# Mission id -> (name, the game.yaml constant with its size)
MISSIONS = {
    "rescue-civilians": ("Rescue Civilians", "mission_rescue_civilians"),
    "defeat-thugs": ("Defeat Thugs", "mission_defeat_thugs"),
    "clear-threats": ("Clear Threats", "mission_clear_threats"),
}


class MissionRules(Rules):
    def missions_in_play(self) -> dict:
        """Mission id -> (name, size constant) of the Missions the engine counts: MISSIONS, with the one a
        Dashboard replaces (`dashboard.play.replace_mission` {mission, by, name, size}: Lizard's Find the
        Cure) in its place (core-setup 1). A replacement without `size` is kept by the villain's own rules
        (Crimson Dynamo's Power Struggle): the replaced Mission stays listed but is never counted."""
        spec = self.dash_play("replace_mission")
        if not spec or "size" not in spec:
            return MISSIONS
        return {(spec["by"] if m == spec["mission"] else m):
                ((spec["name"], spec["size"]) if m == spec["mission"] else entry)
                for m, entry in MISSIONS.items()}

    def mission_size(self, mission: str) -> int:
        """The Mission's size; in Commander Solo Mode the `commander_` constant (core-missions)."""
        const = self.missions_in_play()[mission][1]
        if self.state_mode() == "commander":
            return self.ctx.const("commander_" + const)
        return self.ctx.const(const)

    def state_mode(self) -> str:
        return self._state.get("mode", "standard")

    def replaced_mission(self, mission: str):
        """The Dashboard's `replace_mission` spec when it replaces the standard `mission`, else None. The
        replaced Mission's tokens are not counted; a replacement the villain keeps (no `size`: Crimson
        Dynamo's Power Struggle) is completed by its rules (complete_mission) and shown by its extend_view
        hook in out["missions"]."""
        spec = self.dash_play("replace_mission")
        return spec if spec and spec["mission"] == mission else None

    def count_mission(self, state, mission: str, events) -> None:
        if self.replaced_mission(mission) or mission not in self.missions_in_play():
            return  # the Dashboard replaced this Mission: its tokens are not used
        state["missions"][mission] += 1
        if mission in state["completed"] or state["missions"][mission] < self.mission_size(mission):
            return
        self.complete_mission(state, mission, self.missions_in_play()[mission][0], events)

    def complete_mission(self, state, mission: str, name: str, events) -> None:
        """A Mission (standard or a Dashboard's replacement, by its id) is complete: Under Pressure after the
        first, vulnerable (and the reward draw) after the second."""
        if mission in state["completed"]:
            return
        state["completed"].append(mission)
        events.append(event(f"Mission complete: {name}", "missions", "mission"))
        # the hook on_mission_complete (Abomination, High Evolutionary's Jackal, Knull): True = it replaces
        # what follows (the Under Pressure and vulnerable steps, the reward)
        if self.on_mission_complete(state, mission, events):
            return
        if len(state["completed"]) == self.ctx.const("missions_to_under_pressure"):
            events.append(event(f"{self.ctx.villain['name']} is Under Pressure: a Villain turn every "
                                f"{self.ctx.const('under_pressure_every')} Hero cards", "under-pressure",
                                "mission"))
        if len(state["completed"]) == self.ctx.const("missions_to_vulnerable"):
            events.append(event(f"{self.ctx.villain['name']} is vulnerable: Attacks in its Location "
                                f"damage it", "vulnerable", "mission"))
            for seat in range(len(state["heroes"])):
                self.draw_cards(state, seat, self.ctx.const("mission_reward_draw"), events, "vulnerable")

    def after_task(self, state, events) -> None:
        """After every task (core Game.after_task): the hook after_each_task(state, events), while the game
        is not over (Lizard's Heroic Goal holds "at once" whenever the board allows). Under Pressure,
        vulnerability and running out of cards are hooks with the core rule as default
        (villain_base.Villain.under_pressure, villain_vulnerable, out_of_cards)."""
        if state.get("outcome") is None:
            self.after_each_task(state, events)

    @staticmethod
    def win(state, events, reason: str) -> None:
        if state.get("outcome") is None:
            state["outcome"] = {"result": "win", "reason": reason}
            events.append(event(f"The Heroes win: {reason}", "win", "win"))

    @staticmethod
    def lose(state, events, reason: str) -> None:
        if state.get("outcome") is None:
            state["outcome"] = {"result": "loss", "reason": reason}
            events.append(event(f"The Heroes lose: {reason}", "loss", "loss"))
