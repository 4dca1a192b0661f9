"""The computer opponent (players=1: seat 1), which chooses inside `play`, and the bots' judge of an
unfinished duel (`progress`).

- `facil`: one-ply greedy: each legal action is played on a copy and the copy judged by `progress`; the
  best is chosen (the first of equals: the actions' own order).
- `normal`: a search over determinized games: in each of SAMPLES games drawn anew from what its seat sees
  (`game.determinize`: the rival's hand, the order of the Mazos), each legal action is played and the rest
  of the turn completed by the greedy policy; the action whose ends of turn `progress` judges best on
  average is chosen (a line that draws nothing is played in one world only: `lookahead`).

Both levels take the set-up choices alike: a ready deck drawn by the game's generator (when no option gives
one), the Hero whose element most of its Amigos share (an Ovnilio Hero counts half the Amigos with
an Especialidad), no RD.

Both search a determinized copy (what their seat cannot see drawn anew) in which no computer acts (every
seat is a decision), and only through the contract, so they use only what their seat may see; the seeds
are drawn from the game's own generator, so a duel is the same for the same seed and actions."""

import math

from .. import bots
from ..core.rng import Rng
from .rules_base import OVNILIO

SAMPLES = 2  # determinized games the normal level judges each action in
TURN_STEPS = 40  # greedy actions at most to finish a turn in a lookahead
SETUP_TASKS = ("choose_deck", "choose_hero", "new_hero", "redraw")


def choose(game, state) -> dict:
    """The legal action the computer (state["computer"]) takes now; its draws come from the game's own
    generator."""
    comp = state["computer"]
    chosen = decide(game, comp["seat"], comp["bot"] or "facil", lambda n: game.rand_below(state, n))
    return next(a for a in game._front_choices() if a["id"] == chosen)


def decide(game, seat, level: str, below) -> str:
    """The id of the legal action `level` (facil, normal) takes for `seat`, the seat to move; `below(n)`
    draws a whole number under n (the seeds of its determinized games, a ready deck)."""
    twin = game.determinize(seat, below(2**31))  # only what its seat sees
    twin.state["computer"] = None
    twin.rebase()
    legal = twin.legal_actions()
    task = twin.state["tasks"][0]["t"]
    if len(legal) == 1:
        return legal[0]["id"]
    if task == "choose_deck":
        return legal[below(len(legal))]["id"]
    if task in ("choose_hero", "new_hero"):
        return max(legal, key=lambda a: hero_fit(twin, twin.state, seat, a["id"].split(":", 1)[1]))["id"]
    if task == "redraw":
        return "rd:no" if "rd:no" in {a["id"] for a in legal} else "rd:confirmar"
    if level == "normal":
        return lookahead(twin, legal, below(2**31))
    return greedy(twin, legal)[0]


def hero_fit(game, state, seat, hero_id) -> float:
    """How many of the side's Amigos (wherever they are) a Hero helps: its element's, for an Elemental
    Hero; half those with an Especialidad, for an Ovnilio Hero."""
    side, cards = state["sides"][seat], game.ctx.cards
    pool = side["deck"] + side["hand"] + side["discard"] + [f["card"] for f in side["field"]]
    amigos = [cards[c] for c in pool if cards[c]["tipo"] == "amigo"]
    element = game.ctx.heroes[hero_id]["elemento"]
    if element == OVNILIO:
        return 0.5 * sum(1 for a in amigos if a.get("especialidad"))
    return sum(1 for a in amigos if a["elemento"] == element)


def greedy(twin, legal):
    """The greedy policy's action for the seat to move (the first of the best) and the copy it was judged
    in, the game that action leads to."""
    seat, best, best_value = twin.to_move, None, -1.0
    for action in legal:
        trial = twin.copy()
        trial.play(action["id"])
        value = bots.reward(trial, seat)
        if value > best_value + 1e-9:
            best, best_value = (action["id"], trial), value
    return best


def finish_turn(game, seat):
    """The game once the greedy policy has played for `seat` until the turn passes (or the game ends):
    each step goes on from the copy greedy judged its action in."""
    for _ in range(TURN_STEPS):
        if game.over or game.to_move != seat:
            break
        _, game = greedy(game, game.legal_actions())
    return game


def lookahead(twin, legal, seed: int) -> str:
    """The normal level: each action judged at the end of the turn, in SAMPLES determinized games. The
    worlds differ only in what the seat cannot see, and the rest of its turn reads none of it but the cards
    it draws (or searches for) from its Mazo: when the line of the first world takes no card from the Mazo,
    the other worlds are taken to play the same line to the same end, and not played."""
    seat, rng = twin.to_move, Rng.from_seed(seed)
    worlds = [twin.determinize(seat, rng.next64()) for _ in range(SAMPLES)]
    best, best_value = None, -1.0
    for action in legal:
        value = 0.0
        for n, world in enumerate(worlds):
            trial = world.copy()
            trial.play(action["id"])
            end = finish_turn(trial, seat)
            value += bots.reward(end, seat)
            if n == 0 and len(end.state["sides"][seat]["deck"]) == len(world.state["sides"][seat]["deck"]):
                value *= len(worlds)
                break
        if value > best_value + 1e-9:
            best, best_value = action["id"], value
    return best


def side_score(game, state, seat) -> float:
    """What a side holds: Heroes still to defeat and the Active Hero's Vida left, Amigos (Ataque, Defensa,
    Defensores), cards in hand and CFEs."""
    side, const = state["sides"][seat], game.ctx.const
    life = 10 * (const("victory_defeated_heroes") - len(side["defeated"]))
    if side["hero"]:
        life -= side["hero"]["damage"]
    board = sum(
        0.6 * (game.attack_of(f) + game.defense_of(f)) + 0.3 * game.is_defender(f) for f in side["field"]
    )
    return life + board + 0.4 * len(side["hand"]) + 0.5 * (side["prendidas"] + side["apagadas"])


def progress(game, state, seat) -> float:
    """How well the duel goes for `seat`, from 0 to 1 (0.5: even)."""
    diff = side_score(game, state, seat) - side_score(game, state, game.rival(seat))
    return 1 / (1 + math.exp(-diff / 6))
