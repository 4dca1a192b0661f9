"""Setup choices taken up front: `engine.new_game(..., options={"mode": "ez"})`.

A game declares the questions its setup asks in play (`Game.OPTIONS`: option name -> Option). Given an
option, the task runner answers that question with it when it comes, instead of asking, so the game is
the one whose players chose it; questions without an option are asked in play as before. An option's
value is what follows the ':' of the chosen action's id ("mode:ez" -> "ez"); a `many` option takes a
list, one value each time the question is asked (each seat's Hero): as many as the game's `setup_asks`
says (the setup's questions, or more when a game asks some later, as POWERUP's Story campaign does). An
unknown name, a value the game does not accept, or an option for a question this scenario never asks is a
ScenarioError.

An option with a `seat` answers only that seat's question (the TCG's `mazo_0`, `mazo_1`); one with `parse`
also takes values that are no action's suffix (a deck list): `parse(game, value)` returns the action that
answers with it, or raises ScenarioError saying why the value is refused."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .actions import suffix
from .errors import ScenarioError


@dataclass(frozen=True)
class Option:
    task: str  # the setup task whose question the option answers
    doc: str  # what it chooses (CONTRACTS.md lists every game's options)
    values: Callable[..., Iterable[str]]  # values(game): the accepted values (fixed, or from the content)
    many: bool = False
    seat: int | None = None  # answers only the question of this seat (None: any seat's)
    parse: Callable | None = None  # parse(game, value) -> the answering action, for values beyond `values`

    def asks(self, task: dict) -> bool:
        """Whether this option answers `task` (its setup task, and its seat when it names one)."""
        return self.task == task["t"] and (self.seat is None or task.get("seat") == self.seat)


def prepare(game, options, scenario: str) -> dict:
    """The checked options of a new game, as {name: [values still to give]} (kept in the state)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ScenarioError(f"options must be a dict of setup choices, got {options!r:.40}")
    known = type(game).OPTIONS
    out = {}
    for name, value in options.items():
        if name not in known:
            offered = ", ".join(sorted(known)) or "none"
            raise ScenarioError(f"{scenario} has no setup option {name!r:.40} (its options: {offered})")
        option = known[name]
        if option.many and not isinstance(value, (list, tuple)):
            raise ScenarioError(f"option {name!r} takes a list, one value each time it is asked")
        values = list(value) if option.many else [value]
        accepted = list(option.values(game))
        for v in values:
            if isinstance(v, str) and v in accepted:
                continue
            if option.parse is None:
                raise ScenarioError(f"option {name}={v!r:.40} is not one of: {', '.join(accepted)}")
            option.parse(game, v)  # raises ScenarioError when the value is refused
        asked = game.setup_asks(option, options)
        if not asked:
            raise ScenarioError(f"{scenario} does not ask for {name!r}")
        if len(values) > asked:
            raise ScenarioError(f"{scenario} asks for {name!r} {asked} time(s), not {len(values)}")
        out[name] = values
    return out


def answer(game, state, task):
    """The legal action that answers `task` from the state's options, or None (ask the players)."""
    pending = state.get("options")
    if not pending:
        return None
    for name, option in type(game).OPTIONS.items():
        if option.asks(task) and pending.get(name):
            value = pending[name][0]
            for action in getattr(game, "choices_" + task["t"])(state, task):
                if isinstance(value, str) and suffix(action["id"]) == value:
                    pending[name].pop(0)
                    return action
            if option.parse is not None and not isinstance(value, str):
                pending[name].pop(0)
                return option.parse(game, value)
            raise ScenarioError(f"option {name}={value!r} is not offered now (another seat took it?)")
    return None
