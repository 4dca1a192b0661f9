"""Shocker (engine/mu/villains/shocker.py): one test per rule of his Dashboard, Achievements card, Stunned
tokens, Threats and Master Plan, each quoting the sentence of
content/marvel-united-promos/villains/shocker.yaml it checks, then random playouts that raise nothing and log
no "not-implemented" event.

Decisions where the text is open (also in shocker.py's docstring): the Heroes choose which Hero the BAM! hits
(KO'd Heroes are not candidates; an Invulnerable Hero still takes the Stunned token); a Stunned Hero's played
card has its Special Effect blank and the tokens go at the end of that turn; each Achievement is fulfilled
once and holds a Crisis token; "no Heroes" in Achievement 3 counts KO'd figures, the damage of one turn is
added up; "stun the same Hero twice" counts every token ever assigned; the adapted Heroes have no Equipment
(Underestimated Thief removes nothing, Achievement 4's Equipment half never happens); the three Threat texts
are BAM! effects; Escape Plan lasts until the next Villain turn; Ambush!'s "no Heroes here" = no Hero who can
take damage; the single-Hero move counts KO'd figures and goes round to Shocker's own Location last."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    pick_setup,
    place,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("shocker").HANDLERS  # the handlers of its class (content name -> method)

V = "shocker"
CARD = "shocker-master-plan-"


def new(players=2, seed=1):
    """A Shocker game past setup and the Villain's first turn, with an empty board (no Threats, no tokens, no
    task waiting), no Achievement and no Stunned token."""
    game = new_game_past_setup(V, players, seed)
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state[V]["achievements"] = []
    for hero in game.state["heroes"]:
        hero["shocker_stunned"] = hero["shocker_stuns"] = 0
    return game


def achievements(game):
    return sorted(game.state[V]["achievements"])


def stunned(game):
    return [h["shocker_stunned"] for h in game.state["heroes"]]


def threat(card, n=1):
    return {"id": f"shocker-{card}-{n}", "card": f"shocker-{card}", "heroic": 0, "damage": 0}


def hero_turn(game, seat):
    """Seat `seat` starts a Hero turn and is asked to play a card; the events."""
    game.state["tasks"] = [{"t": "hero_turn", "seat": seat}]
    events = []
    game.advance(game.state, events)
    return events


def effect_card(game, seat):
    """Put a Hero card with a Special Effect first in the seat's hand; its id."""
    hero = game.state["heroes"][seat]
    cid = next(c for c in hero["hand"] + hero["deck"] if game.ctx.hero_cards[c].get("effect"))
    (hero["hand"] if cid in hero["hand"] else hero["deck"]).remove(cid)
    hero["hand"].insert(0, cid)
    return cid


# ----- Special Setup -------------------------------------------------------------------------------------
def test_special_setup_achievements_card_and_stunned_tokens_within_reach():
    """Special Setup: "Keep Shocker's Achievements card and the Stunned tokens within reach of the players." -
    set up in every game; the page shows both."""
    game = engine.new_game(f"{MU}/{V}", seed=2, players=3, catalog=catalog())
    events = pick_setup(game)
    assert any("Achievements card and the Stunned tokens" in e["text"] for e in events)
    assert not kinds(events, "not-implemented")
    assert all("shocker_stunned" in h for h in game.state["heroes"])
    ids = {c["id"]: c for c in game.view()["components"]}
    assert {"shocker-achievements", "stunned-tokens"} <= set(ids)
    assert ids["shocker-achievements"]["count"] == len(game.state[V]["achievements"])
    assert ids["stunned-tokens"]["count"] == sum(h["shocker_stunned"] for h in game.state["heroes"])


# ----- BAM! and the Stunned tokens -------------------------------------------------------------------------
def test_bam_stuns_and_damages_one_hero_in_each_adjacent_location():
    """BAM!: "Assign 1 Stunned token and deal 1 damage to 1 Hero in each Location adjacent to Shocker's." """
    game = new(4)
    place(game, [1, 5, 0, 3])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert stunned(game) == [1, 1, 0, 0]
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2], before[3]]
    assert game.view()["heroes"][0]["marks"] == [{"name": "Stunned", "count": 1}]
    assert not kinds(events, "not-implemented")


def test_bam_the_heroes_choose_who_is_stunned():
    """BAM!: "... to 1 Hero in each Location adjacent" - with two Heroes there the Heroes choose."""
    game = new(3)
    place(game, [1, 1, 3])
    bam(game)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert stunned(game) == [0, 1, 0]


def test_shocker_cannot_be_assigned_stunned_tokens():
    """Special Rules: "Shocker can't be assigned Stunned tokens." - only Heroes ever hold them."""
    game = new(2)
    place(game, [0, 0])  # nobody beside Shocker
    bam(game)
    assert stunned(game) == [0, 0] and "stunned" not in str(game.state[V]).lower()


