"""What every rules module of Mechs vs. Minions shares: the game's data, events, piece look-ups."""

from ..core import Game
from ..core import context as core_context
from ..core.events import event_maker
from ..core.grid import notation as fmt  # noqa: F401 - the rules modules' name for a square in the log
from . import GAME_ID  # noqa: F401 - the game id, read by this package's modules from here
from .board import Board

# A log entry; `rule` is a rule id of this game (a glossary term or section anchor).
event = event_maker(GAME_ID)


def spaces(n: int) -> str:
    """A distance as labels and the log write it: "1 space", "2 spaces"."""
    return f"{n} space" if n == 1 else f"{n} spaces"


class Context(core_context.Context):
    """Read-only data a game needs, derived from the catalog (never stored in the state)."""

    game_id = GAME_ID

    def __init__(self, catalog: dict, scenario_id: str):
        super().__init__(catalog)
        data = self.data
        self.scenario = data["scenarios"][scenario_id]
        self.play = self.scenario["play"]
        self.board = Board(self.scenario, data["tiles"])
        self.command = {c["id"]: c for c in data["cards"]["command-cards"]["cards"]}
        self.damage = {c["id"]: c for c in data["cards"]["damage-cards"]["cards"]}
        self.elements = {e["id"]: e for e in data["game"].get("elements", [])}
        self.dice = {d["id"]: d["faces"] for d in data["game"].get("dice", [])}
        self.command_lines = data.get("command-lines", {})
        self.schematics = {card["id"]: card for line in self.command_lines.values()
                           for card in line["schematics"]}

    def card(self, card_id: str) -> dict:
        return self.command.get(card_id) or self.damage[card_id]


# The feature hooks of the shared steps, and the order each step calls them in. A mission feature lives in
# one module and extends the Field Guide's steps only through these; tests/test_mvm_vocabulary.py fails on
# a method with a hook prefix that is not listed here, and on a listed name no module defines. The order
# is the order the recorded games were played with; a new hook goes where its rule says it acts.
HOOKS = {
    # the pieces and tracks of a new game, after the EZ-MODE choice
    "init": ("init_boss", "init_lava_wall", "init_runes", "init_schematics", "init_shards",
             "init_zone_health"),
    # a Mech or the Bomb moved onto a square
    "on_enter": ("on_enter_bomb_pads", "on_enter_rune_gate", "on_enter_rune_space", "on_enter_shards",
                 "on_enter_stomp_blast", "on_enter_tile_visit"),
    # a square a Mech or the Bomb may not enter
    "blocks": ("blocks_boss", "blocks_lava_wall", "blocks_rune_gate"),
    # a solid piece Minions cannot enter or spawn on
    "occupies": ("occupies_boss", "occupies_lava_wall"),
    # a square Minions do not spawn on
    "no_spawn": ("no_spawn_lava_wall", "no_spawn_spawn_jammer"),
    # what Mech attacks can damage, besides Minions and breakable Crystal Shards
    "target": ("target_boss",),
    # 1 Damage dealt to a square
    "hit": ("hit_boss",),
    # a Minion moved onto a square
    "minion_entered": ("minion_entered_frontline_guard", "minion_entered_zone"),
    # a Mech is about to draw a Damage Card (a carried Crystal Shard drops first)
    "before_damage": ("before_damage_short_fuse", "before_damage_shards"),
    # tasks before slot 1 and after slot 6 of a Mech's turn
    "line_start": ("line_start_schematics",),
    "line_end": ("line_end_schematics",),
    # the end of the Player Phase (Mission 10's Power Down)
    "at_player_phase_end": ("at_player_phase_end_power_down",),
    # what the page draws
    "view_part": ("view_part_boss", "view_part_lava_wall", "view_part_runes", "view_part_schematics",
                  "view_part_shards", "view_part_zone_health"),
}


