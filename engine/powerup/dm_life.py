"""Death and the return in Deathmatch, and its store (POWERUP Rulebook — Deathmatch, Death of the contenders;
The Store in DEATHMATCH): "When a BUGBUSTER loses all its lives it disintegrates. It then reappears in the
active POWERUP that is closest to your base. Remove this POWERUP from the board. Then place it on the square
where the BUGBUSTER perished. When a BUGBUSTER dies, it loses all weapons and equipment, but not its POW!
cards. The returned BUGBUSTER has 3 lives again. Its original ammunition and reaction points are restored as
well. If the player has already played that turn, they wait for the next turn to play again. If they
haven't played in this turn yet, they'll have 2 actions. Until the player takes the first normal action the
BUGBUSTER is protected: it cannot attack or be attacked." "when you enter a POWERUP, turn off the POWERUP
and choose from one of these options [...] when you turn the POWERUP off, you DO NOT TURN ANOTHER BACK ON."

Our rulings:
- "All weapons and equipment" are its equipment cards; the weapons printed on its sheet cannot be lost.
- The POWERUP closest to its base: the fewest squares (across plus up or down) from the nearest square of its
  base tile, then the lowest id. With no POWERUP ON it reappears on the square it was placed on at setup
  (the first free square of its base when another stands there).
- The POWERUP goes where it perished; where a piece cannot lie (acid, spikes, the void, beyond the board),
  onto the last square it stood on before if one can, else off the board. It stays ON. The character does
  not enter it.
- A BUGBUSTER that dies on its own turn has played: its turn ends.
- "The first normal action": the first action it takes that costs action points.
- The store: an offer is on the list when it can be taken (a card left to draw; ammunition below the
  sheet's; a life lost). A drawn equipment card is equipped at once, and the card it replaces is lost.
Rulings #ruling-deathmatch-return, #ruling-deathmatch-store."""

from ..core.actions import action
from .rules_base import Rules, event, fmt


