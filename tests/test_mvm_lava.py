"""The Lava Wall and Mission 5's Repair Pad run, one test per rule; each docstring quotes the rulebook sentence
it checks, or says which decision of engine/mvm/lava.py (adapted: the instructions printed on the Lava Wall
piece are not in the source) it pins down.

Source: "Mechs vs. Minions Rulebook", the Field Guide (FG), Mission 5: Don't Panic (M5) and Mission 9: The
Great Escape (M9). Every test plays on a test-only Map Tile and scenario (mvm_support.tile_game, validated
against the content schemas); the wall starts next to the bottom edge and flows up."""

import copy

import pytest
from mvm_support import EXEC, LEGEND, MVM, OPEN, catalog, program, run, schema_errors, tile_game, tile_play

PROVENANCE = {"source": "tests/test_mvm_lava.py", "status": "adapted", "note": "Test-only."}
DANGER = [{"t": "danger_phase"}]
FAR = (5, 0, "up")  # a second Mech out of the way


def lava(**over):
    spec = {"edge": "bottom", "speed": 1, "speed_up_per_repair_pad": 1, "damage_per_space": 1,
            "moves_from_round": {"normal": 1, "ez": 1}, "rule": "m9-lava-up", "provenance": PROVENANCE}
    spec.update(over)
    return spec


def lava_game(rows, mechs, minions=(), bomb=None, escalations=(), losses=None, victory=None, spawn=None,
              movement=None, tasks=DANGER, **wall):
    play = tile_play()
    play["danger_phase"] = ["lava-wall"]
    play["lava_wall"] = lava(**wall)
    play["escalations"] = list(escalations)
    if bomb is not None:
        play["bomb"] = dict(bomb, provenance=PROVENANCE)
    if losses is not None:
        play["losses"] = losses
    if victory is not None:
        play["victory"] = victory
    if spawn is not None:
        play["minion_phase"]["spawn"] = spawn
    if movement is not None:
        play["minion_phase"]["movement"] = movement
    game = tile_game(rows, LEGEND, play, mechs, minions=minions, tasks=tasks)
    if bomb is not None and "visited" not in game.state["bomb"] and bomb.get("repair_pad_order"):
        game.state["bomb"]["visited"] = []
    return game


def damage_taken(game, seat):
    return len(game.state["mechs"][seat]["system"])  # the test Damage Deck holds only System damage


def covered_rows(game):
    return sorted({y for _, y in game.view()["lava_wall"]["covered"]})


# ----- setup and movement ---------------------------------------------------------------------------
def test_the_wall_starts_next_to_the_bottom_of_the_board_covering_nothing():
    """M5/M9 Mission Setup: "Locate the Lava Wall piece and place it next to the bottom of the Game Board."
    Adapted: it starts off the board, below the bottom row, and flows up."""
    game = lava_game(OPEN, [(2, 5, "up"), FAR], tasks=[])
    view = game.view()["lava_wall"]
    assert view == {"covered": [], "speed": 1, "active": True, "direction": "up"}


def test_the_wall_moves_its_speed_in_spaces_each_danger_phase():
    """FG Lava Wall: "The Lava Wall will move during the Danger Phase." M9 Lava Up!: "The Lava Wall moves 1
    space towards the Safety Zone during Danger Phase the very first Round!" """
    game = lava_game(OPEN, [(2, 0, "up"), FAR])
    events = run(game, [])
    assert covered_rows(game) == [5]
    assert any(e["text"] == "The Lava Wall flows 1 space up" and e["rule"] == f"{MVM}/lava-wall"
               for e in events)
    game = lava_game(OPEN, [(2, 0, "up"), FAR], speed=2)
    run(game, [])
    assert covered_rows(game) == [4, 5]


