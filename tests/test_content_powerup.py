"""POWERUP content: counts and values straight from the POWERUP Rulebook.

Each assertion quotes the rulebook sentence it checks. The content is loaded the way the
build loads it (site_src.check.checker.check), so a number corrected in YAML is what these read.
"""

from __future__ import annotations

from site_src.check import coverage

GAME = "powerup"


def records(game, kind: str) -> dict[str, dict]:
    return {stem: record.data for stem, record in game.records(kind).items()}


def deck(game, deck_id: str) -> list[dict]:
    return game.decks[deck_id].data["cards"]


def test_powerup_content_has_no_problems(checked_content):
    assert [p.format() for p in checked_content.problems if p.path.startswith("powerup/")] == []


def test_every_source_heading_is_cited(game):
    # Content guide: "--coverage ... fails on a heading nothing cites".
    uncited = [s.heading for s in coverage.coverage(game) if not s.cited_by]
    assert uncited == []
    # Table of Contents: 31 top-level entries, from Introduction to Deathmatch.
    top = game.source.data["sections"]
    assert [s["heading"] for s in top][0] == "Table of Contents"
    assert len(top) == 1 + 31
    assert top[-1]["heading"] == "Deathmatch"


def test_game_metadata_and_box_contents(game):
    meta = game.meta
    # "STORY (for 1 to 5 players)", "ARCADE (for 2 to 5 players)", "DEATHMATCH (for 2 to 6 players)"
    assert meta["players"] == {"min": 1, "max": 6}
    counts = {c["name"]: c.get("count") for c in meta["components"]}
    # "12 map tiles", "29 BUG Cards", "31 POW! Cards", "38 Equipment Cards", "34 COINs"
    assert counts["map tiles"] == 12
    assert counts["BUG Cards"] == 29
    assert counts["POW! Cards"] == 31
    assert counts["Equipment Cards"] == 38
    assert counts["COINs"] == 34
    # "5 White Dice, 5 Yellow Dice"
    assert counts["White Dice"] == 5 and counts["Yellow Dice"] == 5
    # "20 LIFE Counters, 23 AMMO Counters, 27 REACTION Counters"
    assert (counts["LIFE Counters"], counts["AMMO Counters"], counts["REACTION Counters"]) == (20, 23, 27)
    # "DAMAGE Card, CONTINUE Card" are printed without a count
    assert counts["DAMAGE Card"] is None and counts["CONTINUE Card"] is None


def test_constants(game):
    c = game.meta["constants"]
    # "The maximum number of POW! cards in one hand is 4."
    assert c["pow_hand_limit"] == 4
    # "The maximum number of life points that a target can lose is 4, with 9 hits or more."
    assert (c["damage_max_lives_lost"], c["damage_max_at_hits"]) == (4, 9)
    # "In each turn, a player has 4 action points (AP) to spend."
    assert c["action_points_per_turn"] == 4
    # "Each player takes 3 life counter tokens."
    assert c["starting_lives"] == 3
    # "The sides with POW! on them give you 3 hits and a draw from the POW! pile."
    assert (c["pow_face_hits"], c["pow_face_draws"]) == (3, 1)
    # "It has 2 armor points and 2 life points." / "weapons with a ranged attack of 6"
    assert (c["glitch_armor"], c["glitch_lives"], c["glitch_ranged_attack"]) == (2, 2, 6)
    # "A cycle of 8 turns is a round."
    assert c["turns_per_round"] == 8
    # "the BUG's SPAWN cost x 100"
    assert c["score_per_spawn_cost"] == 100
    # "Each tile has 9 squares."
    assert c["squares_per_tile"] == 9


def test_dice(game):
    # "In POWERUP there are two types of dice: white and yellow."
    dice = {d["id"]: d for d in game.meta["dice"]}
    assert set(dice) == {"white-die", "yellow-die"}
    # skull (a hit), POW! (3 hits and a draw), BUG (a blunder)
    for die in dice.values():
        assert die["faces"] == ["skull", "pow", "bug"]
    faces = {i["id"]: i.get("values", {}) for i in records(game, "lists")["dice-faces"]["items"]}
    assert faces == {
        "skull": {"hits": 1},
        "pow": {"hits": 3, "pow_cards_drawn": 1},
        "bug": {"dice_discounted": 1, "discarded_die_min_hits": 1},
    }


def test_damage_table(game):
    table = records(game, "tables")["damage-card"]
    # "With 1 hit, the target loses 1 life point. With 3 hits, the target will lose 2 life points.
    #  With 6 hits the target loses 3. The maximum ... is 4, with 9 hits or more."
    assert [(r["at_least"], r["value"]) for r in table["rows"]] == [(1, 1), (3, 2), (6, 3), (9, 4)]
    assert table["maximum"] == 4


