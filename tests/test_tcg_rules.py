"""The hero TCG's rules in the engine (engine/heroes_tcg/): one test per rule, each quoting the sentence of
the Spanish rules summary (../shared/seeds/003_19520a2572ac5ea6.txt) it checks, or naming the ruling box
of content/heroes-tcg/rules/reglas.md where the source is silent.

Situations are set up by editing `game.state` (then `game.rebase()`): a side's hand, field and CFEs, and the
front of the task queue (the phase a seat is in)."""

import copy

import pytest
from invariants import check
from mu_support import catalog

import engine

DUEL = "heroes-tcg/duelo"
FIRE, WATER = "mazo-fuego", "mazo-agua-y-tierra"


def duel(seed=1, **options):
    """Two people: seat 0 plays the Fuego deck with Brasa, seat 1 the Agua y Tierra deck with Rocío."""
    chosen = {"mazo_0": FIRE, "mazo_1": WATER, "heroe_0": "brasa", "heroe_1": "rocio"}
    chosen.update(options)
    return engine.new_game(DUEL, seed=seed, players=2, options=chosen, catalog=catalog())


def ids(game):
    return [a["id"] for a in game.legal_actions()]


def side(game, seat):
    return game.state["sides"][seat]


def at(game, seat, task, phase, turns=2, prendidas=0, hand=None):
    """`seat` in the decision `task` of `phase` of a later turn (not its first: attacks allowed)."""
    s = game.state
    s["turn"].update(seat=seat, phase=phase, cfe=0, hero_hit=False)
    s["sides"][seat]["turns"] = turns
    s["tasks"] = [{"t": task, "seat": seat, "auto1": True}, {"t": "end_turn", "seat": seat}]
    if hand is not None:
        give_hand(game, seat, hand)
    s["sides"][seat]["prendidas"], s["sides"][seat]["apagadas"] = prendidas, 0
    game.rebase()
    return game


def take(sd, card):
    """A card out of the side's Mazo (or hand); a card its deck lacks comes from outside the deck (the
    tests that do so do not check that cards are conserved)."""
    for pile in (sd["deck"], sd["hand"]):
        if card in pile:
            pile.remove(card)
            return


def give_hand(game, seat, cards):
    """The hand becomes `cards` (the old hand goes back into the Mazo, the new cards come out of it)."""
    sd = side(game, seat)
    sd["deck"] += sd["hand"]
    sd["hand"], sd["revealed"] = [], []
    for card in cards:
        take(sd, card)
        sd["hand"].append(card)


def put(game, seat, card, vertical=True, objeto=None):
    """An Amigo into the field (with an Objeto), taken from the Mazo (see take); its uid."""
    s, sd = game.state, side(game, seat)
    take(sd, card)
    if objeto:
        take(sd, objeto)
    s["next_uid"] += 1
    sd["field"].append({"uid": s["next_uid"], "card": card, "vertical": vertical, "objeto": objeto,
                        "attacks": 0, "especialidades": 0, "atk_turn": 0, "def_next": 0})
    return s["next_uid"]


def main_phase(game, seat=0, hand=(), prendidas=5, **kw):
    return at(game, seat, "main", "campo-y-ayudas", hand=list(hand), prendidas=prendidas, **kw)


def battle(game, seat=0, prendidas=0, **kw):
    return at(game, seat, "battle", "esp-y-ataques", prendidas=prendidas, **kw)


def texts(events):
    return " | ".join(e["text"] for e in events)


# ----- Condición de victoria, Derrota automática, Mazo vacío ------------------------------------------------
def test_defeating_the_rivals_third_hero_wins():
    # "Condición de victoria: Derrotar al 3.er Héroe del rival (Nivel 1 → Nivel 2 → Nivel 3)."
    game = duel()
    rival = side(game, 1)
    rival["defeated"] = ["rocio", "marea"]
    rival["heroes"] = [h for h in rival["heroes"] if h not in ("marea", "leviatan")]
    rival["hero"] = {"id": "leviatan", "damage": 6}
    uid = put(game, 0, "lobo-de-lava")
    battle(game)
    game.play(f"atacar:{uid}")
    assert game.over and game.outcome["winner"] == 0 and game.outcome["result"] == "win"
    assert "3.er Héroe" in game.outcome["reason"]


def test_losing_the_active_hero_without_one_of_the_next_level_is_an_automatic_defeat():
    # "Derrota automática: Si pierdes a tu Héroe Activo y no tienes en tu Mazo de Héroes un Héroe del
    #  siguiente nivel requerido."  Ruling #ruling-derrota-automatica: no legal Hero deck lacks a level, so
    #  the test takes the rival's Nivel 2 Heroes out of its Hero deck by hand.
    game = duel()
    rival = side(game, 1)
    rival["heroes"] = [h for h in rival["heroes"] if game.ctx.heroes[h]["nivel"] != 2]
    rival["hero"]["damage"] = 4
    uid = put(game, 0, "salamandra")
    battle(game)
    events = game.play(f"atacar:{uid}")
    assert game.outcome == {"result": "win", "winner": 0, "reason": game.outcome["reason"]}
    assert "Nivel 2" in game.outcome["reason"]
    assert events[-1]["rule"] == "heroes-tcg/derrota-automatica"


