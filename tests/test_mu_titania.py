"""Titania (engine/mu/villains/titania.py): one test per rule of her Dashboard, Threat and Master Plan, each
quoting the sentence of content/marvel-united-promos/villains/titania.yaml it checks, then random playouts
that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in titania.py's docstring): while laid down she cannot be damaged; a
Villain turn lasts until the next Hero turn starts (its damage included), a Hero turn until the next turn
starts (a last-card KO is in a Hero turn); the Heroes choose which Hero "1 Hero" is; a Double Feature adds
its effect when it lies in Titania's Location, hitting a Hero other than the BAM!'s target; the Heroic Goal
replaces every "no card to play / draw" loss (Master Plan deck, a Hero's cards); the optional Absorbing Man
Challenge is not offered (how it enters play and its Health are not in the source)."""

import pytest
from mu_support import (
    MU,
    catalog,
    hands,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    random_playout,
    run,
    settle,
    villain_turn,
)

from engine.mu.villains import HANDLERS

V = "titania"


def new(players=2, seed=1):
    """A Titania game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup(V, players, seed)


def clear_threats(game):
    for loc in game.state["locations"]:
        loc["threat"] = None


def double_feature(game, loc_id):
    game.loc(game.state, loc_id)["threat"] = {"id": "test-df", "card": f"{V}-double-feature", "heroic": 0,
                                              "damage": 0}


def fill_hands(game, n=3):
    for hero in game.state["heroes"]:
        hero["hand"] += hero["deck"][:n]
        del hero["deck"][:n]


def attack_at_titania(game, attacks):
    """Seat 0 plays a card and stands with a vulnerable Titania, `attacks` Attacks to use."""
    make_vulnerable(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["villain_pos"] = game.state["heroes"][0]["pos"]
    game.state["turn"]["symbols"] = ["attack"] * attacks


def ids(game):
    return {a["id"] for a in game.legal_actions()}


# ----- Special Rules: never defeated ---------------------------------------------------------------------
def test_reduced_to_0_health_she_is_laid_down_and_the_dashboard_gets_a_crisis_token():
    """Special Rules: "Each time Titania is reduced to 0 Health, she is not defeated. Instead, lay her down
    and add 1 Crisis token to this dashboard." - and, our ruling, she cannot be damaged while laid down."""
    game = new(2)
    attack_at_titania(game, 3)
    game.state["health"] = 1
    game.play("attack:villain")
    assert game.outcome is None and game.state["health"] == 0
    assert game.state["titania"]["crisis"] == 1 and game.state["titania"]["down"]
    assert "attack:villain" not in ids(game)
    view = game.view()
    assert view["villain"]["laid_down"]
    assert next(c for c in view["components"] if c["id"] == "titania-crisis-tokens")["count"] == 1


def test_she_stands_up_at_full_health_at_the_start_of_the_next_hero_turn():
    """Special Rules: "At the start of the next Villain or Hero turn, Titania is placed back upright and
    restored to full Health." (the next turn is a Hero turn)"""
    game = new(2)
    attack_at_titania(game, 1)
    game.state["health"] = 1
    game.play("attack:villain")
    game.play("end-turn")  # 1 Hero card since the Villain's turn: the next turn is seat 1's
    settle(game)
    assert not game.state["titania"]["down"] and game.state["health"] == game.state["health_max"]
    assert game.state["titania"]["crisis"] == 1


def test_she_stands_up_at_the_start_of_the_next_villain_turn():
    """Special Rules: "At the start of the next Villain or Hero turn, Titania is placed back upright and
    restored to full Health." (the next turn is a Villain turn)"""
    game = new(2)
    attack_at_titania(game, 1)
    game.state["health"] = 1
    game.play("attack:villain")
    events = run(game, {"t": "villain_turn"})
    assert any("placed back upright" in e["text"] for e in events)
    assert game.state["health"] == game.state["health_max"] and not game.state["titania"]["down"]


