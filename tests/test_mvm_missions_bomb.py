"""Missions 1, 4 and 8 as played from their own `play` blocks and adapted Map Tiles, and the generic pieces of
the play vocabulary they use; each test's docstring quotes the rulebook sentence it checks.

Source: "Mechs vs. Minions Rulebook", Mission 1: Mistakes Were Made (M1), Mission 4: Running the Gauntlet
(M4), Mission 8: Special Delivery (M8) and the Field Guide (FG). The tests play the real scenarios
(mechs-vs-minions/mission-01, -04, -08), moving pieces into a situation and running the engine's tasks;
the generic pieces (straight or around-obstacle paths, end-of-phase checks, round triggers) are also
checked on test-only boards (tests/mvm_support.py).

Decisions where the rulebook is silent (also in the tiles' and play blocks' provenance notes):

- Mission 4, "If any Minion reaches your starting line": a Minion reaches it only by standing on one of
  its squares. A Minion held up above the line — by a Mech standing on the line or by the Minions in front
  of it — has not reached it, so the Mechs guarding a column keep it from escaping; and since the Minions
  march "toward the starting line" (every step must bring them closer), a blocked Minion stays put rather
  than side-stepping to a free column.
- Mission 4, "when any player steps onto the second Map Tile": any Mech that moved onto a square of that
  tile counts, even if it moved on (a Speed card, a push, an Oil Slick slide) before the escalation is
  checked; the escalations never lower a number ("Missions never de-escalate"), so reaching the second
  tile after the third keeps 3 rows.
- Mission 4, "the final row of the Game Board (i.e.: the Minion spawn zone)": the spawn zone is three rows
  deep (the escalations spawn up to 3 full rows in it); a Mech anywhere in it stands in the final row.
- Mission 8, "Place Mechs on any Mech starting location" and "You're already standing on Rune Spaces!": the
  starting locations are the four Rune Spaces of the south-east tile (`mech_start: {kind: rune-space,
  tile: 3}`).
"""

import json
from collections import deque

import pytest
import real_content
from invariants import mvm_invariants as invariants
from mvm_support import EXEC, LEGEND, MVM, catalog, ids, place, program, run, tile_game, tile_play

import engine

M1, M4, M8 = (f"{MVM}/mission-{n:02d}" for n in (1, 4, 8))


def mission(scenario, mode="normal", players=2, seed=1):
    """A new game of a mission after the EZ-MODE choice (`mode`), waiting for the Mechs' places."""
    game = engine.new_game(scenario, seed=seed, players=players, catalog=catalog())
    assert ids(game) == ["mode:normal", "mode:ez"]
    game.play(f"mode:{mode}")
    return game


def started(scenario, mode="normal", players=2, seed=1):
    """A mission whose Mechs took the first free starting spaces facing up (and the first of any other setup
    choice, such as Schematic Cards): the first draft is waiting."""
    game = mission(scenario, mode, players, seed)
    while game.legal_actions()[0]["kind"] not in ("draft", "timer"):
        legal = ids(game)
        game.play("face:up" if "face:up" in legal else legal[0])
    return game


def situation(scenario, mechs, minions=(), bomb=None, tasks=(), mode="normal", players=2):
    """A mission with Mechs at [(x, y, facing)], Minions and the Bomb moved, the task queue `tasks`."""
    game = started(scenario, mode, players)
    place(game, mechs, minions=minions, tasks=tasks)
    if bomb is not None:
        game.state["bomb"]["pos"] = list(bomb)
    game.state["decks"]["damage"] = ["sticky-steering"] * 10  # System damage: no steps, easy to count
    return game


def squares(game, **selector):
    return sorted(tuple(s) for s in game.ctx.board.select(selector))


def minions(game):
    return sorted(tuple(m) for m in game.state["minions"])


def rolled(game, color):
    """The Rune Die shows `color` from now on (an instance attribute: the catalog is untouched)."""
    game.roll_rune_die = lambda state: color


def starts(game):
    return sorted(tuple(a["square"]) for a in game.legal_actions() if a["kind"] == "setup")


