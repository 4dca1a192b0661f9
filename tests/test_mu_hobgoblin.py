"""Hobgoblin (engine/mu/villains/hobgoblin.py): one test per rule of his Dashboard, Threats and Master Plan,
each quoting the sentence of content/marvel-united-promos/villains/hobgoblin.yaml it checks, then random
playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in hobgoblin.py's docstring): his first defeat counts the Threats on
the board and may take him above his starting Health; the Overflow's damage goes to 1 Hero the Heroes choose;
a forfeit takes a symbol or token of the kind (or a Wild), the Hero choosing which, once the card is played;
Pumpkin Bomb Trap adds 1 to every damage dealt in its Location; "Action token" = Move token; the additional
Master Plan card is played after the current card's tokens; the Hero "that will play next" is the next Hero
turn in the queue."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    ids,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("hobgoblin").HANDLERS  # the handlers of its class (content name -> method)

V = "hobgoblin"


def new(players=2, seed=1):
    """A Hobgoblin game past setup and the Villain's first turn: seat 0 (Black Widow) is asked to play a card;
    every Hero holds 6 cards; no Threat on the board (each test lays the one it checks)."""
    game = new_game_past_setup(V, players, seed)
    for hero in game.state["heroes"]:
        while len(hero["hand"]) < 6 and hero["deck"]:
            hero["hand"].append(hero["deck"].pop(0))
    for loc in game.state["locations"]:
        loc["threat"] = None
    return game


def lay_threat(game, name, loc_id, n=1):
    card = f"hobgoblin-{name}"
    game.loc(game.state, loc_id)["threat"] = {"id": f"{card}-{n}", "card": card, "heroic": 0, "damage": 0}


def into_hand(game, seat, card):
    hero = game.state["heroes"][seat]
    if card not in hero["hand"]:
        hero["deck"].remove(card)
        hero["hand"].append(card)


# ----- Dashboard: Special Rules ----------------------------------------------------------------------------
def test_first_defeat_gains_health_per_threat_and_moves_opposite_then_the_second_is_final():
    """Special Rules: "The first time Hobgoblin would be defeated, he immediately gains 2 Health plus 1 Health
    for each Threat in play. Then, he moves to the opposite Location." """
    game = new(2)
    make_vulnerable(game)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "diversion", game.step(game.state, pos, 1))
    lay_threat(game, "pumpkin-bomb-trap", game.step(game.state, pos, 2))
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["villain_pos"] = pos
    game.state["health"] = 1
    game.state["turn"]["symbols"] = ["attack"] * 3
    game.play("attack:villain")
    assert not game.over and game.state["health"] == 2 + 2
    assert game.state["villain_pos"] == game.step(game.state, pos, 3)
    assert game.view()["components"][0]["count"] == 0
    game.state["villain_pos"] = pos
    game.state["health"] = 1
    game.play("attack:villain")
    assert game.outcome["result"] == "win"


def test_ko_draws_a_facedown_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Hobgoblin doesn't activate his BAM! Instead, draw a Master Plan
    card and add it facedown in the Storyline." """
    game = new(2)
    place(game, [0, 1])  # seat 1 would be hit by a BAM!
    plans = len(game.state["plan_deck"])
    events = []
    game.knock_out(game.state, 0, events)
    game.advance(game.state, events)
    assert not kinds(events, "bam") and game.state["storyline"][-1]["facedown"]
    assert len(game.state["plan_deck"]) == plans - 1


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("offset", "damage"), [(1, 1), (5, 1), (0, 0), (2, 0), (3, 0)])
def test_bam_one_damage_to_each_hero_in_both_adjacent_locations(offset, damage):
    """BAM!: "Deal 1 damage to each Hero in both Locations adjacent to Hobgoblin's." """
    game = new(3)
    place(game, [offset, offset, 3 if offset != 3 else 0])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - damage, before[1] - damage, before[2]]
    assert not kinds(events, "not-implemented")


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_brings_back_a_random_cleared_threat_in_the_first_clockwise_location_without_one():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random
    cleared Threat into play in the first clockwise Location without a Threat." """
    game = new(2)
    ring = place(game, [3, 3])
    for loc_id in ring[:2]:
        lay_threat(game, "diversion", loc_id)
    game.state["cleared_threats"] = ["hobgoblin-pumpkin-bomb-trap"]
    game.state["heroes"][1]["cleared"] = ["hobgoblin-pumpkin-bomb-trap"]
    before = hands(game)
    events = []
    game.overflow(game.state, ring[4], events, ["thug"])
    game.advance(game.state, events)
    assert game.loc(game.state, ring[2])["threat"]["card"] == "hobgoblin-pumpkin-bomb-trap"
    assert game.state["cleared_threats"] == [] and game.state["heroes"][1]["cleared"] == []
    assert hands(game) == before and not kinds(events, "not-implemented")