# ----- Special Rules: KOs ---------------------------------------------------------------------------------
def test_ko_during_a_villain_turn_adds_a_ko_token_instead_of_bam():
    """Special Rules: "When a Hero is KO'd during a Villain turn, Titania doesn't activate her BAM! Instead,
    add 1 KO token to this dashboard." """
    game = new(2)
    clear_threats(game)
    place(game, [0, 3])
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"][1:]
    hero["hand"] = hero["hand"][:1]
    events = villain_turn(game, f"{V}-master-plan-01")  # Move 0. BAM!: 1 damage to seat 0, KO'd
    settle(game, events)
    assert game.state["heroes"][0]["ko"]
    assert game.state["titania"]["ko"] == 1 and game.state["since_villain"] == 0
    assert sum(1 for e in kinds(events, "bam") if e["text"].startswith("BAM!")) == 1  # the card's only
    assert not [e for e in kinds(events, "damage") if e.get("seat") == 1]


def test_ko_during_a_hero_turn_accelerates_the_next_villain_turn():
    """Special Rules: "When a Hero is KO'd during a Hero turn, Titania doesn't activate her BAM! Instead,
    accelerate the next Villain turn by 1 card." (a Hero who plays their last card is KO'd in their turn)"""
    game = new(2)
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"][1:]
    hero["hand"] = hero["hand"][:1]
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    events = game.play("end-turn")
    assert hero is not game.state["heroes"][0]  # (play works on a copy)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert game.state["since_villain"] == 2 and game.state["titania"]["ko"] == 0


# ----- BAM! and Double Feature ----------------------------------------------------------------------------
@pytest.mark.parametrize("crisis", [0, 2])
def test_bam_deals_1_damage_plus_the_crisis_tokens_to_1_hero_in_her_location(crisis):
    """BAM!: "1 Hero in Titania's Location takes 1 damage, plus damage equal to the number of Crisis tokens on
    this dashboard." - with two Heroes there, the Heroes choose."""
    game = new(3)
    fill_hands(game)
    clear_threats(game)
    place(game, [0, 0, 1])
    game.state["titania"]["crisis"] = crisis
    before = hands(game)
    events = []
    game.bam(game.state, events, "a test")
    game.advance(game.state, events)
    assert ids(game) == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1 - crisis, before[2]]


def test_double_feature_in_her_location_also_hits_a_different_hero():
    """Double Feature: "This turn, Titania's BAM! has an additional effect: If possible, also deal 1 damage to
    a different Hero in Titania's Location." """
    game = new(3)
    fill_hands(game)
    ring = place(game, [0, 0, 0])
    clear_threats(game)
    double_feature(game, ring[0])
    before = hands(game)
    events = []
    game.bam(game.state, events, "a test")
    game.advance(game.state, events)
    game.play("hit-target:1")  # the BAM!'s target
    while game.legal_actions()[0]["kind"] == "damage":
        game.play(game.legal_actions()[0]["id"])
    assert {a["target_seat"] for a in game.legal_actions()} == {0, 2}  # a different Hero
    game.play("hit-target:2")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1, before[2] - 1]


def test_double_feature_elsewhere_or_with_no_other_hero_adds_nothing():
    """Double Feature: "If possible, also deal 1 damage to a different Hero in Titania's Location." - not
    possible with one Hero there; a Double Feature in another Location does not change her BAM!."""
    game = new(2)
    fill_hands(game)
    ring = place(game, [0, 1])
    clear_threats(game)
    double_feature(game, ring[0])
    double_feature(game, ring[1])
    before = hands(game)
    events = []
    game.bam(game.state, events, "a test")
    game.advance(game.state, events)
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1]]
    assert any("no different Hero" in e["text"] for e in events)


# ----- Overflow ---------------------------------------------------------------------------------------------
def test_overflow_deals_1_damage_to_1_hero_anywhere():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, deal 1 damage to 1 Hero
    anywhere." - once per Location that overflows."""
    game = new(2)
    fill_hands(game)
    clear_threats(game)
    place(game, [3, 3])
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
    before = hands(game)
    events = villain_turn(game, f"{V}-master-plan-03")  # Move 1: 2 Civilians left and right: 2 Overflows
    settle(game, events)
    assert len(kinds(events, "overflow")) == 2
    assert sum(before) - sum(hands(game)) == 2
    assert not kinds(events, "not-implemented")