def test_a_stunned_hero_s_special_effects_are_blank_then_the_tokens_are_discarded():
    """Special Rules: "Heroes starting their turn with any Stunned tokens treat Special Effects on all their
    Hero cards as blank until the end of their turn. Then, they discard all their Stunned tokens." """
    game = new(2)
    place(game, [3, 3])
    game.state["heroes"][0]["shocker_stunned"] = 1
    cid = effect_card(game, 0)
    events = hero_turn(game, 0)
    assert any("starts the turn Stunned" in e["text"] for e in events)
    game.play(f"play:{cid}")
    assert not [a for a in game.legal_actions() if a["kind"] == "effect"]
    events = game.play("end-turn")
    assert stunned(game) == [0, 0] and any("discards 1 Stunned token" in e["text"] for e in events)
    # next turn (not Stunned): the Special Effect is offered again
    cid = effect_card(game, 0)
    hero_turn(game, 0)
    game.play(f"play:{cid}")
    assert [a for a in game.legal_actions() if a["kind"] == "effect"]


# ----- KO, Overflow, Achievements ---------------------------------------------------------------------
def test_ko_draws_a_facedown_card_instead_of_bam_and_fulfils_achievement_1():
    """Special Rules: "When a Hero is KO'd, Shocker doesn't activate his BAM! Instead, draw a Master Plan card
    and add it facedown in the Storyline." Achievement 1: "KO any Hero." """
    game = new(2)
    place(game, [0, 1])  # seat 1 would be hit by a BAM!
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"]
    hero["hand"] = []
    plans = len(game.state["plan_deck"])
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert hero["ko"] and not kinds(events, "bam") and stunned(game) == [0, 0]
    assert game.state["storyline"][-1]["facedown"] and len(game.state["plan_deck"]) == plans - 1
    assert achievements(game) == [1]


def test_overflow_draws_a_facedown_card_and_fulfils_achievement_2():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card
    and add it facedown in the Storyline." Achievement 2: "Overflow in any Location." - once per Location."""
    game = new(2)
    place(game, [0, 3])  # a Hero in Shocker's Location: no Achievement 3
    for loc in game.state["locations"]:
        loc["tokens"] = ["civilian"] * 6
    plans = len(game.state["plan_deck"])
    villain_turn(game, CARD + "01")  # three Locations overflow
    assert len(game.state["plan_deck"]) == plans - 1 - 3
    assert [e.get("facedown", False) for e in game.state["storyline"][-3:]] == [True] * 3
    assert achievements(game) == [2]


def test_villainous_plot_four_achievements_lose():
    """Villainous Plot: "The Heroes lose if Shocker fulfills all of his Achievements (there are 4 Crisis
    tokens on his Achievements card)." """
    game = new(2)
    game.state[V]["achievements"] = [1, 3, 4]
    place(game, [3, 3])
    for loc in game.state["locations"]:
        loc["tokens"] = ["civilian"] * 6
    villain_turn(game, CARD + "01")
    assert game.over and game.outcome["result"] == "loss"
    assert "Achievements" in game.outcome["reason"]


def test_achievement_3_end_a_villain_turn_alone():
    """Achievement 3: "End a Villain turn in a Location with no Heroes and no Threat" - not with a Threat
    there, nor with a Hero (a KO'd one included)."""
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[0])["threat"] = threat("minions")
    villain_turn(game, CARD + "01")  # Move 0: the Threat is there
    assert 3 not in achievements(game)
    game.loc(game.state, ring[0])["threat"] = None
    game.state["heroes"][0]["pos"] = ring[0]
    game.state["heroes"][0]["ko"] = True
    game.state["tasks"] = []
    villain_turn(game, CARD + "01")
    assert 3 not in achievements(game)
    game.state["heroes"][0]["pos"] = ring[3]
    game.state["tasks"] = []
    villain_turn(game, CARD + "01")
    assert 3 in achievements(game)


def test_achievement_3_more_than_2_damage_in_a_single_turn():
    """Achievement 3: "... OR take more than 2 damage in a single turn without being defeated." """
    game = new(2)
    make_vulnerable(game)
    place(game, [0, 0])
    game.state["health"] = 5
    events = []
    hero_turn(game, 0)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack"] * 3
    game.play("attack:villain")
    game.play("attack:villain")
    assert 3 not in achievements(game)
    events = game.play("attack:villain")
    assert 3 in achievements(game) and game.state["health"] == 2
    assert any("Achievement 3" in e["text"] for e in events)


def test_achievement_3_not_when_the_damage_defeats_him():
    """Achievement 3: "take more than 2 damage in a single turn without being defeated" - a defeat wins."""
    game = new(2)
    make_vulnerable(game)
    place(game, [0, 0])
    game.state["health"] = 3
    hero_turn(game, 0)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack"] * 3
    for _ in range(3):
        game.play("attack:villain")
    assert game.outcome["result"] == "win" and 3 not in achievements(game)


def test_achievement_4_stun_the_same_hero_twice():
    """Achievement 4: "Eliminate an Equipment card OR stun the same Hero twice during the game." - the first
    Stunned token is discarded before the second: it still counts."""
    game = new(2)
    place(game, [1, 3])
    bam(game)
    settle(game)
    assert 4 not in achievements(game)
    game.state["heroes"][0]["shocker_stunned"] = 0
    game.state["tasks"] = []
    bam(game)
    settle(game)
    assert 4 in achievements(game)


