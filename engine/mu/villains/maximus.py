"""Maximus (content/marvel-united-promos/villains/maximus.yaml): every rule of his Dashboard, Threats and
Master Plan.

Special Setup: "Set aside the Scheming Master Plan card and place it on top of the deck after shuffling it."
  - Dashboard `special_setup` -> `plan_card_on_top` (params.title Scheming; villains/common.py).
Dashboard, Special Rules: "When a Hero is KO'd, Maximus doesn't activate his BAM! Instead, draw a Master Plan
card and add it facedown in the Storyline."
  - Dashboard `ko` -> `facedown_plan_card_instead_of_bam` (villains/common.py, Klaw's rule); an empty Master
    Plan deck loses.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card and add
it facedown in the Storyline."
  - Dashboard `overflow` -> `facedown_plan_card` (villains/common.py): once per overflowing Location; an
    empty deck loses.
BAM!: "1 Hero in the Location counter-clockwise to Maximus' reveals 1 random card from their hand and
resolves the symbols at the bottom of that card in reading order ... Then, do the same to a different Hero in
Maximus' Location and then in the clockwise Location."
  - Dashboard `bam` -> `maximus_bam` (params.steps: Locations an Action icon moves the Hero; params.tokens:
    Civilians a Heroic Action icon adds; params.damage: damage of an Attack icon; params.plan_cards: Master
    Plan cards a card icon adds facedown).
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
Threat, Aireo: BAM! -> `maximus_move_heroes_to_opposite` (params.reach: 1 = this and both adjacent
  Locations): every Hero figure there (KO'd ones too: the figure is on the board) moves to the opposite
  Location of its own.
Threat, Falcona: BAM! -> `maximus_hit_hero_per_thug` (params.reach): in this and each adjacent Location, 1
  Hero (the Heroes choose) takes 1 damage per Thug in their Location; no Thug there: nothing.
Threat, Stallior: BAM! -> `hit_hero_here` (params.damage; villains/common.py): the Heroes choose 1 Hero here.
Threats, Leonus / Nebulo: "In order to attack Leonus, a Hero must first forfeit 1 Action (green arrow icon) in
this Location." / "... Nebulo, ... forfeit 1 Heroic Action (star icon) ..." "BAM!: Deal 1 damage to each Hero
in this Location."
  - `play.hero_actions` -> `maximus_forfeit_before_acting` (params.forfeit: the symbol, params.count): the
    Hero's actions on this Threat are withheld until, in this Location and in this Hero turn, they have
    forfeited `count` actions of that kind (a legal action "Forfeit a Move ..." paid with that symbol, a Wild
    or an Action token of that kind or Wild, core-actions "forfeit"). Decisions: "attack" = any action put on
    the Threat to clear it (ours need Heroic Actions, core-threats ruling); the forfeit is made once per Hero
    turn (the turn is the Hero card they played) and then holds for the rest of it; an action "as if you stood
    there" from an adjacent Location (a Hero effect) cannot forfeit ("in this Location") and is withheld
    unless the forfeit was made this turn.
  - `play.bam` -> `damage_each_hero_here` (params.damage; villains/common.py), KO'd Heroes are not hit.
Threat, Timberius: "Heroes using Action icons to leave this Location must use 1 additional Action for each
Civilian here. BAM!: Add 1 Civilian to this Location."
  - `play.hero_actions` -> `maximus_extra_moves_to_leave` (params.per: the token counted, params.extra:
    additional Actions per token): while fewer additional Moves than needed are paid this turn, the Hero's
    Moves out of this Location are replaced by "Use a Move toward leaving ..." (paid with a Move symbol, a
    Wild or a Move/Wild Action token); once enough are paid the Moves are offered. The number needed is read
    each time (rescuing a Civilian here lowers it; paid Moves stay paid); leaving resets the count, so
    leaving again costs again. Moves by a Special Effect or a BAM! are not "Action icons" and cost nothing.
  - `play.bam` -> `maximus_add_tokens_here` (params.token, params.count): no free slot: Overflow there.
Master Plan, Scheming: "Add a Thug to all empty slots in Maximus' and both adjacent Locations." ->
  `maximus_fill_empty_slots` (params.token): no Overflow (only empty slots are filled).
Master Plan, Brain Manipulation: "Until the next Villain Turn, Heroes do not benefit from the symbols on the
previous Hero card in the Storyline." -> `maximus_no_previous_card_symbols`: noted with the Villain turn's
  number; the core asks `previous_blank` when a Hero plays a card: the previous card's symbols are
  not added.
Master Plan 11/12: "Move clockwise to the next Location with the most Heroes." -> `on_move`: Heroes not
  KO'd are counted; the first Location clockwise (from the next one round to his own, his own last: then he
  stays) with the most of them; no Hero on the board: he stays.

Per Hero, `heroes[s]["maximus_acts"]` = {"at": Storyline index of the Hero card of their current turn,
"forfeit": {threat id: actions forfeited}, "paid": {Location id: additional Moves paid}}: stale when "at" is
not the current turn's card.
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import choice_task, draw_facedown_plan_card, hit_task, threat_name, villain_turns

BAM_TASK = "maximus_bam"
TARGET_TASK = "maximus_bam_target"
SYMBOL_NAME = {"move": "Move", "attack": "Attack", "heroic": "Heroic Action"}
FORFEIT = "maximus-forfeit"
EXTRA = "maximus-extra"


class Maximus(Villain, villain="maximus", texts=("special_rules",)):

    def init_state(self, state) -> None:
        """`brain`: the Villain turn of the last Brain Manipulation."""
        state[self._state_key] = {"brain": None}

    # ----- BAM! -------------------------------------------------------------------------------------
    @handler("maximus_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        locs = [self.step(state, here, -1), here, self.step(state, here, 1)]
        self.push(state, {"t": BAM_TASK, "locs": locs, "done": [], "params": dict(params)})

    def run_maximus_bam(self, state, task, events) -> None:
        locs = list(task["locs"])
        while locs:
            loc_id = locs.pop(0)
            seats = [s for s in self.standing(state, loc_id) if s not in task["done"]]
            if seats:
                self.push(state, choice_task(TARGET_TASK, seats, loc_id, locs=locs, done=task["done"],
                                             params=task["params"]))
                return
            events.append(event(f"No Hero for Maximus' BAM! at {self.loc_name(loc_id)}", "bam", "bam"))

    def choices_maximus_bam_target(self, state, task):
        where = self.loc_name(task["location"])
        return [{"id": f"bam-target:{s}", "seat": task["seat"], "kind": "bam-target", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} reveals a random card for Maximus' BAM! at {where}"}
                for s in task["candidates"]]

    def choose_maximus_bam_target(self, state, task, action, events):
        seat = action["target_seat"]
        params = task["params"]
        more = {"t": BAM_TASK, "locs": task["locs"], "done": task["done"] + [seat], "params": params}
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
                for _ in range(int(params["steps"])):
                    self._move_away(state, seat, events)
            elif sym == "heroic":
                for _ in range(int(params["tokens"])):
                    self._add_token(state, hero["pos"], "civilian", events, "bam")
            elif sym == "attack":
                where = [hero["pos"]] + self.adjacent(state, hero["pos"])
                others = [h["seat"] for h in state["heroes"]
                          if h["seat"] != seat and not h["ko"] and h["pos"] in where]
                if others:
                    tasks.append(hit_task(others, hero["pos"], int(params["damage"]), "Maximus' BAM!"))
                else:
                    events.append(event(f"No other Hero near {name} to damage", "bam", "bam", seat))
            elif sym == "wild":
                for _ in range(int(params["plan_cards"])):
                    events.append(event("A Master Plan card goes facedown to the Storyline (Maximus' BAM!)",
                                        "bam", "bam", seat))
                    draw_facedown_plan_card(self, state, events)
        self.push(state, *tasks, more)

    def _move_away(self, state, seat, events) -> None:
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

    def _add_token(self, state, loc_id, kind, events, rule) -> None:
        if not self.add_token(state, loc_id, kind, events, rule):
            self.overflow(state, loc_id, events, [kind])

    # ----- Threats: BAM! ------------------------------------------------------------------------------
    def _reach(self, state, location, params) -> list[str]:
        return [location] + (self.adjacent(state, location) if int(params.get("reach", 0)) else [])

    @handler("maximus_move_heroes_to_opposite")
    def h_move_heroes_to_opposite(self, state, params, events, location=None, **_) -> None:
        half = len(self.ring(state)) // 2
        where = self._reach(state, location, params)
        for hero in state["heroes"]:
            if hero["pos"] in where:
                hero["pos"] = self.step(state, hero["pos"], half)
                events.append(event(f"{self.hero_name(state, hero['seat'])} is moved to the opposite "
                                    f"Location, {self.loc_name(hero['pos'])}", "threats", "move",
                                    hero["seat"]))

    @handler("maximus_hit_hero_per_thug")
    def h_hit_hero_per_thug(self, state, params, events, location=None, threat=None, **_) -> None:
        tasks = []
        for loc_id in self._reach(state, location, params):
            thugs = self.loc(state, loc_id)["tokens"].count("thug")
            seats = self.standing(state, loc_id)
            if thugs and seats:
                tasks.append(hit_task(seats, loc_id, thugs, threat_name(self, threat)))
        self.push(state, *tasks)

    @handler("maximus_add_tokens_here")
    def h_add_tokens_here(self, state, params, events, location=None, **_) -> None:
        for _ in range(int(params["count"])):
            self._add_token(state, location, params["token"], events, "threats")

    # ----- Threats: rules on the Heroes' actions (hooks hero_targets / hero_action) -------------
    @staticmethod
    def _turn_at(state, seat):
        """The Storyline index of the Hero card of this Hero's current turn (None outside their turn)."""
        if not state["turn"] or state["turn"]["seat"] != seat:
            return None
        return max((i for i, e in enumerate(state["storyline"]) if e["kind"] == "hero" and e["seat"] == seat),
                   default=None)

    def _acts(self, state, seat, store=False) -> dict:
        """This Hero's forfeits and paid Moves of the current turn (a fresh record when stale; kept in the
        state only with store=True, so that reading the legal actions changes nothing)."""
        at = self._turn_at(state, seat)
        hero = state["heroes"][seat]
        acts = hero.get("maximus_acts")
        if not acts or acts["at"] != at:
            acts = {"at": at, "forfeit": {}, "paid": {}}
            if store:
                hero["maximus_acts"] = acts
        return acts

    def hero_targets(self, state, seat, kind, pos, out, remote):
        threat = self.loc(state, pos)["threat"]
        spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("hero_actions") if threat else None
        if not spec:
            return out
        changed = self.run_handler(state, spec, [], "threats", seat=seat, kind=kind, location=pos,
                                   threat=threat, targets=out, remote=remote)
        return out if changed is None else changed

    @handler("maximus_forfeit_before_acting")
    def h_forfeit_before_acting(self, state, params, events, seat=None, kind=None, location=None,
                                threat=None, targets=(), remote=False, **_) -> list:
        need = int(params["count"])
        done = self._acts(state, seat)["forfeit"].get(threat["id"], 0)
        if done >= need:
            return list(targets)
        out = [t for t in targets if t[0].split(":")[1:] != ["threat", threat["id"]]]
        if kind == params["forfeit"] and not remote:
            name = threat_name(self, threat)
            out.append((f"{kind}:{FORFEIT}:{threat['id']}",
                        f"Forfeit a {SYMBOL_NAME[kind]} to be allowed to attack {name} "
                        f"({done + 1} of {need})"))
        return out

    @handler("maximus_extra_moves_to_leave")
    def h_extra_moves_to_leave(self, state, params, events, seat=None, kind=None, location=None,
                               threat=None, targets=(), remote=False, **_) -> list:
        moves = [t for t in targets if t[0].startswith("move:") and t[0].count(":") == 1]
        if kind != "move" or remote or not moves:
            return list(targets)
        need = int(params["extra"]) * self.loc(state, location)["tokens"].count(params["per"])
        paid = self._acts(state, seat)["paid"].get(location, 0)
        if paid >= need:
            return list(targets)
        return [t for t in targets if t not in moves] + [
            (f"move:{EXTRA}:{location}",
             f"Use a Move toward leaving {self.loc_name(location)} ({threat_name(self, threat)}: "
             f"{paid + 1} of {need} additional Moves)")]

    def hero_action(self, state, seat, aid, events) -> bool:
        parts = aid.split(":")
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        if parts[0] == "move" and len(parts) == 2:  # leaving: Moves paid to leave must be paid again
            acts = hero.get("maximus_acts")
            if acts and acts["paid"].get(hero["pos"]):
                acts["paid"][hero["pos"]] = 0
            return False
        if len(parts) != 3 or parts[1] not in (FORFEIT, EXTRA):
            return False
        acts = self._acts(state, seat, store=True)
        if parts[1] == FORFEIT:
            threat = self.loc(state, hero["pos"])["threat"]
            acts["forfeit"][parts[2]] = acts["forfeit"].get(parts[2], 0) + 1
            events.append(event(f"{name} forfeits a {SYMBOL_NAME[parts[0]]} to attack "
                                f"{threat_name(self, threat)}", "core-actions", "threat", seat))
        else:
            acts["paid"][parts[2]] = acts["paid"].get(parts[2], 0) + 1
            threat = self.loc(state, parts[2])["threat"]
            events.append(event(f"{name} uses an additional Move to leave {self.loc_name(parts[2])} "
                                f"({threat_name(self, threat)})", "threats", "move", seat))
        return True

    # ----- Master Plan --------------------------------------------------------------------------------
    @handler("maximus_fill_empty_slots")
    def h_fill_empty_slots(self, state, params, events, **_) -> None:
        kind = params["token"]
        here = state["villain_pos"]
        for loc_id in dict.fromkeys([self.step(state, here, -1), here, self.step(state, here, 1)]):
            tokens = self.loc(state, loc_id)["tokens"]
            n = tokens.count(None)
            tokens[:] = [kind if t is None else t for t in tokens]
            state["tally"]["placed"][kind] += n
            events.append(event(f"{n} {kind.capitalize()}{'s' if n != 1 else ''} fill the empty slots at "
                                f"{self.loc_name(loc_id)}", "plan-effect", "token", location=loc_id))

    @handler("maximus_no_previous_card_symbols")
    def h_no_previous_card_symbols(self, state, params, events, **_) -> None:
        self._own(state)["brain"] = villain_turns(state)
        events.append(event("Until the next Villain turn, Heroes do not benefit from the symbols of the "
                            "previous Hero card", "plan-effect", "villain"))

    def previous_blank(self, state) -> bool:
        return self._own(state)["brain"] == villain_turns(state)

    def on_move(self, state, card, events) -> None:
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
