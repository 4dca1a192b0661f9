"""Shocker (content/marvel-united-promos/villains/shocker.yaml): every rule of his Dashboard, his Achievements
card, the Stunned tokens, his Threats and his Master Plan.

Special Setup (back): "Keep Shocker's Achievements card and the Stunned tokens within reach of the players."
  - Dashboard `special_setup` -> `shocker_setup`: `state["shocker"]` holds the fulfilled Achievements; each
    Hero holds `shocker_stunned` Stunned tokens and counts `shocker_stuns` (every Stunned token ever
    assigned).
Special Rules: "Shocker can't be assigned Stunned tokens."
  - The only rule that assigns Stunned tokens (the BAM!) assigns them to Heroes: nothing else to do.
Special Rules: "Heroes starting their turn with any Stunned tokens treat Special Effects on all their Hero
cards as blank until the end of their turn. Then, they discard all their Stunned tokens."
  - Villain hooks on_hero_turn_start (the Hero is Stunned for this turn), effects_blank (the played
    card's Special Effect is not offered) and on_hero_turn_end (the Stunned tokens are discarded). A
    token assigned after the turn started waits for the Hero's next turn.
Special Rules: "When a Hero is KO'd, Shocker doesn't activate his BAM! Instead, draw a Master Plan card and
add it facedown in the Storyline."
  - Dashboard `ko` -> `shocker_ko`: Achievement "KO any Hero" first, then the facedown card
    (villains/common.py; an empty Master Plan deck loses, as for Klaw).
BAM!: "Assign 1 Stunned token and deal 1 damage to 1 Hero in each Location adjacent to Shocker's."
  - Dashboard `bam` -> `shocker_bam` (params.stunned, params.damage): per adjacent Location the Heroes choose
    the Hero (villains/common.py hit_task: lowest seat asked; KO'd Heroes are not candidates); that Hero takes
    the token and the damage (an Invulnerable Hero still takes the token).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card and add
it facedown in the Storyline."
  - Dashboard `overflow` -> `shocker_overflow`, once per Location (core-overflow): Achievement "Overflow in
    any Location" first, then the facedown card.
Villainous Plot: "The Heroes lose if Shocker fulfills all of his Achievements (there are 4 Crisis tokens on
his Achievements card)."
  - params.plot_crisis (4). Each Achievement of the `components` entry `shocker-achievements` is fulfilled
    once and then holds a Crisis token; params.achievements maps each condition to the Achievement's number.
Achievements card:
  1. "KO any Hero." - in `shocker_ko`.
  2. "Overflow in any Location." - in `shocker_overflow`.
  3. "End a Villain turn in a Location with no Heroes and no Threat" - Villain hook on_villain_turn_end,
     after the placement and Overflow; a KO'd Hero's figure is still a Hero there (core-ko). "OR take more
     than 2 damage in a single turn without being defeated" - Villain hook on_villain_damaged (params.
     turn_damage_over): the damage Shocker loses in one turn (numbered by the face-up cards of the Storyline)
     adds up; above 2 with Health left, fulfilled.
  4. "Eliminate an Equipment card" - only Underestimated Thief eliminates one, and the adapted Heroes have no
     Equipment (decision), so this half never happens. "OR stun the same Hero twice during the game" - a Hero
     who has been assigned params.same_hero_stuns (2) Stunned tokens in the game, discarded ones included.
Threats (decision): the three Threat texts print no trigger; the Gap note only names their icons. They
are read as BAM! effects (`play.bam`, the Threat's Location being "this Location"), resolved with Shocker's
BAM!:
  - Ambush!: "Deal 1 damage to 1 Hero in this Location. If there are no Heroes here, deal 1 damage to 1 Hero
    in an adjacent Location." -> `shocker_ambush` (params.damage). "no Heroes here" = no Hero who can take
    damage (not KO'd); the Heroes choose among those of both adjacent Locations.
  - Escape Plan: "Until the next Villain turn, the first time a Hero enters Shocker's Location each Hero turn,
    move Shocker clockwise to the next Location with no Heroes." -> `shocker_escape_plan`: from this BAM! to
    the next Villain turn (even if the card is cleared meanwhile), Villain hook on_hero_moved: the first
    Hero to enter Shocker's Location in a Hero turn (a Move or a Special Effect) makes him move clockwise to
    the first Location with no Hero figure; none: he stays. His arrival triggers arrival Threats
    (core-villain-move).
  - Minions: "Add 1 Thug to each adjacent Location." -> `shocker_minions` (params.thugs): Thugs that do not
    fit are an Overflow of that Location.
Master Plan 11/12: "Move clockwise to the next Location with a single Hero, if possible."
  - `on_move`: the first Location clockwise from the next one round to his own with exactly one Hero
    figure (KO'd included); none: he stays.
  Underestimated Thief: "If Heroes in Shocker's Location have any Equipment cards, remove 1 of these cards
  from the game." -> `shocker_underestimated_thief`: the adapted Heroes have no Equipment, so it never removes
  one (the event says so).
"""

