"""Mechs vs. Minions content against its source: values read straight from the rulebook text
(/work/shared/seeds/002_52b7e6fc92271680.txt), each with the line it comes from, and source
coverage (every heading of content/mechs-vs-minions/source.yaml is cited by some record)."""

from __future__ import annotations

import pytest

from site_src.check import coverage

GAME = "mechs-vs-minions"


@pytest.fixture(scope="module")
def missions(game):
    return {record.data["number"]: record.data for record in game.scenarios.values()}


def source_sections(game) -> list[coverage.Section]:
    return coverage.sections(game)


# ---------------------------------------------------------------- missions and their names

# The Table of Contents, lines 70-80 of the source:
#   "- Mission 0: Tutorial"
#   "- Mission 1: Mistakes Were Made (Operation Short Fuse)"
#   "- Mission 2: School Under Siege (Operation Swift Scouts)"
#   "- Mission 3: You're Not the Boss of Me! (Operation Tiny Evil)"
#   "- Mission 4: Running the Gauntlet (Operation Hammer Keeper)"
#   "- Mission 5: Don't Panic (Operation Burning Vengeance)"
#   "- Mission 6: None Shall Pass (Operation Missing Link)"
#   "- Mission 7: Blast Chamber (Operation Dazzling Danger)"
#   "- Mission 8: Special Delivery (Operation Magical Banana)"
#   "- Mission 9: The Great Escape (Operation Tempest's Heart)"
#   "- Mission 10: Final Form (Operation Bandle City Beatdown)"
MISSIONS = {
    0: ("Tutorial", None),
    1: ("Mistakes Were Made", "Operation Short Fuse"),
    2: ("School Under Siege", "Operation Swift Scouts"),
    3: ("You're Not the Boss of Me!", "Operation Tiny Evil"),
    4: ("Running the Gauntlet", "Operation Hammer Keeper"),
    5: ("Don't Panic", "Operation Burning Vengeance"),
    6: ("None Shall Pass", "Operation Missing Link"),
    7: ("Blast Chamber", "Operation Dazzling Danger"),
    8: ("Special Delivery", "Operation Magical Banana"),
    9: ("The Great Escape", "Operation Tempest's Heart"),
    10: ("Final Form", "Operation Bandle City Beatdown"),
}


def test_eleven_missions_with_their_titles_and_operations(missions):
    assert sorted(missions) == list(range(11))
    for number, (title, operation) in MISSIONS.items():
        mission = missions[number]
        assert mission["id"] == f"mission-{number:02d}"
        assert mission["title"] == title, number
        assert mission.get("operation") == operation, number
        assert mission["players"] == {"min": 1, "max": 4}, number


def test_each_mission_names_the_next_envelope(missions):
    # Each "Congratulations!" ends with e.g. 'You may now move on to "Operation Swift Scouts"';
    # Mission 10: 'You may now open the final envelope: "Get R.E.K.T.!"'
    for number in range(1, 10):
        nxt = missions[number]["mission"]["next"]
        assert nxt["envelope"] == MISSIONS[number + 1][1], number
        assert nxt["mission"] == number + 1
    assert missions[10]["mission"]["next"]["envelope"] == "Get R.E.K.T.!"


def test_objectives_as_printed(missions):
    # "MISSION OBJECTIVE: Push or Tow the Bomb to a Repair Pad before the Bomb explodes!"
    assert missions[1]["objective"] == "Push or Tow the Bomb to a Repair Pad before the Bomb explodes!"
    # "MISSION OBJECTIVE: Force the Boss Mech to retreat by reducing its health to zero!"
    assert missions[3]["objective"] == "Force the Boss Mech to retreat by reducing its health to zero!"
    # "MISSION OBJECTIVE: Defeat the Boss Mech before he unleashes his ultimate attack of doom!"
    assert missions[10]["objective"] == "Defeat the Boss Mech before he unleashes his ultimate attack of doom!"


# ---------------------------------------------------------------- Doom Tracker values

def test_mission_1_bomb_health_5_ez_7(missions):
    doom = missions[1]["mission"]["doom_tracker"]
    # "For this Mission, start the Bomb at 5 health. (Place a Gear Ring on the 5th space on the Doom Tracker ...)"
    # "EZ-MODE: ... For This Mission, start the Bomb at 7 health instead!"
    assert (doom["tracks"], doom["start"], doom["ez_mode"]) == ("bomb-health", 5, 7)


def test_mission_3_boss_health_10_ez_5(missions):
    doom = missions[3]["mission"]["doom_tracker"]
    # "The Boss Mech is a lot sturdier than your average Minion! Set its health at 10 on the Doom Tracker."
    # "EZ-MODE: Instead set the Boss's health to 5."
    assert (doom["tracks"], doom["start"], doom["ez_mode"]) == ("boss-health", 10, 5)


