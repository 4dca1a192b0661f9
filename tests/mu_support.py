"""Helpers for the Marvel United villain tests: the catalog, games past setup, situations, playouts."""

from pathlib import Path

from real_content import catalog

import engine

REPO = Path(__file__).resolve().parent.parent
MU = "marvel-united-promos"


def settle(game, events=None):
    """Answer the questions the Villain asks (BAM! targets, damage cards, pushes) with the first choice, until
    a Hero is asked to play a card (or the game is over); the events."""
    events = [] if events is None else events
    while game.legal_actions() and not any(a["kind"] == "play" for a in game.legal_actions()):
        events += game.play(game.legal_actions()[0]["id"])
    return events


def pick_setup(game) -> list:
    """Answer the setup questions (each seat's Hero, then the mode: the standard game; Absorbing Man's and
    Titania's optional Challenge: without it) with the first choice; the events."""
    events = []
    while game.legal_actions() and game.legal_actions()[0]["kind"] in ("hero", "mode", "challenge"):
        events += game.play(game.legal_actions()[0]["id"])
    return events


def new_game_past_setup(villain, players=2, seed=1, challenge=False):
    """A game of `villain` past setup (each seat takes the first Hero offered; the standard game; with the
    Dashboard's optional Challenge if `challenge`, Absorbing Man and Titania) and the Villain's first turn:
    seat 0 is asked to play a card."""
    game = engine.new_game(f"{MU}/{villain}", seed=seed, players=players, catalog=catalog())
    for _ in range(players):
        game.play(game.legal_actions()[0]["id"])
    if challenge:
        game.play(game.legal_actions()[0]["id"])  # the mode: the standard game
        game.play("challenge:yes")
    settle(game)
    return game


def run(game, *tasks):
    events = []
    game.push(game.state, *tasks)
    game.advance(game.state, events)
    return events


def villain_turn(game, card_id):
    """One Villain turn with `card_id` on top of the Master Plan deck; its events (questions unanswered)."""
    if card_id in game.state["plan_deck"]:
        game.state["plan_deck"].remove(card_id)
    game.state["plan_deck"].insert(0, card_id)
    return run(game, {"t": "villain_turn"})


def place(game, offsets):
    """Put seat n at the Location offsets[n] steps clockwise from the Villain; the ring from the Villain."""
    s = game.state
    for seat, off in enumerate(offsets):
        s["heroes"][seat]["pos"] = game.step(s, s["villain_pos"], off)
    return [game.step(s, s["villain_pos"], i) for i in range(6)]


def hands(game):
    return [len(h["hand"]) for h in game.state["heroes"]]


def ids(game) -> set:
    """The ids of the legal actions now."""
    return {a["id"] for a in game.legal_actions()}


def bam(game, cause="a test", settled=False) -> list:
    """The Dashboard's BAM! now (core-bam), run until the next question (`settled`: then the Villain's
    questions answered, see settle); its events."""
    events = []
    game.bam(game.state, events, cause)
    game.advance(game.state, events)
    return settle(game, events) if settled else events


def heroes_choose_who_is_hit(game, offered, chosen) -> None:
    """core-plan-effect: "When an effect hits '1 Hero' in a Location with several Heroes, the Heroes choose
    which": the Heroes there (`offered`, seats) are asked, `chosen` takes the hit, the Villain's other
    questions are answered."""
    assert ids(game) == {f"hit-target:{seat}" for seat in offered}
    game.play(f"hit-target:{chosen}")
    settle(game)


def kinds(events, kind):
    return [e for e in events if e["kind"] == kind]


def make_vulnerable(game):
    game.state["completed"] += ["rescue-civilians", "defeat-thugs"]


def random_playout(villain, seed, challenge=None, players=None):
    """Legal play of `villain` with `players` Heroes (default 2 to 4 by the seed; 1 is Commander Solo Mode)
    to the end; the game and its events. `challenge` True / False: the Dashboard's optional Challenge is
    added / not (None: a random choice)."""
    players = players or 2 + seed % 3
    game = engine.new_game(f"{MU}/{villain}", seed=seed, players=players, catalog=catalog())
    events = []
    step = 0
    while not game.over:
        legal = game.legal_actions()
        assert legal
        if challenge is not None and legal[0]["kind"] == "challenge":
            events += game.play("challenge:yes" if challenge else "challenge:no")
            continue
        events += game.play(legal[(seed * 7919 + step * 104729) % len(legal)]["id"])
        step += 1
        assert step < 5000
    return game, events
