"""Maximus (engine/mu/villains/maximus.py): one test per rule of his Dashboard, Threats and Master Plan, each
quoting the sentence of content/marvel-united-promos/villains/maximus.yaml it checks, then random playouts.

Decisions where the text is open (also in maximus.py's docstring): the Heroes choose which Hero a BAM! hits
(the lowest seat there is asked); a Hero in Maximus' Location moved "away" goes clockwise, one in the
opposite Location stays; the BAM!'s Heroic Action icon adds a Civilian; a KO with an empty Master Plan deck
loses the game; Leonus' and Nebulo's forfeit is made once per Hero turn, in their Location, and "attack" means
any action put on the Threat to clear it (Heroic Actions, core-threats ruling); Timberius' additional Moves
are counted from the Civilians there when each Move is used, and leaving makes the count start again."""

import pytest
from mu_support import (
    MU,
    catalog,
    hands,
    ids,
    kinds,
    new_game_past_setup,
    place,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("maximus").HANDLERS  # the handlers of its class (content name -> method)


def new(players=2, seed=1):
    return new_game_past_setup("maximus", players, seed)


def card_with(game, title):
    return next(cid for cid, c in game.ctx.master_plan.items()
                if (c.get("effect") or {}).get("title") == title)


def hero_card(game, symbols):
    return next(cid for cid, c in game.ctx.hero_cards.items() if c.get("symbols", []) == symbols)


def reveal(game, seat, symbols):
    """Seat's hand: one card with exactly these symbols (the random reveal has one choice) plus one more."""
    cid = hero_card(game, symbols)
    game.state["heroes"][seat]["hand"] = [cid, cid]


def bam(game):
    events = []
    game.bam(game.state, events, "a test", threats=False)
    game.advance(game.state, events)
    return events


# ----- Special Setup / Special Rules / Overflow -----------------------------------------------------------
def test_special_setup_scheming_is_the_first_master_plan_card():
    """Special Setup: "Set aside the Scheming Master Plan card and place it on top of the deck after shuffling
    it." (the Villain's first turn plays it)"""
    for seed in range(4):
        game = new(2, seed)
        first = next(e["card"] for e in game.state["storyline"] if e["kind"] == "master-plan")
        assert game.ctx.master_plan[first]["effect"]["title"] == "Scheming"


def test_ko_draws_a_facedown_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Maximus doesn't activate his BAM! Instead, draw a Master Plan card
    and add it facedown in the Storyline." """
    game = new(2)
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    plans = len(game.state["plan_deck"])
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert game.state["storyline"][-1]["facedown"] and len(game.state["plan_deck"]) == plans - 1


def test_overflow_draws_a_facedown_master_plan_card():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card
    and add it facedown in the Storyline." """
    game = new(2)
    s = game.state
    for loc in s["locations"]:
        loc["tokens"] = ["thug"] * len(loc["tokens"])
        loc["threat"] = None  # no Threat BAM! (Timberius adds a Civilian)
    plans = len(s["plan_deck"])
    events = villain_turn(game, "maximus-master-plan-01")  # places in three Locations: three Overflows
    assert len(kinds(events, "overflow")) == 6  # "Overflow at X" + the facedown card, per Location
    assert [e.get("facedown") for e in s["storyline"][-3:]] == [True, True, True]
    assert len(s["plan_deck"]) == plans - 4


# ----- BAM! ------------------------------------------------------------------------------------------------
def test_bam_action_icon_moves_the_hero_away_from_maximus():
    """BAM!: "1 Hero in the Location counter-clockwise to Maximus' reveals 1 random card ... Action icon:
    Move that Hero 1 Location away from Maximus." """
    game = new(2)
    ring = place(game, [5, 3])
    reveal(game, 0, ["move"])
    bam(game)
    assert game.state["heroes"][0]["pos"] == ring[4]
    assert game.state["heroes"][1]["pos"] == ring[3]  # not in the three Locations


def test_bam_heroic_icon_adds_a_civilian_to_the_heros_location():
    """BAM!: "Heroic Action icon (yellow star): Add 1 Civilian or 1 Thug to that Hero's Location." """
    game = new(2)
    ring = place(game, [0, 3])
    game.loc(game.state, ring[0])["tokens"] = [None] * 6
    reveal(game, 0, ["heroic"])
    bam(game)
    assert game.loc(game.state, ring[0])["tokens"].count("civilian") == 1


def test_bam_attack_icon_damages_another_hero_nearby():
    """BAM!: "Attack icon (red burst): Deal 1 damage to another Hero in that Hero's Location or an adjacent
    one." """
    game = new(2)
    place(game, [1, 2])
    reveal(game, 0, ["attack"])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0], before[1] - 1]


