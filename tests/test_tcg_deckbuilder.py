"""The deck builder page (site_src/render/deck_builder.py, site_src/assets/deckbuilder/): the page's deck rules
(rules.js) give the same verdicts and the same Spanish messages, in the same order, as the engine's
(engine/heroes_tcg/decks.py) on one table of decks, one or more per rule of «2. Composición de Mazos»; the
ready decks' "Abrir en el constructor" links use the builder's URL format; the sample hand and its RD follow
«3. Inicio de Partida y Redraw (RD)»; the duel takes a built deck as the option `mazo_0`, through the play
page's webapi, and refuses a bad one with the deck rules' Spanish messages."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from engine import webapi
from engine.heroes_tcg import decks
from site_src.compile.catalog import compile_catalog
from site_src.render import deck_builder

GAME = "heroes-tcg"
REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tests" / "node" / "deck_rules.mjs"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def data(checked_content):
    return compile_catalog(checked_content.content)["games"][GAME]


@pytest.fixture(scope="module")
def page_data(checked_content):
    return deck_builder.page_data(checked_content.content.games[GAME])


def node(cases: dict) -> dict:
    assert NODE, "node is not installed (tests/node/ needs it)"
    done = subprocess.run([NODE, str(RUNNER)], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def deck_table(ready: dict, data: dict) -> dict[str, object]:
    """Named decks: valid ones and one or more breaking each rule, the sentence each checks in its name."""
    fire = ready["mazo-fuego"]
    heroes = [c["id"] for c in data["cards"]["heroes"]["cards"]]
    levels = {c["id"]: c["nivel"] for c in data["cards"]["heroes"]["cards"]}

    def changed(**edits):
        deck = copy.deepcopy(fire)
        for card_id, n in edits.items():
            entry = next((e for e in deck["cartas"] if e["carta"] == card_id.replace("_", "-")), None)
            if entry is None:
                deck["cartas"].append({"carta": card_id.replace("_", "-"), "copias": n})
            else:
                entry["copias"] = n
        return deck

    cfe = next(e["copias"] for e in fire["cartas"] if e["carta"] == "cfe")
    table = {
        "valid: mazo-fuego": fire,
        "valid: mazo-agua-y-tierra": ready["mazo-agua-y-tierra"],
        # "Mazo Principal (40 cartas exactas)"
        "39 cards": changed(cfe=cfe - 1),
        "41 cards": changed(cfe=cfe + 1),
        "empty main deck": {"heroes": heroes, "cartas": []},
        # "Compuesto por Amigos, Ayudas, Objetos y CFEs."
        "a Hero in the main deck": changed(cfe=cfe - 1, brasa=1),
        "an unknown card": changed(cfe=cfe - 1, carta_inventada=1),
        "no card id": {**changed(cfe=cfe - 1), "cartas": changed(cfe=cfe - 1)["cartas"] + [{"copias": 1}]},
        "copies not a whole number": changed(furia=0, cfe=cfe + 2),
        "copies a string": {**fire, "cartas": [{"carta": "cfe", "copias": "40"}]},
        # "Máximo 3 copias por carta (CFEs sin límite)."
        "4 copies": changed(salamandra=4, cfe=cfe - 1),
        "4 copies over two entries": {**fire, "cartas": fire["cartas"] + [{"carta": "salamandra", "copias": 1}]},
        "CFE x37": {"heroes": heroes, "cartas": [{"carta": "salamandra", "copias": 3}, {"carta": "cfe", "copias": 37}]},
        "CFE x40": {"heroes": heroes, "cartas": [{"carta": "cfe", "copias": 40}]},
        # "Se pueden combinar elementos libremente."
        "mixed elements": {"heroes": heroes, "cartas": [
            {"carta": c, "copias": 3}
            for c in ("duende-de-ceniza", "renacuajo", "topo", "dron-ovnilio", "furia", "rastreo", "kabudo-bo")
        ] + [{"carta": "cfe", "copias": 19}]},
        # "Precargado con los 12 Héroes"
        "11 Heroes": {**fire, "heroes": heroes[1:]},
        "no Heroes": {**fire, "heroes": []},
        "an Amigo in the Hero deck": {**fire, "heroes": heroes[1:] + ["salamandra"]},
        # "(máximo 1 copia de cada uno; ..."
        "a Hero twice": {**fire, "heroes": heroes[1:] + [heroes[2]]},
        "a Hero three times": {**fire, "heroes": heroes[2:] + [heroes[2], heroes[2]]},
        # "... debe incluir al menos 1 Héroe de Nivel 1, 1 de Nivel 2 y 1 de Nivel 3)."
        "missing level 2": {**fire, "heroes": [h for h in heroes if levels[h] != 2]},
        "only level 3": {**fire, "heroes": [h for h in heroes if levels[h] == 3]},
        # what is not a deck at all
        "not a deck": ["brasa"],
        "no lists": {"heroes": "brasa", "cartas": {"cfe": 40}},
        "everything wrong": {"heroes": ["brasa", "brasa", 7], "cartas": [{"carta": "brasa", "copias": 5},
                                                                       {"carta": "x", "copias": -1}, "cfe"]},
    }
    return table


def test_the_page_and_the_engine_agree_on_every_deck(data, page_data):
    table = deck_table(data["mazos"], data)
    answers = node({"data": page_data, "validate": list(table.values())})
    got = answers["validate"]
    for (name, deck), messages, rules in zip(table.items(), got, answers["broken"], strict=True):
        assert messages == decks.validate(deck, data), name
        assert rules == [[b.rule, b.message] for b in decks.broken(deck, data)], name  # the same rule headings
    verdicts = dict(zip(table, got, strict=True))
    # the table does test something: the valid decks pass, each broken one says why
    assert [n for n, m in verdicts.items() if not m] == [
        "valid: mazo-fuego", "valid: mazo-agua-y-tierra", "CFE x37", "CFE x40", "mixed elements"]
    assert verdicts["39 cards"] == ["El Mazo Principal debe tener 40 cartas exactas: tiene 39."]
    assert verdicts["4 copies"] == ["Máximo 3 copias por carta (CFEs sin límite): «Salamandra» tiene 4."]
    assert verdicts["missing level 2"] == ["El Mazo de Héroes debe tener los 12 Héroes: tiene 8.",
                                           "El Mazo de Héroes debe incluir al menos 1 Héroe de Nivel 2."]


def test_the_page_reads_the_numbers_from_the_content(data, page_data):
    # the same decks under other game.yaml numbers: both follow them
    changed_data, changed_page = copy.deepcopy(data), copy.deepcopy(page_data)
    numbers = {"main_deck_size": 41, "max_copies_per_card": 2, "hero_deck_size": 13, "min_heroes_per_level": 5}
    changed_data["game"]["constants"].update(numbers)
    changed_page["constants"].update(numbers)
    table = deck_table(data["mazos"], data)
    got = node({"data": changed_page, "validate": list(table.values())})["validate"]
    for (name, deck), messages in zip(table.items(), got, strict=True):
        assert messages == decks.validate(deck, changed_data), name
    assert "El Mazo Principal debe tener 41 cartas exactas: tiene 40." in got[0]
    assert "El Mazo de Héroes debe incluir al menos 5 Héroes de Nivel 1." in got[0]


def test_the_pool_is_every_card_with_its_type(data, page_data):
    index = decks.card_index(data)
    assert {c["id"]: c["tipo"] for c in page_data["cards"]} == {k: v[0] for k, v in index.items()}
    assert page_data["constants"] == data["game"]["constants"]
    assert [d["id"] for d in page_data["decks"]] == ["mazo-fuego", "mazo-agua-y-tierra"]


def test_ready_deck_links_open_the_same_deck(data, page_data):
    ready = [{"heroes": d["heroes"], "cartas": d["cartas"]} for d in page_data["decks"]]
    queries = [deck_builder.deck_query(d) for d in ready]
    bad = ["?cartas=cfe:40,salamandra", "?cartas=<b>:1", "?cartas=cfe:40&heroes=Brasa", "?nada=1"]
    short = ["?cartas=cfe:40", "?cartas=cfe:40&heroes="]  # no Heroes named (the builder puts all 12), none
    got = node({"data": page_data, "decode": queries + bad + short, "encode": ready})
    assert [g["deck"]["heroes"] for g in got["decode"][-2:]] == [None, []]
    del got["decode"][-2:]
    assert got["encode"] == queries  # the page writes the same link as the build
    assert [g["deck"] for g in got["decode"][:2]] == ready
    assert all(d["copias"] for deck in ready for d in deck["cartas"])
    errors = [g and g.get("error") for g in got["decode"][2:]]
    assert errors[:3] == [
        "El enlace del mazo no se puede leer: «salamandra» no es una carta con sus copias (id:copias).",
        "El enlace del mazo no se puede leer: «<b>:1» no es una carta con sus copias (id:copias).",
        "El enlace del mazo no se puede leer: «Brasa» no es el id de un Héroe.",
    ]
    assert errors[3] is None  # a query without a deck is not the builder's


def test_sample_hand_and_its_redraw(data, page_data):
    # "Cada jugador inicia con 5 cartas" / "RD (Redraw): Opcional 1 sola vez ...: apartas de 1 a 5 cartas de
    # tu Mano, robas la misma cantidad de tu Mazo y barajas las apartadas en tu Mazo."
    const = data["game"]["constants"]
    cards = [e["carta"] for e in data["mazos"]["mazo-fuego"]["cartas"] for _ in range(e["copias"])]
    cases = [{"cards": cards, "seed": seed, "picks": [[0, 2], [1]]} for seed in (1, 2, 3)]
    cases.append({"cards": cards, "seed": 4, "picks": [[], [0, 1, 2, 3, 4, 0]]})  # none, or a repeat: refused
    cases.append({"cards": cards, "seed": 5, "picks": [[0, 1, 2, 3, 4]]})  # all five
    for case, steps in zip(cases, node({"data": page_data, "hands": cases})["hands"], strict=True):
        opening = steps[0]
        assert len(opening["hand"]) == const["starting_hand_size"] == 5
        assert Counter(opening["hand"] + opening["deck"]) == Counter(cards)
        for before, picked, after in zip(steps[:-1], case["picks"], steps[1:], strict=True):
            assert Counter(after["hand"] + after["deck"]) == Counter(cards)  # nothing lost or made
            if before["redraws"] >= const["redraw_uses"] or not (
                const["redraw_min_cards"] <= len(set(picked)) == len(picked) <= const["redraw_max_cards"]
            ):
                assert after == before  # refused
                continue
            kept = [c for i, c in enumerate(before["hand"]) if i not in picked]
            drawn = before["deck"][: len(picked)]
            assert after["hand"] == kept + drawn  # the same number drawn from the top of the Mazo
            aside = Counter(before["hand"][i] for i in picked)
            assert not aside - Counter(after["deck"])  # the set-aside cards went back into the Mazo
            assert after["redraws"] == before["redraws"] + 1
    first = node({"data": page_data, "hands": cases[:1]})["hands"][0]
    assert first[2] == first[1]  # "1 sola vez": the second RD is refused


def _start(options: dict) -> dict:
    record = {"scenario": f"{GAME}/duelo", "seed": 3, "players": 1, "options": options, "actions": []}
    return json.loads(webapi.Table().start(json.dumps(record)))


def test_the_duel_plays_a_built_deck_through_the_page_api(data):
    built = copy.deepcopy(data["mazos"]["mazo-agua-y-tierra"])
    deck = {"heroes": built["heroes"], "cartas": built["cartas"]}
    reply = _start({"bot": "facil", "mazo_0": deck})
    assert reply["error"] is None
    view = reply["state"]["view"]
    assert "Mazo propio" in json.dumps(view, ensure_ascii=False)
    deck["cartas"][0]["copias"] = 4
    reply = _start({"bot": "facil", "mazo_0": deck})
    assert reply["state"] is None
    assert reply["error"].startswith("mazo_0: el mazo no cumple las reglas: El Mazo Principal debe tener 40")
    assert "Máximo 3 copias por carta (CFEs sin límite)" in reply["error"]
