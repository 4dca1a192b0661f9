"""Schematic Cards (Hack, Boost, Slot) and Overdrive: the Yordle-specific abilities Team Gears unlock.

Field Guide: Schematic Cards, Activation, Hack Schematics, Boost Schematics, Slot Schematics, Team Gears,
Gear Tracker, Overdrive!, Boss Rune Shields; Mission 1, Schematic Cards; Mission 3, Gear Up!. The cards
and Overdrive abilities are data (content/mechs-vs-minions/command-lines/<yordle>.yaml, `adapted`: the
source prints none of them); the play block `schematics: {bring: n}` says how many each player brings.

Decisions the rulebook leaves open (documented here and in tests/test_mvm_schematics.py):

- Which cards: a card is available in a Mission when its `unlocked_by` is at most the Mission's number.
  With `bring: 1` (Missions 1 and 2) each player brings the newest available card, the one the Mission
  unlocks (Mission 1: "Place your Schematic Card facedown"; Mission 2 prints no choice). With `bring: 2`
  (Mission 3 on: "pick just 2 of your available Schematic Cards") each player picks, after the Mechs are
  placed, a pair of cards in one choice. The Field Guide's "up to two" is always two: bringing fewer never
  helps (an inactive or unused card costs nothing).
- Activation: a brought card is face down until the Team Gears reach its number, then it is active for the
  rest of the Mission (Team Gears never go down: "Activating them and executing them does not reduce Team
  Gears"). The flip is logged when the Team Gear is earned.
- Hack: used once, when its pilot chooses, at the start of that Mech's turn in the Execute phase (before
  slot 1); it is then discarded ("Immediately discard them when used"). Several active Hacks may be used
  one after another.
- Boost: an ongoing rule through the engine's hooks (named effects in EFFECTS): stomp_blast (a stomp also
  damages a target nearby), frontline_guard (a Minion moving next to the Mech is destroyed, a number of
  times per round), spawn_jammer (no spawning near the Mech), short_fuse (about to draw a Damage Card, the
  Mech first damages the spaces next to it).
- Slot: "fit right into your Command Line and are executed every turn": executed after slot 6, every turn,
  as a seventh slot that Damage Cards and programming never touch.
- Overdrive: at 15 Team Gears each Mech's ability is usable once per turn, at the start of its turn (the
  same moment as Hacks; Corki's real one says "Before your Command Line runs").
- Damage from a Schematic or an Overdrive has no element. On the Boss: "Pick a color when you deal that
  damage and turn that Rune Shield back on afterward": the pilot picks one of the colours whose Rune
  Shield is down (no choice with one; none when every shield is up), and the damage goes through
  `damage_square` with that colour's element (engine/mvm/boss.py turns the shield back on).
- "Next to" is a space sharing an edge (Field Guide, Adjacency); "within range n" counts diagonals (Range).
"""

from itertools import combinations

from ..core.actions import action
from ..core.grid import chebyshev, relative_square
from .rules_base import Rules, event

TYPE_NAMES = {"hack": "Hack", "boost": "Boost", "slot": "Slot"}
TYPE_RULES = {"hack": "hack-schematics", "boost": "boost-schematics", "slot": "slot-schematics"}