def test_the_wall_pushes_a_mech_forward_with_one_damage_per_space():
    """FG Lava Wall: "The Lava Wall pushes all Mechs and the Bomb forward and does 1 Damage to them for each
    space they are pushed." """
    game = lava_game(OPEN, [(2, 5, "left"), FAR], speed=2)
    events = run(game, [])
    mech = game.state["mechs"][0]
    assert mech["pos"] == [2, 3] and mech["facing"] == "left"  # pushed, not turned
    assert damage_taken(game, 0) == 2 and damage_taken(game, 1) == 0
    assert [e["text"] for e in events if e["kind"] == "push"] == [
        "The Lava Wall pushes Corki to c5", "The Lava Wall pushes Corki to c4"]


def test_a_mech_ahead_of_a_pushed_mech_is_pushed_too_and_damaged():
    """FG Lava Wall: "pushes all Mechs ... forward and does 1 Damage to them for each space they are pushed";
    FG Push: "pushes that object forward in the same direction, which could push another Mech or the Bomb".
    Adapted: every piece the wall moves, directly or through the line, takes the Damage."""
    game = lava_game(OPEN, [(2, 5, "up"), (2, 4, "up")])
    run(game, [])
    assert game.state["mechs"][0]["pos"] == [2, 4] and game.state["mechs"][1]["pos"] == [2, 3]
    assert damage_taken(game, 0) == 1 and damage_taken(game, 1) == 1


def test_mech_damage_comes_first_in_player_order_then_the_bomb():
    """FG Lava Wall: "When processing Lava Wall damage, first execute all player-drawn Damage Cards in player
    order and then move on to damaging other targets, such as the Bomb." """
    game = lava_game(OPEN, [(0, 5, "up"), (4, 5, "up")], bomb={"square": [2, 5], "health": 5})
    game.state["first"] = 1
    events = run(game, [])
    hurt = [(e.get("seat"), e["kind"]) for e in events
            if e["kind"] == "bomb" or (e["kind"] == "damage" and "draws" in e["text"])]
    assert hurt == [(1, "damage"), (0, "damage"), (None, "bomb")]
    assert game.state["bomb"]["pos"] == [2, 4] and game.state["bomb"]["health"] == 4


def test_the_wall_kills_the_minions_it_passes_over_as_minion_kills():
    """FG Lava Wall: "The Lava Wall instantly kills Minions if it passes over them. Count these on the Gear
    Tracker as Minion kills!" """
    game = lava_game(OPEN, [(2, 0, "up"), FAR], minions=[(1, 5), (3, 4), (4, 2)], speed=2)
    events = run(game, [])
    assert game.state["minions"] == [[4, 2]] and game.state["kills"] == 2
    kills = [e for e in events if e["kind"] == "kill"]
    assert len(kills) == 2 and all(e["rule"] == f"{MVM}/lava-wall" and "seat" not in e for e in kills)


def test_a_pushed_mech_stomps_the_minion_ahead():
    """FG Minions: "Minions will also die if a Mech stomps on them (moves into the same space)." A Mech the
    wall pushes moves onto the Minion's space."""
    game = lava_game(OPEN, [(2, 5, "up"), FAR], minions=[(2, 4)])
    run(game, [])
    assert game.state["minions"] == [] and game.state["kills"] == 1


def test_a_repair_pad_speeds_the_wall_up_from_the_next_danger_phase():
    """M9 Lava Up!: "Remember—whenever the Lava Wall flows over a Repair Pad, its speed permanently increases
    by 1". Adapted: the move under way keeps its length; two Repair Pads on one line count twice."""
    game = lava_game(["......"] * 4 + ["......", "P..P.."], [(2, 0, "up"), FAR])
    events = run(game, [])
    assert covered_rows(game) == [5] and game.state["lava"]["speed"] == 3
    assert sum("its speed is now" in e["text"] and e["rule"] == f"{MVM}/m9-lava-up" for e in events) == 2
    run(game, DANGER)
    assert covered_rows(game) == [2, 3, 4, 5]
    assert game.view()["trackers"]["lava_wall_speed"] == 3


