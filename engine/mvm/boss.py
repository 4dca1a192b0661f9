"""The Boss Mech (Missions 3, 6 and 10): its 2x2 body, Rune Shields, Boss Command Line, Boss Draft and the
GG-101 Doom Cannon, as `play.boss` and the Boss Deck (content/mechs-vs-minions/boss-cards/) say.

Field Guide: The Boss, Boss Command Line, Default Danger, Game-ending Danger, Boss Command Cards, Boss Rune
Shields, Boss Draft, Danger Phase, GG-101 Doom Cannon, Rune Shields; Missions 3, 6 and 10.

Decisions the rulebook leaves open (documented here and in tests/test_mvm_boss.py):

- The Boss Command Line's default dangers, the slot of each element and every Boss Card are ours (the source
  names them but prints none); they are data in the Boss Deck file, `provenance: adapted`.
- The Doom Cannon: a slot that reaches the Doom Cannon power in the Boss Draft charges the cannon; the cannon
  fires when that slot is executed, in the next Danger Phase ("the Boss doesn't execute this 3-power slot
  until his next turn, so you have one more turn to defeat him!"). Missions 6 and 10 also say "in the next
  Danger Phase the Boss fires" — we read it as the same moment (their own "Power Overwhelming" repeats the
  Field Guide's "When a 3-Power slot is executed, it's Game Over!"), so every mission gives one more turn.
- The Boss's moves: it steps forward as a 2x2 body; Massive Boulders, Spike Walls and the board edge stop it
  (it takes no damage); it ignores Oil Slicks, Lava Pools, Rune Spaces and Rune Gates; it stomps Minions
  (counted on the Minion Kill Tracker) and pushes Mechs and the Bomb "just like player Mechs" (all lines in
  front of it must be able to move, or it is blocked); it passes over Crystal Shards without harming them
  ("Crystal Shards can never be damaged by Minions or the Boss").
- "Face the nearest Mech": range from any of the Boss's spaces (diagonals count); ties go to the player first
  in player order from the First Player; the Boss turns along the axis where that Mech is furthest away.
- Damage to the Boss: each hit on one of its spaces by a Mech's attack is 1 Damage of the card's element; the
  Rune Shield of that element's colour stops it while active and turns back on after the Boss takes the
  Damage, so one attack deals at most 1 Damage per element. A hit with no element (a Damage Card's attack)
  counts as the first disabled colour in red, yellow, blue, green order (Schematics: "Pick a color when you
  deal that damage"), and is stopped when every shield is up.
- Mission 6 ("you may remove one Boss Command Card"): the team picks which slot's top card goes; with no card
  slotted nothing is removed; the health is restored either way.
- Mission 10 Power Down is checked at the end of every Player Phase (before the mission's end-of-Player-Phase
  endings), and may happen each round.
- Ripsaw (effects.py): "The Boss blocks Ripsaw Command Cards": the saw damages the Boss's square it reaches
  (the Boss is a target; only the Bomb is said to take no Damage from it) and goes no further.

The Danger Phase — executing the Boss Command Line and the Boss Draft — is in boss_line.py.
"""

from ..core.grid import DIRECTIONS, VECTORS
from .rules_base import Rules, event, fmt

COLOR_ORDER = ("red", "yellow", "blue", "green")


