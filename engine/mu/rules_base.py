"""What every rules module of Marvel United shares: the game's data, events, the ring of Locations.

Numbers are read from content: game.yaml `constants` (names in CONSTANTS below), the villain records
(content/marvel-united-promos/villains/), the adapted heroes and Locations (heroes/, locations/)."""

from ..core import Game
from ..core import context as core_context
from ..core.events import event_maker
from . import GAME_ID  # noqa: F401 - the game id, read by this package's modules from here

# The game.yaml `constants` the engine reads (all adapted numbers of the core rules page).
CONSTANTS = (
    "locations_in_play",           # Locations in the ring (6)
    "location_slots",              # slots on every Location (6); the record's `slots` mark the first ones
    "hero_start_offset",           # the Heroes start this many steps clockwise from the Villain (3)
    "hero_deck_size",              # cards in a Hero deck (12)
    "starting_hand_size",          # cards each Hero draws at setup (3)
    "turn_draw",                   # cards a Hero draws in their Draw step (1)
    "villain_turn_every",          # Hero cards between Villain turns (3)
    "under_pressure_every",        # ... once Under Pressure (2)
    "missions_to_under_pressure",  # Missions complete for Under Pressure (1)
    "missions_to_vulnerable",      # Missions complete before the Villain takes damage (2)
    "mission_reward_draw",         # cards each Hero draws when the second Mission is completed (1)
    "mission_rescue_civilians",    # Rescue Civilians size (9)
    "mission_defeat_thugs",        # Defeat Thugs size (9)
    "mission_clear_threats",       # Clear Threats size (4)
    "ko_return_draw",              # cards a KO'd Hero draws when standing up (3)
    "threat_clear_heroic",         # Heroic Actions that clear a Threat without Health (3)
)

# Rule ids (anchors of content/marvel-united-promos/rules/core-rules.md) the events cite.
RULE = {
    "setup": "core-setup",
    "storyline": "core-storyline",
    "previous-card": "core-previous-card",
    "hero-turn": "core-hero-turn",
    "actions": "core-actions",
    "move": "core-actions",
    "attack": "core-actions",
    "heroic": "core-actions",
    "special": "core-special-effects",
    "tokens": "core-action-tokens",
    "location": "core-locations",
    "villain-turn": "core-villain-turn",
    "villain-move": "core-villain-move",
    "bam": "core-bam",
    "plan-effect": "core-plan-effect",
    "placement": "core-placement",
    "overflow": "core-overflow",
    "threats": "core-threats",
    "henchmen": "core-henchmen",
    "damage": "core-damage",
    "ko": "core-ko",
    "missions": "core-missions",
    "under-pressure": "core-under-pressure",
    "vulnerable": "core-vulnerable",
    "win": "core-winning",
    "super-villain": "core-super-villain-mode",
    "commander": "core-solo-commander",
    "loss": "core-losing",
}

SYMBOLS = ("move", "attack", "heroic", "wild")
# Action token kinds (core-action-tokens); "attack-heroic" is the red and yellow split token (our ruling: one
# action, an Attack or a Heroic Action, chosen when spent).
TOKEN_KINDS = ("move", "attack", "heroic", "wild", "attack-heroic")
# The token a Dashboard's back names, by icon (core-super-villain-mode), else by name ("Action token" = Move).
TOKEN_ICONS = {"green-arrow": "move", "yellow-star": "heroic", "red-burst": "attack",
               "multicolour-card": "wild", "red-and-yellow-split": "attack-heroic"}
TOKEN_NAMES = {"Action token": "move", "Heroic Action token": "heroic", "Heroic Action icon": "heroic",
               "Attack token": "attack"}
# Play modes (core-overview): the standard game, Super Villain mode (core-super-villain-mode), Commander Solo
# Mode (core-solo-commander: one Hero, chosen by playing with `commander_heroes` seats).
MODES = ("standard", "super-villain", "commander")


# A log entry; `rule` is a key of RULE (or an anchor of this game).
event = event_maker(GAME_ID, RULE)


def not_implemented(text: str, rule: str, seat=None, **extra) -> dict:
    """The engine says plainly that a villain-specific rule or a Threat's text is not applied yet."""
    return event(text, rule, "not-implemented", seat, **extra)


def handler(*names: str):
    """Marks a method as the named handler(s) `names` that content's `play` objects call (villain.schema.json
    `$defs/handler`), as method(state, params, events, **context); a class's HANDLERS maps each name to its
    method (handlers_of)."""
    def mark(method):
        method.handles = names
        return method
    return mark


def hit_by(*tags: str):
    """Marks a villain's method as the damage of the "1 Hero" hits it queues with one of these `via` tags
    (villains/common.hit_task), called as method(state, seat, n, events, source) once the Heroes chose who is
    hit (Villain.deal_hit; the class's HITS maps each tag to its method)."""
    def mark(method):
        method.hit_tags = tags
        return method
    return mark


def handlers_of(cls) -> dict[str, str]:
    """Handler name -> method name, for the @handler methods of cls's own class body."""
    out = {}
    for attr, value in vars(cls).items():
        for name in getattr(value, "handles", ()):
            if name in out:
                raise TypeError(f"{cls.__name__}: two methods handle {name!r}: {out[name]} and {attr}")
            out[name] = attr
    return out


