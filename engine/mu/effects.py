"""Named effects: the special effects of the adapted Hero cards (content/marvel-united-promos/heroes/,
`cards[].effect.name` + `params`) and the steps of the Locations' end-of-turn effects
(content/marvel-united-promos/locations/, `end_of_turn.steps`: one-key objects {name: parameter}).
build.py check requires every name content uses to be a key of EFFECTS."""

from .rules_base import Rules, event, not_implemented

# Every effect name content may use -> the method implementing it (called with state, seat, params, events).
EFFECTS = {
    # Hero card special effects
    "attack_adjacent": "fx_attack_adjacent",
    "gain_action_token": "fx_gain_action_token",
    "give_action_token": "fx_give_action_token",
    "heal_hero": "fx_heal_hero",
    "invulnerable_until_next_turn": "fx_invulnerable",
    "move_anywhere": "fx_move_anywhere",
    "move_other_hero": "fx_move_other_hero",
    "rescue_adjacent": "fx_rescue_adjacent",
    # Location end-of-turn steps
    "gain_token": "fx_gain_token",
    "draw": "fx_draw",
    "rescue_civilian": "fx_rescue_civilian",
    "defeat_thug": "fx_defeat_thug",
    "move_hero_anywhere": "fx_move_hero_anywhere",
}


