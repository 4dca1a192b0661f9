"""POWERUP's boards: the 12 map tiles and the Story missions' layouts can be played as the rulebook's
physics allows (Basics; Movement; docs-dev/POWERUP.md "The board").

A small walk over the side view finds every square a BUGBUSTER can reach from its start without getting
hurt: a step sideways (into the yellow stairs: onto them), up or down a ladder, an automatic staircase
carrying it up, a straight jump clearing one square, a jump diagonally up; then gravity, where a fall of
more than one square, acid, a spike trap or the void is refused. Gateways are left out (each use closes
one), so every place a mission needs is reachable on foot.
"""

from __future__ import annotations

import pytest

GAME = "powerup"
SOLID = {"obstacle", "yellow-stair"}
SUPPORT = SOLID | {"ladder", "automatic-staircase"}
STORY = ["gimme-my-powerup", "what-happened-here", "pdr-rescue", "the-blob", "the-brasas", "exodus",
         "the-burp", "point-of-no-return"]
ARCADE = ["save-the-vips", "kill-the-bugmistress", "dimensional-portal", "hidden-keys"]


class Board:
    def __init__(self, layout: dict, tiles: dict):
        placed = layout["tiles"]
        self.width = max(p["at"][0] + 3 for p in placed)
        self.height = max(p["at"][1] + 3 for p in placed)
        self.kinds: dict[tuple, str] = {}
        for p in placed:
            tile = tiles[p["tile"]]
            for dy, row in enumerate(tile["rows"]):
                for dx, char in enumerate(row):
                    self.kinds[(p["at"][0] + dx, p["at"][1] + dy)] = tile["legend"][char]["kind"]
        for x, y in layout.get("drums", []):
            self.kinds[(x, y)] = "obstacle"  # a drum is an obstacle until someone moves it

    def kind(self, x, y) -> str:
        if not (0 <= x < self.width and 0 <= y < self.height):
            return "edge"  # "at the edge of the board there is an obstacle"
        return self.kinds.get((x, y), "void")

    def solid(self, x, y) -> bool:
        return self.kind(x, y) in SOLID | {"edge"}

    def held(self, x, y) -> bool:
        inside = self.kind(x, y) in ("ladder", "automatic-staircase")
        return inside or self.kind(x, y + 1) in SUPPORT | {"edge"}

    def rest(self, x, y, fall_ok=1):
        """Where a character arriving at [x, y] comes to rest unhurt, or None."""
        while self.kind(x, y) == "automatic-staircase" and not self.solid(x, y - 1):
            y -= 1
        fallen = 0
        while not self.held(x, y) and self.kind(x, y) not in ("void", "acid"):
            y, fallen = y + 1, fallen + 1
        if self.kind(x, y) in ("void", "acid", "spike-trap") or fallen > fall_ok:
            return None
        return x, y

    def moves(self, x, y, jumps=True):
        for dx in (-1, 1):
            ty = y - 1 if self.kind(x + dx, y) == "yellow-stair" else y
            if not self.solid(x + dx, ty):
                yield self.rest(x + dx, ty)
            if jumps and not self.solid(x + dx, y) and not self.solid(x + 2 * dx, y):
                yield self.rest(x + 2 * dx, y)  # a straight jump clears the square ahead
            if jumps and not self.solid(x, y - 1) and not self.solid(x + dx, y - 1):
                yield self.rest(x + dx, y - 1)  # 45 degrees up ahead
        for dy in (-1, 1):
            if "ladder" in (self.kind(x, y), self.kind(x, y + dy)) and not self.solid(x, y + dy):
                yield self.rest(x, y + dy)

    def reachable(self, start, jumps=True) -> set:
        seen, todo = {tuple(start)}, [tuple(start)]
        while todo:
            for square in self.moves(*todo.pop(), jumps=jumps):
                if square and square not in seen:
                    seen.add(square)
                    todo.append(square)
        return seen


def layouts(game, mission):
    tiles = {stem: r.data for stem, r in game.tiles.items() if stem.startswith("tile-")}
    for index, layout in enumerate(game.scenarios[mission].data["play"]["layouts"]):
        yield f"{mission} layout {index}", layout, Board(layout, tiles)


def flying(game, bug: str) -> bool:
    return any(a.get("ability") == "flying" for a in game.records("bugs")[bug].data.get("abilities", []))


# ---------------------------------------------------------------------------------------------- tiles


def test_the_box_has_12_tiles_with_every_kind_of_square(game):
    # "12 map tiles"; "Each tile has 9 squares"; the Types of squares, and the yellow-stair obstacle. Each
    # tile has two sides (Deathmatch: "Place tiles 21 and 22"; Kill the BUGMISTRESS: "she can flip up to 3
    # tiles"): tile n and tile n + 12, each naming the other.
    tiles = {stem: r.data for stem, r in game.tiles.items()}
    assert sorted(t["number"] for t in tiles.values()) == list(range(1, 25))
    sides = {frozenset((stem, t["other_side"])) for stem, t in tiles.items()}
    assert len(sides) == 12 and all(tiles[t["other_side"]]["other_side"] == stem for stem, t in tiles.items())
    assert all(abs(t["number"] - tiles[t["other_side"]]["number"]) == 12 for t in tiles.values())
    assert all(len(t["rows"]) == 3 and all(len(r) == 3 for r in t["rows"]) for t in tiles.values())
    kinds = {e["kind"] for t in tiles.values() for c, e in t["legend"].items()
             if any(c in row for row in t["rows"])}
    assert kinds == {"open", "obstacle", "yellow-stair", "ladder", "automatic-staircase", "gateway", "acid",
                     "spike-trap"}
    # an open shaft: a floor square left open in the bottom row
    assert any(t["legend"][t["rows"][2][1]]["kind"] == "open" for t in tiles.values())


