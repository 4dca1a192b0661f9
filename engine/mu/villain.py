"""The Villain turn (core rules page, Villain turn): draw a Master Plan card to the Storyline, move
clockwise, BAM!, the card's effect, place Civilians/Thugs, Overflow. Villain-specific texts are hooks
(bam_<villain>, move_<villain>, plan_effect_<villain>, overflow_<villain>); without one the engine
logs a "not-implemented" event and applies nothing."""

from .rules_base import Rules, event, not_implemented

SIDES = (("left", -1), ("villain", 0), ("right", 1))


class VillainRules(Rules):
    def villain_every(self, state) -> int:
        """Hero cards between Villain turns: every 3rd, every 2nd once Under Pressure; villain hook
        villain_every_<villain>(state, n) -> the count it uses instead (Knull's adapted turn sequence)."""
        n = self.ctx.const("under_pressure_every" if self.under_pressure(state) else "villain_turn_every")
        hook = self.villain_hook("villain_every_")
        return int(hook(state, n)) if hook else n

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
        """One Villain turn. Villain-specific hook villain_turn_start_<villain>(state, events) runs first: the
        Villain's own rules "at the start of a Villain turn" (Titania stands up; Blastaar's Exiled Forever,
        his Commander rule), before the Threats' "at the beginning of each Villain turn" and the draw; the
        turn stops there if the game is over. An empty Master Plan deck goes to out_of_cards (missions.py)."""
        ctx = self.ctx
        name = ctx.villain["name"]
        state["since_villain"] = 0
        if not task.get("started"):  # Threats acting "at the beginning of each Villain turn" come first
            queued = len(state["tasks"])
            start = self.villain_hook("villain_turn_start_")
            if start:  # tasks it queues are answered before the turn goes on, as the Threats'
                start(state, events)
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
            hook = self.villain_hook("plan_effect_")
            if card.get("play"):  # the card's named handler (villain.schema.json master_plan_card.play)
                self.run_handler(state, card["play"], events, "plan-effect", card=card)
            elif hook:
                hook(state, card, events)
            else:
                title = card["effect"].get("title")
                events.append(not_implemented(
                    f"{title + ': ' if title else ''}{card['effect']['text']} (not applied yet)",
                    "plan-effect", card=cid))
        self.place_tokens(state, card, events)
        self.threat_villain_turn_end(state, events)  # Threats acting "at the end of each Villain turn"
        # hook villain_turn_end_<villain>(state, events): after placement and Overflow (Shocker's
        # Achievements); the Heroes' answers to the turn's damage questions come after it
        end = self.villain_hook("villain_turn_end_")
        if end:
            end(state, events)

    def villain_move(self, state, card, events) -> None:
        """The card's move, then the villain-specific hook after_move_<villain>(state, card, events) (a rule
        acting when the Villain "ends his movement": Knull's King in Black), then arrival triggers."""
        before = state["villain_pos"]
        self.villain_move_only(state, card, events)
        after = self.villain_hook("after_move_")
        if after:
            after(state, card, events)
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
        hook = self.villain_hook("move_")
        if hook:
            hook(state, card, events)
        else:
            text = move.get("text", "") if isinstance(move, dict) else ""
            events.append(not_implemented(f"The move \"{text}\" is not applied yet: "
                                          f"{self.ctx.villain['name']} stays", "villain-move"))

    def bam(self, state, events, cause: str, threats: bool = True) -> None:
        """BAM!: the Dashboard's effect (villain-specific: hook bam_<villain>), then (not on a KO) the
        Threats' BAM! texts, which are not applied yet."""
        ctx = self.ctx
        events.append(event(f"BAM! ({cause})", "bam", "bam"))
        hook = self.villain_hook("bam_")
        spec = self.dash_play("bam")
        if spec:
            self.run_handler(state, spec, events, "bam")
        elif hook:
            hook(state, events)
        elif ctx.villain["dashboard"].get("bam"):
            events.append(not_implemented(f"{ctx.villain['name']}'s BAM! is not applied yet: "
                                          f"{ctx.villain['dashboard']['bam']}", "bam"))
        if threats:
            self.threat_bams(state, events)

    def place_tokens(self, state, card, events) -> None:
        """Hook placement_locations_<villain>(state) -> {side: Location id}: where the card's left / villain /
        right tokens go when it is not the Villain's Location and its neighbours (Lizard: the two Locations
        beside his Sewer token); a side it leaves out gets nothing."""
        placement = card.get("placement") or {}
        where = self.villain_hook("placement_locations_")
        sides = where(state) if where else {side: self.step(state, state["villain_pos"], offset)
                                            for side, offset in SIDES}
        overflow = []
        missed = []  # (Location id, kind) of every token that did not fit
        for side, _offset in SIDES:
            counts = placement.get(side)
            if not counts or sides.get(side) is None:
                continue
            loc_id = sides[side]
            loc = self.loc(state, loc_id)
            for kind, key in (("civilian", "civilians"), ("thug", "thugs")):
                for _ in range(counts.get(key, 0)):
                    if None in loc["tokens"]:
                        loc["tokens"][loc["tokens"].index(None)] = kind
                        state["tally"]["placed"][kind] += 1
                        events.append(event(f"A {kind.capitalize()} appears at {self.loc_name(loc_id)}",
                                            "placement", "token", location=loc_id))
                    else:
                        missed.append((loc_id, kind))
                        if loc_id not in overflow:
                            overflow.append(loc_id)
        for loc_id in overflow:
            self.overflow(state, loc_id, events, [k for at, k in missed if at == loc_id])

    def overflow(self, state, loc_id, events, missed=()) -> None:
        """Once per Location that could not take a token; `missed` = the kinds of the tokens that did not fit
        (a villain whose Overflow counts per token has the hook overflow_tokens_<villain>(state, loc_id,
        missed, events) instead of overflow_<villain>)."""
        ctx = self.ctx
        events.append(event(f"Overflow at {self.loc_name(loc_id)}", "overflow", "overflow", location=loc_id))
        hook = self.villain_hook("overflow_")
        per_token = self.villain_hook("overflow_tokens_")
        spec = self.dash_play("overflow")
        if spec:  # the handler gets the Location and the kinds of the tokens that did not fit
            self.run_handler(state, spec, events, "overflow", location=loc_id, missed=list(missed))
        elif per_token:
            per_token(state, loc_id, list(missed), events)
        elif hook:
            hook(state, loc_id, events)
        else:
            events.append(not_implemented(f"{ctx.villain['name']}'s Overflow is not applied yet: "
                                          f"{ctx.villain['dashboard']['overflow']}", "overflow"))
