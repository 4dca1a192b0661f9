"""Record a scripted game of a scenario that reaches a win (or a loss), for tests/test_mvm_scripted.py.

    .venv/bin/python tests/games/record.py mechs-vs-minions/mission-01 --want win \
        --score tests/games/score_bomb.py:mission_01 [--players 2] [--seed 1] [--ez] [--time 600]

A game of Mechs vs. Minions is deterministic once its seed and its action ids are fixed (the dice and
the decks draw from the generator kept in the state), so the whole team's play is a search problem:
from the current position, play `--rollouts` random continuations of `--depth` decisions, keep the one
that scores best (the score function you name, plus a large bonus for reaching `--want` and a large
penalty for the other ending), play the first half of it for real, and repeat until the game ends.
When the game ends the wrong way, try the next seed. The result, written to
tests/games/<scenario id>-<want>[-ez].json, holds only inputs (scenario, seed, players, action ids);
the test replays them through the engine and checks the ending, so the engine's rules — not this
search — decide the outcome.

Marvel United villains are recorded the same way (`marvel-united-promos/<villain>`, `--mode`, score
tests/games/score_mu.py:progress) into tests/games/mu/<villain>-<want>-<n>p.json, and POWERUP Story
missions (`powerup/<mission>`, score tests/games/score_powerup.py:progress, policy
tests/games/score_powerup.py:busy_squad, `--pick bugbuster:tor,bugbuster:mac` for the squad) into
tests/games/powerup/<mission>-<want>-<n>p.json (tests/test_powerup_scripted.py), and hero TCG duels
(`heroes-tcg/duelo`, score tests/games/score_tcg.py:seat_0 for a win, :seat_1 for a loss: seat 1 wins)
into tests/games/tcg/duelo-<want>-2p.json (tests/test_tcg_recorded.py).

A score module defines `def <name>(game) -> float` (higher is closer to the wanted ending), for example
minus the Bomb's distance to the Repair Pad. Random continuations never send `draft:timeout` (the
Minuteglass) so recorded games use real picks.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))

import engine  # noqa: E402

BIG = 1e9
MU = "marvel-united-promos"
# the games whose recordings live in a folder of their own, named <scenario>-<want>-<n>p
FOLDERS = {MU: "mu", "powerup": "powerup", "heroes-tcg": "tcg"}


def load_score(spec: str):
    path, _, name = spec.partition(":")
    module_spec = importlib.util.spec_from_file_location(Path(path).stem, REPO / path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return getattr(module, name)


def choices(game) -> list[str]:
    ids = [a["id"] for a in game.legal_actions()]
    return [i for i in ids if i != "draft:timeout"] or ids


# Marvel United: a random team that ends its turns with actions left wastes a third of its symbols, so
# rollouts end a turn only when nothing else is offered or, now and then, by chance.
BUSY = {"end-turn": 0.1}


POLICY = None  # --policy module:function(game, ids, rng) -> an action id (or None: a random one)


def pick(game, rng) -> str:
    ids = choices(game)
    if POLICY is not None:
        chosen = POLICY(game, ids, rng)
        if chosen is not None:
            return chosen
    busy = [i for i in ids if i not in BUSY]
    if busy and len(busy) < len(ids) and rng.random() >= max(BUSY[i] for i in ids if i in BUSY):
        return rng.choice(busy)
    return rng.choice(ids)


def value(game, want: str, score) -> float:
    if game.over:
        return BIG if game.outcome["result"] == want else -BIG
    return score(game)


def rollout(game, rng, depth, want, score, forced=lambda game: None):
    """Play up to `depth` random decisions from the game's position, on a copy of the game.
    Returns (best value reached, the actions that reach it — at least one action)."""
    game = game.copy()
    played, best, best_at = [], None, 1
    for _ in range(depth):
        if game.over:
            break
        action = forced(game) or pick(game, rng)  # the mode is never searched
        game.play(action)
        played.append(action)
        v = value(game, want, score)
        if best is None or v > best:
            best, best_at = v, len(played)
    return (best if best is not None else value(game, want, score)), played[:best_at]


PICKS: list[str] = []  # --pick: setup answers played, in order, as soon as each is offered (never searched)
BOT = ["normal"]  # --bot: the hero TCG computer's level at players=1 (never searched)


def mode_choice(game, ez: bool, mode: str | None, challenge: bool = False):
    """The mode action to play now, if the game asks for its mode: Mechs vs. Minions' normal or EZ-MODE
    (--ez), Marvel United's standard game or Super Villain mode (--mode) and its optional Challenge
    (--challenge; Absorbing Man, Titania); POWERUP's mission alone, never its Story campaign; the next of
    the --pick answers (POWERUP's BUGBUSTERs and
    professions, `bugbuster:<id>`, `profession:<id>`) once the game offers it; the hero TCG computer's level
    (--bot) at players=1; None otherwise."""
    ids = choices(game)
    if PICKS and game.state.get("turn", 1) == 0:  # POWERUP: the squad is chosen before turn 1
        kind = {i.split(":")[0] for i in ids}
        pending = [p for p in PICKS if p.split(":")[0] in kind]
        taken = _taken(game)
        pending = [p for p in pending if p not in taken]
        if pending and pending[0] in ids:
            return pending[0]
    if "mode:normal" in ids:
        return "mode:ez" if ez else "mode:normal"
    if "mode:standard" in ids:
        return f"mode:{mode or 'standard'}"
    if "challenge:no" in ids:
        return "challenge:yes" if challenge else "challenge:no"
    if f"bot:{BOT[0]}" in ids:  # the hero TCG against the computer: its level
        return f"bot:{BOT[0]}"
    if "campaign:no" in ids:  # POWERUP: the mission alone (the Story campaign plays every mission on)
        return "campaign:no"
    return None


def _taken(game) -> set:
    """POWERUP: the BUGBUSTERs and professions already chosen (their pick is not offered again)."""
    taken = set()
    for buster in game.state.get("busters", []):
        taken.add(f"bugbuster:{buster.get('kind')}")
        if buster.get("profession"):
            taken.add(f"profession:{buster['profession']}")
    return taken


def round_of(game):
    """The round (Mechs vs. Minions, Marvel United), turn (POWERUP) or turn number (the hero TCG) reached."""
    turn = game.state.get("round", game.state.get("turn"))
    return turn["number"] if isinstance(turn, dict) else turn


def search(scenario, want, score, players, seed, ez, rollouts, depth, max_actions, deadline, log, mode=None,
           challenge=False):
    game = engine.new_game(scenario, seed=seed, players=players)
    rng = random.Random(seed)
    actions = []
    while not game.over and len(actions) < max_actions and time.monotonic() < deadline:
        fixed = mode_choice(game, ez, mode, challenge)
        if fixed:  # the mode is the recording's setting, never searched
            game.play(fixed)
            actions.append(fixed)
            continue
        lines = [rollout(game, random.Random(rng.random()), depth, want, score,
                         lambda g: mode_choice(g, ez, mode, challenge)) for _ in range(rollouts)]
        _, line = max(lines, key=lambda vl: vl[0])
        for action in line[: max(1, depth // 2)]:
            game.play(action)
            actions.append(action)
            if len(actions) % 100 == 0:
                log(f"  {len(actions)} actions, round {round_of(game)}, "
                    f"score {value(game, want, score):.1f}")
    return game, actions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario")
    parser.add_argument("--want", choices=["win", "loss"], required=True)
    parser.add_argument("--score", required=True, help="path/to/module.py:function")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ez", action="store_true", help="choose EZ-MODE")
    parser.add_argument("--policy", default=None,
                        help="path/to/module.py:function choosing rollout actions (default: random)")
    parser.add_argument("--mode", choices=["standard", "super-villain"], default=None,
                        help="Marvel United: the game mode (default standard)")
    parser.add_argument("--challenge", action="store_true",
                        help="Marvel United: add the Dashboard's optional Challenge (default: without it)")
    parser.add_argument("--bot", choices=["facil", "normal"], default="normal",
                        help="the hero TCG at --players 1: the computer's level (default normal)")
    parser.add_argument("--pick", default="",
                        help="POWERUP: comma-separated setup answers, e.g. bugbuster:tor,bugbuster:mac")
    parser.add_argument("--tag", default="",
                        help="a word in the file name and the record beside the ending (mistress: a person "
                             "played the BUGMISTRESS)")
    parser.add_argument("--rollouts", type=int, default=12)
    parser.add_argument("--depth", type=int, default=30)
    parser.add_argument("--max-actions", type=int, default=4000)
    parser.add_argument("--time", type=float, default=600, help="give up after this many seconds")
    parser.add_argument("--tries", type=int, default=20, help="seeds to try")
    args = parser.parse_args(argv)
    score = load_score(args.score)
    global POLICY
    POLICY = load_score(args.policy) if args.policy else None
    PICKS[:] = [p for p in args.pick.split(",") if p]
    BOT[0] = args.bot
    deadline = time.monotonic() + args.time
    for seed in range(args.seed, args.seed + args.tries):
        print(f"seed {seed} ...", flush=True)
        game, actions = search(args.scenario, args.want, score, args.players, seed, args.ez, args.rollouts,
                               args.depth, args.max_actions, deadline, lambda m: print(m, flush=True),
                               args.mode, args.challenge)
        if game.over and game.outcome["result"] == args.want:
            game_id, _, scenario_id = args.scenario.partition("/")
            name = scenario_id + f"-{args.want}" + ("-ez" if args.ez else "")
            name += f"-{args.tag}" if args.tag else ""
            name += f"-{args.players}p" if game_id in FOLDERS else ""
            # Marvel United: tests/test_mu_scripted.py; POWERUP: tests/test_powerup_scripted.py;
            # the hero TCG: tests/test_tcg_recorded.py
            folder = HERE / FOLDERS[game_id] if game_id in FOLDERS else HERE
            folder.mkdir(exist_ok=True)
            out = folder / f"{name}.json"
            out.write_text(json.dumps({
                "scenario": args.scenario, "seed": seed, "players": args.players, "want": args.want,
                **({"tag": args.tag} if args.tag else {}),
                "reason": game.outcome["reason"], "rounds": round_of(game),
                "recorded_with": "tests/games/record.py " + " ".join(argv or sys.argv[1:]),
                "actions": actions}, indent=1) + "\n")
            print(f"wrote {out.relative_to(REPO)}: {len(actions)} actions, "
                  f"round {round_of(game)}")
            return 0
        print(f"seed {seed}: ended {game.outcome} after {len(actions)} actions")
        if time.monotonic() > deadline:
            break
    print("no game found")
    return 1


if __name__ == "__main__":
    sys.exit(main())
