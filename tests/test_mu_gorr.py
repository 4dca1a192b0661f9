"""Gorr (engine/mu/villains/gorr.py): one test per rule of his Dashboard, Threat and Master Plan, each quoting
the sentence of content/marvel-united-promos/villains/gorr.yaml it checks, then random playouts that raise
nothing and log no "not-implemented" event.

Decisions where the text is open (also in gorr.py's docstring): a removed Hero keeps its seat and is replaced
on that seat's next turn by any Hero no other seat plays except the one just removed (the new Hero draws a
starting hand); the BAM! counts every symbol of the hand (Wild included) and hits every Hero tied for the
most, even with 0; the Heroes choose who takes the Overflow damage (once per overflowing Location); a Black
Berserker's text is its BAM!, a Wild is not an Attack icon; every Threat in play is a Henchman; "damaged by
Gorr" = his Dashboard BAM! and Overflow; a cleared Threat comes back in the first free Location from Gorr's
own clockwise; the move to "the Hero with the least cards in hand" looks from the next Location round to his
own."""

import pytest
from mu_support import MU, bam, catalog, kinds, new_game_past_setup, place, settle, villain_turn

BERSERKER = "gorr-black-berserker"


def new(players=2, seed=1):
    """A Gorr game past setup and the Villain's first turn (Invasion Begins): seat 0 is asked to play."""
    return new_game_past_setup("gorr", players, seed)


def set_hand(game, seat, cards):
    game.state["heroes"][seat]["hand"] = list(cards)


def hands(game):
    return [len(h["hand"]) for h in game.state["heroes"]]


def clear_board(game):
    """No Threats, empty slots (no Threat BAM!, no Overflow), no task waiting (the Hero turn is dropped)."""
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6


def berserker(n):
    return {"id": f"{BERSERKER}-t{n}", "card": BERSERKER, "heroic": 0, "damage": 0}


# ----- Special Setup ---------------------------------------------------------------------------------------
def test_invasion_begins_is_the_first_master_plan_card():
    """Special Setup: "Set aside the Invasion Begins Master Plan card and place it on top of the deck after
    shuffling it." """
    for seed in range(4):
        game = new(2, seed)
        first = game.state["storyline"][0]
        assert first["kind"] == "master-plan" and first["card"] == "gorr-master-plan-01"
        assert "gorr-master-plan-01" not in game.state["plan_deck"]


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
def test_bam_hits_the_heroes_here_with_the_most_symbols_in_hand():
    """BAM!: "Heroes in Gorr's Location must reveal their hand. The Hero(es) with the highest number of
    symbols at the bottom of their cards takes 2 damage." """
    game = new(3)
    clear_board(game)
    place(game, [0, 0, 1])
    set_hand(game, 0, ["hulk-01", "hulk-06"])              # 4 symbols (a Wild counts)
    set_hand(game, 1, ["hulk-02", "hulk-04", "hulk-09"])   # 3 symbols
    set_hand(game, 2, ["hulk-01", "hulk-01", "hulk-01"])   # 9, but not in Gorr's Location
    events = bam(game)
    settle(game, events)
    assert hands(game) == [0, 3, 3]
    assert game.state["heroes"][0]["removed"]  # 2 damage with 2 cards: KO'd
    assert not kinds(events, "not-implemented")


def test_bam_ties_all_take_two_damage():
    """BAM!: "The Hero(es) with the highest number of symbols ... takes 2 damage." - a tie hits them all."""
    game = new(2)
    clear_board(game)
    place(game, [0, 0])
    set_hand(game, 0, ["hulk-02", "hulk-02", "hulk-04"])
    set_hand(game, 1, ["hulk-01", "hulk-04", "hulk-07"])
    events = bam(game)
    settle(game, events)
    assert hands(game) == [1, 1]


