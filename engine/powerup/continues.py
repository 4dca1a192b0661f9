"""The CONTINUE (POWERUP Rulebook — CONTINUE): "A way to revive a player is to pay for a CONTINUE. Behind the
DAMAGE card, you will find the current cost. Each time you use it, raise the cost by sliding the card. The
cost of using CONTINUE can be split among the players. After a player chooses CONTINUE, their character
appears in any POW that was on. Turn the POW off now. The character has all its initial lives, ammo and
reaction points. If the player hasn't taken any actions during this turn, they will have 2 actions
available." Our rulings: paying costs no AP; the coins come first from the BUGBUSTER whose turn it is, then
from the others in seat order; when the whole squad is down, it may still pay one.
Ruling #ruling-continue."""

from ..core.actions import action
from .rules_base import Rules, event, fmt


class ContinueRules(Rules):
    EXTRA_ACTIONS = {"continue": "extra_continue"}

    def continue_cost(self, state) -> int:
        cost = 0
        for row in self.ctx.tables["continue-card"]["rows"]:
            if state["continues"] >= row["at_least"]:
                cost = row["value"]
        return cost

    def continue_options(self, state, seat) -> list:
        cost = self.continue_cost(state)
        if sum(b["coins"] for b in state["busters"]) < cost:
            return []
        out = []
        for buster in state["busters"]:
            char = self.char_of(state, buster["seat"])
            if char["lives"] > 0:
                continue
            for token in state["tokens"]:
                if token["kind"] == "powerup" and token["on"] and not self.chars_at(state, token["at"]):
                    out.append(
                        action(
                            f"continue:{char['id']}:{token['id']}",
                            f"Pay a CONTINUE for {self.name(char)} ({cost} coins): back at the POWERUP at "
                            f"{fmt(token['at'])}",
                            seat,
                            "continue",
                            square=token["at"],
                            cost=0,
                        )
                    )
        return out

    def extra_choices(self, state, char, seat) -> list:
        return super().extra_choices(state, char, seat) + self.continue_options(state, seat)

    def extra_continue(self, state, char, buster, rest, chosen, events) -> None:
        self.pay_continue(state, buster["seat"], chosen, events)

    def pay_continue(self, state, payer_seat, chosen, events) -> None:
        """Pay a CONTINUE (no AP): the payer's coins first, then the others' in seat order; the POWERUP goes
        OFF and none goes ON; appearing there is not entering it (no POW! card, no store); EPIC ends.
        Ruling #ruling-continue."""
        _, cid, token_id = chosen["id"].split(":")
        cost = self.continue_cost(state)
        payers = sorted(state["busters"], key=lambda b: (b["seat"] != payer_seat, b["seat"]))
        due = cost
        for b in payers:
            part = min(due, b["coins"])
            b["coins"] -= part
            due -= part
        state["continues"] += 1
        char = state["chars"][cid]
        token = next(t for t in state["tokens"] if t["id"] == token_id)
        token["on"] = False
        sheet = self.ctx.bugbusters[char["kind"]]["sheet"]
        owner = self.buster_of(state, char)
        owner.update(epic=False, ammo=sheet["ammo"], reaction=sheet["reaction"])
        char.update(lives=self.ctx.const("starting_lives"), at=list(token["at"]))
        char.pop("down", None)
        text = (
            f"CONTINUE ({cost} coins): {self.name(char)} appears at {fmt(token['at'])}, whose POWERUP "
            "goes OFF"
        )
        if not owner["played"]:
            owner["turn_ap"] = self.ctx.const("continue_actions_if_not_acted")
            text += f"; {owner['turn_ap']} actions this turn"
        events.append(event(text + ".", "continue-rules"))

    # ----- a defeated BUGBUSTER's own turn --------------------------------------------------
    def choose_pick_next(self, state, task, chosen, events) -> None:
        """ "The character can do nothing for the rest of the game, until it is revived or pays for a
        CONTINUE" / "After a player chooses CONTINUE [...] If the player hasn't taken any actions during this
        turn, they will have 2 actions available": a defeated BUGBUSTER's turn offers its own CONTINUE
        (the cost shared as always) before it passes. Ruling #ruling-continue."""
        super().choose_pick_next(state, task, chosen, events)
        seat = int(chosen["id"].split(":")[1])
        char = self.char_of(state, seat)
        if char["lives"] <= 0 and self.own_continues(state, seat):
            self.push(state, {"t": "own_continue", "seat": seat})

    def own_continues(self, state, seat) -> list:
        cid = self.char_of(state, seat)["id"]
        return [a for a in self.continue_options(state, seat) if a["id"].split(":")[1] == cid]

    def choices_own_continue(self, state, task) -> list:
        name = self.name(self.char_of(state, task["seat"]))
        stay = action("continue:stay", f"{name}: stay down (no CONTINUE)", task["seat"], "continue")
        return self.own_continues(state, task["seat"]) + [stay]

    def choose_own_continue(self, state, task, chosen, events) -> None:
        if chosen["id"] == "continue:stay":
            return
        seat = task["seat"]
        buster = state["busters"][seat]
        buster["played"] = False  # it has taken no action this turn: 2 actions now
        self.pay_continue(state, seat, chosen, events)
        buster["played"] = True
        buster["ap"] = buster.pop("turn_ap", None) or self.ctx.const("continue_actions_if_not_acted")
        buster["armor_bonus"] = 0
        char = self.char_of(state, seat)
        events.append(
            event(
                f"{self.name(char)}'s turn: {buster['ap']} AP.", "bugbuster-actions", kind="phase", seat=seat
            )
        )
        self.start_of_own_turn(state, buster, events)
        self.push(state, {"t": "act", "seat": seat})

    # ----- the whole squad down ------------------------------------------------------------
    def choices_last_continue(self, state, task) -> list:
        options = self.continue_options(state, task["seat"])
        if not options:
            return []
        return options + [action("give-up", "Give up the mission", task["seat"], "continue")]

    def choose_last_continue(self, state, task, chosen, events) -> None:
        if chosen["id"] == "give-up":
            state["goal"]["gave_up"] = True
            return
        self.pay_continue(state, task["seat"], chosen, events)

    def skip_last_continue(self, state, task, events) -> None:
        state["goal"]["gave_up"] = True
