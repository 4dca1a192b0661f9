"""Enchantress (engine/mu/villains/enchantress.py): one test per rule of her Dashboard, Special Setup, the
Henchmen deck (adapted), Skurge (adapted) and the Master Plan, each quoting the sentence of
content/marvel-united-promos/villains/enchantress.yaml it checks, then random playouts that raise nothing and
log no "not-implemented" event.

Decisions where the text is open (also in enchantress.py's docstring): the 9 Henchmen are fixed by content
(Knull's 4 eligible cards and 5 of ours); Skurge's Health and BAM! are ours; the Attack on Enchantress is not
offered while a Henchman is in her Location; a defeated Skurge counts for Clear Threats, then goes on top of
the Henchmen deck; New Blood with an empty deck or no free Location does nothing; Hypnosis: the Heroes choose
who takes each Location's Crisis token, the spell lasts until the next Villain turn, a hypnotised Hero chooses
one of the three at the start of their turn (forfeit: a symbol of this turn or a held token; damage: before
the last-card KO check)."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("enchantress").HANDLERS  # the handlers of its class (content name -> method)

SKURGE = "enchantress-skurge-the-executioner"
DRAGON = "enchantress-symbiote-dragon"
TREX = "enchantress-venom-t-rex"


def new(players=2, seed=1):
    """An Enchantress game past setup and her first turn, with an empty board (no Henchman, no token, no task
    waiting)."""
    game = new_game_past_setup("enchantress", players, seed)
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    return game


def henchman(game, card, offset, health=None):
    loc_id = game.step(game.state, game.state["villain_pos"], offset)
    threat = {"id": f"{card}-t{offset}", "card": card, "heroic": 0, "damage": 0}
    if health:
        threat["health"] = health
    game.loc(game.state, loc_id)["threat"] = threat
    return loc_id


# ----- Special Setup, player count --------------------------------------------------------------------------
def test_special_setup_skurge_in_the_starting_location_henchmen_deck_in_the_other_five():
    """Special Setup: "Place the Skurge the Executioner Threat in the Villain's starting Location. Choose 9
    Henchman Threat cards belonging to other Villains ... Shuffle them to create a Henchmen deck. Place the
    top cards in the 5 Locations with no Threat. Henchmen other than Skurge enter play with 1 Health less than
    their starting value." """
    game = new_game_past_setup("enchantress", 2, 4)
    s = game.state
    start = game.loc(s, s["villain_start"])
    assert start["threat"]["card"] == SKURGE and "health" not in start["threat"]
    others = [loc["threat"] for loc in s["locations"] if loc["id"] != s["villain_start"]]
    assert all(t and t["card"] != SKURGE for t in others)
    for t in others:
        assert t["health"] == game.ctx.threats[t["card"]]["health"] - 1
        assert game.threat_need(t) == ("attack", t["health"])
    assert len(s["enchantress"]["deck"]) == 9 - 5
    view = game.view()
    assert view["components"][0]["count"] == 4
    assert all(loc["threat"]["health"] == t["health"] for loc, t in
               zip([v for v in view["locations"] if v["id"] != s["villain_start"]], others, strict=True))


def test_the_henchmen_deck_is_nine_adapted_cards_and_skurge_is_adapted():
    """Special Setup: "Choose 9 Henchman Threat cards belonging to other Villains (they must have a Health
    value ...)" - the adapted deck has 9 cards, each with Health; Skurge is marked adapted."""
    threats = catalog()["games"][MU]["villains"]["enchantress"]["threats"]["cards"]
    deck = [c for c in threats if c["id"] != SKURGE]
    assert sum(c["count"] for c in deck) == 9 and all(c.get("health") for c in deck)
    assert all(c["provenance"]["status"] == "adapted" for c in threats)


@pytest.mark.parametrize(("players", "health"), [(2, 2), (3, 3), (4, 4)])
def test_player_count_table(players, health):
    """Player-count table: "2 Heroes: 2; 3 Heroes: 3; 4 Heroes: 4." """
    assert new_game_past_setup("enchantress", players, 1).state["health_max"] == health


# ----- Special Rules ----------------------------------------------------------------------------------------
def test_she_cannot_be_damaged_in_a_location_with_a_henchman():
    """Special Rules: "As long as Enchantress is in a Location with a Henchman, she can't be damaged." """
    game = new_game_past_setup("enchantress", 2, 1)
    make_vulnerable(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    game.state["turn"]["symbols"] = ["attack", "attack"]
    henchman(game, DRAGON, 0)
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}
    game.loc(game.state, pos)["threat"] = None
    assert "attack:villain" in {a["id"] for a in game.legal_actions()}