# ----- Threats ---------------------------------------------------------------------------------------------
def test_ambush_damages_a_hero_here_else_in_an_adjacent_location():
    """Ambush!: "Deal 1 damage to 1 Hero in this Location. If there are no Heroes here, deal 1 damage to 1
    Hero in an adjacent Location." (its BAM!)"""
    game = new(2)
    ring = place(game, [3, 4])
    game.loc(game.state, ring[3])["threat"] = threat("ambush")
    before = hands(game)
    settle(game, bam(game))
    assert hands(game) == [before[0] - 1, before[1]]
    place(game, [2, 4])
    game.state["tasks"] = []
    before = hands(game)
    bam(game)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1]


def test_minions_add_a_thug_to_each_adjacent_location():
    """Minions: "Add 1 Thug to each adjacent Location." (its BAM!) - a full Location overflows."""
    game = new(2)
    ring = place(game, [0, 0])
    game.loc(game.state, ring[3])["threat"] = threat("minions")
    game.loc(game.state, ring[4])["tokens"] = ["civilian"] * 6
    events = bam(game)
    assert game.loc(game.state, ring[2])["tokens"].count("thug") == 1
    assert game.loc(game.state, ring[4])["tokens"].count("thug") == 0
    assert [e["location"] for e in kinds(events, "overflow")] == [ring[4]] and achievements(game) == [2]


def test_escape_plan_moves_shocker_away_from_the_first_hero_who_enters():
    """Escape Plan: "Until the next Villain turn, the first time a Hero enters Shocker's Location each Hero
    turn, move Shocker clockwise to the next Location with no Heroes." """
    game = new(3)
    ring = place(game, [1, 2, 1])
    game.loc(game.state, ring[4])["threat"] = threat("escape-plan")
    bam(game)
    settle(game)
    game.state["tasks"] = []
    hero_turn(game, 0)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["move", "move", "move"]
    events = game.play(f"move:{ring[0]}")
    assert game.state["villain_pos"] == ring[3]  # ring[1], ring[2] hold Heroes
    assert any("Escape Plan" in e["text"] for e in events)
    game.play(f"move:{ring[5]}")
    game.state["villain_pos"] = ring[0]
    game.play(f"move:{ring[0]}")  # not the first time this Hero turn
    assert game.state["villain_pos"] == ring[0]
    game.play("end-turn")
    game.state["villain_pos"] = ring[2]
    hero_turn(game, 2)  # seat 2 stands at ring[1]
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["move"]
    game.play(f"move:{ring[2]}")  # a new Hero turn: he escapes again
    assert game.state["villain_pos"] == ring[3]
    game.loc(game.state, ring[4])["threat"] = None  # cleared: its effect still lasts to the next Villain turn
    villain_turn(game, CARD + "01")  # which ends it
    settle(game)
    game.state["tasks"] = []
    game.state["heroes"][1]["pos"] = ring[2]
    hero_turn(game, 1)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["move"]
    game.play(f"move:{ring[3]}")
    assert game.state["villain_pos"] == ring[3]


# ----- Master Plan -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["11", "12"])
def test_move_to_the_next_location_with_a_single_hero(card):
    """Master Plan 11/12: "Move clockwise to the next Location with a single Hero, if possible." """
    game = new(3)
    ring = place(game, [2, 2, 4])
    villain_turn(game, CARD + card)
    assert game.state["villain_pos"] == ring[4]
    settle(game)
    game.state["tasks"] = []
    ring = place(game, [0, 2, 2])
    villain_turn(game, CARD + card)  # the only single Hero is in his own Location: he stays
    assert game.state["villain_pos"] == ring[0]


@pytest.mark.parametrize("card", ["11", "12"])
def test_underestimated_thief_no_equipment_to_remove(card):
    """Master Plan 11/12: "Underestimated Thief: If Heroes in Shocker's Location have any Equipment cards,
    remove 1 of these cards from the game." - the adapted Heroes have no Equipment."""
    game = new(2)
    place(game, [1, 3])
    cards = [len(h["hand"]) + len(h["deck"]) for h in game.state["heroes"]]
    events = villain_turn(game, CARD + card)
    assert any("Equipment" in e["text"] for e in events) and not kinds(events, "not-implemented")
    assert [len(h["hand"]) + len(h["deck"]) for h in game.state["heroes"]] == cards


# ----- content and playouts ------------------------------------------------------------------------------
def test_every_rule_of_shocker_is_structured_and_implemented():
    """Every Threat and every Master Plan effect is structured (`play`), and every handler named is
    implemented."""
    villain = catalog()["games"][MU]["villains"][V]
    play = villain["dashboard"]["play"]
    named = {play[k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    for card in villain["threats"]["cards"]:
        named |= {spec["handler"] for spec in card["play"].values() if isinstance(spec, dict)}
    for card in villain["master_plan"]["cards"]:
        if card.get("effect"):
            named.add(card["play"]["handler"])
    assert named <= set(HANDLERS)