class BossRules(Rules):
    # ----- data ----------------------------------------------------------------------------------------
    def boss_spec(self):
        return self.ctx.play.get("boss")

    def boss_deck(self) -> dict:
        return self.catalog["games"]["mechs-vs-minions"]["boss-cards"][self.boss_spec()["deck"]]

    def boss_card(self, card_id) -> dict:
        return next(c for c in self.boss_deck()["cards"] if c["id"] == card_id)

    def boss_line(self) -> dict:
        return self.boss_deck()["command_line"]

    def boss_squares(self, boss, pos=None) -> list:
        """The squares under the Boss: `boss_size` x `boss_size` from its top-left square."""
        x, y = pos or boss["pos"]
        size = self.ctx.const("boss_size")
        return [[x + dx, y + dy] for dy in range(size) for dx in range(size)]

    def boss_on(self, state, square) -> bool:
        boss = state.get("boss")
        return boss is not None and list(square) in self.boss_squares(boss)

    def boss_adjacent(self, boss) -> list:
        """The Boss's adjacent spaces ("the boss has eight adjacent spaces"), on the board: every space
        sharing an edge with one of its squares."""
        body = self.boss_squares(boss)
        around = []
        for x, y in body:
            for sq in ([x, y - 1], [x + 1, y], [x, y + 1], [x - 1, y]):
                if sq not in body and sq not in around and self.ctx.board.on_board(sq):
                    around.append(sq)
        return around

    def boss_front(self, boss, depth=1) -> list:
        """The two-space-wide strip ahead of the Boss, `depth` rows deep."""
        squares = self.boss_squares(boss)
        dx, dy = VECTORS[boss["facing"]]
        edge = [sq for sq in squares if [sq[0] + dx, sq[1] + dy] not in squares]
        out = [[x + dx * d, y + dy * d] for d in range(1, depth + 1) for x, y in edge]
        return [sq for sq in out if self.ctx.board.on_board(sq)]

    def super_shield_up(self, state) -> bool:
        spec = self.boss_spec() or {}
        return "super_shield" in spec and bool(state["shards"])

    # ----- setup ---------------------------------------------------------------------------------------
    def init_boss(self, state, events):
        spec = self.boss_spec()
        if not spec:
            return
        health = self.level(state, spec, "health")
        line = self.boss_line()
        state["boss"] = {
            "pos": list(spec["square"]),
            "facing": "down",
            "health": health,
            "max": health,
            "slots": [{"element": s["element"], "cards": []} for s in line["slots"]],
            "draft": None,
        }
        if state.get("runes") is None:
            # "starts with all of the shields fully operational"
            state["runes"] = {c: True for c in COLOR_ORDER}
        deck = [c["id"] for c in self.boss_deck()["cards"] for _ in range(c["copies"])]
        self.shuffle(state, deck)
        state["decks"]["boss"], state["decks"]["boss_discard"] = deck, []
        events.append(
            event(
                f"The Boss Mech stands at {fmt(spec['square'])} with {health} health on the Doom "
                "Tracker; its four Rune Shields are up",
                "boss",
                "setup",
            )
        )
        self.push(state, {"t": "boss_face", "seat": 0})

    def choices_boss_face(self, state, task):
        """Mission 3, Boss Mech!: "Place the Boss Mech figure on the Boss Mech start location, facing any
        direction." """
        return [
            {
                "id": f"boss:face:{d}",
                "label": f"The Boss Mech faces {d}",
                "seat": task["seat"],
                "kind": "boss-face",
            }
            for d in DIRECTIONS
        ]

    def choose_boss_face(self, state, task, action, events):
        state["boss"]["facing"] = action["id"].split(":")[2]
        events.append(event(f"The Boss Mech faces {state['boss']['facing']}", "boss", "setup"))

    # ----- a piece Mechs cannot push, Minions cannot enter, attacks can hit ------------------------
    def blocks_boss(self, state, piece, square, direction, mv):
        """ "the player Mechs cannot push the Boss": a Mech, the Bomb or a pushed line stops at it."""
        return "the Boss Mech" if self.boss_on(state, square) else None

    def occupies_boss(self, state, square):
        return self.boss_on(state, square)

    def target_boss(self, state, square):
        return self.boss_on(state, square)

    def hit_boss(self, state, square, events, seat, source, element):
        """Field Guide, Rune Shields: "While active, a Rune Shield prevents all damage from Attack Commands
        of the same color/element ... Once the Boss takes 1 Damage from an element of that color, turn the
        shield back on immediately." """
        boss = state.get("boss")
        if boss is None or not self.boss_on(state, square) or boss["health"] <= 0:
            return
        spec = self.boss_spec()
        if self.super_shield_up(state):
            events.append(
                event(
                    f"The Boss's super-shield stops {source}: destroy the Crystal Shards first",
                    spec["super_shield"]["rule"],
                    "shield",
                    seat,
                )
            )
            return
        runes = state["runes"]
        if element is not None:
            color = self.ctx.elements[element]["color"]
        else:
            color = next((c for c in COLOR_ORDER if not runes[c]), None)
        if color is None or runes[color]:
            events.append(
                event(
                    f"The Boss's {color or 'every'} Rune Shield stops {source}",
                    "boss-rune-shields",
                    "shield",
                    seat,
                )
            )
            return
        boss["health"] -= 1
        events.append(
            event(
                f"{source} hits the Boss Mech: 1 Damage, health {boss['health']}",
                "boss",
                "boss",
                seat,
                square=list(square),
            )
        )
        self.set_rune(state, color, True, events, f"The Boss took 1 Damage from a {color} attack", seat)
        if boss["health"] <= 0 and "cannot_be_killed" in spec:
            events.append(
                event(
                    "The Boss's health reaches zero, but he cannot be killed!",
                    spec["cannot_be_killed"]["rule"],
                    "boss",
                )
            )
            self.push(state, {"t": "boss_remove", "seat": state["first"], "why": "knockdown"})

    # ----- removing Boss Command Cards (Mission 6 knockdown, Mission 10 Power Down) -----------------
    def choices_boss_remove(self, state, task):
        out = []
        for n, slot in enumerate(state["boss"]["slots"], start=1):
            if slot["cards"]:
                name = self.boss_card(slot["cards"][-1])["name"]
                out.append(
                    {
                        "id": f"boss:remove:slot-{n}",
                        "seat": task["seat"],
                        "kind": "boss-remove",
                        "slot": n,
                        "label": f"Remove {name} from Boss slot {n} (power {len(slot['cards'])} "
                        f"→ {len(slot['cards']) - 1})",
                    }
                )
        return out

    def choose_boss_remove(self, state, task, action, events):
        slot = state["boss"]["slots"][action["slot"] - 1]
        card = slot["cards"].pop()
        state["decks"]["boss_discard"].append(card)
        events.append(
            event(
                f"The team removes {self.boss_card(card)['name']} from Boss slot {action['slot']}",
                self.remove_rule(task),
                "boss",
            )
        )
        self.after_remove(state, task, events)

    def skip_boss_remove(self, state, task, events):
        events.append(
            event("No Boss Command Card is slotted: nothing to remove", self.remove_rule(task), "boss")
        )
        self.after_remove(state, task, events)

    def remove_rule(self, task) -> str:
        key = "cannot_be_killed" if task["why"] == "knockdown" else "power_down"
        return self.boss_spec()[key]["rule"]

    def after_remove(self, state, task, events):
        if task["why"] == "knockdown":
            boss = state["boss"]
            boss["health"] = boss["max"]
            events.append(
                event(
                    f"The Boss's health is restored to full ({boss['max']})", self.remove_rule(task), "boss"
                )
            )

    def at_player_phase_end_power_down(self, state, events):
        """Mission 10, Power Down!: "If all Mechs are standing on a Repair Pad at the end of Player Phase, you
        may remove one Boss Command Card from the Boss Command Line." """
        power_down = (self.boss_spec() or {}).get("power_down")
        if power_down and state.get("boss") and state.get("outcome") is None:
            squares = self.ctx.board.select(power_down["on"])
            if all(m["pos"] in squares for m in state["mechs"]):
                events.append(
                    event("Every Mech stands on a Repair Pad: Power Down!", power_down["rule"], "boss")
                )
                self.push(state, {"t": "boss_remove", "seat": state["first"], "why": "power-down"})

    # ----- endings -----------------------------------------------------------------------------------
    def cond_boss_health_zero(self, state, spec) -> bool:
        boss = state.get("boss")
        return boss is not None and boss["health"] <= 0 and "cannot_be_killed" not in self.boss_spec()

    # ----- what the page draws -------------------------------------------------------------------------
    def view_part_boss(self, state):
        boss = state.get("boss")
        if boss is None:
            return {}
        line = self.boss_line()
        slots = [
            {
                "slot": n,
                "element": slot["element"],
                "cards": list(slot["cards"]),
                "power": len(slot["cards"]),
                "default": line["slots"][n - 1]["default"]["text"],
                "charged": len(slot["cards"]) >= line["doom_cannon_power"],  # executed like this: you lose
            }
            for n, slot in enumerate(boss["slots"], start=1)
        ]
        shown = [c for slot in boss["slots"] for c in slot["cards"]] + list(boss["draft"] or [])
        cards = {}
        for card_id in shown:
            card = self.boss_card(card_id)
            cards[card_id] = {
                "name": card["name"],
                "deck": "boss-cards",
                "element": card["element"],
                "color": self.ctx.elements[card["element"]]["color"],
                "powers": [p["text"] for p in card["powers"]],
            }
        return {
            "pieces": [
                {
                    "kind": "boss",
                    "x": boss["pos"][0],
                    "y": boss["pos"][1],
                    "size": self.ctx.const("boss_size"),
                    "facing": boss["facing"],
                    "health": boss["health"],
                    "max": boss["max"],
                }
            ],
            "trackers": {"boss_health": boss["health"], "boss_deck": len(state["decks"]["boss"])},
            "boss": {
                "health": boss["health"],
                "max": boss["max"],
                "slots": slots,
                "shields": dict(state["runes"]),
                "super_shield": self.super_shield_up(state),
                "draft": list(boss["draft"]) if boss["draft"] else None,
                "doom_cannon_power": line["doom_cannon_power"],
            },
            "doom": {"tracks": "the Boss's health", "value": boss["health"], "max": boss["max"]},
            "cards": cards,
        }
