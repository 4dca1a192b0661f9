"""The Boss Mech's rules (engine/mvm/boss.py), one test per rule; each docstring quotes the rulebook sentence it
checks.

Source: "Mechs vs. Minions Rulebook", the Field Guide (FG: The Boss, Boss Command Line, Default Danger,
Game-ending Danger, Boss Command Cards, Boss Rune Shields, Boss Draft, GG-101 Doom Cannon, Rune Shields) and
Missions 3 (M3), 6 (M6) and 10 (M10). Every test plays on a test-only Map Tile and scenario built from a copy of
the compiled catalog (both validated against the content schemas) with the adapted Boss Deck `boss-deck`.
Where the rulebook is silent the decision is named in the docstring (see also engine/mvm/boss.py)."""

import copy

import pytest
from mvm_support import LEGEND, MVM, OPEN, catalog, program, run, schema_errors, tile_game, tile_play

PROVENANCE = {"source": "tests/test_mvm_boss.py", "status": "adapted", "note": "Test-only."}
DOOM = {"all": [{"kind": "doom-cannon-fired"}], "text": "GG, you lose!", "rule": "m3-doom-cannon-online"}
WIN = {"all": [{"kind": "boss-health-zero"}], "text": "You win!", "rule": "m3-congratulations"}


def boss_play(square=(2, 1), health=10, **extra):
    play = tile_play()
    play["boss"] = dict({"square": list(square), "health": health, "ez_health": 5, "deck": "boss-deck",
                         "provenance": PROVENANCE}, **extra)
    play["runes"] = {"start": "active", "provenance": PROVENANCE}
    play["danger_phase"] = ["boss"]
    play["escalations"] = []
    play["losses"] = [DOOM]
    play["victory"] = WIN
    return play


def boss_game(mechs, rows=OPEN, minions=(), shards=(), tasks=(), facing="down", players=2, **extra):
    game = tile_game(rows, LEGEND, boss_play(**extra), mechs, minions=minions, shards=shards, tasks=tasks,
                     players=players)
    game.state["boss"]["facing"] = facing
    return game


def boss(game):
    return game.state["boss"]


def damage_taken(game, seat):
    return len(game.state["mechs"][seat]["system"])  # the test deck holds System damage only


def execute(game, seat, card, n=1):
    program(game, seat, n, card)
    return run(game, [{"t": "exec_slot", "seat": seat, "slot": n}])


def rules(events):
    return [e["rule"].split("/", 1)[1] for e in events]


# ----- the 2x2 body ---------------------------------------------------------------------------------------
def test_the_boss_takes_up_2x2_spaces_and_mechs_cannot_push_it():
    """FG Boss Rune Shields: "The Boss Mech is twice as large as the players' Mechs, taking up 2x2 spaces."
    and "the player Mechs cannot push the Boss." (FG Push: "Player Mechs ... cannot push the Boss Mech.")"""
    game = boss_game([(2, 4, "up"), (3, 5, "up")])
    execute(game, 0, "skewer")  # Move 1: from c5 to c4
    assert game.state["mechs"][0]["pos"] == [2, 3]
    program(game, 0, 1, "skewer", "skewer")  # Move 2: the Boss (c2-d3) stops it
    run(game, [{"t": "exec_slot", "seat": 0, "slot": 1}])
    assert game.state["mechs"][0]["pos"] == [2, 3] and boss(game)["pos"] == [2, 1]
    # a pushed line stops at the Boss too: d6 pushes d5 to d4; pushing it on into the Boss (d3) fails
    game = boss_game([(3, 4, "up"), (3, 5, "up")])
    program(game, 1, 1, "skewer", "skewer")
    run(game, [{"t": "exec_slot", "seat": 1, "slot": 1}])
    assert game.state["mechs"][0]["pos"] == [3, 3] and game.state["mechs"][1]["pos"] == [3, 4]
    assert boss(game)["pos"] == [2, 1]


def test_minions_never_enter_or_spawn_on_the_boss():
    """FG Minions: "Minions can never move into an occupied space"; FG Spawn: "Minions can only spawn in empty
    spaces." The Boss's four spaces are occupied."""
    game = boss_game([(0, 5, "up"), (5, 5, "up")], minions=[(2, 3)])
    game.state["rune_roll"] = "red"  # red is up on the test compass
    run(game, [{"t": "minion_move"}])
    assert game.state["minions"] == [[2, 3]]  # c4 -> c3 is the Boss
    assert not game.spawn_empty(game.state, [3, 2]) and game.spawn_empty(game.state, [4, 2])


