"""Missions 3, 6 and 10 (the Boss Mech) as played from `engine.new_game`: each mission's setup in normal and
EZ-MODE, a playthrough, and random legal play (every game ends or stays playable, the Boss's pieces stay
consistent, every event's rule id resolves).

Source: "Mechs vs. Minions Rulebook", Missions 3, 6 and 10 (their Mission Setup, Boss Battle!, The Boss Is
Back, Final Form sections); the boards are adapted (content/mechs-vs-minions/tiles/m03-*, m06-*, m10-*)."""

import json
import random

import pytest
import real_content
from mvm_support import MVM, catalog

import engine

MISSIONS = {"mission-03": (10, 5), "mission-06": (2, 1), "mission-10": (10, 5)}


def start(mission, ez=False, players=2, seed=1):
    game = engine.new_game(f"{MVM}/{mission}", seed=seed, players=players, catalog=catalog())
    game.play("mode:ez" if ez else "mode:normal")
    return game


def through_setup(game):
    """Face the Boss down, place the Mechs on the first free starting spaces facing up."""
    while game.state["phase"] == "setup" and not game.over:
        legal = game.legal_actions()
        if not legal:
            break
        ids = [a["id"] for a in legal]
        pick = next((i for i in ids if i in ("boss:face:down", "face:up")), ids[0])
        game.play(pick)
    return game


@pytest.mark.parametrize("mission", sorted(MISSIONS))
@pytest.mark.parametrize("ez", [False, True])
def test_setup_sets_the_boss_health_from_the_doom_tracker(mission, ez):
    """M3 Boss Battle!: "Set its health at 10 on the Doom Tracker. ... EZ-MODE: Instead set the Boss's health to
    5."; M6 The Boss Is Back: "Set the Boss's health to 2 ... EZ-MODE: The Boss starts with only 1 health
    instead."; M10 Mission Setup: "the Boss Mech has 10 health. EZ-MODE: The Boss starts with 5 health
    instead." """
    game = start(mission, ez)
    health = MISSIONS[mission][1 if ez else 0]
    boss = game.state["boss"]
    assert boss["health"] == boss["max"] == health
    assert boss["pos"] == [2, 2] and game.view()["doom"]["value"] == health
    assert game.state["runes"] == {"red": True, "yellow": True, "blue": True, "green": True}
    # "Place the Boss Mech figure on the Boss Mech start location, facing any direction."
    assert {a["kind"] for a in game.legal_actions()} == {"boss-face"}
    assert all(s["cards"] == [] for s in boss["slots"]) and len(game.state["decks"]["boss"]) == 16


def test_mission_3_setup_pieces():
    """M3 Mission Setup: "Place Mechs on any Mech starting location, facing any direction. Place Minions
    according to the diagram." (the diagram is adapted: four Minions)"""
    game = through_setup(start("mission-03", players=4))
    assert sorted(tuple(m["pos"]) for m in game.state["mechs"]) == [(0, 11), (2, 11), (3, 11), (5, 11)]
    assert len(game.state["minions"]) == 4 and game.state["shards"] == []
    assert game.state["boss"]["facing"] == "down"


def test_mission_6_setup_pieces():
    """M6 Mission Setup: "Place a Crystal Shard on all four Repair Pads." and New Mechanic: Rune Gates: "For
    this Mission there's only one Rune Gate on the Game Board" """
    game = through_setup(start("mission-06"))
    board = game.ctx.board
    assert sorted(game.state["shards"]) == sorted(board.all_of("repair-pad")) and len(game.state["shards"]) == 4
    assert len(board.all_of("rune-gate")) == 1
    assert board.select({"zone": "magma-chamber-entrance"}) == [[x, 0] for x in range(6)]
    assert "cannot_be_killed" in game.ctx.play["boss"]


