"""Missions 2 (School Under Siege) and 7 (Blast Chamber) as content: setup, their own rules, a playthrough, and
random playouts. Each rule test's docstring quotes the rulebook ("Mechs vs. Minions Rulebook", M2 / M7).

The boards are adapted (content/mechs-vs-minions/tiles/m02-*.yaml, m07-*.yaml). Mission 2: a T of four tiles,
18x12 — north (blue, at g1), west (yellow, at a7), the center tile with the School at i10:j11, east (green,
at m7); compass red down, yellow left, blue up, green right. Mission 7: four tiles, 12x12, the Assembly Zone
is e5:h8 with its four Rune Spaces in the middle; the compass is the Tutorial's.
"""

import json
import random

import pytest
import real_content
from invariants import mvm_invariants as invariants
from mvm_support import MVM, catalog, place, run

import engine
from site_src.model.anchors import game_anchors

M2, M7 = f"{MVM}/mission-02", f"{MVM}/mission-07"


def start(scenario, ez=False, players=2, seed=1):
    """A game past its setup: the mode chosen, every Mech on the first start square offered, facing up."""
    game = engine.new_game(scenario, seed=seed, players=players, catalog=catalog())
    game.play("mode:ez" if ez else "mode:normal")
    while game.state["phase"] == "setup":
        legal = [a["id"] for a in game.legal_actions()]
        game.play("face:up" if "face:up" in legal else legal[0])
    return game


def minions(game):
    return sorted(tuple(m) for m in game.state["minions"])


def move(game, seat, distance=1, card="skewer"):
    return run(game, [{"t": "move_choice", "seat": seat, "card": card, "power": 1, "slot": 1,
                       "from_damage": False, "spec": {"distance": distance}, "auto1": True}])


def teleport(game, seat, x, y, facing):
    game.state["mechs"][seat].update(pos=[x, y], facing=facing)


# ----- setup ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ez, health", [(False, 1), (True, 3)])
def test_mission_2_setup(ez, health):
    """M2 School on Fire!: "The School is on fire and only has 1 health for this Mission! Set the Doom Tracker to
    1. EZ-MODE: Set the School's health to 3 instead." Mission Setup: "Place Mechs on any space in the School";
    "Locate 3 Crystal Shards and place one on each of the three Repair Pads" """
    game = engine.new_game(M2, seed=3, players=4, catalog=catalog())
    game.play("mode:ez" if ez else "mode:normal")
    starts = sorted(tuple(a["square"]) for a in game.legal_actions())
    assert starts == [(8, 9), (8, 10), (9, 9), (9, 10)]
    assert all(game.ctx.board.kind(s) == "school" for s in starts)
    view = game.view()
    assert view["doom"] == {"tracks": "the School", "value": health, "max": health}
    board = game.ctx.board
    assert sorted(map(tuple, game.state["shards"])) == sorted(map(tuple, board.all_of("repair-pad")))
    assert len(game.state["shards"]) == 3
    assert sorted(c for c in board.tile_colors if c) == ["blue", "green", "yellow"]
    assert game.ctx.play["schematics"]["bring"] == 1 and game.state["timed_draft"]
    while game.state["phase"] == "setup":
        game.play(game.legal_actions()[0]["id"])
    assert len(game.state["minions"]) == 6 and game.state["phase"] == "draft"


@pytest.mark.parametrize("ez, health", [(False, 10), (True, 15)])
def test_mission_7_setup(ez, health):
    """M7 Mechs, Assemble!: "The Assembly Zone is vulnerable to Minion Invasion. Set its health to 10 on the Doom
    Tracker. EZ-MODE: The Assembly Zone starts with 15 health instead." Rune Rule Reminder: "All Rune Gates start
    activated at the start of the Mission". Setup: "Place a Crystal Shard at each designated location. (four
    total)" """
    game = start(M7, ez=ez, players=4)
    view = game.view()
    assert view["doom"] == {"tracks": "the Assembly Zone", "value": health, "max": health}
    assert view["runes"] == {"red": True, "yellow": True, "blue": True, "green": True}
    assert len(game.state["shards"]) == 4 and len(game.state["minions"]) == 4
    board = game.ctx.board
    assert all(board.zone(m["pos"]) == "assembly-zone" for m in game.state["mechs"])
    gates = board.all_of("rune-gate")
    assert sorted(board.square(g)["color"] for g in gates) == ["blue", "green", "red", "yellow"]
    lock = board.select({"kind": "rune-space", "zone": "assembly-zone"})
    assert sorted(board.square(s)["color"] for s in lock) == ["blue", "green", "red", "yellow"]
    assert all(p["carrying"] is False for p in view["pieces"] if p["kind"] == "mech")


