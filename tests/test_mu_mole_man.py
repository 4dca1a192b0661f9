"""Mole Man (engine/mu/villains/mole_man.py): one test per rule of his Dashboard, Threats and Master Plan,
each quoting the sentence of content/marvel-united-promos/villains/mole-man.yaml it checks, then random
playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in mole_man.py's docstring): Monster Isle is our adapted Location,
reserved for Mole Man, taking the place of the Location drawn as his start; a Crisis token that replaces a
Civilian / Thug is neither rescued nor defeated; Moloids add a Crisis token by the Dashboard's rule; the
Heroes choose which Hero Dromedan hits (anywhere) and the Hero who defeats a Henchman chooses the Crisis token
to discard, or none; Underground Tunnels count Mole Man's damage after every other rule; "Henchman" = a Threat
with Health."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    new_game_past_setup,
    pick_setup,
    place,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("mole-man").HANDLERS  # the handlers of its class (content name -> method)

C, T, X = "civilian", "thug", "crisis"


def new(players=2, seed=1):
    """A Mole Man game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup("mole-man", players, seed)


def quiet(game):
    for loc in game.state["locations"]:
        loc["threat"] = None


def threat(game, loc_id, card, n=1):
    game.loc(game.state, loc_id)["threat"] = {"id": f"{card}-t{n}", "card": card, "heroic": 0, "damage": 0}
    return f"{card}-t{n}"


def tokens(game, loc_id):
    return game.loc(game.state, loc_id)["tokens"]


def play_a_card(game):
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))


# ----- Special Setup ------------------------------------------------------------------------------------
def test_special_setup_first_card_and_monster_isle_as_the_starting_location():
    """Special Setup: "Set aside the Attack the Surface, My Monsters! Master Plan card and place it on top of
    the deck after shuffling it. Monster Isle must be the Villain's starting Location." """
    for seed in range(4):
        game = engine.new_game(f"{MU}/mole-man", seed=seed, players=2, catalog=catalog())
        pick_setup(game)
        s = game.state
        assert s["villain_start"] == "monster-isle" and s["storyline"][0]["card"] == "mole-man-master-plan-02"
        assert game.ring(s).count("monster-isle") == 1
        assert all(h["pos"] == game.step(s, "monster-isle", 3) for h in s["heroes"])


def test_monster_isle_is_never_drawn_for_another_villain():
    """Our adapted Monster Isle is `reserved_for: mole-man`: only his Special Setup brings it into play."""
    for seed in range(6):
        game = new_game_past_setup("klaw", 2, seed)
        assert "monster-isle" not in game.ring(game.state)


# ----- Special Rules and Villainous Plot ------------------------------------------------------------------
def test_crisis_fills_the_rightmost_empty_slot_then_replaces_the_rightmost_civilian_or_thug():
    """Special Rules: "When adding Crisis tokens to a Location, fill the rightmost empty Civilian / Thug slot
    there with a Crisis token. If there are no empty slots, replace the rightmost Civilian / Thug token there
    with a Crisis token." """
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[1])["tokens"] = [C, None, T, None, T, C]
    game._add_crisis(game.state, ring[1], [])
    assert tokens(game, ring[1]) == [C, None, T, X, T, C]
    game._add_crisis(game.state, ring[1], [])
    game._add_crisis(game.state, ring[1], [])
    assert tokens(game, ring[1]) == [C, X, T, X, T, X]
    removed = dict(game.state["tally"]["removed"])
    game._add_crisis(game.state, ring[1], [])
    assert tokens(game, ring[1]) == [C, X, T, X, X, X]
    assert game.state["tally"]["removed"]["thug"] == removed["thug"] + 1
    assert game.state["missions"]["defeat-thugs"] == 0


def test_a_location_full_of_crisis_passes_it_to_the_next_clockwise_location():
    """Special Rules: "If all the slots in a Location are filled with Crisis tokens and a Crisis token should
    be added there, it is added to the next clockwise Location instead." """
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[1])["tokens"] = [X] * 6
    game.loc(game.state, ring[2])["tokens"] = [X] * 6
    game.loc(game.state, ring[3])["tokens"] = [None] * 6
    game._add_crisis(game.state, ring[1], [])
    assert tokens(game, ring[3]) == [None] * 5 + [X]


def test_villainous_plot_four_locations_full_of_crisis_tokens_lose():
    """Villainous Plot: "The Heroes lose if all the slots in 4 or more Locations are filled with Crisis
    tokens." """
    game = new(2)
    ring = place(game, [3, 3])
    for loc_id in ring[:3]:
        game.loc(game.state, loc_id)["tokens"] = [X] * 6
    game.loc(game.state, ring[3])["tokens"] = [X] * 5 + [T]
    events = []
    game._add_crisis(game.state, ring[4], events)
    assert not game.over
    game._add_crisis(game.state, ring[3], events)
    assert game.outcome["result"] == "loss" and "4 Locations" in game.outcome["reason"]


