"""High Evolutionary (content/marvel-united-promos/villains/high-evolutionary.yaml): every rule of his
Dashboard and of the adapted Master Plan / Threat cards and Jackal Threat (the source prints only his
Dashboard: the 11 double-sided cards and both sides of the Jackal are ours, `status: adapted` in content).

Special Setup: "Shuffle the 11 Master Plan / Threat cards. Draw 6 cards and place them Threat-side up as the
starting Master Plan deck. Place the Jackal Threat with the Initial side up in the Villain's starting Location
and the remaining 5 Master Plan / Threat cards Threat-side up in the other Locations."
  - Dashboard `special_setup` -> `high_evolutionary_special_setup` (params.starting_deck 6): the cards are the
    pairs of params.double_sided (Master Plan side -> Threat side). After the core's board setup, every
    Location's Threat is replaced: the Jackal's Initial side (params.jackal_initial) in his starting Location,
    the 5 other cards' Threat sides in the other Locations clockwise from the next one (in the shuffled
    order); the Master Plan deck is the 6 drawn cards. Done in every game (core-setup 2).
Special Rules: "Heroes can only damage High Evolutionary once 3 Missions have been completed. At that point,
flip the Jackal Threat card (who can now be damaged). When a Threat is cleared, place it at the bottom of the
Master Plan deck."
  - `can_damage`: the Attack on him is offered only once params.missions_to_damage (3)
    Missions are complete (the core already waits for 2).
  - The Initial side can't be cleared (`play.cannot_clear`: no Heroic Action or Attack is offered on it).
    `on_mission_complete` (Villain hook in missions.count_mission): when the 3rd Mission is
    completed the Jackal, wherever it is, turns to its other side (params.jackal, a Henchman), fresh. If the
    Jackal is no longer on the board nothing happens.
  - `on_threat_cleared` (Villain hook in threats.hit_threat): a cleared Threat whose card has a
    Master Plan side goes to the bottom of the Master Plan deck (so clearing buys time); it leaves the cleared
    pile and the clearing Hero's cleared Threats; it still counts for Clear Threats. The Jackal has no Master
    Plan side: it is removed as usual.
Special Rules: "Heroes starting their turn with 3 or more Crisis tokens must play their Hero card facedown and
discard all their Crisis tokens."
  - `on_hero_play` (Villain hook in heroes.run_hero_turn, after the draw): with
    params.crisis_facedown (3) or more Crisis tokens the Hero's play is facedown (core task flag: no symbols,
    no Special Effect; core-facedown-cards) and the Crisis tokens are discarded. Decision: the Hero still uses
    the previous Hero card's symbols (only their own card is facedown); the next Hero gets nothing from it.
BAM!: "Each Hero in High Evolutionary's and both adjacent Locations must discard 1 Action token. If they have
none, they take 1 Crisis token instead."
  - Dashboard `bam` -> `high_evolutionary_bam` (params.token, params.crisis): an "Action token" is a Move
    token (core-symbols, core-action-tokens). KO'd Heroes are not affected (as for Crossbones' BAM!). Crisis
    tokens are kept per Hero (`heroes[seat]["crisis"]`, shown as marks in the view).
Overflow: "For each Civilian / Thug token that can't be added to a Location, increase the Evolution Track by 1
and add those tokens to their corresponding Missions."
  - Dashboard `overflow` -> `high_evolutionary_overflow` (params.per_token): per token that did not fit, the
    track goes up and the token counts for Rescue Civilians or Defeat Thugs (it may complete that Mission).
Villainous Plot - Evolution Track: "Track from 0 to 8. The Heroes lose if this track reaches 8."
  - The track is the `components` entry named by `villainous_plot.track` (min, max); it starts at min, never
    passes max, and the Heroes lose when it reaches max. View: out["villain"]["tracks"].
Adapted Threat sides: Henchmen `high_evolutionary_hit_here` (BAM!: 1 damage to 1 Hero in this Location, the
Heroes there choose, shared task `hero_hit`), `high_evolutionary_crisis_here` (BAM!: each Hero there not KO'd
takes a Crisis token) and `high_evolutionary_evolve` on arrival (he ends his move there: the track goes up).
Adapted Master Plan effects: Accelerated Evolution (`high_evolutionary_evolve`), Genetic Tampering
(`high_evolutionary_crisis_here` in his Location), Purge the Unfit (`high_evolutionary_purge`: each Hero not
KO'd with any Crisis token takes params.damage).
"""

