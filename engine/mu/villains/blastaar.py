"""Blastaar (content/marvel-united-promos/villains/blastaar.yaml): every rule of his Dashboard, Villainous
Plot, Commander Solo Mode rule, Special Setup, the Negative Zone card, his Threat and Master Plan.

Special Setup: "Place the Negative Zone card next to the play area. (If playing in Solo Mode use its
corresponding side.)"
  - Dashboard `special_setup` -> `blastaar_negative_zone_setup`: `state["blastaar"]` (init_state) holds the
    card (`side`: "solo" in Commander Solo Mode, else "standard"; the solo side's own text is not in the
    source, so it only carries the Dashboard's Commander Solo Mode rule below), the Patrols and Exiled
    Forever flags and the count of Threats brought back. Done in every game (core-setup 2).
Negative Zone card: "Heroes moved here discard all their Action tokens and ignore all game effects except the
Negative Zone Portal Threat effect. They skip their turns (the next player plays instead) until they are
brought back into play by another Hero."
  - A Hero in the Negative Zone has `heroes[seat]["blastaar_zone"]` True and no Location (`pos` None): every
    rule that looks for Heroes in a Location passes them by, and another Hero's effects do not target them
    (core EffectRules.other_seats). Their Action tokens are set to 0 when they arrive; their hand, deck and
    KO state stay as they are (a KO'd Hero stands up on their first turn back).
  - `on_hero_turn_start`: their turn is skipped and the next seat plays instead (core-storyline 5: no
    card is played, so the count towards the Villain turn does not move). Decision: when no other Hero can
    play instead (Commander Solo Mode: the only Hero is there), the Villain takes its turn next.
BAM!: "Move 1 Hero in Blastaar's Location or an adjacent one to the Negative Zone card. If not possible, draw
a Master Plan card and add it facedown in the Storyline. Then, deal 1 damage to 1 Hero in each Location
adjacent to Blastaar's and in the Location opposite to him."
  - Dashboard `bam` -> `blastaar_bam` (params.damage). The Heroes choose who goes (core-plan-effect), a legal
    action of the lowest seat among the candidates; automatic with one. Decision: KO'd Heroes can be chosen
    (their figure is on the board; moving is not damage). "Not possible" = no Hero in those three Locations:
    the facedown card (the Heroes lose if the Master Plan deck is empty, as for Klaw's KO rule). The damage is
    resolved after the move (its candidates are read then), clockwise from Blastaar: his clockwise
    neighbour (+1), the opposite Location (+3), his counter-clockwise neighbour (+5); in each the Heroes
    choose the Hero hit (KO'd Heroes are not candidates). Blastaar's KO keeps the core rule (a KO triggers
    this BAM!).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random cleared
Threat into play in the first clockwise Location without a Threat. If not possible, 1 Hero in that Location
or an adjacent one takes 1 damage."
  - Dashboard `overflow` -> `blastaar_overflow` (params.threats, params.damage). The Threat comes back as
    for Crossbones and Gorr (villains/common.py bring_back_cleared_threat: the first Location without a
    Threat clockwise from Blastaar's own, drawn at random). Not possible (no cleared Threat, or a Threat on
    every Location): the Heroes choose 1 Hero in the overflowing Location or either adjacent one, resolved
    after the BAM! and the card's effect of the same turn (the candidates are read then).
Villainous Plot: "The Heroes lose if they are all in the Negative Zone card."
  - Checked each time a Hero enters the Negative Zone (`_send_to_zone`), not in Commander Solo Mode.
Commander Solo Mode: "The Hero loses if they are in the Negative Zone at the start of a Villain turn."
  - In Commander Solo Mode it replaces the Villainous Plot (core-solo-commander); checked by
    `on_villain_turn_start` (Villain hook, before the Threats and the draw).
Threat, Negative Zone Portal: "Heroes in this Location may forfeit 1 Heroic Action (star icon) to bring a Hero
from the Negative Zone card back in play, in the opposite Location."
  - `play.hero_action` -> `blastaar_portal_return` (params.heroic): while a Hero is in the Negative Zone, a
    Hero standing on a Portal is offered a Heroic Action (a Heroic symbol, a Wild or a token, core-actions
    "forfeit") "bring a Hero back"; once `heroic` (+ Patrols) are forfeited in this Location this turn, the
    Hero chooses which Hero comes back (automatic with one), placed in the Location opposite the Portal.
    Decision: the forfeited actions must be spent in one Hero turn (a count kept on the turn). Not from an
    adjacent Location ("as if there" effects do not reach it). The Portal is also cleared by the core rule
    (3 Heroic Actions).
Master Plan, Negative Zone Patrols: "Until the next Villain turn, Heroes in Locations with a Negative Zone
Portal Threat must forfeit 1 additional Heroic Action to bring a Hero from the Negative Zone card back into
play." -> `blastaar_patrols` (params.extra_heroic), cleared at the start of the next Villain turn.
Master Plan, Opening Portal: "Bring back 1 cleared Threat into play in the next clockwise Location without a
Threat, if possible." -> `blastaar_opening_portal` (params.threats): the latest cleared Threat (Gorr's pick
for a Threat not said to be random), clockwise from Blastaar's Location.
Master Plan, Accelerate the Invasion: "If, at the end of this Villain turn, all the Negative Zone Portal
Threats are in play, accelerate the next Villain turn by 1 card." -> `blastaar_accelerate_invasion`
(params.threat: the Threat card, all of whose copies must be in play; params.cards): checked once the turn's
BAM!, effect, tokens and Overflow are done.
Master Plan, Exiled Forever: "If, at the start of the next Villain turn, there are any Heroes in the Negative
Zone card, the Heroes immediately lose the game." -> `blastaar_exiled_forever`: checked by
`on_villain_turn_start`, then forgotten.
Master Plan, Concussive Kinetic Force: "Move Heroes in Locations adjacent to Blastaar 1 Location away from
him. Move Heroes in Blastaar's Location to the opposite Location." -> `blastaar_concussive_force`
(params.distance), after the BAM! of the same card (the Hero sent to the Negative Zone is chosen from where
the Heroes stood). KO'd Heroes are moved too (as Klaw's Sonic Wave Blast).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import HIT_TASK, bring_back_cleared_threat, draw_facedown_plan_card, hit_task, queue_after

ZONE_TASK = "blastaar_zone_pick"
BAM_HITS_TASK = "blastaar_bam_hits"
RETURN_TASK = "blastaar_return_pick"
CONCUSSIVE_TASK = "blastaar_concussive"
OVERFLOW_TASK = "blastaar_overflow_hit"
INVASION_TASK = "blastaar_invasion_check"
PORTAL = "blastaar-portal"
# the tasks one Villain turn queues, in the order they were made (later steps are queued behind them)
BLASTAAR_TURN_TASKS = (ZONE_TASK, BAM_HITS_TASK, HIT_TASK, "hero_damage", CONCUSSIVE_TASK, OVERFLOW_TASK)
HERO_TASKS = ("hero_turn", "hero_play", "hero_actions", "hero_turn_end", "villain_turn")


class Blastaar(Villain, villain="blastaar", texts=("villainous_plot",)):

    # ----- state ------------------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """The Negative Zone card (`side`: its Solo Mode side in Commander Solo Mode), the Negative Zone
        Patrols' extra cost, Exiled Forever, the Threats brought back; each Hero's `_zone`."""
        state[self._state_key] = {"side": "solo" if state.get("mode") == "commander" else "standard",
                             "patrols": 0, "exiled": False, "returned": 0}
        for hero in state["heroes"]:
            hero["blastaar_zone"] = False

    @staticmethod
    def _zone(state) -> list[int]:
        """The seats in the Negative Zone."""
        return [h["seat"] for h in state["heroes"] if h["blastaar_zone"]]

    def _card(self) -> dict:
        return next(c for c in self.ctx.villain.get("components", []) if c["id"] == "negative-zone-card")

    @staticmethod
    def _queue_after_turn(state, task) -> None:
        """Queue `task` behind the tasks this Villain turn already made (BAM! choices, damage, effects)."""
        queue_after(state, BLASTAAR_TURN_TASKS, task)

    # ----- Special Setup, Villainous Plot, Commander Solo Mode ------------------------------------------
    @handler("blastaar_negative_zone_setup")
    def h_negative_zone_setup(self, state, params, events, **_) -> None:
        b = self._own(state)
        side = " (its Solo Mode side)" if b["side"] == "solo" else ""
        events.append(event(f"The {self._card()['name']} is placed next to the play area{side}",
                            "setup", "setup"))

    def on_villain_turn_start(self, state, events) -> None:
        b = self._own(state)
        zone = self._zone(state)
        if state.get("mode") == "commander" and zone:
            self.lose(state, events, f"{self.hero_name(state, zone[0])} is in the Negative Zone at the start "
                                     "of a Villain turn")
            return
        if b["exiled"]:
            b["exiled"] = False
            if zone:
                self.lose(state, events, "Exiled Forever: Heroes are in the Negative Zone at the start of "
                                         "the Villain turn")
                return
            events.append(event("Exiled Forever: no Hero is in the Negative Zone", "plan-effect", "villain"))
        if b["patrols"]:
            b["patrols"] = 0
            events.append(event("The Negative Zone Patrols end", "plan-effect", "villain"))

    def _send_to_zone(self, state, seat, events) -> None:
        hero = state["heroes"][seat]
        hero["pos"] = None
        hero["blastaar_zone"] = True
        hero["tokens"] = {k: 0 for k in hero["tokens"]}
        events.append(event(f"{self.hero_name(state, seat)} is moved to the Negative Zone card and discards "
                            "all their Action tokens", "bam", "move", seat))
        if state.get("mode") != "commander" and len(self._zone(state)) == len(state["heroes"]):
            self.lose(state, events, "all the Heroes are in the Negative Zone")

    def on_hero_turn_start(self, state, seat, events) -> bool:
        if not state["heroes"][seat]["blastaar_zone"]:
            return False
        events.append(event(f"{self.hero_name(state, seat)} is in the Negative Zone and skips their turn",
                            "core-storyline", "info", seat))
        n = len(state["heroes"])
        nxt = (seat + 1) % n
        tasks = [{"t": "hero_turn", "seat": nxt}]
        if len(self._zone(state)) == n:  # nobody can play instead: the Villain acts next
            tasks.insert(0, {"t": "villain_turn"})
        self.push(state, *tasks)
        return True

    # ----- BAM! -------------------------------------------------------------------------------------
    @handler("blastaar_bam")
    def h_bam(self, state, params, events, **_) -> None:
        here = state["villain_pos"]
        where = [here] + self.adjacent(state, here)
        seats = [h["seat"] for h in state["heroes"] if h["pos"] in where]
        tasks = []
        if seats:
            tasks.append({"t": ZONE_TASK, "seat": seats[0], "candidates": seats, "auto1": True})
        else:
            events.append(event("No Hero in Blastaar's or an adjacent Location: a Master Plan card goes "
                                "facedown to the Storyline instead", "bam", "bam"))
            draw_facedown_plan_card(self, state, events)
        tasks.append({"t": BAM_HITS_TASK, "damage": int(params["damage"])})
        self.push(state, *tasks)

    def choices_blastaar_zone_pick(self, state, task):
        return [{"id": f"negative-zone:{s}", "seat": task["seat"], "kind": "negative-zone", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} is moved to the Negative Zone (Blastaar's BAM!)"}
                for s in task["candidates"] if state["heroes"][s]["pos"] is not None]

    def choose_blastaar_zone_pick(self, state, task, action, events):
        self._send_to_zone(state, action["target_seat"], events)

    def skip_blastaar_zone_pick(self, state, task, events):
        draw_facedown_plan_card(self, state, events)

    def run_blastaar_bam_hits(self, state, task, events):
        tasks = []
        for off in (1, len(self.ring(state)) // 2, -1):
            loc_id = self.step(state, state["villain_pos"], off)
            seats = self.standing(state, loc_id)
            if seats:
                tasks.append(hit_task(seats, loc_id, task["damage"], "Blastaar's BAM!"))
        if not tasks:
            events.append(event("No Hero stands where Blastaar's BAM! deals damage", "bam", "bam"))
        self.push(state, *tasks)

    # ----- Overflow ---------------------------------------------------------------------------------
    @handler("blastaar_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        b = self._own(state)
        brought = [bring_back_cleared_threat(self, state, events, "overflow", b, random_pick=True)
                   for _ in range(int(params["threats"]))]
        if not any(brought):
            events.append(event("No cleared Threat can come back: 1 Hero there or adjacent takes damage",
                                "overflow", "overflow", location=location))
            self._queue_after_turn(state, {"t": OVERFLOW_TASK, "location": location,
                                           "damage": int(params["damage"])})

    def run_blastaar_overflow_hit(self, state, task, events):
        where = [task["location"]] + self.adjacent(state, task["location"])
        seats = [h["seat"] for h in state["heroes"] if h["pos"] in where and not h["ko"]]
        if not seats:
            events.append(event("No Hero there or adjacent to take the Overflow damage", "overflow",
                                "overflow"))
            return
        self.push(state, hit_task(seats, task["location"], task["damage"], "Blastaar's Overflow"))

    # ----- Threat: Negative Zone Portal (a Hero action) --------------------------------------------------
    def _portal_spec(self, state, loc_id):
        threat = self.loc(state, loc_id)["threat"]
        if not threat:
            return None
        return (self.ctx.threats[threat["card"]].get("play") or {}).get("hero_action")

    def _portal_cost(self, state, spec) -> int:
        return int(spec["params"]["heroic"]) + self._own(state)["patrols"]

    def hero_targets(self, state, seat, kind, pos, out, remote) -> list:
        """Core hook (heroes.targets): the offered actions plus blastaar_targets'."""
        return out + self._targets(state, seat, kind, pos, remote)

    def _targets(self, state, seat, kind, pos, remote):
        if kind != "heroic" or remote or not self._zone(state):
            return []
        spec = self._portal_spec(state, pos)
        if not spec:
            return []
        cost = self._portal_cost(state, spec)
        done = ((state.get("turn") or {}).get("blastaar_portal") or {}).get(pos, 0)
        return [(f"heroic:{PORTAL}:{pos}", f"Forfeit a Heroic Action at the Negative Zone Portal to bring a "
                                           f"Hero back ({done + 1} of {cost})")]

    def hero_action(self, state, seat, aid, events) -> bool:
        parts = aid.split(":")
        if parts[:2] != ["heroic", PORTAL]:
            return False
        self.run_handler(state, self._portal_spec(state, parts[2]), events, "threats", seat=seat,
                         location=parts[2])
        return True

    @handler("blastaar_portal_return")
    def h_portal_return(self, state, params, events, seat=None, location=None, **_) -> None:
        cost = int(params["heroic"]) + self._own(state)["patrols"]
        spent = state["turn"].setdefault("blastaar_portal", {})
        spent[location] = spent.get(location, 0) + 1
        name = self.hero_name(state, seat)
        if spent[location] < cost:
            events.append(event(f"{name} forfeits a Heroic Action at the Negative Zone Portal "
                                f"({spent[location]} of {cost})", "threats", "threat", seat))
            return
        spent[location] = 0
        events.append(event(f"{name} forfeits a Heroic Action at the Negative Zone Portal: a Hero comes back",
                            "threats", "threat", seat))
        self.push(state, {"t": RETURN_TASK, "seat": seat, "location": location, "auto1": True})

    def choices_blastaar_return_pick(self, state, task):
        there = self.step(state, task["location"], len(self.ring(state)) // 2)
        return [{"id": f"negative-zone-back:{s}", "seat": task["seat"], "kind": "negative-zone",
                 "target_seat": s,
                 "label": f"Bring {self.hero_name(state, s)} back at {self.loc_name(there)}"}
                for s in self._zone(state)]

    def choose_blastaar_return_pick(self, state, task, action, events):
        seat = action["target_seat"]
        hero = state["heroes"][seat]
        there = self.step(state, task["location"], len(self.ring(state)) // 2)
        hero["blastaar_zone"] = False
        hero["pos"] = there
        events.append(event(f"{self.hero_name(state, seat)} comes back from the Negative Zone at "
                            f"{self.loc_name(there)}", "threats", "move", seat))

    # ----- Master Plan ------------------------------------------------------------------------------
    @handler("blastaar_patrols")
    def h_patrols(self, state, params, events, **_) -> None:
        self._own(state)["patrols"] = int(params["extra_heroic"])
        events.append(event(f"Until the next Villain turn, bringing a Hero back from the Negative Zone costs "
                            f"{params['extra_heroic']} more Heroic Action", "plan-effect", "villain"))

    @handler("blastaar_opening_portal")
    def h_opening_portal(self, state, params, events, **_) -> None:
        for _ in range(int(params["threats"])):
            bring_back_cleared_threat(self, state, events, "plan-effect", self._own(state),
                                      random_pick=False)

    @handler("blastaar_accelerate_invasion")
    def h_accelerate_invasion(self, state, params, events, **_) -> None:
        """Queued to the end of this Villain turn (before the next Hero turn)."""
        task = {"t": INVASION_TASK, "threat": params["threat"], "cards": int(params["cards"])}
        at = next((i for i, t in enumerate(state["tasks"]) if t["t"] in HERO_TASKS), len(state["tasks"]))
        state["tasks"].insert(at, task)

    def run_blastaar_invasion_check(self, state, task, events):
        card = self.ctx.threats[task["threat"]]
        in_play = sum(1 for loc in state["locations"] if (loc["threat"] or {}).get("card") == card["id"])
        if in_play < card.get("count", 1):
            events.append(event(f"Accelerate the Invasion: {in_play} of {card.get('count', 1)} "
                                f"{card['name']} in play, nothing happens", "plan-effect", "villain"))
            return
        self.accelerate(state, task["cards"])
        events.append(event(f"Accelerate the Invasion: every {card['name']} is in play, the next Villain "
                            f"turn is accelerated by {task['cards']} card", "plan-effect", "villain"))

    @handler("blastaar_exiled_forever")
    def h_exiled_forever(self, state, params, events, **_) -> None:
        self._own(state)["exiled"] = True
        events.append(event("Exiled Forever: if any Hero is in the Negative Zone at the start of the next "
                            "Villain turn, the Heroes lose", "plan-effect", "villain"))

    @handler("blastaar_concussive_force")
    def h_concussive_force(self, state, params, events, **_) -> None:
        self._queue_after_turn(state, {"t": CONCUSSIVE_TASK, "distance": int(params["distance"])})

    def run_blastaar_concussive(self, state, task, events):
        here = state["villain_pos"]
        half = len(self.ring(state)) // 2
        near = {self.step(state, here, 1): task["distance"], self.step(state, here, -1): -task["distance"]}
        for hero in state["heroes"]:
            if hero["pos"] is None:
                continue
            if hero["pos"] == here:
                to = self.step(state, here, half)
            elif hero["pos"] in near:
                to = self.step(state, hero["pos"], near[hero["pos"]])
            else:
                continue
            hero["pos"] = to
            events.append(event(f"{self.hero_name(state, hero['seat'])} is thrown to {self.loc_name(to)}",
                                "plan-effect", "move", hero["seat"]))

    # ----- view ---------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        b = self._own(state)
        card = self._card()
        zone = self._zone(state)
        text = card["text"]
        if b["patrols"]:
            text += f" Negative Zone Patrols: {b['patrols']} more Heroic Action to bring a Hero back."
        if b["exiled"]:
            text += (" Exiled Forever: the Heroes lose if any Hero is here at the start of the next Villain "
                     "turn.")
        out["components"] = out.get("components", []) + [
            {"id": card["id"], "name": card["name"], "text": text, "location": None, "seat": None,
             "count": len(zone)}]
        for entry in out["heroes"]:
            if entry["seat"] in zone:
                entry["marks"] = entry.get("marks", []) + [{"name": "In the Negative Zone", "count": 1}]
