"""Deathmatch's computer seats ("Any seat may be a person or the computer"): the setup asks, for every seat
but the first (the person setting up), whether a person or the computer plays it; the computer chooses
inside `play`, so a call returns when a person must decide or the game is over.

The computer, a one-step greedy player over what its seat may see:
- its placements are left to chance ("place all the team's remaining pieces at random"), its BUGBUSTER is
  drawn at random from those free;
- any other decision: each legal action is played on one determinized copy of the game (`determinize`:
  the decks and the dice to come drawn anew, so it never reads a roll before it is made), seen through to
  the end of that action (`see_through`: its roll, the reactions to it), and the copy judged by `judge`;
  the best is taken, the first of equals in the engine's order.

`judge` is a Deathmatch position for a team, higher is better: the scores first, then the rival robot
carried towards the own base (or every character's way to it, the nearest's most), the own robot's danger,
the lives on both sides and a little for ammunition and reaction points. Distances are action points over
the board (the BUG pathing's moves: steps, turns, ladders and jumps, with gravity), counted from each
character's square and facing. Ruling #ruling-deathmatch."""

import heapq
import math

from ..core.actions import action
from .rules_base import Rules

FAR = 40  # the moves counted for a goal out of reach
CACHE_MAX = 256  # boards (solid tokens) and goal sets whose moves and distances a board's Context keeps
SETTLE_STEPS = 12  # choices played at most to see an action through (its roll, the reactions to it)
SETTLE_PREFERRED = ("attack:roll", "react:pass", "air:land")


