"""Setup, rounds, the draft, programming, escalation and victory (the Player Phase's frame)."""

from ..core.actions import action
from ..core.grid import DIRECTIONS
from .rules_base import Rules, event, fmt


class PhaseRules(Rules):
    # ----- setup ---------------------------------------------------------------------------
    def choices_choose_mode(self, state, task):
        """Missions 1-10: "EZ-MODE: Playing with younger players or players new to board games?" """
        return [action("mode:normal", "Normal mode", task["seat"], "mode"),
                action("mode:ez", "EZ-MODE (the mission's EZ-MODE values)", task["seat"], "mode")]

    def choose_choose_mode(self, state, task, action, events):
        state["ez"] = action["id"] == "mode:ez"
        events.append(event("The team plays in EZ-MODE" if state["ez"] else "The team plays in normal mode",
                            "mission", "setup"))

    def run_setup_pieces(self, state, task, events):
        """The mission's pieces and tracks, with EZ-MODE values where chosen; init_* hooks add theirs."""
        play = self.ctx.play
        if play.get("bomb"):
            health = self.level(state, play["bomb"], "health")
            state["bomb"] = {"pos": list(play["bomb"]["square"]), "health": health, "max": health}
        shards = play.get("crystal_shards", {})
        state["shards"] = [list(sq) for sq in shards.get("squares", [])]
        state["shards_breakable"] = shards.get("breakable", False)
        state["shards_start"] = len(state["shards"])
        for init in self.hooks("init"):
            init(state, events)

    # ----- "Place each character-specific Mech on any Mech starting space, facing any direction."
    def start_squares(self) -> list:
        return self.ctx.board.select(self.ctx.play.get("mech_start", {"kind": "mech-start"}))

    def choices_place_mech(self, state, task):
        seat = task["seat"]
        taken = [m["pos"] for m in state["mechs"] if m["pos"] is not None]
        name = self.name(state, seat)
        return [action(f"start:{sq[0]}-{sq[1]}", f"{name} starts at {fmt(sq)}", seat, "setup", square=sq)
                for sq in self.start_squares() if sq not in taken and not self.occupied(state, sq)]

    def choose_place_mech(self, state, task, action, events):
        seat = task["seat"]
        state["mechs"][seat]["pos"] = list(action["square"])
        events.append(event(f"{self.name(state, seat)} takes the starting space {fmt(action['square'])}",
                            "tutorial-setup", "setup", seat))
        self.push(state, {"t": "face_mech", "seat": seat})

    def choices_face_mech(self, state, task):
        seat = task["seat"]
        name = self.name(state, seat)
        return [action(f"face:{d}", f"{name} faces {d}", seat, "setup") for d in DIRECTIONS]

    def choose_face_mech(self, state, task, action, events):
        seat = task["seat"]
        facing = action["id"].split(":")[1]
        state["mechs"][seat]["facing"] = facing
        events.append(event(f"{self.name(state, seat)} faces {facing}", "tutorial-setup", "setup", seat))

    def run_first_player(self, state, task, events):
        """Roll the Rune Die; reroll a colour no player sits nearest (Field Guide, First Player)."""
        colors = [m["color"] for m in state["mechs"]]
        while True:
            rolled = self.roll_rune_die(state)
            if rolled in colors:
                break
            events.append(event(f"The Rune Die shows {rolled}: nobody sits there, reroll",
                                "crystal-compass", "roll"))
        state["first"] = colors.index(rolled)
        first = self.name(state, state["first"])
        events.append(event(f"The Rune Die shows {rolled}: {first} is First Player",
                            "tutorial-first-player", "first-player", state["first"]))

    # ----- rounds -----------------------------------------------------------
    def run_round_start(self, state, task, events):
        first = self.name(state, state["first"])
        events.append(event(f"Round {state['round']} begins; {first} is First Player",
                            "round", "round"))
        self.push(state, {"t": "deal"}, {"t": "program_phase"}, {"t": "execute_phase"},
                  {"t": "player_phase_end"}, {"t": "minion_phase"}, {"t": "danger_phase"}, {"t": "round_end"})

    def run_danger_phase(self, state, task, events):
        """Missions with a Danger Phase: "after the Minion Phase and before the next Round's Player
        Phase"; each thing that acts is a danger_* task (the Boss Mech, the Lava Wall)."""
        acting = self.ctx.play.get("danger_phase", [])
        if acting:
            state["phase"] = "danger"
            events.append(event("Danger Phase", "danger-phase", "phase"))
            self.push(state, *({"t": "danger_" + kind.replace("-", "_")} for kind in acting))

    def run_round_end(self, state, task, events):
        state["rounds_ended"] = state.get("rounds_ended", 0) + 1
        self.check_endings(state, events, "end-of-round")
        if state.get("outcome") is not None:
            return
        state["round"] += 1
        state["first"] = (state["first"] + 1) % len(state["mechs"])
        self.push(state, {"t": "round_start"})

    # ----- draft ------------------------------------------------------------------
    def run_deal(self, state, task, events):
        state["phase"] = "draft"
        players = len(state["mechs"])
        double = state["next_draft"] == "double"
        if double:
            deal = self.ctx.const("double_draft_deal")
            needed = players * self.ctx.const("double_draft_picks_each")
        else:
            deal = self.ctx.const("draft_deal")
            needed = self.ctx.const("draft_picks")
        state["next_draft"] = "single"
        decks = state["decks"]
        dealt = [c for c in (self.draw(state, decks["command"], decks["command_discard"])
                             for _ in range(deal)) if c is not None]
        needed = min(needed, len(dealt))
        state["draft"] = {"dealt": dealt, "picks": 0, "needed": needed}
        names = ", ".join(self.ctx.command[c]["name"] for c in dealt)
        rule = "double-draft" if double else "player-drafts"
        events.append(event(f"{self.name(state, state['first'])} deals {len(dealt)} Command Cards: {names}",
                            rule, "deal", state["first"]))
        if needed:
            self.push(state, {"t": "pick", "seat": state["first"]})

    def choices_pick(self, state, task):
        seat = task["seat"]
        seen = []
        for card in state["draft"]["dealt"]:
            if card not in seen:
                seen.append(card)
        picks = [action(f"draft:pick:{c}", f"Pick {self.ctx.command[c]['name']}", seat, "draft", card=c)
                 for c in seen]
        if self.draft_timed(state):
            # Sent by the page when its countdown ends; legal only in a timed draft, so an
            # untimed one (the Tutorial) offers exactly the picks.
            picks.append(action("draft:timeout", "Zhonya's Minuteglass runs out", seat, "timer"))
        return picks

    @staticmethod
    def draft_timed(state) -> bool:
        """Whether drafts are timed now: from the start (mission.draft.timed) or since an escalation."""
        return bool(state.get("timed_draft") or state["mods"].get("timed_draft"))

    def draft_timeout(self, state, seat, events):
        """Zhonya's Minuteglass runs out: the remaining picks are dealt at random, in turn order.

        Field Guide, Draft: "shuffle the unpicked cards and deal out cards randomly"; Zhonya's
        Minuteglass: "the remaining picks must be chosen from the deck randomly". The two differ on
        where the random cards come from (the unpicked dealt cards or the Command Deck); we follow
        the Draft entry, which Mission 1's escalation repeats ("randomly deal a Command Card from the
        remaining cards to each remaining player, and then discard the rest"): shuffle the unpicked
        dealt cards and deal one to each remaining pick, starting with the player whose pick it was."""
        draft = state["draft"]
        self.shuffle(state, draft["dealt"])
        events.append(event("Zhonya's Minuteglass runs out: the unpicked cards are shuffled and dealt "
                            "at random", "player-drafts", "timer", seat))
        n = len(state["mechs"])
        while draft["picks"] < draft["needed"] and draft["dealt"]:
            card = draft["dealt"].pop(0)
            draft["picks"] += 1
            state["mechs"][seat]["hand"].append(card)
            events.append(event(f"{self.name(state, seat)} is dealt {self.ctx.command[card]['name']}",
                                "zhonyas-minuteglass", "draft", seat, card=card))
            seat = (seat + 1) % n
        self.end_draft(state, events)

    def choose_pick(self, state, task, action, events):
        if action["id"] == "draft:timeout":
            self.draft_timeout(state, task["seat"], events)
            return
        seat, card, draft = task["seat"], action["card"], state["draft"]
        draft["dealt"].remove(card)
        draft["picks"] += 1
        state["mechs"][seat]["hand"].append(card)
        events.append(event(f"{self.name(state, seat)} picks {self.ctx.command[card]['name']}",
                            "player-drafts", "draft", seat, card=card))
        if draft["picks"] < draft["needed"] and draft["dealt"]:
            self.push(state, {"t": "pick", "seat": (seat + 1) % len(state["mechs"])})
        else:
            self.end_draft(state, events)

    def end_draft(self, state, events):
        """Field Guide, Player Drafts: "Discard the remaining cards." """
        draft = state["draft"]
        state["decks"]["command_discard"] += draft["dealt"]
        if draft["dealt"]:
            events.append(event(f"{len(draft['dealt'])} unpicked card(s) are discarded",
                                "player-drafts", "discard"))
        state["draft"] = None

    # ----- program ------------------------------------------------------------------
    def run_program_phase(self, state, task, events):
        state["phase"] = "program"
        self.push(state, *({"t": "program", "seat": s} for s in self.seats_from_first(state)))

    def choices_program(self, state, task):
        seat = task["seat"]
        mech = state["mechs"][seat]
        actions, seen = [], []
        for card in mech["hand"]:
            if card in seen:
                continue
            seen.append(card)
            actions += self.program_actions(mech, seat, card)
            actions += self.scrap_actions(mech, seat, card)
        return actions

    def program_actions(self, mech, seat, card):
        info = self.ctx.command[card]
        out = []
        for n, slot in enumerate(mech["slots"], start=1):
            if slot["damage"] is not None:
                continue  # "Command Cards cannot be placed on damaged slots!"
            cards = slot["cards"]
            if not cards:
                how = "empty slot"
            elif self.ctx.command[cards[-1]]["element"] == info["element"]:
                how = f"stack: power {min(len(cards) + 1, self.ctx.const('max_stack'))}"
            else:
                how = f"overrides {self.ctx.command[cards[-1]]['name']}"
            out.append(action(f"program:{card}:slot-{n}", f"{info['name']} → slot {n} ({how})", seat,
                              "program", card=card, slot=n))
        return out

    def scrap_actions(self, mech, seat, card):
        info = self.ctx.command[card]
        scrap = self.ctx.elements[info["element"]]["scrap"]
        base = {"seat": seat, "kind": "scrap", "card": card}
        out = [dict(base, id=f"scrap:{card}", label=f"Scrap {info['name']} (no effect)")]
        if scrap == "repair":
            for n, slot in enumerate(mech["slots"], start=1):
                if slot["damage"]:
                    dmg = self.ctx.damage[slot["damage"]]["name"]
                    out.append(dict(base, id=f"scrap:{card}:repair:slot-{n}", slot=n,
                                    label=f"Scrap {info['name']}: repair slot {n} ({dmg})"))
            for sys_card in dict.fromkeys(mech["system"]):
                out.append(dict(base, id=f"scrap:{card}:repair:system-{sys_card}",
                                label=f"Scrap {info['name']}: repair {self.ctx.damage[sys_card]['name']}"))
        else:
            free = [n for n, s in enumerate(mech["slots"], start=1) if s["damage"] is None]
            for i, a in enumerate(free):
                for b in free[i + 1:]:
                    if mech["slots"][a - 1]["cards"] or mech["slots"][b - 1]["cards"]:
                        out.append(dict(base, id=f"scrap:{card}:swap:{a}-{b}",
                                        label=f"Scrap {info['name']}: swap slots {a} and {b}"))
        return out

    def choose_program(self, state, task, action, events):
        seat, card = task["seat"], action["card"]
        mech = state["mechs"][seat]
        mech["hand"].remove(card)
        name, info = self.name(state, seat), self.ctx.command[card]
        parts = action["id"].split(":")
        if parts[0] == "program":
            self.program_card(state, mech, seat, card, action["slot"], events)
        else:
            state["decks"]["command_discard"].append(card)
            if len(parts) == 2:
                events.append(event(f"{name} scraps {info['name']}", "scrap", "scrap", seat))
            elif parts[2] == "repair":
                self.repair(state, mech, seat, parts[3], info["name"], events)
            else:
                a, b = (int(x) for x in parts[3].split("-"))
                sa, sb = mech["slots"][a - 1], mech["slots"][b - 1]
                sa["cards"], sb["cards"] = sb["cards"], sa["cards"]
                sa["shields"], sb["shields"] = sb["shields"], sa["shields"]
                events.append(event(f"{name} scraps {info['name']} to swap slots {a} and {b}",
                                    "scrap-to-reprogram", "scrap", seat))
        if mech["hand"]:
            self.push(state, {"t": "program", "seat": seat})

    def program_card(self, state, mech, seat, card, n, events):
        slot, name, info = mech["slots"][n - 1], self.name(state, seat), self.ctx.command[card]
        top = slot["cards"][-1] if slot["cards"] else None
        if top is None:
            slot["cards"] = [card]
            events.append(event(f"{name} programs {info['name']} into slot {n}", "program", "program", seat))
        elif self.ctx.command[top]["element"] == info["element"]:
            slot["cards"].append(card)
            if len(slot["cards"]) > self.ctx.const("max_stack"):
                bottom = slot["cards"].pop(0)
                state["decks"]["command_discard"].append(bottom)
                events.append(event(
                    f"{name} stacks {info['name']} on slot {n}; the bottom card "
                    f"({self.ctx.command[bottom]['name']}) is discarded, power stays "
                    f"{self.ctx.const('max_stack')}", "stack", "program", seat))
            else:
                events.append(event(f"{name} stacks {info['name']} on slot {n}: power {len(slot['cards'])}",
                                    "stack", "program", seat))
        else:
            state["decks"]["command_discard"] += slot["cards"]
            slot["cards"], slot["shields"] = [card], 0
            events.append(event(f"{name} overrides slot {n} with {info['name']}; the old stack is discarded",
                                "stacking-command-cards", "program", seat))

    def repair(self, state, mech, seat, target, card_name, events):
        name = self.name(state, seat)
        if target.startswith("slot-"):
            slot = mech["slots"][int(target[5:]) - 1]
            removed, slot["damage"] = slot["damage"], None
            text = f"{name} scraps {card_name} to repair slot {target[5:]}; the cards below are re-enabled"
        else:
            removed = target[len("system-"):]
            mech["system"].remove(removed)
            text = f"{name} scraps {card_name} to repair {self.ctx.damage[removed]['name']}"
        state["decks"]["damage_discard"].append(removed)
        events.append(event(text, "scrap-to-repair", "repair", seat))