def test_an_empty_deck_skips_the_draw():
    # "Mazo vacío: Si tu Mazo se agota, sigues jugando con tus cartas en Mano y Campo, omitiendo el robo."
    game = duel()
    game.play("rd:no")
    sd = side(game, 1)
    sd["discard"] += sd["deck"]
    sd["deck"], sd["rd_used"] = [], 1
    hand = list(sd["hand"])
    at(game, 0, "battle", "esp-y-ataques")
    events = game.play("fin")
    assert side(game, 1)["hand"][: len(hand)] == hand and len(side(game, 1)["hand"]) == len(hand)
    assert any(e["rule"] == "heroes-tcg/mazo-vacio" for e in events)
    assert game.to_move == 1  # seat 1 plays on


# ----- 2. Composición de Mazos -------------------------------------------------------------------------------
def test_a_deck_list_that_passes_the_deck_rules_is_played():
    # "Mazo Principal (40 cartas exactas): Compuesto por Amigos, Ayudas, Objetos y CFEs."
    data = catalog()["games"]["heroes-tcg"]["mazos"][FIRE]
    own = {"heroes": list(data["heroes"]), "cartas": copy.deepcopy(data["cartas"])}
    game = duel(mazo_0=own)
    sd = side(game, 0)
    assert sd["mazo"] is None and sd["mazo_nombre"] == "Mazo propio"
    assert len(sd["deck"]) + len(sd["hand"]) == 40
    check(game)
    # The computer plays a deck the person built just as well (the deck builder's second link).
    against = engine.new_game(DUEL, seed=2, players=1, catalog=catalog(),
                              options={"bot": "normal", "mazo_0": FIRE, "heroe_0": "brasa", "mazo_1": own})
    while not against.over and against.state["turn"]["number"] < 4:
        against.play(against.legal_actions()[0]["id"])
    assert side(against, 1)["mazo_nombre"] == "Mazo propio"
    assert against.state["turn"]["number"] >= 4 and not against.outcome, "the computer played its turns"


def test_a_deck_list_that_breaks_a_rule_is_refused_in_spanish():
    # "Máximo 3 copias por carta (CFEs sin límite)."
    data = catalog()["games"]["heroes-tcg"]["mazos"][FIRE]
    bad = {"heroes": list(data["heroes"]), "cartas": copy.deepcopy(data["cartas"])}
    bad["cartas"][0]["copias"] = 4
    with pytest.raises(engine.ScenarioError, match="Máximo 3 copias por carta"):
        duel(mazo_0=bad)
    with pytest.raises(engine.ScenarioError, match="no es un mazo de inicio"):
        duel(mazo_1="mazo-que-no-existe")


# ----- 3. Inicio de Partida y Redraw (RD) -------------------------------------------------------------------
def test_each_player_starts_with_five_cards_and_chooses_a_level_1_hero():
    # "Mano inicial: Cada jugador inicia con 5 cartas y elige a su Héroe de Nivel 1."
    game = engine.new_game(DUEL, seed=3, players=2, options={"mazo_0": FIRE, "mazo_1": WATER},
                           catalog=catalog())
    assert [len(side(game, s)["hand"]) for s in (0, 1)] == [5, 5]
    heroes = [a["id"].split(":")[1] for a in game.legal_actions()]
    assert game.to_move == 0 and {game.ctx.heroes[h]["nivel"] for h in heroes} == {1} and len(heroes) == 4
    game.play("heroe:brote")
    # Ruling #ruling-jugador-1: "eligen su Héroe de Nivel 1 por turnos, primero el Jugador 1, boca abajo: el
    #  rival no ve cuál eligió hasta que los dos han elegido, y entonces se revelan los dos."
    name = game.ctx.heroes["brote"]["nombre"]
    for view in (game.view(seat=1), game.view()):  # the rival's view and the table's, Jugador 2 to choose
        assert view["seats"][0]["heroe"] is None and name not in " ".join(e["text"] for e in view["log"])
    game.play("heroe:ovnilio-vigia")
    assert side(game, 0)["hero"] == {"id": "brote", "damage": 0}
    assert side(game, 1)["hero"]["id"] == "ovnilio-vigia"


def test_the_redraw_sets_aside_1_to_5_cards_draws_as_many_and_shuffles_them_back():
    # "RD (Redraw): Opcional 1 sola vez durante el primer turno de cada jugador (antes de robar): apartas de
    #  1 a 5 cartas de tu Mano, robas la misma cantidad de tu Mazo y barajas las apartadas en tu Mazo."
    game = duel()
    assert "rd:no" in ids(game) and "rd:confirmar" not in ids(game)  # at least 1 to confirm
    hand = list(side(game, 0)["hand"])
    for card in hand:
        game.play(f"rd:{card}")
    assert not any(i.startswith("rd:") and i not in ("rd:confirmar",) for i in ids(game))  # at most 5
    assert side(game, 0)["apartadas"] == hand and game.view(1)["seats"][0]["apartadas_count"] == 5
    assert "apartadas" not in game.view(1)["seats"][0]
    events = game.play("rd:confirmar")
    assert "RD" in texts(events)
    rd = next(i for i, e in enumerate(events) if e["rule"] == "heroes-tcg/rd-redraw")
    robo = next(i for i, e in enumerate(events) if e["rule"] == "heroes-tcg/fase-robo")
    assert rd < robo  # before the draw
    sd = side(game, 0)
    assert len(sd["hand"]) == 6 and sd["apartadas"] == [] and sd["rd_used"] == 1  # 5 redrawn, then Robo's 1
    assert len(sd["deck"]) == 40 - 6