# ----- Rune Shields ------------------------------------------------------------------------------------
def test_an_active_rune_shield_prevents_damage_of_its_element():
    """FG Rune Shields: "While active, a Rune Shield prevents all damage from Attack Commands of the same
    color/element (i.e.: Red Rune Shield blocks Fire attacks)." """
    game = boss_game([(2, 4, "up"), (5, 5, "up")])
    events = execute(game, 0, "flamespitter")  # fire: the 2 spaces ahead, c4 and c3 (the Boss)
    assert boss(game)["health"] == 10
    assert "boss-rune-shields" in rules(events)


def test_a_disabled_shield_lets_1_damage_through_then_turns_back_on():
    """FG Rune Shields: "Turn shields off by stepping on Rune spaces of the corresponding color. Once the Boss
    takes 1 Damage from an element of that color, turn the shield back on immediately." """
    rows = ["......", "......", "......", "......", "..r...", "......"]
    game = boss_game([(2, 5, "up"), (5, 5, "up")], rows=rows)
    execute(game, 0, "skewer")  # onto the red Rune Space at c5
    assert game.state["runes"]["red"] is False
    events = execute(game, 0, "flamespitter", n=2)  # c4 then c3 (the Boss): 1 Damage, shield back on
    assert boss(game)["health"] == 9
    assert game.state["runes"] == {"red": True, "yellow": True, "blue": True, "green": True}
    assert "rune-gates" in rules(events)  # the Rune (shared with Rune Gates) is active again


def test_one_attack_over_two_boss_spaces_deals_1_damage_of_its_element():
    """FG Rune Shields: "Once the Boss takes 1 Damage from an element of that color, turn the shield back on
    immediately." — an attack hitting two of the Boss's spaces deals 1 Damage: the second hit meets the
    shield that came back on."""
    game = boss_game([(2, 4, "up"), (5, 5, "up")], facing="down")
    game.state["mechs"][0]["pos"], game.state["mechs"][0]["facing"] = [1, 1], "right"
    game.state["runes"]["red"] = False
    program(game, 0, 1, "flamespitter", "flamespitter")  # power 2: c2, d2 (both the Boss) and c1/c3 ...
    run(game, [{"t": "exec_slot", "seat": 0, "slot": 1}])
    assert boss(game)["health"] == 9


def test_the_shared_runes_are_the_boss_shields():
    """M6 Rune Shield Reminder: "Rune Shields and Rune Gates are both linked to Runes! Both will be either
    activated or deactivated at the same time." — the Boss's shields are state["runes"]."""
    game = boss_game([(2, 4, "up"), (5, 5, "up")])
    game.state["runes"]["red"] = False
    assert game.view()["boss"]["shields"]["red"] is False and game.view()["runes"]["red"] is False


# ----- moving, stomping, pushing ----------------------------------------------------------------------
def test_the_boss_stomps_minions_counted_on_the_kill_tracker():
    """M3 Boss Battle!: "The Boss stomps Minions flat if it moves onto them. Count these on the Minion Kill
    tracker!" """
    game = boss_game([(0, 5, "up"), (5, 5, "up")], minions=[(2, 3), (3, 3)])
    run(game, [{"t": "boss_step", "step": {"move": {"distance": 1}}}])
    assert boss(game)["pos"] == [2, 2] and game.state["minions"] == []
    assert game.state["kills"] == 2


def test_the_boss_ignores_oil_slicks():
    """M3 Boss Battle!: "Also, the Boss ignores Oil Slicks!" """
    rows = ["......", "......", "......", "..OO..", "......", "......"]
    game = boss_game([(0, 5, "up"), (5, 5, "up")], rows=rows)
    run(game, [{"t": "boss_step", "step": {"move": {"distance": 1}}}])
    assert boss(game)["pos"] == [2, 2]


def test_the_boss_pushes_mechs_and_is_blocked_like_a_mech():
    """FG Boss Rune Shields: "The Boss blocks Ripsaw Command Cards and pushes Mechs just like player Mechs";
    FG Push: "If any piece cannot be moved forward, either due to impassable terrain or hitting the edge of
    the Game Board, then the movement doesn't happen." """
    game = boss_game([(3, 3, "up"), (5, 5, "up")])
    run(game, [{"t": "boss_step", "step": {"move": {"distance": 2}}}])
    assert boss(game)["pos"] == [2, 3] and game.state["mechs"][0]["pos"] == [3, 5]
    run(game, [{"t": "boss_step", "step": {"move": {"distance": 1}}}])  # the Mech is at the edge
    assert boss(game)["pos"] == [2, 3] and game.state["mechs"][0]["pos"] == [3, 5]
    rows = ["......", "......", "......", "...X..", "......", "......"]
    game = boss_game([(0, 5, "up"), (5, 5, "up")], rows=rows)
    run(game, [{"t": "boss_step", "step": {"move": {"distance": 2}}}])
    assert boss(game)["pos"] == [2, 1]  # a Massive Boulder blocks the Boss


