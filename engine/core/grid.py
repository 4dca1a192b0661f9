"""Square grids that board games share: squares are [x, y] lists (x to the right, y down, [0, 0] the
top-left), four directions clockwise from "up", adjacency, range, lines and the board's own notation."""

DIRECTIONS = ("up", "right", "down", "left")  # clockwise
VECTORS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
TURNS = {"none": 0, "right": 1, "around": 2, "left": 3}  # quarter turns clockwise
RELATIVE_MOVES = {"forward": 0, "right": 1, "back": 2, "left": 3}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def opposite(direction: str) -> str:
    return DIRECTIONS[(DIRECTIONS.index(direction) + 2) % 4]


def turned(facing: str, turn: str) -> str:
    """The direction a piece faces after a turn ("none", "right", "around", "left")."""
    return DIRECTIONS[(DIRECTIONS.index(facing) + TURNS[turn]) % 4]


def relative_direction(facing: str, relative: str) -> str:
    """Board direction of forward/left/right/back for a piece facing `facing`."""
    return DIRECTIONS[(DIRECTIONS.index(facing) + RELATIVE_MOVES[relative]) % 4]


def step(square, direction, n: int = 1) -> list:
    """The square `n` steps from `square` in a board direction."""
    dx, dy = VECTORS[direction]
    return [square[0] + dx * n, square[1] + dy * n]


def line(square, direction, n: int) -> list:
    """The `n` squares after `square` in a straight line (not including it)."""
    return [step(square, direction, i) for i in range(1, n + 1)]


def relative_square(origin, facing, right, forward) -> list:
    """The square `right` spaces to the right and `forward` spaces ahead of a piece facing `facing`."""
    fx, fy = VECTORS[facing]
    rx, ry = VECTORS[turned(facing, "right")]
    return [origin[0] + fx * forward + rx * right, origin[1] + fy * forward + ry * right]


def chebyshev(a, b) -> int:
    """Spaces between two squares counting diagonal steps as one (a king's distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a, b) -> int:
    """Orthogonal steps between two squares."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def edge_adjacent(a, b) -> bool:
    """Squares that share an edge."""
    return manhattan(a, b) == 1


def neighbours(square) -> list:
    """The four edge-adjacent squares, clockwise from the one above."""
    return [step(square, d) for d in DIRECTIONS]


def notation(square) -> str:
    """A square as a reader sees it: column letter and row number (a1 is the top-left)."""
    return f"{COLUMNS[square[0]]}{square[1] + 1}"
