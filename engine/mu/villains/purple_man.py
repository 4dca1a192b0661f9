"""Purple Man (content/marvel-united-promos/villains/purple-man.yaml): every rule of his Dashboard, Threats
and Master Plan.

Dashboard, Special Rules: "When a Hero is KO'd, Purple Man doesn't activate his BAM! Instead, draw a Master
Plan card and add it facedown in the Storyline."
  - Dashboard `ko` -> `facedown_plan_card_instead_of_bam` (villains/common.py, Klaw's rule); an empty Master
    Plan deck loses.
BAM!: "1 Hero in Purple Man's and each adjacent Location must play their next Hero card randomly and can't
deal any damage to Purple Man during their next turn." + the two ways "The Heroes in adjacent Locations can
ignore this effect".
  - Dashboard `bam` -> `purple_man_bam` (params.ignore_wild: "at least 2 multicolour card symbols";
    params.ignore_symbols: "or 5 symbols of any kind"; params.ignore_name: "a card with Telepathy in its
    name"); the numbers travel with the target task (`ignore`).
  - Who is hit: per Location (Purple Man's, then the left and the right one), the Heroes choose
    (core-plan-effect), asked of the lowest seat there; one Hero there: automatic. KO'd Heroes are not
    candidates (as for Klaw's BAM!: a KO'd Hero is out of play until they stand up).
  - Ignoring (adjacent Locations only, never Purple Man's own): automatic when possible (ignoring never hurts
    the Heroes). "multicolour card symbols" = our `wild` symbol; the cards revealed are the Hero's whole hand
    at the BAM! (revealing all of them shows the most symbols): at least params.ignore_wild `wild` symbols or
    params.ignore_symbols symbols in all; or a Hero card whose name contains params.ignore_name in their hand
    or face-up in the Storyline. The choice lists which candidates would ignore it, so the Heroes may pick one
    of them.
  - The mark: `state["purple_man"]["controlled"][str(seat)]` = the Storyline's length at the BAM!. "their
    next turn" = that Hero's first Hero turn after it (the first Hero card they play after the mark).
  - "play their next Hero card randomly" (decision): at the start of that turn, after the draw, the engine
    draws one card of their hand with the game's RNG (`on_hero_play`, Villain hook in heroes.py: the
    hero_play task's `only`); the Hero is offered that single play.
  - "can't deal any damage to Purple Man during their next turn": `can_damage` is False from the
    BAM! until that turn ends, so the Attack on Purple Man is not offered (Klaw's decision: an Attack that
    can deal no damage is not a legal choice).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card and add
it facedown in the Storyline."
  - Dashboard `overflow` -> `facedown_plan_card` (villains/common.py): once per Location that overflows (the
    core calls Overflow once per Location); an empty deck loses.
Threat, Accelerated Recovery: "As long as this Threat is in play, Purple Man goes back to his starting Health
value at the beginning of each Villain turn."
  - `play.villain_turn_start` -> `villain_back_to_starting_health` (run by threats.threat_villain_turn_
    start, before the Master Plan card is drawn): Health = `health_max`.
Threat, Mind Control: "As long as 1 or more Mind Control are in play, at the beginning of each Villain turn,
each Hero in the same Location as Purple Man or other Heroes takes 1 damage."
  - `play.villain_turn_start` -> `damage_heroes_not_alone` (params.amount, params.once_per_turn: applied once
    however many copies are in play, by the first one clockwise from Purple Man). "other Heroes" counts any
    other Hero figure (a KO'd one too: the figure is on the board); a KO'd Hero takes no damage (core-ko).
    The damage is answered before the Villain turn goes on (villain.py resumes it).
Threat, Using Innocent Bystanders: "As long as this Threat is in play, Purple Man cannot be damaged if there
are any Civilians in his Location."
  - `play.can_damage` -> `no_villain_damage_with_civilians` (run by threats.threat_can_damage, wherever the
    Threat is): no Attack on Purple Man is offered while a Civilian is in his Location.
Master Plan, Subjugate Crowd: "Turn the leftmost Civilian in Purple Man's and both adjacent Locations into a
Thug. Then, deal 1 damage to 1 Hero in any Locations with 1 or more Thugs."
  - `subjugate_crowd` (params.damage): "leftmost" = the lowest slot holding a Civilian; "any Locations" =
    every Location of the ring with a Thug after the conversion, clockwise from Purple Man; the Heroes choose
    the Hero hit there (as for the BAM!). Resolved after the BAM! of the same card (its target questions
    first).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import choice_task, hit_task, queue_after

BAM_TASK = "purple_man_bam_target"


class PurpleMan(Villain, villain="purple-man", texts=("special_rules",)):

    def init_state(self, state) -> None:
        """`_controlled`: seat (as a string) -> the Storyline length when his BAM! controlled that Hero."""
        state[self._state_key] = {"controlled": {}}

    # ----- Special Rules ------------------------------------------------------------------------

    # ----- BAM! -------------------------------------------------------------------------------------
    @handler("purple_man_bam")
    def h_bam(self, state, params, events, **_) -> None:
        """Dashboard `bam` (params.ignore_wild, params.ignore_symbols, params.ignore_name)."""
        here = state["villain_pos"]
        tasks = []
        for loc_id in [here] + self.adjacent(state, here):
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(choice_task(BAM_TASK, seats, loc_id, adjacent=loc_id != here,
                                         ignore=dict(params)))
        if not tasks:
            events.append(event("No Hero stands where Purple Man's BAM! reaches", "bam", "bam"))
        self.push(state, *tasks)

    def _ignores_bam(self, state, seat, ignore) -> str | None:
        """Why this Hero (in an adjacent Location) can ignore the BAM!, or None (`ignore`: the BAM!'s
        params)."""
        wild, total, name = int(ignore["ignore_wild"]), int(ignore["ignore_symbols"]), ignore["ignore_name"]
        hand = [self.ctx.hero_cards[c] for c in state["heroes"][seat]["hand"]]
        symbols = [s for card in hand for s in card.get("symbols", [])]
        if symbols.count("wild") >= wild:
            return f"reveals {wild} multicolour symbols"
        if len(symbols) >= total:
            return f"reveals {total} symbols"
        faceup = [e["card"] for e in state["storyline"] if e["kind"] == "hero" and e.get("seat") == seat]
        named = [self.ctx.hero_cards[c] for c in faceup] + hand
        if any(name.lower() in card["name"].lower() for card in named):
            return f"has a {name} card"
        return None

    def choices_purple_man_bam_target(self, state, task):
        where = self.loc_name(task["location"])
        out = []
        for s in task["candidates"]:
            why = self._ignores_bam(state, s, task["ignore"]) if task["adjacent"] else None
            what = f"ignores it: {why}" if why else "plays the next card randomly and can't damage Purple Man"
            out.append({"id": f"bam-target:{s}", "seat": task["seat"], "kind": "bam-target", "target_seat": s,
                        "label": f"{self.hero_name(state, s)} is hit by Purple Man's BAM! at {where} "
                                 f"({what})"})
        return out

    def choose_purple_man_bam_target(self, state, task, action, events):
        seat = action["target_seat"]
        name = self.hero_name(state, seat)
        why = self._ignores_bam(state, seat, task["ignore"]) if task["adjacent"] else None
        if why:
            events.append(event(f"{name} ignores Purple Man's BAM! ({why})", "bam", "bam", seat))
            return
        controlled = self._own(state)["controlled"]
        controlled[str(seat)] = len(state["storyline"])
        events.append(event(f"{name} must play their next Hero card randomly and can't deal any damage to "
                            "Purple Man during their next turn", "bam", "bam", seat))

    def _controlled(self, state, seat) -> bool:
        """True from the BAM! until the end of this Hero's next turn."""
        mark = self._own(state)["controlled"].get(str(seat))
        if mark is None:
            return False
        played = sum(1 for e in state["storyline"][mark:] if e["kind"] == "hero" and e["seat"] == seat)
        return played == 0 or (played == 1 and bool(state["turn"]) and state["turn"]["seat"] == seat)

    def on_hero_play(self, state, play, events) -> None:
        seat = play["seat"]
        hand = state["heroes"][seat]["hand"]
        if not self._controlled(state, seat) or not hand:
            return
        play["only"] = hand[self.rand_below(state, len(hand))]
        events.append(event(f"{self.hero_name(state, seat)} plays a random card: "
                            f"{self.ctx.hero_cards[play['only']]['name']} (Purple Man's BAM!)", "bam", "play",
                            seat))

    def can_damage(self, state, seat) -> bool:
        return not self._controlled(state, seat)

    # ----- Threats ----------------------------------------------------------------------------------
    @handler("villain_back_to_starting_health")
    def h_villain_back_to_starting_health(self, state, params, events, threat=None, **_) -> None:
        if state["health"] >= state["health_max"]:
            return
        state["health"] = state["health_max"]
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        events.append(event(f"{self.ctx.villain['name']} goes back to his starting Health "
                            f"({state['health']}) ({name})", "threats", "villain"))

    @handler("damage_heroes_not_alone")
    def h_damage_heroes_not_alone(self, state, params, events, threat=None, **_) -> None:
        if params.get("once_per_turn") and threat is not None:
            first = next(t for _, t, c in self.threats_clockwise(state) if c["id"] == threat["card"])
            if first["id"] != threat["id"]:
                return
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        hit = [h["seat"] for h in state["heroes"] if not h["ko"] and (
            h["pos"] == state["villain_pos"]
            or any(o["pos"] == h["pos"] for o in state["heroes"] if o["seat"] != h["seat"]))]
        if not hit:
            events.append(event(f"{name}: every Hero stands alone and away from Purple Man", "threats",
                                "threat"))
        for seat in reversed(hit):  # pushed to the front: seat order
            self.damage_hero(state, seat, int(params.get("amount", 1)), events, name)

    @handler("no_villain_damage_with_civilians")
    def h_no_villain_damage_with_civilians(self, state, params, events, **_) -> bool:
        return "civilian" not in self.loc(state, state["villain_pos"])["tokens"]

    # ----- Master Plan: Subjugate Crowd -------------------------------------------------------------
    @handler("subjugate_crowd")
    def h_subjugate_crowd(self, state, params, events, card=None, **_) -> None:
        here = state["villain_pos"]
        for loc_id in [self.step(state, here, -1), here, self.step(state, here, 1)]:
            tokens = self.loc(state, loc_id)["tokens"]
            if "civilian" in tokens:
                tokens[tokens.index("civilian")] = "thug"
                state["tally"]["removed"]["civilian"] += 1
                state["tally"]["placed"]["thug"] += 1
                events.append(event(f"The leftmost Civilian at {self.loc_name(loc_id)} turns into a Thug",
                                    "plan-effect", "token", location=loc_id))
        tasks = []
        for i in range(len(state["locations"])):
            loc_id = self.step(state, here, i)
            seats = self.standing(state, loc_id)
            if seats and "thug" in self.loc(state, loc_id)["tokens"]:
                tasks.append(hit_task(seats, loc_id, int(params.get("damage", 1)), "Subjugate Crowd"))
        queue_after(state, (BAM_TASK, "hero_damage"), *tasks)  # after the BAM! of the same card
