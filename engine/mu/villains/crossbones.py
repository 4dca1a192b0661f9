"""Crossbones (content/marvel-united-promos/villains/crossbones.yaml): every rule of his Dashboard, Villainous
Plot, Threat and Master Plan.

Crisis tokens: each Hero's count is `heroes[seat]["crisis"]` (shown in the view as the Hero's `marks`, a
"Crisis token" entry while they hold any). The
only rule that takes them away is the KO rule below; the Master Plan reads them. Decision: no supply limit
(Crossbones' sheet gives none).
Villainous Plot - Headmoney Track: "The Heroes lose if this track reaches 10. The track runs from 0 to 10."
  - The track is the Dashboard's `components` entry named by `villainous_plot.track` (its `min` and `max`);
    `state["crossbones"]["headmoney"]` starts at `min`, never goes above `max`, and the Heroes lose when it
    reaches `max`. Shown in the view as an entry of `villain.tracks`.
Dashboard, Special Rules: "When a Hero is KO'd, Crossbones doesn't activate his BAM! Instead, increase the
Headmoney Track by 2 spaces and the KO'd Hero discards all their Crisis tokens."
  - Dashboard `ko` -> `crossbones_ko` (params.headmoney): no BAM! (no Dashboard BAM!, no Threat BAM!); track
    + params.headmoney; crisis = 0.
BAM!: "Give 1 Crisis token to 1 Hero in Crossbones' and each adjacent Location. Then, discard 1 Civilian from
each of these Locations, if any."
  - Dashboard `bam` -> `crossbones_bam` (params.crisis: Crisis tokens given; params.civilians: Civilians
    discarded per Location).
  - Per Location (Crossbones', then left, then right) the Heroes choose who takes the token
    (core-plan-effect), a legal action of the lowest seat there; one Hero: automatic. KO'd Heroes are not
    candidates (as for Klaw's BAM!). Decision: the Civilians are discarded at once (the choice of the Hero
    does not change the board), so a Civilian discarded by the BAM! frees its slot before the Master Plan
    card's tokens are placed; the leftmost Civilian (lowest slot) goes. A discarded Civilian is not rescued
    (no Mission count). Each one discarded from a Location with a Headmoney Threat triggers that Threat.
Overflow: "For each Civilian token that can't be added to a Location, increase the Headmoney Track by 1. For
each Thug token that can't be added to a Location, bring back 1 random cleared Threat into play in the first
clockwise Location without a Threat, if possible."
  - Dashboard `overflow` -> `crossbones_overflow` (params.civilian_headmoney: spaces per Civilian;
    params.thug_threats: Threats per Thug), counted per token (the handler gets the kinds that did not fit).
    The Threat comes back as a fresh card in the first Location without a Threat clockwise starting at
    Crossbones' own Location (Gorr's decision for the same words); it is drawn at random (game RNG) from the
    cleared pile and leaves the clearing Hero's `cleared`; the Clear Threats Mission keeps its count. Nothing
    cleared or no free Location: nothing.
Threat, Headmoney: "Each time a Civilian is discarded from this Location, increase the Headmoney Track by 1."
  - `play.civilian_discarded` -> `advance_track` (params.track, params.amount). Cleared by the core rule.
    Only Crossbones' BAM! discards Civilians (a rescue is not a discard).
Master Plan, Throwing Knives / Elite Sniper / Stiletto Blade Gauntlets / Crossbow Master:
  - `heroes_discard_cards` (params.where: villain | villain-and-adjacent | anywhere; params.cards; params.
    per_crisis: cards x the Hero's Crisis tokens; params.with_crisis: only Heroes with any Crisis token;
    params.icon: the icon asked "if possible"). Resolved after the BAM! of the same card (the Crisis tokens
    it gives count). Decisions: a discarded card goes to the bottom of the Hero's deck, as for damage (the
    engine has no discard pile: core-damage); it is a discard, not damage, so Invulnerable does not stop it;
    a Hero whose hand empties (or who must discard with an empty hand) is KO'd (core-ko); KO'd Heroes are
    not asked. "if possible": the Hero chooses among the cards showing the icon, any card when none does.
    Icons: attack / heroic = that symbol (a Wild is not one, as for Gorr); "an Action icon" = `any` (a card
    with at least one symbol: every bottom symbol is an Action); "a card-icon" = `effect` (a card with a
    Special Effect) - both our reading of icons the transcription could not confirm.
Master Plan, You Can't Protect Everybody: "Add as many Civilians to Crossbones' Location as there are Heroes
in play."
  - `civilians_per_hero_in_villain_location`: every Hero of the game counts (a KO'd Hero is not eliminated:
    core-ko). Civilians that do not fit are Overflow (per token, above), before the card's placement.
"""

