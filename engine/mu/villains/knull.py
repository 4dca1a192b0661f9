"""Knull (content/marvel-united-promos/villains/knull.yaml): every rule of his Dashboard, Threats (the
Symbiote Henchmen and our adapted Symbiote Henchman Behavior card included) and Master Plan.

Player count: the Dashboard prints Health only for 6 Heroes (16). The record adds adapted values for 2, 3 and
4 Heroes (rows marked `adapted`, with the reasoning); the engine plays 2 to 4 Heroes, so "Knull can be faced
by 2, 3, 4, 5, or 6 Heroes" is left out for 5 and 6 (content has five Hero decks; the core caps at 4).
Special Setup: "Set aside the King in Black Master Plan card and place it on top of the deck after shuffling
it. Heroes have 3 starting Locations: the regular one and the 2 Locations adjacent to that (they may be split
as players like between these Locations). Set aside the 4 Symbiote Henchman Threats and the Symbiote Henchman
Behavior card."
  - Dashboard `special_setup` -> `knull_special_setup` (params.first_card: the effect title; params.spread:
    how far from the regular start a Hero may begin; params.henchman: the set-aside Threat card). The Symbiote
    Henchman cards are not dealt (core setup skips `in_threat_deck: false`); `state["knull"]["aside"]` counts
    them. Each Hero, in seat order, chooses one of the 3 starting Locations (task `knull_start`).
Special Rules:
  - "See the rules leaflet for the Heroes turn sequence." The leaflet is not in the source; our adapted one
    (`components` knull-heroes-turn-sequence, params.villain_turn_per_round): the core Hero turn applies, and
    the Villain takes a turn after each round of Hero turns - as many Hero cards as there are Heroes, never
    fewer than the core count (`villain_turn_every`). Decision, measured: with the core count (every 2nd
    Hero card from the start) no searched game was won with 2 to 6 Heroes in 90; with this one a searching
    team of 6 wins about 4 games in 10, of 3 to 5 one to eight in 10, of 2 none.
  - "Knull starts the game Under Pressure. Heroes must complete all 3 Missions to make him vulnerable to
    damage (they don't draw a card when the 3rd Mission is completed)." - Villain hooks `under_pressure`
    (always), `villain_vulnerable` (params.missions_to_vulnerable Missions) and `on_mission_complete`. The
    core's one reward draw comes with the 2nd Mission (core-vulnerable ruling: "Knull's (no draw for the 3rd)
    read best with that"); the 3rd Mission makes Knull vulnerable and draws nothing.
  - "When the 2nd Mission is completed, flip Knull's starting Master Plan card facedown (it cannot be turned
    facedown by any other means)." - the first Master Plan card of the Storyline turns facedown (params.
    flip_at_missions); nothing else in Knull's game turns Master Plan cards facedown. Its King in Black rule
    ends with it.
  - KO: "When a Hero is KO'd, Knull doesn't activate his BAM! Instead, that Hero is removed from play and
    becomes a Symbiote Henchman. Put a Symbiote Henchman Threat card in play in the first Location without a
    Threat. If there's none, replace the Threat in the KO'd Hero's Location. Keep their remaining Hero deck
    next to it. On their next turn, the player chooses a different Hero and enters play from the same
    Location." Dashboard `ko` -> `knull_symbiote_ko`. No BAM! (Dashboard or Threats). The Hero is marked
    `removed` (it stays KO'd, so nothing hits it), its tokens and Invulnerable token are discarded (decision);
    its remaining deck is kept with the new Henchman (`state["knull"]["kept"][threat id]`), where our Behavior
    card reads it. "first Location without a Threat": clockwise from Knull's own Location (the shared ruling
    for "first clockwise Location", villains/common.py). A replaced Threat leaves play (it is not cleared: no
    Mission count, it cannot be brought back). "the same Location": the Location the Hero was KO'd in
    (decision). "a different Hero": a Hero no other seat plays, never one turned into a Symbiote; with none
    left (content has five Heroes) any Hero no other seat plays (decision). The new Hero gets a fresh deck, no
    tokens, and draws a starting hand (`starting_hand_size`), then plays the turn (Gorr's decision for the
    same words).
Villainous Plot: "The Heroes lose when 5 of them have been turned into Symbiote Henchmen." - counted in
`knull_symbiote_ko` (params.plot_symbiotes). With 2 to 4 Heroes the same seat may be turned more than once:
every conversion counts. The 5th conversion loses before a 5th card is needed (4 cards are set aside).
BAM!: "Deal 2 unpreventable damage to 1 Hero in Knull's Location and 1 unpreventable damage to 1 Hero in each
adjacent Location." - `knull_bam` (params.villain, params.adjacent). The Heroes choose who is hit in each
Location (lowest seat there asked; core-plan-effect). Unpreventable: an Invulnerable token does not stop it.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, turn all Civilians there into
Thugs. If there are none, deal damage among Heroes there equal to the number of Thugs there." -
`knull_overflow`: once per Location (core); the Civilians become Thugs in their slots (neither rescued nor
defeated; the token tally counts a Civilian removed and a Thug placed). "none" = no Civilians there: then one
damage per Thug, each point given to 1 Hero there as the Heroes choose. Knull's Overflow and BAM! damage is
"damage by Knull" for Necrosword; the Threats' BAM!s are their own (Gorr's decision).
Threat, Symbiote Resistances: "As long as 1 or more Symbiote Resistances are in play, each Henchman and
Villain ignores 1 damage each Hero turn." - `play.damage_taken` -> `knull_symbiote_resistance`
(params.amount): in a Hero turn, the first damage to Knull and the first to each Henchman is ignored (the
Attack is spent); two Resistances in play do not ignore more ("1 or more"). Cleared by the core rule (Heroic
Actions).
Threat, Symbiote Dragon: "BAM!: Deal 1 damage to 1 Hero in this and each adjacent Location." -
`damage_one_hero_here_and_adjacent` (villains/common.py).
Threat, Venom T-Rex: "BAM!: Deal 2 damage to each Hero in this Location." - `knull_damage_each_hero_here`.
Threat, Symbiote Henchman: "BAM!: Refer to the Symbiote Henchman Behavior card." - the card is missing from
the source: our adapted card is the record's `knull-symbiote-henchman-behavior` component (its text), applied
by `knull_symbiote_behavior` (params.symbols, params.minimum): reveal the top card of the kept Hero deck, put
it at the bottom, deal 1 damage per Attack / Wild symbol on it (at least `minimum`) to 1 Hero in this
Location.
Master Plan, Dragon Invasion: "If no Hero has been KO'd this turn, bring back 1 cleared Symbiote Dragon Threat
into play in the next clockwise Location without a Threat, if possible." - `knull_dragon_invasion`. "this
turn" = this Villain turn, checked after the card's BAM! is resolved (a Hero KO'd by it counts). "next
clockwise": from the Location after Knull's round to his own (villains/common.py); the Dragon comes back
fresh.
Master Plan, King in Black: "Add 1 Thug to every Location. As long as this card is faceup in the Storyline, if
Knull ends his movement in a Location with no Heroes, move him clockwise to the next Location with any
Heroes." - `knull_king_in_black` (params.thugs; clockwise from Knull's Location; a Location without room
overflows at once) and the hook `after_villain_move` at every Villain move (Move 0 included) while the card is
faceup. A KO'd Hero still lies in their Location (core-ko) and counts; a removed one does not. No Hero on
the board: he stays.
Master Plan, Necrosword (and card 9, same text): "Heroes damaged by Knull this turn treat their Special
Effects as blank until the start of the next Villain turn." - `knull_necrosword`: Heroes damaged by Knull's
BAM! or Overflow in this Villain turn (Villain turns are numbered by the Master Plan cards in the Storyline;
the next one ends it). The core asks `effects_blank` when a Hero plays a card. A Hero entering play anew
is not affected.
Master Plan, Bountiful Prey: "Add 1 Civilian to every Location except Knull's." - `knull_bountiful_prey`
(params.civilians), clockwise from Knull; a Location without room overflows at once.
Master Plan, Amortality: "Knull recovers 6 Health (can't go above starting value). If he was already at full
Health, Knull activates his BAM!" - `knull_amortality` (params.recover): full Health = the starting value; the
BAM! is a full BAM! (Dashboard, then the Threats').
"""