# ----- BAM! and Overflow -----------------------------------------------------------------------------------
def test_bam_one_damage_in_his_location_then_a_crisis_token_there():
    """BAM!: "Deal 1 damage to 1 Hero in Mole Man's Location. Then, add 1 Crisis token to Mole Man's
    Location." """
    game = new(2)
    quiet(game)
    ring = place(game, [0, 1])
    game.loc(game.state, ring[0])["tokens"] = [None] * 6
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1]]
    assert tokens(game, ring[0]) == [None] * 5 + [X]


def test_overflow_one_crisis_token_per_token_that_did_not_fit():
    """Overflow: "For each Civilian / Thug token that can't be added to a Location, add 1 Crisis token
    there." - card 8 puts 2 Thugs in Mole Man's full Location."""
    game = new(2)
    quiet(game)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[0])["tokens"] = [C, T, C, T, C, T]
    events = []
    game.place_tokens(game.state, game.ctx.master_plan["mole-man-master-plan-08"], events)  # 1 / 2 / 1 Thugs
    assert tokens(game, ring[0]) == [C, T, C, T, X, X]
    assert len(kinds(events, "overflow")) == 1 and not kinds(events, "not-implemented")


# ----- Threats ---------------------------------------------------------------------------------------------
def test_moloids_bam_fills_the_rightmost_empty_slot_with_a_crisis_token():
    """Moloids: "BAM!: Fill the rightmost empty Civilian / Thug slot in this Location with a Crisis
    token." """
    game = new(2)
    quiet(game)
    ring = place(game, [3, 3])
    threat(game, ring[2], "mole-man-moloids")
    game.loc(game.state, ring[2])["tokens"] = [C, None, None, T, None, C]
    game.threat_bams(game.state, [])
    assert tokens(game, ring[2]) == [C, None, None, T, X, C]


def test_underground_tunnels_mole_man_takes_at_most_one_damage_each_hero_turn():
    """Underground Tunnels: "If Mole Man is in this or an adjacent Location, he cannot take more than 1 damage
    each Hero turn." """
    game = new(2)
    quiet(game)
    game.state["completed"] += ["rescue-civilians", "defeat-thugs"]
    ring = place(game, [0, 0])
    threat(game, ring[1], "mole-man-underground-tunnels")
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"] * 3
    health = game.state["health"]
    game.play("attack:villain")
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    game.loc(game.state, ring[1])["threat"] = None
    threat(game, ring[3], "mole-man-underground-tunnels")  # too far from Mole Man
    game.play("attack:villain")
    assert game.state["health"] == health - 2


def test_dromedan_bam_one_hero_anywhere_takes_damage_and_turns_their_earliest_faceup_card_facedown():
    """Dromedan: "BAM!: 1 Hero anywhere takes 1 damage and turns their earliest faceup card in the Storyline
    facedown, if possible." """
    game = new(2)
    quiet(game)
    ring = place(game, [3, 2])
    threat(game, ring[0], "mole-man-dromedan")
    play_a_card(game)
    game.play("end-turn")
    settle(game)
    first = next(i for i, e in enumerate(game.state["storyline"]) if e["kind"] == "hero")
    assert game.state["storyline"][first]["seat"] == 0
    before = hands(game)
    events = []
    game.threat_bams(game.state, events)
    game.advance(game.state, events)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:0")
    settle(game)
    assert game.state["storyline"][first]["facedown"] and hands(game)[0] == before[0] - 1
    assert game.view()["storyline"][first]["facedown"]


def test_a_facedown_hero_card_shares_no_symbols():
    """core-facedown-cards: "A Hero card turned facedown has no symbols" - the next Hero gets nothing from
    it."""
    game = new(2)
    play_a_card(game)
    game.play("end-turn")
    settle(game)
    game.state["storyline"][-1]["facedown"] = True
    assert game.previous_hero_card(game.state) is None


@pytest.mark.parametrize(("card", "here", "beside"), [("mole-man-giganto", 2, 1),
                                                      ("mole-man-tricephalous", 1, 2)])
def test_giganto_and_tricephalous_bam(card, here, beside):
    """Giganto: "BAM!: Deal 2 damage to 1 Hero in this Location and 1 damage to 1 Hero in each adjacent one."
    Tricephalous: "BAM!: Deal 1 damage to 1 Hero in this Location and 2 damage to 1 Hero in each adjacent
    one." """
    game = new(3)
    quiet(game)
    ring = place(game, [2, 3, 4])
    threat(game, ring[3], card)
    before = hands(game)
    events = []
    game.threat_bams(game.state, events)
    game.advance(game.state, events)
    settle(game, events)
    assert hands(game) == [before[0] - beside, before[1] - here, before[2] - beside]


