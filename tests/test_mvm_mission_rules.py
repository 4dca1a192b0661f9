"""Mission 1's own rules as `play` data, one test per rule; each docstring quotes the rulebook sentence it checks.

Source: "Mechs vs. Minions Rulebook", Mission 1: Mistakes Were Made (M1) and the Field Guide (FG). Every test
plays on a test-only Map Tile and scenario built here from a copy of the compiled catalog (both validated
against the content schemas): Minion movement toward the Bomb, spawning on empty Rune Spaces, the
escalation when the Bomb leaves the School and the victory when the Bomb reaches a Repair Pad."""

import pytest
from mvm_support import (
    EXEC,
    LEGEND,
    MVM,
    OPEN,
    catalog,
    ids,
    program,
    run,
    schema_errors,
    tile_game,
    tile_play,
)

# The Tutorial's compass: blue down, green left, red up, yellow right
COMPASS = {"red": "up", "yellow": "right", "blue": "down", "green": "left"}
TOWARD_BOMB = {"by": "toward", "toward": "bomb", "spaces": 1, "prefer": ["blue", "green"], "rule": "m1-back-on-mission"}
RUNE_SPACES = {"kind": "rune-spaces", "rule": "m1-back-on-mission"}
TIME_BOMB = {"id": "time-bomb", "trigger": "bomb-leaves-school", "then": [{"set": {"timed_draft": True}}],
             "text": "Wait… Something started ticking. What would be ticking? Time bombs tick. HOLY TIME BOMB!",
             "rule": "m1-escalation"}
WIN_BOMB_SECURED = "Once the Bomb is secured, your Mission is complete!"
SECURED = {"all": [{"kind": "bomb-on-repair-pad"}], "text": WIN_BOMB_SECURED, "rule": "m1-congratulations"}
PROVENANCE = {"source": "tests/test_mvm_mission_rules.py", "status": "adapted", "note": "Test-only."}


def mission_play(movement=None, spawn=None, escalations=None, victory=None, compass=None, bomb=None):
    """The Tutorial's `play` block on the test tile, with Mission 1's rules swapped in."""
    play = tile_play()
    play["compass"]["directions"] = dict(compass or COMPASS)
    if movement is not None:
        play["minion_phase"]["movement"] = movement
    if spawn is not None:
        play["minion_phase"]["spawn"] = spawn
    play["escalations"] = [] if escalations is None else escalations
    if victory is not None:
        play["victory"] = victory
    if bomb is not None:
        play["bomb"] = dict(bomb, provenance=PROVENANCE)
    return play


def mission_game(rows, mechs, minions=(), shards=(), tasks=(), seed=1, **play_parts):
    """A game on a test Map Tile drawn as `rows`, Mechs placed as [(x, y, facing), ...], the queue `tasks`."""
    return tile_game(rows, LEGEND, mission_play(**play_parts), mechs, minions=minions, shards=shards,
                           tasks=tasks, seed=seed)


def minions(game):
    return sorted(tuple(m) for m in game.state["minions"])


def move_minions(rows, minion_squares, bomb, mechs=((0, 5, "up"), (5, 5, "up")), **parts):
    parts.setdefault("movement", TOWARD_BOMB)
    game = mission_game(rows, list(mechs), minions=minion_squares, bomb={"square": bomb, "health": 5},
                        tasks=[{"t": "minion_move"}], **parts)
    events = run(game, [])
    return game, events


# ----- Minion Movement: toward the Bomb ---------------------------------------------------------------------
def test_minions_move_one_space_toward_the_bomb():
    """M1 Minion Movement: "For this Mission only, Minions move 1 space toward the Bomb during Minion Phase." """
    game, events = move_minions(OPEN, [(3, 0), (0, 3), (3, 5)], [3, 3])
    assert minions(game) == [(1, 3), (3, 1), (3, 4)]
    assert events[-1]["rule"] == f"{MVM}/m1-back-on-mission"


def test_minions_move_as_many_spaces_as_the_data_says_each_space_toward_the_bomb():
    """M1 Minion Movement: "Minions move 1 space toward the Bomb" — the number is `movement.spaces` (Mission 8
    moves them the same way); each space is chosen afresh."""
    game, _ = move_minions(OPEN, [(0, 0)], [2, 3], movement=dict(TOWARD_BOMB, spaces=2))
    assert minions(game) == [(0, 2)]  # down (blue) twice: still tied, blue preferred
    game, _ = move_minions(OPEN, [(0, 3)], [2, 3], movement=dict(TOWARD_BOMB, spaces=3))
    assert minions(game) == [(1, 3)]  # the third space would be the Bomb's: it stays put


