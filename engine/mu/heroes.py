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
        if self.on_hero_turn_start(state, seat, events):  # True: the villain handled the turn (Gorr)
            return
        if hero.get("invulnerable"):
            hero["invulnerable"] = False
            events.append(event(f"{name}'s Invulnerable token is discarded", "special", "token", seat))
        if hero["ko"]:
            hero["ko"] = False
            events.append(event(f"{name} stands up", "ko", "ko", seat))
            self.draw_cards(state, seat, self.ctx.const("ko_return_draw"), events, "ko")
        if not hero["hand"] and not hero["deck"]:
            self.out_of_cards(state, events, f"{name} starts a turn with no cards in hand or deck")
            return
        self.draw_cards(state, seat, self.ctx.const("turn_draw"), events)
        if not hero["hand"]:
            self.out_of_cards(state, events, f"{name} has no card to play")
            return
        play = {"t": "hero_play", "seat": seat}
        self.on_hero_play(state, play, events)  # may restrict the play: play["only"] = one card id
        self.push(state, play, {"t": "hero_turn_end", "seat": seat})

    # ----- 2. play a card -------------------------------------------------------------------------
    def choices_hero_play(self, state, task):
        seat = task["seat"]
        out = []
        hand = [task["only"]] if task.get("only") else state["heroes"][seat]["hand"]
        for cid in dict.fromkeys(hand):
            card = self.ctx.hero_cards[cid]
            syms = ", ".join(card.get("symbols", [])) or "no symbols"
            label = (f"Play {card['name']} facedown (no symbols, no Special Effect)" if task.get("facedown")
                     else f"Play {card['name']} ({syms})")
            out.append({"id": f"play:{cid}", "label": label, "seat": seat, "kind": "play", "card": cid})
        return out

    @staticmethod
    def previous_hero_card(state):
        """The card directly to the left, if it is a face-up Hero card (a Master Plan card or a Hero card
        turned facedown blocks: core-facedown-cards)."""
        if (state["storyline"] and state["storyline"][-1]["kind"] == "hero"
                and not state["storyline"][-1].get("facedown")):
            return state["storyline"][-1]["card"]
        return None

    def choose_hero_play(self, state, task, action, events):
        """Play the card; the hook on_card_played(state, seat, events) (Enchantress' Hypnosis: forfeit an
        action) may queue tasks answered before the Hero's actions. task["facedown"] (set by an on_hero_play
        hook, High Evolutionary): the card is played facedown, with no symbols and no
        Special Effect (core-facedown-cards); the previous card's symbols still count."""
        seat = task["seat"]
        cid = action["card"]
        prev = self.previous_hero_card(state)
        facedown = bool(task.get("facedown"))
        state["heroes"][seat]["hand"].remove(cid)
        entry = {"kind": "hero", "card": cid, "seat": seat}
        if facedown:
            entry["facedown"] = True
        state["storyline"].append(entry)
        state["since_villain"] += 1
        card = self.ctx.hero_cards[cid]
        symbols = [] if facedown else list(card.get("symbols", []))
        prev_syms = list(self.ctx.hero_cards[prev].get("symbols", [])) if prev else []
        if prev_syms and self.previous_blank(state):
            prev_syms = []
            events.append(event("The symbols of the previous Hero card do not count this turn",
                                "previous-card", "effect", seat))
        blank = bool(card.get("effect")) and (facedown or self.effects_blank(state, seat))
        state["turn"] = {"seat": seat, "card": cid, "prev": prev, "symbols": symbols + prev_syms,
                         "effect_used": not card.get("effect") or blank}
        how = " facedown" if facedown else ""
        text = f"{self.hero_name(state, seat)} plays {card['name']}{how} to the Storyline"
        if prev:
            text += f" (with the symbols of {self.ctx.hero_cards[prev]['name']})"
        events.append(event(text, "previous-card" if prev else "storyline", "play", seat, card=cid))
        if blank and not facedown:
            events.append(event(f"{self.hero_name(state, seat)}'s Special Effect is blank this turn",
                                "special", "effect", seat))
        self.push(state, {"t": "hero_actions", "seat": seat})
        self.on_card_played(state, seat, events)  # tasks answered before the actions
        self.threat_turn_start_here(state, seat, events)  # "Heroes starting their turn in this Location"

    # ----- 3. resolve actions ----------------------------------------------------------------------
    def targets(self, state, seat, kind, at=None, moves=True) -> list[tuple[str, str]]:
        """(action id, label) of what one `kind` symbol can do now, in the Hero's Location or `at`. A Threat
        that cannot be cleared (play.cannot_clear) takes no action. The Villain is damaged by the symbol
        villain_damage_symbol names (an Attack unless a Threat says otherwise: "<symbol>:villain").
        The hook hero_targets(state, seat, kind, pos, out, remote) returns the list changed (a forfeit to
        add, an action to withhold, the Villain's own uses of the symbol: Maximus' Leonus, Absorbing Man's
        Water, Crimson Dynamo's Power Struggle, Blastaar's Portal); an id it adds starts with `kind:` and is
        applied by the hook hero_action; `remote` is True for an action taken "as if" in another Location
        (fx_remote)."""
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
            if threat and self.threat_need(threat)[0] == "attack" and self.threat_clearable(threat):
                name_t = self.ctx.threats[threat["card"]]["name"]
                out.append((f"attack:threat:{threat['id']}", f"Attack {name_t}"))
        if kind == "heroic":
            if "civilian" in loc["tokens"]:
                out.append((f"heroic:civilian:{pos}", f"Rescue a Civilian at {name}"))
            if threat and self.threat_need(threat)[0] == "heroic" and self.threat_clearable(threat):
                out.append((f"heroic:threat:{threat['id']}",
                            f"Heroic Action on {self.ctx.threats[threat['card']]['name']}"))
        if (kind in ("attack", "heroic") and state["villain_pos"] == pos
                and kind == self.villain_damage_symbol(state) and self.villain_vulnerable(state)
                and self.can_damage_villain(state, seat)):
            verb = "Attack" if kind == "attack" else "Heroic Action on"
            out.append((f"{kind}:villain", f"{verb} {self.ctx.villain['name']}"))
        return self.hero_targets(state, seat, kind, pos, out, at is not None)

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
        if (loc["threat"] is None and self.ctx.locations[pos].get("end_of_turn")
                and self.threat_can_use_location(state, seat)):
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
        """Apply one action id of `targets`; the hook hero_action(state, seat, aid, events) applies the ids
        its hero_targets hook added (True = handled). A Move is followed by the hook on_hero_moved."""
        if self.hero_action(state, seat, aid, events):
            return
        parts = aid.split(":")
        hero = state["heroes"][seat]
        name = self.hero_name(state, seat)
        if parts[0] == "move":
            hero["pos"] = parts[1]
            events.append(event(f"{name} moves to {self.loc_name(parts[1])}", "move", "move", seat))
            self.on_hero_moved(state, seat, events)
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
        elif parts[1] == "villain":  # "attack:villain", or "heroic:villain" (villain_damage_symbol)
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
        """The hook on_hero_turn_end(state, task, events) first (Enchantress' Hypnosis, Shocker's Stunned
        tokens): True = it queued its own tasks and this task again, so the end of the turn is resolved
        after them."""
        if self.on_hero_turn_end(state, task, events):
            return
        seat = task["seat"]
        hero = state["heroes"][seat]
        state["turn"] = None
        if not task.get("threats_done"):  # Threats acting when a Hero ends their turn (Toxic Gamma Ray)
            queued = len(state["tasks"])
            self.threat_hero_turn_end(state, seat, events)
            queued = len(state["tasks"]) - queued
            if queued > 0:  # their questions are answered before the turn's end goes on
                state["tasks"].insert(queued, dict(task, threats_done=True))
                return
        if not hero["hand"] and not hero["ko"]:
            # "A Hero who plays their last card still takes the full turn, then is KO'd"
            self.knock_out(state, seat, events)
        nxt = (seat + 1) % len(state["heroes"])
        tasks = []
        if state["since_villain"] >= self.villain_every(state):
            tasks.append({"t": "villain_turn"})
        tasks.append({"t": "hero_turn", "seat": nxt})
        self.push(state, *tasks)
