"""POWERUP content: counts and values straight from the POWERUP Rulebook.

Each assertion quotes the rulebook sentence it checks. The content is loaded the way the
build loads it (site_src.check.checker.check), so a number corrected in YAML is what these read.
"""

from __future__ import annotations

import itertools
from itertools import combinations
from math import comb

import pytest

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
    # The GLITCH's numbers are its record, vehicles/glitch.yaml (tests/test_powerup_specials.py).
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
    items = records(game, "lists")["dice-faces"]["items"]
    faces = {i["id"]: i.get("values", {}) for i in items}
    # the three faces the source describes, as printed; blank and skull-2 are ours (adapted)
    assert faces == {
        "skull": {"hits": 1},
        "pow": {"hits": 3, "pow_cards_drawn": 1},
        "bug": {"dice_discounted": 1, "discarded_die_min_hits": 1},
        "blank": {"hits": 0},
        "skull-2": {"hits": 2},
    }
    assert [i["id"] for i in items if i.get("provenance", {}).get("status") == "adapted"] == ["blank", "skull-2"]


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
    # The stat bars are graphics: the sheets are ours, marked adapted, and no longer listed as missing.
    assert all(b["sheet"]["provenance"]["status"] == "adapted" for b in bugbusters)
    assert all(b["epic"]["provenance"]["status"] == "adapted" for b in bugbusters)
    assert not any(b.get("missing") for b in bugbusters)


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
    # "the BUG sheets carry the stats", which the source does not give: ours, marked adapted
    assert all(b["sheet"]["provenance"]["status"] == "adapted" for b in bugs)
    assert not any(b.get("missing") for b in bugs)
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
    specials = {s for c in cards for s in c.get("specials", [])}
    assert specials == {i["id"] for i in lists["equipment-special-actions"]["items"]}
    assert {c["damage"] for c in cards if "damage" in c} == {i["id"] for i in lists["damage-types"]["items"]}

    def equipment_type(card):
        if card["category"] == "distance":
            return "ranged-yellow-die" if card["range"] == "yellow-die" else "ranged-fixed"
        return card["category"]

    assert {equipment_type(c) for c in cards} == {i["id"] for i in lists["equipment-types"]["items"]}


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
    sa, sb = set(a.get("specials", [])), set(b.get("specials", []))
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


# ---------------------------------------------------------------------------- sheets (adapted)
# The sheets, dice, store prices, CONTINUE costs and professions are ours (adapted): these tests check
# they agree with every sentence and worked example of the rulebook, and that the game they make is fair.


def sheets(game) -> dict[str, dict]:
    return {stem: bug["sheet"] for stem, bug in records(game, "bugs").items()}


def list_ids(game, list_id: str) -> set[str]:
    return {i["id"] for i in records(game, "lists")[list_id]["items"]}


def test_bug_sheets_name_known_abilities_and_agree_with_the_descriptions(game):
    abilities, protections = list_ids(game, "bug-abilities"), list_ids(game, "protections") - {"armor"}
    for stem, bug in records(game, "bugs").items():
        for sheet in (bug["sheet"], bug.get("angry")):
            if sheet is None:
                continue
            assert set(sheet["abilities"]) <= abilities, stem
            assert set(sheet["protections"]) <= protections, stem
        # every ability the printed description states in words is on the sheet
        # (the BUGMISTRESS's SPAWN only in her initial state: "In this mode, she won't be able to spawn")
        stated = {a["ability"] for a in bug.get("abilities", [])}
        assert stated <= set(bug["sheet"]["abilities"]) | set(bug["sheet"]["protections"]), stem


def test_the_burp_sheet_agrees_with_the_ranged_attack_worked_example(game):
    burp = records(game, "bugs")["burp"]
    # "The BUG has 2 points of armor" ... "Since it has three lives"
    (example,) = burp["examples"]
    assert (burp["sheet"]["armor"], burp["sheet"]["lives"]) == (example["values"]["armor"], example["values"]["lives"]) == (2, 3)
    # "They are the spawn points of the BUGs."
    assert "spawn" in burp["sheet"]["abilities"]
    # RAY wins by "3 hits": after the BURP's 2 armor, 1 hit; the DAMAGE card: 1 life lost of its 3
    damage = records(game, "tables")["damage-card"]["rows"]
    lost = max(r["value"] for r in damage if r["at_least"] <= 3 - burp["sheet"]["armor"])
    assert (lost, burp["sheet"]["lives"] - lost) == (1, 2)