def test_the_boss_faces_the_nearest_mech():
    """FG Default Danger: "The Boss has default abilities in each slot" — our slot 1 default (adapted) turns
    the Boss toward the nearest Mech (range counts diagonals; a tie goes to the First Player's side)."""
    game = boss_game([(5, 2, "up"), (0, 5, "up")], facing="up")
    run(game, [{"t": "boss_step", "step": {"face": "nearest-mech"}}])
    assert boss(game)["facing"] == "right"


# ----- Boss attacks ----------------------------------------------------------------------------------
def test_the_boss_has_eight_adjacent_spaces():
    """FG Boss Rune Shields: "This means that the boss has eight adjacent spaces." and FG Adjacency:
    "Diagonal spaces are not adjacent." """
    game = boss_game([(1, 1, "up"), (4, 2, "up"), (1, 0, "up"), (4, 3, "up")], players=4)
    game.state["mechs"][2]["pos"] = [2, 0]  # above c2: adjacent
    game.state["mechs"][3]["pos"] = [4, 3]  # diagonal to d3: not adjacent
    run(game, [{"t": "boss_step", "step": {"attack": {"area": "adjacent"}}}])
    assert [damage_taken(game, s) for s in range(4)] == [1, 1, 1, 0]
    assert len(game.boss_adjacent(boss(game))) == 8


def test_boss_damage_is_processed_in_player_order_from_the_first_player():
    """FG Executing Damage Cards: "Always draw and fully process Damage Cards one at a time and in player
    order." """
    game = boss_game([(1, 1, "up"), (4, 2, "up")])
    game.state["first"] = 1
    events = run(game, [{"t": "boss_step", "step": {"attack": {"area": "adjacent", "damage": 2}}}])
    drawn = [e["seat"] for e in events if e["rule"] == f"{MVM}/executing-damage-cards"]
    assert drawn == [1, 1, 0, 0]


# ----- the Danger Phase ---------------------------------------------------------------------------------
def test_empty_slots_execute_their_default_danger_from_slot_1_to_4():
    """FG Boss Command Line: "During Danger Phase, you'll execute its Command Line in order from 1 to 4";
    FG Default Danger: "The Boss has default abilities in each slot that apply when there are no Boss Command
    Cards slotted. Be sure to execute these!" """
    game = boss_game([(2, 4, "up"), (5, 5, "up")], facing="up")
    events = run(game, [{"t": "danger_boss"}])
    defaults = [e["slot"] for e in events if e["rule"] == f"{MVM}/default-danger"]
    assert defaults == [1, 2, 3, 4]
    assert boss(game)["facing"] == "down" and boss(game)["pos"] == [2, 2]  # turned to the Mech, moved 1
    assert damage_taken(game, 0) == 2  # adjacent (slot 3) and straight ahead (slot 4)
    assert game.legal_actions()[0]["kind"] == "boss-pick"


def test_a_slotted_card_replaces_the_default_danger():
    """FG Default Danger: the defaults "apply when there are no Boss Command Cards slotted"."""
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    boss(game)["slots"][1]["cards"] = ["overclock"]  # electric, slot 2: move 2 instead of 1
    events = run(game, [{"t": "boss_slot", "slot": 2}])
    assert boss(game)["pos"] == [2, 3]
    assert rules(events)[0] == "boss-command-cards"


def test_boss_draft_deals_two_the_team_picks_one_for_the_slot_of_its_element():
    """M3 Power Up!: "Once the Boss Command Line has been executed, deal 2 Boss Cards faceup. As a team, pick
    one and slot it into its Command Line in the slot of the corresponding element!"; FG Boss Command Cards:
    "plays one to the Boss Command Line and discards the other." """
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    game.state["decks"]["boss"] = ["scorch", "overclock"]
    game.state["first"] = 1
    run(game, [{"t": "boss_draft"}])
    legal = game.legal_actions()
    assert {a["id"] for a in legal} == {"boss:pick:overclock", "boss:pick:scorch"}
    assert {a["seat"] for a in legal} == {1} and game.view()["boss"]["draft"] == ["overclock", "scorch"]
    game.play("boss:pick:scorch")
    assert boss(game)["slots"][3]["cards"] == ["scorch"]  # fire is slot 4
    assert game.state["decks"]["boss_discard"] == ["overclock"]
    assert game.view()["cards"]["scorch"]["deck"] == "boss-cards"


