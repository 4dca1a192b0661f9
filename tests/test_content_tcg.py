"""The hero trading card game (content/heroes-tcg/): the data says what the Spanish rules summary
says. Each value is asserted straight from the source; the comment above it quotes the source line.
"""

from __future__ import annotations

import pytest

from site_src.check import coverage
from site_src.model import anchors

GAME = "heroes-tcg"


@pytest.fixture(scope="module")
def constants(game):
    return game.meta["constants"]


@pytest.fixture(scope="module")
def phases(game):
    return game.records("phases")["fases-del-turno"].data


def headings(game) -> dict[str, str]:
    """Rules-page heading id -> heading title, for every ## and ### heading."""
    return {h.id: h.title for page in game.rules for h in page.anchor_headings()}


def test_heroes_tcg_content_has_no_problems(checked_content):
    mine = [p.format() for p in checked_content.problems if p.path.startswith(f"{GAME}/")]
    assert mine == []


def test_game_is_spanish_untitled_and_for_two_players(game):
    assert game.meta["id"] == GAME
    assert game.meta["language"] == "es"
    # The source gives no title: the title says so.
    assert "título no indicado en la fuente" in game.meta["title"]
    # "ni el Jugador 1 en su primer turno, ni el Jugador 2 en el suyo"
    assert game.meta["players"] == {"min": 2, "max": 2}


def test_victory_and_hero_levels(constants):
    # "Condición de victoria: Derrotar al 3.er Héroe del rival (Nivel 1 → Nivel 2 → Nivel 3)."
    assert constants["victory_defeated_heroes"] == 3
    assert constants["max_hero_level"] == 3


def test_main_deck(constants, game):
    # "Mazo Principal (40 cartas exactas): Compuesto por Amigos, Ayudas, Objetos y CFEs."
    assert constants["main_deck_size"] == 40
    # "Máximo 3 copias por carta (CFEs sin límite)."
    assert constants["max_copies_per_card"] == 3
    names = [c["name"] for c in game.meta["components"]]
    # "Compuesto por Amigos, Ayudas, Objetos y CFEs."
    for name in ("Mazo Principal", "Mazo de Héroes", "Amigos", "Ayudas", "Objetos", "CFEs"):
        assert name in names


def test_hero_deck(constants):
    # "Mazo de Héroes: Precargado con los 12 Héroes (máximo 1 copia de cada
    #  uno; debe incluir al menos 1 Héroe de Nivel 1, 1 de Nivel 2 y 1 de Nivel 3)."
    assert constants["hero_deck_size"] == 12
    assert constants["max_copies_per_hero"] == 1
    assert constants["min_heroes_per_level"] == 1


def test_start_of_game_and_redraw(constants):
    # "Mano inicial: Cada jugador inicia con 5 cartas y elige a su Héroe de Nivel 1."
    assert constants["starting_hand_size"] == 5
    assert constants["starting_hero_level"] == 1
    # "RD (Redraw): Opcional 1 sola vez durante el primer turno de cada jugador (antes de robar):
    #  apartas de 1 a 5 cartas de tu Mano"
    assert constants["redraw_uses"] == 1
    assert (constants["redraw_min_cards"], constants["redraw_max_cards"]) == (1, 5)
    # "Ningún jugador puede declarar ataques durante su primer turno de la partida"
    assert constants["first_turn_attacks"] == 0


def test_turn_limits(constants):
    # "2. Robo: Si tienes menos de 5 cartas en la Mano, robas hasta tener 5. Si tienes 5 o más
    #  cartas en la Mano, robas 1 carta."
    assert constants["draw_up_to"] == 5
    assert constants["draw_when_hand_full"] == 1
    # "3. CFE/Héroe: Puedes bajar máximo 1 CFE de tu Mano a Prendidas por turno."
    assert constants["max_cfe_per_turn"] == 1
    # "(máximo 4 Amigos simultáneos en campo)" ... "(máximo 1 Objeto por carta)"
    assert constants["max_friends_in_play"] == 4
    assert constants["max_objects_per_card"] == 1
    # "Cada Amigo en Vertical puede atacar 1 vez por turno"
    assert constants["attacks_per_friend_per_turn"] == 1


def test_elemental_energy(constants):
    # "aporta Energía Elemental permanente igual a su Nivel (Nivel 1 = 1, Nivel 2 = 2, Nivel 3 = 3)"
    energy = [constants[f"elemental_energy_level_{level}"] for level in (1, 2, 3)]
    assert energy == [1, 2, 3]
    # "Héroes Ovnilio (Incoloro): No otorgan Energía Elemental (0)"
    assert constants["ovnilio_elemental_energy"] == 0


