"""Marvel United promos: our adapted Heroes and Locations (the promo box has neither; issue 6 needs
them). Every hero deck holds exactly 12 cards counting copies, with valid symbols; every special effect
and End of Turn step uses a name from the documented vocabularies below, which the engine must
implement (engine/mu EFFECTS); every record is `adapted` with a note saying it is ours."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from site_src.check.schemas import Schemas

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "content" / "marvel-united-promos"
SCHEMA = REPO / "schema"

HERO_DECK_SIZE = 12  # issue 6: "at least 4 heroes of 12 cards each"
MIN_HEROES = 4
MIN_LOCATIONS = 8
LOCATION_SLOTS = 6  # the core-rules page's choice (game.yaml constants location_slots)
SYMBOLS = {"move", "attack", "heroic", "wild"}
ADAPTED_SOURCE = "Tabletome adapted set (not in the source)"

# Hero card special effects: name -> (params it takes, meaning). The engine implements each name.
HERO_EFFECTS = {
    "gain_action_token": ({"token", "count"}, "you take `count` Action tokens of kind `token`"),
    "give_action_token": ({"token", "count"}, "another Hero of your choice takes `count` tokens of `token`"),
    "move_anywhere": (set(), "move your Hero to any Location"),
    "move_other_hero": ({"count"}, "move another Hero up to `count` Locations"),
    "rescue_adjacent": ({"count"}, "rescue up to `count` Civilians in one Location next to yours"),
    "attack_adjacent": ({"count"}, "deal `count` Attacks in one Location next to yours, as if there"),
    "heal_hero": ({"count"}, "a Hero of your choice (you included) draws `count` cards"),
    "invulnerable_until_next_turn": (set(), "take an Invulnerable token: ignore damage until your next turn"),
}

# Location End of Turn steps: name -> (type of its single value, meaning).
LOCATION_STEPS = {
    "gain_token": (str, "take 1 Action token of the kind given (move, attack, heroic, wild)"),
    "draw": (int, "draw that many cards from your own Hero deck (our 'heal')"),
    "rescue_civilian": (int, "rescue up to that many Civilians in this Location"),
    "defeat_thug": (int, "defeat up to that many Thugs in this Location"),
    "move_hero_anywhere": (bool, "true: you may move your Hero to any Location"),
}

# Every name the engine must implement for our heroes and locations (engine/mu EFFECTS ⊇ this).
NAMES = frozenset(HERO_EFFECTS) | frozenset(LOCATION_STEPS)


def _load(kind: str) -> dict[str, dict]:
    return {
        path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
        for path in sorted((GAME / kind).glob("*.yaml"))
    }


@pytest.fixture(scope="module")
def heroes() -> dict[str, dict]:
    return _load("heroes")


@pytest.fixture(scope="module")
def locations() -> dict[str, dict]:
    return _load("locations")


@pytest.fixture(scope="module")
def schemas() -> Schemas:
    return Schemas(SCHEMA)


def test_enough_heroes_and_locations(heroes, locations):
    assert len(heroes) >= MIN_HEROES
    assert len(locations) >= MIN_LOCATIONS


def test_every_file_is_valid_against_its_schema(heroes, locations, schemas):
    for kind, records in (("hero", heroes), ("location", locations)):
        validator = schemas.validator(f"marvel-united-promos/{kind}.schema.json")
        for stem, data in records.items():
            errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
            assert not errors, f"{kind} {stem}: {errors}"
            assert data["id"] == stem


def test_every_hero_deck_has_exactly_twelve_cards_counting_copies(heroes):
    constants = yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8")).get("constants") or {}
    assert constants.get("hero_deck_size", HERO_DECK_SIZE) == HERO_DECK_SIZE
    for stem, hero in heroes.items():
        total = sum(card.get("copies", 1) for card in hero["cards"])
        assert total == HERO_DECK_SIZE, f"{stem}: {total} cards"


def test_cards_have_valid_symbols_ids_and_the_shape_of_a_marvel_united_deck(heroes):
    ids = set()
    for stem, hero in heroes.items():
        wild_only = special = 0
        for number, card in enumerate(hero["cards"], start=1):
            assert card["id"] == f"{stem}-{number:02d}"
            assert card["id"] not in ids
            ids.add(card["id"])
            assert set(card["symbols"]) <= SYMBOLS, card["id"]
            assert len(card["symbols"]) <= 3, card["id"]
            assert card["symbols"] or "effect" in card, f"{card['id']}: no symbol and no effect"
            copies = card.get("copies", 1)
            wild_only += copies if card["symbols"] == ["wild"] else 0
            special += copies if "effect" in card else 0
        assert wild_only == 1, f"{stem}: exactly one single-Wild card (the one the Moderate Challenge removes)"
        assert 3 <= special <= 4, f"{stem}: {special} special cards"


def test_every_effect_name_is_documented_with_its_params(heroes, schemas):
    used = set()
    for hero in heroes.values():
        for card in hero["cards"]:
            effect = card.get("effect")
            if effect is None:
                continue
            assert effect["name"] in HERO_EFFECTS, f"{card['id']}: undocumented effect {effect['name']}"
            params, _meaning = HERO_EFFECTS[effect["name"]]
            assert set(effect["params"]) == params, card["id"]
            assert effect["text"].strip()
            used.add(effect["name"])
    assert used == set(HERO_EFFECTS), f"documented but unused: {set(HERO_EFFECTS) - used}"
    enum = schemas.by_name["marvel-united-promos/hero.schema.json"]["$defs"]["effect"]["properties"]["name"]
    assert set(enum["enum"]) == set(HERO_EFFECTS)


def test_every_effect_is_reused_or_deliberately_single(heroes):
    """Few handlers for many cards: most effect names appear on more than one hero."""
    users: dict[str, set] = {}
    for stem, hero in heroes.items():
        for card in hero["cards"]:
            if "effect" in card:
                users.setdefault(card["effect"]["name"], set()).add(stem)
    shared = [name for name, stems in users.items() if len(stems) > 1]
    assert len(shared) >= len(users) // 2, users


def test_locations_have_all_their_slots_and_documented_steps(locations, schemas):
    constants = yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8")).get("constants") or {}
    assert constants.get("location_slots", LOCATION_SLOTS) == LOCATION_SLOTS
    used = set()
    marks = {"civilian": 0, "thug": 0}
    for stem, location in locations.items():
        slots = location["slots"]
        assert len(slots) == LOCATION_SLOTS, stem
        assert 2 <= sum(s != "empty" for s in slots) <= 4, f"{stem}: 2 to 4 slots marked for setup"
        marked = [s for s in slots if s != "empty"]
        assert slots[: len(marked)] == marked, f"{stem}: marked slots first"
        for slot in slots:
            if slot != "empty":
                marks[slot] += 1
        eot = location["end_of_turn"]
        assert eot["text"].strip()
        for step in eot["steps"]:
            assert len(step) == 1, f"{stem}: {step}"
            [(name, value)] = step.items()
            assert name in LOCATION_STEPS, f"{stem}: undocumented step {name}"
            kind = LOCATION_STEPS[name][0]
            assert type(value) is kind, f"{stem}: {name}: {value!r}"
            used.add(name)
    assert used == set(LOCATION_STEPS), f"documented but unused: {set(LOCATION_STEPS) - used}"
    assert marks["civilian"] == marks["thug"], marks
    schema = schemas.by_name["marvel-united-promos/location.schema.json"]
    in_schema = {key for option in schema["$defs"]["step"]["oneOf"] for key in option["properties"]}
    assert in_schema == set(LOCATION_STEPS)


def test_every_record_is_adapted_and_says_it_is_ours(heroes, locations):
    for stem, data in {**heroes, **locations}.items():
        provenance = data["provenance"]
        assert provenance["status"] == "adapted", stem
        assert provenance["source"] == ADAPTED_SOURCE, stem
        note = provenance["note"]
        assert note.startswith("Ours.") and "not the publisher's" in note, stem


def test_names_are_unique(heroes, locations):
    for records in (heroes, locations):
        names = [data["name"] for data in records.values()]
        assert len(names) == len(set(names))
    card_names = [card["name"] for hero in heroes.values() for card in hero["cards"]]
    assert len(card_names) == len(set(card_names))


def test_the_engine_implements_every_name():
    """The engine implements every effect name our heroes and locations use (engine.implemented_effects,
    which the content checker asks too)."""
    import engine  # noqa: PLC0415

    missing = NAMES - engine.implemented_effects(GAME.name)
    assert not missing, f"the engine's {GAME.name} effects lack {sorted(missing)}"
