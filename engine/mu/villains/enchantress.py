"""Enchantress (content/marvel-united-promos/villains/enchantress.yaml): every rule of her Dashboard, her
Henchmen deck, Skurge and the Master Plan.

Adapted components (the source lacks them; marked `status: adapted` in the record, our words): Skurge the
Executioner (Health and BAM! ours), the Henchmen deck (Knull's 3 Symbiote Dragons and Venom T-Rex, the only
cards of this box meeting the Special Setup's conditions, and 5 Henchmen of ours) and Master Plan cards 8 to
12 (the source transcribes 1 to 7; the Gap note's hints for cards 10 to 12 are kept).

Special Setup: "Place the Skurge the Executioner Threat in the Villain's starting Location. Choose 9 Henchman
Threat cards belonging to other Villains ... Shuffle them to create a Henchmen deck. Place the top cards in
the 5 Locations with no Threat. Henchmen other than Skurge enter play with 1 Health less than their starting
value."
  - Dashboard `special_setup` -> `enchantress_special_setup`: the core's Threat layout is taken back; Skurge
    (`params.skurge`) goes to the starting Location; every other Threat card of the record (by `count`) is
    the Henchmen deck (`state["enchantress"]["deck"]`, top first), shuffled; its top cards go to the other
    Locations, clockwise from the one after the start. The 9 cards are fixed by content (our choice), not
    chosen at the table.
Special Rules: "Henchmen other than Skurge enter play with 1 Health less than their starting value."
  - a Henchman entering from the deck (setup, New Blood) carries its own `health` = printed - `params.
    health_less` (core threats.threat_need reads it); Skurge enters with his printed Health.
"As long as Enchantress is in a Location with a Henchman, she can't be damaged."
  - `can_damage`: the Attack on her is not offered while a Threat lies in her Location (all her
    Threats are Henchmen), as Klaw's decision: an Attack that can deal no damage is not a legal choice.
"When a Hero is KO'd, Enchantress doesn't activate her BAM! Instead, accelerate the next Villain turn by 1
card (if not already accelerated)." -> Dashboard `ko` -> `enchantress_ko_accelerate` (params.cards; "already
  accelerated" as Klaw's Overflow, villains/common.py).
"If Skurge is defeated, put him on top of the Henchmen deck. Other defeated Henchmen are removed as usual."
  - `on_threat_cleared` (Villain hook in threats.hit_threat): Skurge counts for Clear Threats (he was
    defeated), then leaves the cleared pile and the Hero's cleared cards for the top of the Henchmen deck.
BAM!: "If Enchantress is in a Location with no Henchman, move her clockwise to the next Location with a
Henchman, if possible." -> Dashboard `bam` -> `enchantress_bam`; then the core resolves the Henchmen's BAM!s
  (from her new Location, clockwise). No Henchman anywhere: she stays.
Overflow: "... accelerate the next Villain turn by 1 card (if not already accelerated)." -> `accelerate_once`.
Henchmen BAM!s: `enchantress_henchman_hit` (params.where: here | adjacent | here-and-adjacent; params.each:
  each Hero there, else 1 Hero per Location chosen by the Heroes; params.damage). KO'd Heroes take no damage.
Master Plan, New Blood: "Bring the top Threat from the Henchmen deck into play in Enchantress' Location, if
possible, or the next clockwise Location without a Threat." -> `enchantress_new_blood`: an empty deck or no
  free Location: nothing (the card stays on the deck).
Master Plan, Hypnosis: "Give 1 Crisis token to 1 Hero in Enchantress' and each adjacent Location. Until the
next Villain turn, Heroes starting their turn with Crisis tokens discard them and must choose to either play
their card randomly, OR forfeit 1 action on their turn, OR take 1 damage at the end of their turn."
  - `enchantress_hypnosis` (params.crisis, params.damage): per Location (hers, left, right) the Heroes choose
    who takes the token (KO'd Heroes are not candidates; `heroes[s]["enchantress_crisis"]`). The spell lasts
    until the next Villain turn (`state["enchantress"]["hypnosis"]` = this turn's number). Tokens stay on a
    Hero after it ends (core-crisis-tokens) and count for a later Hypnosis.
  - `on_hero_turn_start` (Villain hook): a Hero starting a turn with tokens while the spell lasts
    discards them and chooses (task `enchantress_spell`, before standing up and drawing):
    random -> `on_hero_play` offers one random card of the hand (after the draw);
    forfeit -> `on_card_played` (Villain hook after the card is played): the Hero gives up one action
      of their choice, a symbol of this turn or a held Action token; nothing to give up: nothing;
    damage -> `on_hero_turn_end` (Villain hook): params.damage at the end of the turn (before the
      last-card KO check; a Hero with no card left is KO'd by it).
Player-count table: 2 / 3 / 4 Health for 2 / 3 / 4 Heroes.
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import (
    HIT_TASK,
    accelerate_instead_of_ko_bam,
    choice_task,
    crisis_target_choices,
    hit_task,
    queue_after,
    villain_turns,
)

CRISIS_TASK = "enchantress_crisis"
SPELL_TASK = "enchantress_spell"
FORFEIT_TASK = "enchantress_forfeit"
SPELLS = {"random": "Play your card randomly this turn",
          "forfeit": "Forfeit 1 action this turn",
          "damage": "Take {damage} damage at the end of this turn"}


class Enchantress(Villain, villain="enchantress", texts=("special_rules",)):

    # ----- her state ---------------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`deck`: the Henchmen deck; `entered`: Henchmen entered so far (their ids); `hypnosis`: the Villain
        turn of the last Hypnosis, `damage` its damage; each Hero's Crisis tokens and Hypnosis spell."""
        state[self._state_key] = {"deck": [], "entered": 0, "hypnosis": None, "damage": 1}
        for hero in state["heroes"]:
            hero["enchantress_crisis"] = 0
            hero["enchantress_spell"] = None

    def _enter(self, state, card_id, loc_id, events, rule) -> None:
        """A Henchman enters play at `loc_id` (others than Skurge with 1 Health less)."""
        ench = self._own(state)
        ench["entered"] += 1
        threat = {"id": f"{card_id}-e{ench['entered']}", "card": card_id, "heroic": 0, "damage": 0}
        card = self.ctx.threats[card_id]
        text = f"{card['name']} enters play at {self.loc_name(loc_id)}"
        if card_id != self.vparam("skurge") and card.get("health"):
            threat["health"] = max(1, int(card["health"]) - int(self.vparam("health_less")))
            text += f" with {threat['health']} Health ({card['health']} printed)"
        self.loc(state, loc_id)["threat"] = threat
        events.append(event(text, rule, "threat", location=loc_id))

    # ----- Special Setup, Special Rules ---------------------------------------------------------------
    @handler("enchantress_special_setup")
    def h_special_setup(self, state, params, events, **_) -> None:
        ench = self._own(state)
        skurge = self.vparam("skurge")
        for loc in state["locations"]:
            loc["threat"] = None
        deck = [cid for cid, card in self.ctx.threats.items() if cid != skurge
                for _ in range(card.get("count", 1))]
        self.shuffle(state, deck)
        ench["deck"] = deck
        events.append(event(f"The Henchmen deck: {len(deck)} cards, shuffled", "setup", "setup"))
        start = state["villain_start"]
        self._enter(state, skurge, start, events, "setup")
        for i in range(1, len(state["locations"])):
            if not ench["deck"]:
                break
            self._enter(state, ench["deck"].pop(0), self.step(state, start, i), events, "setup")

    def can_damage(self, state, seat) -> bool:
        return self.loc(state, state["villain_pos"])["threat"] is None

    @handler("enchantress_ko_accelerate")
    def h_ko_accelerate(self, state, params, events, seat=None, **_) -> None:
        """Dashboard `ko` (params.cards): as Abomination's (common.accelerate_instead_of_ko_bam)."""
        accelerate_instead_of_ko_bam(self, state, int(params["cards"]), events, seat)

    def on_threat_cleared(self, state, loc_id, threat, seat, events) -> None:
        if threat["card"] != self.vparam("skurge"):
            return
        state["cleared_threats"].remove(threat["card"])
        state["heroes"][seat]["cleared"].remove(threat["card"])
        self._own(state)["deck"].insert(0, threat["card"])
        events.append(event(f"{self.ctx.threats[threat['card']]['name']} is defeated: he goes on top of the "
                            "Henchmen deck", "threats", "threat"))

    # ----- BAM! ---------------------------------------------------------------------------------------
    @handler("enchantress_bam")
    def h_bam(self, state, params, events, **_) -> None:
        name = self.ctx.villain["name"]
        here = state["villain_pos"]
        if self.loc(state, here)["threat"]:
            events.append(event(f"{name} is with a Henchman: she stays", "bam", "bam"))
            return
        for i in range(1, len(state["locations"])):
            loc_id = self.step(state, here, i)
            if self.loc(state, loc_id)["threat"]:
                state["villain_pos"] = loc_id
                events.append(event(f"{name} moves clockwise to {self.loc_name(loc_id)}, the next Location "
                                    "with a Henchman", "bam", "villain-move"))
                return
        events.append(event(f"No Henchman in play: {name} stays", "bam", "bam"))

    @handler("enchantress_henchman_hit")
    def h_henchman_hit(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Henchman"
        where = {"here": [location], "adjacent": self.adjacent(state, location),
                 "here-and-adjacent": [location] + self.adjacent(state, location)}[params["where"]]
        damage = int(params["damage"])
        tasks = []
        for loc_id in where:
            seats = self.standing(state, loc_id)
            if not seats:
                continue
            if not params.get("each"):
                tasks.append(hit_task(seats, loc_id, damage, f"{name}'s BAM!"))
                continue
            for seat in seats:
                before = len(state["tasks"])
                self.damage_hero(state, seat, damage, events, f"{name}'s BAM!")
                added = len(state["tasks"]) - before
                tasks += state["tasks"][:added]
                del state["tasks"][:added]
        if not tasks:
            events.append(event(f"{name}'s BAM! hits no Hero", "henchmen", "bam"))
        # after the tasks earlier BAM!s of this turn queued
        queue_after(state, (HIT_TASK, "hero_damage", CRISIS_TASK), *tasks)

    # ----- Master Plan: New Blood ---------------------------------------------------------------------
    @handler("enchantress_new_blood")
    def h_new_blood(self, state, params, events, **_) -> None:
        ench = self._own(state)
        if not ench["deck"]:
            events.append(event("New Blood: the Henchmen deck is empty", "plan-effect", "plan-effect"))
            return
        here = state["villain_pos"]
        for i in range(len(state["locations"])):
            loc_id = self.step(state, here, i)
            if self.loc(state, loc_id)["threat"] is None:
                self._enter(state, ench["deck"].pop(0), loc_id, events, "plan-effect")
                return
        events.append(event("New Blood: every Location has a Threat", "plan-effect", "plan-effect"))

    # ----- Master Plan: Hypnosis ----------------------------------------------------------------------
    @handler("enchantress_hypnosis")
    def h_hypnosis(self, state, params, events, **_) -> None:
        ench = self._own(state)
        ench["hypnosis"] = villain_turns(state)
        ench["damage"] = int(params.get("damage", 1))
        here = state["villain_pos"]
        tasks = []
        for loc_id in [here] + self.adjacent(state, here):
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(choice_task(CRISIS_TASK, seats, loc_id, crisis=int(params.get("crisis", 1))))
        if not tasks:
            events.append(event("Hypnosis: no Hero stands where it reaches", "plan-effect", "plan-effect"))
        queue_after(state, (HIT_TASK, "hero_damage"), *tasks)  # after the BAM!'s questions
        events.append(event("Hypnosis lasts until the next Villain turn", "plan-effect", "plan-effect"))

    def choices_enchantress_crisis(self, state, task):
        return crisis_target_choices(self, state, task, "Hypnosis")

    def choose_enchantress_crisis(self, state, task, action, events):
        hero = state["heroes"][action["target_seat"]]
        hero["enchantress_crisis"] += task["crisis"]
        events.append(event(f"{self.hero_name(state, hero['seat'])} takes {task['crisis']} Crisis token "
                            f"({hero['enchantress_crisis']} in all)", "core-crisis-tokens", "plan-effect",
                            hero["seat"]))

    def _hypnosis_on(self, state) -> bool:
        ench = self._own(state)
        return ench["hypnosis"] is not None and ench["hypnosis"] == villain_turns(state)

    def on_hero_turn_start(self, state, seat, events) -> bool:
        hero = state["heroes"][seat]
        if not hero.get("enchantress_crisis") or not self._hypnosis_on(state):
            return False
        n, hero["enchantress_crisis"] = hero["enchantress_crisis"], 0
        events.append(event(f"{self.hero_name(state, seat)} starts their turn hypnotised and discards {n} "
                            f"Crisis token{'s' if n > 1 else ''}", "plan-effect", "plan-effect", seat))
        self.push(state, {"t": SPELL_TASK, "seat": seat}, {"t": "hero_turn", "seat": seat})
        return True

    def choices_enchantress_spell(self, state, task):
        damage = self._own(state)["damage"]
        return [{"id": f"spell:{key}", "seat": task["seat"], "kind": "enchantress-spell", "spell": key,
                 "label": f"{label.format(damage=damage)} (Hypnosis)"} for key, label in SPELLS.items()]

    def choose_enchantress_spell(self, state, task, action, events):
        state["heroes"][task["seat"]]["enchantress_spell"] = action["spell"]
        events.append(event(f"{self.hero_name(state, task['seat'])}: "
                            f"{action['label']}", "plan-effect", "plan-effect", task["seat"]))

    def on_hero_play(self, state, play, events) -> None:
        seat = play["seat"]
        hero = state["heroes"][seat]
        if hero.get("enchantress_spell") != "random" or not hero["hand"]:
            return
        hero["enchantress_spell"] = None
        play["only"] = hero["hand"][self.rand_below(state, len(hero["hand"]))]
        events.append(event(f"{self.hero_name(state, seat)} plays a random card: "
                            f"{self.ctx.hero_cards[play['only']]['name']} (Hypnosis)", "plan-effect", "play",
                            seat))

    def on_card_played(self, state, seat, events) -> None:
        hero = state["heroes"][seat]
        if hero.get("enchantress_spell") != "forfeit":
            return
        hero["enchantress_spell"] = None
        self.push(state, {"t": FORFEIT_TASK, "seat": seat, "auto1": True})

    def choices_enchantress_forfeit(self, state, task):
        seat = task["seat"]
        out = [{"id": f"forfeit:symbol:{sym}", "seat": seat, "kind": "enchantress-forfeit", "symbol": sym,
                "label": f"Forfeit a {sym} action of this turn (Hypnosis)"}
               for sym in dict.fromkeys(state["turn"]["symbols"])] if state.get("turn") else []
        out += [{"id": f"forfeit:token:{kind}", "seat": seat, "kind": "enchantress-forfeit", "token": kind,
                 "label": f"Forfeit a {kind} Action token (Hypnosis)"}
                for kind, n in state["heroes"][seat]["tokens"].items() if n > 0]
        return out

    def skip_enchantress_forfeit(self, state, task, events):
        events.append(event(f"{self.hero_name(state, task['seat'])} has no action to forfeit", "plan-effect",
                            "plan-effect", task["seat"]))

    def choose_enchantress_forfeit(self, state, task, action, events):
        seat = task["seat"]
        if "symbol" in action:
            state["turn"]["symbols"].remove(action["symbol"])
            what = f"a {action['symbol']} action"
        else:
            state["heroes"][seat]["tokens"][action["token"]] -= 1
            what = f"a {action['token']} Action token"
        events.append(event(f"{self.hero_name(state, seat)} forfeits {what} (Hypnosis)", "core-actions",
                            "plan-effect", seat))

    def on_hero_turn_end(self, state, task, events) -> bool:
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero.get("enchantress_spell") != "damage":
            return False
        hero["enchantress_spell"] = None
        self.push(state, dict(task))
        self.damage_hero(state, seat, self._own(state)["damage"], events, "Hypnosis")
        return True

    # ----- view -----------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        ench = self._own(state)
        out["components"] = [
            {"id": "enchantress-henchmen-deck", "name": "Henchmen deck",
             "text": "New Blood brings its top card into play; a defeated Skurge goes back on top.",
             "location": None, "seat": None, "count": len(ench["deck"])},
            {"id": "enchantress-hypnosis", "name": "Hypnosis", "text": "In force until the next Villain turn"
             if self._hypnosis_on(state) else "Not in force", "location": None, "seat": None,
             "count": None},
        ]
        for entry in out["heroes"]:
            hero = state["heroes"][entry["seat"]]
            marks = []
            if hero.get("enchantress_crisis"):
                marks.append({"name": "Crisis tokens", "count": hero["enchantress_crisis"]})
            if hero.get("enchantress_spell"):
                marks.append({"name": f"Hypnosis: {hero['enchantress_spell']}", "count": 1})
            entry["marks"] = marks
        for view_loc, loc in zip(out["locations"], state["locations"], strict=True):
            if view_loc["threat"] and loc["threat"] and "health" in loc["threat"]:
                view_loc["threat"]["health"] = loc["threat"]["health"]