@pytest.mark.parametrize("card", ["mole-man-dromedan", "mole-man-giganto", "mole-man-tricephalous"])
def test_a_defeated_henchman_lets_the_heroes_discard_one_crisis_token(card):
    """Dromedan / Giganto / Tricephalous: "When <it> is defeated, Heroes may discard 1 Crisis token from any
    Location." """
    game = new(2)
    quiet(game)
    ring = place(game, [3, 3])
    tid = threat(game, ring[3], card)
    game.loc(game.state, ring[3])["threat"]["damage"] = 4
    game.loc(game.state, ring[1])["tokens"] = [C, None, None, None, X, X]
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"]
    game.play(f"attack:threat:{tid}")
    offered = {a["id"] for a in game.legal_actions()}
    assert offered == {f"discard-crisis:{ring[1]}", "discard-crisis:none"}
    game.play(f"discard-crisis:{ring[1]}")
    assert tokens(game, ring[1]) == [C, None, None, None, X, None]


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_attack_the_surface_each_henchman_activates_their_bam():
    """Attack the Surface, My Monsters!: "Each Henchman activates their BAM!." - not the Moloids (no
    Health)."""
    game = new(3)
    quiet(game)
    ring = place(game, [2, 3, 4])
    threat(game, ring[3], "mole-man-giganto")
    threat(game, ring[5], "mole-man-moloids")
    game.loc(game.state, ring[5])["tokens"] = [None] * 6
    before = hands(game)
    events = villain_turn(game, "mole-man-master-plan-02")  # Move 0, no BAM! icon
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1] - 2, before[2] - 1]
    assert X not in tokens(game, ring[5])  # the Moloids did not act


def test_defend_my_monsters_each_henchman_ignores_one_damage_each_hero_turn_until_the_next_villain_turn():
    """Defend, My Monsters!: "Until the next Villain turn, each Henchman ignores 1 damage each Hero turn." """
    game = new(2)
    quiet(game)
    place(game, [3, 3])
    villain_turn(game, "mole-man-master-plan-04")
    settle(game)
    pos = game.state["heroes"][0]["pos"]
    tid = threat(game, pos, "mole-man-giganto")
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"] * 2
    game.play(f"attack:threat:{tid}")
    assert game.loc(game.state, pos)["threat"]["damage"] == 0
    game.play(f"attack:threat:{tid}")
    assert game.loc(game.state, pos)["threat"]["damage"] == 1
    villain_turn(game, "mole-man-master-plan-01")
    settle(game)
    game.state["turn"] = {"seat": 0, "card": None, "prev": None, "symbols": [], "effect_used": True}
    game.hit_threat(game.state, pos, "attack", 0, [])
    assert game.loc(game.state, pos)["threat"]["damage"] == 2


def test_stave_trick_mole_man_ignores_one_damage_each_hero_turn_until_the_next_villain_turn():
    """Stave Trick: "Until the next Villain turn, Mole Man ignores 1 damage each Hero turn." """
    game = new(2)
    quiet(game)
    game.state["completed"] += ["rescue-civilians", "defeat-thugs"]
    place(game, [2, 2])
    villain_turn(game, "mole-man-master-plan-06")  # Move 2: onto the Heroes
    settle(game)
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"] * 2
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    villain_turn(game, "mole-man-master-plan-01")
    settle(game)
    game.state["turn"] = {"seat": 0, "card": None, "prev": None, "symbols": [], "effect_used": True}
    game.damage_villain(game.state, 0, 1, [])
    assert game.state["health"] == health - 2


def test_regroup_brings_back_a_random_cleared_henchman_in_the_next_clockwise_free_location():
    """Regroup, My Monsters!: "Bring back 1 random cleared Henchman Threat into play in the next clockwise
    Location without a Threat, if possible." """
    game = new(2)
    quiet(game)
    place(game, [3, 3])
    game.state["cleared_threats"] = ["mole-man-moloids", "mole-man-giganto"]
    villain_turn(game, "mole-man-master-plan-07")  # Move 3
    settle(game)
    ring = [game.step(game.state, game.state["villain_pos"], i) for i in range(6)]
    assert game.loc(game.state, ring[1])["threat"]["card"] == "mole-man-giganto"
    assert game.state["cleared_threats"] == ["mole-man-moloids"]
    events = villain_turn(game, "mole-man-master-plan-08")
    assert any("No cleared Threat" in e["text"] for e in events)


# ----- content, view, playouts -----------------------------------------------------------------------------
def test_every_handler_the_record_names_is_implemented():
    mole = catalog()["games"][MU]["villains"]["mole-man"]
    named = [spec["handler"] for spec in mole["dashboard"]["play"].values() if "handler" in spec]
    named += [s["handler"] for c in mole["threats"]["cards"] for s in c["play"].values() if "handler" in s]
    named += [c["play"]["handler"] for c in mole["master_plan"]["cards"] if c.get("play")]
    assert named and all(h in HANDLERS for h in named)
    assert all(c.get("play") for c in mole["master_plan"]["cards"] if c.get("effect"))


def test_view_shows_crisis_tokens_and_the_plot_track():
    game = new(2)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[1])["tokens"] = [X] * 6
    view = game.view()
    track = next(t for t in view["villain"]["tracks"] if t["id"] == "mole-man-crisis-locations")
    assert track["value"] == 1 and track["max"] == 4
    entry = next(loc for loc in view["locations"] if loc["id"] == ring[1])
    assert entry["marks"] == [{"name": "Crisis tokens", "count": 6}]