def test_the_rewards_example_releases_a_brasas_and_a_bigbug_for_8_spawn_points(game):
    # "The BUGMISTRESS has used BUG cards with a total of 8 points (4 + 4). She has released a BRASAS and a BIGBUG."
    s = sheets(game)
    assert s["brasas"]["spawn_cost"] + s["bigbug"]["spawn_cost"] == 4 + 4


def test_bug_sheets_follow_the_descriptions(game):
    s = sheets(game)
    # "The Buggies and Batbugs are active from the start": the free BUG cards cost nothing to activate
    assert s["buggie"]["activation_cost"] == s["batbug"]["activation_cost"] == 0
    spawned = {k: v for k, v in s.items() if k != "bugmistress"}  # she is never spawned
    assert all(v["activation_cost"] > 0 for k, v in spawned.items() if k not in ("buggie", "batbug"))
    # BUGGIES are the weakest: the cheapest SPAWN, one life, "stacking up to a maximum of 4" (TEAM 4)
    assert s["buggie"]["spawn_cost"] < min(v["spawn_cost"] for k, v in spawned.items() if k != "buggie")
    assert s["buggie"]["lives"] == 1 and s["buggie"]["abilities"] == ["team-4"]
    # BATBUGS "can fly and spit"
    assert "flying" in s["batbug"]["abilities"] and s["batbug"]["ranged"]["range"] > 0
    # BICEFALUS "cannot be caught by surprise"; BLOB "immune to perforating weapons"
    assert "backeye" in s["bicefalus"]["abilities"]
    assert s["blob"]["protections"] == ["protected-from-piercing"]
    # BRASAS "spew fireballs and are immune to fire damage"
    assert s["brasas"]["ranged"]["range"] > 0 and s["brasas"]["ranged"]["damage"] == "fire"
    assert s["brasas"]["protections"] == ["protected-from-fire"]
    # BUGDOZER "immune to ranged attacks"
    assert s["bugdozer"]["protections"] == ["protected-from-ranged"]
    # BOSS "has the ability to blink! like the characters": reaction points; "an exceptional warrior"
    assert s["boss"]["reaction"] > 0
    melee = {k: v["melee"]["white"] + 2 * v["melee"]["yellow"] for k, v in spawned.items()}
    assert max(melee, key=melee.get) == "boss"
    # only the BOSS blinks
    assert [k for k, v in s.items() if v.get("reaction")] == ["boss"]


def test_the_bugmistress_initial_state_and_very_angry_mode(game):
    bugmistress = records(game, "bugs")["bugmistress"]
    first, angry = bugmistress["sheet"], bugmistress["angry"]
    # "her body regenerates and she is able to SPAWN like the BURPS"; "is immune to attacks from the back"
    assert {"spawn", "regenerate-1", "backeye"} <= set(first["abilities"])
    # "The BUGMISTRESS is also a SPAWN point and she cannot move"
    assert first["actions"] == 0
    # "she won't be able to spawn or regenerate, but will immediately open fire on the BUGBUSTERs"
    assert not {"spawn", "regenerate-1"} & set(angry["abilities"]) and "backeye" in angry["abilities"]
    assert angry["ranged"]["range"] > 0 and angry["opens_fire"] is True and angry["attacks"] > 0
    # "In level 2 the BUGMISTRESS can shoot and defend herself much more ferociously"
    assert angry["armor"] > first["armor"]
    # only the BUGMISTRESS has a second level
    assert [k for k, bug in records(game, "bugs").items() if "angry" in bug] == ["bugmistress"]


def weapons(sheet: dict) -> dict[str, dict]:
    by_category: dict[str, dict] = {}
    for weapon in sheet["weapons"]:
        # "you can only have one weapon equipped at a time ... one for distance, one for melee combat and one for armor"
        assert weapon["category"] not in by_category
        by_category[weapon["category"]] = weapon
    return by_category


