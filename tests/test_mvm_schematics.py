"""Schematic Cards (Hack, Boost, Slot) and Overdrive, one test per rule; each docstring quotes the rulebook.

Source: "Mechs vs. Minions Rulebook", The Master Mech-anic (FG), Mission 1 (M1) and Mission 3 (M3). The cards
themselves are ours (content/mechs-vs-minions/command-lines/, `adapted`: the source prints none). Decisions
where the rulebook is silent (engine/mvm/schematics.py): with `bring: 1` a player brings the newest card
(the one the Mission unlocks); from Mission 3 each player picks 2 after placing the Mechs; Hacks and the
Overdrive are used at the start of the Mech's turn, before slot 1; Slot Schematics run after slot 6 every
turn; damage from a Schematic has no element, and on the Boss the pilot picks a colour whose shield is down.

Every test plays on a test-only Map Tile and scenario (tests/mvm_support.py tile_game) with a play block that
uses the Gear Tracker and brings Schematics; the scenario's number says which cards are unlocked."""

import pytest
from mvm_support import MVM, REPO, catalog, ids, program, run, tile_game, tile_play

import engine
from engine.mvm import EFFECTS, MechsVsMinions

LEGEND = {".": {"kind": "open"}, "b": {"kind": "rune-space", "color": "blue"}}
OPEN = ["......"] * 6
PROVENANCE = {"source": "tests/test_mvm_schematics.py", "status": "adapted", "note": "Test-only."}
TURN = [{"t": "execute_phase"}]  # every Mech's turn: Hacks/Overdrive, slots 1-6, Slot Schematics
KILLS_PER_GEAR = 5


def play_block(bring=2, boss=False):
    play = tile_play()
    play["escalations"] = []
    play["gear_tracker"] = True
    play["schematics"] = {"bring": bring, "provenance": PROVENANCE}
    if boss:
        play["runes"] = {"start": "active", "provenance": PROVENANCE}
        play["boss"] = {"square": [2, 0], "health": 10, "deck": "boss-deck", "provenance": PROVENANCE}
    return play


def schematic_game(mission, mechs, minions=(), gears=0, bring=None, players=2, rows=OPEN, boss=False,
                   setup=True):
    """A game as in Mission `mission` (which cards are unlocked), `gears` Team Gears already earned, the
    Schematics brought (bring 1 up to Mission 2, else 2) unless `setup` is False."""
    bring = bring if bring is not None else (1 if mission < 3 else 2)
    game = tile_game(rows, LEGEND, play_block(bring, boss), mechs, minions=minions, players=players)
    game.ctx.scenario["number"] = mission
    game.state["kills"] = gears * KILLS_PER_GEAR
    if setup:
        run(game, [{"t": "schematics_setup"}])
    return game


def bring(game, seat, *cards):
    """Set what a seat brought directly."""
    game.state["schematics"][seat] = [{"id": c, "used": False, "flipped": False} for c in cards]


def seat_view(game, seat=0):
    return {c["id"]: c for c in game.view()["seats"][seat]["schematics"]}


def minions(game):
    return sorted(tuple(m) for m in game.state["minions"])


# ----- which cards each player brings ------------------------------------------------------------------
def test_mission_1_each_player_brings_the_new_card_face_down():
    """M1 Mission Setup: "Locate the NEW Yordle-specific Schematic Cards! Place your Schematic Card facedown
    to the left of your Command Line." """
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")])
    assert seat_view(game, 0) == {"corki-valkyrie": {
        "id": "corki-valkyrie", "name": "Valkyrie", "type": "hack", "gears": 2, "active": False,
        "used": False, "text": seat_view(game, 0)["corki-valkyrie"]["text"]}}
    assert list(seat_view(game, 1)) == ["tristana-explosive-charge"]


def test_mission_2_brings_the_newest_card():
    """Decision: Mission 2 prints no choice and its play block brings 1, so each player brings the card
    Mission 2 unlocks (the newest), as Mission 1 brought the card it unlocked."""
    game = schematic_game(2, [(0, 5, "up"), (5, 5, "up")])
    assert list(seat_view(game, 0)) == ["corki-phosphorus-bomb"]
    assert list(seat_view(game, 1)) == ["tristana-buster-shot"]