# ----- Mission 2: Minion Assault! ----------------------------------------------------------------------
def m2_move(squares, roll, mods=None, mechs=((8, 9, "up"), (9, 9, "up"))):
    game = start(M2)
    place(game, list(mechs), minions=squares, tasks=[{"t": "minion_move"}])
    game.state["rune_roll"] = roll
    game.state["mods"].update(mods or {})
    events = run(game, [])
    return game, events


def test_m2_minions_move_toward_the_school_then_those_on_the_rolled_tile_move_again():
    """M2 Minion Movement: "All Minions move 1 space toward the School during the Minion Phase. Then, roll the
    Rune Die, and move all Minions on the Map Tile corresponding to that color 1 additional space!" """
    game, events = m2_move([(2, 8), (8, 2), (13, 7)], "yellow")
    # west (yellow) tile: down, then right; north and east: one space each
    assert minions(game) == [(3, 9), (8, 3), (13, 8)]
    assert any("yellow Map Tile" in e["text"] and e["rule"] == f"{MVM}/m2-minion-assault" for e in events)
    game, _ = m2_move([(2, 8), (8, 2), (13, 7)], "blue")
    assert minions(game) == [(2, 9), (8, 4), (13, 8)]


def test_m2_a_red_roll_moves_nobody_further_and_the_school_fire_flares_up():
    """M2 Minion Movement: "If you roll red, Minions don't move an additional space. Instead, the fire in the
    School flares up, and all Mechs inside the School take 1 Damage!" """
    game, _ = m2_move([(2, 8), (8, 2), (13, 7)], "red")
    assert minions(game) == [(2, 9), (8, 3), (13, 8)]
    place(game, [(8, 9, "up"), (5, 5, "up")])
    game.state["decks"]["damage"] = ["sticky-steering"] * 4  # System damage: easy to count
    game.state["rune_roll"] = "red"
    events = []
    game.roll_effects(game.state, game.ctx.play["minion_phase"], events)
    run(game, [])
    assert len(game.state["mechs"][0]["system"]) == 1 and not game.state["mechs"][1]["system"]


def test_m2_minions_on_the_center_tile_move_one_space_toward_the_center_first():
    """M2 Minion Movement: "When Minions reach the center Map Tile, they are limited to moving 1 space (even if
    you roll red and regardless of escalations). When Minions reach the center Map Tile, direct them toward the
    center first before turning towards the School" — the movement lines are adapted: lanes into the School."""
    # g7, the center tile's corner: toward the lane above the School (right), not down; one space only
    game, _ = m2_move([(6, 6)], "yellow", mods={"extra_moves": 1})
    assert minions(game) == [(7, 6)]
    # on a lane it heads for the School
    game, _ = m2_move([(8, 6)], "blue")
    assert minions(game) == [(8, 7)]
    # a Minion of the rolled west tile that steps onto the center tile stops there
    game, _ = m2_move([(5, 9)], "yellow")
    assert minions(game) == [(6, 9)]


def test_m2_after_the_second_shard_outer_minions_move_an_extra_space_whatever_the_roll():
    """M2 Escalation: "All Minions on the outer three Map Tiles now move an extra space by default. (The Rune Die
    no longer increases Minion movement and only determines which Map Tile spawns minions.)" """
    game, _ = m2_move([(2, 8), (8, 2), (13, 7), (7, 7)], "yellow", mods={"extra_moves": 1})
    assert minions(game) == [(3, 9), (8, 4), (8, 7), (13, 9)]


def test_m2_a_minion_entering_the_school_is_removed_and_the_school_loses_health():
    """M2 Minion Movement: "If a Minion enters any School space at any point, remove that Minion from play, and
    reduce the School's health on the Doom Tracker by 1!" F Is for Failure!: "If the Doom Tracker reaches zero,
    the School is completely engulfed in flames, and it's Game Over!" """
    game, events = m2_move([(8, 8), (2, 6)], "green", mechs=((5, 5, "up"), (9, 9, "up")))
    # the Minion nearest the School moves first; the game is lost at once and nothing else moves
    assert minions(game) == [(2, 6)] and game.state["kills"] == 0
    assert game.state["zone_health"]["value"] == 0 and game.view()["doom"]["value"] == 0
    assert any(e["rule"] == f"{MVM}/m2-f-is-for-failure" and e["kind"] == "zone" for e in events)
    assert game.over and game.outcome["result"] == "loss"


