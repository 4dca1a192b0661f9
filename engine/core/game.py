"""The game protocol every engine implements, and the task runner that drives it.

A game's whole state is one JSON-able dict. Turn order lives in `state["tasks"]`,
a queue of small dicts: the framework runs automatic tasks (`run_<t>`) until the
front task needs a human decision (`choices_<t>` lists the legal actions,
`choose_<t>` applies one). Automated sides act inside `play`, so after every
call the game waits on a human or is over. Like boardgame.io, the framework
(not each rule) owns the loop, randomness (state["rng"]) and the log.
"""

import copy

from .errors import IllegalAction
from .rng import Rng

SNAPSHOT_FORMAT = 1
MAX_AUTO_STEPS = 100_000


class Game:
    game_id = ""

    def __init__(self, catalog: dict, state: dict):
        self.catalog = catalog
        self.state = state

    # ----- public contract -------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.get("outcome") is not None

    @property
    def outcome(self):
        return copy.deepcopy(self.state.get("outcome"))

    @property
    def to_move(self):
        if self.over or not self.state["tasks"]:
            return None
        return self.state["tasks"][0].get("seat")

    def legal_actions(self) -> list[dict]:
        if self.over or not self.state["tasks"]:
            return []
        task = self.state["tasks"][0]
        return [dict(a) for a in getattr(self, "choices_" + task["t"])(self.state, task)]

    def play(self, action_id: str) -> list[dict]:
        legal = {a["id"]: a for a in self.legal_actions()}
        if not isinstance(action_id, str) or action_id not in legal:  # ids are strings (a list is unhashable)
            if self.over:
                raise IllegalAction(f"the game is over; {action_id!r:.80} cannot be played")
            raise IllegalAction(f"{action_id!r:.80} is not a legal action now")
        work = copy.deepcopy(self.state)
        events: list[dict] = []
        task = work["tasks"].pop(0)
        getattr(self, "choose_" + task["t"])(work, task, legal[action_id], events)
        self.after_task(work, events)
        self.advance(work, events)
        self.state = work
        return events

    def view(self, seat=None) -> dict:
        raise NotImplementedError

    def snapshot(self) -> dict:
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.game_id,
            "state": copy.deepcopy(self.state),
        }

    # ----- the task runner ---------------------------------------------------
    def advance(self, state: dict, events: list) -> None:
        """Run automatic tasks until a human must decide or the game is over."""
        for _ in range(MAX_AUTO_STEPS):
            if state.get("outcome") is not None or not state["tasks"]:
                return
            task = state["tasks"][0]
            run = getattr(self, "run_" + task["t"], None)
            if run is not None:
                state["tasks"].pop(0)
                run(state, task, events)
                self.after_task(state, events)
                continue
            options = getattr(self, "choices_" + task["t"])(state, task)
            if not options or (len(options) == 1 and task.get("auto1")):
                state["tasks"].pop(0)
                if options:
                    getattr(self, "choose_" + task["t"])(state, task, options[0], events)
                else:
                    getattr(self, "skip_" + task["t"], lambda *_: None)(state, task, events)
                self.after_task(state, events)
                continue
            return
        raise RuntimeError("the task runner did not settle (a rule loops)")

    def after_task(self, state: dict, events: list) -> None:
        """Hook for checks after every task: triggers, victory, loss."""

    # ----- helpers for rules --------------------------------------------------
    @staticmethod
    def push(state: dict, *tasks: dict) -> None:
        """Put tasks at the front of the queue, in the given order."""
        state["tasks"][0:0] = list(tasks)

    @staticmethod
    def rand_below(state: dict, n: int) -> int:
        """Draw from the game's own generator, kept in the state."""
        rng = Rng.load(state["rng"])
        value = rng.below(n)
        state["rng"] = rng.dump()
        return value

    @staticmethod
    def shuffle(state: dict, items: list) -> None:
        rng = Rng.load(state["rng"])
        rng.shuffle(items)
        state["rng"] = rng.dump()
