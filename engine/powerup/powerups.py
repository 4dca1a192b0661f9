"""POWERUPs, POW! draws and the POWERUP store (POWERUP Rulebook — POWERUP, Buy New Equipment): "Once your
character enters an active POWERUP [...] the player draws a POW! card from the pile, and has the option of
using the POWERUP store. When you're done, turn this POWERUP to OFF [...] After that, turn back ON another
POWERUP on the board"."""

from ..core.actions import action
from .rules_base import Rules, event, fmt


class PowerupRules(Rules):
    def found(self, state, char, events) -> None:
        """A BUGBUSTER at rest on a square picks up its coins ("Other characters can pick up the coins") and
        enters an ON POWERUP there.
        Ruling #ruling-entering-powerup."""
        key = f"{char['at'][0]},{char['at'][1]}"
        coins = state["coins"].pop(key, 0)
        buster = self.buster_of(state, char)
        if coins:
            buster["coins"] += coins
            events.append(event(f"{self.name(char)} picks up {coins} coin{'s' * (coins != 1)}.", "rewards"))
        powerup = self.token_at(state, char["at"], "powerup")
        if powerup and powerup["on"]:
            self.enter_powerup(state, char, powerup, events)

    def enter_powerup(self, state, char, powerup, events) -> None:
        events.append(
            event(
                f"{self.name(char)} enters the POWERUP at {fmt(powerup['at'])}.",
                "powerup-rules",
                kind="powerup",
                seat=char["seat"],
            )
        )
        self.draw_pow(state, char, 1, events)
        self.entered_powerup(state, char, events)
        self.push(state, {"t": "store", "seat": char["seat"], "powerup": powerup["id"]})

    def entered_powerup(self, state, char, events) -> None:
        """Overridden by the missions (a goal reached at a POWERUP)."""

    def draw_pow(self, state, char, n: int, events) -> None:
        """ "The maximum number of POW! cards in one hand is 4. If a player has 4 cards and wants to draw a
        new one, he or she must discard one first".
        Ruling #ruling-pow-cards."""
        buster = self.buster_of(state, char)
        decks = state["decks"]
        for _ in range(n):
            card = self.draw(state, decks["pow"], decks["pow_discard"])
            if card is None:
                return
            buster["hand"].append(card)
            events.append(
                event(f"{self.name(char)} draws a POW! card.", "powerup-pow-cards", seat=char["seat"])
            )
            if len(buster["hand"]) > self.ctx.const("pow_hand_limit"):
                self.push(state, {"t": "discard_pow", "seat": char["seat"]})

    def choices_discard_pow(self, state, task) -> list:
        buster = state["busters"][task["seat"]]
        if len(buster["hand"]) <= self.ctx.const("pow_hand_limit"):
            return []
        return [
            action(
                f"discard:{c}",
                f"Discard {self.card_name(self.ctx.pow_cards[self.card_kind(c)])}",
                task["seat"],
                "discard",
            )
            for c in buster["hand"]
        ]

    def choose_discard_pow(self, state, task, chosen, events) -> None:
        buster = state["busters"][task["seat"]]
        card = chosen["id"].split(":", 1)[1]
        buster["hand"].remove(card)
        state["decks"]["pow_discard"].append(card)
        if len(buster["hand"]) > self.ctx.const("pow_hand_limit"):  # down to the limit, a card at a time
            self.push(state, dict(task))

    def skip_discard_pow(self, state, task, events) -> None:
        pass

    # ----- the store ----------------------------------------------------------------------
    def offer(self, offer_id: str) -> dict:
        store = self.ctx.stores["powerup-store"]
        return next(o for o in store["offers"] if o["id"] == offer_id)

    def price(self, state, char, base: int) -> int:
        """A store price, less a profession's discount (never below its minimum)."""
        return base

    def choices_store(self, state, task) -> list:
        """The store: buying, supplies, and equipping (weapons are swapped only here) or selling bought
        cards. Ruling #ruling-equip-at-powerup."""
        seat = task["seat"]
        buster = state["busters"][seat]
        coins = buster["coins"]
        char = self.char_of(state, seat)
        if char["lives"] <= 0 or char["at"] is None:
            return []  # down before the visit (skip_store)
        out = [action("store:done", "Leave the POWERUP store", seat, "store")]
        for card in state["store"]:
            rec = self.ctx.equipment[self.card_kind(card)]
            price = self.price(state, char, rec.get("cost", 0))
            if price <= coins:
                out.append(
                    action(
                        f"store:buy:{card}", f"Buy {rec['name']} ({price} coins)", seat, "store", cost=price
                    )
                )
        off = [
            t
            for t in state["tokens"]
            if t["kind"] == "powerup" and not t["on"] and t["id"] != task["powerup"]
        ]
        choices = [
            ("ammunition", "Buy {n} ammunition"),
            ("life-points", "Buy {n} life"),
            ("reset-equipment", "Reset the equipment cards"),
        ]
        if off:
            choices.append(("switch-on-powerup", "Switch on another POWERUP"))
        for offer_id, label in choices:
            offer = self.offer(offer_id)
            if offer.get("price") is None:
                continue
            price = self.price(state, char, offer["price"])
            if price <= coins:
                out.append(
                    action(
                        f"store:{offer_id}",
                        label.format(n=offer.get("amount", 1)) + f" ({price} coin{'s' * (price != 1)})",
                        seat,
                        "store",
                        cost=price,
                    )
                )
        sheet_refs = [
            f"sheet:{buster['kind']}:{n}"
            for n in range(len(self.ctx.bugbusters[buster["kind"]]["sheet"].get("weapons", [])))
        ]
        sheet_refs = [r for r in sheet_refs if r not in buster.get("lost", [])]
        for ref in sheet_refs + buster["pack"]:  # our ruling: equipment is swapped at a POWERUP
            rec = self.weapon(ref)
            if buster["equipped"].get(rec["category"]) != ref:
                out.append(
                    action(f"store:equip:{ref}", f"Equip {rec['name']} ({rec['category']})", seat, "store")
                )
        for ref in buster["pack"]:
            rec = self.weapon(ref)
            value = rec.get("cost", 0) // self.offer("sell-equipment")["values"]["value_divisor"]
            out.append(action(f"store:sell:{ref}", f"Sell {rec['name']} ({value} coins)", seat, "store"))
        return out

    def choose_store(self, state, task, chosen, events) -> None:
        """A bought card is equipped at once unless a bought card of its kind is; lives never above 3.
        Ruling #ruling-equip-at-powerup."""
        seat = task["seat"]
        buster = state["busters"][seat]
        char = self.char_of(state, seat)
        parts = chosen["id"].split(":", 2)
        if parts[1] == "done":
            self.leave_powerup(state, char, task["powerup"], events)
            return
        self.push(state, dict(task))
        if parts[1] == "buy":
            card = parts[2]
            rec = self.ctx.equipment[self.card_kind(card)]
            buster["coins"] -= chosen["cost"]
            state["store"].remove(card)
            ref = f"card:{card}"
            buster["pack"].append(ref)
            if rec["category"] not in buster["equipped"] or not buster["equipped"][
                rec["category"]
            ].startswith("card:"):
                buster["equipped"][rec["category"]] = ref
            refill = self.draw(state, state["decks"]["equipment"], state["decks"]["equipment_discard"])
            if refill:
                state["store"].append(refill)
            events.append(event(f"{self.name(char)} buys {rec['name']} and equips it.", "buy-new-equipment"))
            if "two-reaction-points" in rec.get("specials", []):  # "can go over those allowed on your sheet"
                buster["reaction"] += self.ctx.special("two-reaction-points")["reaction_points"]
        elif parts[1] == "equip":
            rec = self.weapon(parts[2])
            buster["equipped"][rec["category"]] = parts[2]
            events.append(event(f"{self.name(char)} equips {rec['name']}.", "buy-new-equipment"))
        elif parts[1] == "sell":
            ref = parts[2]
            rec = self.weapon(ref)
            value = rec.get("cost", 0) // self.offer("sell-equipment")["values"]["value_divisor"]
            buster["pack"].remove(ref)
            if buster["equipped"].get(rec["category"]) == ref:
                del buster["equipped"][rec["category"]]
            buster["coins"] += value
            state["decks"]["equipment_discard"].append(ref.split(":", 1)[1])
            events.append(
                event(f"{self.name(char)} sells {rec['name']} for {value} coins.", "sell-equipment")
            )
        else:
            offer = self.offer(parts[1])
            buster["coins"] -= chosen["cost"]
            if parts[1] == "ammunition":
                buster["ammo"] += offer.get("amount", 1)
            elif parts[1] == "reset-equipment":
                state["decks"]["equipment_discard"] += state["store"]
                state["store"] = []
                for _ in range(self.ctx.const("store_equipment_cards")):
                    card = self.draw(state, state["decks"]["equipment"], state["decks"]["equipment_discard"])
                    if card:
                        state["store"].append(card)
            elif parts[1] == "switch-on-powerup":
                self.push(state, {"t": "relight", "seat": seat, "except": task["powerup"]})
            else:
                char["lives"] = min(self.ctx.const("starting_lives"), char["lives"] + offer.get("amount", 1))
            events.append(event(f"{self.name(char)} buys {offer['text']}.", "buy-equipment-or-supplies"))

    def skip_store(self, state, task, events) -> None:
        """A BUGBUSTER down before its store visit (a push carried it over the POWERUP and into acid) does not
        shop, and buys no life back; the POWERUP still goes OFF and its player turns another ON (our ruling).
        Ruling #ruling-entering-powerup."""
        self.leave_powerup(state, self.char_of(state, task["seat"]), task["powerup"], events)

    def leave_powerup(self, state, char, powerup_id, events) -> None:
        """The POWERUP goes OFF, and the player turns ON another OFF one (not this one).
        Ruling #ruling-entering-powerup."""
        powerup = next(t for t in state["tokens"] if t["id"] == powerup_id)
        powerup["on"] = False
        events.append(event(f"The POWERUP at {fmt(powerup['at'])} goes OFF.", "powerup-rules"))
        if any(t["kind"] == "powerup" and not t["on"] and t is not powerup for t in state["tokens"]):
            self.push(state, {"t": "relight", "seat": char["seat"], "except": powerup_id})

    def choices_relight(self, state, task) -> list:
        return [
            action(
                f"relight:{t['id']}",
                f"Turn ON the POWERUP at {fmt(t['at'])}",
                task["seat"],
                "relight",
                square=t["at"],
            )
            for t in state["tokens"]
            if t["kind"] == "powerup" and not t["on"] and t["id"] != task["except"]
        ]

    def choose_relight(self, state, task, chosen, events) -> None:
        token = next(t for t in state["tokens"] if t["id"] == chosen["id"].split(":")[1])
        token["on"] = True
        events.append(event(f"The POWERUP at {fmt(token['at'])} goes ON.", "powerup-rules"))

    def skip_relight(self, state, task, events) -> None:
        pass

    # ----- "Turns on a POWERUP for each ammo point spent" ---------------------------------------
    def pow_effect(self, state, char, buster, card, target, events) -> None:
        """The card turns on one POWERUP for each ammunition point spent: after the first (its target), the
        player may spend 1 more ammunition for each further POWERUP, one at a time (our ruling: as many as
        there are POWERUPs OFF and ammunition to pay, until the player stops).
        Ruling #ruling-powerups-per-ammo."""
        super().pow_effect(state, char, buster, card, target, events)
        if card.get("effect") == "turn-on-powerups":
            self.push(state, {"t": "more_powerups", "seat": buster["seat"]})

    def choices_more_powerups(self, state, task) -> list:
        buster = state["busters"][task["seat"]]
        off = [t for t in state["tokens"] if t["kind"] == "powerup" and not t["on"]]
        if buster["ammo"] < self.ctx.const("powerup_card_ammo") or not off:
            return []
        out = [action("morepow:done", "Turn on no more POWERUPs", task["seat"], "relight")]
        for t in off:
            out.append(
                action(
                    f"morepow:{t['id']}",
                    f"Spend 1 more ammunition: turn ON the POWERUP at {fmt(t['at'])}",
                    task["seat"],
                    "relight",
                    square=t["at"],
                )
            )
        return out

    def choose_more_powerups(self, state, task, chosen, events) -> None:
        ident = chosen["id"].split(":")[1]
        if ident == "done":
            return
        buster = state["busters"][task["seat"]]
        buster["ammo"] -= self.ctx.const("powerup_card_ammo")
        token = next(t for t in state["tokens"] if t["id"] == ident)
        token["on"] = True
        events.append(event(f"The POWERUP at {fmt(token['at'])} goes ON (1 ammunition).", "pow-actions"))
        self.push(state, dict(task))

    def skip_more_powerups(self, state, task, events) -> None:
        pass