def test_the_redraw_is_offered_once_only_in_the_first_turn():
    # "RD (Redraw): Opcional 1 sola vez durante el primer turno de cada jugador"
    game = duel()
    game.play("rd:no")
    at(game, 0, "battle", "esp-y-ataques", turns=1)
    game.play("fin")
    assert game.to_move == 1 and ids(game)[0] == "rd:no"  # the second player's first turn
    game.play("rd:no")
    at(game, 1, "battle", "esp-y-ataques", turns=1)
    game.play("fin")
    assert game.state["turn"]["seat"] == 0 and not any(i.startswith("rd:") for i in ids(game))


def test_nobody_attacks_in_their_first_turn():
    # "Restricción del primer turno: Ningún jugador puede declarar ataques durante su primer turno de la
    #  partida (es decir, ni el Jugador 1 en su primer turno, ni el Jugador 2 en el suyo)."
    for seat in (0, 1):
        game = duel()
        uid = put(game, seat, "duende-de-ceniza" if seat == 0 else "renacuajo")
        battle(game, seat=seat, turns=1)
        assert f"atacar:{uid}" not in ids(game)
        battle(game, seat=seat, turns=2)
        assert f"atacar:{uid}" in ids(game)


# ----- 4. Fases del Turno ---------------------------------------------------------------------------------------
def test_the_set_phase_turns_amigos_vertical_and_cfes_back_on():
    # "1. Set (Acomodo): Tus Amigos en Horizontal regresan a posición Vertical y tus CFEs Apagadas regresan a
    #  Prendidas."
    game = duel()
    game.play("rd:no")
    uid = put(game, 1, "topo", vertical=False)
    side(game, 1)["rd_used"] = 1
    at(game, 0, "battle", "esp-y-ataques")
    side(game, 1)["apagadas"], side(game, 1)["prendidas"] = 2, 1
    game.rebase()
    events = game.play("fin")
    assert game.friend(game.state, 1, uid)["vertical"]
    assert side(game, 1)["apagadas"] == 0 and side(game, 1)["prendidas"] == 3
    assert [e["text"] for e in events if e["kind"] == "phase"][:3] == [
        "Fase 6: Fin Turno", "Fase 1: Set (Acomodo)", "Fase 2: Robo"]


@pytest.mark.parametrize(("in_hand", "after"), [(2, 5), (4, 5), (5, 6), (7, 8)])
def test_the_draw_fills_the_hand_to_five_or_draws_one(in_hand, after):
    # "2. Robo: Si tienes menos de 5 cartas en la Mano, robas hasta tener 5. Si tienes 5 o más cartas en la
    #  Mano, robas 1 carta."
    game = duel()
    game.play("rd:no")
    at(game, 0, "battle", "esp-y-ataques")
    sd = side(game, 1)
    sd["deck"] += sd["hand"]
    sd["hand"] = [sd["deck"].pop(0) for _ in range(in_hand)]
    side(game, 1)["turns"] = 1  # its RD is done: no RD in its next turn
    sd["rd_used"] = 1
    game.rebase()
    game.play("fin")
    assert len(side(game, 1)["hand"]) == after


def test_at_most_one_cfe_goes_down_per_turn():
    # "3. CFE/Héroe: Puedes bajar máximo 1 CFE de tu Mano a Prendidas por turno."
    game = duel()
    at(game, 0, "cfe", "cfe-heroe", hand=["cfe", "cfe", "salamandra"])
    assert ids(game) == ["cfe:bajar", "fase:campo"]
    game.play("cfe:bajar")
    assert side(game, 0)["prendidas"] == 1 and side(game, 0)["hand"].count("cfe") == 1
    assert "cfe:bajar" not in ids(game)
    assert game.state["turn"]["phase"] == "campo-y-ayudas"  # the only choice left was to go on


def test_a_defeated_hero_is_followed_by_a_hero_of_the_next_level_in_phase_3():
    # "3. CFE/Héroe: ... Si tu Héroe anterior fue derrotado, colocas un Héroe del siguiente nivel."
    game = duel()
    side(game, 1)["hero"]["damage"] = 4
    uid = put(game, 0, "salamandra")
    battle(game)
    game.play(f"atacar:{uid}")
    assert side(game, 1)["hero"] is None and side(game, 1)["defeated"] == ["rocio"]
    game.play("rd:no")
    options = ids(game)
    assert options == [f"heroe:{h}" for h in side(game, 1)["heroes"] if game.ctx.heroes[h]["nivel"] == 2]
    assert game.state["turn"]["phase"] == "cfe-heroe"
    game.play("heroe:marea")
    assert side(game, 1)["hero"] == {"id": "marea", "damage": 0}


def test_at_most_four_amigos_in_the_field():
    # "4. Campo y Ayudas: Bajas Amigos al campo (máximo 4 Amigos simultáneos en campo)"
    game = duel()
    for card in ("duende-de-ceniza", "chispa", "salamandra"):
        put(game, 0, card)
    main_phase(game, hand=["zorro-igneo", "duende-de-ceniza"])
    game.play("amigo:zorro-igneo")
    assert len(side(game, 0)["field"]) == 4
    assert not any(i.startswith("amigo:") for i in ids(game))