def test_boss_cards_of_one_element_stack_in_their_slot():
    """FG Draft / Boss Draft: the Boss "operates very similarly to a player Mech"; FG Stack: "Larger stacks
    amplify the effect of a Command Card." — the second card in a slot executes at power 2."""
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    boss(game)["slots"][1]["cards"] = ["overclock"]
    game.state["decks"]["boss"] = ["pursuit", "pursuit"]
    run(game, [{"t": "boss_draft"}])
    game.play("boss:pick:pursuit")
    assert boss(game)["slots"][1]["cards"] == ["overclock", "pursuit"]
    assert game.view()["boss"]["slots"][1]["power"] == 2


def test_a_3_power_slot_charges_the_doom_cannon_which_fires_when_executed_next_danger_phase():
    """M3 Power Overwhelming: "If any slot reaches a Power level of 3, the Boss charges his GG-101 Doom Cannon.
    When a 3-Power slot is executed, it's Game Over! You lose! Remember that the Boss doesn't execute this
    3-power slot until his next turn, so you have one more turn to defeat him!" (M6 and M10: "in the next
    Danger Phase the Boss fires" — we read it as the same moment.)"""
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    boss(game)["slots"][1]["cards"] = ["overclock", "pursuit"]
    game.state["decks"]["boss"] = ["overclock", "overclock"]
    events = run(game, [{"t": "boss_draft"}])
    events = game.play("boss:pick:overclock")
    assert "game-ending-danger" in rules(events) and not game.over  # charged: one more turn
    events = run(game, [{"t": "danger_boss"}])
    assert game.over and game.outcome["result"] == "loss"
    assert "gg-101-doom-cannon" in rules(events) and "m3-doom-cannon-online" in rules(events)
    assert boss(game)["pos"] == [2, 1]  # slot 1 ran; slot 2 fired the cannon instead of moving


def test_the_view_says_which_boss_slots_charge_the_doom_cannon():
    """M3 Power Overwhelming: "If any slot reaches a Power level of 3, the Boss charges his GG-101 Doom Cannon."
    The page draws the warning from the view (`charged`, `doom_cannon_power`), never from a number of its own."""
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    boss(game)["slots"][1]["cards"] = ["overclock", "pursuit", "overclock"]
    boss(game)["slots"][3]["cards"] = ["scorch", "scorch"]
    view = game.view()["boss"]
    assert view["doom_cannon_power"] == 3
    assert [s["charged"] for s in view["slots"]] == [False, True, False, False]


def test_the_boss_is_defeated_at_health_zero():
    """M3 Congratulations!: "Whittled the Boss Mech's health down to zero? ... You win!" """
    game = boss_game([(2, 4, "up"), (5, 5, "up")], health=1)
    game.state["runes"]["red"] = False
    execute(game, 0, "flamespitter")
    assert game.over and game.outcome["result"] == "win"
    assert game.view()["doom"] == {"tracks": "the Boss's health", "value": 0, "max": 1}


# ----- Mission 6 and Mission 10 ---------------------------------------------------------------------------
def test_mission_6_the_boss_cannot_be_killed_remove_a_top_card_then_restore_health():
    """M6 Not Even His Final Form: "In this Mission, the Boss cannot be killed! As soon as his health reaches
    zero on the Doom Tracker, you may remove one Boss Command Card from the Boss Command Line. This Boss
    Command Card must be the top card (if picking off of a stack). Then, restore the Boss's health to
    full." """
    game = boss_game([(2, 4, "up"), (5, 5, "up")], health=2,
                     cannot_be_killed={"rule": "m6-not-even-his-final-form"})
    boss(game)["health"] = 1
    boss(game)["slots"][1]["cards"] = ["overclock", "pursuit"]
    boss(game)["slots"][3]["cards"] = ["scorch"]
    game.state["runes"]["red"] = False
    execute(game, 0, "flamespitter")
    assert not game.over and boss(game)["health"] == 0
    assert sorted(a["id"] for a in game.legal_actions()) == ["boss:remove:slot-2", "boss:remove:slot-4"]
    game.play("boss:remove:slot-2")
    assert boss(game)["slots"][1]["cards"] == ["overclock"] and boss(game)["health"] == 2