def test_every_bugbuster_can_fight_normal_and_epic(game):
    specials = list_ids(game, "equipment-special-actions")
    for stem, bugbuster in records(game, "bugbusters").items():
        for side in (bugbuster["sheet"], bugbuster["epic"]):
            equipped = weapons(side)
            # a melee attack rolls "the dice from their melee reserve + the dice for their ... melee weapon";
            # a ranged attack needs a distance weapon's "Range"
            melee = side["melee"]["white"] + side["melee"]["yellow"]
            distance = equipped.get("distance")
            assert melee > 0 or (distance and distance.get("range")), stem
            assert "melee" in equipped or "distance" in equipped, stem
            if distance:
                assert distance.get("range"), stem
            for weapon in side["weapons"]:
                assert set(weapon.get("specials", [])) <= specials, (stem, weapon["name"])
        # "the player receives extra reaction points (8) and ammunition (9)"
        assert bugbuster["epic"]["reaction_bonus"] > 0 and bugbuster["epic"]["ammo_bonus"] > 0, stem


def test_bugbuster_sheets_match_their_bios(game):
    bb = {stem: b["sheet"] for stem, b in records(game, "bugbusters").items()}

    def melee(s):
        dice = [s["melee"]] + [w["dice"] for w in s["weapons"] if w["category"] == "melee" and "dice" in w]
        return sum(d["white"] + d["yellow"] for d in dice)

    def ranged(s):
        dice = [s["ranged"]] + [w["dice"] for w in s["weapons"] if w["category"] == "distance" and "dice" in w]
        return sum(d["white"] + d["yellow"] for d in dice)

    # ANA and TOR fight up close ("It's always a good time for a fight"; "his beloved axe")
    assert min(melee(bb["ana"]), melee(bb["tor"])) >= max(melee(bb[k]) for k in ("ray", "pnk", "pam"))
    assert any("axe" in w["name"] for w in bb["tor"]["weapons"])
    # PAM, the weapons expert: the most distance dice and ammunition
    assert ranged(bb["pam"]) == max(ranged(s) for s in bb.values())
    assert bb["pam"]["ammo"] == max(s["ammo"] for s in bb.values())
    # RAY, the leader, balanced; PNK high-tech: electric weapons
    assert melee(bb["ray"]) >= ranged(bb["ray"]) >= melee(bb["ray"]) - 1
    assert {w.get("damage") for w in bb["pnk"]["weapons"]} == {"electric"}
    # MAC "the tough ... type": the most armor; MAI the ninja: the most reaction points
    assert bb["mac"]["armor"] == max(s["armor"] for s in bb.values()) > sorted(s["armor"] for s in bb.values())[-2]
    assert bb["mai"]["reaction"] == max(s["reaction"] for s in bb.values()) > sorted(s["reaction"] for s in bb.values())[-2]


# -- dice and combat, computed exactly from the content


def die_faces(game) -> tuple[dict[str, list[str]], dict[str, int]]:
    lists = records(game, "lists")["dice-faces"]
    hits = {i["id"]: i.get("values", {}).get("hits", 0) for i in lists["items"]}
    return {k: v for k, v in lists["dice"].items() if k != "provenance"}, hits


def test_each_die_has_six_known_faces_and_white_is_steadier(game):
    dice, hits = die_faces(game)
    assert set(dice) == {"white", "yellow"}
    for faces in dice.values():
        assert len(faces) == 6 and set(faces) <= set(hits)
        # the three faces the source describes appear on both dice (game.yaml: faces [skull, pow, bug])
        assert {"skull", "pow", "bug"} <= set(faces)
    mean = {k: sum(hits[f] for f in v) / 6 for k, v in dice.items()}
    variance = {k: sum((hits[f] - mean[k]) ** 2 for f in v) / 6 for k, v in dice.items()}
    # "The white dice are less powerful than the yellow ones, but more stable."
    assert mean["white"] < mean["yellow"]
    assert variance["white"] < variance["yellow"]
    # "The yellow ones can be more powerful but are riskier": more rolls with no hit
    misses = {k: sum(hits[f] == 0 for f in v) for k, v in dice.items()}
    assert misses["white"] < misses["yellow"]
    # the note reports the expected hits (7/6 and 9/6)
    assert (mean["white"], mean["yellow"]) == (7 / 6, 9 / 6)