# ----- Villainous Plot / Heroic Goal ------------------------------------------------------------------------
@pytest.mark.parametrize(("crisis", "ko", "result"), [(2, 1, "win"), (1, 1, "loss"), (0, 0, "loss")])
def test_when_titania_has_no_card_to_play_the_tokens_decide(crisis, ko, result):
    """Villainous Plot / Heroic Goal: "When either Titania or a Hero should play a card but they have none,
    the usual game loss conditions don't apply. Instead, compare the number of Crisis and KO tokens on this
    dashboard. If the number of Crisis tokens is higher, the Heroes win. Otherwise, they lose." """
    game = new(2)
    game.state["titania"].update(crisis=crisis, ko=ko)
    game.state["plan_deck"] = []
    run(game, {"t": "villain_turn"})
    assert game.outcome["result"] == result


def test_when_a_hero_has_no_card_to_play_the_tokens_decide():
    """Villainous Plot / Heroic Goal: "When either Titania or a Hero should play a card but they have none
    ... If the number of Crisis tokens is higher, the Heroes win." """
    game = new(2)
    game.state["titania"]["crisis"] = 1
    game.state["heroes"][1].update(hand=[], deck=[])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.play("end-turn")
    settle(game)
    assert game.outcome["result"] == "win" and "Crisis" in game.outcome["reason"]


# ----- Master Plan: Hammer of Skirn -------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "step"), [("04", 1), ("06", 1), ("10", -1), ("12", -1)])
def test_hammer_of_skirn_moves_her_1_location_then_bams(card, step):
    """Master Plan 4/6/10/12: "Hammer of Skirn: Move Titania clockwise (counter-clockwise) 1 Location. Then,
    BAM!" - after the card's own move and BAM!."""
    game = new(2)
    fill_hands(game)
    clear_threats(game)
    ring = place(game, [0, 0])
    move = game.ctx.master_plan[f"{V}-master-plan-{card}"]["move"]
    first = game.step(game.state, ring[0], move)
    second = game.step(game.state, first, step)
    game.state["heroes"][0]["pos"] = first
    game.state["heroes"][1]["pos"] = second
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    before = hands(game)
    events = villain_turn(game, f"{V}-master-plan-{card}")
    settle(game, events)
    assert game.state["villain_pos"] == second
    assert hands(game) == [before[0] - 1, before[1] - 1]
    assert not kinds(events, "not-implemented")


# ----- Special Setup, content, playouts ---------------------------------------------------------------------
def test_special_setup_is_played_without_the_optional_absorbing_man_challenge():
    """Special Setup: "Players may decide to add the special Absorbing Man Challenge to the game ..." - not
    offered (when it enters play and its Health are not in the source); the Dashboard's tokens start at 0."""
    game = new(2)
    assert game.state["titania"]["crisis"] == 0 and game.state["titania"]["ko"] == 0
    assert all(t["card"] == f"{V}-double-feature" for loc in game.state["locations"]
               if (t := loc["threat"]))


def test_every_rule_of_titania_has_a_handler():
    """Every Dashboard part, the Threat and every Master Plan effect of Titania is structured (`play`) and
    each handler it names is implemented."""
    villain = catalog()["games"][MU]["villains"][V]
    play = villain["dashboard"]["play"]
    assert {"bam", "overflow", "ko", "special_setup"} <= set(play)
    assert all(c.get("play") for c in villain["threats"]["cards"])
    assert all(c.get("play") for c in villain["master_plan"]["cards"] if c.get("effect"))
    named = {play[k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    named |= {c["play"]["bam"]["handler"] for c in villain["threats"]["cards"]}
    named |= {c["play"]["handler"] for c in villain["master_plan"]["cards"] if c.get("play")}
    assert named <= set(HANDLERS)


@pytest.mark.parametrize("seed", range(20))
def test_random_playouts_apply_every_rule(seed):
    """Random legal play of Titania with 2 to 4 Heroes ends without an error and logs no "not-implemented"."""
    game, events = random_playout(V, seed)
    assert not kinds(events, "not-implemented"), kinds(events, "not-implemented")[:3]
    assert game.outcome["result"] in ("win", "loss")