# ----- Dashboard: Special Rules and Villainous Plot -----------------------------------------------------
def test_ko_gorr_gains_two_health_and_the_hero_is_removed():
    """Special Rules: "When a Hero is KO'd, Gorr doesn't activate his BAM! Instead, Gorr gains 2 Health (can
    go above starting value) and that Hero is removed from the game, discarding any tokens they have." """
    game = new(2)
    game.state["tasks"] = []
    place(game, [0, 0])  # seat 1 would be hit by a BAM!
    before = hands(game)[1]
    hero = game.state["heroes"][0]
    hero["tokens"]["attack"] = 2
    assert game.state["health"] == game.state["health_max"]
    events = []
    game.knock_out(game.state, 0, events)
    game.advance(game.state, events)
    assert game.state["health"] == game.state["health_max"] + 2
    assert hero["removed"] and hero["ko"] and hero["tokens"]["attack"] == 0 and not hero["deck"]
    assert not kinds(events, "bam") and hands(game)[1] == before


def test_a_removed_hero_is_replaced_by_a_different_hero_at_the_starting_location():
    """Special Rules: "On their next turn, the player chooses a different Hero and enters play in the Heroes'
    starting Location." """
    game = new(2)
    s = game.state
    old = s["heroes"][1]["hero"]
    s["heroes"][1]["pos"] = game.step(s, s["villain_pos"], 1)
    game.knock_out(s, 1, [])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.play("end-turn")
    while game.legal_actions()[0]["kind"] not in ("hero", "play"):
        game.play(game.legal_actions()[0]["id"])
    legal = game.legal_actions()
    assert game.to_move == 1 and all(a["kind"] == "hero" for a in legal)
    options = {a["id"].split(":", 1)[1] for a in legal}
    assert old not in options and s["heroes"][0]["hero"] not in options and options
    game.play(legal[-1]["id"])
    hero = game.state["heroes"][1]
    start = game.step(game.state, game.state["villain_start"], 3)
    assert hero["hero"] == legal[-1]["id"].split(":", 1)[1] and not hero["ko"] and not hero["removed"]
    assert hero["pos"] == start and len(hero["hand"]) == 4  # a starting hand of 3, then the turn's draw
    assert all(game.ctx.hero_cards[c]["hero"] == hero["hero"] for c in hero["hand"] + hero["deck"])
    assert any(a["kind"] == "play" for a in game.legal_actions())


def test_heroes_lose_when_four_heroes_have_been_removed():
    """Villainous Plot: "The Heroes lose when 4 or more Heroes have been removed from the game." """
    game = new(2)
    for n in range(3):
        game.knock_out(game.state, n % 2, [])
        game.state["heroes"][n % 2].update(ko=False, removed=False)  # as if they had re-entered
    assert game.outcome is None and game.state["gorr"]["removed"] == 3
    events = []
    game.knock_out(game.state, 0, events)
    assert game.outcome["result"] == "loss" and "4 Heroes" in game.outcome["reason"]


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_deals_one_damage_to_one_hero_anywhere():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, deal 1 damage to 1 Hero
    anywhere." - the Heroes choose which Hero, once per overflowing Location."""
    game = new(3)
    clear_board(game)
    place(game, [3, 3, 2])
    for seat in range(3):
        set_hand(game, seat, ["hulk-04"] * 3)
    game.loc(game.state, game.state["villain_pos"])["tokens"] = ["thug"] * 6
    events = villain_turn(game, "gorr-master-plan-02")  # Move 1. BAM!. 1 Thug in each of the three
    assert len(kinds(events, "overflow")) == 1
    legal = game.legal_actions()
    assert game.to_move == 0 and {a["id"] for a in legal} == {f"hit-target:{s}" for s in range(3)}
    game.play("hit-target:2")
    settle(game)
    assert hands(game) == [3, 3, 2]


