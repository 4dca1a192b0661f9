"""Crystal Shards that Mechs carry (engine/mvm/shards.py), one test per rule; each docstring quotes the rulebook.

Source: "Mechs vs. Minions Rulebook", the Field Guide (FG: Crystal Shards, Picking Up Crystal Shards, Dropping
Crystal Shards, Breakable Shards), Mission 2 (M2: New Ability, Carrying Crystals) and Mission 7 (M7: Mechs,
Assemble!, Crystal Infusion). Every test plays on a test-only Map Tile and `play` block (tests/mvm_support.py).
"""

import pytest
from mvm_support import MVM, catalog, run, schema_errors, tile_game, tile_play

LEGEND = {
    ".": {"kind": "open"},
    "X": {"kind": "massive-boulder"},
    "H": {"kind": "school"},
    "r": {"kind": "rune-space", "color": "red"},
    "b": {"kind": "rune-space", "color": "blue"},
    "1": {"kind": "rune-space", "color": "red", "zone": "assembly-zone"},
    "3": {"kind": "rune-space", "color": "blue", "zone": "assembly-zone"},
    "A": {"kind": "open", "zone": "assembly-zone"},
    "R": {"kind": "rune-gate", "color": "red"},
}
OPEN = ["......"] * 6
PROV = {"source": "tests/test_mvm_shards.py", "status": "adapted", "note": "Test-only."}
RETURNED = {"all": [{"kind": "all-shards-returned"}], "text": "Returned!", "rule": "m2-congratulations"}
LOCKED = {"all": [{"kind": "all-shards-locked"}], "text": "Empowered!", "rule": "m7-congratulations",
          "check": "end-of-player-phase"}


def compass(direction):
    """A compass whose every colour points one way, so a Rune Die roll has a known direction."""
    return {c: direction for c in ("red", "yellow", "blue", "green")}


def shard_play(drop="up", runes=False, victory=None, escalations=(), **shards):
    play = tile_play()
    play["compass"]["directions"] = compass(drop)
    play["crystal_shards"] = dict({"squares": [], "breakable": False, "carried": True,
                                   "rule": "m2-carrying-crystals", "provenance": PROV}, **shards)
    play["escalations"] = list(escalations)
    if runes:
        play["runes"] = {"start": "active", "provenance": PROV}
    if victory:
        play["victory"] = victory
    return play


def game_on(rows, mechs, shards=(), minions=(), tasks=(), **play):
    return tile_game(rows, LEGEND, shard_play(**play), mechs, minions=minions, shards=shards, tasks=tasks)


def move(game, seat, distance=1, card="skewer"):
    """Seat `seat` executes a Move Command of `card` straight ahead `distance` spaces."""
    return run(game, [{"t": "move_choice", "seat": seat, "card": card, "power": 1, "slot": 1,
                       "from_damage": False, "spec": {"distance": distance}, "auto1": True}])


def damage(game, seat):
    return run(game, [{"t": "damage", "seat": seat, "source": "minion"}])


def carrying(game):
    return [m["carrying"] for m in game.state["mechs"]]


def shards(game):
    return sorted(tuple(s) for s in game.state["shards"])


# ----- picking up ---------------------------------------------------------------------------------------
def test_a_mech_picks_up_a_shard_by_stepping_onto_it_instead_of_stomping_it():
    """FG Picking Up Crystal Shards: "Simply step onto a space containing a Crystal Shard to pick it up. ...
    When you pick up a Crystal Shard, take it off the board". M2: "Mechs now pick up Crystal Shards when they
    step on them (instead of stomping them)." """
    game = game_on(OPEN, [(0, 5, "up"), (5, 5, "up")], shards=[(0, 4)])
    events = move(game, 0)
    assert shards(game) == [] and carrying(game) == [True, False]
    assert game.state["shards_picked"] == 1
    pick = next(e for e in events if "picks up" in e["text"])
    assert pick["rule"] == f"{MVM}/picking-up-crystal-shards"
    mech = next(p for p in game.view()["pieces"] if p["kind"] == "mech" and p["seat"] == 0)
    assert mech["carrying"] is True
    assert not [p for p in game.view()["pieces"] if p["kind"] == "crystal-shard"]


def test_each_mech_carries_only_one_shard_at_a_time():
    """FG Picking Up Crystal Shards: "Each Mech can only carry one at a time." """
    game = game_on(OPEN, [(0, 5, "up"), (5, 5, "up")], shards=[(0, 4), (0, 3)])
    move(game, 0, 2)
    assert game.state["mechs"][0]["pos"] == [0, 3]
    assert shards(game) == [(0, 3)] and carrying(game) == [True, False]