def test_action_tables(game):
    actions = records(game, "actions")
    bugbuster = actions["bugbuster-actions"]
    # "In each turn, a player has 4 action points (AP) to spend."
    assert bugbuster["per_turn"] == 4
    # | Move 1 square | 1AP | ... | Jump | 2AP | ... | Revive a partner | 2AP | ...
    assert [(a["name"], a["cost"]) for a in bugbuster["actions"]] == [
        ("Move 1 square", 1),
        ("Flip character (change facing)", 1),
        ("Jump", 2),
        ("Attack", 1),
        ("Revive a partner", 2),
        ("Rest and recover 1 RP (reaction point)", 1),
        ("Hand equipment to an adjacent partner", 1),
        ("Pick up ally / obstacle", 1),
        ("Throw ally / obstacle", 1),
    ]
    # | Advance 1 square | 1 AP | Flip BUG (change facing) | 1 AP | Jump | 2 AP | Attack | 1 AP |
    assert [(a["name"], a["cost"]) for a in actions["bug-actions"]["actions"]] == [
        ("Advance 1 square", 1),
        ("Flip BUG (change facing)", 1),
        ("Jump", 2),
        ("Attack", 1),
    ]
    # "RP's have three extra action types: Roll, Assist and Mid-Jump Action."
    assert [a["name"] for a in actions["reaction-actions"]["actions"]] == ["Roll", "Assist", "Mid-Jump Action"]


def test_seven_bugbusters_in_order(game):
    bugbusters = sorted(records(game, "bugbusters").values(), key=lambda b: b["order"])
    # ANA, RAY, PNK, TOR, PAM, MAC, MAI
    assert [b["name"] for b in bugbusters] == ["ANA", "RAY", "PNK", "TOR", "PAM", "MAC", "MAI"]
    # RAY — "Mission first. Now."
    assert bugbusters[1]["quote"] == "Mission first. Now."
    # The stat bars are graphics: every record says its stats are missing.
    assert all(b.get("missing") for b in bugbusters)


def test_ten_bug_kinds(game):
    bugs = sorted(records(game, "bugs").values(), key=lambda b: b["order"])
    assert [b["name"] for b in bugs] == [
        "BUGGIE", "BATBUG", "BIGBUG", "BICEFALUS", "BLOB",
        "BRASAS", "BUGDOZER", "BURP", "BOSS", "BUGMISTRESS",
    ]
    by_id = {b["id"]: b for b in bugs}
    # "14 BUGGIE Tokens, 4 BATBUG Tokens, 12 BIGBUG Tokens, ... 2 BOSS Tokens"
    assert by_id["buggie"]["tokens"] == 14 and by_id["bigbug"]["tokens"] == 12
    # "The Buggies and Batbugs are active from the start."
    assert [b["id"] for b in bugs if b.get("active_from_start")] == ["buggie", "batbug"]
    # BUGGIE: "capable of stacking up to a maximum of 4" (TEAM 4); BLOB: "immune to perforating weapons"
    assert [a["ability"] for a in by_id["buggie"]["abilities"]] == ["team-4"]
    assert [a["ability"] for a in by_id["blob"]["abilities"]] == ["protected-from-piercing"]
    # "(the BUG sheets carry the stats)": the stats are recorded as missing
    assert all(b.get("missing") for b in bugs)
    abilities = records(game, "lists")["bug-abilities"]["items"]
    # FLYING, TEAM 4, BACKEYE, SPAWN, REGENERATE 1
    assert [a["name"] for a in abilities] == ["FLYING", "TEAM 4", "BACKEYE", "SPAWN", "REGENERATE 1"]


def test_pow_cards(game):
    cards = deck(game, "pow-cards")
    # eleven cards listed, the last without a name
    assert len(cards) == 11
    assert game.decks["pow-cards"].data["in_box"] == 31
    # "Adrenalyn (Special, Free): The BUGBUSTER gets 2 extra reaction points."
    assert cards[0]["name"] == "Adrenalyn" and cards[0]["type"] == "special"
    assert cards[0]["cost"] == {"printed": "Free", "amount": 0, "resource": "none"}
    # "Copycat (Trick, 2 reaction points)"
    copycat = next(c for c in cards if c["id"] == "copycat")
    assert (copycat["type"], copycat["cost"]["amount"], copycat["cost"]["resource"]) == ("trick", 2, "reaction-point")
    # "Attack Advantage (Trick, must be used with a melee attack)"
    assert next(c for c in cards if c["id"] == "attack-advantage")["requires"]["attack"] == "melee"
    # "(Special, 1 reaction point): The BUGBUSTER draws two POW! cards." — printed without a name
    unnamed = cards[-1]
    assert "name" not in unnamed and unnamed["provenance"]["status"] == "uncertain"
    assert unnamed["values"]["pow_cards_drawn"] == 2


