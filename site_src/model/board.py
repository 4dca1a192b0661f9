"""A scenario's board composed from its Map Tiles (`play.board.tiles` + tiles/<id>.yaml)."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_SIDE = 1000  # squares: a placement beyond is a typo, and a board that big would not fit in memory


@dataclass
class Board:
    width: int = 0
    height: int = 0
    squares: list[list[dict | None]] = field(default_factory=list)  # squares[y][x]; None: no tile
    issues: list[tuple[str, str]] = field(default_factory=list)  # (pointer, message)

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


def compose(play: dict, tiles: dict[str, dict], unreadable: set[str] = frozenset()) -> Board:
    """Lay each placed tile's rows at its top-left square; report unknown tiles and overlaps.

    Tiles named in `unreadable` exist but could not be loaded: they are skipped silently.
    """
    board = Board()
    placed = (play.get("board") or {}).get("tiles") if isinstance(play, dict) else None
    placements = []
    for index, entry in enumerate(placed if isinstance(placed, list) else []):
        if not isinstance(entry, dict):
            continue
        tile_id, at = entry.get("tile"), entry.get("at")
        pointer = f"/play/board/tiles/{index}"
        if not isinstance(tile_id, str) or not (
            isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and v >= 0 for v in at)
        ):
            continue  # the schema reports the shape (and a negative square)
        if max(at) >= MAX_SIDE:
            board.issues.append((f"{pointer}/at", f"square {at} is far off any board (expected x and y "
                                 f"below {MAX_SIDE})"))
            continue
        tile = tiles.get(tile_id)
        if tile is None:
            if tile_id in unreadable:
                continue
            known = ", ".join(sorted(tiles)) or "none yet"
            board.issues.append(
                (f"{pointer}/tile", f"unknown tile '{tile_id}' (expected one of: {known})")
            )
            continue
        rows = tile.get("rows")
        rows = [r for r in rows if isinstance(r, str)] if isinstance(rows, list) else []
        placements.append((pointer, at, rows, tile.get("legend") or {}))
        board.width = max(board.width, at[0] + max((len(r) for r in rows), default=0))
        board.height = max(board.height, at[1] + len(rows))
    board.squares = [[None] * board.width for _ in range(board.height)]
    for pointer, (x0, y0), rows, legend in placements:
        overlapped = False
        for dy, row in enumerate(rows):
            for dx, char in enumerate(row):
                x, y = x0 + dx, y0 + dy
                if board.squares[y][x] is not None and not overlapped:
                    overlapped = True
                    board.issues.append(
                        (f"{pointer}/at", f"tile overlaps another tile at square [{x}, {y}]")
                    )
                entry = legend.get(char) if isinstance(legend, dict) else None
                square = {"kind": "open"}
                if isinstance(entry, dict):
                    square = {k: v for k, v in entry.items() if k in ("kind", "color")}
                board.squares[y][x] = square
    return board