from ..rules_base import event, handler, hit_by
from .common import (
    HIT_TASK,
    bring_back_cleared_threat,
    hit_task,
    master_plan_cards,
    plan_card_on_top,
    queue_after,
)
from .families import NecroswordVillain

START_TASK = "knull_start"
NEW_HERO_TASK = "knull_new_hero"
DRAGON_TASK = "knull_dragon_invasion"
BAM_VIA = "knull_unpreventable_damage"  # the tags of hits dealt by Knull himself (deal_hit): his BAM!
OVERFLOW_VIA = "knull_damage"  # ... and his Overflow


class Knull(NecroswordVillain, villain="knull", texts=("special_rules", "villainous_plot")):

    # ----- Knull's state ----------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`aside`: Symbiote Henchman cards set aside; `symbiotes`, `turned`: the Heroes turned; `kept`: the
        Hero decks kept next to each Symbiote Henchman (by its id), `made` their count; `ko_turn`: the
        Villain turn of the last KO; the Necrosword store (families.NecroswordVillain); `returned`: Threats
        brought back."""
        state[self._state_key] = {"aside": 0, "symbiotes": 0, "turned": [], "kept": {}, "made": 0,
                                  "ko_turn": None, "necrosword": None, "damaged_turn": None, "damaged": [],
                                  "returned": 0}

    def _villain_turn(self, state) -> int:
        return master_plan_cards(state)

    @staticmethod
    def _on_board(state) -> list[dict]:
        return [h for h in state["heroes"] if not h.get("removed")]

    @hit_by(OVERFLOW_VIA)
    def _damage(self, state, seat, n, events, source) -> None:
        """Damage dealt by Knull himself (Overflow): noted for Necrosword."""
        self._note_damage_by_knull(state, seat, n)
        self.damage_hero(state, seat, n, events, source)

    @hit_by(BAM_VIA)
    def _unpreventable_damage(self, state, seat, n, events, source) -> None:
        """Knull's BAM!: "unpreventable" - an Invulnerable token does not stop it."""
        self._note_damage_by_knull(state, seat, n)
        if n > 0 and not state["heroes"][seat]["ko"]:
            self.push(state, {"t": "hero_damage", "seat": seat, "left": n, "source": source, "auto1": True})

    def _note_damage_by_knull(self, state, seat, n) -> None:
        if n > 0 and not state["heroes"][seat]["ko"]:
            self._note_damaged(state, seat)

    # ----- Special Setup ----------------------------------------------------------------------------
    @handler("knull_special_setup")
    def h_special_setup(self, state, params, events, **_) -> None:
        k = self._own(state)
        plan_card_on_top(self, state, params["first_card"], events)
        k["aside"] = int(self.ctx.threats[params["henchman"]].get("count", 1))
        events.append(event(f"{k['aside']} Symbiote Henchman Threats and the Symbiote Henchman Behavior card "
                            "are set aside", "setup", "setup"))
        regular = state["heroes"][0]["pos"]
        spread = int(params.get("spread", 1))
        starts = [self.step(state, regular, d) for d in range(-spread, spread + 1)]
        self.push(state, *({"t": START_TASK, "seat": h["seat"], "starts": starts} for h in state["heroes"]))

    def choices_knull_start(self, state, task):
        seat = task["seat"]
        return [{"id": f"start:{loc}", "seat": seat, "kind": "setup", "location": loc,
                 "label": f"Start at {self.loc_name(loc)}"} for loc in task["starts"]]

    def choose_knull_start(self, state, task, action, events):
        state["heroes"][task["seat"]]["pos"] = action["location"]
        where = self.loc_name(action["location"])
        events.append(event(f"{self.hero_name(state, task['seat'])} starts at {where}", "setup", "setup",
                            task["seat"]))

    # ----- Special Rules, Villainous Plot -------------------------------------------------------------

    def under_pressure(self, state) -> bool:
        return True

    def villain_turn_every(self, state, n) -> int:
        """The adapted leaflet: a Villain turn after each round of Hero turns (at least the core count)."""
        if self.vparam("villain_turn_per_round"):
            return max(n, len(state["heroes"]))
        return n

    def villain_vulnerable(self, state) -> bool:
        return len(state["completed"]) >= int(self.vparam("missions_to_vulnerable"))

    def on_mission_complete(self, state, mission, events) -> bool:
        name = self.ctx.villain["name"]
        done = len(state["completed"])
        if done == int(self.vparam("flip_at_missions")):
            for seat in range(len(state["heroes"])):  # the core's one reward draw (core-vulnerable ruling)
                self.draw_cards(state, seat, self.ctx.const("mission_reward_draw"), events, "vulnerable")
            first = next((e for e in state["storyline"] if e["kind"] == "master-plan"), None)
            if first and not first.get("facedown"):
                first["facedown"] = True
                events.append(event(f"{name}'s starting Master Plan card is flipped facedown", "missions",
                                    "villain"))
        if done == int(self.vparam("missions_to_vulnerable")):
            events.append(event(f"All {done} Missions are complete: {name} is vulnerable (no card is drawn)",
                                "vulnerable", "mission"))
        return True  # replaces the core Under Pressure / vulnerable / reward steps

    # ----- KO: the Symbiote Henchmen ----------------------------------------------------------------

    @handler("knull_symbiote_ko")
    def h_symbiote_ko(self, state, params, events, seat=None, **_) -> None:
        k = self._own(state)
        hero = state["heroes"][seat]
        hero_name = self.hero_name(state, seat)
        events.append(event(f"{self.ctx.villain['name']} does not BAM! for the KO: {hero_name} is removed "
                            "from play and becomes a Symbiote Henchman", "ko", "ko", seat))
        kept = list(hero["deck"])
        k["symbiotes"] += 1
        k["turned"].append(hero["hero"])
        k["ko_turn"] = master_plan_cards(state)
        hero.update(removed=True, invulnerable=False, hand=[], deck=[], knull_enter_at=hero["pos"])
        hero["tokens"] = {kind: 0 for kind in hero["tokens"]}
        plot = int(self.vparam("plot_symbiotes"))
        if k["symbiotes"] >= plot:
            self.lose(state, events, f"{k['symbiotes']} Heroes have been turned into Symbiote Henchmen")
            return
        if k["aside"] <= 0:
            events.append(event("No Symbiote Henchman card is left to put in play", "ko", "threat", seat))
            return
        ring = self.ring(state)
        start = ring.index(state["villain_pos"])
        free = [loc for loc in (ring[(start + i) % len(ring)] for i in range(len(ring)))
                if self.loc(state, loc)["threat"] is None]
        where = free[0] if free else hero["pos"]
        loc = self.loc(state, where)
        if loc["threat"]:
            old = loc["threat"]
            k["kept"].pop(old["id"], None)
            events.append(event(f"{self.ctx.threats[old['card']]['name']} at {self.loc_name(where)} leaves "
                                "play", "ko", "threat", seat))
        k["aside"] -= 1
        k["made"] += 1
        card = params["threat"]
        tid = f"{card}-{k['made']}"
        loc["threat"] = {"id": tid, "card": card, "heroic": 0, "damage": 0}
        k["kept"][tid] = {"seat": seat, "hero": hero["hero"], "deck": kept}
        events.append(event(f"A Symbiote Henchman ({hero_name}) comes into play at {self.loc_name(where)}, "
                            f"{len(kept)} Hero cards kept next to it ({k['symbiotes']} of {plot} Heroes "
                            "turned)",
                            "ko", "threat", seat))

    def on_hero_turn_start(self, state, seat, events) -> bool:
        if not state["heroes"][seat].get("removed") or state.get("outcome"):
            return False
        self.push(state, {"t": NEW_HERO_TASK, "seat": seat, "auto1": True}, {"t": "hero_turn", "seat": seat})
        return True

    def choices_knull_new_hero(self, state, task):
        seat = task["seat"]
        taken = {h["hero"] for h in state["heroes"] if h["seat"] != seat}
        turned = set(self._own(state)["turned"])
        free = [hid for hid in sorted(self.ctx.heroes) if hid not in taken and hid not in turned]
        free = free or [hid for hid in sorted(self.ctx.heroes) if hid not in taken]
        where = self.loc_name(state["heroes"][seat]["knull_enter_at"])
        return [{"id": f"hero:{hid}", "seat": seat, "kind": "hero",
                 "label": f"Enter play with {self.ctx.heroes[hid]['name']} at {where}"} for hid in free]

    def choose_knull_new_hero(self, state, task, action, events):
        seat = task["seat"]
        where = state["heroes"][seat].pop("knull_enter_at")
        hid = action["id"].split(":", 1)[1]
        self._enter_with_new_hero(state, seat, hid, where, events)

    # ----- BAM! -------------------------------------------------------------------------------------
    @handler("knull_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        tasks = []
        for loc_id, damage in [(here, params["villain"])] + [(a, params["adjacent"])
                                                            for a in self.adjacent(state, here)]:
            seats = self.standing(state, loc_id)
            if seats and int(damage) > 0:
                tasks.append(hit_task(seats, loc_id, int(damage), "Knull's BAM! (unpreventable)",
                                      via=BAM_VIA))
        if not tasks:
            events.append(event("No Hero stands where Knull's BAM! hits", "bam", "bam"))
        self.push(state, *tasks)

    # ----- Overflow ---------------------------------------------------------------------------------
    @handler("knull_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        loc = self.loc(state, location)
        where = self.loc_name(location)
        civilians = [i for i, t in enumerate(loc["tokens"]) if t == "civilian"]
        if civilians:
            for i in civilians:
                loc["tokens"][i] = "thug"
                state["tally"]["removed"]["civilian"] += 1
                state["tally"]["placed"]["thug"] += 1
            events.append(event(f"Every Civilian at {where} turns into a Thug ({len(civilians)})", "overflow",
                                "token", location=location))
            return
        thugs = loc["tokens"].count("thug")
        seats = self.standing(state, location)
        if not thugs or not seats:
            events.append(event(f"No Civilian at {where}, and {thugs} Thugs: no Hero there takes damage",
                                "overflow", "overflow", location=location))
            return
        events.append(event(f"No Civilian at {where}: {thugs} damage among the Heroes there", "overflow",
                            "overflow", location=location))
        self.push(state, *(hit_task(seats, location, 1, "Knull's Overflow", via=OVERFLOW_VIA)
                           for _ in range(thugs)))

    # ----- Threats ----------------------------------------------------------------------------------
    @handler("knull_symbiote_resistance")
    def h_symbiote_resistance(self, state, params, events, n=0, target=None, threat=None, **_) -> int:
        """`play.damage_taken`: returns the damage that still counts."""
        turn = state.get("turn")
        if not turn or threat is None or n <= 0:
            return n
        key = f"{threat['card']}:{target['id'] if target else 'villain'}"
        ignored = turn.setdefault("knull_ignored", [])
        if key in ignored:
            return n
        ignored.append(key)
        amount = min(n, int(params.get("amount", 1)))
        who = self.ctx.threats[target["card"]]["name"] if target else self.ctx.villain["name"]
        events.append(event(f"{who} ignores {amount} damage this Hero turn "
                            f"({self.ctx.threats[threat['card']]['name']})", "threats", "threat"))
        return n - amount

    @handler("knull_damage_each_hero_here")
    def h_each_hero_here_bam(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        seats = self.standing(state, location)
        if not seats:
            events.append(event(f"{name}'s BAM! at {self.loc_name(location)} hits nobody", "threats",
                                "threat"))
        for seat in reversed(seats):  # pushed to the front: seat order
            self.damage_hero(state, seat, int(params["damage"]), events, f"{name}'s BAM!")

    @handler("knull_symbiote_behavior")
    def h_symbiote_behavior(self, state, params, events, location=None, threat=None, **_) -> None:
        """Our adapted Symbiote Henchman Behavior card (the record's component)."""
        kept = self._own(state)["kept"].get(threat["id"]) if threat else None
        deck = kept["deck"] if kept else []
        damage = int(params.get("minimum", 1))
        if deck:
            cid = deck.pop(0)
            deck.append(cid)
            card = self.ctx.hero_cards[cid]
            count = sum(1 for s in card.get("symbols", []) if s in params.get("symbols", ["attack"]))
            damage = max(damage, count)
            events.append(event(f"The Symbiote Henchman reveals {card['name']} from its kept Hero deck: "
                                f"{damage} damage", "henchmen", "threat"))
        seats = self.standing(state, location)
        if not seats:
            events.append(event(f"The Symbiote Henchman's BAM! at {self.loc_name(location)} hits nobody",
                                "henchmen", "threat"))
            return
        self.push(state, hit_task(seats, location, damage, "the Symbiote Henchman's BAM!"))

    # ----- Master Plan ------------------------------------------------------------------------------
    @handler("knull_dragon_invasion")
    def h_dragon_invasion(self, state, params, events, **_) -> None:
        task = {"t": DRAGON_TASK, "threat": params["threat"], "turn": master_plan_cards(state)}
        queue_after(state, (HIT_TASK, "hero_damage"), task)  # after the BAM! of the same card (its KOs count)

    def run_knull_dragon_invasion(self, state, task, events) -> None:
        k = self._own(state)
        if k["ko_turn"] == task["turn"]:
            events.append(event("Dragon Invasion: a Hero has been KO'd this turn, no Dragon comes back",
                                "plan-effect", "threat"))
            return
        bring_back_cleared_threat(self, state, events, "plan-effect", k, random_pick=False,
                                  only=lambda card: card["id"] == task["threat"], first_offset=1)

    def _king_in_black_faceup(self, state) -> bool:
        title = self.ctx.villain["dashboard"]["play"]["special_setup"]["params"]["first_card"]
        return any(e["kind"] == "master-plan" and not e.get("facedown")
                   and (self.ctx.master_plan[e["card"]].get("effect") or {}).get("title") == title
                   for e in state["storyline"])

    def after_villain_move(self, state, card, events) -> None:
        if not self._king_in_black_faceup(state):
            return
        occupied = {h["pos"] for h in self._on_board(state)}
        if state["villain_pos"] in occupied:
            return
        for k in range(1, len(state["locations"])):
            loc_id = self.step(state, state["villain_pos"], k)
            if loc_id in occupied:
                state["villain_pos"] = loc_id
                events.append(event(f"King in Black: no Hero in Knull's Location, he moves {k} clockwise to "
                                    f"{self.loc_name(loc_id)}", "villain-move", "villain-move"))
                return
        events.append(event("King in Black: no Hero is on the board, Knull stays", "villain-move",
                            "villain-move"))

    def _add_everywhere(self, state, kind, n, events, skip_villain) -> None:
        ring = self.ring(state)
        start = ring.index(state["villain_pos"])
        for i in range(len(ring)):
            if skip_villain and i == 0:
                continue
            loc_id = ring[(start + i) % len(ring)]
            missed = [kind for _ in range(n)
                      if not self.add_token(state, loc_id, kind, events, "plan-effect")]
            if missed:
                self.overflow(state, loc_id, events, missed)

    @handler("knull_king_in_black")
    def h_king_in_black(self, state, params, events, **_) -> None:
        self._add_everywhere(state, "thug", int(params["thugs"]), events, skip_villain=False)

    @handler("knull_bountiful_prey")
    def h_bountiful_prey(self, state, params, events, **_) -> None:
        self._add_everywhere(state, "civilian", int(params["civilians"]), events, skip_villain=True)

    @handler("knull_necrosword")
    def h_necrosword(self, state, params, events, **_) -> None:
        self._play_necrosword(state, events)

    @handler("knull_amortality")
    def h_amortality(self, state, params, events, **_) -> None:
        name = self.ctx.villain["name"]
        if state["health"] >= state["health_max"]:
            events.append(event(f"{name} is at full Health: he activates his BAM!", "plan-effect", "villain"))
            self.bam(state, events, "Amortality")
            return
        gain = min(int(params["recover"]), state["health_max"] - state["health"])
        state["health"] += gain
        events.append(event(f"{name} recovers {gain} Health ({state['health']})", "plan-effect", "villain"))

    # ----- view -------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        k = self._own(state)
        plot = int(self.vparam("plot_symbiotes"))
        out["villain"].setdefault("tracks", []).append({
            "id": "knull-symbiotes", "name": "Heroes turned into Symbiote Henchmen", "value": k["symbiotes"],
            "min": 0, "max": plot, "text": self.ctx.villain["dashboard"]["villainous_plot"]["text"]})
        behavior = next((c for c in self.ctx.villain.get("components", [])
                         if c["id"] == "knull-symbiote-henchman-behavior"), None)
        comps = out.setdefault("components", [])
        comps.append({"id": "knull-symbiote-henchmen-aside", "name": "Symbiote Henchman Threats set aside",
                      "text": "Put in play when a Hero is KO'd", "location": None, "seat": None,
                      "count": k["aside"]})
        if behavior:
            comps.append({"id": behavior["id"], "name": behavior["name"], "text": behavior["text"],
                          "location": None, "seat": None, "count": None})
        for loc in state["locations"]:
            threat = loc["threat"]
            kept = k["kept"].get(threat["id"]) if threat else None
            if kept:
                comps.append({"id": f"knull-kept-deck-{threat['id']}",
                              "name": f"{self.ctx.heroes[kept['hero']]['name']}'s Hero deck (kept next to "
                                      "the Symbiote Henchman)",
                              "text": "Read by the Symbiote Henchman's BAM!",
                              "location": loc["id"], "seat": kept["seat"], "count": len(kept["deck"])})
        for entry in out["heroes"]:
            hero = state["heroes"][entry["seat"]]
            marks = entry.setdefault("marks", [])
            if hero.get("removed"):
                marks.append({"name": "Turned into a Symbiote Henchman (enters play anew next turn)",
                              "count": 1})
            if self.effects_blank(state, entry["seat"]):
                marks.append({"name": "Necrosword: Special Effects blank", "count": 1})