def test_equally_close_spaces_prefer_the_blue_or_green_directions_of_the_compass():
    """M1 Minion Movement: "Given two equally close spaces, Minions prefer moving in the Blue or Green
    directions. (See: Crystal Compass)" """
    # up-left of the Bomb: right (yellow) and down (blue) are equally close -> blue, down
    game, _ = move_minions(OPEN, [(0, 0)], [3, 3])
    assert minions(game) == [(0, 1)]
    # up-right of the Bomb: left (green) and down (blue) -> blue comes first in `prefer`
    game, _ = move_minions(OPEN, [(5, 0)], [3, 3])
    assert minions(game) == [(5, 1)]
    game, _ = move_minions(OPEN, [(5, 0)], [3, 3], movement=dict(TOWARD_BOMB, prefer=["green", "blue"]))
    assert minions(game) == [(4, 0)]
    # the colours go through the scenario's compass: blue pointing right turns the first case rightwards
    game, _ = move_minions(OPEN, [(0, 0)], [3, 3],
                           compass={"red": "left", "yellow": "up", "blue": "right", "green": "down"})
    assert minions(game) == [(1, 0)]


def test_a_tie_the_preference_does_not_settle_goes_by_compass_colour_order():
    """M1 Minion Movement: "Minions prefer moving in the Blue or Green directions" — when neither equally close
    space lies in a Blue or Green direction the rulebook does not say; we take the colour first in red, yellow,
    blue, green (adapted)."""
    # blue up, green right: a Minion down-left of the Bomb can go up (blue) or right (green): blue
    compass = {"red": "down", "yellow": "left", "blue": "up", "green": "right"}
    game, _ = move_minions(OPEN, [(0, 5)], [3, 2], compass=compass, mechs=((5, 5, "up"), (5, 4, "up")))
    assert minions(game) == [(0, 4)]
    # up-left of the Bomb: down (red) or right (green): green is preferred over red
    game, _ = move_minions(OPEN, [(0, 0)], [3, 3], compass=compass)
    assert minions(game) == [(1, 0)]
    # with no preference at all, red (down) comes before yellow/green
    game, _ = move_minions(OPEN, [(0, 0)], [3, 3], compass=compass, movement=dict(TOWARD_BOMB, prefer=["yellow"]))
    assert minions(game) == [(0, 1)]


def test_a_minion_with_no_closer_space_stays_put():
    """M1 Minion Movement: "If there are no spaces that would move the Minion closer to the Bomb, it stays
    put." FG Minions: "Minions can never move into an occupied space ... or move off the board." """
    # next to the Bomb: the only closer space is the Bomb's own
    game, _ = move_minions(OPEN, [(3, 2)], [3, 3])
    assert minions(game) == [(3, 2)]
    # straight above the Bomb with a Massive Boulder in the way: no sideways step, it stays put
    game, _ = move_minions([*OPEN[:2], "...X..", *OPEN[3:]], [(3, 1)], [3, 3])
    assert minions(game) == [(3, 1)]
    # a Mech on the preferred closer space: it takes the other closer space
    game, _ = move_minions(OPEN, [(0, 0)], [3, 3], mechs=((0, 1, "up"), (5, 5, "up")))
    assert minions(game) == [(1, 0)]
    # both closer spaces occupied (a Mech and a Minion that cannot move): it stays put
    game, _ = move_minions(OPEN, [(2, 2), (2, 3)], [3, 3], mechs=((3, 2, "up"), (5, 5, "up")))
    assert minions(game) == [(2, 2), (2, 3)]


def test_minions_nearest_the_bomb_move_first_so_a_file_advances_together():
    """M1 Minion Movement: "Minions move 1 space toward the Bomb" — every Minion of a file moves (the rulebook
    gives no order; the nearest moves first, adapted)."""
    game, _ = move_minions(OPEN, [(0, 3), (1, 3)], [4, 3])
    assert minions(game) == [(1, 3), (2, 3)]


def test_a_minion_moving_toward_the_bomb_slides_on_an_oil_slick():
    """M1 Oil Slicks: "When a Mech, Minion, or Bomb moves onto an Oil Slick, it keeps moving in the same
    direction until it collides with a wall or obstacle ... steps off the Oil Slick, or reaches the edge" """
    game, _ = move_minions(["......", "O.....", "O.....", "O.....", *OPEN[4:]], [(0, 0)], [0, 5],
                           mechs=((5, 0, "up"), (5, 5, "up")))
    assert minions(game) == [(0, 4)]  # slid down the whole slick, off it, and next to the Bomb