def test_an_ayuda_goes_to_the_discard_and_a_searched_card_is_shown_to_the_rival():
    # "usas cartas de Ayuda (efectos instantáneos que van al Descarte; si una Ayuda busca una carta en tu Mazo
    #  o Descarte, la carta elegida se muestra al rival)"
    game = duel()
    main_phase(game, hand=["llamado-del-fuego"], prendidas=1)
    game.play("ayuda:llamado-del-fuego")
    choices = ids(game)
    assert all(game.ctx.cards[i.split(":")[1]]["elemento"] == "fuego" for i in choices)
    events = game.play("carta:dragon-carmesi")
    assert "dragon-carmesi" in side(game, 0)["hand"] and side(game, 0)["discard"] == ["llamado-del-fuego"]
    assert any(e["kind"] == "reveal" and e.get("card") == "dragon-carmesi" for e in events)
    seen = game.view(1)["seats"][0]
    assert [c["id"] for c in seen["revealed"]] == ["dragon-carmesi"] and "mano" not in seen
    other = game.determinize(1, seed=5)  # the rival's search redraws the hand but keeps the shown card
    assert "dragon-carmesi" in side(other, 0)["hand"]


def test_at_most_one_objeto_per_amigo():
    # "equipas Objetos (máximo 1 Objeto por carta)"
    game = duel()
    uid = put(game, 0, "salamandra")
    main_phase(game, hand=["espada-de-brasas", "kabudo-bo"], prendidas=4)
    game.play("objeto:espada-de-brasas")  # one Amigo: equipped at once
    assert game.friend(game.state, 0, uid)["objeto"] == "espada-de-brasas"
    assert game.attack_of(game.friend(game.state, 0, uid)) == 4
    assert "objeto:kabudo-bo" not in ids(game)


def test_no_normal_card_comes_from_the_hand_in_phase_5():
    # "5. Esp. y Ataques: ... Al entrar a esta fase ya no puedes bajar cartas normales desde tu Mano."
    game = duel()
    put(game, 0, "salamandra")
    battle(game, prendidas=5, hand=["duende-de-ceniza", "furia", "espada-de-brasas", "cfe"])
    kinds = {a["kind"] for a in game.legal_actions()}
    assert kinds <= {"esp", "atacar", "fin"}


def test_fin_turno_passes_the_turn_to_the_rival():
    # "6. Fin Turno: Termina tu turno y pasa al rival."
    game = duel()
    game.play("rd:no")
    at(game, 0, "battle", "esp-y-ataques")
    events = game.play("fin")
    assert game.state["turn"]["seat"] == 1 and events[0]["rule"] == "heroes-tcg/fase-fin-turno"


# ----- 5. Energía, Costos y Héroes ------------------------------------------------------------------------------
def test_an_elemental_hero_takes_its_level_off_each_amigo_of_its_element():
    # "Pago de Amigos: Un Héroe Elemental Activo aporta Energía Elemental permanente igual a su Nivel (Nivel
    #  1 = 1, Nivel 2 = 2, Nivel 3 = 3) que descuenta el costo de Amigos de su mismo elemento. La diferencia
    #  se paga moviendo CFEs de Prendidas a Apagadas."  Ruling #ruling-energia-elemental: each Amigo.
    game = duel()
    main_phase(game, hand=["salamandra", "zorro-igneo", "duende-de-ceniza"], prendidas=2)
    game.play("amigo:salamandra")  # coste 2 - 1
    game.play("amigo:zorro-igneo")  # coste 2 - 1 again
    assert side(game, 0)["prendidas"] == 0 and side(game, 0)["apagadas"] == 2
    assert "amigo:duende-de-ceniza" in ids(game)  # coste 1 - 1 = 0
    side(game, 0)["hero"] = {"id": "llamarada", "damage": 0}  # Nivel 2
    assert game.friend_cost(game.state, 0, "lobo-de-lava") == 1
    assert game.friend_cost(game.state, 0, "tortuga-marina") == 3  # not its element


def test_ayudas_and_objetos_are_paid_only_with_prendidas():
    # "Pago de Ayudas y Objetos: Se pagan únicamente con CFEs Prendidas."
    game = duel()
    put(game, 0, "salamandra")
    main_phase(game, hand=["furia", "espada-de-brasas"], prendidas=1)  # a Fuego Hero: no discount
    assert "ayuda:furia" in ids(game) and "objeto:espada-de-brasas" not in ids(game)
    game.play("ayuda:furia")
    assert side(game, 0)["prendidas"] == 0 and side(game, 0)["apagadas"] == 1


def test_an_elemental_hero_activates_its_elements_especialidades_only():
    # "Activación de Especialidades: Los Héroes Elementales activan las Especialidades de los Amigos en campo
    #  de su mismo elemento."
    game = duel()
    fire, water = put(game, 0, "salamandra"), None
    side(game, 0)["deck"].append("tortuga-marina")
    water = put(game, 0, "tortuga-marina")
    battle(game)
    assert f"esp:{fire}" in ids(game) and f"esp:{water}" not in ids(game)