def test_a_mech_pushed_onto_a_shard_picks_it_up():
    """FG Picking Up Crystal Shards: "Simply step onto a space containing a Crystal Shard to pick it up" — any
    Mech that comes onto the space, also when pushed (our reading: the rulebook does not say otherwise)."""
    game = game_on(OPEN, [(0, 5, "up"), (0, 4, "up")], shards=[(0, 3)])
    move(game, 0)
    assert game.state["mechs"][1]["pos"] == [0, 3] and carrying(game) == [False, True]


def test_carried_shards_are_unaffected_by_attack_commands():
    """M2: "For this Mission, Crystal Shards are also unaffected by Attack Commands. (You need these intact!)"
    M7: "In this Mission, Crystal Shards are immune to stomping and attacks." """
    game = game_on(OPEN, [(2, 4, "up"), (5, 5, "up")], shards=[(1, 3), (3, 3)], minions=[(3, 3)])
    events = run(game, [{"t": "attack_area", "seat": 0, "card": "blaze", "power": 1, "slot": 1,
                         "from_damage": False, "area": [[-1, 1], [1, 1]]}])
    assert shards(game) == [(1, 3), (3, 3)] and game.state["minions"] == []
    assert not game.is_target(game.state, [1, 3])
    assert any("destroys a Minion" in e["text"] for e in events)


def test_minions_share_a_space_with_a_shard_and_are_stomped_when_the_mech_picks_it_up():
    """M2 Minion Attack: "Minions attack Mechs as normal, but ignore Crystal Shards. In fact, Minions can occupy
    the same space as Crystal Shards without affecting them!" FG Minions: "Minions can never move into an
    occupied space (except for those with Crystal Shards)" """
    game = game_on(OPEN, [(0, 5, "up"), (5, 5, "up")], shards=[(0, 3), (2, 2)], minions=[(0, 3), (2, 3)],
                   tasks=[{"t": "minion_move"}])
    game.ctx.play["minion_phase"]["movement"] = {"by": "rune-die", "spaces": 1}
    run(game, [])  # the compass points up: the Minion at c4 moves onto the shard at c3
    assert sorted(map(tuple, game.state["minions"])) == [(0, 2), (2, 2)] and shards(game) == [(0, 3), (2, 2)]
    game.state["minions"] = [[0, 3]]
    move(game, 0, 2)
    assert game.state["minions"] == [] and carrying(game) == [True, False] and game.state["kills"] == 1


# ----- dropping ------------------------------------------------------------------------------------------
def test_a_mech_that_takes_damage_drops_its_shard_in_the_rolled_direction_first():
    """FG Dropping Crystal Shards: "If you take damage while carrying a Crystal Shard, you drop it before
    resolving the Damage Card. Roll the Rune Die and place the Crystal Shard in the adjacent space in the
    direction determined by the Crystal Compass." """
    game = game_on(OPEN, [(2, 3, "up"), (5, 5, "up")], drop="right")
    game.state["mechs"][0]["carrying"] = True
    events = damage(game, 0)
    assert shards(game) == [(3, 3)] and carrying(game) == [False, False]
    kinds = [e["rule"].split("/")[1] for e in events]
    assert kinds.index("dropping-crystal-shards") < kinds.index("executing-damage-cards")
    assert len(game.state["mechs"][0]["system"]) == 1  # the damage itself still happens


def test_a_dropped_shard_slides_under_a_minion():
    """FG Dropping Crystal Shards: "Dropping a Crystal Shard onto a space containing a Minion will result in
    the Shard being slid underneath." M2: "If the rolled space contains a Minion, place the Shard under the
    Minion." """
    game = game_on(OPEN, [(2, 3, "up"), (5, 5, "up")], minions=[(2, 2)], drop="up")
    game.state["mechs"][0]["carrying"] = True
    events = damage(game, 0)
    assert shards(game) == [(2, 2)] and game.state["minions"] == [[2, 2]]
    assert any("under the Minion" in e["text"] for e in events)


def test_a_shard_dropped_onto_a_mech_that_carries_none_is_picked_up_at_once():
    """FG Dropping Crystal Shards: "If the Shard drops onto another Mech that isn't already carrying a Shard,
    the other Mech immediately picks up the Shard." """
    game = game_on(OPEN, [(2, 3, "up"), (2, 2, "up")], drop="up")
    game.state["mechs"][0]["carrying"] = True
    damage(game, 0)
    assert carrying(game) == [False, True] and shards(game) == []