def test_mission_10_setup_pieces():
    """M10 Mission Setup: "Place Minions on all Rune Spaces and the Boss Mech according to the diagram. Place a
    Crystal Shard on all four Repair Pads." """
    game = through_setup(start("mission-10"))
    board = game.ctx.board
    assert sorted(game.state["minions"]) == sorted(board.all_of("rune-space"))
    assert sorted(game.state["shards"]) == sorted(board.all_of("repair-pad")) and len(game.state["shards"]) == 4
    assert game.view()["boss"]["super_shield"] is True
    # "moving through a Rune Gate turns the Rune Shield of the matching color back on": the board has gates
    assert board.all_of("rune-gate")


# ----- random legal play ------------------------------------------------------------------------------------
def invariants(game):
    s = game.state
    boss = s.get("boss")
    if boss is None:
        return
    body = [tuple(sq) for sq in game.boss_squares(boss)]
    assert all(game.ctx.board.on_board(sq) and not game.ctx.board.impassable(sq) for sq in body)
    mechs = [tuple(m["pos"]) for m in s["mechs"] if m["pos"] is not None]
    assert not set(body) & set(mechs), "a Mech never stands on the Boss"
    assert not set(body) & {tuple(m) for m in s["minions"]}, "a Minion never stands on the Boss"
    assert 0 <= boss["health"] <= boss["max"]
    cards = s["decks"]["boss"] + s["decks"]["boss_discard"] + (boss["draft"] or [])
    cards += [c for slot in boss["slots"] for c in slot["cards"]]
    assert len(cards) == 16, "Boss Cards are conserved"
    for slot in boss["slots"]:
        assert len(slot["cards"]) <= 3
        assert all(game.boss_card(c)["element"] == slot["element"] for c in slot["cards"])


def random_game(mission, seed, players=2, cap=3000, check=None, smart_boss=False):
    game = engine.new_game(f"{MVM}/{mission}", seed=seed, players=players, catalog=catalog())
    rng = random.Random(seed)
    events = []
    for _ in range(cap):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer a legal action"
        ids = [a["id"] for a in legal if a["id"] != "draft:timeout"] or [a["id"] for a in legal]
        if smart_boss and legal[0]["kind"] == "boss-pick":
            ids = [a["id"] for a in legal if "Doom Cannon" not in a["label"]] or ids
        events += game.play(rng.choice(ids))
        if check:
            check(game)
    json.dumps(game.view())
    return game, events


@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_random_games_end_or_stay_playable_and_keep_the_boss_consistent(mission):
    """Random legal play of each Boss mission never breaks a rule of the pieces and always offers a move."""
    for seed in range(30):
        game, _ = random_game(mission, seed, check=invariants)
        assert game.over or game.legal_actions()


@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_a_playthrough_reaches_the_danger_phase_and_ends(mission):
    """M3 Danger Phase: "Player Phase → Minion Phase → Danger Phase"; a team that never lets a slot reach
    3-Power still loses in the end when it cannot hurt the Boss (random play), by the Doom Cannon."""
    game, events = random_game(mission, 7, smart_boss=True)
    rules = {e["rule"] for e in events}
    assert {f"{MVM}/danger-phase", f"{MVM}/boss-command-line", f"{MVM}/boss-draft"} <= rules
    assert game.over and game.state["round"] >= 6


def test_every_boss_mission_event_names_a_rule_that_resolves():
    """DESIGN: every event names the rule that caused it, and the page links it to that paragraph."""
    from site_src.model.anchors import game_anchors

    content = real_content.content()
    anchors = {a.rule_id for g in content.games.values() for a in game_anchors(g)}
    seen = set()
    for mission in sorted(MISSIONS):
        for seed in range(10):
            _, events = random_game(mission, seed, players=1 + seed % 4, smart_boss=seed % 2 == 0)
            seen |= {e["rule"] for e in events}
    missing = sorted(seen - anchors)
    assert not missing, f"rule ids without an anchor: {missing}"