def test_an_ovnilio_hero_gives_no_energy_but_activates_every_especialidad():
    # "Héroes Ovnilio (Incoloro): No otorgan Energía Elemental (0), pero permiten activar las Especialidades
    #  de todos tus Amigos en el campo sin importar su elemento."
    game = duel(heroe_0="ovnilio-vigia")
    fire = put(game, 0, "salamandra")
    side(game, 0)["deck"].append("tortuga-marina")
    water = put(game, 0, "tortuga-marina")
    battle(game)
    assert {f"esp:{fire}", f"esp:{water}"} <= set(ids(game))
    assert game.friend_cost(game.state, 0, "salamandra") == 2
    assert game.view(0)["seats"][0]["heroe"]["energia"] == 0


def test_an_especialidad_does_not_turn_the_amigo():
    # "Activar una Especialidad no gira al Amigo a Horizontal (conserva su posición Vertical)."
    # Ruling #ruling-especialidad-una-vez: once per Amigo and turn.
    game = duel()
    uid = put(game, 0, "salamandra")
    battle(game)
    game.play(f"esp:{uid}")
    friend = game.friend(game.state, 0, uid)
    assert friend["vertical"] and game.attack_of(friend) == 3
    assert f"esp:{uid}" not in ids(game) and f"atacar:{uid}" in ids(game)


def test_an_especialidad_cost_is_paid_with_prendidas():
    # Ruling #ruling-costo-especialidad: "se paga únicamente con CFEs Prendidas"
    game = duel()
    uid = put(game, 0, "chispa")  # coste 1: K.O. a rival Amigo of Defensa 1 or less
    put(game, 1, "renacuajo")  # Defensa 2: no target
    battle(game, prendidas=1)
    assert f"esp:{uid}" not in ids(game)
    target = put(game, 1, "gota-curiosa")  # Defensa 1
    battle(game, prendidas=0)
    assert f"esp:{uid}" not in ids(game)
    battle(game, prendidas=1)
    game.play(f"esp:{uid}")  # its only target: taken at once
    assert game.friend(game.state, 1, target) is None and "gota-curiosa" in side(game, 1)["discard"]
    assert side(game, 0)["prendidas"] == 0


# ----- 6. Combate y Daño ----------------------------------------------------------------------------------------
def test_an_amigo_attacks_the_turn_it_enters():
    # "Atacar: Los Amigos pueden atacar desde el turno en que entran al campo (excepto durante el primer turno
    #  de cada jugador)."
    game = duel()
    main_phase(game, hand=["zorro-igneo"], prendidas=1)
    game.play("amigo:zorro-igneo")  # nothing else to play: on to phase 5
    assert game.state["turn"]["phase"] == "esp-y-ataques"
    uid = side(game, 0)["field"][0]["uid"]
    assert f"atacar:{uid}" in ids(game)


def test_each_vertical_amigo_attacks_once_and_turns_horizontal():
    # "Cada Amigo en Vertical puede atacar 1 vez por turno y al hacerlo se gira a Horizontal."
    game = duel()
    uid = put(game, 0, "lobo-de-lava")
    put(game, 1, "topo")
    put(game, 1, "renacuajo")
    battle(game)
    game.play(f"atacar:{uid}")
    target = ids(game)[0]
    game.play(target)
    friend = game.friend(game.state, 0, uid)
    assert not friend["vertical"] and friend["attacks"] == 1
    assert f"atacar:{uid}" not in ids(game)


def test_defensores_must_be_attacked_before_the_hero():
    # "Defensores: Un Amigo en posición Vertical es Defensor (en Horizontal no defiende, salvo que tenga
    #  equipado Kabudo Bo). Mientras el rival tenga Amigos Defensores, debes atacarlos a ellos antes de poder
    #  atacar directo a su Héroe."
    game = duel()
    uid = put(game, 0, "lobo-de-lava")
    lying = put(game, 1, "topo", vertical=False)
    standing = [put(game, 1, "renacuajo"), put(game, 1, "gota-curiosa")]
    battle(game)
    game.play(f"atacar:{uid}")
    assert ids(game) == [f"objetivo:{u}" for u in standing]  # not the Horizontal one, nor the Hero
    game = duel()
    uid = put(game, 0, "lobo-de-lava")
    lying = put(game, 1, "topo", vertical=False)
    side(game, 1)["deck"].append("kabudo-bo")
    kabudo = put(game, 1, "escarabajo-blindado", vertical=False, objeto="kabudo-bo")
    battle(game)
    game.play(f"atacar:{uid}")  # the one Defensor (Horizontal with Kabudo Bo) is attacked at once
    assert game.friend(game.state, 1, kabudo) is None and game.friend(game.state, 1, lying) is not None
    game = duel()
    uid = put(game, 0, "lobo-de-lava")
    put(game, 1, "topo", vertical=False)
    battle(game)
    game.play(f"atacar:{uid}")  # no Defensor: straight at the Hero
    assert side(game, 1)["hero"]["damage"] == 3


