"""Maximus (content/marvel-united-promos/villains/maximus.yaml): his Dashboard, Threats and Master Plan.

Special Setup: "Set aside the Scheming Master Plan card and place it on top of the deck after shuffling it."
  - `special_setup_maximus`: the card whose effect title is Scheming goes on top of the shuffled deck.
Dashboard, Special Rules: "When a Hero is KO'd, Maximus doesn't activate his BAM! Instead, draw a Master Plan
card and add it facedown in the Storyline."
  - `ko_maximus`: Klaw's rule, shared (common.ko_facedown_plan_card); an empty Master Plan deck loses.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card and add
it facedown in the Storyline."
  - once per overflowing Location; common.draw_facedown_plan_card (an empty deck loses).
BAM!: "1 Hero in the Location counter-clockwise to Maximus' reveals 1 random card from their hand and
resolves the symbols at the bottom of that card in reading order ... Then, do the same to a different Hero in
Maximus' Location and then in the clockwise Location."
  - The three Locations in that order (task `maximus_bam`, automatic); in each the Heroes choose the Hero
    (core-plan-effect; the lowest seat there is asked, automatic with one), among the Heroes there not KO'd
    and not already chosen by this BAM! ("a different Hero"); nobody there: that Location is skipped. The
    candidates are read when that Location's turn comes (after the effects of the previous one).
  - The random card: drawn with the game's RNG from the hand; it stays in the hand (only revealed).
  - Symbols, in the card's order: `move` (Action icon): that Hero moves 1 Location away from Maximus
    (decisions: from Maximus' own Location clockwise; from the opposite Location no farther Location exists,
    the Hero stays); `heroic`: 1 Civilian is added to that Hero's Location (decision: the Villain's effect
    adds a Civilian, the token the Heroes can rescue; no free slot: Overflow); `attack`: 1 damage to another
    Hero (not KO'd) in that Hero's Location or an adjacent one, the Heroes choose (shared task `hero_hit`;
    nobody: nothing); `wild` (the multicolour card icon): a Master Plan card facedown to the Storyline.
Threat, Aireo: BAM! -> `move_heroes_to_opposite` (params.reach: 1 = this and both adjacent Locations): every
  Hero figure there (KO'd ones too: the figure is on the board) moves to the opposite Location of its own.
Threat, Falcona: BAM! -> `hit_hero_per_thug` (params.reach): in this and each adjacent Location, 1 Hero (the
  Heroes choose) takes 1 damage per Thug in their Location; no Thug there: nothing.
Threat, Stallior: BAM! -> `hit_hero_here` (params.damage): the Heroes choose 1 Hero in this Location.
Master Plan, Scheming: "Add a Thug to all empty slots in Maximus' and both adjacent Locations." ->
  `fill_empty_slots` (params.token): no Overflow (only empty slots are filled).
Master Plan, Brain Manipulation: "Until the next Villain Turn, Heroes do not benefit from the symbols on the
previous Hero card in the Storyline." -> `no_previous_card_symbols`: noted with the Villain turn's number;
  the core asks `previous_blank_maximus` when a Hero plays a card: the previous card's symbols are not added.
Master Plan 11/12: "Move clockwise to the next Location with the most Heroes." -> `move_maximus`: Heroes not
  KO'd are counted; the first Location clockwise (from the next one round to his own, his own last: then he
  stays) with the most of them; no Hero on the board: he stays.

NOT YET APPLIED (no `play` in content, so the engine logs them "not-implemented" at setup): Leonus, Nebulo
(their attack conditions) and Timberius (its movement cost), which need core hooks in the Hero actions.
"""

from ..rules_base import Rules, event
from .common import draw_facedown_plan_card, hit_task, ko_facedown_plan_card

FIRST_CARD_TITLE = "Scheming"
BAM_TASK = "maximus_bam"
TARGET_TASK = "maximus_bam_target"