class EffectRules(Rules):
    # ----- dispatch ------------------------------------------------------------------------------
    def hero_effect(self, state, seat, card_id, events) -> None:
        effect = self.ctx.hero_cards[card_id]["effect"]
        events.append(event(f"{self.hero_name(state, seat)}: {effect['text']}", "special", "effect", seat))
        self.apply_effect(state, seat, effect["name"], effect.get("params", {}), events)

    def apply_effect(self, state, seat, name, params, events) -> None:
        method = EFFECTS.get(name)
        if method is None:
            events.append(not_implemented(f"The effect {name!r} is not implemented", "special", seat))
            return
        getattr(self, method)(state, seat, params, events)

    def location_effect(self, state, seat, events) -> None:
        pos = state["heroes"][seat]["pos"]
        eot = self.ctx.locations[pos]["end_of_turn"]
        events.append(event(f"{self.hero_name(state, seat)} uses {self.loc_name(pos)}: {eot['text']}",
                            "location", "location", seat))
        # one task per step, so a step that asks a question is answered before the next step
        self.push(state, *({"t": "location_step", "seat": seat, "step": step} for step in eot["steps"]))

    def run_location_step(self, state, task, events):
        (name, param), = task["step"].items()
        self.apply_effect(state, task["seat"], name, param, events)

    @staticmethod
    def count(params, default=1) -> int:
        if isinstance(params, dict):
            return int(params.get("count", default))
        return default if isinstance(params, bool) else int(params)

    # ----- tokens and cards ------------------------------------------------------------------------
    def fx_gain_action_token(self, state, seat, params, events):
        self.gain_token(state, seat, params["token"], events, self.count(params), "special")

    def fx_gain_token(self, state, seat, params, events):
        self.gain_token(state, seat, params, events, 1, "location")

    def fx_draw(self, state, seat, params, events):
        self.draw_cards(state, seat, self.count(params), events, "location")

    def other_seats(self, state, seat) -> list[int]:
        """The other Heroes an effect may target: not one off the board (`pos` None: in Blastaar's Negative
        Zone, where Heroes "ignore all game effects")."""
        return [h["seat"] for h in state["heroes"] if h["seat"] != seat and h["pos"] is not None]

    def fx_give_action_token(self, state, seat, params, events):
        self.push(state, {"t": "fx_pick_hero", "seat": seat, "params": params, "then": "give_token",
                          "others": True, "auto1": True})

    def fx_heal_hero(self, state, seat, params, events):
        self.push(state, {"t": "fx_pick_hero", "seat": seat, "params": params, "then": "heal",
                          "others": False, "auto1": True})

    def choices_fx_pick_hero(self, state, task):
        seat = task["seat"]
        others = self.other_seats(state, seat)
        seats = others if task["others"] else [s for s in range(len(state["heroes"]))
                                               if s == seat or s in others]
        verb = {"give_token": "Give the token to", "heal": "Heal"}[task["then"]]
        return [{"id": f"effect:hero:{s}", "label": f"{verb} {self.hero_name(state, s)}", "seat": seat,
                 "kind": "effect", "target_seat": s} for s in seats]

    def choose_fx_pick_hero(self, state, task, action, events):
        target, params = action["target_seat"], task["params"]
        if task["then"] == "give_token":
            self.gain_token(state, target, params["token"], events, self.count(params), "special")
        else:
            self.draw_cards(state, target, self.count(params), events, "special")

    def fx_invulnerable(self, state, seat, params, events):
        state["heroes"][seat]["invulnerable"] = True
        events.append(event(f"{self.hero_name(state, seat)} takes an Invulnerable token", "special", "token",
                            seat))

    # ----- moving ------------------------------------------------------------------------------
    def fx_move_anywhere(self, state, seat, params, events):
        self.push(state, {"t": "fx_move", "seat": seat, "mover": seat, "range": None, "optional": False,
                          "auto1": True})

    def fx_move_hero_anywhere(self, state, seat, params, events):
        self.push(state, {"t": "fx_move", "seat": seat, "mover": seat, "range": None, "optional": True})

    def fx_move_other_hero(self, state, seat, params, events):
        self.push(state, {"t": "fx_move", "seat": seat, "mover": None, "range": self.count(params),
                          "optional": True})

    def ring_distance(self, state, a, b) -> int:
        ring = self.ring(state)
        d = abs(ring.index(a) - ring.index(b))
        return min(d, len(ring) - d)

    def choices_fx_move(self, state, task):
        seat = task["seat"]
        movers = [task["mover"]] if task["mover"] is not None else self.other_seats(state, seat)
        out = []
        for m in movers:
            pos = state["heroes"][m]["pos"]
            for loc in self.ring(state):
                dist = self.ring_distance(state, pos, loc)
                if loc != pos and (task["range"] is None or dist <= task["range"]):
                    who = "" if m == seat else f"{self.hero_name(state, m)} "
                    out.append({"id": f"effect:move:{m}:{loc}", "seat": seat, "kind": "effect",
                                "mover": m, "location": loc,
                                "label": f"Move {who or 'your Hero '}to {self.loc_name(loc)}"})
        if task["optional"] and out:
            out.append({"id": "effect:stay", "label": "Do not move", "seat": seat, "kind": "effect"})
        return out

    def choose_fx_move(self, state, task, action, events):
        if action["id"] == "effect:stay":
            return
        state["heroes"][action["mover"]]["pos"] = action["location"]
        events.append(event(f"{self.hero_name(state, action['mover'])} moves to "
                            f"{self.loc_name(action['location'])}", "special", "move", task["seat"]))
        self.on_hero_moved(state, action["mover"], events)

    # ----- actions in a Location next to yours ("as if you stood there") ---------------------------
    def fx_attack_adjacent(self, state, seat, params, events):
        self.push(state, {"t": "fx_remote", "seat": seat, "kind": "attack", "left": self.count(params),
                          "at": None})

    def fx_rescue_adjacent(self, state, seat, params, events):
        self.push(state, {"t": "fx_remote", "seat": seat, "kind": "heroic", "left": self.count(params),
                          "at": None})

    def choices_fx_remote(self, state, task):
        seat = task["seat"]
        locs = [task["at"]] if task["at"] else self.adjacent(state, state["heroes"][seat]["pos"])
        out = []
        for loc in locs:
            for aid, label in self.targets(state, seat, task["kind"], at=loc, moves=False):
                if task["kind"] == "heroic" and not aid.startswith("heroic:civilian"):
                    continue  # rescue_adjacent rescues Civilians only
                out.append({"id": f"effect:{aid}", "label": f"{label} ({task['left']} left)", "seat": seat,
                            "kind": "effect", "location": loc})
        if task["at"] and out:
            out.append({"id": "effect:done", "label": "Stop", "seat": seat, "kind": "effect"})
        return out

    def choose_fx_remote(self, state, task, action, events):
        if action["id"] == "effect:done":
            return
        self.apply_action(state, task["seat"], action["id"].split(":", 1)[1], events)
        if task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1, at=action["location"]))

    # ----- Location steps acting on the Hero's Location ------------------------------------------
    def fx_rescue_civilian(self, state, seat, params, events):
        pos = state["heroes"][seat]["pos"]
        for _ in range(self.count(params)):
            if "civilian" in self.loc(state, pos)["tokens"]:
                self.apply_action(state, seat, f"heroic:civilian:{pos}", events)

    def fx_defeat_thug(self, state, seat, params, events):
        pos = state["heroes"][seat]["pos"]
        for _ in range(self.count(params)):
            if "thug" in self.loc(state, pos)["tokens"]:
                self.apply_action(state, seat, f"attack:thug:{pos}", events)
