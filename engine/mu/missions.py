"""Missions, Under Pressure, vulnerability, winning and losing (core rules page)."""

from .rules_base import Rules, event

# Mission id -> (name, the game.yaml constant with its size)
MISSIONS = {
    "rescue-civilians": ("Rescue Civilians", "mission_rescue_civilians"),
    "defeat-thugs": ("Defeat Thugs", "mission_defeat_thugs"),
    "clear-threats": ("Clear Threats", "mission_clear_threats"),
}


class MissionRules(Rules):
    def mission_size(self, mission: str) -> int:
        return self.ctx.const(MISSIONS[mission][1])

    def count_mission(self, state, mission: str, events) -> None:
        state["missions"][mission] += 1
        if mission in state["completed"] or state["missions"][mission] < self.mission_size(mission):
            return
        state["completed"].append(mission)
        events.append(event(f"Mission complete: {MISSIONS[mission][0]}", "missions", "mission"))
        hook = self.villain_hook("mission_complete_")  # mission_complete_<villain>(state, events) replaces
        if hook:  # the Under Pressure / vulnerable / reward steps below (Knull: all 3 Missions)
            hook(state, events)
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

    def villain_vulnerable(self, state) -> bool:
        """After `missions_to_vulnerable` Missions; villain-specific hook vulnerable_<villain>(state) decides
        instead (Knull: all 3 Missions)."""
        hook = self.villain_hook("vulnerable_")
        if hook:
            return bool(hook(state))
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