def test_a_ko_sends_the_amigo_and_its_objeto_to_the_discard():
    # "K.O. y Daño Sobrante: Si el daño iguala o supera la Defensa del Amigo, queda K.O. y va al Descarte
    #  junto con su Objeto equipado."
    game = duel()
    uid = put(game, 0, "lobo-de-lava")  # Ataque 3
    side(game, 1)["deck"].append("casco-ovnilio")
    put(game, 1, "renacuajo", objeto="casco-ovnilio")  # Defensa 2 + 1 = 3: equal is a K.O.
    put(game, 1, "oso-pardo")
    battle(game)
    game.play(f"atacar:{uid}")
    target = next(f["uid"] for f in side(game, 1)["field"] if f["card"] == "renacuajo")
    game.play(f"objetivo:{target}")
    assert {"renacuajo", "casco-ovnilio"} <= set(side(game, 1)["discard"])
    assert side(game, 1)["hero"]["damage"] == 0  # not the last Defensor: no damage passes


def test_the_excess_from_the_last_defensor_passes_to_the_hero_and_ends_the_turn():
    # "Si ese Amigo era el último Amigo Defensor del rival, el daño sobrante pasa al Héroe rival."
    # "Fin de turno por daño al Héroe: En cuanto el Héroe rival recibe cualquier cantidad de daño (por ataque
    #  directo o por daño sobrante), tu turno termina inmediatamente."
    game = duel()
    first = put(game, 0, "dragoncillo")  # Ataque 4
    second = put(game, 0, "lobo-de-lava")
    put(game, 1, "topo")  # Defensa 2
    put(game, 1, "renacuajo", vertical=False)  # not a Defensor
    battle(game)
    events = game.play(f"atacar:{first}")
    assert side(game, 1)["hero"]["damage"] == 2
    assert any(e["rule"] == "heroes-tcg/fin-de-turno-por-dano-al-heroe" for e in events)
    assert game.state["turn"]["seat"] == 1 and game.friend(game.state, 0, second)["attacks"] == 0


def test_an_attack_below_the_defensa_does_nothing_and_the_defender_does_not_strike_back():
    # Ruling #ruling-combate: "No responde: solo se compara el Ataque del atacante con la Defensa del atacado."
    game = duel()
    uid = put(game, 0, "duende-de-ceniza")  # 2 / 1
    target = put(game, 1, "gigante-de-roca")  # 4 / 6
    battle(game)
    events = game.play(f"atacar:{uid}")
    assert game.friend(game.state, 0, uid) is not None and game.friend(game.state, 1, target) is not None
    assert side(game, 1)["hero"]["damage"] == 0 and "resiste el ataque" in texts(events)


def test_a_hero_is_defeated_when_its_damage_reaches_its_vida():
    # Ruling #ruling-vida-del-heroe: "Cuando su daño llega a su Vida, el Héroe queda derrotado ... El daño que
    #  pase de su Vida se pierde: el Héroe del siguiente nivel empieza sin daño."
    game = duel()
    side(game, 1)["hero"]["damage"] = 3
    uid = put(game, 0, "dragon-carmesi")  # Ataque 5 against Vida 5
    battle(game)
    game.play(f"atacar:{uid}")
    assert side(game, 1)["defeated"] == ["rocio"] and side(game, 1)["hero"] is None
    game.play("rd:no")
    game.play("heroe:penasco")
    assert side(game, 1)["hero"] == {"id": "penasco", "damage": 0}


def test_a_blocked_game_is_a_draw():
    # Ruling #ruling-partida-bloqueada: "Si los dos Mazos Principales están vacíos y pasan 6 turnos seguidos
    #  (3 de cada jugador) sin que ningún Héroe reciba daño, la partida termina en empate."
    game = duel()
    game.play("rd:no")
    for sd in game.state["sides"]:
        sd["discard"] += sd["deck"] + sd["hand"]
        sd["deck"], sd["hand"], sd["rd_used"] = [], [], 1
    at(game, 0, "battle", "esp-y-ataques")
    game.play("fin")  # nobody can do anything: the turns pass by themselves
    assert game.outcome == {"result": "draw", "winner": None, "reason": game.outcome["reason"]}
    assert game.state["quiet_turns"] == game.ctx.const("stalemate_turns")


# ----- the effect vocabulary (docs-dev/TCG.md) -----------------------------------------------------------------
def test_ayuda_effects_draw_search_recover_heal_and_light_cfes():
    # "usas cartas de Ayuda (efectos instantáneos que van al Descarte ...)"
    game = duel(mazo_0=WATER, heroe_0="rocio")
    sd = side(game, 0)
    main_phase(game, hand=["corriente-de-ideas", "pozo-de-energia", "memoria", "vendaje", "recarga"],
               prendidas=9)
    hand = len(sd["hand"])
    game.play("ayuda:corriente-de-ideas")  # robar 2
    assert len(sd["hand"]) == hand - 1 + 2
    game.play("ayuda:pozo-de-energia")  # buscar_en_mazo: a CFE (the one kind of card found: taken at once)
    assert "cfe" in sd["revealed"]
    side(game, 0)["discard"].append("topo")  # (through game.state: the kept choices are recomputed)
    game.play("ayuda:memoria")  # recuperar_del_descarte: an Amigo (the only one: taken at once)
    assert "topo" in sd["hand"] and "topo" in sd["revealed"]
    assert "ayuda:vendaje" not in ids(game)  # curar_heroe needs a damaged Hero
    side(game, 0)["hero"]["damage"] = 3
    game.play("ayuda:vendaje")
    assert sd["hero"]["damage"] == 1
    before = sd["prendidas"]
    game.play("ayuda:recarga")  # prender_cfe 2: the Apagadas paid so far
    assert sd["prendidas"] == before - 1 + 2 and set(sd["discard"]) >= {"corriente-de-ideas", "recarga"}