def test_a_mech_pushed_onto_a_repair_pad_may_repair_first():
    """FG Repair Pad: "When a Mech moves onto a Repair Pad, whether by choice or by being pushed, towed, etc.,
    that player may immediately repair 1 Damage from their Mech." """
    game = lava_game(["......"] * 4 + ["..P...", "......"], [(2, 5, "up"), FAR])
    game.state["mechs"][0]["system"] = ["sticky-steering"]
    run(game, [])
    assert game.state["mechs"][0]["pos"] == [2, 4]
    assert [a["id"] for a in game.legal_actions()] == ["repair:system-sticky-steering", "repair:decline"]
    game.play("repair:system-sticky-steering")
    assert game.state["mechs"][0]["system"] == ["sticky-steering"]  # repaired one, then the lava's Damage


# ----- behind the wall ----------------------------------------------------------------------------------
def test_no_minion_spawns_behind_the_wall():
    """M5 Minion Spawn: "Roll the Rune Die and spawn Minions on all Rune Spaces of that color. Do not spawn
    Minions behind the Lava Wall." """
    game = lava_game(["r.....", *OPEN[1:5], "r....r"], [(2, 0, "up"), FAR],
                     spawn={"kind": "rolled-rune-spaces", "rule": "m5-keep-calm-and-push-on"}, speed=1)
    run(game, [])
    game.state["rune_roll"] = "red"
    run(game, [{"t": "minion_spawn"}])
    assert game.state["minions"] == [[0, 0]]


def test_a_mech_cannot_move_into_the_lava():
    """Adapted: the squares behind the wall are lava; a Mech (or the Bomb) cannot enter them, as if blocked by
    a Massive Boulder."""
    game = lava_game(OPEN, [(2, 3, "down"), FAR], speed=2)
    run(game, [])
    program(game, 0, 1, "skewer")
    events = run(game, [EXEC[0]])
    assert game.state["mechs"][0]["pos"] == [2, 3]
    assert "Corki is blocked by the Lava Wall" in [e["text"] for e in events]


def test_minions_do_not_move_into_the_lava():
    """FG Minions: "Minions can never move into an occupied space ... or move off the board." Adapted: nor
    into the lava behind the wall."""
    game = lava_game(OPEN, [(2, 0, "up"), FAR], minions=[(1, 4)],
                     movement={"by": "rune-die", "spaces": 1, "rule": "minion-phase"})
    run(game, [])
    game.state["rune_roll"] = "blue"  # down, toward the lava
    run(game, [{"t": "minion_move"}])
    assert game.state["minions"] == [[1, 4]]


def test_a_piece_the_wall_cannot_push_is_engulfed_and_burns_while_in_the_lava():
    """Adapted: a Mech the wall cannot push (a Massive Boulder, the board's edge) stays, the lava flows over
    it and it takes the Damage as if pushed, again for each further space the wall advances; it may walk out."""
    game = lava_game(["......"] * 4 + ["..X...", "......"], [(2, 5, "up"), FAR])
    events = run(game, [])
    assert game.state["mechs"][0]["pos"] == [2, 5] and damage_taken(game, 0) == 1
    assert any("cannot be pushed (a Massive Boulder is in the way)" in e["text"] for e in events)
    run(game, DANGER)
    assert damage_taken(game, 0) == 2 and covered_rows(game) == [4, 5]
    game.state["mechs"][0]["facing"] = "right"
    program(game, 0, 1, "skewer")
    run(game, [EXEC[0]])
    assert game.state["mechs"][0]["pos"] == [2, 5]  # the next space is lava too


def test_the_wall_that_covers_the_whole_board_stops():
    """Adapted: the wall stops at the far edge of the Game Board."""
    game = lava_game(OPEN, [(0, 0, "up"), FAR], speed=8)
    events = run(game, [])
    assert covered_rows(game) == [0, 1, 2, 3, 4, 5]
    assert "The Lava Wall has covered the whole Game Board" in [e["text"] for e in events]


