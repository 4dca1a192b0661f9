"""What the play page draws (the same for every seat: POWERUP's hands are open in a cooperative game, but the
decks' order is hidden): the side-view board, every character with its facing, the tokens, each BUGBUSTER's
sheet, the store, the BUGs' event and the turn card."""

from .rules_base import Rules


class ViewRules(Rules):
    def view(self, seat=None) -> dict:
        self.check_seat(seat)
        state, ctx = self._state, self.ctx
        per_round = ctx.const("turns_per_round")
        chars = []
        for c in sorted(state["chars"].values(), key=lambda c: c["id"]):
            if c["at"] is None:
                continue
            entry = {
                "id": c["id"],
                "side": c["side"],
                "kind": c["kind"],
                "name": self.name(c),
                "at": c["at"],
                "facing": c["facing"],
                "lives": c["lives"],
                "down": c["lives"] <= 0,
                "dizzy": bool(c.get("dizzy")),
                "secrets": self.held_secrets_view(c),
            }
            if c["side"] == "bug":
                entry["max_lives"] = ctx.sheet(c["kind"])["lives"]
            chars.append(entry)
        busters = []
        for b in state["busters"]:
            char = state["chars"][b["char"]]
            self.sheet_of(state, char)
            busters.append(
                {
                    "seat": b["seat"],
                    "id": b["kind"],
                    "name": self.name(char),
                    "lives": char["lives"],
                    "max_lives": ctx.const("starting_lives"),
                    "ammo": b["ammo"],
                    "reaction": b["reaction"],
                    "max_reaction": self.max_reaction(state, char),
                    "max_ammo": self.max_ammo(state, char),
                    "coins": b["coins"],
                    "score": b["score"],
                    "ap": b["ap"],
                    "epic": b["epic"],
                    "armor": self.armor_of(state, char),
                    "equipped": {cat: self.weapon(ref)["name"] for cat, ref in sorted(b["equipped"].items())},
                    "pack": [self.weapon(ref)["name"] for ref in b["pack"]],
                    "hand": [self.pow_view(card) for card in b["hand"]],
                    "down": char["lives"] <= 0,
                    "played": b["played"],
                }
            )
        event = state["mistress"].get("event")
        return {
            "game": self.game_id,
            "scenario": state["scenario"],
            "title": ctx.scenario["title"],
            "objective": ctx.scenario.get("objective", ""),
            "board": {
                "width": ctx.width,
                "height": ctx.height,
                "squares": ctx.grid,
                "gateway_off": state.get("gateway_off"),
            },
            "chars": chars,
            "tokens": [self.token_view(t) for t in state["tokens"] if t.get("at") is not None],
            "coins": [
                {"at": [int(v) for v in k.split(",")], "coins": n} for k, n in sorted(state["coins"].items())
            ],
            "busters": busters,
            "store": [
                {
                    "id": c,
                    "name": ctx.equipment[self.card_kind(c)]["name"],
                    "cost": ctx.equipment[self.card_kind(c)].get("cost", 0),
                }
                for c in state["store"]
            ],
            "event": {
                "id": event,
                "name": ctx.bug_cards[event]["name"],
                "text": ctx.bug_cards[event].get("text", ""),
            }
            if event
            else None,
            "active_bugs": [{"id": b, "name": ctx.bugs[b]["name"]} for b in state["mistress"]["active"]],
            "turn": {
                "turn": state["turn"],
                "round": (max(state["turn"], 1) - 1) // per_round + 1,
                "in_round": (max(state["turn"], 1) - 1) % per_round + 1,
                "per_round": per_round,
                "limit_rounds": ctx.play.get("time_limit", {}).get("rounds"),
            },
            "decks": {
                "pow": len(state["decks"]["pow"]),
                "bug": len(state["decks"]["bug"]),
                "equipment": len(state["decks"]["equipment"]),
            },
            "to_move": self.to_move,
            "outcome": self.outcome,
            "prompt": self.prompt(self._front_choices()),
        }

    def pow_view(self, card_id: str) -> dict:
        card = self.ctx.pow_cards[self.card_kind(card_id)]
        return {
            "id": card_id,
            "name": self.card_name(card),
            "type": card["type"],
            "letter": card.get("letter"),
            "text": card.get("text", ""),
        }

    def resample_hidden(self, state, seat, rng) -> None:
        """The order of the BUG, POW! and equipment decks and the dice to come are hidden from every seat."""
        super().resample_hidden(state, seat, rng)
        for pile in ("bug", "pow", "equipment"):
            cards = sorted(state["decks"][pile])
            rng.shuffle(cards)
            state["decks"][pile] = cards
