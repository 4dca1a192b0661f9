"""The hero trading card game's deck rules (engine/heroes_tcg/decks.py, «2. Composición de Mazos»): one test
per rule, each quoting the source sentence it checks; both ready decks pass them; `build.py check` rejects a
ready deck that breaks one."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from engine.heroes_tcg import decks
from site_src.check import checker
from site_src.compile.catalog import compile_catalog

GAME = "heroes-tcg"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def data(checked_content):
    return compile_catalog(checked_content.content)["games"][GAME]


@pytest.fixture(scope="module")
def ready(data):
    return data["mazos"]


@pytest.fixture
def deck(ready):
    """A copy of the first ready deck, valid, to break one rule at a time."""
    return copy.deepcopy(ready["mazo-fuego"])


def entry(deck, card_id):
    return next(e for e in deck["cartas"] if e["carta"] == card_id)


def test_there_are_two_ready_decks_and_both_pass_every_rule(ready, data):
    assert sorted(ready) == ["mazo-agua-y-tierra", "mazo-fuego"]
    for deck_id, ready_deck in ready.items():
        assert decks.validate(ready_deck, data) == [], deck_id


def test_main_deck_has_exactly_40_cards(deck, data):
    # "Mazo Principal (40 cartas exactas): Compuesto por Amigos, Ayudas, Objetos y CFEs."
    entry(deck, "cfe")["copias"] -= 1
    assert decks.validate(deck, data) == ["El Mazo Principal debe tener 40 cartas exactas: tiene 39."]
    entry(deck, "cfe")["copias"] += 2
    assert decks.validate(deck, data) == ["El Mazo Principal debe tener 40 cartas exactas: tiene 41."]


def test_main_deck_holds_only_friends_helps_objects_and_cfes(deck, data):
    # "Compuesto por Amigos, Ayudas, Objetos y CFEs."
    entry(deck, "cfe")["copias"] -= 2
    deck["cartas"] += [{"carta": "brasa", "copias": 1}, {"carta": "carta-inventada", "copias": 1}]
    assert decks.validate(deck, data) == [
        "«Brasa» es un Héroe: el Mazo Principal se compone de Amigos, Ayudas, Objetos y CFEs.",
        "«carta-inventada» no es una carta del juego.",
    ]


def test_at_most_3_copies_of_a_card(deck, data):
    # "Máximo 3 copias por carta (CFEs sin límite)."
    entry(deck, "salamandra")["copias"] = 4
    entry(deck, "cfe")["copias"] -= 1
    assert decks.validate(deck, data) == [
        "Máximo 3 copias por carta (CFEs sin límite): «Salamandra» tiene 4."
    ]
    # the copies of a card listed twice add up
    entry(deck, "salamandra")["copias"] = 2
    deck["cartas"].append({"carta": "salamandra", "copias": 2})
    assert decks.validate(deck, data) == [
        "Máximo 3 copias por carta (CFEs sin límite): «Salamandra» tiene 4."
    ]


def test_cfes_have_no_copy_limit(deck, data):
    # "Máximo 3 copias por carta (CFEs sin límite)."
    deck["cartas"] = [{"carta": "salamandra", "copias": 3}, {"carta": "cfe", "copias": 37}]
    assert decks.validate(deck, data) == []


def test_elements_may_be_mixed_freely(deck, data):
    # "Se pueden combinar elementos libremente."
    mixed = ["duende-de-ceniza", "renacuajo", "topo", "dron-ovnilio", "furia", "rastreo", "kabudo-bo"]
    elements = {decks.card_index(data)[c][1]["elemento"] for c in mixed}
    assert elements == {"fuego", "agua", "tierra", "incoloro"}
    deck["cartas"] = [{"carta": c, "copias": 3} for c in mixed] + [{"carta": "cfe", "copias": 19}]
    assert decks.validate(deck, data) == []


def test_hero_deck_holds_the_12_heroes(deck, data):
    # "Mazo de Héroes: Precargado con los 12 Héroes"
    heroes = [c["id"] for c in data["cards"]["heroes"]["cards"]]
    assert sorted(deck["heroes"]) == sorted(heroes) and len(heroes) == 12
    deck["heroes"].remove("brasa")
    assert decks.validate(deck, data) == ["El Mazo de Héroes debe tener los 12 Héroes: tiene 11."]
    deck["heroes"].append("salamandra")
    assert decks.validate(deck, data) == [
        "«Salamandra» no es un Héroe: el Mazo de Héroes solo lleva Héroes.",
    ]


def test_at_most_1_copy_of_each_hero(deck, data):
    # "(máximo 1 copia de cada uno; ..."
    deck["heroes"][deck["heroes"].index("rocio")] = "brasa"
    assert decks.validate(deck, data) == ["Máximo 1 copia de cada Héroe: «Brasa» está 2 veces."]


def test_hero_deck_has_a_hero_of_each_level(deck, data):
    # "debe incluir al menos 1 Héroe de Nivel 1, 1 de Nivel 2 y 1 de Nivel 3)."
    levels = {c["id"]: c["nivel"] for c in data["cards"]["heroes"]["cards"]}
    deck["heroes"] = [h for h in deck["heroes"] if levels[h] != 2] + ["fenix"] * 4
    messages = decks.validate(deck, data)
    assert "El Mazo de Héroes debe incluir al menos 1 Héroe de Nivel 2." in messages
    assert not any("Nivel 1" in m or "Nivel 3" in m for m in messages)


def test_copies_must_be_a_whole_number(deck, data):
    entry(deck, "furia")["copias"] = 0
    entry(deck, "cfe")["copias"] += 2
    assert decks.validate(deck, data) == ["«Furia»: las copias deben ser un número entero de 1 o más."]


def test_the_numbers_are_game_yaml_constants(deck, data):
    changed = copy.deepcopy(data)
    changed["game"]["constants"].update(main_deck_size=41, max_copies_per_card=2, hero_deck_size=13)
    messages = decks.validate(deck, changed)
    assert messages[0] == "El Mazo Principal debe tener 41 cartas exactas: tiene 40."
    assert "Máximo 2 copias por carta (CFEs sin límite): «Salamandra» tiene 3." in messages
    assert "El Mazo de Héroes debe tener los 13 Héroes: tiene 12." in messages


def test_validate_takes_the_game_data_a_catalog_or_a_context(deck, data):
    class Context:
        def __init__(self, catalog):
            self.data = catalog["games"][GAME]

    catalog = {"games": {GAME: data}}
    deck["heroes"].pop()
    expected = decks.validate(deck, data)
    assert expected and decks.validate(deck, catalog) == expected
    assert decks.validate(deck, Context(catalog)) == expected


def test_build_check_rejects_a_ready_deck_that_breaks_a_rule(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content" / GAME, content / GAME)
    path = content / GAME / "mazos" / "mazo-fuego.yaml"
    text = path.read_text(encoding="utf-8")
    assert "{carta: salamandra, copias: 3}" in text
    path.write_text(text.replace("{carta: salamandra, copias: 3}", "{carta: salamandra, copias: 4}"),
                    encoding="utf-8")
    problems = [p.format() for p in checker.check(content).problems]
    assert len(problems) == 2, problems
    assert problems[0].startswith(f"content/{GAME}/mazos/mazo-fuego.yaml:7:")
    assert "/cartas: El Mazo Principal debe tener 40 cartas exactas: tiene 41." in problems[0]
    assert "Máximo 3 copias por carta (CFEs sin límite): «Salamandra» tiene 4." in problems[1]
