"""Mechs vs. Minions rules, one test per rule; each docstring quotes the rulebook sentence it checks.

Sources: "Mechs vs. Minions Rulebook", The Master Mech-anic: A Field Guide & Textbook (FG) and
Mission 0: Tutorial (M0)."""

import pytest
from mvm_support import ids, new_game, pos, program, run, situation, slot, texts

import engine

EXEC = [{"t": "exec_slot", "seat": 0, "slot": n} for n in range(1, 7)]


def test_setup_mech_on_any_starting_space_facing_any_direction():
    """M0 Tutorial Setup: "Place each character-specific Mech on any Mech starting space, facing any direction." """
    game = new_game(players=2, seed=3)
    starts = ids(game)
    assert len(starts) == 4 and all(a.startswith("start:") for a in starts)
    game.play(starts[1])
    assert ids(game) == ["face:up", "face:right", "face:down", "face:left"]
    game.play("face:down")
    assert starts[1] not in ids(game)  # the next Mech cannot take the same space
    assert game.state["mechs"][0]["facing"] == "down"


def test_first_player_by_rune_die_rerolls_colours_without_a_player():
    """FG First Player: "If there are fewer than four players, reroll if you get a result that doesn't have a player associated with it." """
    for seed in range(20):
        game = new_game(players=1, seed=seed)
        game.play(ids(game)[0])
        events = game.play("face:up")
        rolls = [e for e in events if e["rule"].endswith("first-player")]
        assert rolls and "red" in rolls[-1]["text"] and game.state["first"] == 0


def test_draft_deals_five_and_players_pick_clockwise_until_four():
    """M0 Draft: "The First Player deals 5 Command Cards faceup ... Continue clockwise with each player picking one card until four cards have been picked." """
    game, _ = situation(players=3, mechs=[(2, 0, "down"), (3, 0, "down"), (2, 5, "up")], first=1,
                        tasks=[{"t": "deal"}])
    run(game, [])
    assert len(game.state["draft"]["dealt"]) == 5
    pickers = []
    while game.state["draft"]:
        pickers.append(game.to_move)
        game.play(ids(game)[0])
    assert pickers == [1, 2, 0, 1]
    assert [len(m["hand"]) for m in game.state["mechs"]] == [1, 2, 1]
    assert len(game.state["decks"]["command_discard"]) == 1  # "Discard the remaining cards!"


def test_stacking_same_element_raises_power():
    """FG Stack: "Every Command Card lists its effects at each Power level"; Stacking: "The Power of this top card is the total number of cards in that stack." """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    game.state["mechs"][0]["hand"] = ["blaze", "flamespitter"]
    run(game, [])
    game.play("program:blaze:slot-2")
    game.play("program:flamespitter:slot-2")
    assert slot(game, 0, 2)["cards"] == ["blaze", "flamespitter"]


def test_fourth_card_discards_the_bottom_and_power_stays_three():
    """FG Stack: "If a fourth Command Card of the same element is played on a stack, the bottom Command Card is discarded. The stack and Power are still 3" """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    program(game, 0, 1, "blaze", "fuel-tank", "flamespitter")
    game.state["mechs"][0]["hand"] = ["blaze"]
    run(game, [])
    game.play("program:blaze:slot-1")
    assert slot(game, 0, 1)["cards"] == ["fuel-tank", "flamespitter", "blaze"]
    assert game.state["decks"]["command_discard"] == ["blaze"]


def test_override_with_another_element_discards_the_stack():
    """FG Stack: "A Command Card of a different element can be played on an existing stack, but the stack must be discarded so that only the new Command Card remains." """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    program(game, 0, 4, "speed", "cyclotron")
    game.state["mechs"][0]["hand"] = ["skewer"]
    run(game, [])
    game.play("program:skewer:slot-4")
    assert slot(game, 0, 4)["cards"] == ["skewer"]
    assert sorted(game.state["decks"]["command_discard"]) == ["cyclotron", "speed"]


