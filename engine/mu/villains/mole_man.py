"""Mole Man (content/marvel-united-promos/villains/mole-man.yaml): every rule of his Dashboard, Threats and
Master Plan.

Crisis tokens on Locations (core-crisis-tokens): a Crisis token fills a slot, as "crisis" in the Location's
`tokens`; the Heroes cannot rescue or defeat it. A Civilian / Thug it replaces leaves the board (counted
removed in the token tally, neither rescued nor defeated). Decision: no supply limit (the sheet gives none).
Special Setup: "Set aside the Attack the Surface, My Monsters! Master Plan card and place it on top of the
deck after shuffling it. Monster Isle must be the Villain's starting Location."
  - Dashboard `special_setup` -> `mole_man_special_setup` (params.first_card, params.location). Monster Isle
    is not in the source (its scope note); content has an adapted Monster Isle Location reserved for Mole Man
    (`reserved_for`, never drawn at random). It takes the place of the Location drawn as Mole Man's start:
    same place in the ring, same Threat card, its own setup tokens; the Heroes still start opposite.
Special Rules: "When adding Crisis tokens to a Location, fill the rightmost empty Civilian / Thug slot there
with a Crisis token. If there are no empty slots, replace the rightmost Civilian / Thug token there with a
Crisis token." and "If all the slots in a Location are filled with Crisis tokens and a Crisis token should be
added there, it is added to the next clockwise Location instead."
  - `_add_crisis`: the rightmost slot is the last of the Location's slots; the next clockwise Location
    is tried in turn, round the ring (every rule that adds a Crisis token goes through it).
Villainous Plot: "The Heroes lose if all the slots in 4 or more Locations are filled with Crisis tokens." -
checked each time a Crisis token is added (params.plot_locations).
BAM!: "Deal 1 damage to 1 Hero in Mole Man's Location. Then, add 1 Crisis token to Mole Man's Location." -
`mole_man_bam` (params.damage, params.crisis): the Heroes there choose who is hit (lowest seat asked); the
Crisis token is added at once (the choice does not change the board).
Overflow: "For each Civilian / Thug token that can't be added to a Location, add 1 Crisis token there." -
`mole_man_overflow` (params.crisis_per_token), per token that did not fit.
Threat, Moloids: "BAM!: Fill the rightmost empty Civilian / Thug slot in this Location with a Crisis token." -
`mole_man_add_crisis_here`: our reading: the card adds 1 Crisis token to this Location by the Dashboard's rule
(its first sentence is the card's words), so with no empty slot it replaces the rightmost Civilian / Thug, and
a Location full of Crisis tokens passes it clockwise. Cleared by the core rule (Heroic Actions).
Threat, Underground Tunnels: "If Mole Man is in this or an adjacent Location, he cannot take more than 1
damage each Hero turn." - `play.damage_taken` -> `mole_man_underground_tunnels` (params.max, params.reach):
the damage Mole Man has taken this Hero turn (after every rule) is kept on the turn; beyond `max` it is
ignored.
Threats, Dromedan / Giganto / Tricephalous (Henchmen, health 5): "When <it> is defeated, Heroes may discard 1
Crisis token from any Location." - `play.on_clear` -> `mole_man_discard_crisis`: the Hero who defeated it
chooses a Location with a Crisis token, or none (task `mole_man_discard_crisis`).
  - Dromedan: "BAM!: 1 Hero anywhere takes 1 damage and turns their earliest faceup card in the Storyline
    facedown, if possible." - `mole_man_dromedan`: the Heroes choose the Hero (any not KO'd; lowest seat
    asked); their earliest face-up Hero card in the Storyline turns facedown (core-facedown-cards: no symbols,
    so it shares none as the previous card). An Invulnerable Hero ignores the damage, the card still turns (it
    is not damage: decision).
  - Giganto: "BAM!: Deal 2 damage to 1 Hero in this Location and 1 damage to 1 Hero in each adjacent one." and
    Tricephalous (1 here, 2 adjacent): `damage_one_hero_here_and_adjacent` (villains/common.py).
Master Plan, Attack the Surface, My Monsters!: "Each Henchman activates their BAM!." -
`mole_man_henchmen_bam`: the Threats in play with Health (Dromedan, Giganto, Tricephalous; not Moloids or
Underground Tunnels), clockwise from Mole Man.
Master Plan, Defend, My Monsters!: "Until the next Villain turn, each Henchman ignores 1 damage each Hero
turn." - `mole_man_defend` (params.amount): noted with the Villain turn's number (the Master Plan cards in the
Storyline); Villain hook `henchman_damage_counts` ignores the first damage to each Henchman in each Hero turn
until the next Villain turn.
Master Plan, Stave Trick: "Until the next Villain turn, Mole Man ignores 1 damage each Hero turn." -
`mole_man_stave_trick` (params.amount), applied by Villain hook `villain_damage_taken` (after the Threats).
Master Plan, Regroup, My Monsters!: "Bring back 1 random cleared Henchman Threat into play in the next
clockwise Location without a Threat, if possible." - `mole_man_regroup`: a random cleared Threat with Health,
in the first Location without a Threat from the one after Mole Man's round to his own (villains/common.py).
"""