def test_m2_a_mech_in_the_school_keeps_minions_out_of_its_space():
    """FG Minions: "Minions can never move into an occupied space"; FG The School: "Spaces within the School are
    considered empty — Mechs, Minions, and the Bomb can move freely within." """
    game, _ = m2_move([(8, 8)], "green", mechs=((8, 9, "up"), (9, 9, "up")))
    assert minions(game) == [(8, 8)] and game.state["zone_health"]["value"] == 1


def test_m2_minions_spawn_in_rows_of_the_rolled_tiles_spawn_zone_and_more_as_it_escalates():
    """M2 Minion Spawn: "After movement, spawn an entire row of Minions in the spawn zone of the Map Tile that you
    rolled during Minion movement. If you rolled Red, no Minions spawn this turn!" Escalation: "spawn 2 full rows
    of Minions in the rolled spawn zone (instead of one)" ... "Minions spawn 2 full rows in every spawn zone" """
    def spawned(roll, mods=None):
        game = start(M2)
        place(game, [(8, 9, "up"), (9, 9, "up")], tasks=[{"t": "minion_spawn"}])
        game.state["rune_roll"] = roll
        game.state["mods"].update(mods or {})
        run(game, [])
        return minions(game)

    assert spawned("blue") == [(7, 0), (8, 0), (9, 0), (10, 0)]
    assert spawned("yellow") == [(0, 7), (0, 8), (0, 9), (0, 10)]
    assert spawned("green") == [(17, 7), (17, 8), (17, 9), (17, 10)]
    assert spawned("red") == []
    assert len(spawned("green", {"spawn_rows": 2})) == 8 and (16, 8) in spawned("green", {"spawn_rows": 2})
    assert len(spawned("red", {"spawn_rows": 2, "spawn_every_zone": True})) == 24


def test_m2_each_first_pick_up_escalates():
    """M2 Escalation: "Each time a Crystal Shard is first picked up, there is an escalation and Minions intensify
    their assault! These escalations come into play one at a time, but persist for the remainder of the
    Mission once activated." """
    game = start(M2)
    expected = [{"spawn_rows": 2}, {"spawn_rows": 2, "extra_moves": 1},
                {"spawn_rows": 2, "extra_moves": 1, "spawn_every_zone": True}]
    for n, (x, y) in enumerate(sorted(map(tuple, game.state["shards"]))):
        teleport(game, 0, x, y + 1, "up")
        events = move(game, 0)
        assert game.state["mechs"][0]["carrying"] and game.state["shards_picked"] == n + 1
        assert game.state["mods"] == expected[n]
        assert any(e["kind"] == "escalation" and e["rule"] == f"{MVM}/m2-escalation" for e in events)
        game.state["mechs"][0]["carrying"] = False
        game.state["shards_returned"] += 1  # set aside so the next one can be carried


def test_m2_playthrough_carrying_every_shard_home_wins():
    """M2 Congratulations: "If all three Crystal Shards are returned to the School before its health reaches zero
    ... Your Mission is complete!" — picked up on the Repair Pads, carried and stepped into the School."""
    game = start(M2, players=1)
    for x, y in sorted(map(tuple, game.state["shards"])):
        teleport(game, 0, x, y + 1, "up")
        move(game, 0)
        assert game.state["mechs"][0]["carrying"]
        teleport(game, 0, 8, 8, "down")
        game.state["minions"] = []
        move(game, 0)
    assert game.state["shards_returned"] == 3
    assert game.over and game.outcome["result"] == "win"


# ----- Mission 7 ------------------------------------------------------------------------------------------
def test_m7_minions_move_two_spaces_toward_the_assembly_zone_and_damage_it_on_arrival():
    """M7 Minion Movement: "Minions move 2 spaces toward the Assembly Zone during Minion Phase. Minions prefer to
    move in the Blue or Green directions over the Red or Yellow directions" ... "As soon as a Minion steps on a
    space in the Assembly Zone, remove the Minion from the board and deal 1 Damage to the Assembly Zone
    (reducing the Doom Tracker by 1). These Minions do not count on the Gear Tracker." """
    game = start(M7)
    place(game, [(4, 4, "up"), (7, 7, "up")], minions=[(3, 1), (5, 2), (11, 3)], tasks=[{"t": "minion_move"}])
    events = run(game, [])
    # d2: blue (down) twice; f3: into the zone at f5; l4: blue (down), then green (left) — down is no closer
    assert minions(game) == [(3, 3), (10, 4)]
    assert game.state["zone_health"]["value"] == 9 and game.state["kills"] == 0
    assert any(e["rule"] == f"{MVM}/m7-premature-detonation" and e["kind"] == "zone" for e in events)


