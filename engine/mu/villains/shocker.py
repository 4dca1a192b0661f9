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
  - core hooks hero_turn_start_shocker (the Hero is Stunned for this turn), effects_blank_shocker (the played
    card's Special Effect is not offered) and hero_turn_end_shocker (the Stunned tokens are discarded). A
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
  3. "End a Villain turn in a Location with no Heroes and no Threat" - core hook villain_turn_end_shocker,
     after the placement and Overflow; a KO'd Hero's figure is still a Hero there (core-ko). "OR take more
     than 2 damage in a single turn without being defeated" - core hook villain_damaged_shocker (params.
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
    the next Villain turn (even if the card is cleared meanwhile), core hook hero_moved_shocker: the first
    Hero to enter Shocker's Location in a Hero turn (a Move or a Special Effect) makes him move clockwise to
    the first Location with no Hero figure; none: he stays. His arrival triggers arrival Threats
    (core-villain-move).
  - Minions: "Add 1 Thug to each adjacent Location." -> `shocker_minions` (params.thugs): Thugs that do not
    fit are an Overflow of that Location.
Master Plan 11/12: "Move clockwise to the next Location with a single Hero, if possible."
  - `move_shocker`: the first Location clockwise from the next one round to his own with exactly one Hero
    figure (KO'd included); none: he stays.
  Underestimated Thief: "If Heroes in Shocker's Location have any Equipment cards, remove 1 of these cards
  from the game." -> `shocker_underestimated_thief`: the adapted Heroes have no Equipment, so it never removes
  one (the event says so).
"""

from ..rules_base import Rules, event, not_implemented
from .common import draw_facedown_plan_card, hit_task, ko_facedown_plan_card

STATE = "shocker"


def shocker_turn_number(state) -> int:
    """Each Hero turn and each Villain turn adds one face-up card to the Storyline."""
    return sum(1 for e in state["storyline"] if e["kind"] == "hero" or not e.get("facedown"))


def shocker_villain_turn_number(state) -> int:
    return sum(1 for e in state["storyline"] if e["kind"] == "master-plan" and not e.get("facedown"))


class ShockerRules(Rules):
    HANDLERS = {
        "shocker_setup": "h_shocker_setup",
        "shocker_bam": "h_shocker_bam",
        "shocker_overflow": "h_shocker_overflow",
        "shocker_ko": "h_shocker_ko",
        "shocker_ambush": "h_shocker_ambush",
        "shocker_escape_plan": "h_shocker_escape_plan",
        "shocker_minions": "h_shocker_minions",
        "shocker_underestimated_thief": "h_shocker_underestimated_thief",
    }

    # ----- Shocker's state, the Achievements card ----------------------------------------------------------
    @staticmethod
    def shocker(state) -> dict:
        return state.setdefault(STATE, {"achievements": [], "damage_turn": None, "damage": 0,
                                        "escape_until": None, "escaped_turn": None})

    def shocker_card(self) -> dict:
        return next(c for c in self.ctx.villain.get("components", []) if c["kind"] == "achievements")

    def shocker_achieve(self, state, condition, events, rule) -> None:
        """Fulfil the Achievement params.achievements[condition] (once): a Crisis token on the card."""
        number = int(self.vparam("achievements")[condition])
        sh = self.shocker(state)
        if number in sh["achievements"] or state.get("outcome") is not None:
            return
        sh["achievements"].append(number)
        text = next(a["text"] for a in self.shocker_card()["achievements"] if a["number"] == number)
        need = int(self.vparam("plot_crisis"))
        events.append(event(f"Shocker fulfils Achievement {number} ({text}): a Crisis token on his "
                            f"Achievements card ({len(sh['achievements'])} of {need})", rule, "villain"))
        if len(sh["achievements"]) >= need:
            self.lose(state, events, "Shocker fulfils all of his Achievements")

    # ----- Special Setup, Special Rules, Villainous Plot -------------------------------------------------
    def h_shocker_setup(self, state, params, events, **_) -> None:
        self.shocker(state)
        for hero in state["heroes"]:
            hero["shocker_stunned"] = 0
            hero["shocker_stuns"] = 0
            hero["shocker_stunned_turn"] = False
        events.append(event("Shocker's Achievements card and the Stunned tokens are kept within reach",
                            "setup", "setup"))

    def special_rules_shocker(self, state, events) -> None:
        """Applied by the Stunned-token hooks below and the Dashboard's `ko` handler (marks them
        implemented)."""

    def villainous_plot_shocker(self, state, events) -> None:
        """Checked by shocker_achieve (marks it implemented)."""

    def hero_turn_start_shocker(self, state, seat, events) -> bool:
        hero = state["heroes"][seat]
        if hero.get("shocker_stunned"):
            hero["shocker_stunned_turn"] = True
            events.append(event(f"{self.hero_name(state, seat)} starts the turn Stunned: the Special Effects "
                                "of their Hero cards are blank until the end of the turn", "special",
                                "effect", seat))
        return False

    def effects_blank_shocker(self, state, seat) -> bool:
        return bool(state["heroes"][seat].get("shocker_stunned_turn"))

    def hero_turn_end_shocker(self, state, task, events) -> bool:
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero.get("shocker_stunned_turn"):
            n = hero["shocker_stunned"]
            hero["shocker_stunned"] = 0
            hero["shocker_stunned_turn"] = False
            plural = "s" if n > 1 else ""
            events.append(event(f"{self.hero_name(state, seat)} discards {n} Stunned token{plural}",
                                "special", "token", seat))
        return False

    def shocker_stun(self, state, seat, n, events) -> None:
        hero = state["heroes"][seat]
        hero["shocker_stunned"] = hero.get("shocker_stunned", 0) + n
        hero["shocker_stuns"] = hero.get("shocker_stuns", 0) + n
        events.append(event(f"{self.hero_name(state, seat)} is assigned {n} Stunned token", "bam", "token",
                            seat))
        if hero["shocker_stuns"] >= int(self.vparam("same_hero_stuns")):
            self.shocker_achieve(state, "same_hero_stunned", events, "bam")

    # ----- BAM!, KO, Overflow ---------------------------------------------------------------------------
    def h_shocker_bam(self, state, params, events, **_) -> None:
        tasks = []
        for loc_id in self.adjacent(state, state["villain_pos"]):
            seats = [h["seat"] for h in state["heroes"] if h["pos"] == loc_id and not h["ko"]]
            if seats:
                tasks.append(hit_task(seats, loc_id, int(params["damage"]), "Shocker's BAM!",
                                      via="shocker_stun_and_damage"))
        if not tasks:
            events.append(event("No Hero stands where Shocker's BAM! hits", "bam", "bam"))
        self.push(state, *tasks)

    def shocker_stun_and_damage(self, state, seat, damage, events, source) -> None:
        self.shocker_stun(state, seat, int(self.dash_play("bam")["params"]["stunned"]), events)
        self.damage_hero(state, seat, damage, events, source)

    def h_shocker_ko(self, state, params, events, seat=None, **_) -> None:
        self.shocker_achieve(state, "ko", events, "ko")
        ko_facedown_plan_card(self, state, seat, events)

    def h_shocker_overflow(self, state, params, events, location=None, **_) -> None:
        self.shocker_achieve(state, "overflow", events, "overflow")
        if state.get("outcome") is None:
            draw_facedown_plan_card(self, state, events)

    # ----- Achievement 3 --------------------------------------------------------------------------------
    def villain_turn_end_shocker(self, state, events) -> None:
        here = state["villain_pos"]
        if self.loc(state, here)["threat"] is None and not any(h["pos"] == here for h in state["heroes"]):
            self.shocker_achieve(state, "turn_end_alone", events, "villain-turn")

    def villain_damaged_shocker(self, state, seat, n, events) -> None:
        sh = self.shocker(state)
        turn = shocker_turn_number(state)
        if sh["damage_turn"] != turn:
            sh["damage_turn"], sh["damage"] = turn, 0
        sh["damage"] += n
        if sh["damage"] > int(self.vparam("turn_damage_over")) and state["health"] > 0:
            self.shocker_achieve(state, "damage_in_turn", events, "attack")

    # ----- Threats --------------------------------------------------------------------------------------
    def h_shocker_ambush(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        seats = [h["seat"] for h in state["heroes"] if h["pos"] == location and not h["ko"]]
        if not seats:
            near = self.adjacent(state, location)
            seats = [h["seat"] for h in state["heroes"] if h["pos"] in near and not h["ko"]]
        if seats:
            self.push(state, hit_task(seats, location, int(params["damage"]), name))
        else:
            events.append(event(f"{name}: no Hero here or in an adjacent Location", "threats", "threat"))

    def h_shocker_escape_plan(self, state, params, events, threat=None, **_) -> None:
        self.shocker(state)["escape_until"] = shocker_villain_turn_number(state)
        events.append(event("Escape Plan: until the next Villain turn, the first Hero to enter Shocker's "
                            "Location each Hero turn makes him move away", "threats", "threat"))

    def hero_moved_shocker(self, state, seat, events) -> None:
        sh = self.shocker(state)
        here = state["villain_pos"]
        if state["heroes"][seat]["pos"] != here or sh["escape_until"] != shocker_villain_turn_number(state):
            return
        turn = shocker_turn_number(state)
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

    def h_shocker_minions(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        for loc_id in self.adjacent(state, location):
            tokens = self.loc(state, loc_id)["tokens"]
            missed = 0
            for _ in range(int(params["thugs"])):
                if None in tokens:
                    tokens[tokens.index(None)] = "thug"
                    state["tally"]["placed"]["thug"] += 1
                    events.append(event(f"{name}: a Thug appears at {self.loc_name(loc_id)}", "threats",
                                        "token", location=loc_id))
                else:
                    missed += 1
            if missed:
                self.overflow(state, loc_id, events, ["thug"] * missed)

    # ----- Master Plan ----------------------------------------------------------------------------------
    def move_shocker(self, state, card, events) -> None:
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

    def h_shocker_underestimated_thief(self, state, params, events, card=None, **_) -> None:
        title = ((card or {}).get("effect") or {}).get("title") or "Underestimated Thief"
        events.append(event(f"{title}: no Hero in Shocker's Location has an Equipment card", "plan-effect",
                            "plan-effect"))

    # ----- what the page shows --------------------------------------------------------------------------
    def view_shocker(self, state, out) -> None:
        sh = state.get(STATE) or {"achievements": []}
        card = self.shocker_card()
        done = sorted(sh["achievements"])
        fulfilled = "; ".join(f"{a['number']}. {a['text']}" for a in card["achievements"]
                              if a["number"] in done) or "none yet"
        held = sum(h.get("shocker_stunned", 0) for h in state["heroes"])
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
            n = state["heroes"][entry["seat"]].get("shocker_stunned", 0)
            if n:
                entry.setdefault("marks", []).append({"name": "Stunned", "count": n})
