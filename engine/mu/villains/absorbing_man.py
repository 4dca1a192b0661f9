"""Absorbing Man (content/marvel-united-promos/villains/absorbing-man.yaml): every rule of his Dashboard,
Threats and Master Plan.

Dashboard, Special Rules: "When a Hero is KO'd, Absorbing Man doesn't activate his BAM! Instead, remove the
top Master Plan card from the game."
  - Dashboard `ko` -> `absorbing_man_remove_top_plan_card`: no Dashboard BAM!, no Threat BAM!; the top card of
    the Master Plan deck leaves the game (`state["absorbing_man"]["removed_plan"]`, shown as a component).
    Decision: with the deck empty there is nothing to remove and nothing happens (removing is not drawing:
    the loss comes when the Villain next must draw, core-losing 1).
BAM!: "If there is a Threat with a villain-ability symbol (the orange arrow icon) in Absorbing Man's Location,
resolve its BAM! effect. If there is no such Threat there, deal 1 damage to 1 Hero in Absorbing Man's Location
instead."
  - Dashboard `bam` -> `absorbing_man_bam` (params.damage). A Threat has the villain-ability symbol when its
    `play.villain_bam` names a handler: all six of his Threats ("Absorbing Man's BAM! is: ..."). That text is
    his BAM! while he stands there; it is not a Threat BAM! of the core (core-bam), so it never fires from
    elsewhere. "1 Hero": the Heroes there choose (core-plan-effect; the shared task hero_hit, the lowest seat
    there is asked); KO'd Heroes are not candidates (core-ko).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random cleared
Threat into play in the first Location without a Threat, starting from Absorbing Man's Location and going
clockwise. If not possible, 1 Hero anywhere takes 1 damage."
  - Dashboard `overflow` -> `absorbing_man_overflow` (params.damage), once per overflowing Location (core);
    the bring-back is villains/common.bring_back_cleared_threat (random pick, a fresh card). Not possible =
    no cleared Threat, or every Location has one: then the Heroes choose 1 Hero not KO'd anywhere.
Special Setup (back): "Players may decide to add the special Titania Challenge to the game by placing her
Threat card facedown near the play area and reading it."
  - Dashboard `special_setup` -> `absorbing_man_setup`: nothing to apply (`state["absorbing_man"]` starts
    with the game, `init_state`).
  - The optional Titania Challenge is Dashboard `challenge` (core, generic: rules_base.Context.challenge_card,
    setup.choose_choose_challenge, threats.challenge_enters): after the mode, seat 0 is asked "challenge:no"
    (first) or "challenge:yes"; yes: the card waits facedown (a view component, its text shown: the players
    "read it"). Adapted (`dashboard.play.challenge.provenance`, the source is silent): it enters play when the
    first Threat is cleared, as that Location's Threat (`enters: first-threat-cleared`, after a third-party
    public summary, not the source). Its text "Deal 2 damage to 1 Hero in this Location and 1 damage to 1 Hero
    in each adjacent Location" is its BAM! (`play.bam` -> the shared `damage_one_hero_here_and_adjacent`,
    params here/adjacent), resolved with the Threat BAM!s (core-bam). No printed Health: cleared by the core
    rule (3 Heroic Actions). No villain-ability symbol: his BAM! never absorbs it (standing on it he deals his
    own 1 damage). "When this Threat is cleared, remove it from the game" (`play.removed_when_cleared`, core):
    not kept as a cleared Threat, so no Hero has it in front of them and his Overflow never brings it back;
    its Threat token still counts for Clear Threats (core-threats).
Threats (villain-ability symbol; each "Absorbing Man's BAM! is: ..." is `play.villain_bam`). Cleared by the
core rule (3 Heroic Actions: their printed symbol spaces are not transcribed).
  - Diamond: BAM! "Deal 2 damage to each Hero in this Location" (`absorbing_man_damage_each_hero`,
    params.damage, params.adjacent false). "While here, Absorbing Man can't be damaged": `play.can_damage` ->
    `absorbing_man_cannot_be_damaged_here` (no Attack on him is offered while he stands there).
  - Fire: BAM! "Deal 1 damage to each Hero in this and both adjacent Locations" (same handler, adjacent
    true). "While here, Heroes must use a Heroic Action (star icon) to damage him instead of an Attack":
    `play.villain_damage_symbol: heroic` (core: heroes.targets offers "heroic:villain" instead of
    "attack:villain"; a Wild symbol or token may be used as the Heroic Action).
  - Glass: BAM! "Accelerate the next Villain turn by 1 card" (`absorbing_man_accelerate`, params.cards).
    "While Absorbing Man is here, once per Hero turn, he takes 1 additional damage if he is damaged":
    `play.villain_damage` -> `absorbing_man_extra_damage_once_per_hero_turn` (params.amount); the first
    damage he takes in a Hero turn while there counts one more.
  - Steel: BAM! "Deal 2 damage to 1 Hero in this Location" (`absorbing_man_damage_one_hero`, params.damage).
    "While here, Absorbing Man ignores 1 damage each Hero and Villain turn": `play.villain_damage` ->
    `absorbing_man_ignore_damage_each_turn` (params.amount). A turn is one entry of the Storyline (each Hero
    turn and each Villain turn adds one card); in this engine only Heroes damage him, in their turns.
  - Stone: BAM! "Deal 1 damage to each Hero in this Location". "While here, Absorbing Man ignores the first
    damage he would take until the next Villain turn": `play.villain_damage` ->
    `absorbing_man_ignore_first_damage_until_villain_turn` (params.amount): once between two Villain turns
    (numbered by the face-up Master Plan cards of the Storyline) the first damage is ignored.
  - Water: BAM! "Remove the top Master Plan card from the game" (the KO handler). "While Absorbing Man is
    here, Heroes must first forfeit 1 Action token (green arrow icon) in this Location before damaging him":
    `play.can_damage` -> `absorbing_man_forfeit_before_damage` (params.symbol: move). "Action token (green
    arrow)" = a Move (core-symbols); forfeiting = spending a Move symbol or token (a Wild may stand in) for
    nothing (core-actions). Decision: a Hero in his Location is offered "Forfeit a Move" (Villain hook
    hero_targets, applied by hero_action) once he is vulnerable; one forfeit lets
    that Hero damage him for the rest of that Hero turn.
Master Plan, Double Move (2, 4, 9, 11): "Move Absorbing Man clockwise to the next Location with a Threat
with a villain symbol. Then, BAM!"
  - `absorbing_man_double_move`: after the card's own move and BAM!, he moves to the first Location clockwise
    (from the next one, his own excluded) whose Threat has the villain symbol; none: he stays (core-villain-
    move). Then a second BAM! (Dashboard BAM! and Threat BAM!s, as any BAM!), wherever he is.
Master Plan, Cosmic Force (5): "Each Hero takes 1 damage and removes the top card of their deck from the
game."
  - `absorbing_man_cosmic_force` (params.damage, params.remove): in seat order, each Hero not KO'd takes the
    damage (the Hero chooses the card, core-damage), then the top card of their deck leaves the game
    (`heroes[s]["absorbing_man_removed"]`). Decisions: a KO'd Hero (also one KO'd by this damage) loses no
    cards (core-ko); an Invulnerable Hero ignores the damage but still removes the card (it is not damage).
Master Plan, Ball and Chain (6, 7): "Deal 1 damage to 1 Hero in Absorbing Man's and each adjacent Location.
Discard 1 Civilian from each of these Locations with no Heroes."
  - `absorbing_man_ball_and_chain` (params.damage, params.civilians): his Location, then the left and the
    right one; the Heroes there choose who is hit. "with no Heroes" = no Hero figure at all (a KO'd Hero's
    figure counts as a Hero there). A discarded Civilian goes back to the supply (no Mission).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import bring_back_cleared_threat, hit_any_hero, hit_task, ignore_once, villain_turns

FORFEIT = "move:absorbing-man-forfeit"  # the Water forfeit action (a Move symbol or token spent for nothing)
COSMIC_TASK = "absorbing_man_cosmic"
REMOVE_TASK = "absorbing_man_remove_deck_top"


class AbsorbingMan(Villain, villain="absorbing-man", texts=("special_rules",)):

    # ----- Absorbing Man's state ----------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`removed_plan`: the Master Plan cards removed from the game; `returned`: Threats brought back;
        `steel` / `glass` / `stone`: the turn each Threat last acted; each Hero's `absorbing_man_removed`:
        the Hero cards Cosmic Force removed."""
        state[self._state_key] = {"removed_plan": [], "returned": 0, "steel": None, "glass": None,
                                  "stone": None}
        for hero in state["heroes"]:
            hero["absorbing_man_removed"] = []

    def _has_symbol(self, threat) -> bool:
        """A Threat with the villain-ability symbol: its text is Absorbing Man's BAM! (`play.villain_bam`)."""
        return bool(threat and (self.ctx.threats[threat["card"]].get("play") or {}).get("villain_bam"))

    # ----- Special Setup, Special Rules -----------------------------------------------------------------
    @handler("absorbing_man_setup")
    def h_setup(self, state, params, events, **_) -> None:
        """Nothing to do: his state starts in init_state; the optional Titania Challenge was chosen before
        (core: dashboard.play.challenge, setup.choose_choose_challenge)."""

    @handler("absorbing_man_remove_top_plan_card")
    def h_remove_top_plan_card(self, state, params, events, seat=None, threat=None, **_) -> None:
        """Dashboard `ko` (no BAM! for the KO) and Water's BAM!: the top Master Plan card leaves the game."""
        name = self.ctx.villain["name"]
        rule = "ko" if threat is None else "bam"
        if threat is None:
            events.append(event(f"{name} does not BAM! for the KO: the top Master Plan card is removed from "
                                "the game instead", "ko", "villain", seat))
        if not state["plan_deck"]:
            events.append(event("The Master Plan deck is empty: no card to remove", rule, "villain"))
            return
        self._own(state)["removed_plan"].append(state["plan_deck"].pop(0))
        events.append(event(f"The top Master Plan card is removed from the game ({len(state['plan_deck'])} "
                            "left)", rule, "villain"))

    # ----- BAM! ---------------------------------------------------------------------------------------
    @handler("absorbing_man_bam")
    def h_bam(self, state, params, events, **_) -> None:
        pos = state["villain_pos"]
        threat = self.loc(state, pos)["threat"]
        if self._has_symbol(threat):
            card = self.ctx.threats[threat["card"]]
            events.append(event(f"Absorbing Man absorbs {card['name']}: {card['text'].split(' While')[0]}",
                                "bam", "bam"))
            self.run_handler(state, card["play"]["villain_bam"], events, "bam", location=pos, threat=threat)
            return
        self.h_damage_one_hero(state, params, events, location=pos)

    @handler("absorbing_man_damage_one_hero")
    def h_damage_one_hero(self, state, params, events, location=None, **_) -> None:
        """"Deal N damage to 1 Hero in this (Absorbing Man's) Location": the Heroes there choose."""
        seats = self.standing(state, location)
        if not seats:
            events.append(event(f"No Hero at {self.loc_name(location)}: the BAM! hits nobody", "bam", "bam"))
            return
        source = f"{self.ctx.villain['name']}'s BAM!"
        self.push(state, hit_task(seats, location, int(params["damage"]), source))

    @handler("absorbing_man_damage_each_hero")
    def h_damage_each_hero(self, state, params, events, location=None, **_) -> None:
        """"Deal N damage to each Hero in this (and both adjacent) Location(s)"."""
        where = [location] + (self.adjacent(state, location) if params.get("adjacent") else [])
        seats = [h["seat"] for h in state["heroes"] if h["pos"] in where and not h["ko"]]
        if not seats:
            events.append(event("No Hero where the BAM! hits", "bam", "bam"))
        for seat in reversed(seats):  # pushed to the front: seat order
            self.damage_hero(state, seat, int(params["damage"]), events, f"{self.ctx.villain['name']}'s BAM!")

    @handler("absorbing_man_accelerate")
    def h_accelerate(self, state, params, events, **_) -> None:
        cards = int(params["cards"])
        self.accelerate(state, cards)
        events.append(event(f"The next Villain turn is accelerated by {cards} card{'s' if cards > 1 else ''}",
                            "bam", "villain"))

    # ----- Overflow -----------------------------------------------------------------------------------
    @handler("absorbing_man_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        if bring_back_cleared_threat(self, state, events, "overflow", self._own(state),
                                     random_pick=True):
            return
        hit_any_hero(self, state, events, location, int(params["damage"]), "Absorbing Man's Overflow")

    # ----- Threats: while Absorbing Man is here --------------------------------------------------------
    @handler("absorbing_man_cannot_be_damaged_here")
    def h_cannot_be_damaged_here(self, state, params, events, location=None, **_) -> bool:
        """Diamond (`can_damage`): False while Absorbing Man stands on it."""
        return state["villain_pos"] != location

    @handler("absorbing_man_extra_damage_once_per_hero_turn")
    def h_extra_damage_once_per_hero_turn(self, state, params, events, n=0, threat=None, **_) -> int:
        """Glass (`villain_damage`): the first damage in a Hero turn counts `amount` more."""
        am = self._own(state)
        turn = len(state["storyline"])
        if n <= 0 or not state.get("turn") or am["glass"] == turn:
            return n
        am["glass"] = turn
        extra = int(params["amount"])
        events.append(event(f"Glass: Absorbing Man takes {extra} additional damage", "threats", "threat"))
        return n + extra

    @handler("absorbing_man_ignore_damage_each_turn")
    def h_ignore_damage_each_turn(self, state, params, events, n=0, threat=None, **_) -> int:
        """Steel (`villain_damage`): `amount` damage ignored once each Hero and Villain turn."""
        ignored = ignore_once(self._own(state), "steel", len(state["storyline"]), n, params["amount"])
        if ignored is None:
            return n
        events.append(event(f"Steel: Absorbing Man ignores {ignored} damage this turn", "threats", "threat"))
        return n - ignored

    @handler("absorbing_man_ignore_first_damage_until_villain_turn")
    def h_ignore_first_damage_until_villain_turn(self, state, params, events, n=0, threat=None, **_) -> int:
        """Stone (`villain_damage`): the first damage until the next Villain turn is ignored."""
        ignored = ignore_once(self._own(state), "stone", villain_turns(state), n, params["amount"])
        if ignored is None:
            return n
        events.append(event(f"Stone: Absorbing Man ignores the first {ignored} damage until the next Villain "
                            "turn", "threats", "threat"))
        return n - ignored

    @handler("absorbing_man_forfeit_before_damage")
    def h_forfeit_before_damage(self, state, params, events, seat=None, location=None, **_) -> bool:
        """Water (`can_damage`): while he stands on it, only a Hero who forfeited a Move this turn."""
        if state["villain_pos"] != location:
            return True
        turn = state.get("turn") or {}
        return turn.get("seat") == seat and bool(turn.get("absorbing_man_forfeit"))

    def _water(self, state):
        """The Water-like Threat (`can_damage` forfeit) under Absorbing Man, or None."""
        threat = self.loc(state, state["villain_pos"])["threat"]
        spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("can_damage") if threat else None
        if spec and spec["handler"] == "absorbing_man_forfeit_before_damage":
            return threat, spec
        return None

    def hero_targets(self, state, seat, kind, pos, out, remote) -> list[tuple[str, str]]:
        """Core hook: Water's "forfeit 1 Action token (green arrow icon) in this Location" as an action."""
        water = self._water(state)
        turn = state.get("turn") or {}
        if (not water or remote or kind != water[1].get("params", {}).get("symbol", "move")
                or pos != state["villain_pos"] or turn.get("seat") != seat
                or turn.get("absorbing_man_forfeit") or not self.villain_vulnerable(state)):
            return out
        name = self.ctx.threats[water[0]["card"]]["name"]
        return out + [(FORFEIT, f"Forfeit a Move to be able to damage {self.ctx.villain['name']} this turn "
                          f"({name})")]

    def hero_action(self, state, seat, aid, events) -> bool:
        if aid != FORFEIT:
            return False
        state["turn"]["absorbing_man_forfeit"] = True
        events.append(event(f"{self.hero_name(state, seat)} forfeits a Move: they may damage "
                            f"{self.ctx.villain['name']} this turn", "actions", "token", seat))
        return True

    # ----- Master Plan ----------------------------------------------------------------------------------
    @handler("absorbing_man_double_move")
    def h_double_move(self, state, params, events, **_) -> None:
        ring = self.ring(state)
        here = ring.index(state["villain_pos"])
        step = -1 if params.get("direction") == "counter-clockwise" else 1
        target = next((ring[(here + step * i) % len(ring)] for i in range(1, len(ring))
                       if self._has_symbol(self.loc(state, ring[(here + step * i) % len(ring)])
                                                        ["threat"])), None)
        if target is None:
            events.append(event("Double Move: no other Location has a Threat with a villain symbol: "
                                "Absorbing Man stays", "villain-move", "villain-move"))
        else:
            state["villain_pos"] = target
            events.append(event(f"Double Move: Absorbing Man moves to {self.loc_name(target)}",
                                "villain-move", "villain-move"))
            self.threat_on_arrival(state, events)
        self.bam(state, events, "Double Move")

    @handler("absorbing_man_cosmic_force")
    def h_cosmic_force(self, state, params, events, **_) -> None:
        self.push(state, *({"t": COSMIC_TASK, "seat": h["seat"], "damage": int(params["damage"]),
                            "remove": int(params["remove"])} for h in state["heroes"] if not h["ko"]))

    def run_absorbing_man_cosmic(self, state, task, events) -> None:
        seat = task["seat"]
        if state["heroes"][seat]["ko"]:
            return
        self.push(state, {"t": REMOVE_TASK, "seat": seat, "remove": task["remove"]})
        self.damage_hero(state, seat, task["damage"], events, "Cosmic Force")  # resolved first

    def run_absorbing_man_remove_deck_top(self, state, task, events) -> None:
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero["ko"]:
            events.append(event(f"{self.hero_name(state, seat)} is KO'd and loses no card", "ko", "damage",
                                seat))
            return
        removed = hero["absorbing_man_removed"]
        n = min(task["remove"], len(hero["deck"]))
        removed += hero["deck"][:n]
        del hero["deck"][:n]
        what = f"the top {n} card{'s' if n != 1 else ''} of their deck" if n else "no card (empty deck)"
        events.append(event(f"{self.hero_name(state, seat)} removes {what} from the game (Cosmic Force)",
                            "plan-effect", "damage", seat))

    @handler("absorbing_man_ball_and_chain")
    def h_ball_and_chain(self, state, params, events, **_) -> None:
        pos = state["villain_pos"]
        where = [pos] + self.adjacent(state, pos)
        tasks = []
        for loc_id in where:
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(hit_task(seats, loc_id, int(params["damage"]), "Ball and Chain"))
        self.push(state, *tasks)
        for loc_id in where:
            if any(h["pos"] == loc_id for h in state["heroes"]):
                continue
            for _ in range(int(params["civilians"])):
                if "civilian" in self.loc(state, loc_id)["tokens"]:
                    self.remove_token(state, loc_id, "civilian")
                    events.append(event(f"Ball and Chain: a Civilian is discarded at {self.loc_name(loc_id)}",
                                        "plan-effect", "token", location=loc_id))

    # ----- view -----------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        am = self._own(state)
        comps = out.setdefault("components", [])
        comps.append({"id": "absorbing-man-removed-plan", "name": "Master Plan cards removed from the game",
                      "text": "Removed by a KO (Special Rules) or Water's BAM!", "location": None,
                      "seat": None, "count": len(am["removed_plan"])})
        for hero in state["heroes"]:
            if hero["absorbing_man_removed"]:
                comps.append({"id": f"absorbing-man-removed-cards-{hero['seat']}",
                              "name": "Hero cards removed from the game", "text": "Removed by Cosmic Force",
                              "location": None, "seat": hero["seat"],
                              "count": len(hero["absorbing_man_removed"])})
        threat = self.loc(state, state["villain_pos"])["threat"] if state["villain_pos"] else None
        if self._has_symbol(threat):
            card = self.ctx.threats[threat["card"]]
            comps.append({"id": "absorbing-man-absorbed", "name": f"Absorbed: {card['name']}",
                          "text": card["text"], "location": state["villain_pos"], "seat": None,
                          "count": None})
