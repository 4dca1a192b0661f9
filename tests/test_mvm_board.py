"""Mechs vs. Minions board features, one test per rule; each docstring quotes the rulebook sentence it checks.

Source: "Mechs vs. Minions Rulebook", The Master Mech-anic: A Field Guide & Textbook (FG). Every test
plays on a test-only Map Tile and scenario built here from the compiled catalog (both validated against
the content schemas), so every square kind and number the engine uses comes from data."""

from mvm_support import (
    EXEC,
    LEGEND,
    OPEN,
    ids,
    program,
    run,
    slot,
    texts,
    tile_game,
    tile_play,
)


def board_game(rows, mechs, minions=(), bomb=None, compass=None, players=2, tasks=(), seed=1):
    """A game on a test Map Tile drawn as `rows`, Mechs placed as [(x, y, facing), ...], the queue `tasks`.

    `bomb` is the scenario's `play.bomb` block (square, health, ...); `compass` points every Rune Die
    colour the same way, so Minion movement is deterministic."""
    play = tile_play()
    if bomb is not None:
        play["bomb"] = dict(bomb, provenance={"source": "tests/test_mvm_board.py", "status": "adapted",
                                              "note": "Test-only Bomb."})
    if compass is not None:
        play["compass"]["directions"] = {c: compass for c in play["compass"]["directions"]}
    return tile_game(rows, LEGEND, play, mechs, minions=minions, players=players, tasks=tasks, seed=seed)


def pos(game, seat):
    return tuple(game.state["mechs"][seat]["pos"])


def damage_count(game, seat):
    mech = game.state["mechs"][seat]
    return len(mech["system"]) + sum(1 for sl in mech["slots"] if sl["damage"])


