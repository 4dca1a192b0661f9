"""POWERUP content: counts and values straight from the POWERUP Rulebook.

Each assertion quotes the rulebook sentence it checks. The content is loaded the way the
build loads it (site_src.check.checker.check), so a number corrected in YAML is what these read.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from engine.powerup.effects import BUG_EFFECTS, POW_EFFECTS
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


def copies(cards: list[dict]) -> int:
    return sum(c.get("count", 1) for c in cards)


def test_deck_sizes_are_the_box_contents(game):
    # "29 BUG Cards", "31 POW! Cards", "38 Equipment Cards"
    for deck_id, size in (("pow-cards", 31), ("bug-cards", 29), ("equipment", 38)):
        assert copies(deck(game, deck_id)) == size == game.decks[deck_id].data["in_box"], deck_id


def test_pow_cards(game):
    cards = deck(game, "pow-cards")
    listed = cards[:11]
    # the eleven cards the source lists come first, in its order, the last without a name
    assert [c.get("name") for c in listed] == [
        "Adrenalyn", "Ammo Found", "Armory", "Assemble", "Attack Advantage", "Barrier Granade", "BrainWash",
        "Concentration", "Copycat", "Disruptor", None,
    ]
    # "Adrenalyn (Special, Free): The BUGBUSTER gets 2 extra reaction points."
    assert cards[0]["name"] == "Adrenalyn" and cards[0]["type"] == "special"
    assert cards[0]["cost"] == {"printed": "Free", "amount": 0, "resource": "none"}
    assert cards[0]["text"] == "The BUGBUSTER gets 2 extra reaction points."
    assert (cards[0]["effect"], cards[0]["values"]) == ("gain-points", {"reaction": 2})
    # "Copycat (Trick, 2 reaction points)"
    copycat = next(c for c in cards if c["id"] == "copycat")
    assert (copycat["type"], copycat["cost"]["amount"], copycat["cost"]["resource"]) == ("trick", 2, "reaction-point")
    # "Attack Advantage (Trick, must be used with a melee attack): Add 1 white die to your attack roll."
    advantage = next(c for c in cards if c["id"] == "attack-advantage")
    assert advantage["requires"]["attack"] == "melee"
    assert (advantage["effect"], advantage["values"]) == ("add-die", {"white": 1, "attack": "melee"})
    # "(Special, 1 reaction point): The BUGBUSTER draws two POW! cards." — printed without a name: it keeps
    # none, the site calls it "(unnamed: ...)"
    unnamed = cards[10]
    assert "name" not in unnamed and unnamed["display_name"].startswith("(unnamed: ")
    assert (unnamed["effect"], unnamed["values"]) == ("draw-pow", {"cards": 2})
    # every letter is ours, so every card is adapted; the source's cards say which letter is ours
    assert all(c["provenance"]["status"] == "adapted" for c in cards)
    for card in listed:
        assert f"Ours: the letter {card['letter']}" in card["provenance"]["note"], card["id"]


def spells_epic(hand: list[str]) -> bool:
    """Four cards form the word EPIC: their letters are distinct, a wild card standing for any missing one."""
    letters = [c for c in hand if c != "wild"]
    return len(hand) == 4 and len(set(letters)) == len(letters) and set(letters) <= set("EPIC")


def test_the_pow_deck_can_spell_epic_but_not_trivially(game):
    # "If you pick up POW! cards that form the word EPIC, then you may turn your BUGBUSTER into EPIC";
    # "The maximum number of POW! cards in one hand is 4."
    assert game.meta["constants"]["pow_hand_limit"] == 4 == game.meta["constants"]["epic_cards"]
    letters = [c["letter"] for c in deck(game, "pow-cards") for _ in range(c.get("count", 1))]
    tally = {letter: letters.count(letter) for letter in ("E", "P", "I", "C", "wild")}
    assert all(tally[letter] >= 5 for letter in "EPIC"), tally  # each letter is common enough to find
    assert 1 <= tally["wild"] < min(tally[letter] for letter in "EPIC"), tally  # wild cards help, rarely
    # the chance that 4 cards drawn at random spell EPIC: reachable, far from sure
    hits = 0
    for k in range(0, 5):  # k wild cards and 4 - k distinct letters
        for chosen in combinations("EPIC", 4 - k):
            ways = comb(tally["wild"], k)
            for letter in chosen:
                ways *= tally[letter]
            hits += ways
    chance = hits / comb(len(letters), 4)
    assert 0.1 < chance < 0.3, chance
    assert spells_epic(["E", "P", "I", "C"]) and spells_epic(["wild", "P", "I", "C"])
    assert not spells_epic(["E", "E", "I", "C"])


# docs-dev/POWERUP.md "Effects": the numbers (and words) each effect reads from `values`
POW_VALUES = {
    "add-hit": {"hits", "attack"}, "add-die": {"white", "yellow", "attack"}, "add-armor": {"armor"},
    "bugmistress-discards": {"cards"}, "gain-points": {"ammo", "lives", "reaction"}, "draw-pow": {"cards"},
    "cover-obstacle": {"armor"},
}
BUG_VALUES = {
    "ambush": {"buggies"}, "transform": {"from", "to"}, "charge": {"multiplier"}, "movement-cost": {"multiplier"},
    "deplete-powerups": {"count"}, "immolation": {"damage"}, "remove-ammo": {"each", "single"},
    "remove-reaction": {"each", "single"}, "remove-lives": {"each", "single"}, "reinforcement": {"cards"},
    "surprise": {"bugs", "bug"}, "thief-buggie": {"coins"},
}


def test_every_card_effect_is_one_the_engine_implements_for_its_deck(game):
    for deck_id, implemented, readable in (("pow-cards", POW_EFFECTS, POW_VALUES),
                                           ("bug-cards", BUG_EFFECTS, BUG_VALUES)):
        for card in deck(game, deck_id):
            assert card["effect"] in implemented, (deck_id, card["id"], card["effect"])
            assert set(card.get("values", {})) <= readable.get(card["effect"], set()), card["id"]
    bugs = set(records(game, "bugs"))
    for card in deck(game, "bug-cards"):
        if card["effect"] in ("transform", "surprise"):
            assert {v for k, v in card["values"].items() if k in ("from", "to", "bug")} <= bugs, card["id"]


def test_every_pow_action_icon_is_on_some_card(game):
    # POW! Actions: the card icons as printed; the wild one "USE IT LIKE ANY EPIC LETTER"
    icons = [i["id"] for i in records(game, "lists")["pow-actions"]["items"]]
    cards = deck(game, "pow-cards")
    assert set(icons) <= {c["effect"] for c in cards}
    # "Gives ammunition, life or reaction points": each of the three on some card
    gains = set().union(*(c["values"] for c in cards if c["effect"] == "gain-points"))
    assert gains == {"ammo", "lives", "reaction"}
    assert all(c["letter"] == "wild" for c in cards if c["effect"] == "epic-letter")
    assert all(c["effect"] == "epic-letter" for c in cards if c["letter"] == "wild")


def test_bug_cards(game):
    cards = deck(game, "bug-cards")
    listed = [c for c in cards if c["listed"]]
    # twelve cards in the BUG Cards list, Acid Corruption first and Mortal Gas last
    assert len(listed) == 12
    assert (listed[0]["name"], listed[-1]["name"]) == ("Acid Corruption", "Mortal Gas")
    # "Creeper (Event)", "Explosive Gas (Event)"
    assert [c["name"] for c in listed if c["type"] == "event"] == ["Creeper", "Explosive Gas"]
    # How BUG cards work names 7 cards the list does not: Knock Knock ... Thief Buggie
    named_by_ai = [c for c in cards if not c["listed"] and c.get("ai_use")]
    assert [c["name"] for c in named_by_ai] == [
        "Knock Knock", "Open/Close Door", "Psychic Attack", "Teleport",
        "Reinforcement", "Surprise", "Thief Buggie",
    ]
    # their type and text are ours, and the record still says the source lacks them
    for card in named_by_ai:
        assert card["provenance"]["status"] == "adapted" and card["missing"], card["id"]
    # "Reinforcement: Use it to have 2 cards instead of this one."
    assert next(c for c in named_by_ai if c["id"] == "reinforcement")["values"] == {"cards": 2}
    # "Metal Corrosion, Mortal Gas, Psychic Attack: These have effect over all players": Psychic Attack
    # takes lives as the other two take ammo and reaction points, from each BUGBUSTER or from one
    psychic = next(c for c in named_by_ai if c["id"] == "psychic-attack")
    assert psychic["effect"] == "remove-lives" and set(psychic["values"]) == {"each", "single"}
    # "Thief Buggie: If one of the BUGGIES is next to a BUGBUSTER, use this card and escape."
    assert next(c for c in named_by_ai if c["id"] == "thief-buggie")["effect"] == "thief-buggie"
    # ten more, ours, named nowhere in the source
    ours = [c for c in cards if not c["listed"] and not c.get("ai_use")]
    assert len(ours) == 10 and all(c["provenance"]["status"] == "adapted" for c in ours)
    # "Acid Corruption: Use this on the square with the most coins."
    assert listed[0]["ai_use"] == "Use this on the square with the most coins."
    # "Inmolation (Trick)" / "Immolation: If you have a BRASAS in play, ..."
    inmolation = next(c for c in cards if c["id"] == "inmolation")
    assert inmolation["ai_name"] == "Immolation"
    # "Evolution (Trick): Transform a BUGGIE into a BIGBUG."
    evolution = next(c for c in cards if c["id"] == "evolution")
    assert (evolution["effect"], evolution["values"]) == ("transform", {"from": "buggie", "to": "bigbug"})
    # "Creeper ... movements cost double"
    creeper = next(c for c in cards if c["id"] == "creeper")
    assert (creeper["effect"], creeper["values"]) == ("movement-cost", {"multiplier": 2})


# SPAWN costs assumed while the BUG sheets (bugs/<id>.yaml `sheet.spawn_cost`) are not written yet
ASSUMED_SPAWN_COSTS = {"buggie": 1, "batbug": 2, "bigbug": 3, "bicefalus": 4, "brasas": 5, "blob": 5, "bugdozer": 6}


def spawn_costs(game) -> tuple[dict[str, int], list[str]]:
    """Each BUG's SPAWN cost: its sheet's when it has one, else the assumed one; and which were assumed."""
    costs, assumed = {}, []
    for bug_id, bug in records(game, "bugs").items():
        sheet = bug.get("sheet")
        if sheet is not None:
            costs[bug_id] = sheet["spawn_cost"]
        elif bug_id in ASSUMED_SPAWN_COSTS:
            costs[bug_id] = ASSUMED_SPAWN_COSTS[bug_id]
            assumed.append(bug_id)
    return costs, assumed


def test_every_automatic_spawn_is_paid_by_its_card(game):
    costs, assumed = spawn_costs(game)
    cards = deck(game, "bug-cards")
    released = {c["auto_spawn"] for c in cards}
    # every BUG a card releases has a cost, from its sheet or assumed: none is skipped
    assert released <= set(costs), released - set(costs)
    for card in cards:
        assert costs[card["auto_spawn"]] <= card["spawn"], (card["id"], card["auto_spawn"], assumed)
    # the BURPs release BUGs: never a BURP, a BOSS or the BUGMISTRESS herself
    assert not released & {"burp", "boss", "bugmistress"}
    # every BUG a BURP can release is released by some card; the two released most often are the two with
    # the most tokens ("14 BUGGIE Tokens, ... 12 BIGBUG Tokens")
    assert released == set(ASSUMED_SPAWN_COSTS)
    tokens = {b: records(game, "bugs")[b]["tokens"] for b in released}
    often = {b: sum(c["auto_spawn"] == b for c in cards) for b in released}
    assert set(sorted(often, key=often.get)[-2:]) == set(sorted(tokens, key=tokens.get)[-2:]) == {"buggie", "bigbug"}


def test_spawn_values_pay_the_rewards_example(game):
    # Rewards: "The BUGMISTRESS has used BUG cards with a total of 8 points (4 + 4). She has released a
    # BRASAS and a BIGBUG."
    costs, _assumed = spawn_costs(game)
    fours = [c for c in deck(game, "bug-cards") if c["spawn"] == 4]
    assert len(fours) >= 2
    assert costs["brasas"] + costs["bigbug"] == 4 + 4
    # the SPAWN values of the deck span the cheapest BUG to the dearest a BURP releases
    spawns = [c["spawn"] for c in deck(game, "bug-cards")]
    assert min(spawns) == costs["buggie"] and max(spawns) == max(costs[b] for b in ASSUMED_SPAWN_COSTS)


def test_equipment_uses_every_special_damage_type_and_equipment_type(game):
    cards = deck(game, "equipment")
    lists = records(game, "lists")
    specials = {s["id"] for c in cards for s in c.get("specials", [])}
    assert specials == {i["id"] for i in lists["equipment-special-actions"]["items"]}
    assert {c["damage"] for c in cards if "damage" in c} == {i["id"] for i in lists["damage-types"]["items"]}

    def equipment_type(card):
        if card["category"] == "distance":
            return "ranged-yellow-die" if card["range"] == "yellow-die" else "ranged-fixed"
        return card["category"]

    assert {equipment_type(c) for c in cards} == {i["id"] for i in lists["equipment-types"]["items"]}


def test_special_action_numbers_are_the_printed_ones(game):
    # PUSH 2 pushes 2 more squares, AREA DAMAGE 2 hits 2 targets, MOVE 2A / JUMP 4A ...: a card's numbers
    # for a special action are the ones its printed text states
    printed = {i["id"]: sorted(i.get("values", {}).values())
               for i in records(game, "lists")["equipment-special-actions"]["items"]}
    for card in deck(game, "equipment"):
        for special in card.get("specials", []):
            assert sorted(special.get("values", {}).values()) == printed[special["id"]], card["id"]


def test_the_shotgun_is_destroyed_out_of_ammunition(game):
    # Destruction of Equipment: "In the shotgun card shown at the top, if at any time the BUGBUSTER equipped
    # with it runs out of ammunition, the equipment card is destroyed."; Bullet-time: "a speed 1 shotgun"
    (shotgun,) = [c for c in deck(game, "equipment") if c["name"] == "Shotgun"]
    assert shotgun["category"] == "distance" and shotgun["destroyed_when"] == "out-of-ammo"
    assert shotgun["speed"] == 1


def test_grenades(game):
    # Grenades: "for 1 single use. The range of the grenade is variable, roll one yellow die"; the attack
    # hits "the square it hits, as well as the adjacent cells (top, bottom, left and right)"
    cards = deck(game, "equipment")
    grenades = [c for c in cards if c.get("range") == "yellow-die" or "blast" in c]
    assert grenades
    for grenade in grenades:
        assert grenade["category"] == "distance" and grenade["range"] == "yellow-die", grenade["id"]
        assert grenade["blast"] == "cross" and grenade["destroyed_when"] == "single-use", grenade["id"]
    assert all(c["destroyed_when"] != "single-use" for c in cards if c not in grenades)
    # armor pieces: armor points, and no dice, range or damage of their own
    armors = [c for c in cards if c["category"] == "armor"]
    assert armors and all(c["armor"] >= 1 and not {"dice", "range", "damage"} & set(c) for c in armors)


DRAWBACKS = {"move-2a-jump-4a"}  # MOVE 2A / JUMP 4A: "Moving and jumping cost twice as many action points"


def at_least_as_good(a: dict, b: dict) -> bool:
    """Card a is as good as card b in every respect (same slot): dice, range, armor, speed, damage that
    nothing is protected from or the same type, every special of b and no drawback b lacks, never
    destroyed or destroyed by the same thing."""
    if a["category"] != b["category"] or ("blast" in a) != ("blast" in b):
        return False
    da, db = a.get("dice", {}), b.get("dice", {})
    if any(da.get(k, 0) < db.get(k, 0) for k in ("white", "yellow")):
        return False
    ra, rb = a.get("range"), b.get("range")
    if (isinstance(ra, int) and isinstance(rb, int) and ra < rb) or type(ra) is not type(rb):
        return False
    if a.get("armor", 0) < b.get("armor", 0) or a.get("speed", 1) < b.get("speed", 1):
        return False
    if a.get("damage") not in (b.get("damage"), None, "electric"):
        return False
    sa, sb = {s["id"] for s in a.get("specials", [])}, {s["id"] for s in b.get("specials", [])}
    if not (sb - DRAWBACKS) <= sa or not (sa & DRAWBACKS) <= sb:
        return False
    return a["destroyed_when"] in (b["destroyed_when"], "never")


def test_the_price_curve_is_fair(game):
    cards = deck(game, "equipment")
    # no card is as good as another in every respect and cheaper
    for a in cards:
        for b in cards:
            if a is not b and at_least_as_good(a, b):
                assert a["cost"] >= b["cost"], (a["id"], "beats", b["id"])
    # "Sell equipment ... You receive half its value, rounded down": every card sells for at least a coin;
    # the ARCADE starting coins (4 to 16 per player) buy a third of the cards, and the most buy the dearest
    coins = [s["initial_coins"]["per_player"] for s in records(game, "scenarios").values()
             if s.get("initial_coins")]
    costs = sorted(c["cost"] for c in cards)
    assert costs[0] >= 2 and costs[-1] <= max(coins)
    assert len([c for c in costs if c <= min(coins)]) >= len(costs) // 3
    # a curve: many cheap cards, few dear ones
    assert len([c for c in costs if c >= 7]) < len([c for c in costs if c <= 3])


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
