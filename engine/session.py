"""A game and its history: what the play page (and any front end) holds.

    s = engine.Session("mechs-vs-minions/mission-00", seed=7, players=2, options={"mode": "ez"})
    s.play("draft:pick:blaze")   # the events; s.game is the game, s.actions its action ids
    s.undo(); s.redo()
    rec = s.record()             # {"scenario", "seed", "players", "options", "actions"}: a share link
    engine.Session.from_record(rec)   # the same game, rebuilt by replaying the actions

Undo rebuilds the game by replay from the nearest checkpoint (a serialized state kept every
CHECKPOINT_EVERY actions), so it costs at most that many actions however long the game is.
"""

from .core.errors import IllegalAction, ScenarioError

CHECKPOINT_EVERY = 32
RECORD_KEYS = ("scenario", "seed", "players", "options", "actions")


class Session:
    def __init__(self, scenario: str, seed: int = 0, players: int = 2, options: dict | None = None,
                 catalog: dict | None = None):
        import engine

        self.game = engine.new_game(scenario, seed=seed, players=players, options=options, catalog=catalog)
        self.scenario, self.seed, self.players = scenario, seed, players
        self.options = dict(options) if options else {}
        self.actions: list[str] = []
        self.turn_events: list[list[dict]] = []   # the events of each action, in order
        self.redo_stack: list[str] = []
        self._checkpoints = {0: self.game.checkpoint()}

    @property
    def events(self) -> list[dict]:
        """Every event of the game so far, in order."""
        return [e for events in self.turn_events for e in events]

    def play(self, action_id: str) -> list[dict]:
        """Play one action (IllegalAction leaves everything as it was); forgets what undo could redo."""
        events = self._play(action_id)
        self.redo_stack = []
        return events

    def _play(self, action_id: str) -> list[dict]:
        events = self.game.play(action_id)
        self.actions.append(action_id)
        self.turn_events.append(events)
        if len(self.actions) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.actions)] = self.game.checkpoint()
        return events

    def undo(self) -> bool:
        """Take back the last action (False when there is none): the game is rebuilt by replay."""
        if not self.actions:
            return False
        last = self.actions[-1]
        self._rebuild(len(self.actions) - 1)
        self.redo_stack.append(last)
        return True

    def redo(self) -> list[dict] | None:
        """Play again the last action undone (None when there is none)."""
        if not self.redo_stack:
            return None
        return self._play(self.redo_stack.pop())

    def _rebuild(self, count: int) -> None:
        """The game after its first `count` actions, replayed from the nearest checkpoint before it."""
        replay = self.actions[:count]
        self._checkpoints = {n: data for n, data in self._checkpoints.items() if n <= count}
        at = max(self._checkpoints)
        self.game = self.game.from_checkpoint(self._checkpoints[at])
        del self.actions[at:]
        del self.turn_events[at:]
        for action_id in replay[at:]:
            self._play(action_id)

    def record(self) -> dict:
        """The inputs that rebuild this game: a share link's content (plain JSON)."""
        return {"scenario": self.scenario, "seed": self.seed, "players": self.players,
                "options": dict(self.options), "actions": list(self.actions)}

    @classmethod
    def from_record(cls, record: dict, catalog: dict | None = None) -> "Session":
        """The game a record describes, rebuilt by replaying its actions. A ScenarioError names the first
        action that is not legal where it stands (a record from another version of the rules)."""
        session, stopped = cls.replay(record, catalog)
        if stopped:
            n, action_id, why = stopped
            raise ScenarioError(f"action {n} of the record ({action_id!r:.60}) is not legal: {why}")
        return session

    @classmethod
    def replay(cls, record: dict, catalog: dict | None = None) -> tuple["Session", tuple | None]:
        """The game a record describes as far as its actions are legal, and where the replay stopped:
        (the action's number from 1, its id, why it is not legal), or None when every action was played.
        This is what a share link made by another version of the rules opens to.
        A record that is not one (unknown keys, actions that are not strings, a bad seed) is a
        ScenarioError."""
        if not isinstance(record, dict) or not isinstance(record.get("scenario"), str):
            raise ScenarioError(f"a record is a JSON object (a dict) with {', '.join(RECORD_KEYS)} (scenario "
                                f"required), got {record!r:.60}")
        unknown = sorted(set(record) - set(RECORD_KEYS))
        if unknown:
            raise ScenarioError(f"a record has the keys {', '.join(RECORD_KEYS)}, not {', '.join(unknown)}")
        actions = record.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ScenarioError("a record's actions are a list of action ids (strings)")
        options = record.get("options") or None
        if options is not None and not isinstance(options, dict):
            raise ScenarioError("a record's options are a JSON object (a dict) of setup choices")
        session = cls(record["scenario"], seed=record.get("seed", 0), players=record.get("players", 2),
                      options=options, catalog=catalog)
        for n, action_id in enumerate(actions, start=1):
            try:
                session.play(action_id)
            except IllegalAction as exc:
                return session, (n, action_id, str(exc))
        return session, None