class SchematicRules(Rules):
    # ----- data ---------------------------------------------------------------------------------
    def command_line(self, yordle) -> dict | None:
        """The Yordle's Command Line record (its Schematic Cards and Overdrive), if the content has one."""
        return self.ctx.command_lines.get(yordle)

    def schematic(self, card_id) -> dict:
        return self.ctx.schematics[card_id]

    def available_schematics(self, state, seat) -> list:
        """Every Schematic of the seat's Yordle unlocked by this Mission or an earlier one."""
        line = self.command_line(state["mechs"][seat]["yordle"])
        number = self.ctx.scenario.get("number", 0)
        return [c for c in (line or {}).get("schematics", []) if c["unlocked_by"] <= number]

    def gears_now(self, state) -> int:
        return self.team_gears(state) if self.ctx.play.get("gear_tracker") else 0

    def schematic_active(self, state, card) -> bool:
        """Face up once "Team Gears reach the required number on the back of the Schematic Card"."""
        return self.gears_now(state) >= card["gears"]

    def overdrive_on(self, state) -> bool:
        return bool(self.ctx.play.get("gear_tracker")) and self.team_gears(state) >= self.ctx.const(
            "max_team_gears")

    def brought(self, state, seat) -> list:
        """The seat's brought cards: [{"id", "used", "flipped", ...}] (empty without schematics)."""
        sets = state.get("schematics")
        return sets[seat] if sets and seat < len(sets) else []

    def active_cards(self, state, seat, kind) -> list:
        """(entry, card) for the seat's active, unused cards of a type."""
        out = []
        for entry in self.brought(state, seat):
            card = self.schematic(entry["id"])
            if card["type"] == kind and not entry["used"] and self.schematic_active(state, card):
                out.append((entry, card))
        return out

    def active_boosts(self, state, effect) -> list:
        """(seat, entry, card) for every active Boost with this named effect."""
        out = []
        for mech in state["mechs"]:
            for entry, card in self.active_cards(state, mech["seat"], "boost"):
                if card["boost"]["effect"] == effect and mech["pos"] is not None:
                    out.append((mech["seat"], entry, card))
        return out

    # ----- setup: which cards each player brings ---------------------------------------------------
    def init_schematics(self, state, events):
        """After the Mechs are placed (before the Minions are set up), each player brings their cards."""
        if not self.ctx.play.get("schematics"):
            return
        state["schematics"] = [[] for _ in state["mechs"]]
        tasks = state["tasks"]
        at = next((i for i, t in enumerate(tasks) if t["t"] == "setup_minions"), 0)
        tasks.insert(at, {"t": "schematics_setup"})

    def run_schematics_setup(self, state, task, events):
        bring = self.ctx.play["schematics"]["bring"]
        state.setdefault("schematics", [[] for _ in state["mechs"]])
        choices = []
        for mech in state["mechs"]:
            seat = mech["seat"]
            cards = self.available_schematics(state, seat)
            if len(cards) > bring and bring > 1:
                choices.append({"t": "bring_schematics", "seat": seat})
                continue
            if len(cards) > bring:  # bring 1: the card this Mission unlocks, the newest
                cards = [max(cards, key=lambda c: c["unlocked_by"])]
            self.bring(state, seat, [c["id"] for c in cards], events)
        self.push(state, *choices)

    def choices_bring_schematics(self, state, task):
        seat = task["seat"]
        cards = self.available_schematics(state, seat)
        bring = self.ctx.play["schematics"]["bring"]
        out = []
        for pick in combinations(cards, bring):
            names = " and ".join(f"{c['name']} ({TYPE_NAMES[c['type']]}, {c['gears']} Team Gears)"
                                 for c in pick)
            out.append(action("schematics:bring:" + "+".join(c["id"] for c in pick), f"Bring {names}", seat,
                              "schematic", cards=[c["id"] for c in pick]))
        return out

    def choose_bring_schematics(self, state, task, action, events):
        self.bring(state, task["seat"], action["cards"], events)

    def bring(self, state, seat, card_ids, events):
        name = self.name(state, seat)
        state["schematics"][seat] = [{"id": c, "used": False, "flipped": False} for c in card_ids]
        if not card_ids:
            events.append(event(f"{name} has no Schematic Card unlocked yet", "schematic-cards", "setup",
                                seat))
            return
        cards = [self.schematic(c) for c in card_ids]
        listed = ", ".join(f"{c['name']} ({TYPE_NAMES[c['type']]}, face down until {c['gears']} Team Gears)"
                           for c in cards)
        events.append(event(f"{name} brings {listed}", "schematic-cards", "setup", seat))
        self.flip_schematics(state, events)

    # ----- activation ------------------------------------------------------------------------------
    def count_kill_on_gear_tracker(self, state, events) -> None:
        """A kill may earn a Team Gear: then flip every card whose number is reached."""
        super().count_kill_on_gear_tracker(state, events)
        self.flip_schematics(state, events)

    def flip_schematics(self, state, events) -> None:
        for seat, entries in enumerate(state.get("schematics") or []):
            for entry in entries:
                card = self.schematic(entry["id"])
                if not entry["flipped"] and self.schematic_active(state, card):
                    entry["flipped"] = True
                    events.append(event(
                        f"{self.gears_now(state)} Team Gears: {self.name(state, seat)}'s {card['name']} "
                        f"({TYPE_NAMES[card['type']]}) is activated and flipped face up: {card['text']}",
                        "activation", "schematic", seat))

    # ----- the turn: Hacks and Overdrive before the Command Line, Slot Schematics after it ------------
    def line_start_schematics(self, state, seat) -> list:
        return [{"t": "schematic_turn", "seat": seat}] if state.get("schematics") is not None else []

    def line_end_schematics(self, state, seat) -> list:
        return [{"t": "schematic_slots", "seat": seat}] if state.get("schematics") is not None else []

    def overdrive_ability(self, state, seat):
        line = self.command_line(state["mechs"][seat]["yordle"])
        return line.get("overdrive") if line else None

    def choices_schematic_turn(self, state, task):
        seat = task["seat"]
        if state["mechs"][seat]["pos"] is None:
            return []
        base = {"seat": seat, "kind": "schematic"}
        out = [dict(base, id=f"schematic:use:{card['id']}",
                    label=f"Use the Hack {card['name']}: {card['text']}")
               for _, card in self.active_cards(state, seat, "hack")]
        ability = self.overdrive_ability(state, seat)
        if ability and self.overdrive_on(state) and not task.get("overdrive_used"):
            out.append(dict(base, id="overdrive:use",
                            label=f"Overdrive — {ability['name']}: {ability['text']}"))
        if not out:
            return []
        return out + [dict(base, id="schematic:pass", label="Run the Command Line")]

    def choose_schematic_turn(self, state, task, action, events):
        seat = task["seat"]
        name = self.name(state, seat)
        if action["id"] == "schematic:pass":
            return
        if action["id"] == "overdrive:use":
            ability = self.overdrive_ability(state, seat)
            events.append(event(f"{name} uses the Overdrive {ability['name']}: {ability['text']}",
                                "overdrive", "schematic", seat))
            self.push(state, *self.schematic_tasks(ability["steps"], seat, f"overdrive:{seat}"),
                      dict(task, overdrive_used=True))
            return
        card_id = action["id"].split(":")[2]
        entry = next(e for e in self.brought(state, seat) if e["id"] == card_id)
        card = self.schematic(card_id)
        entry["used"] = True
        events.append(event(f"{name} uses the Hack {card['name']} and discards it: {card['text']}",
                            "hack-schematics", "schematic", seat))
        self.push(state, *self.schematic_tasks(card["steps"], seat, card_id), dict(task))

    def run_schematic_slots(self, state, task, events):
        """Slot Schematics "are executed every turn": after slot 6."""
        seat = task["seat"]
        tasks = []
        if state["mechs"][seat]["pos"] is None:
            return
        for _, card in self.active_cards(state, seat, "slot"):
            events.append(event(f"{self.name(state, seat)} executes the Slot Schematic {card['name']}: "
                                f"{card['text']}", "slot-schematics", "execute", seat))
            tasks += self.schematic_tasks(card["steps"], seat, card["id"])
        self.push(state, *tasks)

    def schematic_tasks(self, steps, seat, source_id) -> list:
        """A Schematic's (or Overdrive's) steps as tasks: moves and turns like a Command Card's; attacks
        through schematic_hit (no element; the pilot picks a colour on the Boss)."""
        tasks = self.step_tasks(steps, seat, source_id, 1, None)
        for t in tasks:
            if t["t"] in ("attack_area", "attack_pick"):
                t["t"] = "schematic_" + t["t"][len("attack_"):]
        return tasks

    def source_name(self, state, source_id) -> str:
        if source_id.startswith("overdrive:"):
            seat = int(source_id.split(":")[1])
            return self.overdrive_ability(state, seat)["name"]
        return self.schematic(source_id)["name"]

    # ----- damage: Minions and Shards as usual; on the Boss, pick a colour -----------------------------
    def boss_here(self, state, square) -> bool:
        """A target_* hook holds the square (the Boss): not a Minion or a Crystal Shard."""
        return any(t(state, square) for t in self.hooks("target"))

    def schematic_hit(self, state, square, events, seat, source) -> list:
        """1 Damage to a square; returns the colour choice task to push when the target is the Boss."""
        if self.boss_here(state, square):
            runes = state.get("runes") or {}
            colors = [c for c, on in runes.items() if not on]
            if len(colors) > 1:
                return [{"t": "schematic_color", "seat": seat, "square": list(square), "source": source,
                         "colors": colors, "auto1": True}]
            self.damage_square(state, square, events, seat, source, self.color_element(colors[0])
                               if colors else None)
            return []
        self.damage_square(state, square, events, seat, source, None)
        return []

    def color_element(self, color):
        return next(e["id"] for e in self.ctx.elements.values() if e["color"] == color)

    def choices_schematic_color(self, state, task):
        runes = state.get("runes") or {}
        out = []
        for color in task["colors"]:
            if not runes.get(color, True):
                element = self.ctx.elements[self.color_element(color)]
                label = (f"Deal {task['source']}'s damage to the Boss as {element['name']} ({color}): its "
                         f"{color} Rune Shield is down")
                out.append(action(f"color:{color}", label, task["seat"], "color", color=color))
        return out

    def choose_schematic_color(self, state, task, action, events):
        color = action["color"]
        events.append(event(f"{self.name(state, task['seat'])} picks {color} for {task['source']}'s damage "
                            "to the Boss", "boss-rune-shields", "attack", task["seat"]))
        self.damage_square(state, task["square"], events, task["seat"], task["source"],
                           self.color_element(color))

    def skip_schematic_color(self, state, task, events):
        events.append(event(f"Every Rune Shield of the Boss is up: {task['source']} cannot damage it",
                            "boss-rune-shields", "shield", task["seat"]))

    def run_schematic_area(self, state, task, events):
        mech = state["mechs"][task["seat"]]
        source = self.source_name(state, task["card"])
        hit, later = 0, []
        for right, forward in task["area"]:
            square = relative_square(mech["pos"], mech["facing"], right, forward)
            if self.ctx.board.on_board(square) and self.is_target(state, square):
                later += self.schematic_hit(state, square, events, task["seat"], source)
                hit += 1
        if not hit:
            events.append(event(f"{source} hits nobody", "attack-commands", "attack", task["seat"]))
        self.push(state, *later)

    def choices_schematic_pick(self, state, task):
        return self.choices_attack_pick(state, task)

    def choose_schematic_pick(self, state, task, action, events):
        source = self.source_name(state, task["card"])
        squares = action["squares"] if action["id"] == "target:all" else [action["square"]]
        later = []
        for square in squares:
            later += self.schematic_hit(state, square, events, task["seat"], source)
        if action["id"] != "target:all" and task["left"] > 1:
            later.append(dict(task, left=task["left"] - 1, hit=task["hit"] + [action["square"]]))
        self.push(state, *later)

    def skip_schematic_pick(self, state, task, events):
        if not task["hit"]:
            events.append(event(f"{self.source_name(state, task['card'])}: no target in range", "range",
                                "attack", task["seat"]))

    # ----- named effect: repair (Hack and Overdrive steps) ----------------------------------------------
    def choices_effect_repair(self, state, task):
        """Repair Damage on the pilot's Mech or a Mech within range, one Damage Card at a time."""
        seat = task["seat"]
        origin = state["mechs"][seat]["pos"]
        base = {"seat": seat, "kind": "schematic-repair"}
        out = []
        for mech in state["mechs"]:
            if mech["pos"] is None or chebyshev(origin, mech["pos"]) > task["params"]["within"]:
                continue
            for n, slot in enumerate(mech["slots"], start=1):
                if slot["damage"]:
                    out.append(dict(base, id=f"fix:{mech['seat']}:slot-{n}", target=mech["seat"], slot=n,
                                    label=f"Repair {mech['name']}'s slot {n} "
                                          f"({self.ctx.damage[slot['damage']]['name']})"))
            for card in dict.fromkeys(mech["system"]):
                out.append(dict(base, id=f"fix:{mech['seat']}:system-{card}", target=mech["seat"], card=card,
                                label=f"Repair {mech['name']}'s {self.ctx.damage[card]['name']}"))
        if out:
            out.append(dict(base, id="fix:stop", label="Stop repairing"))
        return out

    def choose_effect_repair(self, state, task, action, events):
        if action["id"] == "fix:stop":
            return
        mech = state["mechs"][action["target"]]
        if "slot" in action:
            slot = mech["slots"][action["slot"] - 1]
            removed, slot["damage"] = slot["damage"], None
            what = f"slot {action['slot']}; the cards below are re-enabled"
        else:
            removed = action["card"]
            mech["system"].remove(removed)
            what = self.ctx.damage[removed]["name"]
        state["decks"]["damage_discard"].append(removed)
        events.append(event(f"{self.source_name(state, task['card'])} repairs {mech['name']}'s {what}",
                            "repairing-damage", "repair", task["seat"]))
        left = task.get("left", task["params"]["count"]) - 1
        if left > 0:
            self.push(state, dict(task, left=left))

    def skip_effect_repair(self, state, task, events):
        if "left" not in task:
            events.append(event(f"{self.source_name(state, task['card'])}: nothing to repair",
                                "repairing-damage", "repair", task["seat"]))

    # ----- Boosts ------------------------------------------------------------------------------------
    def on_enter_stomp_blast(self, state, piece, square, mv, events):
        """stomp_blast: a Mech with the Boost stomps a Minion: it also damages targets within range."""
        if "seat" not in piece or not self.has_minion(state, square):
            return None
        for seat, _, card in self.active_boosts(state, "stomp_blast"):
            if seat == piece["seat"]:
                params = card["boost"]["params"]
                events.append(event(f"{card['name']}: {piece['name']}'s stomp also fires", "boost-schematics",
                                    "schematic", seat))
                mv["after"].append({"t": "schematic_pick", "seat": seat, "card": card["id"], "power": 1,
                                    "slot": None, "from_damage": False, "within": params["within"],
                                    "left": params["targets"], "hit": [], "auto1": True})
        return None

    def minion_entered_frontline_guard(self, state, square, events):
        """frontline_guard: a Minion moving next to the Mech is destroyed, `per_round` times a round."""
        for seat, entry, card in self.active_boosts(state, "frontline_guard"):
            params = card["boost"]["params"]
            mech = state["mechs"][seat]
            distance = abs(mech["pos"][0] - square[0]) + abs(mech["pos"][1] - square[1])
            uses = entry.get("uses", [None, 0])
            count = uses[1] if uses[0] == state["round"] else 0
            if distance <= params["reach"] and count < params["per_round"] and self.has_minion(state, square):
                entry["uses"] = [state["round"], count + 1]
                self.kill_minion(state, square, events, seat,
                                 f"{card['name']}: {mech['name']} blasts the Minion that moved next to it",
                                 "boost-schematics")
                return

    def no_spawn_spawn_jammer(self, state, square) -> bool:
        """spawn_jammer: no Minion spawns within range of the Mech."""
        return any(chebyshev(state["mechs"][seat]["pos"], square) <= card["boost"]["params"]["within"]
                   for seat, _, card in self.active_boosts(state, "spawn_jammer"))

    def before_damage_short_fuse(self, state, seat, events):
        """short_fuse: about to draw a Damage Card, the Mech first damages every space next to it."""
        for owner, _, card in self.active_boosts(state, "short_fuse"):
            if owner != seat:
                continue
            mech = state["mechs"][seat]
            reach = card["boost"]["params"]["reach"]
            events.append(event(f"{card['name']}: {mech['name']} blows up around itself before taking damage",
                                "boost-schematics", "schematic", seat))
            later = []
            x, y = mech["pos"]
            around = range(-reach, reach + 1)
            squares = [[x + dx, y + dy] for dy in around for dx in around if 0 < abs(dx) + abs(dy) <= reach]
            for square in squares:
                if self.ctx.board.on_board(square) and self.is_target(state, square):
                    later += self.schematic_hit(state, square, events, seat, card["name"])
            self.push(state, *later)

    # ----- what the page draws -------------------------------------------------------------------------
    def seat_schematics(self, state, seat) -> list:
        out = []
        for entry in self.brought(state, seat):
            card = self.schematic(entry["id"])
            out.append({"id": card["id"], "name": card["name"], "type": card["type"], "gears": card["gears"],
                        "active": self.schematic_active(state, card), "used": entry["used"],
                        "text": card["text"]})
        return out

    def view_part_schematics(self, state):
        return {"overdrive": self.overdrive_on(state)}
