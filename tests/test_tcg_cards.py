"""The hero trading card game's card pool (content/heroes-tcg/cards/, docs-dev/TCG.md): what the source says
of each card type holds for every card, every card says it is ours, and the effect vocabulary is one list."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

GAME = "heroes-tcg"
REPO = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((REPO / "schema" / GAME / "card.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards(game):
    """deck -> its cards."""
    return {deck: record.data["cards"] for deck, record in game.decks.items()}


def test_the_12_heroes_with_every_level(cards, game):
    # "Mazo de Héroes: Precargado con los 12 Héroes (máximo 1 copia de cada uno; debe incluir al menos
    #  1 Héroe de Nivel 1, 1 de Nivel 2 y 1 de Nivel 3)."
    heroes = cards["heroes"]
    assert len(heroes) == game.meta["constants"]["hero_deck_size"] == 12
    by_level = Counter(h["nivel"] for h in heroes)
    assert by_level == {1: 4, 2: 4, 3: 4}
    # each level: one Hero of each element and one Ovnilio ("Héroes Ovnilio (Incoloro)")
    for level in (1, 2, 3):
        assert sorted(h["elemento"] for h in heroes if h["nivel"] == level) == [
            "agua", "fuego", "incoloro", "tierra"]
    # the damage that defeats a Hero grows with its level (#ruling-vida-del-heroe)
    assert {h["nivel"]: h["vida"] for h in heroes} == {1: 5, 2: 6, 3: 7}


def test_enough_other_cards_across_three_elements_and_colourless(cards):
    others = [c for deck, found in cards.items() if deck != "heroes" for c in found]
    assert len(others) >= 45
    assert {c.get("elemento") for c in cards["amigos"]} == {"fuego", "agua", "tierra", "incoloro"}
    assert len(cards["amigos"]) > len(cards["ayudas"]) + len(cards["objetos"])
    # a cost curve from 1 to 5 in every element
    for element in ("fuego", "agua", "tierra"):
        costs = {c["coste"] for c in cards["amigos"] if c["elemento"] == element}
        assert costs == {1, 2, 3, 4, 5}, element
    assert len(cards["cfe"]) == 1


def test_some_ayudas_search_the_deck_or_the_discard(cards):
    # "si una Ayuda busca una carta en tu Mazo o Descarte, la carta elegida se muestra al rival"
    effects = Counter(a["efecto"] for a in cards["ayudas"])
    assert effects["buscar_en_mazo"] >= 2 and effects["recuperar_del_descarte"] >= 1
    for ayuda in cards["ayudas"]:
        if ayuda["efecto"] in ("buscar_en_mazo", "recuperar_del_descarte"):
            assert "al rival" in ayuda["texto"], ayuda["id"]


def test_kabudo_bo_is_what_the_source_says(cards):
    # "Un Amigo en posición Vertical es Defensor (en Horizontal no defiende, salvo que tenga equipado
    #  Kabudo Bo)."
    kabudo = next(o for o in cards["objetos"] if o["nombre"] == "Kabudo Bo")
    assert kabudo["id"] == "kabudo-bo"
    assert (kabudo["efecto"], kabudo["params"]) == ("defiende_en_horizontal", {})
    assert "en Horizontal no defiende, salvo que tenga equipado Kabudo Bo" in kabudo["texto"]
    assert [o["id"] for o in cards["objetos"] if o["efecto"] == "defiende_en_horizontal"] == ["kabudo-bo"]


def test_every_card_is_ours_and_says_why(cards):
    for found in cards.values():
        for card in found:
            provenance = card["provenance"]
            assert provenance["status"] == "adapted", card["id"]
            assert provenance["note"].startswith("La fuente no incluye lista de cartas"), card["id"]
            assert card["nombre"] and card["texto"], card["id"]


def test_every_unique_text_names_an_effect(cards):
    # cards that share a text share their effect and parameters; every Ayuda, Objeto and Especialidad
    # names one
    seen: dict[str, tuple] = {}
    for deck in ("ayudas", "objetos"):
        for card in cards[deck]:
            seen.setdefault(card["texto"], (card["efecto"], card["params"]))
            assert seen[card["texto"]] == (card["efecto"], card["params"]), card["id"]
    for amigo in cards["amigos"]:
        if "especialidad" in amigo:
            assert amigo["especialidad"]["efecto"] and amigo["especialidad"]["texto"]


def _vocabulary_in_doc() -> list[str]:
    text = (REPO / "docs-dev" / "TCG.md").read_text(encoding="utf-8")
    section = text.split("## Effect vocabulary", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)


def test_the_schema_and_docs_dev_tcg_list_the_same_effects():
    defs = SCHEMA["$defs"]
    one_shot = defs["especialidad"]["properties"]["efecto"]["enum"]
    equipped = defs["objeto"]["properties"]["efecto"]["enum"]
    assert _vocabulary_in_doc() == one_shot + equipped
    assert 12 <= len(one_shot + equipped) <= 18
    # Ayudas use every one-shot effect but straightening one's own Amigo ("Esp. only": an Ayuda is
    # played in phase 4, before any Amigo has attacked)
    assert defs["ayuda"]["properties"]["efecto"]["enum"] == [e for e in one_shot if e != "enderezar_amigo"]


def test_the_schema_elements_are_game_yaml_elements(game):
    ids = [e["id"] for e in game.meta["elements"]]
    assert SCHEMA["$defs"]["amigo"]["properties"]["elemento"]["enum"] == ids
    # "Héroes Ovnilio (Incoloro)"
    assert next(e for e in game.meta["elements"] if e["id"] == "incoloro")["name"] == "Incoloro"
