"""Engine fuzzing (issue 7): random games of every scenario engine.scenarios() offers, mixing legal and
illegal action ids.

Every Mechs vs. Minions mission and every Marvel United villain is played with every player count the engine
accepts (found by asking engine.new_game: Marvel United's 1, Commander Solo Mode, and Knull's 5 and 6
included) and both answers to the mode question where the game asks it (Marvel United: the standard game /
Super Villain mode; Mechs vs. Minions: normal / EZ-MODE). At each step a seeded driver either plays a random
legal action or tries illegal ids: hostile strings, ids of other action kinds and of the other game, ids
that were legal in an earlier state, very long ids, unicode look-alikes, values that are not strings. It
checks that

- an illegal id raises engine.IllegalAction (and nothing else) and leaves the snapshot identical;
- a legal action raises nothing, and the game's invariants (tests/invariants.py) hold after it; drawing it
  (view) is JSON and changes nothing, checked every VIEW_EVERY legal actions and at the end (drawing costs
  as much as playing; test_contract.py checks the views of its games at their sampled steps too);
- a game that is not over offers a legal action (games end or stay playable), each with its own id;
- now and then, the state is plain JSON and a twin restored from its snapshot (as the page keeps it) is the
  same game: the driver goes on with the twin.

Budget: one game per (scenario, player count, mode) in the normal suite (a few hundred games). Set
TABLETOME_FUZZ_GAMES to the total number of games wanted (e.g. TABLETOME_FUZZ_GAMES=5000: thousands of
games, spread evenly over the configurations) and TABLETOME_FUZZ_SEED to explore other games than the
default seed's. A failure names the scenario, players, mode and seed: `fuzz_game(...)` with those replays it.
"""

import functools
import json
import math
import os
import random
import zlib

import pytest
from invariants import check
from mu_support import catalog
from playout import dump, player_counts

import engine

GAMES = int(os.environ.get("TABLETOME_FUZZ_GAMES", "0"))
SEED = int(os.environ.get("TABLETOME_FUZZ_SEED", "0"))
MAX_STEPS = 4000  # legal actions per game at most (random games end in a few hundred)
ILLEGAL_RATE = 0.3  # share of steps that draw the game and try illegal ids first
RESTORE_RATE = 0.03  # share of steps that go on with a twin restored from the snapshot as JSON
VIEW_EVERY = 7  # legal actions between two checks of the view
SCENARIOS = engine.scenarios(catalog())

HOSTILE = [
    "", " ", "\x00", "\n", "None", "null", "undefined", "true", "0", "-1", "1e309", "NaN", "[]", "{}",
    "__class__", "__init__", "choose_", "choices_pick_hero", "../../../../etc/passwd",
    "C:\\Windows\\system32",
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'; DROP TABLE games; --", "%s%s%n",
    "{0.__class__}", "${jndi:ldap://x}", "javascript:alert(1)", "#/seed=1&actions=end-turn",
    "\u202eevil", "\ud800", "\U0001f4a5", "ｅｎｄ-ｔｕｒｎ", "end\u200b-turn", "end-turn\x00", "END-TURN",
    "mode:", ":", "::::", "x" * 100_000, "\u00e9" * 10_000,
]
NOT_STRINGS = [None, 0, 1.5, True, b"end-turn", ("end-turn",), ["end-turn"], {"id": "end-turn"}, object()]


@functools.cache
def configurations() -> dict[str, list[tuple[int, int]]]:
    """scenario -> [(players, mode)]: mode is the index of the answer to the mode question (0, 1); a game
    that asks none (its OPTIONS have no `mode`: POWERUP, the TCG) is played once per player count."""
    return {s: [(p, mode) for p in player_counts(s, catalog()) for mode in modes(s)] for s in SCENARIOS}


def modes(scenario: str) -> tuple[int, ...]:
    game = engine.new_game(scenario, seed=1, players=player_counts(scenario, catalog())[0], catalog=catalog())
    return (0, 1) if "mode" in type(game).OPTIONS else (0,)


def games_per_configuration() -> int:
    total = sum(len(c) for c in configurations().values())
    return max(1, math.ceil(GAMES / total)) if GAMES else 1


@functools.cache
def foreign_ids() -> tuple[str, ...]:
    """Ids of every kind the two games offer: those met in one seeded legal game of a mission and of a
    villain (each game's fuzzing tries the other's, and its own of other kinds and states)."""
    seen = []
    for scenario in ("mechs-vs-minions/mission-03", "marvel-united-promos/knull"):
        game = engine.new_game(scenario, seed=1, players=2, catalog=catalog())
        rng = random.Random(1)
        while not game.over:
            legal = [a["id"] for a in game.legal_actions()]
            seen += [i for i in legal if i not in seen]
            game.play(rng.choice(legal))
    return tuple(seen)


def illegal_ids(rng: random.Random, legal: list[str], earlier: list[str]) -> list:
    """A few ids to try now, most of them surely not legal (the driver skips any that is)."""
    pick = rng.choice(legal)
    mutations = [pick + " ", " " + pick, pick.upper(), pick + ":0", pick[:-1], pick + "\u200b", pick * 1000,
                 pick.replace(":", "\uff1a"), pick.replace("-", "\u2010"), pick.encode(), pick + "\x00"]
    sources = [HOSTILE, NOT_STRINGS, mutations, foreign_ids(), earlier or HOSTILE]
    return [rng.choice(rng.choice(sources)) for _ in range(rng.randint(1, 3))]