class MaximusRules(Rules):
    HANDLERS = {
        "move_heroes_to_opposite": "h_move_heroes_to_opposite",
        "hit_hero_per_thug": "h_hit_hero_per_thug",
        "hit_hero_here": "h_hit_hero_here",
        "damage_each_hero_here": "h_damage_each_hero_here",
        "fill_empty_slots": "h_fill_empty_slots",
        "no_previous_card_symbols": "h_no_previous_card_symbols",
    }

    @staticmethod
    def maximus(state) -> dict:
        return state.setdefault("maximus", {"brain": None})

    @staticmethod
    def plan_turn_number(state) -> int:
        return sum(1 for e in state["storyline"] if e["kind"] == "master-plan" and not e.get("facedown"))

    def standing(self, state, loc_id) -> list[int]:
        return [h["seat"] for h in state["heroes"] if h["pos"] == loc_id and not h["ko"]]

    # ----- Special Setup / Special Rules / Overflow ---------------------------------------------------
    def special_setup_maximus(self, state, events) -> None:
        self.maximus(state)
        first = next(cid for cid, c in self.ctx.master_plan.items()
                     if (c.get("effect") or {}).get("title") == FIRST_CARD_TITLE)
        state["plan_deck"].remove(first)
        state["plan_deck"].insert(0, first)
        events.append(event(f"{FIRST_CARD_TITLE} is placed on top of the Master Plan deck", "setup", "setup"))

    def special_rules_maximus(self, state, events) -> None:
        """Maximus' Special Rules are applied by ko_maximus (this marks them implemented)."""

    def ko_maximus(self, state, seat, events) -> None:
        ko_facedown_plan_card(self, state, seat, events)

    def overflow_maximus(self, state, loc_id, events) -> None:
        events.append(event("Overflow: a Master Plan card goes facedown to the Storyline", "overflow",
                            "overflow", location=loc_id))
        draw_facedown_plan_card(self, state, events)

    # ----- BAM! -------------------------------------------------------------------------------------
    def bam_maximus(self, state, events) -> None:
        here = state["villain_pos"]
        locs = [self.step(state, here, -1), here, self.step(state, here, 1)]
        self.push(state, {"t": BAM_TASK, "locs": locs, "done": []})

    def run_maximus_bam(self, state, task, events) -> None:
        locs = list(task["locs"])
        while locs:
            loc_id = locs.pop(0)
            seats = [s for s in self.standing(state, loc_id) if s not in task["done"]]
            if seats:
                self.push(state, {"t": TARGET_TASK, "seat": seats[0], "candidates": seats, "location": loc_id,
                                  "locs": locs, "done": task["done"], "auto1": True})
                return
            events.append(event(f"No Hero for Maximus' BAM! at {self.loc_name(loc_id)}", "bam", "bam"))

    def choices_maximus_bam_target(self, state, task):
        where = self.loc_name(task["location"])
        return [{"id": f"bam-target:{s}", "seat": task["seat"], "kind": "bam-target", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} reveals a random card for Maximus' BAM! at {where}"}
                for s in task["candidates"]]

    def choose_maximus_bam_target(self, state, task, action, events):
        seat = action["target_seat"]
        more = {"t": BAM_TASK, "locs": task["locs"], "done": task["done"] + [seat]}
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        if not hero["hand"]:
            events.append(event(f"{name} has no card to reveal", "bam", "bam", seat))
            self.push(state, more)
            return
        card = self.ctx.hero_cards[hero["hand"][self.rand_below(state, len(hero["hand"]))]]
        symbols = list(card.get("symbols", []))
        events.append(event(f"{name} reveals {card['name']} ({', '.join(symbols) or 'no symbols'})", "bam",
                            "bam", seat, card=card["id"]))
        tasks = []
        for sym in symbols:
            if sym == "move":
                self.move_away_from_maximus(state, seat, events)
            elif sym == "heroic":
                self.add_token(state, hero["pos"], "civilian", events)
            elif sym == "attack":
                where = [hero["pos"]] + self.adjacent(state, hero["pos"])
                others = [h["seat"] for h in state["heroes"]
                          if h["seat"] != seat and not h["ko"] and h["pos"] in where]
                if others:
                    tasks.append(hit_task(others, hero["pos"], 1, "Maximus' BAM!"))
                else:
                    events.append(event(f"No other Hero near {name} to damage", "bam", "bam", seat))
            elif sym == "wild":
                events.append(event("A Master Plan card goes facedown to the Storyline (Maximus' BAM!)",
                                    "bam", "bam", seat))
                draw_facedown_plan_card(self, state, events)
        self.push(state, *tasks, more)

    def move_away_from_maximus(self, state, seat, events) -> None:
        ring = self.ring(state)
        hero = state["heroes"][seat]
        here = ring.index(state["villain_pos"])
        off = (ring.index(hero["pos"]) - here) % len(ring)
        half = len(ring) // 2
        if off == half and len(ring) % 2 == 0:
            events.append(event(f"{self.hero_name(state, seat)} cannot get further from Maximus and stays",
                                "bam", "move", seat))
            return
        hero["pos"] = self.step(state, hero["pos"], -1 if off > half else 1)
        events.append(event(f"{self.hero_name(state, seat)} is moved to {self.loc_name(hero['pos'])}", "bam",
                            "move", seat))

    def add_token(self, state, loc_id, kind, events) -> None:
        loc = self.loc(state, loc_id)
        if None in loc["tokens"]:
            loc["tokens"][loc["tokens"].index(None)] = kind
            state["tally"]["placed"][kind] += 1
            events.append(event(f"A {kind.capitalize()} appears at {self.loc_name(loc_id)}", "bam", "token",
                                location=loc_id))
        else:
            self.overflow(state, loc_id, events)

    # ----- Threats ------------------------------------------------------------------------------------
    def reach(self, state, location, params) -> list[str]:
        return [location] + (self.adjacent(state, location) if int(params.get("reach", 0)) else [])

    def h_move_heroes_to_opposite(self, state, params, events, location=None, **_) -> None:
        half = len(self.ring(state)) // 2
        where = self.reach(state, location, params)
        for hero in state["heroes"]:
            if hero["pos"] in where:
                hero["pos"] = self.step(state, hero["pos"], half)
                events.append(event(f"{self.hero_name(state, hero['seat'])} is moved to the opposite "
                                    f"Location, {self.loc_name(hero['pos'])}", "threats", "move",
                                    hero["seat"]))

    def h_hit_hero_per_thug(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        tasks = []
        for loc_id in self.reach(state, location, params):
            thugs = self.loc(state, loc_id)["tokens"].count("thug")
            seats = self.standing(state, loc_id)
            if thugs and seats:
                tasks.append(hit_task(seats, loc_id, thugs, name))
        self.push(state, *tasks)

    def h_hit_hero_here(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        seats = self.standing(state, location)
        if seats:
            self.push(state, hit_task(seats, location, int(params.get("damage", 1)), name))

    def h_damage_each_hero_here(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        for seat in reversed(self.standing(state, location)):
            self.damage_hero(state, seat, int(params.get("damage", 1)), events, name)

    # ----- Master Plan --------------------------------------------------------------------------------
    def h_fill_empty_slots(self, state, params, events, **_) -> None:
        kind = params.get("token", "thug")
        here = state["villain_pos"]
        for loc_id in dict.fromkeys([self.step(state, here, -1), here, self.step(state, here, 1)]):
            tokens = self.loc(state, loc_id)["tokens"]
            n = tokens.count(None)
            tokens[:] = [kind if t is None else t for t in tokens]
            state["tally"]["placed"][kind] += n
            events.append(event(f"{n} {kind.capitalize()}{'s' if n != 1 else ''} fill the empty slots at "
                                f"{self.loc_name(loc_id)}", "plan-effect", "token", location=loc_id))

    def h_no_previous_card_symbols(self, state, params, events, **_) -> None:
        self.maximus(state)["brain"] = self.plan_turn_number(state)
        events.append(event("Until the next Villain turn, Heroes do not benefit from the symbols of the "
                            "previous Hero card", "plan-effect", "villain"))

    def previous_blank_maximus(self, state) -> bool:
        return self.maximus(state)["brain"] == self.plan_turn_number(state)

    def move_maximus(self, state, card, events) -> None:
        ring = self.ring(state)
        counts = {loc: len(self.standing(state, loc)) for loc in ring}
        best = max(counts.values())
        if not best:
            events.append(event("No Hero on the board: Maximus stays", "villain-move", "villain-move"))
            return
        for i in range(1, len(ring) + 1):
            loc_id = self.step(state, state["villain_pos"], i)
            if counts[loc_id] == best:
                break
        if loc_id != state["villain_pos"]:
            state["villain_pos"] = loc_id
            events.append(event(f"Maximus moves clockwise to {self.loc_name(loc_id)} (the most Heroes)",
                                "villain-move", "villain-move"))
        else:
            events.append(event("Maximus' Location has the most Heroes: he stays", "villain-move",
                                "villain-move"))
