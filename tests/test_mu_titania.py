"""Titania (engine/mu/villains/titania.py): one test per rule of her Dashboard, Threat and Master Plan, each
quoting the sentence of content/marvel-united-promos/villains/titania.yaml it checks, then random playouts
that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in titania.py's docstring): while laid down she cannot be damaged; a
Villain turn lasts until the next Hero turn starts (its damage included), a Hero turn until the next turn
starts (a last-card KO is in a Hero turn); the Heroes choose which Hero "1 Hero" is; a Double Feature adds
its effect when it lies in Titania's Location, hitting a Hero other than the BAM!'s target; the Heroic Goal
replaces every "no card to play / draw" loss (Master Plan deck, a Hero's cards). The optional Absorbing Man
Challenge (adapted where the source is silent): seat 0 is asked after the mode (without it first); it waits
facedown and enters play as the Threat of the Location where the first Threat is cleared (a third-party
public summary says so, not the source); it is a Henchman with 3 Health (ours) that ignores the first damage
of each Hero turn; its "Deal ... damage" text is its BAM! (with the Threat BAM!s); cleared, it is removed
from the game (never in front of a Hero) but counts for Clear Threats."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    heroes_choose_who_is_hit,
    ids,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    random_playout,
    run,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("titania").HANDLERS  # the handlers of its class (content name -> method)

V = "titania"
CHALLENGE = "absorbing-man-challenge"


def new(players=2, seed=1, challenge=False):
    """A Titania game past setup (with the Absorbing Man Challenge if `challenge`) and the Villain's first
    turn: seat 0 is asked to play a card."""
    return new_game_past_setup(V, players, seed, challenge)


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
    bam(game)
    heroes_choose_who_is_hit(game, [0, 1], 1)
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
    bam(game)
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
    events = bam(game)
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
def test_special_setup_without_the_absorbing_man_challenge():
    """Special Setup: "Players may decide to add the special Absorbing Man Challenge to the game ..." -
    playing without it is the first choice; the Dashboard's tokens start at 0 and only Double Features are
    dealt."""
    game = new(2)
    assert "challenge" not in game.state
    assert not any(c["id"] == CHALLENGE for c in game.view().get("components", []))
    assert game.state["titania"]["crisis"] == 0 and game.state["titania"]["ko"] == 0
    assert all(t["card"] == f"{V}-double-feature" for loc in game.state["locations"]
               if (t := loc["threat"]))


def test_the_team_is_asked_whether_to_add_the_absorbing_man_challenge_after_the_mode():
    """Special Setup (back): "Players may decide to add the special Absorbing Man Challenge to the game by
    placing his Threat card facedown near the play area and reading it." - seat 0 is asked after the mode;
    yes: the card waits facedown (shown as a component, with its text), on no Location."""
    game = engine.new_game(f"{MU}/{V}", seed=1, players=2, catalog=catalog())
    for _ in range(2):
        game.play(game.legal_actions()[0]["id"])
    game.play("mode:super-villain")
    legal = game.legal_actions()
    assert [a["id"] for a in legal] == ["challenge:no", "challenge:yes"] and game.to_move == 0
    assert all("Absorbing Man Challenge" in a["label"] for a in legal)
    events = game.play("challenge:yes")
    settle(game, events)
    assert game.state["challenge"] == {"card": CHALLENGE, "status": "waiting"}
    comp = next(c for c in game.view()["components"] if c["id"] == CHALLENGE)
    assert comp["text"].startswith("Deal 1 damage to 1 Hero in this Location") and comp["location"] is None
    assert all((loc["threat"] or {}).get("card") != CHALLENGE for loc in game.state["locations"])
    assert not kinds(events, "not-implemented")


def test_the_absorbing_man_challenge_enters_play_where_the_first_threat_is_cleared():
    """Adapted (a public summary, not the source): the facedown Absorbing Man Challenge enters play when the
    first Threat is cleared, in that Location; the view shows it as that Location's Threat, a Henchman (3
    Attacks, ours)."""
    game = new(2, challenge=True)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    double_feature(game, pos)
    for _ in range(3):
        game.hit_threat(game.state, pos, "heroic", 0, [])
    assert game.loc(game.state, pos)["threat"]["card"] == CHALLENGE
    assert game.state["challenge"]["status"] == "in-play"
    assert f"{V}-double-feature" in game.state["cleared_threats"]
    view = game.view()
    shown = next(loc for loc in view["locations"] if loc["id"] == pos)["threat"]
    assert shown["name"] == "Absorbing Man Challenge"
    assert (shown["clear_with"], shown["needed"]) == ("attack", 3)
    assert not any(c["id"] == CHALLENGE for c in view.get("components", []))


def challenge_at(game, loc_id):
    game.state["challenge"] = {"card": CHALLENGE, "status": "in-play"}
    game.loc(game.state, loc_id)["threat"] = {"id": f"{CHALLENGE}-1", "card": CHALLENGE, "heroic": 0,
                                              "damage": 0}


def test_absorbing_man_challenge_bam_hits_1_hero_here_and_in_each_double_feature_location():
    """Absorbing Man Challenge: "Deal 1 damage to 1 Hero in this Location and in each Location with a Double
    Feature Threat." - its BAM!, with the Threat BAM!s; a Location with no Double Feature is not hit."""
    game = new(4, challenge=True)
    ring = place(game, [1, 2, 3, 4])
    clear_threats(game)
    challenge_at(game, ring[1])
    double_feature(game, ring[2])
    double_feature(game, ring[4])
    fill_hands(game)
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2], before[3] - 1]
    assert not kinds(events, "not-implemented")


