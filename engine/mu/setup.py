"""Setup (core rules page, Setup): Heroes, the ring of six Locations, tokens, Threats, decks, hands."""

from .rules_base import TOKEN_ICONS, TOKEN_NAMES, Rules, event, not_implemented
from .threats import THREAT_NOTE


class SetupRules(Rules):
    # ----- each seat picks a Hero (adapted: the players choose; no two seats take the same Hero) -----
    def choices_pick_hero(self, state, task):
        taken = {h["hero"] for h in state["heroes"]}
        seat = task["seat"]
        return [{"id": f"hero:{hid}", "label": f"Play {hero['name']}", "seat": seat, "kind": "hero"}
                for hid, hero in sorted(self.ctx.heroes.items()) if hid not in taken]

    def shuffled_hero_deck(self, state, hid: str) -> list[str]:
        """A Hero's deck of `hero_deck_size` cards (each card `copies` times), shuffled."""
        deck = [c["id"] for c in self.ctx.heroes[hid]["cards"] for _ in range(c.get("copies", 1))]
        self.shuffle(state, deck)
        return deck

    def choose_pick_hero(self, state, task, action, events):
        seat = task["seat"]
        hid = action["id"].split(":", 1)[1]
        hero = state["heroes"][seat]
        hero["hero"] = hid
        hero["deck"] = self.shuffled_hero_deck(state, hid)
        events.append(event(f"Seat {seat + 1} plays {self.hero_name(state, seat)}", "setup", "setup", seat))

    # ----- the mode (core-overview): standard or Super Villain; Commander Solo Mode is one Hero -----
    def choices_choose_mode(self, state, task):
        back = self.ctx.villain["dashboard"]["back"]
        tokens = (back.get("starting_tokens") or {}).get("text")
        extra = self.ctx.const("super_villain_health_per_hero") * len(state["heroes"])
        base = {"seat": task["seat"], "kind": "mode"}
        return [dict(base, id="mode:standard", label="Standard game"),
                dict(base, id="mode:super-villain",
                     label=f"Super Villain mode: {self.ctx.villain['name']} gets {extra} more Health"
                           + (f"; each Hero starts with {tokens.rstrip('.')}" if tokens else ""))]

    def choose_choose_mode(self, state, task, action, events):
        state["mode"] = action["id"].split(":", 1)[1]
        if state["mode"] != "super-villain":
            events.append(event("The team plays the standard game", "setup", "setup"))
            return
        extra = self.ctx.const("super_villain_health_per_hero") * len(state["heroes"])
        state["health"] += extra
        state["health_max"] += extra
        events.append(event(f"Super Villain mode: {self.ctx.villain['name']} starts with {state['health']} "
                            "Health", "super-villain", "setup"))

    # ----- the optional Challenge of the Dashboard's back (dashboard.play.challenge: Absorbing Man, Titania)
    def choices_choose_challenge(self, state, task):
        """After the mode: "Players may decide to add the special <Challenge> to the game by placing ...
        Threat card facedown near the play area and reading it." Playing without it is the first choice."""
        card = self.ctx.threats[self.dash_play("challenge")["card"]]
        base = {"seat": task["seat"], "kind": "challenge"}
        return [dict(base, id="challenge:no", label=f"Play without the {card['name']}"),
                dict(base, id="challenge:yes",
                     label=f"Add the {card['name']}: it waits facedown and enters play where the first "
                           f"Threat is cleared ({card['text']})")]

    def choose_choose_challenge(self, state, task, action, events):
        card = self.ctx.threats[self.dash_play("challenge")["card"]]
        if action["id"] == "challenge:no":
            events.append(event(f"The team plays without the {card['name']}", "setup", "setup"))
            return
        state["challenge"] = {"card": card["id"], "status": "waiting"}
        events.append(event(f"The {card['name']} is placed facedown near the play area and read: "
                            f"{card['text']}", "setup", "setup"))

    def give_starting_tokens(self, state, events) -> None:
        """Super Villain mode: each Hero takes the starting tokens the Dashboard's back lists, by icon
        (else by name: "Action token" is a Move token), core-super-villain-mode."""
        tokens = (self.ctx.villain["dashboard"]["back"].get("starting_tokens") or {}).get("tokens", [])
        for seat in range(len(state["heroes"])):
            for token in tokens:
                kind = TOKEN_ICONS.get(token.get("icon")) or TOKEN_NAMES.get(token.get("name"))
                if kind is None:
                    raise ValueError(f"{self.ctx.villain['id']}: starting token {token} has no known icon "
                                     "or name")
                self.gain_token(state, seat, kind, events, token.get("count", 1), "super-villain")

    # ----- the board ----------------------------------------------------------------------
    def run_setup_board(self, state, task, events):
        ctx = self.ctx
        # a Location reserved for a Villain's Special Setup (Mole Man's Monster Isle) is not drawn at random
        ids = sorted(loc for loc, data in ctx.locations.items() if not data.get("reserved_for"))
        self.shuffle(state, ids)
        ids = ids[:ctx.const("locations_in_play")]
        threats = [(c["id"], n) for c in ctx.threats.values() if c.get("in_threat_deck", True)
                   for n in range(1, c.get("count", 1) + 1)]  # set-aside cards are not dealt (Knull)
        self.shuffle(state, threats)
        for i, loc_id in enumerate(ids):
            slots = ctx.locations[loc_id]["slots"]
            tokens = [s if s in ("civilian", "thug") else None for s in slots]
            tokens += [None] * (ctx.const("location_slots") - len(tokens))
            for kind in tokens:
                if kind:
                    state["tally"]["placed"][kind] += 1
            threat = None
            if i < len(threats):
                card, n = threats[i]
                threat = {"id": f"{card}-{n}", "card": card, "heroic": 0, "damage": 0}
            state["locations"].append({"id": loc_id, "tokens": tokens, "threat": threat})
        names = ", ".join(self.loc_name(i) for i in ids)
        events.append(event(f"The Locations, clockwise: {names}", "setup", "setup"))
        if not ctx.threats:
            events.append(not_implemented(f"{ctx.villain['name']} has no Threat cards in content yet: "
                                          "the Locations start uncovered", "threats"))
        for card in ctx.threats.values():
            if card.get("play"):  # applied by the engine (villain.schema.json threat.play)
                continue
            events.append(not_implemented(f"Threat {card['name']}: its text is not applied yet "
                                          f"({card['text']}). {THREAT_NOTE}", "threats", card=card["id"]))
        state["villain_pos"] = ids[self.rand_below(state, len(ids))]
        state["villain_start"] = state["villain_pos"]
        events.append(event(f"{ctx.villain['name']} starts at {self.loc_name(state['villain_pos'])}",
                            "setup", "villain-move"))
        start = self.step(state, state["villain_pos"], ctx.const("hero_start_offset"))
        for hero in state["heroes"]:
            hero["pos"] = start
        events.append(event(f"The Heroes start at {self.loc_name(start)}", "setup", "setup"))
        deck = list(ctx.master_plan)
        self.shuffle(state, deck)
        state["plan_deck"] = deck
        for seat in range(len(state["heroes"])):
            self.draw_cards(state, seat, ctx.const("starting_hand_size"), events, "setup")
        if state.get("mode") == "super-villain":
            self.give_starting_tokens(state, events)
        dashboard = ctx.villain["dashboard"]
        if self.dash_play("special_setup"):
            self.run_handler(state, self.dash_play("special_setup"), events, "setup")
        else:  # the hook on_special_setup (by default a printed Special Setup is not-implemented)
            self.on_special_setup(state, events)
        for key, what in (("special_rules", "Special Rules"),
                          ("villainous_plot", "Villainous Plot / Heroic Goal")):
            if dashboard.get(key) and key not in self.texts_applied:
                events.append(not_implemented(f"{ctx.villain['name']}'s {what} not applied yet", "setup"))

    def run_first_turns(self, state, task, events):
        """The Villain takes the first turn, then the Heroes in seat order."""
        self.push(state, {"t": "villain_turn"}, {"t": "hero_turn", "seat": 0})