def test_rune_die_movement_is_unchanged():
    """Tutorial Minion Movement (kept): Minions move in the compass direction the Rune Die shows."""
    game, events = move_minions(OPEN, [(2, 2)], [5, 0], movement={"by": "rune-die", "spaces": 1},
                                compass={"red": "up", "yellow": "up", "blue": "up", "green": "up"})
    assert minions(game) == [(2, 1)] and "Rune Die" in events[-1]["text"]


# ----- Spawn New Minions: on all empty Rune Spaces --------------------------------------------------------
def test_minions_spawn_on_every_empty_rune_space():
    """M1 Spawn New Minions: "For this Mission only, spawn Minions on all empty Rune Spaces during Minion Phase."
    FG Spawn: "Minions can only spawn in empty spaces." M1 Rune Spaces: "Stepping on a Rune Space has no
    immediate effect, but will block Minion spawning!" """
    rows = ["r.y.b.", "......", "g.r.y.", "......", "b.....", "......"]
    game = mission_game(rows, [(2, 0, "up"), (5, 5, "up")], minions=[(4, 0)], shards=[(0, 4)],
                        bomb={"square": [2, 2], "health": 5}, spawn=RUNE_SPACES, tasks=[{"t": "minion_spawn"}])
    events = run(game, [])
    # a Mech on (2, 0), a Minion on (4, 0), the Bomb on (2, 2): no new Minion there
    assert minions(game) == [(0, 0), (0, 2), (0, 4), (4, 0), (4, 2)]
    assert events[-1]["kind"] == "spawn" and events[-1]["text"].startswith("4 Minion(s) spawn")
    assert events[-1]["rule"] == f"{MVM}/m1-back-on-mission"


def test_a_crystal_shard_does_not_block_spawning():
    """FG Minions: "Minions can never move into an occupied space (except for those with Crystal Shards)" —
    so a Rune Space holding only a Crystal Shard is empty for a spawning Minion (our reading)."""
    game = mission_game(["r.....", *OPEN[1:]], [(5, 0, "up"), (5, 5, "up")], shards=[(0, 0)],
                        spawn=RUNE_SPACES, tasks=[{"t": "minion_spawn"}])
    run(game, [])
    assert minions(game) == [(0, 0)] and game.state["shards"] == [[0, 0]]


def test_minion_phase_moves_then_spawns_then_attacks():
    """FG Minion Phase: "Minion Movement ... Minions Spawn ... Minions Attack" — the Minion leaving a Rune Space
    frees it for a new one, and the new Minion then attacks the Mech beside it."""
    rows = ["......", "......", ".r....", *OPEN[3:]]
    game = mission_game(rows, [(0, 2, "up"), (5, 5, "up")], minions=[(1, 2)], movement=TOWARD_BOMB,
                        spawn=RUNE_SPACES, bomb={"square": [4, 2], "health": 5},
                        tasks=[{"t": "minion_phase"}])
    game.state["minion_phase"] = True
    run(game, [])
    assert minions(game) == [(1, 2), (2, 2)]
    assert len(game.state["mechs"][0]["system"]) == 1  # the new Minion is adjacent to the Mech at a3


def test_spawn_none_is_unchanged():
    """Tutorial Spawn (kept): "No new Minions spawn" in the Tutorial."""
    game = mission_game(["r.....", *OPEN[1:]], [(5, 0, "up"), (5, 5, "up")], tasks=[{"t": "minion_spawn"}])
    events = run(game, [])
    assert minions(game) == [] and events[-1]["text"] == "No new Minions spawn"


# ----- Escalation: the Bomb leaves the School ---------------------------------------------------------------
SCHOOL = ["CCC...", "CCC...", "CCC...", *OPEN[3:]]


def test_drafting_is_timed_as_soon_as_the_bomb_leaves_the_school():
    """M1 Escalation: "As soon as the Bomb leaves the School, a new rule applies: ... For the remainder of the
    Mission, and all future Missions, drafting is timed!" """
    game = mission_game(SCHOOL, [(0, 0, "right"), (5, 5, "up")], bomb={"square": [1, 0], "health": 5},
                        escalations=[TIME_BOMB], tasks=[EXEC[0], {"t": "deal"}])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.state["bomb"]["pos"] == [2, 0]  # moving within the School changes nothing
    assert game.state["escalated"] == [] and not game.draft_timed(game.state)
    assert "draft:timeout" not in ids(game)
    # the next push takes it out
    game.state["tasks"] = []
    program(game, 0, 1, "skewer")
    events = run(game, [EXEC[0], {"t": "deal"}])
    assert game.state["bomb"]["pos"] == [3, 0]
    assert game.state["escalated"] == ["time-bomb"] and game.draft_timed(game.state)
    escalation = next(e for e in events if e["kind"] == "escalation")
    assert "HOLY TIME BOMB!" in escalation["text"] and escalation["rule"] == f"{MVM}/m1-escalation"
    assert "draft:timeout" in ids(game) and game.view()["draft"]["timer_seconds"]


