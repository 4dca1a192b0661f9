"""Abomination (engine/mu/villains/abomination.py): one test per rule of his Dashboard, Threats and Master
Plan, each quoting the sentence of content/marvel-united-promos/villains/abomination.yaml it checks, then
random playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in abomination.py's docstring): the Mission draw replaces the core's
second-Mission reward (1 card per Mission, never 2); "already accelerated" as for Klaw; the Heroes choose who
his BAM! hits, and the Location's tokens are discarded at once; Superhuman Durability and Suspended Animation
withhold the Attack on him (every Attack deals 1 damage); "all Heroes" counts KO'd figures; Toxic Gamma Ray:
the Hero picks one of their own face-up Storyline cards; moves: "any Heroes" counts KO'd figures, "most cards
in hand" only Heroes not KO'd, his own Location last; Superhuman Uppercut moves the Hero his BAM! damaged, who
picks one of the two Locations 2 away."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    heroes_choose_who_is_hit,
    ids,
    kinds,
    new_game_past_setup,
    place,
    run,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("abomination").HANDLERS  # the handlers of its class (content name -> method)

V = "abomination"


def new(players=2, seed=1):
    """An Abomination game past setup and the Villain's first turn: seat 0 is asked to play a card; every
    Hero holds 6 cards; no Threat on the board (each test lays the one it checks)."""
    game = new_game_past_setup(V, players, seed)
    for hero in game.state["heroes"]:
        while len(hero["hand"]) < 6 and hero["deck"]:
            hero["hand"].append(hero["deck"].pop(0))
    for loc in game.state["locations"]:
        loc["threat"] = None
    return game


def lay_threat(game, name, loc_id):
    card = f"abomination-{name}"
    game.loc(game.state, loc_id)["threat"] = {"id": f"{card}-1", "card": card, "heroic": 0, "damage": 0}


def play_a_card(game):
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))


# ----- Dashboard: Special Rules ----------------------------------------------------------------------------
def test_under_pressure_and_vulnerable_from_the_start():
    """Special Rules: "Abomination is Under Pressure and vulnerable to damage from the start of the game." """
    game = new(2)
    view = game.view()
    assert game.state["completed"] == []
    assert view["villain"]["under_pressure"] and view["villain"]["vulnerable"]
    assert game.villain_every(game.state) == game.ctx.const("under_pressure_every")
    play_a_card(game)
    game.state["villain_pos"] = game.state["heroes"][0]["pos"]
    game.state["turn"]["symbols"] = ["attack"]
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1


def test_each_mission_completed_draws_one_card_for_each_hero():
    """Special Rules: "When any Mission is completed, each Hero draws 1 card." - at the first Mission and at
    the second (1 card, not the core's reward on top)."""
    game = new(3)
    events = []
    for mission in ("rescue-civilians", "defeat-thugs"):
        game.state["missions"][mission] = game.mission_size(mission) - 1
        before = hands(game)
        game.count_mission(game.state, mission, events)
        assert hands(game) == [n + 1 for n in before]
    assert not [e for e in events if e["kind"] == "mission" and "vulnerable" in e["text"]]


def test_ko_accelerates_the_next_villain_turn_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Abomination doesn't activate his BAM! Instead, accelerate the next
    Villain turn by 1 card (if not already accelerated)." """
    game = new(2)
    place(game, [0, 0])
    assert game.state["since_villain"] == 0
    events = []
    game.knock_out(game.state, 0, events)
    assert not kinds(events, "bam") and game.state["since_villain"] == 1
    hand = hands(game)[1]
    game.knock_out(game.state, 1, events)  # already accelerated: nothing more
    assert game.state["since_villain"] == 1 and hands(game)[1] == hand
    assert not kinds(events, "not-implemented")


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
def test_bam_two_damage_to_one_hero_here_and_discard_all_tokens_here():
    """BAM!: "Deal 2 damage to 1 Hero in Abomination's Location. Discard all Thugs and Civilians from
    Abomination's Location." """
    game = new(2)
    ring = place(game, [0, 1])
    game.loc(game.state, ring[0])["tokens"] = ["thug", "civilian", None, "thug", None, None]
    game.loc(game.state, ring[1])["tokens"] = ["thug"] + [None] * 5
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 2, before[1]]
    assert game.loc(game.state, ring[0])["tokens"] == [None] * 6
    assert game.loc(game.state, ring[1])["tokens"][0] == "thug"
    assert game.state["missions"]["defeat-thugs"] == 0  # discarded, not defeated


