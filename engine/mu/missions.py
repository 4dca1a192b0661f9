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
        """Mission id -> (name, size constant) of this game: MISSIONS, with the one a Dashboard replaces
        (`dashboard.play.replace_mission` {replaces, id, name, size: a game.yaml constant}: Lizard's Find the
        Cure) in its place (core-setup 1). A replaced Mission is not in play: counting it does nothing."""
        spec = self.dash_play("replace_mission")
        if not spec:
            return MISSIONS
        return {(spec["id"] if m == spec["replaces"] else m):
                ((spec["name"], spec["size"]) if m == spec["replaces"] else entry)
                for m, entry in MISSIONS.items()}

    def mission_size(self, mission: str) -> int:
        """The Mission's size; in Commander Solo Mode the `commander_` constant (core-missions)."""
        const = self.missions_in_play()[mission][1]
        if self.state_mode() == "commander":
            return self.ctx.const("commander_" + const)
        return self.ctx.const(const)

    def state_mode(self) -> str:
        return self.state.get("mode", "standard")

    def count_mission(self, state, mission: str, events) -> None:
        if mission not in state["missions"]:  # replaced by the Dashboard's own Mission
            return
        state["missions"][mission] += 1
        if mission in state["completed"] or state["missions"][mission] < self.mission_size(mission):
            return
        state["completed"].append(mission)
        events.append(event(f"Mission complete: {self.missions_in_play()[mission][0]}", "missions",
                            "mission"))
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
        """Hook after_task_<villain>(state, events), checked after every task (core Game.after_task): a
        Heroic Goal or Villainous Plot that holds "at once" whenever the board allows (Lizard's)."""
        hook = self.villain_hook("after_task_")
        if hook and state.get("outcome") is None:
            hook(state, events)

    def villain_vulnerable(self, state) -> bool:
        return len(state["completed"]) >= self.ctx.const("missions_to_vulnerable")

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
