"""Klaw (content/marvel-united-promos/villains/klaw.yaml): every rule of his Dashboard, Threat, Master Plan.

Dashboard, Special Rules: "Only Heroes with any cleared Threats in front of them can damage Klaw (once 2
Missions have been completed). When a Hero is KO'd, Klaw doesn't activate his BAM! Instead, draw a Master
Plan card and add it facedown in the Storyline."
  - `can_damage`: once Klaw is vulnerable (the core rule: 2 Missions), the Attack on Klaw is offered only
    to a Hero with at least one cleared Threat in front of them (a Threat whose `play.to_hero` is true, that
    this Hero cleared). A Hero without one is not offered the action at all (decision: an Attack that could
    never deal damage is not a legal choice).
  - Dashboard `ko` -> `facedown_plan_card_instead_of_bam` (villains/common.py): replaces the KO BAM! (no
    Dashboard BAM!, no Threat BAM!) by a facedown Master Plan card
    (core-facedown-cards). Decision: if the Master Plan deck is empty the card cannot be drawn, and the
    Heroes lose, as for any Master Plan card the Villain must draw and cannot (core-losing 1).
BAM!: "Deal 2 damage to 1 Hero in each Location adjacent to Klaw's and 1 damage to 1 Hero in each Location
adjacent to the Location opposite to Klaw's."
  - Dashboard `bam` -> `klaw_bam` (params.beside 2, params.beside_opposite 1).
  - The four Locations are resolved clockwise from Klaw (+1: 2 damage, +2: 1, +4: 1, +5: 2 on the ring of
    six; the opposite Location is half the ring away). Klaw's own Location and the opposite one are not hit.
  - Who is hit: the Heroes choose (core-plan-effect: "When an effect hits '1 Hero' in a Location with several
    Heroes, the Heroes choose which"), as a legal action offered to the lowest seat among the Heroes there;
    with one Hero there it is automatic. The candidates are fixed when the BAM! happens (a Sonic Wave Blast
    on the same card moves Heroes afterwards). KO'd Heroes take no damage (core-ko), so they are not
    candidates; an Invulnerable Hero may be chosen (and ignores the damage).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, accelerate the next Villain
turn by 1 card (if not already accelerated)."
  - Dashboard `overflow` -> `accelerate_once` (params.cards 1; villains/common.py).
  - "already accelerated" = the count towards the next Villain turn is already above the Hero cards played
    since the last Villain turn (by an earlier Overflow of the same turn or by Consolidating Sound): then
    nothing. So Overflow at two Locations accelerates by 1 card only.
Threat, Solid Sound Body: "While Klaw is in this Location, he ignores 1 damage each Hero turn. The Hero that
clears this Threat places it in front of them."
  - `play.villain_damage` -> `ignore_villain_damage_each_hero_turn` (params.amount): the first damage dealt
    to Klaw in each Hero turn while he stands on an uncleared Solid Sound Body is ignored (the Attack is still
    spent); the Threat card's id is noted on the turn (`state["turn"]["ignored"]`). `play.to_hero`: the
    clearing Hero keeps it (engine: `heroes[seat]["cleared"]`), which Klaw's Special Rules read.
Master Plan, Sonic Wave Blast: "Move each Hero 1 Location away from Klaw's."
  - `move_heroes_away_from_villain` (params.distance): a Hero beside Klaw, or two away, moves one step
    further from him. Decisions: a Hero in Klaw's Location chooses the direction (a legal action of that
    Hero); a Hero in the opposite Location cannot get further away and stays; KO'd Heroes are moved too (the
    figure is still on the board). Resolved after the BAM! of the same card (the Villain turn's order).
Master Plan, Consolidating Sound: "If Klaw is at full Health, accelerate the next Villain turn by 1 card.
Otherwise, he recovers 2 Health (can't go above starting value)."
  - `klaw_consolidating_sound` (params.accelerate, params.recover): full Health = `health_max`, the starting
    value of the Dashboard's table.
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import HIT_TASK, hit_task, queue_after

# Task types Klaw queues (tasks of the BAM! come before the Sonic Wave Blast's)
PUSH_TASK = "push_away"


class Klaw(Villain, villain="klaw", texts=("special_rules",)):  # can_damage and the Dashboard's `ko` handler

    # ----- Special Rules ----------------------------------------------------------------------------
    def can_damage(self, state, seat) -> bool:
        return any((self.ctx.threats.get(cid, {}).get("play") or {}).get("to_hero")
                   for cid in state["heroes"][seat]["cleared"])

    # ----- BAM! -----------------------------------------------------------------------------------
    @handler("klaw_bam")
    def h_bam(self, state, params, events, **_) -> None:
        """Dashboard `bam` (params.beside: damage beside Klaw; params.beside_opposite: beside the opposite
        Location)."""
        ring = self.ring(state)
        here = ring.index(state["villain_pos"])
        half = len(ring) // 2
        near = set(self.adjacent(state, state["villain_pos"]))
        far = set(self.adjacent(state, ring[(here + half) % len(ring)]))
        tasks = []
        for offset in range(1, len(ring)):
            loc_id = ring[(here + offset) % len(ring)]
            damage = params["beside"] if loc_id in near else params["beside_opposite"] if loc_id in far else 0
            if not damage:
                continue
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(hit_task(seats, loc_id, damage, "Klaw's BAM!"))
        if not tasks:
            events.append(event("No Hero stands where Klaw's BAM! hits", "bam", "bam"))
        self.push(state, *tasks)

    # ----- Threat: Solid Sound Body ------------------------------------------------------------------
    @handler("ignore_villain_damage_each_hero_turn")
    def h_ignore_villain_damage_each_hero_turn(self, state, params, events, n=0, threat=None, **_) -> int:
        """Returns the damage that still counts."""
        turn = state.get("turn")
        if not turn or threat is None or threat["id"] in turn.get("ignored", []):
            return n
        ignored = min(n, int(params.get("amount", 1)))
        if ignored:
            turn.setdefault("ignored", []).append(threat["id"])
            name = self.ctx.threats[threat["card"]]["name"]
            events.append(event(f"{self.ctx.villain['name']} ignores {ignored} damage this Hero turn "
                                f"({name})", "threats", "threat"))
        return n - ignored

    # ----- Master Plan: Sonic Wave Blast ------------------------------------------------------------
    @handler("move_heroes_away_from_villain")
    def h_move_heroes_away_from_villain(self, state, params, events, **_) -> None:
        steps = int(params.get("distance", 1))
        tasks = [t for hero in state["heroes"] if (t := self._push_away(state, hero["seat"], steps, events))]
        # after the BAM! of the same card: behind its target tasks and the damage they queue
        queue_after(state, (HIT_TASK, "hero_damage"), *tasks)

    def _push_away(self, state, seat, steps, events):
        """Move one Hero `steps` Locations away from the Villain; the task asking the Hero for a direction
        when they stand in the Villain's Location (None otherwise)."""
        hero = state["heroes"][seat]
        for left in range(steps, 0, -1):
            gap = self.ring_distance(state, hero["pos"], state["villain_pos"])
            if gap == 0:
                return {"t": PUSH_TASK, "seat": seat, "left": left}
            away = [loc for loc in self.adjacent(state, hero["pos"])
                    if self.ring_distance(state, loc, state["villain_pos"]) > gap]
            if not away:
                events.append(event(f"{self.hero_name(state, seat)} cannot get further from "
                                    f"{self.ctx.villain['name']} and stays", "plan-effect", "move", seat))
                return None
            self._push_hero(state, seat, away[0], events)
        return None

    def _push_hero(self, state, seat, loc_id, events) -> None:
        state["heroes"][seat]["pos"] = loc_id
        events.append(event(f"{self.hero_name(state, seat)} is pushed to {self.loc_name(loc_id)}",
                            "plan-effect", "move", seat))

    def choices_push_away(self, state, task):
        seat = task["seat"]
        return [{"id": f"push:{loc}", "seat": seat, "kind": "push", "location": loc,
                 "label": f"Be pushed to {self.loc_name(loc)}"}
                for loc in self.adjacent(state, state["heroes"][seat]["pos"])]

    def choose_push_away(self, state, task, action, events):
        self._push_hero(state, task["seat"], action["location"], events)
        if task["left"] > 1:
            more = self._push_away(state, task["seat"], task["left"] - 1, events)
            if more:
                self.push(state, more)

    # ----- Master Plan: Consolidating Sound ---------------------------------------------------------
    @handler("klaw_consolidating_sound")
    def h_consolidating_sound(self, state, params, events, **_) -> None:
        name = self.ctx.villain["name"]
        if state["health"] >= state["health_max"]:
            self.accelerate(state, int(params["accelerate"]))
            events.append(event(f"{name} is at full Health: the next Villain turn is accelerated by "
                                f"{params['accelerate']} card", "plan-effect", "villain"))
            return
        gain = min(int(params["recover"]), state["health_max"] - state["health"])
        state["health"] += gain
        events.append(event(f"{name} recovers {gain} Health ({state['health']})", "plan-effect", "villain"))