def test_from_mission_3_each_player_picks_2_of_their_3_schematics():
    """M3 Gear Up!: "You now have 3 Schematic Cards per Yordle. For this Mission and all future Missions, pick
    just 2 of your available Schematic Cards each to bring along with you and set the rest aside." """
    game = schematic_game(3, [(0, 5, "up"), (5, 5, "up")])
    assert game.to_move == 0
    legal = game.legal_actions()
    assert {a["kind"] for a in legal} == {"schematic"} and len(legal) == 3
    assert "schematics:bring:corki-valkyrie+corki-gatling-gun" in ids(game)
    game.play("schematics:bring:corki-valkyrie+corki-gatling-gun")
    assert game.to_move == 1 and all(i.startswith("schematics:bring:tristana-") for i in ids(game))
    game.play("schematics:bring:tristana-buster-shot+tristana-rapid-fire")
    assert list(seat_view(game, 0)) == ["corki-valkyrie", "corki-gatling-gun"]
    assert list(seat_view(game, 1)) == ["tristana-buster-shot", "tristana-rapid-fire"]


def test_only_the_yordles_own_unlocked_schematics_can_be_brought():
    """FG Schematic Cards: "The player can choose any Schematic unlocked so far, but only Schematics
    associated with the Yordle they are playing as." """
    game = schematic_game(3, [(0, 5, "up"), (5, 5, "up")])
    offered = {c for a in game.legal_actions() for c in a["cards"]}
    assert offered == {"corki-valkyrie", "corki-phosphorus-bomb", "corki-gatling-gun"}


def test_the_pick_comes_after_the_mechs_are_placed():
    """Decision: the Schematic pick is a setup choice made after every Mech is placed and faced."""
    game = engine.new_game(f"{MVM}/mission-03", seed=3, players=2, catalog=catalog())
    kinds = []
    while game.to_move is not None and game.state["phase"] == "setup":
        action = game.legal_actions()[0]
        kinds.append(action["kind"])
        game.play(action["id"])
        if kinds.count("schematic") == 2:
            break
    assert kinds.count("schematic") == 2
    assert kinds.index("schematic") > max(i for i, k in enumerate(kinds) if k == "setup")


# ----- activation --------------------------------------------------------------------------------------
def test_a_schematic_activates_and_flips_when_team_gears_reach_its_number():
    """FG Activation: "Once Team Gears reach the required number on the back of the Schematic Card it is
    activated. Flip the Schematic Card faceup to denote it is active." """
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 4)])
    game.state["kills"] = 2 * KILLS_PER_GEAR - 1  # Valkyrie needs 2 Team Gears
    assert seat_view(game)["corki-valkyrie"]["active"] is False
    program(game, 0, 1, "skewer")
    events = run(game, [{"t": "exec_slot", "seat": 0, "slot": 1}])
    flips = [e for e in events if e["rule"] == f"{MVM}/activation"]
    assert [(e["seat"], "Valkyrie" in e["text"]) for e in flips] == [(0, True), (1, False)]  # both need 2
    assert seat_view(game)["corki-valkyrie"]["active"] is True
    assert not [e for e in run(game, []) if e["rule"] == f"{MVM}/activation"]  # flipped once


def test_a_face_down_schematic_cannot_be_used():
    """FG Team Gears: "Schematic Card abilities are inactive and kept facedown until the Team Gear total
    reaches the number on the back of the card." """
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")], gears=1)
    run(game, TURN)
    assert game.to_move is None  # nothing offered: the Command Lines ran straight through


def test_using_a_schematic_does_not_reduce_team_gears():
    """FG Activation: "Activating them and executing them does not reduce Team Gears. Level up for all!" """
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")], gears=2)
    run(game, TURN)
    game.play("schematic:use:corki-valkyrie")
    assert game.view()["trackers"]["team_gears"] == 2


# ----- Hacks -----------------------------------------------------------------------------------------------
def test_a_hack_is_used_once_and_discarded():
    """FG Hack Schematics: "Hacks are powerful but single-use only. Immediately discard them when used." """
    around = [(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)]
    game = schematic_game(1, [(0, 5, "up"), (2, 2, "up")], minions=around, gears=2)
    bring(game, 0)
    bring(game, 1, "ziggs-satchel-charge")
    run(game, TURN)
    assert game.to_move == 1
    assert ids(game) == ["schematic:use:ziggs-satchel-charge", "schematic:pass"]
    events = game.play("schematic:use:ziggs-satchel-charge")
    assert minions(game) == [] and game.state["kills"] == 2 * KILLS_PER_GEAR + 8
    assert any(e["rule"] == f"{MVM}/hack-schematics" for e in events)
    assert seat_view(game, 1)["ziggs-satchel-charge"]["used"] is True
    run(game, TURN)
    assert game.to_move is None  # not offered again