@pytest.mark.parametrize("why, rows, mechs", [
    ("off the board", OPEN, [(2, 0, "up"), (5, 5, "up")]),
    ("a Massive Boulder", ["......", "......", "..X...", *OPEN[3:]], [(2, 3, "up"), (5, 5, "up")]),
    ("a Mech already carrying one", OPEN, [(2, 3, "up"), (2, 2, "up")]),
])
def test_with_no_valid_space_the_shard_drops_at_the_mechs_feet_and_is_caught(why, rows, mechs):
    """FG Dropping Crystal Shards: "If the rolled space is off the board or there is no valid space in which to
    drop the Shard, it drops to the Mech's own feet and is instantly picked back up. (Nice catch!)" A Massive
    Boulder and a Mech that already carries a shard are no valid space (our reading)."""
    game = game_on(rows, mechs, drop="up")
    for m in game.state["mechs"]:
        m["carrying"] = True
    events = damage(game, 0)
    assert carrying(game) == [True, True] and shards(game) == []
    assert any("Nice catch" in e["text"] for e in events), why


def test_a_shard_never_drops_onto_another_shard():
    """FG Dropping Crystal Shards: "there is no valid space in which to drop the Shard" — a space that already
    holds a Crystal Shard is not valid (our reading: one shard per space)."""
    game = game_on(OPEN, [(2, 3, "up"), (5, 5, "up")], shards=[(2, 2)], drop="up")
    game.state["mechs"][0]["carrying"] = True
    damage(game, 0)
    assert carrying(game) == [True, False] and shards(game) == [(2, 2)]


def test_a_skewer_shield_stops_the_damage_so_nothing_drops():
    """FG Dropping Crystal Shards: "If you take damage while carrying a Crystal Shard, you drop it" — damage a
    Skewer shield stops is not taken (FG Skewer: "a one-use shield to prevent damage")."""
    game = game_on(OPEN, [(2, 3, "up"), (5, 5, "up")], drop="up")
    game.state["mechs"][0]["carrying"] = True
    game.state["mechs"][0]["slots"][0].update(cards=["skewer"], shields=1)
    damage(game, 0)
    assert carrying(game) == [True, False] and shards(game) == []


def test_a_dropped_shard_picked_up_again_is_not_a_first_pick_up():
    """M2 Escalation: "Each time a Crystal Shard is first picked up, there is an escalation" — picking up a
    shard that was dropped does not count again."""
    esc = {"id": "second", "trigger": "shards-picked-up", "count": 2, "then": [{"set": {"extra_moves": 1}}],
           "rule": "m2-escalation"}
    game = game_on(OPEN, [(2, 4, "up"), (5, 5, "up")], shards=[(2, 3)], drop="up", escalations=[esc])
    move(game, 0)
    assert game.state["shards_picked"] == 1
    damage(game, 0)  # drops it on c2
    move(game, 0)
    assert game.state["mechs"][0]["pos"] == [2, 2] and carrying(game) == [True, False]
    assert game.state["shards_picked"] == 1 and game.state["escalated"] == []


# ----- returning (Mission 2) and locking (Mission 7) --------------------------------------------------------
def test_carrying_a_shard_into_the_school_returns_it():
    """M2 Returning Crystals: "Carry a Crystal Shard into any space in the School to return it. Once your Mech
    steps into the School, the Crystal Shard is successfully returned and removed from play." M2
    Congratulations: "If all three Crystal Shards are returned to the School ... Your Mission is complete!" """
    rows = ["..HH..", *OPEN[1:]]
    game = game_on(rows, [(2, 2, "up"), (3, 2, "up")], shards=[(2, 1), (3, 1)], return_to={"kind": "school"},
                   victory=RETURNED)
    events = move(game, 0, 2)
    assert game.state["mechs"][0]["pos"] == [2, 0] and carrying(game) == [False, False]
    assert game.state["shards_returned"] == 1 and not game.over
    assert any(e["rule"] == f"{MVM}/m2-carrying-crystals" and "returned" in e["text"] for e in events)
    move(game, 1, 2)
    assert game.over and game.outcome["result"] == "win"


def test_picking_up_a_shard_lying_in_the_school_returns_it_at_once():
    """M2 Returning Crystals: "Once your Mech steps into the School, the Crystal Shard is successfully returned"
    — a shard dropped into the School is returned as soon as a Mech steps onto it there (our reading)."""
    game = game_on(["..HH..", *OPEN[1:]], [(2, 1, "up"), (5, 5, "up")], shards=[(2, 0), (5, 0)],
                   return_to={"kind": "school"})
    move(game, 0)
    assert game.state["shards_returned"] == 1 and carrying(game) == [False, False]


LOCK_ROWS = ["......", ".AAAA.", ".A13A.", ".AAAA.", "......", "......"]


