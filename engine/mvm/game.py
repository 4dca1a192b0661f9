"""Mechs vs. Minions: the game object (state creation, view) over the rules mixins."""

from ..core import Option, ScenarioError
from ..core.setup import base_state, check_players
from .boss_line import BossLineRules
from .damage import DamageRules
from .effects import EffectRules
from .execute import ExecuteRules
from .lava import LavaRules
from .minions import MinionRules
from .movement import MovementRules
from .objectives import ObjectiveRules
from .phases import PhaseRules
from .preview import PreviewRules
from .rules_base import GAME_ID, Context
from .runes import RuneRules
from .schematics import SchematicRules
from .shards import ShardRules
from .zones import ZoneRules

# The prompt line's words by the kind of the first legal action (core Game.prompt).
PROMPTS = {
    "schematic": "bring or use your Schematic Cards",
    "color": "pick a colour for the Schematic's damage to the Boss",
    "schematic-repair": "choose the Damage to repair",
    "setup": "place your Mech",
    "draft": "pick a Command Card",
    "program": "program or scrap your cards",
    "scrap": "program or scrap your cards",
    "turn": "choose how to turn",
    "move": "choose how to move",
    "target": "choose a target",
    "damage": "take the damage or detonate the Fuel Tank",
    "repair": "repair 1 Damage on the Repair Pad?",
    "timer": "pick a Command Card",
    "mode": "play the mission in normal mode or EZ-MODE?",
    "boss-face": "choose where the Boss Mech faces",
    "boss-pick": "pick the Boss Card the Boss programs",
    "boss-remove": "remove a Boss Command Card",
}


