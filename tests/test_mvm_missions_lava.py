"""Missions 5 (Don't Panic) and 9 (The Great Escape) as shipped: their setup in normal mode and EZ-MODE, the
`play` block agreeing with the transcribed `mission` block, and random games that end or stay playable with
every event's rule id resolving to a rules anchor."""

import json
import random

import pytest
import real_content
from mvm_support import MVM, catalog

import engine

M5, M9 = f"{MVM}/mission-05", f"{MVM}/mission-09"


def scenario(sid):
    return catalog()["games"][MVM]["scenarios"][sid.split("/")[1]]


def set_up(sid, mode, players=2, seed=3):
    """A game played through its setup (the EZ-MODE choice, then the first legal choice each time)."""
    game = engine.new_game(sid, seed=seed, players=players, catalog=catalog())
    game.play(f"mode:{mode}")
    while game.state["phase"] == "setup":
        game.play(game.legal_actions()[0]["id"])
    return game


def line_from_bottom(game, square):
    return game.ctx.board.height - 1 - square[1]


# ----- Mission 5 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["normal", "ez"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_mission_5_setup(mode, players):
    """M5 Mission Setup: "Place Mechs on any Mech starting location", "Locate the Lava Wall piece and place it
    next to the bottom of the Game Board", "Place the Bomb next to the Mechs as shown.", "Start the Bomb's
    health at 5 using the Doom Tracker." (no EZ-MODE health: the EZ-MODE changes only the Lava Wall)."""
    game = set_up(M5, mode, players)
    state, board = game.state, game.ctx.board
    assert state["ez"] is (mode == "ez") and state["phase"] == "draft" and state["round"] == 1
    bomb = state["bomb"]
    assert bomb["health"] == bomb["max"] == 5 and bomb["visited"] == []
    assert any(abs(bomb["pos"][0] - x) + abs(bomb["pos"][1] - y) == 1
               for x, y in board.all_of("mech-start")), "the Bomb starts next to the Mechs' starting locations"
    assert all(board.kind(m["pos"]) == "mech-start" for m in state["mechs"])
    view = game.view()
    assert view["lava_wall"] == {"covered": [], "speed": 1, "active": False, "direction": "up"}
    assert view["trackers"]["bomb_repair_pads"] == "0 of 3" and view["ez"] is (mode == "ez")
    assert sorted(map(tuple, state["minions"])) == sorted(
        map(tuple, scenario(M5)["play"]["setup_minions"]["squares"]))
    assert state["timed_draft"] and state["draft"]["needed"] == 2 * players  # a timed Double Draft


def test_mission_5_has_three_repair_pads_in_order_from_closest_to_farthest():
    """M5 Mission Setup: "MISSION OBJECTIVE: Stabilize the Bomb by pushing or towing it onto all 3 remaining
    Repair Pads in order from closest to farthest away." """
    play = scenario(M5)["play"]
    game = set_up(M5, "normal")
    order = play["bomb"]["repair_pad_order"]
    assert sorted(order) == sorted(game.ctx.board.all_of("repair-pad")) and len(order) == 3
    start = play["bomb"]["square"]
    distances = [abs(p[0] - start[0]) + abs(p[1] - start[1]) for p in order]
    assert distances == sorted(distances) and len(set(distances)) == 3
    lines = [line_from_bottom(game, p) for p in order]
    assert lines == sorted(lines) and line_from_bottom(game, start) < lines[0]


def test_mission_5_play_agrees_with_the_transcribed_mission():
    """The `play` block the engine reads says what the `mission` block transcribes (same numbers)."""
    sc = scenario(M5)
    play, mission = sc["play"], sc["mission"]
    assert play["bomb"]["health"] == mission["doom_tracker"]["start"] == mission["doom_tracker"]["max"]
    assert "ez_health" not in play["bomb"]
    assert play["bomb"]["repair_pad_heals"] == mission["bomb"]["heal_on_repair_pad"]
    assert play["lava_wall"]["moves_from_round"] == {"normal": mission["danger_phase"]["lava_wall"]["first_round"]}
    assert play["lava_wall"]["damage_per_space"] == mission["danger_phase"]["lava_wall"]["damage_per_space"]
    assert play["minion_phase"]["movement"]["spaces"] == mission["minion_phase"]["movement"]["spaces"]
    assert play["minion_phase"]["movement"]["prefer"] == mission["minion_phase"]["movement"]["prefer"]
    assert play["minion_phase"]["attack"]["targets"] == mission["minion_phase"]["attack"]["targets"]
    [ez] = play["escalations"]
    assert (ez["mode"], ez["trigger"], ez["count"]) == ("ez", "bomb-visits-repair-pads", 2)
    assert len(play["bomb"]["repair_pad_order"]) == mission["win"]["count"]


def test_mission_5_the_lava_flows_from_the_danger_phase_of_round_3_in_normal_mode():
    """M5 Escalation: "At the end of the third Round, the Lava Wall becomes active and moves with each Danger
    Phase!" — read as the Danger Phase that ends Round 3. "EZ-MODE: Instead, the Lava Wall doesn't start
    flowing until the Bomb is moved onto the second Repair Pad." """
    for mode, flowing in (("normal", [False, False, True, True]), ("ez", [False] * 4)):
        game = set_up(M5, mode)
        seen = []
        for rnd in range(1, 5):
            game.state["round"] = rnd
            seen.append(game.lava_active(game.state))
        assert seen == flowing, mode