def test_six_turn_phases_in_order(phases, constants, game):
    # "4. Fases del Turno" — "1. Set (Acomodo)", "2. Robo", "3. CFE/Héroe", "4. Campo y Ayudas",
    # "5. Esp. y Ataques", "6. Fin Turno"
    names = [p["name"] for p in phases["phases"]]
    assert names == [
        "Set (Acomodo)",
        "Robo",
        "CFE/Héroe",
        "Campo y Ayudas",
        "Esp. y Ataques",
        "Fin Turno",
    ]
    assert [p["number"] for p in phases["phases"]] == [1, 2, 3, 4, 5, 6]
    assert len(names) == constants["turn_phases"] == 6
    # every phase links to its heading, which prints the same number and name
    titles = headings(game)
    for phase in phases["phases"]:
        assert titles[phase["rule"]] == f"{phase['number']}. {phase['name']}"
    assert titles[phases["rule"]] == "4. Fases del Turno"


def test_phase_texts_and_constants(phases, constants):
    by_id = {p["id"]: p for p in phases["phases"]}
    # "1. Set (Acomodo): Tus Amigos en Horizontal regresan a posición Vertical y tus CFEs
    #  Apagadas regresan a Prendidas."
    assert by_id["set"]["text"].startswith("Tus Amigos en Horizontal regresan a posición Vertical")
    # "6. Fin Turno: Termina tu turno y pasa al rival."
    assert by_id["fin-turno"]["text"] == "Termina tu turno y pasa al rival."
    # the numbers a phase uses are game.yaml constants, named, not repeated
    for phase in phases["phases"]:
        for name in phase.get("constants", []):
            assert name in constants, (phase["id"], name)
    assert by_id["robo"]["constants"] == ["draw_up_to", "draw_when_hand_full"]
    assert by_id["cfe-heroe"]["constants"] == ["max_cfe_per_turn"]


def test_rules_page_has_every_source_section_in_order(game):
    # the rules page's headings are the source's headings, in the same order and with the same ids
    page_ids = [h.id for page in game.sorted_rules() for h in page.anchor_headings()]
    source_ids = [s.id for s in coverage.sections(game)]
    assert page_ids == source_ids
    titles = headings(game)
    for section in coverage.sections(game):
        assert titles[section.id] == section.heading
    # "Condición de victoria: ..." opens the source; "Fin de turno por daño al Héroe: ..." ends it
    assert source_ids[0] == "condicion-de-victoria"
    assert source_ids[-1] == "fin-de-turno-por-dano-al-heroe"


def test_rules_text_keeps_source_wording(game):
    body = " ".join(game.sorted_rules()[0].body.split())
    # "Si tu Mazo se agota, sigues jugando con tus cartas en Mano y Campo, omitiendo el robo."
    assert "Si tu Mazo se agota, sigues jugando con tus cartas en Mano y Campo, omitiendo el robo." in body
    # "Activar una Especialidad no gira al Amigo a Horizontal (conserva su posición Vertical)."
    assert "Activar una Especialidad no gira al Amigo a Horizontal (conserva su posición Vertical)." in body
    # "En cuanto el Héroe rival recibe cualquier cantidad de daño (por ataque directo o por daño
    #  sobrante), tu turno termina inmediatamente."
    assert body.endswith("tu turno termina inmediatamente.")


def test_every_source_heading_is_cited(game):
    uncited = [s.id for s in coverage.coverage(game) if not s.cited_by]
    assert uncited == []


def test_glossary_terms_and_ids(game):
    terms = {t["id"]: t for t in game.terms}
    for term_id in ("heroe-activo", "cfe", "prendidas", "apagadas", "vertical", "horizontal",
                    "redraw", "ko", "ovnilio", "energia-elemental"):
        assert term_id in terms
    # "Un Amigo en posición Vertical es Defensor (en Horizontal no defiende, salvo que tenga
    #  equipado Kabudo Bo)."
    assert "Un Amigo en posición Vertical es Defensor" in terms["defensor"]["definition"]
    # "K.O. y Daño Sobrante: Si el daño iguala o supera la Defensa del Amigo, queda K.O."
    assert terms["ko"]["term"] == "K.O."
    assert terms["redraw"]["term"] == "RD (Redraw)"
    # glossary ids and rules heading ids share one namespace: no clashes
    ids = [a.id for a in anchors.game_anchors(game)]
    assert len(ids) == len(set(ids))
    # every term cites the sections its definition quotes
    for term in game.terms:
        assert term["provenance"]["status"] == "transcribed"
        assert term["provenance"]["cites"]
