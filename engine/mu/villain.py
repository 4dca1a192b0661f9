"""The Villain turn (core rules page, Villain turn): draw a Master Plan card to the Storyline, move
clockwise, BAM!, the card's effect, place Civilians/Thugs, Overflow. Villain-specific texts are the
Dashboard's or the card's named handlers, else hooks of villain_base.Villain (on_bam, on_move,
on_plan_effect, on_overflow, ...), whose defaults log a "not-implemented" event and apply nothing."""

from .rules_base import Rules, event

SIDES = (("left", -1), ("villain", 0), ("right", 1))


class VillainRules(Rules):
    def villain_every(self, state) -> int:
        """Hero cards between Villain turns: every 3rd, every 2nd once Under Pressure; the hook
        villain_turn_every(state, n) may use another count (Knull's adapted turn sequence)."""
        n = self.ctx.const("under_pressure_every" if self.under_pressure(state) else "villain_turn_every")
        return int(self.villain_turn_every(state, n))

    @staticmethod
    def accelerate(state, n: int) -> None:
        """"accelerates the next Villain turn by N cards": N more Hero cards counted (core-storyline)."""
        state["since_villain"] += n

    def add_facedown_plan_card(self, state, events) -> bool:
        """A Master Plan card added facedown does nothing (core-facedown-cards); False if the deck is
        empty."""
        if not state["plan_deck"]:
            return False
        card = state["plan_deck"].pop(0)
        state["storyline"].append({"kind": "master-plan", "card": card, "facedown": True})
        events.append(event("A Master Plan card is added facedown to the Storyline", "core-facedown-cards",
                            "villain"))
        return True

    def run_villain_turn(self, state, task, events):
        """One Villain turn. The hook on_villain_turn_start(state, events) runs first: the Villain's own rules
        "at the start of a Villain turn" (Titania stands up; Blastaar's Exiled Forever, his Commander rule),
        before the Threats' "at the beginning of each Villain turn" and the draw; the turn stops there if the
        game is over. An empty Master Plan deck goes to the hook out_of_cards."""
        ctx = self.ctx
        name = ctx.villain["name"]
        state["since_villain"] = 0
        if not task.get("started"):  # Threats acting "at the beginning of each Villain turn" come first
            queued = len(state["tasks"])
            self.on_villain_turn_start(state, events)  # its tasks are answered before the turn goes on
            if state.get("outcome") is not None:
                return
            self.threat_villain_turn_start(state, events)
            queued = len(state["tasks"]) - queued
            if queued > 0:  # their questions (damage) are answered before the turn goes on
                state["tasks"].insert(queued, dict(task, started=True))
                return
        if not state["plan_deck"]:
            self.out_of_cards(state, events, f"{name} must draw a Master Plan card and the deck is empty")
            return
        cid = state["plan_deck"].pop(0)
        card = ctx.master_plan[cid]
        state["storyline"].append({"kind": "master-plan", "card": cid})
        events.append(event(f"{name}'s turn: Master Plan card {card['number']}: {card['text']}",
                            "villain-turn", "villain", card=cid))
        self.villain_move(state, card, events)
        if card.get("bam"):
            self.bam(state, events, "the Master Plan card")
        if card.get("effect"):
            if card.get("play"):  # the card's named handler (villain.schema.json master_plan_card.play)
                self.run_handler(state, card["play"], events, "plan-effect", card=card)
            else:
                self.on_plan_effect(state, card, events)
        self.place_tokens(state, card, events)
        self.threat_villain_turn_end(state, events)  # Threats acting "at the end of each Villain turn"
        # after placement and Overflow (Shocker's Achievements); the Heroes' answers to the turn's damage
        # questions come after it
        self.on_villain_turn_end(state, events)

    def villain_move(self, state, card, events) -> None:
        """The card's move, then the hook after_villain_move(state, card, events) (a rule acting when the
        Villain "ends his movement": Knull's King in Black), then arrival triggers."""
        before = state["villain_pos"]
        self.villain_move_only(state, card, events)
        self.after_villain_move(state, card, events)
        if state["villain_pos"] != before:
            self.threat_on_arrival(state, events)

    def villain_move_only(self, state, card, events) -> None:
        move = card.get("move")
        if isinstance(move, int):
            if move:
                state["villain_pos"] = self.step(state, state["villain_pos"], move)
                events.append(event(f"{self.ctx.villain['name']} moves {move} clockwise to "
                                    f"{self.loc_name(state['villain_pos'])}", "villain-move", "villain-move"))
            return
        self.on_move(state, card, events)  # a printed condition

    def bam(self, state, events, cause: str, threats: bool = True) -> None:
        """BAM!: the Dashboard's effect (its `bam` handler, else the hook on_bam), then (not on a KO) the
        Threats' BAM! texts."""
        events.append(event(f"BAM! ({cause})", "bam", "bam"))
        spec = self.dash_play("bam")
        if spec:
            self.run_handler(state, spec, events, "bam")
        else:
            self.on_bam(state, events)
        if threats:
            self.threat_bams(state, events)

    def place_tokens(self, state, card, events) -> None:
        """The hook placement_sides(state) -> {side: Location id} says where the card's left / villain / right
        tokens go (the Villain's Location and its neighbours; Lizard: the two Locations beside his Sewer
        token); a side it leaves out gets nothing."""
        placement = card.get("placement") or {}
        sides = self.placement_sides(state)
        overflow = []
        missed = []  # (Location id, kind) of every token that did not fit
        for side, _offset in SIDES:
            counts = placement.get(side)
            if not counts or sides.get(side) is None:
                continue
            loc_id = sides[side]
            for kind, key in (("civilian", "civilians"), ("thug", "thugs")):
                for _ in range(counts.get(key, 0)):
                    if not self.add_token(state, loc_id, kind, events, "placement"):
                        missed.append((loc_id, kind))
                        if loc_id not in overflow:
                            overflow.append(loc_id)
        for loc_id in overflow:
            self.overflow(state, loc_id, events, [k for at, k in missed if at == loc_id])

    def add_token(self, state, loc_id, kind, events, rule, by: str | None = None) -> bool:
        """A Civilian / Thug token (`kind`) appears in the first empty slot of `loc_id` (counted in the
        tally; the log names the rule `by` when given); False when the Location has no empty slot (the caller
        triggers Overflow)."""
        tokens = self.loc(state, loc_id)["tokens"]
        if None not in tokens:
            return False
        tokens[tokens.index(None)] = kind
        state["tally"]["placed"][kind] += 1
        text = f"{by}: a {kind.capitalize()}" if by else f"A {kind.capitalize()}"
        events.append(event(f"{text} appears at {self.loc_name(loc_id)}", rule, "token", location=loc_id))
        return True

    def overflow(self, state, loc_id, events, missed=()) -> None:
        """Once per Location that could not take a token; `missed` = the kinds of the tokens that did not fit:
        the Dashboard's `overflow` handler, else the hook on_overflow(state, loc_id, missed, events)."""
        events.append(event(f"Overflow at {self.loc_name(loc_id)}", "overflow", "overflow", location=loc_id))
        spec = self.dash_play("overflow")
        if spec:  # the handler gets the Location and the kinds of the tokens that did not fit
            self.run_handler(state, spec, events, "overflow", location=loc_id, missed=list(missed))
        else:
            self.on_overflow(state, loc_id, list(missed), events)