class Rules(Game):
    """Base of the rules mixins: piece look-ups and dice on the state. Mission features extend the shared
    steps through the hooks of HOOKS (above), in the order listed there."""

    game_id = GAME_ID
    ctx: Context

    def hooks(self, step: str) -> list:
        """The bound hook methods of a step of HOOKS, in its order."""
        bound = self.__dict__.setdefault("_hooks", {})
        if step not in bound:
            bound[step] = [getattr(self, name) for name in HOOKS[step]]
        return bound[step]

    @staticmethod
    def mod(state, key, default=None):
        """A rule value an escalation changed (`set`), else `default`."""
        return state["mods"].get(key, default)

    def level(self, state, spec: dict, key: str):
        """A number of the mission: its ez_ value in EZ-MODE where the content gives one."""
        if state.get("ez") and f"ez_{key}" in spec:
            return spec[f"ez_{key}"]
        return spec[key]

    # ----- pieces ------------------------------------------------------------
    @staticmethod
    def mech_at(state, square):
        for mech in state["mechs"]:
            if mech["pos"] == list(square):
                return mech
        return None

    @staticmethod
    def bomb_at(state, square):
        bomb = state.get("bomb")
        return bomb if bomb is not None and bomb["pos"] == list(square) else None

    def occupied(self, state, square) -> bool:
        """A Mech, the Bomb or another solid piece (an occupies_* hook: the Boss) is on the square."""
        square = list(square)
        if any(mech["pos"] == square for mech in state["mechs"]):
            return True
        bomb = state.get("bomb")
        if bomb is not None and bomb["pos"] == square:
            return True
        for hook in self.hooks("occupies"):
            if hook(state, square):
                return True
        return False

    @staticmethod
    def has_minion(state, square) -> bool:
        return list(square) in state["minions"]

    @staticmethod
    def has_shard(state, square) -> bool:
        return list(square) in state["shards"]

    def is_target(self, state, square) -> bool:
        """Something Mech attacks can damage: a Minion, a breakable Crystal Shard, or what a
        target_* hook says (the Boss)."""
        return self.has_minion(state, square) or (
            state["shards_breakable"] and self.has_shard(state, square)
        ) or any(t(state, square) for t in self.hooks("target"))

    def card_element(self, card_id):
        """The element of a Command Card (Damage Cards have none)."""
        return self.ctx.command.get(card_id, {}).get("element")

    def name(self, state, seat) -> str:
        return state["mechs"][seat]["name"]

    def seats_from_first(self, state) -> list[int]:
        n = len(state["mechs"])
        return [(state["first"] + i) % n for i in range(n)]

    # ----- dice --------------------------------------------------------------
    def roll_rune_die(self, state) -> str:
        faces = self.ctx.dice["rune-die"]
        return faces[self.rand_below(state, len(faces))]

    def roll_number_die(self, state) -> int:
        faces = self.ctx.dice["number-die"]
        return int(faces[self.rand_below(state, len(faces))])

    def compass(self, color: str) -> str:
        return self.ctx.play["compass"]["directions"][color]

    def on_stomp_kill(self, state, mech, task, events) -> None:
        """Hook for cards whose stomp kills matter (Skewer, in effects.py)."""

    # ----- hits ----------------------------------------------------------------
    def damage_square(self, state, square, events, seat, source: str, element=None) -> None:
        """1 Damage to every target in a square: a Minion dies, a breakable Shard shatters, and each
        hit_* hook (the Boss) takes its share; `element` is the attacking card's element."""
        square = list(square)
        for hit in self.hooks("hit"):
            hit(state, square, events, seat, source, element)
        if self.has_minion(state, square):
            self.kill_minion(state, square, events, seat, f"{source} destroys a Minion", "minions")
        if state["shards_breakable"] and self.has_shard(state, square):
            state["shards"].remove(square)
            events.append(event(
                f"{source} shatters a Crystal Shard at {fmt(square)}", "breakable-shards",
                "shard", seat, square=square))

    def kill_minion(self, state, square, events, seat, text, rule) -> None:
        state["minions"].remove(list(square))
        state["kills"] += 1
        events.append(event(f"{text} at {fmt(square)}", rule, "kill", seat, square=list(square)))
        self.count_kill_on_gear_tracker(state, events)

    def team_gears(self, state) -> int:
        """Every 5th kill earns a Team Gear, up to 15 (Field Guide, Gear Tracker; numbers from content)."""
        earned = state["kills"] // self.ctx.const("minion_kills_per_gear")
        return min(earned, self.ctx.const("max_team_gears"))

    def count_kill_on_gear_tracker(self, state, events) -> None:
        """Only in missions that use the Gear Tracker (the Tutorial sets it aside)."""
        if not self.ctx.play.get("gear_tracker"):
            return
        per_gear = self.ctx.const("minion_kills_per_gear")
        gears = self.team_gears(state)
        if state["kills"] % per_gear == 0 and gears == state["kills"] // per_gear:
            events.append(event(f"{per_gear} Minion kills: the team earns Team Gear {gears}", "team-gears",
                                "gear"))
            if gears == self.ctx.const("max_team_gears"):
                events.append(event(f"{gears} Team Gears: every Mech's Overdrive is unlocked!", "overdrive",
                                    "gear"))