# ----- when it flows ------------------------------------------------------------------------------------
def test_the_wall_waits_for_its_round():
    """M9 Lava Up! EZ-MODE: "The Lava Wall starts moving during Danger Phase at the end of the third Round
    instead." (`moves_from_round`: the first Round whose Danger Phase moves it.)"""
    game = lava_game(OPEN, [(2, 0, "up"), FAR], moves_from_round={"normal": 3})
    game.state["round"] = 2
    events = run(game, [])
    assert covered_rows(game) == [] and game.view()["lava_wall"]["active"] is False
    assert "The Lava Wall is not flowing yet" in [e["text"] for e in events]
    game.state["round"] = 3
    events = run(game, DANGER)
    assert covered_rows(game) == [5]
    assert "The Lava Wall starts to flow!" in [e["text"] for e in events]


def test_without_a_round_for_the_mode_only_an_escalation_starts_it():
    """M5 Escalation: "EZ-MODE: Instead, the Lava Wall doesn't start flowing until the Bomb is moved onto the
    second Repair Pad." """
    pads = ["P.....", "P.....", "......", "P.....", "......", "......"]
    esc = {"id": "lava-wall-ez", "trigger": "bomb-visits-repair-pads", "count": 2, "mode": "ez",
           "then": [{"set": {"lava_wall_active": True}}], "rule": "m5-escalation"}
    game = lava_game(pads, [(0, 5, "up"), FAR], moves_from_round={"normal": 3}, escalations=[esc],
                     bomb={"square": [0, 4], "health": 5, "repair_pad_order": [[0, 3], [0, 1], [0, 0]]},
                     tasks=[EXEC[0], {"t": "danger_phase"}])
    game.state["ez"], game.state["round"] = True, 9
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.state["bomb"]["visited"] == [[0, 3]] and covered_rows(game) == []
    program(game, 0, 1, "skewer", "skewer")
    events = run(game, [EXEC[0], {"t": "danger_phase"}])
    assert game.state["bomb"]["pos"] == [0, 1] and game.state["escalated"] == ["lava-wall-ez"]
    assert "The Lava Wall is active: it moves in every Danger Phase" in [e["text"] for e in events]
    assert covered_rows(game) == [5]


# ----- Mission 5: the Bomb on the Repair Pads in order -------------------------------------------------------
ORDER_PADS = ["......", "..P...", "......", "..P...", "......", "......"]
M5_LOSSES = [
    {"all": [{"kind": "bomb-destroyed"}], "text": "If the Bomb reaches zero health, it explodes.",
     "rule": "m5-liquid-hot-magma"},
    {"all": [{"kind": "lava-covers-unvisited-repair-pad"}],
     "text": "If the Lava Wall flows over a Repair Pad before the Bomb is successfully moved onto it (making it "
             "impossible to stabilize the Bomb), the Bomb explodes.", "rule": "m5-liquid-hot-magma"}]
M5_WIN = {"all": [{"kind": "bomb-visited-repair-pads-in-order"}], "rule": "m5-congratulations",
          "text": "Push or Tow the Bomb over all Repair Pads in order without it being reduced to zero health."}


def m5_game(order, bomb_square=(2, 4), mech=(2, 5, "up"), health=5, tasks=(), **wall):
    return lava_game(ORDER_PADS, [mech, FAR], losses=M5_LOSSES, victory=M5_WIN, tasks=list(tasks),
                     bomb={"square": list(bomb_square), "health": health, "repair_pad_heals": 1,
                           "repair_pad_order": order}, **wall)


def test_the_bomb_must_reach_the_repair_pads_in_order():
    """M5 Mission Setup: "MISSION OBJECTIVE: Stabilize the Bomb by pushing or towing it onto all 3 remaining
    Repair Pads in order from closest to farthest away." Adapted: a pad reached out of turn does not count."""
    game = m5_game([[2, 1], [2, 3]])
    program(game, 0, 1, "skewer")
    events = run(game, [EXEC[0]])
    assert game.state["bomb"]["pos"] == [2, 3] and game.state["bomb"]["visited"] == []
    assert any("out of order" in e["text"] for e in events)
    assert game.view()["trackers"]["bomb_repair_pads"] == "0 of 2"


