"""The BUG cards a person playing the BUGMISTRESS holds (POWERUP Rulebook — BUG cards): "Special cards can
only be used during the BUGMISTRESS' turn. Discard after use. Trick cards can be used at any time. [...]
Event cards can only be used during the BUGMISTRESS' turn. Their effect is maintained until BUGMISTRESS's
next turn. There can only be one event in use during each turn sequence."

Our rulings:
- She picks every target the card text leaves open (the square, the BUGBUSTER, the BUG, the weapon); where
  BUGs appear next to someone, they take the free squares the AI's would (bug_cards.squares_near), and a
  BUG a card moves is dizzy that turn (#ruling-trip-dizzy).
- Inmolation: the BRASAS she picks explodes where it stands (the throw "kamikaze-style" is the AI's).
- Deplete POWERUPs: she turns off the card's count of POWERUPs that are ON, one by one (fewer when fewer are
  ON).
- "Trick cards can be used at any time": in her turn, and in a window after each action of a BUGBUSTER
  whenever she holds cards (a Trick fitting or not: the window's coming tells nothing of her hand); she may
  pass, or pass and not be asked again until her next turn.
Ruling #ruling-bugmistress-player."""

from ..core.actions import action
from ..core.grid import chebyshev
from .bug_cards import BURP, FIRST_BUG, IMMOLATING
from .rules_base import Rules, event, fmt

RULE = "bugmistress-bug-cards"
LOST = {"remove-ammo": "ammo", "remove-reaction": "reaction points", "remove-lives": "lives"}