from ..rules_base import event, handler, hit_by
from ..villain_base import Villain
from .common import bring_back_cleared_threat, hit_task, master_plan_cards, plan_card_on_top

DISCARD_TASK = "mole_man_discard_crisis"
CRISIS = "crisis"
DROMEDAN_VIA = "mole_man_dromedan_hit"  # the tag of Dromedan's hit (deal_hit turns a card facedown first)


class MoleMan(Villain, villain="mole-man", texts=("special_rules", "villainous_plot")):

    # ----- Mole Man's state -------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`defend` / `stave`: the Villain turn of the last Defend, My Monsters! / Stave Trick (Villain turns
        counted as the Master Plan cards of the Storyline); `returned`: Threats brought back."""
        state[self._state_key] = {"defend": None, "stave": None, "returned": 0}

    # ----- Crisis tokens on Locations (Special Rules, Villainous Plot) --------------------------------
    def _add_crisis(self, state, loc_id, events, rule="special") -> None:
        start = loc_id
        for _ in range(len(state["locations"])):
            tokens = self.loc(state, loc_id)["tokens"]
            if all(t == CRISIS for t in tokens):
                nxt = self.step(state, loc_id, 1)
                events.append(event(f"Every slot at {self.loc_name(loc_id)} holds a Crisis token: it goes to "
                                    f"{self.loc_name(nxt)}", rule, "token", location=loc_id))
                loc_id = nxt
                continue
            empty = [i for i, t in enumerate(tokens) if t is None]
            if empty:
                tokens[empty[-1]] = CRISIS
                what = "fills the rightmost empty slot"
            else:
                i = max(i for i, t in enumerate(tokens) if t in ("civilian", "thug"))
                kind = tokens[i]
                state["tally"]["removed"][kind] += 1
                tokens[i] = CRISIS
                what = f"replaces the rightmost {kind.capitalize()}"
            events.append(event(f"A Crisis token {what} at {self.loc_name(loc_id)}", rule, "token",
                                location=loc_id))
            self._check_plot(state, events)
            return
        events.append(event(f"Every slot of every Location from {self.loc_name(start)} holds a Crisis token",
                            rule, "token"))

    def _full_locations(self, state) -> int:
        return sum(1 for loc in state["locations"] if all(t == CRISIS for t in loc["tokens"]))

    def _check_plot(self, state, events) -> None:
        full = self._full_locations(state)
        if full >= int(self.vparam("plot_locations")):
            self.lose(state, events, f"all the slots of {full} Locations are filled with Crisis tokens")

    # ----- Special Setup ----------------------------------------------------------------------------
    @handler("mole_man_special_setup")
    def h_special_setup(self, state, params, events, **_) -> None:
        plan_card_on_top(self, state, params["first_card"], events)
        isle = params["location"]
        old = state["villain_pos"]
        if old == isle:
            return
        loc = self.loc(state, old)
        for kind in loc["tokens"]:
            if kind:
                state["tally"]["placed"][kind] -= 1  # the drawn Location's setup tokens never came into play
        tokens = [s if s in ("civilian", "thug") else None for s in self.ctx.locations[isle]["slots"]]
        tokens += [None] * (self.ctx.const("location_slots") - len(tokens))
        for kind in tokens:
            if kind:
                state["tally"]["placed"][kind] += 1
        loc.update(id=isle, tokens=tokens)
        state["villain_pos"] = state["villain_start"] = isle
        events.append(event(f"{self.loc_name(isle)} takes the place of {self.loc_name(old)}: it is "
                            f"{self.ctx.villain['name']}'s starting Location", "setup", "setup"))

    # ----- BAM! and Overflow ------------------------------------------------------------------------
    @handler("mole_man_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        seats = self.standing(state, here)
        if seats:
            self.push(state, hit_task(seats, here, int(params["damage"]), "Mole Man's BAM!"))
        else:
            events.append(event("No Hero stands in Mole Man's Location", "bam", "bam"))
        for _ in range(int(params["crisis"])):
            self._add_crisis(state, here, events, "bam")

    @handler("mole_man_overflow")
    def h_overflow(self, state, params, events, location=None, missed=(), **_) -> None:
        for _ in range(len(missed) * int(params.get("crisis_per_token", 1))):
            self._add_crisis(state, location, events, "overflow")

    # ----- Threats ----------------------------------------------------------------------------------
    @handler("mole_man_add_crisis_here")
    def h_add_crisis_here(self, state, params, events, location=None, **_) -> None:
        for _ in range(int(params.get("crisis", 1))):
            self._add_crisis(state, location, events, "threats")

    @handler("mole_man_underground_tunnels")
    def h_underground_tunnels(self, state, params, events, n=0, target=None, location=None,
                              threat=None, **_) -> int:
        """`play.damage_taken`: the damage to Mole Man that still counts."""
        turn = state.get("turn")
        if target is not None or not turn or n <= 0:
            return n
        reach = int(params.get("reach", 1))
        near = [location] + (self.adjacent(state, location) if reach else [])
        if state["villain_pos"] not in near:
            return n
        room = max(0, int(params["max"]) - turn.get("mole_man_taken", 0))
        if n > room:
            events.append(event(f"Underground Tunnels: Mole Man cannot take more than {params['max']} damage "
                                "this Hero turn", "threats", "threat"))
        return min(n, room)

    @handler("mole_man_dromedan")
    def h_dromedan(self, state, params, events, location=None, threat=None, **_) -> None:
        seats = [h["seat"] for h in state["heroes"] if not h["ko"]]
        if not seats:
            events.append(event("Dromedan's BAM! finds no Hero", "threats", "threat"))
            return
        self.push(state, hit_task(seats, location, int(params["damage"]), "Dromedan's BAM! (1 Hero anywhere)",
                                  via=DROMEDAN_VIA))

    @hit_by(DROMEDAN_VIA)
    def _dromedan_hit(self, state, seat, n, events, source) -> None:
        for entry in state["storyline"]:
            if entry["kind"] == "hero" and entry["seat"] == seat and not entry.get("facedown"):
                entry["facedown"] = True
                card = self.ctx.hero_cards[entry["card"]]["name"]
                events.append(event(f"{self.hero_name(state, seat)}'s earliest faceup card in the Storyline, "
                                    f"{card}, turns facedown ({source})",
                                    "core-facedown-cards", "threat", seat))
                break
        self.damage_hero(state, seat, n, events, source)

    @handler("mole_man_discard_crisis")
    def h_discard_crisis(self, state, params, events, seat=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Henchman"
        if not any(CRISIS in loc["tokens"] for loc in state["locations"]):
            events.append(event(f"{name} is defeated: no Crisis token to discard", "threats", "threat"))
            return
        self.push(state, {"t": DISCARD_TASK, "seat": seat if seat is not None else 0, "source": name,
                          "left": int(params.get("crisis", 1))})

    def choices_mole_man_discard_crisis(self, state, task):
        out = [{"id": f"discard-crisis:{loc['id']}", "seat": task["seat"], "kind": "effect",
                "location": loc["id"],
                "label": f"Discard a Crisis token from {self.loc_name(loc['id'])} ({task['source']} is "
                         "defeated)"}
               for loc in state["locations"] if CRISIS in loc["tokens"]]
        if out:
            out.append({"id": "discard-crisis:none", "seat": task["seat"], "kind": "effect",
                        "label": "Discard no Crisis token"})
        return out

    def choose_mole_man_discard_crisis(self, state, task, action, events):
        if action["id"] == "discard-crisis:none":
            return
        tokens = self.loc(state, action["location"])["tokens"]
        tokens[len(tokens) - 1 - tokens[::-1].index(CRISIS)] = None
        where = self.loc_name(action["location"])
        events.append(event(f"A Crisis token is discarded from {where}", "threats",
                            "token", task["seat"], location=action["location"]))
        if task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1))

    # ----- Master Plan ------------------------------------------------------------------------------
    @handler("mole_man_henchmen_bam")
    def h_henchmen_bam(self, state, params, events, **_) -> None:
        events.append(event("Each Henchman activates their BAM!", "henchmen", "bam"))
        henchmen = [(loc_id, threat, card) for loc_id, threat, card in self.threats_clockwise(state)
                    if card.get("health")]
        if not henchmen:
            events.append(event("No Henchman is in play", "henchmen", "bam"))
        for loc_id, threat, card in henchmen:
            spec = (card.get("play") or {}).get("bam")
            if spec:
                self.run_handler(state, spec, events, "bam", location=loc_id, threat=threat)

    @handler("mole_man_defend")
    def h_defend(self, state, params, events, **_) -> None:
        self._own(state)["defend"] = master_plan_cards(state)
        events.append(event("Defend, My Monsters!: until the next Villain turn each Henchman ignores 1 "
                            "damage each Hero turn", "plan-effect", "villain"))

    def henchman_damage_counts(self, state, loc_id, threat, seat, events) -> bool:
        turn = state.get("turn")
        if self._own(state)["defend"] != master_plan_cards(state) or not turn:
            return True
        done = turn.setdefault("mole_man_defended", [])
        if threat["id"] in done:
            return True
        done.append(threat["id"])
        events.append(event(f"{self.ctx.threats[threat['card']]['name']} ignores 1 damage this Hero turn "
                            "(Defend, My Monsters!)", "plan-effect", "threat", seat))
        return False

    @handler("mole_man_stave_trick")
    def h_stave_trick(self, state, params, events, **_) -> None:
        self._own(state)["stave"] = master_plan_cards(state)
        events.append(event("Stave Trick: until the next Villain turn Mole Man ignores 1 damage each Hero "
                            "turn", "plan-effect", "villain"))

    def villain_damage_taken(self, state, seat, n, events) -> int:
        turn = state.get("turn")
        stave = self._own(state)["stave"] == master_plan_cards(state)
        if turn and stave and not turn.get("mole_man_stave"):
            turn["mole_man_stave"] = True
            events.append(event("Mole Man ignores 1 damage this Hero turn (Stave Trick)", "plan-effect",
                                "villain", seat))
            n -= 1
        if turn and n > 0:
            turn["mole_man_taken"] = turn.get("mole_man_taken", 0) + n
        return n

    @handler("mole_man_regroup")
    def h_regroup(self, state, params, events, **_) -> None:
        bring_back_cleared_threat(self, state, events, "plan-effect", self._own(state), random_pick=True,
                                  only=lambda card: bool(card.get("health")), first_offset=1)

    # ----- view -------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        full = self._full_locations(state)
        out["villain"].setdefault("tracks", []).append({
            "id": "mole-man-crisis-locations", "name": "Locations filled with Crisis tokens", "value": full,
            "min": 0, "max": int(self.vparam("plot_locations")),
            "text": self.ctx.villain["dashboard"]["villainous_plot"]["text"]})
        for entry in out["locations"]:
            count = entry["tokens"].count(CRISIS)
            if count:
                entry.setdefault("marks", []).append({"name": "Crisis tokens", "count": count})
        m = self._own(state)
        turn = master_plan_cards(state)
        comps = out.setdefault("components", [])
        for key, name, text in (("defend", "Defend, My Monsters!", "Each Henchman ignores 1 damage each Hero "
                                 "turn until the next Villain turn"),
                                ("stave", "Stave Trick", "Mole Man ignores 1 damage each Hero turn until the "
                                 "next Villain turn")):
            if m[key] == turn:
                comps.append({"id": f"mole-man-{key}", "name": name, "text": text, "location": None,
                              "seat": None, "count": None})
