"""Hobgoblin (content/marvel-united-promos/villains/hobgoblin.yaml): every rule of his Dashboard, Threats and
Master Plan. No Special Setup is printed on the back. His Health is 3 for 2, 3 and 4 Heroes, as transcribed.

Dashboard, Special Rules: "The first time Hobgoblin would be defeated, he immediately gains 2 Health plus 1
Health for each Threat in play. Then, he moves to the opposite Location."
  - `saved_from_defeat` (Villain hook, from damage.damage_villain): the first time his Health reaches 0 the
    Heroes do not win; he gains `params.revive_health` + `params.revive_per_threat` x the Threats on the
    board (counted then), from 0, and moves to the Location opposite his own. Decisions: the Health may go
    above the starting value (the text sets no cap); damage beyond 0 is lost; the second time he is
    defeated.
"When a Hero is KO'd, Hobgoblin doesn't activate his BAM! Instead, draw a Master Plan card and add it facedown
in the Storyline."
  - Dashboard `ko` -> `facedown_plan_card_instead_of_bam` (villains/common.py, Klaw's rule): an empty Master
    Plan deck loses.
BAM!: "Deal 1 damage to each Hero in both Locations adjacent to Hobgoblin's."
  - Dashboard `bam` -> `hobgoblin_bam` (params.damage): every Hero not KO'd in the left, then the right
    Location (seat order).
Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random cleared
Threat into play in the first clockwise Location without a Threat. If not possible, deal 1 damage to 1 Hero
anywhere."
  - Dashboard `overflow` -> `hobgoblin_overflow` (params.damage), once per overflowing Location: the shared
    common.bring_back_cleared_threat (random pick with the game's RNG; the first Location without a Threat
    clockwise starting at Hobgoblin's own, as Gorr's and Crossbones' rulings). Not possible (nothing cleared,
    or a Threat everywhere): the Heroes choose 1 Hero not KO'd anywhere (shared task `hero_hit`, asked of the
    lowest seat).
Threats:
  - Diversion / Misleading Information: "Heroes starting their turn in this Location must forfeit 1 available
    Attack (Heroic Action) action." -> `play.turn_start_here` -> `hobgoblin_forfeit` (params.action), core
    hook once the Hero has played their card (they have not moved since the turn started). "available": an
    Attack symbol of the played or previous card, a Wild symbol (it could be an Attack), an Attack token or a
    Wild token; the Hero chooses which (core-actions: "they spend one symbol or token of that kind for
    nothing"); none: nothing to forfeit.
  - Pumpkin Bomb Trap: "Heroes taking damage in this Location take 1 additional damage." -> `play.hero_damage`
    -> `hobgoblin_pumpkin_bomb_trap` (params.extra): each time damage is dealt to a Hero in this Location
    (whatever its source), 1 more; not when an Invulnerable Hero ignores it.
Master Plan, Unaware Pawns / Criminal Power Rising: "If Hobgoblin is NOT Under Pressure, each Hero in a
Location with 1 or more Civilians (Thugs) must either discard 1 Action token or take 1 damage. If Hobgoblin is
Under Pressure, draw and play an additional Master Plan card."
  - `hobgoblin_pawns` (params.token, params.damage): not Under Pressure: each Hero not KO'd in a Location
    holding that token (before the card's own tokens are placed) chooses; "Action token" = a Move token
    (core-symbols: the Dashboards' "Action" is the green arrow); without one the Hero takes the damage.
    Under Pressure: after this card's tokens and Overflow, the next Master Plan card is played as a whole
    Villain turn card (move, BAM!, effect, tokens); an empty deck loses (core-losing 1).
Master Plan 11/12: "Move to the Location opposite to the Hero that will play next." -> `on_move`: the
Hero of the next Hero turn in the queue (a KO'd one too: they stand up and play); already there: he stays.
"""

from ..rules_base import event, handler, not_implemented
from ..villain_base import Villain
from .common import bring_back_cleared_threat, hit_any_hero, plan_title

FORFEIT_TASK = "hobgoblin_forfeit"
PAWN_TASK = "hobgoblin_token_or_damage"
ACTION_TOKEN = "move"  # "Action token": the green arrow (core-symbols)
ACTION_NAMES = {"attack": "Attack", "heroic": "Heroic Action", "move": "Move", "wild": "Wild"}