def test_ko_accelerates_the_next_villain_turn_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Enchantress doesn't activate her BAM! Instead, accelerate the next
    Villain turn by 1 card (if not already accelerated)." """
    game = new()
    game.state["since_villain"] = since = 0  # not accelerated yet
    events = []
    game.knock_out(game.state, 0, events)
    assert not kinds(events, "bam") and game.state["since_villain"] == since + 1
    game.knock_out(game.state, 1, events)
    assert game.state["since_villain"] == since + 1


def test_defeated_skurge_goes_on_top_of_the_henchmen_deck():
    """Special Rules: "If Skurge is defeated, put him on top of the Henchmen deck. Other defeated Henchmen are
    removed as usual." """
    game = new()
    s = game.state
    loc_id = henchman(game, SKURGE, 1)
    events = []
    for _ in range(game.ctx.threats[SKURGE]["health"]):
        game.hit_threat(s, loc_id, "attack", 0, events)
    assert game.loc(s, loc_id)["threat"] is None and s["missions"]["clear-threats"] == 1
    assert s["enchantress"]["deck"][0] == SKURGE and SKURGE not in s["cleared_threats"]
    other = henchman(game, DRAGON, 2, health=2)
    game.hit_threat(s, other, "attack", 0, events)
    game.hit_threat(s, other, "attack", 0, events)
    assert DRAGON in s["cleared_threats"] and s["enchantress"]["deck"][0] == SKURGE


# ----- BAM!, Overflow, Henchmen -----------------------------------------------------------------------------
def test_bam_moves_her_clockwise_to_the_next_location_with_a_henchman():
    """BAM!: "If Enchantress is in a Location with no Henchman, move her clockwise to the next Location with a
    Henchman, if possible." """
    game = new()
    ring = place(game, [3, 3])
    henchman(game, DRAGON, 4)
    henchman(game, TREX, 2)
    bam(game, settled=True)
    assert game.state["villain_pos"] == ring[2]
    bam(game, settled=True)  # with a Henchman now: she stays
    assert game.state["villain_pos"] == ring[2]


def test_bam_with_no_henchman_in_play_she_stays():
    """BAM!: "... if possible." - no Henchman in play: she stays."""
    game = new()
    here = game.state["villain_pos"]
    bam(game, settled=True)
    assert game.state["villain_pos"] == here


def test_overflow_accelerates_once():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, accelerate the next
    Villain turn by 1 card (if not already accelerated)." """
    game = new()
    game.state["since_villain"] = since = 0  # not accelerated yet
    events = []
    for loc_id in game.ring(game.state)[:2]:
        game.overflow(game.state, loc_id, events, ["thug"])
    assert game.state["since_villain"] == since + 1


def test_henchmen_bams_venom_t_rex_each_hero_dragon_one_hero_per_location():
    """Venom T-Rex: "BAM!: Deal 2 damage to each Hero in this Location." Symbiote Dragon: "BAM!: Deal 1 damage
    to 1 Hero in this and each adjacent Location." """
    game = new(3)
    place(game, [0, 2, 2])
    henchman(game, TREX, 2)
    henchman(game, DRAGON, 0)
    before = hands(game)
    bam(game, settled=True)
    assert hands(game) == [before[0] - 1, before[1] - 2, before[2] - 2]


# ----- Master Plan ------------------------------------------------------------------------------------------
def test_new_blood_brings_the_top_henchman_into_her_location_or_the_next_free_one():
    """New Blood: "Bring the top Threat from the Henchmen deck into play in Enchantress' Location, if
    possible, or the next clockwise Location without a Threat." """
    game = new()
    s = game.state
    s["enchantress"]["deck"] = [DRAGON, SKURGE]
    henchman(game, TREX, 0)
    place(game, [3, 3])
    villain_turn(game, "enchantress-master-plan-01")  # Move 0
    t = game.loc(s, game.step(s, s["villain_pos"], 1))["threat"]
    assert t["card"] == DRAGON and t["health"] == 2
    s["tasks"] = []
    villain_turn(game, "enchantress-master-plan-02")
    t = game.loc(s, game.step(s, s["villain_pos"], 2))["threat"]
    assert t["card"] == SKURGE and "health" not in t  # Skurge enters with his printed Health
    s["tasks"] = []
    events = villain_turn(game, "enchantress-master-plan-03")
    assert any("Henchmen deck is empty" in e["text"] for e in events)