# ===== Mission 1: Mistakes Were Made =====================================================================
def test_m1_setup_bomb_in_the_school_at_5_health_or_7_in_ez_mode():
    """M1 Mission Setup: "Locate and place the Bomb within the School." Set Up the Bomb: "For this Mission, start
    the Bomb at 5 health." "EZ-MODE: ... For This Mission, start the Bomb at 7 health instead!" """
    for mode, health in (("normal", 5), ("ez", 7)):
        game = started(M1, mode)
        bomb = game.state["bomb"]
        assert (bomb["health"], bomb["max"]) == (health, health) and game.view()["ez"] == (mode == "ez")
        assert game.ctx.board.kind(bomb["pos"]) == "school"
        assert game.view()["trackers"]["bomb_health"] == health


def test_m1_setup_board_spaces_and_minions_on_all_rune_spaces():
    """M1 Mission Setup: "Place each character-specific Mech on any starting space" ... "Spawn Minions on all Rune
    Spaces." ... "Take special note of the Repair Pad location!" New Board Spaces: Rune Spaces ("four colors"),
    Repair Pads, Oil Slicks."""
    game = mission(M1)
    assert starts(game) == squares(game, kind="mech-start") and len(starts(game)) == 4
    game = started(M1)
    rune_spaces = squares(game, kind="rune-space")
    assert {game.ctx.board.square(s)["color"] for s in rune_spaces} == {"red", "yellow", "blue", "green"}
    assert minions(game) == rune_spaces
    assert len(squares(game, kind="repair-pad")) == 1 and squares(game, kind="oil-slick")
    assert len(squares(game, kind="school")) == 4
    assert (game.ctx.board.width, game.ctx.board.height) == (6, 12)


def test_m1_first_draft_is_double_and_untimed_until_the_escalation():
    """M1 Back on Mission: "the first draft is a Double Draft (first Round only!). The First Player deals 10
    Command Cards" — and drafting is timed only "As soon as the Bomb leaves the School". Keeping Track: the
    Gear Tracker counts kills."""
    game = started(M1)
    assert len(game.state["draft"]["dealt"]) == 10 and "draft:timeout" not in ids(game)
    assert "team_gears" in game.view()["trackers"]


def test_m1_minions_move_one_space_toward_the_bomb_preferring_blue_or_green():
    """M1 Minion Movement: "Minions move 1 space toward the Bomb during Minion Phase. Given two equally close
    spaces, Minions prefer moving in the Blue or Green directions." (Compass: blue down, green left.)"""
    game = started(M1)
    game.state["tasks"] = [{"t": "minion_move"}]
    run(game, [])
    # Bomb at c4: a1 -> down (blue) over right; f1 -> down (blue) over left (green: blue comes first);
    # a10 -> up (red) over right (yellow); f12 -> left (green) over up (red)
    assert minions(game) == [(0, 1), (0, 8), (4, 11), (5, 1)]


def test_m1_minions_spawn_on_every_empty_rune_space_and_attack_mechs_then_the_bomb():
    """M1 Spawn New Minions: "spawn Minions on all empty Rune Spaces during Minion Phase." Minions Attack:
    "Minions can and will attack both Mechs and the Bomb ... Process Minion Damage in player order starting
    with the First Player, and only then proceed to damaging the Bomb." """
    game = situation(M1, [(1, 0, "up"), (4, 4, "up")], minions=[(3, 4), (2, 2)], bomb=(3, 5),
                     tasks=[{"t": "minion_spawn"}, {"t": "minion_attack_all"}])
    events = run(game, [])
    assert minions(game) == [(0, 0), (0, 9), (2, 2), (3, 4), (5, 0), (5, 11)]
    kinds = [(e["kind"], e.get("seat")) for e in events if e["kind"] in ("attack", "bomb")]
    # the Minion at b1 (new, on the red Rune Space) hits Corki, d5 hits Tristana, then d5 hits the Bomb
    assert kinds == [("attack", 0), ("attack", 1), ("bomb", None)]
    assert game.state["bomb"]["health"] == 4


def test_m1_time_bomb_escalation_when_the_bomb_leaves_the_school():
    """M1 Escalation: "As soon as the Bomb leaves the School, a new rule applies: ... HOLY TIME BOMB! For the
    remainder of the Mission, and all future Missions, drafting is timed!" """
    game = situation(M1, [(2, 2, "down"), (5, 5, "up")], tasks=[EXEC[0], {"t": "deal"}])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert game.state["bomb"]["pos"] == [2, 4] and game.state["escalated"] == ["time-bomb"]
    assert any("HOLY TIME BOMB!" in e["text"] for e in events if e["kind"] == "escalation")
    assert "draft:timeout" in ids(game)


