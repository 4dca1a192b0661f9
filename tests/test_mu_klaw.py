"""Klaw (engine/mu/villains/klaw.py): one test per rule of his Dashboard, Threat and Master Plan, each quoting
the sentence of content/marvel-united-promos/villains/klaw.yaml it checks, then random playouts that raise
nothing and log no "not-implemented" event.

Decisions where the text is open (also in klaw.py's docstring): the Heroes choose which Hero a BAM! hits (the
lowest seat there is asked); a Hero without a cleared Threat is not offered the Attack on Klaw; "already
accelerated" = the count towards the next Villain turn is above the Hero cards played since the last one;
Sonic Wave Blast: a Hero in Klaw's Location chooses the direction, one in the opposite Location stays; a KO
with an empty Master Plan deck loses the game."""

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

HANDLERS = find_villain("klaw").HANDLERS  # the handlers of its class (content name -> method)


def new(players=2, seed=1):
    """A Klaw game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup("klaw", players, seed)


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("offset", "damage"), [(1, 2), (5, 2), (2, 1), (4, 1), (3, 0), (0, 0)])
def test_bam_two_damage_beside_klaw_one_damage_beside_the_opposite_location(offset, damage):
    """BAM!: "Deal 2 damage to 1 Hero in each Location adjacent to Klaw's and 1 damage to 1 Hero in each
    Location adjacent to the Location opposite to Klaw's." """
    game = new(2)
    place(game, [offset, 3 if offset != 3 else 0])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game)[0] == before[0] - damage
    assert hands(game)[1] == before[1]
    assert not kinds(events, "not-implemented")


def test_bam_the_heroes_choose_which_hero_is_hit():
    """BAM!: "Deal 2 damage to 1 Hero in each Location adjacent to Klaw's" - with two Heroes there, the Heroes
    choose (core-plan-effect); the other Hero takes nothing."""
    game = new(3)
    place(game, [1, 1, 3])
    before = hands(game)
    bam(game)
    legal = game.legal_actions()
    assert {a["id"] for a in legal} == {"hit-target:0", "hit-target:1"} and game.to_move == 0
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 2, before[2]]


# ----- Dashboard: Special Rules ----------------------------------------------------------------------------
def test_ko_draws_a_facedown_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Klaw doesn't activate his BAM! Instead, draw a Master Plan card
    and add it facedown in the Storyline." """
    game = new(2)
    place(game, [0, 1])  # seat 1 would be hit by a BAM!
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    plans = len(game.state["plan_deck"])
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert game.state["storyline"][-1]["facedown"] and len(game.state["plan_deck"]) == plans - 1
    assert not [e for e in kinds(events, "damage") if e.get("seat") == 1]


def test_ko_with_an_empty_master_plan_deck_loses():
    """Special Rules: "Instead, draw a Master Plan card" - our ruling: with the deck empty the Villain cannot
    draw, which loses the game as at the start of a Villain turn (core-losing)."""
    game = new(2)
    game.state["plan_deck"] = []
    events = []
    game.knock_out(game.state, 1, events)
    assert game.outcome["result"] == "loss"


def test_only_heroes_with_a_cleared_threat_in_front_of_them_can_damage_klaw():
    """Special Rules: "Only Heroes with any cleared Threats in front of them can damage Klaw (once 2 Missions
    have been completed)." """
    game = new(2)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    game.loc(game.state, pos)["threat"] = None
    game.state["turn"]["symbols"] = ["attack", "attack"]
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}  # not vulnerable
    make_vulnerable(game)
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}  # no cleared Threat
    game.state["heroes"][1]["cleared"].append("klaw-solid-sound-body")  # another Hero's does not count
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}
    game.state["heroes"][0]["cleared"].append("klaw-solid-sound-body")
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_accelerates_the_next_villain_turn_once():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, accelerate the next
    Villain turn by 1 card (if not already accelerated)." - two Locations overflow, the turn comes 1 card
    sooner."""
    game = new(2)
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
    place(game, [3, 3])
    events = villain_turn(game, "klaw-master-plan-04")  # Move 1. BAM!. 1 Thug beside Klaw's
    assert len(kinds(events, "overflow")) >= 2
    assert game.state["since_villain"] == 1
    assert not kinds(events, "not-implemented")


def test_overflow_after_consolidating_sound_is_already_accelerated():
    """Overflow: "(if not already accelerated)" - Consolidating Sound at full Health: "accelerate the next
    Villain turn by 1 card", then the Overflow adds nothing."""
    game = new(2)
    for loc in game.state["locations"]:
        loc["tokens"] = ["civilian"] * 6
    assert game.state["health"] == game.state["health_max"]
    events = villain_turn(game, "klaw-master-plan-07")
    assert kinds(events, "overflow") and game.state["since_villain"] == 1


