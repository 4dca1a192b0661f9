"""A person as the BUGMISTRESS (POWERUP Rulebook — Being the BUGMISTRESS): the setup question, her seat, the
POWERUPs she places, and her turn as choices: "1. Draw BUG cards [...] 2. Activate a BUG wave [...] 3. BUGs
move and attack [...] 4. Spawn of the BUGs". Her BUGs' actions are mistress_bugs.py's, her cards
mistress_cards.py's. With the computer as the BUGMISTRESS nothing here runs: bug_side.py's Artificial
Intelligence plays the BUGs' turn.

Our rulings (the source is silent):
- Her seat comes after the BUGBUSTERs' (seat n for n BUGBUSTERs); the setup asks the first player, before
  the BUGBUSTERs are chosen, whether the computer or a person at this device plays her.
- "Place a POWERUP on each tile. The BUGMISTRESS gets to decide on the exact placement": each POWERUP of the
  mission's board may be moved to any square of its own tile where a chip lies (held up, free, not acid,
  spikes, a staircase, a gateway or the void), or left where the board has it.
- A card is used "in one of two ways": for its action, or for its SPAWN value. The SPAWN values she spends
  go into a pool of points for this turn, which pays the activation costs of waves (step 2) and the SPAWN
  costs of the BUGs released (step 4), any number from any upright spawner while it has a free square in
  front of it or above it ("BUGs emerge from the mouths of upright BURPS, facing in the same direction").
  Points left at the end of her turn are lost; the cards not spent stay in her hand.
- The first spawn of the game may release any active BUG (the "only BUGGIES" rule is the AI's: "the first
  SPAWN of the game is different when using the AI").
- Her four steps come in the printed order; Special and Event cards may be played at any step of her turn,
  Trick cards at any step and in the windows mistress_cards.py opens during the BUGBUSTERs' turns.
Ruling #ruling-bugmistress-player."""

from ..core.actions import action
from .rules_base import Rules, event, fmt

STEPS = ("waves", "bugs", "spawn")  # her turn after the draw ("2. Activate", "3. BUGs move", "4. Spawn")
STEP_NAMES = {"waves": "activate the waves", "bugs": "move and attack", "spawn": "spawn"}
MISTRESS_NAME = "BUGMISTRESS"
# "You can play with an artificial intelligence leading the BUGs, or with one player as the BUGMISTRESS"
WHO_PLAYS_HER = (("computer", "the computer (the rulebook's AI)"), ("person", "a person at this device"))


def form_options(scenario: dict) -> list:
    """The question a Story or Arcade page's form asks up front (the option `mistress`); Deathmatch has no
    BUGMISTRESS."""
    if scenario.get("mode") == "deathmatch":
        return []
    return [{"name": "mistress", "label": MISTRESS_NAME, "choices": list(WHO_PLAYS_HER)}]


