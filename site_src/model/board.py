"""A scenario's board composed from its map tiles: each placed tile's rows laid at its top-left square.

Mechs vs. Minions places its Map Tiles in `play.board.tiles`; POWERUP has one board per range of player
counts, `play.layouts[i].tiles` (docs-dev/POWERUP.md, "A mission"). Both are a list of
`{tile: <id>, at: [x, y]}` read by `compose_tiles`; `compose` is Mechs vs. Minions' entry to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_SIDE = 1000  # squares: a placement beyond is a typo, and a board that big would not fit in memory


@dataclass
class Board:
    width: int = 0
    height: int = 0
    squares: list[list[dict | None]] = field(default_factory=list)  # squares[y][x]; None: no tile
    issues: list[tuple[str, str]] = field(default_factory=list)  # (pointer, message)
    # (pointer of the placement, tile id, top-left square, width, height) of every tile laid
    placed: list[tuple[str, str, tuple[int, int], int, int]] = field(default_factory=list)

    def on_board(self, square) -> bool:
        if not (isinstance(square, list) and len(square) == 2):
            return True  # the schema reports the shape
        x, y = square
        return (
            isinstance(x, int)
            and isinstance(y, int)
            and 0 <= y < self.height
            and 0 <= x < self.width
            and self.squares[y][x] is not None
        )

    def square(self, x: int, y: int) -> dict | None:
        """The legend entry of square [x, y] (its `kind` and any other legend key); None off the tiles."""
        if 0 <= y < self.height and 0 <= x < self.width:
            return self.squares[y][x]
        return None

    def tile_at(self, x: int, y: int) -> str | None:
        """The pointer of the placement whose tile holds square [x, y]."""
        for pointer, _tile, (x0, y0), width, height in self.placed:
            if x0 <= x < x0 + width and y0 <= y < y0 + height:
                return pointer
        return None


def compose(play: dict, tiles: dict[str, dict], unreadable: set[str] = frozenset()) -> Board:
    """Mechs vs. Minions: the board of `play.board.tiles`."""
    placed = (play.get("board") or {}).get("tiles") if isinstance(play, dict) else None
    return compose_tiles(placed, tiles, "/play/board/tiles", unreadable)


def compose_tiles(placed, tiles: dict[str, dict], pointer: str,
                  unreadable: set[str] = frozenset()) -> Board:
    """Lay each placed tile's rows at its top-left square; report unknown tiles and overlaps.

    `placed` is the list of `{tile, at}` found at `pointer`. Tiles named in `unreadable` exist but could
    not be loaded: they are skipped silently. Each square keeps its legend entry (`kind` and any other key
    the legend gives it, such as Mechs vs. Minions' `color`).
    """
    board = Board()
    placements = []
    for index, entry in enumerate(placed if isinstance(placed, list) else []):
        if not isinstance(entry, dict):
            continue
        tile_id, at = entry.get("tile"), entry.get("at")
        here = f"{pointer}/{index}"
        if not isinstance(tile_id, str) or not (
            isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and v >= 0 for v in at)
        ):
            continue  # the schema reports the shape (and a negative square)
        if max(at) >= MAX_SIDE:
            board.issues.append((f"{here}/at", f"square {at} is far off any board (expected x and y "
                                 f"below {MAX_SIDE})"))
            continue
        tile = tiles.get(tile_id)
        if tile is None:
            if tile_id in unreadable:
                continue
            known = ", ".join(sorted(tiles)) or "none yet"
            board.issues.append(
                (f"{here}/tile", f"unknown tile '{tile_id}' (expected one of: {known})")
            )
            continue
        rows = tile.get("rows")
        rows = [r for r in rows if isinstance(r, str)] if isinstance(rows, list) else []
        width = max((len(r) for r in rows), default=0)
        placements.append((here, at, rows, tile.get("legend") or {}))
        board.placed.append((here, tile_id, (at[0], at[1]), width, len(rows)))
        board.width = max(board.width, at[0] + width)
        board.height = max(board.height, at[1] + len(rows))
    board.squares = [[None] * board.width for _ in range(board.height)]
    for here, (x0, y0), rows, legend in placements:
        overlapped = False
        for dy, row in enumerate(rows):
            for dx, char in enumerate(row):
                x, y = x0 + dx, y0 + dy
                if board.squares[y][x] is not None and not overlapped:
                    overlapped = True
                    board.issues.append(
                        (f"{here}/at", f"tile overlaps another tile at square [{x}, {y}]")
                    )
                entry = legend.get(char) if isinstance(legend, dict) else None
                square = {"kind": "open"}
                if isinstance(entry, dict) and isinstance(entry.get("kind"), str):
                    square = dict(entry)
                board.squares[y][x] = square
    return board