def test_a_shard_carried_onto_an_empty_assembly_rune_space_is_locked_and_its_colour_disabled_for_good():
    """M7 Crystal Infusion: "As soon as a Mech carrying a Crystal Shard steps on an empty Rune Space in the
    Assembly Zone, lock the Crystal Shard into place! (It cannot be picked up again.) All Rune Gates of the same
    color are now permanently disabled and can be passed through freely." """
    game = game_on(LOCK_ROWS, [(2, 4, "up"), (5, 5, "up")], shards=[(2, 3)],
                   lock_on={"kind": "rune-space", "zone": "assembly-zone"}, runes=True)
    events = move(game, 0, 2)
    assert game.state["mechs"][0]["pos"] == [2, 2] and carrying(game) == [False, False]
    assert game.state["shards_locked"] == [{"square": [2, 2], "color": "red"}]
    assert game.state["locked_colors"] == ["red"] and game.state["runes"]["red"] is False
    assert any("locks the Crystal Shard" in e["text"] for e in events)
    locked = [p for p in game.view()["pieces"] if p.get("locked")]
    assert locked == [{"kind": "crystal-shard", "x": 2, "y": 2, "locked": True}]
    # it cannot be picked up again: step off and on
    game.state["mechs"][0].update(pos=[2, 3], facing="up")
    move(game, 0)
    assert carrying(game) == [False, False] and len(game.state["shards_locked"]) == 1
    # the colour stays disabled (another Mech stepping through a red gate does not reactivate it)
    game.set_rune(game.state, "red", True, [], "test")
    assert game.state["runes"]["red"] is False


def test_a_rune_space_with_a_locked_shard_is_not_empty():
    """M7 Crystal Infusion: "steps on an empty Rune Space in the Assembly Zone" — a Rune Space already holding a
    locked shard is not empty: the Mech keeps carrying."""
    game = game_on(LOCK_ROWS, [(2, 3, "up"), (5, 5, "up")], lock_on={"kind": "rune-space", "zone": "assembly-zone"})
    game.state["shards_locked"] = [{"square": [2, 2], "color": "red"}]
    game.state["mechs"][0]["carrying"] = True
    move(game, 0)
    assert carrying(game) == [True, False] and len(game.state["shards_locked"]) == 1


def test_the_win_comes_at_the_end_of_the_player_phase_when_every_shard_is_locked():
    """M7 Congratulations: "At the end of the Player Phase, if all four Crystal Shards are safely delivered to
    the Assembly Zone ... you win!" """
    game = game_on(LOCK_ROWS, [(2, 4, "up"), (5, 5, "up")], shards=[(2, 3)],
                   lock_on={"kind": "rune-space", "zone": "assembly-zone"}, victory=LOCKED)
    move(game, 0, 2)
    assert not game.over
    events = run(game, [{"t": "player_phase_end"}])
    assert game.over and game.outcome["result"] == "win" and events[-1]["rule"] == f"{MVM}/m7-congratulations"


def test_triggers_count_first_pick_ups_and_locks():
    """M2 Escalation: "As soon as any Mech picks up any Crystal Shard for the first time" / "one of the two
    remaining Shards" / "the last remaining Crystal Shard"; M7: "once any Crystal Shard is delivered to the
    Assembly Zone" (`shard-locked`)."""
    game = game_on(OPEN, [(0, 5, "up"), (5, 5, "up")])
    state = game.state
    assert not game.trigger_shards_picked_up(state, {"count": 1})
    state["shards_picked"] = 2
    assert game.trigger_shards_picked_up(state, {"count": 2}) and not game.trigger_shards_picked_up(state,
                                                                                                  {"count": 3})
    assert not game.trigger_shard_locked(state, {})
    state["shards_locked"] = [{"square": [2, 2], "color": "red"}]
    assert game.trigger_shard_locked(state, {})


def test_breakable_shards_are_unchanged():
    """FG Breakable Shards: "Crystal Shards will also break if a Mech stomps on them" — the Tutorial's shards
    still shatter and are never carried."""
    play = tile_play()
    play["escalations"] = []
    game = tile_game(OPEN, LEGEND, play, [(0, 5, "up"), (5, 5, "up")], shards=[(0, 4)])
    move(game, 0)
    assert game.state["shards"] == [] and "carrying" not in game.state["mechs"][0]
    assert game.view()["pieces"][0]["carrying"] is False


def test_the_schema_rejects_shards_both_carried_and_breakable():
    """FG Crystal Shards: "In some Missions, Crystal Shards are unaffected by Attack Commands. In others, they can
    be targeted and destroyed" — never both."""
    base = catalog()["games"][MVM]["scenarios"]["mission-00"]
    good = dict(base, id="test-board", play=shard_play())
    assert not schema_errors("scenario", good)
    bad = shard_play()
    bad["crystal_shards"]["breakable"] = True
    assert schema_errors("scenario", dict(good, play=bad))
