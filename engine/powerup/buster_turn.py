"""The BUGBUSTERs' turns (POWERUP Rulebook — Turn Sequence, BUGBUSTER Actions): "The BUGBUSTER players choose
the order", then "Each BUGBUSTER uses 4 actions"; "Any unused actions are lost"."""

from ..core.actions import action
from .board import other_way
from .rules_base import Rules, event, fmt

JUMP_NAMES = {"straight": "jump straight ahead", "diagonal": "jump diagonally up"}


class BusterTurnRules(Rules):
    # The actions a mixin adds to a BUGBUSTER's turn (through extra_choices) are carried out by its own
    # methods: each mixin declares EXTRA_ACTIONS, {action kind: method name}; the game class collects them
    # once into extra_table, which choose_extra reads. A kind belongs to one mixin only.
    extra_table: dict = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        table = {}
        for klass in cls.__mro__:
            for kind, method in vars(klass).get("EXTRA_ACTIONS", {}).items():
                if kind in table:
                    raise TypeError(f"{klass.__name__} declares the action kind {kind!r} again")
                table[kind] = method
        cls.extra_table = table

    def busters_in_play(self, state) -> int:
        return len(state["busters"])

    def char_of(self, state, seat) -> dict:
        return state["chars"][state["busters"][seat]["char"]]

    def steering_seat(self, state) -> int:
        """The seat that decides for the non-player characters ("to be decided by the players leading the
        BUGBUSTERs"): the seat whose BUGBUSTER's turn it is; outside the BUGBUSTERs' turns (the BUGs' turn,
        a reaction, the set-up), the lowest seat whose BUGBUSTER is standing, else seat 0.
        Ruling #ruling-npc-steering."""
        for task in state["tasks"]:
            if task["t"] == "act":
                return task["seat"]
        standing = [b["seat"] for b in state["busters"] if self.char_of(state, b["seat"])["lives"] > 0]
        return min(standing, default=0)

    def deciding_seat(self, state, char):
        """Who decides for `char`: a BUGBUSTER's own seat, the steering seat for a non-player character,
        None (the BUGs' side) for a BUG. Ruling #ruling-npc-steering."""
        if char["side"] == "bug":
            return None
        return char["seat"] if char["side"] == "bugbuster" else self.steering_seat(state)

    def run_busters_phase(self, state, task, events) -> None:
        for buster in state["busters"]:
            buster["played"] = False
        state["npc_moves"] = {
            c["id"]: self.ctx.npcs[c["kind"]].get("actions", self.ctx.const("npc_movement_actions"))
            for c in state["chars"].values()
            if c["side"] == "npc"
        }
        self.push(state, {"t": "pick_next"}, {"t": "end_turn"})

    def choices_pick_next(self, state, task) -> list:
        """ "The BUGBUSTER players choose the order"."""
        waiting = [b for b in state["busters"] if not b["played"]]
        return [
            action(
                f"next:{b['seat']}",
                f"{self.name(self.char_of(state, b['seat']))} plays next",
                b["seat"],
                "order",
            )
            for b in waiting
        ]

    def choose_pick_next(self, state, task, chosen, events) -> None:
        seat = int(chosen["id"].split(":")[1])
        state["busters"][seat]["played"] = True
        waiting = any(not b["played"] for b in state["busters"])
        self.begin_turn(state, seat, events, [{"t": "pick_next"}] if waiting else [])

    def begin_turn(self, state, seat, events, follow: list) -> None:
        """A BUGBUSTER's turn begins (then the `follow` tasks): its AP, and the extra armor of a POW! card,
        kept since its last turn, ends. Ruling #ruling-until-end-of-turn."""
        buster = state["busters"][seat]
        buster["played"] = True
        char = self.char_of(state, seat)
        if char["lives"] <= 0:
            events.append(event(f"{self.name(char)} is down and cannot act.", "loss-of-lives"))
            self.push(state, *follow)
            return
        buster["ap"] = buster.pop("turn_ap", None) or self.ctx.const("action_points_per_turn")
        buster["armor_bonus"] = 0
        events.append(
            event(
                f"{self.name(char)}'s turn: {buster['ap']} AP.", "bugbuster-actions", kind="phase", seat=seat
            )
        )
        self.start_of_own_turn(state, buster, events)
        self.push(state, {"t": "act", "seat": seat}, *follow)

    def start_of_own_turn(self, state, buster, events) -> None:
        """Overridden by the EPIC rules ("Your character is EPIC until the beginning of its next turn")."""

    def skip_pick_next(self, state, task, events) -> None:
        pass

    # ----- a BUGBUSTER's actions -----------------------------------------------------------
    def choices_act(self, state, task) -> list:
        """A BUGBUSTER's choices on its turn; at 0 AP what costs no AP stays on offer, with "end the turn".
        Ruling #ruling-free-actions."""
        seat = task["seat"]
        buster = state["busters"][seat]
        char = self.char_of(state, seat)
        name = self.name(char)
        out = [
            action(
                "end",
                f"{name}: end the turn ({buster['ap']} AP unused)"
                if buster["ap"]
                else f"{name}: end the turn",
                seat,
                "end",
            )
        ]
        if char["lives"] <= 0:
            return out
        if buster["ap"] <= 0:  # what costs no AP stays on offer (POW! cards, EPIC, CONTINUE, the turret...)
            return out + [a for a in self.extra_choices(state, char, seat) if not a.get("cost")]
        ap = buster["ap"]
        move_cost = self.move_cost(state, "move", char)
        if ap >= move_cost:
            for name_, square in self.step_targets(state, char):
                if self.free_for(state, char, square) or self.passable_ally(state, char, square):
                    out.append(
                        action(
                            f"move:{name_}",
                            self.move_label(name_, square) + self.landing_warning(state, char, square),
                            seat,
                            "move",
                            square=square,
                            cost=move_cost,
                        )
                    )
        if ap >= self.ctx.cost("flip"):
            out.append(
                action(
                    "flip",
                    f"Turn to face {other_way(char['facing'])}",
                    seat,
                    "flip",
                    cost=self.ctx.cost("flip"),
                )
            )
        jump_cost = self.move_cost(state, "jump", char)
        if ap >= jump_cost:
            for kind, square in self.jump_targets(state, char):
                if self.free_for(state, char, square):
                    out.append(
                        action(
                            f"jump:{kind}",
                            f"{JUMP_NAMES[kind].capitalize()} to {fmt(square)}"
                            + self.landing_warning(state, char, square),
                            seat,
                            "jump",
                            square=square,
                            cost=jump_cost,
                        )
                    )
        if ap >= self.ctx.cost("attack"):
            out += self.attack_choices(state, char, seat)
        if ap >= self.ctx.cost("rest") and buster["reaction"] < self.max_reaction(state, char):
            out.append(action("rest", "Rest: recover 1 RP", seat, "rest", cost=self.ctx.cost("rest")))
        out += self.extra_choices(state, char, seat)
        return out

    def move_label(self, name, square) -> str:
        return {"ahead": "Move ahead", "back": "Moonwalk back", "up": "Climb up", "down": "Climb down"}[
            name
        ] + f" to {fmt(square)}"

    def move_cost(self, state, what: str, char=None) -> int:
        """The action's printed cost, or the one an equipped weapon sets (JUMP 1A: "Jumps only cost you 1AP";
        MOVE 2A / JUMP 4A), times the Creeper event's multiplier on BUGBUSTER movements."""
        cost = self.ctx.cost(what)
        if char is not None:
            for category in ("distance", "melee", "armor"):
                for special in (self.equipped(state, char, category) or {}).get("specials", []):
                    values = self.ctx.special(special)
                    if special in ("jump-1a", "move-2a-jump-4a") and f"{what}_cost" in values:
                        cost = values[f"{what}_cost"]
        return cost * self.movement_multiplier(state)

    def movement_multiplier(self, state) -> int:
        return 1

    def passable_ally(self, state, char, square) -> bool:
        return False

    def attack_choices(self, state, char, seat) -> list:
        out = []
        buster = self.buster_of(state, char)
        if buster.get("untouchable"):  # "The BUGBUSTER can't be attacked, nor attack"
            return out
        if buster["ammo"] > 0 and self.ranged_allowed(state):
            for k, _dx, target in self.ranged_targets(state, char):
                out.append(
                    action(
                        f"shoot:{target['id']}",
                        f"Shoot {self.name(target)} at {fmt(target['at'])} "
                        f"({k} square{'s' * (k != 1)} away; 1 AP, 1 ammo)",
                        seat,
                        "attack",
                        target=target["id"],
                        square=target["at"],
                        cost=self.ctx.cost("attack"),
                    )
                )
        for side, target in self.melee_targets(state, char):
            where = f"{self.name(target)} at {fmt(target['at'])}"
            for push in ("left", "right") if side == 0 else (None,):  # above or below: the attacker's side
                out.append(
                    action(
                        f"melee:{target['id']}" + (f":{push}" if push else ""),
                        f"Melee {where}" + (f", pushing {push}" if push else ""),
                        seat,
                        "attack",
                        target=target["id"],
                        square=target["at"],
                        cost=self.ctx.cost("attack"),
                    )
                )
        return out

    def ranged_allowed(self, state) -> bool:
        return True

    def extra_choices(self, state, char, seat) -> list:
        """Overridden by further rules (revive, give, POW! cards, POWERUP store...)."""
        return []

    def choose_act(self, state, task, chosen, events) -> None:
        seat = task["seat"]
        buster = state["busters"][seat]
        char = self.char_of(state, seat)
        kind, _, rest = chosen["id"].partition(":")
        if kind == "end":
            if buster["ap"]:
                events.append(
                    event(
                        f"{self.name(char)} ends the turn; {buster['ap']} AP are lost.", "bugbuster-actions"
                    )
                )
            buster["ap"] = 0
            return
        buster["ap"] -= chosen.get("cost", 0)
        buster["streak"] = buster.get("streak", 0) + 1 if kind in ("shoot", "melee", "jumpattack") else 0
        self.push(state, {"t": "act", "seat": seat})
        if kind == "move":
            self.walk(state, char, chosen["square"], events)
        elif kind == "flip":
            char["facing"] = other_way(char["facing"])
            events.append(event(f"{self.name(char)} turns to face {char['facing']}.", "action-flip"))
        elif kind == "jump":
            self.jump_to(state, char, chosen["square"], events)
        elif kind in ("shoot", "melee"):
            push = rest.split(":")[1] if rest.count(":") else None
            self.prepare_attack(state, char, buster, kind, chosen["target"], push, events)
        elif kind == "rest":
            buster["reaction"] += 1
            events.append(event(f"{self.name(char)} rests: {buster['reaction']} RP.", "action-rest"))
        else:
            self.choose_extra(state, char, buster, kind, rest, chosen, events)

    def jump_to(self, state, char, square, events) -> None:
        """Overridden by the rules of the air (an attack during the jump, the Mid-Jump Action)."""
        self.walk(state, char, square, events, rule="movement-jump", verb="jumps")

    def choose_extra(self, state, char, buster, kind, rest, chosen, events) -> None:
        """An action of a mixin's own kind (the id's first part), by the game class's table."""
        method = self.extra_table.get(kind)
        if method is None:
            raise AssertionError(f"unknown action {chosen['id']}")
        getattr(self, method)(state, char, buster, rest, chosen, events)

    def spent_ammo(self, state, char, events) -> None:
        """Overridden by the equipment rules (the shotgun destroyed out of ammunition)."""

    # ----- facing after a fall or a door -----------------------------------------------------
    def choices_face_after(self, state, task) -> list:
        """ "After falling from a height or going through a door, you can choose the direction your
        character will face".
        Ruling #ruling-facing-after-a-fall."""
        char = state["chars"][task["char"]]
        if char["lives"] <= 0 or char["at"] is None:
            return []
        return [
            action(f"face:{f}", f"{self.name(char)} faces {f}", char["seat"], "facing")
            for f in ("left", "right")
        ]

    def choose_face_after(self, state, task, chosen, events) -> None:
        state["chars"][task["char"]]["facing"] = chosen["id"].split(":")[1]

    def skip_face_after(self, state, task, events) -> None:
        pass

    # ----- pushes of the victim's choice --------------------------------------------------
    def choices_side_push(self, state, task) -> list:
        """Spikes and fire: "pushed to the side of their choice (up, down, right or left)"; the steering seat
        chooses for a non-player character. Rulings #ruling-spikes-and-fire, #ruling-npc-steering."""
        char = state["chars"].get(task["char"])
        if char is None or char["lives"] <= 0 or char["at"] is None:
            return []
        x, y = char["at"]
        out = []
        for name, square in (
            ("left", [x - 1, y]),
            ("right", [x + 1, y]),
            ("up", [x, y - 1]),
            ("down", [x, y + 1]),
        ):
            if self.open_square(state, square) and self.free_for(state, char, square):
                out.append(
                    action(
                        f"pushed:{name}",
                        f"{self.name(char)} is pushed {name} to {fmt(square)}",
                        self.deciding_seat(state, char),
                        "pushed",
                        square=square,
                    )
                )
        if out and char["side"] == "bug":  # the BUGs' side decides for its own: the first way open
            return out[:1]
        return out

    def choose_side_push(self, state, task, chosen, events) -> None:
        char = state["chars"][task["char"]]
        self.relocate(state, char, chosen["square"])
        events.append(
            event(f"{self.name(char)} is pushed to {fmt(chosen['square'])}.", "basics-types-of-squares")
        )
        self.arrive(state, char, events, how="walk")

    def skip_side_push(self, state, task, events) -> None:
        pass
