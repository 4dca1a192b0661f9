"""Crossbones (engine/mu/villains/crossbones.py): one test per rule of his Dashboard, Villainous Plot, Threat
and Master Plan, each quoting the sentence of content/marvel-united-promos/villains/crossbones.yaml it checks,
then random playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in crossbones.py's docstring): Crisis tokens are kept per Hero
(`heroes[seat]["crisis"]`, shown in the view as the Hero's `marks`) and only the KO rule removes them; the
Heroes choose which Hero takes the BAM!'s Crisis token (KO'd Heroes are not candidates); the BAM!'s Civilians
are discarded at once (the leftmost); Overflow counts per token; a Thug's Overflow brings back a random
cleared Threat in the first Location without a Threat clockwise from Crossbones' own; a Master Plan discard
puts the card at the bottom of the deck (not damage: Invulnerable does not stop it) and is resolved after the
card's BAM!; "if possible" = the Hero chooses among the cards with the icon; "an Action icon" = any symbol, "a
card-icon" = a card with a Special Effect; "as many Civilians as there are Heroes in play" counts every Hero
of the game."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    new_game_past_setup,
    place,
    random_playout,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("crossbones").HANDLERS  # the handlers of its class (content name -> method)

HEADMONEY = "crossbones-headmoney"


def new(players=2, seed=1):
    """A Crossbones game past setup and the Villain's first turn, with an empty board (no Threats, no tokens,
    no task waiting), the Headmoney Track at 0 and no Crisis token."""
    game = new_game_past_setup("crossbones", players, seed)
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["crossbones"]["headmoney"] = 0
    for hero in game.state["heroes"]:
        hero["crisis"] = 0
    return game


def set_hand(game, seat, cards):
    game.state["heroes"][seat]["hand"] = list(cards)


def crisis(game):
    return [h["crisis"] for h in game.state["heroes"]]


def headmoney(game):
    return game.state["crossbones"]["headmoney"]


def plan_card(card_id):
    return next(c for c in catalog()["games"][MU]["villains"]["crossbones"]["master_plan"]["cards"]
                if c["id"] == card_id)


def place_after_move(game, card_id, offsets):
    """Place the Heroes at `offsets` from where Crossbones stands after the card's Move; that ring."""
    move = plan_card(card_id)["move"]
    ring = place(game, [off + move for off in offsets])
    return ring[move:] + ring[:move]


def headmoney_threat(n):
    return {"id": f"{HEADMONEY}-t{n}", "card": HEADMONEY, "heroic": 0, "damage": 0}


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
def test_bam_gives_a_crisis_token_to_one_hero_here_and_beside_and_discards_civilians():
    """BAM!: "Give 1 Crisis token to 1 Hero in Crossbones' and each adjacent Location. Then, discard 1
    Civilian from each of these Locations, if any." """
    game = new(4)
    ring = place(game, [0, 1, 5, 2])
    for off in (0, 1, 5, 2):
        game.loc(game.state, ring[off])["tokens"][:2] = ["civilian", "civilian"]
    events = bam(game)
    settle(game, events)
    assert crisis(game) == [1, 1, 1, 0]
    for off, left in ((0, 1), (1, 1), (5, 1), (2, 2)):
        assert game.loc(game.state, ring[off])["tokens"].count("civilian") == left
    assert game.state["missions"]["rescue-civilians"] == 0
    assert not kinds(events, "not-implemented")


def test_bam_the_heroes_choose_who_takes_the_crisis_token():
    """BAM!: "Give 1 Crisis token to 1 Hero in Crossbones' ... Location" - with two Heroes there, the Heroes
    choose (core-plan-effect)."""
    game = new(3)
    place(game, [0, 0, 3])
    bam(game)
    assert game.to_move == 0
    assert {a["id"] for a in game.legal_actions()} == {"crisis-target:0", "crisis-target:1"}
    game.play("crisis-target:1")
    settle(game)
    assert crisis(game) == [0, 1, 0]


# ----- Dashboard: Special Rules ----------------------------------------------------------------------------
def test_ko_raises_the_headmoney_track_by_two_and_the_hero_discards_their_crisis_tokens():
    """Special Rules: "When a Hero is KO'd, Crossbones doesn't activate his BAM! Instead, increase the
    Headmoney Track by 2 spaces and the KO'd Hero discards all their Crisis tokens." """
    game = new(2)
    place(game, [0, 0])  # seat 1 would take a Crisis token from a BAM!
    game.state["heroes"][0]["crisis"] = 3
    game.state["heroes"][1]["crisis"] = 1
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert headmoney(game) == 2 and crisis(game) == [0, 1]


# ----- Villainous Plot -------------------------------------------------------------------------------------
def test_heroes_lose_when_the_headmoney_track_reaches_ten():
    """Villainous Plot - Headmoney Track: "The Heroes lose if this track reaches 10. The track runs from 0 to
    10." """
    game = new(2)
    game.state["crossbones"]["headmoney"] = 9
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    events = []
    game.knock_out(game.state, 0, events)
    assert headmoney(game) == 10  # never above the end of the track
    assert game.outcome["result"] == "loss" and "Headmoney Track reaches 10" in game.outcome["reason"]