def test_mission_6_with_no_card_slotted_the_health_is_still_restored():
    """M6 Not Even His Final Form: "Then, restore the Boss's health to full" — with no Boss Command Card
    slotted there is nothing to remove (adapted)."""
    game = boss_game([(2, 4, "up"), (5, 5, "up")], health=2,
                     cannot_be_killed={"rule": "m6-not-even-his-final-form"})
    boss(game)["health"] = 1
    game.state["runes"]["red"] = False
    execute(game, 0, "flamespitter")
    assert boss(game)["health"] == 2 and not game.over


def test_mission_10_the_super_shield_holds_until_every_shard_is_destroyed():
    """M10 Shields Within Shields: "the Boss has activated its Trusty Tristy Tribulator Shield, making it
    completely invincible! To disable this super-shield, your team must destroy all four Crystal Shards ...
    Once the super-shield is disabled, you must still deactivate its Rune Shields" """
    game = boss_game([(2, 4, "up"), (5, 5, "up")], shards=[(5, 0)], super_shield={"rule": "m10-epic-boss-fight"})
    game.state["shards_breakable"] = True
    game.state["runes"]["red"] = False
    events = execute(game, 0, "flamespitter")
    assert boss(game)["health"] == 10 and "m10-epic-boss-fight" in rules(events)
    assert game.view()["boss"]["super_shield"] is True
    game.state["shards"] = []
    execute(game, 0, "flamespitter")
    assert boss(game)["health"] == 9 and game.view()["boss"]["super_shield"] is False


def test_mission_10_power_down_when_every_mech_stands_on_a_repair_pad():
    """M10 Power Down!: "If all Mechs are standing on a Repair Pad at the end of Player Phase, you may remove
    one Boss Command Card from the Boss Command Line." """
    rows = ["......", "......", "......", "......", "......", "P....P"]
    power_down = {"on": {"kind": "repair-pad"}, "rule": "m10-epic-boss-fight"}
    game = boss_game([(0, 5, "up"), (4, 5, "up")], rows=rows, power_down=power_down)
    boss(game)["slots"][0]["cards"] = ["target-lock"]
    run(game, [{"t": "player_phase_end"}])
    assert game.legal_actions() == []  # one Mech is off the pads: nothing happens
    game.state["mechs"][1]["pos"] = [5, 5]
    events = run(game, [{"t": "player_phase_end"}])
    assert "m10-epic-boss-fight" in rules(events)
    game.play("boss:remove:slot-1")
    assert boss(game)["slots"][0]["cards"] == [] and boss(game)["health"] == 10


# ----- data ----------------------------------------------------------------------------------------------
def test_boss_pieces_view_and_doom_tracker():
    """FG Doom Tracker: "Sometimes ... the way to win is to drain it to zero (Boss Health)" — the page draws
    the Boss (2x2), its Command Line and the Doom Tracker."""
    game = boss_game([(0, 5, "up"), (5, 5, "up")])
    view = game.view()
    piece = next(p for p in view["pieces"] if p["kind"] == "boss")
    assert piece == {"kind": "boss", "x": 2, "y": 1, "size": 2, "facing": "down", "health": 10, "max": 10}
    assert [s["element"] for s in view["boss"]["slots"]] == ["computery", "electric", "metal", "fire"]
    assert all(s["default"] for s in view["boss"]["slots"])
    assert view["doom"]["value"] == 10 and view["trackers"]["boss_health"] == 10


def test_the_boss_deck_is_adapted_data_with_one_slot_per_element():
    """FG Boss Command Line / M3 Power Up!: "slot it into its Command Line in the slot of the corresponding
    element" — one slot per element; the deck and defaults are adapted (not printed)."""
    deck = catalog()["games"][MVM]["boss-cards"]["boss-deck"]
    elements = {e["id"] for e in catalog()["games"][MVM]["game"]["elements"]}
    assert [s["slot"] for s in deck["command_line"]["slots"]] == [1, 2, 3, 4]
    assert sorted(s["element"] for s in deck["command_line"]["slots"]) == sorted(elements)
    assert {c["element"] for c in deck["cards"]} == elements
    assert deck["provenance"]["status"] == "adapted"
    assert all(c["provenance"]["status"] == "adapted" for c in deck["cards"])


@pytest.mark.parametrize("bad", [{"hp": 3}, {"cannot_be_killed": True}, {"power_down": {"rule": "x"}}])
def test_the_boss_play_block_is_strict(bad):
    """The `play.boss` vocabulary: unknown or malformed properties are schema errors."""
    scenario = copy.deepcopy(catalog()["games"][MVM]["scenarios"]["mission-03"])
    scenario["play"]["boss"].update(bad)
    assert schema_errors("scenario", scenario)
