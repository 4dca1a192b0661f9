"""The game protocol every engine implements, and the task runner that drives it.

A game's whole state is one JSON-able dict. Turn order lives in `state["tasks"]`, a queue of small dicts:
the framework runs automatic tasks (`run_<t>`) until the front task needs a human decision (`choices_<t>`
lists the legal actions, `choose_<t>` applies one). Automated sides act inside `play`, so after every call
the game waits on a human or is over. Like boardgame.io, the framework (not each rule) owns the loop,
randomness (`state["rng"]`), setup questions answered up front (`options`) and the log.

`play` keeps its promise (an illegal or failing action leaves the state as it was) without copying the
state: legality is checked before anything changes, and if a rule raises halfway, the state is rebuilt
from the game's origin (its state when it was created or restored, kept serialized) by replaying the
actions played since; the engine is deterministic, so that is the state before the action.

The legal actions of the decision the task runner stopped at are computed once: `advance` keeps them for
`legal_actions` and `play` (the page, the bots and `play` itself all ask for them) until the state
changes. The engine's own code reads the state as `self._state`; `game.state` hands the dict out to be
read or edited (rules tests set up situations that way), so reading it forgets the kept choices. Code
that edits it by hand and wants a failing action to return to the edited state calls `rebase()`.
"""

import marshal

from . import options as options_mod
from .errors import IllegalAction, ScenarioError
from .rng import Rng

SNAPSHOT_FORMAT = 1
MAX_AUTO_STEPS = 100_000


def copy_state(state):
    """A deep copy of JSON-like data (dicts, lists, strings, numbers, None), several times faster than
    copy.deepcopy."""
    return marshal.loads(marshal.dumps(state))