def test_a_tiles_powerup_square_stands_on_the_tile_itself(game):
    for stem, record in game.tiles.items():
        tile = record.data
        x, y = tile["powerup"]
        kind = tile["legend"][tile["rows"][y][x]]["kind"]
        below = tile["legend"][tile["rows"][y + 1][x]]["kind"] if y < 2 else None
        assert kind in ("open", "ladder"), stem
        assert kind == "ladder" or below in SUPPORT, stem


def test_the_walk_follows_the_rules():
    tiles = {
        "t": {"rows": ["...", ".Sy", "#A#"],
              "legend": {".": {"kind": "open"}, "#": {"kind": "obstacle"},
                         "S": {"kind": "automatic-staircase"}, "y": {"kind": "yellow-stair"},
                         "A": {"kind": "acid"}}},
    }
    board = Board({"tiles": [{"tile": "t", "at": [0, 0]}]}, tiles)
    # the staircase carries a character up; the yellow stairs lift it onto them; the acid is jumped over
    assert board.rest(1, 1) == (1, 0)
    assert set(board.moves(0, 1)) >= {(1, 0)}
    assert board.rest(0, 0) == (0, 1)  # a fall of one square is free
    assert board.rest(1, 2) is None  # acid
    assert board.reachable((0, 1)) == {(0, 1), (1, 0), (2, 0)}


# ---------------------------------------------------------------------------------------------- missions


@pytest.mark.parametrize("mission", STORY + ARCADE)
def test_every_piece_a_mission_needs_is_reachable_from_every_start(game, mission):
    for name, layout, board in layouts(game, mission):
        needed = [tuple(p["at"]) for p in layout["powerups"]]
        needed += [tuple(n["at"]) for n in layout.get("npcs", [])]
        needed += [tuple(b["at"]) for b in layout.get("burps", [])]
        needed += [tuple(b["at"]) for b in layout.get("bugs", []) if not flying(game, b["bug"])]
        needed += [tuple(sq) for sq in layout.get("secret_squares", [])]  # Hidden Keys: where a key may lie
        for start in layout["start"]:
            reached = board.reachable(start["at"])
            missing = [sq for sq in needed if sq not in reached]
            assert not missing, f"{name}: from {start['at']} the walk never reaches {missing}"


@pytest.mark.parametrize("mission", ["exodus", "the-burp"])
def test_the_characters_to_save_can_walk_to_a_powerup(game, mission):
    # "They also have 2 movement actions in every turn": steps and ladders, no jumps
    goal = game.scenarios[mission].data["play"]["goal"]
    to_save = goal.get("npcs", []) + ([goal["escort"]] if "escort" in goal else [])
    for name, layout, board in layouts(game, mission):
        powerups = {tuple(p["at"]) for p in layout["powerups"]}
        for npc in (n for n in layout["npcs"] if n["npc"] in to_save):
            assert board.reachable(npc["at"], jumps=False) & powerups, f"{name}: {npc['npc']} is cut off"


def test_the_burp_has_as_many_burps_as_players(game):
    # "Take out as many BURPS as there are players" (the box has 4 BURP Tokens)
    tokens = game.records("bugs")["burp"].data["tokens"]
    for layout in game.scenarios["the-burp"].data["play"]["layouts"]:
        for players in range(layout["players"]["min"], layout["players"]["max"] + 1):
            assert len(layout["burps"]) == min(players, tokens)


def test_point_of_no_return_keeps_the_burps_board(game):
    # "Keep any BUGs from the previous mission": both missions lay the same tiles for every player count
    burp = game.scenarios["the-burp"].data["play"]
    last = game.scenarios["point-of-no-return"].data["play"]
    assert last["carry_over"] == ["bugs"]
    for players in range(1, 6):
        def tiles(play, n=players):
            layout = next(lay for lay in play["layouts"]
                          if lay["players"]["min"] <= n <= lay["players"]["max"])
            return sorted((t["tile"], tuple(t["at"])) for t in layout["tiles"])
        assert tiles(burp) == tiles(last)


def test_the_campaign_brings_its_bugs_in_one_mission_at_a_time(game):
    # the BLOB mission has a BLOB, the BRASAS mission 3 BRASAS, the last one the BOSS; waves grow
    plays = {m: game.scenarios[m].data["play"] for m in STORY}
    for earlier, later in zip(STORY, STORY[1:], strict=False):
        assert set(plays[earlier]["roster"]) <= set(plays[later]["roster"]), later
    for mission, bug, count in (("the-blob", "blob", 1), ("the-brasas", "brasas", 3),
                                ("point-of-no-return", "boss", 1)):
        for layout in plays[mission]["layouts"]:
            assert [b["bug"] for b in layout["bugs"]].count(bug) == count, mission
    # "The Buggies and Batbugs are active from the start"
    assert all(plays[m]["active"] == ["buggie", "batbug"] for m in STORY)