@pytest.mark.parametrize(
    ("number", "tracks", "start", "ez_mode"),
    [
        # "The School is on fire and only has 1 health for this Mission! Set the Doom Tracker to 1."
        # "EZ-MODE: Set the School's health to 3 instead."
        (2, "school-health", 1, 3),
        # "Start the Bomb's health at 5 using the Doom Tracker." (no EZ-MODE health)
        (5, "bomb-health", 5, None),
        # "Set the Boss's health to 2 using the Doom Tracker." / "EZ-MODE: The Boss starts with only 1 health instead."
        (6, "boss-health", 2, 1),
        # "Set its health to 10 on the Doom Tracker." / "EZ-MODE: The Assembly Zone starts with 15 health instead."
        (7, "assembly-zone-health", 10, 15),
        # "The Bunker Buster Boss Bomb starts at 10 health." / "EZ-MODE: The Bomb instead starts with 15 health."
        (8, "bomb-health", 10, 15),
        # "In its Final Form, the Boss Mech has 10 health." / "EZ-MODE: The Boss starts with 5 health instead."
        (10, "boss-health", 10, 5),
    ],
)
def test_other_doom_tracker_values(missions, number, tracks, start, ez_mode):
    doom = missions[number]["mission"]["doom_tracker"]
    assert (doom["tracks"], doom["start"], doom.get("ez_mode")) == (tracks, start, ez_mode)


def test_missions_without_doom_tracker(missions):
    # Missions 4 (Running the Gauntlet) and 9 (The Great Escape) never mention the Doom Tracker.
    assert "doom_tracker" not in missions[4]["mission"]
    assert "doom_tracker" not in missions[9]["mission"]


def test_mission_5_bomb_heals_to_at_most_5(missions):
    m5 = missions[5]["mission"]
    # "When a Bomb is moved onto a Repair Pad, increase its health by 1."
    assert m5["bomb"]["heal_on_repair_pad"] == 1
    # "The Bomb can be healed multiple times per round, but cannot exceed it's maximum health of 5."
    assert m5["doom_tracker"]["max"] == 5


# ---------------------------------------------------------------- Minion Phase numbers

@pytest.mark.parametrize(
    ("number", "direction", "spaces"),
    [
        # "For this Mission only, Minions move 1 space toward the Bomb during Minion Phase."
        (1, "toward-bomb", 1),
        # "All Minions move 1 space toward the School during the Minion Phase."
        (2, "toward-school", 1),
        # "Minion Movement: Move all Minions 1 space in the corresponding direction."
        (3, "rune-die", 1),
        # "Move all Minions 3 spaces toward the starting line during Minion Phase."
        (4, "toward-starting-line", 3),
        # "Move all Minions 1 space toward the Bomb during Minion Phase."
        (5, "toward-bomb", 1),
        # "Roll the Rune Die. Move all Minions in the corresponding direction on the Crystal Compass."
        (6, "rune-die", None),
        # "Minions move 2 spaces toward the Assembly Zone during Minion Phase."
        (7, "toward-assembly-zone", 2),
        # "During Minion Phase, Minions move 2 spaces toward the Bomb."
        (8, "toward-bomb", 2),
        # "Roll the Rune Die and move Minions 2 spaces in the corresponding direction on the Crystal Compass."
        (9, "rune-die", 2),
        # "Roll the Rune Die and move all Minions 2 spaces in the associated direction on the Crystal Compass."
        (10, "rune-die", 2),
    ],
)
def test_minion_movement(missions, number, direction, spaces):
    movement = missions[number]["mission"]["minion_phase"]["movement"]
    assert (movement["direction"], movement.get("spaces")) == (direction, spaces)


def test_mission_4_ez_minion_movement(missions):
    # "EZ-MODE: Minions only move 2 spaces instead."
    assert missions[4]["mission"]["minion_phase"]["movement"]["ez_spaces"] == 2


def test_mission_4_escalations_spawn_more_rows(missions):
    m4 = missions[4]["mission"]
    # "During Minion Phase, spawn a full row of Minions in the spawn zone."
    assert m4["minion_phase"]["spawn"]["rows"] == 1
    # "When any player steps onto the second Map Tile, spawn 2 full rows of Minions ... (instead of 1)."
    # "When any player steps onto the third Map Tile, spawn 3 full rows of Minions ... (instead of 2)."
    assert [(e["map_tile"], e["changes"]["spawn_rows"]) for e in m4["escalations"]] == [(2, 2), (3, 3)]


def test_mission_2_three_shard_escalations(missions):
    m2 = missions[2]["mission"]
    # "Locate 3 Crystal Shards and place one on each of the three Repair Pads as shown in the diagram."
    assert m2["crystal_shards"]["count"] == 3
    # "Each time a Crystal Shard is first picked up, there is an escalation ..."
    assert [e["nth"] for e in m2["escalations"]] == [1, 2, 3]