from ..rules_base import event, handler
from .common import arrival_or_plan, henchman_hits_one_hero, plan_title
from .families import TrackPlotVillain


class HighEvolutionary(TrackPlotVillain, villain="high-evolutionary",
                       texts=("special_rules", "villainous_plot")):
    _track_field = "evolution"

    # ----- state: the Evolution Track, Crisis tokens (families.TrackPlotVillain) ------------------------
    def init_state(self, state) -> None:
        self._init_track(state)

    def _give_crisis(self, state, seat, n, events, why, rule) -> None:
        hero = state["heroes"][seat]
        hero["crisis"] += n
        events.append(event(f"{self.hero_name(state, seat)} takes {n} Crisis token{'s' if n > 1 else ''} "
                            f"({why}; {hero['crisis']} in all)", rule, "token", seat))

    def _double_sided(self) -> dict:
        return dict(self.vparam("double_sided"))

    # ----- Special Setup ---------------------------------------------------------------------------------
    @handler("high_evolutionary_special_setup")
    def h_special_setup(self, state, params, events, **_) -> None:
        cards = list(self._double_sided())
        self.shuffle(state, cards)
        size = int(params["starting_deck"])
        state["plan_deck"] = cards[:size]
        here = state["villain_pos"]
        self.loc(state, here)["threat"] = self._threat(self.vparam("jackal_initial"))
        others = [self.step(state, here, i) for i in range(1, len(self.ring(state)))]
        for loc_id, card in zip(others, cards[size:], strict=False):
            self.loc(state, loc_id)["threat"] = self._threat(self._double_sided()[card])
        events.append(event(f"The {len(cards)} Master Plan / Threat cards are shuffled: {size} form the "
                            f"Master Plan deck, {len(cards) - size} are placed Threat-side up in the other "
                            f"Locations, the Jackal (Initial side) in {self.loc_name(here)}", "setup",
                            "setup"))

    @staticmethod
    def _threat(card) -> dict:
        return {"id": f"{card}-1", "card": card, "heroic": 0, "damage": 0}

    # ----- Special Rules and Villainous Plot -----------------------------------------------------------

    def can_damage(self, state, seat) -> bool:
        return len(state["completed"]) >= int(self.vparam("missions_to_damage"))

    def on_mission_complete(self, state, mission, events) -> None:
        if len(state["completed"]) != int(self.vparam("missions_to_damage")):
            return
        name = self.ctx.villain["name"]
        events.append(event(f"{len(state['completed'])} Missions complete: {name} can be damaged",
                            "vulnerable", "mission"))
        initial = self.vparam("jackal_initial")
        for loc in state["locations"]:
            if loc["threat"] and loc["threat"]["card"] == initial:
                loc["threat"] = self._threat(self.vparam("jackal"))
                events.append(event(f"The Jackal Threat is flipped at {self.loc_name(loc['id'])}: he can now "
                                    "be damaged", "threats", "threat"))

    def on_threat_cleared(self, state, loc_id, threat, seat, events) -> None:
        card = threat["card"]
        back = {t: m for m, t in self._double_sided().items()}.get(card)
        if back is None:
            return
        state["plan_deck"].append(back)
        if card in state["cleared_threats"]:
            state["cleared_threats"].remove(card)
        if card in state["heroes"][seat]["cleared"]:
            state["heroes"][seat]["cleared"].remove(card)
        events.append(event(f"{self.ctx.threats[card]['name']} is placed at the bottom of the Master Plan "
                            f"deck ({len(state['plan_deck'])} cards)", "threats", "threat"))

    def on_hero_play(self, state, play, events) -> None:
        seat = play["seat"]
        hero = state["heroes"][seat]
        crisis = hero["crisis"]
        if crisis >= int(self.vparam("crisis_facedown")):
            play["facedown"] = True
            hero["crisis"] = 0
            events.append(event(f"{self.hero_name(state, seat)} starts their turn with {crisis} Crisis "
                                "tokens: they must play their Hero card facedown and discard all their "
                                "Crisis tokens",
                                "core-crisis-tokens", "token", seat))

    # ----- BAM! and Overflow ----------------------------------------------------------------------------
    @handler("high_evolutionary_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        where = [here] + self.adjacent(state, here)
        token = params["token"]
        hit = False
        for hero in state["heroes"]:
            if hero["ko"] or hero["pos"] not in where:
                continue
            hit = True
            seat = hero["seat"]
            if hero["tokens"][token] > 0:
                hero["tokens"][token] -= 1
                events.append(event(f"{self.hero_name(state, seat)} discards 1 Action token ({token}) to "
                                    f"{self.ctx.villain['name']}'s BAM!", "bam", "token", seat))
            else:
                self._give_crisis(state, seat, int(params["crisis"]), events, "no Action token to discard",
                                  "bam")
        if not hit:
            events.append(event(f"No Hero stands where {self.ctx.villain['name']}'s BAM! reaches", "bam",
                                "bam"))

    @handler("high_evolutionary_overflow")
    def h_overflow(self, state, params, events, location=None, missed=(), **_) -> None:
        for kind in missed:
            if state.get("outcome") is not None:
                return
            self._advance_track(state, int(params["per_token"]), events,
                                f"a {kind.capitalize()} could not be added", "overflow")
            mission = "rescue-civilians" if kind == "civilian" else "defeat-thugs"
            events.append(event(f"The {kind.capitalize()} goes to its Mission", "overflow", "token"))
            self.count_mission(state, mission, events)

    # ----- Threat sides and Master Plan effects ---------------------------------------------------------
    @handler("high_evolutionary_evolve")
    def h_evolve(self, state, params, events, threat=None, card=None, **_) -> None:
        why, rule = arrival_or_plan(self, threat, card, "there")
        self._advance_track(state, int(params["amount"]), events, why, rule)

    @handler("high_evolutionary_crisis_here")
    def h_crisis_here(self, state, params, events, location=None, threat=None, card=None, **_) -> None:
        where = location if threat is not None else state["villain_pos"]
        why = (self.ctx.threats[threat["card"]]["name"] if threat is not None
               else plan_title(card))
        rule = "threats" if threat is not None else "plan-effect"
        seats = self.standing(state, where)
        for seat in seats:
            self._give_crisis(state, seat, int(params["crisis"]), events, why, rule)
        if not seats:
            events.append(event(f"{why}: no Hero at {self.loc_name(where)}", rule, "threat"))

    @handler("high_evolutionary_hit_here")
    def h_hit_here(self, state, params, events, location=None, threat=None, **_) -> None:
        henchman_hits_one_hero(self, state, params, events, location, threat)

    @handler("high_evolutionary_purge")
    def h_purge(self, state, params, events, card=None, **_) -> None:
        title = plan_title(card)
        seats = [h["seat"] for h in state["heroes"] if h["crisis"] > 0 and not h["ko"]]
        if not seats:
            events.append(event(f"{title}: no Hero has a Crisis token", "plan-effect", "plan-effect"))
        for seat in reversed(seats):  # pushed to the front: seat order
            self.damage_hero(state, seat, int(params["damage"]), events, title)
