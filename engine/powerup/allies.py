"""What BUGBUSTERs do for each other (POWERUP Rulebook — BUGBUSTER Actions; Movement, Push): handing over
equipment, coins or ammunition ("By placing your character in an adjacent square, you can pass equipment
from one BUGBUSTER to the other. You can also pass over coins and ammunition."), and getting past an ally
("When we want to enter a square occupied by an ally we can do two things: push or pass. This will always
be decided by the player that is passed or pushed. This movement only requires 1 action."). Our rulings: a
pass lands on the square beyond the ally; one hand-over gives all one's coins, 1 ammunition or one piece of
equipment; the BUGBUSTERs decide for a non-player character (the steering seat: buster_turn.steering_seat).
Rulings #ruling-pass-ally, #ruling-hand-over, #ruling-npc-steering."""

from ..core.actions import action
from ..core.grid import neighbours
from .rules_base import Rules, event, fmt


class AllyRules(Rules):
    EXTRA_ACTIONS = {"give": "extra_give"}

    def passable_ally(self, state, char, square) -> bool:
        return bool(self.pass_options(state, char, square))

    def pass_options(self, state, char, square) -> list:
        """("pass" | "push", the square each ends on) when an ally stands on `square`, a sideways step.
        Ruling #ruling-pass-ally."""
        others = [c for c in self.chars_at(state, square) if c is not char]
        if len(others) != 1 or others[0]["side"] == "bug" or square[1] != char["at"][1]:
            return []
        dx = square[0] - char["at"][0]
        beyond = [square[0] + dx, square[1]]
        if not self.open_square(state, beyond) or self.kind(beyond) == "void":
            return []
        if self.chars_at(state, beyond):
            return [("push", beyond)] if self.make_room_possible(state, beyond, dx) else []
        return [("pass", beyond), ("push", beyond)]

    def make_room_possible(self, state, square, dx) -> bool:
        x, y = square
        while self.chars_at(state, [x, y]):
            x += dx
            if not self.open_square(state, [x, y]):
                return False
        return True

    def walk(self, state, char, square, events, rule="action-move", verb="moves") -> None:
        others = [c for c in self.chars_at(state, square) if c is not char]
        if others and char["side"] != "bug" and self.pass_options(state, char, square):
            ally = others[0]
            self.push(
                state,
                {
                    "t": "let_by",
                    "seat": self.deciding_seat(state, ally),
                    "ally": ally["id"],
                    "mover": char["id"],
                    "square": square,
                    "auto1": True,
                },
            )
            return
        super().walk(state, char, square, events, rule=rule, verb=verb)

    def choices_let_by(self, state, task) -> list:
        ally, mover = state["chars"][task["ally"]], state["chars"][task["mover"]]
        words = {
            "pass": f"{self.name(ally)} lets {self.name(mover)} pass",
            "push": f"{self.name(ally)} is pushed along by {self.name(mover)}",
        }
        return [
            action(f"letby:{how}", words[how], task["seat"], "let-by", square=sq)
            for how, sq in self.pass_options(state, mover, task["square"])
        ]

    def choose_let_by(self, state, task, chosen, events) -> None:
        ally, mover = state["chars"][task["ally"]], state["chars"][task["mover"]]
        how = chosen["id"].split(":")[1]
        dx = task["square"][0] - mover["at"][0]
        if how == "pass":
            events.append(event(f"{self.name(ally)} lets {self.name(mover)} pass.", "movement-push"))
            super().walk(state, mover, chosen["square"], events, rule="movement-push")
        else:
            self.shove(state, ally, dx, 1, events, rule="movement-push")
            if not [c for c in self.chars_at(state, task["square"]) if c is not mover]:
                super().walk(state, mover, task["square"], events, rule="movement-push")

    def skip_let_by(self, state, task, events) -> None:
        pass

    # ----- handing over --------------------------------------------------------------------------
    def extra_choices(self, state, char, seat) -> list:
        """Hand-overs to a partner beside, above or below: all one's coins, 1 ammunition or one bought
        equipment card (the sheet's weapons stay). Rulings #ruling-hand-over, #ruling-adjacent."""
        out = super().extra_choices(state, char, seat)
        buster = self.buster_of(state, char)
        cost = self.ctx.cost("hand-equipment")
        if buster["ap"] < cost:
            return out
        around = [tuple(sq) for sq in neighbours(char["at"])]
        for other in state["busters"]:
            mate = self.char_of(state, other["seat"])
            if other is buster or mate["lives"] <= 0 or mate["at"] is None or tuple(mate["at"]) not in around:
                continue
            if self.enemies(char, mate):  # a partner: not a Deathmatch rival
                continue
            who = self.name(mate)
            if buster["coins"]:
                out.append(
                    action(
                        f"give:{other['seat']}:coins",
                        f"Give {who} your {buster['coins']} coins",
                        seat,
                        "give",
                        cost=cost,
                    )
                )
            if buster["ammo"]:
                out.append(
                    action(f"give:{other['seat']}:ammo", f"Give {who} 1 ammunition", seat, "give", cost=cost)
                )
            for ref in buster["pack"]:
                out.append(
                    action(
                        f"give:{other['seat']}:{ref}",
                        f"Give {who} the {self.weapon(ref)['name']}",
                        seat,
                        "give",
                        cost=cost,
                    )
                )
        return out

    def extra_give(self, state, char, buster, rest, chosen, events) -> None:
        seat, _, what = rest.partition(":")
        other = state["busters"][int(seat)]
        mate = self.char_of(state, other["seat"])
        if what == "coins":
            other["coins"] += buster["coins"]
            text = f"{buster['coins']} coins"
            buster["coins"] = 0
        elif what == "ammo":
            buster["ammo"] -= 1
            other["ammo"] += 1
            text = "1 ammunition"
        else:
            buster["pack"].remove(what)
            for category, ref in list(buster["equipped"].items()):
                if ref == what:
                    del buster["equipped"][category]
            other["pack"].append(what)
            rec = self.weapon(what)
            other["equipped"].setdefault(rec["category"], what)
            text = f"the {rec['name']}"
        events.append(event(f"{self.name(char)} gives {self.name(mate)} {text}.", "action-give-equipment"))


__all__ = ["AllyRules", "fmt"]