def test_damaged_slots_cannot_be_programmed():
    """FG Executing Damage Cards: "Slot damage to your Command Line prevents programming and reprogramming those slots." """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    slot(game, 0, 3)["damage"] = "stuck-controls-left"
    game.state["mechs"][0]["hand"] = ["speed"]
    run(game, [])
    legal = ids(game)
    assert "program:speed:slot-3" not in legal and "program:speed:slot-2" in legal
    assert not any(a.startswith("scrap:speed:swap:3-") or a.endswith("-3") for a in legal if "swap" in a)


def test_cards_cannot_be_saved_for_later():
    """FG Program: "All players program at the same time and must slot or discard all Command Cards — they cannot be saved for later." """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")],
                        tasks=[{"t": "program_phase"}, {"t": "round_end"}])
    game.state["mechs"][0]["hand"] = ["speed", "blaze"]
    run(game, [])
    assert all(a.split(":")[0] in ("program", "scrap") for a in ids(game))
    game.play("program:speed:slot-1")
    assert game.to_move == 0  # still Corki's turn: one card left
    game.play("scrap:blaze")
    assert game.state["mechs"][0]["hand"] == []


def test_scrap_fire_or_metal_repairs_one_damage_and_reenables_cards():
    """FG Scrap to Repair: "Scrapping Fire or Metal cards allows you to repair damage. Discard the scrapped card and remove any 1 Damage Card from your Mech. If it was slot damage, any revealed Command Card(s) below are re-enabled!" """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    program(game, 0, 2, "speed")
    slot(game, 0, 2)["damage"] = "stuck-controls-right"
    game.state["mechs"][0]["hand"] = ["skewer"]
    run(game, [])
    game.play("scrap:skewer:repair:slot-2")
    assert slot(game, 0, 2)["damage"] is None and slot(game, 0, 2)["cards"] == ["speed"]
    assert "stuck-controls-right" in game.state["decks"]["damage_discard"]
    assert "skewer" in game.state["decks"]["command_discard"]


def test_scrap_electric_or_computery_swaps_two_undamaged_slots():
    """FG Scrap to Reprogram: "Scrapping Electric or Computery cards allows you to reprogram your Command Line. Swap the contents of any two undamaged slots and discard the scrapped Command Card." """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 0, "down")], tasks=[{"t": "program", "seat": 0}])
    program(game, 0, 1, "blaze")
    program(game, 0, 5, "speed", "cyclotron")
    slot(game, 0, 6)["damage"] = "glitch"
    game.state["mechs"][0]["hand"] = ["omnistomp"]
    run(game, [])
    assert "scrap:omnistomp:swap:1-6" not in ids(game)
    game.play("scrap:omnistomp:swap:1-5")
    assert slot(game, 0, 1)["cards"] == ["speed", "cyclotron"] and slot(game, 0, 5)["cards"] == ["blaze"]


def test_execute_slots_in_order_skipping_empty_ones_first_player_first():
    """FG Executing Command Lines: "Starting with the First Player, execute your entire Command Line in order from slot 1 through slot 6, skipping empty slots." """
    game, _ = situation(mechs=[(0, 3, "right"), (5, 0, "down")], shards=[], first=1,
                        tasks=[{"t": "execute_phase"}])
    program(game, 0, 4, "skewer")
    program(game, 0, 2, "skewer")
    program(game, 1, 6, "skewer")
    events = run(game, [])
    executed = [(e["seat"], e["slot"]) for e in events if e["kind"] == "execute"]
    assert executed == [(1, 6), (0, 2), (0, 4)]
    assert pos(game, 0) == (2, 3) and pos(game, 1) == (5, 1)