def test_the_mission_is_won_the_moment_the_bomb_reached_every_pad_in_order():
    """M5 Congratulations: "Push or Tow the Bomb over all Repair Pads in order without it being reduced to zero
    health. The moment the Bomb is stabilized, your team can race away from the Lava and your Mission is
    Complete!" """
    game = m5_game([[2, 3], [2, 1]])
    for n in (1, 2):
        program(game, 0, n, "skewer")
    run(game, [EXEC[0]])
    assert game.state["bomb"]["visited"] == [[2, 3]] and not game.over
    run(game, [EXEC[1]])
    assert game.state["bomb"]["pos"] == [2, 2] and not game.over
    program(game, 0, 3, "skewer")
    events = run(game, [EXEC[2]])
    assert game.state["bomb"]["visited"] == [[2, 3], [2, 1]]
    assert game.over and game.outcome["result"] == "win"
    assert events[-1]["rule"] == f"{MVM}/m5-congratulations"


def test_the_bomb_heals_on_each_repair_pad_up_to_its_maximum():
    """M5 Mission Setup: "When a Bomb is moved onto a Repair Pad, increase its health by 1." "The Bomb can be
    healed multiple times per round, but cannot exceed it's maximum health of 5." """
    game = m5_game([[2, 3], [2, 1]])
    game.state["bomb"]["health"] = 4
    program(game, 0, 1, "skewer")
    run(game, [EXEC[0]])
    assert game.state["bomb"]["health"] == 5
    program(game, 0, 2, "skewer")
    program(game, 0, 3, "skewer")
    run(game, [EXEC[1], EXEC[2]])
    assert game.state["bomb"]["health"] == 5 and game.over


def test_the_lava_flowing_over_an_unvisited_repair_pad_is_a_loss():
    """M5 Liquid Hot Magma: "If the Lava Wall flows over a Repair Pad before the Bomb is successfully moved onto
    it (making it impossible to stabilize the Bomb), the Bomb explodes." """
    game = m5_game([[2, 3], [2, 1]], bomb_square=(4, 1), mech=(0, 0, "up"), tasks=DANGER, speed=3)
    events = run(game, [])
    assert game.over and game.outcome["result"] == "loss"
    assert events[-1]["rule"] == f"{MVM}/m5-liquid-hot-magma" and "Repair Pad" in events[-1]["text"]


def test_the_lava_flowing_over_a_visited_repair_pad_only_speeds_it_up():
    """M5 Liquid Hot Magma: the loss is for a pad "before the Bomb is successfully moved onto it"; M9 Lava Up!:
    "whenever the Lava Wall flows over a Repair Pad, its speed permanently increases by 1"."""
    game = m5_game([[2, 3], [2, 1]], bomb_square=(2, 0), mech=(0, 0, "up"), tasks=DANGER, speed=3)
    game.state["bomb"]["visited"] = [[2, 3]]
    run(game, [])
    assert not game.over and game.state["lava"]["speed"] == 4


def test_the_bomb_pushed_onto_the_next_pad_by_the_lava_counts():
    """M5 Escalation/Liquid Hot Magma speak of the Bomb being "moved onto" a Repair Pad. Adapted: a push by the
    Lava Wall moves it onto the pad as well as a Mech's."""
    game = m5_game([[2, 3], [2, 1]], bomb_square=(2, 4), mech=(0, 0, "up"), tasks=DANGER, speed=3)
    game.state["bomb"]["health"] = 3
    run(game, [])  # healed on the pad at once, its 2 Damage from the lava after the move
    assert game.state["bomb"]["visited"] == [[2, 3]] and game.state["bomb"]["pos"] == [2, 2]
    assert game.state["bomb"]["health"] == 3 + 1 - 2 and game.state["lava"]["speed"] == 4 and not game.over


def test_the_bomb_pushed_to_zero_by_the_lava_explodes():
    """M5 Liquid Hot Magma: "If the Bomb reaches zero health, it explodes." FG Lava Wall: the Bomb takes 1
    Damage for each space it is pushed."""
    game = m5_game([[2, 3], [2, 1]], bomb_square=(4, 5), mech=(0, 0, "up"), health=1, tasks=DANGER)
    events = run(game, [])
    assert game.state["bomb"]["health"] == 0
    assert game.over and game.outcome["result"] == "loss" and events[-1]["rule"] == f"{MVM}/m5-liquid-hot-magma"