class MistressCardRules(Rules):
    # ----- which cards, on what -----------------------------------------------------------------------
    def card_choices(self, state, seat, own_turn: bool) -> list:
        mistress = state["mistress"]
        out = []
        for card_id in sorted(set(mistress["hand"])):
            card = self.ctx.bug_cards[self.card_kind(card_id)]
            if card["type"] != "trick" and not own_turn:
                continue
            if card["type"] == "event" and mistress.get("event"):
                continue  # "There can only be one event in use during each turn sequence"
            for suffix, words, extra in self.card_targets(state, card):
                out.append(
                    action(
                        f"card:{card_id}" + (f":{suffix}" if suffix else ""),
                        f"{card['name']}: {words}",
                        seat,
                        "trick" if card["type"] == "trick" else "card",
                        card=card_id,
                        **extra,
                    )
                )
        return out

    def busters_standing(self, state) -> list:
        chars = (self.char_of(state, b["seat"]) for b in state["busters"])
        return [c for c in chars if c["lives"] > 0 and c["at"] is not None]

    def card_targets(self, state, card) -> list:
        """(id suffix, what it does in words, extra action fields) for each use the card has now."""
        effect, values = card.get("effect"), card.get("values", {})
        if card["type"] == "event":
            return [("", f"Event until my next turn: {card.get('text', '')}", {})]
        if effect == "destroy-coins":
            return [
                (
                    key.replace(",", "-"),
                    f"destroy the {n} coins at {fmt(self.coin_square(key))}",
                    {"square": self.coin_square(key)},
                )
                for key, n in sorted(state["coins"].items())
            ]
        if effect == "destroy-weapon":
            burps = [c["at"] for c in self.standing(state) if c["side"] == "bug" and c["kind"] == BURP]
            out = []
            for char in self.busters_standing(state):
                buster = self.buster_of(state, char)
                if buster.get("epic") or not any(chebyshev(char["at"], b) == 1 for b in burps):
                    continue
                for category in sorted(buster["equipped"]):
                    weapon = self.equipped(state, char, category) or {}
                    out.append(
                        (
                            f"{char['id']}-{category}",
                            f"destroy {self.name(char)}'s {weapon.get('name', category)}",
                            {"target": char["id"], "category": category, "square": char["at"]},
                        )
                    )
            return out
        if effect == "ambush":
            return [
                (
                    c["id"],
                    f"{values['buggies']} BUGGIES next to {self.name(c)}",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.busters_standing(state)
            ]
        if effect == "surprise":
            return [
                (
                    c["id"],
                    f"at the end of the turn, {values['bugs']} BUGGIES next to the {self.name(c)} at "
                    f"{fmt(c['at'])}",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.standing(state)
                if c["side"] == "bug"
            ]
        if effect == "transform":
            to = self.ctx.bugs.get(values["to"], {}).get("name")
            return [
                (
                    c["id"],
                    f"the {self.name(c)} at {fmt(c['at'])} becomes a {to}",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.transform_candidates(state, values)
            ]
        if effect == "charge":
            return [("", "my BUGs move twice as far this turn", {})]
        if effect == "deplete-powerups":
            if not any(t["kind"] == "powerup" and t["on"] for t in state["tokens"]):
                return []
            return [("", f"turn off {values['count']} POWERUPs of my choice", {})]
        if effect == "immolation":
            return [
                (
                    c["id"],
                    f"the {self.name(c)} at {fmt(c['at'])} explodes",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.standing(state)
                if c["side"] == "bug" and c["kind"] == IMMOLATING
            ]
        if effect in LOST:
            field = LOST[effect]
            out = [("each", f"every BUGBUSTER loses {self.amount(values['each'], field)}", {})]
            out += [
                (
                    c["id"],
                    f"{self.name(c)} loses {self.amount(values['single'], field)}",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.busters_standing(state)
            ]
            return out
        if effect in ("knock-knock", "teleport-bug"):
            return [
                (
                    c["id"],
                    f"move the {self.name(c)} at {fmt(c['at'])}",
                    {"target": c["id"], "square": c["at"]},
                )
                for c in self.strongest_bug(state)
                if self.put_choices(state, effect, c)
            ]
        if effect == "door":
            closed = state.get("closed_gateways", [])
            return [
                (
                    f"{x}-{y}",
                    f"{'open' if [x, y] in closed else 'close'} the door at {fmt([x, y])}",
                    {"square": [x, y]},
                )
                for x, y in self.gateways()
            ]
        if effect == "thief-buggie":
            return [
                (
                    f"{bug['id']}-{char['id']}",
                    f"the BUGGIE at {fmt(bug['at'])} steals from {self.name(char)}",
                    {"target": char["id"], "bug": bug["id"], "square": bug["at"]},
                )
                for bug, char in self.thief_pairs(state)
            ]
        if effect == "reinforcement":
            return [("", f"discard it and draw {values['cards']} BUG cards", {})]
        return []  # spawn-only: "This card has no action of its own: use its SPAWN value"

    @staticmethod
    def coin_square(key: str) -> list:
        return [int(v) for v in key.split(",")]

    # ----- playing one --------------------------------------------------------------------------------
    def play_card(self, state, chosen, events) -> None:
        mistress = state["mistress"]
        card_id = chosen["card"]
        card = self.ctx.bug_cards[self.card_kind(card_id)]
        mistress["hand"].remove(card_id)
        state["decks"]["bug_discard"].append(card_id)
        mistress.setdefault("played", []).append([card_id, "used"])
        events.append(
            event(
                f"The BUGMISTRESS plays {card['name']}.",
                RULE,
                kind="event" if card["type"] == "event" else "info",
            )
        )
        if card["type"] == "event":
            mistress["event"] = card["id"]
            return
        self.card_effect(state, card, chosen, events)

    def card_effect(self, state, card, chosen, events) -> None:
        effect, values, name = card.get("effect"), card.get("values", {}), card["name"]
        target = state["chars"].get(chosen.get("target", ""))
        mistress = state["mistress"]
        if effect == "destroy-coins":
            self.destroy_coins(state, ",".join(str(v) for v in chosen["square"]), name, RULE, events)
        elif effect == "destroy-weapon":
            events.append(event(f"{name}: a BURP spits acid on {self.name(target)}.", RULE))
            self.destroy(state, target, chosen["category"], name, events)
        elif effect == "ambush":
            self.place_bugs(state, FIRST_BUG, target["at"], values["buggies"], events, RULE)
        elif effect == "surprise":
            mistress.setdefault("surprises", []).append([card["id"], target["id"]])
        elif effect == "transform":
            self.transform_bug(state, target, values, name, RULE, events)
        elif effect == "charge":
            self.charge(state, values, name, RULE, events)
        elif effect == "deplete-powerups":
            self.push(
                state,
                {
                    "t": "mistress_off",
                    "seat": self.mistress_seat(state),
                    "left": values["count"],
                    "card": card["id"],
                },
            )
        elif effect == "immolation":
            self.explode_brasas(state, target, card, events)
        elif effect in LOST:
            self.take_away(state, card, target, events)
        elif effect in ("knock-knock", "teleport-bug"):
            self.push(
                state,
                {
                    "t": "mistress_put",
                    "seat": self.mistress_seat(state),
                    "bug": target["id"],
                    "card": card["id"],
                },
            )
        elif effect == "door":
            closed = state.setdefault("closed_gateways", [])
            square = list(chosen["square"])
            if square in closed:
                closed.remove(square)
            else:
                closed.append(square)
            verb = "closed" if square in closed else "opened"
            events.append(event(f"{name}: the gateway at {fmt(square)} is {verb}.", RULE))
        elif effect == "thief-buggie":
            self.steal_coins(state, state["chars"][chosen["bug"]], target, values, name, RULE, events)
        elif effect == "reinforcement":
            for _ in range(values["cards"]):
                extra = self.draw_bug_card(state)
                if extra is not None:
                    mistress["hand"].append(extra)
            events.append(event(f"{name}: the BUGMISTRESS draws {values['cards']} BUG cards.", RULE))

    def take_away(self, state, card, target, events) -> None:
        """ "You can remove 1 [...] from each BUGBUSTER or [N] from a single BUGBUSTER"."""
        effect, values = card["effect"], card["values"]
        field = {"remove-ammo": "ammo", "remove-reaction": "reaction", "remove-lives": "lives"}[effect]
        victims = [target] if target is not None else self.busters_standing(state)
        amount = values["single"] if target is not None else values["each"]
        for char in victims:
            if field == "lives":
                self.lose_lives(state, char, amount, events, rule=RULE)
            else:
                buster = self.buster_of(state, char)
                buster[field] = max(0, buster[field] - amount)
        who = self.name(target) if target is not None else "every BUGBUSTER"
        events.append(event(f"{card['name']}: {who} loses {self.amount(amount, LOST[effect])}.", RULE))

    @staticmethod
    def amount(n: int, what: str) -> str:
        """ "1 reaction point", "2 lives", "1 ammo"."""
        if n == 1:
            what = {"lives": "life", "reaction points": "reaction point"}.get(what, what)
        return f"{n} {what}"

    # ----- the follow-up picks --------------------------------------------------------------------------
    def choices_mistress_off(self, state, task) -> list:
        card = self.ctx.bug_cards[task["card"]]
        return [
            action(
                f"off:{t['id']}",
                f"{card['name']}: turn off the POWERUP at {fmt(t['at'])}",
                task["seat"],
                "card",
                square=t["at"],
                token=t["id"],
            )
            for t in state["tokens"]
            if t["kind"] == "powerup" and t["on"] and t.get("at") is not None
        ]

    def choose_mistress_off(self, state, task, chosen, events) -> None:
        token = next(t for t in state["tokens"] if t["id"] == chosen["token"])
        token["on"] = False
        events.append(
            event(
                f"{self.ctx.bug_cards[task['card']]['name']}: the POWERUP at {fmt(token['at'])} goes OFF.",
                RULE,
            )
        )
        if task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1))

    def put_choices(self, state, effect, bug) -> list:
        """Knock Knock: "place it at a door of the board, or next to a BUGBUSTER"; Teleport: "towards the
        PRIMARY TARGET or a BUGBUSTER: place it in the nearest free square next to it"."""
        out = []
        if effect == "knock-knock":
            for gate in self.gateways():
                if self.unlocked(state, gate) and self.free_for(state, bug, gate) and gate != bug["at"]:
                    out.append((gate, f"at the door at {fmt(gate)}"))
            near = [(c, self.name(c)) for c in self.busters_standing(state)]
            for char, who in near:
                for square in self.squares_near(state, char["at"], bug):
                    out.append((square, f"at {fmt(square)}, next to {who}"))
            return out
        targets = [(c["at"], self.name(c)) for c in self.busters_standing(state)]
        targets += [(sq, f"the PRIMARY TARGET at {fmt(sq)}") for sq in self.primary_target_squares(state)]
        for square, who in targets:
            spots = self.squares_near(state, square, bug)
            if spots:
                out.append((spots[0], f"at {fmt(spots[0])}, next to {who}"))
        return out

    def choices_mistress_put(self, state, task) -> list:
        bug = state["chars"].get(task["bug"])
        if bug is None or bug["lives"] <= 0:
            return []
        card = self.ctx.bug_cards[task["card"]]
        seen, out = set(), []
        for square, words in self.put_choices(state, card["effect"], bug):
            if tuple(square) in seen:
                continue
            seen.add(tuple(square))
            out.append(
                action(
                    f"put:{square[0]}-{square[1]}",
                    f"{card['name']}: the {self.name(bug)} appears {words}",
                    task["seat"],
                    "card",
                    square=square,
                )
            )
        return out

    def choose_mistress_put(self, state, task, chosen, events) -> None:
        name = self.ctx.bug_cards[task["card"]]["name"]
        self.bug_appears(state, state["chars"][task["bug"]], chosen["square"], name, RULE, events)

    # ----- Tricks in the BUGBUSTERs' turns --------------------------------------------------------------
    def choose_act(self, state, task, chosen, events) -> None:
        """After each BUGBUSTER action, a window for her Tricks ("Trick cards can be used at any time")."""
        super().choose_act(state, task, chosen, events)
        m = self.mistress_seat(state)
        if m is None or state.get("outcome") is not None:
            return
        window = {"t": "mistress_trick", "seat": m}
        tasks = state["tasks"]
        at = next((n for n, t in enumerate(tasks) if t["t"] == "act" and t.get("seat") == task["seat"]), 0)
        tasks.insert(at, window)

    def choices_mistress_trick(self, state, task) -> list:
        if state["mistress"].get("tricks") == "off":
            return []
        if not state["mistress"]["hand"]:  # asked whatever she holds: whether a Trick fits is hers to know
            return []
        tricks = self.card_choices(state, task["seat"], own_turn=False)
        return tricks + [
            action("trick:pass", "BUGMISTRESS: no Trick now", task["seat"], "trick"),
            action(
                "trick:off",
                "BUGMISTRESS: no Trick, and do not ask me again until my turn",
                task["seat"],
                "trick",
            ),
        ]

    def choose_mistress_trick(self, state, task, chosen, events) -> None:
        if chosen["id"] == "trick:off":
            state["mistress"]["tricks"] = "off"
        elif chosen["id"] != "trick:pass":
            self.play_card(state, chosen, events)