def test_a_hack_may_be_kept_for_a_later_turn():
    """FG Activation: "You may now execute your ability according to the instructions" — a Hack is used
    when its pilot chooses (decision: at the start of that Mech's turn)."""
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")], gears=2)
    run(game, TURN)
    game.play("schematic:pass")
    assert seat_view(game)["corki-valkyrie"]["used"] is False
    run(game, TURN)
    assert "schematic:use:corki-valkyrie" in ids(game)


def test_a_hack_runs_its_steps_like_a_command_card():
    """Valkyrie (ours): "move forward 1 to 4 spaces (stomping Minions as usual), then turn to face any
    direction" — FG Stomp: "Count this as a Minion kill on the Gear Tracker!" """
    game = schematic_game(1, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 3)], gears=2)
    run(game, TURN)
    game.play("schematic:use:corki-valkyrie")
    assert "move:forward:4" in ids(game)
    game.play("move:forward:4")
    game.play("turn:right")
    mech = game.state["mechs"][0]
    assert mech["pos"] == [0, 1] and mech["facing"] == "right" and minions(game) == []


def test_a_repair_hack_repairs_the_pilot_or_a_mech_nearby():
    """Emergency Repairs (ours): "repair up to 2 Damage, each on your Mech or on a Mech within range 1" —
    FG Scrap to Repair: "If it was slot damage, any revealed Command Card(s) below are re-enabled!" """
    game = schematic_game(1, [(2, 2, "up"), (3, 3, "up"), (3, 2, "up")], players=3, gears=2)
    bring(game, 0)
    assert list(seat_view(game, 2)) == ["heimerdinger-emergency-repairs"]
    game.state["mechs"][0]["slots"][2]["damage"] = "stuck-controls-left"
    game.state["mechs"][1]["system"] = ["sticky-steering"]
    run(game, TURN)
    assert game.to_move == 2
    game.play("schematic:use:heimerdinger-emergency-repairs")
    assert set(ids(game)) == {"fix:0:slot-3", "fix:1:system-sticky-steering", "fix:stop"}
    game.play("fix:0:slot-3")
    game.play("fix:1:system-sticky-steering")
    assert game.state["mechs"][0]["slots"][2]["damage"] is None and game.state["mechs"][1]["system"] == []


# ----- Boosts -----------------------------------------------------------------------------------------------
def test_a_boost_works_every_time_while_active():
    """FG Boost Schematics: "Boosts have ongoing effects that often help the other team. Keep these next to
    your Command Line and remember to utilize them!" (Phosphorus Bomb, ours: a stomp also damages a target
    within range 1)."""
    game = schematic_game(2, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 4), (1, 4), (0, 2), (1, 2)], gears=3)
    program(game, 0, 1, "skewer")
    program(game, 0, 2, "skewer", "skewer")
    run(game, [{"t": "exec_slot", "seat": 0, "slot": 1}])
    assert minions(game) == [(0, 2), (1, 2)]  # stomped (0, 4), blasted (1, 4)
    run(game, [{"t": "exec_slot", "seat": 0, "slot": 2}])
    assert minions(game) == []  # stomped (0, 2), blasted (1, 2)


def test_a_face_down_boost_does_nothing():
    """FG Team Gears: "Schematic Card abilities are inactive and kept facedown until the Team Gear total
    reaches the number on the back of the card." """
    game = schematic_game(2, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 4), (1, 4)], gears=2)
    program(game, 0, 1, "skewer")
    run(game, [{"t": "exec_slot", "seat": 0, "slot": 1}])
    assert minions(game) == [(1, 4)]


def test_the_jammer_boost_stops_spawning_near_the_mech():
    """Hextech Jammer (ours): "Minions cannot spawn within range 1 of your Mech" — a Boost that helps the
    team; FG Spawn: "Minions can only spawn in empty spaces." """
    rows = ["b.....", "......", "......", ".....b", "......", "......"]
    game = schematic_game(2, [(1, 1, "up"), (5, 5, "up")], rows=rows, gears=3)
    bring(game, 0, "heimerdinger-hextech-jammer")
    game.ctx.play["minion_phase"]["spawn"] = {"kind": "rune-spaces", "rule": "spawn"}
    run(game, [{"t": "minion_spawn"}])
    assert minions(game) == [(5, 3)]
    game.state["minions"] = []
    game.state["kills"] = 0  # face down again (a test only: gears never go down in play)
    run(game, [{"t": "minion_spawn"}])
    assert minions(game) == [(0, 0), (5, 3)]