def test_overflow_without_a_cleared_threat_deals_one_damage_to_one_hero_anywhere():
    """Overflow: "If not possible, deal 1 damage to 1 Hero anywhere." - the Heroes choose who."""
    game = new(2)
    place(game, [1, 4])
    before = hands(game)
    events = []
    game.overflow(game.state, game.state["villain_pos"], events, ["civilian"])
    game.advance(game.state, events)
    assert ids(game) == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1]


# ----- Threats ---------------------------------------------------------------------------------------------
def test_diversion_forfeits_an_attack_of_a_hero_starting_the_turn_there():
    """Diversion: "Heroes starting their turn in this Location must forfeit 1 available Attack (red burst
    icon) action." """
    game = new(2)
    lay_threat(game, "diversion", game.state["heroes"][0]["pos"])
    into_hand(game, 0, "black-widow-01")  # attack, attack
    events = game.play("play:black-widow-01")
    assert game.state["turn"]["symbols"] == ["attack"]
    assert any("forfeits" in e["text"] for e in events)


def test_diversion_the_hero_chooses_a_symbol_or_a_token():
    """Diversion: "forfeit 1 available Attack action" - a symbol or an Attack token: the Hero chooses."""
    game = new(2)
    lay_threat(game, "diversion", game.state["heroes"][0]["pos"])
    game.state["heroes"][0]["tokens"]["attack"] = 1
    into_hand(game, 0, "black-widow-01")
    game.play("play:black-widow-01")
    assert ids(game) == {"forfeit:symbol:attack", "forfeit:token:attack"}
    game.play("forfeit:token:attack")
    assert game.state["turn"]["symbols"] == ["attack", "attack"]
    assert game.state["heroes"][0]["tokens"]["attack"] == 0


def test_misleading_information_forfeits_a_heroic_action_and_nothing_elsewhere():
    """Misleading Information: "Heroes starting their turn in this Location must forfeit 1 available Heroic
    Action (star icon) action." - a Hero starting elsewhere keeps theirs."""
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "misleading-information", pos)
    into_hand(game, 0, "black-widow-05")  # heroic, heroic
    game.play("play:black-widow-05")
    assert game.state["turn"]["symbols"] == ["heroic"]
    game.play("end-turn")
    settle(game)
    game.state["heroes"][1]["pos"] = game.step(game.state, pos, 1)
    into_hand(game, 1, "captain-marvel-04")  # heroic, heroic
    game.play("play:captain-marvel-04")
    assert game.state["turn"]["symbols"] == ["heroic"] * 4  # with the previous card's: nothing forfeited


def test_pumpkin_bomb_trap_adds_one_damage_in_its_location():
    """Pumpkin Bomb Trap: "Heroes taking damage in this Location take 1 additional damage." """
    game = new(2)
    ring = place(game, [1, 5])
    lay_threat(game, "pumpkin-bomb-trap", ring[1])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 2, before[1] - 1]
    game.state["heroes"][0]["invulnerable"] = True  # damage ignored: nothing additional
    game.damage_hero(game.state, 0, 1, events, "a test")
    assert hands(game)[0] == before[0] - 2


# ----- Master Plan -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "token"), [("hobgoblin-master-plan-06", "civilian"),
                                             ("hobgoblin-master-plan-07", "thug")])