def test_bam_card_icon_adds_a_facedown_master_plan_card():
    """BAM!: "Card icon (multicolour card symbol): Draw a Master Plan card and add it facedown in the
    Storyline." """
    game = new(2)
    place(game, [0, 3])
    reveal(game, 0, ["wild"])
    plans = len(game.state["plan_deck"])
    bam(game)
    assert game.state["storyline"][-1]["facedown"] and len(game.state["plan_deck"]) == plans - 1


def test_bam_a_different_hero_in_each_of_the_three_locations():
    """BAM!: "Then, do the same to a different Hero in Maximus' Location and then in the clockwise
    Location." - a Hero moved into the next Location is not chosen again; Heroes choose among several."""
    game = new(3)
    place(game, [0, 0, 3])
    for seat in range(3):
        reveal(game, seat, ["move"])  # seat moved clockwise out of Maximus' Location lands in the next one
    bam(game)
    legal = game.legal_actions()
    assert {a["id"] for a in legal} == {"bam-target:0", "bam-target:1"}
    game.play("bam-target:1")
    ring = [game.step(game.state, game.state["villain_pos"], i) for i in range(6)]
    assert game.state["heroes"][1]["pos"] == ring[1]  # moved to +1, then not chosen again there
    assert game.state["heroes"][0]["pos"] == ring[0]


# ----- Threats --------------------------------------------------------------------------------------------
def threat_bam(game, card_id, loc_id):
    s = game.state
    for loc in s["locations"]:
        loc["threat"] = None
    game.loc(s, loc_id)["threat"] = {"id": f"{card_id}-1", "card": card_id, "heroic": 0, "damage": 0}
    events = []
    game.threat_bams(s, events)
    game.advance(s, events)
    settle(game, events)
    return events


def test_aireo_moves_heroes_to_the_opposite_locations():
    """Aireo: "BAM!: Move each Hero in this and both adjacent Locations to their respective opposite
    Locations." """
    game = new(2)
    ring = place(game, [1, 3])
    threat_bam(game, "maximus-aireo", ring[0])
    assert [h["pos"] for h in game.state["heroes"]] == [ring[4], ring[3]]


def test_falcona_damage_equal_to_the_thugs():
    """Falcona: "BAM!: 1 Hero in this and each adjacent Location takes damage equal to the number of Thugs in
    their Location." """
    game = new(2)
    ring = place(game, [1, 3])
    game.loc(game.state, ring[1])["tokens"] = ["thug", "thug", None, None, None, None]
    game.state["heroes"][0]["hand"] *= 2
    before = hands(game)
    threat_bam(game, "maximus-falcona", ring[0])
    assert hands(game) == [before[0] - 2, before[1]]


def test_stallior_two_damage_to_one_hero_here():
    """Stallior: "BAM!: Deal 2 damage to 1 Hero in this Location." """
    game = new(2)
    ring = place(game, [2, 3])
    game.state["heroes"][0]["hand"] *= 2
    before = hands(game)
    threat_bam(game, "maximus-stallior", ring[2])
    assert hands(game) == [before[0] - 2, before[1]]


def set_threat(game, card_id, loc_id):
    s = game.state
    for loc in s["locations"]:
        loc["threat"] = None
    threat = {"id": f"{card_id}-1", "card": card_id, "heroic": 0, "damage": 0}
    game.loc(s, loc_id)["threat"] = threat
    return threat


def hero_turn(game, symbols, offset=3, tokens=None):
    """Seat 0 (at `offset` from Maximus, seat 1 elsewhere) plays a card with exactly these symbols, no
    previous Hero card; the ring from Maximus."""
    s = game.state
    ring = place(game, [offset, (offset + 3) % 6])
    cid = hero_card(game, symbols)
    s["heroes"][0]["hand"] = [cid, cid]
    s["heroes"][0]["tokens"].update(tokens or {})
    s["storyline"].append({"kind": "master-plan", "card": "maximus-master-plan-01"})
    game.play(f"play:{cid}")
    return ring


