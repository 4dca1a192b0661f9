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
        return self.state.get("mode", "standard")

    def replaced_mission(self, mission: str):
        """The Dashboard's `replace_mission` spec when it replaces the standard `mission`, else None. The
        replaced Mission's tokens are not counted; a replacement the villain keeps (no `size`: Crimson
        Dynamo's Power Struggle) is completed by its rules (complete_mission) and shown by its view_<villain>
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
        # mission_complete_<villain>(state, mission, events) (Abomination, High Evolutionary's Jackal,
        # Knull): True = it replaces what follows (the Under Pressure and vulnerable steps, the reward)
        hook = self.villain_hook("mission_complete_")
        if hook and hook(state, mission, events):
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
        """Hook after_task_<villain>(state, events), checked after every task (core Game.after_task): a
        Heroic Goal or Villainous Plot that holds "at once" whenever the board allows (Lizard's)."""
        hook = self.villain_hook("after_task_")
        if hook and state.get("outcome") is None:
            hook(state, events)

    def villain_vulnerable(self, state) -> bool:
        """Once `missions_to_vulnerable` Missions are complete; villain hook vulnerable_<villain>(state)
        decides instead (Abomination: from the start of the game; Knull: all 3 Missions)."""
        hook = self.villain_hook("vulnerable_")
        if hook:
            return bool(hook(state))
        return len(state["completed"]) >= self.ctx.const("missions_to_vulnerable")

    def out_of_cards(self, state, events, reason: str) -> None:
        """The Villain must draw a Master Plan card, or a Hero must play a card, and has none: the Heroes lose
        (core-losing 1, 2), unless the villain-specific hook out_of_cards_<villain>(state, events, reason)
        decides instead (Titania's Villainous Plot / Heroic Goal)."""
        hook = self.villain_hook("out_of_cards_")
        if hook:
            hook(state, events, reason)
        else:
            self.lose(state, events, reason)

    def under_pressure(self, state) -> bool:
        """Once `missions_to_under_pressure` Missions are complete; villain hook
        under_pressure_<villain>(state) (Abomination: from the start of the game) decides instead."""
        hook = self.villain_hook("under_pressure_")
        if hook:
            return bool(hook(state))
        return len(state["completed"]) >= self.ctx.const("missions_to_under_pressure")

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
