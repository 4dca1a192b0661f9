"""Layer 2: the real content/ validates, ids are unique, every reference resolves, and
the compiled catalog is plain, deterministic data."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import REPO

from site_src.check import checker, crosscheck
from site_src.check.schemas import SCHEMA_BASE, Schemas
from site_src.compile import catalog
from site_src.model import anchors
from site_src.model.yamlpos import Document

CONTENT = REPO / "content"


def all_effects(game: str) -> set:
    """An engine that implements every effect name (to test the rest independently)."""

    class Everything(set):
        def __contains__(self, item):
            return True

    return Everything()


@pytest.fixture(scope="module")
def checked():
    return checker.check(CONTENT, effects=all_effects)


def test_schemas_are_valid_draft_2020_12():
    from jsonschema import Draft202012Validator

    schemas = Schemas(REPO / "schema")
    for name, schema in schemas.by_name.items():
        Draft202012Validator.check_schema(schema)
        assert schema["$id"] == SCHEMA_BASE + name
        # no $id in the file: an editor's language server resolves a relative $ref against $id, and
        # https://tabletome.invalid/ cannot be fetched (tests/test_editor.py)
        assert '"$id"' not in (REPO / "schema" / name).read_text(encoding="utf-8"), name


def test_content_validates_against_schemas_and_cross_checks(checked):
    assert [p.format() for p in checked.problems] == []


def test_named_effects_are_implemented_by_the_engine():
    result = checker.check(CONTENT)  # the real engine.implemented_effects
    assert [p.format() for p in result.problems] == []


def test_every_game_has_its_pages_material(checked):
    assert checked.content.games, "content/ holds no game"
    for game in checked.content.games.values():
        assert game.game is not None
        assert game.meta["id"] == game.id


def test_rule_ids_are_unique_within_each_game(checked):
    for game in checked.content.games.values():
        ids = Counter(anchor.id for anchor in anchors.game_anchors(game))
        assert [i for i, n in ids.items() if n > 1] == [], game.id


def test_card_ids_are_unique_within_each_game(checked):
    for game in checked.content.games.values():
        ids = Counter(card["id"] for _deck, card in game.cards())
        assert [i for i, n in ids.items() if n > 1] == [], game.id


def test_every_rule_field_resolves(checked):
    urls = anchors.rule_urls(checked.content)
    for game in checked.content.games.values():
        records = [r for r in (game.game, game.glossary) if r]
        for by_stem in game.kinds.values():
            records += list(by_stem.values())
        for record in records:
            for pointer, key, value in crosscheck._walk(record.data):
                if key == "rule":
                    rule_id = value if "/" in value else f"{game.id}/{value}"
                    assert rule_id in urls, f"{record.rel}:{pointer}: {value}"


def test_scenario_references_resolve(checked):
    for game in checked.content.games.values():
        terms = {t["id"] for t in game.terms}
        for scenario in game.scenarios.values():
            play = scenario.data.get("play")
            if not play:
                continue
            if "layouts" in play:  # POWERUP: a board per range of player counts
                for layout in play["layouts"]:
                    assert all(placed["tile"] in game.tiles for placed in layout["tiles"]), scenario.rel
                    assert all(b["bug"] in game.records("bugs") for b in layout.get("bugs", [])), scenario.rel
                    assert all(n["npc"] in game.records("npcs") for n in layout.get("npcs", [])), scenario.rel
                continue
            if "computadora" in play:  # the hero TCG's duel: the computer takes one of the two seats
                assert play["computadora"] in range(game.meta["players"]["max"]), scenario.rel
                continue
            for placed in play["board"]["tiles"]:
                assert placed["tile"] in game.tiles, scenario.rel
            for seat in play["seats"]["order"]:
                assert seat["yordle"] in terms, scenario.rel


def test_glossary_references_resolve(checked):
    for game in checked.content.games.values():
        terms = {t["id"] for t in game.terms}
        for term in game.terms:
            assert set(term.get("see", [])) <= terms, term["id"]
            assert term.get("parent", term["id"]) in terms, term["id"]


def test_catalog_is_deterministic_plain_json(checked):
    compiled = catalog.compile_catalog(checked.content)
    again = catalog.compile_catalog(checker.check(CONTENT, effects=all_effects).content)
    text = catalog.dumps(compiled)
    assert text == catalog.dumps(again)
    assert json.loads(text) == compiled
    assert compiled["version"] == 1
    for game_id, game in compiled["games"].items():
        assert set(game) >= {"game", "glossary", "cards", "tiles", "scenarios"}
        assert game["game"]["id"] == game_id
        for deck, data in game["cards"].items():
            assert data["deck"] == deck
        for kind in ("tiles", "scenarios"):
            for record_id, data in game[kind].items():
                assert data["id"] == record_id


def test_problem_positions_point_into_the_file():
    doc = Document("x.yaml", {"a": [1]}, {"": (1, 1), "/a": (1, 4), "/a/0": (2, 5)})
    assert doc.problem("/a/0", "m").format() == "content/x.yaml:2:5: /a/0: m"
    assert doc.problem("/a/7", "m").format() == "content/x.yaml:1:4: /a/7: m"
    assert doc.problem("", "m").format() == "content/x.yaml:1:1: /: m"