def test_the_guard_boost_destroys_one_minion_each_round():
    """Explosive Charge (ours): "once each round, the first Minion that moves onto a space next to your
    Mech (not diagonally) is destroyed before it can attack." """
    game = schematic_game(1, [(2, 3, "up"), (5, 5, "up")], minions=[(2, 1), (0, 2)], gears=2)
    bring(game, 0, "tristana-explosive-charge")
    game.ctx.play["minion_phase"]["movement"] = {"by": "rune-die", "spaces": 1, "rule": "minion-phase"}
    game.state["rune_roll"] = "blue"  # down
    run(game, [{"t": "minion_move"}])
    assert minions(game) == [(0, 3)]  # (2, 1) -> (2, 2) next to Tristana: destroyed
    game.state["minions"] = [[2, 1]]
    run(game, [{"t": "minion_move"}])
    assert minions(game) == [(2, 2)]  # once a round
    game.state["round"] += 1
    game.state["minions"] = [[2, 1]]
    run(game, [{"t": "minion_move"}])
    assert minions(game) == []


def test_the_short_fuse_boost_blasts_before_a_damage_card_is_drawn():
    """Short Fuse (ours): "whenever your Mech is about to draw a Damage Card, it first does damage to every
    space next to it (not diagonally)." """
    game = schematic_game(2, [(2, 2, "up"), (5, 5, "up")], minions=[(2, 1), (1, 2), (1, 1)], gears=3)
    bring(game, 0, "ziggs-short-fuse")
    run(game, [{"t": "damage", "seat": 0, "source": "minion"}])
    assert minions(game) == [(1, 1)]
    assert game.state["mechs"][0]["system"] == ["sticky-steering"]  # the damage is still taken


# ----- Slot Schematics ----------------------------------------------------------------------------------
def test_a_slot_schematic_is_executed_every_turn():
    """FG Slot Schematics: "Slot Schematics fit right into your Command Line and are executed every turn."
    (Decision: after slot 6; Rapid Fire, ours: damage the 3 spaces straight ahead.)"""
    game = schematic_game(3, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 4), (0, 2)], gears=5, setup=False)
    bring(game, 0, "tristana-rapid-fire")
    events = run(game, TURN)
    assert minions(game) == [] and any(e["rule"] == f"{MVM}/slot-schematics" for e in events)
    game.state["minions"] = [[0, 3]]
    run(game, TURN)
    assert minions(game) == []


def test_a_slot_schematic_runs_after_slot_6():
    """FG Executing Command Lines: slots run "in order from slot 1 to 6"; the Slot Schematic comes after."""
    game = schematic_game(3, [(0, 5, "up"), (5, 5, "up")], minions=[(0, 1)], gears=5, setup=False)
    bring(game, 0, "tristana-rapid-fire")
    program(game, 0, 6, "skewer")  # moves to (0, 4): the Minion at (0, 1) comes within 3 spaces
    run(game, TURN)
    assert minions(game) == []


def test_a_slot_schematic_that_picks_targets_asks_its_pilot():
    """H-28G Evolution Turret (ours): "do damage to 1 target of your choice within range 2." """
    game = schematic_game(3, [(2, 2, "up"), (5, 5, "up")], minions=[(0, 0), (4, 4), (2, 5)], gears=5,
                          setup=False)
    bring(game, 0, "heimerdinger-evolution-turret")
    run(game, TURN)
    assert game.to_move == 0 and set(ids(game)) == {"target:0-0", "target:4-4"}
    game.play("target:4-4")
    assert minions(game) == [(0, 0), (2, 5)]


# ----- Overdrive ---------------------------------------------------------------------------------------------
def test_overdrive_unlocks_at_15_team_gears():
    """FG Overdrive!: "When Team Gears reach maximum power at 15 Team Gears, your entire team unlocks their
    Overdrive abilities! Each Mech's Overdrive ability is described at the bottom of their Command Line." """
    game = schematic_game(1, [(2, 2, "up"), (5, 5, "up")], gears=14)
    bring(game, 0)
    assert game.view()["overdrive"] is False
    run(game, TURN)
    assert game.to_move is None
    game = schematic_game(1, [(2, 2, "up"), (5, 5, "up")], gears=15)
    bring(game, 0)
    assert game.view()["overdrive"] is True
    run(game, TURN)
    assert ids(game) == ["overdrive:use", "schematic:pass"]
    events = game.play("overdrive:use")
    assert any(e["rule"] == f"{MVM}/overdrive" for e in events)
    assert {"move:back:1", "move:left:1", "move:right:1", "move:forward:1"} <= set(ids(game))
    game.play("move:back:1")
    mech = game.state["mechs"][0]
    assert mech["pos"] == [2, 3] and mech["facing"] == "up"  # Corki: "without changing facing"
    assert game.to_move == 1  # once per turn; Tristana's turn now offers her own Overdrive
    assert "overdrive:use" in ids(game)


