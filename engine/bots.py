"""Bots: policies over the engine contract, so they play any game the engine knows.

    bot = engine.bots.make("search", seed=1, iterations=200)
    bot.choose(game)          # a legal action id for the seat to move (game.to_move)

- "random": a uniformly random legal action (from the bot's own seeded generator).
- "search": Monte Carlo tree search over information sets (single-observer ISMCTS, Cowling, Powley and
  Whitehouse 2012). Each iteration draws anew what the seat to move cannot see (`game.determinize`:
  other seats' hands, the order of the decks, the dice to come), walks the tree of action ids choosing
  by UCB1 among the actions legal in that draw, adds one node, plays random actions to the end (or
  `depth` actions), and backs the result up, worth DISCOUNT less for each action it took (a win now
  beats the same win later). The bot never reads what its seat may not see, and with an `iterations`
  budget the same seed gives the same choice (a `seconds` budget depends on the machine).

A result is scored per seat by `reward(game, seat)`: 1 for a win, 0.5 for a draw, 0 for a loss; a
competitive game's outcome names its `winner` seat (a game of teams, its `winners`); a game cut at `depth`
scores the game's `progress(seat)` (Game.progress, 0.5 unless the game says more).
"""

import math
import time

from .core.rng import Rng

KINDS = ("random", "search")
DISCOUNT = 0.995  # a result's worth is multiplied by this for every action of the line that reached it


def make(kind: str, seed: int = 0, **budget):
    """A bot of `kind` ("random" or "search"); `budget` is the search's iterations, seconds, depth and
    exploration (see SearchBot)."""
    if kind == "random":
        if budget:
            raise TypeError(f"a random bot takes no budget, got {', '.join(sorted(budget))}")
        return RandomBot(seed)
    if kind == "search":
        unknown = set(budget) - {"iterations", "seconds", "depth", "exploration"}
        if unknown:
            raise TypeError(f"a search bot's budget is iterations, seconds, depth, exploration; "
                            f"got {', '.join(sorted(unknown))}")
        return SearchBot(seed, **budget)
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r:.40}")


def reward(game, seat) -> float:
    """What the game's end (or its progress, when it is not over) is worth to `seat`, from 0 to 1."""
    outcome = game.outcome
    if outcome is None:
        return float(game.progress(seat))
    if "winners" in outcome:  # a game of teams: the winning team's seats, none for a draw
        return float(seat in outcome["winners"]) if outcome["winners"] else 0.5
    if "winner" in outcome:  # a competitive game: the winning seat, None for a draw
        return 0.5 if outcome["winner"] is None else float(outcome["winner"] == seat)
    return {"win": 1.0, "draw": 0.5}.get(outcome["result"], 0.0)


class RandomBot:
    def __init__(self, seed: int = 0):
        self.rng = Rng.from_seed(seed)

    def choose(self, game) -> str:
        legal = _legal_or_fail(game)
        return legal[self.rng.below(len(legal))]["id"]


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self):
        self.children: dict[str, _Node] = {}
        self.visits = 0      # times this action was taken in an iteration
        self.total = 0.0     # sum of the rewards, to the seat that took it
        self.available = 0   # times it was legal when its parent was visited (ISMCTS's UCB1 count)


class SearchBot:
    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 depth: int = 300, exploration: float = 0.7):
        if iterations is None and seconds is None:
            iterations = 100
        for name, value in (("iterations", iterations), ("depth", depth)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r:.40}")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise ValueError(f"seconds must be a positive number, got {seconds!r:.40}")
        self.seed, self.iterations, self.seconds = seed, iterations, seconds
        self.depth, self.exploration = depth, exploration

    def choose(self, game) -> str:
        legal = _legal_or_fail(game)
        if len(legal) == 1:
            return legal[0]["id"]
        seat, rng, root = game.to_move, Rng.from_seed(self.seed), _Node()
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        done = 0
        while (self.iterations is None or done < self.iterations) and \
                (deadline is None or time.monotonic() < deadline):
            self._iterate(game.determinize(seat, rng.next64()), root, rng)
            done += 1
        best = max(legal, key=lambda a: (root.children[a["id"]].visits, root.children[a["id"]].total)
                   if a["id"] in root.children else (-1, 0.0))
        return best["id"]

    def _iterate(self, game, root: _Node, rng: Rng) -> None:
        path, node, length = [], root, 0   # path: (node, seat that chose it)
        while not game.over:
            legal = game.legal_actions()
            for action in legal:
                if action["id"] in node.children:
                    node.children[action["id"]].available += 1
            fresh = [a["id"] for a in legal if a["id"] not in node.children]
            mover = game.to_move
            if fresh:
                action_id = fresh[rng.below(len(fresh))]
                child = node.children[action_id] = _Node()
                child.available = 1
                game.play(action_id)
                path.append((child, mover))
                length += 1
                break
            action_id = max((a["id"] for a in legal), key=lambda i: self._ucb(node.children[i]))
            node = node.children[action_id]
            game.play(action_id)
            path.append((node, mover))
            length += 1
        for _ in range(self.depth):
            if game.over:
                break
            legal = game.legal_actions()
            game.play(legal[rng.below(len(legal))]["id"])
            length += 1
        worth = DISCOUNT ** length
        for visited, mover in path:
            visited.visits += 1
            visited.total += reward(game, mover) * worth

    def _ucb(self, node: _Node) -> float:
        return node.total / node.visits + self.exploration * math.sqrt(math.log(node.available) / node.visits)


def _legal_or_fail(game) -> list[dict]:
    legal = game.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is no action to choose" if game.over
                         else "no legal action to choose")
    return legal