def test_m1_win_when_the_bomb_is_pushed_onto_the_repair_pad():
    """M1 Back on Mission: "MISSION OBJECTIVE: Move the Bomb onto the Repair Pad before the device explodes!"
    Congratulations: "Once the Bomb is secured, your Mission is complete!" """
    pad = squares(started(M1), kind="repair-pad")[0]
    game = situation(M1, [(pad[0], pad[1] - 2, "down"), (5, 5, "up")], bomb=(pad[0], pad[1] - 1),
                     tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert game.outcome == {"result": "win", "reason": "Once the Bomb is secured, your Mission is complete!"}
    assert events[-1]["rule"] == f"{MVM}/m1-congratulations"


def test_m1_loss_when_the_bomb_reaches_zero_health():
    """M1 Going Out With a Ka-boom: "In this Mission, if the Bomb reaches zero health, KA-BOOM! You lose." """
    game = situation(M1, [(0, 5, "up"), (5, 5, "up")], minions=[(3, 8)], bomb=(3, 7),
                     tasks=[{"t": "minion_attack_all"}])
    game.state["bomb"]["health"] = 1
    events = run(game, [])
    assert game.outcome["result"] == "loss" and "KA-BOOM!" in game.outcome["reason"]
    assert events[-1]["rule"] == f"{MVM}/m1-going-out-with-a-ka-boom"


# ===== Mission 4: Running the Gauntlet ===================================================================
def test_m4_setup_mechs_on_the_starting_line_minions_as_placed():
    """M4 Mission Setup: "Place Mechs on any space in the starting line, facing any direction." "Place Minions
    according to the diagram." Three Map Tiles ("the second Map Tile", "the third Map Tile")."""
    game = mission(M4)
    line = squares(game, zone="starting-line")
    assert starts(game) == line and len(line) == 6 and {y for _, y in line} == {17}
    assert game.ctx.board.tile_colors == [None, None, None] and game.ctx.board.height == 18
    assert {game.ctx.board.tile_at(s) for s in line} == {0}
    zone = squares(game, zone="spawn-zone")
    assert {game.ctx.board.tile_at(s) for s in zone} == {2} and {y for _, y in zone} == {0, 1, 2}
    game = started(M4)
    assert len(minions(game)) == 5 and game.state["bomb"] is None


@pytest.mark.parametrize("mode, spaces", [("normal", 3), ("ez", 2)])
def test_m4_minions_march_toward_the_starting_line(mode, spaces):
    """M4 Minion Movement: "Move all Minions 3 spaces toward the starting line during Minion Phase."
    "EZ-MODE: Minions only move 2 spaces instead." """
    game = situation(M4, [(0, 17, "up"), (5, 17, "up")], minions=[(2, 5), (3, 9)],
                     tasks=[{"t": "minion_move"}], mode=mode)
    run(game, [])
    assert minions(game) == [(2, 5 + spaces), (3, 9 + spaces)]


def test_m4_a_minion_reaching_the_starting_line_loses_the_mission():
    """M4 No Escape!: "If any Minion reaches your starting line... You lose! You can't let any of these guys
    escape the battlefield!" """
    game = situation(M4, [(0, 17, "up"), (5, 17, "up")], minions=[(2, 15)], tasks=[{"t": "minion_move"}])
    events = run(game, [])
    assert game.outcome["result"] == "loss" and "You lose!" in game.outcome["reason"]
    assert events[-1]["rule"] == f"{MVM}/m4-no-escape"


def test_m4_a_minion_held_up_by_a_mech_has_not_reached_the_starting_line():
    """M4 No Escape!: "If any Minion reaches your starting line... You lose!" — only a Minion that stands on the
    line has reached it (our reading): a Mech guarding the line holds up its column ("Minions can never move
    into an occupied space"), and a Minion with no closer free space stays put instead of side-stepping."""
    game = situation(M4, [(2, 17, "up"), (5, 17, "up")], minions=[(2, 15), (2, 14)],
                     tasks=[{"t": "minion_move"}])
    run(game, [])
    assert minions(game) == [(2, 15), (2, 16)] and not game.over


@pytest.mark.parametrize("rows", [1, 2])
def test_m4_spawn_full_rows_of_the_spawn_zone_from_the_board_edge(rows):
    """M4 Minion Spawn: "During Minion Phase, spawn a full row of Minions in the spawn zone." Escalation!: "spawn
    2 full rows" ... "spawn 3 full rows" — rows counted from the board's edge (the final row) inward."""
    game = situation(M4, [(0, 17, "up"), (5, 17, "up")], tasks=[{"t": "minion_spawn"}])
    game.state["mods"]["spawn_rows"] = rows
    run(game, [])
    assert minions(game) == sorted((x, y) for x in range(6) for y in range(rows))


def test_m4_spawn_skips_squares_that_are_not_empty():
    """M4 Escalation!: "spawn 3 full rows of Minions" — three rows fill the whole spawn zone. FG Spawn: "Minions
    can only spawn in empty spaces." """
    game = situation(M4, [(1, 1, "up"), (5, 17, "up")], minions=[(4, 2)], tasks=[{"t": "minion_spawn"}])
    game.state["mods"]["spawn_rows"] = 3
    run(game, [])
    assert len(minions(game)) == 18 - 1 and (1, 1) not in minions(game)


def test_m4_escalations_when_a_mech_steps_onto_the_second_and_third_tiles():
    """M4 Escalation!: "When any player steps onto the second Map Tile, spawn 2 full rows of Minions during
    Minion Phase (instead of 1). When any player steps onto the third Map Tile, spawn 3 full rows" """
    game = situation(M4, [(0, 12, "up"), (5, 17, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert game.state["escalated"] == ["second-map-tile"] and game.state["mods"]["spawn_rows"] == 2
    assert any(e["kind"] == "escalation" and "second Map Tile" in e["text"] for e in events)
    place(game, [(0, 6, "up"), (5, 17, "up")], minions=(), tasks=[EXEC[0]])
    events = run(game, [])
    assert game.state["escalated"] == ["second-map-tile", "third-map-tile"]
    assert game.state["mods"]["spawn_rows"] == 3


def test_m4_missions_never_de_escalate():
    """M4 Escalation!: "Missions never de-escalate even if Mechs move backward." "Continue spawning 3 full rows
    during Minion Phase for the remainder of the Mission!" — reaching the second tile after the third (a Mech
    pushed up the board) keeps 3 rows, and stepping back changes nothing."""
    game = situation(M4, [(3, 5, "up"), (0, 12, "up")], tasks=[{"t": "player_phase_end"}])
    run(game, [])
    assert game.state["escalated"] == ["third-map-tile"] and game.state["mods"]["spawn_rows"] == 3
    program(game, 1, 1, "skewer")
    run(game, [{"t": "exec_slot", "seat": 1, "slot": 1}])
    assert game.state["escalated"] == ["third-map-tile", "second-map-tile"]
    assert game.state["mods"]["spawn_rows"] == 3
    place(game, [(3, 17, "up"), (0, 17, "up")], tasks=[{"t": "player_phase_end"}])
    run(game, [])
    assert game.state["mods"]["spawn_rows"] == 3


def test_m4_a_mech_that_crossed_a_tile_counts_as_having_stepped_onto_it():
    """M4 Escalation!: "two escalations that happen when any player advances onto a new Map Tile for the first
    time" — a Mech that moved onto the second tile and off it again in one go (a push, a slide) still
    stepped onto it (our reading): the Map Tiles Mechs moved onto are remembered."""
    game = situation(M4, [(0, 12, "up"), (5, 17, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    game.state["escalated"] = ["second-map-tile"]  # only the remembering is checked here
    run(game, [])
    assert game.state["mech_tiles"] == [1]
    game = situation(M4, [(0, 17, "up"), (5, 17, "up")], tasks=[{"t": "player_phase_end"}])
    game.state["mech_tiles"] = [2]
    run(game, [])
    assert game.state["escalated"] == ["third-map-tile"]


def test_m4_win_when_the_whole_team_stands_in_the_spawn_zone():
    """M4 Congratulations!: "Is the entire team standing defiantly in the final row of the Game Board (i.e.: the
    Minion spawn zone)? Are all remaining Minions still on the battlefield (none escaped) ... Sounds like a
    win!" — none escaped: the loss would have come first."""
    game = situation(M4, [(0, 3, "up"), (5, 3, "up")], tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert not game.over  # one Mech is still below the spawn zone
    program(game, 1, 1, "skewer")
    run(game, [{"t": "exec_slot", "seat": 1, "slot": 1}])
    assert game.over and game.outcome["result"] == "win"


def test_m4_a_game_with_one_mech_wins_when_it_stands_there():
    """M4 Congratulations!: "the entire team" — a team of one."""
    game = situation(M4, [(3, 3, "up")], players=1, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.outcome["result"] == "win"


# ===== Mission 8: Special Delivery =======================================================================
def test_m8_setup_bomb_health_10_or_15_next_to_the_mech_starting_locations():
    """M8 Mission Setup: "Place the Bomb in the designated spot next to the Mech starting locations." "The Bunker
    Buster Boss Bomb starts at 10 health." "EZ-MODE: The Bomb instead starts with 15 health." """
    for mode, health in (("normal", 10), ("ez", 15)):
        game = started(M8, mode)
        bomb = game.state["bomb"]
        assert (bomb["health"], bomb["max"]) == (health, health)
    start_squares = starts(mission(M8))
    assert any(abs(x - bomb["pos"][0]) + abs(y - bomb["pos"][1]) == 1 for x, y in start_squares)


def test_m8_mechs_start_on_rune_spaces_and_rune_gates_start_disabled():
    """M8 Mission Setup: "Place Mechs on any Mech starting location" ... "This Mission, Rune Gates start out
    disabled. (You're already standing on Rune Spaces!)" """
    game = mission(M8)
    start_squares = starts(game)
    board = game.ctx.board
    assert len(start_squares) == 4 and {board.kind(s) for s in start_squares} == {"rune-space"}
    assert {board.square(s)["color"] for s in start_squares} == {"red", "yellow", "blue", "green"}
    game = started(M8, players=4)
    assert game.view()["runes"] == {"red": False, "yellow": False, "blue": False, "green": False}
    gates = squares(game, kind="rune-gate")
    assert len(gates) == 3 and all(board.square(g).get("color") for g in gates)
    assert squares(game, kind="lava-pool") and squares(game, kind="massive-boulder")
    assert len(minions(game)) == 6


def test_m8_the_bomb_can_reach_the_deploy_zone_without_passing_a_rune_gate():
    """M8 Congratulations!: "If the Bomb is successfully pushed or towed to the Bomb Deploy Zone, your Mission is a
    success!" — the board is winnable whatever the Runes do: an open way round the gates exists (adapted tile
    design), and the gates are shortcuts."""
    game = started(M8)
    board = game.ctx.board
    zone = {tuple(s) for s in board.select({"zone": "bomb-deploy-zone"})}
    assert len(zone) == 4
    seen, queue = {tuple(game.state["bomb"]["pos"]): 0}, deque([tuple(game.state["bomb"]["pos"])])
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nxt = (x + dx, y + dy)
            if nxt not in seen and not board.impassable(nxt) and board.kind(nxt) not in ("rune-gate", "lava-pool"):
                seen[nxt] = seen[(x, y)] + 1
                queue.append(nxt)
    assert min(seen[z] for z in zone if z in seen) >= 10


def test_m8_minions_move_two_spaces_toward_the_bomb_around_massive_boulders():
    """M8 Minion Movement: "During Minion Phase, Minions move 2 spaces toward the Bomb." "Prefer moving into empty
    adjacent spaces (even sideways or away from the Bomb) to get around Massive Boulder obstacles" ... "When
    in doubt, they prefer to move in the Blue or Green directions" — a Minion walled in above the Bomb walks
    sideways (green, left) toward the chamber's gate rather than bumping into the wall."""
    game = situation(M8, [(0, 0, "up"), (11, 0, "up")], minions=[(7, 7)], tasks=[{"t": "minion_move"}])
    run(game, [])
    assert minions(game) == [(5, 7)]


def test_m8_minions_ignore_rune_gates():
    """FG Rune Gates: "Minions and the Boss can ignore Rune Gates, whether they're active or not." """
    game = situation(M8, [(0, 0, "up"), (11, 0, "up")], minions=[(5, 7)], tasks=[{"t": "minion_move"}])
    game.state["runes"] = dict.fromkeys(game.state["runes"], True)
    run(game, [])
    assert minions(game) == [(5, 9)]  # through the blue gate at f9


@pytest.mark.parametrize("color, damage", [("red", 1), ("yellow", 1), ("blue", 0), ("green", 0)])
def test_m8_a_red_or_yellow_roll_damages_the_bomb(color, damage):
    """M8 Minion Spawn: "Also, if you roll Red or Yellow, the Bomb immediately takes 1 damage. (Can't unlight the
    fuse!)" """
    game = situation(M8, [(0, 0, "up"), (11, 0, "up")], minions=(), bomb=(6, 11), tasks=[{"t": "minion_phase"}])
    rolled(game, color)
    run(game, [])
    assert game.state["rune_roll"] == color and game.view()["rune_roll"] == color
    assert game.state["bomb"]["health"] == 10 - damage


def test_m8_minions_spawn_on_the_rolled_colour_including_the_mech_starts():
    """M8 Minion Spawn: "Roll the Rune Die and spawn Minions on all Rune Spaces of that color (including the Rune
    spaces where Mechs start!)." FG Spawn: "Minions can only spawn in empty spaces." """
    game = situation(M8, [(0, 1, "up"), (9, 10, "up")], minions=(), tasks=[{"t": "minion_spawn"}])
    rolled(game, "green")
    game.state["rune_roll"] = "green"
    run(game, [])
    assert minions(game) == [(1, 7)]  # the green start j11 holds a Mech
    game = situation(M8, [(0, 1, "up"), (4, 0, "up")], minions=(), tasks=[{"t": "minion_spawn"}])
    game.state["rune_roll"] = "red"
    run(game, [])
    assert minions(game) == [(9, 9), (10, 2)]


def test_m8_the_bomb_takes_damage_on_a_lava_pool_and_minions_attack_it():
    """M8 Mission Setup: "The Bomb takes 1 Damage each time it moves onto a Lava Pool." Minion Attack: "Minions do
    1 damage to all adjacent Mechs and the Bomb." """
    game = situation(M8, [(5, 10, "left"), (11, 0, "up")], bomb=(4, 10), tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.state["bomb"]["pos"] == [3, 10] and game.state["bomb"]["health"] == 9
    place(game, [(5, 10, "left"), (11, 0, "up")], minions=[(3, 11), (2, 10)], tasks=[{"t": "minion_attack_all"}])
    run(game, [])
    assert game.state["bomb"]["health"] == 7


def test_m8_win_when_the_bomb_is_pushed_into_the_deploy_zone():
    """M8 Congratulations!: "If the Bomb is successfully pushed or towed to the Bomb Deploy Zone, your Mission is a
    success!" """
    game = situation(M8, [(5, 3, "down"), (11, 0, "up")], bomb=(5, 4), tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    events = run(game, [])
    assert game.outcome["result"] == "win" and events[-1]["rule"] == f"{MVM}/m8-congratulations"


def test_m8_loss_when_the_bomb_explodes_before_it_is_deployed():
    """M8 Just Impacted on the Surface: "If the Bomb's health reaches zero before it is pushed or towed to the
    Bomb Deploy Zone, it explodes prematurely—vaporizing all Mechs. ... You lose!" """
    game = situation(M8, [(0, 0, "up"), (11, 0, "up")], minions=(), tasks=[{"t": "minion_phase"}])
    game.state["bomb"]["health"] = 1
    rolled(game, "yellow")
    events = run(game, [])
    assert game.outcome["result"] == "loss" and "explodes prematurely" in game.outcome["reason"]
    assert events[-1]["rule"] == f"{MVM}/m8-just-impacted-on-the-surface"


# ===== generic pieces of the play vocabulary on test boards ==============================================
TOWARD = {"by": "toward", "toward": "bomb", "spaces": 1, "prefer": ["blue", "green"], "rule": "m8-maniacal-minions"}
NOTE = {"source": "tests/test_mvm_missions_bomb.py", "status": "adapted", "note": "Test-only."}


def board_game(rows, mechs, minions=(), bomb=None, tasks=(), **play_parts):
    play = tile_play()
    for key, value in play_parts.items():
        if key in ("movement", "spawn"):
            play["minion_phase"][key] = value
        else:
            play[key] = value
    if bomb is not None:
        play["bomb"] = {"square": list(bomb), "health": 5, "provenance": NOTE}
    play.setdefault("escalations", [])
    game = tile_game(rows, LEGEND, play, mechs, minions=minions, tasks=tasks)
    if bomb is not None:
        game.state["bomb"] = {"pos": list(bomb), "health": 5, "max": 5}
    return game


WALL = ["......", "......", ".XXX..", "......", "......", "......"]


@pytest.mark.parametrize("path, expected", [("straight", (2, 1)), ("around-obstacles", (1, 1))])
def test_path_straight_stays_put_behind_a_boulder_around_obstacles_walks_round(path, expected):
    """M1 Minion Movement: "If there are no spaces that would move the Minion closer to the Bomb, it stays put"
    (path: straight, the default). M8: "Prefer moving into empty adjacent spaces (even sideways or away from
    the Bomb) to get around Massive Boulder obstacles" (path: around-obstacles)."""
    game = board_game(WALL, [(5, 0, "up"), (5, 5, "up")], minions=[(2, 1)], bomb=(2, 4),
                      movement=dict(TOWARD, path=path), tasks=[{"t": "minion_move"}])
    run(game, [])
    assert minions(game) == [expected]


def test_toward_a_zone_goes_to_the_nearest_square_of_it():
    """M4 Minion Movement: "Move all Minions 3 spaces toward the starting line" — `toward: {zone: ...}`: the
    nearest square of the zone, whichever it is."""
    rows = ["_.....", "......", "......", "......", "......", "......"]
    game = board_game(rows, [(5, 5, "up"), (4, 5, "up")], minions=[(3, 0)],
                      movement={"by": "toward", "toward": {"zone": "starting-line"}, "spaces": 3},
                      tasks=[{"t": "minion_move"}])
    run(game, [])
    assert minions(game) == [(0, 0)]


def test_victory_checked_at_the_end_of_the_player_phase_waits_for_it():
    """M6/M7 Congratulations: "At the end of the Player Phase, if ..." — a victory with `check:
    end-of-player-phase` does not end the game mid-phase, only when the Player Phase ends."""
    victory = {"all": [{"kind": "bomb-on-repair-pad"}], "check": "end-of-player-phase", "text": "Won.",
               "rule": "m1-congratulations"}
    game = board_game(["..P...", *["......"] * 5], [(0, 0, "right"), (5, 5, "up")], bomb=(1, 0),
                      victory=victory, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.state["bomb"]["pos"] == [2, 0] and not game.over
    run(game, [{"t": "player_phase_end"}])
    assert game.outcome == {"result": "win", "reason": "Won."}


def test_round_ends_trigger_fires_at_the_end_of_that_round():
    """M5 Lava Wall: "at the end of the third Round" — the trigger `round-ends` with `round: n` fires once round n
    has ended, not before."""
    esc = {"id": "late", "trigger": "round-ends", "round": 2, "rule": "m1-escalation",
           "then": [{"set": {"timed_draft": True}}]}
    game = board_game(["......"] * 6, [(0, 0, "up"), (5, 5, "up")], escalations=[esc],
                      tasks=[{"t": "round_end"}])
    run(game, [])
    assert game.state["escalated"] == []
    game.state["tasks"] = [{"t": "round_end"}]
    run(game, [])
    assert game.state["escalated"] == ["late"] and game.draft_timed(game.state)


def test_ez_mode_is_offered_only_where_the_mission_has_one():
    """Missions 1-10: "EZ-MODE: Playing with younger players or players new to board games?" — the Tutorial has
    none, so it starts straight with the Mechs' places."""
    tutorial = engine.new_game(f"{MVM}/mission-00", seed=1, players=2, catalog=catalog())
    assert "mode:ez" not in ids(tutorial)
    for scenario in (M1, M4, M8):
        assert ids(engine.new_game(scenario, seed=1, players=2, catalog=catalog())) == ["mode:normal", "mode:ez"]


# ===== whole games ==========================================================================================
def rule_anchors() -> set:
    from site_src.model.anchors import game_anchors

    content = real_content.content()
    return {a.rule_id for g in content.games.values() for a in game_anchors(g)}


@pytest.mark.parametrize("scenario", [M1, M4, M8])
def test_random_games_end_without_errors_and_every_rule_resolves(scenario):
    """30 random games of each mission (2 players, both modes, 3000 actions at most): no exception, the
    invariants of random play hold (tests/test_mvm_properties.py), every event's rule id resolves, and each
    game ends (random play loses: the rules end it)."""
    anchors, seen, endings = rule_anchors(), set(), set()
    for seed in range(30):
        game = engine.new_game(scenario, seed=seed, players=2, catalog=catalog())
        step = 0
        while not game.over and step < 3000:
            legal = game.legal_actions()
            assert legal
            choice = legal[(seed * 7919 + step * 104729) % len(legal)]["id"]
            for event in game.play(choice):
                seen.add(event["rule"])
            invariants(game)
            step += 1
        json.dumps(game.view())
        assert game.over, f"seed {seed}: not over after {step} actions"
        endings.add(game.outcome["reason"])
    assert not seen - anchors, sorted(seen - anchors)
    assert endings