def test_leonus_forfeit_a_move_before_attacking_it():
    """Leonus: "In order to attack Leonus, a Hero must first forfeit 1 Action (green arrow icon) in this
    Location." - no action on Leonus until a Move is forfeited there; then the rest of the turn may act."""
    game = new(2)
    ring = hero_turn(game, ["heroic", "heroic"], tokens={"move": 1})
    tid = set_threat(game, "maximus-leonus", ring[3])["id"]
    assert not any(":threat:" in a for a in ids(game))
    assert f"token:move:move:maximus-forfeit:{tid}" in ids(game)
    events = game.play(f"token:move:move:maximus-forfeit:{tid}")
    assert any("forfeits a Move to attack Leonus" in e["text"] for e in events)
    assert game.state["heroes"][0]["tokens"]["move"] == 0
    assert f"heroic:threat:{tid}" in ids(game) and not any("maximus-forfeit" in a for a in ids(game))
    game.play(f"heroic:threat:{tid}")
    game.play(f"heroic:threat:{tid}")
    assert game.loc(game.state, ring[3])["threat"]["heroic"] == 2


def test_leonus_forfeit_does_not_carry_to_the_next_turn():
    """Leonus: "a Hero must first forfeit 1 Action ... in this Location" - once per Hero turn (decision): on
    their next turn the Hero forfeits again."""
    game = new(2)
    ring = hero_turn(game, ["move", "heroic"])
    tid = set_threat(game, "maximus-leonus", ring[3])["id"]
    game.play(f"move:maximus-forfeit:{tid}")
    assert f"heroic:threat:{tid}" in ids(game)
    for seat in (1, 0):  # seat 1's turn, then seat 0 again (in Leonus' Location)
        game.play("end-turn")
        settle(game)
        s = game.state
        s["heroes"][0]["pos"] = ring[3]
        s["storyline"].append({"kind": "master-plan", "card": "maximus-master-plan-01"})
        cid = hero_card(game, ["heroic", "heroic"])
        s["heroes"][seat]["hand"] = [cid, cid]
        game.play(f"play:{cid}")
    s = game.state
    assert s["turn"]["seat"] == 0 and game.loc(s, ring[3])["threat"]["id"] == tid
    assert not any(":threat:" in a for a in ids(game)) and f"heroic:maximus-forfeit:{tid}" not in ids(game)
    assert f"move:maximus-forfeit:{tid}" not in ids(game)  # no Move this turn: Leonus cannot be attacked


def test_nebulo_forfeit_a_heroic_action_before_attacking_it():
    """Nebulo: "In order to attack Nebulo, a Hero must first forfeit 1 Heroic Action (star icon) in this
    Location." - a Move cannot pay it; the first Heroic Action is forfeited, the second goes on Nebulo."""
    game = new(2)
    ring = hero_turn(game, ["heroic", "heroic"])
    tid = set_threat(game, "maximus-nebulo", ring[3])["id"]
    assert f"heroic:maximus-forfeit:{tid}" in ids(game) and f"heroic:threat:{tid}" not in ids(game)
    assert f"move:maximus-forfeit:{tid}" not in ids(game)
    game.play(f"heroic:maximus-forfeit:{tid}")
    game.play(f"heroic:threat:{tid}")
    assert game.loc(game.state, ring[3])["threat"]["heroic"] == 1 and game.state["turn"]["symbols"] == []


@pytest.mark.parametrize("card_id", ["maximus-leonus", "maximus-nebulo"])
def test_leonus_and_nebulo_bam_one_damage_to_each_hero_here(card_id):
    """Leonus / Nebulo: "BAM!: Deal 1 damage to each Hero in this Location." """
    game = new(3)
    ring = place(game, [2, 2, 3])
    before = hands(game)
    threat_bam(game, card_id, ring[2])
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2]]