# ----- Mission 9: the Lava Wall pushes a Mech --------------------------------------------------------------
M9_LOSS = [{"all": [{"kind": "lava-pushes-mech"}], "rule": "m9-it-burrrrrrrns",
            "text": "If the Lava Wall pushes any Mech, it instantly melts into a ball of red hot sorrow and your "
                    "team loses! Leave no Yordle behind!"}]
M9_WIN = {"all": [{"kind": "all-mechs-in-zone", "zone": "safety-zone"}], "rule": "m9-congratulations",
          "text": "If all Mechs are simultaneously standing in the Safety Zone before the Lava Wall arrives, your "
                  "Mission is complete!"}


def test_in_mission_9_the_lava_pushing_a_mech_is_an_instant_loss():
    """M9 Lava Up!: "In this Mission, if the Lava Wall pushes a Mech during Danger Phase, it is instantly
    obliterated. Your entire team loses!" """
    game = lava_game(OPEN, [(3, 5, "up"), FAR], losses=M9_LOSS)
    events = run(game, [])
    assert game.over and game.outcome["result"] == "loss"
    assert events[-1]["rule"] == f"{MVM}/m9-it-burrrrrrrns"


def test_the_loss_ends_the_walls_move_at_once():
    """M9 Lava Up!: "if the Lava Wall pushes a Mech during Danger Phase, it is instantly obliterated." The wall
    stops with the first space that pushes a Mech."""
    game = lava_game(OPEN, [(3, 5, "up"), FAR], losses=M9_LOSS, speed=3)
    run(game, [])
    assert game.over and game.state["lava"]["advanced"] == 1


def test_in_mission_9_a_wall_that_reaches_no_mech_is_no_loss():
    """M9 It Burrrrrrrns...: "If the Lava Wall pushes any Mech ... your team loses!" — only then."""
    game = lava_game(OPEN, [(3, 3, "up"), FAR], losses=M9_LOSS, minions=[(0, 5)])
    run(game, [])
    assert not game.over and game.state["kills"] == 1


def test_in_mission_9_all_mechs_in_the_safety_zone_win():
    """M9 Congratulations: "If all Mechs are simultaneously standing in the Safety Zone before the Lava Wall
    arrives, your Mission is complete!" """
    game = lava_game(["ZZZZZZ", "......", *OPEN[2:]], [(2, 1, "up"), (5, 0, "up")], losses=M9_LOSS,
                     victory=M9_WIN, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert game.over and game.outcome["result"] == "win" and events[-1]["rule"] == f"{MVM}/m9-congratulations"


# ----- the data --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [
    {"edge": "middle"},
    {"speed": 0},
    {"moves_from_round": {"hard": 2}},
    {"moves_from_round": {}},
    {"pace": 3},
])
def test_the_schema_rejects_lava_walls_the_engine_does_not_know(bad):
    """The `play` block is strict: a Lava Wall rule the engine does not implement is a content error."""
    scenario = copy.deepcopy(catalog()["games"][MVM]["scenarios"]["mission-00"])
    scenario["play"]["lava_wall"] = lava(**bad)
    assert schema_errors("scenario", scenario)
    scenario["play"]["lava_wall"] = lava()
    assert not schema_errors("scenario", scenario)


def test_the_view_draws_the_wall_as_the_page_expects():
    """View contract: view["lava_wall"] = {"covered": [[x, y], ...], "speed": n, "active": bool,
    "direction": "up|down|left|right"}."""
    game = lava_game(OPEN, [(2, 0, "up"), FAR], speed=2, edge="left")
    run(game, [])
    view = game.view()["lava_wall"]
    assert view["direction"] == "right" and view["active"] is True and view["speed"] == 2
    assert sorted(view["covered"]) == sorted([x, y] for x in (0, 1) for y in range(6))
