"""Chameleon (content/marvel-united-promos/villains/chameleon.yaml): every rule of his Dashboard, and of the
adapted Threats and Master Plan deck (the source prints only his Dashboard: the deck, the six Threats and the
number of tokens showing Chameleon are ours, `status: adapted` in content).

Special Setup: "Keep the 8 Find the Chameleon tokens aside, facedown, within reach of the players
(alternatively, place them in a bag)."
  - Dashboard `special_setup` -> `chameleon_special_setup` (logged; `init_state` made them):
    `state["chameleon"]["tokens"]` holds the tokens
    (the `count` of the component named by params.find_tokens, 8), of which the `count` of the component named
    by params.showing_chameleon (1, adapted) show Chameleon and the others a disguise. Done in every game
    (core-setup 2).
Special Rules: "Once 2 Missions have been completed, when a Hero is trying to damage Chameleon, first shuffle
all the Find the Chameleon tokens. Then, reveal 1 token, plus 1 for each empty slot in Chameleon's Location.
If one of the revealed tokens shows Chameleon, he can be damaged for the rest of the turn. Otherwise, he can't
be damaged until the end of the turn."
  - "Once 2 Missions": the core's vulnerability (before it no Attack on Chameleon is offered at all).
  - `villain_damage_taken` (Villain hook in damage.damage_villain): the first Attack on Chameleon in a Hero
    turn is the "trying": the tokens are shuffled (game RNG) and params.reveal_base + params.
    reveal_per_empty_slot x the empty slots of his Location are revealed (at most all of them; at least 1,
    after a Master of Disguise), counted when the Attack is made (so defeating Thugs and rescuing Civilians
    there first helps). Found: this Attack and every later one this turn deal damage with no new reveal. Not
    found: this Attack is spent for nothing (decision: the symbol was used "trying") and
    `can_damage` stops offering the Attack on Chameleon until the end of the Hero turn. The verdict
    lives in `state["turn"]["chameleon"]` (cleared with the turn). Damage to him outside a Hero turn (none in
    this game) would reveal each time.
BAM!: "If there is at least 1 Hero in Chameleon's Location, accelerate the next Villain turn by 1 card."
  - Dashboard `bam` -> `chameleon_bam` (params.cards): any Hero figure there counts, a KO'd one too (the
    figure stays on the board, core-ko), so a KO in his Location accelerates. Not capped: two BAM!s
    accelerate by 2.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back in play 1 random
cleared Threat in the first clockwise Location with no Threat. If not possible, draw a Master Plan card and
add it facedown in the Storyline."
  - Dashboard `overflow` -> `chameleon_overflow`, once per overflowing Location: villains/common.py
    bring_back_cleared_threat (random; the first Location without a Threat clockwise from Chameleon's own, as
    ruled for Gorr and Crossbones), else common.draw_facedown_plan_card (an empty deck loses, core-losing 1).
Adapted Threats:
  - Master of Disguise: "While Chameleon is in this Location, a Hero trying to damage him reveals 1 fewer Find
    the Chameleon token (never fewer than 1)." -> `play.villain_damage` `chameleon_fewer_reveals`
    (params.fewer): run by the core just before the Special Rules' hook on each Attack on Chameleon there; it
    notes the reduction for that reveal (no effect once the turn's verdict is known).
  - Impostor (Henchman, Health 3): "BAM!: Deal 1 damage to 1 Hero in this Location." -> `play.bam`
    `chameleon_impostor_bam` (params.damage): the Heroes there not KO'd choose who (core-plan-effect, shared
    task `hero_hit`); nobody there: nothing.
  - Forged Orders: "When Chameleon ends his move in this Location, accelerate the next Villain turn by 1
    card." -> `play.on_arrival` `chameleon_accelerate` (params.cards).
Adapted Master Plan effects:
  - Change of Plans: "Accelerate the next Villain turn by 1 card." -> `chameleon_accelerate` (params.cards).
  - Slip into the Crowd: "Chameleon moves clockwise to the next Location with the fewest empty slots (the
    first one if several tie)." -> `chameleon_slip_into_crowd`: among the five other Locations, clockwise from
    the next; a Forged Orders there triggers (he ends a move there). The card's tokens are then placed around
    his new Location (the effect comes before the placement, core-villain-turn).
  - Borrowed Face: "Bring back 1 random cleared Threat in the first clockwise Location with no Threat. If not
    possible, accelerate the next Villain turn by 1 card." -> `chameleon_borrowed_face` (params.cards), the
    same bring-back as the Overflow.
View: out["components"] gets the Find the Chameleon tokens (count, how many show him, this turn's verdict);
the Locations' marks nothing (the tokens stay aside).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import (
    arrival_or_plan,
    bring_back_cleared_threat,
    draw_facedown_plan_card,
    henchman_hits_one_hero,
)

FACE_CHAMELEON = "chameleon"
FACE_DISGUISE = "disguise"


class Chameleon(Villain, villain="chameleon", texts=("special_rules",)):

    # ----- Chameleon's state: the Find the Chameleon tokens ----------------------------------------------
    def _component(self, key) -> dict:
        return self.component(self.vparam(key))

    def init_state(self, state) -> None:
        """`tokens`: the Find the Chameleon tokens (faces, in their last shuffled order); `fewer`: the
        reveals a Master of Disguise takes off the next one; `last`: the last reveal; `returned`: Threats
        brought back."""
        total = int(self._component("find_tokens")["count"])
        real = int(self._component("showing_chameleon")["count"])
        state[self._state_key] = {"tokens": [FACE_CHAMELEON] * real + [FACE_DISGUISE] * (total - real),
                              "fewer": 0, "last": None, "returned": 0}

    # ----- Special Setup, Special Rules ---------------------------------------------------------------
    @handler("chameleon_special_setup")
    def h_special_setup(self, state, params, events, **_) -> None:
        ch = self._own(state)
        name = self._component("find_tokens")["name"]
        events.append(event(f"The {len(ch['tokens'])} {name} are kept aside, facedown", "setup", "setup"))

    def can_damage(self, state, seat) -> bool:
        turn = state.get("turn")
        return not (turn and turn.get("chameleon") is False)

    def _reveal(self, state, seat, events) -> bool:
        ch = self._own(state)
        tokens = list(ch["tokens"])
        self.shuffle(state, tokens)
        ch["tokens"] = tokens
        empty = self.loc(state, state["villain_pos"])["tokens"].count(None)
        count = int(self.vparam("reveal_base")) + int(self.vparam("reveal_per_empty_slot")) * empty
        count = max(1, min(len(tokens), count - ch["fewer"]))
        ch["fewer"] = 0
        shown = tokens[:count]
        found = FACE_CHAMELEON in shown
        ch["last"] = {"revealed": count, "found": found}
        faces = ", ".join("Chameleon" if t == FACE_CHAMELEON else "a disguise" for t in shown)
        name = self.ctx.villain["name"]
        events.append(event(f"{self.hero_name(state, seat)} tries to damage {name}: the Find the Chameleon "
                            f"tokens are shuffled and {count} revealed ({empty} empty slot"
                            f"{'s' if empty != 1 else ''} here): {faces}", "attack", "villain", seat))
        if found:
            events.append(event(f"{name} is found: he can be damaged for the rest of the turn", "attack",
                                "villain", seat))
        else:
            events.append(event(f"{name} is not found: he can't be damaged until the end of the turn",
                                "attack", "villain", seat))
        return found

    def villain_damage_taken(self, state, seat, n, events) -> int:
        turn = state.get("turn")
        found = turn.get("chameleon") if turn else None
        if found is None:
            found = self._reveal(state, seat, events)
            if turn is not None:
                turn["chameleon"] = found
        self._own(state)["fewer"] = 0
        return n if found else 0

    # ----- BAM! and Overflow --------------------------------------------------------------------------
    @handler("chameleon_bam")
    def h_bam(self, state, params, events, **_) -> None:
        name = self.ctx.villain["name"]
        if not any(h["pos"] == state["villain_pos"] for h in state["heroes"]):
            events.append(event(f"No Hero in {name}'s Location: his BAM! does nothing", "bam", "bam"))
            return
        self._speed_up(state, int(params["cards"]), events, "bam", f"a Hero is in {name}'s Location")

    def _speed_up(self, state, cards, events, rule, why) -> None:
        self.accelerate(state, cards)
        events.append(event(f"The next Villain turn is accelerated by {cards} card{'s' if cards > 1 else ''} "
                            f"({why})", rule, "villain"))

    @handler("chameleon_overflow")
    def h_overflow(self, state, params, events, **_) -> None:
        if not bring_back_cleared_threat(self, state, events, "overflow", self._own(state),
                                         random_pick=True):
            draw_facedown_plan_card(self, state, events)

    # ----- Threats ------------------------------------------------------------------------------------
    @handler("chameleon_fewer_reveals")
    def h_fewer_reveals(self, state, params, events, n=0, threat=None, **_) -> int:
        turn = state.get("turn")
        if not (turn and turn.get("chameleon") is not None):
            self._own(state)["fewer"] += int(params["fewer"])
            name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
            events.append(event(f"{name}: {params['fewer']} fewer Find the Chameleon token is revealed here",
                                "threats", "threat"))
        return n

    @handler("chameleon_impostor_bam")
    def h_impostor_bam(self, state, params, events, location=None, threat=None, **_) -> None:
        henchman_hits_one_hero(self, state, params, events, location, threat)

    @handler("chameleon_accelerate")
    def h_accelerate(self, state, params, events, threat=None, card=None, **_) -> None:
        why, rule = arrival_or_plan(self, threat, card, "here")
        self._speed_up(state, int(params["cards"]), events, rule, why)

    # ----- Master Plan effects ------------------------------------------------------------------------
    @handler("chameleon_slip_into_crowd")
    def h_slip_into_crowd(self, state, params, events, **_) -> None:
        ring = self.ring(state)
        others = [self.step(state, state["villain_pos"], i) for i in range(1, len(ring))]
        target = min(others, key=lambda loc: self.loc(state, loc)["tokens"].count(None))  # first of the ties
        state["villain_pos"] = target
        empty = self.loc(state, target)["tokens"].count(None)
        events.append(event(f"{self.ctx.villain['name']} slips into the crowd at {self.loc_name(target)} "
                            f"({empty} empty slot{'s' if empty != 1 else ''})", "plan-effect",
                            "villain-move"))
        self.threat_on_arrival(state, events)

    @handler("chameleon_borrowed_face")
    def h_borrowed_face(self, state, params, events, card=None, **_) -> None:
        if not bring_back_cleared_threat(self, state, events, "plan-effect", self._own(state),
                                         random_pick=True):
            self._speed_up(state, int(params["cards"]), events, "plan-effect",
                           "Borrowed Face: no Threat could come back")

    # ----- view ---------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        ch = self._own(state)
        real = ch["tokens"].count(FACE_CHAMELEON)
        text = f"Facedown, aside; {real} of {len(ch['tokens'])} shows Chameleon."
        verdict = (state.get("turn") or {}).get("chameleon")
        if verdict is not None:
            text += " This turn: Chameleon " + ("found: he can be damaged." if verdict else
                                                "not found: he can't be damaged.")
        comp = self._component("find_tokens")
        out["components"] = out.get("components", []) + [
            {"id": comp["id"], "name": comp["name"], "text": text, "location": None, "seat": None,
             "count": len(ch["tokens"])}]
