"""Abomination (content/marvel-united-promos/villains/abomination.yaml): every rule of his Dashboard, Threats
and Master Plan. No Special Setup is printed on the back.

Dashboard, Special Rules: "Abomination is Under Pressure and vulnerable to damage from the start of the game."
  - `under_pressure` and `villain_vulnerable` (Villain hooks): both True from setup,
    so the Villain takes a turn after every `under_pressure_every` Hero cards and an Attack in his Location
    damages him from the first Hero turn.
"When any Mission is completed, each Hero draws 1 card."
  - `on_mission_complete` (Villain hook, missions.count_mission): each Hero (a KO'd one too, as the core
    reward) draws `dashboard.play.params.mission_draw` cards at every completed Mission. Decision: this
    replaces the core's Mission reward (core-vulnerable: 1 card with the second Mission), so the second
    Mission gives 1 card, not 2; the core's "Under Pressure" / "vulnerable" steps are skipped (he already is).
"When a Hero is KO'd, Abomination doesn't activate his BAM! Instead, accelerate the next Villain turn by 1
card (if not already accelerated)."
  - Dashboard `ko` -> `abomination_ko` (params.cards): no Dashboard BAM!, no Threat BAM!. "already
    accelerated" as for Klaw's Overflow (common.next_villain_turn_accelerated): the count towards the next
    Villain turn is already above the Hero cards played since the last Villain turn; then nothing.
BAM!: "Deal 2 damage to 1 Hero in Abomination's Location. Discard all Thugs and Civilians from Abomination's
Location."
  - Dashboard `bam` -> `abomination_bam` (params.damage). The Heroes there choose who is hit
    (core-plan-effect; shared task `hero_hit`, asked of the lowest seat there, automatic with one); KO'd
    Heroes are not candidates. The tokens are discarded at once (the choice does not change the board),
    before the Master Plan card's placement; discarded tokens are not rescued / defeated (no Mission count).
    Nobody there: only the discard.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, discard all Thugs and Civilians
from that Location."
  - Dashboard `overflow` -> `abomination_overflow`: once per overflowing Location (core-overflow), every
    Civilian and Thug there is discarded (no Mission count).
Damage dealt by Abomination (his BAM!, Stronger Than You) goes through `_damage`, which Superhuman
Strength makes unpreventable.

Threats (no Health printed: each is cleared by the core's Heroic Actions):
  - Expert Strategist: "Heroes can't use the End of Turn effect of the Location Abomination is currently in."
    -> `play.location_effect` -> `abomination_expert_strategist`: a Hero in Abomination's Location is not
    offered its end-of-turn effect.
  - Healing Factor: "Abomination recovers 2 Health at the end of each Villain turn (can't go above starting
    value)." -> `play.villain_turn_end` -> `abomination_healing_factor` (params.recover), after the tokens and
    Overflow; the starting value is `health_max`.
  - Superhuman Durability: "Heroes can't deal more than 2 damage to Abomination each Hero turn." ->
    `play.can_damage` -> `abomination_superhuman_durability` (params.max_damage): the damage of a Hero turn is
    his Health at the start of that turn (noted by `on_hero_turn_start`) minus his Health now; once
    it reaches the maximum, the Attack on him is not offered (Klaw's decision: an Attack that can deal no
    damage is not a legal choice). Every Attack deals 1 damage, so this is exact.
  - Superhuman Strength: "damage dealt by Abomination is unpreventable." ->
    `play.villain_damage_unpreventable` (a flag): an Invulnerable Hero takes the damage of his BAM! and
    Stronger Than You (the only prevention the engine knows).
  - Suspended Animation: "Abomination can't go below 1 Health unless all Heroes are in his Location when they
    deal damage to him." -> `play.can_damage` -> `abomination_suspended_animation` (params.min_health): at 1
    Health the Attack on him is offered only when every Hero figure (a KO'd one too: the figure is on the
    board) stands in his Location. Every Attack deals 1 damage, so he cannot skip past 1.
  - Toxic Gamma Ray: "Heroes ending their turn in Abomination's Location must turn 1 of their Hero cards in
    the Storyline facedown." -> `play.hero_turn_end` -> `abomination_toxic_gamma_ray` (params.cards): the Hero
    picks one of their own face-up Hero cards in the Storyline (the one just played included); a facedown
    Hero card has no symbols (core-facedown-cards), so the next Hero gets nothing from it as previous card.
    Resolved after the Location's end-of-turn effect (which may move the Hero), before the last-card KO.

Master Plan moves: "Move clockwise / counter-clockwise to the next Location with any Heroes / with the Hero
with the most cards in hand." -> `on_move` (reads move.direction and move.condition): the first
Location in that direction, from the next one round to his own (his own last: then he stays). Decisions: "any
Heroes" counts every Hero figure (KO'd too); "the Hero with the most cards in hand" is among the Heroes not
KO'd (ties: any of them); no Hero to go to: he stays.
Master Plan, Superhuman Uppercut: "Move the Hero who was just damaged 2 Locations away from Abomination's."
  - `abomination_superhuman_uppercut` (params.distance): resolved after the BAM! of the same card is answered;
    "the Hero who was just damaged" = the Hero the BAM! hit (not one whose Invulnerable ignored it; one the
    damage KO'd is moved too). He stands in Abomination's Location, so the Hero chooses between the two
    Locations 2 away (a legal action). Nobody damaged: nothing.
Master Plan, Stronger Than You: "Move Abomination to the opposite Location. Then, deal 1 damage to each Hero
there." -> `abomination_stronger_than_you` (params.damage): he moves at once (the card's tokens are placed
around his new Location); the damage to each Hero there not KO'd follows the BAM!'s questions.
"""