class DeathmatchComputerRules(Rules):
    """The setup question and the computer's choices (game.py `advance` asks `computer_choice`)."""

    # ----- the setup question ----------------------------------------------------------------------------
    def choices_choose_player(self, state, task) -> list:
        seat = task["for"]
        who = f"Player {seat + 1} ({self.team_name(self.team_of(seat))})"
        return [
            action("player:person", f"{who}: a person at this device", 0, "player"),
            action("player:computer", f"{who}: the computer", 0, "player"),
        ]

    def choose_choose_player(self, state, task, chosen, events) -> None:
        if chosen["id"] == "player:computer":
            state["computer"].append(task["for"])

    def is_computer(self, state, seat) -> bool:
        return seat in (state.get("computer") or [])

    # ----- the computer's choices ---------------------------------------------------------------------------
    def advance(self, state, events) -> None:
        """Run the task queue; a decision of a computer seat is taken here (`computer_choice`) and the queue
        goes on."""
        while True:
            super().advance(state, events)
            if not state.get("computer") or state.get("outcome") is not None or self._choices is None:
                return
            _, task, options = self._choices
            if not self.is_computer(state, options[0]["seat"]):
                return
            chosen = self.computer_choice(state, options)
            self._choices = None
            state["tasks"].pop(0)
            getattr(self, "choose_" + task["t"])(state, task, chosen, events)
            self.after_task(state, events)

    def computer_choice(self, state, options) -> dict:
        """The legal action the computer takes for the seat to move (its draws from the game's generator)."""
        if len(options) == 1:
            return options[0]
        by_id = {a["id"]: a for a in options}
        task = state["tasks"][0]["t"]
        if task == "dm_place":
            return by_id.get("place:all") or by_id["place:random"]
        if task == "choose_bugbuster":
            return options[self.rand_below(state, len(options))]
        seat = options[0]["seat"]
        twin = self.determinize(seat, self.rand_below(state, 2**31))
        twin.state["computer"] = []  # in the copy, every seat is a decision
        twin.rebase()
        team = self.team_of(seat)
        best, best_value = options[0], -math.inf
        for option in options:
            copy = twin.copy()
            copy.play(option["id"])
            copy.see_through()
            value = copy.judge(copy.state, team)
            if value > best_value:
                best, best_value = option, value
        return best

    def see_through(self) -> None:
        """Play a copy on to the end of the action just taken: the attack rolled, reactions passed, a jump
        landed, anything else the first choice (at most SETTLE_STEPS choices)."""
        for _ in range(SETTLE_STEPS):
            state = self._state
            if state.get("outcome") is not None or not state["tasks"] or state["tasks"][0]["t"] == "act":
                return
            ids = [a["id"] for a in self.legal_actions()]
            if not ids:
                return
            self.play(next((i for i in SETTLE_PREFERRED if i in ids), ids[0]))

    # ----- judging a position ----------------------------------------------------------------------------
    def judge(self, state, team: int) -> float:
        """How good the position is for `team` (module docstring)."""
        dm = state.get("dm")
        if state.get("outcome") is not None:
            winners = state["outcome"].get("winners") or []
            return 0.0 if not winners else (1e6 if self.team_of(winners[0]) == team else -1e6)
        if not dm:
            return 0.0
        value = 1000.0 * (dm["scores"][team] - dm["scores"][1 - team])
        for side, sign in ((team, 1), (1 - team, -1)):
            value += sign * self.side_value(state, side)
        return value

    def side_value(self, state, team: int) -> float:
        chars = [self.char_of(state, b["seat"]) for b in state["busters"] if self.team_of(b["seat"]) == team]
        up = [c for c in chars if c["at"] is not None and c["lives"] > 0]
        rival = self.robot(state, 1 - team)
        value = 0.0
        carrier = state["chars"].get((rival or {}).get("carried_by") or "")
        if carrier is not None and self.team_of(carrier["seat"]) == team:
            value += 400 - 20 * self.moves_to(state, carrier, self.base_squares(team))
        elif rival is not None and rival.get("at") is not None and up:
            x, y = rival["at"]  # picked up from its square or the one beside it, facing it
            ways = sorted(self.moves_to(state, c, [[x, y], [x - 1, y], [x + 1, y]]) for c in up)
            value -= 15 * ways[0] + 4 * sum(ways[1:])  # the nearest most, the others on their way too
        own = self.robot(state, team)
        home = (state.get("dm") or {}).get("homes", {}).get(str(team))
        if own is not None and own.get("at") is not None and own["at"] != home and not own.get("carried_by"):
            value -= 40 + (2 * min(self.moves_to(state, c, [own["at"]]) for c in up) if up else FAR)
        for char in chars:
            buster = state["busters"][char["seat"]]
            value += 6 * max(char["lives"], 0) + 0.3 * buster["ammo"] + 0.2 * buster["reaction"]
        return value

    def moves_to(self, state, char, goals: list) -> int:
        """The fewest action points from `char`'s square and facing (a turn costs its point) to any of
        `goals` (FAR out of reach)."""
        if char.get("at") is None:
            return FAR
        x, y = char["at"]
        return self.distance_map(state, goals).get((x, y, char["facing"]), FAR)

    def distance_map(self, state, goals: list) -> dict:
        """{(x, y, facing): action points to the nearest of `goals`} over the BUG pathing's moves on the
        board as it stands (its solid tokens; who stands where is left out), by a Dijkstra backwards from
        the goals; the board's Context keeps them per solid tokens and goals (a decision judges many copies
        of one board)."""
        solid = tuple(
            sorted(tuple(t["at"]) for t in state["tokens"] if t.get("at") and self.solid(state, t["at"]))
        )
        key = (solid, tuple(sorted({tuple(g) for g in goals})))
        maps = self.ctx.__dict__.setdefault("dm_distances", {})  # the Context is one board's (game.py)
        found = maps.get(key)
        if found is not None:
            return found
        back = self.back_moves(state, solid)
        dist: dict = {}
        heap = [(0, (gx, gy, f)) for gx, gy in key[1] for f in ("left", "right")]
        heapq.heapify(heap)
        while heap:
            d, node = heapq.heappop(heap)
            if node in dist:
                continue
            dist[node] = d
            for prev, cost in back.get(node, ()):
                if prev not in dist:
                    heapq.heappush(heap, (d + cost, prev))
        if len(maps) > CACHE_MAX:
            maps.clear()
        maps[key] = dist
        return dist

    def back_moves(self, state, solid: tuple) -> dict:
        """node -> [(the node a move comes from, its cost)] for every square and facing of the board."""
        graphs = self.ctx.__dict__.setdefault("dm_moves", {})
        found = graphs.get(solid)
        if found is not None:
            return found
        walker = {"id": "-", "side": "npc", "kind": "-", "at": [0, 0], "facing": "right", "lives": 1}
        back: dict = {}
        for y in range(self.ctx.height):
            for x in range(self.ctx.width):
                if self.solid(state, [x, y]) or self.kind([x, y]) in ("void", "acid", "edge"):
                    continue
                walker["at"] = [x, y]
                for facing in ("left", "right"):
                    for _move, cost, to, to_facing in self.bug_moves(state, walker, [x, y], facing):
                        back.setdefault((to[0], to[1], to_facing), []).append(((x, y, facing), cost))
        if len(graphs) > CACHE_MAX:
            graphs.clear()
        graphs[solid] = back
        return back

    def progress(self, seat) -> float:
        """A Deathmatch not over, judged for `seat`'s team, from 0 to 1 (the bots' judge of a cut game)."""
        if not self.deathmatch():
            return super().progress(seat)
        return 1 / (1 + math.exp(-self.judge(self._state, self.team_of(seat)) / 300))