# ----- Threat: Black Berserker -----------------------------------------------------------------------------
def test_black_berserker_deals_two_damage_and_attack_icons_prevent_it():
    """Black Berserker: "Deal 2 damage to each Hero in this Location. Each Hero here can reveal 1 card from
    their hand to prevent 1 damage for each Attack icon (red burst) at the bottom of their card." """
    game = new(3)
    clear_board(game)
    ring = place(game, [2, 2, 2])
    game.loc(game.state, ring[2])["threat"] = berserker(1)
    set_hand(game, 0, ["hulk-04", "hulk-04", "hulk-04"])  # no Attack icon
    set_hand(game, 1, ["hulk-07", "hulk-04", "hulk-04"])  # 1 Attack icon
    set_hand(game, 2, ["hulk-01", "hulk-06", "hulk-04"])  # 3 Attack icons; a Wild is not one
    events = []
    game.threat_bams(game.state, events)
    game.advance(game.state, events)
    assert game.to_move == 1 and {a["id"] for a in game.legal_actions()} == {"reveal:hulk-07", "reveal:none"}
    game.play("reveal:hulk-07")
    while game.legal_actions()[0]["kind"] != "reveal":
        game.play(game.legal_actions()[0]["id"])
    assert game.to_move == 2 and {a["id"] for a in game.legal_actions()} == {"reveal:hulk-01", "reveal:none"}
    game.play("reveal:hulk-01")
    settle(game)
    assert hands(game) == [1, 2, 3]
    assert not kinds(events, "not-implemented")


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_invasion_begins_each_henchman_activates_their_bam():
    """Master Plan 1: "Move 0. Invasion Begins: Each Henchman activates their BAM!." - no Dashboard BAM!."""
    game = new(2)
    clear_board(game)
    ring = place(game, [0, 4])
    game.loc(game.state, ring[4])["threat"] = berserker(1)
    for seat in range(2):
        set_hand(game, seat, ["hulk-04"] * 3)
    events = villain_turn(game, "gorr-master-plan-01")
    settle(game, events)
    assert game.state["villain_pos"] == ring[0]
    assert hands(game) == [3, 1]
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["gorr-master-plan-02", "gorr-master-plan-07"])
def test_necrosword_blanks_the_special_effects_of_heroes_damaged_by_gorr(card):
    """Master Plan 2/7: "Necrosword: Heroes damaged by Gorr during this Villain turn treat their Special
    Effects as blank until the start of the next Villain turn." """
    game = new(2)
    clear_board(game)
    move = game.ctx.master_plan[card]["move"]
    s = game.state
    for seat in range(2):
        s["heroes"][seat]["pos"] = game.step(s, s["villain_pos"], move if seat == 0 else move + 1)
        set_hand(game, seat, ["captain-marvel-07"] * 4)  # attack + Special Effect
    s["since_villain"] = 0
    events = villain_turn(game, card)
    settle(game, events)
    assert hands(game) == [2, 4]
    game.state["tasks"] = [{"t": "hero_turn", "seat": 0}]
    game.advance(game.state, [])
    game.play("play:captain-marvel-07")
    assert not [a for a in game.legal_actions() if a["kind"] == "effect"]  # damaged by Gorr: blank
    game.play("end-turn")
    settle(game)
    game.play("play:captain-marvel-07")
    assert [a for a in game.legal_actions() if a["kind"] == "effect"]  # not damaged
    game.play("end-turn")
    settle(game)
    villain_turn(game, "gorr-master-plan-03")  # the next Villain turn ends it
    settle(game)
    game.state["tasks"] = [{"t": "hero_turn", "seat": 0}]
    game.advance(game.state, [])
    if not game.state["heroes"][0]["ko"]:
        game.play("play:captain-marvel-07")
        assert [a for a in game.legal_actions() if a["kind"] == "effect"]


def test_necrosword_does_not_count_a_black_berserkers_damage():
    """Necrosword: "Heroes damaged by Gorr" - decision: a Black Berserker's BAM! is the Henchman's damage."""
    game = new(2)
    clear_board(game)
    s = game.state
    s["heroes"][0]["pos"] = s["heroes"][1]["pos"] = game.step(s, s["villain_pos"], 3)
    game.loc(s, s["heroes"][0]["pos"])["threat"] = berserker(1)
    for seat in range(2):
        set_hand(game, seat, ["captain-marvel-08"] * 4)
    villain_turn(game, "gorr-master-plan-02")  # Move 1: the Heroes are not in Gorr's Location
    settle(game)
    assert hands(game) == [2, 2]
    assert not game.effects_blank(s, 0) and not game.effects_blank(s, 1)


