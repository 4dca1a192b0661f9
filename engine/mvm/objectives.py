"""Escalations, victory and loss: the conditions a mission's `play` block names, checked by the engine.

A condition kind `some-kind` is the method `cond_some_kind(state, spec) -> bool`; an escalation trigger
`some-trigger` is `trigger_some_trigger(state, esc) -> bool`. Victory and each loss say when they are
checked (`check`: always, end-of-player-phase, end-of-round); a loss the same step as a win comes first.
Event-like conditions (the Lava Wall pushed a Mech, the Doom Cannon fired) are flags in
`state["happened"]`, set by the rules that cause them.
"""

from .rules_base import Rules, event, fmt


class ObjectiveRules(Rules):
    # ----- checks ------------------------------------------------------------------------
    def after_task(self, state, events):
        if state.get("outcome") is not None:
            return
        self.check_escalations(state, events)
        self.check_endings(state, events, "always")

    def check_endings(self, state, events, moment: str, losses_only=False) -> None:
        """The mission's losses, then its victory, that are checked at this moment (a loss comes first)."""
        for result, ending, conditions in self.endings_at(moment):
            if losses_only and result == "win":
                continue
            if state.get("outcome") is None and all(cond(state, spec) for cond, spec in conditions):
                self.finish(state, events, result, ending)

    def endings_at(self, moment: str) -> list:
        """(result, ending, [(cond method, condition)]) for the losses, then the victory, checked at this
        moment (those checked "always" and those checked then); resolved once per game and moment, since
        check_endings runs after every task."""
        cache = self.__dict__.setdefault("_endings_at", {})
        if moment not in cache:
            play = self.ctx.play
            endings = [("loss", loss) for loss in play.get("losses", [])] + [("win", play["victory"])]
            cache[moment] = [
                (result, ending,
                 [(getattr(self, "cond_" + c["kind"].replace("-", "_")), c) for c in ending["all"]])
                for result, ending in endings if ending.get("check", "always") in ("always", moment)]
        return cache[moment]

    def finish(self, state, events, result, ending) -> None:
        state["phase"] = "over"
        state["outcome"] = {"result": result, "reason": ending["text"]}
        events.append(event(ending["text"], ending["rule"], result))

    def lose_now(self, state, events, kind: str) -> None:
        """Something that ends the mission happened (a flag); the mission's loss of that kind ends it."""
        state.setdefault("happened", [])
        if kind not in state["happened"]:
            state["happened"].append(kind)

    def run_player_phase_end(self, state, task, events):
        for hook in self.hooks("at_player_phase_end"):  # Mission 10's Power Down
            hook(state, events)
        self.check_endings(state, events, "end-of-player-phase")

    # ----- escalations -----------------------------------------------------------------------
    def check_escalations(self, state, events) -> None:
        for esc, trigger in self.escalations_in(state):
            if esc["id"] not in state["escalated"] and trigger(state, esc):
                self.escalate(state, esc, events)

    def escalations_in(self, state) -> list:
        """(escalation, trigger method) of the mission's escalations for the mode played, in their order
        (resolved once per game and mode: after_task checks them after every task)."""
        mode = "ez" if state.get("ez") else "normal"
        cache = self.__dict__.setdefault("_escalations_in", {})
        if mode not in cache:
            cache[mode] = [(esc, getattr(self, "trigger_" + esc["trigger"].replace("-", "_")))
                           for esc in self.ctx.play["escalations"] if esc.get("mode", mode) == mode]
        return cache[mode]

    def escalate(self, state, esc, events):
        state["escalated"].append(esc["id"])
        events.append(event(esc.get("text", "Escalation!"), esc["rule"], "escalation"))
        tasks = []
        for item in esc["then"]:
            (key, value), = item.items()
            if key == "end_player_phase":
                while state["tasks"] and state["tasks"][0]["t"] not in ("minion_phase", "round_end"):
                    state["tasks"].pop(0)
                state["draft"] = None
            elif key == "damage_each_player":
                for seat in self.seats_from_first(state):
                    tasks += [{"t": "damage", "seat": seat, "source": "explosion"}] * value
            else:
                tasks.append({"t": "escalation_step", key: value, "rule": esc["rule"]})
        self.push(state, *tasks)

    def run_escalation_step(self, state, task, events):
        if "place_minions" in task:
            for square in task["place_minions"]:
                if not self.spawn_empty(state, square) or self.has_shard(state, square):
                    events.append(event(f"{fmt(square)} is occupied: no Minion is placed there",
                                        "tutorial-new-objective", "spawn"))
                    continue
                state["minions"].append(list(square))
            state["minions_placed"] = True
            events.append(event(f"{len(state['minions'])} Minions are placed on the board",
                                "tutorial-new-objective", "spawn"))
        elif "objective" in task:
            state["objective"] = task["objective"]
            events.append(event(task["objective"], "tutorial-new-objective", "objective"))
        elif "set" in task:
            for key, value in task["set"].items():
                old = state["mods"].get(key)
                if type(value) is int and type(old) is int:
                    # "Missions never de-escalate" (Mission 4): a later, smaller number (Mission 4's
                    # second tile reached after its third) does not lower the one in force
                    value = max(old, value)
                state["mods"][key] = value
            for key in task["set"]:
                events.append(event(SET_TEXT.get(key, key), SET_RULES.get(key, task["rule"]), "escalation"))
        elif "start_minion_phase" in task:
            state["minion_phase"] = True
            events.append(event("From now on every round has a Minion Phase", "minion-phase", "phase"))

    # ----- triggers ------------------------------------------------------------------------
    def trigger_all_shards_destroyed(self, state, esc) -> bool:
        return bool(state["shards_start"]) and not state["shards"]

    def trigger_bomb_leaves_school(self, state, esc) -> bool:
        """Mission 1: "As soon as the Bomb leaves the School": the Bomb stands on a square that is not
        a School square (it starts "within the School")."""
        bomb = state.get("bomb")
        return bomb is not None and self.ctx.board.kind(bomb["pos"]) != "school"

    def trigger_mech_enters_tile(self, state, esc) -> bool:
        """Mission 4: "two escalations that happen when any player advances onto a new Map Tile for the
        first time"; "When any player steps onto the second Map Tile": a Mech stands on the Map Tile
        `tile` (index in play.board.tiles) or has moved onto one of its squares since the game began
        (`on_enter_tile_visit`), so a Speed card or an Oil Slick slide that crosses the tile counts."""
        tile = esc["tile"]
        board = self.ctx.board
        return tile in state.get("mech_tiles", []) or any(
            m["pos"] is not None and board.tile_at(m["pos"]) == tile for m in state["mechs"])

    def on_enter_tile_visit(self, state, piece, square, mv, events):
        """Remember each Map Tile a Mech moves onto, where a mech-enters-tile escalation needs it."""
        if "seat" in piece and any(e["trigger"] == "mech-enters-tile" for e in self.ctx.play["escalations"]):
            tile = self.ctx.board.tile_at(square)
            visited = state.setdefault("mech_tiles", [])
            if tile not in visited:
                visited.append(tile)
        return None

    def trigger_round_ends(self, state, esc) -> bool:
        return state.get("rounds_ended", 0) >= esc["round"]

    # ----- conditions ----------------------------------------------------------------------
    def cond_all_minions_destroyed_after_escalation(self, state, spec) -> bool:
        return state["minions_placed"] and not state["minions"]

    def cond_bomb_on_repair_pad(self, state, spec) -> bool:
        bomb = state.get("bomb")
        return bomb is not None and self.ctx.board.kind(bomb["pos"]) == "repair-pad"

    def cond_bomb_destroyed(self, state, spec) -> bool:
        bomb = state.get("bomb")
        return bomb is not None and bomb["health"] <= 0

    def cond_bomb_in_zone(self, state, spec) -> bool:
        bomb = state.get("bomb")
        return bomb is not None and self.ctx.board.zone(bomb["pos"]) == spec["zone"]

    def cond_all_mechs_in_zone(self, state, spec) -> bool:
        board = self.ctx.board
        if any(m["pos"] is None for m in state["mechs"]):
            return False  # still at setup: not every Mech is on the board
        if "squares_kind" in spec:
            return all(board.kind(m["pos"]) == spec["squares_kind"] for m in state["mechs"])
        return all(board.zone(m["pos"]) == spec["zone"] for m in state["mechs"])

    def cond_minion_in_zone(self, state, spec) -> bool:
        zone = self.ctx.board.zone_squares(spec["zone"])
        return not zone.isdisjoint(map(tuple, state["minions"]))

    def cond_no_shards_on_board(self, state, spec) -> bool:
        return not state["shards"]

    def cond_lava_pushes_mech(self, state, spec) -> bool:
        return "lava-pushes-mech" in state.get("happened", [])

    def cond_doom_cannon_fired(self, state, spec) -> bool:
        return "doom-cannon-fired" in state.get("happened", [])


SET_RULES = {"timed_draft": "zhonyas-minuteglass"}
SET_TEXT = {
    "timed_draft": "From now on drafting is timed by Zhonya's Minuteglass",
    "spawn_rows": "From now on more rows of Minions spawn",
    "spawn_every_zone": "From now on Minions spawn in every spawn zone",
    "extra_moves": "From now on Minions move an extra space by default",
    "lava_wall_active": "The Lava Wall is active: it moves in every Danger Phase",
}