# ----- Threat: Solid Sound Body ----------------------------------------------------------------------------
def test_solid_sound_body_ignores_one_damage_each_hero_turn():
    """Solid Sound Body: "While Klaw is in this Location, he ignores 1 damage each Hero turn." """
    game = new(2)
    make_vulnerable(game)
    for hero in game.state["heroes"]:
        hero["cleared"].append("klaw-solid-sound-body")
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    assert game.loc(game.state, pos)["threat"]["card"] == "klaw-solid-sound-body"
    health = game.state["health"]
    game.state["turn"]["symbols"] = ["attack", "attack", "attack"]
    events = game.play("attack:villain")
    assert game.state["health"] == health and any("ignores 1 damage" in e["text"] for e in events)
    game.play("attack:villain")
    game.play("attack:villain")
    assert game.state["health"] == health - 2
    game.play("end-turn")
    settle(game)
    game.state["heroes"][1]["pos"] = pos
    game.state["villain_pos"] = pos
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack", "attack"]
    game.play("attack:villain")  # a new Hero turn: ignored again
    game.play("attack:villain")
    assert game.state["health"] == health - 3
    assert game.view()["locations"][game.ring(game.state).index(pos)]["threat"]["text_applied"]


def test_solid_sound_body_is_placed_in_front_of_the_hero_who_clears_it():
    """Solid Sound Body: "The Hero that clears this Threat places it in front of them." - which lets that Hero
    damage Klaw (Special Rules)."""
    game = new(2)
    make_vulnerable(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    threat = game.loc(game.state, pos)["threat"]
    game.state["turn"]["symbols"] = ["heroic"] * 3 + ["attack"]
    for _ in range(3):
        game.play(f"heroic:threat:{threat['id']}")
    assert game.state["heroes"][0]["cleared"] == ["klaw-solid-sound-body"]
    assert game.can_damage_villain(game.state, 0) and not game.can_damage_villain(game.state, 1)
    game.state["villain_pos"] = pos
    health = game.state["health"]
    game.play("attack:villain")  # no Threat left here: nothing is ignored
    assert game.state["health"] == health - 1


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_sonic_wave_blast_moves_each_hero_one_location_away():
    """Master Plan 1: "Move 0. BAM!. Sonic Wave Blast: Move each Hero 1 Location away from Klaw's." - after
    the BAM! (its targets are the Heroes where they stood); a Hero in Klaw's Location picks a side, one in the
    opposite Location cannot get further away and stays."""
    game = new(4)
    ring = place(game, [0, 1, 2, 3])
    for hero in game.state["heroes"]:
        hero["hand"] += hero["deck"][:3]
        del hero["deck"][:3]
    before = hands(game)
    events = villain_turn(game, "klaw-master-plan-01")
    assert game.state["villain_pos"] == ring[0]
    while game.legal_actions()[0]["kind"] != "push":
        events += game.play(game.legal_actions()[0]["id"])
    assert hands(game) == [before[0], before[1] - 2, before[2] - 1, before[3]]
    assert game.to_move == 0 and {a["id"] for a in game.legal_actions()} == {f"push:{ring[1]}",
                                                                             f"push:{ring[5]}"}
    game.play(f"push:{ring[5]}")
    assert [h["pos"] for h in game.state["heroes"]] == [ring[5], ring[2], ring[3], ring[3]]
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["klaw-master-plan-07", "klaw-master-plan-08"])
def test_consolidating_sound_recovers_two_health_up_to_the_starting_value(card):
    """Master Plan 7/8: "Consolidating Sound: If Klaw is at full Health, accelerate the next Villain turn by 1
    card. Otherwise, he recovers 2 Health (can't go above starting value)." """
    game = new(3)
    top = game.state["health_max"]
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    events = villain_turn(game, card)
    assert game.state["health"] == top and game.state["since_villain"] == 1
    assert not kinds(events, "not-implemented")
    game.state["health"] = top - 3
    villain_turn(game, card)
    assert game.state["health"] == top - 1 and game.state["since_villain"] == 0
    villain_turn(game, card)
    assert game.state["health"] == top


def test_every_threat_and_master_plan_effect_of_klaw_has_a_handler():
    """Every Threat and every Master Plan effect of Klaw is structured (`play`) and each handler any villain
    names in content is implemented by that villain's class."""
    villains = catalog()["games"][MU]["villains"]
    klaw = villains["klaw"]
    assert all(c.get("play") for c in klaw["threats"]["cards"])
    assert all(c.get("play") for c in klaw["master_plan"]["cards"] if c.get("effect"))
    assert {"klaw_bam", "klaw_consolidating_sound"} <= set(HANDLERS)
    for villain in villains.values():
        named = set()
        for card in (villain.get("master_plan") or {}).get("cards", []):
            if card.get("play"):
                named.add(card["play"]["handler"])
        for card in (villain.get("threats") or {}).get("cards", []):
            for key in ("bam", "on_arrival", "villain_damage"):
                if (card.get("play") or {}).get(key):
                    named.add(card["play"][key]["handler"])
        assert named <= set(find_villain(villain["id"]).HANDLERS), villain["id"]


# ----- random playouts --------------------------------------------------------------------------------
