"""What every rules module of POWERUP shares: the game's data (Context), its events, and the look-ups of
pieces on the state. The board is side view: squares [x, y], y downwards (engine.core.grid)."""

from ..core import Game
from ..core import context as core_context
from ..core.events import event_maker
from ..core.grid import notation as fmt  # noqa: F401 - the rules modules' name for a square in the log
from . import GAME_ID  # noqa: F401 - the game id, read by this package's modules from here

event = event_maker(GAME_ID)

# Square kinds that are obstacles (docs-dev/POWERUP.md, "The board").
SOLID_KINDS = frozenset({"obstacle", "yellow-stair"})
PORTAL = "portal-part"  # the BUG kind of a Dimensional Portal part (a mission's `portal`)
SUPPORTING_KINDS = frozenset({"obstacle", "yellow-stair", "ladder", "automatic-staircase"})


class Context(core_context.Context):
    """The scenario's board (its layout for the number of BUGBUSTERs), sheets, cards and tables."""

    game_id = GAME_ID

    def __init__(self, catalog: dict, scenario_id: str, layout: int, flips: tuple = ()):
        super().__init__(catalog)
        data = self.data
        self.scenario = data["scenarios"][scenario_id]
        self.play = self.scenario["play"]
        self.layout = self.play["layouts"][layout]
        self.flips = flips  # the layout's tiles turned over to their other side (bug_bosses.py)
        self.placements = [
            dict(p, tile=data["tiles"][p["tile"]]["other_side"]) if n in flips else p
            for n, p in enumerate(self.layout["tiles"])
        ]
        self.grid = compose(self.placements, data.get("tiles", {}))
        self.height = len(self.grid)
        self.width = len(self.grid[0]) if self.grid else 0
        self.bugs = dict(data.get("bugs", {}))
        for bug_id, record in list(self.bugs.items()):
            if "angry" in record:  # the BUGMISTRESS's VERY ANGRY level: a kind of its own (bug_bosses.py)
                angry = {k: v for k, v in record.items() if k != "angry"}
                self.bugs[f"{bug_id}-angry"] = dict(
                    angry, id=f"{bug_id}-angry", sheet=record["angry"], angry_of=bug_id
                )
        portal = self.play.get("portal")
        if portal:  # Dimensional Portal: its parts are pieces of the BUGs' side that never act (missions.py)
            self.bugs[PORTAL] = {
                "id": PORTAL,
                "name": portal["name"],
                "tokens": len(self.layout.get("portal", [])),
                "sheet": {
                    "spawn_cost": 0,
                    "activation_cost": 0,
                    "lives": portal["lives"],
                    "armor": portal["armor"],
                    "melee": {"white": 0, "yellow": 0},
                    "ranged": {"white": 0, "yellow": 0, "range": 0},
                    "actions": 0,
                    "attacks": 0,
                    "abilities": [],
                    "protections": [],
                    "coins": 0,
                    "immovable": True,
                },
            }
        self.bugbusters = data.get("bugbusters", {})
        self.professions = data.get("professions", {})
        self.npcs = data.get("npcs", {})
        cards = data.get("cards", {})
        self.decks = {deck: {c["id"]: c for c in cards[deck]["cards"]} for deck in cards}
        self.equipment = self.decks.get("equipment", {})
        self.pow_cards = self.decks.get("pow-cards", {})
        self.bug_cards = self.decks.get("bug-cards", {})
        lists = data.get("lists", {})
        faces = {item["id"]: item.get("values", {}) for item in lists["dice-faces"]["items"]}
        dice = lists["dice-faces"]["dice"]
        self.dice = {
            colour: [dict(faces.get(f, {}), face=f) for f in dice[colour]] for colour in ("white", "yellow")
        }
        self.tables = data.get("tables", {})
        self.stores = data.get("stores", {})
        self.actions = {a["id"]: a for group in data.get("actions", {}).values() for a in group["actions"]}

    def special(self, special_id: str) -> dict:
        """The numbers of an equipment special action (lists/equipment-special-actions.yaml)."""
        items = self.data["lists"]["equipment-special-actions"]["items"]
        return next(i for i in items if i["id"] == special_id).get("values", {})

    def sheet(self, bug: str) -> dict:
        return self.bugs[bug]["sheet"]

    def cost(self, action_id: str) -> int:
        """An action's printed cost in AP (actions/*.yaml)."""
        return self.actions[action_id]["cost"]


def context_key(state) -> tuple:
    """What a Context depends on: the mission in play (the campaign's), the layout, the tiles flipped."""
    return (state.get("mission") or state["scenario"], state["layout"], tuple(state.get("flipped", ())))


def compose(placements: list, tiles: dict) -> list:
    """The layout's squares, rows of square kinds (None: no tile there, the void)."""
    width = height = 0
    for p in placements:
        rows = tiles[p["tile"]]["rows"]
        width = max(width, p["at"][0] + len(rows[0]))
        height = max(height, p["at"][1] + len(rows))
    grid = [[None] * width for _ in range(height)]
    for p in placements:
        tile = tiles[p["tile"]]
        for dy, row in enumerate(tile["rows"]):
            for dx, char in enumerate(row):
                grid[p["at"][1] + dy][p["at"][0] + dx] = tile["legend"][char]["kind"]
    return grid


class Rules(Game):
    """Base of the rules mixins: look-ups of squares and pieces on the state."""

    game_id = GAME_ID
    ctx: Context

    def count_turn(self, state, events, what: str, rule: str) -> None:
        """The turn card moves on: "Turn 3 (round 1)" and `what` after it (": the BUGs' turn")."""
        state["turn"] += 1
        per_round = self.ctx.const("turns_per_round")
        number = f"Turn {state['turn']} (round {(state['turn'] - 1) // per_round + 1})"
        events.append(event(f"{number}{what}.", rule, kind="phase"))

    def base_kind(self, bug) -> str:
        """A BUG's kind, the VERY ANGRY BUGMISTRESS's being hers."""
        return self.ctx.bugs[bug["kind"]].get("angry_of", bug["kind"])

    @staticmethod
    def add_char(state, char: dict) -> dict:
        """Put a character in `state["chars"]`, kept in the order of its ids: the order a JSON snapshot
        restores (sorted keys), so that a restored game offers its choices in the same order."""
        chars = state["chars"]
        chars[char["id"]] = char
        ordered = sorted(chars.items())
        chars.clear()
        chars.update(ordered)
        return char