class Combat:
    """Exact odds of POWERUP combat from the content: dice faces, the BUG face's blunder (the roller
    discounts its lowest die with a hit), the DAMAGE card, armor, melee (both roll) and ranged (only
    the attacker rolls)."""

    def __init__(self, game):
        dice, self.hits = die_faces(game)
        self.faces = {"white": dice["white"], "yellow": dice["yellow"]}
        self.table = records(game, "tables")["damage-card"]["rows"]
        self.rolls: dict[tuple[int, int], dict[int, float]] = {}

    def lost(self, hits: int) -> int:
        return max([r["value"] for r in self.table if r["at_least"] <= hits], default=0)

    def roll(self, white: int, yellow: int) -> dict[int, float]:
        if (white, yellow) in self.rolls:
            return self.rolls[(white, yellow)]
        pool = [self.faces["white"]] * white + [self.faces["yellow"]] * yellow
        out: dict[int, float] = {}
        for faces in itertools.product(*pool):
            values = sorted(self.hits[f] for f in faces if f != "bug")
            for _ in range(faces.count("bug")):
                kept = [v for v in values if v > 0]
                if kept:
                    values.remove(min(kept))
            out[sum(values)] = out.get(sum(values), 0) + 6.0 ** -len(pool)
        self.rolls[(white, yellow)] = out
        return out

    def melee(self, attacker, defender) -> dict[tuple[int, int], float]:
        """{(lives the attacker loses, lives the defender loses): probability}; a side = (dice, armor)."""
        out: dict[tuple[int, int], float] = {}
        for a, pa in self.roll(*attacker[0]).items():
            for d, pd in self.roll(*defender[0]).items():
                key = (self.lost(d - a - attacker[1]), 0) if d > a else (0, self.lost(a - d - defender[1]))
                out[key] = out.get(key, 0) + pa * pd
        return out

    def ranged(self, dice, armor) -> dict[tuple[int, int], float]:
        out: dict[tuple[int, int], float] = {}
        for h, p in self.roll(*dice).items():
            out[(0, self.lost(h - armor))] = out.get((0, self.lost(h - armor)), 0) + p
        return out


def fighter(sheet: dict) -> dict:
    """A BUGBUSTER with its basic weapons equipped: melee dice, distance dice (or None), armor, ammo."""
    equipped = weapons(sheet)

    def total(stat, category):
        bonus = equipped.get(category, {}).get("dice", {"white": 0, "yellow": 0})
        return (sheet[stat]["white"] + bonus["white"], sheet[stat]["yellow"] + bonus["yellow"])

    armor = sheet["armor"] + equipped.get("armor", {}).get("armor", 0)
    return {"melee": total("melee", "melee"), "ranged": total("ranged", "distance") if "distance" in equipped else None,
            "armor": armor, "ammo": sheet["ammo"]}


def expected(outcomes) -> float:
    return sum(p * (theirs - mine) for (mine, theirs), p in outcomes.items())


def duel(combat: Combat, bb: dict, bug: dict, lives: int) -> float:
    """The chance that one BUGBUSTER (3 lives) defeats one BUG, each round the BUGBUSTER attacking once
    (a shot while it has ammunition and a shot is worth more, else melee) and the BUG making its attacks."""
    bug_side = ((bug["melee"]["white"], bug["melee"]["yellow"]), bug["armor"])
    bb_side = (bb["melee"], bb["armor"])
    melee = combat.melee(bb_side, bug_side)
    shot = combat.ranged(bb["ranged"], bug["armor"]) if bb["ranged"] else None
    bites = [{(theirs, mine): p for (mine, theirs), p in combat.melee(bug_side, bb_side).items()}] * bug["attacks"]
    win: dict[tuple[int, int, int], float] = {}
    states = list(itertools.product(range(1, lives + 1), range(1, bug["lives"] + 1), range(bb["ammo"] + 1)))
    for _ in range(400):  # value iteration: a round where nobody is hurt comes back to the same state
        for own, theirs, ammo in states:
            use_shot = shot is not None and ammo > 0 and expected(shot) >= expected(melee)
            first = [((0, d), p, ammo - 1) for (_, d), p in shot.items()] if use_shot else \
                [((m, d), p, ammo) for (m, d), p in melee.items()]
            value = 0.0
            for (m, d), p, left in first:
                branches = [(own - m, theirs - d, p)]
                for bite in bites:
                    branches = [(o - bm, t - bd, q * pb) if o > 0 and t > 0 else (o, t, q)
                                for o, t, q in branches for (bm, bd), pb in (bite.items() if o > 0 and t > 0
                                                                              else [((0, 0), 1.0)])]
                for o, t, q in branches:
                    value += q * (1.0 if t <= 0 else 0.0 if o <= 0 else win.get((o, t, left), 0.0))
            win[(own, theirs, ammo)] = value
    return win[(lives, bug["lives"], bb["ammo"])]