def test_bug_cards(game):
    cards = deck(game, "bug-cards")
    listed = [c for c in cards if c["listed"]]
    # twelve cards in the BUG Cards list, Acid Corruption first and Mortal Gas last
    assert len(listed) == 12
    assert (listed[0]["name"], listed[-1]["name"]) == ("Acid Corruption", "Mortal Gas")
    # "Creeper (Event)", "Explosive Gas (Event)"
    assert [c["name"] for c in listed if c["type"] == "event"] == ["Creeper", "Explosive Gas"]
    # How BUG cards work names 7 cards the list does not: Knock Knock ... Thief Buggie
    assert [c["name"] for c in cards if not c["listed"]] == [
        "Knock Knock", "Open/Close Door", "Psychic Attack", "Teleport",
        "Reinforcement", "Surprise", "Thief Buggie",
    ]
    # "Acid Corruption: Use this on the square with the most coins."
    assert listed[0]["ai_use"] == "Use this on the square with the most coins."
    # "Inmolation (Trick)" / "Immolation: If you have a BRASAS in play, ..."
    inmolation = next(c for c in cards if c["id"] == "inmolation")
    assert inmolation["ai_name"] == "Immolation"


def test_lists(game):
    lists = records(game, "lists")
    # POW! Actions: fifteen icons
    assert len(lists["pow-actions"]["items"]) == 15
    # Types of squares: Normal, Gateway, Ladder, Automatic staircase, Acid square, Spike trap
    assert len(lists["square-types"]["items"]) == 6
    # Special Actions: Ammo to yellow die ... MOVE 2A / JUMP 4A
    special = lists["equipment-special-actions"]["items"]
    assert len(special) == 10 and special[-1]["values"] == {"move_cost": 2, "jump_cost": 4}
    # "Damage types (as printed): piercing, electric, fire."
    assert [i["id"] for i in lists["damage-types"]["items"]] == ["piercing", "electric", "fire"]
    # Protection: Armor and three immunities
    assert len(lists["protections"]["items"]) == 4


def test_stores(game):
    stores = records(game, "stores")
    # "The POWERUP store will have 4 equipment cards that you can acquire."
    assert stores["powerup-store"]["equipment_cards"] == 4
    # "Recover 3 ammunition points." "Recover 1 life point." "you DO NOT TURN ANOTHER BACK ON"
    dm = stores["deathmatch-store"]
    assert [o.get("values") for o in dm["offers"]][2:] == [{"ammo_points": 3}, {"life_points": 1}]
    assert dm["relights_another_powerup"] is False


def test_scenarios(game):
    scenarios = records(game, "scenarios")
    by_mode: dict[str, list[dict]] = {}
    for s in sorted(scenarios.values(), key=lambda s: s["order"]):
        by_mode.setdefault(s["mode"], []).append(s)
    # Story: Missions 1–4 and the four unnumbered missions between them
    story = by_mode["story"]
    assert [s.get("number") for s in story] == [1, 2, None, None, None, 3, None, 4]
    # "Mission 1: Gimme my POWERUP ... Reward: The whole group can buy equipment from the POWERUP store."
    assert story[0]["reward"].startswith("The whole group can buy equipment")
    # Mission 4: "No reward is printed for this mission."
    assert "reward" not in story[-1] and len(story[-1]["goals"]) == 2
    # Arcade: Save the VIPs, Dimensional Portal, Hidden Keys, Kill the BUGMISTRESS
    arcade = by_mode["arcade"]
    assert [s["title"] for s in arcade] == ["Save the VIPs", "Dimensional Portal", "Hidden Keys", "Kill the BUGMISTRESS"]
    # "Initial coins: 4 coins for each player." / 6 / 6 / 16
    assert [s["initial_coins"]["per_player"] for s in arcade] == [4, 6, 6, 16]
    # "Minimum players: 1" / 2 / 2 / 2
    assert [s["minimum_players"] for s in arcade] == [1, 2, 2, 2]
    # "for a ROUND (8 turn sequences)" / "There is no time limit for this mission."
    assert arcade[0]["time_limit"]["turn_sequences"] == 8
    assert arcade[3]["time_limit"]["none"] is True
    # the source flags the BUGMISTRESS "cannot move" rule against "She can change places"
    assert arcade[3]["provenance"]["status"] == "uncertain"
    # Deathmatch: "The first one that captures to score twice, wins."
    (deathmatch,) = by_mode["deathmatch"]
    assert deathmatch["values"]["scores_to_win"] == 2
    assert deathmatch["players"] == {"min": 2, "max": 6}
    # every scenario carries the source text in sections
    assert all(s["sections"] for s in scenarios.values())
