"""What every rules module of Mechs vs. Minions shares: the game's data, events, piece look-ups."""

from ..core import Game
from ..core import context as core_context
from ..core.events import event_maker
from ..core.grid import notation as fmt  # noqa: F401 - the rules modules' name for a square in the log
from .board import Board

GAME_ID = "mechs-vs-minions"

# A log entry; `rule` is a rule id of this game (a glossary term or section anchor).
event = event_maker(GAME_ID)


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

    def card(self, card_id: str) -> dict:
        return self.command.get(card_id) or self.damage[card_id]


class Rules(Game):
    """Base of the rules mixins: piece look-ups and dice on the state.

    Mixins extend the shared steps through hooks found by name prefix (`hooks`), so a mission
    feature lives in one module: init_* (the pieces of a new game, after the EZ-MODE choice),
    on_enter_* (a Mech or the Bomb moved onto a square), blocks_* (a square a Mech or the Bomb may
    not enter), occupies_* (a solid piece Minions cannot enter or spawn on), no_spawn_*, target_* and
    hit_* (what Mech attacks can damage; 1 Damage dealt to a square), minion_entered_* (a Minion
    moved onto a square), before_damage_* (a Mech is about to draw a Damage Card), line_start_* and
    line_end_* (tasks before slot 1 and after slot 6 of a Mech's turn), at_player_phase_end_*,
    view_part_* (what the page draws)."""

    game_id = GAME_ID
    ctx: Context
    _hook_cache: dict = {}

    def hooks(self, prefix: str) -> list:
        """Bound methods whose names start with `prefix`, in name order."""
        key = (type(self), prefix)
        if key not in Rules._hook_cache:
            Rules._hook_cache[key] = sorted(n for n in dir(type(self)) if n.startswith(prefix))
        return [getattr(self, n) for n in Rules._hook_cache[key]]

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
        return bool(self.mech_at(state, square) or self.bomb_at(state, square)
                    or any(h(state, square) for h in self.hooks("occupies_")))

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
        ) or any(t(state, square) for t in self.hooks("target_"))

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
        for hit in self.hooks("hit_"):
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