@pytest.fixture(scope="module")
def odds(game):
    combat = Combat(game)
    bugs = sheets(game)
    lives = game.meta["constants"]["starting_lives"]
    return {(stem, b): duel(combat, fighter(bugbuster["sheet"]), bugs[b], lives)
            for stem, bugbuster in records(game, "bugbusters").items() for b in ("buggie", "bigbug", "boss")}


def test_a_bugbuster_usually_beats_a_buggie(odds):
    assert all(p > 0.9 for (bb, bug), p in odds.items() if bug == "buggie"), odds


def test_a_bugbuster_trades_evenly_with_a_bigbug(odds):
    # each BUGBUSTER wins a duel with a BIGBUG more often than not, but far from always
    found = {bb: round(p, 2) for (bb, bug), p in odds.items() if bug == "bigbug"}
    assert all(0.45 <= p <= 0.8 for p in found.values()), found


def test_a_boss_needs_teamwork(odds):
    # "an exceptional warrior": no BUGBUSTER alone beats him one time in three (before he even blinks)
    found = {bb: round(p, 2) for (bb, bug), p in odds.items() if bug == "boss"}
    assert all(p < 0.33 for p in found.values()), found


# -- professions, store, CONTINUE


def test_six_professions_with_two_implemented_abilities_each(game):
    import engine  # noqa: PLC0415

    implemented = set(engine.implemented_effects("powerup"))
    professions = sorted(records(game, "professions").values(), key=lambda p: p["order"])
    # "6 Profession Sheets"; "There are two possible abilities for each profession."
    assert len(professions) == 6 == next(c["count"] for c in game.meta["components"] if c["name"] == "Profession Sheets")
    needs = {"modifier": {"stat", "amount"}, "build-turret": {"ammo"}, "heal-partner": {"lives"}, "sense-secrets": set()}
    ids = []
    for profession in professions:
        assert len(profession["abilities"]) == game.meta["constants"]["profession_abilities"]
        assert profession["provenance"]["status"] == "adapted"
        for ability in profession["abilities"]:
            assert ability["effect"] in implemented
            assert needs[ability["effect"]] <= set(ability.get("values", {})), ability["id"]
            ids.append(ability["id"])
    assert len(ids) == len(set(ids))
    # "Characters with engineering abilities can build machine guns": the engineer, and only it
    turret = [(p["id"], a) for p in professions for a in p["abilities"] if a["effect"] == "build-turret"]
    assert [pid for pid, _ in turret] == ["engineer"]
    assert turret[0][1]["values"]["ammo"] > 0


def test_store_prices(game):
    store = records(game, "stores")["powerup-store"]
    offers = {o["id"]: o for o in store["offers"]}
    # "The card shows the cost of what you can buy: ammunition, life points, a reset of the 4 equipment
    #  cards or switching on a POWERUP." — those four are priced, ours (adapted)
    priced = [k for k, o in offers.items() if "price" in o]
    assert priced == ["ammunition", "life-points", "reset-equipment", "switch-on-powerup"]
    assert all(offers[k]["provenance"]["status"] == "adapted" for k in priced)
    assert (offers["ammunition"]["price"], offers["ammunition"]["amount"]) == (1, 3)
    assert "missing" not in store


def test_continue_costs_rise_each_use(game):
    table = records(game, "tables")["continue-card"]
    values = [r["value"] for r in table["rows"]]
    # "set the CONTINUE card to the first level"; "Each time you use it, raise the cost by sliding the card."
    assert table["rows"][0]["at_least"] == 0 and [r["at_least"] for r in table["rows"]] == list(range(len(values)))
    assert all(a < b for a, b in itertools.pairwise(values)) and table["maximum"] == values[-1]
    assert table["provenance"]["status"] == "adapted"