class Game:
    game_id = ""
    OPTIONS: dict = {}  # setup questions an option may answer up front (options.Option by name)
    PROMPTS: dict = {}  # the prompt line's words by the kind of the first legal action
    DECK_TOP = -1  # where a pile's top card is in its list (-1: the end, 0: the front)

    def __init__(self, catalog: dict, state: dict, ctx=None, origin: bytes | None = None):
        self.catalog = catalog
        self._state = state
        self.ctx = ctx if ctx is not None else self.make_context(catalog, state)
        self._origin = origin if origin is not None else marshal.dumps(state)
        self._since_origin: list[str] = []
        self._choices = None  # (state, front task, its choices) where advance stopped

    @classmethod
    def make_context(cls, catalog: dict, state: dict):
        """The read-only data of this game's scenario (a core.context.Context)."""
        raise NotImplementedError

    def setup_asks(self, option, options: dict) -> int:
        """How many times this new game will ask the setup question `option` answers (core/options.py
        `Option`), given the `options` it was started with: the setup's tasks; a game that asks some later
        says so."""
        return sum(1 for t in self._state["tasks"] if option.asks(t))

    # ----- public contract -------------------------------------------------
    @property
    def state(self) -> dict:
        """The whole state, handed out to read or edit: the kept legal actions are forgotten, since the
        caller may change what they depend on."""
        self._choices = None
        return self._state

    @state.setter
    def state(self, value: dict) -> None:
        self._state = value
        self._choices = None

    @property
    def over(self) -> bool:
        return self._state.get("outcome") is not None

    @property
    def outcome(self):
        outcome = self._state.get("outcome")
        return copy_state(outcome) if outcome is not None else None

    @property
    def to_move(self):
        if self.over or not self._state["tasks"]:
            return None
        return self._state["tasks"][0].get("seat")

    @property
    def seats(self) -> int:
        """How many seats the game has (each a player's, or a piece one player may pilot)."""
        raise NotImplementedError

    def seat_name(self, seat) -> str:
        """The seat as players know it (its Mech, its Hero)."""
        return f"Seat {seat + 1}"

    def legal_actions(self) -> list[dict]:
        return [dict(a) for a in self._front_choices()]

    def _front_choices(self) -> list[dict]:
        """The choices of the decision now (kept from where advance stopped, else computed)."""
        state = self._state
        if state.get("outcome") is not None or not state["tasks"]:
            return []
        task = state["tasks"][0]
        kept = self._choices
        if kept is not None and kept[0] is state and kept[1] is task:
            return kept[2]
        return getattr(self, "choices_" + task["t"])(state, task)

    def play(self, action_id: str) -> list[dict]:
        """Apply a legal action; the events it caused. IllegalAction (nothing changed) otherwise."""
        legal = self._front_choices()
        chosen = None
        if isinstance(action_id, str):  # ids are strings (a list is unhashable, a number never an id)
            chosen = next((a for a in legal if a["id"] == action_id), None)
        if chosen is None:
            raise IllegalAction(self.illegal_message(action_id, legal))
        self._choices = None
        try:
            events = self._apply(self._state, chosen)
        except BaseException:
            self._rollback()
            raise
        self._since_origin.append(action_id)
        return events

    def illegal_message(self, action_id, legal) -> str:
        if self.over:
            return f"the game is over; {action_id!r:.80} cannot be played"
        if not legal:
            return f"{action_id!r:.80} is not a legal action: no action is legal now"
        whose = self.seat_name(self.to_move) if self.to_move is not None else "the table"
        return (
            f"{action_id!r:.80} is not a legal action now: it is {whose}'s turn, with "
            f"{len(legal)} legal action{'s' if len(legal) != 1 else ''}"
        )

    def previews(self) -> dict:
        """What some of the legal actions now would do, by action id, for the page to draw while the
        player points at one (where a piece would end); a game that can say overrides it. Only the page
        asks (webapi): bots and `play` never pay for it."""
        return {}

    def view(self, seat=None) -> dict:
        """What the page draws. `seat` None: the table view for hot-seat play; a seat: only what that seat
        may see (each game documents its hidden fields; the snapshot keeps everything)."""
        raise NotImplementedError

    def check_seat(self, seat) -> None:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats
        ):
            raise ScenarioError(
                f"seat must be None or an integer from 0 to {self.seats - 1}, got {seat!r:.40}"
            )

    def prompt(self, legal) -> str | None:
        """The line above the choices: whose turn and what they choose."""
        if self.to_move is None or not legal:
            return None
        return f"{self.seat_name(self.to_move)}: {self.PROMPTS.get(legal[0]['kind'], 'choose')}"

    def snapshot(self) -> dict:
        return {"format": SNAPSHOT_FORMAT, "game": self.game_id, "state": copy_state(self._state)}

    def copy(self) -> "Game":
        """An independent game in the same state (bots search on copies)."""
        return self.from_checkpoint(self.checkpoint())

    def checkpoint(self) -> bytes:
        """The state, serialized (a few microseconds; what the Session keeps to undo quickly)."""
        return marshal.dumps(self._state)

    def from_checkpoint(self, data: bytes) -> "Game":
        """A game of the same scenario in the state a checkpoint of it holds."""
        return type(self)(self.catalog, marshal.loads(data), ctx=self.ctx, origin=data)

    def rebase(self) -> None:
        """Make the current state the one a failing action returns to (after editing `state` by hand)."""
        self._origin = marshal.dumps(self._state)
        self._since_origin = []
        self._choices = None

    # ----- hidden information ---------------------------------------------------
    def determinize(self, seat, seed: int) -> "Game":
        """A copy of the game that `seat` cannot tell from this one: what it may not see (the order of
        decks, other seats' hands, the generator's future draws) drawn anew from `seed`. Bots search on
        such copies, so they never use what their seat does not know."""
        game = self.copy()
        rng = Rng.from_seed(seed)
        game.state["rng"] = Rng.from_seed(rng.next64()).dump()
        game.resample_hidden(game.state, seat, rng)
        game.rebase()
        return game

    def resample_hidden(self, state: dict, seat, rng: Rng) -> None:
        """Redraw in `state` what `seat` may not see (None: what no seat sees), keeping what it may: each
        game with hidden information overrides it. `view(seat)` must be unchanged by it, and the result
        must depend only on what the seat sees (sort a hidden pile before shuffling it), so a bot's
        choice cannot depend on what its seat does not know."""

    def progress(self, seat) -> float:
        """How close the game (not over) is to a good ending for `seat`, from 0 to 1: what a bot's search
        scores a playout it cut short. Games may say more; 0.5 says nothing."""
        return 0.5

    # ----- the task runner ---------------------------------------------------
    def _apply(self, state: dict, action: dict) -> list[dict]:
        events: list[dict] = []
        task = state["tasks"].pop(0)
        getattr(self, "choose_" + task["t"])(state, task, action, events)
        self.after_task(state, events)
        self.advance(state, events)
        return events

    def _rollback(self) -> None:
        self._state = marshal.loads(self._origin)
        self._choices = None
        for action_id in self._since_origin:
            legal = self._front_choices()
            self._choices = None
            self._apply(self._state, next(a for a in legal if a["id"] == action_id))

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
            answer = options_mod.answer(self, state, task)
            if answer is not None:
                state["tasks"].pop(0)
                getattr(self, "choose_" + task["t"])(state, task, answer, events)
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
            self._choices = (state, task, options)
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

    def draw(self, state: dict, pile: list, discard: list | None = None):
        """The top card of a pile (DECK_TOP), or None when it is empty; an empty pile with a `discard`
        is first refilled by shuffling that discard pile into it."""
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.shuffle(state, pile)
        return pile.pop(self.DECK_TOP) if pile else None