from ..rules_base import event, handler, hit_by, not_implemented
from ..villain_base import Villain
from .common import HIT_TASK, accelerate_instead_of_ko_bam, hit_task, queue_after

UPPERCUT_TASK = "abomination_uppercut"
THROW_TASK = "abomination_throw"
STRONGER_TASK = "abomination_stronger_damage"
TOXIC_TASK = "abomination_toxic"
BAM_VIA = "abomination_bam_damage"  # the tag of his BAM!'s hit (deal_hit notes the Hero hit)


class Abomination(Villain, villain="abomination", texts=("special_rules",)):

    # ----- Abomination's state ------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`hit`: the seat his last BAM! damaged; `turn_health`: his Health at the start of the Hero turn."""
        state[self._state_key] = {"hit": None, "turn_health": None}

    def _damage(self, state, seat, n, events, source) -> None:
        """Damage dealt by Abomination: unpreventable while Superhuman Strength is in play."""
        self.damage_hero(state, seat, n, events, source,
                         unpreventable=self.villain_damage_unpreventable(state))

    @hit_by(BAM_VIA)
    def _bam_damage(self, state, seat, n, events, source) -> None:
        hero = state["heroes"][seat]
        if n > 0 and not hero["ko"] and (not hero.get("invulnerable")
                                         or self.villain_damage_unpreventable(state)):
            self._own(state)["hit"] = seat
        self._damage(state, seat, n, events, source)

    def _discard_all(self, state, loc_id, events, rule) -> None:
        loc = self.loc(state, loc_id)
        gone = [t for t in loc["tokens"] if t in ("civilian", "thug")]
        for kind in gone:
            self.remove_token(state, loc_id, kind)
        text = (f"All Thugs and Civilians are discarded from {self.loc_name(loc_id)} ({len(gone)} tokens)"
                if gone else f"No Thug or Civilian to discard at {self.loc_name(loc_id)}")
        events.append(event(text, rule, "token", location=loc_id))

    # ----- Special Rules ----------------------------------------------------------------------------

    def under_pressure(self, state) -> bool:
        return True

    def villain_vulnerable(self, state) -> bool:
        return True

    def on_mission_complete(self, state, mission, events) -> bool:
        for seat in range(len(state["heroes"])):
            self.draw_cards(state, seat, int(self.vparam("mission_draw")), events, "missions")
        return True

    @handler("abomination_ko")
    def h_ko(self, state, params, events, seat=None, **_) -> None:
        accelerate_instead_of_ko_bam(self, state, int(params["cards"]), events, seat)

    # ----- BAM! and Overflow ------------------------------------------------------------------------
    @handler("abomination_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        self._own(state)["hit"] = None
        seats = self.standing(state, here)
        if seats:
            self.push(state, hit_task(seats, here, int(params["damage"]), "Abomination's BAM!",
                                      via=BAM_VIA))
        else:
            events.append(event("No Hero stands in Abomination's Location: his BAM! hits nobody", "bam",
                                "bam"))
        self._discard_all(state, here, events, "bam")

    @handler("abomination_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        self._discard_all(state, location, events, "overflow")

    # ----- Threats ----------------------------------------------------------------------------------
    @handler("abomination_expert_strategist")
    def h_expert_strategist(self, state, params, events, seat=None, **_) -> bool:
        return state["heroes"][seat]["pos"] != state["villain_pos"]

    @handler("abomination_healing_factor")
    def h_healing_factor(self, state, params, events, threat=None, **_) -> None:
        gain = min(int(params["recover"]), state["health_max"] - state["health"])
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        if gain > 0:
            state["health"] += gain
            events.append(event(f"{self.ctx.villain['name']} recovers {gain} Health ({name}): "
                                f"{state['health']}", "threats", "villain"))

    def on_hero_turn_start(self, state, seat, events) -> bool:
        """Notes his Health at the start of each Hero turn (Superhuman Durability); never skips the turn."""
        self._own(state)["turn_health"] = state["health"]
        return False

    @handler("abomination_superhuman_durability")
    def h_superhuman_durability(self, state, params, events, **_) -> bool:
        start = self._own(state)["turn_health"]
        dealt = 0 if start is None else start - state["health"]
        return dealt < int(params["max_damage"])

    @handler("abomination_suspended_animation")
    def h_suspended_animation(self, state, params, events, **_) -> bool:
        if state["health"] > int(params["min_health"]):
            return True
        return all(h["pos"] == state["villain_pos"] for h in state["heroes"])

    @handler("abomination_toxic_gamma_ray")
    def h_toxic_gamma_ray(self, state, params, events, seat=None, threat=None, **_) -> None:
        if state["heroes"][seat]["pos"] != state["villain_pos"]:
            return
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        self.push(state, *({"t": TOXIC_TASK, "seat": seat, "source": name, "auto1": True}
                           for _ in range(int(params["cards"]))))

    def choices_abomination_toxic(self, state, task):
        seat = task["seat"]
        out = []
        for i, entry in enumerate(state["storyline"]):
            if entry["kind"] == "hero" and entry["seat"] == seat and not entry.get("facedown"):
                name = self.ctx.hero_cards[entry["card"]]["name"]
                out.append({"id": f"facedown:{i}", "seat": seat, "kind": "facedown", "index": i,
                            "label": f"Turn {name} (Storyline card {i + 1}) facedown ({task['source']})"})
        return out

    def skip_abomination_toxic(self, state, task, events):
        events.append(event(f"{self.hero_name(state, task['seat'])} has no face-up Hero card to turn "
                            "facedown", "threats", "threat", task["seat"]))

    def choose_abomination_toxic(self, state, task, action, events):
        entry = state["storyline"][action["index"]]
        entry["facedown"] = True
        events.append(event(f"{self.hero_name(state, task['seat'])} turns "
                            f"{self.ctx.hero_cards[entry['card']]['name']} facedown in the Storyline "
                            f"({task['source']})", "core-facedown-cards", "effect", task["seat"]))

    # ----- Master Plan: the moves -------------------------------------------------------------------
    def on_move(self, state, card, events) -> None:
        move = card["move"]
        name = self.ctx.villain["name"]
        sign = -1 if move.get("direction") == "counter-clockwise" else 1
        condition = move.get("condition")
        if condition == "any-heroes":
            where = {h["pos"] for h in state["heroes"]}
            what = "with any Heroes"
        elif condition == "hero-with-most-cards-in-hand":
            standing = [h for h in state["heroes"] if not h["ko"]]
            most = max((len(h["hand"]) for h in standing), default=0)
            where = {h["pos"] for h in standing if len(h["hand"]) == most}
            what = "with the Hero with the most cards in hand"
        else:
            events.append(not_implemented(f"The move \"{move.get('text', '')}\" is not applied yet: {name} "
                                          "stays", "villain-move"))
            return
        ring = len(self.ring(state))
        way = "counter-clockwise" if sign < 0 else "clockwise"
        for k in range(1, ring + 1):
            loc_id = self.step(state, state["villain_pos"], sign * k)
            if loc_id in where:
                if k == ring:
                    break
                state["villain_pos"] = loc_id
                events.append(event(f"{name} moves {k} {way} to {self.loc_name(loc_id)}, the next Location "
                                    f"{what}", "villain-move", "villain-move"))
                return
        events.append(event(f"No other Location {what}: {name} stays", "villain-move", "villain-move"))

    # ----- Master Plan: Superhuman Uppercut ---------------------------------------------------------
    def _after_bam(self, state, *tasks) -> None:
        """Queue tasks behind the BAM!'s questions and the damage they queue."""
        queue_after(state, (HIT_TASK, "hero_damage"), *tasks)

    @handler("abomination_superhuman_uppercut")
    def h_superhuman_uppercut(self, state, params, events, card=None, **_) -> None:
        self._after_bam(state, {"t": UPPERCUT_TASK, "distance": int(params["distance"])})

    def run_abomination_uppercut(self, state, task, events) -> None:
        seat = self._own(state)["hit"]
        if seat is None:
            events.append(event("Superhuman Uppercut: no Hero was just damaged", "plan-effect",
                                "plan-effect"))
            return
        self.push(state, {"t": THROW_TASK, "seat": seat, "distance": task["distance"], "auto1": True})

    def choices_abomination_throw(self, state, task):
        seat = task["seat"]
        here = state["villain_pos"]
        spots = list(dict.fromkeys(self.step(state, here, s * task["distance"]) for s in (1, -1)))
        return [{"id": f"thrown:{loc}", "seat": seat, "kind": "push", "location": loc,
                 "label": f"Be thrown to {self.loc_name(loc)} (Superhuman Uppercut)"}
                for loc in spots if loc != state["heroes"][seat]["pos"]]

    def choose_abomination_throw(self, state, task, action, events):
        state["heroes"][task["seat"]]["pos"] = action["location"]
        events.append(event(f"Superhuman Uppercut: {self.hero_name(state, task['seat'])} is thrown to "
                            f"{self.loc_name(action['location'])}", "plan-effect", "move", task["seat"]))

    # ----- Master Plan: Stronger Than You -----------------------------------------------------------
    @handler("abomination_stronger_than_you")
    def h_stronger_than_you(self, state, params, events, **_) -> None:
        ring = self.ring(state)
        state["villain_pos"] = self.step(state, state["villain_pos"], len(ring) // 2)
        events.append(event(f"Stronger Than You: {self.ctx.villain['name']} moves to the opposite Location, "
                            f"{self.loc_name(state['villain_pos'])}", "plan-effect", "villain-move"))
        self._after_bam(state, {"t": STRONGER_TASK, "location": state["villain_pos"],
                                "damage": int(params["damage"])})

    def run_abomination_stronger_damage(self, state, task, events) -> None:
        seats = self.standing(state, task["location"])
        if not seats:
            events.append(event(f"Stronger Than You: no Hero at {self.loc_name(task['location'])}",
                                "plan-effect", "plan-effect"))
        for seat in reversed(seats):  # pushed to the front: seat order
            self._damage(state, seat, task["damage"], events, "Stronger Than You")