class Hobgoblin(Villain, villain="hobgoblin", texts=("special_rules",)):

    # ----- Hobgoblin's state --------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`revived`: his first defeat has been used; `returned`: Threats brought back (their ids)."""
        state[self._state_key] = {"revived": False, "returned": 0}

    def extend_view(self, state, out) -> None:
        used = self._own(state)["revived"]
        out["components"] = out.get("components", []) + [{
            "id": "hobgoblin-first-defeat", "name": "First defeat",
            "text": ("Used: the next defeat is final." if used else
                     "The first time Hobgoblin would be defeated, he gains Health and moves instead."),
            "location": None, "seat": None, "count": 0 if used else 1}]

    # ----- Special Rules ----------------------------------------------------------------------------

    def saved_from_defeat(self, state, seat, events) -> bool:
        h = self._own(state)
        if h["revived"]:
            return False
        h["revived"] = True
        name = self.ctx.villain["name"]
        threats = sum(1 for _ in self.threats_clockwise(state))
        gain = int(self.vparam("revive_health")) + int(self.vparam("revive_per_threat")) * threats
        state["health"] += gain
        events.append(event(f"{name} would be defeated for the first time: he gains {gain} Health ({threats} "
                            f"Threat{'s' if threats != 1 else ''} in play): {state['health']}", "vulnerable",
                            "villain"))
        state["villain_pos"] = self.step(state, state["villain_pos"], len(self.ring(state)) // 2)
        events.append(event(f"{name} moves to the opposite Location, {self.loc_name(state['villain_pos'])}",
                            "villain-move", "villain-move"))
        return True

    # ----- BAM! and Overflow ------------------------------------------------------------------------
    @handler("hobgoblin_bam")
    def h_bam(self, state, params, events, **_) -> None:
        seats = [h["seat"] for loc in self.adjacent(state, state["villain_pos"]) for h in state["heroes"]
                 if h["pos"] == loc and not h["ko"]]
        if not seats:
            events.append(event("No Hero stands beside Hobgoblin: his BAM! hits nobody", "bam", "bam"))
        for seat in reversed(seats):  # pushed to the front: left Location first, seat order
            self.damage_hero(state, seat, int(params["damage"]), events, "Hobgoblin's BAM!")

    @handler("hobgoblin_overflow")
    def h_overflow(self, state, params, events, location=None, **_) -> None:
        h = self._own(state)
        if bring_back_cleared_threat(self, state, events, "overflow", h, random_pick=True):
            return
        hit_any_hero(self, state, events, location, int(params["damage"]), "Hobgoblin's Overflow")

    # ----- Threats: Diversion, Misleading Information ----------------------------------------------
    @handler("hobgoblin_forfeit")
    def h_forfeit(self, state, params, events, seat=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        self.push(state, {"t": FORFEIT_TASK, "seat": seat, "action": params["action"], "source": name,
                          "auto1": True})

    def choices_hobgoblin_forfeit(self, state, task):
        seat, kind = task["seat"], task["action"]
        symbols = (state.get("turn") or {}).get("symbols", [])
        tokens = state["heroes"][seat]["tokens"]
        what = ACTION_NAMES[kind]
        out = []
        for source, label in ((kind, f"an {what} symbol" if kind == "attack" else f"a {what} symbol"),
                              ("wild", f"a Wild symbol (as {what})")):
            if source in symbols:
                out.append({"id": f"forfeit:symbol:{source}", "seat": seat, "kind": "forfeit",
                            "label": f"Forfeit {label} of this turn ({task['source']})"})
        for source in (kind, "wild"):
            if tokens.get(source, 0) > 0:
                out.append({"id": f"forfeit:token:{source}", "seat": seat, "kind": "forfeit",
                            "label": f"Forfeit a {ACTION_NAMES[source]} Action token ({task['source']})"})
        return out

    def skip_hobgoblin_forfeit(self, state, task, events):
        events.append(event(f"{self.hero_name(state, task['seat'])} has no {ACTION_NAMES[task['action']]} "
                            f"action to forfeit ({task['source']})", "actions", "effect", task["seat"]))

    def choose_hobgoblin_forfeit(self, state, task, action, events):
        _, where, source = action["id"].split(":")
        seat = task["seat"]
        if where == "symbol":
            state["turn"]["symbols"].remove(source)
        else:
            state["heroes"][seat]["tokens"][source] -= 1
        kind = "symbol" if where == "symbol" else "Action token"
        events.append(event(f"{self.hero_name(state, seat)} forfeits a {ACTION_NAMES[source]} {kind} "
                            f"({task['source']})", "actions", "effect", seat))

    # ----- Threat: Pumpkin Bomb Trap ----------------------------------------------------------------
    @handler("hobgoblin_pumpkin_bomb_trap")
    def h_pumpkin_bomb_trap(self, state, params, events, seat=None, n=0, threat=None, **_) -> int:
        if state["heroes"][seat]["ko"]:
            return n  # a KO'd Hero takes no damage (core-ko)
        extra = int(params["extra"])
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        events.append(event(f"{self.hero_name(state, seat)} takes {extra} additional damage ({name})",
                            "threats", "threat", seat))
        return n + extra

    # ----- Master Plan: Unaware Pawns, Criminal Power Rising ----------------------------------------
    @handler("hobgoblin_pawns")
    def h_pawns(self, state, params, events, card=None, **_) -> None:
        title = plan_title(card)
        name = self.ctx.villain["name"]
        if self.under_pressure(state):
            events.append(event(f"{title}: {name} is Under Pressure and plays an additional Master Plan card",
                                "plan-effect", "plan-effect"))
            # after this card's tokens and Overflow (their tasks are pushed in front of it)
            self.push(state, {"t": "villain_turn", "started": True})
            return
        token = params["token"]
        seats = [h["seat"] for h in state["heroes"]
                 if not h["ko"] and token in self.loc(state, h["pos"])["tokens"]]
        if not seats:
            events.append(event(f"{title}: no Hero stands in a Location with a {token.capitalize()}",
                                "plan-effect", "plan-effect"))
        self.push(state, *({"t": PAWN_TASK, "seat": s, "damage": int(params["damage"]), "source": title,
                            "auto1": True} for s in seats))

    def choices_hobgoblin_token_or_damage(self, state, task):
        seat = task["seat"]
        out = []
        if state["heroes"][seat]["tokens"].get(ACTION_TOKEN, 0) > 0:
            out.append({"id": "pawns:token", "seat": seat, "kind": "token-or-damage",
                        "label": f"Discard 1 Action ({ACTION_NAMES[ACTION_TOKEN]}) token ({task['source']})"})
        out.append({"id": "pawns:damage", "seat": seat, "kind": "token-or-damage",
                    "label": f"Take {task['damage']} damage ({task['source']})"})
        return out

    def choose_hobgoblin_token_or_damage(self, state, task, action, events):
        seat = task["seat"]
        if action["id"] == "pawns:token":
            state["heroes"][seat]["tokens"][ACTION_TOKEN] -= 1
            events.append(event(f"{self.hero_name(state, seat)} discards 1 Action token ({task['source']})",
                                "plan-effect", "token", seat))
        else:
            self.damage_hero(state, seat, task["damage"], events, task["source"])

    # ----- Master Plan 11/12: the move --------------------------------------------------------------
    def on_move(self, state, card, events) -> None:
        move = card["move"]
        name = self.ctx.villain["name"]
        if move.get("to") != "opposite-of" or move.get("condition") != "hero-playing-next":
            events.append(not_implemented(f"The move \"{move.get('text', '')}\" is not applied yet: {name} "
                                          "stays", "villain-move"))
            return
        seat = next((t["seat"] for t in state["tasks"] if t["t"] == "hero_turn"), None)
        if seat is None:
            events.append(event(f"No Hero is about to play: {name} stays", "villain-move", "villain-move"))
            return
        hero_pos = state["heroes"][seat]["pos"]
        goal = self.step(state, hero_pos, len(self.ring(state)) // 2)
        if goal == state["villain_pos"]:
            events.append(event(f"{name} is already opposite {self.hero_name(state, seat)}, who plays next: "
                                "he stays", "villain-move", "villain-move"))
            return
        state["villain_pos"] = goal
        events.append(event(f"{name} moves to {self.loc_name(goal)}, opposite {self.hero_name(state, seat)} "
                            "who plays next", "villain-move", "villain-move"))