def fuzz_game(scenario: str, players: int, mode: int, seed: int) -> dict:
    """One game: legal actions chosen at random (the mode question answered by `mode`), illegal ids tried at
    about ILLEGAL_RATE of the steps; the counts of legal and illegal tries and whether the game ended."""
    game = engine.new_game(scenario, seed=seed, players=players, catalog=catalog())
    rng = random.Random(seed)
    earlier: list[str] = []  # ids that were legal in an earlier state
    stats = {"legal": 0, "illegal": 0, "over": False}
    check(game)
    while not game.over and stats["legal"] < MAX_STEPS:
        actions = game.legal_actions()
        legal = [a["id"] for a in actions]
        assert legal, "a game that is not over must offer a legal action"
        assert len(set(legal)) == len(legal), "each legal action has its own id"
        if rng.random() < RESTORE_RATE:  # the page keeps the game as JSON and restores it (undo, reload)
            state = game.snapshot()["state"]
            assert state == json.loads(json.dumps(state)), "the state is plain JSON"
            twin = engine.restore(json.loads(dump(game)), catalog=catalog())
            assert dump(twin) == dump(game) and twin.legal_actions() == game.legal_actions()
            game = twin
        if rng.random() < ILLEGAL_RATE:
            before = dump(game)
            for bad in illegal_ids(rng, legal, earlier):
                if isinstance(bad, str) and bad in legal:
                    continue
                try:
                    game.play(bad)
                except engine.IllegalAction:
                    pass
                else:
                    raise AssertionError(f"the illegal id {bad!r:.80} was accepted")
                stats["illegal"] += 1
                assert dump(game) == before, f"the illegal id {bad!r:.80} changed the game"
        mode_question = {a["kind"] for a in actions} == {"mode"}
        action = legal[mode] if mode_question else rng.choice(legal)
        game.play(action)
        stats["legal"] += 1
        if rng.random() < 0.05 or len(earlier) < 50:
            earlier.append(action)
        check(game, view=stats["legal"] % VIEW_EVERY == 0 or game.over)
    stats["over"] = game.over
    return stats


def game_seed(scenario: str, players: int, mode: int, n: int) -> int:
    return zlib.crc32(f"{SEED}|{scenario}|{players}|{mode}|{n}".encode())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_with_illegal_ids_keep_the_rules(scenario):
    """Every configuration of the scenario: illegal ids raise IllegalAction and change nothing, legal play
    raises nothing and keeps the invariants, and each game ends or still offers a legal action."""
    legal = illegal = games = 0
    unfinished = []
    for players, mode in configurations()[scenario]:
        for n in range(games_per_configuration()):
            seed = game_seed(scenario, players, mode, n)
            try:
                stats = fuzz_game(scenario, players, mode, seed)
            except Exception as error:
                raise AssertionError(f"fuzz_game({scenario!r}, players={players}, mode={mode}, seed={seed}): "
                                     f"{type(error).__name__}: {error}") from error
            legal, illegal, games = legal + stats["legal"], illegal + stats["illegal"], games + 1
            if not stats["over"]:
                unfinished.append(f"players={players}, mode={mode}, seed={seed}")
    assert legal > games * 20 and illegal > games * 5, "the games are long enough to mean something"
    assert not unfinished, f"random games end within {MAX_STEPS} legal actions; these did not: {unfinished}"


def test_every_scenario_player_count_and_mode_is_fuzzed():
    """The driver covers Mechs vs. Minions Missions 0-10 and the 19 Marvel United villains, each with every
    player count the engine accepts: Marvel United from Commander Solo Mode (1) up, Knull up to 6."""
    mvm = [s for s in SCENARIOS if s.startswith("mechs-vs-minions/")]
    mu = [s for s in SCENARIOS if s.startswith("marvel-united-promos/")]
    assert len(mvm) == 11 and len(mu) == 19
    counts = {s: sorted({p for p, _ in c}) for s, c in configurations().items()}
    assert all(counts[s] == [1, 2, 3, 4] for s in mvm)
    assert counts["marvel-united-promos/knull"] == [1, 2, 3, 4, 5, 6]
    assert all(counts[s][0] == 1 for s in mu)


@pytest.mark.parametrize("scenario", ["mechs-vs-minions/mission-01", "marvel-united-promos/klaw"])
def test_ids_that_are_not_strings_or_are_huge_are_refused_plainly(scenario):
    """Engine contract (core/game.py): an id that is not a legal action raises IllegalAction and nothing
    else. A list or a dict (a hostile shared link's actions parsed from JSON) once raised TypeError, and a
    huge id was echoed whole in the error message."""
    game = engine.new_game(scenario, seed=1, players=2, catalog=catalog())
    before = dump(game)
    legal = game.legal_actions()[0]["id"]
    for bad in ([legal], {"id": legal}, {legal}, None, 7, legal.encode()):
        with pytest.raises(engine.IllegalAction):
            game.play(bad)
    with pytest.raises(engine.IllegalAction) as refused:
        game.play("x" * 100_000)
    assert len(str(refused.value)) < 200
    assert dump(game) == before
