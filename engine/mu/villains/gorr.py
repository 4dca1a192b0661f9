"""Gorr (content/marvel-united-promos/villains/gorr.yaml): every rule of his Dashboard, Threat, Master Plan.

Special Setup: "Set aside the Invasion Begins Master Plan card and place it on top of the deck after shuffling
it."
  - Dashboard `special_setup` -> `plan_card_on_top` (params.title Invasion Begins; villains/common.py): that
    card goes on top of the shuffled deck, so it is Gorr's first Villain turn.
Dashboard, Special Rules: "When a Hero is KO'd, Gorr doesn't activate his BAM! Instead, Gorr gains 2 Health
(can go above starting value) and that Hero is removed from the game, discarding any tokens they have. On
their next turn, the player chooses a different Hero and enters play in the Heroes' starting Location."
  - Dashboard `ko` -> `gorr_ko` (params.health): no BAM!; Health + params.health (above `health_max` allowed);
    the Hero is marked `removed` (it stays KO'd, so nothing hits it and Gorr's rules ignore it), its tokens,
    Invulnerable token, hand and deck leave the game. Decisions: the figure keeps its last `pos` in the state
    only for the view.
  - `on_hero_turn_start` (Villain hook in heroes.run_hero_turn): on that seat's next turn the player first
    chooses a Hero (task `gorr_new_hero`), then the turn starts normally. "A different Hero": any Hero no
    other seat plays, except the one just removed (decision: a Hero removed earlier may come back; content
    has few Heroes); with no such Hero the same Hero comes back. The new Hero gets a fresh shuffled deck, no
    tokens, draws `starting_hand_size` cards (decision: a starting hand, as at setup) and enters at the
    Heroes' starting Location (`hero_start_offset` clockwise from Gorr's starting Location), then draws as
    usual.
Villainous Plot: "The Heroes lose when 4 or more Heroes have been removed from the game."
  - counted in `gorr_ko` (`state["gorr"]["removed"]`); at `dashboard.play.params.plot_removed` the Heroes
    lose.
BAM!: "Heroes in Gorr's Location must reveal their hand. The Hero(es) with the highest number of symbols at
the bottom of their cards takes 2 damage."
  - Dashboard `bam` -> `gorr_bam` (params.damage).
  - the symbols of every card in hand are summed (a Wild symbol is a symbol); every Hero tied for the highest
    sum takes params.damage, also when that sum is 0 (a single Hero there is always "the highest").
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, deal 1 damage to 1 Hero
anywhere."
  - Dashboard `overflow` -> `gorr_overflow` (params.damage): once per overflowing Location (the core calls
    the handler once per Location); the Heroes choose which Hero
    (core-plan-effect), a legal action of the lowest seat not KO'd (the shared task `hero_hit`,
    villains/common.py).
Threat, Black Berserker: "Deal 2 damage to each Hero in this Location. Each Hero here can reveal 1 card from
their hand to prevent 1 damage for each Attack icon (red burst) at the bottom of their card."
  - `play.bam` -> `damage_heroes_here_reveal_to_prevent` (params.damage, params.icon): the text is the
    Threat's BAM! (Berserkers Invasion says the Threats "activate their BAM!"). Each Hero there (not KO'd), in
    seat order, chooses one card with at least one Attack symbol to reveal, or none (task
    `gorr_reveal_to_prevent`); a Wild symbol is not an Attack icon. Cleared by the core rule (Heroic Actions).
Master Plan, Invasion Begins: "Each Henchman activates their BAM!."
  - `henchmen_bam`: Gorr's only Threat cards are the Black Berserkers, so every Threat in play counts as a
    Henchman (decision); their BAM!s are resolved clockwise from Gorr, as after a Dashboard BAM!.
Master Plan, Necrosword: "Heroes damaged by Gorr during this Villain turn treat their Special Effects as blank
until the start of the next Villain turn."
  - `blank_effects_of_damaged_heroes`: "damaged by Gorr" = damage of Gorr's Dashboard BAM! and Overflow
    (decision: a Black Berserker's damage is the Henchman's, not Gorr's), in the whole Villain turn (Overflow
    comes after the effect), counted when the damage is dealt to a Hero not KO'd and not Invulnerable. The
    core asks `effects_blank` when a Hero plays a card: a blank card's Special Effect is not offered.
    The Villain turn is numbered by the face-up Master Plan cards in the Storyline, so the next Villain turn
    ends it. A Hero replaced after a removal is not affected.
Master Plan, Berserkers Invasion: "All Threats in play move clockwise (counter-clockwise) 1 Location and
activate their BAM!. Then, bring back 1 cleared Threat into play in the first clockwise Location without a
Threat."
  - `move_threats_bam_bring_back` (params.direction, params.distance, params.bring_back): all Threats move
    together (with their Heroic Actions on them), then their BAM!s, then (after those BAM!s are resolved) one
    cleared Threat comes back as a fresh card, in the first Location without a Threat clockwise starting at
    Gorr's own Location (decision). It leaves the cleared pile (and the clearing Hero's `cleared`); the Clear
    Threats Mission keeps its count (decision). Nothing to bring back or no free Location: nothing.
Master Plan 9/10: "Move clockwise to the next Location with the Hero with the least cards in hand."
  - `on_move`: among the Heroes not KO'd, those with the fewest cards in hand (ties: any of them); Gorr
    moves clockwise to the first Location, from the next one round to his own, holding one of them (his own
    Location last: then he stays). No Hero on the board: he stays.
"""