# ----- Mission 9 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["normal", "ez"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_mission_9_setup(mode, players):
    """M9 Mission Setup: "Place Mechs on any Mech starting location", "Locate the Lava Wall piece and place it
    next to the bottom of the Game Board." Lava Up!: "The Lava Wall moves 1 space towards the Safety Zone
    during Danger Phase the very first Round! ... EZ-MODE: The Lava Wall starts moving during Danger Phase at
    the end of the third Round instead." """
    game = set_up(M9, mode, players)
    state = game.state
    assert state["bomb"] is None and state["phase"] == "draft"
    view = game.view()
    assert view["lava_wall"] == {"covered": [], "speed": 1, "active": mode == "normal", "direction": "up"}
    assert all(game.ctx.board.kind(m["pos"]) == "mech-start" for m in state["mechs"])
    first_move = {"normal": 1, "ez": 3}[mode]
    for rnd in range(1, 5):
        state["round"] = rnd
        assert game.lava_active(state) is (rnd >= first_move)


def test_mission_9_the_safety_zone_lies_at_the_far_end_from_the_lava():
    """M9: "All Mechs must stay ahead of the Lava Wall and reach the Safety Zone to escape!" "The Lava Wall
    moves 1 space towards the Safety Zone"."""
    game = set_up(M9, "normal")
    board = game.ctx.board
    zone = board.select({"zone": "safety-zone"})
    starts = board.all_of("mech-start")
    assert len(zone) >= 4 and len(starts) == 4
    assert min(line_from_bottom(game, z) for z in zone) > max(line_from_bottom(game, s) for s in starts)
    assert min(line_from_bottom(game, s) for s in starts) >= 1  # the first Danger Phase reaches no Mech


def test_mission_9_play_agrees_with_the_transcribed_mission():
    sc = scenario(M9)
    play, wall = sc["play"], sc["mission"]["danger_phase"]["lava_wall"]
    assert play["lava_wall"]["moves_from_round"] == {"normal": wall["first_round"], "ez": wall["ez_first_round"]}
    assert play["lava_wall"]["speed"] == wall["spaces"]
    assert play["lava_wall"]["speed_up_per_repair_pad"] == wall["speed_up_over_repair_pad"]
    assert play["minion_phase"]["movement"] == {"by": "rune-die", "spaces": 2, "rule": "m9-minion-madness"}
    assert [c["kind"] for loss in play["losses"] for c in loss["all"]] == ["lava-pushes-mech"]
    assert play["victory"]["all"] == [{"kind": "all-mechs-in-zone", "zone": "safety-zone"}]


def test_mission_9_standing_still_loses_in_the_third_danger_phase():
    """M9 Lava Up!: "Get moving ASAP!" and It Burrrrrrrns...: "If the Lava Wall pushes any Mech, it instantly
    melts into a ball of red hot sorrow and your team loses!" — Mechs left on the starting row are pushed
    when the wall reaches their row (our board: the third row from the bottom)."""
    game = set_up(M9, "normal", players=1)
    game.state["mechs"][0]["slots"] = [{"cards": [], "damage": None, "shields": 0} for _ in range(6)]
    rounds = 0
    while not game.over:
        legal = game.legal_actions()
        scrap = [a for a in legal if a["id"].startswith("scrap:") and a["id"].count(":") == 1]
        game.play((scrap or legal)[0]["id"])
        rounds = game.state["round"]
    assert game.outcome["result"] == "loss" and rounds == 3
    assert game.outcome["reason"].startswith("If the Lava Wall pushes any Mech")


# ----- random games ----------------------------------------------------------------------------------------
def anchors():
    from site_src.model.anchors import game_anchors

    content = real_content.content()
    return {a.rule_id for g in content.games.values() for a in game_anchors(g)}


@pytest.mark.parametrize("sid", [M5, M9])
def test_random_games_end_or_stay_playable_and_every_rule_resolves(sid):
    """30 random games of 2 players (both modes, ~3000 actions at most): no exception, the lava never holds a
    Minion, the wall never recedes nor slows, and every event names a rule that resolves to a rules anchor;
    in normal mode (the wall flows from a fixed Round) every game ends."""
    known = anchors()
    seen, results = set(), []
    for seed in range(30):
        game = engine.new_game(sid, seed=seed, players=2, catalog=catalog())
        rnd = random.Random(seed)
        advanced = speed = 0
        for _ in range(3000):
            if game.over:
                break
            legal = game.legal_actions()
            assert legal, "a game that is not over offers a legal action"
            for e in game.play(rnd.choice(legal)["id"]):
                seen.add(e["rule"])
            lava = game.state["lava"]
            assert lava["advanced"] >= advanced and lava["speed"] >= speed
            advanced, speed = lava["advanced"], lava["speed"]
            assert not any(game.lava_covered(game.state, m) for m in game.state["minions"])
        json.dumps(game.view())
        if not game.state["ez"]:
            assert game.over, f"seed {seed}: a normal-mode game ends"
        results.append((game.outcome or {}).get("result"))
    missing = sorted(seen - known)
    assert not missing, f"rule ids without an anchor: {missing}"
    assert any(r is not None for r in results)
