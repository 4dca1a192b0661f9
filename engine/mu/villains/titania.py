"""Titania (content/marvel-united-promos/villains/titania.yaml): every rule of her Dashboard, Threat and
Master Plan.

Special Rules 1: "Each time Titania is reduced to 0 Health, she is not defeated. Instead, lay her down and add
1 Crisis token to this dashboard. At the start of the next Villain or Hero turn, Titania is placed back
upright and restored to full Health."
  - `saved_from_defeat` (Villain hook in damage.damage_villain): at 0 Health she is laid down
    (`state["titania"]["down"]`) and the Dashboard gets `params.crisis_per_defeat` Crisis token(s); no win.
  - `on_villain_turn_start` (Villain hook in villain.run_villain_turn) and `on_hero_turn_start` stand
    her up at full Health (`health_max`, the Dashboard's table) at the start of the next turn of either kind.
  - Decision: while laid down (at 0 Health) she cannot be damaged (`can_damage`: no Attack on her is
    offered): she cannot be "reduced to 0" again before she stands up, so one Hero turn gives at most one
    Crisis token.
Special Rules 2 and 3: "When a Hero is KO'd during a Villain turn, Titania doesn't activate her BAM! Instead,
add 1 KO token to this dashboard." / "When a Hero is KO'd during a Hero turn, Titania doesn't activate her
BAM! Instead, accelerate the next Villain turn by 1 card."
  - Dashboard `ko` -> `titania_ko` (params.ko_tokens, params.accelerate). A Villain turn lasts from its start
    until the next Hero turn starts (the damage of its BAM!, effect and Overflow included); a Hero turn from
    its start until the next turn of either kind (a Hero KO'd for playing their last card is KO'd in a Hero
    turn). `state["titania"]["phase"]` is set by the two turn-start hooks.
BAM!: "1 Hero in Titania's Location takes 1 damage, plus damage equal to the number of Crisis tokens on this
dashboard."
  - Dashboard `bam` -> `titania_bam` (params.damage): the Heroes there choose the Hero (core-plan-effect;
    task titania_bam_target, as the shared hero_hit: the lowest seat there is asked, automatic with one Hero);
    KO'd Heroes are not candidates. The Crisis tokens are counted when the BAM! happens.
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, deal 1 damage to 1 Hero
anywhere."
  - Dashboard `overflow` -> `titania_overflow` (params.damage), once per overflowing Location (core): the
    Heroes choose 1 Hero not KO'd anywhere.
Villainous Plot / Heroic Goal: "When either Titania or a Hero should play a card but they have none, the
usual game loss conditions don't apply. Instead, compare the number of Crisis and KO tokens on this dashboard.
If the number of Crisis tokens is higher, the Heroes win. Otherwise, they lose."
  - `out_of_cards` (Villain hook, called where the core would lose: the Villain
    must draw from an empty Master Plan deck, a Hero starts a turn with no card to play): Crisis > KO tokens:
    win, otherwise loss. Titania is never defeated by damage, so this is the Heroes' only way to win.
Special Setup (back): "Players may decide to add the special Absorbing Man Challenge to the game by placing
his Threat card facedown near the play area and reading it."
  - Dashboard `special_setup` -> `titania_setup`: nothing to apply (`state["titania"]` starts with the game,
    `init_state`).
  - The optional Absorbing Man Challenge (printed on Titania's Threat sheet, transcribed with Absorbing Man's
    components) is Dashboard `challenge` (core, generic: rules_base.Context.challenge_card,
    setup.choose_choose_challenge, threats.challenge_enters): after the mode, seat 0 is asked "challenge:no"
    (first) or "challenge:yes"; yes: the card waits facedown (a view component). Adapted
    (`dashboard.play.challenge.provenance`, the source is silent): it enters play when the first Threat is
    cleared, as that Location's Threat (after a third-party public summary, not the source); it "ignores 1
    damage each Hero turn", so it is damaged: a Henchman with 3 Health (`play.clear: {attack: 3}`, ours).
    Its text, "Deal 1 damage to 1 Hero in this Location and in each Location with a Double Feature Threat"
    is its BAM! (`play.bam` -> `titania_absorbing_man_challenge_bam`, params damage, threat): its Location,
    then each Location whose Threat is a Double Feature, clockwise from Titania; the Heroes there choose.
    "Absorbing Man ignores 1 damage each Hero turn": `play.damage_taken` ->
    `titania_absorbing_man_challenge_ignores_damage` (params.amount): the first damage he would take in a Hero
    turn (noted in `state["turn"]`) is ignored (the Attack is spent). "When this Threat is cleared, remove it
    from the game" (`play.removed_when_cleared`, core): not kept as a cleared Threat, never in front of a
    Hero; its Threat token still counts for Clear Threats (core-threats).
Threat, Double Feature (6 cards): "This turn, Titania's BAM! has an additional effect: If possible, also
deal 1 damage to a different Hero in Titania's Location."
  - `play.bam` -> `titania_double_feature` (params.damage). Decision: a Double Feature adds its effect to a
    BAM! when it lies in Titania's Location ("this turn": the turn she BAM!s there; the six cards cover every
    Location, so "while any is in play" would add it to almost every BAM! and "this turn" would say nothing;
    the Absorbing Man Challenge also reads the cards per Location). After the Dashboard BAM!'s target is
    chosen, the Heroes choose a different Hero in her Location (not KO'd); if there is none, nothing. Cleared
    by the core rule (3 Heroic Actions).
Master Plan, Hammer of Skirn (4, 6: clockwise; 10, 12: counter-clockwise): "Move Titania clockwise 1 Location.
Then, BAM!"
  - `titania_hammer_of_skirn` (params.direction, params.distance): after the card's own move and BAM!, she
    moves 1 Location that way, then a second BAM! (Dashboard BAM! and Threat BAM!s, as any BAM!).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import HIT_TASK, hit_any_hero, hit_task, queue_after

BAM_TASK = "titania_bam_target"
SECOND_HIT_TASK = "titania_second_hit"


class Titania(Villain, villain="titania", texts=("special_rules", "villainous_plot")):

    # ----- Titania's state: the Dashboard's Crisis and KO tokens, laid down or not --------------------------
    def init_state(self, state) -> None:
        """The Dashboard's Crisis and KO tokens (from 0), whether she is laid `down`, the `phase` (a Villain
        or a Hero turn: her KO rule differs), her BAM!s counted (`bams`) and each BAM!'s target (`targets`,
        for Double Feature)."""
        state[self._state_key] = {"crisis": 0, "ko": 0, "down": False, "phase": "villain", "bams": 0,
                                  "targets": {}}

    @handler("titania_setup")
    def h_setup(self, state, params, events, **_) -> None:
        """Nothing to do: her state starts in init_state; the optional Absorbing Man Challenge was chosen
        before (core: dashboard.play.challenge, setup.choose_choose_challenge)."""

    # ----- Special Rules ---------------------------------------------------------------------------------

    def saved_from_defeat(self, state, seat, events) -> bool:
        t = self._own(state)
        t["down"] = True
        t["crisis"] += int(self.vparam("crisis_per_defeat"))
        events.append(event(f"Titania is reduced to 0 Health but is not defeated: she is laid down and the "
                            f"Dashboard gets a Crisis token ({t['crisis']} Crisis, {t['ko']} KO)",
                            "core-crisis-tokens", "villain", seat))
        return True

    def _stand_up(self, state, events) -> None:
        t = self._own(state)
        if t["down"]:
            t["down"] = False
            state["health"] = state["health_max"]
            events.append(event(f"Titania is placed back upright and restored to full Health "
                                f"({state['health']})", "villain-turn", "villain"))

    def on_villain_turn_start(self, state, events) -> None:
        self._stand_up(state, events)
        self._own(state)["phase"] = "villain"

    def on_hero_turn_start(self, state, seat, events) -> bool:
        self._stand_up(state, events)
        self._own(state)["phase"] = "hero"
        return False  # the Hero turn goes on as usual

    def can_damage(self, state, seat) -> bool:
        return not self._own(state)["down"]

    @handler("titania_ko")
    def h_ko(self, state, params, events, seat=None, **_) -> None:
        t = self._own(state)
        if t["phase"] == "villain":
            t["ko"] += int(params["ko_tokens"])
            events.append(event(f"Titania does not BAM! for the KO during a Villain turn: the Dashboard gets "
                                f"a KO token ({t['crisis']} Crisis, {t['ko']} KO)", "ko", "villain", seat))
            return
        cards = int(params["accelerate"])
        self.accelerate(state, cards)
        events.append(event(f"Titania does not BAM! for the KO during a Hero turn: the next Villain turn is "
                            f"accelerated by {cards} card{'s' if cards > 1 else ''}", "ko", "villain", seat))

    # ----- Villainous Plot / Heroic Goal ---------------------------------------------------------------

    def out_of_cards(self, state, events, reason) -> None:
        t = self._own(state)
        events.append(event(f"{reason}: instead of the usual loss, the Dashboard's tokens are compared: "
                            f"{t['crisis']} Crisis, {t['ko']} KO", "core-winning-and-losing", "villain"))
        if t["crisis"] > t["ko"]:
            self.win(state, events, f"more Crisis tokens ({t['crisis']}) than KO tokens ({t['ko']}) on "
                                    "Titania's Dashboard")
        else:
            self.lose(state, events, f"no more Crisis tokens ({t['crisis']}) than KO tokens ({t['ko']}) on "
                                     "Titania's Dashboard")

    # ----- BAM!, Double Feature -------------------------------------------------------------------------

    @handler("titania_bam")
    def h_bam(self, state, params, events, **_) -> None:
        t = self._own(state)
        t["bams"] += 1
        pos = state["villain_pos"]
        seats = self.standing(state, pos)
        if not seats:
            events.append(event("No Hero in Titania's Location: her BAM! hits nobody", "bam", "bam"))
            return
        damage = int(params["damage"]) + t["crisis"]
        self.push(state, dict(hit_task(seats, pos, damage, "Titania's BAM!"), t=BAM_TASK, bam=t["bams"]))

    def choices_titania_bam_target(self, state, task):
        return self.choices_hero_hit(state, task)

    def choose_titania_bam_target(self, state, task, action, events):
        """The Dashboard BAM!'s target, noted for a Double Feature of the same BAM! ("a different Hero")."""
        if any(t["t"] == SECOND_HIT_TASK and t["bam"] == task["bam"] for t in state["tasks"]):
            self._own(state)["targets"][str(task["bam"])] = action["target_seat"]
        self.damage_hero(state, action["target_seat"], task["damage"], events, task["source"])

    @handler("titania_double_feature")
    def h_double_feature(self, state, params, events, location=None, threat=None, **_) -> None:
        if location != state["villain_pos"]:
            return
        task = {"t": SECOND_HIT_TASK, "damage": int(params["damage"]), "location": location,
                "bam": self._own(state)["bams"]}  # the BAM! just resolved (threat BAM!s follow it)
        # after the Dashboard BAM!'s target question and its damage
        queue_after(state, (BAM_TASK, HIT_TASK, "hero_damage"), task)

    def run_titania_second_hit(self, state, task, events) -> None:
        first = self._own(state)["targets"].pop(str(task["bam"]), None)
        seats = [s for s in self.standing(state, task["location"]) if s != first]
        if first is None or not seats:
            events.append(event("Double Feature: no different Hero in Titania's Location", "threats",
                                "threat"))
            return
        self.push(state, hit_task(seats, task["location"], task["damage"], "Double Feature"))

    # ----- the Absorbing Man Challenge (optional, dashboard.play.challenge) --------------------------------
    @handler("titania_absorbing_man_challenge_bam")
    def h_absorbing_man_challenge_bam(self, state, params, events, location=None, threat=None, **_) -> None:
        """Its BAM! (`play.bam`): "Deal 1 damage to 1 Hero in this Location and in each Location with a
        Double Feature Threat": this Location, then those with a `params.threat` card clockwise from Titania;
        in each the Heroes there choose who is hit (KO'd Heroes are not candidates)."""
        name = self.ctx.threats[threat["card"]]["name"]
        where = [location] + [loc for loc, _t, card in self.threats_clockwise(state)
                              if card["id"] == params["threat"] and loc != location]
        tasks = [hit_task(seats, loc, int(params["damage"]), f"{name}'s BAM!")
                 for loc in where if (seats := self.standing(state, loc))]
        if not tasks:
            events.append(event(f"{name}'s BAM! hits nobody", "threats", "threat"))
        self.push(state, *tasks)

    @handler("titania_absorbing_man_challenge_ignores_damage")
    def h_absorbing_man_challenge_ignores_damage(self, state, params, events, n=0, target=None,
                                                 threat=None, **_) -> int:
        """`play.damage_taken`: "Absorbing Man ignores 1 damage each Hero turn": the first `params.amount`
        damage he (the Challenge, a Henchman) would take in a Hero turn is ignored."""
        turn = state.get("turn")
        if n <= 0 or not turn or not target or target["id"] != threat["id"] or turn.get("titania_am_ignored"):
            return n
        turn["titania_am_ignored"] = True
        ignored = min(n, int(params["amount"]))
        events.append(event(f"{self.ctx.threats[threat['card']]['name']}: Absorbing Man ignores {ignored} "
                            "damage this Hero turn", "henchmen", "threat"))
        return n - ignored

    # ----- Overflow -------------------------------------------------------------------------------------
    @handler("titania_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        hit_any_hero(self, state, events, location, int(params["damage"]), "Titania's Overflow")

    # ----- Master Plan: Hammer of Skirn -------------------------------------------------------------------
    @handler("titania_hammer_of_skirn")
    def h_hammer_of_skirn(self, state, params, events, **_) -> None:
        step = int(params.get("distance", 1)) * (-1 if params.get("direction") == "counter-clockwise" else 1)
        state["villain_pos"] = self.step(state, state["villain_pos"], step)
        events.append(event(f"Hammer of Skirn: Titania moves {params.get('direction', 'clockwise')} to "
                            f"{self.loc_name(state['villain_pos'])}", "villain-move", "villain-move"))
        self.threat_on_arrival(state, events)
        self.bam(state, events, "Hammer of Skirn")

    # ----- view -----------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        t = self._own(state)
        out["villain"]["laid_down"] = t["down"]
        comps = out.setdefault("components", [])
        comps.append({"id": "titania-crisis-tokens", "name": "Crisis tokens on Titania's Dashboard",
                      "text": "One each time Titania is reduced to 0 Health; more Crisis than KO tokens when "
                              "the cards run out: the Heroes win", "location": None, "seat": None,
                      "count": t["crisis"]})
        comps.append({"id": "titania-ko-tokens", "name": "KO tokens on Titania's Dashboard",
                      "text": "One each time a Hero is KO'd during a Villain turn", "location": None,
                      "seat": None, "count": t["ko"]})