def test_bam_the_heroes_choose_which_hero_is_hit():
    """BAM!: "Deal 2 damage to 1 Hero in Abomination's Location" - with two Heroes there, they choose."""
    game = new(3)
    place(game, [0, 0, 3])
    before = hands(game)
    bam(game)
    heroes_choose_who_is_hit(game, [0, 1], 1)
    assert hands(game) == [before[0], before[1] - 2, before[2]]


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_discards_all_thugs_and_civilians_from_that_location():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, discard all Thugs and
    Civilians from that Location." """
    game = new(2)
    ring = place(game, [0, 0])
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
    events = villain_turn(game, "abomination-master-plan-01")  # stays (Heroes here); 2 Civilians each side
    assert game.state["villain_pos"] == ring[0]
    assert len(kinds(events, "overflow")) >= 2
    assert game.loc(game.state, ring[1])["tokens"] == [None] * 6
    assert game.loc(game.state, ring[5])["tokens"] == [None] * 6
    assert game.loc(game.state, ring[0])["tokens"] == [None] * 6  # the BAM! emptied it
    assert game.loc(game.state, ring[3])["tokens"] == ["thug"] * 6
    assert not kinds(events, "not-implemented")


# ----- Master Plan: the moves ------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "offsets", "goal"), [
    ("abomination-master-plan-01", [2, 4], 2), ("abomination-master-plan-05", [2, 4], 4),
    ("abomination-master-plan-01", [0, 0], 0)])
def test_move_to_the_next_location_with_any_heroes(card, offsets, goal):
    """Master Plan 1 / 5: "Move clockwise (counter-clockwise) to the next Location with any Heroes." - his own
    Location comes last: with every Hero there he stays."""
    game = new(2)
    ring = place(game, offsets)
    game.state["heroes"][0]["ko"] = True  # a KO'd figure counts
    events = []
    game.villain_move(game.state, game.ctx.master_plan[card], events)
    assert game.state["villain_pos"] == ring[goal]
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["abomination-master-plan-03", "abomination-master-plan-07"])
def test_move_to_the_next_location_with_the_hero_with_the_most_cards_in_hand(card):
    """Master Plan 3 / 7: "Move clockwise (counter-clockwise) to the next Location with the Hero with the most
    cards in hand." """
    game = new(3)
    ring = place(game, [1, 4, 5])
    game.state["heroes"][1]["hand"].append(game.state["heroes"][1]["deck"].pop(0))
    events = []
    game.villain_move(game.state, game.ctx.master_plan[card], events)
    assert game.state["villain_pos"] == ring[4]


# ----- Master Plan: Superhuman Uppercut --------------------------------------------------------------------
def test_superhuman_uppercut_moves_the_damaged_hero_two_locations_away():
    """Master Plan 1: "BAM!. Superhuman Uppercut: Move the Hero who was just damaged 2 Locations away from
    Abomination's." - the Hero picks the side; the other Hero stays."""
    game = new(2)
    ring = place(game, [0, 0])
    before = hands(game)
    events = villain_turn(game, "abomination-master-plan-01")
    assert game.state["villain_pos"] == ring[0]
    game.play("hit-target:1")
    events += settle_until(game, "push")
    assert hands(game) == [before[0], before[1] - 2]
    assert game.to_move == 1 and ids(game) == {f"thrown:{ring[2]}", f"thrown:{ring[4]}"}
    game.play(f"thrown:{ring[4]}")
    assert [h["pos"] for h in game.state["heroes"]] == [ring[0], ring[4]]
    assert not kinds(events, "not-implemented")


