"""What every game's setup repeats: checked arguments, the seeded generator, the task queue."""

from .errors import ScenarioError
from .rng import Rng


def integer(name: str, value) -> int:
    """`value` as an int, or a ScenarioError naming the argument: 7.9, "7", True and None are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{name} must be an integer, got {value!r:.40}")
    return value


def check_players(scenario: str, players: int, low: int, high: int, also: dict | None = None,
                  what: str = "players") -> None:
    """A ScenarioError unless low <= players <= high or players is a key of `also` (count -> the mode it
    plays, "in Commander Solo Mode")."""
    also = also or {}
    if not (low <= players <= high or players in also):
        extra = "".join(f" (or {n} {mode})" for n, mode in also.items() if not low <= n <= high)
        raise ScenarioError(f"{scenario} is played by {low} to {high} {what}{extra}, not {players}")


def base_state(seed: int, **fields) -> dict:
    """A new game's state: its fields, then the seed, the generator, an empty queue and no outcome."""
    return {**fields, "seed": seed, "rng": Rng.from_seed(seed).dump(), "tasks": [], "outcome": None}