class MistressRules(Rules):
    # ----- the seat ---------------------------------------------------------------------------------
    def mistress_seat(self, state=None):
        """The BUGMISTRESS's seat when a person plays her, else None (the AI)."""
        return (state if state is not None else self._state).get("mistress_seat")

    # ----- the setup question -------------------------------------------------------------------------
    def choices_choose_mistress(self, state, task) -> list:
        """ "You can play with an artificial intelligence leading the BUGs, or with one player as the
        BUGMISTRESS"."""
        return [action(f"mistress:{v}", f"{MISTRESS_NAME}: {say}", 0, "mistress") for v, say in WHO_PLAYS_HER]

    def choose_choose_mistress(self, state, task, chosen, events) -> None:
        if chosen["id"] != "mistress:person":
            return
        state["mistress_seat"] = state["players"]
        events.append(
            event(
                "A person plays the BUGMISTRESS: her BUG cards are hers alone to see.",
                "being-the-bugmistress",
                seat=state["mistress_seat"],
            )
        )

    # ----- "The BUGMISTRESS gets to decide on the exact placement" ------------------------------------
    def mistress_placements(self, state) -> list:
        """The tasks placing each POWERUP of the board, when a person plays the BUGMISTRESS."""
        if self.mistress_seat(state) is None:
            return []
        return [
            {"t": "mistress_place", "seat": self.mistress_seat(state), "token": t["id"]}
            for t in state["tokens"]
            if t["kind"] == "powerup" and t.get("at") is not None
        ]

    def powerup_squares(self, state, token) -> list:
        """Where the POWERUP may go: a square of its own tile where a chip lies and nothing stands.
        Ruling #ruling-bugmistress-player."""
        tile = self.tile_index_at(token["at"])
        out = []
        for y in range(self.ctx.height):
            for x in range(self.ctx.width):
                square = [x, y]
                if (
                    self.tile_index_at(square) == tile
                    and square != token["at"]
                    and self.lies_on(state, square)
                    and not self.chars_at(state, square)
                    and not any(t.get("at") == square for t in state["tokens"])
                ):
                    out.append(square)
        return out

    def choices_mistress_place(self, state, task) -> list:
        token = next(t for t in state["tokens"] if t["id"] == task["token"])
        seat, where = task["seat"], fmt(token["at"])
        out = [action("place:keep", f"Leave the POWERUP at {where}, where the board has it", seat, "place")]
        out += [
            action(
                f"place:{x}-{y}",
                f"Move the POWERUP from {where} to {fmt([x, y])}",
                seat,
                "place",
                square=[x, y],
            )
            for x, y in self.powerup_squares(state, token)
        ]
        return out

    def choose_mistress_place(self, state, task, chosen, events) -> None:
        token = next(t for t in state["tokens"] if t["id"] == task["token"])
        if "square" in chosen:
            token["at"] = list(chosen["square"])
        events.append(
            event(
                f"The BUGMISTRESS places a POWERUP at {fmt(token['at'])}.",
                "new-game-setup-diagram",
                seat=task["seat"],
            )
        )

    # ----- her turn -----------------------------------------------------------------------------------
    def mistress_turn_tasks(self, state) -> list:
        """ "1. Draw BUG cards", then her steps."""
        return [
            {"t": "mistress_draw"},
            {"t": "mistress", "seat": self.mistress_seat(state), "step": STEPS[0]},
        ]

    def run_mistress_draw(self, state, task, events) -> None:
        """ "The player controlling the BUGMISTRESS draws one BUG card for every BUGBUSTER playing. There is
        no limit to the amount of cards in the BUGMISTRESS's hand." """
        mistress = state["mistress"]
        mistress.update(pool=0, spent={}, played=[])
        drawn = 0
        for _ in range(self.bug_cards_to_draw(state)):
            card = self.draw_bug_card(state)
            if card is not None:
                mistress["hand"].append(card)
                drawn += 1
        events.append(
            event(
                f"The BUGMISTRESS draws {drawn} BUG card{'s' * (drawn != 1)} "
                f"({len(mistress['hand'])} in her hand).",
                "being-the-bugmistress",
                seat=self.mistress_seat(state),
            )
        )

    def choices_mistress(self, state, task) -> list:
        seat, step = task["seat"], task["step"]
        out = []
        if step == "waves":
            out += self.wave_choices(state, seat)
        elif step == "bugs":
            out += self.bug_action_choices(state, seat)
        elif not task.get("barred"):  # Disruptor: "The BUGMISTRESS cannot spawn in the next turn"
            out += self.spawn_choices(state, seat)
        if step in ("waves", "spawn"):
            out += self.spawn_value_choices(state, seat)
        out += self.card_choices(state, seat, own_turn=True)
        following = STEPS.index(step) + 1
        if following < len(STEPS):
            words = f"go on: {STEP_NAMES[STEPS[following]]}"
        else:
            words = "end the BUGs' turn"
            if state["mistress"].get("pool"):
                words += f" ({state['mistress']['pool']} SPAWN points unspent are lost)"
        out.append(action("mistress:next", f"BUGMISTRESS: {words}", seat, "next"))
        return out

    def choose_mistress(self, state, task, chosen, events) -> None:
        kind, _, rest = chosen["id"].partition(":")
        if chosen["id"] == "mistress:next":
            self.next_step(state, task, events)
            return
        self.push(state, task)
        if kind == "value":
            self.spend_for_spawn(state, rest, events)
        elif kind == "wave":
            self.activate_wave(state, rest, events)
        elif kind == "spawn":
            self.spawn_chosen(state, chosen, events)
        elif kind == "bug":
            self.bug_action(state, chosen, events)
        else:
            self.play_card(state, chosen, events)

    def next_step(self, state, task, events) -> None:
        """On to the next step; after the last, the points left are lost and the turn ends."""
        mistress = state["mistress"]
        index = STEPS.index(task["step"]) + 1
        if index < len(STEPS):
            step = STEPS[index]
            barred = step == "spawn" and mistress.get("no_spawn")
            if barred:
                mistress["no_spawn"] = False
                events.append(event("The BUGMISTRESS cannot spawn this turn.", "pow-actions"))
            self.push(state, dict(task, step=step, barred=bool(barred)))
            return
        mistress["pool"] = 0
        events.append(
            event("The BUGMISTRESS ends the BUGs' turn.", "being-the-bugmistress", seat=task["seat"])
        )

    # ----- SPAWN points and waves -------------------------------------------------------------------
    def spawn_value_choices(self, state, seat) -> list:
        """ "The BUGMISTRESS can use BUG cards in one of two ways: performing the card action or using the
        SPAWN value on the card". Ruling #ruling-bugmistress-player."""
        out = []
        for card_id in sorted(set(state["mistress"]["hand"])):
            card = self.ctx.bug_cards[self.card_kind(card_id)]
            if card.get("spawn"):
                out.append(
                    action(
                        f"value:{card_id}",
                        f"Spend {card['name']} for its SPAWN value ({card['spawn']})",
                        seat,
                        "value",
                        card=card_id,
                    )
                )
        return out

    def spend_for_spawn(self, state, card_id, events) -> None:
        mistress = state["mistress"]
        card = self.ctx.bug_cards[self.card_kind(card_id)]
        mistress["hand"].remove(card_id)
        state["decks"]["bug_discard"].append(card_id)
        mistress["pool"] += card["spawn"]
        mistress["played"].append([card_id, "spawn-value"])
        events.append(
            event(
                f"The BUGMISTRESS spends {card['name']} for {card['spawn']} SPAWN points "
                f"({mistress['pool']} to spend).",
                "bugmistress-bug-actions",
            )
        )

    def wave_choices(self, state, seat) -> list:
        """ "2. Activate a BUG wave. The BUGs have a number behind them. This number is the activation cost
        for that type of BUG. [...] Once the activation cost is paid, place the BUG card face up." """
        mistress = state["mistress"]
        out = []
        for bug in self.ctx.play["roster"]:
            cost = self.ctx.sheet(bug).get("activation_cost", 0)
            if bug not in mistress["active"] and cost <= mistress["pool"]:
                name = self.ctx.bugs[bug]["name"]
                out.append(action(f"wave:{bug}", f"Activate the {name} wave ({cost} points)", seat, "wave"))
        return out

    def activate_wave(self, state, bug, events) -> None:
        mistress = state["mistress"]
        mistress["pool"] -= self.ctx.sheet(bug).get("activation_cost", 0)
        mistress["active"].append(bug)
        events.append(
            event(f"The {self.ctx.bugs[bug]['name']} wave is activated.", "bugmistress-bug-actions")
        )

    def spawn_choices(self, state, seat) -> list:
        """ "4. Spawn of the BUGs. [...] BUGs emerge from the mouths of upright BURPS, facing in the same
        direction"; "There can never be more BURPs than BUGBUSTERs in the game". Ruling
        #ruling-bugmistress-player."""
        mistress = state["mistress"]
        out = []
        for spawner in sorted(self.spawners(state), key=lambda c: c["id"]):
            for bug in mistress["active"]:
                cost = self.ctx.sheet(bug)["spawn_cost"]
                square = self.spawn_square(state, spawner, bug)
                if cost > mistress["pool"] or square is None or not self.tokens_left(state, bug):
                    continue
                if "spawn" in self.ctx.sheet(bug).get("abilities", []) and not self.burp_room(state, bug):
                    continue
                out.append(
                    action(
                        f"spawn:{spawner['id']}:{bug}",
                        f"Spawn a {self.ctx.bugs[bug]['name']} from the {self.name(spawner)} at "
                        f"{fmt(spawner['at'])} ({cost} points)",
                        seat,
                        "spawn",
                        square=square,
                        spawner=spawner["id"],
                        bug=bug,
                    )
                )
        return out

    def spawn_chosen(self, state, chosen, events) -> None:
        mistress = state["mistress"]
        mistress["pool"] -= self.ctx.sheet(chosen["bug"])["spawn_cost"]
        self.spawn_from(state, state["chars"][chosen["spawner"]], chosen["bug"], events)

    # ----- what the seats see -------------------------------------------------------------------------
    def her_eyes(self, state, seat) -> bool:
        """The view is a person BUGMISTRESS's: her seat, or the table while she is to move."""
        m = self.mistress_seat(state)
        return m is not None and (seat == m or (seat is None and self.to_move == m))

    def mistress_view(self, state, seat) -> dict | None:
        """Her block of the view: the hand only to her seat, and in the table view while she is to move
        (the page covers it until she asks to see it). Ruling #ruling-bugmistress-player."""
        m = self.mistress_seat(state)
        if m is None:
            return None
        mistress = state["mistress"]
        task = state["tasks"][0] if state["tasks"] and state.get("outcome") is None else {}
        shown = self.her_eyes(state, seat)
        return {
            "seat": m,
            "hand_count": len(mistress["hand"]),
            "hand": [self.bug_card_view(c) for c in mistress["hand"]] if shown else None,
            "pool": mistress.get("pool", 0),
            "step": task.get("step") if task.get("t") == "mistress" else None,
            # each BUG's actions left this turn (the printed card "turns 90°" once it has acted)
            "actions_left": {b["id"]: self.bug_ap_left(state, b) for b in self.her_bugs(state)}
            if task.get("t") == "mistress" and task.get("step") == "bugs"
            else {},
            "tricks_asked": mistress.get("tricks", "on"),
        }

    def bug_card_view(self, card_id) -> dict:
        card = self.ctx.bug_cards[self.card_kind(card_id)]
        return {
            "id": card_id,
            "name": card["name"],
            "type": card["type"],
            "text": card.get("text", ""),
            "spawn": card.get("spawn", 0),
        }

    def resample_hidden(self, state, seat, rng) -> None:
        """Her hand is hidden from every seat but hers: it is dealt anew from her cards and the BUG deck
        together (its size kept)."""
        super().resample_hidden(state, seat, rng)
        m = self.mistress_seat(state)
        if m is None or seat == m:
            return
        hand = state["mistress"]["hand"]
        cards = sorted(hand + state["decks"]["bug"])
        rng.shuffle(cards)
        state["mistress"]["hand"], state["decks"]["bug"] = cards[: len(hand)], cards[len(hand) :]
