"""Game-independent parts of the engine: the protocol and task runner, the registry of games, setup
options, events, contexts, actions, grids, the seeded RNG and the errors."""

from .errors import IllegalAction, ScenarioError
from .game import Game
from .options import Option
from .registry import GameSpec, declare
from .rng import Rng

__all__ = ["Game", "GameSpec", "IllegalAction", "Option", "Rng", "ScenarioError", "declare"]