def test_ayuda_effects_on_rival_amigos_and_cfes():
    game = duel(mazo_0=WATER, heroe_0="rocio", mazo_1=FIRE, heroe_1="brasa")
    rival = side(game, 1)
    rival["deck"] += ["espada-de-brasas"]
    big = put(game, 1, "dragoncillo", objeto="espada-de-brasas")
    small = put(game, 1, "salamandra")
    rival["prendidas"], rival["apagadas"] = 1, 1
    main_phase(game, hand=["desarme", "red-de-lianas", "ola-gigante", "apagon"], prendidas=9)
    rival["prendidas"], rival["apagadas"] = 1, 1
    game.rebase()
    game.play("ayuda:desarme")  # descartar_objeto_rival: the one Objeto, at once
    assert game.friend(game.state, 1, big)["objeto"] is None and "espada-de-brasas" in rival["discard"]
    game.play("ayuda:red-de-lianas")  # girar_amigo_rival
    game.play(f"objetivo:{big}")
    assert not game.friend(game.state, 1, big)["vertical"]
    game.play("ayuda:ola-gigante")  # regresar_amigo_rival (coste 4 or less)
    game.play(f"objetivo:{small}")
    assert "salamandra" in rival["hand"] and "salamandra" in rival["revealed"]
    game.play("ayuda:apagon")  # descartar_cfe_rival 1
    game.play("cfe:apagada")
    assert rival["apagadas"] == 0 and rival["discard"].count("cfe") == 1


def test_ayuda_effects_on_own_amigos_and_damage_to_a_rival_amigo():
    game = duel()
    mine = put(game, 0, "salamandra")
    other = put(game, 0, "duende-de-ceniza")
    target = put(game, 1, "topo")  # Defensa 2
    put(game, 1, "oso-pardo")  # Defensa 4
    main_phase(game, hand=["furia", "grito-de-guerra", "bola-de-fuego", "cfe"], prendidas=9)
    game.play("ayuda:furia")  # mas_ataque 2 on a chosen own Amigo
    game.play(f"objetivo:{mine}")
    game.play("ayuda:grito-de-guerra")  # mas_ataque_todos 1
    assert game.attack_of(game.friend(game.state, 0, mine)) == 5
    assert game.attack_of(game.friend(game.state, 0, other)) == 3
    game.play("ayuda:bola-de-fuego")  # danar_amigo 2: only the Defensa-2 Amigo is a target
    assert game.friend(game.state, 1, target) is None
    game.play("fin")  # nothing else to play: on to phase 5
    assert game.attack_of(game.friend(game.state, 0, mine)) == 2  # "hasta el final del turno"


def test_mas_defensa_lasts_until_the_players_next_turn():
    # docs-dev/TCG.md: "mas_defensa: An own Amigo gets +n Defensa until your next turn."
    game = duel(mazo_0=WATER, heroe_0="brote")
    uid = put(game, 0, "escarabajo-blindado")
    main_phase(game, hand=["muro-de-piedra"], prendidas=1)
    game.play("ayuda:muro-de-piedra")
    assert game.defense_of(game.friend(game.state, 0, uid)) == 5
    game.play("fase:ataques") if "fase:ataques" in ids(game) else None
    game.play("fin") if "fin" in ids(game) else None
    assert game.state["turn"]["seat"] == 1 and game.defense_of(game.friend(game.state, 0, uid)) == 5
    at(game, 1, "battle", "esp-y-ataques")
    game.play("fin")
    assert game.defense_of(game.friend(game.state, 0, uid)) == 3


def test_especialidad_effects_straighten_turn_draw_and_discard_cfes():
    game = duel(mazo_0=WATER, heroe_0="ovnilio-vigia")
    sd, rival = side(game, 0), side(game, 1)
    jabali = put(game, 0, "jabali", vertical=False)  # enderezar_amigo
    nodriza = put(game, 0, "nave-nodriza")  # descartar_cfe_rival
    sd["deck"].append("dron-ovnilio")
    dron = put(game, 0, "dron-ovnilio")  # robar 1
    target = put(game, 1, "duende-de-ceniza")
    battle(game, prendidas=6)
    rival["prendidas"] = 2
    game.rebase()
    game.friend(game.state, 0, jabali)["attacks"] = 1
    game.play(f"esp:{jabali}")
    assert game.friend(game.state, 0, jabali)["vertical"] and f"atacar:{jabali}" not in ids(game)
    hand = len(sd["hand"])
    game.play(f"esp:{dron}")
    assert len(sd["hand"]) == hand + 1
    game.play(f"esp:{nodriza}")  # the rival has Prendidas only: the one choice is taken
    assert rival["prendidas"] == 1 and "cfe" in rival["discard"]
    assert game.friend(game.state, 1, target) is not None


def test_every_named_effect_is_implemented_and_the_checker_knows_them():
    # docs-dev/TCG.md: "The game package must implement every name. Its GameSpec(effects=...) is this set."
    from mvm_support import REPO

    from site_src.check import checker

    schema_names = set(game_effect_names())
    assert engine.implemented_effects("heroes-tcg") == schema_names
    lacking = checker.check(REPO / "content", effects=lambda g: engine.implemented_effects(g) - {"robar"})
    problems = [p.format() for p in lacking.problems]
    assert problems and all("named effect 'robar' is not implemented" in p for p in problems)
    assert all(p.startswith("content/heroes-tcg/cards/") and "efecto" in p for p in problems)


