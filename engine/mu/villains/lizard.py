"""Lizard (content/marvel-united-promos/villains/lizard.yaml): every rule of his Dashboard, Heroic Goal,
Commander Solo Mode rule, Special Setup, the Sewer tokens, the Find the Cure Mission, his Threat and Master
Plan.

Health: the Dashboard prints no player-count table; the YAML's table (5 / 6 / 7) is ours, marked adapted. It
never changes: Heroes cannot damage Lizard.
Special Setup: "Replace the Clear Threats Mission with the Find the Cure Mission. Place 1 Sewer token between
each Location. Lizard starts on the first Sewer token going clockwise from the Villain's starting Location.
Keep the Threat tokens in a side pool."
  - The Mission: `dashboard.play.replace_mission` (core MissionRules.missions_in_play): Find the Cure takes
    Clear Threats' place, in the view and the Mission count (Under Pressure, vulnerable, the Heroic Goal).
    Its size is not printed: our ruling, the size of the Mission it replaces (`mission_clear_threats`, 4;
    `commander_mission_clear_threats`, 3, in Commander Solo Mode).
  - Dashboard `special_setup` -> `lizard_sewer_setup`: six Sewer tokens, one between each two neighbouring
    Locations. Lizard stands on a Sewer token, never in a Location: the engine keeps `villain_pos` = the
    Location counter-clockwise of his Sewer token (his Sewer is the one between `villain_pos` and its
    clockwise neighbour). He starts on the Sewer clockwise of the starting Location, i.e. `villain_pos` stays
    the starting Location. The view shows him between the two Locations (no Location holds him).
  - "Keep the Threat tokens in a side pool": no Threat can be cleared (Danger: Alligators!) and Clear Threats
    is not in play, so no Threat token is ever used; nothing to apply.
Special Rules:
  - "Heroes cannot damage Lizard." -> `can_damage` is False: the Attack on Lizard is never offered.
  - "When moving Lizard, ignore Locations. He only moves on Sewer tokens." A Master Plan "Move N" moves him N
    Sewer tokens clockwise: with the `villain_pos` convention above this is the core move of N steps.
  - "Lizard adds Civilian / Thug tokens to the Locations adjacent to his Sewer token." ->
    `placement_sides` (Villain hook): the card's "left" tokens go to the Location counter-clockwise of
    the Sewer, its "right" ones to the clockwise one (the YAML's reading of the diagrams).
  - "To place a Find the Cure token (purple skull icon) on the Find the Cure Mission, Heroes must spend 2
    Heroic Action (yellow star) actions in a Location with no Thug." -> `hero_targets` /
    `hero_action` (Villain hooks; params.cure_heroic): in a Location with no Thug, while Find the Cure is
    not complete, a Heroic Action (symbol, Wild or token) may be spent on Find the Cure; each
    `cure_heroic` spent in one Hero turn place 1 token (decision: the two are spent by one Hero in one turn,
    each in a Location with no Thug at the time; an odd one left at the end of the turn is lost).
  - "When a Hero is KO'd, Lizard doesn't activate his BAM! Instead, draw a Master Plan card and add it
    facedown in the Storyline." -> Dashboard `ko` -> `facedown_plan_card_instead_of_bam` (villains/common.py).
BAM!: "Deal 1 damage to 1 Hero in each Location adjacent to the Sewer token where Lizard is." -> Dashboard
`bam` -> `lizard_bam` (params.damage): in each of the two Locations (counter-clockwise one first) the Heroes
choose the Hero hit (core-plan-effect); KO'd Heroes are not candidates.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card and add
it facedown in the Storyline." -> Dashboard `overflow` -> `facedown_plan_card` (villains/common.py), once per
Location; an empty Master Plan deck loses (core-losing 1).
Heroic Goal: "The Heroes win if all 3 Missions have been completed and there are Heroes in both Locations
adjacent to the Sewer token where Lizard is." -> `after_each_task` (Villain hook, checked after every task:
a move, a Mission, Lizard's move). KO'd Heroes count (their figure is there). It is the only way to win.
Commander Solo Mode: "The Hero wins if all 3 Missions have been completed and they are in a Location adjacent
to Lizard's Sewer token." -> replaces the Heroic Goal in Commander Solo Mode (core-solo-commander).
Threat, Danger: Alligators!: "This Threat can't be cleared or removed from play by any means. BAM!: Deal
damage among the Heroes in this Location equal to the number of Thugs here."
  - `play.cannot_clear`: no Heroic Action or Attack is offered on it (core ThreatRules.threat_clearable).
  - `play.bam` -> `lizard_alligators_bam` (params.per_thug): Thugs counted when the BAM! resolves; the damage
    is dealt 1 at a time, the Heroes there choosing who takes each (KO'd Heroes cannot); after the Dashboard
    BAM!'s damage (core-bam order).
Master Plan, Surprise Attack!: "If Lizard is NOT Under Pressure, accelerate the next Villain turn by 1 card.
If Lizard is Under Pressure, draw a Master Plan card and add it facedown in the Storyline." ->
`lizard_surprise_attack` (params.accelerate).
Master Plan, On the Run: "If Lizard is NOT Under Pressure, remove 1 Find the Cure token from the Find the Cure
Mission, if possible. If Lizard is Under Pressure, draw a Master Plan card and add it facedown in the
Storyline." -> `lizard_on_the_run` (params.remove). Under Pressure = a Mission complete (core-under-pressure);
not Under Pressure, Find the Cure is never complete, so a token can always come off if there is one.
Super Villain mode note: "Super Villain cards that target the Villain's Location and Super Hero cards that
trigger if the Villain is in a Hero's Location instead consider the 2 Locations adjacent to Lizard's Sewer."
No such cards are in this box (core-super-villain-mode); nothing to apply.
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import HIT_TASK, draw_facedown_plan_card, hit_task, queue_after

CURE = "find-the-cure"
CURE_ACTION = "lizard-cure"


class Lizard(Villain, villain="lizard", texts=("special_rules", "villainous_plot")):

    def init_state(self, state) -> None:
        """`sewers`: the Sewer tokens, one between each two Locations of the ring."""
        state[self._state_key] = {"sewers": self.ctx.const("locations_in_play")}

    # ----- the Sewer token ------------------------------------------------------------------------------
    def _sewer(self, state) -> list[str]:
        """The two Locations beside Lizard's Sewer token: counter-clockwise one, clockwise one."""
        return [state["villain_pos"], self.step(state, state["villain_pos"], 1)]

    @handler("lizard_sewer_setup")
    def h_sewer_setup(self, state, params, events, **_) -> None:
        a, b = (self.loc_name(x) for x in self._sewer(state))
        events.append(event(f"The Find the Cure Mission replaces Clear Threats; {self._own(state)['sewers']} "
                            "Sewer tokens go between the Locations; Lizard starts on the Sewer token "
                            f"between {a} and {b}", "setup", "setup"))

    def placement_sides(self, state) -> dict:
        left, right = self._sewer(state)
        return {"left": left, "right": right}

    # ----- Special Rules, Heroic Goal, Commander Solo Mode ------------------------------------------------

    def can_damage(self, state, seat) -> bool:
        return False

    def after_each_task(self, state, events) -> None:
        if state["villain_pos"] is None or len(state["completed"]) < len(state["missions"]):
            return
        beside = self._sewer(state)
        where = {h["pos"] for h in state["heroes"]}
        if state.get("mode") == "commander":
            if where & set(beside):
                self.win(state, events, "all 3 Missions are complete and the Hero is beside Lizard's Sewer "
                                        "token")
        elif all(loc in where for loc in beside):
            self.win(state, events, "all 3 Missions are complete and Heroes stand in both Locations beside "
                                    "Lizard's Sewer token")

    # ----- Find the Cure (a Hero action) ------------------------------------------------------------------
    def hero_targets(self, state, seat, kind, pos, out, remote) -> list:
        """Core hook (heroes.targets): the offered actions plus lizard_targets'."""
        return out + self._targets(state, seat, kind, pos, remote)

    def _targets(self, state, seat, kind, pos, remote):
        if kind != "heroic" or remote or CURE not in state["missions"] or CURE in state["completed"]:
            return []
        if "thug" in self.loc(state, pos)["tokens"]:
            return []
        done = (state.get("turn") or {}).get("lizard_cure", 0)
        return [(f"heroic:{CURE_ACTION}:{pos}", f"Spend a Heroic Action on Find the Cure "
                                                f"({done + 1} of {self.vparam('cure_heroic')})")]

    def hero_action(self, state, seat, aid, events) -> bool:
        if aid.split(":")[:2] != ["heroic", CURE_ACTION]:
            return False
        need = int(self.vparam("cure_heroic"))
        turn = state["turn"]
        turn["lizard_cure"] = turn.get("lizard_cure", 0) + 1
        name = self.hero_name(state, seat)
        if turn["lizard_cure"] < need:
            events.append(event(f"{name} spends a Heroic Action on Find the Cure ({turn['lizard_cure']} of "
                                f"{need})", "missions", "mission", seat))
            return True
        turn["lizard_cure"] = 0
        events.append(event(f"{name} places a Find the Cure token on the Find the Cure Mission", "missions",
                            "mission", seat))
        self.count_mission(state, CURE, events)
        return True

    # ----- BAM!, Threat BAM! ---------------------------------------------------------------------------
    @handler("lizard_bam")
    def h_bam(self, state, params, events, **_) -> None:
        tasks = []
        for loc_id in self._sewer(state):
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(hit_task(seats, loc_id, int(params["damage"]), "Lizard's BAM!"))
        if not tasks:
            events.append(event("No Hero stands beside Lizard's Sewer token", "bam", "bam"))
        self.push(state, *tasks)

    @handler("lizard_alligators_bam")
    def h_alligators_bam(self, state, params, events, location=None, threat=None, **_) -> None:
        thugs = self.loc(state, location)["tokens"].count("thug") * int(params["per_thug"])
        seats = self.standing(state, location)
        name = self.ctx.threats[threat["card"]]["name"]
        if not thugs or not seats:
            events.append(event(f"{name} at {self.loc_name(location)}: no damage ({thugs} Thugs, "
                                f"{len(seats)} Heroes there)", "threats", "threat", location=location))
            return
        events.append(event(f"{name}: {thugs} damage among the Heroes at {self.loc_name(location)}",
                            "threats", "threat", location=location))
        tasks = [hit_task(seats, location, 1, name) for _ in range(thugs)]
        # after the Dashboard BAM!'s damage (core-bam: the Dashboard first)
        queue_after(state, (HIT_TASK,), *tasks)

    # ----- Master Plan --------------------------------------------------------------------------------
    def _facedown_if_under_pressure(self, state, events) -> bool:
        """Both of his Master Plan effects: "If Lizard is Under Pressure, draw a Master Plan card and add it
        facedown in the Storyline." (else the effect's other half); True when he is."""
        if not self.under_pressure(state):
            return False
        events.append(event("Lizard is Under Pressure: a Master Plan card goes facedown to the Storyline",
                            "plan-effect", "villain"))
        draw_facedown_plan_card(self, state, events)
        return True

    @handler("lizard_surprise_attack")
    def h_surprise_attack(self, state, params, events, **_) -> None:
        if self._facedown_if_under_pressure(state, events):
            return
        self.accelerate(state, int(params["accelerate"]))
        events.append(event(f"Lizard is not Under Pressure: the next Villain turn is accelerated by "
                            f"{params['accelerate']} card", "plan-effect", "villain"))

    @handler("lizard_on_the_run")
    def h_on_the_run(self, state, params, events, **_) -> None:
        if self._facedown_if_under_pressure(state, events):
            return
        gone = min(int(params["remove"]), state["missions"].get(CURE, 0))
        state["missions"][CURE] = state["missions"].get(CURE, 0) - gone
        events.append(event(f"On the Run: {gone} Find the Cure token{'s' if gone != 1 else ''} removed "
                            f"({state['missions'][CURE]} left)", "plan-effect", "villain"))

    # ----- view ---------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        if state["villain_pos"] is None:
            return
        ring = self.ring(state)
        beside = self._sewer(state)
        out["villain"]["position"] = None
        out["villain"]["sewer"] = beside
        comps = []
        for i, loc_id in enumerate(ring):
            nxt = ring[(i + 1) % len(ring)]
            here = loc_id == state["villain_pos"]
            comps.append({"id": f"sewer-token-{i + 1}", "name": "Sewer token",
                          "text": f"Between {self.loc_name(loc_id)} and {self.loc_name(nxt)}"
                                  + (" (Lizard is here)" if here else ""),
                          "location": loc_id, "seat": None, "count": 1})
        comps.append({"id": "find-the-cure-tokens", "name": "Find the Cure token",
                      "text": "On the Find the Cure Mission", "location": None, "seat": None,
                      "count": state["missions"].get(CURE, 0)})
        out["components"] = out.get("components", []) + comps
        for entry in out["locations"]:
            entry["villain"] = False
            if entry["id"] in beside:
                entry["marks"] = entry.get("marks", []) + [{"name": "Beside Lizard's Sewer token",
                                                            "count": 1}]