def test_absorbing_man_ignores_1_damage_each_hero_turn():
    """Absorbing Man Challenge: "Absorbing Man ignores 1 damage each Hero turn." - a Henchman with 3 Health
    (ours): the first Attack of each Hero turn is ignored; no Heroic Action can be put on him."""
    game = new(2, challenge=True)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    challenge_at(game, pos)
    game.state["turn"]["symbols"] = ["attack", "attack", "heroic"]
    assert f"heroic:threat:{CHALLENGE}-1" not in ids(game)
    def damage():
        return game.loc(game.state, pos)["threat"]["damage"]

    events = game.play(f"attack:threat:{CHALLENGE}-1")
    assert damage() == 0 and any("ignores 1 damage" in e["text"] for e in events)
    game.play(f"attack:threat:{CHALLENGE}-1")
    assert damage() == 1
    game.state["turn"] = dict(game.state["turn"], titania_am_ignored=False, symbols=["attack"])  # a new turn
    game.play(f"attack:threat:{CHALLENGE}-1")
    assert damage() == 1


def test_the_cleared_absorbing_man_challenge_is_removed_from_the_game():
    """Absorbing Man Challenge: "When this Threat is cleared, remove it from the game." - not in front of the
    Hero, not a cleared Threat; its Threat token counts for Clear Threats."""
    game = new(2, challenge=True)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    challenge_at(game, pos)
    cleared = game.state["missions"]["clear-threats"]
    events = []
    for _ in range(4):  # the first damage of the turn is ignored
        game.hit_threat(game.state, pos, "attack", 0, events)
    assert game.loc(game.state, pos)["threat"] is None and game.state["challenge"]["status"] == "removed"
    assert CHALLENGE not in game.state["cleared_threats"]
    assert CHALLENGE not in game.state["heroes"][0]["cleared"]
    assert game.state["missions"]["clear-threats"] == cleared + 1
    assert any("removed from the game" in e["text"] for e in events)


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
    challenge = play["challenge"]  # the Absorbing Man Challenge (printed with Absorbing Man's components)
    absorbing = catalog()["games"][MU]["villains"]["absorbing-man"]
    assert challenge["card"] in {c["id"] for c in absorbing["components"] if c["used_with"] == V}
    assert challenge["provenance"]["status"] == "adapted"
    assert "public summary" in challenge["provenance"]["note"]
    named |= {v["handler"] for v in challenge["play"].values() if isinstance(v, dict) and "handler" in v}
    assert named <= set(HANDLERS)


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_with_the_absorbing_man_challenge_apply_every_rule(seed):
    """Random legal play with the Absorbing Man Challenge added, 2 to 4 Heroes: no error, no
    "not-implemented"."""
    game, events = random_playout(V, seed, challenge=True)
    assert not kinds(events, "not-implemented"), kinds(events, "not-implemented")[:3]
    assert game.outcome["result"] in ("win", "loss")