from ..rules_base import event, handler
from .common import bring_back_cleared_threat, choice_task, crisis_target_choices, plan_title, queue_after
from .families import TrackPlotVillain

CRISIS_TASK = "crossbones_crisis"
DISCARDS_TASK = "crossbones_discards"
DISCARD_TASK = "crossbones_discard"


class Crossbones(TrackPlotVillain, villain="crossbones", texts=("special_rules", "villainous_plot")):
    _track_field = "headmoney"

    # ----- Crossbones' state: the Headmoney Track, the Crisis tokens (families.TrackPlotVillain) -------
    def init_state(self, state) -> None:
        """The track's value (`headmoney`) and the Threats brought back (`returned`); each Hero's Crisis
        tokens."""
        self._init_track(state, returned=0)

    def _track_text(self) -> str:
        return self.ctx.villain["dashboard"]["villainous_plot"]["text"]

    # ----- Special Rules, Villainous Plot ------------------------------------------------------------

    @handler("crossbones_ko")
    def h_ko(self, state, params, events, seat=None, **_) -> None:
        """Dashboard `ko` (params.headmoney: spaces the track goes up)."""
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        events.append(event(f"{self.ctx.villain['name']} does not BAM! for the KO: the Headmoney Track goes "
                            f"up and {name} discards their Crisis tokens", "ko", "villain", seat))
        hero["crisis"] = 0
        self._advance_track(state, int(params["headmoney"]), events, f"{name} is KO'd", "ko")

    # ----- BAM! -------------------------------------------------------------------------------------
    @handler("crossbones_bam")
    def h_bam(self, state, params, events, **_) -> None:
        """Dashboard `bam` (params.crisis, params.civilians)."""
        here = state["villain_pos"]
        where = [here] + self.adjacent(state, here)
        tasks = []
        for loc_id in where:
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(choice_task(CRISIS_TASK, seats, loc_id, crisis=int(params["crisis"])))
        if not tasks:
            events.append(event("No Hero stands where Crossbones' BAM! reaches", "bam", "bam"))
        self.push(state, *tasks)
        for loc_id in where:
            for _ in range(int(params["civilians"])):
                self._discard_civilian(state, loc_id, events)

    def choices_crossbones_crisis(self, state, task):
        return crisis_target_choices(self, state, task, "Crossbones' BAM!")

    def choose_crossbones_crisis(self, state, task, action, events):
        seat = action["target_seat"]
        hero = state["heroes"][seat]
        hero["crisis"] += task["crisis"]
        events.append(event(f"{self.hero_name(state, seat)} takes {task['crisis']} Crisis token "
                            f"({hero['crisis']} in all)", "core-crisis-tokens", "bam", seat))

    def _discard_civilian(self, state, loc_id, events) -> bool:
        loc = self.loc(state, loc_id)
        if "civilian" not in loc["tokens"]:
            return False
        self.remove_token(state, loc_id, "civilian")
        events.append(event(f"A Civilian is discarded at {self.loc_name(loc_id)}", "bam", "token",
                            location=loc_id))
        threat = loc["threat"]
        if threat:
            spec = (self.ctx.threats[threat["card"]].get("play") or {}).get("civilian_discarded")
            if spec:
                self.run_handler(state, spec, events, "threats", location=loc_id, threat=threat)
        return True

    # ----- Overflow (per token) ---------------------------------------------------------------------
    @handler("crossbones_overflow")
    def h_overflow(self, state, params, events, location=None, missed=(), **_) -> None:
        """Dashboard `overflow` (params.civilian_headmoney, params.thug_threats), per token that did not
        fit."""
        civilians = missed.count("civilian")
        if civilians:
            self._advance_track(state, civilians * int(params["civilian_headmoney"]), events,
                                f"{civilians} Civilian{'s' if civilians > 1 else ''} could not be added",
                                "overflow")
        for _ in range(missed.count("thug") * int(params["thug_threats"])):
            self._bring_back_threat(state, events)

    def _bring_back_threat(self, state, events) -> None:
        """Overflow: "bring back 1 random cleared Threat into play" (villains/common.py)."""
        bring_back_cleared_threat(self, state, events, "overflow", self._own(state), random_pick=True)

    # ----- Threat: Headmoney ------------------------------------------------------------------------
    @handler("advance_track")
    def h_advance_track(self, state, params, events, threat=None, **_) -> None:
        if params.get("track", self._track()["id"]) != (
                self._track()["id"]):
            raise ValueError(f"Crossbones has no track {params['track']!r}")
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        self._advance_track(state, int(params.get("amount", 1)), events,
                            f"{name}: a Civilian is discarded there", "threats")

    # ----- Master Plan: the discards ----------------------------------------------------------------
    @handler("heroes_discard_cards")
    def h_heroes_discard_cards(self, state, params, events, card=None, **_) -> None:
        task = {"t": DISCARDS_TASK, "params": dict(params),
                "source": plan_title(card)}
        # after the BAM! of the same card: its Crisis tokens count
        queue_after(state, (CRISIS_TASK, "hero_damage"), task)

    def run_crossbones_discards(self, state, task, events) -> None:
        params = task["params"]
        here = state["villain_pos"]
        where = {"villain": [here], "villain-and-adjacent": [here] + self.adjacent(state, here)}.get(
            params.get("where", "anywhere"))
        tasks = []
        for hero in state["heroes"]:
            if hero["ko"] or (where is not None and hero["pos"] not in where):
                continue
            crisis = hero["crisis"]
            if params.get("with_crisis") and not crisis:
                continue
            n = int(params.get("cards", 1)) * (crisis if params.get("per_crisis") else 1)
            if n > 0:
                tasks.append({"t": DISCARD_TASK, "seat": hero["seat"], "left": n,
                              "icon": params.get("icon", "any"), "source": task["source"], "auto1": True})
        if not tasks:
            events.append(event(f"{task['source']}: no Hero must discard", "plan-effect", "plan-effect"))
        self.push(state, *tasks)

    def _shows_icon(self, card_id, icon) -> bool:
        card = self.ctx.hero_cards[card_id]
        if icon == "effect":
            return bool(card.get("effect"))
        if icon == "any":
            return bool(card.get("symbols"))
        return icon in card.get("symbols", [])

    def choices_crossbones_discard(self, state, task):
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero["ko"]:
            return []
        hand = list(dict.fromkeys(hero["hand"]))
        shown = [c for c in hand if self._shows_icon(c, task["icon"])] or hand
        return [{"id": f"discard:{cid}", "seat": seat, "kind": "damage", "card": cid,
                 "label": f"Discard {self.ctx.hero_cards[cid]['name']} to the bottom of your deck "
                          f"({task['left']} to discard: {task['source']})"}
                for cid in shown]

    def skip_crossbones_discard(self, state, task, events):
        if not state["heroes"][task["seat"]]["ko"]:
            self.knock_out(state, task["seat"], events)  # must discard with an empty hand

    def choose_crossbones_discard(self, state, task, action, events):
        seat = task["seat"]
        hero = state["heroes"][seat]
        hero["hand"].remove(action["card"])
        hero["deck"].append(action["card"])
        card = self.ctx.hero_cards[action["card"]]["name"]
        events.append(event(f"{self.hero_name(state, seat)} discards {card} ({task['source']})",
                            "plan-effect", "damage", seat))
        if not hero["hand"]:
            self.knock_out(state, seat, events)
        elif task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1))

    # ----- Master Plan: You Can't Protect Everybody -------------------------------------------------
    @handler("civilians_per_hero_in_villain_location")
    def h_civilians_per_hero_in_villain_location(self, state, params, events, **_) -> None:
        loc_id = state["villain_pos"]
        missed = sum(1 for _ in state["heroes"] if not self.add_token(state, loc_id, "civilian", events,
                                                                      "plan-effect"))
        if missed:
            self.overflow(state, loc_id, events, ["civilian"] * missed)