def test_the_view_shows_the_track_and_the_crisis_tokens():
    """Villainous Plot - Headmoney Track: "The track runs from 0 to 10." - the page shows the track and each
    Hero's Crisis tokens."""
    game = new(2)
    game.state["crossbones"]["headmoney"] = 4
    game.state["heroes"][1]["crisis"] = 2
    view = game.view()
    assert view["villain"]["tracks"] == [{
        "id": "headmoney-track", "name": "Headmoney Track", "value": 4, "min": 0, "max": 10,
        "text": "The Heroes lose if this track reaches 10. The track runs from 0 to 10."}]
    assert [h.get("marks", []) for h in view["heroes"]] == [[], [{"name": "Crisis token", "count": 2}]]


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_each_civilian_that_cannot_be_added_raises_the_track_by_one():
    """Overflow: "For each Civilian token that can't be added to a Location, increase the Headmoney Track by
    1." """
    game = new(2)
    place(game, [3, 3])
    card = "crossbones-master-plan-04"  # Move 2. 1 Civilian in each of the three Locations
    ring = place_after_move(game, card, [3, 3])
    for off in (0, 1):
        game.loc(game.state, ring[off])["tokens"] = ["thug"] * 6
    events = villain_turn(game, card)
    settle(game, events)
    assert len(kinds(events, "overflow")) == 2 and headmoney(game) == 2


def test_overflow_each_thug_that_cannot_be_added_brings_back_a_cleared_threat():
    """Overflow: "For each Thug token that can't be added to a Location, bring back 1 random cleared Threat
    into play in the first clockwise Location without a Threat, if possible." """
    game = new(2)
    card = "crossbones-master-plan-02"  # Move 1. 3 Thugs in Crossbones' Location
    ring = place_after_move(game, card, [3, 3])
    game.loc(game.state, ring[0])["tokens"] = ["thug"] * 6  # (no Civilian for the BAM! to discard)
    game.loc(game.state, ring[0])["threat"] = headmoney_threat(1)
    game.state["cleared_threats"] = [HEADMONEY, HEADMONEY]
    game.state["heroes"][0]["cleared"] = [HEADMONEY, HEADMONEY]
    events = villain_turn(game, card)
    settle(game, events)
    assert game.state["cleared_threats"] == [] and game.state["heroes"][0]["cleared"] == []
    assert game.loc(game.state, ring[1])["threat"]["card"] == HEADMONEY
    assert game.loc(game.state, ring[2])["threat"]["card"] == HEADMONEY
    assert game.loc(game.state, ring[3])["threat"] is None
    assert any("No cleared Threat" in e["text"] for e in events)  # the third Thug: nothing left


# ----- Threat: Headmoney -----------------------------------------------------------------------------------
def test_headmoney_threat_raises_the_track_when_a_civilian_is_discarded_there():
    """Headmoney: "Each time a Civilian is discarded from this Location, increase the Headmoney Track by
    1." """
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[0])["threat"] = headmoney_threat(1)
    game.loc(game.state, ring[1])["threat"] = headmoney_threat(2)
    game.loc(game.state, ring[0])["tokens"][0] = "civilian"
    game.loc(game.state, ring[5])["tokens"][0] = "civilian"  # no Threat there
    events = bam(game)
    settle(game, events)
    assert headmoney(game) == 1  # ring[1] had no Civilian to discard
    assert not kinds(events, "not-implemented")


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_throwing_knives_heroes_here_and_beside_discard_a_card_with_an_action_icon():
    """Throwing Knives: "Each Hero in Crossbones' and both adjacent Locations must discard 1 card (with an
    Action icon at the bottom, if possible)." """
    game = new(3)
    card = "crossbones-master-plan-01"
    place_after_move(game, card, [1, 5, 3])
    set_hand(game, 0, ["hulk-09", "hulk-04", "hulk-07"])
    set_hand(game, 1, ["hulk-09", "hulk-09"])  # no symbol at all: any card
    set_hand(game, 2, ["hulk-09", "hulk-04", "hulk-07"])
    villain_turn(game, card)
    while game.legal_actions() and game.legal_actions()[0]["kind"] == "hit-target":
        game.play(game.legal_actions()[0]["id"])
    assert game.to_move == 0 and {a["id"] for a in game.legal_actions()} == {"discard:hulk-04",
                                                                              "discard:hulk-07"}
    game.play("discard:hulk-04")
    settle(game)
    assert hands(game) == [2, 1, 3]
    assert game.state["heroes"][0]["deck"][-1] == "hulk-04"