def test_timberius_one_additional_move_per_civilian_to_leave():
    """Timberius: "Heroes using Action icons to leave this Location must use 1 additional Action for each
    Civilian here." - 2 Civilians: 2 Moves are used up before the third one leaves."""
    game = new(2)
    ring = hero_turn(game, ["move", "move"], tokens={"wild": 1})
    set_threat(game, "maximus-timberius", ring[3])
    game.loc(game.state, ring[3])["tokens"] = ["civilian", "civilian", None, None, None, None]
    extra = f"move:maximus-extra:{ring[3]}"
    assert not any(a.startswith("move:") and a.count(":") == 1 for a in ids(game)) and extra in ids(game)
    game.play(extra)
    game.play(extra)
    assert game.state["heroes"][0]["pos"] == ring[3] and extra not in ids(game)
    game.play(f"token:wild:move:{ring[4]}")
    assert game.state["heroes"][0]["pos"] == ring[4]


def test_timberius_rescuing_a_civilian_lowers_the_cost_and_no_civilian_costs_nothing():
    """Timberius: "... 1 additional Action for each Civilian here." - counted when the Move is used."""
    game = new(2)
    ring = hero_turn(game, ["heroic", "move"])
    set_threat(game, "maximus-timberius", ring[3])
    game.loc(game.state, ring[3])["tokens"] = ["civilian", None, None, None, None, None]
    assert f"move:{ring[4]}" not in ids(game)
    game.play(f"heroic:civilian:{ring[3]}")
    assert f"move:{ring[4]}" in ids(game)


def test_timberius_bam_adds_a_civilian_here():
    """Timberius: "BAM!: Add 1 Civilian to this Location." (no free slot: Overflow)"""
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[2])["tokens"] = [None] * 6
    threat_bam(game, "maximus-timberius", ring[2])
    assert game.loc(game.state, ring[2])["tokens"].count("civilian") == 1
    game.loc(game.state, ring[2])["tokens"] = ["thug"] * 6
    plans = len(game.state["plan_deck"])
    events = threat_bam(game, "maximus-timberius", ring[2])
    assert kinds(events, "overflow") and len(game.state["plan_deck"]) == plans - 1


# ----- Master Plan ----------------------------------------------------------------------------------------
def test_scheming_fills_empty_slots_with_thugs():
    """Scheming: "Add a Thug to all empty slots in Maximus' and both adjacent Locations." """
    game = new(2)
    villain_turn(game, card_with(game, "Scheming"))
    s = game.state
    for off in (-1, 0, 1):
        assert None not in game.loc(s, game.step(s, s["villain_pos"], off))["tokens"]


def test_brain_manipulation_previous_card_symbols_do_not_count_until_next_villain_turn():
    """Brain Manipulation: "Until the next Villain Turn, Heroes do not benefit from the symbols on the
    previous Hero card in the Storyline." """
    game = new(2)
    villain_turn(game, card_with(game, "Brain Manipulation"))
    settle(game)
    s = game.state
    s["storyline"].append({"kind": "hero", "card": hero_card(game, ["attack"]), "seat": 1})
    assert game.previous_blank(s)
    play = next(a for a in game.legal_actions() if a["kind"] == "play")
    events = game.play(play["id"])
    assert any("previous Hero card do not count" in e["text"] for e in events)
    s["storyline"].append({"kind": "master-plan", "card": "maximus-master-plan-01"})
    assert not game.previous_blank(s)


@pytest.mark.parametrize(("heroes", "expected"), [([2, 2], 2), ([4, 4], 4), ([2, 4], 2), ([0, 0], 0)])
def test_move_clockwise_to_the_next_location_with_the_most_heroes(heroes, expected):
    """Master Plan 11/12: "Move clockwise to the next Location with the most Heroes." """
    game = new(2)
    ring = place(game, heroes)
    game.on_move(game.state, game.ctx.master_plan["maximus-master-plan-11"], [])
    assert game.state["villain_pos"] == ring[expected]


# ----- content and playouts -------------------------------------------------------------------------------
def test_every_play_handler_is_implemented():
    villain = catalog()["games"][MU]["villains"]["maximus"]
    specs = [c["play"] for c in villain["master_plan"]["cards"] if c.get("play")]
    specs += [v for k, v in villain["dashboard"]["play"].items() if k != "params"]
    specs += [v for c in villain["threats"]["cards"] for v in (c.get("play") or {}).values()
              if isinstance(v, dict)]
    assert specs and all(s["handler"] in HANDLERS for s in specs)