def test_the_time_bomb_escalation_happens_once_and_never_de_escalates():
    """M1 Escalation: "For the remainder of the Mission ... drafting is timed!" — bringing the Bomb back into the
    School does not undo it, and it does not happen again."""
    game = mission_game(SCHOOL, [(4, 0, "left"), (5, 5, "up")], bomb={"square": [3, 0], "health": 5},
                        escalations=[TIME_BOMB], tasks=[{"t": "round_end"}])
    run(game, [])  # the Bomb is already outside the School after the first task
    assert game.state["escalated"] == ["time-bomb"]
    game.state["tasks"] = []
    program(game, 0, 1, "skewer")
    events = run(game, [EXEC[0], {"t": "deal"}])
    assert game.state["bomb"]["pos"] == [2, 0]
    assert game.state["escalated"] == ["time-bomb"] and game.draft_timed(game.state)
    assert not [e for e in events if e["kind"] == "escalation"]
    assert "draft:timeout" in ids(game)


# ----- Victory: the Bomb on the Repair Pad --------------------------------------------------------------
def test_the_mission_is_complete_once_the_bomb_is_on_the_repair_pad():
    """M1 Back on Mission: "MISSION OBJECTIVE: Move the Bomb onto the Repair Pad before the device explodes!"
    Congratulations: "Once the Bomb is secured, your Mission is complete!" """
    game = mission_game(["...P..", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")],
                        bomb={"square": [1, 0], "health": 5}, victory=SECURED, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    program(game, 0, 2, "skewer")
    run(game, [])
    assert not game.over and game.state["bomb"]["pos"] == [2, 0]
    events = run(game, [EXEC[1]])
    assert game.state["bomb"]["pos"] == [3, 0]
    assert game.over and game.outcome == {"result": "win", "reason": WIN_BOMB_SECURED}
    assert events[-1]["kind"] == "win" and events[-1]["rule"] == f"{MVM}/m1-congratulations"
    assert game.legal_actions() == [] and game.view()["phase"] == "over"


def test_the_bomb_exploding_on_its_way_onto_the_repair_pad_is_still_a_loss():
    """M1 Going Out With a Ka-boom: "In this Mission, if the Bomb reaches zero health, KA-BOOM! You lose."
    M1 Set Up the Bomb: "Stomps Minions when pushed onto them. (However, the Bomb takes 1 Damage each time it
    stomps a Minion!)" """
    game = mission_game(["..P...", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], minions=[(2, 0)],
                        bomb={"square": [1, 0], "health": 1}, victory=SECURED, tasks=[EXEC[0]])
    program(game, 0, 1, "skewer")
    run(game, [])
    assert game.over and game.outcome["result"] == "loss"


def test_the_tutorial_victory_is_unchanged():
    """Tutorial: the victory `all-minions-destroyed-after-escalation` does not fire on a Bomb on a Repair Pad."""
    game = mission_game(["..P...", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], minions=[(5, 3)],
                        bomb={"square": [2, 0], "health": 5}, tasks=[{"t": "round_end"}])
    run(game, [])
    assert not game.over


# ----- the data ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("part, bad", [
    ("movement", dict(TOWARD_BOMB, by="toward-school")),
    ("movement", dict(TOWARD_BOMB, toward="the-moon")),
    ("movement", dict(TOWARD_BOMB, prefer=["purple"])),
    ("spawn", {"kind": "spawn-zone-of-doom"}),
    ("escalations", [dict(TIME_BOMB, trigger="bomb-enters-school")]),
    ("victory", dict(SECURED, all=[{"kind": "bomb-anywhere"}])),
])
def test_the_schema_rejects_rules_the_engine_does_not_know(part, bad):
    """The `play` block is strict: a rule the engine does not implement is a content error, not a silent no-op."""
    base = catalog()["games"][MVM]["scenarios"]["mission-00"]
    good = dict(base, id="test-board", play=mission_play(movement=TOWARD_BOMB, spawn=RUNE_SPACES,
                                                           escalations=[TIME_BOMB], victory=SECURED))
    assert not schema_errors("scenario", good)
    assert schema_errors("scenario", dict(good, play=mission_play(**{part: bad})))
