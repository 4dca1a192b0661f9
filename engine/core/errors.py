"""Errors the engine raises."""


class IllegalAction(ValueError):
    """The action id is not among the game's legal actions; the game is unchanged."""


class ScenarioError(ValueError):
    """The scenario, seed or player count cannot start a game (unknown id, bad count)."""