# ----- Repair Pad -------------------------------------------------------------------------------------
def test_repair_pad_offers_one_repair_of_slot_or_system_damage():
    """FG Repair Pad: "When a Mech moves onto a Repair Pad ... that player may immediately repair 1 Damage from their Mech." """
    game = board_game(["..P...", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    slot(game, 0, 3)["damage"] = "stuck-controls-left"
    game.state["mechs"][0]["system"] = ["sticky-steering"]
    run(game, [])
    assert pos(game, 0) == (2, 0)
    assert ids(game) == ["repair:slot-3", "repair:system-sticky-steering", "repair:decline"]
    assert game.view()["prompt"].endswith("Repair Pad?")
    game.play("repair:slot-3")
    assert slot(game, 0, 3)["damage"] is None and game.state["mechs"][0]["system"] == ["sticky-steering"]
    assert game.state["decks"]["damage_discard"] == ["stuck-controls-left"]
    assert "repair" not in [a["kind"] for a in game.legal_actions()]  # one repair per visit


def test_repair_pad_works_when_pushed_and_is_not_offered_without_damage():
    """FG Repair Pad: "whether by choice or by being pushed, towed, etc., that player may immediately repair" """
    game = board_game(["..P...", *OPEN[1:]], [(0, 0, "right"), (1, 0, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    game.state["mechs"][1]["system"] = ["sticky-steering"]
    run(game, [])
    assert pos(game, 1) == (2, 0)
    assert game.to_move == 1 and ids(game) == ["repair:system-sticky-steering", "repair:decline"]
    game.play("repair:decline")
    assert game.state["mechs"][1]["system"] == ["sticky-steering"]
    # an undamaged Mech moving onto a Repair Pad is asked nothing
    game2 = board_game(["..P...", *OPEN[1:]], [(1, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game2, 0, 1, "skewer")
    run(game2, [])
    assert pos(game2, 0) == (2, 0) and game2.legal_actions() == []


def test_repair_pad_repairs_again_after_stepping_off_and_back_on():
    """FG Repair Pad: "This can happen multiple times in a single turn, by stepping off and back onto the Repair Pad." """
    game = board_game([".P....", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], tasks=EXEC[:4])
    program(game, 0, 1, "skewer")
    program(game, 0, 2, "skewer")
    program(game, 0, 3, "memory-core", "memory-core")
    program(game, 0, 4, "skewer")
    game.state["mechs"][0]["system"] = ["sticky-steering", "sticky-steering"]
    run(game, [])
    game.play("repair:system-sticky-steering")
    game.play("turn:around")
    assert pos(game, 0) == (1, 0) and ids(game)[0] == "repair:system-sticky-steering"
    game.play("repair:system-sticky-steering")
    assert game.state["mechs"][0]["system"] == []


# ----- Oil Slick ----------------------------------------------------------------------------------------
def test_mech_on_oil_slick_slides_to_the_edge_stomping_minions():
    """FG Oil Slick: "When a Mech ... moves onto an Oil Slick, it keeps moving in the same direction until it collides with ... the edge of the board. A Mech or Bomb will stomp Minions along the way" """
    game = board_game([".OOOOO", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], minions=[(3, 0)],
                      tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert pos(game, 0) == (5, 0) and game.state["minions"] == [] and game.state["kills"] == 1
    assert any(e["rule"] == "mechs-vs-minions/oil-slick" for e in events)


def test_oil_slick_slide_ends_where_the_piece_steps_off_the_oil():
    """M1 Oil Slicks: "it keeps moving in the same direction until it collides with a wall or obstacle (including other Mechs or Bombs), steps off the Oil Slick, or reaches the edge of the Game Board." (The Field Guide's entry leaves out "steps off the Oil Slick"; the engine follows the fuller sentence.)"""
    game = board_game([".OO...", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 0) == (3, 0)


def test_oil_slick_slide_stops_at_a_mech_without_pushing_it_and_ends_the_move():
    """FG Oil Slick: "it keeps moving in the same direction until it collides with a wall, obstacle (including other Mechs or Bombs)" """
    game = board_game([".OOO..", *OPEN[1:]], [(0, 0, "right"), (4, 0, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")  # 2 Moves: the collision ends the move (movement.py)
    run(game, [])
    assert pos(game, 0) == (3, 0) and pos(game, 1) == (4, 0)


def test_pushed_mech_slides_on_an_oil_slick():
    """FG Push: "An object pushed onto an Oil Slick slides as normal." """
    game = board_game(["..OOOO", *OPEN[1:]], [(0, 0, "right"), (1, 0, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 0) == (1, 0) and pos(game, 1) == (5, 0)
    assert game.state["mechs"][1]["facing"] == "down"


def test_minions_slide_on_oil_slicks_and_are_blocked_by_minions():
    """FG Oil Slick: "When a ... Minion ... moves onto an Oil Slick, it keeps moving in the same direction until it collides ... but Minions are blocked by other Minions." M1: "... steps off the Oil Slick" """
    rows = ["......", ".OOO..", "......", ".OOO..", *OPEN[4:]]
    game = board_game(rows, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 1), (0, 3), (4, 3), (5, 3)],
                      compass="right", tasks=[{"t": "minion_move"}])
    run(game, [])
    # row 2: slides over the oil and stops on the first space off it; row 4: blocked by a Minion on the oil
    assert sorted(game.state["minions"]) == [[3, 3], [4, 1], [4, 3], [5, 3]]


# ----- Massive Boulders ------------------------------------------------------------------------------------
def test_massive_boulders_block_mechs_pushes_and_minions():
    """FG Massive Boulders: "Massive Boulders are unpassable terrain ... They block Mech, Minion, and Boss movement" and Push: "The Mech cannot push an object into a Massive Boulder" """
    rows = ["..X...", "....X.", *OPEN[2:]]
    game = board_game(rows, [(0, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")  # 2 Moves, blocked after 1
    events = run(game, [])
    assert pos(game, 0) == (1, 0) and any("Massive Boulder" in t for t in texts(events))
    game2 = board_game(rows, [(2, 1, "right"), (3, 1, "up")], tasks=[EXEC[0]])
    program(game2, 0, 1, "skewer")  # the pushed Mech would enter the boulder: nothing moves
    run(game2, [])
    assert pos(game2, 0) == (2, 1) and pos(game2, 1) == (3, 1)
    game3 = board_game(rows, [(0, 5, "left"), (5, 5, "up")], minions=[(4, 2), (0, 3)], compass="up",
                       tasks=[{"t": "minion_move"}])
    run(game3, [])
    assert sorted(game3.state["minions"]) == [[0, 2], [4, 2]]


def test_massive_boulders_block_ripsaw():
    """FG Massive Boulders: "They ... block Ripsaw Attack Commands, just like the edges of the Game Board." """
    game = board_game(["..X...", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], minions=[(4, 0)],
                      tasks=[EXEC[0]])
    program(game, 0, 1, "ripsaw")
    run(game, [])
    assert game.state["minions"] == [[4, 0]]


# ----- Lava Pools ---------------------------------------------------------------------------------------------
def test_lava_pool_stops_the_mech_and_deals_one_damage():
    """FG Lava Pool: "Whenever a Mech steps onto a Lava Pool space, it immediately stops moving, even if the Move Command could go farther" "A Mech instantly takes 1 Damage for stepping into a Lava Pool." """
    game = board_game([".L....", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer", "skewer")
    events = run(game, [])
    assert pos(game, 0) == (1, 0) and damage_count(game, 0) == 1
    assert any(e["rule"] == "mechs-vs-minions/lava-pool" for e in events)
    assert any("from a Lava Pool" in t for t in texts(events))


def test_lava_pool_damage_can_be_answered_by_the_fuel_tank():
    """FG Fuel Tank: "If—and only if—you are about to take damage (... or even from hazards like Lava Pools or Spike Walls), you may choose to immediately detonate your Fuel Tank." """
    game = board_game([".L....", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    program(game, 0, 4, "fuel-tank")
    run(game, [])
    assert ids(game) == ["damage:take", "fuel-tank:detonate:slot-4"]


def test_pushed_mech_takes_one_damage_on_a_lava_pool():
    """FG Push: "If a Mech or the Bomb is pushed into a Spike Wall or onto a Lava Pool, it will also take 1 Damage." """
    game = board_game(["..L...", *OPEN[1:]], [(0, 0, "right"), (1, 0, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 1) == (2, 0) and damage_count(game, 1) == 1 and damage_count(game, 0) == 0


# ----- Spike Walls -----------------------------------------------------------------------------------------------
def test_spike_wall_damages_a_mech_that_moves_into_it_and_it_stays():
    """FG Spike Walls: "Whenever a Mech moves into a Spike Wall as a result of any kind of movement (Command Cards, Damage Cards or being pushed), it is damaged (draw a Damage Card)." """
    game = board_game(["..<...", "..<...", *OPEN[2:]], [(0, 0, "right"), (3, 1, "left")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    events = run(game, [])
    assert pos(game, 0) == (1, 0) and damage_count(game, 0) == 1
    assert any(e["rule"] == "mechs-vs-minions/spike-walls" for e in events)
    # the boulder's right side has no Spike Wall: Tristana is only blocked
    program(game, 1, 1, "skewer")
    run(game, [{"t": "exec_slot", "seat": 1, "slot": 1}])
    assert pos(game, 1) == (3, 1) and damage_count(game, 1) == 0


def test_mech_pushed_into_a_spike_wall_takes_damage_and_nothing_moves():
    """FG Push: "If a Mech or the Bomb is pushed into a Spike Wall ... it will also take 1 Damage." and "If any piece cannot be moved forward, either due to impassable terrain ... then the movement doesn't happen." """
    game = board_game(["..<...", *OPEN[1:]], [(0, 0, "right"), (1, 0, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 0) == (0, 0) and pos(game, 1) == (1, 0)
    assert damage_count(game, 1) == 1 and damage_count(game, 0) == 0


# ----- Tow ----------------------------------------------------------------------------------------------------
def test_tow_needs_a_card_with_two_moves_and_keeps_the_towed_facing():
    """FG Tow: "it takes a Command Card with 2 Moves to tow a Mech or Bomb 1 space. Two consecutive 1-Move Command Cards will not work!" "The towed object is towed into the space the towing Mech just left, and the towed object retains its original facing." """
    game = board_game(OPEN, [(1, 2, "right"), (0, 2, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 0) == (2, 2) and pos(game, 1) == (0, 2)  # a 1-Move card offers no tow
    program(game, 0, 2, "speed")
    game.state["mechs"][1]["pos"] = [1, 2]
    run(game, [EXEC[1]])
    assert ids(game) == ["move:forward:1", "move:forward:2", "move:forward:2:tow"]
    game.play("move:forward:2:tow")
    assert pos(game, 0) == (3, 2) and pos(game, 1) == (2, 2)
    assert game.state["mechs"][1]["facing"] == "down"


def test_tow_spends_two_moves_per_space_and_a_leftover_move_is_made_alone():
    """FG Tow: "it takes a Command Card with 2 Moves to tow a Mech or Bomb 1 space." (3 Moves: tow 1 space, then 1 Move alone; movement.py) """
    game = board_game(OPEN, [(1, 2, "right"), (0, 2, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer", "skewer")
    run(game, [])
    assert ids(game) == ["move:forward:3", "move:forward:3:tow"]
    game.play("move:forward:3:tow")
    assert pos(game, 0) == (3, 2) and pos(game, 1) == (1, 2)



def test_slot_damage_never_tows():
    """FG Slot Damage: "Slot Damage Cards disable a slot in your Command Line, and replace its normal contents with an uncontrollable action." Tow: "it takes a Command Card with 2 Moves to tow a Mech or Bomb 1 space." Our ruling (How to Play, Types of Damage Cards): Rocket Whoopsie's 3 Moves forward never tow, and are made without asking."""
    game = board_game(OPEN, [(1, 2, "right"), (0, 2, "down")], tasks=[EXEC[0]])
    slot(game, 0, 1)["damage"] = "rocket-whoopsie"
    events = run(game, [])
    assert pos(game, 0) == (4, 2) and pos(game, 1) == (0, 2)  # the Mech behind stays
    assert game.state["mechs"][0]["facing"] == "left"  # "then turn around"
    assert not [e for e in events if e["kind"] == "tow"]
    assert game.to_move is None or not [a for a in game.legal_actions() if a["id"].endswith(":tow")]


def test_towed_mech_onto_a_repair_pad_may_repair():
    """FG Repair Pad: "When a Mech moves onto a Repair Pad, whether by choice or by being pushed, towed, etc." """
    game = board_game([".P....", *OPEN[1:]], [(1, 0, "right"), (0, 0, "down")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    game.state["mechs"][1]["system"] = ["sticky-steering"]
    run(game, [])
    game.play("move:forward:2:tow")
    assert pos(game, 1) == (1, 0) and game.to_move == 1
    assert ids(game) == ["repair:system-sticky-steering", "repair:decline"]


# ----- The Bomb ---------------------------------------------------------------------------------------------------
def test_bomb_is_a_piece_with_health_from_the_scenario():
    """FG The Bomb: "Use the Doom Tracker on the Gear Tracker to remember the health of the Bomb." """
    game = board_game(OPEN, [(0, 0, "right"), (5, 5, "up")], bomb={"square": [3, 3], "health": 7})
    assert {"kind": "bomb", "x": 3, "y": 3, "health": 7} in game.view()["pieces"]
    assert game.view()["trackers"]["bomb_health"] == 7  # the Doom Tracker shown on the page


def test_bomb_is_pushed_and_stomps_a_minion_taking_one_damage():
    """FG The Bomb: "It can be pushed and towed." "It stomps minions when pushed or towed onto them, but it takes 1 damage each time it stomps a minion in this manner!" """
    game = board_game(OPEN, [(0, 0, "right"), (5, 5, "up")], minions=[(2, 0), (4, 4)],
                      bomb={"square": [1, 0], "health": 5}, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert pos(game, 0) == (1, 0) and game.state["bomb"]["pos"] == [2, 0]
    assert game.state["minions"] == [[4, 4]] and game.state["kills"] == 1
    assert game.state["bomb"]["health"] == 4


def test_bomb_is_towed_and_cannot_be_pushed_off_the_board():
    """FG Tow: "Player Mechs can Tow and Push other player Mechs and the Bomb." Push: "The Mech cannot push an object ... off the edge of the Game Board." """
    game = board_game(OPEN, [(1, 3, "right"), (5, 5, "up")], bomb={"square": [0, 3], "health": 5},
                      tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    run(game, [])
    game.play("move:forward:2:tow")
    assert pos(game, 0) == (2, 3) and game.state["bomb"]["pos"] == [1, 3]
    game2 = board_game(OPEN, [(4, 0, "right"), (0, 5, "up")], bomb={"square": [5, 0], "health": 5},
                       tasks=[EXEC[0]])
    program(game2, 0, 1, "skewer")
    run(game2, [])
    assert pos(game2, 0) == (4, 0) and game2.state["bomb"]["pos"] == [5, 0]


def test_bomb_blocks_ripsaw_and_takes_no_damage():
    """FG The Bomb: "It blocks Ripsaw commands, but it takes no Damage from them." """
    game = board_game(OPEN, [(0, 0, "right"), (5, 5, "up")], minions=[(3, 0)],
                      bomb={"square": [2, 0], "health": 5}, tasks=[EXEC[0]])
    program(game, 0, 1, "ripsaw")
    run(game, [])
    assert game.state["minions"] == [[3, 0]] and game.state["bomb"]["health"] == 5


def test_minions_attack_the_bomb_after_the_mechs():
    """FG Minions: "Minions always do 1 Damage when successfully attacking Mechs or the Bomb." and Lava Wall: "first execute all player-drawn Damage Cards in player order and then move on to damaging other targets, such as the Bomb." """
    game = board_game(OPEN, [(0, 0, "down"), (5, 5, "up")], minions=[(0, 1), (3, 2), (2, 3), (4, 4)],
                      bomb={"square": [3, 3], "health": 5}, tasks=[{"t": "minion_attack_all"}])
    events = run(game, [])
    kinds = [e["kind"] for e in events if e["kind"] in ("damage", "bomb")]
    assert kinds[-1] == "bomb" and "damage" in kinds
    assert game.state["bomb"]["health"] == 3


def test_the_bomb_exploding_loses_the_mission():
    """FG The Bomb: "In all Missions, if the Bomb explodes, the Mission fails and the players lose." """
    game = board_game(OPEN, [(0, 0, "down"), (5, 5, "up")], minions=[(3, 2), (2, 3)],
                      bomb={"square": [3, 3], "health": 2}, tasks=[{"t": "minion_attack_all"}])
    run(game, [])
    assert game.over and game.outcome["result"] == "loss" and game.legal_actions() == []
    assert game.view()["phase"] == "over"


def test_bomb_on_lava_pool_takes_damage_and_heals_on_a_repair_pad_where_the_mission_says():
    """FG Push: "If a Mech or the Bomb is pushed ... onto a Lava Pool, it will also take 1 Damage." Mission 5: "When a Bomb is moved onto a Repair Pad, increase its health by 1." """
    game = board_game(["..L.P.", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")],
                      bomb={"square": [1, 0], "health": 5, "repair_pad_heals": 1}, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.state["bomb"]["pos"] == [2, 0] and game.state["bomb"]["health"] == 4
    game.state["bomb"]["pos"] = [3, 0]
    game.state["mechs"][0]["pos"] = [2, 0]
    run(game, [EXEC[0]])
    assert game.state["bomb"]["pos"] == [4, 0] and game.state["bomb"]["health"] == 5


# ----- every feature at once, under random legal play --------------------------------------------------------
def test_random_play_on_a_board_with_every_feature_keeps_the_invariants():
    """Engine properties on a board with Repair Pads, Oil Slicks, Lava Pools, Massive Boulders, a Spike Wall
    and the Bomb: Mechs, Minions and the Bomb never share a space or stand on a boulder; cards are conserved."""
    from invariants import mvm_invariants as invariants

    rows = ["S.O.PS", ".L..X.", "..<...", "O...L.", ".X..O.", "SP..PS"]
    for seed in range(6):
        game = board_game(rows, [(0, 0, "right"), (5, 0, "down"), (0, 5, "up")], players=3, seed=seed,
                          minions=[(2, 1), (3, 3), (5, 3), (2, 5)], bomb={"square": [3, 2], "health": 6},
                          tasks=[{"t": "round_start"}])
        game.state["minion_phase"] = True
        game.state["decks"]["damage"] = [c["id"] for c in game.ctx.damage.values() for _ in range(c["copies"])]
        run(game, [])
        for step_no in range(400):
            if game.over:
                break
            legal = game.legal_actions()
            assert legal
            game.play(legal[(seed * 7919 + step_no * 31) % len(legal)]["id"])
            invariants(game)