class DeathmatchLifeRules(Rules):
    # ----- death and the return ----------------------------------------------------------------------
    def kill(self, state, char, events, by=None, disintegrate: bool = False) -> None:
        if not (self.deathmatch() and char["side"] == "bugbuster" and state.get("dm")):
            return super().kill(state, char, events, by=by, disintegrate=disintegrate)
        square = list(char["at"]) if char.get("at") is not None else None
        cargo = char.get("carrying") or {}
        robot = next(
            (t for t in state["tokens"] if t["id"] == cargo.get("id") and t["kind"] == "robot"), None
        )
        super().kill(state, char, events, by=by, disintegrate=True)
        if square is not None and not self.rests(state, square):
            square = char.get("came_from")
            square = square if square is not None and self.rests(state, square) else None
        # what was still to happen to it (a push off spikes, a facing after a fall) died with it
        state["tasks"] = [t for t in state["tasks"] if t.get("char") != char["id"]]
        if robot is not None:
            robot.pop("carried_by", None)
            self.drop_robot(
                state,
                robot,
                square or state["dm"]["homes"][str(robot["team"])],
                events,
                f"{self.robot_name(robot['team'])} falls",
            )
        self.push(state, {"t": "dm_return", "seat": char["seat"], "perished": square})

    def run_dm_return(self, state, task, events) -> None:
        """The return comes once what killed it is over (a push off spikes no longer moves it)."""
        self.come_back(state, self.char_of(state, task["seat"]), task["perished"], events)

    def rests(self, state, square) -> bool:
        """Whether a character can stand on `square` unhurt: open, held up, no one there, and not acid,
        spikes, fire, a staircase or the void."""
        return (
            self.lies_on(state, square)
            and not self.chars_at(state, square)
            and self.token_at(state, square, "fire") is None
        )

    def come_back(self, state, char, perished, events) -> None:
        """The return at the active POWERUP closest to its base. Ruling #ruling-deathmatch-return."""
        seat = char["seat"]
        buster = state["busters"][seat]
        base = self.base_squares(self.team_of(seat))
        on = [
            t
            for t in state["tokens"]
            if t["kind"] == "powerup" and t["on"] and t.get("at") is not None and self.rests(state, t["at"])
        ]
        near = min(
            on,
            key=lambda t: (min(abs(t["at"][0] - x) + abs(t["at"][1] - y) for x, y in base), t["id"]),
            default=None,
        )
        if near is not None:
            square = list(near["at"])
            if perished is not None and self.rests(state, perished):
                near["at"] = list(perished)
            else:
                state["tokens"].remove(near)
        else:
            square = self.home_square(state, seat)
        sheet = self.ctx.bugbusters[buster["kind"]]["sheet"]
        values = self.ctx.scenario["values"]
        char.update(
            at=square, lives=values["respawn_lives"], facing="right" if self.team_of(seat) == 0 else "left"
        )
        char.pop("down", None)
        state["decks"]["equipment_discard"] += [ref.split(":", 1)[1] for ref in buster["pack"]]
        buster["pack"] = []
        buster["equipped"] = {}
        for n, weapon in enumerate(sheet.get("weapons", [])):
            buster["equipped"].setdefault(weapon["category"], f"sheet:{buster['kind']}:{n}")
        buster["ammo"], buster["reaction"] = sheet["ammo"], sheet["reaction"]
        buster["protected"] = True
        acting = any(t["t"] == "act" and t.get("seat") == seat for t in state["tasks"])
        if acting or buster["played"]:
            buster["ap"] = 0  # a death in its own turn ends that turn
            state["tasks"] = [t for t in state["tasks"] if not (t["t"] == "act" and t.get("seat") == seat)]
            wait = "it plays again next turn"
        else:
            buster["turn_ap"] = values["respawn_actions_if_not_played"]
            wait = f"it has {buster['turn_ap']} actions this turn"
        events.append(
            event(
                f"{self.name(char)} reappears at {fmt(square)} with {char['lives']} lives, its ammunition "
                f"and reaction points, and no equipment card; {wait}, protected until its first action.",
                "deathmatch-death-of-the-contenders",
                kind="phase",
                seat=seat,
            )
        )

    def attackable(self, state, target) -> bool:
        """ "Until the player takes the first normal action the BUGBUSTER is protected: it cannot attack or
        be attacked." """
        if target["side"] == "bugbuster" and state["busters"][target["seat"]].get("protected"):
            return False
        return super().attackable(state, target)

    def attack_choices(self, state, char, seat) -> list:
        if state["busters"][seat].get("protected"):
            return []
        return super().attack_choices(state, char, seat)

    def choose_act(self, state, task, chosen, events) -> None:
        """Its first action that costs AP ends the protection. Ruling #ruling-deathmatch-return."""
        if chosen.get("cost"):
            state["busters"][task["seat"]].pop("protected", None)
        super().choose_act(state, task, chosen, events)

    # ----- the store -----------------------------------------------------------------------------------
    def enter_powerup(self, state, char, powerup, events) -> None:
        """ "when you enter a POWERUP, turn off the POWERUP and choose from one of these options"."""
        if not self.deathmatch():
            return super().enter_powerup(state, char, powerup, events)
        powerup["on"] = False
        events.append(
            event(
                f"{self.name(char)} enters the POWERUP at {fmt(powerup['at'])}; it turns OFF.",
                "deathmatch-store",
                kind="powerup",
                seat=char["seat"],
            )
        )
        self.push(state, {"t": "dm_store", "seat": char["seat"]})

    def choices_dm_store(self, state, task) -> list:
        """The offers that can be taken now. Ruling #ruling-deathmatch-store."""
        seat = task["seat"]
        buster, char = state["busters"][seat], self.char_of(state, seat)
        if char["lives"] <= 0:
            return []
        decks = state["decks"]
        possible = {
            "draw-pow": bool(decks["pow"] or decks["pow_discard"]),
            "draw-equipment": bool(decks["equipment"] or decks["equipment_discard"]),
            "recover-ammo": buster["ammo"] < self.max_ammo(state, char),
            "recover-life": char["lives"] < self.ctx.const("starting_lives"),
        }
        return [
            action(f"dmstore:{offer['id']}", offer["text"], seat, "store")
            for offer in self.ctx.stores["deathmatch-store"]["offers"]
            if possible.get(offer["id"])
        ]

    def choose_dm_store(self, state, task, chosen, events) -> None:
        seat = task["seat"]
        buster, char = state["busters"][seat], self.char_of(state, seat)
        offer = next(o for o in self.ctx.stores["deathmatch-store"]["offers"] if o["id"] == chosen["id"][8:])
        values = offer.get("values", {})
        if offer["id"] == "draw-pow":
            self.draw_pow(state, char, values["pow_cards"], events)
        elif offer["id"] == "draw-equipment":
            card = self.draw(state, state["decks"]["equipment"], state["decks"]["equipment_discard"])
            rec = self.ctx.equipment[self.card_kind(card)]
            old = buster["equipped"].get(rec["category"])
            if old and old.startswith("card:"):  # "you lose that one"
                buster["pack"].remove(old)
                state["decks"]["equipment_discard"].append(old.split(":", 1)[1])
            buster["pack"].append(f"card:{card}")
            buster["equipped"][rec["category"]] = f"card:{card}"
            events.append(event(f"{self.name(char)} draws {rec['name']} and equips it.", "deathmatch-store"))
        elif offer["id"] == "recover-ammo":
            buster["ammo"] = min(self.max_ammo(state, char), buster["ammo"] + values["ammo_points"])
            events.append(
                event(f"{self.name(char)} recovers ammunition: {buster['ammo']}.", "deathmatch-store")
            )
        else:
            char["lives"] = min(self.ctx.const("starting_lives"), char["lives"] + values["life_points"])
            events.append(event(f"{self.name(char)} recovers a life: {char['lives']}.", "deathmatch-store"))

    def skip_dm_store(self, state, task, events) -> None:
        pass