def test_mechs_cannot_move_off_the_board():
    """M0 Wait, But What If: "Mechs cannot move off or be pushed off the board." and FG Move Commands: "You must move unless you are blocked by something impassable." """
    game, _ = situation(mechs=[(4, 0, "right"), (0, 5, "up")], shards=[], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer", "skewer")
    events = run(game, [])
    assert pos(game, 0) == (5, 0)
    assert any("edge of the board" in t for t in texts(events))


def test_mechs_push_mechs_when_there_is_space_behind():
    """M0: "Mechs push other Mechs if they are in the way, provided there is space behind the pushed Mech." FG Push: "If any piece cannot be moved forward ... then the movement doesn't happen." """
    game, _ = situation(players=3, mechs=[(0, 1, "right"), (1, 1, "up"), (3, 5, "up")], shards=[],
                        tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    run(game, [])
    assert pos(game, 0) == (2, 1) and pos(game, 1) == (3, 1)
    assert game.state["mechs"][1]["facing"] == "up"  # a pushed Mech keeps its facing
    game2, _ = situation(mechs=[(4, 2, "right"), (5, 2, "up")], shards=[], tasks=[EXEC[0]])
    game2.state["shards_start"] = 0
    program(game2, 0, 1, "skewer")
    run(game2, [])
    assert pos(game2, 0) == (4, 2) and pos(game2, 1) == (5, 2)


def test_stomping_kills_minions_and_counts_the_kill():
    """FG Stomp: "When a Mech moves into a space containing a Minion, the Minion is stomped and removed from the board. Count this as a Minion kill on the Gear Tracker!" """
    game, _ = situation(mechs=[(0, 1, "right"), (0, 5, "up")], shards=[], minions=[(1, 1), (2, 1), (5, 5)],
                        tasks=[EXEC[0]])
    program(game, 0, 1, "skewer", "skewer")
    run(game, [])
    assert game.state["minions"] == [[5, 5]] and game.state["kills"] == 2


def test_crystal_shards_shatter_on_stomp_and_on_damage():
    """M0 Crystal Shard Interaction: "Crystal Shards are very fragile and will shatter upon taking 1 damage." "Crystal Shards will also break if a Mech stomps on them (moves into the same space)." """
    game, _ = situation(mechs=[(2, 1, "down"), (0, 5, "up")], tasks=[EXEC[0], EXEC[1]])
    program(game, 0, 1, "skewer")            # stomp the shard at c3
    program(game, 0, 2, "flamespitter")      # burn the shards at c4 (and nothing beyond)
    game.state["shards"] = [[2, 2], [2, 3], [3, 3]]
    run(game, [])
    assert game.state["shards"] == [[3, 3]]


def test_mechs_ignore_other_mechs_attacks():
    """M0 Wait, But What If: "Mechs ignore other Mechs' attacks!" """
    game, _ = situation(mechs=[(0, 0, "right"), (1, 0, "up")], shards=[], minions=[(2, 2)], tasks=[EXEC[0]])
    program(game, 0, 1, "flamespitter")
    events = run(game, [])
    assert pos(game, 1) == (1, 0) and "Flamespitter hits nobody" in texts(events)


@pytest.mark.parametrize("power,options", [
    (1, ["turn:left", "turn:right"]),
    (2, ["turn:left", "turn:right", "turn:around"]),
    (3, ["turn:left", "turn:right", "turn:around", "turn:none"]),
])
def test_turn_options_by_power(power, options):
    """FG Turn Commands: "A 1-Power Turn ... either its right or left. A 2-Power Turn will allow the mech to turn to either side or to turn around completely. A 3-Power Turn will allow the player to choose to turn a full 360 degrees" """
    game, _ = situation(mechs=[(2, 0, "down"), (3, 5, "up")], shards=[], tasks=[EXEC[0]])
    program(game, 0, 1, *["memory-core"] * power)
    run(game, [])
    assert ids(game) == options
    game.play("turn:right" if power < 3 else "turn:none")
    assert game.state["mechs"][0]["facing"] == ("left" if power < 3 else "down")


def test_omnistomp_moves_forward_or_sideways_never_back():
    """FG Move Commands: "Omnistomp can move the Mech forward or to either side, but not backward." """
    game, _ = situation(mechs=[(2, 4, "up"), (5, 5, "up")], shards=[], tasks=[EXEC[0]])
    program(game, 0, 1, "omnistomp")
    run(game, [])
    assert ids(game) == ["move:forward:1", "move:left:1", "move:right:1"]
    game.play("move:right:1")
    assert pos(game, 0) == (3, 4) and game.state["mechs"][0]["facing"] == "up"


def test_speed_lets_the_pilot_choose_the_distance():
    """Speed (adapted card, reference notes): "Move forward 1 or 2 spaces (your choice)." """
    game, _ = situation(mechs=[(0, 5, "up"), (5, 5, "up")], shards=[], tasks=[EXEC[0]])
    program(game, 0, 1, "speed")
    run(game, [])
    assert ids(game) == ["move:forward:1", "move:forward:2"]
    # one wording for distances on the buttons and in the log: "1 space", "2 spaces"
    assert [a["label"] for a in game.legal_actions()] == ["Move forward 1 space", "Move forward 2 spaces"]
    events = game.play("move:forward:2")
    assert pos(game, 0) == (0, 3)
    assert any("moves 2 spaces up" in e["text"] for e in events), [e["text"] for e in events]


def test_chain_lightning_first_target_in_front_then_diagonal_chain():
    """FG Chain Lightning: "When executed at 1-Power, first pick an enemy target directly or diagonally in front of your Mech (A) ... Next, pick another enemy target (B) that is diagonally-adjacent to the initial target (A)" """
    minions = [(1, 3), (3, 3), (2, 2), (4, 2), (5, 1)]
    game, _ = situation(mechs=[(2, 4, "up"), (5, 5, "up")], shards=[], minions=minions, tasks=[EXEC[0]])
    program(game, 0, 1, "chain-lightning")
    run(game, [])
    assert sorted(ids(game)) == ["target:1-3", "target:3-3"]  # (2,2) is not in front
    game.play("target:3-3")
    assert sorted(ids(game)) == ["target:2-2", "target:4-2"]
    game.play("target:4-2")
    assert ids(game) != [] or game.state["phase"]  # power 1: 2 targets at most, chain ends
    assert sorted(game.state["minions"]) == [[1, 3], [2, 2], [5, 1]]


def test_aimbot_range_counts_diagonals():
    """FG Range: "count the number of spaces it would take to move to the target ... including diagonal spaces." """
    game, _ = situation(mechs=[(0, 0, "down"), (5, 5, "up")], shards=[], minions=[(2, 2), (3, 0)],
                        tasks=[EXEC[0]])
    program(game, 0, 1, "hexmatic-aimbot", "hexmatic-aimbot")
    run(game, [])
    assert game.state["minions"] == [[3, 0]]  # (2,2) is at range 2, (3,0) at range 3


def test_all_shards_destroyed_escalates_damage_then_minions():
    """M0 Kaboom: "Don't worry about the rest of the Player Phase." Exploding Crystal Shards: "Starting with the current First Player, draw 1 Damage Card ... every player must draw and execute 1 Damage Card." New Tutorial Objective: "Place a Minion on each designated space ... If a Mech, Minion, or other obstacle is in the way, skip spawning that Minion." """
    game, _ = situation(mechs=[(2, 1, "down"), (4, 0, "down")], first=1,
                        tasks=[EXEC[0], EXEC[1], {"t": "minion_phase"}, {"t": "round_end"}])
    game.state["shards"] = [[2, 2]]
    game.state["decks"]["damage"] = ["glitch", "major-glitch"]  # drawn from the end
    program(game, 0, 1, "skewer")
    program(game, 0, 2, "speed")
    events = run(game, [])
    drawn = [(e["seat"], e["card"]) for e in events if e["kind"] == "damage" and "card" in e]
    assert drawn[:2] == [(1, "major-glitch"), (0, "glitch")]  # First Player first
    assert not any(e.get("slot") == 2 and e["kind"] == "execute" for e in events)  # rest skipped
    assert [4, 0] not in game.state["minions"] and len(game.state["minions"]) == 7
    assert game.state["objective"] == "New Tutorial Objective: Eliminate All Minions"
    assert any(e["rule"] == "mechs-vs-minions/tutorial-minion-movement" for e in events)


def test_slot_damage_goes_on_the_number_die_slot_replaces_old_damage_and_executes():
    """FG Executing Damage Cards: "If it's Slot Damage, roll a Number Die. Place the Damage Card on top of any Command Cards in the slot ... If the slot is already damaged, replace the old damage with the new damage. Whenever you next execute your Command Line, execute the Damage Card as if it was a Command Card." """
    for seed in range(30):
        game, _ = situation(seed=seed, mechs=[(2, 0, "down"), (5, 5, "up")], shards=[],
                            tasks=[{"t": "damage_draw", "seat": 0, "source": "minion"}])
        for n in range(1, 7):
            slot(game, 0, n)["damage"] = "stuck-controls-left"
        game.state["decks"]["damage"] = ["stuck-controls-right"]
        events = run(game, [])
        placed = [e["slot"] for e in events if e["rule"].endswith("slot-damage")]
        assert len(placed) == 1 and slot(game, 0, placed[0])["damage"] == "stuck-controls-right"
        assert game.state["decks"]["damage_discard"] == ["stuck-controls-left"]
    facing = game.state["mechs"][0]["facing"]
    run(game, [{"t": "exec_slot", "seat": 0, "slot": placed[0]}])
    assert game.state["mechs"][0]["facing"] == {"up": "right", "right": "down", "down": "left",
                                               "left": "up"}[facing]


def test_glitch_is_discarded_and_system_damage_is_kept():
    """FG Damage: "Glitch Damage Cards apply their effect immediately and are then discarded." "System Damage Cards have ongoing effects. Place these near your Command Line" """
    game, _ = situation(mechs=[(2, 0, "down"), (5, 5, "up")], shards=[], tasks=[])
    game.state["decks"]["damage"] = ["sticky-steering", "major-glitch"]
    program(game, 0, 1, "blaze")
    run(game, [{"t": "damage_draw", "seat": 0, "source": "minion"}, {"t": "damage_draw", "seat": 0,
                                                                      "source": "minion"}])
    assert slot(game, 0, 6)["cards"] == ["blaze"]  # Major Glitch swapped 1 and 6
    assert game.state["decks"]["damage_discard"] == ["major-glitch"]
    assert game.state["mechs"][0]["system"] == ["sticky-steering"]
    run(game, [{"t": "turn", "seat": 0, "options": ["left", "right"], "card": "memory-core", "power": 1,
                "slot": 1, "from_damage": False, "auto1": True}])
    assert game.state["mechs"][0]["facing"] == "left"  # only "right" was allowed: turned automatically


def test_minions_move_together_by_the_rune_die_blocked_by_mechs_and_edges():
    """M0 Minion Movement: "Roll the Rune Die. Move all Minions 1 space in the corresponding direction" and "Minions can never move into an occupied space or move off the board." """
    for seed in range(12):
        game, _ = situation(seed=seed, mechs=[(1, 1, "down"), (5, 5, "up")], shards=[],
                            minions=[(1, 2), (1, 3), (4, 0), (0, 4)], tasks=[{"t": "minion_move"}])
        events = run(game, [])
        color = events[0]["text"].split()[2]
        direction = {"red": "up", "yellow": "right", "blue": "down", "green": "left"}[color]
        expected = {"up": [[1, 2], [1, 3], [4, 0], [0, 3]], "down": [[1, 3], [1, 4], [4, 1], [0, 5]],
                    "left": [[0, 2], [0, 3], [3, 0], [0, 4]], "right": [[2, 2], [2, 3], [5, 0], [1, 4]]}
        assert sorted(game.state["minions"]) == sorted(expected[direction])


def test_minions_attack_edge_adjacent_mechs_only():
    """M0 Minions Attack: "Minions do 1 damage to adjacent Mechs. Minions are considered adjacent if their space shares a side with the target space. Minions are not adjacent if they are in a space that is diagonal" """
    game, _ = situation(mechs=[(2, 2, "down"), (5, 5, "up")], shards=[],
                        minions=[(2, 1), (1, 2), (3, 3), (4, 4)], tasks=[{"t": "minion_attack_all"}])
    events = run(game, [])
    drawn = [e["seat"] for e in events if e["kind"] == "damage" and "card" in e]
    assert drawn == [0, 0]  # two side-sharing Minions for Corki; Tristana's Minion is diagonal


def test_tutorial_is_won_when_all_minions_are_slain():
    """M0: "Once all Minions are slain, the Tutorial is Complete!" """
    game, _ = situation(mechs=[(0, 1, "right"), (5, 5, "up")], minions=[(1, 1)], tasks=[EXEC[0]])
    game.state["shards"], game.state["escalated"], game.state["minions_placed"] = [], ["kaboom"], True
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.over and game.outcome["result"] == "win" and game.legal_actions() == []
    with pytest.raises(engine.IllegalAction):
        game.play("draft:pick:blaze")


def test_first_player_rotates_every_round():
    """FG First Player: "Once a full round is completed, the next player clockwise from starting positions becomes First Player" """
    game, _ = situation(players=3, mechs=[(2, 0, "down"), (3, 0, "down"), (2, 5, "up")], first=2,
                        tasks=[{"t": "round_end"}])
    run(game, [])
    assert game.state["first"] == 0 and game.state["round"] == 2 and game.to_move == 0


def test_fuel_tank_detonation_ignores_damage_and_blasts_within_range():
    """FG Fuel Tank: "The damage that would have been caused is ignored! The entire Fuel Tank stack is scrapped ... Fuel Tank does 1 Damage to all targets within range." """
    game, _ = situation(mechs=[(2, 2, "down"), (5, 5, "up")], shards=[], minions=[(3, 3), (5, 0), (2, 4)],
                        tasks=[{"t": "damage", "seat": 0, "source": "minion"}])
    program(game, 0, 5, "fuel-tank", "fuel-tank")
    run(game, [])
    assert ids(game) == ["damage:take", "fuel-tank:detonate:slot-5"]
    deck = len(game.state["decks"]["damage"])
    game.play("fuel-tank:detonate:slot-5")
    assert slot(game, 0, 5)["cards"] == [] and len(game.state["decks"]["damage"]) == deck
    assert game.state["minions"] == [[5, 0]]  # range 2 counts diagonals; (5,0) is 3 away


def test_skewer_kill_becomes_a_one_use_shield():
    """FG Skewer: "When a Minion is killed using Skewer, it becomes a one-use shield to prevent damage." """
    game, _ = situation(mechs=[(0, 1, "right"), (5, 5, "up")], shards=[], minions=[(1, 1), (4, 4)],
                        tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert slot(game, 0, 1)["shields"] == 1
    deck = len(game.state["decks"]["damage"])
    run(game, [{"t": "damage", "seat": 0, "source": "minion"}])
    assert slot(game, 0, 1)["shields"] == 0 and len(game.state["decks"]["damage"]) == deck


def test_illegal_action_leaves_the_game_unchanged():
    """Engine contract: play() raises IllegalAction and leaves the state unchanged."""
    game = new_game(players=2, seed=5)
    before = game.snapshot()
    with pytest.raises(engine.IllegalAction):
        game.play("draft:pick:blaze")
    assert game.snapshot() == before
