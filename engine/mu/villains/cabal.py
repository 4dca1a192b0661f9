"""The Cabal (content/marvel-united-promos/villains/cabal.yaml): the chosen Villain, its Henchmen, every rule
of the Dashboard, the six Villain/Threat cards and the Master Plan.

Dashboard intro: "The Cabal set plays one Cabal member as the Villain. The Villain's own card (its BAM! and
Masterplan rules) is placed on the flipside of this dashboard; the dashboard carries the shared rules below."
Special Setup: "Choose 1 Cabal member to be the Villain and place their Villain/Threat card on the indicated
space on the flipside of this dashboard, Villain-side up. No Threat is placed in the Villain's starting
Location. Place the remaining 5 Villain/Threat cards Threat-side up in the other Locations."
  - Dashboard `special_setup` -> `cabal_choose_villain`: after the core setup has laid the six cards on the
    six Locations, the players choose the Villain (task `cabal_villain`, a legal action of seat 1, one per
    Cabal member). Its card leaves its Location for the Dashboard; the card that lay in the Villain's
    starting Location (if another) moves to the Location the chosen card left, so the other 5 lie Threat-side
    up in the other 5 Locations (the core's random layout otherwise kept). Done in every game (core-setup 2).
  - The Threat side of a Villain/Threat card is a Henchman (the Master Plan and the Villainous Plot call them
    so). Decision: the source prints no Health for them, so each is cleared as any Threat without Health
    (core-threats: `threat_clear_heroic` Heroic Actions); no adapted Health is invented.
Villain/Threat cards: "Each card gives its BAM! effect; the Crisis tokens it counts are added to that card."
  - One BAM! per card, the same text on both sides. Each card's `play.bam` names its handler; the Dashboard
    `bam` -> `cabal_villain_bam` runs the chosen Villain's card handler with "this Location" = the Villain's
    Location and "this card" = the Villain's card; the core then runs every Henchman's BAM! (core-henchmen,
    core-bam: clockwise from the Villain) with "this Location" = the Henchman's Location, "this card" = that
    Henchman. Conditions are read when each card's BAM! resolves (so an earlier card's added Thug counts for
    a later card); the damage it deals is asked of the Heroes afterwards, in the same order (cards first to
    resolve, first asked).
  - Crisis tokens: `state["cabal"]["crisis"][card id]` per card, `state["cabal"]["dashboard"]` on the
    Dashboard. Decision: the Villain's card lies on the Dashboard, so "the Villain has" = the Dashboard's
    tokens plus those on the Villain's card. A cleared Henchman leaves play with its tokens (they no longer
    count). No supply limit.
Special Rules: "When a Hero is KO'd, the Villain doesn't activate their BAM! Instead, add 1 Crisis token to
this dashboard." -> Dashboard `ko` -> `cabal_dashboard_crisis` (params.crisis; no Villain or Henchman BAM!).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, add 1 Crisis token to this
dashboard." -> Dashboard `overflow` -> `cabal_dashboard_crisis` (once per overflowing Location).
Villainous Plot: "The Heroes lose if, at any moment, either the Villain or any Henchman has 5 or more Crisis
tokens." -> checked each time a Crisis token is added (`params.crisis_limit`); Henchmen in play only.
Doctor Doom / Namor: "If there are at least 2 Thugs (Civilians) in this or an adjacent Location, add 1 Crisis
token to this card. Otherwise, add 1 Thug (Civilian) to this Location."
  - `cabal_crisis_or_add_token` (params.token, at_least, crisis, add). Decision: "at least 2 ... in this or
    an adjacent Location" = one of those three Locations holds 2 or more (not a sum over them). The added
    token fills an empty slot; none free: Overflow at that Location (as for a token a Master Plan card
    cannot place; core-overflow), i.e. a Crisis token on the Dashboard.
Emma Frost: "If there is at least 1 Location with more than 1 Hero, add 1 Crisis token to this card.
Otherwise, turn the earliest faceup Hero card in the Storyline facedown."
  - `cabal_crisis_or_facedown_hero_card` (params.more_than, crisis). Every Hero figure counts (a KO'd Hero is
    still in its Location: core-ko). The facedown card keeps its place in the Storyline but has no symbols and
    no Special Effect (core-facedown-cards): it reads as blank for Taskmaster, and the view shows it
    facedown. No face-up Hero card: nothing.
Iron Patriot: "Deal 1 damage to each Hero in both adjacent Locations. If this dealt at least 1 damage, add 1
Crisis token to this card."
  - `cabal_damage_beside_then_crisis` (params.damage, crisis): KO'd Heroes take no damage (core-ko); an
    Invulnerable Hero ignores it. "dealt at least 1 damage" = at least one Hero there took (is dealt) the
    damage, decided when the BAM! resolves.
Loki: "If there is at least 1 Hero in this or an adjacent Location, add 1 Crisis token to this card.
Otherwise, deal 1 damage to 1 Hero in the opposite Location."
  - `cabal_crisis_or_hit_opposite` (params.crisis, damage): every Hero figure counts for the condition; the
    Heroes choose who is hit (shared task `hero_hit`, KO'd Heroes not candidates); nobody there: nothing.
Taskmaster: "If there is at least 1 multicolour card symbol at the bottom of the latest 3 Hero cards in the
Storyline, add 1 Crisis token to this card. Otherwise, deal 1 damage to 1 Hero in this Location."
  - `cabal_crisis_or_hit_here` (params.symbol: wild, latest, crisis, damage): the multicolour card symbol is
    the Wild (core-symbols); the latest 3 Hero cards of the whole Storyline (fewer if fewer were played; a
    facedown one counts as a card with no symbol).
Master Plan 11/12, Cabal Secret Deals: "Add 1 Crisis token to the Henchmen with the fewest Crisis tokens."
  - `cabal_secret_deals` (params.crisis): one Henchman in play; a tie is broken by the Heroes (task
    `cabal_deal`, a legal action of seat 1; automatic when one is fewest). No Henchman in play: nothing.
Player-count table: 5 for 2, 3 and 4 Heroes (core: the Villain's starting Health).
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import HIT_TASK, hit_task, queue_after

CHOOSE_TASK = "cabal_villain"
DEAL_TASK = "cabal_deal"
QUEUED = (HIT_TASK, "hero_damage", DEAL_TASK)  # tasks the Cabal's BAM!s and effects queue, in order


class Cabal(Villain, villain="cabal", texts=("special_rules", "villainous_plot")):

    # ----- the Cabal's state --------------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`villain`: the Cabal member chosen as the Villain (None before the Special Setup's choice);
        `dashboard`: the Crisis tokens on the Dashboard; `crisis`: those on each member's card."""
        state[self._state_key] = {"villain": None, "dashboard": 0,
                                  "crisis": {cid: 0 for cid in self.ctx.threats}}

    def _member(self, state):
        """The chosen Villain's card (its Threat card record), or None before the choice."""
        cid = self._own(state)["villain"]
        return self.ctx.threats[cid] if cid else None

    def _villain_crisis(self, state) -> int:
        cab = self._own(state)
        return cab["dashboard"] + (cab["crisis"].get(cab["villain"], 0) if cab["villain"] else 0)

    def _henchmen(self, state) -> list:
        """(Location id, threat) of every Henchman in play, clockwise from the Villain."""
        return [(loc_id, threat) for loc_id, threat, _ in self.threats_clockwise(state)]

    def _queue(self, state, tasks) -> None:
        """Queue tasks after those the Cabal's earlier BAM!s / effects of this turn queued (resolved in
        order)."""
        queue_after(state, QUEUED, *tasks)

    def _add_crisis(self, state, where, n, events, why, rule="bam") -> None:
        """Add n Crisis tokens to a card (`where` = its card id) or to the Dashboard (`where` = None), then
        the Villainous Plot."""
        cab = self._own(state)
        if where is None:
            cab["dashboard"] += n
            what = "the Dashboard"
        else:
            cab["crisis"][where] = cab["crisis"].get(where, 0) + n
            what = self.ctx.threats[where]["name"]
            what += "'s card (the Villain)" if where == cab["villain"] else ""
        plural = "s" if n > 1 else ""
        events.append(event(f"{n} Crisis token{plural} added to {what} ({why})", rule, "villain"))
        limit = int(self.vparam("crisis_limit"))
        if self._villain_crisis(state) >= limit:
            self.lose(state, events, f"the Villain has {self._villain_crisis(state)} Crisis tokens")
            return
        for _, threat in self._henchmen(state):
            if cab["crisis"].get(threat["card"], 0) >= limit:
                self.lose(state, events, f"the Henchman {self.ctx.threats[threat['card']]['name']} has "
                                         f"{cab['crisis'][threat['card']]} Crisis tokens")
                return

    # ----- Special Setup, Special Rules, Villainous Plot ---------------------------------------------
    @handler("cabal_choose_villain")
    def h_choose_villain(self, state, params, events, **_) -> None:
        self.push(state, {"t": CHOOSE_TASK, "seat": 0})

    def choices_cabal_villain(self, state, task):
        return [{"id": f"cabal-villain:{cid}", "seat": task["seat"], "kind": "cabal-villain", "card": cid,
                 "label": f"Choose {card['name']} to be the Villain ({card['text']})"}
                for cid, card in self.ctx.threats.items()]

    def choose_cabal_villain(self, state, task, action, events):
        cid = action["card"]
        cab = self._own(state)
        cab["villain"] = cid
        start = state["villain_pos"]
        freed = None
        for loc in state["locations"]:
            if loc["threat"] and loc["threat"]["card"] == cid:
                loc["threat"] = None
                freed = loc["id"]
        events.append(event(f"{self.ctx.threats[cid]['name']} is the Villain: their card goes Villain-side "
                            "up on the Dashboard", "setup", "setup"))
        here = self.loc(state, start)
        if here["threat"] and freed and freed != start:
            self.loc(state, freed)["threat"], here["threat"] = here["threat"], None
            moved = self.ctx.threats[self.loc(state, freed)["threat"]["card"]]["name"]
            events.append(event(f"No Threat in the Villain's starting Location: {moved} moves to "
                                f"{self.loc_name(freed)}", "setup", "setup"))

    @handler("cabal_dashboard_crisis")
    def h_dashboard_crisis(self, state, params, events, seat=None, location=None, **_) -> None:
        """Dashboard `ko` and `overflow`: add params.crisis Crisis tokens to the Dashboard."""
        if seat is not None:
            events.append(event("The Villain does not BAM! for the KO: a Crisis token goes on the Dashboard "
                                "instead", "ko", "villain", seat))
            why, rule = f"{self.hero_name(state, seat)} is KO'd", "ko"
        else:
            why, rule = f"Overflow at {self.loc_name(location)}" if location else "Overflow", "overflow"
        self._add_crisis(state, None, int(params.get("crisis", 1)), events, why, rule)

    # ----- BAM!: the Villain's card, then the Henchmen's (core) ----------------------------------------
    @handler("cabal_villain_bam")
    def h_villain_bam(self, state, params, events, **_) -> None:
        member = self._member(state)
        if member is None:
            events.append(event("No Cabal member is the Villain yet", "bam", "bam"))
            return
        events.append(event(f"{member['name']} (the Villain): {member['text']}", "bam", "bam"))
        self.run_handler(state, member["play"]["bam"], events, "bam", location=state["villain_pos"],
                         member=member["id"])

    def _this(self, state, location, threat, member):
        """(card id, Location id, name) of the card whose BAM! resolves."""
        cid = member or threat["card"]
        return cid, location, self.ctx.threats[cid]["name"]

    def _around(self, state, loc_id) -> list[str]:
        return [loc_id] + self.adjacent(state, loc_id)

    @handler("cabal_crisis_or_add_token")
    def h_crisis_or_add_token(self, state, params, events, location=None, threat=None, member=None,
                              **_) -> None:
        cid, here, name = self._this(state, location, threat, member)
        token = params["token"]
        if any(self.loc(state, loc_id)["tokens"].count(token) >= int(params["at_least"])
               for loc_id in self._around(state, here)):
            self._add_crisis(state, cid, int(params.get("crisis", 1)), events,
                             f"{name}: {params['at_least']} {token.capitalize()}s or more near")
            return
        missed = [token for _ in range(int(params.get("add", 1)))
                  if not self.add_token(state, here, token, events, "bam", by=name)]
        if missed:
            self.overflow(state, here, events, missed)

    @handler("cabal_crisis_or_facedown_hero_card")
    def h_crisis_or_facedown_hero_card(self, state, params, events, location=None, threat=None,
                                       member=None, **_) -> None:
        cid, _, name = self._this(state, location, threat, member)
        crowded = any(sum(1 for h in state["heroes"] if h["pos"] == loc_id) > int(params["more_than"])
                      for loc_id in self.ring(state))
        if crowded:
            self._add_crisis(state, cid, int(params.get("crisis", 1)), events,
                             f"{name}: a Location has more than {params['more_than']} Hero")
            return
        entry = next((e for e in state["storyline"] if e["kind"] == "hero" and not e.get("facedown")), None)
        if entry is None:
            events.append(event(f"{name}: no face-up Hero card in the Storyline", "bam", "bam"))
            return
        entry["facedown"] = True
        card = self.ctx.hero_cards[entry["card"]]["name"]
        events.append(event(f"{name}: {card}, the earliest face-up Hero card in the Storyline, is turned "
                            "facedown", "core-facedown-cards", "bam"))

    @handler("cabal_damage_beside_then_crisis")
    def h_damage_beside_then_crisis(self, state, params, events, location=None, threat=None,
                                    member=None, **_) -> None:
        cid, here, name = self._this(state, location, threat, member)
        queued = []
        for loc_id in self.adjacent(state, here):
            for hero in state["heroes"]:
                if hero["pos"] != loc_id or hero["ko"]:
                    continue
                before = len(state["tasks"])
                self.damage_hero(state, hero["seat"], int(params["damage"]), events, f"{name}'s BAM!")
                added = len(state["tasks"]) - before
                queued += state["tasks"][:added]
                del state["tasks"][:added]
        self._queue(state, queued)
        if queued:
            self._add_crisis(state, cid, int(params.get("crisis", 1)), events, f"{name} dealt damage")
        else:
            events.append(event(f"{name}: no damage dealt beside {self.loc_name(here)}", "bam", "bam"))

    def _hit(self, state, loc_id, damage, name, events) -> None:
        seats = self.standing(state, loc_id)
        if not seats:
            events.append(event(f"{name}: no Hero to hit at {self.loc_name(loc_id)}", "bam", "bam"))
            return
        self._queue(state, [hit_task(seats, loc_id, damage, f"{name}'s BAM!")])

    @handler("cabal_crisis_or_hit_opposite")
    def h_crisis_or_hit_opposite(self, state, params, events, location=None, threat=None, member=None,
                                 **_) -> None:
        cid, here, name = self._this(state, location, threat, member)
        near = self._around(state, here)
        if any(h["pos"] in near for h in state["heroes"]):
            self._add_crisis(state, cid, int(params.get("crisis", 1)), events,
                             f"{name}: a Hero is in this or an adjacent Location")
            return
        ring = self.ring(state)
        opposite = ring[(ring.index(here) + len(ring) // 2) % len(ring)]
        self._hit(state, opposite, int(params["damage"]), name, events)

    @handler("cabal_crisis_or_hit_here")
    def h_crisis_or_hit_here(self, state, params, events, location=None, threat=None, member=None,
                             **_) -> None:
        cid, here, name = self._this(state, location, threat, member)
        latest = [e for e in state["storyline"] if e["kind"] == "hero"][-int(params["latest"]):]
        shown = any(params["symbol"] in self.ctx.hero_cards[e["card"]].get("symbols", [])
                    for e in latest if not e.get("facedown"))
        if shown:
            self._add_crisis(state, cid, int(params.get("crisis", 1)), events,
                             f"{name}: a {params['symbol']} symbol on the latest {params['latest']} "
                                  "Hero cards")
            return
        self._hit(state, here, int(params["damage"]), name, events)

    # ----- Master Plan: Cabal Secret Deals ---------------------------------------------------------------
    @handler("cabal_secret_deals")
    def h_secret_deals(self, state, params, events, **_) -> None:
        cab = self._own(state)
        henchmen = self._henchmen(state)
        if not henchmen:
            events.append(event("Cabal Secret Deals: no Henchman in play", "plan-effect", "plan-effect"))
            return
        fewest = min(cab["crisis"].get(t["card"], 0) for _, t in henchmen)
        tied = [t["card"] for _, t in henchmen if cab["crisis"].get(t["card"], 0) == fewest]
        self._queue(state, [{"t": DEAL_TASK, "seat": 0, "candidates": tied,
                             "crisis": int(params.get("crisis", 1)), "auto1": True}])

    def choices_cabal_deal(self, state, task):
        in_play = {t["card"] for _, t in self._henchmen(state)}
        return [{"id": f"cabal-deal:{cid}", "seat": task["seat"], "kind": "cabal-deal", "card": cid,
                 "label": f"{self.ctx.threats[cid]['name']} takes the Crisis token (Cabal Secret Deals)"}
                for cid in task["candidates"] if cid in in_play]

    def choose_cabal_deal(self, state, task, action, events):
        self._add_crisis(state, action["card"], task["crisis"], events, "Cabal Secret Deals",
                         "plan-effect")

    # ----- view -----------------------------------------------------------------------------------------
    def extend_view(self, state, out) -> None:
        cab = self._own(state)
        limit = int(self.vparam("crisis_limit"))
        member = self._member(state)
        plot = self.ctx.villain["dashboard"]["villainous_plot"]["text"]
        out["villain"]["tracks"] = [{"id": "cabal-villain-crisis", "name": "Crisis tokens on the Villain",
                                     "value": self._villain_crisis(state), "min": 0, "max": limit,
                                     "text": plot}]
        if member:
            out["villain"]["name"] = f"{self.ctx.villain['name']}: {member['name']}"
        out["components"] = [
            {"id": "cabal-villain-card", "name": f"The Villain: {member['name']}" if member else
             "The Villain: not chosen yet", "text": member["text"] if member else "", "location":
             state["villain_pos"] if member else None, "seat": None,
             "count": cab["crisis"].get(member["id"], 0) if member else None},
            {"id": "cabal-dashboard-crisis", "name": "Crisis tokens on the Dashboard",
             "text": "Added by a KO and by Overflow; they count as the Villain's.", "location": None,
             "seat": None, "count": cab["dashboard"]},
        ]
        at = {loc_id: threat for loc_id, threat in self._henchmen(state)}
        for loc in out["locations"]:
            threat = at.get(loc["id"])
            if threat:
                name = self.ctx.threats[threat["card"]]["name"]
                loc.setdefault("marks", []).append({"name": f"Crisis tokens on {name}",
                                                    "count": cab["crisis"].get(threat["card"], 0)})
        for view_entry, entry in zip(out["storyline"], state["storyline"], strict=True):
            if entry["kind"] == "hero" and entry.get("facedown"):
                view_entry.clear()
                view_entry.update({"kind": "hero", "facedown": True, "seat": entry["seat"]})
