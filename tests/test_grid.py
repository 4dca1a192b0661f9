"""engine.core.grid: the square-grid geometry board games share (Mechs vs. Minions now, POWERUP next)."""

from engine.core import grid


def test_directions_turn_clockwise_and_back():
    assert grid.turned("up", "right") == "right" and grid.turned("up", "left") == "left"
    assert grid.turned("left", "around") == "right" and grid.opposite("down") == "up"
    assert [grid.relative_direction("right", r) for r in ("forward", "right", "back", "left")] == \
        ["right", "down", "left", "up"]


def test_steps_lines_and_neighbours():
    assert grid.step([2, 2], "up") == [2, 1] and grid.step([2, 2], "right", 3) == [5, 2]
    assert grid.line([0, 0], "down", 3) == [[0, 1], [0, 2], [0, 3]]
    assert grid.neighbours([1, 1]) == [[1, 0], [2, 1], [1, 2], [0, 1]]
    assert grid.relative_square([2, 2], "up", right=1, forward=2) == [3, 0]


def test_distances_and_adjacency():
    assert grid.chebyshev([0, 0], [2, 3]) == 3 and grid.manhattan([0, 0], [2, 3]) == 5
    assert grid.edge_adjacent([1, 1], [1, 2]) and not grid.edge_adjacent([1, 1], [2, 2])


def test_notation_is_column_letter_and_row_number():
    assert grid.notation([0, 0]) == "a1" and grid.notation([4, 16]) == "e17"