def settle_until(game, kind):
    events = []
    while game.legal_actions() and game.legal_actions()[0]["kind"] != kind:
        events += game.play(game.legal_actions()[0]["id"])
    return events


def test_superhuman_uppercut_moves_nobody_when_nobody_was_damaged():
    """Superhuman Uppercut: "Move the Hero who was just damaged" - an Invulnerable Hero ignored the BAM!: not
    damaged, not moved."""
    game = new(2)
    ring = place(game, [0, 0])  # he stays (his own Location comes last)
    for hero in game.state["heroes"]:
        hero["invulnerable"] = True
    events = villain_turn(game, "abomination-master-plan-01")
    settle(game, events)
    assert [h["pos"] for h in game.state["heroes"]] == [ring[0], ring[0]]
    assert any("no Hero was just damaged" in e["text"] for e in events)


# ----- Master Plan: Stronger Than You ----------------------------------------------------------------------
def test_stronger_than_you_moves_to_the_opposite_location_and_hits_each_hero_there():
    """Master Plan 3: "BAM!. Stronger Than You: Move Abomination to the opposite Location. Then, deal 1 damage
    to each Hero there." """
    game = new(3)
    for hero in game.state["heroes"]:
        hero["hand"] = hero["hand"][:3]
    game.state["heroes"][0]["hand"].append(game.state["heroes"][0]["deck"].pop(0))  # the most cards
    ring = place(game, [2, 5, 5])
    before = hands(game)
    events = villain_turn(game, "abomination-master-plan-03")
    settle(game, events)
    assert game.state["villain_pos"] == ring[5]  # moved to ring[2], then to its opposite
    assert hands(game) == [before[0] - 2, before[1] - 1, before[2] - 1]
    assert not kinds(events, "not-implemented")


# ----- Threats ---------------------------------------------------------------------------------------------
def test_expert_strategist_blocks_the_end_of_turn_effect_where_abomination_is():
    """Expert Strategist: "As long as this Threat is in play, Heroes can't use the End of Turn effect of the
    Location Abomination is currently in." """
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    other = game.step(game.state, pos, 2)
    game.state["villain_pos"] = pos
    play_a_card(game)
    assert "location-effect" in ids(game)
    lay_threat(game, "expert-strategist", other)
    assert "location-effect" not in ids(game)
    game.state["villain_pos"] = game.step(game.state, pos, 1)
    assert "location-effect" in ids(game)


def test_healing_factor_recovers_two_health_at_the_end_of_each_villain_turn():
    """Healing Factor: "As long as this Threat is in play, Abomination recovers 2 Health at the end of each
    Villain turn (can't go above starting value)." """
    game = new(2)
    lay_threat(game, "healing-factor", game.step(game.state, game.state["villain_pos"], 3))
    top = game.state["health_max"]
    game.state["health"] = top - 3
    villain_turn(game, "abomination-master-plan-02")
    assert game.state["health"] == top - 1
    villain_turn(game, "abomination-master-plan-02")
    assert game.state["health"] == top


def test_superhuman_durability_no_more_than_two_damage_each_hero_turn():
    """Superhuman Durability: "As long as this Threat is in play, Heroes can't deal more than 2 damage to
    Abomination each Hero turn." """
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "superhuman-durability", game.step(game.state, pos, 2))
    play_a_card(game)
    game.state["villain_pos"] = pos
    game.state["turn"]["symbols"] = ["attack"] * 3
    health = game.state["health"]
    game.play("attack:villain")
    game.play("attack:villain")
    assert game.state["health"] == health - 2 and "attack:villain" not in ids(game)


def test_superhuman_strength_makes_abomination_s_damage_unpreventable():
    """Superhuman Strength: "As long as this Threat is in play, damage dealt by Abomination is unpreventable."
    - an Invulnerable Hero takes his BAM!."""
    game = new(2)
    ring = place(game, [0, 3])
    game.state["heroes"][0]["invulnerable"] = True
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == before
    lay_threat(game, "superhuman-strength", ring[2])
    game.bam(game.state, events, "a test")
    game.advance(game.state, events)
    settle(game, events)
    assert hands(game) == [before[0] - 2, before[1]]