from ..rules_base import event, handler, hit_by
from .common import bring_back_cleared_threat, hit_any_hero, villain_turns
from .families import NecroswordVillain

NEW_HERO_TASK = "gorr_new_hero"
REVEAL_TASK = "gorr_reveal_to_prevent"
BRING_BACK_TASK = "gorr_bring_back"
GORR_VIA = "gorr_damage"  # the tag of a hit dealt by Gorr himself (deal_hit notes it for Necrosword)


class Gorr(NecroswordVillain, villain="gorr", texts=("special_rules", "villainous_plot")):

    # ----- Gorr's state -----------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`removed`, `removed_heroes`: the Heroes removed from the game; the Necrosword store
        (families.NecroswordVillain); `returned`: Threats brought back."""
        state[self._state_key] = {"removed": 0, "removed_heroes": [], "damaged_turn": None, "damaged": [],
                         "necrosword": None, "returned": 0}

    def _villain_turn(self, state) -> int:
        return villain_turns(state)

    @staticmethod
    def _on_board(state) -> list[dict]:
        return [h for h in state["heroes"] if not h["ko"] and not h.get("removed")]

    @hit_by(GORR_VIA)
    def _damage(self, state, seat, n, events, source) -> None:
        """Damage dealt by Gorr himself (BAM!, Overflow): noted for Necrosword."""
        hero = state["heroes"][seat]
        if n > 0 and not hero["ko"] and not hero.get("invulnerable"):
            self._note_damaged(state, seat)
        self.damage_hero(state, seat, n, events, source)

    # ----- Special Rules and Villainous Plot ---------------------------------------------------------

    @handler("gorr_ko")
    def h_ko(self, state, params, events, seat=None, **_) -> None:
        """Dashboard `ko` (params.health: Health Gorr gains); the plot's `plot_removed` from
        dashboard.play.params."""
        health = int(params["health"])
        name = self.ctx.villain["name"]
        hero = state["heroes"][seat]
        g = self._own(state)
        state["health"] += health
        events.append(event(f"{name} does not BAM! for the KO: he gains {health} Health "
                            f"({state['health']})", "ko", "villain", seat))
        hero_name = self.hero_name(state, seat)
        hero.update(removed=True, invulnerable=False, hand=[], deck=[])
        hero["tokens"] = {k: 0 for k in hero["tokens"]}
        g["removed"] += 1
        g["removed_heroes"].append(hero["hero"])
        events.append(event(f"{hero_name} is removed from the game and discards their tokens "
                            f"({g['removed']} Heroes removed)", "ko", "ko", seat))
        if g["removed"] >= int(self.vparam("plot_removed")):
            self.lose(state, events, f"{g['removed']} Heroes have been removed from the game")

    def on_hero_turn_start(self, state, seat, events) -> bool:
        if not state["heroes"][seat].get("removed"):
            return False
        self.push(state, {"t": NEW_HERO_TASK, "seat": seat, "auto1": True}, {"t": "hero_turn", "seat": seat})
        return True

    def choices_gorr_new_hero(self, state, task):
        seat = task["seat"]
        old = state["heroes"][seat]["hero"]
        taken = {h["hero"] for h in state["heroes"] if h["seat"] != seat}
        free = [hid for hid in sorted(self.ctx.heroes) if hid not in taken and hid != old] or [old]
        return [{"id": f"hero:{hid}", "seat": seat, "kind": "hero",
                 "label": f"Enter play with {self.ctx.heroes[hid]['name']}"} for hid in free]

    def choose_gorr_new_hero(self, state, task, action, events):
        start = self.step(state, state["villain_start"], self.ctx.const("hero_start_offset"))
        self._enter_with_new_hero(state, task["seat"], action["id"].split(":", 1)[1], start, events)

    # ----- BAM! -------------------------------------------------------------------------------------
    def _hand_symbols(self, state, seat) -> int:
        return sum(len(self.ctx.hero_cards[cid].get("symbols", [])) for cid in state["heroes"][seat]["hand"])

    @handler("gorr_bam")
    def h_bam(self, state, params, events, **_) -> None:
        """Dashboard `bam` (params.damage)."""
        here = [h["seat"] for h in self._on_board(state) if h["pos"] == state["villain_pos"]]
        if not here:
            events.append(event("No Hero stands in Gorr's Location: his BAM! hits nobody", "bam", "bam"))
            return
        counts = {s: self._hand_symbols(state, s) for s in here}
        for s in here:
            events.append(event(f"{self.hero_name(state, s)} reveals their hand: {counts[s]} symbols", "bam",
                                "bam", s))
        top = max(counts.values())
        for s in reversed(here):  # pushed to the front: seat order
            if counts[s] == top:
                self._damage(state, s, int(params["damage"]), events, "Gorr's BAM!")

    # ----- Overflow ---------------------------------------------------------------------------------
    @handler("gorr_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        """Dashboard `overflow` (params.damage), once per Location."""
        hit_any_hero(self, state, events, location, int(params["damage"]), "Gorr's Overflow",
                     seats=[h["seat"] for h in self._on_board(state)], via=GORR_VIA)

    # ----- Threat: Black Berserker ------------------------------------------------------------------
    @handler("damage_heroes_here_reveal_to_prevent")
    def h_damage_heroes_here_reveal_to_prevent(self, state, params, events, location=None, threat=None,
                                               **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        seats = [h["seat"] for h in self._on_board(state) if h["pos"] == location]
        if not seats:
            events.append(event(f"{name}'s BAM! at {self.loc_name(location)} hits nobody", "threats",
                                "threat"))
            return
        self.push(state, *({"t": REVEAL_TASK, "seat": s, "damage": int(params["damage"]),
                            "icon": params.get("icon", "attack"), "source": name, "auto1": True}
                           for s in seats))

    def choices_gorr_reveal_to_prevent(self, state, task):
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero["ko"]:
            return []
        out = []
        for cid in dict.fromkeys(hero["hand"]):
            icons = self.ctx.hero_cards[cid].get("symbols", []).count(task["icon"])
            if icons:
                out.append({"id": f"reveal:{cid}", "seat": seat, "kind": "reveal", "card": cid,
                            "icons": icons,
                            "label": f"Reveal {self.ctx.hero_cards[cid]['name']} to prevent "
                                     f"{min(icons, task['damage'])} of {task['damage']} damage "
                                     f"({task['source']})"})
        out.append({"id": "reveal:none", "seat": seat, "kind": "reveal", "card": None, "icons": 0,
                    "label": f"Reveal nothing and take {task['damage']} damage ({task['source']})"})
        return out

    def choose_gorr_reveal_to_prevent(self, state, task, action, events):
        seat = task["seat"]
        prevented = min(action["icons"], task["damage"])
        if action["card"]:
            events.append(event(f"{self.hero_name(state, seat)} reveals "
                                f"{self.ctx.hero_cards[action['card']]['name']} and prevents {prevented} "
                                f"damage ({task['source']})", "threats", "threat", seat))
        self.damage_hero(state, seat, task["damage"] - prevented, events, task["source"])

    # ----- Master Plan: Invasion Begins -------------------------------------------------------------
    @handler("henchmen_bam")
    def h_henchmen_bam(self, state, params, events, **_) -> None:
        events.append(event("Each Henchman activates their BAM!", "henchmen", "bam"))
        if not any(True for _ in self.threats_clockwise(state)):
            events.append(event("No Henchman is in play", "henchmen", "bam"))
        self.threat_bams(state, events)

    # ----- Master Plan: Necrosword ------------------------------------------------------------------
    @handler("blank_effects_of_damaged_heroes")
    def h_blank_effects_of_damaged_heroes(self, state, params, events, **_) -> None:
        self._play_necrosword(state, events)

    # ----- Master Plan: Berserkers Invasion ---------------------------------------------------------
    @handler("move_threats_bam_bring_back")
    def h_move_threats_bam_bring_back(self, state, params, events, **_) -> None:
        sign = -1 if params.get("direction") == "counter-clockwise" else 1
        shift = sign * int(params.get("distance", 1))
        before = {loc["id"]: loc["threat"] for loc in state["locations"]}
        for loc in state["locations"]:
            loc["threat"] = before[self.step(state, loc["id"], -shift)]
        way = "counter-clockwise" if sign < 0 else "clockwise"
        events.append(event(f"All Threats in play move {way} {abs(shift)} Location", "plan-effect", "threat"))
        queued = len(state["tasks"])
        self.threat_bams(state, events)
        # "Then": after the Threats' BAM! questions and the damage they queue
        at = len(state["tasks"]) - queued
        state["tasks"].insert(at, {"t": BRING_BACK_TASK, "count": int(params.get("bring_back", 1))})

    def run_gorr_bring_back(self, state, task, events):
        for _ in range(task["count"]):
            if not bring_back_cleared_threat(self, state, events, "plan-effect", self._own(state),
                                             random_pick=False):
                return

    # ----- Master Plan 9/10: the move ---------------------------------------------------------------
    def on_move(self, state, card, events) -> None:
        name = self.ctx.villain["name"]
        heroes = self._on_board(state)
        if not heroes:
            events.append(event(f"No Hero is on the board: {name} stays", "villain-move", "villain-move"))
            return
        least = min(len(h["hand"]) for h in heroes)
        where = {h["pos"] for h in heroes if len(h["hand"]) == least}
        ring = self.ring(state)
        for k in range(1, len(ring) + 1):
            loc_id = self.step(state, state["villain_pos"], k)
            if loc_id in where:
                if k == len(ring):
                    events.append(event(f"The Hero with the least cards in hand is in {name}'s Location: he "
                                        "stays", "villain-move", "villain-move"))
                    return
                state["villain_pos"] = loc_id
                events.append(event(f"{name} moves {k} clockwise to {self.loc_name(loc_id)}, the next "
                                    "Location with the Hero with the least cards in hand", "villain-move",
                                    "villain-move"))
                return