def test_elite_sniper_each_hero_discards_one_card_per_crisis_token():
    """Elite Sniper: "For each Crisis token they have, each Hero must discard 1 card (with a card-icon at the
    bottom, if possible)." - the Crisis token of the card's own BAM! counts."""
    game = new(3)
    card = "crossbones-master-plan-02"
    place_after_move(game, card, [0, 3, 3])
    game.state["heroes"][1]["crisis"] = 2
    for seat in range(3):
        set_hand(game, seat, ["hulk-09", "hulk-04", "hulk-04", "hulk-04"])
    villain_turn(game, card)
    settle(game)
    assert crisis(game) == [1, 2, 0] and hands(game) == [3, 2, 4]
    assert "hulk-09" not in game.state["heroes"][0]["hand"]  # the only card with a Special Effect


def test_stiletto_blade_gauntlets_heroes_here_discard_a_heroic_card():
    """Stiletto Blade Gauntlets: "Each Hero in Crossbones' Location must discard 1 card (with a Heroic Action
    icon at the bottom, if possible)." """
    game = new(2)
    card = "crossbones-master-plan-03"
    place_after_move(game, card, [0, 1])
    set_hand(game, 0, ["hulk-04", "hulk-05", "hulk-06"])
    set_hand(game, 1, ["hulk-04", "hulk-05", "hulk-06"])
    villain_turn(game, card)
    settle(game)
    assert game.state["heroes"][0]["hand"] == ["hulk-04", "hulk-06"]
    assert len(game.state["heroes"][1]["hand"]) == 3


def test_crossbow_master_heroes_with_crisis_tokens_discard_two_attack_cards():
    """Crossbow Master: "Each Hero with any Crisis tokens must discard 2 cards (with an Attack icon at the
    bottom, if possible)." - a Wild is not an Attack icon."""
    game = new(3)
    card = "crossbones-master-plan-04"
    place_after_move(game, card, [3, 3, 3])
    game.state["heroes"][0]["crisis"] = 1
    game.state["heroes"][2]["crisis"] = 1
    set_hand(game, 0, ["hulk-07", "hulk-06", "hulk-04"])
    set_hand(game, 1, ["hulk-07", "hulk-06", "hulk-04"])
    set_hand(game, 2, ["hulk-06", "hulk-04", "hulk-09"])
    villain_turn(game, card)  # seat 0 discards hulk-07 (its only Attack icon) without being asked
    assert game.state["heroes"][0]["hand"] == ["hulk-06", "hulk-04"]
    assert game.to_move == 0 and {a["id"] for a in game.legal_actions()} == {"discard:hulk-06",
                                                                              "discard:hulk-04"}
    settle(game)
    assert hands(game) == [1, 3, 1]


def test_a_discard_of_the_last_card_is_a_ko():
    """Crossbow Master: "Each Hero with any Crisis tokens must discard 2 cards" - a Hero who discards their
    last card is KO'd (core-ko), and the KO rule discards their Crisis tokens."""
    game = new(2)
    card = "crossbones-master-plan-08"
    place_after_move(game, card, [3, 3])
    game.state["heroes"][0]["crisis"] = 2
    set_hand(game, 0, ["hulk-07"])
    events = villain_turn(game, card)
    settle(game, events)
    assert game.state["heroes"][0]["ko"] and crisis(game) == [0, 0] and headmoney(game) == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_you_cant_protect_everybody_adds_a_civilian_per_hero(players):
    """You Can't Protect Everybody: "Add as many Civilians to Crossbones' Location as there are Heroes in
    play." - the Civilians that do not fit are Overflow."""
    game = new(players)
    card = "crossbones-master-plan-05"
    ring = place_after_move(game, card, [3] * players)
    game.loc(game.state, ring[0])["tokens"] = ["thug"] * 3 + [None] * 3
    events = villain_turn(game, card)
    settle(game, events)
    assert game.loc(game.state, ring[0])["tokens"].count("civilian") == min(players, 3)
    assert headmoney(game) == max(0, players - 3)
    assert game.loc(game.state, ring[1])["tokens"].count("thug") == 1


def test_every_crossbones_handler_is_known():
    """Every `play` handler crossbones.yaml names is implemented (HANDLERS)."""
    villain = catalog()["games"][MU]["villains"]["crossbones"]
    names = [c["play"]["handler"] for c in villain["master_plan"]["cards"] if c.get("play")]
    names += [spec["handler"] for c in villain["threats"]["cards"] for spec in c["play"].values()]
    names += [spec["handler"] for key, spec in villain["dashboard"]["play"].items() if key != "params"]
    assert names and all(n in HANDLERS for n in names)
    assert all(c.get("play") for c in villain["master_plan"]["cards"] if c.get("effect"))


# ----- Random playouts -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(15))
def test_random_playout_applies_every_rule(seed):
    """Legal random play to the end: nothing raises, no rule is logged as not implemented."""
    game, events = random_playout("crossbones", seed)
    assert game.over and not kinds(events, "not-implemented")
    assert 0 <= game.state["crossbones"]["headmoney"] <= 10
