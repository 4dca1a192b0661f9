"""POWERUP's game id and its events (every event names the rule id it follows)."""

from ..core.events import event_maker

GAME_ID = "powerup"
event = event_maker(GAME_ID)