def test_suspended_animation_keeps_him_at_one_health_unless_all_heroes_are_there():
    """Suspended Animation: "As long as this Threat is in play, Abomination can't go below 1 Health unless all
    Heroes are in his Location when they deal damage to him." """
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "suspended-animation", game.step(game.state, pos, 2))
    play_a_card(game)
    game.state["villain_pos"] = pos
    game.state["heroes"][1]["pos"] = game.step(game.state, pos, 1)
    game.state["health"] = 2
    game.state["turn"]["symbols"] = ["attack"] * 2
    game.play("attack:villain")
    assert game.state["health"] == 1 and "attack:villain" not in ids(game)
    game.state["heroes"][1]["pos"] = pos
    game.play("attack:villain")
    assert game.outcome["result"] == "win"


def test_toxic_gamma_ray_turns_a_hero_card_facedown():
    """Toxic Gamma Ray: "As long as this Threat is in play, Heroes ending their turn in Abomination's Location
    must turn 1 of their Hero cards in the Storyline facedown." - the next Hero gets no symbols from it."""
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "toxic-gamma-ray", game.step(game.state, pos, 2))
    game.state["villain_pos"] = pos
    play_a_card(game)
    events = game.play("end-turn")  # the only face-up card of seat 0: automatic
    assert game.state["storyline"][-1]["facedown"] and any("facedown" in e["text"] for e in events)
    assert game.view()["storyline"][-1] == {"kind": "hero", "seat": 0, "facedown": True}
    play_a_card(game)
    assert game.state["turn"]["prev"] is None


def test_toxic_gamma_ray_the_hero_picks_the_card_and_others_are_spared():
    """Toxic Gamma Ray: "Heroes ending their turn in Abomination's Location" - only they; the Hero chooses
    among their face-up Storyline cards."""
    game = new(2)
    pos = game.state["heroes"][0]["pos"]
    lay_threat(game, "toxic-gamma-ray", game.step(game.state, pos, 2))
    game.state["villain_pos"] = pos
    old = game.state["heroes"][0]["deck"].pop(0)
    game.state["storyline"].insert(0, {"kind": "hero", "card": old, "seat": 0})
    play_a_card(game)
    game.play("end-turn")
    assert game.to_move == 0 and len(game.legal_actions()) == 2
    assert all(a["kind"] == "facedown" for a in game.legal_actions())
    game.play("facedown:0")
    assert game.state["storyline"][0]["facedown"] and not game.state["storyline"][-1].get("facedown")
    game.state["villain_pos"] = game.step(game.state, pos, 3)  # seat 1 ends elsewhere: nothing
    play_a_card(game)
    game.play("end-turn")
    assert not game.state["storyline"][-1].get("facedown")


# ----- content ---------------------------------------------------------------------------------------------
def test_every_rule_of_abomination_is_structured_and_has_a_handler():
    """Every Threat and Master Plan effect of Abomination has a `play`, and every handler his record names is
    implemented."""
    data = catalog()["games"][MU]["villains"][V]
    assert all(c.get("play") for c in data["threats"]["cards"])
    assert all(c.get("play") for c in data["master_plan"]["cards"] if c.get("effect"))
    named = [data["dashboard"]["play"][k]["handler"] for k in ("bam", "overflow", "ko")]
    named += [c["play"]["handler"] for c in data["master_plan"]["cards"] if c.get("play")]
    named += [spec["handler"] for c in data["threats"]["cards"] for spec in c["play"].values()
              if isinstance(spec, dict)]
    assert set(named) <= set(HANDLERS)


def test_first_villain_turn_runs_without_unapplied_rules():
    game = new_game_past_setup(V, 4, 3)
    events = run(game, {"t": "villain_turn"})
    settle(game, events)
    assert not kinds(events, "not-implemented")


# ----- random playouts --------------------------------------------------------------------------------