# ----- damage to the Boss ---------------------------------------------------------------------------------
def boss_game(down):
    game = schematic_game(1, [(0, 5, "up"), (2, 2, "up")], gears=2, boss=True, setup=False)
    bring(game, 1, "ziggs-satchel-charge")  # Ziggs's Mech right below the Boss (c1-d2)
    for color in down:
        game.state["runes"][color] = False
    return game


def test_schematic_damage_to_the_boss_needs_a_colour_whose_shield_is_down():
    """M3 Rune Shields: "Schematics can deal damage to any of the Boss Mech's unshielded areas. Pick a color
    when you deal that damage and turn that Rune Shield back on afterward, just like any other damage!" """
    game = boss_game(["red", "blue"])
    run(game, TURN)
    game.play("schematic:use:ziggs-satchel-charge")
    assert game.legal_actions()[0]["kind"] == "color" and set(ids(game)) == {"color:red", "color:blue"}
    game.play("color:blue")
    assert game.state["runes"]["blue"] is True  # turned back on
    # the second Boss space the Satchel Charge hits: only red is still down, no choice
    assert game.state["boss"]["health"] == 8 and game.state["runes"]["red"] is True


def test_schematic_damage_cannot_hurt_a_fully_shielded_boss():
    """FG Boss Rune Shields: "Certain Schematic Cards can also deal damage to any of the Boss Mech's
    unshielded areas" — with every Rune Shield up there is none."""
    game = boss_game([])
    run(game, TURN)
    game.play("schematic:use:ziggs-satchel-charge")
    assert game.state["boss"]["health"] == 10


# ----- the content -----------------------------------------------------------------------------------
def command_lines():
    return catalog()["games"][MVM]["command-lines"]


def test_every_yordle_with_a_seat_has_3_schematics_from_missions_1_2_3_and_an_overdrive():
    """M3 Gear Up!: "You now have 3 Schematic Cards per Yordle." FG Overdrive!: "Each Mech's Overdrive
    ability is described at the bottom of their Command Line." """
    scenarios = catalog()["games"][MVM]["scenarios"]
    yordles = {s["yordle"] for sc in scenarios.values() if "play" in sc for s in sc["play"]["seats"]["order"]}
    lines = command_lines()
    assert yordles <= set(lines)
    terms = {t["id"]: t["term"] for t in catalog()["games"][MVM]["glossary"]}
    assert all(line["name"] == terms[yordle] for yordle, line in lines.items())
    for yordle in yordles:
        line = lines[yordle]
        assert sorted(c["unlocked_by"] for c in line["schematics"]) == [1, 2, 3], yordle
        assert line["overdrive"]["steps"] and line["overdrive"]["text"]
        assert line["provenance"]["status"] == "adapted"
        assert all(1 <= c["gears"] <= 15 for c in line["schematics"])


def test_mission_1_cards_are_hacks_or_boosts_and_every_type_is_used():
    """M1 Schematic Card Types: "There are two types of Schematic Cards: Hacks and Boosts." FG: Hack, Boost and
    Slot Schematics."""
    cards = [c for line in command_lines().values() for c in line["schematics"]]
    assert {c["type"] for c in cards if c["unlocked_by"] == 1} <= {"hack", "boost"}
    assert {c["type"] for c in cards} == {"hack", "boost", "slot"}
    assert len({c["id"] for c in cards}) == len(cards)


def test_every_named_effect_of_the_command_lines_has_a_handler():
    """build.py check only walks the decks; the Command Lines' named effects are checked here."""
    names = set()
    for line in command_lines().values():
        for card in line["schematics"]:
            if "boost" in card:
                names.add(card["boost"]["effect"])
            for step in card.get("steps", []) + line["overdrive"]["steps"]:
                if "effect" in step:
                    names.add(step["effect"]["name"])
    assert names <= set(EFFECTS)
    assert all(hasattr(MechsVsMinions, EFFECTS[n]) for n in names)


@pytest.mark.parametrize("path", sorted((REPO / "content" / MVM / "command-lines").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_command_line_files_are_named_after_a_yordle(path):
    terms = {t["id"] for t in catalog()["games"][MVM]["glossary"]}
    assert path.stem in terms and path.stem in {"corki", "tristana", "heimerdinger", "ziggs", "rumble"}
