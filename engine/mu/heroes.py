"""The Hero turn (core rules page, Hero turn): draw, play a card to the Storyline, resolve the symbols of
that card and of the previous Hero card, its special effect once, saved Action tokens, then the
Location's end-of-turn effect (optional)."""

from .rules_base import SYMBOLS, TOKEN_KINDS, Rules, event

TOKEN_LABELS = {"move": "a Move Action token", "attack": "an Attack Action token",
                "heroic": "a Heroic Action token", "wild": "a Wild Action token",
                "attack-heroic": "an Attack-or-Heroic Action token"}


class HeroRules(Rules):
    # ----- 1. draw ------------------------------------------------------------------------------
    def run_hero_turn(self, state, task, events):
        seat = task["seat"]
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        state["current"] = seat
        start = self.villain_hook("hero_turn_start_")  # hook hero_turn_start_<villain> (Gorr): True = handled
        if start and start(state, seat, events):
            return
        if hero.get("invulnerable"):
            hero["invulnerable"] = False
            events.append(event(f"{name}'s Invulnerable token is discarded", "special", "token", seat))
        if hero["ko"]:
            hero["ko"] = False
            events.append(event(f"{name} stands up", "ko", "ko", seat))
            self.draw_cards(state, seat, self.ctx.const("ko_return_draw"), events, "ko")
        if not hero["hand"] and not hero["deck"]:
            self.lose(state, events, f"{name} starts a turn with no cards in hand or deck")
            return
        self.draw_cards(state, seat, self.ctx.const("turn_draw"), events)
        if not hero["hand"]:
            self.lose(state, events, f"{name} has no card to play")
            return
        play = {"t": "hero_play", "seat": seat}
        hook = self.villain_hook("hero_play_")  # may restrict the play: play["only"] = one card id
        if hook:
            hook(state, play, events)
        self.push(state, play, {"t": "hero_turn_end", "seat": seat})

    # ----- 2. play a card -------------------------------------------------------------------------
    def choices_hero_play(self, state, task):
        seat = task["seat"]
        out = []
        hand = [task["only"]] if task.get("only") else state["heroes"][seat]["hand"]
        for cid in dict.fromkeys(hand):
            card = self.ctx.hero_cards[cid]
            syms = ", ".join(card.get("symbols", [])) or "no symbols"
            out.append({"id": f"play:{cid}", "label": f"Play {card['name']} ({syms})", "seat": seat,
                        "kind": "play", "card": cid})
        return out

    @staticmethod
    def previous_hero_card(state):
        """The card directly to the left, if it is a face-up Hero card (a Master Plan card blocks)."""
        if state["storyline"] and state["storyline"][-1]["kind"] == "hero":
            return state["storyline"][-1]["card"]
        return None

    def choose_hero_play(self, state, task, action, events):
        seat = task["seat"]
        cid = action["card"]
        prev = self.previous_hero_card(state)
        state["heroes"][seat]["hand"].remove(cid)
        state["storyline"].append({"kind": "hero", "card": cid, "seat": seat})
        state["since_villain"] += 1
        card = self.ctx.hero_cards[cid]
        symbols = list(card.get("symbols", []))
        prev_syms = list(self.ctx.hero_cards[prev].get("symbols", [])) if prev else []
        if prev_syms and self.previous_blank(state):
            prev_syms = []
            events.append(event("The symbols of the previous Hero card do not count this turn",
                                "previous-card", "effect", seat))
        blank = bool(card.get("effect")) and self.effects_blank(state, seat)
        state["turn"] = {"seat": seat, "card": cid, "prev": prev, "symbols": symbols + prev_syms,
                         "effect_used": not card.get("effect") or blank}
        text = f"{self.hero_name(state, seat)} plays {card['name']} to the Storyline"
        if prev:
            text += f" (with the symbols of {self.ctx.hero_cards[prev]['name']})"
        events.append(event(text, "previous-card" if prev else "storyline", "play", seat, card=cid))
        if blank:
            events.append(event(f"{self.hero_name(state, seat)}'s Special Effect is blank this turn",
                                "special", "effect", seat))
        self.push(state, {"t": "hero_actions", "seat": seat})

    def previous_blank(self, state) -> bool:
        """Villain-specific hook previous_blank_<villain>(state) (Maximus' Brain Manipulation): True when the
        Heroes do not benefit from the previous Hero card's symbols; default False."""
        hook = self.villain_hook("previous_blank_")
        return bool(hook and hook(state))

    def effects_blank(self, state, seat) -> bool:
        """Villain-specific hook effects_blank_<villain>(state, seat) (Gorr's Necrosword): True when the
        Hero's Special Effects are treated as blank; default False."""
        hook = self.villain_hook("effects_blank_")
        return bool(hook and hook(state, seat))

    # ----- 3. resolve actions ----------------------------------------------------------------------
    def targets(self, state, seat, kind, at=None, moves=True) -> list[tuple[str, str]]:
        """(action id, label) of what one `kind` symbol can do now, in the Hero's Location or `at`. A Threat
        that cannot be cleared (play.cannot_clear) takes no action. Hook hero_targets_<villain>(state, seat,
        kind, pos, remote) -> [(action id, label)]: the Villain's own uses of the symbol (ids start with the
        kind: "heroic:..."), applied by hook hero_action_<villain> (apply_action); `remote` is True for an
        action taken "as if" in another Location (fx_remote)."""
        pos = at or state["heroes"][seat]["pos"]
        loc = self.loc(state, pos)
        name = self.loc_name(pos)
        out = []
        if kind == "move" and moves:
            out += [(f"move:{a}", f"Move to {self.loc_name(a)}") for a in self.adjacent(state, pos)]
        threat = loc["threat"] if loc["threat"] and self.threat_clearable(loc["threat"]) else None
        if kind == "attack":
            if "thug" in loc["tokens"]:
                out.append((f"attack:thug:{pos}", f"Defeat a Thug at {name}"))
            if threat and self.threat_need(threat)[0] == "attack":
                name_t = self.ctx.threats[threat["card"]]["name"]
                out.append((f"attack:threat:{threat['id']}", f"Attack {name_t}"))
            if (state["villain_pos"] == pos and self.villain_vulnerable(state)
                    and self.can_damage_villain(state, seat)):
                out.append(("attack:villain", f"Attack {self.ctx.villain['name']}"))
        if kind == "heroic":
            if "civilian" in loc["tokens"]:
                out.append((f"heroic:civilian:{pos}", f"Rescue a Civilian at {name}"))
            if threat and self.threat_need(threat)[0] == "heroic":
                out.append((f"heroic:threat:{threat['id']}",
                            f"Heroic Action on {self.ctx.threats[threat['card']]['name']}"))
        extra = self.villain_hook("hero_targets_")
        if extra:
            out += extra(state, seat, kind, pos, at is not None)
        return out

    def choices_hero_actions(self, state, task):
        seat = task["seat"]
        turn = state["turn"]
        hero = state["heroes"][seat]
        base = {"seat": seat}
        out = []
        for kind in SYMBOLS[:3]:
            targets = self.targets(state, seat, kind)
            if kind in turn["symbols"] or "wild" in turn["symbols"]:
                out += [dict(base, id=aid, label=label, kind=kind) for aid, label in targets]
            for token in (kind, "wild") + (("attack-heroic",) if kind in ("attack", "heroic") else ()):
                if hero["tokens"][token] > 0:
                    out += [dict(base, id=f"token:{token}:{aid}", kind="token",
                                 label=f"{label} (spend {TOKEN_LABELS[token]})") for aid, label in targets]
        if not turn["effect_used"]:
            effect = self.ctx.hero_cards[turn["card"]]["effect"]
            out.append(dict(base, id=f"effect:{effect['name']}", label=f"Special effect: {effect['text']}",
                            kind="effect"))
        pos = hero["pos"]
        loc = self.loc(state, pos)
        if loc["threat"] is None and self.ctx.locations[pos].get("end_of_turn"):
            out.append(dict(base, id="location-effect", kind="location",
                            label=f"End the turn with {self.loc_name(pos)}: "
                                  f"{self.ctx.locations[pos]['end_of_turn']['text']}"))
        out.append(dict(base, id="end-turn", label="End the turn", kind="end"))
        return out

    def choose_hero_actions(self, state, task, action, events):
        seat = task["seat"]
        aid = action["id"]
        if aid == "end-turn":
            state["turn"] = None
            return
        if aid == "location-effect":
            state["turn"] = None
            self.location_effect(state, seat, events)
            return
        if aid.startswith("effect:"):
            state["turn"]["effect_used"] = True
            self.push(state, {"t": "hero_actions", "seat": seat})
            self.hero_effect(state, seat, state["turn"]["card"], events)
            return
        if aid.startswith("token:"):
            _, token, aid = aid.split(":", 2)
            state["heroes"][seat]["tokens"][token] -= 1
            events.append(event(f"{self.hero_name(state, seat)} spends {TOKEN_LABELS[token]}", "tokens",
                                "token", seat))
        else:
            syms = state["turn"]["symbols"]
            kind = aid.split(":")[0]
            syms.remove(kind if kind in syms else "wild")
        self.push(state, {"t": "hero_actions", "seat": seat})
        self.apply_action(state, seat, aid, events)

    def apply_action(self, state, seat, aid, events):
        """Hook hero_action_<villain>(state, seat, aid, events) -> True when it applied the action (the ids
        its hero_targets_<villain> offers)."""
        own = self.villain_hook("hero_action_")
        if own and own(state, seat, aid, events):
            return
        parts = aid.split(":")
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        if parts[0] == "move":
            hero["pos"] = parts[1]
            events.append(event(f"{name} moves to {self.loc_name(parts[1])}", "move", "move", seat))
        elif parts[:2] == ["attack", "thug"]:
            self.remove_token(state, parts[2], "thug")
            events.append(event(f"{name} defeats a Thug at {self.loc_name(parts[2])}", "attack", "thug",
                                seat))
            self.count_mission(state, "defeat-thugs", events)
        elif parts[:2] == ["heroic", "civilian"]:
            self.remove_token(state, parts[2], "civilian")
            events.append(event(f"{name} rescues a Civilian at {self.loc_name(parts[2])}", "heroic",
                                "civilian", seat))
            self.count_mission(state, "rescue-civilians", events)
        elif parts[1] == "threat":
            self.hit_threat(state, self.threat_location(state, parts[2]), parts[0], seat, events)
        elif parts[:2] == ["attack", "villain"]:
            self.damage_villain(state, seat, 1, events)

    @staticmethod
    def threat_location(state, threat_id) -> str:
        return next(loc["id"] for loc in state["locations"] if (loc["threat"] or {}).get("id") == threat_id)

    @staticmethod
    def remove_token(state, loc_id, kind) -> None:
        for loc in state["locations"]:
            if loc["id"] == loc_id:
                loc["tokens"][loc["tokens"].index(kind)] = None
                state["tally"]["removed"][kind] += 1
                return

    def gain_token(self, state, seat, kind, events, n=1, rule="tokens") -> None:
        if kind not in TOKEN_KINDS:
            raise ValueError(f"unknown Action token {kind!r}")
        state["heroes"][seat]["tokens"][kind] += n
        plural = "s" if n > 1 else ""
        events.append(event(f"{self.hero_name(state, seat)} takes {n} {kind} Action token{plural}", rule,
                            "token", seat))

    # ----- 4. end of turn -----------------------------------------------------------------------------
    def run_hero_turn_end(self, state, task, events):
        seat = task["seat"]
        hero = state["heroes"][seat]
        state["turn"] = None
        if not hero["hand"] and not hero["ko"]:
            # "A Hero who plays their last card still takes the full turn, then is KO'd"
            self.knock_out(state, seat, events)
        nxt = (seat + 1) % len(state["heroes"])
        tasks = []
        if state["since_villain"] >= self.villain_every(state):
            tasks.append({"t": "villain_turn"})
        tasks.append({"t": "hero_turn", "seat": nxt})
        self.push(state, *tasks)