def game_effect_names():
    import json

    from mvm_support import REPO

    schema = json.loads((REPO / "schema/heroes-tcg/card.schema.json").read_text(encoding="utf-8"))
    found = set()

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("efecto"), dict):
                found.update(node["efecto"].get("enum", []))
                found.update([node["efecto"]["const"]] if "const" in node["efecto"] else [])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return found


# ----- the computer and hidden information ---------------------------------------------------------------------
@pytest.mark.parametrize("level", ["facil", "normal"])
def test_the_computer_plays_seat_1_inside_play_and_is_the_same_for_a_seed(level):
    # issue 14: "players=1 ... is one person (seat 0) against the computer, which acts inside play"
    def play_out():
        game = engine.new_game(DUEL, seed=9, players=1, options={"bot": level, "mazo_0": FIRE},
                               catalog=catalog())
        steps = 0
        while not game.over and steps < 400:
            assert game.to_move == 0
            game.play(game.legal_actions()[-1]["id"])  # the human always goes on / ends the turn
            steps += 1
        return game

    first, second = play_out(), play_out()
    assert first.over and first.outcome["winner"] == 1 and first.outcome["result"] == "loss"
    assert first.snapshot() == second.snapshot()


def test_the_bot_option_is_for_one_person_only():
    with pytest.raises(engine.ScenarioError, match="does not ask for 'bot'"):
        engine.new_game(DUEL, seed=1, players=2, options={"bot": "normal"}, catalog=catalog())
    with pytest.raises(engine.ScenarioError, match="played by 1 to 2"):
        engine.new_game(DUEL, seed=1, players=3, catalog=catalog())


def test_a_seat_sees_its_own_hand_only():
    game = duel()
    mine, theirs = game.view(0)["seats"], game.view(1)["seats"]
    assert len(mine[0]["mano"]) == 5 and "mano" not in mine[1] and mine[1]["mano_count"] == 5
    assert "mano" not in theirs[0] and len(theirs[1]["mano"]) == 5
    assert game.view()["seats"][0]["mano"] == mine[0]["mano"]  # the table view: the seat to move


def test_the_computer_opens_with_the_hero_of_its_decks_element():
    # "Pago de Amigos: ... descuenta el costo de Amigos de su mismo elemento."
    game = engine.new_game(DUEL, seed=2, players=1, options={"bot": "facil", "mazo_0": FIRE, "mazo_1": WATER, "heroe_0": "brasa"},
                           catalog=catalog())
    deck = game.ctx.mazos[WATER]["cartas"]
    counts = {}
    for entry in deck:
        card = game.ctx.cards[entry["carta"]]
        if card["tipo"] == "amigo":
            counts[card["elemento"]] = counts.get(card["elemento"], 0) + entry["copias"]
    hero = game.ctx.heroes[side(game, 1)["hero"]["id"]]
    assert hero["nivel"] == 1 and counts[hero["elemento"]] == max(counts.values())


def test_the_prompt_does_not_tell_the_rival_whether_a_cfe_is_in_the_hand():
    # "3. CFE/Héroe: Puedes bajar máximo 1 CFE de tu Mano a Prendidas por turno." (found by random play)
    seen = set()
    for hand in (["cfe", "salamandra"], ["salamandra", "furia"]):
        game = at(duel(), 0, "cfe", "cfe-heroe", hand=hand)
        seen.add(game.view(1)["prompt"])
    assert len(seen) == 1


@pytest.mark.parametrize("players", [1, 2])
def test_no_seat_ever_sees_what_it_may_not(players):
    """view(seat) is unchanged when everything the seat may not see is drawn anew, at every step of random
    games (the contract suite samples a few steps of one game)."""
    import random

    for seed in range(3):
        game = engine.new_game(DUEL, seed=seed, players=players, catalog=catalog())
        rng = random.Random(seed)
        while not game.over:
            for seat in (0, 1):
                assert game.determinize(seat, seed=rng.randrange(99)).view(seat) == game.view(seat)
            game.play(rng.choice(game.legal_actions())["id"])


@pytest.mark.parametrize("level", ["facil", "normal"])
def test_the_computer_uses_only_what_its_seat_sees(level):
    # issue 14: "search over the contract with determinized hidden information"
    from engine.heroes_tcg import computer

    game = engine.new_game(DUEL, seed=6, players=1, options={"bot": level, "mazo_0": FIRE, "heroe_0": "brasa"},
                           catalog=catalog())
    put(game, 1, "renacuajo")
    put(game, 0, "salamandra")
    at(game, 1, "battle", "esp-y-ataques", prendidas=3)
    for seed in range(4):
        other = game.determinize(1, seed=seed)  # the person's hand and the Mazos' order drawn anew
        other.state["rng"] = game.state["rng"]
        assert side(other, 0)["hand"] != side(game, 0)["hand"] or seed
        mine, theirs = game.copy(), other.copy()
        assert computer.choose(theirs, theirs.state)["id"] == computer.choose(mine, mine.state)["id"]