@pytest.mark.parametrize(("card", "shift"), [("gorr-master-plan-05", 1), ("gorr-master-plan-06", -1)])
def test_berserkers_invasion_moves_threats_bams_then_brings_one_back(card, shift):
    """Master Plan 5/6: "Berserkers Invasion: All Threats in play move clockwise (5) / counter-clockwise (6) 1
    Location and activate their BAM!. Then, bring back 1 cleared Threat into play in the first clockwise
    Location without a Threat." """
    game = new(2)
    clear_board(game)
    s = game.state
    s["villain_pos"] = game.step(s, s["villain_pos"], -3)  # after the Move 3 he is back where he was
    gorr = game.step(s, s["villain_pos"], 3)
    ring = [game.step(s, gorr, i) for i in range(6)]
    game.loc(s, ring[2])["threat"] = berserker(1)
    game.loc(s, ring[0])["threat"] = dict(berserker(2), heroic=1)
    s["cleared_threats"] = [BERSERKER]
    s["heroes"][1]["cleared"] = [BERSERKER]
    s["heroes"][0]["pos"] = ring[(2 + shift) % 6]
    s["heroes"][1]["pos"] = ring[2]
    for seat in range(2):
        set_hand(game, seat, ["hulk-04"] * 3)
    events = villain_turn(game, card)
    settle(game, events)
    s = game.state
    assert s["villain_pos"] == gorr
    assert game.loc(s, ring[(2 + shift) % 6])["threat"]["id"] == f"{BERSERKER}-t1"
    assert game.loc(s, ring[shift % 6])["threat"]["heroic"] == 1  # moved with its Heroic Action
    assert hands(game) == [1, 3]  # the Berserker's BAM! where it arrived
    back = game.loc(s, ring[0])["threat"]  # the first Location without a Threat from Gorr's, clockwise
    assert back["card"] == BERSERKER and back["heroic"] == 0 and "back" in back["id"]
    assert s["cleared_threats"] == [] and s["heroes"][1]["cleared"] == []
    assert sum(1 for loc in s["locations"] if loc["threat"]) == 3
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["gorr-master-plan-09", "gorr-master-plan-10"])
def test_gorr_moves_to_the_next_location_with_the_hero_with_the_least_cards(card):
    """Master Plan 9/10: "Move clockwise to the next Location with the Hero with the least cards in hand." """
    game = new(3)
    clear_board(game)
    ring = place(game, [1, 4, 5])
    set_hand(game, 0, ["hulk-04"] * 3)
    set_hand(game, 1, ["hulk-04"] * 2)
    set_hand(game, 2, ["hulk-04"] * 2)
    events = villain_turn(game, card)
    assert game.state["villain_pos"] == ring[4]
    assert not kinds(events, "not-implemented")


def test_gorr_stays_when_the_hero_with_the_least_cards_is_in_his_location():
    """Master Plan 9: "Move clockwise to the next Location with the Hero with the least cards in hand." - the
    only such Hero stands with Gorr: he goes round to his own Location, i.e. stays."""
    game = new(2)
    clear_board(game)
    ring = place(game, [0, 2])
    set_hand(game, 0, ["hulk-04"])
    set_hand(game, 1, ["hulk-04"] * 3)
    villain_turn(game, "gorr-master-plan-09")
    assert game.state["villain_pos"] == ring[0]


def test_every_threat_and_master_plan_effect_of_gorr_has_a_handler():
    """Every Threat and every Master Plan effect of Gorr is structured (`play`), its handlers implemented."""
    from engine.mu import find_villain

    handlers = find_villain("gorr").HANDLERS  # its class's handlers (content name -> method)
    gorr = catalog()["games"][MU]["villains"]["gorr"]
    assert all(c.get("play") for c in gorr["threats"]["cards"])
    assert all(c.get("play") for c in gorr["master_plan"]["cards"] if c.get("effect"))
    named = {c["play"]["handler"] for c in gorr["master_plan"]["cards"] if c.get("play")}
    named |= {c["play"]["bam"]["handler"] for c in gorr["threats"]["cards"]}
    named |= {spec["handler"] for key, spec in gorr["dashboard"]["play"].items() if key != "params"}
    assert named <= set(handlers)


# ----- random playouts --------------------------------------------------------------------------------