class MechsVsMinions(BossLineRules, PhaseRules, ObjectiveRules, ExecuteRules, MovementRules, EffectRules,
                     DamageRules, MinionRules, RuneRules, LavaRules, ShardRules, ZoneRules, SchematicRules,
                     PreviewRules):
    """Hidden information: none that one seat sees and another does not (the team's hands, Command Lines
    and Damage are on the table); the order of the Command, Damage and Boss decks and the dice to come are
    hidden from every seat: views give the decks' sizes only."""

    PROMPTS = PROMPTS
    OPTIONS = {"mode": Option("choose_mode", "normal or ez: the mission's normal values or its EZ-MODE ones "
                                             "(missions that offer EZ-MODE)", lambda game: ("normal", "ez"))}

    @classmethod
    def make_context(cls, catalog: dict, state: dict) -> Context:
        return Context(catalog, state["scenario"])

    @property
    def seats(self) -> int:
        return len(self._state["mechs"])

    def seat_name(self, seat) -> str:
        return self._state["mechs"][seat]["name"]

    def resample_hidden(self, state, seat, rng) -> None:
        for deck in ("command", "damage", "boss"):
            if deck in state["decks"]:
                state["decks"][deck].sort()
                rng.shuffle(state["decks"][deck])

    @classmethod
    def create(cls, catalog: dict, scenario_id: str, seed: int, players: int) -> "MechsVsMinions":
        scenarios = catalog["games"][GAME_ID]["scenarios"]
        if scenario_id not in scenarios or "play" not in scenarios[scenario_id]:
            raise ScenarioError(f"{GAME_ID}/{scenario_id} is not a playable scenario")
        scenario = scenarios[scenario_id]
        seats = scenario["play"]["seats"]["order"]
        low, high = scenario["players"]["min"], min(scenario["players"]["max"], len(seats))
        check_players(f"{GAME_ID}/{scenario_id}", players, low, high)
        ctx = Context(catalog, scenario_id)
        slots = ctx.const("command_line_slots")
        play = scenario["play"]
        timed = ((scenario.get("mission") or {}).get("draft") or {}).get("timed") or {}
        state = base_state(seed, **{
            "scenario": scenario_id,
            "round": 1,
            "rounds_ended": 0,
            "phase": "setup",
            "ez": False,
            "first": 0,
            "objective": scenario["objective"],
            "mechs": [
                {"seat": i, "yordle": s["yordle"],
                 "name": ctx.terms.get(s["yordle"], {}).get("term", s["yordle"]),
                 "color": s["color"], "pos": None, "facing": None, "hand": [], "system": [],
                 "slots": [{"cards": [], "damage": None, "shields": 0} for _ in range(slots)]}
                for i, s in enumerate(seats[:players])
            ],
            "minions": [],
            "bomb": None,
            "shards": [],
            "shards_breakable": False,
            "shards_start": 0,
            "decks": {
                "command": [c["id"] for c in ctx.command.values() for _ in range(c["copies"])],
                "command_discard": [],
                "damage": [c["id"] for c in ctx.damage.values() for _ in range(c["copies"])],
                "damage_discard": [],
            },
            "draft": None,
            "next_draft": play["first_draft"],
            # Timed from the first draft when the mission says so (mission.draft.timed.from: start);
            # Mission 1 times it from its escalation (an escalation step `set: {timed_draft: true}`).
            "timed_draft": timed.get("from") == "start",
            "kills": 0,
            "escalated": [],
            "mods": {},
            "happened": [],
            "rune_roll": None,
            "minion_phase": play.get("minion_phase", {}).get("active_from_start", False),
            "minions_placed": False,
        })
        game = cls(catalog, state, ctx=ctx)
        game.shuffle(state, state["decks"]["command"])
        game.shuffle(state, state["decks"]["damage"])
        if play.get("ez_mode"):
            state["tasks"].append({"t": "choose_mode", "seat": 0})
        state["tasks"].append({"t": "setup_pieces"})
        for seat in range(players):
            state["tasks"].append({"t": "place_mech", "seat": seat})
        state["tasks"] += [{"t": "setup_minions"}, {"t": "first_player"}, {"t": "round_start"}]
        game.advance(state, [])
        return game

    # ----- what the page draws ----------------------------------------------------
    def view(self, seat=None) -> dict:
        """The same for every seat (see the class docstring)."""
        self.check_seat(seat)
        s, ctx = self._state, self.ctx
        board = ctx.board
        pieces = [{"kind": "mech", "seat": m["seat"], "name": m["name"], "x": m["pos"][0], "y": m["pos"][1],
                   "facing": m["facing"], "carrying": bool(m.get("carrying"))}
                  for m in s["mechs"] if m["pos"] is not None]
        pieces += [{"kind": "minion", "x": x, "y": y} for x, y in s["minions"]]
        pieces += [{"kind": "crystal-shard", "x": x, "y": y} for x, y in s["shards"]]
        if s.get("bomb"):
            bomb = s["bomb"]
            pieces.append({"kind": "bomb", "x": bomb["pos"][0], "y": bomb["pos"][1],
                           "health": bomb["health"]})
        used = set()
        seats = []
        for m in s["mechs"]:
            used.update(m["hand"])
            used.update(m["system"])
            slots = []
            for n, slot in enumerate(m["slots"], start=1):
                used.update(slot["cards"])
                if slot["damage"]:
                    used.add(slot["damage"])
                slots.append({"slot": n, "cards": list(slot["cards"]), "power": len(slot["cards"]),
                              "damage": slot["damage"], "shields": slot["shields"]})
            seats.append({"seat": m["seat"], "yordle": m["yordle"], "name": m["name"], "color": m["color"],
                          "hand": list(m["hand"]), "slots": slots, "system_damage": list(m["system"]),
                          "shields": sum(sl["shields"] for sl in m["slots"])})
            seats[-1]["schematics"] = self.seat_schematics(s, m["seat"])  # engine/mvm/schematics.py
        if s["draft"]:
            used.update(s["draft"]["dealt"])
        legal = self.legal_actions()
        front = s["tasks"][0] if s["tasks"] and not self.over else {}
        executing = ({"seat": front["seat"], "slot": front["slot"], "card": front.get("card")}
                     if front.get("slot") else None)
        prompt = self.prompt(legal)
        out = {
            "game": GAME_ID,
            "scenario": f"{GAME_ID}/{s['scenario']}",
            "title": ctx.scenario["title"],
            "seed": s["seed"],
            "round": s["round"],
            "phase": "over" if self.over else s["phase"],
            "objective": s["objective"],
            "first_player": s["first"],
            "to_move": self.to_move,
            "prompt": prompt,
            "executing": executing,
            "board": {"width": board.width, "height": board.height,
                      "squares": [[self.square_view(s, sq) for sq in row] for row in board.squares]},
            "pieces": pieces,
            "seats": seats,
            "draft": ({"dealt": list(s["draft"]["dealt"]),
                       "picks_left": s["draft"]["needed"] - s["draft"]["picks"],
                       "timer_seconds": ctx.const("minuteglass_seconds") if self.draft_timed(s) else None}
                      if s["draft"] else None),
            "trackers": {"round": s["round"], "minion_kills": s["kills"], "crystal_shards": len(s["shards"]),
                         "minions": len(s["minions"]), "command_deck": len(s["decks"]["command"]),
                         "command_discard": len(s["decks"]["command_discard"]),
                         "damage_deck": len(s["decks"]["damage"]),
                         **({"bomb_health": s["bomb"]["health"]} if s.get("bomb") else {}),
                         **({"kill_tracker": s["kills"] % ctx.const("minion_kills_per_gear"),
                             "team_gears": self.team_gears(s),
                             "overdrive": self.team_gears(s) == ctx.const("max_team_gears")}
                            if ctx.play.get("gear_tracker") else {})},
            "cards": {c: self.card_view(c) for c in sorted(used)},
            "ez": s.get("ez", False),
            "rune_roll": s.get("rune_roll"),
            "over": self.over,
            "outcome": self.outcome,
        }
        for part in self.hooks("view_part"):
            extra = part(s) or {}
            out["pieces"] += extra.pop("pieces", [])
            out["trackers"].update(extra.pop("trackers", {}))
            out["cards"].update(extra.pop("cards", {}))
            out.update(extra)
        return out

    def square_view(self, state, square) -> dict | None:
        """A board square as the page draws it: its tile legend entry, and whether a Rune Gate is closed."""
        if square is None:
            return None
        out = dict(square)
        if square["kind"] == "rune-gate":
            out["closed"] = self.gate_closed(state, square["color"])  # engine/mvm/runes.py
        return out

    def card_view(self, card_id: str) -> dict:
        ctx = self.ctx
        if card_id in ctx.command:
            c = ctx.command[card_id]
            return {"name": c["name"], "deck": "command-cards", "element": c["element"],
                    "color": ctx.elements[c["element"]]["color"], "kind": c["kind"],
                    "powers": [p["text"] for p in c["powers"]]}
        c = ctx.damage[card_id]
        return {"name": c["name"], "deck": "damage-cards", "type": c["type"], "text": c["text"]}