from ..rules_base import event, handler, hit_by, not_implemented
from ..villain_base import Villain
from .common import draw_facedown_plan_card, hit_task, ko_facedown_plan_card, plan_title, turns, villain_turns

BAM_VIA = "shocker_stun_and_damage"  # the tag of his BAM!'s hits (deal_hit stuns the Hero too)


class Shocker(Villain, villain="shocker", texts=("special_rules", "villainous_plot")):

    # ----- Shocker's state, the Achievements card ----------------------------------------------------------
    def init_state(self, state) -> None:
        """`achievements`: the numbers fulfilled; `damage_turn` / `damage`: the damage he took this turn;
        `escape_until` / `escaped_turn`: Escape Plan; each Hero's Stunned tokens (`shocker_stunned`, held),
        `shocker_stuns` (ever assigned) and `shocker_stunned_turn` (Stunned this turn)."""
        state[self._state_key] = {"achievements": [], "damage_turn": None, "damage": 0, "escape_until": None,
                        "escaped_turn": None}
        for hero in state["heroes"]:
            hero.update(shocker_stunned=0, shocker_stuns=0, shocker_stunned_turn=False)

    def _card(self) -> dict:
        return next(c for c in self.ctx.villain["components"] if c["kind"] == "achievements")

    def _achieve(self, state, condition, events, rule) -> None:
        """Fulfil the Achievement params.achievements[condition] (once): a Crisis token on the card."""
        number = int(self.vparam("achievements")[condition])
        sh = self._own(state)
        if number in sh["achievements"] or state.get("outcome") is not None:
            return
        sh["achievements"].append(number)
        text = next(a["text"] for a in self._card()["achievements"] if a["number"] == number)
        need = int(self.vparam("plot_crisis"))
        events.append(event(f"Shocker fulfils Achievement {number} ({text}): a Crisis token on his "
                            f"Achievements card ({len(sh['achievements'])} of {need})", rule, "villain"))
        if len(sh["achievements"]) >= need:
            self.lose(state, events, "Shocker fulfils all of his Achievements")

    # ----- Special Setup, Special Rules, Villainous Plot -------------------------------------------------
    @handler("shocker_setup")
    def h_setup(self, state, params, events, **_) -> None:
        """The card and the tokens (init_state) are kept within reach."""
        events.append(event("Shocker's Achievements card and the Stunned tokens are kept within reach",
                            "setup", "setup"))

    def on_hero_turn_start(self, state, seat, events) -> bool:
        hero = state["heroes"][seat]
        if hero["shocker_stunned"]:
            hero["shocker_stunned_turn"] = True
            events.append(event(f"{self.hero_name(state, seat)} starts the turn Stunned: the Special Effects "
                                "of their Hero cards are blank until the end of the turn", "special",
                                "effect", seat))
        return False

    def effects_blank(self, state, seat) -> bool:
        return state["heroes"][seat]["shocker_stunned_turn"]

    def on_hero_turn_end(self, state, task, events) -> bool:
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero["shocker_stunned_turn"]:
            n = hero["shocker_stunned"]
            hero["shocker_stunned"] = 0
            hero["shocker_stunned_turn"] = False
            plural = "s" if n > 1 else ""
            events.append(event(f"{self.hero_name(state, seat)} discards {n} Stunned token{plural}",
                                "special", "token", seat))
        return False

    def _stun(self, state, seat, n, events) -> None:
        hero = state["heroes"][seat]
        hero["shocker_stunned"] += n
        hero["shocker_stuns"] += n
        events.append(event(f"{self.hero_name(state, seat)} is assigned {n} Stunned token", "bam", "token",
                            seat))
        if hero["shocker_stuns"] >= int(self.vparam("same_hero_stuns")):
            self._achieve(state, "same_hero_stunned", events, "bam")

    # ----- BAM!, KO, Overflow ---------------------------------------------------------------------------
    @handler("shocker_bam")
    def h_bam(self, state, params, events, **_) -> None:
        tasks = []
        for loc_id in self.adjacent(state, state["villain_pos"]):
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(hit_task(seats, loc_id, int(params["damage"]), "Shocker's BAM!",
                                      via=BAM_VIA))
        if not tasks:
            events.append(event("No Hero stands where Shocker's BAM! hits", "bam", "bam"))
        self.push(state, *tasks)

    @hit_by(BAM_VIA)
    def _stun_and_damage(self, state, seat, damage, events, source) -> None:
        self._stun(state, seat, int(self.dash_play("bam")["params"]["stunned"]), events)
        self.damage_hero(state, seat, damage, events, source)

    @handler("shocker_ko")
    def h_ko(self, state, params, events, seat=None, **_) -> None:
        self._achieve(state, "ko", events, "ko")
        ko_facedown_plan_card(self, state, seat, events)

    @handler("shocker_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        self._achieve(state, "overflow", events, "overflow")
        if state.get("outcome") is None:
            draw_facedown_plan_card(self, state, events)

    # ----- Achievement 3 --------------------------------------------------------------------------------
    def on_villain_turn_end(self, state, events) -> None:
        here = state["villain_pos"]
        if self.loc(state, here)["threat"] is None and not any(h["pos"] == here for h in state["heroes"]):
            self._achieve(state, "turn_end_alone", events, "villain-turn")

    def on_villain_damaged(self, state, seat, n, events) -> None:
        sh = self._own(state)
        turn = turns(state)
        if sh["damage_turn"] != turn:
            sh["damage_turn"], sh["damage"] = turn, 0
        sh["damage"] += n
        if sh["damage"] > int(self.vparam("turn_damage_over")) and state["health"] > 0:
            self._achieve(state, "damage_in_turn", events, "attack")

    # ----- Threats --------------------------------------------------------------------------------------
    @handler("shocker_ambush")
    def h_ambush(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        seats = self.standing(state, location)
        if not seats:
            near = self.adjacent(state, location)
            seats = [h["seat"] for h in state["heroes"] if h["pos"] in near and not h["ko"]]
        if seats:
            self.push(state, hit_task(seats, location, int(params["damage"]), name))
        else:
            events.append(event(f"{name}: no Hero here or in an adjacent Location", "threats", "threat"))

    @handler("shocker_escape_plan")
    def h_escape_plan(self, state, params, events, threat=None, **_) -> None:
        self._own(state)["escape_until"] = villain_turns(state)
        events.append(event("Escape Plan: until the next Villain turn, the first Hero to enter Shocker's "
                            "Location each Hero turn makes him move away", "threats", "threat"))

    def on_hero_moved(self, state, seat, events) -> None:
        sh = self._own(state)
        here = state["villain_pos"]
        if state["heroes"][seat]["pos"] != here or sh["escape_until"] != villain_turns(state):
            return
        turn = turns(state)
        if sh["escaped_turn"] == turn:
            return
        sh["escaped_turn"] = turn
        ring = self.ring(state)
        start = ring.index(here)
        for i in range(1, len(ring)):
            loc_id = ring[(start + i) % len(ring)]
            if not any(h["pos"] == loc_id for h in state["heroes"]):
                state["villain_pos"] = loc_id
                events.append(event(f"Escape Plan: {self.hero_name(state, seat)} enters Shocker's Location "
                                    f"and he moves clockwise to {self.loc_name(loc_id)}", "villain-move",
                                    "villain-move"))
                self.threat_on_arrival(state, events)
                return
        events.append(event("Escape Plan: every Location has a Hero, Shocker stays", "villain-move",
                            "villain-move"))

    @handler("shocker_minions")
    def h_minions(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        for loc_id in self.adjacent(state, location):
            missed = sum(1 for _ in range(int(params["thugs"]))
                         if not self.add_token(state, loc_id, "thug", events, "threats", by=name))
            if missed:
                self.overflow(state, loc_id, events, ["thug"] * missed)

    # ----- Master Plan ----------------------------------------------------------------------------------
    def on_move(self, state, card, events) -> None:
        move = card["move"]
        if move.get("condition") != "single-hero" or move.get("direction") not in ("clockwise",
                                                                                   "counter-clockwise"):
            events.append(not_implemented(f"The move \"{move.get('text')}\" is not applied yet: Shocker "
                                          "stays", "villain-move"))
            return
        sign = 1 if move["direction"] == "clockwise" else -1
        ring = self.ring(state)
        start = ring.index(state["villain_pos"])
        for i in range(1, len(ring) + 1):
            loc_id = ring[(start + sign * i) % len(ring)]
            if sum(1 for h in state["heroes"] if h["pos"] == loc_id) == 1:
                if loc_id != state["villain_pos"]:
                    state["villain_pos"] = loc_id
                    where = self.loc_name(loc_id)
                    events.append(event(f"Shocker moves {move['direction']} to {where}, where a single Hero "
                                        "stands", "villain-move", "villain-move"))
                    return
                break
        events.append(event("No other Location holds a single Hero: Shocker stays", "villain-move",
                            "villain-move"))

    @handler("shocker_underestimated_thief")
    def h_underestimated_thief(self, state, params, events, card=None, **_) -> None:
        title = plan_title(card, "Underestimated Thief")
        events.append(event(f"{title}: no Hero in Shocker's Location has an Equipment card", "plan-effect",
                            "plan-effect"))

    # ----- what the page shows --------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        sh = self._own(state)
        card = self._card()
        done = sorted(sh["achievements"])
        fulfilled = "; ".join(f"{a['number']}. {a['text']}" for a in card["achievements"]
                              if a["number"] in done) or "none yet"
        held = sum(h["shocker_stunned"] for h in state["heroes"])
        tokens = next(c for c in self.ctx.villain.get("components", []) if c["kind"] == "tokens")
        out.setdefault("components", []).extend([
            {"id": card["id"], "name": card["name"], "location": None, "seat": None, "count": len(done),
             "text": f"Crisis tokens on fulfilled Achievements: {len(done)} of {self.vparam('plot_crisis')} "
                     f"(the Heroes lose at {self.vparam('plot_crisis')}). Fulfilled: {fulfilled}"},
            {"id": tokens["id"], "name": tokens["name"], "location": None, "seat": None, "count": held,
             "text": "Held by Heroes; a Hero starting their turn with any treats their Special Effects as "
                     "blank that turn"},
        ])
        for entry in out["heroes"]:
            n = state["heroes"][entry["seat"]]["shocker_stunned"]
            if n:
                entry.setdefault("marks", []).append({"name": "Stunned", "count": n})
