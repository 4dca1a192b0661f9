"""What the play page's worker calls (site_src/assets/play/worker.js): one game, as JSON text.

    from engine import webapi
    webapi.start('{"scenario": "mechs-vs-minions/mission-00", "seed": 7, "players": 2, "actions": []}')
    webapi.play("draft:pick:blaze"); webapi.undo(); webapi.redo()

The worker imports this module with `pyodide.pyimport("engine.webapi")` and calls these four
functions; no Python source travels from the page. `start` takes a share record as JSON text (the
keys of `Session.record()`: scenario, seed, players, options, actions), `play` one action id as a plain
string; `undo` and `redo` take nothing. Each returns JSON text `{"state": ..., "error": ...}`:

- `state`: the game as the page draws it, or null when nothing changed: `view` (game.view()), `legal`
  (game.legal_actions(), each with its `preview` where game.previews() has one), `events` (of this
  request: every event of the replay for `start`, of the whole game after `undo`, of the one action for
  `play` and `redo`), `over`, `outcome`, `actions` (the ids played so far), `redo` (how many undone
  actions `redo` can play again).
- `error`: what went wrong, for the player, or null. A share record whose replay meets an action that is
  not legal gives the state before that action and "Replay stopped at action <n> (<id>): <why>"
  (Session.replay).

Everything received is data: the record is read with json.loads and its action ids reach the engine
only as strings to compare with the legal ones.
"""

import json

from .core.errors import IllegalAction, ScenarioError
from .session import Session


class Table:
    """One game the page plays: a Session, replaced by each `start` that succeeds."""

    def __init__(self):
        self.session: Session | None = None

    def start(self, record_json: str) -> str:
        try:
            session, stopped = Session.replay(json.loads(record_json))
        except (ValueError, ScenarioError) as exc:  # json.JSONDecodeError is a ValueError
            return _reply(None, str(exc))
        self.session = session
        error = f"Replay stopped at action {stopped[0]} ({stopped[1]!r}): {stopped[2]}" if stopped else None
        return _reply(_state(session, session.events), error)

    def play(self, action_id: str) -> str:
        session = self.session
        if session is None:
            return _reply(None, "No game started")
        try:
            events = session.play(action_id)
        except IllegalAction as exc:
            return _reply(None, f"Illegal action {action_id!r}: {exc}")
        return _reply(_state(session, events), None)

    def undo(self) -> str:
        session = self.session
        if session is None:
            return _reply(None, "No game started")
        if not session.undo():
            return _reply(None, "Nothing to undo")
        return _reply(_state(session, session.events), None)

    def redo(self) -> str:
        session = self.session
        if session is None:
            return _reply(None, "No game started")
        events = session.redo()
        if events is None:
            return _reply(None, "Nothing to redo")
        return _reply(_state(session, events), None)


def _state(session: Session, events: list[dict]) -> dict:
    game = session.game
    legal, previews = game.legal_actions(), game.previews()
    for a in legal:
        if a["id"] in previews:
            a["preview"] = previews[a["id"]]
    return {
        "view": game.view(),
        "legal": legal,
        "events": events,
        "over": bool(game.over),
        "outcome": game.outcome,
        "actions": list(session.actions),
        "redo": len(session.redo_stack),
    }


def _reply(state: dict | None, error: str | None) -> str:
    return json.dumps({"state": state, "error": error})


# The worker's one table (a worker holds one game at a time).
_table = Table()
start = _table.start
play = _table.play
undo = _table.undo
redo = _table.redo