def hypnotise(game, offsets):
    place(game, offsets)
    events = villain_turn(game, "enchantress-master-plan-05")  # Move 0, BAM!, Hypnosis
    settle(game, events)
    return events


def test_hypnosis_gives_a_crisis_token_to_one_hero_in_each_of_three_locations():
    """Hypnosis: "Give 1 Crisis token to 1 Hero in Enchantress' and each adjacent Location." """
    game = new(4)
    hypnotise(game, [0, 0, 1, 3])
    crisis = [h["enchantress_crisis"] for h in game.state["heroes"]]
    assert sorted(crisis) == [0, 0, 1, 1] and crisis[2] == 1 and crisis[3] == 0
    assert {"name": "Crisis tokens", "count": 1} in game.view()["heroes"][2]["marks"]


def start_hypnotised_turn(game, seat):
    game.state["tasks"] = [{"t": "hero_turn", "seat": seat}]
    game.advance(game.state, [])
    assert {a["id"] for a in game.legal_actions()} == {"spell:random", "spell:forfeit", "spell:damage"}
    assert game.state["heroes"][seat]["enchantress_crisis"] == 0


def test_hypnosis_random_play():
    """Hypnosis: "Heroes starting their turn with Crisis tokens discard them and must choose to either play
    their card randomly ..." """
    game = new()
    hypnotise(game, [0, 3])
    start_hypnotised_turn(game, 0)
    game.play("spell:random")
    plays = [a for a in game.legal_actions() if a["kind"] == "play"]
    assert len(plays) == 1 and len(game.state["heroes"][0]["hand"]) > 1


def test_hypnosis_forfeit_one_action():
    """Hypnosis: "... OR forfeit 1 action on their turn ..." - the Hero gives up one symbol of this turn or a
    held Action token, their choice."""
    game = new()
    hypnotise(game, [0, 3])
    start_hypnotised_turn(game, 0)
    game.play("spell:forfeit")
    card = next(c for c in game.ctx.hero_cards.values() if len(set(c.get("symbols", []))) >= 2)
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"]
    hero["hand"] = [card["id"]]
    if card["id"] in hero["deck"]:
        hero["deck"].remove(card["id"])
    hero["tokens"]["wild"] = 1
    game.play(f"play:{card['id']}")
    legal = {a["id"] for a in game.legal_actions()}
    assert legal == {f"forfeit:symbol:{sym}" for sym in card["symbols"]} | {"forfeit:token:wild"}
    game.play(f"forfeit:symbol:{card['symbols'][0]}")
    assert len(game.state["turn"]["symbols"]) == len(card["symbols"]) - 1
    assert game.state["heroes"][0]["tokens"]["wild"] == 1


def test_hypnosis_one_damage_at_the_end_of_the_turn_then_it_lapses():
    """Hypnosis: "... OR take 1 damage at the end of their turn." and "Until the next Villain turn" """
    game = new()
    hypnotise(game, [0, 3])
    start_hypnotised_turn(game, 0)
    game.play("spell:damage")
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    hand = len(game.state["heroes"][0]["hand"])
    events = game.play("end-turn")
    settle(game, events)
    assert any(e["kind"] == "damage" and e.get("seat") == 0 for e in events)
    assert len(game.state["heroes"][0]["hand"]) == hand - 1
    game.state["heroes"][1]["enchantress_crisis"] = 1
    game.state["tasks"] = []
    villain_turn(game, "enchantress-master-plan-07")  # the next Villain turn: the spell ends
    game.state["tasks"] = [{"t": "hero_turn", "seat": 1}]
    game.advance(game.state, [])
    assert any(a["kind"] == "play" for a in game.legal_actions())
    assert game.state["heroes"][1]["enchantress_crisis"] == 1


# ----- content and playouts ---------------------------------------------------------------------------------
def test_every_rule_of_enchantress_has_a_handler():
    """Every Dashboard part, Henchman BAM! and Master Plan effect of Enchantress is structured (`play`) with
    an implemented handler; the Master Plan has 12 cards, 8 to 12 adapted."""
    ench = catalog()["games"][MU]["villains"]["enchantress"]
    named = {ench["dashboard"]["play"][k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    named |= {c["play"]["bam"]["handler"] for c in ench["threats"]["cards"]}
    named |= {c["play"]["handler"] for c in ench["master_plan"]["cards"] if c.get("effect")}
    assert named <= set(HANDLERS)
    cards = ench["master_plan"]["cards"]
    assert len(cards) == 12 and all(c["provenance"]["status"] == "adapted" for c in cards[7:])