def test_m7_spawn_on_the_rolled_colour_outside_the_assembly_zone_and_on_locked_colours():
    """M7 Minion Spawn: "Roll the Rune Die. Spawn Minions on all Rune Spaces of the same color except Rune Spaces
    in the Assembly Zone." "Also, once any Crystal Shard is delivered to the Assembly Zone, additional Minions
    spawn on all Rune Spaces of those colors." """
    game = start(M7)
    place(game, [(4, 4, "up"), (7, 7, "up")], tasks=[{"t": "minion_spawn"}])
    game.state["rune_roll"] = "yellow"
    run(game, [])
    board = game.ctx.board
    yellow = [tuple(s) for s in board.select({"kind": "rune-space", "color": "yellow"})
              if board.zone(s) != "assembly-zone"]
    assert minions(game) == sorted(yellow) and len(yellow) == 2
    game.state["minions"] = []
    game.state["locked_colors"] = ["red"]
    run(game, [{"t": "minion_spawn"}])
    red = [tuple(s) for s in board.select({"kind": "rune-space", "color": "red"}) if board.zone(s) != "assembly-zone"]
    assert minions(game) == sorted(yellow + red)


def test_m7_playthrough_locking_every_shard_wins_at_the_end_of_the_player_phase():
    """M7 Crystal Infusion: "As soon as a Mech carrying a Crystal Shard steps on an empty Rune Space in the
    Assembly Zone, lock the Crystal Shard into place!" Congratulations: "At the end of the Player Phase, if all
    four Crystal Shards are safely delivered to the Assembly Zone ... you win!" """
    game = start(M7, players=1)
    board = game.ctx.board
    spaces = sorted(map(tuple, board.select({"kind": "rune-space", "zone": "assembly-zone"})))
    for (sx, sy), (lx, ly) in zip(sorted(map(tuple, game.state["shards"])), spaces, strict=True):
        facing = "up" if sy < 6 else "down"
        teleport(game, 0, sx, sy + (1 if sy < 6 else -1), facing)  # from the gate
        move(game, 0)
        assert game.state["mechs"][0]["carrying"]
        teleport(game, 0, lx, ly - 1, "down")
        move(game, 0)
        assert not game.state["mechs"][0]["carrying"]
    assert sorted(game.state["locked_colors"]) == ["blue", "green", "red", "yellow"]
    assert all(not v for v in game.view()["runes"].values()) and not game.over
    game.state["tasks"] = []
    events = run(game, [{"t": "player_phase_end"}])
    assert game.over and game.outcome["result"] == "win" and events[-1]["rule"] == f"{MVM}/m7-congratulations"


# ----- random playouts --------------------------------------------------------------------------------------
def shard_invariants(game):
    invariants(game)
    s = game.state
    carried = sum(1 for m in s["mechs"] if m.get("carrying"))
    assert len(s["shards"]) + carried + s["shards_returned"] + len(s["shards_locked"]) == s["shards_start"]
    assert len({tuple(x) for x in s["shards"]}) == len(s["shards"]), "one shard per space"
    assert 0 <= s["zone_health"]["value"] <= s["zone_health"]["max"]


@pytest.mark.parametrize("scenario", [M2, M7])
def test_random_playouts_stay_legal_and_every_event_rule_resolves(scenario):
    """DESIGN: every event names the rule that caused it; random legal play of Missions 2 and 7 (normal and
    EZ-MODE, 2 players) never raises, keeps the invariants and ends in a win or a loss."""
    content = real_content.content()
    anchors = {a.rule_id for g in content.games.values() for a in game_anchors(g)}
    seen, endings = set(), set()
    for seed in range(30):
        game = engine.new_game(scenario, seed=seed, players=2, catalog=catalog())
        rng = random.Random(seed)
        for _ in range(3000):
            if game.over:
                break
            legal = [a["id"] for a in game.legal_actions()]
            action = "mode:ez" if seed % 2 and "mode:ez" in legal else rng.choice(legal)
            for ev in game.play(action):
                seen.add(ev["rule"])
            if game.state["phase"] != "setup":
                shard_invariants(game)
        json.dumps(game.view())
        if game.over:
            endings.add(game.outcome["result"])
    assert not sorted(seen - anchors), sorted(seen - anchors)
    assert "loss" in endings
