"""Game-independent parts of the engine: protocol, task runner, seeded RNG, errors."""

from .errors import IllegalAction, ScenarioError
from .game import Game
from .rng import Rng

__all__ = ["Game", "IllegalAction", "Rng", "ScenarioError"]
