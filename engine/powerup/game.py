"""POWERUP: the turn sequence as tasks (BUGs' turn, then the BUGBUSTERs' turns)."""

from ..core import Game, ScenarioError
from .rules_base import GAME_ID


class Powerup(Game):
    game_id = GAME_ID

    @classmethod
    def create(cls, catalog, scenario_id, seed, players):
        raise ScenarioError(f"{GAME_ID}/{scenario_id} cannot be played yet")
