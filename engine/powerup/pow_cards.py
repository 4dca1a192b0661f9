"""POW! cards in a BUGBUSTER's hand (POWERUP Rulebook — POW! cards, POW! Actions, POW! Cards): "Special cards
can only be used during your turn. Once used, they must be discarded." Each card's effect and numbers are
content (`effect`, `values`, `cost`). Tricks that add to an attack are offered in the attack's own window
(attack_tricks); our ruling: a POW! card costs no AP, and the BUGMISTRESS run by the AI keeps no hand, so
"discards two random BUG cards" discards the top two of the BUG deck; the armor and "CANNOT ATTACK OR BE
ATTACKED UNTIL END OF TURN" last until the BUGBUSTER's next turn begins (the armor bonus is cleared then, in
buster_turn, and `untouchable` in epic.start_of_own_turn), so a trick played on the own turn or when a BUG
attacks (pow_tricks.offer_reactions) covers the BUGs' turn.
Rulings #ruling-pow-cards, #ruling-brainwash, #ruling-until-end-of-turn."""

from ..core.actions import action
from ..core.grid import neighbours
from .rules_base import Rules, event, fmt

# effects played on the BUGBUSTER's own turn from the hand (the others are tricks of an attack, or letters)
OWN_TURN = frozenset(
    {
        "gain-points",
        "draw-pow",
        "no-spawn",
        "bugmistress-discards",
        "add-armor",
        "untouchable",
        "pick-up-coins",
        "teleport",
        "turn-on-powerups",
        "door",
        "turn-bug",
        "cover-obstacle",
        "assemble",
    }
)
RESOURCE = {"reaction-point": "reaction", "ammo-point": "ammo"}