def test_lava_wall_starts(missions):
    # Mission 5: "At the end of the third Round, the Lava Wall becomes active and moves with each Danger Phase!"
    assert missions[5]["mission"]["danger_phase"]["lava_wall"]["first_round"] == 3
    lava = missions[9]["mission"]["danger_phase"]["lava_wall"]
    # Mission 9: "The Lava Wall moves 1 space towards the Safety Zone during Danger Phase the very first Round!"
    # "EZ-MODE: The Lava Wall starts moving during Danger Phase at the end of the third Round instead."
    assert (lava["first_round"], lava["ez_first_round"], lava["spaces"]) == (1, 3, 1)
    # "whenever the Lava Wall flows over a Repair Pad, its speed permanently increases by 1"
    assert lava["speed_up_over_repair_pad"] == 1


def test_boss_missions(missions):
    # Missions 3, 6 and 10 have the Boss; 5 and 9 the Lava Wall; the others no Danger Phase.
    kinds = {n: m.get("mission", {}).get("danger_phase", {}).get("kind") for n, m in missions.items()}
    assert kinds == {0: None, 1: None, 2: None, 3: "boss", 4: None, 5: "lava-wall",
                     6: "boss", 7: None, 8: None, 9: "lava-wall", 10: "boss"}
    boss = missions[3]["mission"]["danger_phase"]["boss"]
    # "During Danger Phase, you'll execute its Command Line in order from 1 to 4"
    # "deal 2 Boss Cards faceup. As a team, pick one"; "If any slot reaches a Power level of 3, ..."
    assert (boss["command_line_slots"], boss["deal"], boss["pick"], boss["doom_cannon_power"]) == (4, 2, 1, 3)


def test_schematics_from_mission_3(missions):
    # "You now have 3 Schematic Cards per Yordle. For this Mission and all future Missions, pick just 2"
    schematics = missions[3]["mission"]["schematics"]
    assert (schematics["per_yordle"], schematics["bring"]) == (3, 2)


# ---------------------------------------------------------------- sections

def test_mission_sections_are_prefixed_and_headingless(missions):
    for number in range(1, 11):
        sections = missions[number]["sections"]
        assert all(s["id"].startswith(f"m{number}-") for s in sections), number
        for section in sections:
            assert not any(line.startswith("#") for line in section["text"].splitlines()), section["id"]


def test_mission_sections_hold_the_printed_headings(game, missions):
    """Each mission cites its own headings, and each of them is a section title or a bold
    sub-heading inside a section."""
    by_id = {s.id: s for s in source_sections(game)}
    for number in range(1, 11):
        mission = missions[number]
        own = [c for c in mission["provenance"]["cites"] if c.startswith(f"m{number}")]
        text = "\n".join(s["text"] for s in mission["sections"])
        titles = {s["title"] for s in mission["sections"]}
        for cited in own:
            heading = by_id[cited].heading
            assert heading in titles or f"**{heading}**" in text, (number, heading)


# ---------------------------------------------------------------- the source and its coverage

def test_field_guide_has_its_64_entries(game):
    # Table of Contents, lines 5-69: "- The Master Mech-anic: A Field Guide & Textbook", then
    # "- Adjacency" ... "- Ziggs": 64 entries.
    sections = game.source.data["sections"]
    field_guide = next(s for s in sections if s["id"] == "fg")
    assert field_guide["heading"] == "The Master Mech-anic: A Field Guide & Textbook"
    entries = [s["heading"] for s in field_guide["sections"]]
    assert len(entries) == 64
    assert entries[0] == "Adjacency"  # line 83: "Adjacency"
    assert entries[-1] == "Ziggs"  # line 376: "Ziggs"
    # The glossary holds one term per entry (top-level terms have no parent).
    top_terms = [t["term"] for t in game.terms if not t.get("parent")]
    assert top_terms == entries


def test_source_top_level_follows_the_table_of_contents(game):
    # Line 3: "Table of Contents"; then the Field Guide, "Mission 0: Tutorial" and Missions 1-10.
    headings = [s["heading"] for s in game.source.data["sections"]]
    assert headings[:3] == ["Table of Contents", "The Master Mech-anic: A Field Guide & Textbook",
                            "Mission 0: Tutorial"]
    assert headings[3] == "Mission 1: Mistakes Were Made (Operation Short Fuse)"
    assert headings[-1] == "Mission 10: Final Form (Operation Bandle City Beatdown)"
    assert len(headings) == 13


def test_every_source_section_is_cited(game):
    uncited = [f"{s.heading} [{s.id}]" for s in coverage.coverage(game) if not s.cited_by]
    assert uncited == []


def test_every_cite_names_a_source_section(game):
    assert coverage.check_cites(game) == []


def test_every_mission_is_playable(missions):
    """Issue 5: every mission page of Mechs vs. Minions becomes a real game."""
    assert [n for n in range(1, 11) if "play" not in missions[n]] == []
