"""The Game Board: squares from the scenario's Map Tiles, and paths around its obstacles (directions,
adjacency and range are engine.core.grid's)."""

from collections import deque

from ..core.grid import VECTORS, opposite


class Board:
    """Squares of every Map Tile placed by the scenario, as rows of {"kind", "color", "zone"} dicts.

    Each square also knows the Map Tile it lies on (`tile_at`: the index in the scenario's tile list);
    a placed tile may carry a Rune colour (Mission 2: "the Map Tile corresponding to that color")."""

    def __init__(self, scenario: dict, tiles: dict):
        placed = scenario["play"]["board"]["tiles"]
        width = height = 0
        for entry in placed:
            rows = tiles[entry["tile"]]["rows"]
            width = max(width, entry["at"][0] + len(rows[0]))
            height = max(height, entry["at"][1] + len(rows))
        self.width, self.height = width, height
        self.squares = [[None] * width for _ in range(height)]
        self.tile_index = [[None] * width for _ in range(height)]
        self.tile_colors = [entry.get("color") for entry in placed]
        self._selected: dict = {}   # select() results by selector
        self._distances: dict = {}  # distance maps by (kind, goal squares); read-only for callers
        for index, entry in enumerate(placed):
            tile = tiles[entry["tile"]]
            ox, oy = entry["at"]
            for y, row in enumerate(tile["rows"]):
                for x, char in enumerate(row):
                    self.squares[oy + y][ox + x] = dict(tile["legend"][char])
                    self.tile_index[oy + y][ox + x] = index

    def on_board(self, square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height and self.squares[y][x] is not None

    def kind(self, square) -> str:
        return self.squares[square[1]][square[0]]["kind"]

    def impassable(self, square) -> bool:
        """Off the board or a Massive Boulder: "unpassable ... just like the edges of the Game Board"."""
        return not self.on_board(square) or self.kind(square) == "massive-boulder"

    def spiked(self, square, direction) -> bool:
        """Moving `direction` into `square` hits a Spike Wall on the side of it that faces the mover."""
        return (self.on_board(square)
                and opposite(direction) in self.squares[square[1]][square[0]].get("spikes", ()))

    def all_of(self, kind: str) -> list:
        return [
            [x, y]
            for y, row in enumerate(self.squares)
            for x, sq in enumerate(row)
            if sq is not None and sq["kind"] == kind
        ]

    def square(self, square) -> dict:
        return self.squares[square[1]][square[0]]

    def zone(self, square):
        return self.squares[square[1]][square[0]].get("zone")

    def zone_squares(self, zone: str) -> frozenset:
        """The squares of a zone, as (x, y) tuples (found once per zone)."""
        key = ("zone", zone)
        if key not in self._selected:
            self._selected[key] = frozenset(tuple(sq) for sq in self._select({"zone": zone}))
        return self._selected[key]

    def tile_at(self, square):
        """Index (in the scenario's tile list) of the Map Tile a square lies on."""
        return self.tile_index[square[1]][square[0]]

    def select(self, selector: dict) -> list:
        """Squares matching every key of a selector: kind, zone, color, tile (index), tile_color (the board
        never changes, so each selector's squares are found once; callers get their own lists)."""
        key = tuple(sorted(selector.items()))
        if key not in self._selected:
            self._selected[key] = self._select(selector)
        return [list(square) for square in self._selected[key]]

    def _select(self, selector: dict) -> list:
        out = []
        for y, row in enumerate(self.squares):
            for x, sq in enumerate(row):
                if sq is None:
                    continue
                if all(self._matches([x, y], sq, key, value) for key, value in selector.items()):
                    out.append([x, y])
        return out

    def _matches(self, square, sq, key, value) -> bool:
        if key == "tile":
            return self.tile_at(square) == value
        if key == "tile_color":
            return self.tile_colors[self.tile_at(square)] == value
        return sq.get(key) == value

    def distances(self, targets, passable=None) -> dict:
        """Orthogonal path length from every square to the nearest target square, going around
        Massive Boulders and the edges of the board (pieces are ignored: they move) and, if given,
        the squares `passable(square)` refuses. Without `passable` the map is computed once per set of
        targets: callers must not change it."""
        if passable is None:
            key = ("around", tuple(sorted(tuple(t) for t in targets)))
            if key not in self._distances:
                self._distances[key] = self._bfs(targets, None)
            return self._distances[key]
        return self._bfs(targets, passable)

    def straight_distances(self, targets) -> dict:
        """Orthogonal steps from every square to the nearest target, ignoring obstacles (computed once per
        set of targets: callers must not change it)."""
        key = ("straight", tuple(sorted(tuple(t) for t in targets)))
        if key not in self._distances:
            self._distances[key] = {
                (x, y): min(abs(x - g[0]) + abs(y - g[1]) for g in targets)
                for y in range(self.height) for x in range(self.width) if self.on_board([x, y])}
        return self._distances[key]

    def _bfs(self, targets, passable) -> dict:
        dist = {tuple(t): 0 for t in targets if self.on_board(t)}
        queue = deque(dist)
        while queue:
            here = queue.popleft()
            for dx, dy in VECTORS.values():
                nxt = (here[0] + dx, here[1] + dy)
                if nxt not in dist and not self.impassable(nxt) and (passable is None or passable(nxt)):
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist
