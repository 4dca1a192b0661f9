"""Lizard (engine/mu/villains/lizard.py): one test per rule of his Dashboard, Special Setup, the Sewer tokens,
the Find the Cure Mission, his Heroic Goal and Commander Solo Mode rule, his Threat and Master Plan, each
quoting the sentence of content/marvel-united-promos/villains/lizard.yaml it checks; then random playouts that
raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in lizard.py's docstring): the health table is ours (adapted: 5 / 6 /
7, and it never changes); Find the Cure takes the size of Clear Threats (4; 3 in Commander Solo Mode); a Find
the Cure token needs its 2 Heroic Actions in one Hero turn, each in a Location with no Thug; the engine keeps
Lizard's `villain_pos` on the Location counter-clockwise of his Sewer token; the Heroes choose who takes each
damage; KO'd Heroes count for the Heroic Goal."""

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
    random_playout,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("lizard").HANDLERS  # the handlers of its class (content name -> method)

ALLIGATORS = "lizard-danger-alligators"


def new(players=2, seed=1):
    """A Lizard game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup("lizard", players, seed)


def card_id(number):
    return f"lizard-master-plan-{number:02d}"


def empty_board(game):
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
        loc["threat"] = None


def solo(seed=2):
    game = engine.new_game(f"{MU}/lizard", seed=seed, players=1, catalog=catalog())
    game.play(game.legal_actions()[0]["id"])
    settle(game)
    return game


def const(name):
    return catalog()["games"][MU]["game"]["constants"][name]


# ----- health (adapted), Special Setup --------------------------------------------------------------------
@pytest.mark.parametrize(("players", "health"), [(2, 5), (3, 6), (4, 7)])
def test_the_adapted_health_table_gives_lizard_a_starting_health(players, health):
    """The Dashboard prints no player-count table ("Gap: this Dashboard prints no player-count table"): ours,
    marked adapted, gives 5 / 6 / 7."""
    dashboard = catalog()["games"][MU]["villains"]["lizard"]["dashboard"]
    assert dashboard["player_count"]["provenance"]["status"] == "adapted"
    game = new(players)
    assert game.state["health"] == game.state["health_max"] == health


def test_special_setup_find_the_cure_replaces_clear_threats():
    """Special Setup: "Replace the Clear Threats Mission with the Find the Cure Mission." - the view shows it
    in Clear Threats' place, in the same shape."""
    game = new(2)
    missions = game.view()["missions"]
    assert [m["id"] for m in missions] == ["rescue-civilians", "defeat-thugs", "find-the-cure"]
    cure = missions[2]
    assert cure == {"id": "find-the-cure", "name": "Find the Cure", "count": 0,
                    "size": const("mission_clear_threats"), "complete": False}
    assert set(missions[0]) == set(cure)
    assert "clear-threats" not in game.state["missions"]


def test_special_setup_sewer_tokens_and_lizard_starts_clockwise_of_his_starting_location():
    """Special Setup: "Place 1 Sewer token between each Location. Lizard starts on the first Sewer token going
    clockwise from the Villain's starting Location." """
    game = engine.new_game(f"{MU}/lizard", seed=5, players=2, catalog=catalog())
    events = []
    for _ in range(2):
        events += game.play(game.legal_actions()[0]["id"])
    events += game.play("mode:standard")
    s = game.state
    assert not kinds(events, "not-implemented")
    start = next(e["text"] for e in events if "Sewer token between" in e["text"])
    names = (game.loc_name(s["villain_start"]), game.loc_name(game.step(s, s["villain_start"], 1)))
    assert start.endswith(f"between {names[0]} and {names[1]}")
    view = game.view()
    sewers = [c for c in view["components"] if c["name"] == "Sewer token"]
    assert len(sewers) == 6 and sum("(Lizard is here)" in c["text"] for c in sewers) == 1
    assert view["villain"]["position"] is None and view["villain"]["sewer"] == game._sewer(s)
    assert not any(loc["villain"] for loc in view["locations"])


def test_the_first_villain_turn_starts_from_the_sewer_clockwise_of_the_starting_location():
    """Special Setup: "Lizard starts on the first Sewer token going clockwise from the Villain's starting
    Location." - after his first card's Move N, he is N Sewer tokens further."""
    game = new(2)
    s = game.state
    first = next(e["card"] for e in s["storyline"] if e["kind"] == "master-plan")
    move = game.ctx.master_plan[first]["move"]
    assert game._sewer(s)[0] == game.step(s, s["villain_start"], move)


# ----- Special Rules ----------------------------------------------------------------------------------------
def test_heroes_cannot_damage_lizard():
    """Special Rules: "Heroes cannot damage Lizard." - even with 2 Missions complete, no Attack on him."""
    game = new(2)
    make_vulnerable(game)
    s = game.state
    for pos in game._sewer(s):
        s["heroes"][0]["pos"] = pos
        assert not [t for t in game.targets(s, 0, "attack") if t[0] == "attack:villain"]
    s["heroes"][0]["pos"] = s["villain_pos"]
    s["heroes"][0]["tokens"]["attack"] = 1
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert not [a for a in game.legal_actions() if "villain" in a["id"]]


@pytest.mark.parametrize("number", [2, 4, 5, 11])
def test_lizard_moves_only_on_sewer_tokens(number):
    """Special Rules: "When moving Lizard, ignore Locations. He only moves on Sewer tokens." - Move N: N Sewer
    tokens clockwise."""
    game = new(2)
    s = game.state
    before = game._sewer(s)
    move = game.ctx.master_plan[card_id(number)]["move"]
    place(game, [3, 3])
    villain_turn(game, card_id(number))
    assert game._sewer(game.state) == [game.step(s, before[0], move), game.step(s, before[1], move)]


def test_lizard_adds_tokens_to_the_locations_adjacent_to_his_sewer_token():
    """Special Rules: "Lizard adds Civilian / Thug tokens to the Locations adjacent to his Sewer token."
    Card 1: "Place 2 Thugs and 1 Civilian in the left Location and 1 Thug and 1 Civilian in the right
    Location." """
    game = new(2)
    empty_board(game)
    place(game, [3, 3])
    villain_turn(game, card_id(1))
    s = game.state
    left, right = game._sewer(s)
    assert sorted(t for t in game.loc(s, left)["tokens"] if t) == ["civilian", "thug", "thug"]
    assert sorted(t for t in game.loc(s, right)["tokens"] if t) == ["civilian", "thug"]
    others = [loc for loc in s["locations"] if loc["id"] not in (left, right)]
    assert not any(t for loc in others for t in loc["tokens"])


def cure_turn(game, tokens=2, thug=False):
    """Seat 0 has `tokens` Heroic Action tokens, stands in a Location with (or without) a Thug and has
    played a card; the Location."""
    s = game.state
    empty_board(game)
    pos = s["heroes"][0]["pos"]
    if thug:
        game.loc(s, pos)["tokens"][0] = "thug"
    s["heroes"][0]["tokens"]["heroic"] = tokens
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    return pos


def test_find_the_cure_two_heroic_actions_in_a_location_with_no_thug_place_a_token():
    """Special Rules: "To place a Find the Cure token (purple skull icon) on the Find the Cure Mission, Heroes
    must spend 2 Heroic Action (yellow star) actions in a Location with no Thug." """
    game = new(2)
    pos = cure_turn(game)
    action = f"token:heroic:heroic:lizard-cure:{pos}"
    game.play(action)
    assert game.state["missions"]["find-the-cure"] == 0
    game.play(action)
    assert game.state["missions"]["find-the-cure"] == 1
    assert game.view()["missions"][2]["count"] == 1


def test_find_the_cure_is_not_offered_in_a_location_with_a_thug():
    """Special Rules: "... in a Location with no Thug." """
    game = new(2)
    cure_turn(game, thug=True)
    assert not [a for a in game.legal_actions() if "lizard-cure" in a["id"]]


def test_find_the_cure_completes_at_the_clear_threats_size():
    """Missions: "A Dashboard may replace a Mission; the replacement's own rules say when it is complete" -
    Find the Cure is complete with as many tokens as Clear Threats' size (our ruling)."""
    game = new(2)
    events = []
    for _ in range(const("mission_clear_threats")):
        game.count_mission(game.state, "find-the-cure", events)
    assert game.state["completed"] == ["find-the-cure"]


def test_ko_draws_a_facedown_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Lizard doesn't activate his BAM! Instead, draw a Master Plan card
    and add it facedown in the Storyline." """
    game = new(2)
    s = game.state
    s["heroes"][0]["deck"] += s["heroes"][0]["hand"]
    s["heroes"][0]["hand"] = []
    deck = len(s["plan_deck"])
    events = []
    game.damage_hero(s, 0, 1, events, "a test")
    game.advance(s, events)
    assert s["heroes"][0]["ko"] and not kinds(events, "bam")
    assert s["storyline"][-1]["facedown"] and len(s["plan_deck"]) == deck - 1


# ----- BAM!, Overflow ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("offset", "damage"), [(0, 1), (1, 1), (2, 0), (3, 0), (4, 0), (5, 0)])
def test_bam_one_damage_to_one_hero_beside_the_sewer_token(offset, damage):
    """BAM!: "Deal 1 damage to 1 Hero in each Location adjacent to the Sewer token where Lizard is." (offset 0
    and 1: the two Locations beside his Sewer)"""
    game = new(2)
    empty_board(game)
    place(game, [offset, 3 if offset not in (2, 3, 4) else 2])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game)[0] == before[0] - damage
    assert not kinds(events, "not-implemented")


def test_overflow_draws_a_facedown_master_plan_card():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card
    and add it facedown in the Storyline." """
    game = new(2)
    s = game.state
    deck = len(s["plan_deck"])
    events = []
    game.overflow(s, s["villain_pos"], events, ["thug", "civilian"])
    assert s["storyline"][-1]["facedown"] and len(s["plan_deck"]) == deck - 1
    assert not kinds(events, "not-implemented")


# ----- Heroic Goal, Commander Solo Mode -------------------------------------------------------------------
def complete_all(game):
    game.state["completed"] = list(game.state["missions"])


def test_heroic_goal_the_heroes_win_with_all_missions_and_heroes_beside_the_sewer():
    """Heroic Goal: "The Heroes win if all 3 Missions have been completed and there are Heroes in both
    Locations adjacent to the Sewer token where Lizard is." """
    game = new(3)
    complete_all(game)
    place(game, [0, 3, 3])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert game.outcome is None  # only one of the two Locations has a Hero
    game.state["heroes"][1]["pos"] = game._sewer(game.state)[1]
    game.play("end-turn")
    assert game.outcome["result"] == "win"


def test_heroic_goal_needs_all_three_missions():
    """Heroic Goal: "... if all 3 Missions have been completed ..." """
    game = new(2)
    game.state["completed"] = ["rescue-civilians", "defeat-thugs"]
    place(game, [0, 1])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert game.outcome is None


def test_commander_the_hero_wins_beside_the_sewer_with_all_missions():
    """Commander Solo Mode: "The Hero wins if all 3 Missions have been completed and they are in a Location
    adjacent to Lizard's Sewer token." (it replaces the Heroic Goal for one Hero)"""
    game = solo()
    assert game.state["mode"] == "commander"
    assert game.view()["missions"][2]["size"] == const("commander_mission_clear_threats")
    complete_all(game)
    place(game, [3])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert game.outcome is None
    game.state["heroes"][0]["pos"] = game._sewer(game.state)[1]
    game.play("end-turn")
    assert game.outcome["result"] == "win"


# ----- Threat: Danger: Alligators! -----------------------------------------------------------------------
def test_alligators_cannot_be_cleared():
    """Danger: Alligators!: "This Threat can't be cleared or removed from play by any means." """
    game = new(2)
    s = game.state
    pos = s["heroes"][0]["pos"]
    assert game.loc(s, pos)["threat"]["card"] == ALLIGATORS
    s["heroes"][0]["tokens"]["heroic"] = 3
    s["heroes"][0]["tokens"]["attack"] = 3
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert not [a for a in game.legal_actions() if ":threat:" in a["id"]]
    assert game.view()["locations"][0]["threat"]["clearable"] is False


def test_alligators_bam_damage_among_the_heroes_here_equal_to_the_thugs():
    """Danger: Alligators!: "BAM!: Deal damage among the Heroes in this Location equal to the number of Thugs
    here." - the Heroes there choose who takes each damage."""
    game = new(3)
    s = game.state
    ring = place(game, [3, 3, 2])
    for loc in s["locations"]:
        loc["tokens"] = [None] * 6
    game.loc(s, ring[3])["tokens"][:2] = ["thug", "thug"]
    game.loc(s, ring[2])["threat"] = None  # seat 2 stands where no Alligators are
    before = hands(game)
    events = []
    game.bam(s, events, "a test")
    game.advance(s, events)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    while game.legal_actions()[0]["kind"] == "damage":  # seat 1 picks the card for the first damage
        game.play(game.legal_actions()[0]["id"])
    game.play("hit-target:0")
    settle(game)
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2]]


# ----- Master Plan -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("number", [7, 8])
def test_surprise_attack(number):
    """Surprise Attack!: "If Lizard is NOT Under Pressure, accelerate the next Villain turn by 1 card. If
    Lizard is Under Pressure, draw a Master Plan card and add it facedown in the Storyline." """
    game = new(2)
    place(game, [0, 0])
    villain_turn(game, card_id(number))
    assert game.state["since_villain"] == 1
    game.state["completed"] = ["rescue-civilians"]
    deck = len(game.state["plan_deck"])
    villain_turn(game, card_id(number))
    s = game.state
    assert s["since_villain"] == 0 and s["storyline"][-1]["facedown"] and len(s["plan_deck"]) == deck - 1


@pytest.mark.parametrize("number", [9, 10])
def test_on_the_run(number):
    """On the Run: "If Lizard is NOT Under Pressure, remove 1 Find the Cure token from the Find the Cure
    Mission, if possible. If Lizard is Under Pressure, draw a Master Plan card and add it facedown in the
    Storyline." """
    game = new(2)
    s = game.state
    s["missions"]["find-the-cure"] = 2
    events = villain_turn(game, card_id(number))
    assert s["missions"]["find-the-cure"] == 1 and not kinds(events, "not-implemented")
    s["missions"]["find-the-cure"] = 0
    villain_turn(game, card_id(number))
    assert s["missions"]["find-the-cure"] == 0  # "if possible"
    s["completed"] = ["defeat-thugs"]
    s["missions"]["find-the-cure"] = 1
    villain_turn(game, card_id(number))
    assert s["missions"]["find-the-cure"] == 1 and s["storyline"][-1]["facedown"]


# ----- content and playouts ------------------------------------------------------------------------------
def test_every_rule_of_lizard_has_a_handler():
    """Every Dashboard part, Threat and Master Plan effect of Lizard is structured (`play`) and
    implemented."""
    lizard = catalog()["games"][MU]["villains"]["lizard"]
    play = lizard["dashboard"]["play"]
    named = {play[k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    named |= {c["play"]["handler"] for c in lizard["master_plan"]["cards"] if c.get("effect")}
    named |= {c["play"]["bam"]["handler"] for c in lizard["threats"]["cards"]}
    assert named <= set(HANDLERS)


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_apply_every_rule(seed):
    """Random legal play of Lizard with 2 to 4 Heroes ends without an error and logs no
    "not-implemented"."""
    game, events = random_playout("lizard", seed)
    assert not kinds(events, "not-implemented"), kinds(events, "not-implemented")[:3]
    assert game.outcome["result"] in ("win", "loss")
    assert game.state["health"] == game.state["health_max"]  # Heroes cannot damage Lizard


@pytest.mark.parametrize("seed", range(4))
def test_commander_random_playouts_end(seed):
    """Commander Solo Mode games of Lizard are played to the end."""
    game, events = random_playout("lizard", seed, players=1)
    assert game.over and not kinds(events, "not-implemented")