class Context(core_context.Context):
    """Read-only data a game needs, derived from the catalog (never stored in the state)."""

    game_id = GAME_ID

    def __init__(self, catalog: dict, villain_id: str):
        super().__init__(catalog)
        data = self.data
        self.villain = data.get("villains", {})[villain_id]
        self.heroes = dict(data.get("heroes", {}))
        self.locations = dict(data.get("locations", {}))
        self.master_plan = {c["id"]: c for c in (self.villain.get("master_plan") or {}).get("cards", [])}
        self.threats = {c["id"]: c for c in (self.villain.get("threats") or {}).get("cards", [])}
        challenge = (self.villain["dashboard"].get("play") or {}).get("challenge")
        if challenge:  # the optional Challenge of the Dashboard's back: a Threat card once in play
            self.threats[challenge["card"]] = self.challenge_card(data, challenge)
        self.hero_cards = {c["id"]: dict(c, hero=h["id"]) for h in self.heroes.values() for c in h["cards"]}

    @staticmethod
    def challenge_card(data: dict, challenge: dict) -> dict:
        """The Threat card a `dashboard.play.challenge` adds: the name and text of its `components` entry (any
        villain's record prints it: Titania's Absorbing Man Challenge is transcribed with Absorbing Man) and
        the challenge's `play`; never dealt with the Threat deck."""
        for villain in data.get("villains", {}).values():
            for comp in villain.get("components") or []:
                if comp["id"] == challenge["card"]:
                    return {"id": comp["id"], "name": comp["name"], "count": 1, "text": comp["text"],
                            "play": challenge["play"], "in_threat_deck": False, "challenge": True}
        raise KeyError(f"dashboard.play.challenge names {challenge['card']!r}, no villain's component")


class Rules(Game):
    """Base of the rules mixins. Villain-specific rules are the Dashboard's named handlers (`dashboard.play`:
    bam, overflow, ko, special_setup) or the hooks of villain_base.Villain, methods every villain's class
    may override (on_bam, on_overflow, on_move, on_plan_effect, on_hero_ko ...). A handler in content wins
    over a hook of the same part."""

    game_id = GAME_ID
    ctx: Context
    DECK_TOP = 0  # the top of a Hero deck and of the Master Plan deck is the front of its list

    def dash_play(self, key: str):
        """The Dashboard's `play.<key>` handler spec (bam, overflow, ko, special_setup), or None."""
        return (self.ctx.villain["dashboard"].get("play") or {}).get(key)

    def vparam(self, name: str):
        """A number of the Villain's Dashboard rules: `dashboard.play.params.<name>` of its record."""
        params = (self.ctx.villain["dashboard"].get("play") or {}).get("params") or {}
        if name not in params:
            raise KeyError(f"villains/{self.ctx.villain['id']}.yaml has no dashboard.play.params.{name} (the "
                           "Marvel United engine reads it)")
        return params[name]

    def component(self, cid: str) -> dict:
        """The villain record's `components` entry `cid` (a track, a card, tokens the rules use)."""
        for comp in self.ctx.villain.get("components") or []:
            if comp["id"] == cid:
                return comp
        raise KeyError(f"villains/{self.ctx.villain['id']}.yaml has no component {cid!r}")

    # ----- the ring: index order is clockwise; "left" is the counter-clockwise neighbour -----
    @staticmethod
    def ring(state) -> list[str]:
        return [loc["id"] for loc in state["locations"]]

    @staticmethod
    def loc(state, loc_id: str) -> dict:
        for loc in state["locations"]:
            if loc["id"] == loc_id:
                return loc
        raise KeyError(loc_id)

    def step(self, state, loc_id: str, n: int) -> str:
        ring = self.ring(state)
        return ring[(ring.index(loc_id) + n) % len(ring)]

    def adjacent(self, state, loc_id: str) -> list[str]:
        out = [self.step(state, loc_id, -1), self.step(state, loc_id, 1)]
        return list(dict.fromkeys(o for o in out if o != loc_id))

    @staticmethod
    def standing(state, loc_id) -> list[int]:
        """The seats of the Heroes in `loc_id` who are not KO'd: those a rule hitting "Heroes in this
        Location" reaches (core-ko: KO'd Heroes take no damage), in seat order."""
        return [h["seat"] for h in state["heroes"] if h["pos"] == loc_id and not h["ko"]]

    def loc_name(self, loc_id: str) -> str:
        return self.ctx.locations[loc_id]["name"]

    def hero_name(self, state, seat) -> str:
        hero = state["heroes"][seat]["hero"]
        return self.ctx.heroes[hero]["name"] if hero else f"Hero {seat + 1}"

    # ----- hero cards ------------------------------------------------------------------
    def draw_cards(self, state, seat, n: int, events, rule="hero-turn") -> int:
        hero = state["heroes"][seat]
        drawn = 0
        for _ in range(n):
            if not hero["deck"]:
                break
            hero["hand"].append(self.draw(state, hero["deck"]))
            drawn += 1
        if drawn:
            events.append(event(f"{self.hero_name(state, seat)} draws {drawn} card{'s' if drawn > 1 else ''}",
                                rule, "draw", seat))
        return drawn