class PowCardRules(Rules):
    EXTRA_ACTIONS = {"pow": "extra_pow"}

    def pow_card(self, card_id: str) -> dict:
        return self.ctx.pow_cards[self.card_kind(card_id)]

    @staticmethod
    def card_name(card) -> str:
        """The printed name, or the site's words for the card printed without one."""
        return card.get("name") or card.get("display_name") or card["id"]

    def can_pay(self, buster, card) -> bool:
        cost = card.get("cost") or {}
        field = RESOURCE.get(cost.get("resource"))
        return field is None or buster[field] >= cost.get("amount", 0)

    def pay(self, buster, card) -> None:
        cost = card.get("cost") or {}
        field = RESOURCE.get(cost.get("resource"))
        if field:
            buster[field] -= cost.get("amount", 0)

    def spend_pow(self, state, buster, card_id: str) -> dict:
        """A POW! card played: from the hand to the discard pile, its printed cost paid; the card."""
        card = self.pow_card(card_id)
        buster["hand"].remove(card_id)
        state["decks"]["pow_discard"].append(card_id)
        self.pay(buster, card)
        return card

    def extra_choices(self, state, char, seat) -> list:
        return super().extra_choices(state, char, seat) + self.pow_choices(state, char, seat)

    def pow_choices(self, state, char, seat) -> list:
        """The POW! cards of the hand that can be played now, one choice per card kind and target."""
        out = []
        buster = self.buster_of(state, char)
        seen = set()
        for card_id in buster["hand"]:
            card = self.pow_card(card_id)
            kind = self.card_kind(card_id)
            if (
                card.get("effect") not in OWN_TURN
                or kind in seen
                or card_id in buster.get("fresh", [])
                or not self.can_pay(buster, card)
            ):
                continue
            seen.add(kind)
            for target_id, label in self.pow_targets(state, char, card):
                suffix = f":{target_id}" if target_id else ""
                out.append(
                    action(
                        f"pow:{card_id}{suffix}",
                        f"Play {self.card_name(card)}{label}",
                        seat,
                        "pow",
                        card=card_id,
                        target=target_id,
                    )
                )
        return out

    @staticmethod
    def coin_square(key: str) -> list:
        """The square of a key of state["coins"] ("3,4")."""
        return [int(v) for v in key.split(",")]

    def pow_targets(self, state, char, card) -> list:
        """(target id, label) for each way the card can be played now (none: it cannot).
        Ruling #ruling-adjacent."""
        effect = card["effect"]
        if effect == "pick-up-coins":
            # the square as "x-y": an action id has no comma (a share link joins the ids with commas)
            return [
                (k.replace(",", "-"), f": take {n} coin{'s' * (n != 1)} at {fmt(self.coin_square(k))}")
                for k, n in sorted(state["coins"].items())
                if n
            ]
        if effect == "teleport":
            return [
                (t["id"], f": teleport to the POWERUP at {fmt(t['at'])}")
                for t in state["tokens"]
                if t["kind"] == "powerup" and t["on"] and not self.chars_at(state, t["at"])
            ]
        if effect == "turn-on-powerups":
            if self.buster_of(state, char)["ammo"] < 1:
                return []
            return [
                (t["id"], f": turn on the POWERUP at {fmt(t['at'])} (1 ammo)")
                for t in state["tokens"]
                if t["kind"] == "powerup" and not t["on"]
            ]
        if effect == "door":
            return [
                (
                    f"{x}-{y}",
                    f": {'open' if self.closed(state, [x, y]) else 'close'} the gateway at {fmt([x, y])}",
                )
                for x, y in self.gateways()
            ]
        if effect == "turn-bug":
            return [
                (b["id"], f": turn {self.name(b)} at {fmt(b['at'])} around")
                for b in self.standing(state)
                if b["side"] == "bug"
            ]
        if effect == "cover-obstacle":
            return [
                (f"{x}-{y}", f": a cover obstacle at {fmt([x, y])}")
                for x, y in neighbours(char["at"])
                if self.open_square(state, [x, y])
                and self.kind([x, y]) not in ("void", "acid")
                and not self.chars_at(state, [x, y])
                and not self.token_at(state, [x, y], "cover")
            ]
        return [(None, "")]

    def closed(self, state, square) -> bool:
        return square in state.setdefault("closed_gateways", [])

    def extra_pow(self, state, char, buster, rest, chosen, events) -> None:
        card = self.spend_pow(state, buster, chosen["card"])
        target = chosen.get("target")
        events.append(
            event(f"{self.name(char)} plays {self.card_name(card)}.", "pow-cards", seat=buster["seat"])
        )
        self.pow_effect(state, char, buster, card, target, events)

    def pow_effect(self, state, char, buster, card, target, events) -> None:
        """A played card's effect. BrainWash discards the BUG deck's top cards (the AI keeps no hand); the
        extra armor and untouchable last until the BUGBUSTER's next turn.
        Rulings #ruling-brainwash, #ruling-until-end-of-turn."""
        effect, values = card["effect"], card.get("values", {})
        if effect == "gain-points":
            buster["ammo"] += values.get("ammo", 0)
            buster["reaction"] += values.get("reaction", 0)
            if values.get("lives"):
                char["lives"] = min(self.ctx.const("starting_lives"), char["lives"] + values["lives"])
            events.append(
                event(
                    f"{self.name(char)}: {buster['ammo']} ammo, {buster['reaction']} RP, "
                    f"{char['lives']} lives.",
                    "pow-actions",
                )
            )
        elif effect == "draw-pow":
            before = set(buster["hand"])
            self.draw_pow(state, char, values.get("cards", 1), events)
            buster.setdefault("fresh", []).extend(c for c in buster["hand"] if c not in before)
        elif effect == "no-spawn":
            state["mistress"]["no_spawn"] = True
        elif effect == "bugmistress-discards":
            for _ in range(values.get("cards", 1)):
                card_id = self.draw_bug_card(state)
                if card_id:
                    state["decks"]["bug_discard"].append(card_id)
            events.append(
                event(f"The BUGMISTRESS discards {values.get('cards', 1)} BUG cards.", "pow-actions")
            )
        elif effect == "add-armor":
            buster["armor_bonus"] = buster.get("armor_bonus", 0) + values.get("armor", 1)
        elif effect == "untouchable":
            buster["untouchable"] = True
        elif effect == "pick-up-coins":
            n = state["coins"].pop(target.replace("-", ","), 0)
            buster["coins"] += n
            events.append(event(f"{self.name(char)} takes {n} coins.", "pow-actions"))
        elif effect == "teleport":
            token = next(t for t in state["tokens"] if t["id"] == target)
            token["on"] = False
            self.relocate(state, char, token["at"])
            events.append(
                event(
                    f"{self.name(char)} teleports to {fmt(token['at'])}; that POWERUP goes OFF.",
                    "pow-actions",
                )
            )
        elif effect == "turn-on-powerups":
            buster["ammo"] -= 1
            next(t for t in state["tokens"] if t["id"] == target)["on"] = True
            events.append(event("A POWERUP goes ON.", "pow-actions"))
        elif effect == "door":
            square = [int(v) for v in target.split("-")]
            closed = state.setdefault("closed_gateways", [])
            if square in closed:
                closed.remove(square)
            else:
                closed.append(square)
            events.append(
                event(
                    f"The gateway at {fmt(square)} is {'closed' if square in closed else 'open'}.",
                    "pow-actions",
                )
            )
        elif effect == "turn-bug":
            bug = state["chars"][target]
            bug["facing"] = "left" if bug["facing"] == "right" else "right"
            events.append(event(f"{self.name(bug)} now faces {bug['facing']}.", "pow-actions"))
        elif effect == "cover-obstacle":
            square = [int(v) for v in target.split("-")]
            state["next_id"] += 1
            state["tokens"].append(
                {"id": f"cover-{state['next_id']}", "kind": "cover", "at": square, "hits": 0}
            )
            events.append(event(f"A cover obstacle rises at {fmt(square)}.", "specials-obstacles-for-cover"))

    def attackable(self, state, target) -> bool:
        """ "YOUR PLAYER CANNOT ATTACK OR BE ATTACKED UNTIL END OF TURN"."""
        if target["side"] == "bugbuster" and self.buster_of(state, target).get("untouchable"):
            return False
        return super().attackable(state, target)

    def start_of_own_turn(self, state, buster, events) -> None:
        super().start_of_own_turn(state, buster, events)
        buster["fresh"] = []