def test_pawns_not_under_pressure_discard_an_action_token_or_take_damage(card, token):
    """Master Plan 6 / 7: "If Hobgoblin is NOT Under Pressure, each Hero in a Location with 1 or more
    Civilians (Thugs) must either discard 1 Action token or take 1 damage." """
    game = new(3)
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    game.state["heroes"][2]["pos"] = game.state["heroes"][0]["pos"]  # follows seat 0
    ring = place(game, [1, 2, 1])
    game.loc(game.state, ring[4])["tokens"][0] = token  # Hobgoblin moves 3: ring[4] is beside him
    game.state["heroes"][0]["pos"] = ring[4]
    game.state["heroes"][2]["pos"] = ring[4]
    game.state["heroes"][2]["tokens"]["move"] = 1
    before = hands(game)
    events = villain_turn(game, card)
    assert game.state["villain_pos"] == ring[3]
    assert game.to_move == 2 or game.to_move == 0
    settle_until_pawns(game, 2)
    assert ids(game) == {"pawns:token", "pawns:damage"}
    game.play("pawns:token")
    settle(game)
    assert hands(game) == [before[0] - 1, before[1], before[2]]
    assert game.state["heroes"][2]["tokens"]["move"] == 0
    assert not kinds(events, "not-implemented")


def settle_until_pawns(game, seat):
    while not (game.to_move == seat and game.legal_actions()[0]["kind"] == "token-or-damage"):
        game.play(game.legal_actions()[0]["id"])


def test_pawns_under_pressure_draw_and_play_an_additional_master_plan_card():
    """Master Plan 6: "If Hobgoblin is Under Pressure, draw and play an additional Master Plan card." - after
    this card's tokens."""
    game = new(2)
    game.state["completed"] = ["rescue-civilians"]
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    game.state["plan_deck"].remove("hobgoblin-master-plan-02")
    game.state["plan_deck"].insert(0, "hobgoblin-master-plan-02")
    place(game, [0, 0])  # Move 3, then Move 1: he ends 2 Locations from them (no BAM! damage)
    before = hands(game)
    events = villain_turn(game, "hobgoblin-master-plan-06")
    settle(game, events)
    faceup = [e["card"] for e in game.state["storyline"] if e["kind"] == "master-plan"]
    assert faceup[-2:] == ["hobgoblin-master-plan-06", "hobgoblin-master-plan-02"]
    assert hands(game) == before  # nobody had to choose a token or damage
    tokens = [t for loc in game.state["locations"] for t in loc["tokens"] if t]
    assert tokens.count("civilian") == 3 and tokens.count("thug") == 4
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["hobgoblin-master-plan-11", "hobgoblin-master-plan-12"])
def test_move_to_the_location_opposite_to_the_hero_that_will_play_next(card):
    """Master Plan 11 / 12: "Move to the Location opposite to the Hero that will play next." """
    game = new(3)
    ring = place(game, [1, 2, 4])
    game.state["tasks"].insert(0, {"t": "hero_turn", "seat": 1})  # seat 1 plays next
    events = []
    game.villain_move(game.state, game.ctx.master_plan[card], events)
    assert game.state["villain_pos"] == ring[5]
    assert not kinds(events, "not-implemented")


# ----- content ---------------------------------------------------------------------------------------------
def test_every_rule_of_hobgoblin_is_structured_and_has_a_handler():
    """Every Threat and Master Plan effect of Hobgoblin has a `play`, and every handler his record names is
    implemented."""
    data = catalog()["games"][MU]["villains"][V]
    assert all(c.get("play") for c in data["threats"]["cards"])
    assert all(c.get("play") for c in data["master_plan"]["cards"] if c.get("effect"))
    named = [data["dashboard"]["play"][k]["handler"] for k in ("bam", "overflow", "ko")]
    named += [c["play"]["handler"] for c in data["master_plan"]["cards"] if c.get("play")]
    named += [spec["handler"] for c in data["threats"]["cards"] for spec in c["play"].values()]
    assert set(named) <= set(HANDLERS)


# ----- random playouts --------------------------------------------------------------------------------
